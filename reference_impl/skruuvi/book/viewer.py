"""Deals you can step through: a replayed deal as a trace of steps (JSON), and the markup a small script draws it in.

:func:`deal_trace` replays one recorded deal with the reference interpreter, action by action, and keeps what a
player at the table sees after each step: the four hands, the centre cards, the call just made (the auction in
columns), the cards just given (an arrow from the giver to the taker), the trick on the table, the tricks won so far
and, at the end, the score as the reference's replay gives it. The centre cards going to the player who takes them,
and a deal turning into another form when all pass, are steps of their own. Every word a reader sees is written
here, in English or in Finnish (:mod:`.viewer_words`, through the book's formatter): the same replay gives both
languages' traces, so they cannot differ in a number. The script ``docs/javascripts/deal-viewer.js`` only places
the words, and knows no rule.

:func:`deal_viewer` is the reusable block: it takes a ruleset and a record, writes the trace into ``traces`` (the
build's generated files, ``viewer/<ruleset>/<key>.json``, under ``fi/`` for the Finnish edition) and returns the
markup to put in a page. Neither shows a
rule id, a case id or any other internal: the trace's file name is the only place the key appears.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..interpreter import engine
from ..interpreter.facts import by_seat
from ..interpreter.outcome import Outcome
from ..interpreter.replay import replay_deal
from ..interpreter.state import DealState
from ..rules.errors import IllegalAction, SkruuviError
from ..rules.notation import SEATS, SIDES, Action, parse_action, side_of
from ..rules.ruleset import Ruleset
from . import md
from .deal_score import labelled, party_cells, score_rows
from .values import number, signed
from .viewer_words import WORDS, MissingWords, Voice

TRACE_DIR = "viewer"
TRACE_VERSION = 1
RANKS_HIGH_FIRST = "AKQJT98765432"


def trace_path(ruleset_id: str, key: str, language: str = md.DEFAULT_LANGUAGE) -> str:
    """Where a deal's trace is written in the built site (docs-relative; a language's edition under its folder)."""
    return md.localized(f"{TRACE_DIR}/{ruleset_id}/{md.slug(key) or 'deal'}.json", language)


def _display_order(cards: Any) -> list[str]:
    """Card codes in the order a player sorts a hand: by suit (♠ ♥ ♦ ♣, the colours alternating), high first."""
    codes = [str(c) for c in cards]
    return sorted(codes, key=lambda c: (md.DISPLAY_SUITS.index(c[1]), RANKS_HIGH_FIRST.index(c[0])))


@dataclass
class _Trace:
    """The steps of one deal as they are built (see :func:`deal_trace`)."""

    ruleset: Ruleset
    voice: Voice
    phases: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    phase_keys: list[tuple[str, str]] = field(default_factory=list)  # (form, phase id) of each entry of phases
    rows: dict[int, tuple[int, int]] = field(default_factory=dict)  # phase -> (row, column) of its last call

    def phase_index(self, key: tuple[str, str], name: str, fi: str | None) -> int:
        if self.phase_keys and self.phase_keys[-1] == key:
            return len(self.phases) - 1
        self.phase_keys.append(key)
        self.phases.append({"name": name, "fi": fi, "start": len(self.steps), "columns": None})
        return len(self.phases) - 1

    def phase_of(self, state: DealState) -> int:
        phase = state.phase
        if phase is None:
            return len(self.phases) - 1
        name, beside = self.voice.phase_names(phase.id)
        return self.phase_index((state.form.name, phase.id), name, beside)

    def add(self, phase: int, hands: Sequence[Any], text: str, say: str, **extra: Any) -> dict[str, Any]:
        step = {"phase": phase, "text": text, "say": say, "hands": [_display_order(h) for h in hands], **extra}
        self.steps.append(step)
        return step


def _status(v: Voice, state: DealState) -> str:
    """The contract as it stands: the highest bid while an auction is on or still to come, then the contract and
    its doubling; in a form without a contract (all passed), the form."""
    phases = state.form.phases
    bidding = not state.finished and any(p.mechanism == "auction" for p in phases[max(state.phase_no, 0):])
    if not bidding and state.contract is not None and state.declarer is not None:
        return v.say("contract", bid=v.bid(str(state.contract)), who=v.seat(state.declarer),
                     doubled=v.doubled(state.doubling))
    if state.highest is not None and state.highest_bidder is not None:
        return v.say("highest", bid=v.bid(str(state.highest)), who=v.seat(state.highest_bidder))
    if bidding:
        return v.say("no_bid")
    return v.say("no_contract", form=v.form(state.form.name))


def _tricks_won(v: Voice, state: DealState) -> list[list[Any]]:
    if by_seat(state):
        won = [0, 0, 0, 0]
        for t in state.tricks:
            won[t.winner] += 1
        return [[v.name(i), won[i]] for i in range(4)]
    sides = dict.fromkeys(SIDES, 0)
    for t in state.tricks:
        sides[side_of(t.winner)] += 1
    return [[v.party(s), n] for s, n in sides.items()]


def _trick(state: DealState) -> dict[str, Any] | None:
    """The trick on the table: the one being played, or the one just completed (with its winner)."""
    if state.current:
        leader = state.leader if state.leader is not None else 0
        return {"number": len(state.tricks) + 1, "leader": leader, "cards": [str(c) for c in state.current],
                "winner": None}
    if state.tricks:
        t = state.tricks[-1]
        return {"number": t.number, "leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
    return None


def _call_words(v: Voice, action: Action) -> tuple[str, str, str]:
    """``(cell text, caption, spoken caption)`` of a call: a bid, a pass, a double, a redouble or a choice."""
    who = v.seat(action.seat)
    if action.verb == "bid" and action.bid is not None:
        bid = str(action.bid)
        return v.bid(bid), v.say("bids", who=who, bid=v.bid(bid)), v.say("bids", who=who, bid=v.bid_said(bid))
    if action.verb == "choose":
        option = v.form(action.option or "")
        said = v.say("chooses", who=who, option=option)
        return option, said, said
    said = v.say(v.call_verb(action.verb), who=who)
    return v.call_cell(action.verb), said, said


def _place_call(trace: _Trace, phase: int, seat: int) -> dict[str, int]:
    """The call's row and column in its phase's table: a column per seat in the order they first speak."""
    columns: list[int] = trace.phases[phase].setdefault("seats", [])
    if seat not in columns:
        columns.append(seat)
    col = columns.index(seat)
    row, last = trace.rows.get(phase, (-1, len(columns)))
    if col <= last:
        row += 1
    trace.rows[phase] = (row, col)
    return {"row": row, "col": col}


def _moved(before: Sequence[frozenset[Any]], action: Action) -> list[set[Any]]:
    """The hands after ``action`` alone: a give's cards moved to the taker, a played card gone."""
    hands = [set(h) for h in before]
    if action.verb == "give" and action.target is not None:
        hands[action.seat] -= set(action.cards)
        hands[action.target] |= set(action.cards)
    elif action.verb == "play":
        hands[action.seat] -= set(action.cards)
    return hands


def _arrivals(moved: Sequence[set[Any]], after: Sequence[frozenset[Any]]) -> dict[int, list[str]]:
    """Cards in a hand after the step that it did not hold after the action alone: the centre cards, taken by the
    player who won the auction or dealt out when the deal turns into another form."""
    return {i: _display_order(set(after[i]) - moved[i]) for i in range(4) if set(after[i]) - moved[i]}


def _centre_step(trace: _Trace, state: DealState, arrived: Mapping[int, list[str]]) -> None:
    v = trace.voice
    phase = trace.phase_of(state)
    if len(arrived) == 1:
        (seat, cards), = arrived.items()
        shown = " ".join(v.card(c) for c in cards)
        said = ", ".join(v.card_said(c) for c in cards)
        trace.add(phase, state.hands, v.say("takes_centre", who=v.seat(seat), cards=shown, **v.centre()),
                  v.say("takes_centre", who=v.seat(seat), cards=said, **v.centre()),
                  move={"from": -1, "to": seat, "cards": cards}, centre=[], status=_status(v, state))
        return
    shown = "; ".join(f"{v.name(s)} {' '.join(v.card(c) for c in cs)}" for s, cs in arrived.items())
    said = "; ".join(f"{v.name(s)} {', '.join(v.card_said(c) for c in cs)}" for s, cs in arrived.items())
    trace.add(phase, state.hands, v.say("centre_dealt", cards=shown, **v.centre()),
              v.say("centre_dealt", cards=said, **v.centre()),
              moves=[{"from": -1, "to": s, "cards": cs} for s, cs in arrived.items()], centre=[],
              status=_status(v, state))


def _score(v: Voice, state: DealState, outcome: Outcome) -> dict[str, Any]:
    """The score sheet of the deal: one row per scoring rule (by its name, with the double that multiplied it) and
    column, each cell with the points before the double and its factor where one applied, and the totals."""
    ruleset = v.rs
    res = outcome.result or {}
    score = res.get("score") or {}
    parties = tuple(score) or SIDES
    columns = ruleset.columns != ("deal",)
    rows = [[labelled(v.rule_name(row.rule), state, row, v.fi), *([v.column(row.column)] if columns else []),
             *party_cells(row, parties, signed)] for row in score_rows(state, outcome)]
    totals = []
    for column in ruleset.columns if columns else ("",):
        values = [(score.get(p) or {}).get(column, 0) if columns else score.get(p, 0) for p in parties]
        totals.append([*([v.column(column)] if columns else []), *(signed(int(x)) for x in values)])
    return {"head": [v.party(p) for p in parties], "columns": columns, "rows": rows, "totals": totals}


def _result_line(v: Voice, outcome: Outcome) -> str:
    score = (outcome.result or {}).get("score") or {}
    return v.say("over_score", score=v.score_parts(score, number, signed)) if score else v.say("over")


def deal_trace(ruleset: Ruleset, record: Mapping[str, Any], language: str = md.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The steps of one recorded deal (``deal`` and ``actions``), replayed by the reference interpreter, as a
    JSON-ready mapping for ``deal-viewer.js``, its words in ``language`` (a key of :data:`.viewer_words.WORDS`).
    Raises :class:`~skruuvi.rules.errors.SkruuviError` for a deal the interpreter cannot start (an invalid deal):
    there is nothing to step through."""
    v = Voice(ruleset, language)
    trace = _Trace(ruleset, v)
    state = engine.start(ruleset, record["deal"])
    form = v.form(state.form.name)
    dealt = trace.phase_index(("", "(deal)"), v.say("deal_phase", form=form if v.fi else v.form_en(state.form.name)),
                              None if v.fi else form)
    centre = [str(c) for c in state.centre]
    hand = len(next(iter(state.hands)))
    what = v.say("deals" if centre else "deals_none", who=v.seat(state.dealer), form=form,
                 form_a=v.form_a(state.form.name), hand=hand,
                 centre=len(centre), **v.centre())
    trace.add(dealt, state.hands, what, what, centre=_display_order(centre) if centre else [],
              status=_status(v, state))
    pending = bool(centre)
    actions = list(record.get("actions") or [])
    for text in actions:
        before = state
        try:
            action = parse_action(text)
            state = engine.apply(state, action)
        except IllegalAction as exc:
            phase = trace.phase_of(before)
            written = str(text).split()[0] if str(text).split() else "?"
            name = v.party(written) if written in SEATS else written
            trace.add(phase, before.hands, v.say("bad", who=name, why=exc.message),
                      v.say("bad_said", who=name, why=exc.message), bad=True,
                      centre=_display_order(centre) if pending else [], status=_status(v, before))
            break
        phase = trace.phase_of(before)
        common: dict[str, Any] = {"seat": action.seat, "status": _status(v, state)}
        moved = _moved(before.hands, action)  # the step shows the action alone; centre cards move in a step after
        arrived = _arrivals(moved, state.hands)
        still = _display_order(centre) if pending else []  # taken (or dealt out) in the step after
        who = v.seat(action.seat)
        if action.verb == "give" and action.target is not None:
            cards = _display_order(action.cards)
            to = v.seat(action.target)
            trace.add(phase, moved, v.say("gives", who=who, to=to, cards=" ".join(v.card(c) for c in cards)),
                      v.say("gives", who=who, to=to, cards=", ".join(v.card_said(c) for c in cards)),
                      move={"from": action.seat, "to": action.target, "cards": cards}, centre=still, **common)
        elif action.verb == "play":
            card = str(action.cards[0])
            trick = _trick(state)
            text_ = v.say("plays", who=who, card=v.card(card))
            said = v.say("plays", who=who, card=v.card_said(card))
            if trick is not None and trick["winner"] is not None:
                won = v.say("wins", who=v.seat(trick["winner"]), n=trick["number"])
                text_, said = text_ + won, said + won
            trace.add(phase, moved, text_, said, trick=trick, tricks=_tricks_won(v, state), played=card, **common)
        else:
            cell, caption, spoken = _call_words(v, action)
            trace.add(phase, moved, caption, spoken,
                      call={**_place_call(trace, phase, action.seat), "text": cell}, centre=still, **common)
        if before.form.name != state.form.name:
            turned = trace.phase_of(state)
            name = state.form.name
            values = {"form": v.form(name), "form_a": v.form_a(name), "form_en": v.form_en(name),
                      "form_ess": v.form_ess(name) if v.fi else ""}
            trace.add(turned, moved, v.say("turns", **values), v.say("turns_said", **values), centre=still,
                      status=_status(v, state))
        if arrived and pending:
            _centre_step(trace, state, arrived)
            pending = False
        if state.finished:
            break
    for shown in trace.phases:  # the auction's columns, by seat name, for the phases that have calls
        seats = shown.pop("seats", None)
        shown["columns"] = [v.name(s) for s in seats] if seats else None
    out: dict[str, Any] = {
        "version": TRACE_VERSION,
        "language": language,
        "words": {**WORDS[language], **({"centre": v.centre()["centre_cap"]} if v.fi else {})},  # the era's word
        "seats": [{"name": v.name(i), "dealer": i == state.dealer} for i in range(4)],
        "suits": [[s, md.SUIT_SYMBOL[s]] for s in md.DISPLAY_SUITS],
        "cards": {c: {"suit": c[1], "rank": md.RANK_TEXT.get(c[0], c[0]), "text": v.card(c), "say": v.card_said(c)}
                  for c in _display_order(_all_cards(trace))},
        "phases": trace.phases,
        "steps": trace.steps,
    }
    if state.finished and not any(s.get("bad") for s in trace.steps):
        outcome = replay_deal(ruleset, record["deal"], actions)  # the reference's answer, with any set position
        if outcome.ok:
            final = trace.steps[-1]
            final["score"] = _score(v, state, outcome)
            final["text"] += " " + _result_line(v, outcome)
            final["say"] += " " + _result_line(v, outcome)
    elif not state.finished and not any(s.get("bad") for s in trace.steps):
        last = trace.steps[-1]
        last["text"] += v.say("stops")
        last["say"] += v.say("stops")
    if v.missing:  # a word this language lacks: the trace would show an id
        raise MissingWords(f"{ruleset.id}: the deal viewer has no {language} words for " + "; ".join(
            dict.fromkeys(v.missing)) + " (book/viewer_words.py, book/player_words.py)")
    return out


def _all_cards(trace: _Trace) -> set[str]:
    cards: set[str] = set()
    for step in trace.steps:
        for hand in step["hands"]:
            cards.update(hand)
        cards.update(step.get("centre") or ())
        cards.update((step.get("trick") or {}).get("cards") or ())
    return cards


def deal_viewer(ruleset: Ruleset, record: Mapping[str, Any], *, key: str, traces: MutableMapping[str, str],
                title: str, language: str = md.DEFAULT_LANGUAGE) -> str:
    """The step-through viewer of one deal, as markup for a page (an HTML block markdown leaves alone), its trace
    written into ``traces`` (docs-relative path -> JSON text) under ``key``, its words in ``language``. ``title``
    names the deal for a screen reader ("Example 3: ..."). A deal the interpreter cannot start gets no viewer (the
    empty string)."""
    try:
        trace = deal_trace(ruleset, record, language)
    except MissingWords:
        raise  # a language without a word for this deal: the build stops and says which
    except (IllegalAction, SkruuviError, KeyError, TypeError):
        return ""  # an invalid deal (a case that shows a rejected deal): nothing to step through
    path = trace_path(ruleset.id, key, language)
    traces[path] = json.dumps(trace, ensure_ascii=False, separators=(",", ":"))
    said = WORDS[language]
    return (f'<div class="sk-viewer" data-trace="{escape(path)}" role="group" '
            f'aria-label="{escape(said["viewer"])}: {escape(title)}" data-loading="{escape(said["loading"])}" '
            f'data-failed="{escape(said["failed"])}">\n'
            f'<p class="sk-viewer-nojs">{escape(said["nojs"])}</p>\n</div>')
