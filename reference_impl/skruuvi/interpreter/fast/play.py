"""Trick play's batch path: whole tricks read four cards at a time, the four hands as one int.

The rule is :mod:`skruuvi.interpreter.mechanisms.play`'s (follow suit if able; the highest trump, else the
highest card of the suit led, wins): :func:`apply_many` plays by it with cheap representations and stops
before the first action it is not sure is legal, which the step path then judges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import count, islice
from typing import Any

from ...rules.notation import SUITS, TRUMP_STRAINS, Card, left
from ..mechanisms.play import TRICKS, trick_winner, trump_suit
from ..state import DealState, Trick, tuple_new
from .tables import HELD_SUITS, SEAT_PLAYS


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Play a run of ``actions`` from index ``start`` on: the batch path of
    :func:`~skruuvi.interpreter.engine.apply_run`.

    While the run lasts, the four hands are one int (:func:`_packed`) and the best card of the trick so far
    is kept as it is played (the same rule as :func:`trick_winner`). From a lead, whole tricks go four cards
    at a time (:func:`_whole_tricks`); the rest card by card. The run stops before the first action that is
    not a canonical ``play`` of a held card, by the seat to act, following suit if able; the step path judges
    that one. Returns the state after the run (equal to the step path's), the index of the first action
    not consumed, and whether play is over.
    """
    seat, leader = state.to_act, state.leader
    assert seat is not None and leader is not None
    trump = trump_suit(state)
    hands = _packed(state.hand_masks)
    tricks = list(state.tricks)
    first = start  # the first action for the card-by-card loop
    if not state.current:
        hands, first = _whole_tricks(actions, start, seat, hands, tricks, trump)
        if first > start:
            leader = seat = tricks[-1].winner
            if len(tricks) == TRICKS:
                return _played_out(state, hands, tricks), first, True
    current = list(state.current)
    played = len(current)  # cards of the trick in progress
    led, best_suit, best_rank, best_seat = _trick_so_far(state.current, leader, trump)
    plays, held = SEAT_PLAYS, HELD_SUITS  # locals on the hot path
    index = first
    for index in range(first, len(actions)):
        try:
            card, bit, suit, rank = plays[seat][actions[index]]  # type: ignore[index]
        except (KeyError, TypeError):  # not a canonical play by the seat to act: the step path judges it
            break
        if not hands & bit:
            break
        if played:
            if suit != led and hands & held[seat][led]:
                break
            if suit == best_suit:
                if rank > best_rank:
                    best_rank, best_seat = rank, seat
            elif suit == trump:
                best_suit, best_rank, best_seat = suit, rank, seat
        else:
            led = best_suit = suit
            best_rank, best_seat = rank, seat
        hands ^= bit
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
            return _played_out(state, hands, tricks), index + 1, True
    else:  # the loop ran to the end of the record: every action was consumed
        index = len(actions)
    if index == start:
        return state, start, False
    return (
        state.evolve(
            hand_masks=_unpacked(hands), tricks=tuple(tricks), current=tuple(current), leader=leader, to_act=seat
        ),
        index,
        False,
    )


def _packed(masks: tuple[int, ...]) -> int:
    """The four hands' card masks as one int, seat ``s``'s at bit ``52 * s`` (:data:`SEAT_PLAYS`' bits): a card
    played is one ``^`` instead of a read and a write of a list of masks."""
    return masks[0] | masks[1] << 52 | masks[2] << 104 | masks[3] << 156


def _unpacked(hands: int) -> tuple[int, ...]:
    """The four card masks of :func:`_packed` hands (four empty hands, as at the end of most deals, shared)."""
    if not hands:
        return _EMPTY
    return (hands & _ALL, hands >> 52 & _ALL, hands >> 104 & _ALL, hands >> 156)


_ALL = (1 << 52) - 1
_EMPTY = (0, 0, 0, 0)


def _played_out(state: DealState, hands: int, tricks: list[Trick]) -> DealState:
    """The state when the last trick has been played: the (:func:`_packed`) ``hands`` and the ``tricks``, nobody
    to act. :meth:`DealState.evolve`'s copy with the fields set by their places (once per deal played: no
    keywords)."""
    values = list(state)
    values[_HAND_MASKS] = _unpacked(hands)
    values[_TRICKS] = tuple(tricks)
    values[_CURRENT] = ()
    values[_LEADER] = values[_TO_ACT] = None
    return tuple_new(DealState, values)


_HAND_MASKS, _TRICKS, _CURRENT, _LEADER, _TO_ACT = map(
    DealState._fields.index, ("hand_masks", "tricks", "current", "leader", "to_act")
)


def _turns(trump: str | None) -> tuple[dict[str, tuple[Any, ...]], ...]:
    """Per seat that leads, the table :func:`_whole_tricks` reads a trick with when ``trump`` is trumps: it
    maps the leader's canonical plays (:data:`SEAT_PLAYS`) to ``(card, bit, key, plays1, plays2, plays3,
    held1, held2, held3)``: the followers' tables for the suit of that lead, mapping their canonical plays
    to ``(card, bit, key)``, and their masks of that suit (placed as the bits are). A key orders the cards
    that can win a trick by :func:`trick_winner`'s rule: ``4 * strength + seat`` (the winner's seat is the
    best key's ``% 4``), the strength the rank, 20 higher for trumps. A follower's key is negative when the
    card does not follow suit: minus its key if a trump, else -1."""

    def key(player: int, suit: str, rank: int) -> int:
        return 4 * (rank + 20 * (suit == trump)) + player

    def follow_key(player: int, led: str, suit: str, rank: int) -> int:
        if suit == led:
            return key(player, suit, rank)
        return -key(player, suit, rank) if suit == trump else -1

    follows = {  # per player and suit led: one table, shared by the leaders it follows
        (player, led): {
            text: (card, bit, follow_key(player, led, suit, rank))
            for text, (card, bit, suit, rank) in SEAT_PLAYS[player].items()
        }
        for player in range(4)
        for led in SUITS
    }

    def turn(seat: int) -> dict[str, tuple[Any, ...]]:
        followers = (left(seat), left(left(seat)), left(left(left(seat))))
        after = {
            led: (*(follows[f, led] for f in followers), *(HELD_SUITS[f][led] for f in followers)) for led in SUITS
        }
        return {
            text: (card, bit, key(seat, suit, rank), *after[suit])
            for text, (card, bit, suit, rank) in SEAT_PLAYS[seat].items()
        }

    return tuple(map(turn, range(4)))


_TURNS = {trump: _turns(trump) for trump in (None, *TRUMP_STRAINS)}
""":func:`_turns` for each trump suit, and for none."""


def _whole_tricks(
    actions: Sequence[object], start: int, seat: int, hands: int, tricks: list[Trick], trump: str | None
) -> tuple[int, int]:
    """Play whole tricks from ``actions[start]``, a lead by ``seat``, for :func:`apply_many`: each trick's
    four cards are read and checked together (each follower following suit if able) and its winner found by
    the rule of :func:`trick_winner` (through the keys of :func:`_turns`). ``tricks`` is changed in place.
    Stops after the thirteenth trick, or before a trick with a card that is not sure to be legal (left to the
    card-by-card loop). Returns the (:func:`_packed`) hands after the tricks played and the index of the first
    action not consumed.

    That each card was held is checked once, after the loop: a card's bit is flipped out of (or, not held,
    into) the hands. Each seat played one card a trick; the hands lost ``4 * tricks`` cards only if every
    card played was held then (a card not held, or played twice, leaves more). If not, nothing is played
    here (``hands`` and ``tricks`` as they were, ``start`` returned): the card-by-card loop, which tests
    each card as it is played, finds the card."""
    turns, new, trick = _TURNS[trump], tuple_new, Trick  # locals on the hot path
    at_start = hands
    before = len(tricks)
    remaining = islice(actions, start, start + 4 * (TRICKS - before))  # the actions of the tricks still to play
    # each trick's number and four actions; the last few actions, if not four, are left to the card-by-card loop
    for number, a0, a1, a2, a3 in zip(count(before + 1), remaining, remaining, remaining, remaining, strict=False):
        try:
            c0, b0, best, plays1, plays2, plays3, held1, held2, held3 = turns[seat][a0]  # type: ignore[index]
            c1, b1, k1 = plays1[a1]
            c2, b2, k2 = plays2[a2]
            c3, b3, k3 = plays3[a3]
        except (KeyError, TypeError):  # not four canonical plays in turn
            break
        # each follower: following suit (a positive key), or not holding the suit led (then a trump can win);
        # the three written out, as the four lookups above: a loop would build and walk a tuple every trick
        if k1 > best:
            best = k1
        elif k1 < 0:
            if hands & held1:
                break
            if -k1 > best:
                best = -k1
        if k2 > best:
            best = k2
        elif k2 < 0:
            if hands & held2:
                break
            if -k2 > best:
                best = -k2
        if k3 > best:
            best = k3
        elif k3 < 0:
            if hands & held3:
                break
            if -k3 > best:
                best = -k3
        hands ^= b0 ^ b1 ^ b2 ^ b3
        best %= 4  # the winner's seat
        tricks.append(new(trick, (number, seat, (c0, c1, c2, c3), best)))
        seat = best
    played = len(tricks) - before
    if at_start.bit_count() - hands.bit_count() != 4 * played:  # a card not held
        del tricks[before:]
        return at_start, start
    return hands, start + 4 * played


def _trick_so_far(current: tuple[Card, ...], leader: int, trump: str | None) -> tuple[Any, Any, int, int]:
    """The suit led and the best card so far (suit, rank, seat) of a trick in progress; ``None``s if none."""
    if not current:
        return None, None, 0, leader
    best_seat = trick_winner(current, leader, trump)
    top = current[(best_seat - leader) % 4]
    return current[0].suit, top.suit, top.rank, best_seat
