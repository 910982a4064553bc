"""The gifts of the exchanges: one ``give`` expected at a time, checked and made on the hands.

The kitty and the exchanges (the defenders', the partners', the pair swap) all wait for one gift at a time:
a giver, a receiver, how many cards and perhaps a card that may not be given back (:class:`Gift`). Each
exchange mechanism is one transition (:data:`GiftTransition`) and, where it allows more than its gift, one
check (:data:`GiftCheck`); :func:`exchange_apply` makes its ``apply`` from them. Not a mechanism itself:
the rules the exchanges share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...rules.errors import IllegalAction
from ...rules.notation import Action, Card
from ..cards import card_mask
from ..state import DealState, with_step


class Gift(NamedTuple):
    """One expected ``give``: from, to, how many cards, and a card that may not be given (or None)."""

    giver: int
    receiver: int
    size: int  # cards (not ``count``: that name is the tuple method's)
    not_card: Card | None = None


def verify_give(state: DealState, action: Any, gift: Gift) -> None:
    """Check a ``give`` against the expected gift, in DESIGN §4's order of specific codes."""
    check_give(action, gift, state.hand_masks[gift.giver], card_mask(action.cards))


def check_give(action: Any, gift: Gift, hand: int, given: int) -> None:
    """:func:`verify_give` with the giver's ``hand`` and the action's cards (``given``) as card masks (a batch
    path keeps the hands outside the state, and reads the mask with the action: :func:`read_action`)."""
    if action.verb != "give":
        raise IllegalAction("wrong-phase", f"a give is required here, not {action.verb!r}")
    if action.target != gift.receiver:
        raise IllegalAction("give-wrong-recipient", "the card(s) must go to another player")
    if len(action.cards) != gift.size:
        raise IllegalAction("give-wrong-count", f"exactly {gift.size} card(s) must be given, not {len(action.cards)}")
    if given & ~hand:  # a card not held: the first one named is the one reported
        for card in action.cards:
            if not hand & card.bit:
                raise IllegalAction("card-not-held", f"{card} is not in the giver's hand")
    if gift.not_card is not None and gift.not_card in action.cards:
        raise IllegalAction("return-same-card", f"{gift.not_card} was just received and may not be given back")


GiftCheck = Callable[[Any, Action, int, int], None]
"""An exchange's check of an action at its ``step`` (the mechanism's own step value, which carries the
``gift`` it waits for) against the giver's hand, the action's cards given as a card mask too (see
:func:`check_give`): raise the error code, or return."""

GiftTransition = Callable[[DealState, Mapping[str, Any], Any, list[int], Action, int], Any]
"""An exchange's transition: make the (checked) action at ``step`` in the hands (a list, changed in place;
the action's cards also given as a card mask) and return the next step, or None when the exchange is over.
``state`` is the state the run began from (for seat references, which do not change during an exchange)."""


def after_gifts(state: DealState, hands: list[int], step: Any) -> tuple[DealState, bool]:
    """The state after an exchange's actions (the hands now ``hands``, card masks; the next step ``step``, its
    giver to act), and whether the exchange is over (``step`` None)."""
    if step is None:
        return with_step(state, tuple(hands), None, None), True
    return with_step(state, tuple(hands), step, step.gift.giver), False


def apply_gift(
    state: DealState, params: Mapping[str, Any], action: Action, after: GiftTransition
) -> tuple[DealState, bool]:
    """An exchange's ``apply``: its transition ``after`` applied to one verified action."""
    hands = list(state.hand_masks)
    return after_gifts(state, hands, after(state, params, state.step, hands, action, card_mask(action.cards)))


ExchangeApply = Callable[[DealState, Mapping[str, Any], Action], tuple[DealState, bool]]


def exchange_apply(after: GiftTransition) -> ExchangeApply:
    """An exchange mechanism's ``apply``, from its one transition ``after``: :func:`apply_gift` bound to it."""

    def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
        return apply_gift(state, params, action, after)

    return apply
