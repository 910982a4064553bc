"""The checking pass's shortcuts (issue 16 part 6): a JSON line read with its members' places
(``jsonsafe.loads_spanned``), the public part and ``expect`` cut out of the line, duplicate ids found through
sorted runs of hashes. Each near miss must get exactly the old value or the old error."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from skruuvi.rules.errors import InputError
from skruuvi.rules.jsonsafe import JsonError, compact_encoder, dumps_compact, dumps_safe, loads, loads_spanned
from skruuvi.rules.yamlio import iter_records
from skruuvi.suite.cases import cases as cases_module
from skruuvi.suite.cases import id_hashes
from skruuvi.suite.cases.case_text import encode_public
from skruuvi.suite.cases.cases import check_record, iter_cases
from skruuvi.suite.cases.spool import CaseSpool
from skruuvi.suite.scp.protocol import public_case

GENERATED = Path(__file__).resolve().parents[3] / "conformance" / "generated"
RECORD = {"id": "t.1", "ruleset": "skruuvi-2016", "deal": {"form": "alkupeli", "n": [1, 2.5, None, True]},
          "justification": {"kind": "hand", "note": "päivä"}, "actions": ["S pass"],
          "expect": {"result": {"score": {"NS": 1, "EW": -1}}}}
COMPACT = json.dumps(RECORD, ensure_ascii=False, separators=(",", ":"))

NEAR_MISSES = [
    COMPACT,
    json.dumps(RECORD),  # spaces after , and :, \u escapes
    json.dumps(RECORD, separators=(" , ", " : ")),
    "  " + COMPACT + " \t\n",
    COMPACT[:-1] + ',"id":"t.2"}',  # a duplicate key at the top level
    COMPACT.replace('"form":"alkupeli"', '"form":"alkupeli","form":"x"'),  # a duplicate key inside
    COMPACT.replace("2.5", "NaN"),
    COMPACT.replace("2.5", "Infinity"),
    COMPACT.replace("2.5", "-Infinity"),
    COMPACT.replace("2.5", "1e400"),  # a float out of range
    COMPACT.replace("2.5", "2.50e0"),  # a number written otherwise: the same value
    COMPACT.replace("2.5", "9" * 5000),  # an integer over the digit limit
    COMPACT.replace("2.5", "9" * 4000),  # a big integer under it
    COMPACT.replace("päivä", "\\ud800"),  # a lone surrogate escape
    COMPACT.replace("päivä", "\\ud83d\\ude00"),  # a pair: fine, but read by loads
    COMPACT.replace("päivä", "\ud800"),  # a lone surrogate itself (text read with surrogateescape)
    COMPACT.replace('"deal"', '"de\\u0061l"'),  # a key with an escape
    COMPACT.replace('"actions"', '"actions\\u0000"'),
    COMPACT.replace("päivä", "p\x01"),  # a raw control character in a string
    COMPACT.replace(",", ",\r", 1),  # a carriage return as space
    COMPACT + "\r\n",
    COMPACT[:-1] + ",}",  # a trailing comma
    COMPACT.replace('"id":', '"id"'),  # no colon
    COMPACT + "x",  # extra data
    COMPACT + "{}",
    "\ufeff" + COMPACT,  # a byte order mark
    COMPACT[:-1],  # cut short
    "{}", "{ }", "[]", '"x"', "1", "", "{", '{"a":1', '{"a":[' * 100_000,
    '{"a":' + "[" * 2000 + "]" * 2000 + "}",  # deep nesting: loads decides
    '{"a":' + "[" * 150 + "]" * 150 + "}",
    # keys read without the regular expression, or not: each near miss of a plain key
    COMPACT.replace('"id":', '"id" :'), COMPACT.replace('"id":', '"id":\t'), COMPACT.replace('"id":', '"id"\n:'),
    COMPACT.replace('"deal"', '"de\u00adal"'),  # a soft hyphen: not printable, still a plain key
    COMPACT.replace('"deal"', '"de\x7fal"'), COMPACT.replace('"deal"', '"de\x01al"'),
    COMPACT.replace('"deal"', '"de al ä"'), COMPACT.replace('"deal"', '"de\\"al"'),
    COMPACT.replace('"deal"', '"de\\\\"'), COMPACT.replace('"deal":', '"deal"::'),
    COMPACT.replace('"deal":', '"deal",'),
    COMPACT.replace('"deal"', '""'), COMPACT.replace('"deal"', "deal"), COMPACT.replace('"deal"', "'deal'"),
    '{"a":1,"b"', '{"a":1,"b":', '{"a"', '{"', '{"a":1,"', '{"a":1,"b":2 }', '{"a":1 ,"b":2}',
]


def _verdict(call: Any) -> tuple[str, Any]:
    try:
        return "value", call()
    except JsonError as exc:
        return "error", str(exc)


def _typed(value: Any) -> Any:
    """``value`` with every number tagged by its type (1, 1.0 and true compare equal in Python)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


@pytest.mark.parametrize("text", NEAR_MISSES, ids=range(len(NEAR_MISSES)))
def test_loads_spanned_gives_what_loads_gives(text: str) -> None:
    old = _verdict(lambda: loads(text))
    new = _verdict(lambda: loads_spanned(text))
    if old[0] == "error":
        assert new == old
        return
    value, spans = new[1]
    assert _typed(value) == _typed(old[1])
    if spans is None:
        return
    assert "\r" not in text
    assert list(spans) == list(value)
    for key, (start, end) in spans.items():  # each span is the member as written, key and value
        assert _typed(loads("{" + text[start:end] + "}")) == _typed({key: value[key]})


@pytest.mark.parametrize("text", [t for t in NEAR_MISSES if "\ud800" not in t], ids=lambda t: str(len(t)))
def test_loads_spanned_of_text_decoded_from_utf8_gives_what_loads_gives(text: str) -> None:
    """Told that the text came from strict UTF-8 (so it holds no lone surrogate), the same values and errors."""
    assert _verdict(lambda: loads_spanned(text, utf8=True)) == _verdict(lambda: loads_spanned(text))


def test_the_shortcut_takes_a_plain_object_and_leaves_the_rest_to_loads() -> None:
    assert loads_spanned(COMPACT)[1] is not None
    assert loads_spanned(json.dumps(RECORD))[1] is not None  # spaces are fine: the members are cut as written
    assert loads_spanned(COMPACT + "\r\n")[1] is None  # a carriage return: read by loads, as a whole
    assert loads_spanned(COMPACT.replace('"deal"', '"de\\u0061l"'))[1] is None  # an escape in a key
    assert loads_spanned(COMPACT.replace("päivä", "\\ud83d\\ude00"))[1] is None  # a surrogate pair's escape
    for bad in (COMPACT[:-1] + ',"id":"t.2"}', COMPACT.replace("päivä", "\\ud800")):
        with pytest.raises(JsonError):
            loads_spanned(bad)


def _spool(path: Path, lines: list[str]) -> list[Any]:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    with CaseSpool([path]) as spool:
        return list(spool.cases())


@pytest.mark.parametrize("text", [COMPACT, json.dumps(RECORD), json.dumps(RECORD, separators=(" , ", " : "))])
def test_the_request_decodes_to_the_public_case(tmp_path: Path, text: str) -> None:
    (case,) = _spool(tmp_path / "c.jsonl", [text])
    assert _typed(json.loads(case.request)) == _typed(public_case(RECORD))
    assert case.expect == RECORD["expect"]


def test_a_compact_line_is_sent_byte_for_byte_as_before(tmp_path: Path) -> None:
    (case,) = _spool(tmp_path / "c.jsonl", [COMPACT])
    assert case.request == encode_public(RECORD)
    assert case.answer == (RECORD["expect"]["result"], b'{"score":{"NS":1,"EW":-1}}')


def test_every_generated_case_is_sent_as_before() -> None:
    """The generated files are compact: the cut-out request is the old encoding, byte for byte."""
    files = sorted(GENERATED.rglob("*.jsonl.gz"))
    with CaseSpool(files) as spool:
        sent = [(c.id, c.request) for c in spool.cases()]
    old = [(c.id, encode_public(c.record)) for c in iter_cases(files)]
    assert sent == old and len(sent) > 40_000


@pytest.mark.parametrize("text", NEAR_MISSES, ids=range(len(NEAR_MISSES)))
def test_a_line_is_the_old_case_or_the_old_error(tmp_path: Path, text: str) -> None:
    """The spool's error for a line is the one of the old reading (the strict loader through
    :func:`~skruuvi.rules.yamlio.iter_records`, then :func:`~skruuvi.suite.cases.cases.check_record`), at that line;
    a line that was a case is one, with the same record."""
    path = tmp_path / "c.jsonl"
    path.write_text(COMPACT.replace("t.1", "t.0") + "\n" + text + "\n", encoding="utf-8", errors="surrogatepass")
    try:
        old: Any = [check_record(r, f, loc).record for f, loc, r in iter_records(path)]
    except InputError as exc:
        old = str(exc)
    try:
        with CaseSpool([path]) as spool:
            new: Any = [{**json.loads(c.request), "expect": c.expect} for c in spool.cases()]
    except InputError as exc:
        new = str(exc)
    if isinstance(old, str):
        assert new == old
    else:
        assert _typed(new) == _typed([{**public_case(r), "expect": r["expect"]} for r in old])


# ---------------------------------------------------------------------------------------------------
# Duplicate ids


def _record(case_id: str) -> str:
    return json.dumps({**RECORD, "id": case_id}, separators=(",", ":"))


def test_a_duplicate_id_is_refused_with_both_places(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(_record("x.1") + "\n" + _record("x.2") + "\n")
    (tmp_path / "b.jsonl").write_text(_record("x.3") + "\n" + _record("x.2") + "\n")
    with pytest.raises(InputError, match=r"b\.jsonl: line 2: duplicate case id 'x\.2' \(first in .*a\.jsonl: line 2\)"):
        CaseSpool([tmp_path])


def test_the_first_error_in_file_order_wins(tmp_path: Path) -> None:
    """A duplicate before a malformed record is the error; a malformed record before a duplicate is."""
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join([_record("x.1"), _record("x.1"), "{bad", _record("x.2")]) + "\n")
    with pytest.raises(InputError, match=r"line 2: duplicate case id 'x\.1'"):
        CaseSpool([path])
    path.write_text("\n".join([_record("x.1"), "{bad", _record("x.1")]) + "\n")
    with pytest.raises(InputError, match=r"line 2: not valid JSON"):
        CaseSpool([path])


def test_a_shared_hash_is_not_a_duplicate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(id_hashes, "id_hash", lambda case_id: 7)
    monkeypatch.setattr(cases_module, "id_hash", lambda case_id: 7)  # where the duplicate is confirmed
    path = tmp_path / "c.jsonl"
    path.write_text("".join(_record(f"x.{n}") + "\n" for n in range(5)))
    with CaseSpool([path]) as spool:
        assert [c.id for c in spool.cases()] == [f"x.{n}" for n in range(5)]
    path.write_text("".join(_record(f"x.{n % 4}") + "\n" for n in range(5)))
    with pytest.raises(InputError, match=r"line 5: duplicate case id 'x\.0' \(first in .*line 1\)"):
        CaseSpool([path])


def test_hashes_in_many_runs_are_merged_in_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(id_hashes, "RUN", 4)
    monkeypatch.setattr(id_hashes, "FAN_IN", 3)
    monkeypatch.setattr(id_hashes, "_CHUNK", 2)
    ids = id_hashes.IdHashes()
    for n in range(101):
        ids.add(f"case.{n}")
    assert ids.repeated() == set()
    ids.add("case.57")
    ids.add("case.3")
    for n in range(200, 230):
        ids.add(f"case.{n}")
    assert ids.repeated() == {id_hashes.id_hash("case.57"), id_hashes.id_hash("case.3")}
    assert ids.count == 133
    ids.close()


def test_a_gzip_suite_spools_like_a_plain_one(tmp_path: Path) -> None:
    lines = [_record(f"x.{n}") for n in range(3)]
    with gzip.open(tmp_path / "c.jsonl.gz", "wt", encoding="utf-8") as handle:
        handle.write("".join(line + "\n" for line in lines))
    with CaseSpool([tmp_path / "c.jsonl.gz"]) as spool:
        assert [c.request for c in spool.cases()] == [encode_public({**RECORD, "id": f"x.{n}"}) for n in range(3)]


# ---------------------------------------------------------------------------------------------------
# The compact encoder made once


@pytest.mark.parametrize("value", [
    RECORD, {"a": [1, 2.5, -0.0, 1e300, 10**40, True, False, None, "ä\u2028\x01\"\\"]}, [], {}, "päivä", 7, 0.1,
    {"nested": {"deep": [[[{"x": "y"}]]]}}, {3: "int key", 2.5: "float key", True: "bool key", None: "null key"}])
def test_the_compact_encoder_writes_what_json_dumps_writes(value: Any) -> None:
    assert compact_encoder()(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    assert dumps_compact(value) == dumps_safe(value, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("value", [{"a": float("nan")}, [float("inf")], {"a": object()}, {(1, 2): 3}])
def test_the_compact_encoder_refuses_what_json_dumps_refuses(value: Any) -> None:
    with pytest.raises((ValueError, TypeError)) as old:
        json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    with pytest.raises(old.type):
        compact_encoder()(value)
    assert dumps_compact(value) == dumps_safe(value, ensure_ascii=False, separators=(",", ":"))


def test_a_spooled_case_is_the_case_the_constructor_makes() -> None:
    """The spool's quick constructor gives the very object ``Case(...)`` gives: every field (those that do not take
    part in comparing too), and it stays frozen."""
    import dataclasses

    from skruuvi.suite.cases.cases import Case, _spooled_case

    args = ("t.1", "skruuvi-2016", "f.jsonl", "line 3", {"id": "t.1", "expect": {"result": {}}})
    quick = _spooled_case(*args, b'{"id":"t.1"}', ({}, b"{}"))
    made = Case(*args, request=b'{"id":"t.1"}', answer=({}, b"{}"))
    assert [getattr(quick, f.name) for f in dataclasses.fields(Case)] == [
        getattr(made, f.name) for f in dataclasses.fields(Case)]
    assert quick == made and repr(quick) == repr(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.id = "t.2"  # type: ignore[misc]


@pytest.mark.parametrize("separators", [(",", ":"), (" , ", " : ")])
def test_the_public_text_of_every_order_of_members_is_the_public_case(separators: tuple[str, str]) -> None:
    """``expect`` and ``justification`` cut out wherever they stand (first, last, together, apart, absent): the text
    decodes to the public case, and a compact line's is its compact encoding, byte for byte."""
    import itertools

    from skruuvi.suite.cases.case_text import cut_public, public_runs

    names = ["id", "expect", "deal", "justification", "actions", "ruleset"]
    for count in range(1, len(names) + 1):
        for order in itertools.permutations(names, count):
            record = {key: [n, {"k": key}] for n, key in enumerate(order)}
            line = json.dumps(record, separators=separators)
            _, spans = loads_spanned(line)
            assert spans is not None
            text = cut_public(line, public_runs(spans))
            assert json.loads(text) == public_case(record)
            if separators == (",", ":"):
                assert text == encode_public(record)
