"""Doubling and redoubling (koputus / kahdennus, vastakoputus / kolmennus).

Parameters: ``doublers`` (seat references, in the order they may double; each may double or pass) and
``redoublers`` (seat references resolved after a double, e.g. ``doubler-left`` then
``doubler-left-partner``). A redouble, or everyone passing, ends the phase.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import IllegalAction
from ..notation import SEATS, Action, parse_action
from ..state import DealState, seat_ref, with_step

PARAMS = frozenset({"doublers", "redoublers"})
SEAT_LIST_PARAMS = frozenset({"doublers", "redoublers"})


class DoublingStep(NamedTuple):
    redouble: bool  # False: a double may be made; True: a double stands and a redouble may be made
    index: int  # position in the doublers / redoublers list


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
    index = step.index + 1
    if index >= len(seats):
        return state.evolve(step=None, to_act=None), True
    return state.evolve(step=DoublingStep(step.redouble, index), to_act=seat_ref(state, seats[index])), False


CALLS: dict[str, tuple[int, str]] = {
    text: (action.seat, action.verb)
    for seat in SEATS
    for verb in ("pass", "double", "redouble")
    for text in (f"{seat} {verb}",)
    for action in (parse_action(text),)
}
"""The canonical spellings of the phase's calls -> the seat and verb :func:`~skruuvi.notation.parse_action` reads
from each (any other spelling is left to the step path)."""


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of calls from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    The run stops before the first action that is not a canonical ``pass``, ``double`` or ``redouble`` by the
    seat to act, and before a call :func:`verify` rejects (those go through the step path, with its checks and
    codes). The state is copied once per double (the redoublers' seats count from the doubler) and once at
    the end. Returns the state after the run (equal to the step path's), the index of the first action not
    consumed, and whether the phase is over.
    """
    redouble, position = state.step
    seat = state.to_act
    index, count = start, len(actions)
    while index < count:
        try:
            caller, verb = CALLS[actions[index]]  # type: ignore[index]
        except (KeyError, TypeError):  # not a canonical call (or not even a string): the step path judges it
            break
        if caller != seat:
            break
        if verb == "pass":
            index += 1
            seats = params["redoublers"] if redouble else params["doublers"]
            position += 1
            if position >= len(seats):
                return with_step(state, state.hand_masks, None, None), index, True
            seat = seat_ref(state, seats[position])
        elif verb == "double" and not redouble:
            index += 1
            state = state.evolve(doubling=1, doubler=seat)
            redouble, position = True, 0
            seat = seat_ref(state, params["redoublers"][0])
        elif verb == "redouble" and redouble:
            return state.evolve(doubling=2, step=None, to_act=None), index + 1, True
        else:  # a double after a double, a redouble without one: the step path's codes
            break
    if index == start:
        return state, start, False
    return with_step(state, state.hand_masks, DoublingStep(redouble, position), seat), index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    yield Action(seat, "pass")
    yield Action(seat, "redouble" if state.step.redouble else "double")
