"""The runner's memory and serve's quick start (issue 16 part 6): the cases in flight are bounded by their
requests' bytes as well as by their number, and the plain ``skruuvi serve`` answers as the whole command line
does."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skruuvi.cli.serve_stdio import plain_serve
from skruuvi.suite.cases.cases import Case
from skruuvi.suite.run.runner import RunConfig, run_cases, start_engines

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
EXPECT = {"result": {"score": {"NS": 25, "EW": -25}}}


def _case(n: int, padding: int) -> Case:
    record = {"id": f"t.{n}", "ruleset": "skruuvi-2016", "deal": {}, "actions": [], "expect": EXPECT,
              "canned": EXPECT, "pad": "x" * padding}
    request = json.dumps({k: v for k, v in record.items() if k != "expect"}, separators=(",", ":")).encode()
    return Case(record["id"], "skruuvi-2016", "gen", None, record, request=request)


@pytest.mark.parametrize(("padding", "most"), [(10, 64), (3000, 4)])
def test_cases_in_flight_are_bounded_by_their_bytes(padding: int, most: int) -> None:
    """A window of 64 cases, 10 KiB of requests: small cases fill the window, big ones (some 3 KiB each) stop at
    the bytes, and every case is still judged, in order."""
    pulled = 0

    def source() -> Iterator[Case]:
        nonlocal pulled
        for n in range(80):
            pulled += 1
            yield _case(n, padding)

    config = RunConfig(command=[sys.executable, str(FAKE)], jobs=2, window=64, window_bytes=10 << 10)
    seen = []
    for result in run_cases(source(), config, start_engines(config, 2)):
        assert pulled - len(seen) <= most, "no more in flight than the window and its bytes allow"
        seen.append(result.case.id)
        assert result.status == "pass"
    assert seen == [f"t.{n}" for n in range(80)]


def test_a_case_bigger_than_the_bytes_still_runs() -> None:
    config = RunConfig(command=[sys.executable, str(FAKE)], jobs=1, window_bytes=0)
    results = list(run_cases(iter([_case(0, 100), _case(1, 100)]), config, start_engines(config, 1)))
    assert [(r.case.id, r.status) for r in results] == [("t.0", "pass"), ("t.1", "pass")]


def test_only_the_plain_serve_is_served_before_the_command_line() -> None:
    for argv in (["serve", "--features", "phase:play"], ["serve", "--help"], ["serve", "-h"], ["conformance"],
                 [], ["serve", "serve"]):
        assert plain_serve(argv) is None


def test_the_plain_serve_answers_as_the_whole_command_line() -> None:
    """``python -m skruuvi serve`` (the quick start) and the same server through the command line's own
    ``cmd_serve`` give the same answers, byte for byte."""
    requests = "".join(json.dumps(r) + "\n" for r in (
        {"cmd": "start", "protocol": 1},
        {"cmd": "run", "seq": 1, "case": {"id": "x", "ruleset": "skruuvi-2016", "deal": {}, "actions": []}},
        {"cmd": "legal", "seq": 2, "case": {"id": "x", "ruleset": "skruuvi-nope", "deal": {}, "actions": []}},
        "not json", {"cmd": "stop"}))
    quick = subprocess.run([sys.executable, "-m", "skruuvi", "serve"], input=requests.encode(), capture_output=True,
                           timeout=60, check=True).stdout
    whole = subprocess.run([sys.executable, "-c", "import sys; from skruuvi.cli.commands import main; "
                            "sys.exit(main(['serve']))"], input=requests.encode(), capture_output=True, timeout=60,
                           check=True).stdout
    assert quick == whole
    assert quick.count(b"\n") == 4 and quick.startswith(b'{"protocol":1,')
