"""The readings cases of 2016 (conformance/cases/2016/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand).
"""
import copy


def centre_two_each_end(base, position):
    step = (f"Under the reading deal.centre-not-top-or-bottom = [0, 1, 50, 51] (S001's plural \"not the first "
            f"cards, not the last cards\" read as two at each end): the record's centre_positions "
            f"{base['deal']['centre_positions']} include position {position}, one of the two "
            f"{'first' if position < 26 else 'last'} cards of the pack, which may not be a centre card, so the "
            f"deal itself is invalid: invalid-deal, index null, before any action.")
    return {"error": {"index": None, "code": "invalid-deal"}}, step


def defenders_nothing(base):
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"]
    main = "NS" if expect["result"]["contract"]["declarer"] in "NS" else "EW"
    other = "EW" if main == "NS" else "NS"
    step = (f"Under the reading score.defenders-receive = nothing (S002: only the main pair's score is written): "
            f"the main pair {main} keeps its {score[main]}; the defenders {other} receive nothing instead of the "
            f"negation {score[other]} (a suit contract, so no rule scores the defenders on their own): "
            f"{other} 0.")
    score[other] = 0
    return expect, step


def first_end_position(base):
    return min(p for p in base["deal"]["centre_positions"] if p in (1, 50))


SPECS = [
    ("2016", "centre-two-each-end-second-card", "2016/deal/deck-next-to-ends.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading a centre card at position 1 or 50 makes the deal invalid",
     lambda base: centre_two_each_end(base, first_end_position(base))),
    ("2016", "centre-two-each-end-dealer-E", "2016/deal/deck-positions-dealer-E.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading the dealer-E deck's centre positions are not allowed",
     lambda base: centre_two_each_end(base, first_end_position(base))),
    ("2016", "defenders-nothing-made-5C", "2016/auction/bid-after-passes-in-first-round.yaml",
     {"score.defenders-receive": "nothing"},
     "5C made by S with the defenders receiving nothing: N–S 25, E–W 0",
     defenders_nothing),
    ("2016", "defenders-nothing-made-5D-all-tricks", "2016/auction/competitive-highest-bidder-W.yaml",
     {"score.defenders-receive": "nothing"},
     "5D by W taking all thirteen with the defenders receiving nothing: E–W 29, N–S 0",
     defenders_nothing),
]
