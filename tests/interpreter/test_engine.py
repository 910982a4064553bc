"""The phase machine, phase by phase: turn order, transitions, every error code, and legal_actions.

Two hand-built deals, both dealt by N:

* ``SUITS``: N holds spades 2-K, E hearts 2-K, S diamonds 2-K, W clubs 2-K; the centre is the four aces.
* ``MIXED``: every hand has several suits (see the table below), for following suit and the exchanges.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations

import pytest
import yaml

from skruuvi.interpreter import engine
from skruuvi.interpreter.mechanisms.play import trick_winner
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import BIDS, CARDS, DECK, SEAT_INDEX, SEATS, Action, Bid, left, parse_action, partner, right
from skruuvi.rules.ruleset import compile_ruleset, get_ruleset
from strategies import random_record

RS = get_ruleset("skruuvi-2016")
N, E, S, W = range(4)
RANKS = "23456789TJQK"

def words(text):
    return text.split()


SUITS = {
    "form": "alkupeli",
    "dealer": "N",
    "hands": {"N": [r + "S" for r in RANKS], "E": [r + "H" for r in RANKS],
              "S": [r + "D" for r in RANKS], "W": [r + "C" for r in RANKS]},
    "centre": ["AS", "AH", "AD", "AC"],
}

MIXED = {
    "form": "alkupeli",
    "dealer": "N",
    "hands": {
        "N": words("AS KS QS JS AH KH QH 2C 3C 4C 2D 3D"),
        "E": words("TS 9S 8S JH TH 9H 5C 6C 7C 4D 5D 6D"),
        "S": words("7S 6S 5S 8H 7H 6H 8C 9C TC 7D 8D 9D"),
        "W": words("4S 3S 2S 5H 4H 3H JC QC KC TD JD QD"),
    },
    "centre": words("AC AD 2H KD"),
}

FIRST_AUCTION_1S = ["N bid 1S", "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W pass", "N pass"]
KITTY_MIXED = ["N give S 2C 3C 4C 2D", "S give W 8C", "S give N 9C", "S give E TC"]
SECOND_5S = ["N bid 5S", "S pass", "N pass", "S pass", "N pass"]
TO_PLAY_MIXED = FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S + ["E pass", "E pass", "W pass"]
ALL_PASS = ["N pass", "E pass", "S pass", "W pass"]


def run(deal, actions):
    state = engine.start(RS, deal)
    for a in actions:
        state = engine.apply(state, a)
    return state


def code(state, action):
    """The error code of ``action`` in ``state`` (None when it is legal); checks verify and can_apply agree."""
    try:
        engine.verify(state, _parse(action))
    except IllegalAction as exc:
        assert not engine.can_apply(state, action)
        with pytest.raises(IllegalAction):
            engine.apply(state, action)
        return exc.code
    assert engine.can_apply(state, action)
    return None


def _parse(action):
    return parse_action(action)


def hand(state, seat):
    return {str(c) for c in state.hands[seat]}


# ------------------------------------------------------------------------------------------ first auction


def test_start_dealer_calls_first():
    for dealer in SEATS:
        state = engine.start(RS, {**SUITS, "dealer": dealer})
        assert state.phase.id == "first-auction"
        assert state.to_act == SEAT_INDEX[dealer]
        assert not state.finished


def test_first_auction_turn_order_is_clockwise():
    state = engine.start(RS, {**MIXED, "dealer": "S"})
    seen = []
    for a in ["S pass", "W bid 1S", "N pass", "E bid 1C", "S bid 2M"]:
        seen.append(state.to_act)
        state = engine.apply(state, a)
    assert seen == [S, W, N, E, S]
    assert state.to_act == W


def test_strain_order_and_bid_not_higher():
    state = engine.start(RS, MIXED)
    state = engine.apply(state, "N bid 1D")
    # M < S < C < D < H < G at each level
    assert code(state, "E bid 1M") == "bid-not-higher"
    assert code(state, "E bid 1S") == "bid-not-higher"
    assert code(state, "E bid 1C") == "bid-not-higher"
    assert code(state, "E bid 1D") == "bid-not-higher"
    assert code(state, "E bid 1H") is None
    assert code(state, "E bid 1G") is None
    assert code(state, "E bid 2M") is None
    state = engine.apply(state, "E bid 1G")
    assert code(state, "S bid 1H") == "bid-not-higher"
    assert code(state, "S bid 2M") is None


def test_a_passed_player_may_bid_again_and_overbid_himself():
    state = run(MIXED, ["N pass", "E bid 1S", "S pass", "W pass", "N bid 1C", "E pass", "S pass", "W pass"])
    assert state.to_act == N and state.highest == Bid(1, "C") and state.highest_bidder == N
    assert code(state, "N bid 2C") is None  # raising one's own bid
    state = engine.apply(state, "N bid 2C")
    assert state.highest_bidder == N and state.phase.id == "first-auction"


def test_first_auction_ends_at_the_eighth_consecutive_pass():
    state = engine.apply(engine.start(RS, MIXED), "N bid 1S")
    for i, a in enumerate(FIRST_AUCTION_1S[1:]):
        assert state.phase.id == "first-auction", i
        state = engine.apply(state, a)
    assert state.phase.id == "kitty" and state.to_act == N
    # a bid in between starts the count again
    state = run(MIXED, ["N bid 1S", "E pass", "S pass", "W pass", "N pass", "E pass", "S pass", "W bid 1C"])
    for a in ["N pass", "E pass", "S pass", "W pass", "N pass", "E pass", "S pass"]:
        state = engine.apply(state, a)
        assert state.phase.id == "first-auction"
    state = engine.apply(state, "W pass")
    assert state.phase.id == "kitty" and state.to_act == W and state.highest_bidder == W


def test_four_passes_after_a_late_opening_bid_do_not_end_the_auction():
    state = run(MIXED, ["N pass", "E pass", "S pass", "W bid 1S", "N pass", "E pass", "S pass", "W pass"])
    assert state.phase.id == "first-auction" and state.form.name == "alkupeli"


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("N play AS", "wrong-phase"),
        ("N give S AS", "wrong-phase"),
        ("N double", "wrong-phase"),
        ("N redouble", "wrong-phase"),
        ("E bid 1S", "not-your-turn"),
        ("E play TS", "not-your-turn"),
        ("E bid 8S", "malformed-action"),  # malformed beats not-your-turn
        ("N bid 8S", "malformed-action"),
        ("N bid", "malformed-action"),
        ("N play AS KS", "malformed-action"),
        ("N shout", "malformed-action"),
        ("N pass", None),
        ("N bid 1M", None),
        ("N bid 7G", None),
    ],
)
def test_first_auction_errors(action, expected):
    assert code(engine.start(RS, MIXED), action) == expected


# ------------------------------------------------------------------------------------------ passimisaari


def test_all_pass_becomes_passimisaari_with_the_centre_dealt_from_the_forehand():
    state = run(MIXED, ALL_PASS)
    assert state.form.name == "passimisaari" and state.phase.id == "partner-exchange"
    # centre AC AD 2H KD: AC to E (forehand), AD to S, 2H to W, KD to N (the dealer)
    assert "AC" in hand(state, E) and "AD" in hand(state, S) and "2H" in hand(state, W) and "KD" in hand(state, N)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert state.to_act == E and state.contract is None and state.declarer is None


@pytest.mark.parametrize("dealer", SEATS)
def test_centre_deal_for_every_dealer(dealer):
    state = run({**MIXED, "dealer": dealer}, [f"{SEATS[(SEAT_INDEX[dealer] + k) % 4]} pass" for k in range(4)])
    d = SEAT_INDEX[dealer]
    for k, card in enumerate(MIXED["centre"]):
        assert card in hand(state, (d + 1 + k) % 4)
    assert state.to_act == left(d)


def test_partner_exchange_order_and_errors():
    state = run(MIXED, ALL_PASS)
    # 1. forehand E gives his partner W one card
    assert code(state, "E pass") == "wrong-phase"
    assert code(state, "E bid 1S") == "wrong-phase"
    assert code(state, "E give N AC") == "give-wrong-recipient"
    assert code(state, "E give N AC TS") == "give-wrong-recipient"  # recipient before count
    assert code(state, "E give W AC TS") == "give-wrong-count"
    assert code(state, "E give W AS") == "card-not-held"
    assert code(state, "W give E 4S") == "not-your-turn"
    state = engine.apply(state, "E give W AC")
    # 2. the dealer's partner S gives the dealer N one card
    assert state.to_act == S
    assert code(state, "S give E AD") == "give-wrong-recipient"
    state = engine.apply(state, "S give N AD")
    # 3. the forehand's partner W gives E one card back, not the card just received
    assert state.to_act == W
    assert code(state, "W give E AC") == "return-same-card"
    assert code(state, "W pass") == "wrong-phase"
    assert code(state, "W give E AC 4S") == "give-wrong-count"  # count before return-same-card
    state = engine.apply(state, "W give E 4S")
    # 4. the dealer N gives S one card back, not the card just received
    assert state.to_act == N
    assert code(state, "N give S AD") == "return-same-card"
    assert code(state, "N give S AC") == "card-not-held"
    state = engine.apply(state, "N give S AS")
    assert state.phase.id == "passimisaari-doubling" and state.to_act == N
    assert "AC" in hand(state, W) and "4S" in hand(state, E) and "AD" in hand(state, N) and "AS" in hand(state, S)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]


PASSI_EXCHANGE = ["E give W AC", "S give N AD", "W give E 4S", "N give S AS"]


def test_passimisaari_doubling_order():
    state = run(MIXED, ALL_PASS + PASSI_EXCHANGE)
    assert state.to_act == N  # the dealer first
    assert code(state, "S double") == "not-your-turn"
    assert code(state, "N redouble") == "redouble-not-allowed"
    assert code(state, "N give S 2C") == "wrong-phase"  # no exchange to forbid here
    s1 = engine.apply(state, "N pass")
    assert s1.to_act == S  # then the dealer's partner
    s2 = engine.apply(s1, "S double")
    assert s2.to_act == W  # the doubler's left
    assert code(s2, "W double") == "double-not-allowed"
    s3 = engine.apply(s2, "W pass")
    assert s3.to_act == E  # then his partner
    s4 = engine.apply(s3, "E redouble")
    assert s4.phase.id == "passimisaari-play" and s4.doubling == 2 and s4.to_act == E  # the forehand leads
    s5 = engine.apply(engine.apply(state, "N double"), "E pass")
    assert s5.to_act == W and s5.doubling == 1
    s6 = engine.apply(s5, "W pass")
    assert s6.phase.id == "passimisaari-play" and s6.doubling == 1
    s7 = engine.apply(s1, "S pass")
    assert s7.phase.id == "passimisaari-play" and s7.doubling == 0


def test_passimisaari_play_has_no_trumps():
    state = run(MIXED, ALL_PASS + PASSI_EXCHANGE + ["N pass", "S pass"])
    assert state.to_act == E
    # E leads a club; S has clubs and must follow; W follows high
    state = run(MIXED, ALL_PASS + PASSI_EXCHANGE + ["N pass", "S pass", "E play 5C", "S play 8C", "W play KC"])
    # N holds clubs 2C 3C 4C? N gave nothing in clubs: he must follow
    assert code(state, "N play KS") == "must-follow-suit"
    state = engine.apply(state, "N play 2C")
    assert state.tricks[-1].winner == W and state.to_act == W


# ------------------------------------------------------------------------------------------------ kitty


def test_kitty_taker_takes_the_centre_and_gives_four_to_his_partner():
    state = run(MIXED, FIRST_AUCTION_1S)
    assert state.phase.id == "kitty" and state.to_act == N
    assert hand(state, N) >= set(MIXED["centre"]) and len(state.hands[N]) == 16
    assert code(state, "N pass") == "wrong-phase"
    assert code(state, "N bid 2S") == "wrong-phase"
    assert code(state, "N play AS") == "wrong-phase"
    assert code(state, "N give E 2C 3C 4C 2D") == "give-wrong-recipient"
    assert code(state, "N give E 2C") == "give-wrong-recipient"  # recipient before count
    assert code(state, "N give S 2C 3C 4C") == "give-wrong-count"
    assert code(state, "N give S 2C 3C 4C 2D 3D") == "give-wrong-count"
    assert code(state, "N give S 2C 3C 4C TS") == "card-not-held"
    assert code(state, "N give S 2C 3C TS") == "give-wrong-count"  # count before card-not-held
    assert code(state, "S give N 7S 6S 5S 8H") == "not-your-turn"
    assert code(state, "N give S AC AD 2H KD") is None  # the centre cards may be passed on at once
    state = engine.apply(state, KITTY_MIXED[0])
    assert len(state.hands[N]) == 12 and len(state.hands[S]) == 16
    assert state.to_act == S


def test_kitty_partner_gives_one_card_each_clockwise_from_his_left():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED[:1])
    # P = S: to W, then N, then E
    assert code(state, "S give N 8C") == "give-wrong-recipient"
    assert code(state, "S give E 8C") == "give-wrong-recipient"
    assert code(state, "S give W 8C 9C") == "give-wrong-count"
    assert code(state, "S give W AS") == "card-not-held"
    assert code(state, "S pass") == "wrong-phase"
    assert code(state, "S give W 2C") is None  # a card just received may be passed on
    state = engine.apply(state, "S give W 8C")
    assert state.to_act == S
    assert code(state, "S give W 9C") == "give-wrong-recipient"
    state = engine.apply(state, "S give N 9C")
    assert code(state, "S give W TC") == "give-wrong-recipient"
    state = engine.apply(state, "S give E TC")
    assert state.phase.id == "second-auction" and state.to_act == N
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert hand(state, W) >= {"8C"} and hand(state, N) >= {"9C"} and hand(state, E) >= {"TC"}


@pytest.mark.parametrize("taker", SEATS)
def test_kitty_order_for_every_taker(taker):
    t = SEAT_INDEX[taker]
    calls = [f"{SEATS[(k) % 4]} pass" for k in range(t)] + [f"{taker} bid 1G"]
    calls += [f"{SEATS[(t + 1 + k) % 4]} pass" for k in range(8)]
    state = run(MIXED, calls)
    assert state.phase.id == "kitty" and state.to_act == t and len(state.hands[t]) == 16
    gift = sorted(state.hands[t], key=lambda c: c.code)[:4]
    state = engine.apply(state, Action(t, "give", target=partner(t), cards=tuple(gift)))
    p = partner(t)
    for receiver in (left(p), left(left(p)), left(left(left(p)))):
        assert state.to_act == p
        card = sorted(state.hands[p], key=lambda c: c.code)[0]
        assert not engine.can_apply(state, Action(p, "give", target=left(receiver), cards=(card,)))
        state = engine.apply(state, Action(p, "give", target=receiver, cards=(card,)))
    assert state.phase.id == "second-auction" and state.to_act == t


# --------------------------------------------------------------------------------------- second auction


def test_second_auction_main_pair_alternates_and_must_reach_level_five():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED)
    assert state.to_act == N
    assert code(state, "E pass") == "not-your-turn"  # defenders never act here
    assert code(state, "W bid 5S") == "not-your-turn"
    assert code(state, "S bid 5S") == "not-your-turn"
    assert code(state, "N bid 1S") == "bid-not-higher"  # higher than the first auction's contract
    assert code(state, "N bid 1M") == "bid-not-higher"
    assert code(state, "N play AS") == "wrong-phase"
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + ["N pass", "S pass", "N pass"])
    assert state.to_act == S
    assert code(state, "S pass") == "final-contract-too-low"  # the 4th pass would end at 1S
    assert code(state, "S bid 4G") is None
    state = engine.apply(state, "S bid 4G")
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + ["N pass", "S pass", "N pass", "S bid 4G", "N pass",
                                                         "S pass", "N pass"])
    assert code(state, "S pass") == "final-contract-too-low"
    assert code(state, "S bid 4G") == "bid-not-higher"
    assert code(state, "S bid 5M") is None


def test_second_auction_ends_after_four_passes_declarer_is_the_last_bidder():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S[:-1])
    assert state.phase.id == "second-auction"
    state = engine.apply(state, SECOND_5S[-1])
    assert state.declarer == N and state.contract == Bid(5, "S")
    assert state.phase.id == "defenders-exchange" and state.to_act == E  # left of the declarer
    # partner raises: S becomes declarer
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + ["N bid 5S", "S bid 6M", "N pass", "S pass", "N pass"])
    assert state.phase.id == "second-auction"
    state = engine.apply(state, "S pass")
    assert state.declarer == S and state.contract == Bid(6, "M")
    assert state.phase.id == "defenders-exchange" and state.to_act == W


# ---------------------------------------------------------------------------------- defenders' exchange


def test_defenders_exchange_pass():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S)
    assert code(state, "W pass") == "not-your-turn"
    assert code(state, "E double") == "wrong-phase"
    assert code(state, "E bid 6S") == "wrong-phase"
    state = engine.apply(state, "E pass")
    assert state.phase.id == "doubling" and state.to_act == E and not state.exchange_banned


def test_defenders_exchange_give_and_return():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S)
    assert code(state, "E give N TS") == "give-wrong-recipient"
    assert code(state, "E give S TS") == "give-wrong-recipient"
    assert code(state, "E give W TS 9S") == "give-wrong-count"
    assert code(state, "E give W AS") == "card-not-held"
    state = engine.apply(state, "E give W TS")
    assert state.to_act == W
    assert code(state, "W give E TS") == "return-same-card"
    assert code(state, "W pass") == "wrong-phase"
    assert code(state, "W double") == "wrong-phase"
    assert code(state, "W give N 4S") == "give-wrong-recipient"
    assert code(state, "W give E 4S 3S") == "give-wrong-count"
    assert code(state, "W give E 9S") == "card-not-held"
    assert code(state, "E give W 9S") == "not-your-turn"
    state = engine.apply(state, "W give E 4S")
    assert state.phase.id == "doubling" and state.to_act == E
    assert "TS" in hand(state, W) and "4S" in hand(state, E)
    assert code(state, "E give W 9S") == "wrong-phase"  # the exchange was allowed and is over


@pytest.mark.parametrize(
    ("first_auction", "banned"),
    [
        (["N bid 6S"] + ["E pass", "S pass", "W pass", "N pass"] * 2, True),
        (["N bid 7M"] + ["E pass", "S pass", "W pass", "N pass"] * 2, True),
        (["N bid 5G"] + ["E pass", "S pass", "W pass", "N pass"] * 2, False),
        # the main pair's first bid counts, even when it was the partner's and the taker later bid higher
        (["N pass", "E pass", "S bid 6C", "W pass", "N bid 7C"] + ["E pass", "S pass", "W pass", "N pass"] * 2, True),
        # an opponent's high bid does not ban the exchange when the main pair opened low
        (["N bid 1S", "E bid 6S", "S pass", "W pass", "N bid 6H"] + ["E pass", "S pass", "W pass", "N pass"] * 2,
         False),
    ],
)
def test_defenders_exchange_banned_after_a_high_first_bid(first_auction, banned):
    state = run(MIXED, first_auction)
    taker = state.to_act
    assert state.phase.id == "kitty"
    for _ in range(4):  # the kitty exchange
        state = engine.apply(state, engine.legal_actions(state)[0])
    for _ in range(4):  # four passes in the second auction (the contract is at level 5 or more)
        state = engine.apply(state, f"{SEATS[state.to_act]} pass")
    assert state.declarer == taker
    defender = left(taker)
    assert state.to_act == defender
    card = sorted(state.hands[defender], key=lambda c: c.code)[0]
    if banned:
        assert state.phase.id == "doubling" and state.exchange_banned
        assert code(state, f"{SEATS[defender]} give {SEATS[partner(defender)]} {card}") == "exchange-forbidden"
        # exchange-forbidden comes before the give's own checks
        assert code(state, f"{SEATS[defender]} give {SEATS[taker]} {card}") == "exchange-forbidden"
        two = " ".join(str(c) for c in sorted(state.hands[partner(defender)], key=lambda c: c.code)[:2])
        assert code(state, f"{SEATS[defender]} give {SEATS[taker]} {two}") == "exchange-forbidden"
        assert code(state, f"{SEATS[partner(defender)]} give {SEATS[defender]} 2C") == "not-your-turn"
    else:
        assert state.phase.id == "defenders-exchange" and not state.exchange_banned
        assert code(state, f"{SEATS[defender]} give {SEATS[partner(defender)]} {card}") is None


# ---------------------------------------------------------------------------------------------- doubling


def test_doubling_order_after_declarer_n():
    state = run(MIXED, FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S + ["E pass"])
    assert state.phase.id == "doubling" and state.to_act == E  # left of the declarer N
    assert code(state, "W double") == "not-your-turn"
    assert code(state, "N redouble") == "not-your-turn"
    assert code(state, "E redouble") == "redouble-not-allowed"
    assert code(state, "E bid 6S") == "wrong-phase"
    assert code(state, "E play TS") == "wrong-phase"
    assert code(state, "E give W TS") == "wrong-phase"
    # both pass: undoubled play, E leads
    s = engine.apply(engine.apply(state, "E pass"), "W pass")
    assert s.phase.id == "play" and s.doubling == 0 and s.to_act == E
    # E doubles: the doubler's left (S), then his partner (N) may redouble
    s = engine.apply(state, "E double")
    assert s.to_act == S and s.doubling == 1
    assert code(s, "S double") == "double-not-allowed"
    assert code(s, "N redouble") == "not-your-turn"
    assert code(s, "S give N 2C") == "wrong-phase"
    s2 = engine.apply(s, "S pass")
    assert s2.to_act == N
    s3 = engine.apply(s2, "N redouble")
    assert s3.phase.id == "play" and s3.doubling == 2 and s3.to_act == E
    s4 = engine.apply(s2, "N pass")
    assert s4.phase.id == "play" and s4.doubling == 1
    s5 = engine.apply(s, "S redouble")
    assert s5.phase.id == "play" and s5.doubling == 2
    # E passes, W doubles: the doubler's left is N, then S
    s = engine.apply(engine.apply(state, "E pass"), "W double")
    assert s.to_act == N
    assert engine.apply(s, "N pass").to_act == S


@pytest.mark.parametrize("declarer", SEATS)
def test_doublers_and_redoublers_for_every_declarer(declarer):
    d = SEAT_INDEX[declarer]
    calls = [f"{SEATS[k]} pass" for k in range(d)] + [f"{declarer} bid 5G"]
    calls += [f"{SEATS[(d + 1 + k) % 4]} pass" for k in range(8)]
    state = run(SUITS, calls)
    for _ in range(4):  # the kitty exchange
        state = engine.apply(state, engine.legal_actions(state)[0])
    for _ in range(4):
        state = engine.apply(state, f"{SEATS[state.to_act]} pass")
    assert state.declarer == d and state.to_act == left(d)
    state = engine.apply(state, f"{SEATS[left(d)]} pass")  # no exchange
    assert state.phase.id == "doubling" and state.to_act == left(d)
    after_pass = engine.apply(state, f"{SEATS[left(d)]} pass")
    assert after_pass.to_act == right(d)
    doubled = engine.apply(after_pass, f"{SEATS[right(d)]} double")
    assert doubled.to_act == d  # left of the doubler (right of D) is D
    assert engine.apply(doubled, f"{declarer} pass").to_act == partner(d)
    doubled = engine.apply(state, f"{SEATS[left(d)]} double")
    assert doubled.to_act == partner(d)  # left of the doubler (left of D) is D's partner
    assert engine.apply(doubled, f"{SEATS[partner(d)]} pass").to_act == d


# -------------------------------------------------------------------------------------------------- play


def test_play_follow_suit_and_card_not_held():
    state = run(MIXED, TO_PLAY_MIXED)
    assert state.phase.id == "play" and state.to_act == E  # left of the declarer leads
    assert code(state, "E pass") == "wrong-phase"
    assert code(state, "E bid 6S") == "wrong-phase"
    assert code(state, "E double") == "wrong-phase"
    assert code(state, "E give W TS") == "wrong-phase"
    assert code(state, "E play AS") == "card-not-held"
    assert code(state, "S play 7S") == "not-your-turn"
    state = engine.apply(state, "E play 5C")
    assert state.to_act == S
    assert code(state, "S play 7S") == "must-follow-suit"  # S holds 2C 3C 4C
    assert code(state, "S play KC") == "card-not-held"
    assert code(state, "S play AH") == "card-not-held"  # not held and off-suit: card-not-held first
    assert code(state, "S play 9C") == "card-not-held"  # given away in the kitty exchange
    state = engine.apply(state, "S play 4C")
    state = engine.apply(state, "W play KC")
    assert code(state, "N play AS") == "must-follow-suit"
    state = engine.apply(state, "N play 9C")
    assert len(state.tricks) == 1
    trick = state.tricks[0]
    assert trick.number == 1 and trick.leader == E and trick.winner == W
    assert [str(c) for c in trick.cards] == ["5C", "4C", "KC", "9C"]
    assert state.to_act == W and state.current == ()
    # a player void in the suit led may play anything
    state = engine.apply(state, "W play JD")
    assert code(state, "N play 3D") is None
    state = engine.apply(state, "N play AD")
    state = engine.apply(state, "E play 4D")
    state = engine.apply(state, "S play 2D")
    assert state.tricks[-1].winner == N


def test_trumps_win_a_ruff_and_the_deal_ends_after_13_tricks():
    # SUITS: 1S by N; the kitty exchange gives every player back the ace of his own suit
    actions = (["N bid 1S"] + ["E pass", "S pass", "W pass", "N pass"] * 2
               + ["N give S AH AD AC AS", "S give W AC", "S give N AS", "S give E AH"]
               + SECOND_5S + ["E pass", "E pass", "W pass"])
    state = run(SUITS, actions)
    assert state.to_act == E and state.contract == Bid(5, "S")
    # E leads hearts, S and W discard, N ruffs with the smallest spade and wins
    state = run(SUITS, [*actions, "E play AH", "S play AD", "W play AC", "N play 2S"])
    assert state.tricks[0].winner == N and state.to_act == N
    while not state.finished:
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert len(state.tricks) == 13 and all(t.winner == N for t in state.tricks)
    assert state.to_act is None and engine.legal_actions(state) == []
    assert [len(h) for h in state.hands] == [0, 0, 0, 0]
    for action in ("N play AS", "E pass", "N pass", "S bid 7G"):
        assert code(state, action) == "not-your-turn"
    assert code(state, "N shout") == "malformed-action"


@pytest.mark.parametrize(
    ("cards", "leader", "trump", "winner"),
    [
        ("5C 4C KC 9C", E, "S", W),  # highest of the suit led
        ("5C 4C KC 2S", E, "S", N),  # a trump beats it
        ("5C AS KC 2S", E, None, W),  # without trumps an off-suit ace does not win
        ("5C 3S 2S KC", N, "S", E),  # the higher of two trumps
        ("AH KH QH JH", S, "C", S),  # the leader's ace
        ("2H AD AC AS", W, None, W),  # everyone else discards
        ("2H AD AC AS", W, "D", N),
    ],
)
def test_trick_winner(cards, leader, trump, winner):
    assert trick_winner(tuple(CARDS[c] for c in cards.split()), leader, trump) == winner


def test_states_are_immutable_values():
    state = engine.start(RS, MIXED)
    before = (state.to_act, state.phase_no, state.hands, state.step)
    after = engine.apply(state, "N bid 1S")
    assert (state.to_act, state.phase_no, state.hands, state.step) == before
    assert after is not state and after.highest == Bid(1, "S") and state.highest is None
    with pytest.raises(AttributeError):
        state.to_act = 2  # type: ignore[misc]


# ---------------------------------------------------------------------------- legal_actions vs can_apply


def _universe(state):
    """Every parsed action of a modest universe: all non-give verbs, every one-card give, and (when the seat
    to act holds more than 13 cards) every give of 4 cards from that hand to every seat."""
    out = []
    for seat in range(4):
        out.append(Action(seat, "pass"))
        out.append(Action(seat, "double"))
        out.append(Action(seat, "redouble"))
        out.extend(Action(seat, "bid", bid=b) for b in BIDS.values())
        out.extend(Action(seat, "play", cards=(c,)) for c in DECK)
        for target in range(4):
            out.extend(Action(seat, "give", target=target, cards=(c,)) for c in DECK)
    if state.to_act is not None and len(state.hands[state.to_act]) > 13:
        held = sorted(state.hands[state.to_act], key=lambda c: c.code)
        for target in range(4):
            out.extend(Action(state.to_act, "give", target=target, cards=combo) for combo in combinations(held, 4))
    return out


def _key(action):
    return (action.seat, action.verb, action.bid, action.target, tuple(sorted(c.code for c in action.cards)))


def _check_position(state):
    legal = engine.legal_actions(state)
    keys = {_key(a) for a in legal}
    assert len(keys) == len(legal), "legal_actions lists an action twice"
    for action in legal:
        assert engine.can_apply(state, action), str(action)
        assert engine.can_apply(state, str(action)), str(action)
        assert action.seat == state.to_act
    for action in _universe(state):
        if _key(action) not in keys:
            assert not engine.can_apply(state, action), f"{action} is accepted but not listed"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_legal_actions_are_exactly_the_accepted_actions(seed):
    rng = random.Random(seed)
    record = random_record(rng, stacked_share=0.0)
    state = engine.start(RS, record["deal"])
    for i, action in enumerate(record["actions"]):
        # every position of the auctions and exchanges; in play one position per trick
        if state.phase.mechanism != "play" or i % 4 == seed % 4 or len(state.tricks) >= 11:
            _check_position(state)
        state = engine.apply(state, action)
    _check_position(state)
    assert engine.legal_actions(state) == []


def test_legal_actions_in_passimisaari_and_banned_exchange_positions():
    for actions in (ALL_PASS, ALL_PASS + PASSI_EXCHANGE[:2], ALL_PASS + PASSI_EXCHANGE,
                    ALL_PASS + PASSI_EXCHANGE + ["N double"]):
        _check_position(run(MIXED, actions))
    for actions in (FIRST_AUCTION_1S, FIRST_AUCTION_1S + KITTY_MIXED[:2], FIRST_AUCTION_1S + KITTY_MIXED,
                    FIRST_AUCTION_1S + KITTY_MIXED + ["N pass", "S pass", "N pass"],
                    FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S,
                    FIRST_AUCTION_1S + KITTY_MIXED + SECOND_5S + ["E give W TS"],
                    TO_PLAY_MIXED, [*TO_PLAY_MIXED, "E play 5C"]):
        _check_position(run(MIXED, actions))


def test_bid_not_allowed_and_bid_below_minimum_from_ruleset_parameters():
    """2016 allows every strain and level 1, so these two codes need a variant ruleset."""
    with open(RS.path, encoding="utf-8") as handle:
        doc = yaml.safe_load(handle)
    variant = copy.deepcopy(doc)
    for rule in variant["forms"]["alkupeli"]["rules"]:
        if rule.get("param") == "strain_order":
            rule["value"] = ["S", "C", "D", "H", "G"]
    for rule in variant["phases"]["first-auction"]["rules"]:
        if rule.get("param") == "min_level":
            rule["value"] = 2
    rs = compile_ruleset(variant, "variant.yaml")
    state = engine.start(rs, MIXED)
    for action, expected in [("N bid 1M", "bid-not-allowed"), ("N bid 3M", "bid-not-allowed"),
                             ("N bid 1S", "bid-below-minimum"), ("N bid 2S", None)]:
        try:
            engine.verify(state, _parse(action))
            got = None
        except IllegalAction as exc:
            got = exc.code
        assert got == expected, action
    state = engine.apply(state, "N bid 3C")
    # bid-not-allowed, then bid-below-minimum, then bid-not-higher
    for action, expected in [("E bid 1M", "bid-not-allowed"), ("E bid 1S", "bid-below-minimum"),
                             ("E bid 2G", "bid-not-higher"), ("E bid 3S", "bid-not-higher")]:
        with pytest.raises(IllegalAction) as info:
            engine.verify(state, _parse(action))
        assert info.value.code == expected, action
    assert all(a.bid is None or (a.bid.strain != "M" and a.bid.level >= 2) for a in engine.legal_actions(state))


def test_every_seat_but_the_one_to_act_is_refused():
    state = engine.start(RS, MIXED)
    for seat in (E, S, W):
        with pytest.raises(IllegalAction) as info:
            engine.apply(state, Action(seat, "pass"))
        assert info.value.code == "not-your-turn"


def _passimisaari_doublers_from(ref: str) -> object:
    with open(RS.path, encoding="utf-8") as handle:
        doc = yaml.safe_load(handle)
    for phase in doc["phases"].values():
        for rule in phase.get("rules") or ():
            if rule.get("id") == "passimisaari.doubling-order":
                rule["value"] = [ref, "dealer-partner"]
    return compile_ruleset(doc, "variant.yaml")


@pytest.mark.parametrize("step_path", [False, True])
def test_a_seat_reference_not_known_yet_is_an_error_answer_on_both_paths(step_path: bool) -> None:
    """A ruleset whose passimisääri doublers count from the declarer (a passimisääri has none): entering the
    doubling phase fails. Hand derivation: in 2016.errors.double-not-allowed-passimisaari's record, actions
    0-3 are four passes (a passimisääri), 4-7 the centre cards and their returns; action 7 (N's return)
    ends the exchange and enters the doubling, whose first doubler is counted from the declarer: not
    known, so action 7 is rejected with wrong-phase, as an error answer, never an exception."""
    from skruuvi.interpreter.replay import replay
    from skruuvi.rules.paths import repo_root
    from skruuvi.rules.yamlio import load_yaml

    case = load_yaml(repo_root() / "conformance/cases/2016/errors/double-not-allowed-passimisaari.yaml")
    assert isinstance(case, dict)
    rs = _passimisaari_doublers_from("declarer")
    if step_path:
        with engine.step_path_only():
            answer = replay(case, rs).to_response()
    else:
        answer = replay(case, rs).to_response()
    assert answer == {"error": {"index": 7, "code": "wrong-phase"}}
