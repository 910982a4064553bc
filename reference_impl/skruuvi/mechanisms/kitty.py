"""Taking the centre cards and passing cards on: the kitty of an alkupeli, the bolshevik's gifts.

The taker takes the centre cards (automatic). If ``to_partner`` is more than 0 he first gives that many
cards to his partner in one action. Then ``distribution`` says who hands cards out
(``distributor``: ``partner`` or ``taker``) and how many to each of the three other players (``each``),
one action each, in ``distribute_order`` (``clockwise-from-left``: the distributor's left first).

Parameters: ``taker`` (seat reference), ``to_partner``, ``distribution``, ``distribute_order``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..notation import Action, left, partner
from ..state import DealState, Gift, seat_ref, verify_give

PARAMS = frozenset({"taker", "to_partner", "distribution", "distribute_order"})
CHOICES = {"distribute_order": frozenset({"clockwise-from-left"})}
DISTRIBUTORS = frozenset({"taker", "partner"})
SEAT_PARAMS = frozenset({"taker"})


@dataclass(frozen=True, slots=True)
class KittyStep:
    gifts: tuple[Gift, ...]  # every gift of the phase, in order
    k: int  # the next one


def _gifts(taker: int, params: Mapping[str, Any]) -> tuple[Gift, ...]:
    gifts = []
    if params["to_partner"]:
        gifts.append(Gift(taker, partner(taker), params["to_partner"]))
    distribution = params["distribution"]
    giver = taker if distribution["distributor"] == "taker" else partner(taker)
    receiver = giver
    for _ in range(3):
        receiver = left(receiver)
        gifts.append(Gift(giver, receiver, distribution["each"]))
    return tuple(gifts)


def expected_gift(state: DealState) -> Gift:
    """The gift the kitty phase waits for now (giver, receiver, number of cards)."""
    step: KittyStep = state.step
    return step.gifts[step.k]


def check_params(params: Mapping[str, Any]) -> tuple[str, str] | None:
    """``(param, why)`` when a parameter's value cannot work, else None."""
    distribution = params["distribution"]
    if not isinstance(distribution, dict) or distribution.get("distributor") not in DISTRIBUTORS \
            or not isinstance(distribution.get("each"), int) or distribution["each"] < 1:
        return "distribution", "must be {distributor: taker|partner, each: a whole number of cards >= 1}"
    return None


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[DealState, bool]:
    taker = seat_ref(state, params["taker"])
    state = state.with_hand(taker, state.hands[taker] | frozenset(state.centre))
    step = KittyStep(_gifts(taker, params), 0)
    return state.evolve(step=step, to_act=step.gifts[0].giver), False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    step: KittyStep = state.step
    verify_give(state, action, step.gifts[step.k])


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: KittyStep = state.step
    gift = step.gifts[step.k]
    state = state.move_cards(gift.giver, gift.receiver, action.cards)
    if step.k + 1 == len(step.gifts):
        return state.evolve(step=None, to_act=None), True
    nxt = KittyStep(step.gifts, step.k + 1)
    return state.evolve(step=nxt, to_act=nxt.gifts[nxt.k].giver), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    step: KittyStep = state.step
    gift = step.gifts[step.k]
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
