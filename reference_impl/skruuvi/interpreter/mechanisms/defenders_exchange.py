"""The defenders' one-card exchange, optional unless its ``exchange`` is ``compulsory``.

Parameters: ``first`` (seat reference of the defender who may give first), ``return_must_differ``
(the partner may not give back the card he just received), optionally ``exchange`` (``compulsory``: the
first defender may not pass, his pass is ``wrong-phase``; ``optional``, the default: he may pass) and
``banned_if_main_first_bid_at_least`` (no exchange when the main pair's first bid had this level or
more; the state then remembers that the exchange is forbidden, for the doubling phase's error code) and
the optional ``banned_by_first_bid_of`` (``main``, the default: only the main pair's first bid counts;
``either``: either side's first bid at that level bans the exchange).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, NamedTuple

from ...rules.notation import Action, Card, partner
from ..cards import card_list, card_mask
from ..state import DealState, give, seat_ref
from .gifts import Gift, check_give, exchange_apply


class ExchangeStep(NamedTuple):
    giver: int
    received: Card | None  # set once the first defender has given
    gift: Gift  # the gift this step waits for (worked out once, when the step begins)
    may_pass: bool = True  # the first defender may pass (the exchange is not compulsory)


@cache
def _step(giver: int, received: Card | None, return_must_differ: bool, compulsory: bool = False) -> ExchangeStep:
    """The first defender's gift to his partner, or (``received`` given) the partner's gift back (not that
    card, if ``return_must_differ``). Kept: there are at most 4 x 53 x 2 x 2 such steps, each an immutable
    value."""
    if received is None:
        return ExchangeStep(giver, None, Gift(giver, partner(giver), 1), not compulsory)
    not_card = received if return_must_differ else None
    return ExchangeStep(giver, received, Gift(partner(giver), giver, 1, not_card), False)


SKIPPED_BY = ("banned_if_main_first_bid_at_least", "banned_by_first_bid_of")
"""The parameters that can make this phase pass without an action (its ban): what ``--explain`` names when an
engine and the reference part just after it."""


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    main = state.declarer
    assert main is not None
    level = params["banned_if_main_first_bid_at_least"]
    sides = (main % 2,) if params.get("banned_by_first_bid_of", "main") == "main" else (0, 1)
    if any((bid := state.side_first_bid[side]) is not None and bid.level >= level for side in sides):
        return {"exchange_banned": True, "step": None, "to_act": None}, True
    giver = seat_ref(state, params["first"])
    step = _step(giver, None, params["return_must_differ"], params.get("exchange", "optional") == "compulsory")
    return {"step": step, "to_act": giver}, False


def check(step: ExchangeStep, action: Action, hand: int, given: int) -> None:
    """The check against the giver's ``hand`` (card masks, ``given`` the action's cards): a pass while no
    gift has been made (unless the exchange is compulsory), or the step's gift."""
    if action.verb == "pass" and step.may_pass:
        return
    check_give(action, step.gift, hand, given)


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    step: ExchangeStep = state.step
    check(step, action, state.hand_masks[step.gift.giver], card_mask(action.cards))


def transition(
    state: DealState, params: Mapping[str, Any], step: ExchangeStep, hands: list[int], action: Action, given: int
) -> ExchangeStep | None:
    """The transition: a pass ends the exchange; a gift (``given``, a card mask) is made in ``hands``
    (changed in place), and the partner's gift back comes next, or (after the gift back) nothing."""
    if action.verb == "pass":
        return None
    gift = step.gift
    give(hands, gift.giver, gift.receiver, given)
    return _step(step.giver, action.cards[0], params["return_must_differ"]) if step.received is None else None


apply = exchange_apply(transition)
"""The step path's ``apply``, by the one transition."""


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    step: ExchangeStep = state.step
    gift = step.gift
    if step.may_pass:
        yield Action(gift.giver, "pass")
    for card in card_list(state.hand_masks[gift.giver]):
        if card != gift.not_card:
            yield Action(gift.giver, "give", target=gift.receiver, cards=(card,))
