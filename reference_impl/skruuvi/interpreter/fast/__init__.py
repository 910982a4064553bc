"""The speed paths: each mechanism's batch path, kept apart from the rule it speeds up.

A batch path ``apply_many(state, params, actions, start) -> (state, index, done)`` consumes a run of
actions of one phase with cheap internal representations and stops at the first action it is not sure is
legal; the step path (:func:`skruuvi.interpreter.engine.apply`) then applies or rejects that action, so
error indexes, codes and messages are the step path's by construction, and the state it reaches is the one
the step path reaches action by action (``tests/interpreter/test_fastpath.py`` holds it on random and
corrupted records, ``bench/dump.py`` on every record of the suite).

:data:`BATCH_PATHS` is looked up beside the mechanisms by name. A mechanism without an entry (an automatic
phase, or a mechanism added later) runs action by action on its own ``verify`` and ``apply``
(:func:`skruuvi.interpreter.engine.apply_run` does that for it): nothing is ever answered differently,
only more slowly.
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
