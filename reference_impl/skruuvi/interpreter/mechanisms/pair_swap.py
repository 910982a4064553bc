"""A swap of cards between partners: one gives ``count`` cards, the partner gives ``count`` back (kotka).

Parameters: ``giver`` (seat reference of who gives first, e.g. ``highest-bidder``) and ``count``
(cards in each direction, each gift one action). Either may pass on cards just received. Optional:
``banned_if_other_side_first_bid_at_least`` (n): no swap at all (the phase needs no action) when the side
not the giver's made a first bid (passes aside) of level n or more. Absent or null: never banned.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from ...rules.notation import Action, partner
from ..cards import card_list
from ..state import DealState, give, seat_ref
from .gifts import Gift, exchange_apply, verify_give


class SwapStep(NamedTuple):
    giver: int
    back: bool  # False: the first gift; True: the gift back
    gift: Gift  # the gift this step waits for (worked out once, when the step begins)


@cache
def _step(giver: int, back: bool, count: int) -> SwapStep:
    """The giver's gift of ``count`` cards to his partner, or (``back``) the partner's gift back. Kept: there
    are a few such steps, and a step is an immutable value."""
    a, b = giver, partner(giver)
    return SwapStep(giver, back, Gift(b, a, count) if back else Gift(a, b, count))


SKIPPED_BY = ("banned_if_other_side_first_bid_at_least",)
"""The parameters that can make this phase pass without an action (its ban): what ``--explain`` names when an
engine and the reference part just after it."""


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    giver = seat_ref(state, params["giver"])
    at_least = params.get("banned_if_other_side_first_bid_at_least")
    if at_least is not None:
        first_bid = state.side_first_bid[(giver + 1) % 2]
        if first_bid is not None and first_bid.level >= at_least:
            return {"step": None, "to_act": None}, True
    return {"step": _step(giver, False, params["count"]), "to_act": giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, state.step.gift)


def transition(
    state: DealState, params: Mapping[str, Any], step: SwapStep, hands: list[int], action: Action, given: int
) -> SwapStep | None:
    """The transition: the step's gift (``given``, a card mask) made in ``hands`` (changed in place); the gift
    back next, or None after it."""
    gift = step.gift
    give(hands, gift.giver, gift.receiver, given)
    return None if step.back else _step(step.giver, True, params["count"])


apply = exchange_apply(transition)
"""The step path's ``apply``, by the one transition."""


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    (gift,) = open_gifts(state, params)
    for cards in combinations(card_list(state.hand_masks[gift.giver]), gift.size):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)


def open_gifts(state: DealState, params: Mapping[str, Any]) -> tuple[Gift, ...]:
    """The gift a give makes now (the step's); its legal gives are every set of its count of the giver's cards."""
    return (state.step.gift,)
