"""The cases of a conformance run: loading them lazily from files, and choosing which ones run.

Case files are read one record at a time (:func:`iter_cases`), so a suite of any size streams through
the runner with flat memory; only a 64-bit hash of each id seen so far is kept, to reject duplicates. A
:class:`Selection` keeps the cases of some rulesets, those whose ids match ``--run`` globs and none of
the ``--skip`` globs, and one shard ``K/N`` of the rest, by a stable hash of the case id (the same id
falls in the same shard on every machine and in every run, whatever the other cases are).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from json.scanner import make_scanner
from pathlib import Path
from typing import Any

from ..rules.errors import CaseFormatError, InputError
from ..rules.yamlio import Source, find_case_files, iter_records, iter_spanned_records, read_lines
from .case_text import answer_for, canonical_answer, encode_canonical, error_answer, expect_text, public_text
from .id_hashes import IdHashes, _SeenIds, id_hash

LEGAL_EXPECTATIONS = ("legal", "perft")
"""The expectations judged through SCP/1 ``legal`` (a legal set, a perft count), not ``run``."""


@dataclass(frozen=True)
class Case:
    """One record of the suite with where it came from.

    ``request``, when set, is the case as the engine sees it (without ``expect`` and ``justification``),
    encoded once as the compact JSON of a run request's ``case``: the runner sends these bytes as they are.
    A case read back from a :class:`CaseSpool` has it, and its ``record`` then holds only ``id``,
    ``ruleset`` and ``expect`` unless the spool is read with ``full_records``.
    """

    id: str
    ruleset: str
    file: str
    location: str | None
    record: dict[str, Any]
    judged_under: Mapping[str, Any] | None = field(default=None, kw_only=True)
    """The readings the runner worked this case's ``expect`` out under (the engine declared them), if any."""
    request: bytes | None = field(default=None, compare=False, repr=False, kw_only=True)
    answer: tuple[Any, bytes] | None = field(default=None, compare=False, repr=False, kw_only=True)
    """``(expect.result, a JSON text of it)`` for a case read back from a :class:`CaseSpool` whose ``expect`` is
    a result (the text as the case's JSON line writes it, or its compact JSON:
    :func:`~skruuvi.suite.case_text.answer_for`), ``(expect.error, a JSON text of it)`` for one that expects a
    well-formed error (:func:`~skruuvi.suite.case_text.error_answer`): the runner passes an answer that is these
    bytes exactly without decoding it (and decodes and judges every other answer). Used only while
    ``expect.result`` (``expect.error``) is still that very object."""

    @property
    def expect(self) -> dict[str, Any]:
        return self.record["expect"]

    @property
    def where(self) -> str:
        return f"{self.file}: {self.location}" if self.location else self.file


def _spooled_case(case_id: str, ruleset: str, file: str, location: str | None, record: dict[str, Any],
                  request: bytes, answer: tuple[Any, bytes] | None) -> Case:
    """``Case(case_id, ruleset, file, location, record, request=request, answer=answer)``, the same object, made
    quicker: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and the spool makes
    one a case (a test holds the two equal, field by field)."""
    case = object.__new__(Case)
    case.__dict__.update(id=case_id, ruleset=ruleset, file=file, location=location, record=record,
                         judged_under=None, request=request, answer=answer)
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
# Selection


def parse_shard(text: str) -> tuple[int, int]:
    """``"K/N"`` as ``(K, N)`` with ``1 <= K <= N``; :class:`ValueError` with the reason otherwise."""
    k_text, sep, n_text = text.strip().partition("/")
    try:
        k, n = int(k_text), int(n_text)
    except ValueError:
        raise ValueError(f"expected K/N (e.g. 2/4), got {text!r}") from None
    if not sep or n < 1 or not 1 <= k <= n:
        raise ValueError(f"expected K/N with 1 <= K <= N, got {text!r}")
    return k, n


def shard_of(case_id: str, shards: int) -> int:
    """The 1-based shard of ``case_id`` among ``shards``: sha256 of the UTF-8 id, as an integer, mod N."""
    digest = hashlib.sha256(case_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % shards + 1


@dataclass(frozen=True)
class Selection:
    """Which cases run: rulesets (empty: all), ``--run``/``--skip`` globs on ids, one shard ``(K, N)``."""

    rulesets: frozenset[str] = frozenset()
    run: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    shard: tuple[int, int] = (1, 1)

    def accepts(self, case: Case) -> bool:
        return self.accepts_id(case.id, case.ruleset)

    def accepts_id(self, case_id: str, ruleset: str) -> bool:
        """:meth:`accepts` for the case of this id and ruleset."""
        if not (self.rulesets or self.run or self.skip) and self.shard[1] == 1:
            return True  # nothing is filtered
        if self.rulesets and ruleset not in self.rulesets:
            return False
        if self.run and not any(fnmatchcase(case_id, glob) for glob in self.run):
            return False
        if any(fnmatchcase(case_id, glob) for glob in self.skip):
            return False
        k, n = self.shard
        return n == 1 or shard_of(case_id, n) == k

    def describe(self) -> str:
        """The selection in words, for "no cases ... found" messages; empty when nothing is filtered."""
        parts = []
        if self.rulesets:
            parts.append(f"of ruleset {', '.join(sorted(self.rulesets))}")
        if self.run:
            parts.append(f"matching {' or '.join(self.run)}")
        if self.skip:
            parts.append(f"not matching {' or '.join(self.skip)}")
        if self.shard[1] > 1:
            parts.append(f"in shard {self.shard[0]}/{self.shard[1]}")
        return " ".join(parts)


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
    :class:`CaseFormatError`."""
    location: str | None = None
    try:
        if spanned:
            for file, location, record, source in iter_spanned_records(path):
                yield file, location, record, source
        else:
            for file, location, record in iter_records(path):
                yield file, location, record, None
    except (EOFError, OSError, UnicodeDecodeError, zlib.error) as exc:
        after = f" after {location}" if location else ""
        raise CaseFormatError(f"cannot read the file{after}: {exc}", file=str(path)) from None


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
    looking only at ids whose :func:`~skruuvi.suite.id_hashes.id_hash` is in ``suspects``; ``None`` when no id
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


_scan = make_scanner(json.JSONDecoder())  # for the spool's own lines: compact JSON it wrote itself


#: Bytes a :class:`CaseSpool` writes and reads at once (the default, 4 KiB, is two or three generated cases: a
#: system call, and a seek, for each).
SPOOL_BUFFER = 1 << 17
#: Cases :meth:`CaseSpool.cases` reads back at a time (their meta lines decoded together, their expect lines too).
READ_BACK = 64


class CaseSpool:
    """The selected cases of a suite, checked once and kept in a temporary file for the run.

    Building it is the checking pass (every case under ``paths`` is read as :func:`iter_cases` reads it:
    a malformed record or a duplicate id is an :class:`~skruuvi.rules.errors.InputError` before the run
    starts, the first one in file order) and gives :attr:`count`. :meth:`cases` then reads the selected cases
    back without parsing YAML or checking JSON again: each is three lines, its id, ruleset and place, its
    ``expect`` as JSON (:func:`~skruuvi.suite.case_text.expect_text`), and its public part (:attr:`Case.request`:
    a JSON line's members as they are written, see :func:`~skruuvi.suite.case_text.public_text`). Memory stays
    flat whatever the suite's length (the ids are checked for duplicates by
    :class:`~skruuvi.suite.id_hashes.IdHashes`); the run judges exactly the cases that were checked, even if a
    file changes meanwhile.
    """

    def __init__(self, paths: Iterable[str | Path], selection: Selection | None = None) -> None:
        self.count = 0
        self._files: list[str] = []
        paths = list(paths)
        selection = selection or Selection()
        try:
            self._file = tempfile.TemporaryFile(  # noqa: SIM115 - open until close()
                prefix="skruuvi-cases-", buffering=SPOOL_BUFFER)
        except OSError as exc:
            raise InputError(f"cannot create a temporary file for the cases: {exc.strerror or exc}",
                             file=tempfile.gettempdir()) from None
        ids = IdHashes()
        try:
            try:
                self._check(paths, selection, ids)
            except CaseFormatError:
                repeated = ids.repeated()  # a duplicate id before the bad record is the first error
                duplicate = first_duplicate(paths, repeated, ids.count) if repeated else None
                if duplicate is not None:
                    raise duplicate from None
                raise
            repeated = ids.repeated()
            duplicate = first_duplicate(paths, repeated, ids.count) if repeated else None
            if duplicate is not None:
                raise duplicate
            self._file.flush()
        except BaseException:
            self._file.close()
            raise
        finally:
            ids.close()

    def _check(self, paths: list[str | Path], selection: Selection, ids: IdHashes) -> None:
        write, accepts = self._file.write, selection.accepts_id
        for file_path in list_case_files(paths):
            file_number = len(self._files)
            self._files.append(str(file_path))
            for file, location, record, source in _records(file_path, spanned=True):
                case_id, ruleset = check_fields(record, file, location)
                ids.add(case_id)
                if not accepts(case_id, ruleset):
                    continue
                expect, faithful = expect_text(record, source)
                meta = encode_canonical([case_id, ruleset, file_number, location, faithful])
                try:
                    write(b"%b\n%b\n%b\n" % (meta.encode(), expect.encode(), public_text(record, source)))
                except OSError as exc:  # e.g. no space left in the temporary folder
                    raise InputError(f"cannot keep the cases in a temporary file: {exc.strerror or exc}",
                                     file=tempfile.gettempdir()) from None
                self.count += 1

    def cases(self, *, full_records: bool = False) -> Iterator[Case]:
        """The spooled cases in order; with ``full_records`` each record is whole (its public part parsed
        back, with ``expect``), for code that reads more of a case than the runner does. (Each line is one JSON
        text: decoded as the items of one array, :data:`READ_BACK` at a time, they give the same values.)"""
        self._file.seek(0)
        lines = iter(self._file)
        files = self._files
        while batch := list(itertools.islice(lines, 3 * READ_BACK)):  # (a case cut short: an uneven zip)
            expect_lines = batch[1::3]
            metas = _scan((b"[" + b",".join(batch[0::3]) + b"]").decode("utf-8"), 0)[0]
            expects = _scan((b"[" + b",".join(expect_lines) + b"]").decode("utf-8"), 0)[0]
            for meta, expect, expect_line, request_line in zip(metas, expects, expect_lines, batch[2::3], strict=True):
                case_id, ruleset, file_number, location, faithful = meta
                request = request_line[:-1]
                if full_records or not expect.keys().isdisjoint(LEGAL_EXPECTATIONS):
                    record = {**json.loads(request), "expect": expect}  # a legal case is asked from its whole record
                else:
                    record = {"id": case_id, "ruleset": ruleset, "expect": expect}
                result = expect.get("result")
                answer = None
                if isinstance(result, dict):
                    answer = (answer_for(result, expect_line) if faithful and len(expect) == 1
                              else canonical_answer(result))
                elif "error" in expect:
                    answer = error_answer(expect["error"], expect_line if faithful and len(expect) == 1 else None)
                yield _spooled_case(case_id, ruleset, files[file_number], location, record, request, answer)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> CaseSpool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
