"""Shared tables for the batch paths (see :mod:`skruuvi.interpreter.fast` and
:func:`skruuvi.interpreter.engine.apply_run`).

A batch path consumes a run of actions of one phase with cheap internal representations and stops at the
first action it is not sure is legal; the step path (:func:`skruuvi.interpreter.engine.apply`) then applies or rejects
that action, so error indexes, codes and messages are the step path's by construction.

Phases with few actions per deal (the kitty, the exchanges) read each action with
:func:`~skruuvi.rules.notation.parse_action` and check it with the step path's own rules before applying it;
doubling reads its calls from a table of its own (:data:`skruuvi.interpreter.fast.doubling.CALLS`).

The tables map the canonical spelling of an action (``"N play AS"``, ``"E bid 1S"``, ``"W pass"``) to the
:class:`~skruuvi.rules.notation.Action` that :func:`~skruuvi.rules.notation.parse_action` reads from it; any other
spelling, and anything that is not a string, is left to the step path.
"""

from __future__ import annotations

from typing import NamedTuple

from ...rules.notation import BIDS, DECK, SEATS, Action, Card, parse_action
from ..cards import SUIT_MASKS


class PlayMove(NamedTuple):
    """A pre-read ``play`` action: the seat, the card, and the card as a bit, a suit and a rank."""

    seat: int
    card: Card
    bit: int
    suit: str
    rank: int


PLAY_MOVES: dict[str, PlayMove] = {
    text: PlayMove(action.seat, card, 1 << card.code, card.suit, card.rank)
    for seat in SEATS
    for card in DECK
    for text in (f"{seat} play {card}",)
    for action in (parse_action(text),)
}

SEAT_PLAYS: tuple[dict[str, tuple[Card, int, str, int]], ...] = tuple(
    {
        text: (move.card, move.bit << 52 * seat, move.suit, move.rank)
        for text, move in PLAY_MOVES.items()
        if move.seat == seat
    }
    for seat in range(4)
)
"""Per seat, its canonical plays from :data:`PLAY_MOVES`: ``(card, bit, suit, rank)`` (plain tuples: unpacked
on the hot path), the bit placed for the four hands in one int: seat ``s``'s card masks shifted by ``52 * s``."""

HELD_SUITS: tuple[dict[str, int], ...] = tuple(
    {suit: mask << 52 * seat for suit, mask in SUIT_MASKS.items()} for seat in range(4)
)
"""Per seat, the mask of each suit placed as its :data:`SEAT_PLAYS` bits are."""

CALLS: dict[str, Action] = {
    text: parse_action(text) for seat in SEATS for text in (f"{seat} pass", *(f"{seat} bid {bid}" for bid in BIDS))
}
