"""Notation of DESIGN §2: seats, cards, bids and action strings.

Everything here is a small immutable value. Parsing never looks at the rules: a string that cannot
be read is ``malformed-action``; whether a well-read action is *legal* is the phase machine's call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import IllegalAction

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
SEAT_INDEX: dict[str, int] = {s: i for i, s in enumerate(SEATS)}
SIDES: tuple[str, str] = ("NS", "EW")
RANKS = "23456789TJQKA"
SUITS = "SCDH"
STRAINS = "SCDHGM"
TRUMP_STRAINS = frozenset("SCDH")


def left(seat: int) -> int:
    """The next seat clockwise (the player on ``seat``'s left)."""
    return (seat + 1) % 4


def right(seat: int) -> int:
    return (seat + 3) % 4


def partner(seat: int) -> int:
    return (seat + 2) % 4


def side_of(seat: int) -> str:
    return SIDES[seat % 2]


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card. There are exactly 52 instances, one per card (:data:`DECK`, :data:`CARDS`):
    ``Card(rank, suit, code)`` returns the existing card with those values (and raises ``ValueError`` if
    there is none), so identity is equality (the default ``__eq__``, computed in C). The hash is the card's
    code, not its identity, so that sets of cards iterate in the same order in every run (replays and
    generated records must be deterministic); the identity hash would be about 5% faster."""

    rank: int  # 2..14, ace high
    suit: str  # S C D H
    code: int  # 0..51, stable order: suit-major as in SUITS, then rank
    bit: int = field(init=False, repr=False)  # 1 << code: the card in an int bitmask (interpreter.cards.card_mask)
    text: str = field(init=False, repr=False)  # the card's spelling (rank then suit), made once

    def __new__(cls, rank: int, suit: str, code: int) -> Card:
        card = _INTERNED.get(code) if isinstance(code, int) else None
        if card is None or card.rank != rank or card.suit != suit:
            raise ValueError(f"no card has rank {rank!r}, suit {suit!r} and code {code!r}")
        return card

    def __hash__(self) -> int:
        return self.code

    def __reduce__(self) -> tuple[type[Card], tuple[int, str, int]]:
        """Copies and unpickled cards are the interned card itself."""
        return Card, (self.rank, self.suit, self.code)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def is_ace(self) -> bool:
        return self.rank == 14


def _make_card(rank: int, suit: str, code: int) -> Card:
    """Build one of the 52 cards (once, below; ``Card(...)`` then returns it)."""
    card = object.__new__(Card)
    Card.__init__(card, rank, suit, code)
    object.__setattr__(card, "bit", 1 << code)  # a frozen dataclass's own way to set a field
    object.__setattr__(card, "text", RANKS[rank - 2] + suit)
    return card


_INTERNED: dict[int, Card] = {
    SUITS.index(s) * 13 + RANKS.index(r): _make_card(RANKS.index(r) + 2, s, SUITS.index(s) * 13 + RANKS.index(r))
    for s in SUITS
    for r in RANKS
}
CARDS: dict[str, Card] = {str(card): card for card in _INTERNED.values()}
DECK: tuple[Card, ...] = tuple(sorted(CARDS.values(), key=lambda c: c.code))


def parse_card(text: object) -> Card | None:
    """The card named by ``text`` (``"AS"``, ``"TD"``), or ``None`` if it names none."""
    return CARDS.get(text) if isinstance(text, str) else None


@dataclass(frozen=True, slots=True)
class Bid:
    """Level 1..7 and strain (S C D H = trumps, G = grandi, M = misère)."""

    level: int
    strain: str

    def __str__(self) -> str:
        return f"{self.level}{self.strain}"

    @property
    def kind(self) -> str:
        """``trump``, ``grand`` or ``misere``: the scoring vocabulary's contract kind."""
        if self.strain == "G":
            return "grand"
        if self.strain == "M":
            return "misere"
        return "trump"


BIDS: dict[str, Bid] = {f"{lvl}{s}": Bid(lvl, s) for lvl in range(1, 8) for s in STRAINS}


def parse_bid(text: str) -> Bid | None:
    return BIDS.get(text)


VERBS = frozenset({"bid", "pass", "give", "double", "redouble", "play", "choose"})
OPTION_WORD = re.compile(r"[a-z][a-z-]*")


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action: who does what. ``target`` is the recipient of a ``give``; ``option`` the word
    of a ``choose`` (whether the ruleset offers it is the phase's call, not the parser's)."""

    seat: int
    verb: str
    bid: Bid | None = None
    target: int | None = None
    cards: tuple[Card, ...] = ()
    option: str | None = None
    #: The spelling, made at the first ``str()`` and kept (an action is immutable; no part of its value).
    _text: str | None = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            parts = [SEATS[self.seat], self.verb]
            if self.bid is not None:
                parts.append(str(self.bid))
            if self.target is not None:
                parts.append(SEATS[self.target])
            parts.extend([c.text for c in self.cards])
            if self.option is not None:
                parts.append(self.option)
            text = " ".join(parts)
            object.__setattr__(self, "_text", text)  # a frozen dataclass's own way to set a field
        return text


def _malformed(text: object, why: str) -> IllegalAction:
    return IllegalAction("malformed-action", f"{text!r}: {why}")


def parse_action(text: object) -> Action:
    """Read ``"<seat> <verb> [args]"`` or raise :class:`IllegalAction` with code ``malformed-action``."""
    if not isinstance(text, str):
        raise _malformed(text, "an action must be a string")
    return _parse_text(text)


@lru_cache(maxsize=1 << 16)
def _parse_text(text: str) -> Action:
    """Parse an action string (cached: the same strings recur across deals; actions are immutable).

    Words are separated by ASCII spaces only (DESIGN §3): any other whitespace stays inside a word, so the
    seat, verb or argument it touches is unknown and the action is malformed."""
    words = [word for word in text.split(" ") if word]
    if len(words) < 2:
        raise _malformed(text, "expected '<seat> <verb> ...'")
    seat = SEAT_INDEX.get(words[0])
    if seat is None:
        raise _malformed(text, f"unknown seat {words[0]!r} (seats are N E S W)")
    verb, args = words[1], words[2:]
    if verb not in VERBS:
        raise _malformed(text, f"unknown verb {verb!r}")
    if verb in ("pass", "double", "redouble"):
        if args:
            raise _malformed(text, f"{verb!r} takes no arguments")
        return Action(seat, verb)
    if verb == "bid":
        bid = parse_bid(args[0]) if len(args) == 1 else None
        if bid is None:
            raise _malformed(text, "expected 'bid <level 1-7><strain S C D H G M>'")
        return Action(seat, verb, bid=bid)
    if verb == "choose":
        if len(args) != 1 or not OPTION_WORD.fullmatch(args[0]):
            raise _malformed(text, "expected 'choose <option>', one lowercase word such as 'choose pakettiskruuvi'")
        return Action(seat, verb, option=args[0])
    if verb == "play":
        card = parse_card(args[0]) if len(args) == 1 else None
        if card is None:
            raise _malformed(text, "expected 'play <card>', e.g. 'play AS'")
        return Action(seat, verb, cards=(card,))
    # give <seat> <card> [<card> ...]
    if len(args) < 2:
        raise _malformed(text, "expected 'give <seat> <card> [<card> ...]'")
    target = SEAT_INDEX.get(args[0])
    if target is None:
        raise _malformed(text, f"unknown recipient {args[0]!r}")
    cards = []
    for word in args[1:]:
        card = parse_card(word)
        if card is None:
            raise _malformed(text, f"unknown card {word!r}")
        cards.append(card)
    if len(set(cards)) != len(cards):
        raise _malformed(text, "the same card is named twice")
    return Action(seat, verb, target=target, cards=tuple(cards))


def canonical(text: object) -> str:
    """The canonical spelling of an action string (DESIGN §3): one ASCII space between words and a give's cards
    in pack order (:data:`DECK`: suits S C D H, ranks 2 to A). Raises ``malformed-action`` as :func:`parse_action`."""
    action = parse_action(text)
    if len(action.cards) > 1:
        action = Action(action.seat, action.verb, action.bid, action.target,
                        tuple(sorted(action.cards, key=lambda c: c.code)), action.option)
    return str(action)
