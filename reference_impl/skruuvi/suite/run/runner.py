"""The conformance runner: drives any engine command over SCP/1 and judges its answers (DESIGN §6).

The runner starts the engine once per worker (``jobs``), sends every selected case without ``expect``
and ``justification``, and compares the answer with the case's ``expect``. It survives whatever the
engine does: a silent engine is killed after the per-case timeout, a dead one is restarted, garbage,
a wrong ``seq`` or an over-long line make the case ``errored`` and the engine is restarted to resync.
No case is ever lost: each one ends with exactly one status.

Over 400 lines: the engine processes, the pipelined workers that feed them and the judging of their
answers share one life cycle (start, restart, kill, resync), which reads best in one place.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..cases.cases import Case, check_record, iter_cases, load_cases, load_known_failures
from ..scp.protocol import (
    MAX_LINE_BYTES,
    ProtocolError,
    check_header,
    check_legal_response,
    check_response,
    encode,
    parse_line,
    run_request,
    start_request,
    stop_request,
)
from .declare import DeclarationError, Plan, check_declarations, plan_for
from .legal_judge import asks_legal, compare_legal, is_perft, judge_perft, request_for
from .lines import LineReader

#: Every status a case can end with, in the order summaries list them.
STATUSES = ("pass", "fail", "errored", "timeout", "crashed", "skipped", "unsupported", "xfail", "xpass")
#: Statuses that make the run fail (exit code 1).
FAILING = frozenset({"fail", "errored", "timeout", "crashed", "xpass"})
#: Statuses that a known-failures entry turns into ``xfail``.
KNOWN_FAILURE_STATUSES = frozenset({"fail", "errored", "timeout", "crashed"})


#: Seconds to wait for the last lines of an engine that has exited while its stdout stays open.
_EXIT_GRACE = 0.2
#: Seconds an engine has, after ``stop``, to exit on its own before it is killed (and the run says so).
STOP_GRACE = 2.0


def stop_lines(problems: list[str]) -> list[str]:
    """One line for each way the run's engines ended wrong (:attr:`RunConfig.stop_problems`), with how many did."""
    return [problem + (f" ({count} engines)" if count > 1 else "") + "; an SCP/1 engine exits when it reads stop"
            for problem, count in Counter(problems).items()]
#: Failed restarts in a row after which a worker stops trying: its remaining cases are ``crashed`` at once.
MAX_FAILED_RESTARTS = 3


class HandshakeError(Exception):
    """The engine did not complete the ``start`` handshake; the text includes its stderr tail."""


# ---------------------------------------------------------------------------------------------------
# Comparison


def _same(a: Any, b: Any) -> bool:
    """JSON equality that keeps booleans apart from numbers (``0`` is not ``false``)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and a == b


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


_MISSING = object()


def _diff_values(path: str, expected: Any, got: Any, out: list[str]) -> None:
    """Append one line per differing leaf; nested mappings are compared key by key, exactly."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in [*expected, *(k for k in got if k not in expected)]:
            _diff_values(f"{path}.{key}", expected.get(key, _MISSING), got.get(key, _MISSING), out)
        return
    if expected is _MISSING:
        out.append(f"{path}: expected nothing, got {_show(got)}")
    elif got is _MISSING:
        out.append(f"{path}: expected {_show(expected)}, got nothing")
    elif not _same(expected, got):
        out.append(f"{path}: expected {_show(expected)}, got {_show(got)}")


def compare(expect: dict[str, Any], kind: str, body: Any) -> list[str]:
    """The differences between ``expect`` and a well-formed answer ``(kind, body)``; empty means pass.

    * ``expect.result``: only its keys (``contract``, ``tricks``, ``score``, ...) are compared; extra
      keys of the answer are ignored. Inside a key the values must be equal.
    * ``expect.error``: ``index`` and ``code`` are compared; messages are free.
    * ``expect.match`` (match records): the answer's ``result.match`` (``sheets`` and ``final``) must
      equal it key by key.
    * a match error also compares ``deal`` (the 0-based deal of the match that went wrong).
    """
    expected_kind = "error" if "error" in expect else "result"
    if "match" in expect:
        expected = {"match": expect["match"]}
    else:
        expected = expect["error"] if "error" in expect else expect["result"]
    if kind != expected_kind:
        return [f"expected {expected_kind} {_show(expected)}", f"got {kind} {_show(body)}"]
    if kind == "error":
        keys: tuple[str, ...] = ("deal", "index", "code") if "deal" in expected else ("index", "code")
    else:
        keys = tuple(expected)
    out: list[str] = []
    for key in keys:
        _diff_values(f"{kind}.{key}", expected.get(key, _MISSING), body.get(key, _MISSING), out)
    return out


# ---------------------------------------------------------------------------------------------------
# One engine process


class Reply(NamedTuple):
    """What came back for one request: a line, or why none did (``timeout``, ``eof``, ``too-long``). (A named tuple:
    one is made for every answer, and a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``.)"""

    kind: str
    line: bytes = b""


class _Stdin:
    """The engine's stdin. A request goes straight into the pipe when the pipe has room for it (the pipe is
    non-blocking: the usual case, with no hand-off to another thread); what does not fit waits, in order, for
    the writer thread (:meth:`run`), so that an engine that stops reading never blocks the runner.

    Only the writer thread closes the pipe, and only under the lock that :meth:`write` holds while it writes:
    a write never reaches a file descriptor that was closed (and perhaps reused) meanwhile.
    """

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._fd: int = stream.fileno()
        os.set_blocking(self._fd, False)
        self._lock = threading.Condition()
        self._backlog: deque[bytes] = deque()
        self._busy = False  # the writer thread holds bytes it has not written yet
        self._closing = False  # close once the backlog is written
        self._dead = False  # closed, or to be closed at once: nothing more is written

    def write(self, data: bytes) -> None:
        with self._lock:
            if self._closing or self._dead:
                return
            if not self._backlog and not self._busy:
                try:
                    done = os.write(self._fd, data)
                except BlockingIOError:
                    done = 0
                except OSError:  # the engine has gone: its stdout shows it (EOF), not this write
                    self._dead = True
                    self._lock.notify()
                    return
                if done == len(data):
                    return
                data = data[done:]
            self._backlog.append(data)
            self._lock.notify()

    def close(self) -> None:
        """Close the pipe after what is queued (the engine sees EOF)."""
        with self._lock:
            self._closing = True
            self._lock.notify()

    def abort(self) -> None:
        """Close the pipe without writing what is queued (the engine is being killed)."""
        with self._lock:
            self._dead = True
            self._backlog.clear()
            self._lock.notify()

    def run(self) -> None:
        """Writer thread: write the backlog as the pipe takes it; close the pipe at the end."""
        try:
            while True:
                with self._lock:
                    while not self._backlog and not self._closing and not self._dead:
                        self._lock.wait()
                    if self._dead or not self._backlog:
                        return
                    view = memoryview(self._backlog.popleft())
                    self._busy = True
                while view and not self._dead:
                    select.select([], [self._fd], [], 0.25)
                    try:
                        view = view[os.write(self._fd, view):]
                    except BlockingIOError:
                        continue
                with self._lock:
                    self._busy = False
        except (OSError, ValueError):
            pass
        finally:
            with self._lock:
                self._dead = True
                self._backlog.clear()
                with contextlib.suppress(OSError, ValueError):
                    self._stream.close()


def _read_stderr(stream: Any, tail: deque[str]) -> None:
    """Reader thread: keep the last lines of the engine's stderr (each cut to a sane length)."""
    with contextlib.suppress(OSError, ValueError):
        for raw in iter(lambda: stream.readline(4096), b""):
            tail.append(raw.decode("utf-8", errors="replace").rstrip("\n"))
    with contextlib.suppress(OSError, ValueError):
        stream.close()


class Engine:
    """One running engine process and the SCP/1 conversation with it."""

    def __init__(self, command: list[str], *, stderr_lines: int = 20, env: dict[str, str] | None = None) -> None:
        self.command = command
        self.env = env  # the process's environment; None: this process's own
        self.header: dict[str, Any] | None = None
        self._stderr: deque[str] = deque(maxlen=stderr_lines)
        self._stdout: LineReader | None = None  # read by the thread that judges (no reader thread)
        self._stdin: _Stdin | None = None
        self._queued: list[bytes] = []  # requests not written yet: written together before any answer is awaited
        self._proc: subprocess.Popen[bytes] | None = None
        self._threads: list[threading.Thread] = []
        #: What the engine did wrong when :meth:`stop` asked it to stop, if anything.
        self.stop_problem: str | None = None

    # -- life cycle

    def start(self, timeout: float) -> dict[str, Any]:
        """Spawn the command and do the ``start`` handshake; raise :class:`HandshakeError` on failure."""
        try:
            self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, start_new_session=True, env=self.env)
        except OSError as exc:
            raise HandshakeError(f"cannot start {self.command[0]!r}: {exc.strerror or exc}") from None
        self._stdout = LineReader(self._proc.stdout)
        self._threads = [
            threading.Thread(target=_read_stderr, args=(self._proc.stderr, self._stderr), daemon=True),
            threading.Thread(target=self._open_stdin(self._proc.stdin).run, daemon=True),
        ]
        for thread in self._threads:
            thread.start()
        try:
            reply = self.request(start_request(), timeout)
            if reply.kind != "line":
                raise ProtocolError(self.describe_failure(reply, timeout))
            self.header = check_header(parse_line(reply.line))
            check_declarations(self.header)
        except DeclarationError as exc:  # the engine spoke clearly; what it declares cannot be honoured
            self.kill()
            raise HandshakeError(f"the start answer's declarations: {exc}") from None
        except ProtocolError as exc:
            self.kill()
            raise HandshakeError(self._with_stderr(str(exc))) from None
        except Exception as exc:  # anything else about the answer is a failed start too, never "no rulesets"
            self.kill()
            raise HandshakeError(self._with_stderr(f"unusable start answer: {type(exc).__name__}: {exc}")) from None
        return self.header

    def stop(self, grace: float = STOP_GRACE) -> str | None:
        """Ask the engine to stop and wait up to ``grace`` seconds, its stdin still open, for it to exit on its own
        (SCP/1: an engine exits when it reads ``stop``, not only at the end of its input); then close its stdin and
        kill whatever is left. Returns what went wrong, also kept in :attr:`stop_problem`: the engine did not exit
        in time, or exited with a status other than 0."""
        proc = self._proc  # another thread may kill the engine meanwhile (an interrupted run)
        if proc is None:
            return self.stop_problem
        if proc.poll() is None:
            self._send(stop_request())
            self.flush()
            try:
                status = proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.stop_problem = f"the engine did not exit within {grace:g} s of stop (it was killed)"
            else:
                if status != 0:
                    self.stop_problem = f"the engine exited with status {status} after stop"
            self._close_stdin()
        self.kill()
        return self.stop_problem

    def kill(self) -> None:
        """Kill the engine and everything it started (its process group); safe to call twice.

        The group is killed even when the engine itself has already exited: a background child it left
        (``sleep 300 &``) is still in the group and must not outlive the run.
        """
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the group id stays taken while any member lives
        except (OSError, AttributeError):
            if proc.poll() is None:
                with contextlib.suppress(OSError):
                    proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        if self._stdin is not None:
            self._stdin.abort()  # the writer thread closes stdin; the stderr reader ends at EOF
        self._queued.clear()
        if self._stdout is not None:
            self._stdout.close()  # unless a receive is under way: that one closes it when it sees the engine gone

    @property
    def alive(self) -> bool:
        proc = self._proc
        return proc is not None and proc.poll() is None

    # -- conversation

    def _open_stdin(self, stream: Any) -> _Stdin:
        self._stdin = _Stdin(stream)
        return self._stdin

    def _close_stdin(self) -> None:
        self.flush()
        if self._stdin is not None:
            self._stdin.close()

    def _write(self, data: bytes) -> None:
        self._queued.append(data)

    def flush(self) -> None:
        """Write the queued requests, in one write (:meth:`receive` does it before it waits)."""
        if self._queued:
            data = b"".join(self._queued)
            self._queued.clear()
            if self._stdin is not None:
                self._stdin.write(data)

    def _send(self, message: dict[str, Any]) -> None:
        self._write(encode(message).encode("utf-8"))

    def request(self, message: dict[str, Any], timeout: float) -> Reply:
        """Send one message and wait up to ``timeout`` seconds for one stdout line."""
        if self._proc is None:
            return Reply("eof")
        self._send(message)  # a dead engine shows up as EOF on stdout, a stuck one as a timeout
        return self.receive(timeout)

    def has_answer(self) -> bool:
        """An answer line (or the end of the engine's stdout) is read already: :meth:`receive` would not wait."""
        stdout = self._stdout
        return stdout is not None and stdout.has_line()

    def answer_soon(self, seconds: float) -> bool:
        """Write the queued requests and wait at most ``seconds`` for an answer line (or the end of stdout):
        True when :meth:`receive` would not wait."""
        self.flush()
        stdout = self._stdout
        return stdout is not None and stdout.wait_line(seconds)

    def send(self, message: dict[str, Any]) -> None:
        """Queue one message without waiting for its answer (pipelining: read it later with :meth:`receive`)."""
        self._send(message)

    def send_line(self, data: bytes) -> None:
        """Queue one request already encoded (a JSON line, newline included)."""
        self._write(data)

    def send_run(self, seq: int, case: Case) -> None:
        """Queue the run request of ``case`` as ``seq``; a case that carries its encoded public part
        (:attr:`Case.request`) is sent as those bytes, without encoding it again."""
        if case.request is None:
            self._send(run_request(seq, case.record))
        else:
            self._write(b'{"cmd":"run","seq":%d,"case":%b}\n' % (seq, case.request))

    def receive(self, timeout: float) -> Reply:
        """Wait up to ``timeout`` seconds for the next stdout line.

        An engine that has exited is ``eof`` soon after, even when a child it left behind still holds
        its stdout open (so that no EOF ever comes): a crash is a crash, not a timeout.
        """
        self.flush()
        deadline = time.monotonic() + timeout
        exited_at: float | None = None
        stdout = self._stdout
        while True:
            proc = self._proc
            if proc is None or stdout is None:
                if stdout is not None:
                    stdout.close()  # killed meanwhile (perhaps by another thread): this reader closes the pipe
                return Reply("eof")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Reply("timeout")
            kind, line = stdout.read_line(min(remaining, 0.05 if exited_at is not None else 0.25))
            if kind != "wait":
                return Reply(kind, line)
            if proc.poll() is not None:
                now = time.monotonic()
                if exited_at is None:
                    exited_at = now
                elif now - exited_at >= _EXIT_GRACE:  # the last lines it wrote had time to arrive
                    return Reply("eof")

    # -- diagnostics

    def exit_status(self) -> str:
        """How the engine ended, e.g. ``exit code 3`` or ``killed by signal 9`` (waits briefly)."""
        proc = self._proc
        if proc is None:
            return "not running"
        try:
            code = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its stdout but is still running"
        return f"killed by signal {-code}" if code < 0 else f"exit code {code}"

    def stderr_tail(self) -> str:
        """The last lines of the engine's stderr (after letting its reader catch up briefly)."""
        if self._threads:
            self._threads[0].join(timeout=0.5 if not self.alive else 0.05)
        return "\n".join(self._stderr)

    def _with_stderr(self, text: str) -> str:
        tail = self.stderr_tail()
        return f"{text}\nengine stderr (last lines):\n{_indent(tail)}" if tail else f"{text} (no stderr output)"

    def describe_failure(self, reply: Reply, timeout: float) -> str:
        """A sentence for a reply that carries no line."""
        if reply.kind == "timeout":
            return f"no answer within {timeout:g} s"
        if reply.kind == "too-long":
            return f"answer line longer than {MAX_LINE_BYTES} bytes"
        if reply.line:
            return f"engine ended in the middle of a line ({self.exit_status()}): {reply.line[:200]!r}"
        return f"engine exited without answering ({self.exit_status()})"


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


# ---------------------------------------------------------------------------------------------------
# Running cases


@dataclass(slots=True)
class CaseResult:
    """The verdict on one case. (Slots: one is made for every case, and freed when it is reported.)"""

    case: Case
    status: str
    got: Any = None
    diff: list[str] = field(default_factory=list)
    detail: str | None = None
    seconds: float = 0.0

    @property
    def failing(self) -> bool:
        return self.status in FAILING


@dataclass
class RunConfig:
    """How to run: the engine command and the limits."""

    command: list[str]
    timeout: float = 10.0
    start_timeout: float = 30.0
    jobs: int = 1
    known_failures: frozenset[str] = frozenset()
    #: At most this many cases in flight at once (bounds the reorder buffer when results finish out of order).
    window: int = 256
    #: And no more cases in flight than their requests' bytes allow (at least one case): big cases (a match's
    #: many deals) then take no more memory than small ones (:attr:`Case.request`, where it is known).
    window_bytes: int = 512 << 10
    #: Cases sent to one engine before the oldest answer is read (1: strictly one at a time).
    pipeline: int = 16
    #: Filled by the run: what each engine stopped at its end did wrong (:meth:`Engine.stop`), one entry each.
    stop_problems: list[str] = field(default_factory=list)


class Worker:
    """Owns one engine process; runs cases one at a time and restarts the engine when needed."""

    def __init__(self, config: RunConfig, engine: Engine | None = None) -> None:
        self.config = config
        self.engine = engine
        self._perft: Engine | None = None  # the engine of the perft walks, started at the first one
        self._failed_restarts = 0
        self._last_failure = ""

    def _ensure_engine(self) -> str | None:
        """Start a fresh engine if there is none; return why that failed, or ``None``.

        After :data:`MAX_FAILED_RESTARTS` failures in a row the engine is given up: no more attempts
        (each could cost ``start_timeout``), every later case is ``crashed`` at once with the last reason.
        """
        if self.engine is not None and self.engine.alive:
            return None
        if self.engine is not None:
            self.engine.kill()
            self.engine = None
        if self._failed_restarts >= MAX_FAILED_RESTARTS:
            return (f"the engine was given up after {MAX_FAILED_RESTARTS} failed restarts in a row; "
                    f"the last one: {self._last_failure}")
        engine = Engine(self.config.command)
        try:
            engine.start(self.config.start_timeout)
        except HandshakeError as exc:
            self._failed_restarts += 1
            self._last_failure = str(exc)
            return f"the engine could not be restarted: {exc}"
        self._failed_restarts = 0
        self.engine = engine
        return None

    def _discard_engine(self) -> None:
        if self.engine is not None:
            self.engine.kill()
            self.engine = None

    def _discard_perft_engine(self) -> None:
        perft, self._perft = self._perft, None
        if perft is not None:
            perft.kill()

    def run(self, seq: int, case: Case) -> CaseResult:
        """Run one case and judge it; never raises for anything the engine does."""
        began = time.monotonic()
        how = asked_by(case)
        problem = self.send(seq, case, how=how)
        if problem is not None:
            problem.seconds = round(time.monotonic() - began, 6)
            return problem
        return self.judge(seq, case, began, how=how)

    def send(self, seq: int, case: Case, *, restart: bool = True, how: str | None = None) -> CaseResult | None:
        """Send one case without waiting; a ``crashed`` result if no engine can be started.

        With ``restart`` a dead engine is replaced first; without it (cases are still awaited from the
        current engine) the case goes to the current engine whatever its state: if it has died, judging
        the oldest case shows it, and the cases after that one are sent again. ``how``: :func:`asked_by` of the
        case, when the caller has it already.
        """
        problem = self._ensure_engine() if restart or self.engine is None else None
        if problem is not None:
            return _apply_known_failures(CaseResult(case, "crashed", detail=problem), self.config.known_failures)
        assert self.engine is not None
        how = how or asked_by(case)
        if how == PERFT:
            pass  # a perft case is counted when judged, on an engine of its own
        elif how == LEGAL:
            self.engine.send(request_for(seq, case))
        else:
            self.engine.send_run(seq, case)
        return None

    def judge(self, seq: int, case: Case, began: float | None = None, *, how: str | None = None) -> CaseResult:
        """Wait for the answer to the case sent as ``seq`` (the oldest unanswered one) and judge it.

        Anything wrong with the answer discards the engine (:attr:`engine` becomes ``None``): the cases
        sent after this one were not answered and must be sent again. ``how``: as for :meth:`send`.
        """
        began = time.monotonic() if began is None else began
        result = self._judge(seq, case, how or asked_by(case))
        result.seconds = round(time.monotonic() - began, 6)
        return _apply_known_failures(result, self.config.known_failures)

    def _judge(self, seq: int, case: Case, how: str) -> CaseResult:
        if how == PERFT:
            status, got, diff, detail = judge_perft(case, self._perft_engine, self.config.timeout, self._perft_done)
            return CaseResult(case, status, got=got, diff=diff, detail=detail)
        engine = self.engine
        if engine is None:
            return CaseResult(case, "crashed", detail="no engine to answer")
        reply = engine.receive(self.config.timeout)
        if reply.kind != "line":
            return self._no_answer(case, engine, reply)
        kind = _fast_kind(case, seq, reply.line)
        if kind is not None:
            return CaseResult(case, "pass", got={kind: case.answer[0]})  # type: ignore[index]
        legal = how == LEGAL
        try:
            kind, body = (check_legal_response if legal else check_response)(parse_line(reply.line), seq)
        except ProtocolError as exc:
            self._discard_engine()  # resync: whatever the engine says next cannot be trusted
            return CaseResult(case, "errored", detail=f"bad response: {exc}; engine restarted")
        got = {kind: body}
        if kind == "skipped":
            return CaseResult(case, "skipped", got=got, detail=body)
        if kind == "errored":
            return CaseResult(case, "errored", got=got, detail=f"engine reported: {body}")
        diff = compare_legal(case, kind, body) if legal else compare(case.expect, kind, body)
        return CaseResult(case, "fail" if diff else "pass", got=got, diff=diff)

    def _perft_engine(self) -> Engine:
        """The engine of this worker's perft walks: the one of the last walk if that ended clean and it lives,
        else a fresh one (started; a walk that did not end clean kills it)."""
        engine = self._perft
        if engine is not None and engine.alive:
            return engine
        self._perft = None
        engine = Engine(self.config.command)
        engine.start(self.config.start_timeout)
        self._perft = engine
        return engine

    def _perft_done(self, engine: Engine, clean: bool) -> None:
        if not clean:
            engine.kill()
            if self._perft is engine:
                self._perft = None

    def _no_answer(self, case: Case, engine: Engine, reply: Reply) -> CaseResult:
        detail = engine.describe_failure(reply, self.config.timeout)
        if reply.kind == "timeout":
            self._discard_engine()
            return CaseResult(case, "timeout", detail=f"{detail}; engine killed and restarted")
        if reply.kind == "too-long":
            self._discard_engine()
            return CaseResult(case, "errored", detail=f"bad response: {detail}; engine restarted")
        detail = engine._with_stderr(detail)
        self._discard_engine()
        return CaseResult(case, "crashed", detail=detail)

    def close(self) -> None:
        perft, self._perft = self._perft, None
        stopped = [perft, self.engine]
        self.engine = None
        for engine in stopped:
            if engine is not None and (problem := engine.stop()):
                self.config.stop_problems.append(problem)


def _fast_kind(case: Case, seq: int, line: bytes) -> str | None:
    """The fast pass: ``"result"`` (``"error"``) when the answer line is, byte for byte, ``{"seq":SEQ,"result":R}``
    (``{"seq":SEQ,"error":E}``) with ``R`` (``E``) a JSON text of the case's ``expect.result`` (``expect.error``)
    (:attr:`Case.answer`: its compact JSON, or its text in the case's own line, which the checking pass read as
    strict JSON), else ``None``. Such a line is strict JSON and decodes to exactly that message, which the full
    judge passes (the seq, one kind, the result's every key equal, types and all; an error that
    :func:`~skruuvi.suite.cases.answer_shape.is_error_body` accepts, as the answer's own is checked, with its index and
    code equal); any other line, however small the difference (spaces, key order, extra keys, an error's message), is
    decoded and judged in full. Only while the expectation is the object the bytes were made from."""
    passing = _pass_line(case, seq)
    return passing[0] if passing is not None and line == passing[1] else None


def _pass_line(case: Case, seq: int) -> tuple[str, bytes] | None:
    """``(kind, line)``: the one answer line to ``seq`` that :func:`_fast_kind` passes on its bytes, or ``None``
    when the case has none (no :attr:`Case.answer`, or its ``expect`` is no longer the object it was made from)."""
    answer = case.answer
    if answer is None:
        return None
    expect = case.record["expect"]
    if answer[0] is expect.get("result"):
        return "result", b'{"seq":%d,"result":%b}\n' % (seq, answer[1])
    if answer[0] is expect.get("error"):
        return "error", b'{"seq":%d,"error":%b}\n' % (seq, answer[1])
    return None


def _take_passes(worker: Worker, pending: deque[tuple[int, Case, str]], out: list[tuple[int, CaseResult]],
                 room: int) -> int:
    """The fast pass over answers already read: judge the oldest ``pending`` run cases, at most ``room``, while the
    engine's next answer line is in its reader's buffer and is, byte for byte, the one :func:`_fast_kind` passes
    (:meth:`~skruuvi.suite.run.lines.LineReader.take_each`); how many were judged. Each gets the result
    :meth:`Worker.judge` gives it (that one reads the same buffered line and passes it the same way): ``pass``
    (``xpass`` if a known failure), ``seconds`` the time the look at the buffer took. The first case whose answer is
    anything else (another line, a line still coming, no engine) is left to :meth:`Worker.judge`, which reads and
    judges it in full."""
    engine = worker.engine
    if engine is None or not pending:
        return 0
    reader = engine._stdout
    if reader is None or engine._proc is None:  # killed: the full judge says so
        return 0
    engine.flush()  # the engine works on the next requests while these are judged
    kinds: list[str] = []

    def lines() -> Iterator[bytes]:
        for index, case, how in itertools.islice(pending, room):
            passing = _pass_line(case, index + 1) if how == RUN else None
            if passing is None:
                return
            kinds.append(passing[0])
            yield passing[1]

    began = time.monotonic()
    taken = reader.take_each(lines())
    if not taken:
        return 0
    seconds = round(time.monotonic() - began, 6)
    known = worker.config.known_failures
    for kind in kinds[:taken]:
        index, case, _ = pending[0]
        result = CaseResult(case, "pass", got={kind: case.answer[0]}, seconds=seconds)  # type: ignore[index]
        out.append((index, _apply_known_failures(result, known) if case.id in known else result))
        pending.popleft()  # (only now: a case is never dropped without its result)
    return taken


PERFT, LEGAL, RUN = "perft", "legal", "run"


def asked_by(case: Case) -> str:
    """How a case is asked of the engine: :data:`PERFT` (a perft walk), :data:`LEGAL` (SCP/1 ``legal``) or
    :data:`RUN`; worked out once a case (:func:`run_cases`), not at each step of sending and judging it. An
    ``expect`` that is a plain dict (the cases' own) is read straight off: ``perft`` in it is a perft walk, else
    ``legal`` in it is SCP/1 ``legal`` (:data:`~skruuvi.suite.cases.cases.LEGAL_EXPECTATIONS`)."""
    expect = case.record.get("expect")
    if type(expect) is dict:
        return PERFT if "perft" in expect else LEGAL if "legal" in expect else RUN
    if is_perft(case):
        return PERFT
    return LEGAL if asks_legal(case.record) else RUN


def _apply_known_failures(result: CaseResult, known: frozenset[str]) -> CaseResult:
    if result.case.id not in known:
        return result
    if result.status in KNOWN_FAILURE_STATUSES:
        result.status = "xfail"
    elif result.status == "pass":
        result.status = "xpass"
        result.detail = "listed as a known failure but passed: remove it from the known-failures file"
    return result


def start_engines(config: RunConfig, count: int) -> list[Engine]:
    """Start ``count`` engines in parallel; on any handshake failure kill them all and re-raise."""
    engines = [Engine(config.command) for _ in range(count)]
    errors: list[HandshakeError | None] = [None] * count

    def boot(i: int) -> None:
        try:
            engines[i].start(config.start_timeout)
        except HandshakeError as exc:
            errors[i] = exc
        except Exception as exc:  # a start that went wrong in any other way is a failed start as well
            engines[i].kill()
            errors[i] = HandshakeError(f"the start failed: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=boot, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    except BaseException:  # Ctrl-C during the handshakes: leave no engine behind
        for engine in engines:
            engine.kill()
        raise
    failure = next((e for e in errors if e is not None), None)
    if failure is None and any(engine.header is None for engine in engines):
        failure = HandshakeError("the start handshake did not complete")
    if failure is not None:
        for engine in engines:
            engine.kill()
        raise failure
    return engines


def supported(case: Case, header: dict[str, Any]) -> bool:
    return case.ruleset in header["implementation"]["rulesets"]


def _unsupported(case: Case) -> CaseResult:
    return CaseResult(case, "unsupported", detail=f"the engine does not declare ruleset {case.ruleset}")


def _planned(plan: Plan, case: Case) -> Case | CaseResult:
    """The case to send as :class:`~skruuvi.suite.run.declare.Plan` decides it, or its ``unsupported`` result."""
    try:
        decided = plan(case)
    except Exception as exc:  # a bug in the runner itself must not lose the case
        return CaseResult(case, "errored", detail=f"runner error: {type(exc).__name__}: {exc}")
    return CaseResult(case, "unsupported", detail=decided) if isinstance(decided, str) else decided


def run_cases(cases: Iterable[Case], config: RunConfig, engines: list[Engine],
              plan: Plan | None = None) -> Generator[CaseResult, None, None]:
    """Run ``cases`` on the started ``engines`` (one worker thread each); yield results in case order.

    ``cases`` is consumed lazily: at most ``config.window`` cases are in flight (sent, waiting or
    finished but not yet yielded), and no more than ``config.window_bytes`` of their encoded requests (but
    always one), so a suite of any length and of any mix streams with flat memory, and a slow case holds back at
    most that many finished results. Cases whose ruleset the engine does not declare, or
    that need a feature it does not declare, are ``unsupported`` and never sent; a case is judged under
    the readings the engine declares (``plan``, by default the engine's: :mod:`skruuvi.suite.run.declare`).
    Cases go to the workers, and their results come back, in batches (:func:`_batch_size`): a thread
    hand-off for some cases at once, not for each. The engines are stopped when the iteration ends (or is
    abandoned).
    """
    header = engines[0].header
    if header is None:  # start_engines never returns such an engine; a caller that did must not get "unsupported"
        raise HandshakeError("the engine has not completed the start handshake")
    if plan is None:
        try:
            plan = plan_for(header)
        except DeclarationError as exc:
            raise HandshakeError(f"the start answer's declarations: {exc}") from None
    todo: queue.Queue[list[tuple[int, Case, str]] | None] = queue.Queue()
    done: queue.Queue[list[tuple[int, CaseResult]]] = queue.Queue()
    ready: dict[int, CaseResult] = {}
    workers = [Worker(config, engine) for engine in engines]
    stop = threading.Event()
    window = max(config.window, len(workers))
    batch = _batch_size(window, len(workers))
    threads = [threading.Thread(target=_work, args=(w, todo, done, stop, batch), daemon=True) for w in workers]
    for thread in threads:
        thread.start()
    source = enumerate(cases)
    fed = 0  # cases taken from ``source``
    held = 0  # bytes of the requests of the cases in flight (fed, not yielded)
    sizes: deque[int] = deque()  # those of each case in flight, oldest first
    room = config.window_bytes
    exhausted = finished = False
    try:
        index = 0
        while True:
            if not exhausted and fed - index <= window - batch and (held < room or fed == index):  # room for a batch
                chunk: list[tuple[int, Case, str]] = []
                while fed - index < window and (held < room or fed == index):
                    item = next(source, None)
                    if item is None:
                        exhausted = True
                        break
                    fed += 1
                    size = len(item[1].request or b"")
                    held += size
                    sizes.append(size)
                    planned = _planned(plan, item[1])
                    if isinstance(planned, CaseResult):
                        ready[item[0]] = planned
                    else:
                        chunk.append((item[0], planned, asked_by(planned)))
                        if len(chunk) == batch:
                            todo.put(chunk)
                            chunk = []
                if chunk:
                    todo.put(chunk)
                if exhausted:
                    for _ in workers:
                        todo.put(None)
            if index >= fed:
                break
            while index not in ready:
                for i, result in done.get():
                    ready[i] = result
            held -= sizes.popleft()
            yield ready.pop(index)
            index += 1
        finished = True
    finally:
        stop.set()
        if not exhausted:  # let idle workers see the end
            for _ in workers:
                todo.put(None)
        if not finished:  # interrupted: do not wait for running cases, kill their engines now
            for worker in workers:
                worker._discard_engine()
                worker._discard_perft_engine()
        for thread in threads:
            thread.join(timeout=None if finished else 5)


#: Cases handed to a worker at once, and results handed back (at most; see :func:`_batch_size`).
BATCH = 32
#: Seconds a worker waits for the next answer before it hands back the results it holds (a batch not full):
#: answers that come at once fill whole batches, one hand-off for many, and a slow one holds no result back
#: for longer than this.
HAND_BACK_AFTER = 0.002


def _batch_size(window: int, workers: int) -> int:
    """Cases a batch: :data:`BATCH`, but small enough that every worker gets two batches of the window."""
    return max(1, min(BATCH, window // (2 * workers)))


def _work(worker: Worker, todo: queue.Queue[list[tuple[int, Case, str]] | None],
          done: queue.Queue[list[tuple[int, CaseResult]]], stop: threading.Event, batch: int = 1) -> None:
    """Worker thread: take batches of cases until the sentinel (or until asked to stop), then stop the engine.

    Up to ``config.pipeline`` cases are sent before the oldest answer is read, so that the engine never
    waits for the runner. When an answer goes wrong the engine is discarded and the cases sent after it,
    still unanswered, are sent again to the next engine: each case is judged exactly once. Results go back
    ``batch`` at a time, and always before the worker may wait (for an answer not read yet, a perft walk, a
    restart or more cases) once the next answer has not come within :data:`HAND_BACK_AFTER`, so that no finished
    result waits for a slow one.
    """
    depth = max(1, worker.config.pipeline)
    pending: deque[tuple[int, Case, str]] = deque()  # sent, answer not read yet (oldest first), with asked_by
    again: deque[tuple[int, Case, str]] = deque()  # taken but not (or no longer) sent
    out: list[tuple[int, CaseResult]] = []  # results not handed back yet

    def hand_back() -> None:
        nonlocal out
        if out:
            done.put(out)
            out = []

    no_more = False
    refill = max(1, depth // 2)  # top the pipeline up once this few are in flight: the requests go in one write
    try:
        while not stop.is_set():
            if len(pending) < refill:  # else judge first: the next requests go out together
                polled = False  # the engine's process looked at in this top-up (once: a waitpid is a system call)
                while len(pending) < depth:
                    if not again:
                        if no_more:
                            break
                        if not pending:
                            hand_back()  # about to wait for work
                        try:
                            chunk = todo.get(block=not pending)  # never wait for work while an answer is due
                        except queue.Empty:
                            break
                        if chunk is None:
                            no_more = True
                            break
                        again.extend(chunk)
                        continue
                    item = again.popleft()
                    if pending and (worker.engine is None or (not polled and not worker.engine.alive)):
                        again.appendleft(item)  # judge what the dead engine owes first; it is replaced after
                        break
                    polled = polled or bool(pending)  # (without pending, send's restart looks at it)
                    index, case, how = item
                    if not pending and (worker.engine is None or not worker.engine.alive):
                        hand_back()  # a restart may take a while
                    try:
                        if pending and how == RUN:  # the usual case, as send does it: the current engine, no restart
                            worker.engine.send_run(index + 1, case)  # type: ignore[union-attr]
                            pending.append(item)
                            continue
                        problem = worker.send(index + 1, case, restart=not pending, how=how)
                    except Exception as exc:  # a bug in the runner itself must not lose the case
                        worker._discard_engine()
                        problem = CaseResult(case, "errored", detail=f"runner error: {type(exc).__name__}: {exc}")
                    if problem is not None:
                        out.append((index, problem))
                    else:
                        pending.append(item)
            if not pending:
                if no_more and not again:
                    break
                continue
            if len(out) >= batch:
                hand_back()
            try:
                taken = _take_passes(worker, pending, out, batch - len(out))
            except Exception:  # a bug in the shortcut: the full judge below takes the case (should an answer
                taken = 0  # have been consumed without its result, the next one shows a wrong seq: errored)
            if taken:
                continue
            index, case, how = pending[0]
            if out and (len(out) >= batch or how == PERFT or worker.engine is None
                        or not worker.engine.answer_soon(HAND_BACK_AFTER)):
                hand_back()  # the answer may take a while: what is finished goes first
            elif out and how == RUN:  # the answers came meanwhile: the buffered ones may pass at once
                try:
                    taken = _take_passes(worker, pending, out, batch - len(out))
                except Exception:  # (as above)
                    taken = 0
                if taken:
                    continue
            pending.popleft()
            try:
                result = worker.judge(index + 1, case, how=how)
            except Exception as exc:  # a bug in the runner itself must not lose the case
                worker._discard_engine()
                result = CaseResult(case, "errored", detail=f"runner error: {type(exc).__name__}: {exc}")
            out.append((index, result))
            if worker.engine is None and pending:  # their engine is gone: send them again
                again.extendleft(reversed(pending))
                pending.clear()
    finally:
        hand_back()
        worker.close()


def run_all(cases: Iterable[Case], config: RunConfig,
            on_result: Callable[[CaseResult], None] | None = None) -> tuple[dict[str, Any], list[CaseResult]]:
    """Start the engines, run every case, return ``(engine header, results in case order)``.

    Raises :class:`HandshakeError` when the engine cannot be started at all.
    """
    cases = list(cases)
    engines = start_engines(config, max(1, min(config.jobs, len(cases) or 1)))
    header = engines[0].header or {}
    results: list[CaseResult] = []
    for result in run_cases(cases, config, engines):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return header, results


def count_statuses(results: Iterable[CaseResult | str]) -> dict[str, int]:
    """How many results (or bare statuses) of each status."""
    counts = dict.fromkeys(STATUSES, 0)
    for result in results:
        counts[result if isinstance(result, str) else result.status] += 1
    return counts


def failing_statuses(allow_xpass: bool = False) -> frozenset[str]:
    """The statuses that make the run fail; ``xpass`` only counts when not allowed."""
    return FAILING - {"xpass"} if allow_xpass else FAILING


#: Statuses of a case whose answer was compared with its expect: a run needs one to pass.
JUDGED = frozenset({"pass", "fail", "xfail", "xpass"})


def verdict(counts: dict[str, int], *, allow_xpass: bool = False,
            allow_unsupported: bool = False) -> tuple[int, str | None]:
    """The exit code of a run with these status counts and, when it did not pass, why (``None`` if it
    did or a case failed: the failing cases say why themselves).

    1 when any case failed (see :func:`failing_statuses`). Otherwise a run still needs one judged case
    (:data:`JUDGED`): a run of only skipped cases, or one in which no case was sent (every case
    unsupported, e.g. an engine that declares a misspelled ruleset id) is not a pass, except that
    ``allow_unsupported`` accepts a run whose cases were all unsupported.
    """
    if any(counts.get(s, 0) for s in failing_statuses(allow_xpass)):
        return 1, None
    if any(counts.get(s, 0) for s in JUDGED):
        return 0, None
    total = sum(counts.values())
    unsupported = counts.get("unsupported", 0)
    if total and unsupported == total:
        if allow_unsupported:
            return 0, None
        return 1, ("no case was sent to the engine: every selected case is of a ruleset it does not declare, "
                   "or needs a feature it does not declare (--allow-unsupported accepts that)")
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts.get(s, 0))
    return 1, f"no case was judged ({parts or 'no cases'}): a run that judges nothing is not a pass"


def exit_code(results: Iterable[CaseResult | str], *, allow_xpass: bool = False,
              allow_unsupported: bool = False) -> int:
    """The exit code of :func:`verdict` for these results: 0 when nothing failed (pass, skipped,
    unsupported, xfail; xpass too with ``allow_xpass``) and at least one case was judged, else 1.

    ``results`` may be case results or bare statuses.
    """
    counts = count_statuses(results)
    return verdict(counts, allow_xpass=allow_xpass, allow_unsupported=allow_unsupported)[0]


__all__ = [
    "FAILING", "KNOWN_FAILURE_STATUSES", "STATUSES", "Case", "CaseResult", "Engine", "HandshakeError",
    "RunConfig", "Worker", "check_record", "compare", "count_statuses", "exit_code", "failing_statuses",
    "iter_cases", "load_cases", "load_known_failures", "run_all", "run_cases", "start_engines", "verdict",
]
