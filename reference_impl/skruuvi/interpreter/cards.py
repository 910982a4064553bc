"""Sets of cards as bits: a hand, a gift or a suit is an int with bit ``card.code`` set for each card.

The state keeps every hand as such a card mask (:attr:`~skruuvi.interpreter.state.DealState.hand_masks`);
these are the conversions both ways, and the mask of each suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from ..rules.notation import DECK, Card

_BIT = attrgetter("bit")


def card_mask(cards: Iterable[Card]) -> int:
    """The (distinct) cards as an int with bit ``card.code`` set for each (their :attr:`Card.bit`: an
    attribute read in C, cheaper than hashing the card)."""
    return sum(map(_BIT, cards))


NO_CARDS: frozenset[Card] = frozenset()


def cards_of(mask: int) -> frozenset[Card]:
    """The cards whose bits are set in ``mask`` (the inverse of :func:`card_mask`); the empty hand, at the end
    of every deal played out, is one shared value."""
    return frozenset(card_list(mask)) if mask else NO_CARDS


def card_list(mask: int) -> list[Card]:
    """The cards whose bits are set in ``mask``, in the order of their codes (:data:`~skruuvi.rules.notation.DECK`'s
    order)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return cards


SUIT_MASKS: dict[str, int] = {suit: card_mask(c for c in DECK if c.suit == suit) for suit in "SCDH"}

