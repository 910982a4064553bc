"""Replaying a recorded deal: the interpreter's one entry point for records (DESIGN §3).

``replay(case)`` reads the record's ``ruleset``, ``deal`` and ``actions`` (everything else is
ignored), applies the actions in order and returns an :class:`~skruuvi.outcome.Outcome`: the result,
or the index and code of the first illegal action. It raises only for records that are not records at
all (:class:`~skruuvi.errors.CaseFormatError`) or name an unknown ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import engine
from .errors import CaseFormatError, IllegalAction
from .notation import SEATS
from .outcome import Outcome
from .ruleset import Ruleset, get_ruleset
from .scoring import score
from .state import DealState


def result_of(state: DealState) -> Outcome:
    """The outcome of a finished deal."""
    tricks, totals, items = score(state)
    contract = None
    if state.contract is not None and state.declarer is not None:
        contract = {"declarer": SEATS[state.declarer], "bid": str(state.contract), "doubling": state.doubling}
    return Outcome(result={"contract": contract, "tricks": tricks, "score": totals}, breakdown=items)


def replay_deal(ruleset: Ruleset, deal: Any, actions: Any) -> Outcome:
    if not isinstance(actions, list):
        raise CaseFormatError("'actions' must be a list of strings", path="/actions")
    try:
        state = engine.start(ruleset, deal)
    except IllegalAction as exc:
        return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    for index, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=index, message=f"{action!r}: {exc.message}")
    if not state.finished:
        return Outcome(error_code="incomplete-record", error_index=len(actions),
                       message="the record ends before the deal is complete")
    return result_of(state)


def replay(case: Mapping[str, Any], ruleset: Ruleset | None = None) -> Outcome:
    """Replay one recorded deal. ``ruleset`` overrides the record's ``ruleset`` (cross-era replay)."""
    if not isinstance(case, Mapping):
        raise CaseFormatError("a case must be a mapping")
    for key in ("deal", "actions") if ruleset is not None else ("ruleset", "deal", "actions"):
        if key not in case:
            raise CaseFormatError(f"missing {key!r}", path=f"/{key}")
    return replay_deal(ruleset or get_ruleset(case["ruleset"]), case["deal"], case["actions"])
