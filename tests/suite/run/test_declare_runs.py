"""Whole runs of the hand-written suite against engines that declare what they implement.

The test engine is the reference under other readings (``skruuvi serve --reading ...``). Declaring them,
it passes every case it is sent; not declaring them (``--undeclared``), it fails exactly the cases whose
expectation the declared run worked out anew: the two runs count the same cases from two sides.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from skruuvi.cli import commands as cli
from skruuvi.rules.paths import cases_dir, repo_root, schema_dir
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.features.features import feature_tags

SERVE = [sys.executable, "-m", "skruuvi", "serve"]

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these runs


def conformance(tmp_path: Path, capsys: pytest.CaptureFixture[str], serve_args: list[str],
                *paths: str) -> tuple[int, str, str, list[dict[str, Any]]]:
    """``skruuvi conformance`` run in this process (as ``skruuvi.cli`` runs it); the engine, ``skruuvi serve``,
    is a process of its own spoken to over SCP/1."""
    report = tmp_path / f"report-{len(list(tmp_path.iterdir()))}.jsonl"
    capsys.readouterr()
    code = cli.main(["conformance", *paths, "--quiet", "--report", str(report), "--impl",
                     shlex.join([*SERVE, *serve_args])])
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()] if report.exists() else []
    return code, out, err, records


def report_validator() -> Draft202012Validator:
    schemas = [json.loads((schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
               for name in ("report", "protocol")]
    registry: Registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas)
    return Draft202012Validator(schemas[0], registry=registry)


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    [last] = [r for r in records if r["type"] == "summary"]
    return last


READINGS = [
    pytest.param(["score.scale=10"], id="1895-scale"),
    pytest.param(["score.honours-from=tricks-won"], id="1944-honours-from-tricks"),
    pytest.param(["passimisaari.return-order=reverse"], id="2016-return-order"),
    pytest.param(["bolsevikki.lead=declarer-right"], id="2016-bolsevikki-lead"),
    pytest.param(["passimisaari.return-order=reverse", "score.misere-aces=main"], id="2016-pair"),
]


def _summary_line(out: str) -> str:
    """The run's summary line (a run that judged few of its cases says so on a line after it)."""
    return next(line for line in reversed(out.splitlines()) if line.startswith("conformance: "))


@pytest.mark.parametrize("readings", READINGS)
def test_the_reference_under_readings_passes_all_when_it_declares_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], readings: list[str]) -> None:
    args = [a for r in readings for a in ("--reading", r)]
    code, out, err, records = conformance(tmp_path, capsys, args)
    counts = summary(records)["counts"]
    assert code == 0, out[-3000:] + err
    validator = report_validator()
    for record in records:  # the header (with the engine's declarations), the cases, the summary
        validator.validate(record)
    assert records[0]["engine"]["implementation"]["readings"]
    assert counts["pass"] > 0 and counts["fail"] == counts["errored"] == 0
    judged = summary(records)["judged_under_readings"]
    assert judged["cases"] > 0  # the readings change some expectations: the run is not the default one
    marked = [r for r in records if r["type"] == "case" and "judged_under" in r]
    assert len(marked) == judged["cases"]
    assert f"{judged['cases']} judged under the engine's declared readings" in _summary_line(out)
    unsupported = [r for r in records if r.get("status") == "unsupported"]
    assert all(r["got"] is None and "does not declare ruleset" in r["detail"] for r in unsupported)

    code, out, err, plain = conformance(tmp_path, capsys, ["--undeclared", *args])
    assert code == 1
    failed = {r["id"] for r in plain if r.get("status") == "fail"}
    assert failed == {r["id"] for r in marked}  # each failure is a case the declaration was judged on anew
    assert "judged_under_readings" not in summary(plain)


def test_an_engine_declaring_some_features_gets_the_rest_unsupported(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Only the opening deal: the kotka, bolsevikki and passimisääri cases, the match records and those that
    pin readings are not sent; nothing fails."""
    tags = "form:alkupeli,phase:first-auction,phase:kitty,phase:second-auction,phase:defenders-exchange," \
           "phase:doubling,phase:play"
    code, out, err, records = conformance(tmp_path, capsys, ["--features", tags], str(cases_dir() / "2016"))
    assert code == 0, out[-3000:] + err
    for record in records:
        report_validator().validate(record)
    cases = [r for r in records if r["type"] == "case"]
    by_status = {s: [r for r in cases if r["status"] == s] for s in ("pass", "fail", "unsupported")}
    assert by_status["pass"] and by_status["unsupported"] and not by_status["fail"]
    for record in by_status["unsupported"]:
        assert record["got"] is None and record["detail"].startswith("needs feature "), record
    folders = {Path(r["file"]).parent.name for r in by_status["unsupported"]}
    assert {"kotka", "bolsevikki", "passimisaari", "match"} <= folders
    assert not any(Path(r["file"]).parent.name in ("kotka", "bolsevikki", "match") for r in by_status["pass"])
    assert "judged_under_readings" not in summary(records)


def test_no_declaration_is_a_run_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proc = subprocess.run([*SERVE], input='{"cmd": "start", "protocol": 1}\n', capture_output=True, text=True,
                          timeout=60, cwd=repo_root())
    impl = json.loads(proc.stdout)["implementation"]
    assert set(impl) == {"name", "version", "rulesets", "features"}
    for rid in impl["rulesets"]:  # every tag: nothing withheld (legal-actions, never implied, is listed)
        assert impl["features"][rid] == feature_tags(get_ruleset(rid))
    code, out, _, records = conformance(tmp_path, capsys, [], str(cases_dir() / "1895" / "aces"))
    assert code == 0 and "judged under" not in out
    assert all("judged_under" not in r for r in records) and "judged_under_readings" not in summary(records)


def test_a_bad_declaration_fails_the_start_in_one_line(tmp_path: Path) -> None:
    engine = tmp_path / "engine.py"
    start = {"protocol": 1, "implementation": {"name": "e", "version": "1", "rulesets": ["skruuvi-2016"],
                                               "readings": {"skruuvi-2016": {"passimisaari.return-order": "x"}}}}
    engine.write_text(f"import sys\nsys.stdin.readline()\nprint({json.dumps(json.dumps(start))}, flush=True)\n"
                      "sys.stdin.read()\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", str(cases_dir() / "2016" / "passimisaari"),
                           "--impl", shlex.join([sys.executable, str(engine)])],
                          capture_output=True, text=True, timeout=120, cwd=repo_root())
    assert proc.returncode == 2 and proc.stdout == ""
    first = proc.stderr.splitlines()[0]
    assert first == ("skruuvi: conformance: the engine failed the start handshake: the start answer's declarations: "
                     'readings of skruuvi-2016: passimisaari.return-order="x" is neither the rule\'s value nor one '
                     'of its alternatives ("reverse")')


def test_serve_with_a_reading_no_ruleset_holds_stops_at_once() -> None:
    proc = subprocess.run([*SERVE, "--reading", "no.such-rule=1"], input="", capture_output=True, text=True,
                          timeout=60, cwd=repo_root())
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("skruuvi: serve: no ruleset holds the readings no.such-rule (each as the rule's "
                                   "value or a listed alternative)")
