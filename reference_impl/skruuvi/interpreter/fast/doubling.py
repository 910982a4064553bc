"""Doubling's batch path: the calls read from a table of their canonical spellings.

The rule is :mod:`skruuvi.interpreter.mechanisms.doubling`'s; :func:`apply_many` stops before the first call
that is not canonical, out of turn or not allowed, which the step path then judges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.notation import SEATS, parse_action
from ..mechanisms.doubling import DoublingStep
from ..state import DealState, seat_ref, with_step

CALLS: dict[str, tuple[int, str]] = {
    text: (action.seat, action.verb)
    for seat in SEATS
    for verb in ("pass", "double", "redouble")
    for text in (f"{seat} {verb}",)
    for action in (parse_action(text),)
}
"""The canonical spellings of the phase's calls -> the seat and verb :func:`~skruuvi.rules.notation.parse_action` reads
from each (any other spelling is left to the step path)."""


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of calls from index ``start`` on: the batch path of :func:`skruuvi.interpreter.engine.apply_run`.

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
