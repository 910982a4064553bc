"""What each case of a case file covers, worked out once per case file and kept the way Python keeps a ``.pyc``.

Walking a case through the reference (:func:`~skruuvi.suite.features.coverage.case_coverage`) costs about what
replaying it costs. Measured over the checkout's 43,553 cases (hand-written and generated; the checking pass and
reading the cases back, CPU time, two paired rounds on a shared, loaded machine): 2.6-3.0 s without coverage,
7.9 s with every case walked, 2.6-3.0 s with the coverage read from these entries; so the entries save about 60 %
of the step they serve, and without them a run of the generated suites would lose its 10,000 cases/s. So the
checking pass asks a :class:`CoverageIndex` for each case it keeps, and what a case file's cases cover is kept in a
small file of its own (in :func:`cache_dir`), under keys stored in the file and checked at every use:

* the sha256 of the case file's bytes (read in blocks; the entry is named after it; a file whose bytes change
  while the run reads it gets no entry);
* the sha256 of each ruleset file and of ``spec/errors.yaml`` (a case covers rules of its ruleset, and an error the
  rules that list names);
* the sha256 of the source of every module of :mod:`skruuvi.rules` and :mod:`skruuvi.interpreter` and of the
  modules that walk a case (:data:`SOURCES`);
* the format (:data:`FORMAT`) and the Python version.

The file is the sha256 of its payload (hex, one line), then the payload (JSON), as
:mod:`~skruuvi.suite.features.feature_cache` writes its own: a file cut short, changed in any byte, stale in any key,
of another format or another case file is a miss, and the cases are worked out again and the entry written anew. A
case the entry lacks (a run that selected other cases of the file) is worked out and added. Nothing here decides
whether a case passes: a case passes or fails on its expectation alone; what it covers is what the run reports per
rule and feature, and what ``--require-coverage`` checks (``tests/suite/features/test_coverage.py`` corrupts the
entries in each of these ways and gets the same coverage back). Writing is best effort (a read-only folder keeps
nothing: the coverage is worked out on every run) and atomic. The folder keeps the :data:`MAX_ENTRIES` newest
entries.
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
from ...rules.files import open_regular
from ...rules.paths import rulesets_dir, spec_dir
from .coverage import Coverage, case_coverage, from_json
from .feature_cache import PACKAGE, framed, read_capped, sha256_hex, unframed, write_whole

FORMAT = "skruuvi-coverage/2"
#: Entries kept in the folder (one per case file: the checkout has about 900): the oldest beyond it are removed.
MAX_ENTRIES = 4096
#: An entry longer than this is not read (a miss).
MAX_ENTRY_BYTES = 256 << 20
#: A case file is hashed in blocks of this size.
_BLOCK = 1 << 20

SOURCES = ("suite/features/coverage.py", "suite/features/coverage_index.py", "suite/features/features.py",
           "suite/cases/cases.py")
"""The modules that walk a case, besides every module of ``rules/`` and ``interpreter/`` (listed at run time)."""


def cache_dir() -> Path:
    """Where the entries are kept: beside this module's ``.pyc``, one folder per Python version."""
    return Path(__file__).resolve().parent / "__pycache__" / f"coverage.{sys.implementation.cache_tag}"


def _file_digest(path: Path) -> str | None:
    from hashlib import sha256

    digest = sha256()
    try:
        with open_regular(path) as handle:  # a FIFO or a device is no case file: never read from it
            while block := handle.read(_BLOCK):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def input_keys() -> dict[str, Any] | None:
    """The keys every entry is kept under besides its case file's: ``{"format", "python", "code": [[source,
    sha256]...], "spec": [[file, sha256]...]}``; None when one of the inputs cannot be read (then nothing is kept)."""
    sources = sorted(str(p.relative_to(PACKAGE)) for folder in ("rules", "interpreter")
                     for p in (PACKAGE / folder).rglob("*.py"))
    code = []
    for source in [*sources, *SOURCES]:
        data = read_capped(PACKAGE / source, 16 << 20)
        if data is None:
            return None
        code.append([source, sha256_hex(data)])
    spec = []
    for path in [*sorted(rulesets_dir().glob("*.yaml")), spec_dir() / "errors.yaml"]:
        data = read_capped(path, 64 << 20)
        if data is None:
            return None
        spec.append([path.name, sha256_hex(data)])
    return {"format": FORMAT, "python": sys.version, "code": code, "spec": spec}


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


def _read_entry(path: Path, keys: Mapping[str, Any], digest: str) -> tuple[dict[str, int], list[Coverage]]:
    """``(case id -> number, coverages)`` of the entry at ``path`` when it is whole and every key holds, else empty."""
    data = read_capped(path, MAX_ENTRY_BYTES)
    payload = None if data is None else unframed(data)
    if payload is None:
        return {}, []
    try:
        doc = json.loads(payload)
    except (ValueError, RecursionError):
        return {}, []
    if not isinstance(doc, dict) or doc.get("case_file") != digest or any(doc.get(k) != v for k, v in keys.items()):
        return {}, []
    raw_sets, raw_cases = doc.get("sets"), doc.get("cases")
    if not isinstance(raw_sets, list) or not isinstance(raw_cases, dict):
        return {}, []
    sets = [from_json(value) for value in raw_sets]
    if not all(sets):
        return {}, []
    kept = [c for c in sets if c is not None]
    cases = {k: v for k, v in raw_cases.items() if type(v) is int and 0 <= v < len(kept)}
    if len(cases) != len(raw_cases):
        return {}, []
    return cases, kept


class CoverageIndex:
    """Hands the checking pass each case's coverage, file by file (:meth:`for_file` for each, then :meth:`finish`)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or cache_dir()
        self._keys: dict[str, Any] | bool | None = False  # False: not worked out yet
        self._file: Path | None = None
        self._source: Path | None = None
        self._digest = ""
        self._known: tuple[dict[str, int], list[Coverage]] = ({}, [])
        self._added = False
        self._written = False
        self.worked_out = 0
        """Cases whose coverage this run worked out (not found kept)."""

    def _entry_path(self, path: Path) -> Path | None:
        if self._keys is False:
            self._keys = input_keys()
        digest = _file_digest(path) if self._keys else None
        if digest is None:
            return None
        self._digest = digest
        return self.folder / f"{digest[:40]}.json"

    def for_file(self, path: str | Path) -> Callable[[Mapping[str, Any]], Coverage | None]:
        """The coverage of each record of the case file ``path`` (kept ones read, the others worked out)."""
        self.done()
        self._source = Path(path)
        self._file = self._entry_path(self._source)
        cases: dict[str, int] = {}
        sets: list[Coverage] = []
        if self._file is not None and isinstance(self._keys, dict):
            cases, sets = _read_entry(self._file, self._keys, self._digest)
        numbers = {coverage: n for n, coverage in enumerate(sets)}
        self._known = (cases, sets)

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
        """Keep what this file's cases added (best effort; not when the file changed while it was read: the cases
        were worked out from bytes other than the ones its entry would be kept under)."""
        if (self._file is not None and self._added and isinstance(self._keys, dict) and self._source is not None
                and _file_digest(self._source) == self._digest):
            cases, sets = self._known
            doc = {**self._keys, "case_file": self._digest, "sets": [c.to_json() for c in sets], "cases": cases}
            data = framed(json.dumps(doc, separators=(",", ":")).encode("utf-8"))
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass
            else:
                self._written |= write_whole(self._file, data)
        self._file, self._added = None, False

    def finish(self) -> None:
        """:meth:`done`, and the oldest entries beyond :data:`MAX_ENTRIES` removed when any was written."""
        self.done()
        if self._written:
            _prune(self.folder)
            self._written = False


def _prune(folder: Path) -> None:
    try:
        entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return
    for old in entries[:-MAX_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(old)


__all__ = ["FORMAT", "MAX_ENTRIES", "CoverageIndex", "cache_dir", "coverage_now", "input_keys"]
