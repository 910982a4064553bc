"""The named mechanisms a ruleset's phases are built from (like jsonschema's keyword table).

Each mechanism is a module with:

* ``PARAMS``: the parameter names it needs from the phase's rules;
* ``enter(state, params) -> (changes, done)``: set up the phase: the fields it sets on entering (the engine
  makes one copy of the state with them and the new phase number), and ``done`` when it needs no action;
* ``verify(state, params, action)``: raise :class:`~skruuvi.errors.IllegalAction` with the right code;
* ``apply(state, params, action) -> (state, done)``: the new state after a verified action;
* ``legal(state, params)``: every legal action of the seat to act;
* optionally ``apply_many(state, params, actions, start) -> (state, index, done)``: the batch path of
  :func:`skruuvi.engine.apply_run`, applying ``actions[start:]`` up to (not including) the first one it is
  not sure is legal, to the same state :func:`skruuvi.engine.apply` would reach. Without one, the engine
  runs the mechanism's own ``verify`` and ``apply`` action by action; every phase that takes actions has
  its own: those with many actions per deal (auction, play), a state worth building once (the kitty, the
  exchanges) or calls read from a table instead of parsed (doubling, entered in most deals). The
  exchanges' ``apply`` and ``apply_many`` come from :func:`~skruuvi.state.exchange_paths`:
  :func:`~skruuvi.state.apply_gift` and :func:`~skruuvi.state.apply_gifts` with the mechanism's one
  transition (and check).

What a mechanism works out from its parameters alone (the auction's table of calls, the kitty's first
steps) it may keep per phase with :func:`~skruuvi.state.kept_plan` instead of working it out in every deal.

The engine checks the turn before calling ``verify``; mechanisms check everything else in DESIGN §4's
order: the phase's own codes, then ``wrong-phase``, then the specific rule.
"""

from __future__ import annotations

from types import ModuleType

from . import auction, centre_deal, defenders_exchange, doubling, kitty, pair_swap, partner_exchange, play

MECHANISMS: dict[str, ModuleType] = {
    "auction": auction,
    "kitty": kitty,
    "defenders_exchange": defenders_exchange,
    "doubling": doubling,
    "play": play,
    "centre_deal": centre_deal,
    "partner_exchange": partner_exchange,
    "pair_swap": pair_swap,
}
