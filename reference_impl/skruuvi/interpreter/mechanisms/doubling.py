"""Doubling and redoubling (koputus / kahdennus, vastakoputus / kolmennus).

Parameters: ``doublers`` (seat references, in the order they may double; each may double or pass) and
``redoublers`` (seat references resolved after a double, e.g. ``doubler-left`` then
``doubler-left-partner``). A redouble, or everyone passing, ends the phase.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from ...rules.errors import IllegalAction
from ...rules.notation import Action
from ..state import DealState, seat_ref


class DoublingStep(NamedTuple):
    redouble: bool  # False: a double may be made; True: a double stands and a redouble may be made
    position: int  # in the doublers / redoublers list (not ``index``: that name is the tuple method's)


FIRST_DOUBLER = DoublingStep(False, 0)
"""The step of the first doubler's turn (one shared value: steps are immutable)."""


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    return {"step": FIRST_DOUBLER, "to_act": seat_ref(state, params["doublers"][0])}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    step: DoublingStep = state.step
    verb = action.verb
    if verb == "pass":
        return
    if not step.redouble:
        if verb == "double":
            return
        if verb == "redouble":
            raise IllegalAction("redouble-not-allowed", "there is no double to redouble")
        if verb == "give" and state.exchange_banned:
            raise IllegalAction("exchange-forbidden", "the defenders may not exchange in this deal")
    else:
        if verb == "redouble":
            return
        if verb == "double":
            raise IllegalAction("double-not-allowed", "the contract is already doubled; only a redouble is possible")
    raise IllegalAction("wrong-phase", f"{verb!r} has no meaning while doubling")


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: DoublingStep = state.step
    if action.verb == "double":
        state = state.evolve(doubling=1, doubler=action.seat, step=DoublingStep(True, 0))
        return state.evolve(to_act=seat_ref(state, params["redoublers"][0])), False
    if action.verb == "redouble":
        return state.evolve(doubling=2, step=None, to_act=None), True
    seats = params["redoublers"] if step.redouble else params["doublers"]
    index = step.position + 1
    if index >= len(seats):
        return state.evolve(step=None, to_act=None), True
    return state.evolve(step=DoublingStep(step.redouble, index), to_act=seat_ref(state, seats[index])), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    yield Action(seat, "pass")
    yield Action(seat, "redouble" if state.step.redouble else "double")
