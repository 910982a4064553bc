"""Building the starting position of a deal from a record's ``deal`` mapping.

Two ways to give a deal (DESIGN §3, and the 2016/1944 dealing rules):

* ``hands`` (four lists) and ``centre``;
* ``deck`` (the 52 cards in dealing order, top first) and ``centre_positions``: the cards at those
  indices are the centre cards (in index order); the rest are dealt one at a time clockwise from the
  dealer's left. The ruleset's ``centre_forbidden_positions`` and ``centre_max_consecutive`` say
  which choices the dealer may make.

Every problem is ``invalid-deal`` (index ``None``), with a message saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from ..rules.errors import IllegalAction
from ..rules.notation import CARDS, SEAT_INDEX, SEATS, Card, left
from ..rules.ruleset import CENTRE_POSITION_NAMES, FormSpec, Ruleset
from .cards import cards_of
from .state import tuple_new

T = TypeVar("T")


class Deal(NamedTuple):
    """A checked starting position: the form, the dealer, the four hands (as card masks, the way
    :class:`~skruuvi.interpreter.state.DealState` keeps them) and the centre cards."""

    form: FormSpec
    dealer: int
    hand_masks: tuple[int, ...]
    centre: tuple[Card, ...]

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """The four hands (N E S W) as sets of cards."""
        return tuple(map(cards_of, self.hand_masks))


_BITS: dict[str, int] = {name: card.bit for name, card in CARDS.items()}
"""Each card name and its card's bit (:attr:`Card.bit`)."""
_bit_of = _BITS.__getitem__
_card_of = CARDS.__getitem__
_FULL = (1 << 52) - 1
"""The mask of all 52 cards."""
_NO_CENTRE: list[Any] = []
"""The centre of a deal that gives none (never changed)."""


def _invalid(why: str) -> IllegalAction:
    return IllegalAction("invalid-deal", why, None)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise _invalid(f"{where} must be a list of cards")
    try:  # every item a card name (strings are the only keys of CARDS): the usual case, at C speed
        return list(map(_card_of, value))
    except (KeyError, TypeError):  # something else (TypeError: unhashable): find the first one, below
        pass
    out = []
    for item in value:
        card = CARDS.get(item) if isinstance(item, str) else None
        if card is None:
            raise _invalid(f"{where}: {item!r} is not a card")
        out.append(card)
    return out


def _mask_of(cards: list[Card]) -> int:
    """The mask of the distinct ``cards`` (a card given twice is set once)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _from_deck(
    deal: Mapping[str, Any], ruleset: Ruleset, form: FormSpec, dealer: int
) -> tuple[tuple[list[Card], ...], list[Card]]:
    deck = _cards(deal["deck"], "deck")
    if len(deck) != 52:
        raise _invalid(f"deck has {len(deck)} cards, not 52")
    return _dealt_out(deck, _centre_positions(deal, ruleset, form), dealer)


def _centre_positions(deal: Mapping[str, Any], ruleset: Ruleset, form: FormSpec) -> list[int]:
    """The deal's ``centre_positions`` in increasing order, checked against the form and the ruleset's rules."""
    positions = deal.get("centre_positions", [])
    n_centre = form.params["centre_cards"]
    if (
        not isinstance(positions, list)
        or len(positions) != n_centre
        or not (
            # ints (not bools, not subclasses) from 0 to 51, checked at C speed; else one by one
            (_INT.issuperset(map(type, positions)) and _INDICES.issuperset(positions))
            or all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < 52 for p in positions)
        )
        or len(set(positions)) != len(positions)
    ):
        raise _invalid(f"centre_positions must be {n_centre} distinct indices 0-51")
    for forbidden in ruleset.deal_params["centre_forbidden_positions"]:
        if _NAMED_POSITIONS.get(forbidden, forbidden) in positions:
            raise _invalid(f"the {forbidden} card of the pack may not be a centre card")
    ordered = sorted(positions)
    run = longest = 1 if ordered else 0
    for a, b in pairwise(ordered):
        run = run + 1 if b == a + 1 else 1
        if run > longest:
            longest = run
    if longest > ruleset.deal_params["centre_max_consecutive"]:
        raise _invalid(f"{longest} consecutive cards of the pack may not all be centre cards")
    return ordered


_INDICES = frozenset(range(52))
"""The positions in the pack."""
_INT = frozenset({int})
"""The one type of a position (``bool`` is a subclass of ``int``, and not a position)."""
_NAMED_POSITIONS = CENTRE_POSITION_NAMES
"""The positions a ruleset may name in ``centre_forbidden_positions`` (checked when the ruleset is compiled)."""


def _dealt_out(deck: list[T], ordered: list[int], dealer: int) -> tuple[tuple[list[T], ...], list[T]]:
    """The four hands (N E S W) and the centre dealt from ``deck`` (cards, or their names): the centre the
    items at the positions ``ordered`` (increasing), the rest dealt one at a time clockwise from the dealer's
    left."""
    centre = list(map(deck.__getitem__, ordered))
    rest = deck.copy()
    for p in reversed(ordered):  # from the bottom up, so that the positions still to take out stay put
        del rest[p]
    rounds = rest[0::4], rest[1::4], rest[2::4], rest[3::4]  # every fourth card of the rest, from the first on
    cut = 4 - left(dealer)  # the first round goes to the dealer's left: the rounds turned to seat order
    return rounds[cut:] + rounds[:cut], centre


def build_deal(deal: Any, ruleset: Ruleset) -> Deal:
    """The checked starting position, or :class:`IllegalAction` ``invalid-deal``: :func:`deal_values` as a
    :class:`Deal`."""
    return tuple_new(Deal, deal_values(deal, ruleset))


DealValues = tuple[FormSpec, int, tuple[int, ...], tuple[Card, ...]]
"""A :class:`Deal`'s values (the form, the dealer, the hands as card masks, the centre) as a plain tuple."""


def deal_values(deal: Any, ruleset: Ruleset) -> DealValues:
    """The checked starting position as :data:`DealValues` (what :func:`skruuvi.interpreter.engine.start` reads: no
    :class:`Deal` is built on the path of a replay), or :class:`IllegalAction` ``invalid-deal``.

    A valid deal in the usual shape (the four hands, or a deck dealt out, as lists of card names; the form's
    hands and centre adding up to the pack) is read at once (:func:`_quick_deal`); anything else, and every
    invalid deal, goes through the checks one by one, which name the first problem."""
    if type(deal) is not dict and not isinstance(deal, Mapping):  # a dict is checked without the ABC's hook
        raise _invalid("deal must be a mapping")
    form_name, dealer_name = deal.get("form"), deal.get("dealer")
    form = ruleset.forms.get(form_name) if isinstance(form_name, str) else None
    if form is None or not form.dealt:
        names = ", ".join(n for n, f in ruleset.forms.items() if f.dealt)
        raise _invalid(f"form {deal.get('form')!r} is not a dealt form of {ruleset.id} ({names})")
    dealer = SEAT_INDEX.get(dealer_name) if isinstance(dealer_name, str) else None
    if dealer is None:
        raise _invalid(f"dealer {deal.get('dealer')!r} is not a seat (N E S W)")
    has_hands, has_deck = "hands" in deal, "deck" in deal
    if has_hands == has_deck:
        raise _invalid("give either 'hands' (with 'centre') or 'deck' (with 'centre_positions')")
    if (has_deck and "centre" in deal) or (has_hands and "centre_positions" in deal):
        raise _invalid("'deck' goes with 'centre_positions', 'hands' with 'centre'; do not mix them")
    size, n_centre = form.params["hand_size"], form.params["centre_cards"]
    if 4 * size + n_centre == 52:  # the sizes of the form's hands and centre add up to the pack: the usual deal
        quick = None
        if has_deck:
            dealt = _usual_deck(deal, ruleset, form, dealer)
            if dealt is not None:
                quick = _quick_deal(form, dealer, dealt[0], dealt[1], size, n_centre)
        else:
            raw_hands = deal["hands"]
            if type(raw_hands) is dict and len(raw_hands) == 4:
                quick = _quick_deal(form, dealer, raw_hands, deal.get("centre", _NO_CENTRE), size, n_centre)
        if quick is not None:
            return quick
    # the checks one by one, which name the first problem
    hands: Sequence[list[Any]]  # the cards (deck) or their names (hands): as many as the hand holds
    if has_deck:
        hands, centre = _from_deck(deal, ruleset, form, dealer)
        masks = tuple(map(_mask_of, hands))
    else:
        raw_hands = deal["hands"]
        if (not isinstance(raw_hands, dict) and not isinstance(raw_hands, Mapping)) or set(raw_hands) != _SEAT_SET:
            raise _invalid("hands must map each of N E S W to a list of cards")
        hands = list(_SEAT_HANDS(raw_hands))
        cards = [_cards(hand, f"hands.{seat}") for seat, hand in zip(SEATS, hands, strict=True)]
        masks = tuple(map(_mask_of, cards))
        centre = _cards(deal.get("centre", []), "centre")
    for s, hand in zip(SEATS, hands, strict=True):
        if len(hand) != size:
            raise _invalid(f"{s} holds {len(hand)} cards; a {form.name} deals {size}")
    if len(centre) != n_centre:
        raise _invalid(f"{len(centre)} centre cards; a {form.name} has {n_centre}")
    m0, m1, m2, m3 = masks
    if m0 | m1 | m2 | m3 | _mask_of(centre) != _FULL:  # the hands and the centre together hold every card
        raise _invalid(_not_52(hands if has_deck else cards, centre))
    return form, dealer, masks, tuple(centre)


def _usual_deck(
    deal: Mapping[str, Any], ruleset: Ruleset, form: FormSpec, dealer: int
) -> tuple[tuple[list[Any], ...], list[Any]] | None:
    """The hands (N E S W) and the centre dealt from a deal's ``deck`` as the record names them, if the deck
    is a list of 52 items and the centre positions are valid; else ``None``."""
    names = deal["deck"]
    if type(names) is not list or len(names) != 52:
        return None
    try:
        ordered = _centre_positions(deal, ruleset, form)
    except IllegalAction:  # the checks one by one name the first problem, which may be the deck's
        return None
    return _dealt_out(names, ordered, dealer)


def _quick_deal(form: FormSpec, dealer: int, hands: Any, centre: Any, size: int, n_centre: int) -> DealValues | None:
    """The deal from the names of the cards of the four hands (a dict of the four seats' hands, or the hands in
    seat order) and of the centre, if it is sure to be valid; else ``None`` (the checks one by one then judge
    it). The hands must be lists of ``size`` card names, the centre a list of ``n_centre``, ``4 * size +
    n_centre`` being 52 (the caller checks).

    The masks are the sums of the cards' bits (at C speed). 52 bits add up to the 52-card mask only if they
    are the 52 different cards (a card given twice would leave a bit of the sum unset), so one comparison
    finds every card dealt twice or missing; the hands' sums are then their masks."""
    try:
        north, east, south, west = _SEAT_HANDS(hands) if type(hands) is dict else hands
    except KeyError:  # not the four seats
        return None
    if not (
        type(north) is type(east) is type(south) is type(west) is type(centre) is list
        and len(north) == len(east) == len(south) == len(west) == size
        and len(centre) == n_centre
    ):
        return None
    try:
        bits = _BITS  # itemgetter(*names)(bits): the bits of the names, looked up in C (cheaper than a map)
        masks = (
            sum(itemgetter(*north)(bits)),
            sum(itemgetter(*east)(bits)),
            sum(itemgetter(*south)(bits)),
            sum(itemgetter(*west)(bits)),
        )
        if sum(masks) + sum(map(_bit_of, centre)) != _FULL:
            return None
    except (KeyError, TypeError):  # something that is not a card name
        return None
    return form, dealer, masks, tuple(map(_card_of, centre))


def _not_52(hands: Sequence[list[Card]], centre: list[Card]) -> str:
    """Why the hands and the centre are not the 52 cards: the cards dealt twice, if any."""
    everything = [c for h in hands for c in h] + centre
    seen: set[Card] = set()
    dupes = sorted({str(c) for c in everything if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
    return f"cards dealt twice: {' '.join(dupes)}" if dupes else "the deal does not hold 52 cards"


_SEAT_SET = frozenset(SEATS)
_SEAT_HANDS = itemgetter(*SEATS)
"""The four hands (N E S W) of a mapping of seats to hands."""
