"""The exchanges' batch path: a run of gifts read with their card masks, checked by the exchange's own
check and made by its own transition, the hands kept in a list and the state built once at the end.

Used for the exchanges (:mod:`~skruuvi.interpreter.mechanisms.defenders_exchange`,
:mod:`~skruuvi.interpreter.mechanisms.partner_exchange`, :mod:`~skruuvi.interpreter.mechanisms.pair_swap`)
and, for reading gifts, by the kitty's batch path (:mod:`skruuvi.interpreter.fast.kitty`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ...rules.errors import IllegalAction
from ...rules.notation import Action, parse_action
from ..cards import card_mask
from ..mechanisms.gifts import GiftCheck, GiftTransition, after_gifts, check_give
from ..state import DealState


@lru_cache(maxsize=1 << 14)
def read_action(text: str) -> tuple[Action, int]:
    """:func:`~skruuvi.rules.notation.parse_action` of ``text`` and the card mask of its cards: how the batch paths
    of the kitty and the exchanges read an action (cached by the text, as the parser is: the mask of a
    gift is then worked out once). Raises as the parser does, and ``TypeError`` for what cannot be hashed."""
    action = parse_action(text)
    return action, card_mask(action.cards)


def apply_gifts(
    state: DealState,
    params: Mapping[str, Any],
    actions: Sequence[object],
    start: int,
    after: GiftTransition,
    check: GiftCheck | None = None,
) -> tuple[DealState, int, bool]:
    """An exchange's ``apply_many`` (the batch path of :func:`skruuvi.interpreter.engine.apply_run`): the actions from
    index ``start`` on, each checked by the exchange's ``check`` (its ``verify``'s own; None for an exchange
    that allows nothing but its step's gift: :func:`check_give`) and applied by its transition ``after``
    (its ``apply``'s own), the hands kept in a list and the state built once.

    The run stops before the first action that is not by the seat to act (the step's giver) or that
    ``check`` rejects, for the step path to judge. Returns the state after the run (equal to the step
    path's), the index of the first action not consumed, and whether the exchange is over.
    """
    step = state.step
    hands = list(state.hand_masks)
    index, count = start, len(actions)
    while index < count:
        try:
            action, given = read_action(actions[index])
            gift = step.gift
            if action.seat != gift.giver:  # the seat to act is the giver
                break
            if check is None:
                check_give(action, gift, hands[gift.giver], given)
            else:
                check(step, action, hands[gift.giver], given)
        except (IllegalAction, TypeError):
            break
        step = after(state, params, step, hands, action, given)
        index += 1
        if step is None:
            break
    if index == start:
        return state, start, False
    new, done = after_gifts(state, hands, step)
    return new, index, done


ExchangeBatch = Callable[[DealState, Mapping[str, Any], Sequence[object], int], tuple[DealState, int, bool]]


def exchange_batch(after: GiftTransition, check: GiftCheck | None = None) -> ExchangeBatch:
    """An exchange mechanism's batch path, from its one transition ``after`` (and its ``check``, see
    :func:`apply_gifts`): :func:`apply_gifts` bound to them."""

    def apply_many(
        state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
    ) -> tuple[DealState, int, bool]:
        return apply_gifts(state, params, actions, start, after, check)

    return apply_many
