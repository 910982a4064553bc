"""The runner's fast pass over buffered answers (issue 16 part 6): :meth:`LineReader.take_each` consumes only the
lines that are, byte for byte, the expected ones, and :func:`_take_passes` judges only those; every near miss
is left, unconsumed, to the full judge (:meth:`Worker.judge`), which reads it as it would have without the
shortcut."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from skruuvi.cli import commands as cli
from skruuvi.suite.cases.cases import Case
from skruuvi.suite.cases.spool import CaseSpool
from skruuvi.suite.run import lines as lines_module
from skruuvi.suite.run.lines import LineReader
from skruuvi.suite.run.runner import LEGAL, RUN, Engine, RunConfig, Worker, _take_passes

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
RESULT = {"contract": {"declarer": "S", "bid": "5G", "doubling": 2}, "score": {"NS": -45, "EW": 45}, "over": True}
TEXT = json.dumps(RESULT, separators=(",", ":")).encode()


def exact(seq: int) -> bytes:
    return b'{"seq":%d,"result":%b}\n' % (seq, TEXT)


@pytest.fixture
def pipe() -> Iterator[tuple[LineReader, int]]:
    """A reader on a pipe and the pipe's write end."""
    r, w = os.pipe()
    reader = LineReader(os.fdopen(r, "rb", buffering=0))
    yield reader, w
    os.close(w)
    reader.close()


def fill(reader: LineReader, w: int, data: bytes) -> None:
    os.write(w, data)
    assert reader.wait_line(2.0) or b"\n" not in data


def spooled(tmp_path: Path, count: int) -> list[Case]:
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps({"id": f"t.{i}", "ruleset": "skruuvi-2016", "deal": {}, "actions": [],
                                        "expect": {"result": RESULT}}) + "\n" for i in range(count)))
    with CaseSpool([path]) as spool:
        return list(spool.cases())


@pytest.fixture
def worker_on() -> Iterator[Callable[..., Worker]]:
    """Workers whose engine reads its answers from a given reader; its process is a ``sleep`` in a session of its
    own (what the worker kills when it discards the engine)."""
    made: list[Worker] = []

    def make(reader: LineReader, known: frozenset[str] = frozenset()) -> Worker:
        engine = Engine(["sleep", "30"])
        engine._proc = subprocess.Popen(["sleep", "30"], start_new_session=True)
        engine._stdout = reader
        made.append(Worker(RunConfig(command=["no-such-engine"], known_failures=known), engine))
        return made[-1]

    yield make
    for worker in made:
        worker._discard_engine()


def pending_of(cases: list[Case], how: str = RUN) -> deque[tuple[int, Case, str]]:
    return deque((i, case, how) for i, case in enumerate(cases))


# ---------------------------------------------------------------------------------------------- the reader


@pytest.mark.parametrize("buffered", [
    exact(1).replace(b"}}\n", b"}} \n"),  # a space before the newline
    exact(1).replace(b"}}\n", b"}}\r\n"),
    exact(1).replace(b"}}\n", b"}}x\n"),  # the expected line is a prefix of the buffered one
    exact(1)[:-2] + b"\n",  # the buffered line is a prefix of the expected one
    exact(1).replace(b'"seq":1', b'"seq":11'),
    exact(1).replace(b'"seq":1', b'"seq": 1'),
    exact(1)[:-1],  # its newline not there yet
    exact(1)[:20],
])
def test_a_near_miss_is_not_consumed(pipe: tuple[LineReader, int], buffered: bytes) -> None:
    reader, w = pipe
    fill(reader, w, buffered)
    assert not reader.take(exact(1))
    os.write(w, b"\n")
    kind, line = reader.read_line(2.0)
    assert (kind, line) == ("line", (buffered if buffered.endswith(b"\n") else buffered + b"\n"))


def test_the_exact_line_is_consumed_and_the_next_one_is_read_after_it(pipe: tuple[LineReader, int]) -> None:
    reader, w = pipe
    fill(reader, w, exact(1) + b"next\n")
    assert reader.take(exact(1))
    assert reader.read_line(0.0) == ("line", b"next\n")


@pytest.mark.parametrize("expected", [b"", b"a\nb\n", b"ab", b"a\n\n"])
def test_an_expected_text_that_is_not_one_line_never_matches(pipe: tuple[LineReader, int], expected: bytes) -> None:
    reader, w = pipe
    fill(reader, w, b"a\nb\n\n")
    assert not reader.take(expected)
    assert reader.read_line(0.0) == ("line", b"a\n")


def test_a_line_longer_than_the_limit_is_never_taken(pipe: tuple[LineReader, int],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    reader, w = pipe
    monkeypatch.setattr(lines_module, "MAX_LINE_BYTES", 8)
    fill(reader, w, b"0123456789\n")
    assert not reader.take(b"0123456789\n")
    assert reader.read_line(0.0) == ("too-long", b"")


def test_take_each_stops_at_the_first_line_it_does_not_take(pipe: tuple[LineReader, int]) -> None:
    reader, w = pipe
    fill(reader, w, b"a\nb\nX\nd\n")
    asked: list[bytes] = []

    def wanted() -> Iterator[bytes]:
        for line in (b"a\n", b"b\n", b"c\n", b"d\n"):
            asked.append(line)
            yield line

    assert reader.take_each(wanted()) == 2
    assert asked == [b"a\n", b"b\n", b"c\n"], "no more lines are made than the one that stopped it"
    assert reader.read_line(0.0) == ("line", b"X\n")


# ---------------------------------------------------------------------------------------------- the worker


def test_buffered_exact_answers_pass_and_the_rest_waits_for_the_full_judge(
        tmp_path: Path, pipe: tuple[LineReader, int],
        worker_on: Callable[..., Worker]) -> None:
    reader, w = pipe
    cases = spooled(tmp_path, 4)
    worker = worker_on(reader)
    pending, out = pending_of(cases), []
    fill(reader, w, exact(1) + exact(2) + exact(3)[:30])  # the third answer still coming
    assert _take_passes(worker, pending, out, 32) == 2
    assert [(i, r.status, r.got) for i, r in out] == [(0, "pass", {"result": RESULT}), (1, "pass", {"result": RESULT})]
    assert [i for i, _, _ in pending] == [2, 3]
    os.write(w, exact(3)[30:])
    result = worker.judge(3, cases[2], how=RUN)  # the full judge reads the whole line
    assert result.status == "pass"


@pytest.mark.parametrize("miss", [
    exact(2).replace(b'"seq":2', b'"seq":3'),  # another request's answer: errored, the engine resynced
    exact(2).replace(b'"over":true', b'"over":1'),  # a wrong value: fail
    exact(2).replace(b'{"seq":2,', b'{"seq": 2,'),  # the same message spaced: the full judge passes it
])
def test_a_near_miss_in_a_burst_goes_to_the_full_judge(tmp_path: Path, pipe: tuple[LineReader, int],
                                                        miss: bytes,
        worker_on: Callable[..., Worker]) -> None:
    reader, w = pipe
    cases = spooled(tmp_path, 3)
    worker = worker_on(reader)
    pending, out = pending_of(cases), []
    fill(reader, w, exact(1) + miss + exact(3))
    assert _take_passes(worker, pending, out, 32) == 1
    assert [i for i, _, _ in pending] == [1, 2]
    assert reader.has_line()
    full = worker.judge(2, cases[1], how=RUN)
    expected = {b'"seq":3': "errored", b'"over":1': "fail", b'"seq": 2': "pass"}
    assert full.status == next(v for k, v in expected.items() if k in miss)


def test_room_limits_how_many_are_judged(tmp_path: Path, pipe: tuple[LineReader, int],
        worker_on: Callable[..., Worker]) -> None:
    reader, w = pipe
    cases = spooled(tmp_path, 3)
    pending, out = pending_of(cases), []
    fill(reader, w, exact(1) + exact(2) + exact(3))
    assert _take_passes(worker_on(reader), pending, out, 2) == 2
    assert reader.read_line(0.0) == ("line", exact(3))


def test_a_known_failure_that_passes_on_its_bytes_is_an_xpass(tmp_path: Path, pipe: tuple[LineReader, int],
        worker_on: Callable[..., Worker]) -> None:
    reader, w = pipe
    cases = spooled(tmp_path, 2)
    pending, out = pending_of(cases), []
    fill(reader, w, exact(1) + exact(2))
    assert _take_passes(worker_on(reader, known=frozenset({"t.1"})), pending, out, 32) == 2
    assert [r.status for _, r in out] == ["pass", "xpass"]
    assert "known failure" in (out[1][1].detail or "")


def test_no_shortcut_for_a_legal_case_a_replaced_expectation_or_a_killed_engine(
        tmp_path: Path, pipe: tuple[LineReader, int],
        worker_on: Callable[..., Worker]) -> None:
    import dataclasses

    reader, w = pipe
    cases = spooled(tmp_path, 1)
    fill(reader, w, exact(1))
    worker = worker_on(reader)
    assert _take_passes(worker, pending_of(cases, LEGAL), [], 32) == 0
    replaced = dataclasses.replace(cases[0], record={**cases[0].record, "expect": {"result": dict(RESULT)}})
    assert _take_passes(worker, pending_of([replaced]), [], 32) == 0
    engine = worker.engine
    assert engine is not None
    proc, engine._proc = engine._proc, None  # killed meanwhile, by another thread
    assert _take_passes(worker, pending_of(cases), [], 32) == 0
    engine._proc = proc  # (for the fixture to kill)
    assert reader.read_line(0.0) == ("line", exact(1)), "nothing was consumed"


# ---------------------------------------------------------------------------------------------- a whole run


def test_a_run_mixing_exact_answers_and_near_misses_judges_each_as_the_full_judge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Through the CLI on the fake engine, two workers: exact compact answers, spaced ones, wrong values, another
    request's seq and a known failure, interleaved; every case ends with the status the full judge gives."""
    wrong = {**RESULT, "over": False}
    records: list[dict[str, Any]] = []
    want: dict[str, str] = {}
    for i in range(60):
        kind = ("compact", "correct", "wrongval", "wrong-seq", "known")[i % 5] if i % 3 == 0 else "compact"
        mode = {"wrongval": "compact", "known": "compact"}.get(kind, kind)
        case_id = f"t.{mode}.{kind}-{i}"
        canned = {"result": wrong if kind == "wrongval" else RESULT}
        records.append({"id": case_id, "ruleset": "skruuvi-2016", "deal": {}, "actions": [],
                        "expect": {"result": RESULT}, "canned": canned})
        want[case_id] = {"wrongval": "fail", "wrong-seq": "errored", "known": "xpass"}.get(kind, "pass")
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    known = tmp_path / "known.txt"
    known.write_text("".join(f"{k}\n" for k, v in want.items() if v == "xpass"))
    report = tmp_path / "r.jsonl"
    code = cli.main(["conformance", str(path), "--impl", shlex.join([sys.executable, str(FAKE)]), "--quiet",
                     "--report", str(report), "--jobs", "2", "--known-failures", str(known)])
    capsys.readouterr()
    got = {r["id"]: r["status"] for r in map(json.loads, report.read_text().splitlines()) if r["type"] == "case"}
    assert got == want
    assert code == 1


@pytest.mark.parametrize("expect", [
    {"result": {}}, {"error": {"index": 0, "code": "x"}}, {"match": {}}, {"legal": []},
    {"perft": {"depth": 1, "count": 1}}, {"legal": [], "perft": {"depth": 1, "count": 1}}, {"result": {}, "legal": []},
])
@pytest.mark.parametrize("wrap", [dict, MappingProxyType])
def test_how_a_case_is_asked_is_read_off_its_expect_as_asked_by_reads_it(expect: dict[str, Any], wrap: Any) -> None:
    """The quick reading of a plain-dict ``expect`` agrees with the general one (a perft walk, else what
    ``asks_legal`` says), which a mapping of another type goes through."""
    from skruuvi.suite.features.features import asks_legal
    from skruuvi.suite.run.legal_judge import is_perft
    from skruuvi.suite.run.runner import LEGAL, PERFT, RUN, asked_by

    case = Case("t.1", "skruuvi-2016", "f", None, {"id": "t.1", "ruleset": "skruuvi-2016", "expect": wrap(expect)})
    assert asked_by(case) == (PERFT if is_perft(case) else LEGAL if asks_legal(case.record) else RUN)
