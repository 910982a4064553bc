"""The alternative readings of the 1944 and 1895 rulesets (issue 15, part 2), replayed with ``with_readings``.

Every reading is tested on records whose answer it changes. Each entry of :data:`READINGS` is written so that
it can become a conformance case once cases can pin readings: the record (``ruleset``, ``deal``, ``actions``,
taken from the conformance case or generated record named in ``base``), the ``readings`` it is replayed
under, the ``expect`` result under them, and the hand ``derivation`` of that result. The default answer of
the same record (its own ``expect``, hand-derived or agreed by the reference and the oracle) is asserted
unchanged, so each entry also shows what the reading changes.

A derivation starts from the record's default answer (justified where the base record is) and derives by
hand only what the reading changes: which rule, which table values, the arithmetic.
"""

from __future__ import annotations

import copy
import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.ruleset import get_ruleset, with_readings

ROOT = Path(__file__).resolve().parents[2]


@cache
def _generated(ruleset: str) -> dict[str, dict[str, Any]]:
    records: dict[str, dict[str, Any]] = {}
    era = ruleset.removeprefix("skruuvi-")
    for path in sorted((ROOT / "conformance" / "generated" / era).glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                records[record["id"]] = record
    return records


def base_record(base: str, ruleset: str) -> dict[str, Any]:
    """The record named by ``base``: a conformance case file (a path under conformance/cases) or the id of a
    generated record of ``ruleset``."""
    if base.endswith(".yaml"):
        with open(ROOT / base, encoding="utf-8") as handle:
            return dict(yaml.safe_load(handle))
    return copy.deepcopy(_generated(ruleset)[base])


def reading_case(
    name: str, ruleset: str, readings: dict[str, Any], base: str, expect: dict[str, Any], derivation: str
) -> dict[str, Any]:
    """One reading case: the base record with the readings, the expected result under them, its derivation."""
    record = base_record(base, ruleset)
    assert record["ruleset"] == ruleset
    default = record["expect"]
    if "result" not in default and "error" not in default:  # a match case's expect is the result itself
        default = {"result": default}
    case = {"id": name, "ruleset": ruleset, "readings": readings, "base": base, "derivation": derivation,
            "default": default, "expect": expect}
    for key in ("deal", "actions", "match"):
        if key in record:
            case[key] = record[key]
    return case


def score(ns: tuple[int, int], ew: tuple[int, int]) -> dict[str, dict[str, int]]:
    return {"NS": {"below": ns[0], "above": ns[1]}, "EW": {"below": ew[0], "above": ew[1]}}


READINGS: list[dict[str, Any]] = [
    # ------------------------------------------------ 1944 score.honour-count: 2 × aces + 1 after a cancellation
    reading_case(
        "1944.reading.honour-count.grandi-two-two-cancelled",
        "skruuvi-1944",
        {"score.honour-count": None},
        "conformance/cases/1944/honours/grandi-two-two-cancelled.yaml",
        {"result": {"contract": {"declarer": "W", "bid": "5G", "doubling": 0}, "tricks": {"NS": 7, "EW": 6},
                    "score": score((35, 3150), (30, 0))}},
        """The case's own derivation: 5G by W, EW took 6 < 7 tricks, so EW's honours are cancelled and only NS
        count theirs. At play N holds the ♦A, S the ♣A: NS 2 aces. Default: 2 × 2 = 4 honours, 10 × 5 × 4 = 200.
        Reading (2 × aces + 1 for the side that alone counts): 2 × 2 + 1 = 5, 10 × 5 × 5 = 250, no knock.
        NS above 2500 (undertricks) + 200 + 200 (sequences) + 250 = 3150; everything else as in the case.""",
    ),
    reading_case(
        "1944.reading.honour-count.6G-fails-with-six-tricks",
        "skruuvi-1944",
        {"score.honour-count": None},
        "gen.1944.1.legal-00087",
        {"result": {"contract": {"declarer": "E", "bid": "6G", "doubling": 0}, "tricks": {"NS": 7, "EW": 6},
                    "score": score((42, 4300), (36, 0))}},
        """Default NS above 4240 (reference and oracle agree). 6G by E, no knock. Hands at play: N ♣A, E ♠A,
        S ♦A, W ♥A, aces 2–2. EW win T2, T3, T4, T11, T12, T13: 6 < 7 tricks, so only NS count honours. Default
        NS honours 2 × 2 = 4 (10 × 6 × 4 = 240); reading 2 × 2 + 1 = 5 (10 × 6 × 5 = 300): NS above
        4240 − 240 + 300 = 4300. Below the line and EW unchanged.""",
    ),
    reading_case(
        "1944.reading.honour-count.4G-fails-with-five-tricks",
        "skruuvi-1944",
        {"score.honour-count": None},
        "gen.1944.1.legal-00092",
        {"result": {"contract": {"declarer": "S", "bid": "4G", "doubling": 0}, "tricks": {"NS": 5, "EW": 8},
                    "score": score((20, 0), (32, 2300))}},
        """Default EW above 2260 (reference and oracle agree). 4G by S, no knock. Hands at play: N ♠A, E ♥A,
        S ♦A, W ♣A, aces 2–2. NS win T4, T5, T6, T12, T13: 5 < 7 tricks, so only EW count honours. Default EW
        honours 4 (10 × 4 × 4 = 160); reading 5 (10 × 4 × 5 = 200): EW above 2260 − 160 + 200 = 2300.""",
    ),
    # ------------------------------------------ 1944 score.honours-from: honours from the cards won in tricks
    reading_case(
        "1944.reading.honours-from-tricks.source-example-1",
        "skruuvi-1944",
        {"score.honours-from": "tricks-won"},
        "conformance/cases/1944/below/source-example-1-4S-nine-tricks.yaml",
        {"result": {"contract": {"declarer": "N", "bid": "4S", "doubling": 0}, "tricks": {"NS": 9, "EW": 4},
                    "score": score((36, 880), (16, 400))}},
        """The case's play (4S by N, 9 tricks, 1 down). E–W win T1 (E:AC S:5C W:2C N:TC), T5 (N:AH E:8S S:6H
        W:2H), T7 (N:KH E:9S S:TH W:3H), T9 (N:9H E:2D S:JH W:QH): aces ♣A ♥A = 2, no spade above the 9, so
        E–W count 0 + 2 = 2 honours. N–S win the other nine tricks: aces ♠A (T3), ♦A (T13) = 2; trump honours
        ♠A (T3), ♠K (T4), ♠T (T8), ♠J (T10), ♠Q (T12) = 5; 5 + 2 = 7 honours (8 when held at play: the ♥A
        held by N went to E–W). N–S hold more and took 9 ≥ 7: 10 × 4 × 7 = 280 instead of 320, and N–S are
        not the winner, so no knock factor either way. N–S above 600 (sequence) + 280 = 880; E–W 400.""",
    ),
    reading_case(
        "1944.reading.honours-from-tricks.all-thirteen-tricks",
        "skruuvi-1944",
        {"score.honours-from": "tricks-won"},
        "conformance/cases/1944/above/made-5-two-overtricks.yaml",
        {"result": {"contract": {"declarer": "W", "bid": "5D", "doubling": 0}, "tricks": {"NS": 0, "EW": 13},
                    "score": score((0, 0), (265, 3850))}},
        """The case's play: E–W (5D by W) win all 13 tricks, so they won all four aces and the ♦T J Q K A:
        5 + 4 = 9 honours (8 when held at play: N–S held the ♥A), N–S none. 10 × 5 × 9 = 450 instead of 400;
        the crown (three aces in W's hand when play began) and the sequence stay. E–W above 2000 + 400 + 200 +
        800 + 450 = 3850; below unchanged (65 + the first game's 200 = 265).""",
    ),
    # --------------------------------------- 1895 match.rubber: Parlett's rubber, two games then four extra deals
    reading_case(
        "1895.reading.rubber.two-nil-needs-four-more-deals",
        "skruuvi-1895",
        {"match.rubber": None},
        "conformance/cases/1895/match/rubber-2-0.yaml",
        {"error": {"deal": 3, "index": None, "code": "incomplete-record"}},
        """The case's derivation: N–S win their second game in deal 2 (the third deal), so by default the
        rubber is complete. Under Parlett's rubber four extra deals follow the second game; the record
        ends after deal 2, before the first of them: incomplete-record at deal 3 (len(deals)), no index.""",
    ),
    reading_case(
        "1895.reading.rubber.two-one-needs-four-more-deals",
        "skruuvi-1895",
        {"match.rubber": None},
        "conformance/cases/1895/match/rubber-2-1.yaml",
        {"error": {"deal": 4, "index": None, "code": "incomplete-record"}},
        """The case's derivation: games EW 1 (deal 0), NS 1 (deal 1), none (deal 2), NS 2 (deal 3). By default
        the rubber ends there; under the reading four more deals are owed: incomplete-record at deal 4.""",
    ),
    reading_case(
        "1895.reading.rubber.fourth-deal-is-an-extra-deal",
        "skruuvi-1895",
        {"match.rubber": None},
        "conformance/cases/1895/match/error-overrun-after-2-0.yaml",
        {"error": {"deal": 4, "index": None, "code": "incomplete-record"}},
        """The case's derivation: N–S win their second game in deal 2, so by default deal 3 overruns
        (match-overrun at deal 3). Under the reading deal 3 (dealer W, the previous dealer's left, an
        alkupeli) is the first of the four extra deals and is played; three are still owed when the record
        ends: incomplete-record at deal 4.""",
    ),
    # ------------------------------------- 1895 score.honours-and-aces-per-card: flat 10 × level per side (PSW)
    reading_case(
        "1895.reading.flat-honours.no-trump-four-aces",
        "skruuvi-1895",
        {"score.honours-and-aces-per-card": None},
        "conformance/cases/1895/aces/no-trump-four.yaml",
        {"result": {"contract": {"declarer": "N", "bid": "1G", "doubling": 0}, "tricks": {"NS": 9, "EW": 4},
                    "score": score((9, 25), (4, 0))}},
        """The case's derivation: 1G made by N–S, no honours at no trump, N–S hold all four aces (no hand three
        or more, no coronet): default aces 25 × 1 × 4 = 100. Flat: the ace unit at no trump 25 × level 1 once,
        25. N–S above 25; below the line unchanged (9 and 4).""",
    ),
    reading_case(
        "1895.reading.flat-honours.both-sides-score",
        "skruuvi-1895",
        {"score.honours-and-aces-per-card": None},
        "conformance/cases/1895/aces/two-two-defenders-odd-trick.yaml",
        {"result": {"contract": {"declarer": "S", "bid": "2S", "doubling": 0}, "tricks": {"NS": 5, "EW": 8},
                    "score": score((10, 20), (16, 620))}},
        """The case's derivation: 2S by S fails by 3; N–S hold 3 honours (K Q J of spades) against 2, so they
        score honours: default 10 × 2 × 3 = 60, flat 10 × 2 = 20. Aces 2–2 and E–W took the odd trick, so E–W
        score aces: default 10 × 2 × 2 = 40, flat 10 × 2 = 20; their undertricks 100 × 2 × 3 = 600 stay. N–S
        above 20; E–W above 600 + 20 = 620.""",
    ),
]


def _ruleset(case: dict[str, Any]) -> Any:
    return with_readings(get_ruleset(case["ruleset"]), case["readings"])


def _response(case: dict[str, Any], ruleset: Any = None) -> dict[str, Any]:
    return replay(case, ruleset).to_response()


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_reading_changes_the_answer_as_derived(case: dict[str, Any]) -> None:
    assert _response(case, _ruleset(case)) == case["expect"]
    assert case["expect"] != case["default"]


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_default_answer_is_unchanged(case: dict[str, Any]) -> None:
    assert _response(case) == case["default"]


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_step_path_gives_the_same_answer_under_the_reading(case: dict[str, Any]) -> None:
    ruleset = _ruleset(case)
    with engine.step_path_only():
        assert _response(case, ruleset) == case["expect"]


def test_an_unknown_honours_source_is_one_clear_error() -> None:
    with pytest.raises(RulesetError, match="honours_from must be one of: hands-at-play, tricks-won"):
        with_readings(get_ruleset("skruuvi-1944"), {"score.honours-from": "claimed"})
