"""Starting positions from a record's deal: the hands form, the deck form, and every invalid deal."""

from __future__ import annotations

import copy

import pytest

from skruuvi.interpreter import engine
from skruuvi.interpreter.deal import build_deal
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import CARDS, DECK
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-2016")
NAMES = [str(c) for c in DECK]  # 2S..AS, 2C..AC, 2D..AD, 2H..AH
GOOD_POSITIONS = [5, 17, 30, 40]


def hands_deal(dealer="N"):
    return {
        "form": "alkupeli",
        "dealer": dealer,
        "hands": {s: NAMES[i * 12:(i + 1) * 12] for i, s in enumerate("NESW")},
        "centre": NAMES[48:],
    }


def deck_deal(dealer="N", positions=None):
    return {"form": "alkupeli", "dealer": dealer, "deck": list(NAMES),
            "centre_positions": list(GOOD_POSITIONS if positions is None else positions)}


def cards(names):
    return frozenset(CARDS[n] for n in names)


def test_hands_form():
    d = build_deal(hands_deal("W"), RS)
    assert d.form.name == "alkupeli" and d.dealer == 3
    assert d.hands[0] == cards(NAMES[0:12]) and d.hands[3] == cards(NAMES[36:48])
    assert d.centre == tuple(CARDS[n] for n in NAMES[48:])


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_deck_form_deals_one_at_a_time_from_the_dealers_left(dealer):
    positions = [30, 5, 40, 17]  # any order: the centre is taken in increasing position order
    d = build_deal(deck_deal(dealer, positions), RS)
    assert d.centre == tuple(CARDS[NAMES[p]] for p in sorted(positions))
    rest = [n for i, n in enumerate(NAMES) if i not in positions]
    first = ("NESW".index(dealer) + 1) % 4
    for k in range(4):
        seat = (first + k) % 4
        assert d.hands[seat] == cards(rest[k::4]), (dealer, seat)
    # the top card goes to the dealer's left, the bottom card (index 51, never a centre card) to the dealer
    assert CARDS[NAMES[0]] in d.hands[first]
    assert CARDS[NAMES[51]] in d.hands["NESW".index(dealer)]


def test_deck_form_and_hands_form_give_the_same_start():
    d = build_deal(deck_deal("N"), RS)
    rebuilt = {
        "form": "alkupeli", "dealer": "N",
        "hands": {s: sorted(str(c) for c in d.hands[i]) for i, s in enumerate("NESW")},
        "centre": [str(c) for c in d.centre],
    }
    a, b = engine.start(RS, deck_deal("N")), engine.start(RS, rebuilt)
    assert a.hands == b.hands and a.centre == b.centre and a.to_act == b.to_act == 0


@pytest.mark.parametrize(
    "positions",
    [
        [1, 2, 3, 5],  # three consecutive is allowed
        [1, 50, 25, 26],
        [48, 49, 50, 1],
        [1, 3, 5, 7],
        [47, 48, 49, 20],
    ],
)
def test_legal_centre_positions(positions):
    assert len(build_deal(deck_deal("S", positions), RS).centre) == 4


def _mutate(base, fn):
    d = copy.deepcopy(base)
    fn(d)
    return d


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


def _del(key):
    return lambda d: d.pop(key)


def _hand(seat, value):
    return lambda d: d["hands"].__setitem__(seat, value)


INVALID = {
    # the deal itself
    "not-a-mapping": ["alkupeli"],
    "no-form": _mutate(hands_deal(), _del("form")),
    "unknown-form": _mutate(hands_deal(), _set("form", "kotka")),
    "undealt-form": _mutate(hands_deal(), _set("form", "passimisaari")),
    "no-dealer": _mutate(hands_deal(), _del("dealer")),
    "unknown-dealer": _mutate(hands_deal(), _set("dealer", "X")),
    "dealer-lowercase": _mutate(hands_deal(), _set("dealer", "n")),
    "dealer-number": _mutate(hands_deal(), _set("dealer", 0)),
    "neither-hands-nor-deck": _mutate(hands_deal(), lambda d: (d.pop("hands"), d.pop("centre"))),
    "both-hands-and-deck": {**hands_deal(), "deck": list(NAMES), "centre_positions": GOOD_POSITIONS},
    # hands form
    "hands-not-a-mapping": _mutate(hands_deal(), _set("hands", [NAMES[0:12]] * 4)),
    "hands-missing-seat": _mutate(hands_deal(), lambda d: d["hands"].pop("W")),
    "hands-extra-seat": _mutate(hands_deal(), _hand("X", [])),
    "hand-not-a-list": _mutate(hands_deal(), _hand("N", " ".join(NAMES[0:12]))),
    "unknown-card": _mutate(hands_deal(), lambda d: d["hands"]["N"].__setitem__(0, "1S")),
    "lowercase-card": _mutate(hands_deal(), lambda d: d["hands"]["N"].__setitem__(0, "2s")),
    "card-not-a-string": _mutate(hands_deal(), lambda d: d["hands"]["N"].__setitem__(0, 2)),
    "duplicate-card": _mutate(hands_deal(), lambda d: d["hands"]["N"].__setitem__(0, NAMES[12])),
    "duplicate-in-centre": _mutate(hands_deal(), lambda d: d["centre"].__setitem__(0, NAMES[0])),
    "hand-of-11": _mutate(hands_deal(), lambda d: d["centre"].append(d["hands"]["N"].pop())),
    "hand-of-13": _mutate(hands_deal(), lambda d: d["hands"]["N"].append(d["centre"].pop())),
    "centre-of-3": _mutate(hands_deal(), lambda d: d["centre"].pop()),
    "centre-of-5": _mutate(hands_deal(), lambda d: d["centre"].append(d["hands"]["N"].pop())),
    "no-centre": _mutate(hands_deal(), _del("centre")),
    "centre-not-a-list": _mutate(hands_deal(), _set("centre", "AS AC AD AH")),
    "13-each-no-centre": {"form": "alkupeli", "dealer": "N",
                          "hands": {s: NAMES[i * 13:(i + 1) * 13] for i, s in enumerate("NESW")}, "centre": []},
    # deck form
    "deck-not-a-list": _mutate(deck_deal(), _set("deck", " ".join(NAMES))),
    "deck-of-51": _mutate(deck_deal(), lambda d: d["deck"].pop()),
    "deck-of-53": _mutate(deck_deal(), lambda d: d["deck"].append("AS")),
    "deck-duplicate": _mutate(deck_deal(), lambda d: d["deck"].__setitem__(3, NAMES[4])),
    "deck-unknown-card": _mutate(deck_deal(), lambda d: d["deck"].__setitem__(3, "ZZ")),
    "no-positions": _mutate(deck_deal(), _del("centre_positions")),
    "positions-not-a-list": _mutate(deck_deal(), _set("centre_positions", "5 17 30 40")),
    "three-positions": deck_deal(positions=[5, 17, 30]),
    "five-positions": deck_deal(positions=[5, 17, 30, 40, 45]),
    "repeated-position": deck_deal(positions=[5, 17, 17, 40]),
    "position-52": deck_deal(positions=[5, 17, 30, 52]),
    "position-negative": deck_deal(positions=[-1, 17, 30, 40]),
    "position-not-an-int": deck_deal(positions=[5, 17, "30", 40]),
    "position-float": deck_deal(positions=[5, 17, 30.0, 40]),
    "position-bool": deck_deal(positions=[True, 17, 30, 40]),
    "position-0-top-card": deck_deal(positions=[0, 17, 30, 40]),
    "position-51-bottom-card": deck_deal(positions=[5, 17, 30, 51]),
    "positions-0-and-51": deck_deal(positions=[0, 17, 30, 51]),
    "four-consecutive": deck_deal(positions=[10, 11, 12, 13]),
    "four-consecutive-unordered": deck_deal(positions=[22, 20, 23, 21]),
    "four-consecutive-at-the-end": deck_deal(positions=[47, 48, 49, 50]),
    "four-consecutive-at-the-start": deck_deal(positions=[1, 2, 3, 4]),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_deals(name):
    deal = INVALID[name]
    with pytest.raises(IllegalAction) as info:
        build_deal(deal, RS)
    assert info.value.code == "invalid-deal"
    assert info.value.index is None
    with pytest.raises(IllegalAction) as info:
        engine.start(RS, deal)
    assert info.value.code == "invalid-deal"


def test_the_base_deals_are_valid():
    build_deal(hands_deal(), RS)
    build_deal(deck_deal(), RS)


def _with_card(seat: str, index: int, name: str) -> dict:
    deal = hands_deal()
    deal["hands"][seat][index] = name
    return deal


@pytest.mark.parametrize(
    ("deal", "twice"),
    [
        (_with_card("N", 1, NAMES[0]), "2S"),  # twice in one hand: the hand's card mask would carry
        (_with_card("N", 11, NAMES[10]), "QS"),  # QS + QS = KS, the card replaced: a sum of bits alone would pass
        (_with_card("E", 0, NAMES[0]), "2S"),  # in two hands
        (_with_card("W", 0, NAMES[48]), NAMES[48]),  # in a hand and the centre
    ],
)
def test_a_card_dealt_twice_is_named(deal, twice):
    with pytest.raises(IllegalAction) as info:
        build_deal(deal, RS)
    assert info.value.code == "invalid-deal"
    assert info.value.message == f"cards dealt twice: {twice}"


def test_hands_are_card_masks_and_sets():
    d = build_deal(hands_deal(), RS)
    assert d.hand_masks[0] == sum(1 << CARDS[n].code for n in NAMES[0:12])
    assert d.hands[0] == cards(NAMES[0:12])
    assert engine.start(RS, hands_deal()).hands == d.hands
