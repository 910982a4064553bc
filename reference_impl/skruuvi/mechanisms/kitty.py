"""Kitty exchange of an alkupeli: the taker takes the centre cards, gives cards to his partner, and the
partner gives cards to each of the other three players in turn.

Parameters: ``taker`` (seat reference), ``to_partner`` (cards the taker gives his partner in one
action), ``partner_gives_each`` (cards the partner then gives each other player) and
``distribute_order`` (``clockwise-from-left``: the partner's gifts go to his left first).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..notation import Action, left, partner
from ..state import DealState, Gift, seat_ref, verify_give

PARAMS = frozenset({"taker", "to_partner", "partner_gives_each", "distribute_order"})
CHOICES = {"distribute_order": frozenset({"clockwise-from-left"})}
SEAT_PARAMS = frozenset({"taker"})


@dataclass(frozen=True, slots=True)
class KittyStep:
    taker: int
    k: int  # 0: the taker's gift; 1..3: the partner's gifts


def _gift(params: Mapping[str, Any], step: KittyStep) -> Gift:
    taker, mate = step.taker, partner(step.taker)
    if step.k == 0:
        return Gift(taker, mate, params["to_partner"])
    receiver = mate
    for _ in range(step.k):
        receiver = left(receiver)
    return Gift(mate, receiver, params["partner_gives_each"])


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[DealState, bool]:
    taker = seat_ref(state, params["taker"])
    state = state.with_hand(taker, state.hands[taker] | frozenset(state.centre))
    return state.evolve(step=KittyStep(taker, 0), to_act=taker), False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    verify_give(state, action, _gift(params, state.step))


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: KittyStep = state.step
    gift = _gift(params, step)
    state = state.move_cards(gift.giver, gift.receiver, action.cards)
    if step.k == 3:
        return state.evolve(step=None, to_act=None), True
    nxt = KittyStep(step.taker, step.k + 1)
    return state.evolve(step=nxt, to_act=_gift(params, nxt).giver), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    gift = _gift(params, state.step)
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
