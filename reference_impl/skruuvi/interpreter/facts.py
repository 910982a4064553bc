"""The facts of a finished deal that the scoring rules read (:data:`skruuvi.rules.expr.FACTS`).

Tricks per side and per seat, who the main pair is and whether it made its contract, and what the hands held
when play began: honours, aces and their order, sequences, coronets. The holding facts are read from the
card masks with int operations; the facts the aces decide are looked up by where the aces lie
(:data:`ACE_FACTS`, all 5 ** 4 placements made at import).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from ..rules.notation import BIDS, DECK, SEATS, SIDES, SUITS, side_of
from .cards import card_mask
from .state import DealState

OTHER = {"NS": "EW", "EW": "NS"}
ONE_COLUMN = ("deal",)
"""The columns of a ruleset without a line: its scores are plain numbers, not per column."""
ACES = frozenset(card for card in DECK if card.rank == 14)


def side_tricks(state: DealState) -> dict[str, int]:
    """Tricks won by each side."""
    tricks = state.tricks
    ns = 0
    for trick in tricks:  # a plain loop: no list built
        if not trick.winner & 1:  # seats 0 and 2 are NS
            ns += 1
    return {"NS": ns, "EW": len(tricks) - ns}


def ace_ordinals(state: DealState) -> dict[str, int]:
    """Per side, the sum of the numbers of the tricks it won, once per ace in the trick.

    The cards' ranks are compared one by one: a set operation would hash every card (a Python-level hash)."""
    ordinals = [0, 0]  # NS, EW
    for number, _, cards, winner in state.tricks:
        for card in cards:
            if card.rank == 14:
                ordinals[winner % 2] += number
    return {"NS": ordinals[0], "EW": ordinals[1]}


def seat_tricks(state: DealState) -> dict[str, int]:
    """Tricks won by each seat."""
    won = dict.fromkeys(SEATS, 0)
    for trick in state.tricks:
        won[SEATS[trick.winner]] += 1
    return won


def by_seat(state: DealState) -> bool:
    """Whether the form is played one against three (tricks and scores per seat, not per side)."""
    return state.form.params.get("scoring_unit") == "seat"


SUIT_BITS = 0x1FFF  # a suit's 13 bits in a card mask (bit 0 the two, bit 12 the ace)
HONOUR_BITS = 0x1F00  # the ten, jack, queen, king and ace of a suit
ACE_BITS = card_mask(ACES)
QUEEN_BITS = ACE_BITS >> 2
TOP_THREE = ACE_BITS | ACE_BITS >> 1 | QUEEN_BITS  # the ace, king and queen of each suit
PAST_ACE_BITS = ACE_BITS << 1  # the bit above each suit's ace


def _run_from_ace(suit_bits: int) -> int:
    """How many cards run from the ace down in one suit's 13 bits (0 without the ace)."""
    return 13 - (~suit_bits & SUIT_BITS).bit_length()  # the highest card missing ends the run


SEQUENCE_EXTRA: tuple[int, ...] = tuple(max(_run_from_ace(bits) - 2, 0) for bits in range(SUIT_BITS + 1))
"""Per suit's 13 bits, the cards from the third on of its run from the ace down (a table: read once per suit
of every hand that is scored)."""

HOLDING_FACTS = (
    "own_aces",
    "own_trump_honours",
    "own_three_ace_hands",
    "own_four_ace_hands",
    "own_sequence_cards",
    "own_trump_sequence_cards",
)


TRUMP_SHIFTS: dict[str | None, int] = {suit: 13 * k for k, suit in enumerate(SUITS)}
"""Per trump strain, where its suit's 13 bits start in a card mask."""
TRUMP_HONOURS: dict[str | None, int] = {suit: HONOUR_BITS << shift for suit, shift in TRUMP_SHIFTS.items()}
"""Per trump strain, the honours of its suit in a card mask."""


def _ace_facts(placement: int) -> tuple[dict[str, int], dict[str, int]]:
    """Per side (NS, EW), the holding facts the aces decide, the sequence facts 0 (see :data:`ACE_FACTS`)."""
    aces = [((placement >> seat) & ACE_BITS).bit_count() for seat in range(4)]  # N E S W

    def side(first: int, second: int, opp: int) -> dict[str, int]:  # a side's two hands' aces, the other side's
        return {
            "own_aces": first + second,
            "opp_aces": opp,
            "own_three_ace_hands": (first == 3) + (second == 3),
            "own_four_ace_hands": (first == 4) + (second == 4),
            "own_sequence_cards": 0,
            "own_trump_sequence_cards": 0,
        }

    north, east, south, west = aces
    return side(north, south, east + west), side(east, west, north + south)


ACE_FACTS: dict[int, tuple[dict[str, int], dict[str, int]]] = {
    placement: _ace_facts(placement)
    for placement in (
        sum(
            1 << (code + owner)
            for code, owner in zip(sorted(ace.code for ace in ACES), owners, strict=True)
            if owner is not None
        )
        for owners in product((None, 0, 1, 2, 3), repeat=len(ACES))
    )
}
"""Per placement of the aces, :func:`_ace_facts`. A placement is the four hands' ace bits in one int, each
hand's shifted by its seat (N 0, E 1, S 2, W 3: an ace's bits are 13 apart, so they do not meet); an ace in
no hand (before play: in the centre) has no bit. All 5 ** 4 placements, made at import: the facts the aces
decide are looked up, not counted, for every deal scored."""


def add_holding_facts(state: DealState, ns: dict[str, Any], ew: dict[str, Any]) -> None:
    """Set each side's holding facts, and ``opp_aces``, in its facts.

    Each hand is read as a card mask (a card's code is 13 * its suit's index + its rank - 2, so a suit is 13
    consecutive bits, the ace highest): the hands when play began (``play_masks``), else the hands as they are.
    With the scoring parameter ``honours_from: tricks-won`` the aces and trump honours are counted from the cards
    each side won in tricks instead (:func:`_count_won_honours`)."""
    north, east, south, west = state.play_masks or state.hand_masks
    placement = north & ACE_BITS | (east & ACE_BITS) << 1 | (south & ACE_BITS) << 2 | (west & ACE_BITS) << 3
    aces = ACE_FACTS[placement]
    ns.update(aces[0])
    ew.update(aces[1])
    contract = state.contract
    strain = contract.strain if contract is not None else None
    trump_honours = TRUMP_HONOURS.get(strain, 0)
    ns["own_trump_honours"] = ((north | south) & trump_honours).bit_count()
    ew["own_trump_honours"] = ((east | west) & trump_honours).bit_count()
    if state.ruleset.scoring_params.get("honours_from") == "tricks-won":
        _count_won_honours(state, trump_honours, ns, ew)
    # a run of three or more from the ace down needs the ace, king and queen of a suit in one hand: rare, so
    # the four hands are tested at once (adding the queen's bit to a hand's ace, king and queen carries past
    # the ace only when all three are held) and the runs counted only then
    if (
        (north & TOP_THREE) + QUEEN_BITS
        | (east & TOP_THREE) + QUEEN_BITS
        | (south & TOP_THREE) + QUEEN_BITS
        | (west & TOP_THREE) + QUEEN_BITS
    ) & PAST_ACE_BITS:
        trump = TRUMP_SHIFTS.get(strain)
        _add_sequence_facts(north, south, trump, ns)
        _add_sequence_facts(east, west, trump, ew)


def _count_won_honours(state: DealState, trump_honours: int, ns: dict[str, Any], ew: dict[str, Any]) -> None:
    """Set ``own_aces``, ``opp_aces`` and ``own_trump_honours`` of each side from the cards it won in tricks
    (``honours_from: tricks-won``); the facts of single hands (crowns, sequences) stay those of the hands."""
    won = [0, 0]  # NS, EW
    for trick in state.tricks:
        won[trick.winner % 2] |= card_mask(trick.cards)
    ns_aces, ew_aces = (won[0] & ACE_BITS).bit_count(), (won[1] & ACE_BITS).bit_count()
    ns["own_aces"] = ew["opp_aces"] = ns_aces
    ew["own_aces"] = ns["opp_aces"] = ew_aces
    ns["own_trump_honours"] = (won[0] & trump_honours).bit_count()
    ew["own_trump_honours"] = (won[1] & trump_honours).bit_count()


def _add_sequence_facts(first: int, second: int, trump: int | None, facts: dict[str, Any]) -> None:
    """Set the sequence facts of one side in its ``facts``, from the card masks of its two hands (``trump``:
    where the trump suit starts in a mask, None without trumps)."""
    runs = _sequence_cards(first) + _sequence_cards(second)
    trump_runs = 0
    if trump is not None:
        trump_runs = SEQUENCE_EXTRA[(first >> trump) & SUIT_BITS] + SEQUENCE_EXTRA[(second >> trump) & SUIT_BITS]
    facts["own_sequence_cards"] = runs - trump_runs
    facts["own_trump_sequence_cards"] = trump_runs


def _sequence_cards(mask: int) -> int:
    """The cards from the third on of one hand's runs from the ace down, in all four suits."""
    return (
        SEQUENCE_EXTRA[mask & SUIT_BITS]
        + SEQUENCE_EXTRA[(mask >> 13) & SUIT_BITS]
        + SEQUENCE_EXTRA[(mask >> 26) & SUIT_BITS]
        + SEQUENCE_EXTRA[mask >> 39]
    )


def deal_facts(state: DealState, tricks: dict[str, int] | None = None) -> dict[str, Any]:
    """The side-independent facts of a finished (or partly played) deal (``tricks``: its
    :func:`side_tricks`, when already counted)."""
    contract, declarer, doubling = state.contract, state.declarer, state.doubling
    multiplier = state.ruleset.scoring_params["multipliers"][doubling]
    if contract is None or declarer is None:
        return {
            "level": 0,
            "kind": "none",
            "made": False,
            "overtricks": 0,
            "undertricks": 0,
            "doubling": doubling,
            "multiplier": multiplier,
        }
    if by_seat(state):
        won = seat_tricks(state)[SEATS[declarer]]
    else:
        won = (side_tricks(state) if tricks is None else tricks)[side_of(declarer)]
    level, kind = contract.level, contract.kind
    margin = (7 - level) - won if kind == "misere" else won - (6 + level)
    return {
        "level": level,
        "kind": kind,
        "made": margin >= 0,
        "overtricks": max(margin, 0),
        "undertricks": max(-margin, 0),
        "doubling": doubling,
        "multiplier": multiplier,
    }


HOLDING_READS = frozenset(HOLDING_FACTS) | {"opp_aces"}
ORDINAL_READS = frozenset({"own_ace_ordinals", "opp_ace_ordinals"})


def main_side(state: DealState) -> str | None:
    """The main pair: the declarer's side (None when no contract was played)."""
    return state.main_side if state.contract is not None else None


def winner_side(state: DealState, facts: dict[str, Any]) -> str | None:
    """The deal's winner: the main pair if it made its contract, else the defenders (None without one)."""
    return winner_of(main_side(state), facts["made"])


def winner_of(main: str | None, made: bool) -> str | None:
    if main is None:
        return None
    return main if made else OTHER[main]


def _targets(main: str | None) -> dict[str, tuple[str, ...]]:
    """The sides each ``to`` of a rule scores, given the deal's main pair (``declarer-against-each``
    aside)."""
    pairs: tuple[str, ...] = () if main is None else (main,)
    defenders: tuple[str, ...] = () if main is None else (OTHER[main],)
    return {"each": SIDES, "main": pairs, "defenders": defenders, "NS": ("NS",), "EW": ("EW",)}


KINDS = {bid.strain: bid.kind for bid in BIDS.values()}
"""Per strain, the kind of a contract in it (:attr:`~skruuvi.rules.notation.Bid.kind`, read from a dict: once per
deal scored)."""

TARGETS = {main: _targets(main) for main in (None, *SIDES)}
"""Per main pair (None without a contract), the sides scored by each ``to`` of a rule."""
