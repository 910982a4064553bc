"""Compulsory one-card exchanges between partners (the all-pass misère's swap).

Parameters: ``givers`` (seat references; each gives one card to his partner, in this order; then
each partner gives one card back, in the same order) and ``return_must_differ``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..batch import read_action
from ..notation import Action, Card, partner
from ..state import DealState, Gift, is_legal_give, seat_ref, verify_give

PARAMS = frozenset({"givers", "return_must_differ"})
SEAT_LIST_PARAMS = frozenset({"givers"})


@dataclass(frozen=True, slots=True)
class SwapStep:
    k: int
    received: tuple[Card, ...] = ()  # the cards given in the first round, in order


def _gift(state: DealState, params: Mapping[str, Any], step: SwapStep) -> Gift:
    givers = params["givers"]
    n = len(givers)
    first = seat_ref(state, givers[step.k % n])
    if step.k < n:
        return Gift(first, partner(first), 1)
    back = step.received[step.k - n] if params["return_must_differ"] else None
    return Gift(partner(first), first, 1, back)


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[DealState, bool]:
    step = SwapStep(0)
    return state.evolve(step=step, to_act=_gift(state, params, step).giver), False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, _gift(state, params, state.step))


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: SwapStep = state.step
    gift = _gift(state, params, step)
    state = state.move_cards(gift.giver, gift.receiver, action.cards)
    n = len(params["givers"])
    received = (*step.received, action.cards[0]) if step.k < n else step.received
    if step.k + 1 == 2 * n:
        return state.evolve(step=None, to_act=None), True
    nxt = SwapStep(step.k + 1, received)
    return state.evolve(step=nxt, to_act=_gift(state, params, nxt).giver), False


def apply_many(state: DealState, params: Mapping[str, Any], actions: Sequence[object],
               start: int) -> tuple[DealState, int, bool]:
    """Apply a run of gifts from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    Each gift is applied with :func:`apply`; the run stops before the first action that is not the expected
    gift, by the seat to act, of a card it holds (what :func:`verify` accepts), for the step path to judge.
    Returns the state after the run, the index of the first action not consumed, and whether the phase is
    over.
    """
    index = start
    while index < len(actions):
        action = read_action(actions[index])
        if action is None or action.seat != state.to_act:
            break
        gift = _gift(state, params, state.step)
        if not is_legal_give(action, gift, state.hands[gift.giver]):
            break
        state, done = apply(state, params, action)
        index += 1
        if done:
            return state, index, True
    return state, index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = _gift(state, params, state.step)
    for card in sorted(state.hands[gift.giver], key=lambda c: c.code):
        if card != gift.not_card:
            yield Action(gift.giver, "give", target=gift.receiver, cards=(card,))
