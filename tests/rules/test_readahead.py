"""Reading a file ahead in a thread (:mod:`skruuvi.rules.readahead`): the same bytes in the same order, each error of
the file after the bytes before it, and a thread that stops when the reader closes."""

from __future__ import annotations

import gzip
import io
import random
import threading
import time
import zlib
from typing import Any

import pytest

from skruuvi.rules import readahead
from skruuvi.rules.readahead import read_ahead

DATA = random.Random(16).randbytes(300_000) + b"\n".join(b"line %d" % n for n in range(50_000))


class Failing(io.RawIOBase):
    """``DATA``'s first ``good`` bytes, then ``error``."""

    def __init__(self, good: int, error: BaseException) -> None:
        self._data = io.BytesIO(DATA[:good])
        self._error = error
        self.closed_by_reader = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = self._data.readinto(buffer)
        if not count:
            raise self._error
        return count

    def close(self) -> None:
        self.closed_by_reader = True
        super().close()


@pytest.mark.parametrize("block", [1, 7, 4096, 1 << 17])
def test_the_bytes_are_the_files(block: int) -> None:
    source = io.BytesIO(DATA if block > 1 else DATA[:20_000])
    expected = source.getvalue()
    with read_ahead(source, block) as handle:
        got = b""
        sizes = iter([1, 5, 100, 65536, 3])
        while True:
            part = handle.read(next(sizes, 4096))
            if not part:
                break
            got += part
    assert got == expected


def test_lines_of_a_gzip_file(tmp_path: Any) -> None:
    path = tmp_path / "a.gz"
    path.write_bytes(gzip.compress(DATA))
    with read_ahead(gzip.GzipFile(path, "rb"), 1 << 17) as handle:
        assert list(handle) == list(io.BytesIO(DATA))


@pytest.mark.parametrize("error", [OSError(5, "Input/output error"), EOFError("cut short"), zlib.error("bad")])
def test_an_error_comes_after_every_byte_before_it(error: BaseException) -> None:
    source = Failing(123_457, error)
    stream = readahead.ReadAhead(source, 4096)  # type: ignore[arg-type]
    got = bytearray()
    buffer = bytearray(1000)
    with pytest.raises(type(error)):
        while True:
            count = stream.readinto(buffer)
            assert count
            got += buffer[:count]
    assert got == DATA[:123_457]
    assert stream.readinto(buffer) == 0  # after the error, the end
    stream.close()
    assert source.closed_by_reader


def test_a_cut_gzip_file_raises_as_gzip_does(tmp_path: Any) -> None:
    path = tmp_path / "cut.gz"
    path.write_bytes(gzip.compress(DATA)[:-5000])
    with read_ahead(gzip.GzipFile(path, "rb"), 1 << 17) as handle, pytest.raises(EOFError):
        while handle.read(1 << 16):
            pass
    path.write_bytes(b"not gzip at all")
    with read_ahead(gzip.GzipFile(path, "rb"), 1 << 17) as handle, pytest.raises(gzip.BadGzipFile):
        handle.read()


def _threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "skruuvi-read-ahead"]


def test_closing_early_stops_the_thread_waiting_for_room() -> None:
    before = len(_threads())
    source = io.BytesIO(DATA)
    handle = read_ahead(source, 16)
    assert handle.read(10) == DATA[:10]
    time.sleep(0.05)  # the thread fills its blocks and waits for room
    started = time.monotonic()
    handle.close()
    assert time.monotonic() - started < 2 * readahead._POLL + 1
    assert len(_threads()) == before and source.closed


def test_at_most_depth_blocks_wait() -> None:
    handle = read_ahead(io.BytesIO(DATA), 1000)
    handle.read(1)
    time.sleep(0.05)
    raw = handle.raw  # type: ignore[attr-defined]
    assert raw._ready.qsize() <= readahead.DEPTH
    handle.close()
