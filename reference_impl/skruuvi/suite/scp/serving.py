"""The loop of ``skruuvi serve`` on its pipes: answers every request waiting, then writes them all at once.

:func:`~skruuvi.suite.scp.protocol.serve` flushes after each answer: one system call a request, and a runner that
keeps several requests in flight gets them one by one. :func:`serve_pipe` reads its input in large chunks,
answers each complete request line in the chunk, and writes the answers in one go as soon as no complete
line is left waiting, before it reads again (it never waits for input with an answer unwritten, so an engine
and a runner never wait for each other). The answers are those of :func:`~skruuvi.suite.scp.protocol.serve`
(:func:`~skruuvi.suite.scp.protocol.answer_line`, as bytes: :func:`~skruuvi.suite.scp.protocol.answer_bytes`): blank
lines ignored, a line that is not UTF-8 or longer than :data:`~skruuvi.suite.scp.protocol.MAX_REQUEST_CHARS`
characters answered ``errored``, serving going on.
"""

from __future__ import annotations

import gc
import os
from typing import IO

from .protocol import MAX_REQUEST_CHARS, TOO_LONG_ANSWER, Server, answer_bytes, serve

#: Bytes read from stdin at once.
CHUNK = 1 << 16
#: The cyclic garbage collector's first threshold while serving (Python's default: 700). A ``legal`` request
#: leaves some states alive (:class:`~skruuvi.interpreter.positions.Positions` keeps them), so the default
#: collects every few requests over objects that are never garbage (a tenth of a perft walk's engine time);
#: the requests' own objects are freed by their reference counts, as always. Set for the loop, then put back.
GC_YOUNG = 50_000
#: UTF-8 takes at most this many bytes a character: a partial line of more bytes than this many times the
#: limit is over-long whatever its characters.
_MAX_BYTES_PER_CHAR = 4
_TOO_LONG = TOO_LONG_ANSWER.encode("utf-8")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _too_long(pending: bytearray) -> bool:
    """A partial line already known to be longer than the limit (in characters) before its end is read."""
    if len(pending) <= MAX_REQUEST_CHARS:
        return False
    return pending.isascii() or len(pending) > _MAX_BYTES_PER_CHAR * (MAX_REQUEST_CHARS + 1)


def serve_pipe(in_fd: int, out_fd: int, server: Server | None = None) -> None:
    """Answer SCP/1 requests read from file descriptor ``in_fd`` on ``out_fd`` until ``stop`` or end of input."""
    before = gc.get_threshold()
    raised = (max(before[0], GC_YOUNG), *before[1:])
    gc.set_threshold(*raised)
    try:
        _serve_pipe(in_fd, out_fd, server or Server())
    finally:
        if gc.get_threshold() == raised:  # (unless someone else has set it meanwhile)
            gc.set_threshold(*before)


def _serve_pipe(in_fd: int, out_fd: int, server: Server) -> None:
    buf = bytearray()
    out: list[bytes] = []
    skipping = False  # inside an over-long line: its bytes are dropped up to its newline
    while True:
        start = 0
        while (end := buf.find(b"\n", start)) >= 0:
            raw = buf[start:end + 1]
            start = end + 1
            if skipping:
                skipping = False
                out.append(_TOO_LONG)
                continue
            try:
                line, utf8 = raw.decode("utf-8"), True
            except UnicodeDecodeError:  # its bad bytes become lone surrogates: answered errored
                line, utf8 = raw.decode("utf-8", errors="surrogateescape"), False
            if len(line) > MAX_REQUEST_CHARS:
                out.append(_TOO_LONG)
                continue
            answer = answer_bytes(server, line, utf8=utf8)
            if answer is None:  # stop: what was answered before it is written
                _write_all(out_fd, b"".join(out))
                return
            if answer:
                out.append(answer)
        del buf[:start]
        if skipping:
            buf.clear()
        elif _too_long(buf):
            skipping = True
            buf.clear()
        if out:  # nothing complete is waiting: answer before reading on
            _write_all(out_fd, b"".join(out))
            out.clear()
        data = os.read(in_fd, CHUNK)
        if not data:
            break
        buf += data
    if skipping:
        out.append(_TOO_LONG)
    elif buf:  # a last line without its newline is a request as well
        line = buf.decode("utf-8", errors="surrogateescape")
        answer = _TOO_LONG if len(line) > MAX_REQUEST_CHARS else answer_bytes(server, line)
        if answer:
            out.append(answer)
    _write_all(out_fd, b"".join(out))


def serve_stdio(stdin: IO[str], stdout: IO[str], server: Server | None = None) -> None:
    """:func:`serve_pipe` on the file descriptors of ``stdin`` and ``stdout``; :func:`~skruuvi.suite.scp.protocol.serve`
    on streams that have none (e.g. a test's ``StringIO``)."""
    try:
        in_fd, out_fd = stdin.fileno(), stdout.fileno()
    except (AttributeError, OSError, ValueError):
        serve(stdin, stdout, server)
        return
    stdout.flush()
    serve_pipe(in_fd, out_fd, server)
