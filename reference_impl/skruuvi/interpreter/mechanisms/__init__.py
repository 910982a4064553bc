"""The named mechanisms a ruleset's phases are built from (like jsonschema's keyword table).

Each mechanism is a module that reads as its rule, with:

* ``enter(state, params) -> (changes, done)``: set up the phase: the fields it sets on entering (the engine
  makes one copy of the state with them and the new phase number), and ``done`` when it needs no action;
* ``verify(state, params, action)``: raise :class:`~skruuvi.rules.errors.IllegalAction` with the right code;
* ``apply(state, params, action) -> (state, done)``: the new state after a verified action;
* ``legal(state, params)``: every legal action of the seat to act.

The parameters each one reads from its phase's rules are listed, and checked when a ruleset is compiled, in
the phase vocabulary (:data:`skruuvi.rules.phases.PHASES`, one entry per mechanism here). The exchanges share
their gifts' rules (:mod:`.gifts`: one transition per exchange makes its ``apply``).

The speed paths are not here: a mechanism's batch path, if it has one, is in :mod:`skruuvi.interpreter.fast`
under the same name, and proven equal to ``verify`` and ``apply`` action by action.

What a mechanism works out from its parameters alone (the kitty's first steps) it may keep per phase with
:func:`~skruuvi.interpreter.state.kept_plan` instead of working it out in every deal.

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
