"""The kitty's batch path: the gifts read with their card masks and made on a list of hands.

The rule is :mod:`skruuvi.interpreter.mechanisms.kitty`'s: its ``verify`` and ``apply`` take the taker's
``choose``, and its gifts are checked by the step path's own check (:func:`check_give`). Gifts in any order
(``distribute_order: any-order``) are left to the step path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.errors import IllegalAction
from ...rules.notation import parse_action
from ..mechanisms.gifts import check_give
from ..mechanisms.kitty import KittyStep, apply, verify
from ..state import DealState, give, with_step
from .exchanges import read_action


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of actions from index ``start`` on: the batch path of :func:`skruuvi.interpreter.engine.apply_run`.

    The taker's ``choose`` is applied with :func:`apply`; the gifts are checked as :func:`verify` checks
    them, and the hands updated as :func:`apply` updates them, with the state built once. The run stops
    before the first action that is not the expected ``choose`` of an offered procedure or the expected
    gift by the seat to act, of cards it holds, for the step path to judge. Returns the state after the
    run (equal to the step path's), the index of the first action not consumed, and whether the phase is over.
    """
    if params["distribute_order"] != "clockwise-from-left":  # not implemented here: the step path plays
        return state, start, False
    index, count = start, len(actions)
    if not state.step.gifts:  # the taker names the procedure first: checked and applied as the step path does
        if index == count:
            return state, start, False
        try:
            action = parse_action(actions[index])
            if action.seat != state.to_act:
                return state, start, False
            verify(state, params, action)
        except IllegalAction:
            return state, start, False
        state, _ = apply(state, params, action)
        index += 1
    step: KittyStep = state.step
    gifts, k = step.gifts, step.k
    hands = list(state.hand_masks)
    while index < count and k < len(gifts):
        gift = gifts[k]
        try:
            action, given = read_action(actions[index])
            if action.seat != gift.giver:
                break
            check_give(action, gift, hands[gift.giver], given)  # the step path's own check
        except (IllegalAction, TypeError):
            break
        give(hands, gift.giver, gift.receiver, given)  # as moved() moves them
        index += 1
        k += 1
    if k == step.k:
        return state, index, False
    if k == len(gifts):
        return with_step(state, tuple(hands), None, None), index, True
    return with_step(state, tuple(hands), KittyStep(gifts, k), gifts[k].giver), index, False
