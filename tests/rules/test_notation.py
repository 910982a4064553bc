"""Notation (DESIGN §2): seats, cards, bids and the action strings of records."""

from __future__ import annotations

import copy
import pickle

import pytest

from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import (
    BIDS,
    CARDS,
    DECK,
    SEATS,
    Action,
    Bid,
    Card,
    left,
    parse_action,
    parse_bid,
    parse_card,
    partner,
    right,
    side_of,
)


def test_seats_clockwise_and_partners():
    assert SEATS == ("N", "E", "S", "W")
    n, e, s, w = range(4)
    assert [left(x) for x in (n, e, s, w)] == [e, s, w, n]
    assert [right(x) for x in (n, e, s, w)] == [w, n, e, s]
    assert [partner(x) for x in (n, e, s, w)] == [s, w, n, e]
    assert [side_of(x) for x in (n, e, s, w)] == ["NS", "EW", "NS", "EW"]


def test_deck_has_52_distinct_cards_with_stable_codes():
    assert len(DECK) == 52 == len(CARDS) == len({str(c) for c in DECK})
    assert [c.code for c in DECK] == list(range(52))
    for card in DECK:
        assert parse_card(str(card)) is card
        assert 2 <= card.rank <= 14
        assert card.is_ace == (card.rank == 14)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("AS", 14, "S"), ("TD", 10, "D"), ("2C", 2, "C"), ("KH", 13, "H"), ("JS", 11, "S"), ("QD", 12, "D")],
)
def test_card_ranks_and_suits(text, rank, suit):
    card = parse_card(text)
    assert card is not None and (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["as", "10S", "1S", "AX", "SA", "A", "", " AS", "AS ", None, 5, ["AS"]])
def test_not_cards(text):
    assert parse_card(text) is None


def test_bids():
    assert len(BIDS) == 42
    assert parse_bid("5H") == Bid(5, "H")
    assert str(Bid(7, "G")) == "7G"
    assert Bid(5, "H").kind == "trump" and Bid(6, "G").kind == "grand" and Bid(5, "M").kind == "misere"
    for text in ("8S", "0S", "5X", "5", "H5", "55H", "5h", ""):
        assert parse_bid(text) is None, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("N bid 5H", Action(0, "bid", bid=Bid(5, "H"))),
        ("E pass", Action(1, "pass")),
        ("S give W 4C", Action(2, "give", target=3, cards=(CARDS["4C"],))),
        ("S give N 4C 5D 6H 7S", Action(2, "give", target=0, cards=tuple(CARDS[c] for c in ("4C", "5D", "6H", "7S")))),
        ("W double", Action(3, "double")),
        ("N redouble", Action(0, "redouble")),
        ("E play AS", Action(1, "play", cards=(CARDS["AS"],))),
        ("  E  play   AS  ", Action(1, "play", cards=(CARDS["AS"],))),  # runs of ASCII spaces separate words
    ],
)
def test_parse_action(text, expected):
    action = parse_action(text)
    assert action == expected
    assert parse_action(str(action)) == action
    assert str(action) == " ".join(text.split())


@pytest.mark.parametrize("separator", ["\t", "\n", "\r", "\u00a0", "\u2028", "\u3000", "\u2003", "\x0b"])
def test_only_ascii_spaces_separate_words(separator: str) -> None:
    # DESIGN §3 (amendment action-word-separator): any other whitespace makes the action malformed
    for text in (f"E{separator}play AS", f"E play{separator}AS", f"E play AS{separator}"):
        with pytest.raises(IllegalAction) as info:
            parse_action(text)
        assert info.value.code == "malformed-action"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "N",
        "X pass",  # unknown seat
        "n pass",  # seats are upper case
        "N fold",  # unknown verb
        "N Pass",
        "N bid",
        "N bid 8S",
        "N bid 5X",
        "N bid 5H 6H",
        "N pass 5H",
        "N double W",
        "N redouble now",
        "N play",
        "N play AS KS",
        "N play ZZ",
        "N play 10S",
        "N give",
        "N give E",  # a seat but no card
        "N give X AS",  # unknown recipient
        "N give E AS XX",  # unknown card
        "N give E AS AS",  # the same card twice
        "N give AS KS",  # no recipient
    ],
)
def test_malformed_actions(text):
    with pytest.raises(IllegalAction) as info:
        parse_action(text)
    assert info.value.code == "malformed-action"


@pytest.mark.parametrize("value", [None, 3, ["N", "pass"], {"N": "pass"}, b"N pass"])
def test_non_string_actions_are_malformed(value):
    with pytest.raises(IllegalAction) as info:
        parse_action(value)
    assert info.value.code == "malformed-action"


def test_every_action_string_round_trips():
    for seat in range(4):
        for bid in BIDS.values():
            a = Action(seat, "bid", bid=bid)
            assert parse_action(str(a)) == a
        for card in DECK:
            a = Action(seat, "play", cards=(card,))
            assert parse_action(str(a)) == a
            g = Action(seat, "give", target=left(seat), cards=(card,))
            assert parse_action(str(g)) == g


def test_cards_are_interned() -> None:
    """``Card(...)`` returns the one card with those values, so identity (and the identity hash) is equality."""
    ace = CARDS["AS"]
    assert Card(14, "S", ace.code) is ace
    assert copy.deepcopy(ace) is ace and pickle.loads(pickle.dumps(ace)) is ace
    assert {Card(c.rank, c.suit, c.code) for c in DECK} == set(DECK)
    for rank, suit, code in ((13, "S", ace.code), (14, "H", ace.code), (14, "S", 52), (14, "S", "12")):
        with pytest.raises(ValueError):
            Card(rank, suit, code)  # type: ignore[arg-type]
