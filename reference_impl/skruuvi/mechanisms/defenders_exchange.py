"""The defenders' optional one-card exchange.

Parameters: ``first`` (seat reference of the defender who may give first), ``return_must_differ``
(the partner may not give back the card he just received) and
``banned_if_main_first_bid_at_least`` (no exchange when the main pair's first bid had this level or
more; the state then remembers that the exchange is forbidden, for the doubling phase's error code).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import IllegalAction
from ..notation import Action, Card, parse_action, partner
from ..state import DealState, Gift, check_give, moved, seat_ref, verify_give

PARAMS = frozenset({"first", "return_must_differ", "banned_if_main_first_bid_at_least"})
SEAT_PARAMS = frozenset({"first"})


class ExchangeStep(NamedTuple):
    giver: int
    received: Card | None  # set once the first defender has given
    gift: Gift  # the gift this step waits for (worked out once, when the step begins)


def _step(params: Mapping[str, Any], giver: int, received: Card | None) -> ExchangeStep:
    """The first defender's gift to his partner, or (``received`` given) the partner's gift back."""
    if received is None:
        return ExchangeStep(giver, None, Gift(giver, partner(giver), 1))
    not_card = received if params["return_must_differ"] else None
    return ExchangeStep(giver, received, Gift(partner(giver), giver, 1, not_card))


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    main = state.declarer
    assert main is not None
    first_bid = state.side_first_bid[main % 2]
    if first_bid is not None and first_bid.level >= params["banned_if_main_first_bid_at_least"]:
        return {"exchange_banned": True, "step": None, "to_act": None}, True
    giver = seat_ref(state, params["first"])
    return {"step": _step(params, giver, None), "to_act": giver}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    step: ExchangeStep = state.step
    if action.verb == "pass" and step.received is None:
        return
    verify_give(state, action, step.gift)


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: ExchangeStep = state.step
    if action.verb == "pass":
        return state.evolve(step=None, to_act=None), True
    gift = step.gift
    hands = moved(state.hands, gift.giver, gift.receiver, action.cards)
    if step.received is None:
        return state.evolve(hands=hands, step=_step(params, step.giver, action.cards[0]), to_act=gift.receiver), False
    return state.evolve(hands=hands, step=None, to_act=None), True


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of actions from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    The first defender's ``pass`` is checked and applied by :func:`verify` and :func:`apply`; each gift is
    checked as :func:`verify` checks it (:func:`~skruuvi.state.check_give`) and the hands are updated as
    :func:`apply` updates them, with the state built once. The run stops before the first action that is not
    an allowed pass or the expected gift by the seat to act (the giver), of cards it holds, for the step
    path to judge. Returns the state after the run (equal to the step path's), the index of the first action
    not consumed, and whether the exchange is over.
    """
    step: ExchangeStep = state.step
    hands = list(state.hands)
    index, count = start, len(actions)
    while index < count:
        gift = step.gift
        try:
            action = parse_action(actions[index])
            if action.seat != gift.giver:  # the seat to act is the giver
                break
            if action.verb == "pass" and step.received is None:  # no gift made yet: the state is unchanged
                verify(state, params, action)
                new, done = apply(state, params, action)
                return new, index + 1, done
            check_give(action, gift, hands[gift.giver])  # the step path's own check
        except IllegalAction:
            break
        given = frozenset(action.cards)  # as moved() moves them
        hands[gift.giver] = hands[gift.giver] - given
        hands[gift.receiver] = hands[gift.receiver] | given
        index += 1
        if step.received is not None:  # the gift back: the exchange is over
            return state.evolve(hands=tuple(hands), step=None, to_act=None), index, True
        step = _step(params, step.giver, action.cards[0])
    if index == start:
        return state, start, False
    return state.evolve(hands=tuple(hands), step=step, to_act=step.gift.giver), index, False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    step: ExchangeStep = state.step
    gift = step.gift
    if step.received is None:
        yield Action(gift.giver, "pass")
    for card in sorted(state.hands[gift.giver], key=lambda c: c.code):
        if card != gift.not_card:
            yield Action(gift.giver, "give", target=gift.receiver, cards=(card,))
