"""The pytest plugin (skruuvi.suite.pytest_plugin): ``pytest --skruuvi-impl CMD`` turns every case into a test item."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

# Imported once here: pytester's in-process runs unload the modules they import, and a re-imported PyYAML
# no longer recognises the nodes of its own C loader.
import skruuvi.suite.cases.cases
import skruuvi.suite.reports.report_formats
import skruuvi.suite.run.runner  # noqa: F401
from skruuvi.rules.paths import cases_dir

pytest_plugins = ["pytester"]

REFERENCE = shlex.join([sys.executable, "-m", "skruuvi", "serve"])
FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
CASES = ["2016/play/ruff-wins.yaml", "2016/score/made-5H-exact.yaml", "1944/above/made-7.yaml"]


@pytest.fixture
def cases(pytester: pytest.Pytester) -> Path:
    """A small case folder: three hand-written cases copied, and one with a wrong expectation."""
    folder = pytester.path / "cases"
    folder.mkdir()
    for name in CASES:
        source = cases_dir() / name
        if not source.exists():
            pytest.skip(f"{name} is not in the suite")
        (folder / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    record = {"id": "bad.incomplete", "ruleset": "skruuvi-2016",
              "deal": json.loads(json.dumps(_deal())), "actions": [],
              "expect": {"error": {"index": 3, "code": "incomplete-record"}}}
    (folder / "bad.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    return folder


def _deal() -> dict[str, object]:
    deck = [r + s for s in "SCDH" for r in "23456789TJQKA"]
    return {"form": "alkupeli", "dealer": "N", "hands": {"N": deck[0:12], "E": deck[12:24], "S": deck[24:36],
                                                          "W": deck[36:48]}, "centre": deck[48:]}


def test_every_case_is_an_item_and_a_failure_shows_the_diff(pytester: pytest.Pytester, cases: Path) -> None:
    result = pytester.runpytest("--skruuvi-impl", REFERENCE, "--skruuvi-cases", str(cases), "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*FAIL bad.incomplete*", "*error.index: expected 3, got 0*"])


def test_ruleset_filter_and_node_ids(pytester: pytest.Pytester, cases: Path) -> None:
    result = pytester.runpytest("--skruuvi-impl", REFERENCE, "--skruuvi-cases", str(cases),
                                "--skruuvi-ruleset", "skruuvi-1944", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["skruuvi/skruuvi-1944::1944.above.made-7", "1 test*collected*"])


def test_known_failures_are_strict_xfail_and_k_selects(pytester: pytest.Pytester, cases: Path) -> None:
    known = pytester.path / "known.txt"
    known.write_text("bad.incomplete\n2016.score.made-5H-exact\n")
    result = pytester.runpytest("--skruuvi-impl", REFERENCE, "--skruuvi-cases", str(cases),
                                "--skruuvi-known-failures", str(known), "-k", "bad or 5H")
    result.assert_outcomes(xfailed=1, failed=1)  # the listed case that passes fails (strict)


def test_engine_is_started_once_and_unsupported_cases_skip(pytester: pytest.Pytester, cases: Path) -> None:
    log = pytester.path / "starts.log"
    wrapper = pytester.path / "engine.py"
    wrapper.write_text(
        "import subprocess, sys\n"
        f"open({str(log)!r}, 'a').write('start\\n')\n"
        f"sys.exit(subprocess.call([sys.executable, {str(FAKE)!r}, '--rulesets', 'skruuvi-2016']))\n")
    result = pytester.runpytest("--skruuvi-impl", f"{shlex.quote(sys.executable)} {shlex.quote(str(wrapper))}",
                                "--skruuvi-cases", str(cases))
    # the fake engine answers {"result": {}}: the 2016 cases fail, the 1944 case is unsupported
    result.assert_outcomes(failed=3, skipped=1)
    assert log.read_text().count("start") == 1


def test_nothing_happens_without_the_option(pytester: pytest.Pytester, cases: Path) -> None:
    pytester.makepyfile("def test_one():\n    pass\n")
    result = pytester.runpytest("--skruuvi-cases", str(cases))
    result.assert_outcomes(passed=1)
