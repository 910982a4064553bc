"""A file's bytes read ahead by a thread of its own: a gzip case file is inflated beside the parsing of its lines.

zlib lets go of the interpreter's lock while it inflates, so a thread that reads a :class:`gzip.GzipFile` ahead
of its reader uses a second core for the decompression while the reader parses what it already has. The
reader sees the very bytes, in the same order, and any error of the file (cut short, corrupt, unreadable) once
it has read every byte that came before it, raised in its own thread. At most :data:`DEPTH` blocks wait, so
memory stays bounded whatever the file's length; closing the reader stops the thread.
"""

from __future__ import annotations

import io
import queue
import threading
from typing import IO, Any

#: Blocks read ahead at most.
DEPTH = 4
#: How long the thread waits, at most, for room before it looks whether the reader has closed.
_POLL = 0.1


class ReadAhead(io.RawIOBase):
    """The bytes of ``source`` (read ``block`` bytes at a time, in a thread), as a raw stream to buffer."""

    def __init__(self, source: IO[bytes] | io.BufferedIOBase, block: int, closing: IO[bytes] | None = None) -> None:
        super().__init__()
        self._source = source
        self._closing_too = closing
        self._block = block
        self._ready: queue.Queue[bytes | BaseException] = queue.Queue(DEPTH)
        self._closing = threading.Event()
        self._current = memoryview(b"")
        self._ended = False
        self._thread = threading.Thread(target=self._fill, name="skruuvi-read-ahead", daemon=True)
        self._thread.start()

    def _fill(self) -> None:
        while not self._closing.is_set():
            item: bytes | BaseException
            try:
                item = self._source.read(self._block)
            except BaseException as exc:  # handed to the reader, which raises it where it stands
                item = exc
            while not self._closing.is_set():
                try:
                    self._ready.put(item, timeout=_POLL)
                    break
                except queue.Full:
                    continue
            if not isinstance(item, bytes) or not item:
                return

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self._current:
            if self._ended:
                return 0
            item = self._ready.get()
            if isinstance(item, BaseException):
                self._ended = True
                raise item
            if not item:
                self._ended = True
                return 0
            self._current = memoryview(item)
        count = min(len(buffer), len(self._current))
        buffer[:count] = self._current[:count]
        self._current = self._current[count:]
        return count

    def close(self) -> None:
        if not self.closed:
            self._closing.set()
            while True:  # make room, so that a thread waiting to hand a block over sees the close
                try:
                    self._ready.get_nowait()
                except queue.Empty:
                    break
            self._thread.join()
            self._source.close()
            if self._closing_too is not None:  # the file under ``source`` when that does not close it itself
                self._closing_too.close()
        super().close()


def read_ahead(source: IO[bytes] | io.BufferedIOBase, block: int,
               closing: IO[bytes] | None = None) -> io.BufferedReader:
    """``source`` (a file, a :class:`gzip.GzipFile`) read ahead in ``block`` bytes by a thread (:class:`ReadAhead`),
    buffered ``block`` bytes at a time for its reader; ``closing``: a file closed with it (the file a
    :class:`gzip.GzipFile` reads, which the GzipFile does not close)."""
    return io.BufferedReader(ReadAhead(source, block, closing), buffer_size=block)


__all__ = ["DEPTH", "ReadAhead", "read_ahead"]
