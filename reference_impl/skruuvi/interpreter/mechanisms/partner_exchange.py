"""Compulsory one-card exchanges between partners (the all-pass misère's swap).

Parameters: ``givers`` (seat references; each gives one card to his partner, in this order; then
each partner gives one card back, in the same order, or with ``return_order: reverse`` in the reverse
order) and ``return_must_differ``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from ...rules.notation import Action, Card, partner
from ..cards import card_list
from ..state import DealState, give, seat_ref, tuple_new
from .gifts import Gift, exchange_apply, verify_give


class SwapStep(NamedTuple):
    k: int
    received: tuple[Card, ...]  # the cards given in the first round, in order
    gift: Gift  # the gift step k waits for (worked out once, when the step begins)


def _step(state: DealState, params: Mapping[str, Any], k: int, received: tuple[Card, ...]) -> SwapStep:
    """Step ``k`` of the exchange and its gift: the ``k``-th giver's (the first round), or his partner's back.
    Built by :data:`~skruuvi.interpreter.state.tuple_new` (once per gift of the phase)."""
    givers = params["givers"]
    n = len(givers)
    if k < n:
        first = seat_ref(state, givers[k])
        gift = tuple_new(Gift, (first, partner(first), 1, None))
    else:
        j = k - n if params.get("return_order", "same") == "same" else 2 * n - 1 - k  # whose gift goes back
        first = seat_ref(state, givers[j])
        gift = tuple_new(Gift, (partner(first), first, 1, received[j] if params["return_must_differ"] else None))
    return tuple_new(SwapStep, (k, received, gift))


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    step = _step(state, params, 0, ())
    return {"step": step, "to_act": step.gift.giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, state.step.gift)


def transition(
    state: DealState, params: Mapping[str, Any], step: SwapStep, hands: list[int], action: Action, given: int
) -> SwapStep | None:
    """The transition: step ``k``'s gift (``given``, a card mask) made in ``hands`` (changed in place); the
    next step, or None after the last gift back."""
    gift = step.gift
    give(hands, gift.giver, gift.receiver, given)
    k, received, _ = step
    n = len(params["givers"])
    if k < n:
        received = (*received, action.cards[0])
    if k + 1 == 2 * n:
        return None
    return _step(state, params, k + 1, received)  # the next giver does not depend on the hands


apply = exchange_apply(transition)
"""The step path's ``apply``, by the one transition."""


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = state.step.gift
    for card in card_list(state.hand_masks[gift.giver]):
        if card != gift.not_card:
            yield Action(gift.giver, "give", target=gift.receiver, cards=(card,))
