"""Write the cases that pin readings (conformance/cases/<era>/readings/), from justified cases of the suite.

Standard library + PyYAML; it never runs the interpreter. Each case below is an existing hand-derived case
(its deal, its actions and its derivation) replayed under one other reading of a rule: the reading's
effect on the expected answer is worked out here by hand, written into the new case's justification
after the base case's derivation, and the expectation is the base expectation changed by exactly that
step. The reference then has to agree (tests/suite/test_readings_suite.py replays these cases).

    python3 author_readings.py          (writes the files)
    python3 author_readings.py --check  (exit 1 when a file differs from what this script writes)
"""
import copy
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.normpath(os.path.join(HERE, "..", "cases"))


def times(value, k):
    """Every point figure of a score times ``k`` (the 1895 scale: games and the book are counts, kept)."""
    if isinstance(value, dict):
        return {key: (v if key in ("games", "book") else times(v, k)) for key, v in value.items()}
    return value * k if isinstance(value, int) and not isinstance(value, bool) else value


def older_table(base, side, undertricks):
    """The first 6-level undertrick 1100 instead of 1000: the defenders' above column gains 100."""
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"][side]
    further = (undertricks - 1) * 600
    step = (f"Under the reading score.undertrick-first = {{4: 400, 5: 500, 6: 1100, 7: 1700}} (the older sources' "
            f"figure that S000 reports): the contract is undoubled and fails by {undertricks}, so {side}'s "
            f"undertricks are 1100 + {undertricks - 1} × 600 = {1100 + further} instead of 1000 + "
            f"{undertricks - 1} × 600 = {1000 + further}; nothing else reads the table. {side} above: "
            f"{score['above']} + 100 = {score['above'] + 100}.")
    score["above"] += 100
    return expect, step


def scale_ten(base):
    expect = copy.deepcopy(base["expect"])
    expect["result"]["score"] = times(expect["result"]["score"], 10)
    shown = expect["result"]["score"]
    step = ("Under the reading score.scale = 10 (the figures as printed in the 1895 manual, PSW): every point "
            "figure of the ruleset is multiplied by 10 and the game threshold becomes 600, so the same running "
            "counts win the same games (none here); the contract, the tricks and the play are unchanged. Each "
            "score entry of the base derivation times 10: "
            + "; ".join(f"{side} below {s['below']} above {s['above']}" for side, s in shown.items()) + ".")
    return expect, step


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


# (era, new name, base case path, readings, description, derive(base) -> (expect, step))
SPECS = [
    ("1895", "scale-ten-three-trump", "1895/aces/three-trump.yaml", {"score.scale": 10},
     "The base three-trump deal with the 1895 manual's printed figures (score.scale 10): every point × 10",
     scale_ten),
    ("1895", "scale-ten-four-trump-two-hands", "1895/aces/four-trump-two-hands.yaml", {"score.scale": 10},
     "The four-aces-in-two-hands deal with the printed figures (score.scale 10): every point × 10",
     scale_ten),
    # table keys as strings, as JSON carries them (the export writes cases as JSON; readings read "6" as 6)
    ("1944", "older-table-down-6-one", "1944/above/down-6-one.yaml",
     {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}},
     "6H one down under the older table: N–S score 1100 for the first undertrick (not 1000)",
     lambda base: older_table(base, "NS", 1)),
    ("1944", "older-table-down-6-three", "1944/above/down-6-three.yaml",
     {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}},
     "6D three down under the older table: N–S score 1100 + 2 × 600 = 2300 for the undertricks",
     lambda base: older_table(base, "NS", 3)),
    ("2016", "centre-two-each-end-second-card", "2016/deal/deck-next-to-ends.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading a centre card at position 1 or 50 makes the deal invalid",
     lambda base: centre_two_each_end(base, min(p for p in base["deal"]["centre_positions"] if p in (1, 50)))),
    ("2016", "centre-two-each-end-dealer-E", "2016/deal/deck-positions-dealer-E.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading the dealer-E deck's centre positions are not allowed",
     lambda base: centre_two_each_end(base, min(p for p in base["deal"]["centre_positions"] if p in (1, 50)))),
    ("2016", "defenders-nothing-made-5C", "2016/auction/bid-after-passes-in-first-round.yaml",
     {"score.defenders-receive": "nothing"},
     "5C made by S with the defenders receiving nothing: N–S 25, E–W 0",
     defenders_nothing),
    ("2016", "defenders-nothing-made-5D-all-tricks", "2016/auction/competitive-highest-bidder-W.yaml",
     {"score.defenders-receive": "nothing"},
     "5D by W taking all thirteen with the defenders receiving nothing: E–W 29, N–S 0",
     defenders_nothing),
]


def build(era, name, base_path, readings, description, derive):
    with open(os.path.join(CASES, base_path), encoding="utf-8") as f:
        base = yaml.safe_load(f)
    expect, step = derive(base)
    rules = list(dict.fromkeys([*readings, *base["rules"]]))
    note = (f"Base case {base['id']} ({base_path}), whose derivation follows; then the reading. "
            f"{base['justification']['note']} {step}")
    case = {"id": f"{era}.readings.{name}", "ruleset": base["ruleset"], "readings": readings,
            "description": description, "rules": rules,
            "justification": {"kind": "hand-derived", "note": note}}
    for key in ("deal", "actions", "match"):
        if key in base:
            case[key] = base[key]
    case["expect"] = expect
    return os.path.join(CASES, era, "readings", name + ".yaml"), case


def to_yaml(case):
    return yaml.safe_dump(case, sort_keys=False, allow_unicode=True, width=100000, default_flow_style=None)


def main():
    check = "--check" in sys.argv
    bad = 0
    for spec in SPECS:
        path, case = build(*spec)
        text = to_yaml(case)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                print("DIFFERS:", path)
                bad += 1
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    print(len(SPECS), "readings cases;", "all equal" if check and not bad else f"{bad} differ" if check else "written")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
