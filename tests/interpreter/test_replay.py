"""Replaying records: results, the first illegal action, incomplete records, invalid deals, bad records."""

from __future__ import annotations

import copy

import pytest
from test_engine import MIXED, SUITS

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay, replay_deal
from skruuvi.interpreter.settle import result_of
from skruuvi.rules.errors import CaseFormatError, RulesetError
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-2016")

# SUITS: N spades 2-K, E hearts 2-K, S diamonds 2-K, W clubs 2-K, centre AS AH AD AC; N deals.
SUITS_5S = (
    ["N bid 1S"] + ["E pass", "S pass", "W pass", "N pass"] * 2
    + ["N give S AH AD AC AS", "S give W AC", "S give N AS", "S give E AH"]  # everyone holds one full suit
    + ["N bid 5S", "S pass", "N pass", "S pass", "N pass"]
    + ["E pass", "E pass", "W pass"]  # no exchange, no double
)
# Trick 1: E leads AH, S and W discard their aces, N ruffs with 2S and wins. Tricks 2-13: N leads 3S..AS and
# the others discard hearts, diamonds and clubs from the top: N wins all 13 tricks.
SUITS_5S_PLAY = ["E play AH", "S play AD", "W play AC", "N play 2S"] + [
    a
    for s, o in zip("3456789TJQKA", "KQJT98765432", strict=True)
    for a in (f"N play {s}S", f"E play {o}H", f"S play {o}D", f"W play {o}C")
]


def suits_5s_record(doubling=()):
    actions = list(SUITS_5S)
    if doubling:
        actions[-2:] = list(doubling)
    return {"id": "t.suits", "ruleset": "skruuvi-2016", "deal": SUITS, "actions": actions + SUITS_5S_PLAY}


def test_a_made_contract():
    # 5S needs 11 tricks; N takes 13: 2 overtricks. 25 + 2*2 = 29 to NS, -29 to EW.
    out = replay(suits_5s_record())
    assert out.ok and out.error_code is None
    assert out.result == {"contract": {"declarer": "N", "bid": "5S", "doubling": 0},
                          "tricks": {"NS": 13, "EW": 0}, "score": {"NS": 29, "EW": -29}}
    assert out.to_response() == {"result": out.result}


def test_a_redoubled_contract():
    # E doubles, S (the doubler's left) passes, N redoubles: (25 + 2*2) * 3 = 87
    out = replay(suits_5s_record(doubling=("E double", "S pass", "N redouble")))
    assert out.result["contract"] == {"declarer": "N", "bid": "5S", "doubling": 2}
    assert out.result["score"] == {"NS": 87, "EW": -87}


PASSI = [
    "N pass", "E pass", "S pass", "W pass",  # passimisääri: AS to E, AH to S, AD to W, AC to N
    "E give W AS", "S give N AH", "W give E 2C", "N give S 2S",
    "N pass", "S pass",
    "E play 2C", "S play 2S", "W play 3C", "N play AC",  # trick 1: N wins with AC (one ace)
    "N play 3S", "E play 2H", "S play 2D", "W play AS",  # trick 2: W wins with AS (one ace)
    # tricks 3-12: W leads 4C..KC, N discards 4S..KS, E 3H..QH, S 3D..QD; W wins them all
    *[a for c, o in zip("456789TJQK", "3456789TJQ", strict=True)
      for a in (f"W play {c}C", f"N play {c}S", f"E play {o}H", f"S play {o}D")],
    "W play AD", "N play AH", "E play KH", "S play KD",  # trick 13: W wins, AD and AH in it
]


def passi_record():
    return {"id": "t.passi", "ruleset": "skruuvi-2016", "deal": SUITS, "actions": list(PASSI)}


def test_a_passimisaari():
    # NS: 1 trick (trick 1, one ace): -1 - 1 = -2.
    # EW: 12 tricks: -12; aces: trick 2 (AS) 2, trick 13 (AD and AH) 2 * 13 = 26: -12 - 28 = -40.
    out = replay(passi_record())
    assert out.result == {"contract": None, "tricks": {"NS": 1, "EW": 12}, "score": {"NS": -2, "EW": -40}}


def test_the_first_illegal_action_is_reported_and_the_rest_ignored():
    rec = suits_5s_record()
    bad = copy.deepcopy(rec)
    bad["actions"][3] = "W play 2C"  # first auction: wrong-phase
    bad["actions"][5] = "garbage"
    out = replay(bad)
    assert (out.error_index, out.error_code) == (3, "wrong-phase")
    assert out.to_response() == {"error": {"index": 3, "code": "wrong-phase"}}
    bad = copy.deepcopy(rec)
    bad["actions"][3] = "garbage"
    assert replay(bad).to_response() == {"error": {"index": 3, "code": "malformed-action"}}
    bad = copy.deepcopy(rec)
    i = len(SUITS_5S) + 1
    bad["actions"][i] = "S play 2S"  # S holds only diamonds; 2S is N's: card-not-held
    assert replay(bad).to_response() == {"error": {"index": i, "code": "card-not-held"}}


@pytest.mark.parametrize("value", [None, 5, ["N", "pass"], {"verb": "pass"}])
def test_an_action_that_is_not_a_string_is_malformed(value):
    rec = suits_5s_record()
    rec["actions"][0] = value
    assert replay(rec).to_response() == {"error": {"index": 0, "code": "malformed-action"}}


@pytest.mark.parametrize("keep", [0, 1, 9, 13, 30, len(SUITS_5S) + 51])
def test_incomplete_records(keep):
    rec = suits_5s_record()
    rec["actions"] = rec["actions"][:keep]
    assert replay(rec).to_response() == {"error": {"index": keep, "code": "incomplete-record"}}


def test_incomplete_passimisaari_record():
    rec = passi_record()
    rec["actions"] = rec["actions"][:4]
    assert replay(rec).to_response() == {"error": {"index": 4, "code": "incomplete-record"}}


@pytest.mark.parametrize("extra", ["N pass", "E play AS", "N play AS", "S bid 7G", "W double"])
def test_an_action_after_the_end_is_not_your_turn(extra):
    rec = suits_5s_record()
    n = len(rec["actions"])
    rec["actions"].append(extra)
    assert replay(rec).to_response() == {"error": {"index": n, "code": "not-your-turn"}}
    rec["actions"][-1] = "N fold"
    assert replay(rec).to_response() == {"error": {"index": n, "code": "malformed-action"}}


def test_an_invalid_deal_has_index_null():
    rec = suits_5s_record()
    rec["deal"] = copy.deepcopy(SUITS)
    rec["deal"]["centre"] = ["AS", "AH", "AD", "2S"]
    assert replay(rec).to_response() == {"error": {"index": None, "code": "invalid-deal"}}
    rec["actions"] = ["garbage"]  # the deal is checked before any action
    assert replay(rec).to_response() == {"error": {"index": None, "code": "invalid-deal"}}
    rec["deal"] = {"form": "alkupeli", "dealer": "N", "deck": [], "centre_positions": []}
    assert replay(rec).to_response() == {"error": {"index": None, "code": "invalid-deal"}}


def test_unknown_fields_are_ignored():
    rec = suits_5s_record()
    rec.update(description="x", rules=["score.made"], justification={"kind": "hand-derived", "note": "n"},
               expect={"error": {"index": 0, "code": "wrong-phase"}}, anything_else=[1, 2, 3])
    assert replay(rec).result["score"] == {"NS": 29, "EW": -29}


def test_the_ruleset_argument_overrides_the_record():
    rec = suits_5s_record()
    del rec["ruleset"]
    assert replay(rec, RS).result["score"] == {"NS": 29, "EW": -29}
    rec["ruleset"] = "skruuvi-1066"
    assert replay(rec, RS).ok


@pytest.mark.parametrize(
    "case",
    [
        None,
        [],
        "N pass",
        {"deal": SUITS, "actions": []},  # no ruleset
        {"ruleset": "skruuvi-2016", "actions": []},  # no deal
        {"ruleset": "skruuvi-2016", "deal": SUITS},  # no actions
        {"ruleset": "skruuvi-2016", "deal": SUITS, "actions": "N pass"},  # actions not a list
        {"ruleset": "skruuvi-2016", "deal": SUITS, "actions": None},
    ],
)
def test_records_that_are_not_records(case):
    with pytest.raises(CaseFormatError):
        replay(case)


def test_unknown_ruleset():
    rec = suits_5s_record()
    rec["ruleset"] = "skruuvi-1066"
    with pytest.raises(RulesetError):
        replay(rec)


def test_replay_equals_stepwise_play():
    for rec in (suits_5s_record(), passi_record()):
        state = engine.start(RS, rec["deal"])
        for a in rec["actions"]:
            state = engine.apply(state, a)
        assert state.finished
        assert result_of(state) == replay(rec)
        assert replay_deal(RS, rec["deal"], rec["actions"]) == replay(rec)


def test_mixed_deal_first_action_errors():
    rec = {"ruleset": "skruuvi-2016", "deal": MIXED, "actions": ["E pass"]}
    assert replay(rec).to_response() == {"error": {"index": 0, "code": "not-your-turn"}}
