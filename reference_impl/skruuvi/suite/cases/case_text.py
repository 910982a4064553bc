"""The texts a spooled case is kept as (:class:`~skruuvi.suite.cases.spool.CaseSpool`): its public part as the engine
gets it, its ``expect``, and the answer that passes without being decoded
(:attr:`~skruuvi.suite.cases.cases.Case.answer`).

A case read from a JSON line whose members' places are known (:func:`~skruuvi.rules.jsonsafe.loads_spanned`)
keeps them as its line writes them, cut out of it; any other case (a YAML file, an unusual line) is encoded as
compact JSON. Either text decodes to the same object.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from ...rules.jsonsafe import Spans, compact_encoder, dumps_compact
from .answer_shape import is_error_body

encode_canonical = compact_encoder()
#: A member's key and colon (a JSON string without escapes: the spanned members' keys have none).
#: (Always matches where a member's span starts: at its key, which has no escape.)
_VALUE_AFTER_KEY = cast("Callable[[str, int], re.Match[str]]", re.compile(r'"[^"\\]*"[ \t\n]*:[ \t\n]*').match)
_RESULT_PREFIX = b'{"result":'
_ERROR_PREFIX = b'{"error":'

#: The fields of a case the engine does not see (:data:`skruuvi.suite.scp.protocol.PRIVATE_CASE_FIELDS`).
_PRIVATE = ("expect", "justification")


def encode_public(record: dict[str, Any]) -> bytes:
    """The case as the engine sees it (everything but ``expect`` and ``justification``), as the compact JSON
    that :func:`skruuvi.suite.scp.protocol.encode` writes for the ``case`` of a run request."""
    public = {key: value for key, value in record.items() if key not in _PRIVATE}
    return dumps_compact(public).encode("utf-8")


def public_runs(spans: Spans) -> tuple[int, ...]:
    """Where the public part of a JSON line is in it, from where its top-level members are (``spans``): the start
    and end of each run of members that are neither ``expect`` nor ``justification``, flat
    (``start, end, start, end, ...``), for :func:`cut_public`."""
    runs: list[int] = []
    start = end = -1  # the run of public members going on: from the start of its first to the end of its last
    for key, (a, b) in spans.items():  # (in the order they are written)
        if key in _PRIVATE:
            if start >= 0:
                runs += (start, end)
                start = -1
        else:
            if start < 0:
                start = a
            end = b
    if start >= 0:
        runs += (start, end)
    return tuple(runs)


def cut_public(line: str, runs: tuple[int, ...] | list[int]) -> bytes:
    """The public part of ``line`` (:func:`public_runs`): its runs of members as written, the commas between them
    as written, joined with a comma inside braces."""
    if len(runs) == 2:  # the usual cases: expect and justification both last, or one of them between two runs
        return ("{" + line[runs[0]:runs[1]] + "}").encode("utf-8")
    if len(runs) == 4:
        return ("{" + line[runs[0]:runs[1]] + "," + line[runs[2]:runs[3]] + "}").encode("utf-8")
    return ("{" + ",".join(line[runs[i]:runs[i + 1]] for i in range(0, len(runs), 2)) + "}").encode("utf-8")


def expect_span(line: str, spans: Spans) -> tuple[int, int]:
    """Where the value of a JSON line's ``expect`` member is in it (``spans``: where its members are)."""
    a, b = spans["expect"]
    return _VALUE_AFTER_KEY(line, a).end(), b


def expect_text(record: dict[str, Any]) -> tuple[str, bool]:
    """``(text, faithful)``: the ``expect`` of a case whose line's members' places are not known (else it is cut out
    of the line: :func:`expect_span`), as compact JSON; ``faithful`` unless it could only be written made plain
    (:func:`dumps_compact`), which no checked case needs. A faithful text decodes to ``expect``, value and type
    alike."""
    try:
        return encode_canonical(record["expect"]), True
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError):
        return dumps_compact(record["expect"]), False


def canonical_answer(result: Any) -> tuple[Any, bytes] | None:
    """``(result, bytes)``: ``result`` (JSON just decoded: objects with string keys, lists, strings, finite
    numbers, booleans, null) as compact JSON, keys in order, non-ASCII as UTF-8; ``None`` when it cannot be
    written so (a lone surrogate, NaN). Decoding the bytes gives ``result`` back, value and type alike."""
    try:
        return result, encode_canonical(result).encode("utf-8")
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError):
        return None


def answer_for(result: dict[str, Any], expect_line: bytes, prefix: bytes = _RESULT_PREFIX) -> tuple[Any, bytes] | None:
    """:attr:`Case.answer` of a case whose ``expect`` is ``{"result": result}``, its text ``expect_line`` as the
    case file writes it: the result's own text, cut out of ``{"result":R}``, unless that text shows spaces after
    a comma or a colon or a ``\\u`` escape (as ``json.dumps`` writes by default), which an engine's compact
    answer would not have: then the compact JSON of the result (:func:`canonical_answer`). Either text decodes
    to the result; which one is kept only decides which answers pass without being decoded. ``prefix``: the
    expectation's kind as its text starts (:func:`error_answer`)."""
    if not expect_line.startswith(prefix):
        return canonical_answer(result)
    text = expect_line[len(prefix):-2]
    if b", " in text or b": " in text or b"\\u" in text:
        return canonical_answer(result)
    return result, text


def error_answer(error: Any, expect_line: bytes | None) -> tuple[Any, bytes] | None:
    """:attr:`Case.answer` of a case that expects ``error`` (``expect_line``: its ``expect`` as the case file writes
    it, when that is ``{"error": error}`` and faithful), as :func:`answer_for` makes it of a result; ``None`` unless
    ``error`` is an error as an answer must hold it (:func:`~skruuvi.suite.cases.answer_shape.is_error_body`: an answer
    holding an odd one is ``errored`` in full, so it must not pass on the bytes)."""
    if not is_error_body(error):
        return None
    if expect_line is None:
        return canonical_answer(error)
    return answer_for(error, expect_line, _ERROR_PREFIX)
