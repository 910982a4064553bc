"""The small files the caches read and write, handled one way: at most so many bytes read, sources keyed by sha256,
entries written whole or not at all.

Two caches remember work between processes, each keyed by the bytes it was worked out from and by the code that
did it: the feature tags of ``serve``'s start (:mod:`skruuvi.suite.features.feature_cache`) and checked ruleset
documents (:mod:`skruuvi.rules.ruleset_cache`). They share what this module does; what each keeps, and under which keys,
is theirs. (No verdict of a run is remembered: every run checks its case files anew.)
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

#: The package folder: module sources are named by their path below it.
PACKAGE = Path(__file__).resolve().parents[1]


def read_capped(path: str | Path, limit: int) -> bytes | None:
    """The bytes of ``path``, or ``None`` when it cannot be read or holds more than ``limit`` bytes."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def sha256_hex(data: bytes) -> str:
    from hashlib import sha256  # here: a start that finds nothing to check never imports it

    return sha256(data).hexdigest()


def source_digests(sources: tuple[str, ...], limit: int) -> list[list[str]] | None:
    """``[source, sha256 of its bytes]`` of each of ``sources`` (paths below :data:`PACKAGE`); ``None`` when one
    cannot be read (then nothing is remembered)."""
    keys = []
    for source in sources:
        data = read_capped(PACKAGE / source, limit)
        if data is None:
            return None
        keys.append([source, sha256_hex(data)])
    return keys


def write_whole(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file renamed over it (a reader never sees half of it), making
    its folder if need be; False, and nothing left behind, when that cannot be done."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True


__all__ = ["PACKAGE", "read_capped", "sha256_hex", "source_digests", "write_whole"]
