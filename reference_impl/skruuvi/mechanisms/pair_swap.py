"""A swap of cards between partners: one gives ``count`` cards, the partner gives ``count`` back (kotka).

Parameters: ``giver`` (seat reference of who gives first, e.g. ``highest-bidder``) and ``count``
(cards in each direction, each gift one action). Either may pass on cards just received.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, NamedTuple

from ..notation import Action, partner
from ..state import DealState, Gift, moved, seat_ref, verify_give

PARAMS = frozenset({"giver", "count"})
SEAT_PARAMS = frozenset({"giver"})


class SwapStep(NamedTuple):
    giver: int
    back: bool  # False: the first gift; True: the gift back


def _gift(params: Mapping[str, Any], step: SwapStep) -> Gift:
    a, b = step.giver, partner(step.giver)
    return Gift(b, a, params["count"]) if step.back else Gift(a, b, params["count"])


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    giver = seat_ref(state, params["giver"])
    return {"step": SwapStep(giver, False), "to_act": giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, _gift(params, state.step))


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: SwapStep = state.step
    gift = _gift(params, step)
    hands = moved(state.hands, gift.giver, gift.receiver, action.cards)
    if step.back:
        return state.evolve(hands=hands, step=None, to_act=None), True
    return state.evolve(hands=hands, step=SwapStep(step.giver, True), to_act=gift.receiver), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = _gift(params, state.step)
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
