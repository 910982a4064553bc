"""Strict JSON in, safe JSON out: the one JSON dialect every file, request and answer must keep to.

Python's ``json`` module accepts more than JSON: ``NaN`` and ``Infinity``, duplicate keys (the last one
wins), lone surrogates (``"\\ud800"``, which cannot be written back as UTF-8), and it fails with a bare
``ValueError`` or ``RecursionError`` on an integer over 4,300 digits or on 100,000 nested brackets.
:func:`loads` turns every one of these into a :class:`JsonError` with a reason, so that a case file, an
SCP/1 request or an engine's answer is either good JSON or one clear error. :func:`plain_data` checks an
already-built value (e.g. one loaded from YAML) the same way, and :func:`dumps_safe` writes anything
(a report record holding an engine's text) without ever failing.

Why not ``orjson`` (issue 32; 4,000 generated 2016 lines, best of five, one loaded machine): ``orjson.loads``
reads a line in 29 µs against 58 µs here, but keeps the last of a duplicate key unseen (no hook sees the pairs)
and reads an integer beyond 64 bits as a float (``18446744073709551616`` -> ``1.8446744073709552e+19``). Made as
strict (a guard against runs of 19 digits, and a walk of the value counting its objects' members against the
text's colons, as :func:`_quick_value` does), it took 201 µs a line: the walk in Python costs more than the C
scanner's counting hook. So the standard library's decoder stays, with the hooks below
(``tests/rules/test_json_quick.py`` holds it to a strict decoder written out anew).
"""

from __future__ import annotations

import functools
import json
import math
import re
from _thread import allocate_lock
from collections.abc import Callable
from json.scanner import make_scanner
from typing import Any, cast

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
    if value.is_integer():
        _whole_floats[0] += 1
    return value


#: How many numbers with a whole value written with a fraction or an exponent (``24.0``, ``2.4e1``) this process has
#: read (:func:`whole_floats_read`).
_whole_floats = [0]


def whole_floats_read() -> int:
    """How many whole numbers written with a fraction or an exponent the strict reader has read so far in this
    process: a caller that reads it before and after a parse knows, at no cost, whether the text held one
    (case files may not, :mod:`skruuvi.rules.numbers`). Another thread's parse may add to it meanwhile: a change is
    a reason to look, never a verdict."""
    return _whole_floats[0]


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


#: The strict decoder, made once (``json.loads`` with hooks builds a new decoder at every call).
_STRICT = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_pairs)
#: Its scanner: one JSON value from a position of a text, as ``(value, end)``.
_scan_value = make_scanner(_STRICT)  # type: ignore[arg-type]  # typeshed: the context typed as make_scanner


def _count_members(obj: dict[str, Any]) -> dict[str, Any]:
    _members[0] += len(obj)
    return obj


#: The members of the objects :data:`_COUNTING` has built in the parse in progress (under :data:`_COUNTING_LOCK`).
_members = [0]
#: The strict decoder without its duplicate-key hook: the objects built by the C scanner itself, each one only
#: counted (:func:`_quick_value`).
_COUNTING = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite, object_hook=_count_members)
_scan_counting = make_scanner(_COUNTING)  # type: ignore[arg-type]  # (as above)
_COUNTING_LOCK = allocate_lock()  # (the lock of ``threading``, without importing that module at the start)
#: What :func:`_quick_value` gives when it is not sure.
_UNSURE: Any = object()


def _quick_value(text: str) -> Any:
    """What ``_STRICT.decode(text)`` gives, read without the duplicate-key hook (whose Python call and list of
    pairs for every object cost a third of the parse), or :data:`_UNSURE`: the text is then :func:`loads`'s to
    read, which says why it is not strict JSON, if it is not.

    The grammar and the number hooks are the strict decoder's, so the reading succeeds exactly when the strict
    one does or the strict one meets a duplicate key (any failure here is unsure: the strict reading raises its
    own error, the one it would have raised, e.g. a duplicate key before a later syntax error). Then the value is
    the strict one unless some object had a key twice; every member of an object is written with one colon
    outside the strings, and the objects built here hold (counted by :func:`_count_members`) one entry for each
    distinct key. So, ``members`` the entries, ``pairs`` the members written and ``inside`` the colons inside
    strings: ``text.count(":") = pairs + inside >= pairs >= members``, ``pairs == members`` exactly when no key
    came twice. Hence the value is sure when ``text.count(":")`` is ``members``; or, for a text without a
    backslash (each string's characters then are its text's, one literal each), when the colons of some of its
    strings (:func:`_colons_in_objects`: the keys and the string values of the objects, not those in arrays) make
    up the difference. Otherwise unsure. One parse at a time (another thread's parse in progress: unsure)."""
    if not _COUNTING_LOCK.acquire(blocking=False):
        return _UNSURE
    try:
        _members[0] = 0
        try:
            value, end = _scan_counting(text, 0)
        except Exception:  # StopIteration (no value at 0, e.g. a space first), a hook's JsonError, ...
            return _UNSURE
        if end != len(text) and _SKIP_SPACE(text, end).end() != len(text):
            return _UNSURE  # extra data after the value
        members = _members[0]
    finally:
        _COUNTING_LOCK.release()
    colons = text.count(":")
    if colons == members:
        return value
    if "\\" in text or colons - _colons_in_objects(value) != members:
        return _UNSURE
    return value


def _colons_in_objects(value: Any) -> int:
    """The colons in the keys and the string values of ``value``'s objects, those inside arrays left out."""
    if type(value) is not dict:
        return 0
    found, stack = 0, [value]
    while stack:
        for key, item in stack.pop().items():
            found += key.count(":")
            if type(item) is str:
                found += item.count(":")
            elif type(item) is dict:
                stack.append(item)
    return found


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, *, utf8: bool = False) -> Any:
    """Parse strict JSON or raise :class:`JsonError` (never another exception) with the reason. ``utf8``: a
    ``str`` ``text`` is known to hold no lone surrogate (the caller has checked; none is looked for again)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonError(f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
        utf8 = True
    value = _quick_value(text)
    if value is _UNSURE:
        value = _strict_value(text)
    if ("\\" in text and _SURROGATE_ESCAPE.search(text)) or (not utf8 and has_surrogate(text)):
        problem = plain_problem(value, max_depth)  # rare: only then walk the value
        if problem is not None:
            raise JsonError(problem)
    return value


def _strict_value(text: str) -> Any:
    """``_STRICT.decode(text)``, its every failure a :class:`JsonError` with the reason."""
    try:
        return _STRICT.decode(text)
    except JsonError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonError(f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise JsonError("nested too deep") from None
    except ValueError as exc:  # e.g. an integer over the interpreter's digit limit
        raise JsonError(f"not usable JSON: {safe_text(str(exc)).split(';')[0]}") from None


#: Where each top-level member of a JSON object is in its text: key -> (start of its key, end of its value).
Spans = dict[str, tuple[int, int]]

_SPACE = " \t\n\r"
_SKIP_SPACE = cast("Callable[[str, int], re.Match[str]]", re.compile(r"[ \t\n\r]*").match)  # (always matches)
#: A key without escapes (what :func:`json.decoder.scanstring` reads of such a string, strict) and its colon.
_PLAIN_KEY = re.compile(r'"([^"\\\x00-\x1f]*)"[ \t\n\r]*:[ \t\n\r]*').match


def _spanned_object(text: str, utf8: bool = False) -> tuple[dict[str, Any], Spans] | None:
    """The strict JSON object ``text`` with where each top-level member is, or ``None`` when this quick reading
    does not apply (then :func:`loads` reads the text and says why it is not such an object, if it is not).

    The object's members are read here, each value by the strict decoder's own scanner (the hooks of
    :func:`loads`: no duplicate key, no NaN, finite numbers), so that the value is exactly what :func:`loads`
    gives. Anything this reading does not accept as it stands is left to :func:`loads`: a syntax error, a key
    twice at the top level or a top-level key with an escape, a surrogate (or its escape) anywhere, a value the
    scanner refuses (too deep, an integer over the digit limit), and a carriage return (a top-level member is
    handed on as its text, and some line readers end a line at a carriage return). ``utf8``: as for
    :func:`loads_spanned`.

    A key is read without the regular expression where it plainly can be: a quote, no backslash and only printable
    characters up to the next quote, a colon right after it and no space after that; any other key is matched by
    :data:`_PLAIN_KEY` (and refused as that refuses it)."""
    if "\r" in text or ("\\" in text and _SURROGATE_ESCAPE.search(text)) or (not utf8 and has_surrogate(text)):
        return None
    scan, key_at, skip, find = _scan_value, _PLAIN_KEY, _SKIP_SPACE, text.find
    value: dict[str, Any] = {}
    spans: Spans = {}
    try:
        pos = skip(text, 0).end()
        if text[pos] != "{":
            return None
        pos = skip(text, pos + 1).end()
        if text[pos] == "}":
            pos += 1
        else:
            while True:
                start = pos
                quote = find('"', pos + 1)
                key = text[pos + 1:quote]
                if (text[pos] == '"' and text[quote + 1] == ":" and text[quote + 2] not in _SPACE
                        and "\\" not in key and key.isprintable()):
                    at = quote + 2
                else:
                    found = key_at(text, pos)
                    if found is None:
                        return None
                    key, at = found.group(1), found.end()
                if key in value:
                    return None  # a duplicate key: loads says so
                value[key], pos = scan(text, at)
                spans[key] = (start, pos)
                if text[pos] in _SPACE:
                    pos = skip(text, pos).end()
                if text[pos] == ",":
                    pos += 1
                    if text[pos] in _SPACE:
                        pos = skip(text, pos).end()
                    continue
                if text[pos] != "}":
                    return None
                pos += 1
                break
    except Exception:  # StopIteration (no value there), IndexError (the end), a hook's JsonError, ...: loads says
        return None
    if pos != len(text) and skip(text, pos).end() != len(text):
        return None
    return value, spans


def loads_spanned(text: str, *, utf8: bool = False) -> tuple[Any, Spans | None]:
    """:func:`loads` (the same value, the same :class:`JsonError`) and, for a JSON object, where each of its
    top-level members is in ``text`` (``None`` when it is not known): a caller can hand some members on as
    they are written, without encoding them again. ``text[start:end]`` is a member as written, ``"key":value``
    (with the spaces it has, but never a carriage return). ``utf8``: ``text`` was decoded from bytes as strict
    UTF-8, so it holds no lone surrogate (none is looked for in it)."""
    found = _spanned_object(text, utf8)
    if found is not None:
        return found
    return loads(text), None


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


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def compact_encoder(*, allow_nan: bool = False) -> Callable[[Any], str]:
    """A function that writes a value as ``json.JSONEncoder(ensure_ascii=False, separators=(",", ":"),
    allow_nan=allow_nan).encode`` does (compact, keys in order, non-ASCII as is), the same text and the same
    errors for JSON data, without building an encoder at every call (as ``encode`` does): cheap for small values.
    It does not look for cycles (a cyclic value is a :class:`RecursionError`)."""
    slow = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=allow_nan).encode
    make = getattr(json.encoder, "c_make_encoder", None)
    quote = getattr(json.encoder, "c_encode_basestring", None)
    if make is None or quote is None:  # pragma: no cover - an interpreter without the C accelerator
        return slow
    try:  # (markers, default, encoder, indent, key_separator, item_separator, sort_keys, skipkeys, allow_nan)
        chunks = make(None, _refuse, quote, None, ":", ",", False, False, allow_nan)
    except TypeError:  # pragma: no cover - another interpreter's accelerator
        return slow

    def encode(value: Any) -> str:
        if isinstance(value, str):
            return quote(value)  # type: ignore[no-any-return]
        return "".join(chunks(value, 0))

    return encode


_compact = compact_encoder()


def dumps_compact(value: Any) -> str:
    """:func:`dumps_safe` with ``ensure_ascii=False, separators=(",", ":")``: the same text, quicker."""
    try:
        return _compact(value).encode("utf-8").decode("utf-8")
    except (ValueError, TypeError, RecursionError, UnicodeEncodeError):
        return json.dumps(_sanitized(value), allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def dumps_compact_bytes(value: Any, end: bytes = b"") -> bytes:
    """``(dumps_compact(value) + end).encode("utf-8")`` with ``end`` ASCII (e.g. a newline), encoded once: the
    text is encoded as UTF-8 where :func:`dumps_compact` encodes it only to look for a lone surrogate."""
    try:
        return _compact(value).encode("utf-8") + end
    except (ValueError, TypeError, RecursionError, UnicodeEncodeError):
        return dumps_compact(value).encode("utf-8") + end


def dumps_safe(value: Any, **kwargs: Any) -> str:
    """``json.dumps`` that never fails and never writes NaN, Infinity or a lone surrogate.

    Plain data is dumped as is; anything else is first made plain (non-finite numbers and other objects
    become strings, surrogates U+FFFD).
    """
    try:
        return _encoder(**kwargs)(value).encode("utf-8").decode("utf-8")
    except (ValueError, TypeError, RecursionError, UnicodeEncodeError):
        return json.dumps(_sanitized(value), allow_nan=False, **kwargs)
