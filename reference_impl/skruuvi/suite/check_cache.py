"""Case files already checked, remembered by their bytes, so that checking the same file again costs no parse.

The checking pass (:class:`~skruuvi.suite.spool.CaseSpool`) reads every record of a case file strictly before a run.
Of a JSON Lines file that passed, it then knows all that the spool needs of each record: its id and ruleset, its
line, where its ``expect`` value stands in that line (:func:`~skruuvi.suite.case_text.expect_span`) and where its
public members stand (:func:`~skruuvi.suite.case_text.public_runs`). Written down as an *index*, these let the
next check of the very same bytes write the very same spool by cutting each line where the index says, without
parsing it. A record whose members' places are not known (an unusual line) is parsed again, as before.

What keys an index, so that it is never used for other bytes or by other code:

* its file is named for the sha256 of the case file's bytes (as they are on disk, compressed or not) and for
  :func:`code_digest`: the sha256 of the sources that read, check and cut records (:data:`SOURCES`), of the
  index format and of the Python version;
* each block of the index carries the sha256 of its bytes, checked before the block is read;
* the case file is hashed again as it is read the second time, and its digest compared at the end.

Any mismatch (a file changed between the two reads, an index cut short, corrupt, or not such a file) is
:class:`StaleIndex`: the spool is thrown away, the index removed, and the checking pass runs again without the
cache. The spool, and so the run, is never a different one.

Where the indexes are kept: ``$SKRUUVI_CACHE_DIR/checked`` (``SKRUUVI_CACHE_DIR`` set but empty: no cache), else
``$XDG_CACHE_HOME/skruuvi/checked``, else ``~/.cache/skruuvi/checked``. Writing is best effort (a folder that
cannot be written keeps no index) and atomic (a temporary file renamed into place), and only for files of at
least :data:`MIN_RECORDS` records. The folder keeps at most :data:`MAX_FILES` indexes and :data:`MAX_BYTES`
bytes; the least recently used are removed first. An index, or a folder, that another user could have written
is never used.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import marshal
import os
import stat
import struct
import sys
import time
from collections.abc import Iterator
from hashlib import sha256
from pathlib import Path
from typing import IO, Any

from ..rules.keyed_files import source_digests
from ..rules.readahead import read_ahead
from ..rules.yamlio import GZIP_BUFFER

#: The first bytes of an index file, then the record count and the block count (:data:`_HEADER`).
MAGIC = b"skruuvi-check/1\n"
_HEADER = struct.Struct("<16sQQ")
#: A block: its length and the sha256 of its bytes, then the bytes (a marshal of a list of entries).
_BLOCK = struct.Struct("<I32s")
#: Entries written per block.
BLOCK_ENTRIES = 2048
#: A JSON Lines file of fewer records is not remembered (hashing and indexing would cost more than they save).
MIN_RECORDS = 200
#: Indexes kept at most, and bytes in all.
MAX_FILES = 64
MAX_BYTES = 256 << 20
#: Bytes hashed at once.
_CHUNK = 1 << 20
#: A temporary index file untouched this many seconds was left by a process that stopped before it was done.
_ABANDONED = 3600
#: The sources an index is worked out by (below the package folder); a change to any of them is a miss.
SOURCES = ("rules/errors.py", "rules/jsonsafe.py", "rules/keyed_files.py", "rules/readahead.py", "rules/yamlio.py",
           "suite/case_text.py", "suite/cases.py", "suite/check_cache.py", "suite/spool.py")
#: A source longer than this is not read (nothing is remembered then).
MAX_SOURCE_BYTES = 16 << 20

#: One record as an index keeps it: ``(id, ruleset, line number, expect start, expect end, public runs)``, the
#: last three ``None`` when the record's members' places were not known (then its line is parsed again).
Entry = tuple[str, str, int, int | None, int | None, tuple[int, ...] | None]


class StaleIndex(Exception):
    """An index that does not hold for the file it was taken for (or is not a good index at all)."""

    def __init__(self, index: Path) -> None:
        super().__init__(str(index))
        self.index = index

    def remove(self) -> None:
        with contextlib.suppress(OSError):
            self.index.unlink()


def cache_folder() -> Path | None:
    """The folder the indexes are kept in, or ``None`` when the cache is off (``SKRUUVI_CACHE_DIR=``)."""
    chosen = os.environ.get("SKRUUVI_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) / "checked" if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "skruuvi" / "checked"


@functools.cache
def code_digest() -> str | None:
    """The sha256 of the index format, the Python version and :data:`SOURCES`; ``None`` when a source cannot be
    read (then nothing is remembered)."""
    sources = source_digests(SOURCES, MAX_SOURCE_BYTES)
    if sources is None:
        return None
    return sha256(MAGIC + repr((sys.version, sources)).encode("utf-8", "replace")).hexdigest()


def file_digest(path: str | Path) -> str | None:
    """The sha256 of the bytes of ``path``, or ``None`` when it cannot be read or is not a regular file (a link to
    ``/dev/zero`` never ends, and a pipe can be read once: such a file is only ever checked in full, whose line
    reader stops at its length limit)."""
    digest = sha256()
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            for block in iter(functools.partial(handle.read, _CHUNK), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


class _Hashing(io.RawIOBase):
    """A file's bytes as read, hashed on the way (:meth:`hexdigest` once it is read to its end)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw
        self._digest = sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = self._raw.readinto(buffer)  # type: ignore[attr-defined]
        if count:
            self._digest.update(memoryview(buffer)[:count])
        return count or 0

    def hexdigest(self) -> str:
        return self._digest.hexdigest()

    def close(self) -> None:
        self._raw.close()
        super().close()


class HashedReader:
    """The bytes of a case file, decompressed as :func:`~skruuvi.rules.yamlio.open_binary` does (ahead, in a thread),
    with the sha256 of its bytes on disk worked out as they are read."""

    def __init__(self, path: str | Path) -> None:
        self._hashing = _Hashing(open(path, "rb", buffering=0))  # noqa: SIM115 - closed by close()
        self.handle: IO[bytes]
        if str(path).lower().endswith(".gz"):
            self.handle = read_ahead(gzip.GzipFile(fileobj=io.BufferedReader(self._hashing, _CHUNK), mode="rb"),
                                     GZIP_BUFFER)
        else:
            self.handle = io.BufferedReader(self._hashing, buffer_size=GZIP_BUFFER)

    def digest_at_end(self) -> str:
        """The file's sha256 once all of it is read (what is left is read first)."""
        while self.handle.read(_CHUNK):
            pass
        return self._hashing.hexdigest()

    def close(self) -> None:
        self.handle.close()
        self._hashing.close()


def index_path(folder: Path, digest: str) -> Path | None:
    code = code_digest()
    return None if code is None else folder / f"{digest}.{code[:32]}.idx"


def _ours(info: os.stat_result) -> bool:
    """Owned by this user, and writable by nobody else: an index that another user could have written is not used
    (a block's sha256 finds damage, not forgery)."""
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def remembered(folder: Path | None, digest: str | None) -> Path | None:
    """The index of the file whose bytes hash to ``digest``, if one is kept in ``folder`` and both are this user's
    own (:func:`_ours`); its use time is refreshed."""
    if folder is None or digest is None:
        return None
    path = index_path(folder, digest)
    try:
        if path is None or not _ours(folder.stat()) or not _ours(path.lstat()) or not path.is_file():
            return None
    except OSError:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)
    return path


def entries(path: Path) -> Iterator[Entry]:
    """The entries of the index ``path``, in order; :class:`StaleIndex` as soon as it is found not to be such an
    index (a bad header or block, a count that does not add up at the end)."""
    try:
        with open(path, "rb") as handle:
            magic, records, blocks = _HEADER.unpack(handle.read(_HEADER.size))
            if magic != MAGIC:
                raise StaleIndex(path)
            seen = 0
            for _ in range(blocks):
                length, digest = _BLOCK.unpack(handle.read(_BLOCK.size))
                data = handle.read(length)
                if len(data) != length or sha256(data).digest() != digest:
                    raise StaleIndex(path)
                block = marshal.loads(data)
                if not isinstance(block, list):
                    raise StaleIndex(path)
                seen += len(block)
                yield from block
            if seen != records or handle.read(1):
                raise StaleIndex(path)
    except (OSError, ValueError, EOFError, TypeError, struct.error):
        raise StaleIndex(path) from None


class IndexWriter:
    """The index of one case file as its checking pass goes: :meth:`add` each record, then :meth:`commit` once
    the whole file checked clean (else :meth:`discard`). Nothing is kept when the folder cannot be written."""

    def __init__(self, folder: Path, digest: str) -> None:
        self._target = index_path(folder, digest)
        self._folder = folder
        self._pending: list[Entry] = []
        self._records = 0
        self._blocks = 0
        self._file: IO[bytes] | None = None
        if self._target is None:
            return
        self._temporary = self._target.with_name(f"{self._target.name}.{os.getpid()}.tmp")
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._file = os.fdopen(os.open(self._temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb")
            self._file.write(bytes(_HEADER.size))
        except OSError:
            self.discard()

    def add(self, entry: Entry) -> None:
        if self._file is None:
            return
        self._pending.append(entry)
        if len(self._pending) == BLOCK_ENTRIES:
            self._flush()

    def _flush(self) -> None:
        if self._file is None or not self._pending:
            return
        data = marshal.dumps(self._pending)
        try:
            self._file.write(_BLOCK.pack(len(data), sha256(data).digest()))
            self._file.write(data)
        except OSError:
            self.discard()
            return
        self._records += len(self._pending)
        self._blocks += 1
        self._pending = []

    def commit(self) -> None:
        """Keep the index (when the file had :data:`MIN_RECORDS` records at least), then prune the folder."""
        if self._file is None:
            return
        if self._records + len(self._pending) < MIN_RECORDS:
            self.discard()
            return
        self._flush()
        if self._file is None:
            return
        try:
            self._file.seek(0)
            self._file.write(_HEADER.pack(MAGIC, self._records, self._blocks))
            self._file.close()
            self._file = None
            os.replace(self._temporary, self._target)  # type: ignore[arg-type]
        except OSError:
            self.discard()
            return
        prune(self._folder)

    def discard(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None
        self._pending = []
        with contextlib.suppress(OSError, AttributeError):
            self._temporary.unlink()


def prune(folder: Path, max_files: int = MAX_FILES, max_bytes: int = MAX_BYTES) -> None:
    """Remove the least recently used indexes of ``folder`` beyond ``max_files`` files or ``max_bytes`` bytes (and
    temporary files of writers that stopped :data:`_ABANDONED` seconds ago or more)."""
    kept: list[tuple[float, int, Path]] = []
    try:
        for item in folder.iterdir():
            with contextlib.suppress(OSError):
                info = item.stat()
                if item.suffix == ".idx":
                    kept.append((info.st_mtime, info.st_size, item))
                elif item.suffix == ".tmp" and info.st_mtime < time.time() - _ABANDONED:  # a writer that died
                    item.unlink()
    except OSError:
        return
    kept.sort(reverse=True)
    total = 0
    for n, (_, size, item) in enumerate(kept):
        total += size
        if n >= max_files or total > max_bytes:
            with contextlib.suppress(OSError):
                item.unlink()


__all__ = ["MIN_RECORDS", "Entry", "HashedReader", "IndexWriter", "StaleIndex", "cache_folder", "code_digest",
           "entries", "file_digest", "prune", "remembered"]
