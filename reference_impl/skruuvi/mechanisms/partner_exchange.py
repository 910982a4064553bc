"""Compulsory one-card exchanges between partners (the all-pass misère's swap).

Parameters: ``givers`` (seat references; each gives one card to his partner, in this order; then
each partner gives one card back, in the same order) and ``return_must_differ``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import IllegalAction
from ..notation import Action, Card, parse_action, partner
from ..state import DealState, Gift, check_give, moved, seat_ref, verify_give

PARAMS = frozenset({"givers", "return_must_differ"})
SEAT_LIST_PARAMS = frozenset({"givers"})


class SwapStep(NamedTuple):
    k: int
    received: tuple[Card, ...]  # the cards given in the first round, in order
    gift: Gift  # the gift step k waits for (worked out once, when the step begins)


def _step(state: DealState, params: Mapping[str, Any], k: int, received: tuple[Card, ...]) -> SwapStep:
    """Step ``k`` of the exchange and its gift: the ``k``-th giver's (the first round), or his partner's back."""
    givers = params["givers"]
    n = len(givers)
    first = seat_ref(state, givers[k % n])
    if k < n:
        return SwapStep(k, received, Gift(first, partner(first), 1))
    back = received[k - n] if params["return_must_differ"] else None
    return SwapStep(k, received, Gift(partner(first), first, 1, back))


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    step = _step(state, params, 0, ())
    return {"step": step, "to_act": step.gift.giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, state.step.gift)


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: SwapStep = state.step
    gift = step.gift
    hands = moved(state.hands, gift.giver, gift.receiver, action.cards)
    n = len(params["givers"])
    received = (*step.received, action.cards[0]) if step.k < n else step.received
    if step.k + 1 == 2 * n:
        return state.evolve(hands=hands, step=None, to_act=None), True
    nxt = _step(state, params, step.k + 1, received)  # the next giver does not depend on the hands
    return state.evolve(hands=hands, step=nxt, to_act=nxt.gift.giver), False


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of gifts from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    Each gift is checked as :func:`verify` checks it (:func:`~skruuvi.state.check_give`) and the hands are
    updated as :func:`apply` updates them, with the state built once at the end instead of once per gift.
    The run stops before the first action that is not the expected gift by the seat to act (the giver), of
    cards it holds, for the step path to judge. Returns the state after the run (equal to the step path's),
    the index of the first action not consumed, and whether the exchange is over.
    """
    step: SwapStep = state.step
    k, received, gift = step
    n = len(params["givers"])
    hands = list(state.hands)
    index, count = start, len(actions)
    while index < count:
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
        if k < n:
            received = (*received, action.cards[0])
        k += 1
        if k == 2 * n:
            return state.evolve(hands=tuple(hands), step=None, to_act=None), index, True
        step = _step(state, params, k, received)  # the next giver does not depend on the hands
        gift = step.gift
    if index == start:
        return state, start, False
    return state.evolve(hands=tuple(hands), step=step, to_act=gift.giver), index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = state.step.gift
    for card in sorted(state.hands[gift.giver], key=lambda c: c.code):
        if card != gift.not_card:
            yield Action(gift.giver, "give", target=gift.receiver, cards=(card,))
