"""Replaying a recorded deal or match: the interpreter's one entry point for records (DESIGN §3).

``replay(case)`` reads the record's ``ruleset``, ``deal`` and ``actions`` (or ``match``; everything
else is ignored), applies the actions in order and returns an :class:`~skruuvi.outcome.Outcome`: the
result, or where and why the first illegal action was rejected. It raises only for records that are
not records at all (:class:`~skruuvi.errors.CaseFormatError`) or name an unknown ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import engine
from .errors import CaseFormatError, IllegalAction
from .games import BELOW, NEW_SET, Position, position_from, settle, settle_below
from .notation import SEATS
from .outcome import Outcome, result_outcome
from .ruleset import Ruleset, get_ruleset
from .scoring import ONE_COLUMN, by_seat, score_items, scored, seat_tricks, side_tricks, totals
from .state import DealState


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


def play_deal(ruleset: Ruleset, deal: Any, actions: Any) -> DealState | Outcome:
    """The finished state, or the Outcome of the first problem (error index ``None`` for the deal)."""
    if not isinstance(actions, list):
        raise CaseFormatError("'actions' must be a list of strings", path="/actions")
    try:
        state = engine.start(ruleset, deal)
    except IllegalAction as exc:
        return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    index, count = 0, len(actions)
    while True:
        state, index = engine.apply_run(state, actions, index)  # the batch path, as far as it goes
        if index == count:
            break
        action = actions[index]
        try:
            state = engine.apply(state, action)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=index, message=f"{action!r}: {exc.message}")
        index += 1
    if not state.finished:
        return Outcome(
            error_code="incomplete-record",
            error_index=len(actions),
            message="the record ends before the deal is complete",
        )
    return state


def replay_deal(ruleset: Ruleset, deal: Any, actions: Any) -> Outcome:
    before = None
    is_mapping = type(deal) is dict or isinstance(deal, Mapping)  # a dict is checked without the ABC's hook
    if is_mapping and "state" in deal and ruleset.match is not None and ruleset.match.has_games:
        try:  # the set position is part of the deal: checked before any action (none given: a new set)
            before = position_from(deal["state"], ruleset.game_threshold)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    played = play_deal(ruleset, deal, actions)
    if isinstance(played, Outcome):
        return played
    return result_of(played, before)


def replay(case: Mapping[str, Any], ruleset: Ruleset | None = None) -> Outcome:
    """Replay one recorded deal or match. ``ruleset`` overrides the record's ``ruleset`` (cross-era replay)."""
    if type(case) is not dict and not isinstance(case, Mapping):  # a dict is checked without the ABC's hook
        raise CaseFormatError("a case must be a mapping")
    if ruleset is None:
        if "ruleset" not in case:
            raise CaseFormatError("missing 'ruleset'", path="/ruleset")
        ruleset = get_ruleset(case["ruleset"])
    if "match" in case:
        from .match import replay_match

        return replay_match(ruleset, case["match"])
    if "deal" not in case or "actions" not in case:
        missing = "deal" if "deal" not in case else "actions"
        raise CaseFormatError(f"missing {missing!r}", path=f"/{missing}")
    return replay_deal(ruleset, case["deal"], case["actions"])
