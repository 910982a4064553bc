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

from collections.abc import Mapping
from itertools import pairwise
from operator import itemgetter
from typing import Any, NamedTuple

from .batch import cards_of
from .errors import IllegalAction
from .notation import CARDS, SEAT_INDEX, SEATS, Card, left
from .ruleset import FormSpec, Ruleset


class Deal(NamedTuple):
    """A checked starting position: the form, the dealer, the four hands (as card masks, the way
    :class:`~skruuvi.state.DealState` keeps them) and the centre cards."""

    form: FormSpec
    dealer: int
    hand_masks: tuple[int, ...]
    centre: tuple[Card, ...]

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """The four hands (N E S W) as sets of cards."""
        return tuple(map(cards_of, self.hand_masks))


def _invalid(why: str) -> IllegalAction:
    return IllegalAction("invalid-deal", why, None)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise _invalid(f"{where} must be a list of cards")
    try:  # every item a card name (strings are the only keys of CARDS): the usual case, at C speed
        return [CARDS[item] for item in value]
    except (KeyError, TypeError):  # something else (TypeError: unhashable): find the first one, below
        pass
    out = []
    for item in value:
        card = CARDS.get(item) if isinstance(item, str) else None
        if card is None:
            raise _invalid(f"{where}: {item!r} is not a card")
        out.append(card)
    return out


_BITS: dict[str, int] = {name: card.bit for name, card in CARDS.items()}
"""Each card name and its card's bit (:attr:`Card.bit`)."""
_FULL = (1 << 52) - 1
"""The mask of all 52 cards."""


def _mask_of_names(value: Any, where: str) -> int:
    """The mask of the cards named in ``value`` (a hand as the record gives it): bits set for the distinct
    cards, as :func:`_cards` reads them (the same errors)."""
    if isinstance(value, list):
        try:  # every item a card name: looked up and summed at C speed; a name given twice carries, caught below
            mask = sum(itemgetter(*value)(_BITS)) if len(value) > 1 else _BITS[value[0]]
            if mask.bit_count() == len(value):
                return mask
        except (KeyError, TypeError, IndexError):  # not all card names (or none): _cards says which
            pass
    return _mask_of(_cards(value, where))


def _mask_of(cards: list[Card]) -> int:
    """The mask of the distinct ``cards`` (a card given twice is set once)."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _from_deck(
    deal: Mapping[str, Any], ruleset: Ruleset, form: FormSpec, dealer: int
) -> tuple[list[list[Card]], list[Card]]:
    deck = _cards(deal["deck"], "deck")
    if len(deck) != 52:
        raise _invalid(f"deck has {len(deck)} cards, not 52")
    positions = deal.get("centre_positions", [])
    n_centre = form.params["centre_cards"]
    if (
        not isinstance(positions, list)
        or len(positions) != n_centre
        or not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < 52 for p in positions)
        or len(set(positions)) != len(positions)
    ):
        raise _invalid(f"centre_positions must be {n_centre} distinct indices 0-51")
    named = {"first": 0, "last": 51}
    for forbidden in ruleset.deal_params["centre_forbidden_positions"]:
        if named.get(forbidden, forbidden) in positions:
            raise _invalid(f"the {forbidden} card of the pack may not be a centre card")
    ordered = sorted(positions)
    run = longest = 1 if ordered else 0
    for a, b in pairwise(ordered):
        run = run + 1 if b == a + 1 else 1
        longest = max(longest, run)
    if longest > ruleset.deal_params["centre_max_consecutive"]:
        raise _invalid(f"{longest} consecutive cards of the pack may not all be centre cards")
    centre = [deck[p] for p in ordered]
    rest = deck.copy()
    for p in reversed(ordered):  # from the bottom up, so that the positions still to take out stay put
        del rest[p]
    hands: list[list[Card]] = [[], [], [], []]
    for k in range(4):  # one card at a time clockwise from the dealer's left: every fourth card of the rest
        hands[(left(dealer) + k) % 4] = rest[k::4]
    return hands, centre


def build_deal(deal: Any, ruleset: Ruleset) -> Deal:
    """The checked starting position, or :class:`IllegalAction` ``invalid-deal``."""
    if not isinstance(deal, dict) and not isinstance(deal, Mapping):  # a dict is checked without the ABC's hook
        raise _invalid("deal must be a mapping")
    form = ruleset.forms.get(deal.get("form"))  # type: ignore[arg-type]
    if form is None or not form.dealt:
        dealt = ", ".join(n for n, f in ruleset.forms.items() if f.dealt)
        raise _invalid(f"form {deal.get('form')!r} is not a dealt form of {ruleset.id} ({dealt})")
    dealer = SEAT_INDEX.get(deal.get("dealer"))  # type: ignore[arg-type]
    if dealer is None:
        raise _invalid(f"dealer {deal.get('dealer')!r} is not a seat (N E S W)")
    has_hands, has_deck = "hands" in deal, "deck" in deal
    if has_hands == has_deck:
        raise _invalid("give either 'hands' (with 'centre') or 'deck' (with 'centre_positions')")
    if (has_deck and "centre" in deal) or (has_hands and "centre_positions" in deal):
        raise _invalid("'deck' goes with 'centre_positions', 'hands' with 'centre'; do not mix them")
    hands: list[list[Any]]  # the cards (deck) or their names (hands): as many as the hand holds
    if has_deck:
        hands, centre = _from_deck(deal, ruleset, form, dealer)
        masks = tuple(map(_mask_of, hands))
    else:
        raw_hands = deal["hands"]
        if (not isinstance(raw_hands, dict) and not isinstance(raw_hands, Mapping)) or set(raw_hands) != _SEAT_SET:
            raise _invalid("hands must map each of N E S W to a list of cards")
        masks = tuple([_mask_of_names(raw_hands[seat], where) for seat, where in _HAND_PLACES])
        centre = _cards(deal.get("centre", []), "centre")
        hands = [raw_hands[seat] for seat in SEATS]
    size, n_centre = form.params["hand_size"], form.params["centre_cards"]
    for s, hand in zip(SEATS, hands, strict=True):
        if len(hand) != size:
            raise _invalid(f"{s} holds {len(hand)} cards; a {form.name} deals {size}")
    if len(centre) != n_centre:
        raise _invalid(f"{len(centre)} centre cards; a {form.name} has {n_centre}")
    m0, m1, m2, m3 = masks
    if m0 | m1 | m2 | m3 | _mask_of(centre) != _FULL:  # the hands and the centre together hold every card
        card_lists = hands if has_deck else [[CARDS[name] for name in hand] for hand in hands]
        raise _invalid(_not_52(card_lists, centre))
    return Deal(form, dealer, masks, tuple(centre))


def _not_52(hands: list[list[Card]], centre: list[Card]) -> str:
    """Why the hands and the centre are not the 52 cards: the cards dealt twice, if any."""
    everything = [c for h in hands for c in h] + centre
    seen: set[Card] = set()
    dupes = sorted({str(c) for c in everything if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
    return f"cards dealt twice: {' '.join(dupes)}" if dupes else "the deal does not hold 52 cards"


_SEAT_SET = frozenset(SEATS)
_HAND_PLACES = tuple((seat, f"hands.{seat}") for seat in SEATS)
"""Each seat and where its hand is in a deal (for messages)."""
