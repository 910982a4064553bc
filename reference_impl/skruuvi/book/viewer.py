"""Deals you can step through: a replayed deal as a trace of steps (JSON), and the markup a small script draws it in.

:func:`deal_trace` replays one recorded deal with the reference interpreter, action by action, and keeps what a
player at the table sees after each step: the four hands, the centre cards, the call just made (the auction in
columns), the cards just given (an arrow from the giver to the taker), the trick on the table, the tricks won so far
and, at the end, the score as the reference's replay gives it. The centre cards going to the player who takes them,
and a deal turning into another form when all pass, are steps of their own. Every word a reader sees is written
here, through the book's formatter (:mod:`.values`, :mod:`.md`): the script ``docs/javascripts/deal-viewer.js`` only
places them, and knows no rule.

:func:`deal_viewer` is the reusable block: it takes a ruleset and a record, writes the trace into ``traces`` (the
build's generated files, ``viewer/<ruleset>/<key>.json``) and returns the markup to put in a page. Neither shows a
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
from .era import label
from .values import Labels, bid_text, bid_words, card_text, card_words, number, signed

TRACE_DIR = "viewer"
TRACE_VERSION = 1
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}
RANKS_HIGH_FIRST = "AKQJT98765432"

# The viewer's own words (buttons, headings, announcements), one table per language. The script reads them from the
# trace, so that an edition in another language needs a table here and nothing in the script.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "viewer": "Step through the deal",
        "first": "Start",
        "first_label": "Go to the start of the deal",
        "back": "Back",
        "back_label": "Go back one step",
        "next": "Next",
        "next_label": "Go forward one step",
        "last": "End",
        "last_label": "Go to the end of the deal",
        "slider": "Step",
        "step": "Step {n} of {total}",
        "jump": "Jump to",
        "keys": "Keys: ← and → step, Home and End go to the start and the end.",
        "centre": "Centre cards",
        "trick": "Trick {n}",
        "leads": "leads",
        "wins": "wins the trick",
        "dealer": "dealer",
        "calls": "Calls",
        "tricks": "Tricks won",
        "score": "Score",
        "total": "Total",
        "column": "Column",
        "rule": "Scoring",
        "loading": "Loading the deal…",
        "failed": "The deal could not be loaded. The whole deal is shown on one page below.",
        "nojs": "The step-through view of this deal needs JavaScript; the whole deal is shown on one page below.",
    },
}


def trace_path(ruleset_id: str, key: str) -> str:
    """Where a deal's trace is written in the built site (docs-relative)."""
    return f"{TRACE_DIR}/{ruleset_id}/{md.slug(key) or 'deal'}.json"


def _display_order(cards: Any) -> list[str]:
    """Card codes in the order a player sorts a hand: by suit (♠ ♥ ♦ ♣, the colours alternating), high first."""
    codes = [str(c) for c in cards]
    return sorted(codes, key=lambda c: (md.DISPLAY_SUITS.index(c[1]), RANKS_HIGH_FIRST.index(c[0])))


def _name(seat: int) -> str:
    return SEAT_NAMES[SEATS[seat]]


@dataclass
class _Trace:
    """The steps of one deal as they are built (see :func:`deal_trace`)."""

    ruleset: Ruleset
    labels: Labels
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
        en, fi = label((self.ruleset.raw.get("phases") or {}).get(phase.id), phase.id)
        return self.phase_index((state.form.name, phase.id), en[:1].upper() + en[1:], fi)

    def add(self, phase: int, hands: Sequence[Any], text: str, say: str, **extra: Any) -> dict[str, Any]:
        step = {"phase": phase, "text": text, "say": say, "hands": [_display_order(h) for h in hands], **extra}
        self.steps.append(step)
        return step


def _status(state: DealState) -> str:
    """The contract as it stands: the highest bid while an auction is on or still to come, then the contract and
    its doubling; in a form without a contract (all passed), the form."""
    phases = state.form.phases
    bidding = not state.finished and any(p.mechanism == "auction" for p in phases[max(state.phase_no, 0):])
    if not bidding and state.contract is not None and state.declarer is not None:
        dbl = ["", ", doubled", ", redoubled"][state.doubling] if 0 <= state.doubling <= 2 else ""
        return f"Contract: {bid_text(str(state.contract))} by {_name(state.declarer)}{dbl}"
    if state.highest is not None and state.highest_bidder is not None:
        return f"Highest bid: {bid_text(str(state.highest))} by {_name(state.highest_bidder)}"
    if bidding:
        return "No bid yet"
    return f"No contract: {Labels([state.ruleset]).word(state.form.name)}"


def _tricks_won(state: DealState) -> list[list[Any]]:
    if by_seat(state):
        won = [0, 0, 0, 0]
        for t in state.tricks:
            won[t.winner] += 1
        return [[_name(i), won[i]] for i in range(4)]
    sides = dict.fromkeys(SIDES, 0)
    for t in state.tricks:
        sides[side_of(t.winner)] += 1
    return [[SIDE_NAMES[s], n] for s, n in sides.items()]


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


def _call_words(trace: _Trace, action: Action) -> tuple[str, str, str]:
    """``(cell text, caption, spoken caption)`` of a call: a bid, a pass, a double, a redouble or a choice."""
    who = _name(action.seat)
    if action.verb == "bid" and action.bid is not None:
        bid = str(action.bid)
        return bid_text(bid), f"{who} bids {bid_text(bid)}.", f"{who} bids {bid_words(bid)}."
    if action.verb == "choose":
        option = trace.labels.word(action.option or "")
        return option, f"{who} chooses {option}.", f"{who} chooses {option}."
    verbs = {"pass": ("pass", "passes"), "double": ("double", "doubles"), "redouble": ("redouble", "redoubles")}
    cell, verb = verbs.get(action.verb, (action.verb, action.verb))
    return cell, f"{who} {verb}.", f"{who} {verb}."


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
    phase = trace.phase_of(state)
    if len(arrived) == 1:
        (seat, cards), = arrived.items()
        shown = " ".join(card_text(c) for c in cards)
        said = ", ".join(card_words(c) for c in cards)
        trace.add(phase, state.hands, f"{_name(seat)} takes the centre cards: {shown}.",
                  f"{_name(seat)} takes the centre cards: {said}.",
                  move={"from": -1, "to": seat, "cards": cards}, centre=[], status=_status(state))
        return
    shown = "; ".join(f"{_name(s)} {' '.join(card_text(c) for c in cs)}" for s, cs in arrived.items())
    said = "; ".join(f"{_name(s)} {', '.join(card_words(c) for c in cs)}" for s, cs in arrived.items())
    trace.add(phase, state.hands, f"The centre cards are dealt out: {shown}.",
              f"The centre cards are dealt out: {said}.",
              moves=[{"from": -1, "to": s, "cards": cs} for s, cs in arrived.items()], centre=[],
              status=_status(state))


def _score(ruleset: Ruleset, outcome: Outcome) -> dict[str, Any]:
    """The score sheet of the deal: one row per scoring rule (by its title) and column, and the totals."""
    res = outcome.result or {}
    score = res.get("score") or {}
    parties = tuple(score) or SIDES
    columns = ruleset.columns != ("deal",)
    per_rule: dict[tuple[str, str], dict[str, int]] = {}
    for item in outcome.breakdown:
        per_rule.setdefault((item.rule, item.column), dict.fromkeys(parties, 0))[item.side] += item.points
    labels = Labels([ruleset])

    def title(rid: str) -> str:
        rule = ruleset.rules.get(rid)
        return str(rule.title) if rule is not None and rule.title else labels.word(rid)

    names = [SIDE_NAMES.get(p, SEAT_NAMES.get(p, p)) for p in parties]
    rows = [[title(rid), *([labels.word(col)] if columns else []), *(signed(v[p]) for p in parties)]
            for (rid, col), v in per_rule.items()]
    totals = []
    for column in ruleset.columns if columns else ("",):
        values = [(score.get(p) or {}).get(column, 0) if columns else score.get(p, 0) for p in parties]
        totals.append([*([labels.word(column)] if columns else []), *(signed(int(v)) for v in values)])
    return {"head": names, "columns": columns, "rows": rows, "totals": totals}


def _result_line(outcome: Outcome) -> str:
    res = outcome.result or {}
    score = res.get("score") or {}
    parts = []
    for party, value in score.items():
        who = SIDE_NAMES.get(party, SEAT_NAMES.get(party, party))
        if isinstance(value, Mapping):
            parts.append(f"{who} " + ", ".join(f"{number(int(v))} {Labels().word(col)}" for col, v in value.items()))
        else:
            parts.append(f"{who} {signed(int(value))}")
    return "The deal is over. Score: " + "; ".join(parts) + "." if parts else "The deal is over."


def deal_trace(ruleset: Ruleset, record: Mapping[str, Any], words: str = "en") -> dict[str, Any]:
    """The steps of one recorded deal (``deal`` and ``actions``), replayed by the reference interpreter, as a
    JSON-ready mapping for ``deal-viewer.js``. Raises :class:`~skruuvi.rules.errors.SkruuviError` for a deal the
    interpreter cannot start (an invalid deal): there is nothing to step through."""
    labels = Labels([ruleset])
    trace = _Trace(ruleset, labels)
    state = engine.start(ruleset, record["deal"])
    form_en = label((ruleset.raw.get("forms") or {}).get(state.form.name), state.form.name)[0]
    dealt = trace.phase_index(("", "(deal)"), f"The deal: {form_en}", labels.word(state.form.name))
    centre = [str(c) for c in state.centre]
    hand = len(next(iter(state.hands)))
    what = f"{_name(state.dealer)} deals {labels.word(state.form.name)}: {hand} cards to each player" + (
        f" and {len(centre)} centre cards." if centre else ".")
    trace.add(dealt, state.hands, what, what, centre=_display_order(centre) if centre else [], status=_status(state))
    pending = bool(centre)
    actions = list(record.get("actions") or [])
    for text in actions:
        before = state
        try:
            action = parse_action(text)
            state = engine.apply(state, action)
        except IllegalAction as exc:
            phase = trace.phase_of(before)
            who = str(text).split()[0] if str(text).split() else "?"
            name = SEAT_NAMES.get(who, who)
            trace.add(phase, before.hands, f"✗ {name}: this action breaks a rule ({exc.message}). The deal stops here.",
                      f"{name}: this action breaks a rule ({exc.message}). The deal stops here.", bad=True,
                      centre=_display_order(centre) if pending else [], status=_status(before))
            break
        phase = trace.phase_of(before)
        common: dict[str, Any] = {"seat": action.seat, "status": _status(state)}
        moved = _moved(before.hands, action)  # the step shows the action alone; centre cards move in a step after
        arrived = _arrivals(moved, state.hands)
        still = _display_order(centre) if pending else []  # taken (or dealt out) in the step after
        if action.verb == "give" and action.target is not None:
            cards = _display_order(action.cards)
            shown = " ".join(card_text(c) for c in cards)
            said = ", ".join(card_words(c) for c in cards)
            trace.add(phase, moved, f"{_name(action.seat)} gives {_name(action.target)} {shown}.",
                      f"{_name(action.seat)} gives {_name(action.target)} {said}.",
                      move={"from": action.seat, "to": action.target, "cards": cards}, centre=still, **common)
        elif action.verb == "play":
            card = str(action.cards[0])
            trick = _trick(state)
            text_ = f"{_name(action.seat)} plays {card_text(card)}."
            said = f"{_name(action.seat)} plays {card_words(card)}."
            if trick is not None and trick["winner"] is not None:
                text_ += f" {_name(trick['winner'])} wins trick {trick['number']}."
                said += f" {_name(trick['winner'])} wins trick {trick['number']}."
            trace.add(phase, moved, text_, said, trick=trick, tricks=_tricks_won(state), played=card, **common)
        else:
            cell, caption, spoken = _call_words(trace, action)
            trace.add(phase, moved, caption, spoken,
                      call={**_place_call(trace, phase, action.seat), "text": cell}, centre=still, **common)
        if before.form.name != state.form.name:
            en = label((ruleset.raw.get("forms") or {}).get(state.form.name), state.form.name)[0]
            turned = trace.phase_of(state)
            word = labels.word(state.form.name)
            trace.add(turned, moved, f"Everybody has passed: the deal turns into {word} ({en}).",
                      f"Everybody has passed: the deal turns into {word}.", centre=still, status=_status(state))
        if arrived and pending:
            _centre_step(trace, state, arrived)
            pending = False
        if state.finished:
            break
    for phase in trace.phases:  # the auction's columns, by seat name, for the phases that have calls
        seats = phase.pop("seats", None)
        phase["columns"] = [_name(s) for s in seats] if seats else None
    out: dict[str, Any] = {
        "version": TRACE_VERSION,
        "words": WORDS[words],
        "seats": [{"name": _name(i), "dealer": i == state.dealer} for i in range(4)],
        "suits": [[s, md.SUIT_SYMBOL[s]] for s in md.DISPLAY_SUITS],
        "cards": {c: {"suit": c[1], "rank": md.RANK_TEXT.get(c[0], c[0]), "text": card_text(c), "say": card_words(c)}
                  for c in _display_order(_all_cards(trace))},
        "phases": trace.phases,
        "steps": trace.steps,
    }
    if state.finished and not any(s.get("bad") for s in trace.steps):
        outcome = replay_deal(ruleset, record["deal"], actions)  # the reference's answer, with any set position
        if outcome.ok:
            final = trace.steps[-1]
            final["score"] = _score(ruleset, outcome)
            final["text"] += " " + _result_line(outcome)
            final["say"] += " " + _result_line(outcome)
    elif not state.finished and not any(s.get("bad") for s in trace.steps):
        last = trace.steps[-1]
        last["text"] += " The example stops here, before the deal is over."
        last["say"] += " The example stops here, before the deal is over."
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
                title: str, words: str = "en") -> str:
    """The step-through viewer of one deal, as markup for a page (an HTML block markdown leaves alone), its trace
    written into ``traces`` (docs-relative path -> JSON text) under ``key``. ``title`` names the deal for a screen
    reader ("Example 3: ..."). A deal the interpreter cannot start gets no viewer (the empty string)."""
    try:
        trace = deal_trace(ruleset, record, words)
    except (IllegalAction, SkruuviError, KeyError, TypeError):
        return ""
    path = trace_path(ruleset.id, key)
    traces[path] = json.dumps(trace, ensure_ascii=False, separators=(",", ":"))
    said = WORDS[words]
    return (f'<div class="sk-viewer" data-trace="{escape(path)}" role="group" '
            f'aria-label="{escape(said["viewer"])}: {escape(title)}" data-loading="{escape(said["loading"])}" '
            f'data-failed="{escape(said["failed"])}">\n'
            f'<p class="sk-viewer-nojs">{escape(said["nojs"])}</p>\n</div>')
