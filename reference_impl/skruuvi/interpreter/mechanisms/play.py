"""Trick play, whist style: follow suit if able; highest trump, else highest card of the suit led, wins;
the winner leads the next trick. Trumps are the contract's suit (none in grandi, misère, or without a
contract).

Parameter: ``lead``: the seat reference of the first leader (e.g. ``declarer-left`` or ``forehand``), or
a mapping from the contract kind (``trump``, ``grand``, ``misere``; ``none`` without a contract) to one.
The hands at the start of play are kept in the state (``play_masks``: crowns and honours are counted
from them). Hands are card masks (:attr:`DealState.hand_masks`), here as everywhere in the state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...rules.errors import IllegalAction
from ...rules.notation import DECK, TRUMP_STRAINS, Action, Card, left
from ..cards import SUIT_MASKS, card_list
from ..state import DealState, Trick, seat_ref

TRICKS = 13


def trump_suit(state: DealState) -> str | None:
    contract = state.contract
    return contract.strain if contract is not None and contract.strain in TRUMP_STRAINS else None


def trick_winner(cards: tuple[Card, ...], leader: int, trump: str | None) -> int:
    """The seat that wins a complete trick led by ``leader``."""
    best = 0
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit == trump:
            best = i
    return (leader + best) % 4


def _lead_ref(state: DealState, lead: Any) -> str:
    if isinstance(lead, dict):
        kind = state.contract.kind if state.contract is not None else "none"
        return str(lead[kind])
    return str(lead)


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    leader = seat_ref(state, _lead_ref(state, params["lead"]))
    return {"step": None, "to_act": leader, "leader": leader, "current": (), "play_masks": state.hand_masks}, False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    if action.verb != "play":
        raise IllegalAction("wrong-phase", f"{action.verb!r} has no meaning during play")
    card = action.cards[0]
    hand = state.hand_masks[action.seat]
    if not hand & card.bit:
        raise IllegalAction("card-not-held", f"{card} is not in the player's hand")
    if state.current:
        led = state.current[0].suit
        if card.suit != led and hand & SUIT_MASKS[led]:
            raise IllegalAction("must-follow-suit", f"{card} does not follow the suit led while the hand holds it")


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    card, seat = action.cards[0], action.seat
    hands = list(state.hand_masks)
    hands[seat] ^= card.bit  # a held card (verified)
    current = (*state.current, card)
    if len(current) < 4:
        return state.evolve(hand_masks=tuple(hands), current=current, to_act=left(seat)), False
    leader = state.leader
    assert leader is not None
    winner = trick_winner(current, leader, trump_suit(state))
    tricks = (*state.tricks, Trick(len(state.tricks) + 1, leader, current, winner))
    if len(tricks) == TRICKS:
        return state.evolve(hand_masks=tuple(hands), tricks=tricks, current=(), leader=None, to_act=None), True
    return state.evolve(hand_masks=tuple(hands), tricks=tricks, current=(), leader=winner, to_act=winner), False


_PLAYS: tuple[tuple[Action, ...], ...] = tuple(tuple(Action(seat, "play", cards=(card,)) for card in DECK)
                                               for seat in range(4))
"""Every play as one shared value, by seat and card code (actions are immutable)."""


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    hand = state.hand_masks[seat]
    if state.current:
        hand = (hand & SUIT_MASKS[state.current[0].suit]) or hand  # follow suit when able
    plays = _PLAYS[seat]
    for card in card_list(hand):
        yield plays[card.code]
