"""A swap of cards between partners: one gives ``count`` cards, the partner gives ``count`` back (kotka).

Parameters: ``giver`` (seat reference of who gives first, e.g. ``highest-bidder``) and ``count``
(cards in each direction, each gift one action). Either may pass on cards just received.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, NamedTuple

from ..errors import IllegalAction
from ..notation import Action, parse_action, partner
from ..state import DealState, Gift, check_give, moved, seat_ref, verify_give

PARAMS = frozenset({"giver", "count"})
SEAT_PARAMS = frozenset({"giver"})


class SwapStep(NamedTuple):
    giver: int
    back: bool  # False: the first gift; True: the gift back
    gift: Gift  # the gift this step waits for (worked out once, when the step begins)


def _step(params: Mapping[str, Any], giver: int, back: bool) -> SwapStep:
    """The giver's gift to his partner, or (``back``) the partner's gift back."""
    a, b = giver, partner(giver)
    return SwapStep(giver, back, Gift(b, a, params["count"]) if back else Gift(a, b, params["count"]))


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    giver = seat_ref(state, params["giver"])
    return {"step": _step(params, giver, False), "to_act": giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, state.step.gift)


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: SwapStep = state.step
    gift = step.gift
    hands = moved(state.hands, gift.giver, gift.receiver, action.cards)
    if step.back:
        return state.evolve(hands=hands, step=None, to_act=None), True
    return state.evolve(hands=hands, step=_step(params, step.giver, True), to_act=gift.receiver), False


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of gifts from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    Each gift is checked as :func:`verify` checks it (:func:`~skruuvi.state.check_give`) and the hands are
    updated as :func:`apply` updates them, with the state built once. The run stops before the first action
    that is not the expected gift by the seat to act (the giver), of cards it holds, for the step path to
    judge. Returns the state after the run (equal to the step path's), the index of the first action not
    consumed, and whether the swap is over.
    """
    step: SwapStep = state.step
    hands = list(state.hands)
    index, count = start, len(actions)
    while index < count:
        gift = step.gift
        try:
            action = parse_action(actions[index])
            if action.seat != gift.giver:  # the seat to act is the giver
                break
            check_give(action, gift, hands[gift.giver])  # the step path's own check
        except IllegalAction:
            break
        given = frozenset(action.cards)  # as moved() moves them
        hands[gift.giver] = hands[gift.giver] - given
        hands[gift.receiver] = hands[gift.receiver] | given
        index += 1
        if step.back:
            return state.evolve(hands=tuple(hands), step=None, to_act=None), index, True
        step = _step(params, step.giver, True)
    if index == start:
        return state, start, False
    return state.evolve(hands=tuple(hands), step=step, to_act=step.gift.giver), index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = state.step.gift
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
