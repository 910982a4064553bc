"""Scores of hand-built finished deals, against numbers derived by hand from the 2016 tables.

The tables (spec/rulesets/skruuvi-2016.yaml):
  made_value        trump/grand 5:25 6:35 7:50   misère 5:10 6:20 7:35
  overtrick_value   5:2 6:2 7:0
  first_undertrick  trump/grand 5:5 6:10 7:15    misère 5:10 6:15 7:20
  further_undertrick 5 ; multipliers [1, 2, 3] ; passimisääri trick cost 1
Trump/grand need 6 + level tricks; misère allows at most 7 - level. Ace points (misère and passimisääri)
are the trick's number (1-13) once per ace in a trick the side won, never multiplied.
"""

from __future__ import annotations

import pytest

from skruuvi.interpreter.facts import deal_facts
from skruuvi.interpreter.settle import result_of, score
from skruuvi.interpreter.state import DealState, Trick
from skruuvi.rules.notation import DECK, Bid
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-2016")
N, E, S, W = range(4)
ACES = [c for c in DECK if c.rank == 14]
OTHERS = [c for c in DECK if c.rank != 14]


def finished(winners, *, contract=None, declarer=None, doubling=0, aces=None):
    """A finished deal whose trick ``k`` (1-13) is won by ``winners[k-1]``; ``aces`` maps a trick number to the
    number of aces in it (all four aces must be placed)."""
    aces = aces or {}
    assert len(winners) == 13 and sum(aces.values()) == 4
    pool_aces, pool_others = list(ACES), list(OTHERS)
    tricks = []
    for number, winner in enumerate(winners, start=1):
        k = aces.get(number, 0)
        cards = tuple(pool_aces.pop() for _ in range(k)) + tuple(pool_others.pop() for _ in range(4 - k))
        tricks.append(Trick(number, (winner + 1) % 4, cards, winner))
    form = RS.forms["alkupeli" if contract is not None else "passimisaari"]
    return DealState(
        ruleset=RS, form=form, dealer=N, hand_masks=(0,) * 4, centre=(), phase_no=len(form.phases),
        declarer=declarer, contract=contract, doubling=doubling, tricks=tuple(tricks), finished=True,
    )


def ns_wins(n, *, ns=N, ew=E):
    """``n`` tricks for NS first, then the rest for EW."""
    return [ns] * n + [ew] * (13 - n)


CONTRACTS = [
    # (bid, declarer, doubling, NS tricks, aces {trick: count}, expected {NS, EW}, derivation)
    ("5H", N, 0, 11, {1: 4}, {"NS": 25, "EW": -25}, "needs 11, made exactly: 25"),
    ("5H", N, 0, 12, {1: 4}, {"NS": 27, "EW": -27}, "one overtrick: 25 + 1*2 = 27"),
    ("6H", S, 0, 13, {1: 4}, {"NS": 37, "EW": -37}, "needs 12, one over: 35 + 2 = 37"),
    ("6H", N, 1, 9, {1: 4}, {"NS": -40, "EW": 40}, "down 3 doubled: -(10 + 2*5) * 2 = -40"),
    ("7G", N, 2, 13, {1: 4}, {"NS": 150, "EW": -150}, "7G made redoubled: 50 * 3 = 150"),
    ("7S", S, 0, 12, {1: 4}, {"NS": -15, "EW": 15}, "down 1: -15"),
    ("5G", N, 1, 0, {1: 4}, {"NS": -110, "EW": 110}, "down 11 doubled: -(5 + 10*5) * 2 = -110"),
    ("5D", E, 1, 0, {1: 4}, {"NS": -58, "EW": 58}, "EW declare, 13 tricks = 2 over, doubled: (25 + 2*2) * 2 = 58"),
    ("6C", W, 2, 3, {1: 4}, {"NS": 45, "EW": -45}, "EW take 10 of 12 needed, down 2 redoubled: -(10 + 5) * 3"),
    ("7D", E, 0, 0, {1: 4}, {"NS": -50, "EW": 50}, "7D made by EW: 50, no overtricks at 7"),
    ("5S", N, 0, 10, {1: 4}, {"NS": -5, "EW": 5}, "down 1 at level 5: -5"),
    ("6G", N, 2, 11, {1: 4}, {"NS": -30, "EW": 30}, "down 1 redoubled: -10 * 3 = -30"),
    ("5C", N, 2, 13, {1: 4}, {"NS": 87, "EW": -87}, "2 over redoubled: (25 + 4) * 3 = 87"),
]


@pytest.mark.parametrize(("bid", "declarer", "doubling", "ns", "aces", "expected", "why"), CONTRACTS,
                         ids=[f"{c[0]}-{'NESW'[c[1]]}-x{c[2]}-ns{c[3]}" for c in CONTRACTS])
def test_trump_and_grand_contracts(bid, declarer, doubling, ns, aces, expected, why):
    state = finished(ns_wins(ns), contract=Bid(int(bid[0]), bid[1]), declarer=declarer, doubling=doubling,
                     aces=aces)
    tricks, totals, _ = score(state)
    assert tricks == {"NS": ns, "EW": 13 - ns}
    assert totals == expected, why
    assert totals["NS"] + totals["EW"] == 0  # no ace points outside misère


MISERE = [
    # 5M allows 7 - 5 = 2 tricks. Main NS take 0: 2 overtricks, 10 + 2*2 = 14. Aces all in EW's tricks
    # 1, 5, 9, 13: EW pay 1 + 5 + 9 + 13 = 28 on top of -14 -> -42.
    ("5M", N, 0, [E] * 13, {1: 1, 5: 1, 9: 1, 13: 1}, {"NS": 14, "EW": -42}),
    # 6M allows 1. NS take tricks 7, 8, 9 (3 tricks): 2 under, -(15 + 5) = -20, doubled -40. NS won trick 9
    # with two aces: -18; EW won trick 13 with two aces: -26. NS -40 - 18 = -58; EW +40 - 26 = 14.
    ("6M", S, 1, [E] * 6 + [N, S, N] + [W] * 4, {9: 2, 13: 2}, {"NS": -58, "EW": 14}),
    # 7M allows 0, made with 0 tricks, redoubled: 35 * 3 = 105 (overtrick value at 7 is 0 anyway).
    # EW won tricks 2, 3, 4, 5 with one ace each: -(2 + 3 + 4 + 5) = -14 -> -105 - 14 = -119.
    ("7M", N, 2, [E] * 13, {2: 1, 3: 1, 4: 1, 5: 1}, {"NS": 105, "EW": -119}),
    # 5M by NS with 1 trick (trick 1, holding one ace): 1 overtrick, 10 + 2 = 12, minus 1 ace point = 11.
    # EW won trick 2 with three aces: -12 - 6 = -18.
    ("5M", S, 0, [N] + [E] * 12, {1: 1, 2: 3}, {"NS": 11, "EW": -18}),
    # 5M by EW (declarer W) fails with 4 tricks: 2 under, -(10 + 5) = -15 to EW, +15 to NS.
    # EW won tricks 10-13; trick 13 holds all four aces: EW -15 - 52 = -67; NS +15.
    ("5M", W, 0, [N] * 9 + [E] * 4, {13: 4}, {"NS": 15, "EW": -67}),
    # 7M by EW fails with 13 tricks, doubled: 13 under, -(20 + 12*5) = -80, x2 = -160 to EW, +160 to NS;
    # EW's aces in tricks 1 and 2, two each: -(2 + 4) = -6 -> EW -166.
    ("7M", E, 1, [W] * 13, {1: 2, 2: 2}, {"NS": 160, "EW": -166}),
]


@pytest.mark.parametrize(("bid", "declarer", "doubling", "winners", "aces", "expected"), MISERE)
def test_misere_contracts_with_ace_points(bid, declarer, doubling, winners, aces, expected):
    state = finished(winners, contract=Bid(int(bid[0]), "M"), declarer=declarer, doubling=doubling, aces=aces)
    _, totals, items = score(state)
    assert totals == expected
    assert {i.rule for i in items} >= {"score.misere-aces"}


PASSIMISAARI = [
    # each side: -(own tricks) * multiplier - (own ace ordinals)
    # NS 4 tricks (10-13), trick 13 with one ace: -4 - 13 = -17. EW 9 tricks, trick 1 with two aces and
    # trick 7 with one: -9 - (2 + 7) = -18.
    ([E] * 9 + [N] * 4, 0, {1: 2, 7: 1, 13: 1}, {"NS": -17, "EW": -18}),
    # doubled: NS 0 tricks -> 0. EW 13 tricks: -13 * 2 = -26, aces in tricks 10-13: -(10+11+12+13) = -46 -> -72.
    ([W] * 13, 1, {10: 1, 11: 1, 12: 1, 13: 1}, {"NS": 0, "EW": -72}),
    # redoubled: NS 6 tricks (1-6) -> -18, all four aces in trick 1 -> -4: -22. EW 7 tricks -> -21.
    ([S] * 6 + [E] * 7, 2, {1: 4}, {"NS": -22, "EW": -21}),
]


@pytest.mark.parametrize(("winners", "doubling", "aces", "expected"), PASSIMISAARI)
def test_passimisaari(winners, doubling, aces, expected):
    state = finished(winners, doubling=doubling, aces=aces)
    _, totals, items = score(state)
    assert totals == expected
    assert {i.rule for i in items} <= {"score.passimisaari-tricks", "score.passimisaari-aces"}
    result = result_of(state).result
    assert result["contract"] is None and result["score"] == expected


def test_breakdown_and_result():
    # 5H by N, 12 tricks, doubled: made (25) * 2 = 50 and one overtrick (2) * 2 = 4 to NS; EW the negation
    state = finished(ns_wins(12), contract=Bid(5, "H"), declarer=N, doubling=1, aces={1: 4})
    _, totals, items = score(state)
    assert totals == {"NS": 54, "EW": -54}
    assert sorted((i.rule, i.side, i.points) for i in items) == sorted([
        ("score.made", "NS", 50), ("score.made", "EW", -50),
        ("score.overtricks", "NS", 4), ("score.overtricks", "EW", -4),
    ])
    outcome = result_of(state)
    assert outcome.ok
    assert outcome.to_response() == {"result": {
        "contract": {"declarer": "N", "bid": "5H", "doubling": 1},
        "tricks": {"NS": 12, "EW": 1},
        "score": {"NS": 54, "EW": -54},
    }}


@pytest.mark.parametrize(
    ("bid", "ns", "facts"),
    [
        ("5H", 11, {"made": True, "overtricks": 0, "undertricks": 0, "level": 5, "kind": "trump"}),
        ("6G", 8, {"made": False, "overtricks": 0, "undertricks": 4, "level": 6, "kind": "grand"}),
        ("5M", 0, {"made": True, "overtricks": 2, "undertricks": 0, "level": 5, "kind": "misere"}),
        ("6M", 1, {"made": True, "overtricks": 0, "undertricks": 0, "level": 6, "kind": "misere"}),
        ("6M", 2, {"made": False, "overtricks": 0, "undertricks": 1, "level": 6, "kind": "misere"}),
        ("7M", 0, {"made": True, "overtricks": 0, "undertricks": 0, "level": 7, "kind": "misere"}),
    ],
)
def test_deal_facts(bid, ns, facts):
    state = finished(ns_wins(ns), contract=Bid(int(bid[0]), bid[1]), declarer=N, doubling=2, aces={1: 4})
    got = deal_facts(state)
    assert {k: got[k] for k in facts} == facts
    assert got["doubling"] == 2 and got["multiplier"] == 3
