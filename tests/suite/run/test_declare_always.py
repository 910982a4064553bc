"""Declarations that can always be made (issue 31): every reading the reference plays can be declared, and
an engine is sent every case it can answer.

* A reading is accepted alike by ``skruuvi replay --reading``, ``skruuvi serve --reading`` and a start answer
  that declares it, or refused by all three with the same line (the start answer's check; replay refuses it
  for each record of a ruleset that does not list the value, and goes on with the next).
* The 2016 records that carry a ``deal.state`` (which 2016 ignores) need no ``set-position`` tag, which 2016
  does not have: a 2016 engine that declares every 2016 tag is sent them.
* ``case-readings`` is judged per case: a case that pins only readings the engine plays by (its declared
  value, or the rule's own value where it declares none) is sent to an engine without the tag.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi.cli import commands as cli
from skruuvi.rules.paths import cases_dir, repo_root
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.features.features import CASE_READINGS, feature_tags

SERVE = [sys.executable, "-m", "skruuvi", "serve"]
BOTH = ["score.passimisaari-tricks", "score.passimisaari-aces", "score.misere-aces"]
NETTED = str(cases_dir() / "2016" / "readings" / "netted-basic.yaml")


def _start(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SERVE, *args], input='{"cmd":"start","protocol":1}\n{"cmd":"stop"}\n',
                          capture_output=True, text=True, timeout=120, cwd=repo_root())


def _declaring(tmp_path: Path, readings: dict[str, object]) -> Path:
    """An engine whose start answer declares ``readings`` for skruuvi-2016 and then answers nothing."""
    start = {"protocol": 1, "implementation": {"name": "declares", "version": "1", "rulesets": ["skruuvi-2016"],
                                               "readings": {"skruuvi-2016": readings}}}
    engine = tmp_path / "declares.py"
    engine.write_text(f"import sys\nsys.stdin.readline()\nprint({json.dumps(json.dumps(start))}, flush=True)\n"
                      "sys.stdin.read()\n", encoding="utf-8")
    return engine


def test_both_zero_sum_readings_are_played_served_and_declared(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    value = json.dumps(BOTH)
    assert cli.main(["replay", "--reading", f"score.zero-sum={value}", NETTED]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["score"] == {"NS": 27, "EW": -27}
    proc = _start(["--reading", f"score.zero-sum={value}"])
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout.splitlines()[0])
    assert answer["implementation"]["readings"] == {"skruuvi-2016": {"score.zero-sum": BOTH}}
    report = tmp_path / "report.jsonl"
    engine = shlex.join([*SERVE, "--reading", f"score.zero-sum={value}"])
    code = cli.main(["conformance", str(cases_dir() / "2016" / "passimisaari"), str(cases_dir() / "2016" / "misere"),
                     "-q", "--report", str(report), "--impl", engine])
    capsys.readouterr()
    summary = json.loads(report.read_text(encoding="utf-8").splitlines()[-1])
    assert code == 0 and summary["judged_under_readings"]["cases"] > 0


def test_an_unlisted_reading_is_refused_alike_by_replay_serve_and_the_start_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    value = ["score.misere-aces", "score.passimisaari-aces"]  # a shape the rule holds, a value it does not list
    line = ('readings of skruuvi-2016: score.zero-sum=["score.misere-aces", "score.passimisaari-aces"] is neither '
            "the rule's value nor one of its alternatives")
    assert cli.main(["replay", "--reading", f"score.zero-sum={json.dumps(value)}", NETTED]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"skruuvi: {NETTED}: /ruleset: {line}") and err.count("\n") == 1
    proc = _start(["--reading", f"score.zero-sum={json.dumps(value)}"])
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith(f"skruuvi: serve: {line}") and proc.stderr.count("\n") == 1
    engine = _declaring(tmp_path, {"score.zero-sum": value})
    code = cli.main(["conformance", NETTED, "--impl", shlex.join([sys.executable, str(engine)])])
    out, err = capsys.readouterr()
    assert code == 2 and f"the start answer's declarations: {line}" in err.splitlines()[0]


def test_the_2016_records_with_a_deal_state_need_no_tag_2016_lacks(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    tags = feature_tags(get_ruleset("skruuvi-2016"))
    assert "set-position" not in tags
    report = tmp_path / "report.jsonl"
    code = cli.main(["conformance", str(cases_dir().parent / "generated" / "2016"), "-q", "--run",
                     "gen.2016.3.deal-state-ignored-*", "--report", str(report),
                     "--impl", shlex.join([*SERVE, "--features", ",".join(tags)])])
    capsys.readouterr()
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    statuses = [r["status"] for r in records if r["type"] == "case"]
    assert code == 0 and statuses == ["pass"] * 5


def test_case_readings_is_asked_only_of_cases_pinning_what_the_engine_does_not_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine plays passimisaari.return-order = reverse, declares it and every 2016 tag but case-readings:
    the cases pinning exactly that reading, or only rules' own values, are sent (and pass); the cases pinning
    any other reading are unsupported, for want of case-readings."""
    tags = [t for t in feature_tags(get_ruleset("skruuvi-2016")) if t != CASE_READINGS]
    report = tmp_path / "report.jsonl"
    code = cli.main(["conformance", str(cases_dir() / "2016" / "readings"), "-q", "--report", str(report),
                     "--impl", shlex.join([*SERVE, "--reading", "passimisaari.return-order=reverse",
                                           "--features", ",".join(tags)])])
    capsys.readouterr()
    records = {r["id"]: r for r in map(json.loads, report.read_text(encoding="utf-8").splitlines())
               if r["type"] == "case"}
    assert code == 0
    assert records["2016.readings.reverse-returns-dealer-first"]["status"] == "pass"
    assert records["2016.readings.stated-deal-and-second-auction-pinned"]["status"] == "pass"
    other = records["2016.readings.netted-basic"]
    assert other["status"] == "unsupported" and CASE_READINGS in other["detail"]
