"""The case ids of a checking pass as 64-bit hashes, kept in a temporary file: duplicates found with flat memory.

:class:`~skruuvi.suite.cases.spool.CaseSpool` reads every case before the run and must refuse a suite in which an id
comes twice. A table of the ids (or of their hashes) grows with the suite; :class:`IdHashes` instead keeps
:data:`RUN` hashes in a buffer allocated once, writes each full buffer sorted to a temporary file (a run), and at
the end merges the runs, :data:`FAN_IN` at a time, to find the hashes met more than once. Memory is the same
for 10,000 cases as for 10 million; the file takes 8 bytes a case. Two ids may share a hash: the caller
confirms each hash met twice against the ids themselves (:func:`first_duplicate`). :class:`_SeenIds`
is the table that :func:`~skruuvi.suite.cases.cases.iter_cases` keeps, to stop at a duplicate as it streams.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import tempfile
from array import array
from collections.abc import Iterator
from typing import IO

from ...rules.errors import InputError

#: Hashes sorted in memory at once (a run); its buffer is allocated whole at the start.
RUN = 8192
#: Runs merged at once; more are merged in rounds, through the same file.
FAN_IN = 16
#: Hashes read from a run at once while merging.
_CHUNK = 512
_ITEM = 8  # bytes of a hash
_MASK = (1 << 64) - 1


class IdHashes:
    """The hashes of the ids added; :meth:`repeated` says which were added more than once."""

    def __init__(self) -> None:
        self._buffer = array("Q", bytes(_ITEM * RUN))
        self._held = 0  # hashes in the buffer
        self._file: IO[bytes] | None = None
        self._runs: list[tuple[int, int]] = []  # (offset, hashes) of each sorted run in the file
        self._end = 0  # bytes written to the file
        self._repeated: set[int] = set()  # met twice inside one run
        self.count = 0

    def add(self, case_id: str) -> None:
        self._buffer[self._held] = id_hash(case_id)
        self._held += 1
        self.count += 1
        if self._held == RUN:
            self._spill()

    def _spill(self) -> None:
        """Sort the buffer, note the hashes it holds twice, write it as a run."""
        ordered = sorted(self._buffer[:self._held]) if self._held < RUN else sorted(self._buffer)
        self._held = 0
        self._repeated.update(a for a, b in itertools.pairwise(ordered) if a == b)
        self._write_run(array("Q", ordered))

    def _write_run(self, hashes: array[int]) -> None:
        if self._file is None:
            try:
                self._file = tempfile.TemporaryFile(prefix="skruuvi-ids-")  # noqa: SIM115 - open until close()
            except OSError as exc:
                raise _no_room(exc) from None
        self._runs.append((self._end, len(hashes)))
        self._append(hashes)

    def _read_run(self, offset: int, hashes: int) -> Iterator[int]:
        assert self._file is not None
        while hashes:
            take = min(_CHUNK, hashes)
            try:
                self._file.seek(offset)
                chunk = array("Q", self._file.read(_ITEM * take))
            except OSError as exc:
                raise _no_room(exc) from None
            offset, hashes = offset + _ITEM * take, hashes - take
            yield from chunk

    def repeated(self) -> set[int]:
        """The hashes added more than once (so far): the runs are merged, :data:`FAN_IN` at a time."""
        if self._held:
            self._spill()
        while len(self._runs) > FAN_IN:  # merge the first FAN_IN runs into one at the end of the file
            group, self._runs = self._runs[:FAN_IN], self._runs[FAN_IN:]
            merged = array("Q")
            start, total = self._end, sum(n for _, n in group)
            for value in heapq.merge(*(self._read_run(o, n) for o, n in group)):
                merged.append(value)
                if len(merged) == _CHUNK * FAN_IN:
                    self._append(merged)
                    merged = array("Q")
            self._append(merged)
            self._runs.append((start, total))
        previous = -1
        for value in heapq.merge(*(self._read_run(o, n) for o, n in self._runs)):
            if value == previous:
                self._repeated.add(value)
            previous = value
        return set(self._repeated)

    def _append(self, hashes: array[int]) -> None:
        assert self._file is not None
        try:
            self._file.seek(self._end)
            self._file.write(hashes.tobytes())
        except OSError as exc:  # e.g. no space left in the temporary folder
            raise _no_room(exc) from None
        self._end += _ITEM * len(hashes)

    def close(self) -> None:
        """Let the temporary file go (unlinked already); a buffer a full disk could not take is dropped without a
        second error over the first."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


def _no_room(exc: OSError) -> InputError:
    """The one line for a temporary file of ids that cannot be written or read back."""
    return InputError(f"cannot keep the case ids in a temporary file: {exc.strerror or exc}",
                      file=tempfile.gettempdir())


class _SeenIds:
    """The case ids seen so far, kept as 64-bit hashes in an open-addressing table: about 16 bytes a case
    instead of some 100 for a set of the ids themselves, so that a long suite's checking pass stays nearly
    flat in memory. :meth:`add` says whether the hash was there already; the caller confirms a duplicate
    (two ids may share a hash)."""

    def __init__(self) -> None:
        self._slots = array("Q", bytes(8 * 1024))
        self._count = 0

    def add(self, case_id: str) -> bool:
        slots = self._slots
        mask = len(slots) - 1
        code = (hash(case_id) & 0xFFFF_FFFF_FFFF_FFFF) or 1  # 0 marks an empty slot
        i = code & mask
        while (found := slots[i]) != 0:
            if found == code:
                return True
            i = (i + 1) & mask
        slots[i] = code
        self._count += 1
        if self._count * 2 > len(slots):
            self._grow()
        return False

    def _grow(self) -> None:
        old = self._slots
        self._slots = array("Q", bytes(16 * len(old)))
        mask = len(self._slots) - 1
        for code in old:
            if code:
                i = code & mask
                while self._slots[i] != 0:
                    i = (i + 1) & mask
                self._slots[i] = code


def id_hash(case_id: str) -> int:
    """The hash :class:`IdHashes` keeps of ``case_id``."""
    return hash(case_id) & _MASK
