"""Trick play, whist style: follow suit if able; highest trump, else highest card of the suit led, wins;
the winner leads the next trick. Trumps are the contract's suit (none in grandi, misère, or without a
contract).

Parameter: ``lead``: the seat reference of the first leader (e.g. ``declarer-left`` or ``forehand``), or
a mapping from the contract kind (``trump``, ``grand``, ``misere``; ``none`` without a contract) to one.
The hands at the start of play are kept in the state (``play_masks``: crowns and honours are counted
from them). Hands are card masks (:attr:`DealState.hand_masks`), here as everywhere in the state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any

from ..batch import SEAT_PLAYS, SUIT_MASKS, card_list
from ..errors import IllegalAction
from ..notation import TRUMP_STRAINS, Action, Card, left
from ..state import DealState, Trick, seat_ref, tuple_new

PARAMS = frozenset({"lead"})
SEAT_PARAMS = frozenset({"lead"})
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


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Play a run of ``actions`` from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    While the run lasts, the hands' masks are in a list and the best card of the trick so far is kept as it is
    played (the same rule as :func:`trick_winner`). From a lead, whole tricks go four cards at a time
    (:func:`_whole_tricks`); the rest card by card. The run stops before the first action that is not a
    canonical ``play`` of a held card, by the seat to act, following suit if able; the step path judges
    that one. Returns the state after the run (equal to the step path's), the index of the first action
    not consumed, and whether play is over.
    """
    seat, leader = state.to_act, state.leader
    assert seat is not None and leader is not None
    trump = trump_suit(state)
    masks = list(state.hand_masks)
    tricks = list(state.tricks)
    first = start  # the first action for the card-by-card loop
    if not state.current:
        first = _whole_tricks(actions, start, seat, masks, tricks, trump)
        if first > start:
            leader = seat = tricks[-1].winner
            if len(tricks) == TRICKS:
                return _played_out(state, masks, tricks), first, True
    current = list(state.current)
    played = len(current)  # cards of the trick in progress
    led, best_suit, best_rank, best_seat = _trick_so_far(state.current, leader, trump)
    led_mask = SUIT_MASKS[led] if current else 0  # the cards of the suit led
    plays = SEAT_PLAYS  # locals on the hot path
    index = first
    for index in range(first, len(actions)):
        try:
            card, bit, suit, rank = plays[seat][actions[index]]  # type: ignore[index]
        except (KeyError, TypeError):  # not a canonical play by the seat to act: the step path judges it
            break
        hand = masks[seat]
        if not hand & bit:
            break
        if played:
            if suit != led and hand & led_mask:
                break
            if suit == best_suit:
                if rank > best_rank:
                    best_rank, best_seat = rank, seat
            elif suit == trump:
                best_suit, best_rank, best_seat = suit, rank, seat
        else:
            led = best_suit = suit
            best_rank, best_seat, led_mask = rank, seat, SUIT_MASKS[suit]
        masks[seat] = hand ^ bit
        current.append(card)
        if played < 3:
            played += 1
            seat = (seat + 1) % 4  # left(seat), inlined on the hot path
            continue
        # the named tuple built as DealState.evolve builds states, without the generated __new__'s Python call
        tricks.append(tuple_new(Trick, (len(tricks) + 1, leader, tuple(current), best_seat)))
        current.clear()
        played = 0
        leader = seat = best_seat
        if len(tricks) == TRICKS:
            return _played_out(state, masks, tricks), index + 1, True
    else:  # the loop ran to the end of the record: every action was consumed
        index = len(actions)
    if index == start:
        return state, start, False
    return (
        state.evolve(hand_masks=tuple(masks), tricks=tuple(tricks), current=tuple(current), leader=leader, to_act=seat),
        index,
        False,
    )


def _played_out(state: DealState, masks: list[int], tricks: list[Trick]) -> DealState:
    """The state when the last trick has been played: the hands' ``masks`` and the ``tricks``, nobody to act.
    :meth:`DealState.evolve`'s copy with the fields set by their places (once per deal played: no keywords)."""
    values = list(state)
    values[_HAND_MASKS] = tuple(masks)
    values[_TRICKS] = tuple(tricks)
    values[_CURRENT] = ()
    values[_LEADER] = values[_TO_ACT] = None
    return tuple_new(DealState, values)


_HAND_MASKS, _TRICKS, _CURRENT, _LEADER, _TO_ACT = map(
    DealState._fields.index, ("hand_masks", "tricks", "current", "leader", "to_act")
)


_TURNS = tuple(
    (*followers, SEAT_PLAYS[seat], *(SEAT_PLAYS[f] for f in followers))
    for seat in range(4)
    for followers in ((left(seat), left(left(seat)), left(left(left(seat)))),)
)
"""Per seat that leads: the seats that follow, in turn, then the canonical plays (:data:`SEAT_PLAYS`) of the
leader and of each follower."""


def _whole_tricks(
    actions: Sequence[object], start: int, seat: int, masks: list[int], tricks: list[Trick], trump: str | None
) -> int:
    """Play whole tricks from ``actions[start]``, a lead by ``seat``, for :func:`apply_many`: each trick's
    four cards are read and checked together (each follower following suit if able) and its winner found by
    the rule of :func:`trick_winner`. ``masks`` and ``tricks`` are changed in place. Stops after the
    thirteenth trick, or before a trick with a card that is not sure to be legal (left to the card-by-card
    loop). Returns the index of the first action not consumed.

    That each card was held is checked once, after the loop: a card's bit is flipped out of (or, not held,
    into) its player's mask. Each seat played one card a trick; its mask lost exactly as many cards as it
    played only if every card it played was held then (a card not held, or played twice, leaves more),
    and the hands lost ``4 * tricks`` cards together only if every seat's did. If not, nothing is played
    here (``masks`` and ``tricks`` as they were, ``start`` returned): the card-by-card loop, which tests
    each card as it is played, finds the card."""
    turns, suit_masks, new = _TURNS, SUIT_MASKS, tuple_new  # locals on the hot path
    at_start = masks.copy()
    number = before = len(tricks)  # number: of the last trick played
    remaining = islice(actions, start, start + 4 * (TRICKS - number))  # the actions of the tricks still to play
    # four actions at a time; the last few, if not four, are left to the card-by-card loop
    for a0, a1, a2, a3 in zip(remaining, remaining, remaining, remaining, strict=False):
        s1, s2, s3, plays0, plays1, plays2, plays3 = turns[seat]
        try:
            c0, b0, led, best_rank = plays0[a0]  # type: ignore[index]
            c1, b1, u1, r1 = plays1[a1]  # type: ignore[index]
            c2, b2, u2, r2 = plays2[a2]  # type: ignore[index]
            c3, b3, u3, r3 = plays3[a3]  # type: ignore[index]
        except (KeyError, TypeError):  # not four canonical plays in turn
            break
        h1, h2, h3 = masks[s1], masks[s2], masks[s3]
        led_mask = suit_masks[led]
        if (u1 != led and h1 & led_mask) or (u2 != led and h2 & led_mask) or (u3 != led and h3 & led_mask):
            break
        best_suit, best_seat = led, seat
        if u1 == best_suit:
            if r1 > best_rank:
                best_rank, best_seat = r1, s1
        elif u1 == trump:
            best_suit, best_rank, best_seat = u1, r1, s1
        if u2 == best_suit:
            if r2 > best_rank:
                best_rank, best_seat = r2, s2
        elif u2 == trump:
            best_suit, best_rank, best_seat = u2, r2, s2
        if u3 == best_suit:
            if r3 > best_rank:
                best_seat = s3
        elif u3 == trump:
            best_seat = s3
        masks[seat] ^= b0
        masks[s1] = h1 ^ b1
        masks[s2] = h2 ^ b2
        masks[s3] = h3 ^ b3
        number += 1
        tricks.append(new(Trick, (number, seat, (c0, c1, c2, c3), best_seat)))
        seat = best_seat
    played = number - before
    if sum(map(int.bit_count, at_start)) - sum(map(int.bit_count, masks)) != 4 * played:  # a card not held
        masks[:] = at_start
        del tricks[before:]
        return start
    return start + 4 * played


def _trick_so_far(current: tuple[Card, ...], leader: int, trump: str | None) -> tuple[Any, Any, int, int]:
    """The suit led and the best card so far (suit, rank, seat) of a trick in progress; ``None``s if none."""
    if not current:
        return None, None, 0, leader
    best_seat = trick_winner(current, leader, trump)
    top = current[(best_seat - leader) % 4]
    return current[0].suit, top.suit, top.rank, best_seat


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    hand = card_list(state.hand_masks[seat])
    if state.current:
        led = state.current[0].suit
        following = [c for c in hand if c.suit == led]
        hand = following or hand
    for card in hand:
        yield Action(seat, "play", cards=(card,))
