"""Reading an engine's stdout line by line in the thread that judges its answers, without a reader thread.

The runner used to hand every line from a reader thread to the judging thread through a queue: two thread
wake-ups a case. :class:`LineReader` reads the pipe itself, in large chunks (an engine that answers a
pipelined burst in one write is read in one system call), and cuts the lines out of its buffer. It keeps the
reader thread's rules: a line is at most :data:`~skruuvi.suite.scp.protocol.MAX_LINE_BYTES` bytes before its
newline, else it is ``too-long`` and reading stops; at end of file a last line without its newline is handed
over as the partial line of an ``eof``.

Only the thread that reads may close the pipe (:meth:`close`, under the lock that :meth:`read_line` holds while
it waits): a read never reaches a file descriptor that another thread closed, and perhaps reused, meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
from collections.abc import Iterator
from typing import Any

from ..scp.protocol import MAX_LINE_BYTES

#: Bytes asked of the pipe at once.
CHUNK = 1 << 16


class LineReader:
    """The lines of a pipe. :meth:`read_line` answers ``("line", bytes)``, ``("eof", partial)``,
    ``("too-long", b"")`` or ``("wait", b"")`` (nothing within the seconds given)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self._fd: int | None = stream.fileno()
        self._buf = bytearray()
        self._pos = 0  # where the unread part of the buffer starts
        self._eof = False
        self._too_long = False
        self.lock = threading.Lock()

    def has_line(self) -> bool:
        """A line (or the end) is there already: :meth:`read_line` would not wait."""
        return self._eof or self._too_long or self._buf.find(b"\n", self._pos) >= 0

    def _cut(self) -> tuple[str, bytes] | None:
        """The next buffered line, or what ends the stream, or ``None`` when more must be read."""
        buf, pos = self._buf, self._pos
        end = buf.find(b"\n", pos, pos + MAX_LINE_BYTES + 1)
        if end >= 0:
            line = bytes(buf[pos:end + 1])
            self._consumed(end + 1)
            return "line", line
        if self._too_long or len(buf) - pos > MAX_LINE_BYTES:
            self._too_long = True
            return "too-long", b""
        if self._eof:
            partial = bytes(buf[pos:])
            del buf[:]
            self._pos = 0
            return "eof", partial
        return None

    def _consumed(self, pos: int) -> None:
        """The buffer is read up to ``pos``; what was read is dropped now and then."""
        self._pos = pos
        if pos > CHUNK and pos * 2 > len(self._buf):
            del self._buf[:pos]
            self._pos = 0

    def take(self, line: bytes) -> bool:
        """Consume the next line when it is in the buffer already and is ``line``, its newline included: the line
        :meth:`read_line` would answer ``("line", line)`` with, without waiting; False, and nothing consumed, for
        any other line, for a line still coming, or for one longer than :data:`MAX_LINE_BYTES` (``too-long``)."""
        return self.take_each(iter((line,))) == 1

    def take_each(self, lines: Iterator[bytes]) -> int:
        """:meth:`take` for each of ``lines`` in turn, as long as it consumes one: how many it consumed. (No more of
        ``lines`` is asked for than the one that stopped it.)"""
        with self.lock:
            buf, pos = self._buf, self._pos
            start = pos
            taken = 0
            for line in lines:
                end = pos + len(line)
                if (end == pos or end - pos > MAX_LINE_BYTES + 1 or buf.find(b"\n", pos, end) != end - 1
                        or not buf.startswith(line, pos)):
                    break
                pos = end
                taken += 1
            if pos != start:
                self._consumed(pos)
            return taken

    def read_line(self, wait: float) -> tuple[str, bytes]:
        """The next line, waiting at most ``wait`` seconds for more of it to come."""
        with self.lock:
            found = self._cut()
            if found is not None:
                return found
            if self._fd is None:
                return "eof", b""
            self._fill(wait)
            return self._cut() or ("wait", b"")

    def wait_line(self, wait: float) -> bool:
        """Wait at most ``wait`` seconds for a line (or the end) to be there; True when it is (:meth:`has_line`)."""
        with self.lock:
            if self.has_line() or self._fd is None:
                return True
            self._fill(wait)
            return self.has_line()

    def _fill(self, wait: float) -> None:
        """Read what the pipe has within ``wait`` seconds into the buffer (the caller holds :attr:`lock`)."""
        assert self._fd is not None
        ready, _, _ = select.select([self._fd], [], [], max(wait, 0.0))
        if not ready:
            return
        try:
            data = os.read(self._fd, CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data == b"":
            self._eof = True
        else:
            self._buf += data

    def close(self) -> bool:
        """Close the pipe unless a read is under way (that reader sees the engine gone and closes it then);
        True when closed."""
        if not self.lock.acquire(blocking=False):
            return False
        try:
            self.close_locked()
        finally:
            self.lock.release()
        return True

    def close_locked(self) -> None:
        """Close the pipe; the caller holds :attr:`lock` (or is the only reader)."""
        if self._fd is not None:
            self._fd = None
            self._eof = True
            with contextlib.suppress(OSError, ValueError):
                self._stream.close()
