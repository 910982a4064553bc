"""The runner's fast pass (issue 16 part 6): an answer that is byte for byte the canonical JSON of the expected
result passes without being decoded; every other answer is decoded and judged in full, so the shortcut can
never pass what the full judge fails."""

from __future__ import annotations

import dataclasses
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from skruuvi.cli import commands as cli
from skruuvi.suite.cases.case_text import canonical_answer
from skruuvi.suite.cases.cases import Case
from skruuvi.suite.cases.spool import CaseSpool
from skruuvi.suite.run.runner import _fast_kind

FAKE = Path(__file__).resolve().parents[2] / "fakes" / "fake_engine.py"
RESULT = {"contract": {"declarer": "S", "bid": "5G", "doubling": 2}, "score": {"NS": -45, "EW": 45}, "over": True,
          "note": "päivä"}



def _answers_as_expected(case: Case, seq: int, line: bytes) -> bool:
    """The answer line takes the runner's fast pass (its kind is read off the bytes)."""
    return _fast_kind(case, seq, line) is not None

def spooled(tmp_path: Path, records: list[dict[str, Any]]) -> list[Case]:
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    with CaseSpool([path]) as spool:
        return list(spool.cases())


def record(case_id: str, result: dict[str, Any]) -> dict[str, Any]:
    return {"id": case_id, "ruleset": "skruuvi-2016", "deal": {}, "actions": [], "expect": {"result": result}}


def _run_canned(records: list[dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
                ) -> tuple[int, list[dict[str, Any]]]:
    """``skruuvi conformance`` of ``records`` (a JSON Lines file) on the fake engine, which answers each record's
    ``canned``, with two workers: the exit code and the report's case lines."""
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    report = tmp_path / "r.jsonl"
    code = cli.main(["conformance", str(path), "--impl", shlex.join([sys.executable, str(FAKE)]), "--quiet",
                     "--report", str(report), "--jobs", "2"])
    capsys.readouterr()
    return code, [r for r in map(json.loads, report.read_text().splitlines()) if r["type"] == "case"]


def _both_readings(line: bytes) -> tuple[list[str] | None, str]:
    """The perft walk's reading of ``line`` off its bytes (None: left to the full check) and the full check's
    kind (``bad`` for a protocol error); wherever the first answers, it is the full check's legal set."""
    from skruuvi.suite.run.legal_judge import plain_legal_set
    from skruuvi.suite.scp.protocol import ProtocolError, check_legal_response, parse_line

    fast = plain_legal_set(line, 5)
    try:
        kind, full = check_legal_response(parse_line(line), 5)
    except ProtocolError:
        kind, full = "bad", None
    if fast is not None:
        assert kind == "legal" and fast == full
    return fast, kind


def test_only_the_exact_canonical_bytes_take_the_fast_pass(tmp_path: Path) -> None:
    (case,) = spooled(tmp_path, [record("t.1", RESULT)])
    exact = ('{"seq":7,"result":{"contract":{"declarer":"S","bid":"5G","doubling":2},"score":{"NS":-45,"EW":45},'
             '"over":true,"note":"päivä"}}\n').encode()
    assert _answers_as_expected(case, 7, exact)
    near_misses = [
        exact.replace(b'"seq":7', b'"seq":8'),  # another request's answer
        exact.replace(b'"seq":7', b'"seq":7.0'),
        exact.replace(b'"over":true', b'"over":1'),  # 1 is not true
        exact.replace(b'"doubling":2', b'"doubling":2.0'),
        exact.replace(b'{"seq":7,', b'{"seq": 7,'),  # spaces: same message, but decoded and judged in full
        exact.replace(b'"NS":-45,"EW":45', b'"EW":45,"NS":-45'),  # key order: judged in full
        exact.replace(b'"note":"p\xc3\xa4iv\xc3\xa4"', b'"note":"p\\u00e4iv\\u00e4"'),
        exact[:-2] + b',"extra":1}\n',  # an extra key: judged in full
        exact[:-1] + b'\r\n',
        exact[:-1],
        exact.replace(b'"result"', b'"error"'),
    ]
    assert not any(_answers_as_expected(case, 7, line) for line in near_misses)


def test_a_case_whose_expectation_was_replaced_is_judged_in_full(tmp_path: Path) -> None:
    (case,) = spooled(tmp_path, [record("t.1", {"score": {"NS": 1, "EW": -1}})])
    old = b'{"seq":1,"result":{"score":{"NS":1,"EW":-1}}}\n'
    assert _answers_as_expected(case, 1, old)
    derived = dataclasses.replace(case, record={**case.record, "expect": {"result": {"score": {"NS": 2, "EW": -2}}}})
    assert derived.answer == case.answer, "the bytes of the old expectation are carried along by replace"
    assert not _answers_as_expected(derived, 1, old), "but they are not used for another expectation"


def test_only_json_that_writes_back_exactly_gets_canonical_bytes() -> None:
    assert canonical_answer({"a": float("nan")}) is None
    assert canonical_answer({"a": "\ud800"}) is None
    assert canonical_answer({"a": [1, True, None, "x"]}) == ({"a": [1, True, None, "x"]}, b'{"a":[1,true,null,"x"]}')


def test_a_case_built_without_a_spool_has_no_fast_pass() -> None:
    case = Case("t.1", "skruuvi-2016", "f", None, record("t.1", {"x": 1}))
    assert not _answers_as_expected(case, 1, b'{"seq":1,"result":{"x":1}}\n')


@pytest.mark.parametrize("flip", ["bool", "order", "extra", "float"])
def test_compact_answers_are_judged_as_the_full_judge_would(tmp_path: Path, flip: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """An engine answering in the reference's compact JSON: the exact answers pass on the fast path (and are
    reported with the answer they gave), and each near miss gets the full judge's status."""
    expect = {"score": {"NS": 25, "EW": -25}, "over": True, "doubling": 2}
    canned = {
        "bool": {"score": {"NS": 25, "EW": -25}, "over": 1, "doubling": 2},
        "order": {"doubling": 2, "over": True, "score": {"EW": -25, "NS": 25}},
        "extra": {"score": {"NS": 25, "EW": -25}, "over": True, "doubling": 2, "log": []},
        "float": expect,  # written by the engine with every whole number as a float (2.0): no case file holds 2.0
    }[flip]
    odd_id = "t.whole-floats.odd" if flip == "float" else "t.compact.odd"
    records = [{**record(f"t.compact.{i}", expect), "canned": {"result": expect}} for i in range(20)]
    records.append({**record(odd_id, expect), "canned": {"result": canned}})
    code, cases = _run_canned(records, tmp_path, capsys)
    statuses = {r["id"]: r["status"] for r in cases}
    assert all(r["got"] == {"result": expect} for r in cases if r["id"] != odd_id)
    # the full judge: values compared type-strictly (true is not 1; 2.0 is read as 2), key order free, extra keys
    # ignored
    odd = "fail" if flip == "bool" else "pass"
    assert statuses.pop(odd_id) == odd
    assert set(statuses.values()) == {"pass"} and len(statuses) == 20
    assert code == (1 if odd == "fail" else 0)


@pytest.mark.parametrize("case_record", [
    {"id": "a", "ruleset": "skruuvi-2016", "deal": {"hands": {"N": ["2C", "ä"]}}, "actions": ["N pass"],
     "readings": {"k": True}, "expect": {"perft": {"depth": 1, "count": 1}}},
    {"id": "b", "ruleset": "skruuvi-2016", "deal": {}},  # no actions of its own: they go last
    {"id": "c\x00actions\x00", "ruleset": "skruuvi-2016", "deal": {}, "actions": []},  # the marker's own text
])
def test_a_perft_walks_requests_are_the_legal_requests_encoded_whole(case_record: dict[str, Any]) -> None:
    """The perft walk encodes the case's part of its requests once; each request is still, byte for byte, the
    ``legal`` request of that node."""
    from skruuvi.suite.run.legal_judge import legal_requests
    from skruuvi.suite.scp.protocol import encode, legal_request

    request = legal_requests(case_record)
    own = list(case_record.get("actions") or [])
    for seq, actions in ((1, []), (77, ["N bid 1S", "E pass"]), (3, ["ö \"quoted\""]), (4, [*own]),
                         (5, [*own, "E pass"]), (6, [*own, "E pass", "ö \"q\"\n"]), (7, [*own, "x\ud800"]),
                         (8, ["N bid 1S", *own, "E pass"]), (9, own[:-1])):
        assert request(seq, actions) == encode(legal_request(seq, case_record, actions)).encode("utf-8")


_LEGAL_LINES = [
    b'{"seq":5,"legal":[]}\n', b'{"seq":5,"legal":["N pass","N bid 1S"]}\n', b'{"seq":5,"legal":[""]}',
    b'{"seq":5,"legal":["\xc3\xa4 x"]}\n', b'{"seq":5,"legal":["a","a"]}\n', b'{"seq":5,"legal":["a\\""]}\n',
    b'{"seq":5,"legal":["a\\u0041"]}\n', b'{"seq":5,"legal":["a" ,"b"]}\n', b'{"seq":5,"legal":["\xff"]}\n',
    b'{"seq":5,"legal":["a"]}x\n', b'{"seq":55,"legal":[]}\n', b'{"seq":5,"legal":["]}\n',
    b'{"seq":5,"legal":["a\tb"]}\n', b'{"seq":5,"legal":["a",1]}\n', b'{"seq":5,"legal":["a"],"seq":5}\n',
    b'{"seq":5,"legal":["a"]} \n', b'{"seq":5,"legal":["a"]}\r\n', b'{"seq":5,"legal":["a","b"]}\n\n',
    b'{"seq":5,"legal":["a","","b"]}', b'{"seq":5,"legal":["a",",","b"]}', b'{"seq":5,"legal":["a\\",\\"b"]}',
    b'{"seq":5,"legal":["\xed\xa0\x80"]}\n', b'{"seq":5,"legal":["a"],"error":{}}\n', b'{"seq":5,"legal":"a"}',
]


@pytest.mark.parametrize("line", _LEGAL_LINES)
def test_a_legal_set_read_off_its_bytes_is_the_one_the_full_check_reads(line: bytes) -> None:
    """The perft walk reads an answer written as the reference writes one off its bytes; that reading is the
    list the full parse and check gives, and every line it does not take as it stands is left to them."""
    fast, _ = _both_readings(line)
    if _LEGAL_LINES.index(line) in (0, 1, 2, 3, 18, 19):  # written as the reference writes them: read off the bytes
        assert fast is not None


ERROR = {"index": 28, "code": "redouble-not-allowed"}


def error_record(case_id: str, error: dict[str, Any]) -> dict[str, Any]:
    return {"id": case_id, "ruleset": "skruuvi-2016", "deal": {}, "actions": [], "expect": {"error": error}}


@pytest.mark.parametrize("dump", [lambda r: json.dumps(r, separators=(",", ":")), json.dumps])
def test_only_the_exact_bytes_of_the_expected_error_take_the_fast_pass(tmp_path: Path, dump: Any) -> None:
    """An error answer as the reference writes it (index and code, compact) passes on its bytes, from a compact case
    line (its own text) and from a spaced one (the compact JSON); every near miss is judged in full."""
    path = tmp_path / "c.jsonl"
    path.write_text(dump(error_record("t.1", ERROR)) + "\n", encoding="utf-8")
    with CaseSpool([path]) as spool:
        (case,) = spool.cases()
    exact = b'{"seq":7,"error":{"index":28,"code":"redouble-not-allowed"}}\n'
    assert _answers_as_expected(case, 7, exact)
    near_misses = [
        exact.replace(b'"seq":7', b'"seq":8'),
        exact.replace(b'"index":28', b'"index":28.0'),  # judged in full (which reads it as 28)
        exact.replace(b'"index":28', b'"index":"28"'),
        exact.replace(b'"index":28', b'"index":27'),
        exact.replace(b'"index":28,"code":"redouble-not-allowed"', b'"code":"redouble-not-allowed","index":28'),
        exact[:-3] + b',"message":"no"}}\n',  # a message: passes, but judged in full
        exact.replace(b'"error"', b'"result"'),
        exact.replace(b'{"seq":7,', b'{"seq": 7,'),
        exact[:-1] + b'\r\n',
        exact[:-1],
    ]
    assert not any(_answers_as_expected(case, 7, line) for line in near_misses)


@pytest.mark.parametrize("odd", [{"index": -1, "code": "x"}, {"index": True, "code": "x"}, {"index": 1.5, "code": "x"},
                                 {"index": 1, "code": 5}, {"index": 1}])
def test_an_error_no_answer_may_hold_never_passes_on_its_bytes(tmp_path: Path, odd: dict[str, Any]) -> None:
    """An answer holding it would be a bad response (errored) in full: so there are no bytes to pass it by."""
    (case,) = spooled(tmp_path, [error_record("t.1", odd)])
    assert case.answer is None
    line = b'{"seq":1,"error":%b}\n' % json.dumps(odd, separators=(",", ":")).encode()
    assert not _answers_as_expected(case, 1, line)


def test_a_match_error_passes_on_its_bytes_with_its_deal(tmp_path: Path) -> None:
    (case,) = spooled(tmp_path, [error_record("t.1", {"deal": 5, "index": 60, "code": "incomplete-record"})])
    exact = b'{"seq":3,"error":{"deal":5,"index":60,"code":"incomplete-record"}}\n'
    assert _answers_as_expected(case, 3, exact)
    assert not _answers_as_expected(case, 3, exact.replace(b'"deal":5', b'"deal":4'))
    assert not _answers_as_expected(case, 3, exact.replace(b'"deal":5,', b""))


@pytest.mark.parametrize("flip", ["message", "index", "float", "code", "result", "none"])
def test_compact_error_answers_are_judged_as_the_full_judge_would(tmp_path: Path, flip: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Error cases answered in compact JSON: the exact answers pass on the fast path (reported with the answer they
    gave); each near miss gets the full judge's status."""
    canned = {
        "message": {"error": {**ERROR, "message": "E may not redouble"}},
        "index": {"error": {**ERROR, "index": 27}},
        "float": {"error": ERROR},  # written by the engine with the index as a float (28.0), read as 28
        "code": {"error": {**ERROR, "code": "must-follow-suit"}},
        "result": {"result": {}},
        "none": {"error": {"index": None, "code": "redouble-not-allowed"}},
    }[flip]
    odd_id = "t.whole-floats.odd" if flip == "float" else "t.compact.odd"
    records = [{**error_record(f"t.compact.{i}", ERROR), "canned": {"error": ERROR}} for i in range(20)]
    records.append({**error_record(odd_id, ERROR), "canned": canned})
    code, cases = _run_canned(records, tmp_path, capsys)
    statuses = {r["id"]: r["status"] for r in cases}
    assert all(r["got"] == {"error": ERROR} for r in cases if r["id"] != odd_id)
    odd = {"message": "pass", "index": "fail", "float": "pass", "code": "fail", "result": "fail",
           "none": "fail"}[flip]
    assert statuses.pop(odd_id) == odd
    assert set(statuses.values()) == {"pass"} and len(statuses) == 20
    assert code == (0 if odd == "pass" else 1)


def test_an_odd_expected_error_answered_as_it_is_written_is_errored_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine answers exactly the (odd) expected error: the full judge finds the answer bad, never a pass."""
    odd = {"index": -1, "code": "x"}
    records = [{**error_record("t.compact.1", odd), "canned": {"error": odd}}]
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    report = tmp_path / "r.jsonl"
    code = cli.main(["conformance", str(path), "--impl", shlex.join([sys.executable, str(FAKE)]), "--quiet",
                     "--report", str(report)])
    capsys.readouterr()
    (case,) = [r for r in map(json.loads, report.read_text().splitlines()) if r["type"] == "case"]
    assert case["status"] == "errored" and code == 1


def test_random_legal_lines_read_off_their_bytes_agree_with_the_full_check() -> None:
    """Random lists of strings of quotes, backslashes, commas, tabs and non-ASCII, written compact or spaced, ASCII
    or not: the bytes reading is the full check's list wherever it gives one, and it gives one for every compact
    non-ASCII-escaped line of distinct strings without escapes."""
    import random

    rng = random.Random(16)
    alphabet = ['"', "\\", ",", "\t", "ä", " ", "a", "]", "}", "\x7f"]
    taken = 0
    for _ in range(3000):
        body = ["".join(rng.choices(alphabet, k=rng.randrange(4))) for _ in range(rng.randrange(4))]
        compact, ascii_only = rng.random() < 0.7, rng.random() < 0.3
        line = json.dumps({"seq": 5, "legal": body}, ensure_ascii=ascii_only,
                          separators=(",", ":") if compact else None).encode("utf-8") + b"\n"
        fast, kind = _both_readings(line)
        if fast is not None:
            taken += 1
        elif compact and kind == "legal" and b"\\" not in line and not any(c in "".join(body) for c in "\t\""):
            raise AssertionError(f"not read off its bytes: {line!r}")
    assert taken > 300
