"""SCP/1, the Skruuvi conformance protocol (DESIGN §6): the reference server and the message shapes.

An implementation is a command that speaks JSON Lines on stdin/stdout, one request line answered by one
response line; stderr is free for logs::

    -> {"cmd": "start", "protocol": 1}
    <- {"protocol": 1, "implementation": {"name": "...", "version": "...", "rulesets": ["skruuvi-2016"]}}
    -> {"cmd": "run", "seq": 7, "case": {<the case without expect and justification>}}
    <- {"seq": 7, "result": {...}} | {"seq": 7, "error": {"index": 17, "code": "..."}}
       | {"seq": 7, "skipped": "reason"} | {"seq": 7, "errored": "what went wrong"}
    -> {"cmd": "legal", "seq": 8, "case": {id, ruleset, deal, actions (a prefix), readings?}}
    <- {"seq": 8, "legal": ["E bid 2S", "E pass", ...]} | {"seq": 8, "error": {...}} | skipped | errored
    -> {"cmd": "stop"}

``legal`` (optional: only an engine that declares the feature ``legal-actions`` is asked) answers the legal
set of the position after the prefix, each action in canonical spelling, sorted by code point (DESIGN §6).

The start answer's ``implementation`` may also declare, per ruleset, ``readings`` (the readings the engine
plays by) and ``features`` (the feature tags it supports); :mod:`skruuvi.suite.run.declare` checks them and
decides each case by them. An engine that declares neither is run as before.

:func:`serve` is the reference interpreter's side. The helpers below build requests and check
responses; the runner (:mod:`skruuvi.suite.run.runner`) uses them, and ``spec/schema/protocol.schema.json``
describes the same shapes.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from typing import IO, Any

from ... import __version__
from ...rules.errors import InputError
from ...rules.jsonsafe import JsonError, dumps_compact, dumps_compact_bytes, has_surrogate, safe_text
from ...rules.jsonsafe import loads as strict_loads
from ...rules.numbers import whole_numbers
from ..cases.answer_shape import error_body_problem

PROTOCOL_VERSION = 1
IMPLEMENTATION_NAME = "skruuvi-reference"
#: Case fields the runner keeps to itself: the engine must work out the answer without them.
PRIVATE_CASE_FIELDS = ("expect", "justification")
#: The kinds of a run response; exactly one of these keys is present in a well-formed response.
RESPONSE_KINDS = ("result", "error", "skipped", "errored")
#: A response line longer than this is treated as garbage (the runner stops reading and resyncs).
MAX_LINE_BYTES = 1 << 20
#: A request line longer than this (in characters) is answered ``errored`` by :func:`serve`.
MAX_REQUEST_CHARS = 64 << 20


class ProtocolError(ValueError):
    """A message that is not a well-formed SCP/1 message; the text says what is wrong with it."""


# ---------------------------------------------------------------------------------------------------
# Encoding and requests (runner side)


def encode(message: dict[str, Any]) -> str:
    """One message as one compact JSON line, newline included (non-ASCII kept readable).

    Never fails and never writes NaN, Infinity or a lone surrogate (see :func:`~skruuvi.rules.jsonsafe.dumps_safe`).
    """
    return dumps_compact(message) + "\n"


def start_request() -> dict[str, Any]:
    return {"cmd": "start", "protocol": PROTOCOL_VERSION}


def stop_request() -> dict[str, Any]:
    return {"cmd": "stop"}


def public_case(case: dict[str, Any]) -> dict[str, Any]:
    """The case as the engine sees it: everything except ``expect`` and ``justification``."""
    return {key: value for key, value in case.items() if key not in PRIVATE_CASE_FIELDS}


def run_request(seq: int, case: dict[str, Any]) -> dict[str, Any]:
    return {"cmd": "run", "seq": seq, "case": public_case(case)}


#: The case fields a ``legal`` request sends (a legal case's other fields are the runner's).
LEGAL_CASE_FIELDS = ("id", "ruleset", "deal", "actions", "readings")


def legal_request(seq: int, case: dict[str, Any], actions: list[Any] | None = None) -> dict[str, Any]:
    """A ``legal`` request for the position after ``actions`` (default: the case's own prefix)."""
    body = {key: case[key] for key in LEGAL_CASE_FIELDS if key in case}
    if actions is not None:
        body["actions"] = actions
    return {"cmd": "legal", "seq": seq, "case": body}


# ---------------------------------------------------------------------------------------------------
# Checking responses (runner side)


def _short(text: str | bytes, limit: int = 200) -> str:
    """A printable prefix of a line for error messages."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    text = safe_text(text).rstrip("\n")
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def parse_line(line: str | bytes) -> dict[str, Any]:
    """Decode one response line into a JSON object, or raise :class:`ProtocolError`.

    The JSON must be strict (:func:`skruuvi.rules.jsonsafe.loads`): UTF-8, no NaN or Infinity, no
    duplicate key, no lone surrogate, no integer over 4,300 digits, no absurd nesting. A number is read by its
    value, as JSON Schema reads it: ``25.0`` (or ``2.5e1``) is the integer 25, wherever it stands (DESIGN.md §6),
    so an engine whose JSON writer writes whole numbers with a fraction is judged as one that writes ``25``.
    """
    try:
        message = strict_loads(line)
    except JsonError as exc:
        raise ProtocolError(f"not a JSON line ({exc}): {_short(line)!r}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"not a JSON object: {_short(line)!r}")
    return whole_numbers(message)


def check_header(message: dict[str, Any]) -> dict[str, Any]:
    """Check the answer to ``start``; return it unchanged, or raise :class:`ProtocolError`."""
    if "errored" in message:
        raise ProtocolError(f"the engine answered start with errored: {message['errored']}")
    if type(message.get("protocol")) is not int or message.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(f"expected \"protocol\": {PROTOCOL_VERSION} in the start answer, got "
                            f"{json.dumps(message.get('protocol'))}")
    impl = message.get("implementation")
    if not isinstance(impl, dict):
        raise ProtocolError("the start answer has no \"implementation\" object")
    for key in ("name", "version"):
        if not isinstance(impl.get(key), str):
            raise ProtocolError(f"implementation.{key} must be a string")
    rulesets = impl.get("rulesets")
    if not isinstance(rulesets, list) or not all(isinstance(r, str) for r in rulesets):
        raise ProtocolError("implementation.rulesets must be a list of ruleset ids (strings)")
    return message


def _check_error_body(error: Any) -> None:
    problem = error_body_problem(error)
    if problem is not None:
        raise ProtocolError(problem)


def _seq_and_kind(message: dict[str, Any], seq: int, kinds: tuple[str, ...], what: str) -> tuple[str, Any]:
    """The answer's ``seq`` (the integer ``seq``: 1.0 and true are not the integer 1) and its one kind of
    ``kinds`` with its body, or :class:`ProtocolError`. ``what`` names the response in the message."""
    got_seq = message.get("seq")
    if type(got_seq) is not int or got_seq != seq:
        if "errored" in message and got_seq is None:
            raise ProtocolError(f"errored without seq: {_short(str(message['errored']))}")
        raise ProtocolError(f"wrong seq: expected {seq}, got {json.dumps(got_seq)}")
    present = [kind for kind in kinds if kind in message]
    if len(present) != 1:
        found = ", ".join(present) if present else "none"
        raise ProtocolError(f"{what} needs exactly one of {', '.join(kinds)} (found: {found})")
    return present[0], message[present[0]]


def check_response(message: dict[str, Any], seq: int) -> tuple[str, Any]:
    """Check a run response for request ``seq``; return ``(kind, body)`` or raise :class:`ProtocolError`.

    ``kind`` is one of :data:`RESPONSE_KINDS`; unknown extra top-level keys are tolerated.
    """
    kind, body = _seq_and_kind(message, seq, RESPONSE_KINDS, "a response")
    if kind == "result" and not isinstance(body, dict):
        raise ProtocolError("\"result\" must be an object")
    if kind == "error":
        _check_error_body(body)
    if kind in ("skipped", "errored") and not isinstance(body, str):
        raise ProtocolError(f"\"{kind}\" must be a string")
    return kind, body


#: The kinds of a legal response; exactly one of these keys is present in a well-formed response.
LEGAL_RESPONSE_KINDS = ("legal", "error", "skipped", "errored")


def check_legal_response(message: dict[str, Any], seq: int) -> tuple[str, Any]:
    """Check a legal response for request ``seq``; return ``(kind, body)`` or raise :class:`ProtocolError`.
    ``legal`` must be a list of distinct strings (their order is free: the runner compares sets)."""
    kind, body = _seq_and_kind(message, seq, LEGAL_RESPONSE_KINDS, "a legal response")
    if kind == "legal":
        if not isinstance(body, list) or not all(isinstance(a, str) for a in body):
            raise ProtocolError("\"legal\" must be a list of action strings")
        if len(set(body)) != len(body):
            twice = next(a for a in body if body.count(a) > 1)
            raise ProtocolError(f"\"legal\" lists {twice!r} twice")
    if kind == "error":
        _check_error_body(body)
    if kind in ("skipped", "errored") and not isinstance(body, str):
        raise ProtocolError(f"\"{kind}\" must be a string")
    return kind, body


# ---------------------------------------------------------------------------------------------------
# The reference server


def _describe(exc: BaseException) -> str:
    """An unexpected exception as one line: its type and message."""
    text = str(exc).strip().replace("\n", " ")
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class Server:
    """The reference interpreter behind SCP/1. ``replay`` and ``rulesets`` are injectable for tests.

    ``declares``: keys of the ``implementation`` object of the start answer beyond name and version
    (``rulesets``, ``readings``, ``features``: what the engine declares it implements, DESIGN §6); its
    ``rulesets``, when given, replace the available ones.
    """

    def __init__(self, replay: Callable[[dict[str, Any]], Any] | None = None,
                 rulesets: Callable[[], list[str]] | None = None, log: IO[str] | None = None,
                 declares: dict[str, Any] | None = None) -> None:
        self._replay = replay
        self._rulesets = rulesets
        self._log = log if log is not None else sys.stderr
        self._declares = dict(declares or {})
        self._positions: Any = None  # the states legal answered (interpreter.positions), made at its first ask
        self._legal_for: Any = None  # interpreter.legal.legal_for, imported at the first ask

    def _get_replay(self) -> Callable[[dict[str, Any]], Any]:
        if self._replay is None:
            from ...interpreter.replay import replay  # imported late: the server must start even if replay is broken

            self._replay = replay
        return self._replay

    def _get_rulesets(self) -> list[str]:
        if self._rulesets is None:
            from ...rules.paths import ruleset_ids  # (available_rulesets, without importing the compiler)

            self._rulesets = ruleset_ids
        return list(self._rulesets())

    def header(self) -> dict[str, Any]:
        """The answer to ``start``. Unless ``declares`` lists features, every feature of every ruleset is
        declared (``legal-actions`` among them: the reference answers ``legal``)."""
        rulesets = self._declares["rulesets"] if "rulesets" in self._declares else self._get_rulesets()
        features = {} if "features" in self._declares else {"features": _every_feature(list(rulesets))}
        return {"protocol": PROTOCOL_VERSION,
                "implementation": {"name": IMPLEMENTATION_NAME, "version": __version__, **self._declares,
                                   **features, "rulesets": list(rulesets)}}

    def handle(self, line: str, *, utf8: bool = False) -> dict[str, Any] | None:
        """Answer one request line; ``None`` means stop. Never raises (except KeyboardInterrupt). ``utf8``: the
        line is known to hold no lone surrogate (:func:`answer_line` has looked)."""
        try:
            request = strict_loads(line, utf8=utf8)
        except JsonError as exc:
            return {"errored": f"request is not JSON: {str(exc).removeprefix('not valid JSON: ')}"}
        if not isinstance(request, dict):
            return {"errored": "request is not a JSON object"}
        cmd = request.get("cmd")
        seq = request.get("seq")
        tag = {"seq": seq} if "seq" in request else {}
        if "seq" in request and type(seq) is not int:
            return {"seq": None, "errored": f"seq must be an integer, got {_short(json.dumps(seq), 60)}"}
        try:
            if cmd == "stop":
                return None
            if cmd == "start":
                return self._start(request)
            if cmd == "run":
                return {**tag, **self._run(request)}
            if cmd == "legal":
                return {**tag, **self._legal(request)}
            return {**tag, "errored": f"unknown cmd {json.dumps(cmd)}; expected start, run, legal or stop"}
        except InputError as exc:
            return {**tag, "errored": str(exc)}
        except RecursionError:
            return {**tag, "errored": "the case is nested too deep"}
        except Exception as exc:
            self._log.write(safe_text(traceback.format_exc()))
            self._log.flush()
            return {**tag, "errored": safe_text(_describe(exc))}

    def _start(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("protocol") != PROTOCOL_VERSION:
            return {"errored": f"unsupported protocol {json.dumps(request.get('protocol'))}; "
                               f"this server speaks {PROTOCOL_VERSION}"}
        return self.header()

    def _run(self, request: dict[str, Any]) -> dict[str, Any]:
        if "seq" not in request:
            return {"errored": "run request without seq"}
        case = request.get("case")
        if not isinstance(case, dict):
            return {"errored": "run request without a case object"}
        outcome = self._get_replay()(case)
        return dict(outcome.to_response())

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        """The legal set after the case's prefix, under the ruleset the replay would use (its readings)."""
        if "seq" not in request:
            return {"errored": "legal request without seq"}
        case = request.get("case")
        if not isinstance(case, dict):
            return {"errored": "legal request without a case object"}
        if self._positions is None:  # the first ask: the interpreter's parts imported once, kept
            from ...interpreter.legal import legal_for
            from ...interpreter.positions import Positions

            self._legal_for = legal_for
            self._positions = Positions(parsed=True)  # the cases come parsed from the request lines
        ruleset_for = getattr(self._get_replay(), "ruleset_for", None)
        found = self._legal_for(case, ruleset_for(case) if ruleset_for is not None else None, self._positions)
        return {"legal": found} if isinstance(found, list) else dict(found.to_response())


def _every_feature(rulesets: list[str]) -> dict[str, list[str]]:
    """Every feature tag of each ruleset (:func:`~skruuvi.suite.features.features.feature_tags`), read off its outline
    (:func:`~skruuvi.rules.ruleset.ruleset_outline`: compiled without the JSON Schema check, so that the start
    answer does not wait for the validator), or kept from an earlier start where the ruleset file and the code are
    the same (:mod:`skruuvi.suite.features.feature_cache`); a ruleset that does not compile is left out (its cases fail
    on their own, with the schema's reason)."""
    from ..features.feature_cache import every_feature

    return every_feature(rulesets)


def answer_line(server: Server, line: str) -> str | None:
    """The encoded answer to one request line (not over-long): ``""`` for a blank line (no answer), ``None`` for
    ``stop``. A line holding a lone surrogate (a non-UTF-8 byte read with ``surrogateescape``) is answered
    ``errored``."""
    if not line.strip():
        return ""
    if has_surrogate(line):
        return encode({"errored": "request is not UTF-8 text"})
    answer = server.handle(line, utf8=True)
    return None if answer is None else encode(answer)


#: :func:`answer_line`'s answer to a line holding a lone surrogate, as UTF-8.
_NOT_UTF8_ANSWER = encode({"errored": "request is not UTF-8 text"}).encode("utf-8")


def answer_bytes(server: Server, line: str, *, utf8: bool = False) -> bytes | None:
    """:func:`answer_line` as the UTF-8 bytes of the answer (``b""`` for a blank line, ``None`` for ``stop``), the
    answer encoded once (:func:`~skruuvi.rules.jsonsafe.dumps_compact_bytes`) instead of as text first. ``utf8``:
    the line was decoded as strict UTF-8, so it holds no lone surrogate (none is looked for)."""
    if not line or line.isspace():  # (what ``not line.strip()`` says, without copying the line)
        return b""
    if not utf8 and has_surrogate(line):
        return _NOT_UTF8_ANSWER
    answer = server.handle(line, utf8=True)
    return None if answer is None else dumps_compact_bytes(answer, b"\n")


#: The answer to a request line longer than :data:`MAX_REQUEST_CHARS`.
TOO_LONG_ANSWER = encode({"errored": f"request line longer than {MAX_REQUEST_CHARS} characters"})


def serve(stdin: IO[str], stdout: IO[str], server: Server | None = None) -> None:
    """Answer SCP/1 requests from ``stdin`` on ``stdout`` until ``stop`` or end of input.

    Every answer is one line, flushed at once. Blank lines are ignored. A line that is not UTF-8 (read
    with ``surrogateescape``, its bad bytes are lone surrogates) or longer than :data:`MAX_REQUEST_CHARS`
    is answered ``errored``, and serving goes on. (``skruuvi serve`` itself reads its pipe with
    :func:`skruuvi.suite.scp.serving.serve_pipe`, which answers the same and flushes once its input is drained.)
    """
    server = server or Server()
    while True:
        line = stdin.readline(MAX_REQUEST_CHARS + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST_CHARS:
            while line and not line.endswith("\n"):  # skip the rest of the over-long line
                line = stdin.readline(MAX_REQUEST_CHARS + 1)
            stdout.write(TOO_LONG_ANSWER)
            stdout.flush()
            continue
        answer = answer_line(server, line)
        if answer is None:
            return
        if answer:
            stdout.write(answer)
            stdout.flush()
