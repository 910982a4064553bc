"""Worked examples: cases marked ``example: true``, replayed through the reference engine and drawn.

The engine (:mod:`skruuvi.interpreter.engine`) supplies everything shown: which phase each action belongs to,
the hands at the start of play, each trick's winner and the score breakdown. Nothing is recomputed here.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..interpreter import engine
from ..interpreter.deal import build_deal
from ..interpreter.facts import by_seat
from ..interpreter.games import Position, position_from
from ..interpreter.outcome import Outcome
from ..interpreter.settle import result_of
from ..interpreter.state import DealState
from ..rules.errors import IllegalAction, SkruuviError
from ..rules.notation import SEATS
from ..rules.ruleset import Ruleset
from . import md
from .cases import cases_of, expected
from .chosen import added_examples
from .deal_score import labelled, party_cells, score_rows
from .era import label
from .example_case import implementers_fold, justification_text, reader_title
from .narrative import deal_story, match_story
from .pictures import deal_table_svg
from .player_words import reader_rule_title
from .sheets import match_sheet
from .trick_table import Tally, trick_cells
from .values import signed
from .viewer import deal_viewer

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass
class Walk:
    """What replaying a record step by step showed."""

    start: DealState | None = None
    steps: list[tuple[int, str, str]] = field(default_factory=list)  # (index, action, phase id)
    play_hands: tuple[frozenset[Any], ...] | None = None
    end: DealState | None = None
    error: tuple[int | None, str, str] | None = None  # (index, code, message)
    outcome: Outcome | None = None


def walk(ruleset: Ruleset, case: Mapping[str, Any]) -> Walk:
    w = Walk()
    try:
        state = engine.start(ruleset, case["deal"])
    except IllegalAction as exc:
        w.error = (None, exc.code, exc.message)
        return w
    w.start = state
    for index, action in enumerate(case.get("actions") or []):
        phase = state.phase
        pid = phase.id if phase is not None else "(over)"
        if phase is not None and phase.mechanism == "play" and w.play_hands is None:
            w.play_hands = state.hands
        w.steps.append((index, str(action), pid))
        try:
            state = engine.apply(state, action)
        except IllegalAction as exc:
            w.error = (index, exc.code, exc.message)
            break
    w.end = state
    if w.error is None:
        if state.finished:  # from the set position the deal names, if any (as the reference replays a record)
            w.outcome = result_of(state, _position(ruleset, case["deal"]))
        else:
            w.error = (len(w.steps), "incomplete-record", "the record ends before the deal is complete")
    return w


def _position(ruleset: Ruleset, deal: Any) -> Position | None:
    """The set position a deal starts from (``deal.state``, in an era with games), as the reference reads it."""
    if isinstance(deal, Mapping) and "state" in deal and ruleset.match is not None and ruleset.match.has_games:
        try:
            return position_from(deal["state"], ruleset.game_threshold)
        except IllegalAction:
            return None  # the reference rejects the deal: the walk has already stopped at its start
    return None


class _Example:
    def __init__(self, ruleset: Ruleset, case: Mapping[str, Any], error_codes: Collection[str] | None) -> None:
        self.rs = ruleset
        self.case = case
        self.here = md.examples_path(ruleset.id)
        self.error_codes = error_codes
        self.out: list[str] = []
        self.number: int | None = None  # on the examples page: sub-headings say "Example n" (search, contents)
        self.narrate = False  # tell the deal as a story before the diagrams (on the examples page)
        # Where the step-through viewer writes its trace (the build's generated files); None: no viewer, the deal
        # drawn on the page as it is
        self.traces: dict[str, str] | None = None

    def h3(self, text: str) -> str:
        return f"### {text}" if self.number is None else f"### Example {self.number} · {text}"

    def rule_link(self, rid: str, titled: bool = False) -> str:
        rule = self.rs.rules.get(rid)
        if rule is None:
            return f"`{rid}`"
        if titled:
            return md.link(reader_rule_title(rule.title or rid), self.here, md.rules_page(self.rs.id), rid)
        title = (rule.title or rid).replace('"', "'")
        return f'[`{rid}`]({md.href(self.here, md.rules_page(self.rs.id), rid)} "{title}")'

    def code_link(self, code: str) -> str:
        return md.link(f"`{code}`", self.here, md.ERRORS, code) if self.error_codes and code in self.error_codes \
            else f"`{code}`"

    def phase_label(self, pid: str) -> str:
        en, fi = label((self.rs.raw.get("phases") or {}).get(pid), pid)
        return en.capitalize() + (f" · *{fi}*" if fi else "")

    def diagram(self, hands: Sequence[Any], centre: Sequence[Any], dealer: int, middle: str) -> str:
        def seat(i: int) -> str:
            s = SEATS[i]
            tag = " (dealer)" if i == dealer else ""
            return f"<strong>{SEAT_NAMES[s]}</strong>{tag}<br>" + "<br>".join(md.holding(str(c) for c in hands[i]))

        mid = f"<em>{middle}</em><br>{md.cards(str(c) for c in centre)}" if centre else f"<em>{middle}</em>"
        return ('<table class="sk-deal"><tbody>\n'
                f'<tr><td></td><td>{seat(0)}</td><td></td></tr>\n'
                f'<tr><td>{seat(3)}</td><td class="sk-centre">{mid}</td><td>{seat(1)}</td></tr>\n'
                f'<tr><td></td><td>{seat(2)}</td><td></td></tr>\n'
                '</tbody></table>')

    def call(self, words: list[str]) -> str:
        verb = words[1] if len(words) > 1 else "?"
        if verb == "bid" and len(words) > 2:
            return md.bid(words[2])
        if verb == "choose" and len(words) > 2:
            return f"chooses *{words[2]}*"
        return verb

    def calls_table(self, steps: list[tuple[int, str, str]], bad: int | None) -> str:
        seats: list[str] = []
        for _, action, _ in steps:
            s = action.split()[0] if action.split() else "?"
            if s not in seats:
                seats.append(s)
        rows: list[list[str]] = []
        last = len(seats)
        for index, action, _ in steps:
            words = action.split()
            col = seats.index(words[0] if words else "?")
            if col <= last:
                rows.append([""] * len(seats))
            last = col
            text = self.call(words)
            rows[-1][col] = f"**✗ {text}**" if index == bad else text
        return md.table([SEAT_NAMES.get(s, s) for s in seats], rows)

    def gift_list(self, steps: list[tuple[int, str, str]], bad: int | None) -> str:
        lines = []
        for index, action, _ in steps:
            words = action.split()
            if len(words) >= 3 and words[1] == "give":
                text = f"{SEAT_NAMES.get(words[0], words[0])} gives {SEAT_NAMES.get(words[2], words[2])} " \
                       + md.cards(words[3:])
            elif len(words) >= 2:
                text = f"{SEAT_NAMES.get(words[0], words[0])}: {self.call(words)}"
            else:
                text = f"`{action}`"
            lines.append(f"- {'**✗** ' if index == bad else ''}{text}")
        return "\n".join(lines)

    def tricks_table(self, state: DealState, steps: list[tuple[int, str, str]], bad: int | None) -> str:
        rows: list[list[str]] = []
        per_seat = by_seat(state)  # one against three: the count is kept per player, not per side
        tally = Tally(per_seat)
        for trick in state.tricks:
            cells = trick_cells(trick, "wins the trick")
            tally.add(trick)
            rows.append([str(trick.number), *cells, SEATS[trick.winner], str(tally)])
        if state.current or bad is not None:
            cells = [""] * 4
            leader = state.leader if state.leader is not None else 0
            for i, c in enumerate(state.current):
                cells[(leader + i) % 4] = md.card(str(c))
            if bad is not None:
                words = steps[-1][1].split()
                if words and words[0] in SEATS:
                    cells[SEATS.index(words[0])] = f"**✗ {md.cards(words[2:]) or words[1]}**"
            rows.append([f"{len(state.tricks) + 1}…", *cells, "", str(tally)])
        head = "N–E–S–W" if per_seat else "NS–EW"
        table = md.table(["#", "N", "E", "S", "W", "Won", head], rows)
        counted = ("the tricks each player has won so far, one against three" if per_seat
                   else "the tricks each side has won so far")
        return (f'<div class="sk-tricks" markdown>\n\n{table}\n\n</div>\n\n'
                'The card led is in bold, the card that wins the trick is framed; "Won" is the seat that wins it, '
                f'"{head}" {counted} (N North, E East, S South, W West).')

    def phases(self, w: Walk) -> None:
        bad = w.error[0] if w.error else None
        groups: list[tuple[str, list[tuple[int, str, str]]]] = []
        for step in w.steps:
            if not groups or groups[-1][0] != step[2]:
                groups.append((step[2], []))
            groups[-1][1].append(step)
        end, start = w.end, w.start
        turned = end is not None and start is not None and end.form.name != start.form.name
        for pid, steps in groups:
            if turned and end is not None and pid == end.form.phases[0].id:
                self.out.append(self.turned_note(end))
            self.phase_block(pid, steps, w, bad)
        if turned and end is not None and end.form.phases[0].id not in {g[0] for g in groups}:
            self.out.append(self.turned_note(end))
        if end is not None and end.finished:
            quiet = [self.phase_label(p.id) for p in end.form.phases if p.id not in {g[0] for g in groups}]
            if quiet:
                self.out.append("Phases without any action in this deal: " + "; ".join(quiet) + ".")

    def turned_note(self, end: DealState) -> str:
        en, fi = label((self.rs.raw.get("forms") or {}).get(end.form.name), end.form.name)
        return f"**The deal turns into {en}**" + (f" (*{fi}*)." if fi else ".")

    def phase_block(self, pid: str, steps: list[tuple[int, str, str]], w: Walk, bad: int | None) -> None:
        verbs = {a.split()[1] if len(a.split()) > 1 else "" for _, a, _ in steps}
        self.out.append(self.h3(self.phase_label(pid)))
        if "play" in verbs and w.end is not None:
            if w.play_hands is not None and w.start is not None and w.play_hands != w.start.hands:
                self.out += ["Hands at the start of play, after the exchanges:",
                             self.diagram(w.play_hands, (), w.start.dealer, "play")]
            self.out.append(self.tricks_table(w.end, steps, bad if bad is not None and bad == steps[-1][0] else None))
        elif "give" in verbs:
            self.out.append(self.gift_list(steps, bad))
        else:
            self.out.append(self.calls_table(steps, bad))

    def score_sheet(self, outcome: Outcome, end: DealState) -> None:
        """The contract, the tricks and the score, one row per scoring item; where a double (a knock in the 1940s)
        multiplied an item, the row says so and its cells show the sum (``−5 × 2 = −10``), as the chapters' tables
        and the viewer do (:mod:`skruuvi.book.deal_score`)."""
        res = outcome.result or {}
        contract = res.get("contract")
        if contract:
            dbl = ["not doubled", "doubled", "redoubled"][contract.get("doubling", 0)]
            self.out.append(f"**Contract:** {md.bid(contract['bid'])} by {SEAT_NAMES[contract['declarer']]}, {dbl}.")
        else:
            self.out.append("**Contract:** none.")
        tricks = res.get("tricks", {})
        self.out.append("**Tricks:** " + ", ".join(f"{_party(k)} {v}" for k, v in tricks.items()) + ".")
        columns = self.rs.columns != ("deal",)  # rulesets scoring below / above a line get a column per row
        score = res.get("score", {})
        parties = tuple(score) or ("NS", "EW")  # sides, or seats in a one-against-three form
        rows = [[labelled(self.rule_link(row.rule, titled=True), end, row, fi=False),
                 *([row.column] if columns else []), *party_cells(row, parties, signed)]
                for row in score_rows(end, outcome)]
        for column in self.rs.columns if columns else ("",):
            total = {p: (score.get(p) or {}).get(column, 0) if columns else score.get(p, 0) for p in parties}
            rows.append(["**Total**", *([f"**{column}**"] if columns else []),
                         *(f"**{signed(total[p])}**" for p in parties)])
        head = ["Scoring rule", *(["Column"] if columns else []), *(_party(p) for p in parties)]
        self.out += [self.h3("Score sheet"), md.table(head, rows)]

    def check(self, w: Walk) -> tuple[list[str], list[str]]:
        """What the reference's replay says of the case: ``(for every reader, for implementers)``. A disagreement
        shows to every reader, a failure of the build's own check; the agreement and the rejection's code are the
        implementers'."""
        exp = self.case.get("expect") or {}
        shown: list[str] = []
        folded: list[str] = []
        if w.outcome is not None and "result" in exp:
            got = w.outcome.result or {}
            diffs = [k for k, v in (exp["result"] or {}).items() if got.get(k) != v]
            if diffs:
                shown.append(md.admonition("failure", "The reference engine disagrees with this case",
                                           f"Different: {', '.join(diffs)}. Expected: "
                                           f"{expected(self.case, self.here, self.error_codes)}."))
            else:
                folded.append("The reference engine's result equals the case's expected result.")
        elif w.error is not None:
            index, code, message = w.error
            where = "The deal itself" if index is None else f"Action {index} (`{w.steps[index][1]}`)" \
                if index < len(w.steps) else f"The record (after {index} actions)"
            shown.append(f"The deal stops here, against a rule: {message}.")
            folded.append(f"{where} is rejected: {self.code_link(code)}, {message}.")
            if "error" in exp and (exp["error"] or {}).get("code") != code:
                shown.append(md.admonition("failure", "The reference engine disagrees with this case",
                                           f"Expected: {expected(self.case, self.here, self.error_codes)}."))
        return shown, folded

    def render(self) -> str:
        """The example: on the examples page (numbered), a player's heading, the story, the step-through viewer, the
        deal drawn on one page (folded under the viewer) and the score; the case behind it folded for implementers."""
        case = self.case
        cid = str(case.get("id"))
        rules = ", ".join(self.rule_link(str(r)) for r in dict.fromkeys(case.get("rules") or []))
        cases_link = md.link("in the case list", self.here, md.cases_path(self.rs.id), cid)
        number = f"Example {self.number}: " if self.number else ""
        if not isinstance(case.get("deal"), Mapping):
            told = match_story(self.rs, case.get("match") or {}) if self.narrate else ""
            checked: list[str] = []
            self.out += [f"## {number}{reader_title(self.rs, case, None, None)} {{#{cid}}}",
                         *([self.h3("The story"), told] if told else []),
                         self.h3("The match on the score sheet"), *match_sheet(self.rs, case, self.here, checked),
                         implementers_fold(case, rules, cases_link, checked, lambda: justification_text(case))]
            return "\n\n".join(self.out)
        w = walk(self.rs, case)
        last = w.end or w.start
        form = last.form.name if last is not None else None
        self.out.append(f"## {number}{reader_title(self.rs, case, w.outcome, form)} {{#{cid}}}")
        told = deal_story(self.rs, w.start, w.end, w.steps, w.outcome) if self.narrate else ""
        if told:
            self.out += [self.h3("The story"), told]
        viewer = "" if self.traces is None else deal_viewer(
            self.rs, case, key=cid, traces=self.traces,
            title=f"Example {self.number}" if self.number else "the deal")
        if viewer:
            self.out += [self.h3("The deal, step by step"), viewer]
        drawn = len(self.out)
        try:
            d = build_deal(case["deal"], self.rs)
            en = label((self.rs.raw.get("forms") or {}).get(d.form.name), d.form.name)[0]
            self.out += [self.h3(f"The deal: {en}"), self.diagram(d.hands, d.centre, d.dealer, "centre cards")]
        except (IllegalAction, SkruuviError):
            self.out += [self.h3("The deal"),
                         "```json\n" + json.dumps(case["deal"], ensure_ascii=False, indent=1) + "\n```"]
        self.phases(w)
        if w.error is None and any(a.split()[1:2] == ["give"] for _, a, _ in w.steps):
            self.out += ["The cards that changed hands, in order, at the table:",
                         deal_table_svg(self.rs, case, marker=f"sk-table-arrow-{md.slug(cid)}")]
        if viewer:  # the viewer shows the deal: the whole of it on one page is folded under it (and printed)
            whole = [_label_line(block) for block in self.out[drawn:]]
            del self.out[drawn:]
            self.out.append(md.admonition("example", "The whole deal on one page", "\n\n".join(whole),
                                          collapsible=True))
        if w.outcome is not None and w.end is not None:
            self.score_sheet(w.outcome, w.end)
        shown, folded = self.check(w)
        self.out += [*shown, implementers_fold(case, rules, cases_link, folded, lambda: justification_text(case))]
        return "\n\n".join(self.out)


def _party(key: str) -> str:
    """A side (``NS``) or a seat (``N``) by name."""
    return SEAT_NAMES.get(key) or {"NS": "North–South", "EW": "East–West"}.get(key, key)


def _label_line(block: str) -> str:
    """A sub-heading of the drawn deal as a bold line (it sits in a fold, out of the page's contents)."""
    if not block.startswith("### "):
        return block
    text = block[4:]
    return f"**{text.split(' · ', 1)[1] if text.startswith('Example ') and ' · ' in text else text}**"


def examples_page(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]], *,
                  error_codes: Collection[str] | None = None, traces: dict[str, str] | None = None) -> str:
    """The worked examples of one ruleset: its cases with ``example: true``, replayed and drawn. With ``traces``
    (the build's generated files, written into), each deal also gets the step-through viewer, and the drawn deal
    is folded under it."""
    here = md.examples_path(ruleset.id)
    chosen = [c for c in cases_of(ruleset, cases) if c.get("example") is True]
    out = [f"# Worked examples: {md.short_title(ruleset)}", md.provenance(ruleset),
           "Deals played under these rules, each replayed when the book is built: told first as a short story (what "
           "the bidding meant, the trick that decided the contract, how the score is made up), then shown as it is "
           "played, and scored. "
           + ("Each deal can be stepped through one action at a time, round the table: the buttons, the arrow keys or "
              "a swipe; the whole deal on one page is folded under it. " if traces is not None else "")
           + "Under each example a fold marked for implementers holds the test case it comes from and why its "
           "result is right. " + md.link("The rules", here, md.rules_page(ruleset.id)) + " · "
           + md.link("all cases", here, md.cases_path(ruleset.id)) + "."]
    if not chosen:
        out.append(md.admonition("note", "No worked examples yet",
                                 f"No case of `{ruleset.id}` is marked `example: true` yet."))
    added = added_examples(ruleset, cases)
    if added:
        out.append("The book adds a deal of each kind the examples above do not show yet: "
                   + "; ".join(f"{kind} (example {len(chosen) + n})" for n, (kind, _) in enumerate(added, start=1))
                   + ".")
    for n, case in enumerate([*chosen, *(c for _, c in added)], start=1):
        example = _Example(ruleset, case, error_codes)
        example.number = n
        example.narrate = True
        example.traces = traces
        out.append(example.render())
    return "\n\n".join(out) + "\n"
