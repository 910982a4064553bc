"""``skruuvi serve`` on its pipes (suite/scp/serving.py): the answers of the line-by-line loop, written once the
input is drained, and never held back while the engine waits for more input."""

from __future__ import annotations

import io
import json
import os
import select
import threading
from typing import Any

import pytest

from skruuvi.interpreter.outcome import Outcome
from skruuvi.suite.scp import protocol, serving
from skruuvi.suite.scp.protocol import Server, encode, run_request, serve, start_request
from skruuvi.suite.scp.serving import serve_pipe


def fake_replay(case: dict[str, Any]) -> Outcome:
    if case["id"] == "illegal":
        return Outcome(error_code="must-follow-suit", error_index=17)
    return Outcome(result={"score": {"NS": 8, "EW": -8}, "note": case["id"]})


def server() -> Server:
    return Server(replay=fake_replay, rulesets=lambda: ["skruuvi-2016"], log=io.StringIO())


def run(n: int, case_id: str = "ok") -> bytes:
    return encode(run_request(n, {"id": case_id, "ruleset": "skruuvi-2016"})).encode()


def through_pipe(data: bytes, writes: list[bytes] | None = None, engine: Server | None = None) -> bytes:
    """What serve_pipe answers to ``data`` (written whole, then the input closed); ``engine``: the server (default:
    one on the fake replay)."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    answer = bytearray()

    def drain() -> None:
        while chunk := os.read(out_r, 1 << 16):
            answer.extend(chunk)

    reader = threading.Thread(target=drain)
    reader.start()
    feeder = threading.Thread(target=lambda: (os.write(in_w, data), os.close(in_w)))
    feeder.start()
    original = serving._write_all
    if writes is not None:
        serving._write_all = lambda fd, chunk: (writes.append(chunk), original(fd, chunk))  # type: ignore[assignment]
    try:
        serve_pipe(in_r, out_w, engine or server())
    finally:
        serving._write_all = original  # type: ignore[assignment]
        os.close(out_w)
        feeder.join()
        reader.join()
        os.close(in_r)
        os.close(out_r)
    return bytes(answer)


def line_by_line(data: bytes) -> bytes:
    out = io.StringIO()
    serve(io.StringIO(data.decode("utf-8", errors="surrogateescape"), newline=""), out, server())
    return out.getvalue().encode("utf-8", errors="surrogateescape")


INPUTS = [
    encode(start_request()).encode() + run(1) + run(2, "illegal") + b"\n   \n" + b"\xff\xfe not utf-8\n" + run(3)
    + b'{"cmd": "run", "seq": 4}\n' + b"not json\n" + b'{"cmd":"stop"}\n' + run(5),
    run(1) + run(2)[:-1],  # a last line without its newline
    b"",
    b"\n\n",
    run(1) * 3 + b'{"cmd":"stop"}',
    # blank by Unicode's whitespace (what str.strip strips), an encoded surrogate, an answer with non-ASCII text,
    # a key twice, a colon in a string, and a last line that is not UTF-8
    "\u3000\x1c \n".encode() + b"\xed\xa0\x80\n" + '{"cmd":"é","seq":1}\n'.encode()
    + b'{"cmd":"run","seq":2,"seq":3}\n' + b'{"cmd":"x:y","seq":4}\n' + run(5) + b"\xff",
]


@pytest.mark.parametrize("data", INPUTS)
def test_the_pipe_loop_answers_as_the_line_loop(data: bytes) -> None:
    assert through_pipe(data) == line_by_line(data)


def test_over_long_lines_are_answered_errored_and_serving_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    limit = 100  # a run request of run() is shorter
    for module in (protocol, serving):
        monkeypatch.setattr(module, "MAX_REQUEST_CHARS", limit)
    monkeypatch.setattr(serving, "CHUNK", 16)  # the long lines span several reads
    long_ascii = b'{"cmd":"run","seq":9,"x":"' + b"a" * 200 + b'"}\n'
    long_utf8 = "ä".encode() * 60 + b"\n"  # 121 bytes, but 61 characters with its newline: not over-long
    longer_utf8 = "ä".encode() * 120 + b"\n"
    exact = b"b" * (limit - 1) + b"\n"  # the limit counts the newline, as readline(limit + 1) does
    over = b"b" * limit + b"\n"
    data = run(1) + long_ascii + run(2) + long_utf8 + longer_utf8 + exact + over + run(3) + b"c" * 300
    answers = through_pipe(data)
    assert answers == line_by_line(data)
    assert answers.count(b"request line longer than") == 4, answers
    assert [answers.count(b'{"seq":%d,"result"' % n) for n in (1, 2, 3)] == [1, 1, 1]


def test_waiting_requests_are_answered_in_one_write() -> None:
    writes: list[bytes] = []
    answers = through_pipe(b"".join(run(n) for n in range(1, 41)), writes)
    assert answers.count(b"\n") == 40
    assert len(writes) < 40, "answers waiting together are written together"
    assert b"".join(writes) == answers


def test_no_answer_waits_for_more_input() -> None:
    """A request alone in the pipe is answered while the input stays open (engine and runner never wait for
    each other)."""
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    worker = threading.Thread(target=serve_pipe, args=(in_r, out_w, server()), daemon=True)
    worker.start()
    try:
        for n in (1, 2):
            os.write(in_w, run(n))
            ready, _, _ = select.select([out_r], [], [], 10)
            assert ready, f"request {n} was not answered while the input stayed open"
            assert os.read(out_r, 1 << 16).startswith(b'{"seq":%d,' % n)
    finally:
        os.close(in_w)
        worker.join(timeout=10)
        for fd in (in_r, out_r, out_w):
            os.close(fd)


def test_the_start_answer_waits_neither_for_the_schema_validator_nor_for_the_interpreter() -> None:
    """serve's first answer: the feature tags are read off the rulesets compiled without the JSON Schema check
    (the same tags as the checked rulesets give), and neither jsonschema nor the interpreter is imported."""
    import subprocess
    import sys

    from skruuvi.rules.ruleset import available_rulesets, get_ruleset
    from skruuvi.suite.features.features import feature_tags

    code = ("import json, sys\n"
            "from skruuvi.suite.scp.protocol import Server\n"
            "header = Server().header()\n"
            "late = [m for m in ('jsonschema', 'skruuvi.interpreter.engine', 'skruuvi.rules.schemas')\n"
            "        if m in sys.modules]\n"
            "print(json.dumps({'features': header['implementation']['features'], 'late': late}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    found = json.loads(out)
    assert found["late"] == []
    assert found["features"] == {rid: feature_tags(get_ruleset(rid)) for rid in available_rulesets()}


def test_serving_collects_young_objects_less_often_and_puts_the_threshold_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """While serve_pipe answers, the collector's first threshold is at least GC_YOUNG; afterwards it is as before,
    and the answers are the same."""
    import gc

    seen: list[int] = []
    handle = Server.handle

    def watched(self: Server, line: str, **options: Any) -> dict[str, Any] | None:
        seen.append(gc.get_threshold()[0])
        return handle(self, line, **options)

    monkeypatch.setattr(Server, "handle", watched)
    before = gc.get_threshold()
    answers = through_pipe(run(1) + run(2))
    assert gc.get_threshold() == before
    assert seen == [max(before[0], serving.GC_YOUNG)] * 2
    assert [json.loads(line)["seq"] for line in answers.splitlines()] == [1, 2]


def test_the_real_engine_answers_real_cases_on_the_pipe_as_line_by_line() -> None:
    """The reference itself (not a fake) on hand-written cases, with a few lines around them that it must refuse
    (a key twice, a colon only in a string, an escaped colon, a lone surrogate's escape): the pipe loop's answers
    (read on the quick strict path, encoded once to bytes) are the line loop's, byte for byte."""
    from skruuvi.rules.paths import cases_dir
    from skruuvi.suite.cases.cases import load_cases

    cases = [case.record for case in load_cases([cases_dir()])][:150]
    lines = [encode(run_request(n, case)).encode() for n, case in enumerate(cases, start=1)]
    lines += [b'{"cmd":"run","seq":1,"seq":2}\n', b'{"cmd":"x:y","seq":3}\n', b'{"cmd":"\\u003a","seq":4}\n',
              b'{"cmd":"run","seq":5,"case":{"id":"\\ud800"}}\n', b'{"cmd": "run", "seq": 6, "cmd": "stop"}\n']
    data = b"".join(lines)
    out = io.StringIO()
    serve(io.StringIO(data.decode("utf-8"), newline=""), out, Server(log=io.StringIO()))
    expected = out.getvalue().encode("utf-8")
    answer = through_pipe(data, engine=Server(log=io.StringIO()))
    assert answer == expected
    assert expected.count(b"\n") == len(lines)
    assert b"duplicate key 'seq'" in expected and b"duplicate key 'cmd'" in expected
