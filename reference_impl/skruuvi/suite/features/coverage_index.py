"""What each case of a case file covers, worked out once per case file and kept the way Python keeps a ``.pyc``.

Walking a case through the reference (:func:`~skruuvi.suite.features.coverage.case_coverage`) costs about what
replaying it costs, too much to do for every case of every run. So the checking pass asks a
:class:`CoverageIndex` for each case it keeps; the coverage of a case file's cases is kept in a small JSON file
(:func:`cache_dir`) under keys that cover everything it is worked out from:

* the sha256 of the case file's bytes;
* the sha256 of each ruleset file and of ``spec/errors.yaml``;
* the sha256 of the source of every module of :mod:`skruuvi.rules` and :mod:`skruuvi.interpreter` and of the
  modules that walk a case (:data:`SOURCES`), and the Python version.

An entry whose keys do not all hold is never read (another file name); a case the entry lacks (a run that selected
other cases of the file) is worked out and added. Nothing here decides a verdict: a case passes or fails on its
expectation alone; what it covers is what the run reports per rule and feature, and what ``--require-coverage``
checks. Writing is best effort (a read-only folder keeps nothing: the coverage is worked out on every run) and
atomic. The folder keeps the :data:`MAX_ENTRIES` newest entries.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ...rules.errors import SkruuviError
from ...rules.keyed_files import PACKAGE, read_capped, sha256_hex, write_whole
from ...rules.paths import rulesets_dir, spec_dir
from .coverage import Coverage, case_coverage, from_json

FORMAT = "skruuvi-coverage/1"
#: Entries kept in the folder (one per case file and keys): the oldest beyond it are removed.
MAX_ENTRIES = 256
#: A case file longer than this is keyed all the same, read in blocks.
_BLOCK = 1 << 20

SOURCES = ("suite/features/coverage.py", "suite/features/coverage_index.py", "suite/features/features.py",
           "suite/cases/cases.py")
"""The modules that walk a case, besides every module of ``rules/`` and ``interpreter/`` (read at run time)."""


def cache_dir() -> Path:
    """Where the entries are kept: beside this module's ``.pyc``, one folder per Python version."""
    return Path(__file__).resolve().parent / "__pycache__" / f"coverage.{sys.implementation.cache_tag}"


def _file_digest(path: Path) -> str | None:
    from hashlib import sha256

    digest = sha256()
    try:
        with open(path, "rb") as handle:
            while block := handle.read(_BLOCK):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _inputs_digest() -> str | None:
    """One sha256 over the rulesets, the error list, the code that walks a case and the Python version; None when
    one of them cannot be read."""
    parts = [FORMAT, sys.version]
    sources = sorted(str(p.relative_to(PACKAGE)) for folder in ("rules", "interpreter")
                     for p in (PACKAGE / folder).rglob("*.py"))
    for source in [*sources, *SOURCES]:
        data = read_capped(PACKAGE / source, 16 << 20)
        if data is None:
            return None
        parts.append(f"{source}:{sha256_hex(data)}")
    for path in [*sorted(rulesets_dir().glob("*.yaml")), spec_dir() / "errors.yaml"]:
        data = read_capped(path, 64 << 20)
        if data is None:
            return None
        parts.append(f"{path.name}:{sha256_hex(data)}")
    return sha256_hex("\n".join(parts).encode("utf-8"))


def _ruleset_of(record: Mapping[str, Any]) -> Any:
    from ...interpreter.replay import record_ruleset

    return record_ruleset(record)


def coverage_now(record: Mapping[str, Any]) -> Coverage | None:
    """What ``record`` covers under its ruleset and pinned readings, worked out now; None when the reference cannot
    walk it at all (an unknown ruleset, readings it cannot pin: the run says why elsewhere)."""
    try:
        return case_coverage(record, _ruleset_of(record))
    except (SkruuviError, TypeError, ValueError, KeyError, AttributeError):
        return None


class CoverageIndex:
    """Hands the checking pass each case's coverage, file by file (:meth:`for_file`, then :meth:`done`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or cache_dir()
        self._inputs: str | bool | None = False  # False: not worked out yet
        self._file: Path | None = None
        self._known: dict[str, Any] = {}
        self._added = False
        self.worked_out = 0
        """Cases whose coverage this run worked out (not found kept)."""

    def _entry_path(self, path: Path) -> Path | None:
        if self._inputs is False:
            self._inputs = _inputs_digest()
        digest = _file_digest(path) if self._inputs else None
        if digest is None:
            return None
        return self.folder / f"{sha256_hex(f'{self._inputs}:{digest}'.encode())[:40]}.json"

    def for_file(self, path: str | Path) -> Callable[[Mapping[str, Any]], Coverage | None]:
        """The coverage of each record of the case file ``path`` (kept ones read, the others worked out)."""
        self.done()
        self._file = self._entry_path(Path(path))
        cases: dict[str, int] = {}
        sets: list[Coverage] = []
        if self._file is not None:
            data = read_capped(self._file, 256 << 20)
            try:
                doc = json.loads(data) if data is not None else None
            except ValueError:
                doc = None
            if isinstance(doc, dict) and doc.get("format") == FORMAT:
                found = [from_json(value) for value in doc.get("sets") or ()]
                if all(found) and isinstance(doc.get("cases"), dict):
                    sets = [c for c in found if c is not None]
                    cases = {k: v for k, v in doc["cases"].items() if type(v) is int and 0 <= v < len(sets)}
        numbers = {coverage: n for n, coverage in enumerate(sets)}
        self._known = {"cases": cases, "sets": sets}

        def cover(record: Mapping[str, Any]) -> Coverage | None:
            case_id = record.get("id")
            number = cases.get(case_id) if isinstance(case_id, str) else None
            if number is not None:
                return sets[number]
            found = coverage_now(record)
            self.worked_out += 1
            if found is not None and isinstance(case_id, str):
                if found not in numbers:
                    numbers[found] = len(sets)
                    sets.append(found)
                cases[case_id] = numbers[found]
                self._added = True
            return found

        return cover

    def done(self) -> None:
        """Keep what this file's cases added (best effort)."""
        if self._file is not None and self._added:
            doc = {"format": FORMAT, "sets": [c.to_json() for c in self._known["sets"]],
                   "cases": self._known["cases"]}
            data = json.dumps(doc, separators=(",", ":")).encode("utf-8")
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass
            else:
                if write_whole(self._file, data):
                    _prune(self.folder)
        self._file, self._added = None, False


def _prune(folder: Path) -> None:
    try:
        entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return
    for old in entries[:-MAX_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(old)


__all__ = ["FORMAT", "MAX_ENTRIES", "CoverageIndex", "cache_dir", "coverage_now"]
