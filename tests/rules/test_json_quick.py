"""The strict JSON reader's quick path (rules/jsonsafe.py ``_quick_value``): a text read without the duplicate-key
hook, the value kept only when the colons prove that no object had a key twice. ``loads`` must accept and refuse
exactly what the strict decoder with its hooks does, with the same value and the same reason; the reference here is
that decoder written out anew (``json`` with a duplicate-key hook), not the module's own."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skruuvi.rules import jsonsafe
from skruuvi.rules.jsonsafe import JsonError, dumps_compact, dumps_compact_bytes, loads


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: list[str] = []
    for key, _ in pairs:  # the first key met a second time is named
        if key in seen:
            raise JsonError(f"duplicate key {jsonsafe.safe_text(key)!r}")
        seen.append(key)
    return dict(pairs)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError(f"{text[:40]} is out of range for a JSON number")
    return value


def _constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


_REFERENCE = json.JSONDecoder(object_pairs_hook=_no_twice, parse_float=_finite, parse_constant=_constant)


def reference(text: str) -> tuple[str, Any]:
    """``("value", v)`` or ``("error", reason)`` as the strict reading gives them (the reasons as ``loads`` words
    them), the lone-surrogate walk included."""
    try:
        value = _REFERENCE.decode(text)
    except JsonError as exc:
        return "error", str(exc)
    except json.JSONDecodeError as exc:
        return "error", f"not valid JSON: {exc.msg} (column {exc.colno})"
    except RecursionError:
        return "error", "nested too deep"
    except ValueError as exc:
        return "error", f"not usable JSON: {jsonsafe.safe_text(str(exc)).split(';')[0]}"
    if re.search(r"\\[uU][dD][89a-fA-F]", text) or jsonsafe.has_surrogate(text):  # a lone surrogate, maybe
        problem = jsonsafe.plain_problem(value)
        if problem is not None:
            return "error", problem
    return "value", value


def through_loads(text: str, **options: Any) -> tuple[str, Any]:
    try:
        return "value", loads(text, **options)
    except JsonError as exc:
        return "error", str(exc)


def same_as_reference(text: str) -> None:
    expected = reference(text)
    got = through_loads(text)
    assert got == expected
    if got[0] == "value":  # equal and of the same types all the way down (1 is not 1.0 nor True)
        assert json.dumps(got[1]) == json.dumps(expected[1])
        assert marshal_bytes(got[1]) == marshal_bytes(expected[1])
    if not jsonsafe.has_surrogate(text):
        assert through_loads(text, utf8=True) == expected


def marshal_bytes(value: Any) -> bytes:
    import marshal

    return marshal.dumps(value)


NEAR_MISSES = [
    # a key twice: at the top, nested, inside an array, after a colon inside a string, with escapes, with spaces
    '{"a":1,"a":2}',
    '{"a":{"b":1,"b":1}}',
    '[{"x":1},{"y":2,"y":3}]',
    '{"d":"x: y","k":1,"k":2}',
    '{"d":":","k":1,"k":2,"e":"no colon"}',
    '{"d":"\\u003a","k":1,"k":2}',  # an escaped colon: one colon fewer in the text than in the value
    '{"\\u003a":1,"k":1,"k":2}',
    '{"a" : 1 , "a" : 2}',
    '{"a":1,"\\u0061":2}',  # the same key, once escaped
    '{"list":["a:b","c:d"],"k":1,"k":2}',
    '{"list":["a:b"],"k":1}',  # a colon inside an array's string: not counted, the strict reading decides
    '{"d":"a:b","inner":{"e":"c:d"}}',
    '{"a":1,"a":2} x',  # a key twice, then extra data: the duplicate is what the strict reading names first
    '{"a":1} x',
    '{"a":1,"a":NaN}',
    '{"a":NaN}',
    '{"a":1e400}',
    '{"a":-Infinity}',
    '{"a":1,}',
    ' {"a":1}',
    '{"a":1}\n',
    '{"a":1} \n\t',
    '\n',
    '',
    '[]',
    '"a:b"',
    '{"a":"\\ud800"}',
    '{"\\udc00":1}',
    '{"a":"\ud800"}',
    '{"a":"x"}' + "\ud800",
    '[' * 300 + ']' * 300,
    '{"a":' * 250 + '1' + '}' * 250,
    '{"n":' + '9' * 5000 + '}',
    '{"a":1.5,"b":-0.0,"c":true,"d":null,"e":false}',
    '{"":1,"":2}',
    '{"":1}',
    '{"a\\"b":1,"a\\"b":2}',
    '{"a\\\\":1,"b":":"}',
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_are_read_as_the_strict_reading_reads_them(text: str) -> None:
    same_as_reference(text)


def test_a_key_twice_is_refused_wherever_it_is() -> None:
    for text in ('{"a":1,"a":2}', '[{"y":2,"y":3}]', '{"d":"x: y","k":1,"k":2}', '{"d":"\\u003a","k":1,"k":2}'):
        with pytest.raises(JsonError, match="duplicate key"):
            loads(text)


def test_the_quick_path_reads_the_requests_of_a_run() -> None:
    """A request as the runner writes it (compact, a colon in its description) is read on the quick path."""
    case = {"id": "x", "ruleset": "skruuvi-2016", "description": "action 3 corrupted: 'N bid 9X'",
            "deal": {"hands": {"N": ["AS"], "E": ["KS"]}}, "actions": ["N pass"]}
    text = dumps_compact({"cmd": "run", "seq": 1, "case": case}) + "\n"
    assert jsonsafe._quick_value(text) == {"cmd": "run", "seq": 1, "case": case}
    assert jsonsafe._quick_value('{"a":1,"a":2}') is jsonsafe._UNSURE
    assert jsonsafe._quick_value('{"list":["a:b"],"k":1}') is jsonsafe._UNSURE  # not proven here: the strict path


def test_a_parse_in_progress_elsewhere_leaves_the_text_to_the_strict_path() -> None:
    assert jsonsafe._COUNTING_LOCK.acquire(blocking=False)
    try:
        assert jsonsafe._quick_value('{"a":1}') is jsonsafe._UNSURE
        assert loads('{"a":1}') == {"a": 1}
        with pytest.raises(JsonError, match="duplicate key"):
            loads('{"a":1,"a":2}')
    finally:
        jsonsafe._COUNTING_LOCK.release()


_KEYS = st.sampled_from(["a", "b", "a:b", ":", "", "\\u003a", "\\u0061", "x y", "\\\\"])
_STRINGS = st.sampled_from(["v", "a:b", ":", "::", "\\u003a", "\\ud800", "\\\\", "\\\"", "é", "x\\ny"])
_SCALARS = st.one_of(_STRINGS.map(lambda s: f'"{s}"'), st.sampled_from(["1", "-2", "1.5", "1e400", "true", "null",
                                                                         "NaN", "0"]))


def _json_text(depth: int = 3) -> st.SearchStrategy[str]:
    if depth == 0:
        return _SCALARS
    inner = _json_text(depth - 1)
    space = st.sampled_from(["", " ", "\n"])
    member = st.tuples(_KEYS, space, inner).map(lambda m: f'"{m[0]}"{m[1]}:{m[2]}')
    obj = st.lists(member, max_size=4).map(lambda ms: "{" + ",".join(ms) + "}")
    arr = st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]")
    return st.one_of(_SCALARS, obj, arr)


@settings(max_examples=600, deadline=None)
@given(_json_text(), st.sampled_from(["", "\n", " x", ","]))
def test_fuzz_loads_reads_as_the_strict_reading(text: str, tail: str) -> None:
    same_as_reference(text + tail)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=12))
def test_fuzz_written_values_read_back_as_the_strict_reading(value: Any) -> None:
    same_as_reference(dumps_compact(value))
    same_as_reference(json.dumps(value, indent=1))


@pytest.mark.parametrize("value", [{"a": "é", "b": [1, 2.5, None]}, "x", {"s": "\ud800"}, {"f": math.nan}, {1: 2},
                                   {"o": object()}, [[[]]]])
def test_answer_bytes_are_the_answer_text_encoded(value: Any) -> None:
    assert dumps_compact_bytes(value, b"\n") == (dumps_compact(value) + "\n").encode("utf-8")
    assert dumps_compact_bytes(value) == dumps_compact(value).encode("utf-8")
