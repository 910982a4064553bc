"""The third hostile-user round (issue 28): no verdict from a cache, no report lost to a signal or a full disk, no
traceback and no hang, numbers read the same in every language.

Each test is a reproduction from the issue, run through the real command line.
"""

from __future__ import annotations

import gzip
import json
import os
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from test_runner_trust import EXPECT, case, fake_impl, pids_in, report_records, run, suite, wait_dead

from skruuvi.cli import commands as cli
from skruuvi.rules.paths import cases_dir

ROOT = Path(__file__).resolve().parents[3]


def script(tmp_path: Path, name: str, body: str) -> str:
    """A small SCP/1 engine written for one test, as a command line."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def no_traceback(err: str) -> bool:
    return "Traceback" not in err and "Error:" not in err.replace("Error: ", "")


def lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.strip()]


# ---------------------------------------------------------------------------------------------------
# 1. Wrong passes


def _two_hundred(tmp_path: Path, expect_score: int) -> Path:
    path = tmp_path / "cases" / "many.jsonl"
    path.parent.mkdir(exist_ok=True)
    expect = {"result": {"score": {"NS": expect_score, "EW": -expect_score}}}
    path.write_text("".join(json.dumps({**case(f"t.c{i:03d}"), "expect": expect}) + "\n" for i in range(250)),
                    encoding="utf-8")
    return path


def test_a_rewritten_file_is_judged_by_its_bytes_and_nothing_is_remembered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The check cache is gone: a file's verdicts follow its bytes, whatever ran before; no run writes a cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", str(tmp_path / "skruuvi-cache"))
    engine = fake_impl()  # answers every case with its canned result: NS 25
    path = _two_hundred(tmp_path, 25)
    original = path.read_bytes()
    assert run(capsys, str(path), "--impl", engine, "-q")[0] == 0
    _two_hundred(tmp_path, 26)  # the same number of lines, other bytes: every case now fails
    assert len(path.read_bytes().splitlines()) == len(original.splitlines())
    code, out, _ = run(capsys, str(path), "--impl", engine, "-q")
    assert code == 1 and "250 failed" in out
    path.write_bytes(original)
    assert run(capsys, str(path), "--impl", engine, "-q")[0] == 0
    for folder in (tmp_path / "xdg", tmp_path / "home", tmp_path / "skruuvi-cache"):
        assert not folder.exists() or not any(folder.rglob("*")), f"a run wrote into {folder}"


@pytest.mark.parametrize("spelling", ["0x" + "f" * 5000, "017", "0b101", "1_000", "+5", "1:30"])
def test_an_integer_yaml_writes_otherwise_than_json_does_not_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], spelling: str) -> None:
    path = tmp_path / "hex.yaml"
    path.write_text(f"id: t.hex\nruleset: skruuvi-2016\ndeal: {{}}\nactions: []\n"
                    f"expect: {{result: {{score: {{NS: {spelling}, EW: 0}}}}}}\n", encoding="utf-8")
    code, _, err = run(capsys, str(path), "--impl", fake_impl())
    assert code == 2 and no_traceback(err)
    assert len(lines(err)) == 1 and str(path) in err and "line 5" in err and "decimal digits" in err
    assert cli.main(["validate", str(path)]) == 1
    assert "decimal digits" in capsys.readouterr().out


@pytest.mark.parametrize(("value", "words"), [
    ("24.0", "whole number written with a fraction"), ("2.4e+1", "whole number written with a fraction"),
    ("9007199254740992", "beyond ±(2^53 − 1)"), ("-9007199254740993", "beyond ±(2^53 − 1)")])
@pytest.mark.parametrize("form", ["jsonl", "yaml"])
def test_a_case_number_readers_would_read_otherwise_does_not_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, words: str, form: str) -> None:
    """``validate`` refuses every such number; the runner refuses a whole number written otherwise wherever it
    stands, and a big integer in a YAML case (a JSON line's big integers are left to validate: finding them would
    cost every line of every run a look at its text, DESIGN.md §3)."""
    record = json.dumps(case("t.n")).replace('"deal": {}', f'"deal": {{"centre_positions": [{value}]}}')
    path = tmp_path / f"n.{form}"
    path.write_text(record + "\n", encoding="utf-8")
    code, _, err = run(capsys, str(path), "--impl", fake_impl())
    if form == "jsonl" and "2^53" in words:
        assert code == 0
    else:
        assert code == 2 and len(lines(err)) == 1 and words in err and "deal.centre_positions[0]" in err
    assert cli.main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert words in out and "deal.centre_positions[0]" in out


def test_a_true_fraction_is_a_number_every_reader_sees_is_no_integer(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text(json.dumps(case("t.n")).replace('"deal": {}', '"deal": {"x": 5.5}') + "\n", encoding="utf-8")
    assert run(capsys, str(path), "--impl", fake_impl())[0] == 0


def test_no_case_of_the_suite_expects_an_error_for_a_spelling_of_a_number() -> None:
    """Every number of every case file keeps to the rule (the runner would refuse the suite otherwise), and no
    generated corruption writes a whole number with a fraction any more."""
    code = cli.main(["conformance", "--impl", fake_impl("--rulesets", "none"), "--allow-unsupported", "-q",
                     str(cases_dir()), str(ROOT / "conformance" / "generated")])
    assert code == 0


# ---------------------------------------------------------------------------------------------------
# 2. Nothing lost


def _wrong_engine_cmd() -> list[str]:
    """An engine that answers every 2016 case with an empty result: every case fails, and each has to be
    explained (the generated 2016 suite: about a minute of --explain, a few seconds for the run before it)."""
    return [sys.executable, str(ROOT / "tests" / "fakes" / "fake_engine.py")]


def _partial_report(tmp_path: Path) -> int:
    """Lines the report's temporary file holds so far (the report is renamed into place at the end)."""
    found = list(tmp_path.glob(".r.jsonl.*.tmp"))
    return len(found[0].read_bytes().splitlines()) if found else 0


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_explain_finishes_the_reports(tmp_path: Path, signum: int) -> None:
    report, junit = tmp_path / "r.jsonl", tmp_path / "j.xml"
    cases = ROOT / "conformance" / "generated" / "2016"
    total = 0
    for path in cases.glob("*.jsonl.gz"):
        with gzip.open(path) as handle:
            total += sum(1 for _ in handle)
    err_file = tmp_path / "err.txt"
    with open(err_file, "wb") as err_out:  # (not a pipe: thousands of failures would fill it and block the run)
        proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "conformance", str(cases), "--explain", "-q",
                                 "--impl", shlex.join(_wrong_engine_cmd()), "--report", str(report),
                                 "--junit", str(junit)], stdout=subprocess.DEVNULL, stderr=err_out)
    deadline = time.monotonic() + 600  # (a loaded machine)
    while _partial_report(tmp_path) < total + 1 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)  # until every case is judged: header and one line a case
    assert _partial_report(tmp_path) == total + 1, "every case is judged before the signal"
    assert proc.poll() is None, "the explanation ended before the signal could come"
    proc.send_signal(signum)
    proc.wait(timeout=60)
    err = err_file.read_text(encoding="utf-8")
    assert proc.returncode == 128 + signum, err
    assert "Traceback" not in err
    records = report_records(report)
    assert records[-1]["type"] == "summary" and records[-1]["interrupted"] is True
    assert len([r for r in records if r.get("type") == "case"]) == total
    assert junit.read_text(encoding="utf-8").startswith("<?xml")
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGQUIT])
def test_hup_and_quit_end_a_run_as_term_does(tmp_path: Path, signum: int) -> None:
    pids, report, markdown = tmp_path / "pids", tmp_path / "r.jsonl", tmp_path / "m.md"
    cases = suite(tmp_path, "t.ok", "t.hang.1", "t.ok2")
    proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "conformance", str(cases), "--timeout", "60",
                             "--jobs", "2", "--impl", fake_impl("--orphan", str(pids)), "--report", str(report),
                             "--markdown", str(markdown)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while len(pids_in(pids)) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signum)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + signum, err
    assert report_records(report)[-1]["interrupted"] is True
    assert "interrupted" in markdown.read_text(encoding="utf-8")
    assert wait_dead(pids_in(pids)) == [], "every engine and its children are gone"
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_closed_terminal_pipe_ends_the_run_with_its_reports(tmp_path: Path) -> None:
    """``skruuvi conformance ... | head -1``: the reader goes away; the run stops as a SIGPIPE would, the reports
    are finished and marked interrupted, no traceback."""
    report = tmp_path / "r.jsonl"
    cases = suite(tmp_path, *(f"t.c{i:05d}" for i in range(6000)))
    proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "conformance", str(cases), "--impl",
                             fake_impl("--mode", "compact"), "--report", str(report)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    assert first.startswith(b"PASS")
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert proc.returncode == 128 + signal.SIGPIPE, err
    assert "Traceback" not in err and "BrokenPipe" not in err
    summary = report_records(report)[-1]
    assert summary["interrupted"] is True and "SIGPIPE" in summary["reason"]


def test_a_signal_during_the_checking_pass_keeps_the_old_report_and_says_so(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    report.write_text("old report\n")
    cases = suite(tmp_path, "t.a", "t.b")
    program = textwrap.dedent(f"""
        import os, signal, sys
        import skruuvi.suite.cases.spool as spool
        checked = spool.CaseSpool._checked
        def interrupted(self, *args):
            os.kill(os.getpid(), signal.SIGTERM)
            return checked(self, *args)
        spool.CaseSpool._checked = interrupted
        from skruuvi.cli.commands import main
        sys.exit(main(["conformance", {str(cases)!r}, "--impl", {fake_impl()!r}, "--report", {str(report)!r}]))
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "TMPDIR": str(tmp_path)})
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert "during the checking pass" in done.stderr and "older report is left as it was" in done.stderr
    assert len(lines(done.stderr)) == 1 and "Traceback" not in done.stderr
    assert report.read_text() == "old report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases", "r.jsonl"], "no temporary file is left"


def test_one_output_that_cannot_be_written_does_not_drop_the_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    report, markdown = tmp_path / "r.jsonl", tmp_path / "m.md"
    ids = [f"t.c{i:03d}" for i in range(412)]
    code, _, err = run(capsys, str(suite(tmp_path, *ids)), "--impl", fake_impl("--mode", "compact"), "-q",
                       "--junit", "/dev/full", "--report", str(report), "--markdown", str(markdown))
    assert code == 2
    assert len(lines(err)) == 1 and "cannot write junit /dev/full" in err
    assert "No space left" in err
    assert report_records(report)[-1]["counts"]["pass"] == 412
    assert "# Conformance report" in markdown.read_text(encoding="utf-8")


def test_an_export_manifest_and_the_engine_script_are_inputs(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    export = tmp_path / "export"
    assert cli.main(["export", str(export), "--no-generated"]) == 0
    capsys.readouterr()
    manifest = export / "manifest.json"
    before = manifest.read_bytes()
    code, _, err = run(capsys, str(export), "--ruleset", "skruuvi-1895", "--report", str(manifest))
    assert code == 2 and "input of the run" in err and manifest.read_bytes() == before
    engine = tmp_path / "engine.py"
    engine.write_text((ROOT / "tests" / "fakes" / "fake_engine.py").read_text(encoding="utf-8"), encoding="utf-8")
    text = engine.read_text(encoding="utf-8")
    code, _, err = run(capsys, str(suite(tmp_path, "t.a")), "--impl", f"{sys.executable} {engine}",
                       "--markdown", str(engine))
    assert code == 2 and "input of the run" in err and engine.read_text(encoding="utf-8") == text


# ---------------------------------------------------------------------------------------------------
# 3. No traceback, no hang


def test_a_full_temporary_folder_while_spooling_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    import skruuvi.suite.cases.spool as spool

    def full(*_args: Any, **_kwargs: Any) -> Any:
        return open("/dev/full", "r+b", buffering=256)

    monkeypatch.setattr(spool.tempfile, "TemporaryFile", full)
    code, _, err = run(capsys, str(suite(tmp_path, *(f"t.c{i}" for i in range(50)))), "--impl", fake_impl())
    assert code == 2 and len(lines(err)) == 1 and "No space left on device" in err
    assert "cannot keep the cases in a temporary file" in err and "Traceback" not in err


def test_a_deeply_nested_manifest_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    export = tmp_path / "export"
    export.mkdir()
    (export / "manifest.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = run(capsys, str(export), "--impl", fake_impl())
    assert code == 2 and len(lines(err)) == 1 and "manifest" in err and "nested too deep" in err


@pytest.mark.parametrize("command", ["conformance", "replay", "validate"])
def test_a_fifo_named_as_a_case_file_is_one_line_not_a_hang(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "skruuvi", command, str(fifo)], capture_output=True, text=True,
                          timeout=60)
    said = [line for line in lines(done.stderr + done.stdout) if str(fifo) in line]
    assert done.returncode in (1, 2) and len(said) == 1 and "Traceback" not in done.stderr
    assert "not a regular file (a FIFO)" in said[0]


LEGAL_ALWAYS = """
    import json, sys
    FEATURES = %s
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "start":
            print(json.dumps({"protocol": 1, "implementation": {"name": "five", "version": "1",
                  "rulesets": ["skruuvi-2016"], "features": {"skruuvi-2016": FEATURES}}}), flush=True)
        elif message["cmd"] == "stop":
            break
        else:  # five actions in every position: a tree that never ends
            print(json.dumps({"seq": message["seq"], "legal": ["E pass", "N pass", "S pass", "W pass", "W play 2C"]}),
                  flush=True)
"""


def test_a_perft_walk_stops_at_its_bound_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from skruuvi.suite.scp.protocol import Server

    every = Server().header()["implementation"]["features"]["skruuvi-2016"]  # the reference's: every tag
    engine = script(tmp_path, "five.py", LEGAL_ALWAYS % json.dumps(every))
    report = tmp_path / "r.jsonl"
    code, out, _ = run(capsys, str(cases_dir() / "2016" / "legal" / "perft-last-tricks.yaml"), "--impl", engine,
                       "--report", str(report))
    assert code == 1
    record = report_records(report)[1]
    assert record["status"] == "fail", record
    assert "past the walk's bound of 43248" in out  # 2 x 16,624 + 10,000: the case's own count bounds the walk
    assert record["got"]["perft"]["reached"] > 43248


BIG_SCORES = """
    import json, sys
    for line in sys.stdin:
        message = json.loads(line)
        if message["cmd"] == "start":
            print(json.dumps({"protocol": 1, "implementation": {"name": "big", "version": "1",
                  "rulesets": ["skruuvi-2016"]}}), flush=True)
        elif message["cmd"] == "stop":
            break
        else:
            print('{"seq": %d, "result": {"score": {"NS": %s, "EW": 0}}}' % (message["seq"], "9" * 4300),
                  flush=True)
"""


def test_explain_says_an_answer_is_out_of_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(cases_dir() / "2016" / "score"), "--run", "*made-7*", "--explain", "-q",
                         "--impl", script(tmp_path, "big.py", BIG_SCORES))
    assert code == 1 and "Traceback" not in err
    assert "could not replay" not in out
    assert "the engine's answer is out of range (score.NS: an integer of about 4300 digits" in out


# ---------------------------------------------------------------------------------------------------
# 5. Numbers an engine in any language reads the same way


def test_an_engine_that_writes_whole_numbers_with_a_fraction_passes(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A result, an expected error's index and the seq, each written ``7.0``: read by value, judged as ``7``."""
    error_case = {**case("t.error"), "expect": {"error": {"index": 3, "code": "must-follow-suit"}},
                  "canned": {"error": {"index": 3, "code": "must-follow-suit", "message": "x"}}}
    path = suite(tmp_path, "t.result")
    path.write_text(path.read_text() + json.dumps(error_case) + "\n", encoding="utf-8")
    report = tmp_path / "r.jsonl"
    code, _, _ = run(capsys, str(path), "--impl", fake_impl("--mode", "whole-floats"), "--report", str(report))
    assert code == 0
    assert [r["status"] for r in [r for r in report_records(report) if r["type"] == "case"]] == ["pass", "pass"]
    assert EXPECT["result"]["score"]["NS"] == 25  # (the canned result the engine wrote as 25.0)
