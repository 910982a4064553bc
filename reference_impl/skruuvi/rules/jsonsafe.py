"""Strict JSON in, safe JSON out: the one JSON dialect every file, request and answer must keep to.

Python's ``json`` module accepts more than JSON: ``NaN`` and ``Infinity``, duplicate keys (the last one
wins), lone surrogates (``"\\ud800"``, which cannot be written back as UTF-8), and it fails with a bare
``ValueError`` or ``RecursionError`` on an integer over 4,300 digits or on 100,000 nested brackets.
:func:`loads` turns every one of these into a :class:`JsonError` with a reason, so that a case file, an
SCP/1 request or an engine's answer is either good JSON or one clear error. :func:`plain_data` checks an
already-built value (e.g. one loaded from YAML) the same way, and :func:`dumps_safe` writes anything
(a report record holding an engine's text) without ever failing.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from typing import Any

#: Containers nested deeper than this are refused (no real case comes near it; the interpreter recurses).
MAX_DEPTH = 200


class JsonError(ValueError):
    """Not strict JSON; the text says why."""


def _no_constant(name: str) -> Any:
    raise JsonError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonError(f"{text[:40]} is out of range for a JSON number")
    return value


#: A ``\\uD800``-``\\uDFFF`` escape: the only way a lone surrogate gets into JSON text written as UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\[uU][dD][89a-fA-F]")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):  # no key twice: the usual case, without a loop in Python
        return out
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise JsonError(f"duplicate key {safe_text(key)!r}")
        seen.add(key)
    return out  # pragma: no cover - unreachable: a shorter dict means a key came twice


def has_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate (a code point no UTF-8 text can carry)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def safe_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (so it can always be written as UTF-8)."""
    return text.encode("utf-8", errors="replace").decode("utf-8") if has_surrogate(text) else text


def plain_problem(value: Any, max_depth: int = MAX_DEPTH, *, string_keys: bool = True) -> str | None:
    """Why ``value`` is not plain JSON data (objects with string keys, arrays, strings without lone
    surrogates, finite numbers, booleans, null, at most ``max_depth`` deep), or ``None`` when it is.

    The walk is iterative, so a deeply nested value cannot exhaust the stack here.
    """
    stack: list[tuple[Any, int, str]] = [(value, 0, "")]
    while stack:
        item, depth, where = stack.pop()
        at = f" at {where}" if where else ""
        if depth > max_depth:
            return f"nested more than {max_depth} levels deep{at}"
        if isinstance(item, dict):
            for key, sub in item.items():
                if not isinstance(key, str):
                    if string_keys or not isinstance(key, int | float | bool):
                        return f"key {safe_text(str(key))!r} is not a string{at}"
                    key = str(key)
                elif has_surrogate(key):
                    return f"a key holds a lone surrogate{at}"
                stack.append((sub, depth + 1, f"{where}.{key}" if where else key))
        elif isinstance(item, list):
            stack.extend((sub, depth + 1, f"{where}[{i}]") for i, sub in enumerate(item))
        elif isinstance(item, str):
            if has_surrogate(item):
                return f"a string holds a lone surrogate{at}"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{item!r} is not a JSON number{at}"
        elif item is not None and not isinstance(item, bool | int):
            return f"a {type(item).__name__} is not JSON data{at} (quote it to make it a string)"
    return None


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse strict JSON or raise :class:`JsonError` (never another exception) with the reason."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonError(f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_pairs)
    except JsonError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonError(f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise JsonError("nested too deep") from None
    except ValueError as exc:  # e.g. an integer over the interpreter's digit limit
        raise JsonError(f"not usable JSON: {safe_text(str(exc)).split(';')[0]}") from None
    if _SURROGATE_ESCAPE.search(text) or has_surrogate(text):  # rare: only then walk the value
        problem = plain_problem(value, max_depth)
        if problem is not None:
            raise JsonError(problem)
    return value


def _sanitized(value: Any, depth: int = 0) -> Any:
    if depth > MAX_DEPTH:
        return "<nested too deep>"
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, dict):
        return {safe_text(str(k)): _sanitized(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_sanitized(v, depth + 1) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return f"<an integer of {value.bit_length()} bits>"
    if value is None or isinstance(value, bool | int | float):
        return value
    return safe_text(str(value))


@functools.lru_cache(maxsize=16)
def _encoder(**kwargs: Any) -> Callable[[Any], str]:
    """The ``encode`` of a :class:`json.JSONEncoder` with these options and ``allow_nan=False``, made once:
    ``json.dumps`` with options builds a new encoder at every call."""
    return json.JSONEncoder(allow_nan=False, **kwargs).encode


def dumps_safe(value: Any, **kwargs: Any) -> str:
    """``json.dumps`` that never fails and never writes NaN, Infinity or a lone surrogate.

    Plain data is dumped as is; anything else is first made plain (non-finite numbers and other objects
    become strings, surrogates U+FFFD).
    """
    try:
        return _encoder(**kwargs)(value).encode("utf-8").decode("utf-8")
    except (ValueError, TypeError, RecursionError, UnicodeEncodeError):
        return json.dumps(_sanitized(value), allow_nan=False, **kwargs)
