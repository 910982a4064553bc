"""The result of a finished deal: its score items and totals, and the games it settles.

One step, shared by single deals (:mod:`skruuvi.interpreter.replay`) and the deals of a match
(:mod:`skruuvi.interpreter.match`): the tricks are counted, every scoring rule scored
(:mod:`skruuvi.interpreter.scoring`), and for rulesets with games the set position moved on
(:mod:`skruuvi.interpreter.games`).
"""

from __future__ import annotations

from typing import Any

from ..rules.notation import SEATS
from .facts import ONE_COLUMN, by_seat, seat_tricks, side_tricks
from .games import BELOW, NEW_SET, Position, settle, settle_below
from .outcome import Outcome, ScoreItem, result_outcome
from .scoring import score_items, scored
from .state import DealState
from .totals import totals


def result_of(state: DealState, before: Position | None = None) -> Outcome:
    """The outcome of a finished deal (from the set position ``before``, for rulesets with games)."""
    return settled_result(state, before)[0]


def settled_result(state: DealState, before: Position | None = None) -> tuple[Outcome, Position | None]:
    """The outcome of a finished deal, and the set position after it (rulesets with games)."""
    ruleset = state.ruleset
    seats = by_seat(state)
    if seats:
        tricks = seat_tricks(state)
        items = score_items(state)
        score = totals(ruleset.columns, items, seats)
    else:
        tricks = side_tricks(state)
        items, score = scored(state, tricks)  # the facts count a side's tricks: counted once
    after = None
    columns = ruleset.columns
    if ruleset.match is not None and ruleset.match.has_games:
        if seats or columns == ONE_COLUMN or BELOW not in columns:
            items, after = settle(state, items, before or NEW_SET)
            score = totals(columns, items, seats)
        else:  # the below points the games count are the totals' below column
            bonus, after = settle_below(state, (score["NS"][BELOW], score["EW"][BELOW]), before or NEW_SET)
            if bonus is not None:
                items.append(bonus)
                score[bonus.side][BELOW] += bonus.points
    contract = None
    if state.contract is not None and state.declarer is not None:
        contract = {"declarer": SEATS[state.declarer], "bid": str(state.contract), "doubling": state.doubling}
    result = {"contract": contract, "tricks": tricks, "score": score}
    return result_outcome(result, tuple(items)), after


def tricks_of(state: DealState) -> dict[str, int]:
    """Tricks per side, or per seat for a form played one against three."""
    return seat_tricks(state) if by_seat(state) else side_tricks(state)


def score(state: DealState) -> tuple[dict[str, int], dict[str, Any], tuple[ScoreItem, ...]]:
    """``(tricks, score, breakdown)`` of a finished deal, without match effects (game bonuses)."""
    items = score_items(state)
    return tricks_of(state), totals(state.ruleset.columns, items, by_seat(state)), tuple(items)
