"""A runner you can trust (issue 16 parts 1-2, issue 20 part 4): no false pass, nothing lost, nothing left running.

Each test is a reproduction from the issue, run against tests/fakes/fake_engine.py.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from skruuvi.cli import commands as cli
from skruuvi.rules.jsonsafe import loads as strict_loads
from skruuvi.suite.run.runner import MAX_FAILED_RESTARTS, verdict

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
EXPECT = {"result": {"score": {"NS": 25, "EW": -25}}}


def fake_impl(*args: str) -> str:
    return shlex.join([sys.executable, str(FAKE), *args])


def case(case_id: str, ruleset: str = "skruuvi-2016") -> dict[str, Any]:
    return {"id": case_id, "ruleset": ruleset, "deal": {}, "actions": [], "expect": EXPECT, "canned": EXPECT}


def suite(tmp_path: Path, *ids: str, ruleset: str = "skruuvi-2016") -> Path:
    path = tmp_path / "cases" / "c.jsonl"
    path.parent.mkdir(exist_ok=True)
    path.write_text("".join(json.dumps(case(i, ruleset)) + "\n" for i in ids), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["conformance", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def report_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (dead, not yet reaped by its parent) counts as dead
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_dead(pids: list[int], seconds: float = 5.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [p for p in pids if alive(p)]
        if not left:
            return []
        time.sleep(0.05)
    return [p for p in pids if alive(p)]


def pids_in(path: Path) -> list[int]:
    return [int(p) for p in path.read_text().split()] if path.exists() else []


# ---------------------------------------------------------------------------------------------------
# 1. No false pass


@pytest.mark.parametrize("mode", ["bigint", "deep", "surrogate", "bool-protocol", "nan", "garbage", "crash"])
def test_an_unusable_start_answer_is_exit_2_not_unsupported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    code, out, err = run(capsys, str(suite(tmp_path, "t.a", "t.b")), "--impl", fake_impl("--start", mode))
    assert code == 2
    assert "start handshake" in err
    assert "UNSUPPORTED" not in out and "Traceback" not in err


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "0"])
def test_start_timeout_must_be_finite(tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["conformance", str(suite(tmp_path, "t.a")), "--start-timeout", value])
    assert exit_info.value.code == 2
    assert "finite" in capsys.readouterr().err


def test_a_misspelled_ruleset_sends_nothing_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = str(suite(tmp_path, "t.a", "t.b"))
    code, _out, err = run(capsys, cases, "--impl", fake_impl("--rulesets", "skruuvi-2061"))
    assert code == 1
    assert "no case was sent" in err
    code, _, err = run(capsys, cases, "--impl", fake_impl("--rulesets", "skruuvi-2061"), "--allow-unsupported")
    assert code == 0 and "no case was sent" not in err


def test_a_run_of_only_skipped_cases_is_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    code, _out, err = run(capsys, str(suite(tmp_path, "t.a", "t.b", "t.c")), "--impl", fake_impl("--mode", "skipped"),
                         "--report", str(report))
    assert code == 1
    assert "no case was judged" in err
    summary = report_records(report)[-1]
    assert summary["exit_code"] == 1 and summary["counts"]["skipped"] == 3 and "judged" in summary["reason"]


def test_one_judged_case_among_skipped_ones_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, str(suite(tmp_path, "t.skipped.1", "t.ok")), "--impl", fake_impl())
    assert code == 0


def test_verdict() -> None:
    assert verdict({"pass": 1, "skipped": 5}) == (0, None)
    assert verdict({"fail": 1})[0] == 1
    assert verdict({"skipped": 2})[0] == 1
    assert verdict({"unsupported": 2})[0] == 1
    assert verdict({"unsupported": 2}, allow_unsupported=True) == (0, None)
    assert verdict({"unsupported": 2, "skipped": 1}, allow_unsupported=True)[0] == 1
    assert verdict({"xfail": 1}) == (0, None)


@pytest.mark.parametrize("mode", ["float-seq", "bool-seq", "nan", "dupkey", "surrogate"])
def test_answers_that_are_not_strict_scp1_are_errored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    report = tmp_path / "r.jsonl"
    code, _out, _err = run(capsys, str(suite(tmp_path, f"t.{mode}.1", "t.ok")), "--impl", fake_impl(),
                         "--report", str(report))
    assert code == 1
    records = report_records(report)
    assert [r.get("status") for r in [r for r in records if r.get("type") == "case"]] == ["errored", "pass"]
    for line in report.read_bytes().splitlines():
        strict_loads(line)  # strict JSON and UTF-8 throughout: no NaN, Infinity or lone surrogate written


def test_nan_in_a_case_is_a_load_error_naming_file_and_line(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(case("t.a")) + "\n" + '{"id": "t.b", "x": NaN}\n', encoding="utf-8")
    code, _, err = run(capsys, str(path), "--impl", fake_impl())
    assert code == 2 and f"{path}: line 2: NaN is not a JSON number" in err
    yaml_case = tmp_path / "d.yaml"
    yaml_case.write_text("id: t.d\nruleset: skruuvi-2016\ndeal: {}\nactions: []\nexpect:\n  result:\n"
                         "    score: {NS: .nan}\n", encoding="utf-8")
    code, _, err = run(capsys, str(yaml_case), "--impl", fake_impl())
    assert code == 2 and str(yaml_case) in err and "line 7" in err and "NaN" in err


# ---------------------------------------------------------------------------------------------------
# 2. The runner survives anything and loses nothing


def test_a_lone_surrogate_answer_loses_no_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, junit, markdown = tmp_path / "r.jsonl", tmp_path / "j.xml", tmp_path / "m.md"
    code, _out, _ = run(capsys, str(suite(tmp_path, "t.surrogate.1", "t.ok", "t.surrogate.2")), "--impl", fake_impl(),
                       "--report", str(report), "--junit", str(junit), "--markdown", str(markdown))
    assert code == 1
    records = report_records(report)
    assert [r["type"] for r in records] == ["header", "case", "case", "case", "coverage", "summary"]
    assert junit.read_text(encoding="utf-8").count("<testcase") == 3
    assert "t.surrogate.2" in markdown.read_text(encoding="utf-8")


def test_control_characters_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    markdown, report = tmp_path / "m.md", tmp_path / "r.jsonl"
    code, out, err = run(capsys, str(suite(tmp_path, "t.control.1", "t.ok")), "--impl", fake_impl(),
                         "--markdown", str(markdown), "--report", str(report))
    assert code == 1
    for text in (out, err, markdown.read_text(encoding="utf-8")):
        assert not any(ch in text for ch in "\x1b\x07\x00")
    assert "\\x1b[31mred" in out
    assert "\x1b" in report_records(report)[1]["detail"]  # the JSON report keeps the engine's text exactly


def test_a_background_child_of_the_engine_does_not_outlive_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pids = tmp_path / "pids"
    code, _, _ = run(capsys, str(suite(tmp_path, "t.a", "t.b")), "--impl", fake_impl("--orphan", str(pids)))
    assert code == 0
    assert pids_in(pids) and wait_dead(pids_in(pids)) == []


def test_a_crashing_engine_with_a_background_child_is_crashed_not_timeout(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pids, report = tmp_path / "pids", tmp_path / "r.jsonl"
    began = time.monotonic()
    _code, _, _ = run(capsys, str(suite(tmp_path, "t.crash.1", "t.ok", "t.crash.2", "t.ok2")), "--impl",
                     fake_impl("--orphan", str(pids)), "--timeout", "20", "--report", str(report))
    assert time.monotonic() - began < 15
    cases = [r for r in report_records(report) if r["type"] == "case"]
    assert [r["status"] for r in cases] == ["crashed", "pass", "crashed", "pass"]
    assert len(pids_in(pids)) == 2 * 3  # three engines, each with its child: all gone
    assert wait_dead(pids_in(pids)) == []


def test_a_dead_engine_is_given_up_after_a_few_restarts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    starts, report = tmp_path / "starts", tmp_path / "r.jsonl"
    ids = ["t.crash.0", *(f"t.c{i}" for i in range(20))]
    code, _, _ = run(capsys, str(suite(tmp_path, *ids)), "--impl",
                     fake_impl("--poison", str(tmp_path / "poison"), "--starts", str(starts)),
                     "--report", str(report))
    assert code == 1
    assert [r["status"] for r in [r for r in report_records(report) if r["type"] == "case"]] == ["crashed"] * 21
    assert len(pids_in(starts)) == 1 + MAX_FAILED_RESTARTS
    assert "given up" in [r for r in report_records(report) if r["type"] == "case"][-1]["detail"]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_finishes_the_reports_and_kills_every_engine(tmp_path: Path, signum: int) -> None:
    pids, report, junit, markdown = tmp_path / "pids", tmp_path / "r.jsonl", tmp_path / "j.xml", tmp_path / "m.md"
    cases = suite(tmp_path, "t.ok", "t.hang.1", "t.ok2")
    proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "conformance", str(cases), "--timeout", "60",
                             "--jobs", "2", "--impl", fake_impl("--orphan", str(pids)), "--report", str(report),
                             "--junit", str(junit), "--markdown", str(markdown)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while len(pids_in(pids)) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # let the first case be judged
    proc.send_signal(signum)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + signum, err
    records = report_records(report)
    assert records[0]["type"] == "header" and records[-1]["type"] == "summary"
    assert records[-1]["interrupted"] is True and records[-1]["exit_code"] == 128 + signum
    assert "interrupted" in markdown.read_text(encoding="utf-8")
    assert junit.read_text(encoding="utf-8").startswith("<?xml")
    assert wait_dead(pids_in(pids)) == []
    assert not list(tmp_path.glob(".*.tmp")), "no temporary report file is left behind"


def test_an_output_naming_an_input_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = suite(tmp_path, "t.a")
    before = cases.read_text()
    code, _, err = run(capsys, str(tmp_path / "cases"), "--impl", fake_impl(), "--report", str(cases))
    assert code == 2 and "input" in err and cases.read_text() == before
    known = tmp_path / "known.txt"
    known.write_text("t.x\n")
    code, _, err = run(capsys, str(cases), "--impl", fake_impl(), "--known-failures", str(known),
                       "--markdown", str(known))
    assert code == 2 and known.read_text() == "t.x\n"


def test_two_outputs_naming_the_same_file_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    code, _, err = run(capsys, str(suite(tmp_path, "t.a")), "--impl", fake_impl(), "--report", str(out),
                       "--junit", str(tmp_path / "." / "out.txt"))
    assert code == 2 and "same file" in err and not out.exists()


def test_a_failed_start_keeps_the_old_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "r.jsonl"
    report.write_text("old report\n")
    code, _, _ = run(capsys, str(suite(tmp_path, "t.a")), "--impl", fake_impl("--start", "crash"),
                     "--report", str(report))
    assert code == 2 and report.read_text() == "old report\n"
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("target", ["/dev/full", "{tmp}/file/below-a-file.jsonl"])
def test_an_unwritable_report_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str) -> None:
    if target == "/dev/full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    (tmp_path / "file").write_text("")
    code, _, err = run(capsys, str(suite(tmp_path, "t.a")), "--impl", fake_impl(),
                       "--report", target.format(tmp=tmp_path))
    assert code == 2
    assert "cannot write report" in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if line.startswith("skruuvi:")]) == 1
