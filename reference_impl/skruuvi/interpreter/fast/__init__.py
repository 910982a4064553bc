"""The speed paths: each mechanism's batch path, kept apart from the rule it speeds up.

A batch path ``apply_many(state, params, actions, start) -> (state, index, done)`` consumes a run of
actions of one phase with cheap internal representations and stops at the first action it is not sure is
legal; the step path (:func:`skruuvi.interpreter.engine.apply`) then applies or rejects that action, so
error indexes, codes and messages are the step path's by construction, and the state it reaches is the one
the step path reaches action by action (``tests/interpreter/test_fastpath.py`` holds it on random and
corrupted records, ``bench/dump.py`` on every record of the suite).

:data:`BATCH_PATHS` is looked up beside the mechanisms by name, through :func:`batch_path_for`, once per
phase of a ruleset. A batch path is written for the parameters it names in :data:`COVERS`: a phase that sets
any other parameter (a new reading, a parameter added to a mechanism later) runs action by action on its
mechanism's own ``verify`` and ``apply``, as does a mechanism without a batch path (an automatic phase, or a
mechanism added later); :func:`skruuvi.interpreter.engine.apply_run` does that for it. Nothing is ever
answered differently, only more slowly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..mechanisms import defenders_exchange, pair_swap, partner_exchange
from ..state import DealState
from . import auction, doubling, kitty, play
from .exchanges import exchange_batch

BatchPath = Callable[[DealState, Mapping[str, Any], Sequence[object], int], tuple[DealState, int, bool]]

BATCH_PATHS: dict[str, BatchPath] = {
    "auction": auction.apply_many,
    "kitty": kitty.apply_many,
    "defenders_exchange": exchange_batch(defenders_exchange.transition, defenders_exchange.check),
    "doubling": doubling.apply_many,
    "play": play.apply_many,
    "partner_exchange": exchange_batch(partner_exchange.transition),
    "pair_swap": exchange_batch(pair_swap.transition),
}
"""The batch path of each mechanism that has one, by the mechanism's name."""

COVERS: dict[str, frozenset[str]] = {
    "auction": frozenset(
        {"first", "bidders", "end_after_passes", "min_level", "final_min_level", "single_round", "all_pass_form",
         "final_min_passes", "equal_bids"}
    ),
    "kitty": frozenset(
        {"taker", "distribute_order", "to_partner", "distribution", "procedures", "procedure",
         "banned_if_other_side_first_bid"}
    ),
    "defenders_exchange": frozenset(
        {"first", "return_must_differ", "banned_if_main_first_bid_at_least", "banned_by_first_bid_of", "exchange"}
    ),
    "doubling": frozenset({"doublers", "redoublers"}),
    "play": frozenset({"lead"}),
    "partner_exchange": frozenset({"givers", "return_must_differ", "return_order"}),
    "pair_swap": frozenset({"giver", "count", "banned_if_other_side_first_bid_at_least"}),
}
"""The parameters each batch path was written for: it gives the step path's answers for every value of these
that the phase vocabulary allows, and knows nothing of any other."""

ONE_VALUE: dict[str, Mapping[str, Any]] = {"auction": auction.STEP_ONLY}
"""Parameters a batch path implements at one value only (the mechanism's default, which an absent parameter
means): a phase that sets another value runs on its mechanism's ``verify`` and ``apply``, as a phase that sets
a parameter outside :data:`COVERS` does (the 2016 bolsevikki call: ``equal_bids: first-chooses``)."""


def batch_path_for(mechanism: str, params: Mapping[str, Any]) -> BatchPath | None:
    """The batch path of a phase of ``mechanism`` with these parameters, or None when it has none or the phase
    sets a parameter the batch path does not cover (then the step path runs it)."""
    path = BATCH_PATHS.get(mechanism)
    if path is None or not COVERS[mechanism].issuperset(params):
        return None
    if any(params.get(name, value) != value for name, value in ONE_VALUE.get(mechanism, {}).items()):
        return None
    return path
