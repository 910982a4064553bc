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
from skruuvi.suite.cases import Case, CaseSpool, canonical_answer
from skruuvi.suite.runner import _answers_as_expected

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_engine.py"
RESULT = {"contract": {"declarer": "S", "bid": "5G", "doubling": 2}, "score": {"NS": -45, "EW": 45}, "over": True,
          "note": "päivä"}


def spooled(tmp_path: Path, records: list[dict[str, Any]]) -> list[Case]:
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    with CaseSpool([path]) as spool:
        return list(spool.cases())


def record(case_id: str, result: dict[str, Any]) -> dict[str, Any]:
    return {"id": case_id, "ruleset": "skruuvi-2016", "deal": {}, "actions": [], "expect": {"result": result}}


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
        "float": {"score": {"NS": 25, "EW": -25}, "over": True, "doubling": 2.0},
    }[flip]
    records = [{**record(f"t.compact.{i}", expect), "canned": {"result": expect}} for i in range(20)]
    records.append({**record("t.compact.odd", expect), "canned": {"result": canned}})
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    report = tmp_path / "r.jsonl"
    code = cli.main(["conformance", str(path), "--impl", shlex.join([sys.executable, str(FAKE)]), "--quiet",
                     "--report", str(report), "--jobs", "2"])
    capsys.readouterr()
    cases = [r for r in map(json.loads, report.read_text().splitlines()) if r["type"] == "case"]
    statuses = {r["id"]: r["status"] for r in cases}
    assert all(r["got"] == {"result": expect} for r in cases if r["id"] != "t.compact.odd")
    # the full judge: values compared type-strictly (true is not 1; 2.0 equals 2), key order free, extra keys ignored
    odd = "fail" if flip == "bool" else "pass"
    assert statuses.pop("t.compact.odd") == odd
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
    from skruuvi.suite.legal_judge import legal_requests
    from skruuvi.suite.protocol import encode, legal_request

    request = legal_requests(case_record)
    for seq, actions in ((1, []), (77, ["N bid 1S", "E pass"]), (3, ["ö \"quoted\""])):
        assert request(seq, actions) == encode(legal_request(seq, case_record, actions)).encode("utf-8")
