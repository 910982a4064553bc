"""The feature tags of ``serve``'s start answer, kept between processes the way Python keeps a ``.pyc``.

Working the tags out (:func:`~skruuvi.suite.features.features.feature_tags` of each ruleset's outline) means importing
the ruleset compiler and parsing three YAML files: most of the time a plain ``skruuvi serve`` takes to its first answer.
Measured (15 paired starts of ``serve`` answering ``start``, the machine shared and loaded): 164 ms of CPU without
this cache, 102 ms with it, a gain of 38 % of the step; without it the start answer misses its 100 ms. So the
tags, once worked out, are written to a small file (:func:`cache_file`) under the keys they depend on, every key
stored in the file and checked at every use:

* the sha256 of each ruleset file's bytes (the tags are worked out from those very bytes, read once:
  :func:`~skruuvi.rules.ruleset.outline_of`; a file changed while it is read is worked out from the bytes whose
  hash is kept, and the next start, reading the new bytes, misses);
* the sha256 of the source of each ``skruuvi`` module they are worked out by (:data:`SOURCES`: the compiler, the
  YAML reader, :mod:`skruuvi.suite.features.features`, ...: a changed line of that code is a miss);
* the format (:data:`FORMAT`), the Python version, and the size and modification time of PyYAML's files (as
  Python keys a ``.pyc``: hashing PyYAML's 2.8 MB would cost a start about 12 ms).

The file is the sha256 of its payload (hex, one line), then the payload (JSON): a file cut short or changed in
any byte is a miss. :func:`every_feature` uses an entry only when the file is whole and every key still holds;
anything else (no file, a stale key, another file's entries, a file that is not such a cache, unreadable) is a
miss: the tags are worked out as before and the file written anew. The answer is never a different one
(``tests/suite/features/test_feature_cache.py`` corrupts the file in each of these ways). Writing is best effort
(a read-only folder keeps no cache) and atomic (a temporary file renamed over the old one), so that parallel starts
never read a half-written file.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from ...rules.paths import rulesets_dir

#: The cache file's format; a file of another format is a miss.
FORMAT = "skruuvi-feature-cache/2"
#: A ruleset file longer than this is never cached (as :data:`skruuvi.rules.yamlio.MAX_FILE_BYTES`: the outline
#: refuses it, with its own error).
MAX_RULESET_BYTES = 64 << 20
#: Entries kept (of other rulesets' bytes, e.g. another ``SKRUUVI_HOME``): the newest first.
MAX_ENTRIES = 24


def cache_file() -> Path:
    """Where the cache is kept: beside this module's ``.pyc`` (``__pycache__``), named for the Python version."""
    return Path(__file__).resolve().parent / "__pycache__" / f"feature-tags.{sys.implementation.cache_tag}.json"


#: The package folder: module sources are named by their path below it.
PACKAGE = Path(__file__).resolve().parents[2]


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


def _stat(path: str) -> list[int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


#: The sources the tags are worked out by (below the package folder): the modules that importing the compiler and
#: :mod:`skruuvi.suite.features.features` loads, and this one (a test holds the list to what those imports load).
SOURCES = (
    "__init__.py", "rules/__init__.py", "rules/errors.py", "rules/expr.py", "rules/files.py", "rules/jsonsafe.py",
    "rules/numbers.py", "rules/paths.py", "rules/phases.py", "rules/readahead.py", "rules/ruleset.py",
    "rules/yamlio.py", "suite/__init__.py", "suite/cases/__init__.py", "suite/cases/answer_shape.py",
    "suite/cases/case_text.py", "suite/cases/cases.py", "suite/cases/id_hashes.py", "suite/cases/selection.py",
    "suite/features/__init__.py", "suite/features/feature_cache.py", "suite/features/features.py",
    "suite/scp/__init__.py", "suite/scp/protocol.py",
)


def _code_keys() -> list[list[str]] | None:
    """``[source, sha256 of its bytes]`` of each of :data:`SOURCES`; ``None`` when one cannot be read."""
    return source_digests(SOURCES, MAX_RULESET_BYTES)


def _library_keys() -> list[list[Any]]:
    """``[file, size, mtime_ns]`` of PyYAML's module and its C extension, as loaded now."""
    keys: list[list[Any]] = []
    for name in ("yaml", "yaml._yaml", "_yaml"):
        file = getattr(sys.modules.get(name), "__file__", None)
        if isinstance(file, str):
            keys.append([file, *(_stat(file) or [-1, -1])])
    return keys


def _code_holds(code: Any, libraries: Any) -> bool:
    """The module sources and library files of a cache file are still the ones it was written with."""
    keys = _code_keys()
    if keys is None or code != keys or not isinstance(libraries, list) or not libraries:
        return False
    for entry in libraries:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                and _stat(entry[0]) == entry[1:]):
            return False
    return True


def _entries(doc: Any) -> dict[tuple[str, str], list[str]] | None:
    """The ``(ruleset id, sha256) -> tags`` of a cache file's document whose keys hold, else ``None``."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("python") != sys.version:
        return None
    rulesets = doc.get("rulesets")
    if not isinstance(rulesets, list) or not _code_holds(doc.get("code"), doc.get("libraries")):
        return None
    entries: dict[tuple[str, str], list[str]] = {}
    for entry in rulesets:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                and isinstance(entry[1], str) and isinstance(entry[2], list)
                and all(isinstance(tag, str) for tag in entry[2])):
            return None
        entries[(entry[0], entry[1])] = entry[2]
    return entries


def framed(payload: bytes) -> bytes:
    """A cache file's bytes: the sha256 of ``payload`` (hex) on a line of its own, then ``payload``."""
    return sha256_hex(payload).encode("ascii") + b"\n" + payload


def unframed(data: bytes) -> bytes | None:
    """The payload of a cache file's bytes when its sha256 is the one the file starts with, else ``None``."""
    digest, newline, payload = data.partition(b"\n")
    if not newline or len(digest) != 64 or sha256_hex(payload).encode("ascii") != digest:
        return None
    return payload


def load_entries(path: Path | None = None) -> dict[tuple[str, str], list[str]]:
    """The usable entries of the cache file (none when it is missing, cut short, changed, stale or not such a
    file)."""
    data = read_capped(path or cache_file(), 1 << 20)
    payload = None if data is None else unframed(data)
    if payload is None:
        return {}
    try:
        entries = _entries(json.loads(payload))
    except (ValueError, RecursionError):  # not JSON (or absurdly nested): a miss
        return {}
    return entries or {}


def _worked_out(ruleset_id: str, data: bytes | None) -> list[str] | None:
    """The tags of a ruleset worked out (from ``data``, its file's bytes; when these could not be read, as
    :func:`~skruuvi.rules.ruleset.ruleset_outline` reads the file); ``None`` when it does not compile."""
    from ...rules.ruleset import outline_of, ruleset_outline
    from .features import feature_tags

    try:
        return feature_tags(ruleset_outline(ruleset_id) if data is None else outline_of(ruleset_id, data))
    except Exception:  # an unchecked document may fail in any way: the ruleset is left out, as before
        return None


def every_feature(rulesets: list[str], path: Path | None = None) -> dict[str, list[str]]:
    """Every feature tag of each of ``rulesets`` that compiles (a ruleset that does not is left out: its cases
    fail on their own, with the schema's reason), from the cache file ``path`` (default :func:`cache_file`)
    where its keys hold, else worked out (and the cache written anew)."""
    path = path or cache_file()
    folder = rulesets_dir()
    contents = {rid: read_capped(folder / f"{rid}.yaml", MAX_RULESET_BYTES) for rid in rulesets}
    digests = {rid: sha256_hex(data) for rid, data in contents.items() if data is not None}
    entries = load_entries(path) if digests else {}
    out: dict[str, list[str]] = {}
    missed = False
    for rid in rulesets:
        tags = entries.get((rid, digests[rid])) if rid in digests else None
        if tags is None:
            missed = True
            tags = _worked_out(rid, contents[rid])
            if tags is not None and rid in digests:
                entries = {(rid, digests[rid]): tags, **entries}
        if tags is not None:
            out[rid] = list(tags)
    code = _code_keys() if missed and entries else None
    if code is not None:
        kept = list(entries.items())[:MAX_ENTRIES]
        doc = {"format": FORMAT, "python": sys.version, "code": code, "libraries": _library_keys(),
               "rulesets": [[rid, digest, tags] for (rid, digest), tags in kept]}
        write_whole(path, framed(json.dumps(doc, separators=(",", ":")).encode("utf-8")))  # (nothing when it cannot)
    return out


__all__ = ["FORMAT", "cache_file", "every_feature", "framed", "load_entries", "unframed"]
