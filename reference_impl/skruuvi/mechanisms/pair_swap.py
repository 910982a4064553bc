"""A swap of cards between partners: one gives ``count`` cards, the partner gives ``count`` back (kotka).

Parameters: ``giver`` (seat reference of who gives first, e.g. ``highest-bidder``) and ``count``
(cards in each direction, each gift one action). Either may pass on cards just received.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..batch import read_action
from ..notation import Action, partner
from ..state import DealState, Gift, is_legal_give, moved, seat_ref, verify_give

PARAMS = frozenset({"giver", "count"})
SEAT_PARAMS = frozenset({"giver"})


@dataclass(frozen=True, slots=True)
class SwapStep:
    giver: int
    back: bool  # False: the first gift; True: the gift back


def _gift(params: Mapping[str, Any], step: SwapStep) -> Gift:
    a, b = step.giver, partner(step.giver)
    return Gift(b, a, params["count"]) if step.back else Gift(a, b, params["count"])


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[DealState, bool]:
    giver = seat_ref(state, params["giver"])
    return state.evolve(step=SwapStep(giver, False), to_act=giver), False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, _gift(params, state.step))


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: SwapStep = state.step
    gift = _gift(params, step)
    hands = moved(state.hands, gift.giver, gift.receiver, action.cards)
    if step.back:
        return state.evolve(hands=hands, step=None, to_act=None), True
    return state.evolve(hands=hands, step=SwapStep(step.giver, True), to_act=gift.receiver), False


def apply_many(state: DealState, params: Mapping[str, Any], actions: Sequence[object],
               start: int) -> tuple[DealState, int, bool]:
    """Apply a run of gifts from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    Each gift is applied with :func:`apply`; the run stops before the first action that is not the expected
    gift, by the seat to act, of cards it holds (what :func:`verify` accepts), for the step path to judge.
    Returns the state after the run, the index of the first action not consumed, and whether the phase is
    over.
    """
    index = start
    while index < len(actions):
        action = read_action(actions[index])
        if action is None or action.seat != state.to_act:
            break
        gift = _gift(params, state.step)
        if not is_legal_give(action, gift, state.hands[gift.giver]):
            break
        state, done = apply(state, params, action)
        index += 1
        if done:
            return state, index, True
    return state, index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = _gift(params, state.step)
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
