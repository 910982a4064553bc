"""The cases of a conformance run: what a case is, its checks, and loading cases lazily from files.

Case files are read one record at a time (:func:`iter_cases`), so a suite of any size streams through
the runner with flat memory; only a 64-bit hash of each id seen so far is kept, to reject duplicates. Which
cases run is a :class:`~skruuvi.suite.cases.selection.Selection`; the checking pass before a run, and the cases it keeps
for the run, are :class:`~skruuvi.suite.cases.spool.CaseSpool`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...rules.errors import CaseFormatError, InputError
from ...rules.yamlio import Source, find_case_files, iter_records, iter_spanned_records, read_lines
from .id_hashes import _SeenIds, id_hash
from .selection import Selection, parse_shard, shard_of

PLAYED_UNDER = "played_under_readings"
"""The key (value ``true``) of a record played under its ``readings`` for engines that declare them (``skruuvi
generate --readings``): sent only to an engine that declares each of those readings, or lists ``case-readings``
(:mod:`skruuvi.suite.run.declare`)."""

LEGAL_EXPECTATIONS = ("legal", "perft")
"""The expectations judged through SCP/1 ``legal`` (a legal set, a perft count), not ``run``."""


@dataclass(frozen=True)
class Case:
    """One record of the suite with where it came from.

    ``request``, when set, is the case as the engine sees it (without ``expect`` and ``justification``),
    encoded once as the compact JSON of a run request's ``case``: the runner sends these bytes as they are.
    A case read back from a :class:`~skruuvi.suite.cases.spool.CaseSpool` has it, and its ``record`` then holds only
    ``id``, ``ruleset`` and ``expect`` unless the spool is read with ``full_records``.
    """

    id: str
    ruleset: str
    file: str
    location: str | None
    record: dict[str, Any]
    judged_under: Mapping[str, Any] | None = field(default=None, kw_only=True)
    """The readings the runner worked this case's ``expect`` out under (the engine declared them), if any."""
    coverage: Any = field(default=None, compare=False, repr=False, kw_only=True)
    """What the case covers (:class:`~skruuvi.suite.features.coverage.Coverage`: the rules that decided its expected
    answer and its feature tags) when the run worked it out, else None."""
    request: bytes | None = field(default=None, compare=False, repr=False, kw_only=True)
    answer: tuple[Any, bytes] | None = field(default=None, compare=False, repr=False, kw_only=True)
    """``(expect.result, a JSON text of it)`` for a case read back from a :class:`~skruuvi.suite.cases.spool.CaseSpool`
    whose ``expect`` is a result (the text as the case's JSON line writes it, or its compact JSON:
    :func:`~skruuvi.suite.cases.case_text.answer_for`), ``(expect.error, a JSON text of it)`` for one that expects a
    well-formed error (:func:`~skruuvi.suite.cases.case_text.error_answer`): the runner passes an answer that is these
    bytes exactly without decoding it (and decodes and judges every other answer). Used only while
    ``expect.result`` (``expect.error``) is still that very object."""

    @property
    def expect(self) -> dict[str, Any]:
        return self.record["expect"]

    @property
    def where(self) -> str:
        return f"{self.file}: {self.location}" if self.location else self.file


def _spooled_case(case_id: str, ruleset: str, file: str, location: str | None, record: dict[str, Any],
                  request: bytes, answer: tuple[Any, bytes] | None, coverage: Any = None) -> Case:
    """``Case(case_id, ruleset, file, location, record, request=request, answer=answer)``, the same object, made
    quicker: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and the spool makes
    one a case (a test holds the two equal, field by field)."""
    case = object.__new__(Case)
    case.__dict__.update(id=case_id, ruleset=ruleset, file=file, location=location, record=record,
                         judged_under=None, coverage=coverage, request=request, answer=answer)
    return case


def check_record(record: Any, file: str, location: str | None) -> Case:
    """Turn a loaded record into a :class:`Case`, or raise :class:`CaseFormatError` saying what is missing."""
    case_id, ruleset = check_fields(record, file, location)
    return Case(case_id, ruleset, file, location, record)


#: The kinds of expectation; a case's ``expect`` holds exactly one.
_EXPECT_KINDS = frozenset({"result", "error", "match", "legal", "perft"})


def check_fields(record: Any, file: str, location: str | None) -> tuple[str, str]:
    """:func:`check_record` (the same checks, the same errors) without making the :class:`Case`: the record's
    ``(id, ruleset)``."""
    def fail(reason: str, path: str | None = None) -> CaseFormatError:
        return CaseFormatError(reason, file=file, path=" ".join(p for p in (location, path) if p) or None)

    if not isinstance(record, dict):
        raise fail("a case must be a mapping")
    case_id, ruleset, expect = record.get("id"), record.get("ruleset"), record.get("expect")
    if not isinstance(case_id, str) or not case_id:
        raise fail("a case needs a string id")
    if not isinstance(ruleset, str) or not ruleset:
        raise fail("a case needs a string ruleset", f"{case_id}:")
    if not isinstance(expect, dict):
        raise fail("a case needs an expect mapping to be judged", f"{case_id}:")
    kinds = expect.keys() & _EXPECT_KINDS
    if len(kinds) != 1:
        raise fail("expect must hold exactly one of result, error, match, legal or perft", f"{case_id}: expect")
    (kind,) = kinds
    if kind == "legal":
        if not isinstance(expect["legal"], list) or not all(isinstance(a, str) for a in expect["legal"]):
            raise fail("expect.legal must be a list of action strings", f"{case_id}: expect.legal")
    elif kind == "perft":
        perft = expect["perft"]
        if not isinstance(perft, dict) or set(perft) != {"depth", "count"} or not all(
                type(perft[k]) is int and perft[k] >= 0 for k in perft):
            raise fail("expect.perft must be {depth: n, count: n} (non-negative integers)", f"{case_id}: expect.perft")
    elif not isinstance(expect[kind], dict):
        raise fail(f"expect.{kind} must be a mapping", f"{case_id}: expect")
    return case_id, ruleset


# ---------------------------------------------------------------------------------------------------
# Loading


def _first_location(paths: list[str | Path], case_id: str) -> str:
    """Where ``case_id`` first occurs (only looked up to word a duplicate-id error)."""
    for file_path in find_case_files(paths):
        for file, location, record in iter_records(file_path):
            if isinstance(record, dict) and record.get("id") == case_id:
                return f"{file}: {location}" if location else file
    return "an earlier record"


def _records(path: Path, *, spanned: bool = False) -> Iterator[tuple[str, str | None, Any, Source | None]]:
    """The records of one case file; with ``spanned`` each with its JSON line and where its members are when that
    is known (:func:`~skruuvi.rules.yamlio.iter_spanned_records`), else ``None``. A truncated or corrupt file is a
    :class:`CaseFormatError` (the readers say so: :func:`~skruuvi.rules.yamlio.read_lines`)."""
    if spanned:
        yield from iter_spanned_records(path)
    else:
        for file, location, record in iter_records(path):
            yield file, location, record, None


def list_case_files(paths: Iterable[str | Path]) -> list[Path]:
    """The case files under ``paths`` (directories searched, files kept), or :class:`InputError` for a
    missing path. Listing once lets several passes over the suite see the same files."""
    paths = list(paths)
    for path in paths:
        if not Path(path).exists():
            raise InputError("no such file or directory", file=str(path))
    return find_case_files(paths)


def first_duplicate(paths: list[str | Path], suspects: set[int], records: int) -> CaseFormatError | None:
    """The error of the first record, among the first ``records`` under ``paths``, whose id an earlier one has,
    looking only at ids whose :func:`~skruuvi.suite.cases.id_hashes.id_hash` is in ``suspects``; ``None`` when no id
    comes twice (the hashes were shared by different ids)."""
    first: dict[str, str] = {}
    for file_path in list_case_files(paths):
        for file, location, record, _ in itertools.islice(_records(file_path), records):
            records -= 1
            case_id = record.get("id") if isinstance(record, dict) else None
            if isinstance(case_id, str) and id_hash(case_id) in suspects:
                if case_id in first:
                    return CaseFormatError(f"duplicate case id {case_id!r} (first in {first[case_id]})", file=file,
                                           path=location)
                first[case_id] = f"{file}: {location}" if location else file
        if records <= 0:
            break
    return None


def iter_cases(paths: Iterable[str | Path], selection: Selection | None = None, *,
               check_duplicates: bool = True) -> Iterator[Case]:
    """The selected cases under ``paths`` (files or directories), in file order, read lazily.

    Raises :class:`~skruuvi.rules.errors.InputError` for a missing path, an unreadable or malformed record,
    or a duplicate id (among all cases, selected or not): a suite that cannot be loaded is a setup
    error, not a failure of the engine.
    """
    paths = list(paths)
    selection = selection or Selection()
    seen = _SeenIds()
    for file_path in list_case_files(paths):
        for file, location, record, _ in _records(file_path):
            case = check_record(record, file, location)
            if check_duplicates and seen.add(case.id):
                first = _first_location(paths, case.id)
                if first != case.where:  # else only the hash was met before: this is the id's first record
                    raise CaseFormatError(f"duplicate case id {case.id!r} (first in {first})", file=file,
                                          path=location)
            if selection.accepts(case):
                yield case


def count_cases(paths: Iterable[str | Path], selection: Selection | None = None) -> int:
    """Check every case under ``paths`` (as :func:`iter_cases` does) and count the selected ones."""
    return sum(1 for _ in iter_cases(paths, selection))


def load_cases(paths: Iterable[str | Path], rulesets: Iterable[str] | None = None) -> list[Case]:
    """All cases under ``paths`` of ``rulesets`` (all when empty), as a list: see :func:`iter_cases`."""
    return list(iter_cases(paths, Selection(rulesets=frozenset(rulesets or ()))))


def load_known_failures(path: str | Path) -> set[str]:
    """Case ids listed one per line in ``path``; ``#`` starts a comment."""
    ids: set[str] = set()
    try:
        with open(path, "rb") as handle:
            for number, line in enumerate(read_lines(handle, str(path), limit=1 << 16), start=1):
                if isinstance(line, InputError):
                    raise InputError(f"known-failures file: {line.reason}", file=str(path), path=f"line {number}")
                ids.add(line.split("#", 1)[0].strip())
    except OSError as exc:
        raise InputError(f"cannot read known-failures file: {exc.strerror or exc}", file=str(path)) from None
    except CaseFormatError as exc:
        raise InputError(f"known-failures file: {exc.reason}", file=str(path), path=exc.path) from None
    return ids - {""}


__all__ = ["LEGAL_EXPECTATIONS", "PLAYED_UNDER", "Case", "Selection", "check_fields", "check_record", "count_cases",
           "first_duplicate", "iter_cases", "list_case_files", "load_cases", "load_known_failures", "parse_shard",
           "shard_of"]
