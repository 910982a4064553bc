"""The ``skruuvi`` command line: conformance, replay, validate, serve; and the report schema."""

from __future__ import annotations

import io
import json
import shlex
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from skruuvi.cli import commands as cli
from skruuvi.cli import serve as serve_command
from skruuvi.rules.errors import InputError
from skruuvi.rules.paths import cases_dir, repo_root, schema_dir
from skruuvi.suite.reports.report import Terminal, summary_line
from skruuvi.suite.run.runner import Case, CaseResult
from skruuvi.suite.validate import Validation

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
RANKS, SUITS = "23456789TJQKA", "SCDH"
DECK = [r + s for s in SUITS for r in RANKS]
DEAL = {"form": "alkupeli", "dealer": "N",
        "hands": {"N": DECK[0:12], "E": DECK[12:24], "S": DECK[24:36], "W": DECK[36:48]}, "centre": DECK[48:]}


def fake_impl(*args: str) -> str:
    return shlex.join([sys.executable, str(FAKE), *args])


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def fake_case(case_id: str, ruleset: str = "skruuvi-2016", wrong: bool = False) -> dict[str, Any]:
    expect = {"result": {"score": {"NS": 25, "EW": -25}}}
    canned = {"result": {"score": {"NS": 24, "EW": -24}}} if wrong else expect
    return {"id": case_id, "ruleset": ruleset, "deal": {}, "actions": [], "expect": expect, "canned": canned}


def real_cases() -> list[dict[str, Any]]:
    """Three error cases the reference interpreter can judge without playing a deal."""
    duplicate = json.loads(json.dumps(DEAL))
    duplicate["hands"]["N"][0] = "2C"
    return [
        {"id": "cli.incomplete", "ruleset": "skruuvi-2016", "deal": DEAL, "actions": [],
         "expect": {"error": {"index": 0, "code": "incomplete-record"}}},
        {"id": "cli.malformed", "ruleset": "skruuvi-2016", "deal": DEAL, "actions": ["N frobnicate"],
         "expect": {"error": {"index": 0, "code": "malformed-action"}}},
        {"id": "cli.invalid-deal", "ruleset": "skruuvi-2016", "deal": duplicate, "actions": [],
         "expect": {"error": {"index": None, "code": "invalid-deal"}}},
    ]


def skruuvi(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m skruuvi`` as a real process."""
    return subprocess.run([sys.executable, "-m", "skruuvi", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.fixture(scope="module")
def report_validator() -> Draft202012Validator:
    schemas = {name: json.loads((schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
               for name in ("report", "protocol")}
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values())
    Draft202012Validator.check_schema(schemas["report"])
    return Draft202012Validator(schemas["report"], registry=registry)


# ---------------------------------------------------------------------------------------------------
# conformance against the fake engine (in-process runner, engine as a subprocess)


def test_conformance_all_pass_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.1"), fake_case("t.2"), fake_case("t.3", ruleset="skruuvi-1895")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--jobs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == ["PASS t.1", "PASS t.2", "UNSUPPORTED t.3"]
    assert out[-1].startswith("conformance: 2 passed, 0 failed, 0 errored, 1 unsupported in ")


def test_conformance_failures_exit_1_with_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.1"), fake_case("t.2", wrong=True), fake_case("t.hang.3"),
                                       fake_case("t.crash.4")])
    code = cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--timeout", "0.5", "--quiet"])
    out = capsys.readouterr().out
    assert code == 1
    assert "PASS t.1" not in out, "--quiet hides passing cases"
    assert "FAIL t.2\n" in out
    assert "    result.score.NS: expected 25, got 24\n" in out
    assert "TIMEOUT t.hang.3" in out and "CRASHED t.crash.4" in out
    assert "1 passed, 1 failed, 0 errored, 1 timed out, 1 crashed" in out


def test_conformance_ruleset_filter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.1", ruleset="fake-1"), fake_case("t.2")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl(), "--ruleset", "fake-1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "PASS t.1"


def test_conformance_report_validates(tmp_path: Path, report_validator: Draft202012Validator,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    modes = ["correct", "hang", "garbage", "crash", "skipped", "errored", "huge", "wrong-seq", "partial-exit"]
    records = [fake_case(f"t.{mode}") for mode in modes]
    records += [fake_case("t.wrong", wrong=True), fake_case("t.known", wrong=True),
                fake_case("t.other", ruleset="skruuvi-1944")]
    write_jsonl(tmp_path / "c.jsonl", records)
    (tmp_path / "known.txt").write_text("t.known\n")
    report = tmp_path / "out" / "report.jsonl"
    report.parent.mkdir()
    code = cli.main(["conformance", str(tmp_path / "c.jsonl"), "--impl", fake_impl(), "--timeout", "0.5",
                     "--report", str(report), "--known-failures", str(tmp_path / "known.txt"), "-j", "3"])
    capsys.readouterr()
    assert code == 1
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        report_validator.validate(line)
    header, cases, summary = lines[0], [r for r in lines if r["type"] == "case"], lines[-1]
    assert lines[-2]["type"] == "coverage"
    assert header["type"] == "header" and header["cases"] == len(records)
    assert header["engine"]["implementation"]["name"] == "fake"
    assert [c["id"] for c in cases] == [r["id"] for r in records]
    assert {c["id"]: c["status"] for c in cases} == {
        "t.correct": "pass", "t.hang": "timeout", "t.garbage": "errored", "t.crash": "crashed",
        "t.skipped": "skipped", "t.errored": "errored", "t.huge": "errored", "t.wrong-seq": "errored",
        "t.partial-exit": "crashed", "t.wrong": "fail", "t.known": "xfail", "t.other": "unsupported"}
    assert summary["total"] == len(records) and summary["exit_code"] == 1
    assert summary["counts"]["errored"] == 4


def test_report_schema_rejects_unknown_status(report_validator: Draft202012Validator) -> None:
    record = {"type": "case", "id": "a", "file": "f", "location": None, "ruleset": "r", "status": "meh",
              "expected": {}, "got": None, "diff": [], "detail": None, "seconds": 0}
    assert not report_validator.is_valid(record)
    assert report_validator.is_valid({**record, "status": "pass"})


def test_handshake_failure_exit_2_with_stderr_tail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.1")])
    assert cli.main(["conformance", str(tmp_path), "--impl", fake_impl("--start", "crash")]) == 2
    err = capsys.readouterr().err
    assert "start handshake" in err and "exit code 4" in err
    assert "cannot start, missing config" in err and str(FAKE) in err


@pytest.mark.parametrize(("argv", "words"), [
    (["conformance", "/nonexistent/cases"], "no such file or directory"),
    (["conformance", "{tmp}/ok", "--impl", ""], "--impl is empty"),
    (["conformance", "{tmp}/ok", "--impl", "engine 'unbalanced"], "cannot split --impl"),
    (["conformance", "{tmp}/ok", "--ruleset", "skruuvi-1066"], "no cases of ruleset skruuvi-1066"),
    (["conformance", "{tmp}/bad"], "not valid YAML"),
    (["conformance", "{tmp}/ok", "--report", "/nonexistent/dir/report.jsonl"], "cannot write report"),
    (["conformance", "{tmp}/ok", "--known-failures", "/nonexistent/known.txt"], "known-failures"),
])
def test_conformance_setup_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                         words: str) -> None:
    (tmp_path / "ok").mkdir()
    (tmp_path / "bad").mkdir()
    write_jsonl(tmp_path / "ok" / "c.jsonl", [fake_case("t.1")])
    (tmp_path / "bad" / "bad.yaml").write_text("id: [unclosed\n")
    assert cli.main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skruuvi: conformance: ") and words in err and "Traceback" not in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("option", [["--jobs", "0"], ["--timeout", "-1"], ["--bogus"]])
def test_conformance_bad_options_exit_2(option: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["conformance", *option])
    assert info.value.code == 2


def test_ctrl_c_stops_the_run_at_once(tmp_path: Path) -> None:
    write_jsonl(tmp_path / "c.jsonl", [fake_case("t.hang.1"), fake_case("t.hang.2")])
    proc = subprocess.Popen(  # SIGINT may be ignored by whoever started pytest; give the child the default
        [sys.executable, "-m", "skruuvi", "conformance", str(tmp_path), "--impl", fake_impl(), "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(1.0)
    began = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert time.monotonic() - began < 8, "the 10 s case timeout is not waited for"
    assert "Traceback" not in err


def test_terminal_progress_on_a_tty() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Tty()
    terminal = Terminal(out, err, 2, quiet=True)
    case = Case("t.1", "skruuvi-2016", "f.yaml", None, {"expect": {"result": {}}})
    terminal.on_result(CaseResult(case, "pass"))
    terminal.on_result(CaseResult(case, "fail", diff=["result.x: expected 1, got 2"]))
    terminal.finish({"pass": 1, "fail": 1}, 0.04)
    assert "[1/2] t.1" in err.getvalue() and "[2/2]" in err.getvalue()
    assert out.getvalue() == ("FAIL t.1\n    in f.yaml\n    result.x: expected 1, got 2\n"
                              "conformance: 1 passed, 1 failed, 0 errored in 0.0 s\n")


def test_summary_line_lists_nonzero_extras() -> None:
    assert summary_line({"pass": 93, "skipped": 2}, 1.23) == \
        "conformance: 93 passed, 0 failed, 0 errored, 2 skipped in 1.2 s"


# ---------------------------------------------------------------------------------------------------
# The reference interpreter end to end


def test_conformance_default_impl_is_the_reference(tmp_path: Path, report_validator: Draft202012Validator) -> None:
    write_jsonl(tmp_path / "real.jsonl", real_cases())
    proc = skruuvi("conformance", str(tmp_path), "--report", str(tmp_path / "r.jsonl"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[:3] == ["PASS cli.incomplete", "PASS cli.malformed", "PASS cli.invalid-deal"]
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert lines[0]["engine"]["implementation"]["name"] == "skruuvi-reference"
    for line in lines:
        report_validator.validate(line)


@pytest.mark.usefixtures("parse_once")
def test_reference_passes_the_repository_suite(capsys: pytest.CaptureFixture[str]) -> None:
    """The project's main job: ``skruuvi conformance`` on conformance/cases exits 0 (the command run in this
    process, as ``python -m skruuvi`` runs it; the four reference engines are processes of their own)."""
    assert cases_dir().is_dir()
    code = cli.main(["conformance", "--jobs", "4", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0, out[-4000:] + err[-4000:]


def test_replay_yaml_jsonl_and_stdin(tmp_path: Path) -> None:
    cases = real_cases()
    write_jsonl(tmp_path / "all.jsonl", cases)
    (tmp_path / "one.yaml").write_text(json.dumps({**cases[0], "justification": {"kind": "hand-derived"}}))
    proc = skruuvi("replay", str(tmp_path / "one.yaml"), str(tmp_path / "all.jsonl"), "-",
                   stdin=json.dumps(cases[1]) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [  # each line led by its case's id (a file holds many cases)
        '{"id":"cli.incomplete","error":{"index":0,"code":"incomplete-record"}}',
        '{"id":"cli.incomplete","error":{"index":0,"code":"incomplete-record"}}',
        '{"id":"cli.malformed","error":{"index":0,"code":"malformed-action"}}',
        '{"id":"cli.invalid-deal","error":{"index":null,"code":"invalid-deal"}}',
        '{"id":"cli.malformed","error":{"index":0,"code":"malformed-action"}}',
    ]


def test_replay_input_errors_are_one_line_and_the_next_file_runs(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("id: [unclosed\n")
    write_jsonl(tmp_path / "unknown.jsonl", [{**real_cases()[0], "ruleset": "skruuvi-1066"}])
    write_jsonl(tmp_path / "good.jsonl", real_cases()[:1])
    proc = skruuvi("replay", str(tmp_path / "broken.yaml"), str(tmp_path / "missing.yaml"),
                   str(tmp_path / "unknown.jsonl"), str(tmp_path / "good.jsonl"))
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == ['{"id":"cli.incomplete","error":{"index":0,"code":"incomplete-record"}}']
    errors = proc.stderr.splitlines()
    assert len(errors) == 3, proc.stderr
    assert all(line.startswith("skruuvi: ") for line in errors)
    assert errors[0].startswith(f"skruuvi: {tmp_path / 'broken.yaml'}: line ")
    assert "missing.yaml" in errors[1]
    assert "unknown.jsonl: line 1" in errors[2] and "skruuvi-1066" in errors[2]


def test_serve_subprocess_speaks_scp1() -> None:
    case = {"id": "s.1", "ruleset": "skruuvi-2016", "deal": DEAL, "actions": []}
    requests = [{"cmd": "start", "protocol": 1}, {"cmd": "run", "seq": 1, "case": case}, "not json",
                {"cmd": "stop"}]
    proc = skruuvi("serve", stdin="".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests))
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers[0]["implementation"]["name"] == "skruuvi-reference"
    assert answers[1] == {"seq": 1, "error": {"index": 0, "code": "incomplete-record"}}
    assert "errored" in answers[2] and len(answers) == 3


# ---------------------------------------------------------------------------------------------------
# validate, help, errors


def test_validate_prints_errors_then_summary(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    def validate(paths: list[str]) -> Validation:
        if paths == ["good"]:
            return Validation([], [], 1, "1 file checked, no problems")
        if paths == ["nothing"]:
            return Validation([], [InputError("skipped: not a case", file="c.yaml")], 0, "nothing to check")
        return Validation([InputError("bad thing", file="a.yaml", path="/deal"), InputError("worse", file="b.yaml")],
                          [], 2, "2 problems")

    monkeypatch.setitem(sys.modules, "skruuvi.suite.validate", types.SimpleNamespace(validate=validate))
    assert cli.main(["validate", "x", "y"]) == 1
    assert capsys.readouterr().out == "a.yaml: /deal: bad thing\nb.yaml: worse\n2 problems\n"
    assert cli.main(["validate", "good"]) == 0
    assert capsys.readouterr().out == "1 file checked, no problems\n"
    assert cli.main(["validate", "nothing"]) == 1  # validating nothing is no pass; the skipped file is listed
    assert capsys.readouterr().out == "c.yaml: skipped: not a case\nnothing to check\n"


def test_validate_real_ruleset() -> None:
    proc = skruuvi("validate", str(repo_root() / "spec" / "rulesets"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip()


def test_help_texts() -> None:
    proc = skruuvi("--help")
    assert proc.returncode == 0
    for command in ("conformance", "replay", "validate", "serve"):
        assert command in proc.stdout
    proc = skruuvi("conformance", "--help")
    assert "--impl" in proc.stdout and "Exit code" in proc.stdout


def test_keyboard_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(serve_command, "cmd_serve", interrupted)
    assert cli.main(["serve"]) == 130
    assert capsys.readouterr().err == ""


def test_input_error_is_one_line_exit_1(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(args: object) -> int:
        raise InputError("no such thing", file="x.yaml", path="line 3")

    monkeypatch.setattr(serve_command, "cmd_serve", broken)
    assert cli.main(["serve"]) == 1
    assert capsys.readouterr().err == "skruuvi: x.yaml: line 3: no such thing\n"
