"""A deal's score as a player follows it: one row per scoring item (its rule and its column), each side's points,
and, where a double (a knock in the 1940s) multiplied an item, the points before it and the factor, so that a
reader can follow the sum: ``−5 × 2 = −10`` under "Tricks short (doubled: × 2)".

Everything comes from the replay and the ruleset: the items are the reference's breakdown, the factor is the
ruleset's multiplier for the deal's doubling, applied where the item's rule says it is multiplied (always, or for
the deal's winner only). Nothing is recomputed: the points before the factor are the item divided by it. Used by the
learn-to-play chapters' score tables and by the deal viewer's score, so the two say the same rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..interpreter.facts import deal_facts, winner_side
from ..interpreter.outcome import Outcome
from ..interpreter.state import DealState
from ..rules.notation import SIDES
from .player_words import knocks

# The doubling as the score names it: (English, Finnish) for a double and a redouble, and for the 1940s knocks.
DOUBLED = {(False, 1): ("doubled", "kahdennettu"), (False, 2): ("redoubled", "kolmennettu"),
           (True, 1): ("knocked", "koputettu"), (True, 2): ("counter-knocked", "vastakoputettu")}


@dataclass
class ScoreRow:
    """One item of a deal's score: its rule and column, each party's points and the factor each was multiplied by
    (1 where none)."""

    rule: str
    column: str
    points: dict[str, int]
    factor: dict[str, int] = field(default_factory=dict)

    @property
    def multiplied(self) -> int:
        """The factor shown beside the item's name (the largest any party's points were multiplied by), 1 if none."""
        return max(self.factor.values(), default=1)

    def cell(self, party: str, signed: Callable[[int], str]) -> str:
        """``−10``, or ``−5 × 2 = −10`` where the points were multiplied."""
        points, factor = self.points[party], self.factor.get(party, 1)
        if factor == 1 or points == 0:
            return signed(points)
        return f"{signed(points // factor)} × {factor} = {signed(points)}"


def score_rows(state: DealState, outcome: Outcome) -> list[ScoreRow]:
    """The rows of a finished deal's score (``state``: the deal as it ended; ``outcome``: the reference's replay of
    it), in the order the breakdown gives them."""
    ruleset = state.ruleset
    score = (outcome.result or {}).get("score") or {}
    parties = tuple(score) or SIDES
    rows: dict[tuple[str, str], ScoreRow] = {}
    for item in outcome.breakdown:
        row = rows.setdefault((item.rule, item.column), ScoreRow(item.rule, item.column, dict.fromkeys(parties, 0)))
        row.points[item.side] += int(item.points)
    facts = deal_facts(state)
    multiplier = int(facts.get("multiplier") or 1)
    if multiplier == 1:
        return list(rows.values())
    winner = winner_side(state, facts)
    rules = {rule.id: rule for rule in ruleset.schemes.get(state.form.scheme, ())}
    for row in rows.values():
        rule = rules.get(row.rule)
        if rule is None:
            continue
        for party, points in row.points.items():
            if points and (rule.multiplied is True or (rule.multiplied == "winner" and party == winner)) \
                    and points % multiplier == 0:
                row.factor[party] = multiplier
    return list(rows.values())


def doubled_words(state: DealState, row: ScoreRow) -> tuple[str, str] | None:
    """``("doubled: × 2", "kahdennettu: × 2")`` for a multiplied row (a knock's words in the 1940s), else None."""
    if row.multiplied == 1 or state.doubling not in (1, 2):
        return None
    en, fi = DOUBLED[knocks(state.ruleset), state.doubling]
    return f"{en}: × {row.multiplied}", f"{fi}: × {row.multiplied}"


def labelled(name: str, state: DealState, row: ScoreRow, fi: bool) -> str:
    """The item's name, with the doubling that multiplied it: ``Tricks short (doubled: × 2)``."""
    words = doubled_words(state, row)
    return name if words is None else f"{name} ({words[1] if fi else words[0]})"


def party_cells(row: ScoreRow, parties: Iterable[str], signed: Callable[[int], str]) -> list[str]:
    """Each party's cell of the row, in the order of ``parties``."""
    return [row.cell(party, signed) for party in parties]
