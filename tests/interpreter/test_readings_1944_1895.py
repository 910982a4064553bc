"""The alternative readings of the 1944 and 1895 rulesets (issue 15, part 2), replayed with ``with_readings``.

The records that a conformance case can carry are cases now: conformance/cases/1944/readings and
conformance/cases/1895/readings (written by conformance/tools/author_readings.py, replayed against the reference
by tests/suite/test_readings_suite.py); here they are also replayed on the step path. What stays here is what a
case cannot say: records whose base is a generated record (agreed by the reference and the oracle, not
hand-derived), a match record whose last deal no case derives, the readings the compiler refuses, the state in
the middle of a deal, and bot deals played under each reading on both paths.

Each entry of :data:`READINGS` is the record (``ruleset``, ``deal``, ``actions``, taken from the conformance
case or generated record named in ``base``), the ``readings`` it is replayed under, the ``expect`` result
under them, and the hand ``derivation`` of that result. The default answer of the same record (its own
``expect``, hand-derived or agreed by the reference and the oracle) is asserted unchanged, so each entry also
shows what the reading changes. A derivation starts from the record's default answer and derives by hand only
what the reading changes: which rule, which table values, the arithmetic.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.readings import FIRST_ALTERNATIVE, alternatives, executable, with_readings
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.cases.cases import Case, iter_cases
from skruuvi.suite.run.runner import compare

ROOT = Path(__file__).resolve().parents[2]


@cache
def _generated(ruleset: str, record_id: str) -> dict[str, Any]:
    """The generated record ``record_id`` of ``ruleset``. Only its line is parsed: a generated line starts with
    its id member (the generator writes compact JSON, ``id`` first), and the parsed record must carry that id."""
    era = ruleset.removeprefix("skruuvi-")
    head = json.dumps({"id": record_id}, separators=(",", ":"))[:-1] + ","
    for path in sorted((ROOT / "conformance" / "generated" / era).glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if line.startswith(head):
                    record: dict[str, Any] = json.loads(line)
                    assert record["id"] == record_id, (path, record_id)
                    return record
    raise KeyError(f"no generated record {record_id!r} of {ruleset}")


def base_record(base: str, ruleset: str) -> dict[str, Any]:
    """The record named by ``base``: a conformance case file (a path under conformance/cases) or the id of a
    generated record of ``ruleset``."""
    if base.endswith(".yaml"):
        with open(ROOT / base, encoding="utf-8") as handle:
            return dict(yaml.safe_load(handle))
    return copy.deepcopy(_generated(ruleset, base))


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
        "1944.reading.honour-count.6G-fails-with-six-tricks",
        "skruuvi-1944",
        {"score.honour-count": FIRST_ALTERNATIVE},
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
        {"score.honour-count": FIRST_ALTERNATIVE},
        "gen.1944.1.legal-00092",
        {"result": {"contract": {"declarer": "S", "bid": "4G", "doubling": 0}, "tricks": {"NS": 5, "EW": 8},
                    "score": score((20, 0), (32, 2300))}},
        """Default EW above 2260 (reference and oracle agree). 4G by S, no knock. Hands at play: N ♠A, E ♥A,
        S ♦A, W ♣A, aces 2–2. NS win T4, T5, T6, T12, T13: 5 < 7 tricks, so only EW count honours. Default EW
        honours 4 (10 × 4 × 4 = 160); reading 5 (10 × 4 × 5 = 200): EW above 2260 − 160 + 200 = 2300.""",
    ),
    # --------------------------------------- 1895 match.rubber: Parlett's rubber, two games then four extra deals
    reading_case(
        "1895.reading.rubber.fourth-deal-is-an-extra-deal",
        "skruuvi-1895",
        {"match.rubber": FIRST_ALTERNATIVE},
        "conformance/cases/1895/match/error-overrun-after-2-0.yaml",
        {"error": {"deal": 4, "index": None, "code": "incomplete-record"}},
        """The case's derivation: N–S win their second game in deal 2, so by default deal 3 overruns
        (match-overrun at deal 3). Under the reading deal 3 (dealer W, the previous dealer's left, an
        alkupeli) is the first of the four extra deals and is played; three are still owed when the record
        ends: incomplete-record at deal 4.""",
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
    record = {key: value for key, value in case.items() if key != "readings"}  # a record pins what it names
    assert _response(record) == case["default"]


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_step_path_gives_the_same_answer_under_the_reading(case: dict[str, Any]) -> None:
    ruleset = _ruleset(case)
    with engine.step_path_only():
        assert _response(case, ruleset) == case["expect"]


PINNED = [case for era in ("1944", "1895") for case in iter_cases([ROOT / "conformance" / "cases" / era / "readings"])]


@pytest.mark.parametrize("case", PINNED, ids=[case.record["id"] for case in PINNED])
def test_the_step_path_gives_each_pinned_case_its_expected_answer(case: Case) -> None:
    """The cases that pin 1944 and 1895 readings, replayed on the step path (tests/suite/test_readings_suite.py
    replays them on the default path, with its batch paths)."""
    with engine.step_path_only():
        answer = _response(case.record)
    kind = "error" if "error" in answer else "result"
    assert compare(case.expect, kind, answer[kind]) == []


def _same_value(value: Any) -> str:
    # a case carries table keys as strings, as JSON does ("6": 1100 for the ruleset's 6: 1100)
    return json.dumps(value, sort_keys=True)


@pytest.mark.parametrize("ruleset_id", ["skruuvi-1944", "skruuvi-1895"])
def test_every_executable_alternative_has_two_pinned_cases(ruleset_id: str) -> None:
    """Issue 15, part 4: each executable alternative of every rule is pinned by at least two cases."""
    pinned = [case.record["readings"] for case in PINNED if case.ruleset == ruleset_id]
    few = []
    for rule_id, alt in alternatives(get_ruleset(ruleset_id)):
        if executable(alt):
            n = sum(1 for readings in pinned
                    if rule_id in readings and _same_value(readings[rule_id]) == _same_value(alt["value"]))
            if n < 2:
                few.append(f"{rule_id} = {alt['value']!r}: {n}")
    assert not few, few


def test_an_unknown_honours_source_is_one_clear_error() -> None:
    with pytest.raises(RulesetError, match="honours_from must be one of: hands-at-play, tricks-won"):
        with_readings(get_ruleset("skruuvi-1944"), {"score.honours-from": "claimed"})


def test_a_banned_main_pair_exchange_deals_the_table_cards_from_the_forehand() -> None:
    """allowed-defender-opened-6 under the reading, after the first auction (actions 0-12): dealer N, so the
    forehand is E; the table cards 8C 4S 8D 6D go to E, S, W, N in that order; every hand holds 13 cards and
    N (the highest bidder) is to call in the second auction. By default N holds the four table cards and
    gives first."""
    record = base_record("conformance/cases/1944/defenders-exchange/allowed-defender-opened-6.yaml", "skruuvi-1944")
    readings = {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE}
    for ruleset, banned in ((with_readings(get_ruleset("skruuvi-1944"), readings), True),
                            (get_ruleset("skruuvi-1944"), False)):
        state = engine.start(ruleset, record["deal"])
        for action in record["actions"][:13]:
            state = engine.apply(state, action)
        hands = [{str(card) for card in hand} for hand in state.hands]
        dealt = {seat: set(record["deal"]["hands"][seat]) for seat in "NESW"}
        if banned:
            assert hands == [dealt["N"] | {"6D"}, dealt["E"] | {"8C"}, dealt["S"] | {"4S"}, dealt["W"] | {"8D"}]
            assert state.phase.mechanism == "auction" and state.to_act == 0
        else:
            assert hands[0] == dealt["N"] | {"8C", "4S", "8D", "6D"}
            assert state.phase.mechanism == "kitty" and state.to_act == 0


@pytest.mark.parametrize(("rule", "value"), [
    ("kitty.main-pair-exchange-allowed", {"at_least": 6}),
    ("kitty.main-pair-exchange-allowed", {"at_least": 9, "table_cards_from": "forehand"}),
    ("kitty.main-pair-exchange-allowed", {"at_least": 6, "table_cards_from": "nobody"}),
    ("kotka.exchange-allowed", "six"),
    ("kotka.exchange-allowed", 0),
])
def test_a_bad_exchange_ban_is_one_clear_error(rule: str, value: Any) -> None:
    # the compiler names the parameter; a value of the wrong kind is refused before, naming the rule
    with pytest.raises(RulesetError, match=rf"banned_if_other_side_first_bid|reading {re.escape(rule)}="):
        with_readings(get_ruleset("skruuvi-1944"), {rule: value})


READING_SETS = [
    ("skruuvi-1944", {"score.honour-count": FIRST_ALTERNATIVE}),
    ("skruuvi-1944", {"score.honours-from": "tricks-won"}),
    ("skruuvi-1944",
     {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE}),
    ("skruuvi-1895", {"match.rubber": FIRST_ALTERNATIVE}),
    ("skruuvi-1895", {"score.honours-and-aces-per-card": FIRST_ALTERNATIVE}),
]


@pytest.mark.parametrize(("ruleset_id", "readings"), READING_SETS, ids=[str(r) for _, r in READING_SETS])
def test_the_batch_path_agrees_with_the_step_path_under_each_reading(ruleset_id: str, readings: dict) -> None:
    """Random legal deals and matches of the bots, played under the reading: the batch paths (with their
    fallbacks) give the step path's answer, and each record is legal under the reading it was played in."""
    from skruuvi.authoring.bots import random_match, random_record

    ruleset = with_readings(get_ruleset(ruleset_id), readings)
    rng = random.Random(15)
    records = [random_record(ruleset, rng) for _ in range(40)] + [random_match(ruleset, rng) for _ in range(2)]
    for record in records:
        answer = _response(record, ruleset)
        assert "result" in answer, answer
        with engine.step_path_only():
            assert _response(record, ruleset) == answer
