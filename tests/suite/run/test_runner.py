"""The conformance runner against a deliberately unreliable engine (tests/fakes/fake_engine.py)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from skruuvi.rules.errors import InputError
from skruuvi.suite.run.runner import (
    Case,
    CaseResult,
    HandshakeError,
    RunConfig,
    compare,
    count_statuses,
    exit_code,
    load_cases,
    load_known_failures,
    run_all,
)

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
GOOD = {"contract": {"declarer": "N", "bid": "5H", "doubling": 0}, "tricks": {"NS": 11, "EW": 2},
        "score": {"NS": 25, "EW": -25}}


def fake(*args: str) -> list[str]:
    return [sys.executable, str(FAKE), *args]


def make_case(case_id: str, *, canned: dict[str, Any] | None = None, expect: dict[str, Any] | None = None,
              ruleset: str = "skruuvi-2016") -> Case:
    """A case the fake engine answers with ``canned`` (default: the expected result, so it passes)."""
    expect = expect if expect is not None else {"result": GOOD}
    record = {"id": case_id, "ruleset": ruleset, "deal": {}, "actions": [], "expect": expect,
              "justification": {"kind": "hand-derived", "note": "secret"},
              "canned": canned if canned is not None else expect}
    return Case(case_id, ruleset, "cases.jsonl", None, record)


def run(cases: list[Case], *args: str, timeout: float = 1.0, jobs: int = 1,
        known: frozenset[str] = frozenset()) -> list[CaseResult]:
    config = RunConfig(command=fake(*args), timeout=timeout, start_timeout=5.0, jobs=jobs, known_failures=known)
    _, results = run_all(cases, config)
    assert [r.case.id for r in results] == [c.id for c in cases], "results must come back in case order"
    return results


def statuses(results: list[CaseResult]) -> dict[str, str]:
    return {r.case.id: r.status for r in results}


# ---------------------------------------------------------------------------------------------------
# Comparison


def test_compare_result_checks_only_expected_keys() -> None:
    assert compare({"result": {"score": {"NS": 25, "EW": -25}}}, "result", {**GOOD, "extra": 1}) == []


def test_compare_result_reports_each_differing_leaf() -> None:
    got = {**GOOD, "score": {"NS": 27, "EW": -27}}
    assert compare({"result": GOOD}, "result", got) == [
        "result.score.NS: expected 25, got 27",
        "result.score.EW: expected -25, got -27",
    ]


def test_compare_result_missing_key_and_extra_nested_key() -> None:
    got = {"contract": {**GOOD["contract"], "extra": True}, "tricks": GOOD["tricks"]}
    assert compare({"result": GOOD}, "result", got) == [
        "result.contract.extra: expected nothing, got true",
        'result.score: expected {"NS": 25, "EW": -25}, got nothing',
    ]


def test_compare_keeps_booleans_apart_from_numbers() -> None:
    expect = {"result": {"contract": {"declarer": "N", "bid": "5H", "doubling": 0}}}
    got = {"contract": {"declarer": "N", "bid": "5H", "doubling": False}}
    assert compare(expect, "result", got) == ["result.contract.doubling: expected 0, got false"]


def test_compare_null_contract() -> None:
    assert compare({"result": {"contract": None}}, "result", {"contract": None, "score": {}}) == []
    assert compare({"result": {"contract": None}}, "result", {"contract": GOOD["contract"]}) != []


def test_compare_error_checks_index_and_code_only() -> None:
    expect = {"error": {"index": 17, "code": "must-follow-suit"}}
    assert compare(expect, "error", {"index": 17, "code": "must-follow-suit", "message": "free"}) == []
    assert compare(expect, "error", {"index": 16, "code": "must-follow-suit"}) == [
        "error.index: expected 17, got 16"]
    assert compare({"error": {"index": None, "code": "invalid-deal"}}, "error", {"index": 0, "code": "invalid-deal"}) \
        == ["error.index: expected null, got 0"]


def test_compare_kind_mismatch() -> None:
    diff = compare({"error": {"index": 3, "code": "card-not-held"}}, "result", GOOD)
    assert diff[0] == 'expected error {"index": 3, "code": "card-not-held"}'
    assert diff[1].startswith("got result ")


# ---------------------------------------------------------------------------------------------------
# Each misbehaviour: the right status, and the next case still runs


@pytest.mark.parametrize(("mode", "status", "words"), [
    ("correct", "pass", None),
    ("crash", "crashed", "exit code 3"),
    ("hang", "timeout", "no answer within"),
    ("garbage", "errored", "not a JSON line"),
    ("partial", "timeout", "no answer within"),
    ("partial-exit", "crashed", "middle of a line"),
    ("wrong-seq", "errored", "wrong seq"),
    ("huge", "errored", "longer than"),
    ("exit", "crashed", "exited without answering"),
    ("errored", "errored", "failed on purpose"),
    ("skipped", "skipped", "does not do this"),
    ("nokind", "errored", "exactly one of"),
    ("twokinds", "errored", "exactly one of"),
    ("badbody", "errored", "must be an object"),
])
def test_misbehaviour_gets_its_status_and_the_run_goes_on(mode: str, status: str, words: str | None) -> None:
    cases = [make_case("t.correct.before"), make_case(f"t.{mode}.1"), make_case("t.correct.after")]
    results = run(cases, timeout=0.5)
    assert [r.status for r in results] == ["pass", status, "pass"]
    if words:
        assert words in (results[1].detail or "")


def test_crash_detail_carries_the_engine_stderr() -> None:
    [result] = run([make_case("t.crash.1")])
    assert "boom, something broke" in (result.detail or "")


def test_wrong_answer_is_a_fail_with_a_diff() -> None:
    wrong = {"result": {**GOOD, "tricks": {"NS": 10, "EW": 3}}}
    [result] = run([make_case("t.wrong", canned=wrong)])
    assert result.status == "fail"
    assert result.diff == ["result.tricks.NS: expected 11, got 10", "result.tricks.EW: expected 2, got 3"]
    assert result.got == wrong


def test_expect_and_justification_are_not_sent(tmp_path: Path) -> None:
    # a tiny engine that answers with the keys of the case it received
    echo = tmp_path / "echo.py"
    echo.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    if r['cmd'] == 'start':\n"
        "        print(json.dumps({'protocol': 1, 'implementation': {'name': 'echo', 'version': '1',"
        " 'rulesets': ['skruuvi-2016']}}), flush=True)\n"
        "    elif r['cmd'] == 'run':\n"
        "        print(json.dumps({'seq': r['seq'], 'result': {'keys': sorted(r['case'])}}), flush=True)\n"
        "    else:\n"
        "        break\n")
    case = make_case("t.echo", expect={"result": {"keys": ["actions", "canned", "deal", "id", "ruleset"]}})
    _, [result] = run_all([case], RunConfig(command=[sys.executable, str(echo)], timeout=2))
    assert result.status == "pass", result.diff


def test_all_misbehaviours_mixed_no_case_lost() -> None:
    modes = ["crash", "hang", "garbage", "partial", "partial-exit", "wrong-seq", "huge", "exit", "errored",
             "skipped", "nokind", "slow"]
    cases = []
    for i, mode in enumerate(modes):
        cases.append(make_case(f"t.{mode}.{i}"))
        cases.append(make_case(f"t.correct.{i}"))
    cases.append(make_case("t.other-era", ruleset="skruuvi-1895"))
    results = run(cases, timeout=1.0, jobs=3)
    got = statuses(results)
    assert len(results) == len(cases)
    assert all(got[f"t.correct.{i}"] == "pass" for i in range(len(modes)))
    assert got["t.slow.11"] == "pass"
    assert got["t.other-era"] == "unsupported"
    assert count_statuses(results) == {"pass": 13, "fail": 0, "errored": 5, "timeout": 2, "crashed": 3,
                                       "skipped": 1, "unsupported": 1, "xfail": 0, "xpass": 0}


def test_engine_that_does_not_read_a_big_request_times_out() -> None:
    big = make_case("t.big")
    big.record["deal"] = {"padding": "x" * (1 << 20)}  # far more than a pipe buffer holds
    started = time.monotonic()
    [result] = run([big], "--deaf", timeout=0.5)
    assert result.status == "timeout"
    assert time.monotonic() - started < 5


def test_engine_that_exits_mid_run_is_restarted() -> None:
    results = run([make_case(f"t.n{i}") for i in range(6)], "--exit-after", "2")
    assert [r.status for r in results] == ["pass", "pass", "crashed", "pass", "pass", "crashed"]


@pytest.mark.parametrize("pipeline", [1, 2, 4, 16])
def test_engines_that_keep_exiting_lose_no_case_at_any_pipeline_depth(pipeline: int) -> None:
    # each engine answers five runs and exits on the sixth request: the sixth case is crashed and every case
    # sent after it (to the dead engine, whose process is looked at once per top-up) is sent again and passes
    cases = [make_case(f"t.n{i}") for i in range(20)]
    config = RunConfig(command=fake("--exit-after", "5"), timeout=1.0, start_timeout=5.0, pipeline=pipeline)
    _, results = run_all(cases, config)
    assert [r.case.id for r in results] == [c.id for c in cases]
    assert [r.status for r in results] == (["pass"] * 5 + ["crashed"]) * 3 + ["pass"] * 2


def test_engine_that_cannot_restart_marks_cases_crashed(tmp_path: Path) -> None:
    poison = tmp_path / "poison"
    results = run([make_case("t.correct.0"), make_case("t.crash.1"), make_case("t.correct.2")],
                  "--poison", str(poison))
    assert [r.status for r in results] == ["pass", "crashed", "crashed"]
    assert "could not be restarted" in (results[2].detail or "")
    assert "cannot start, missing config" in (results[2].detail or "")


def test_unsupported_cases_are_not_sent() -> None:
    # every case sent to this engine would hang; the unsupported ones must come back at once
    results = run([make_case("t.a", ruleset="skruuvi-1944"), make_case("t.b", ruleset="skruuvi-1895")],
                  "--mode", "hang", timeout=5)
    assert [r.status for r in results] == ["unsupported", "unsupported"]
    assert exit_code(results) == 1  # nothing was sent: not a pass (issue 16) ...
    assert exit_code(results, allow_unsupported=True) == 0  # ... unless unsupported cases are allowed


def test_known_failures_become_xfail_and_xpass() -> None:
    cases = [make_case("t.errored.1"), make_case("t.correct.2"), make_case("t.correct.3")]
    results = run(cases, known=frozenset({"t.errored.1", "t.correct.2"}))
    assert [r.status for r in results] == ["xfail", "xpass", "pass"]
    assert exit_code(results) == 1
    assert exit_code(results[:1] + results[2:]) == 0


@pytest.mark.parametrize(("start", "words"), [
    ("crash", "cannot start, missing config"),
    ("exit", "exited without answering"),
    ("garbage", "not a JSON line"),
    ("hang", "no answer within"),
    ("wrong-protocol", '"protocol": 1'),
    ("errored", "no rulesets configured"),
])
def test_handshake_failure_raises_with_reason(start: str, words: str) -> None:
    config = RunConfig(command=fake("--start", start), start_timeout=0.5)
    with pytest.raises(HandshakeError) as info:
        run_all([make_case("t.x")], config)
    assert words in str(info.value)


def test_handshake_failure_of_a_missing_command() -> None:
    with pytest.raises(HandshakeError, match="cannot start"):
        run_all([make_case("t.x")], RunConfig(command=["/nonexistent/engine"]))


def test_exit_codes() -> None:
    def result(status: str) -> CaseResult:
        return CaseResult(make_case("t"), status)

    assert exit_code([result("pass"), result("skipped"), result("unsupported"), result("xfail")]) == 0
    for status in ("fail", "errored", "timeout", "crashed", "xpass"):
        assert exit_code([result("pass"), result(status)]) == 1


# ---------------------------------------------------------------------------------------------------
# Loading cases


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_load_cases_from_yaml_and_jsonl_with_ruleset_filter(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "one.yaml").write_text(
        "id: y.1\nruleset: skruuvi-2016\ndeal: {}\nactions: []\nexpect: {error: {index: 0, code: x}}\n")
    write_jsonl(tmp_path / "b.jsonl", [
        {"id": "j.1", "ruleset": "skruuvi-1944", "expect": {"result": {}}},
        {"id": "j.2", "ruleset": "skruuvi-2016", "expect": {"result": {}}},
    ])
    cases = load_cases([tmp_path])
    assert [(c.id, c.location) for c in cases] == [("y.1", None), ("j.1", "line 1"), ("j.2", "line 2")]
    assert [c.id for c in load_cases([tmp_path], ["skruuvi-2016"])] == ["y.1", "j.2"]


@pytest.mark.parametrize(("records", "words"), [
    ([{"id": "a", "ruleset": "r"}], "expect"),
    ([{"ruleset": "r", "expect": {"result": {}}}], "string id"),
    ([{"id": "a", "expect": {"result": {}}}], "ruleset"),
    ([{"id": "a", "ruleset": "r", "expect": {"result": {}, "error": {}}}], "exactly one"),
    ([{"id": "a", "ruleset": "r", "expect": {"result": {}}}] * 2, "duplicate case id"),
    ([[1, 2]], "mapping"),
])
def test_load_cases_rejects_unusable_records(tmp_path: Path, records: list[Any], words: str) -> None:
    write_jsonl(tmp_path / "bad.jsonl", records)
    with pytest.raises(InputError, match=words):
        load_cases([tmp_path])


def test_load_cases_missing_path(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_cases([tmp_path / "nope"])


def test_load_known_failures(tmp_path: Path) -> None:
    path = tmp_path / "known.txt"
    path.write_text("# known\n2016.a  # bug 12\n\n2016.b\n")
    assert load_known_failures(path) == {"2016.a", "2016.b"}
