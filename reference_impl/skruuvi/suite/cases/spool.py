"""The checking pass and the cases of a run: every case of a suite checked once, and kept in a temporary file.

:class:`CaseSpool` reads every record of the suite strictly before a run starts (a malformed record or a duplicate
id is an :class:`~skruuvi.rules.errors.InputError` then, the first one in file order) and keeps the selected cases
in a temporary file, from which the run reads them back without parsing or checking them again. Every run checks
its files anew: nothing of an earlier run's checking is remembered, so a verdict never rests on bytes that are no
longer the file's.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import tempfile
from collections.abc import Iterable, Iterator
from json.scanner import make_scanner
from pathlib import Path
from typing import Any

from ...rules.errors import CaseFormatError, InputError
from .case_text import (
    answer_for,
    canonical_answer,
    cut_public,
    encode_canonical,
    encode_public,
    error_answer,
    expect_span,
    expect_text,
    public_runs,
)
from .cases import (
    LEGAL_EXPECTATIONS,
    PLAYED_UNDER,
    Case,
    _records,
    _spooled_case,
    check_fields,
    first_duplicate,
    list_case_files,
)
from .id_hashes import IdHashes
from .selection import Selection, fingerprint, id_hash

_scan = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # (typeshed: a decoder is what it takes)


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
    ``expect`` as JSON (cut out of its line: :func:`~skruuvi.suite.cases.case_text.expect_span`), and its public part
    (:attr:`Case.request`: a JSON line's members as they are written,
    :func:`~skruuvi.suite.cases.case_text.cut_public`). Memory stays flat whatever the suite's length (the ids are
    checked for duplicates by :class:`~skruuvi.suite.cases.id_hashes.IdHashes`); the run judges exactly the cases
    that were checked, even if a file changes meanwhile.
    """

    def __init__(self, paths: Iterable[str | Path], selection: Selection | None = None, *,
                 coverage: Any = None) -> None:
        self.count = 0
        self._cover = -1
        self.unsharded = 0
        """The cases of the selection without its shard (``count`` is those of the shard): what all shards run."""
        self._ids_sum = 0
        self._files: list[str] = []
        self._coverage = coverage  # for_file(path) -> (record -> what it covers), finish(): see features.coverage_index
        self._covers: list[Any] = []  # what the cases cover, each distinct value once (a case's meta holds its number)
        self._cover_numbers: dict[Any, int] = {}
        paths = list(paths)
        selection = selection or Selection()
        try:
            self._file = tempfile.TemporaryFile(  # noqa: SIM115 - open until close()
                prefix="skruuvi-cases-", buffering=SPOOL_BUFFER)
        except OSError as exc:
            raise InputError(f"cannot create a temporary file for the cases: {exc.strerror or exc}",
                             file=tempfile.gettempdir()) from None
        try:
            self._checked(paths, selection)
            self._flush()
        except BaseException:
            self.close()
            raise

    def _checked(self, paths: list[str | Path], selection: Selection) -> None:
        """The checking pass; a duplicate id before the first bad record is the first error."""
        ids = IdHashes()
        try:
            try:
                self._check(paths, selection, ids)
            except CaseFormatError:
                repeated = ids.repeated()
                duplicate = first_duplicate(paths, repeated, ids.count) if repeated else None
                if duplicate is not None:
                    raise duplicate from None
                raise
            repeated = ids.repeated()
            duplicate = first_duplicate(paths, repeated, ids.count) if repeated else None
            if duplicate is not None:
                raise duplicate
        finally:
            ids.close()

    def _check(self, paths: list[str | Path], selection: Selection, ids: IdHashes) -> None:
        """Check every file's records strictly and spool the selected ones."""
        accepts, spool = selection.unsharded().accepts_id, self._spool
        k, n = selection.shard
        for file_path in list_case_files(paths):
            file_number = len(self._files)
            self._files.append(str(file_path))
            cover = self._coverage.for_file(file_path) if self._coverage is not None else None
            for file, location, record, source in _records(file_path, spanned=True):
                case_id, ruleset = check_fields(record, file, location)
                ids.add(case_id)
                if not accepts(case_id, ruleset):
                    continue
                self.unsharded += 1
                hashed = id_hash(case_id)
                self._ids_sum += hashed
                if n > 1 and hashed % n + 1 != k:
                    continue
                kept = _kept_keys(record)
                self._cover = self._cover_number(cover(record)) if cover is not None else -1
                if source is None:
                    expect, faithful = expect_text(record)
                    spool(case_id, ruleset, file_number, location, expect, faithful, encode_public(record), kept)
                else:
                    line, spans = source
                    a, b = expect_span(line, spans)
                    spool(case_id, ruleset, file_number, location, line[a:b], True,
                          cut_public(line, public_runs(spans)), kept)
        if self._coverage is not None:
            self._coverage.finish()

    def _cover_number(self, covered: Any) -> int:
        """The number of what a case covers among the run's distinct values (-1: nothing known)."""
        if covered is None:
            return -1
        number = self._cover_numbers.get(covered)
        if number is None:
            number = self._cover_numbers[covered] = len(self._covers)
            self._covers.append(covered)
        return number

    def _flush(self) -> None:
        try:
            self._file.flush()
        except OSError as exc:
            raise _no_room(exc) from None

    def _spool(self, case_id: str, ruleset: str, file_number: int, location: str | None, expect: str,
               faithful: bool, public: bytes, kept: dict[str, Any] | None = None) -> None:
        """Keep one selected case in the spool: its meta line (with :func:`_kept_keys`, when there are any), its
        ``expect`` and its public part."""
        fields: list[Any] = [case_id, ruleset, file_number, location, faithful, self._cover]
        if kept:
            fields.append(kept)
        meta = encode_canonical(fields)
        try:
            self._file.write(b"%b\n%b\n%b\n" % (meta.encode(), expect.encode(), public))
        except OSError as exc:  # e.g. no space left in the temporary folder
            raise _no_room(exc) from None
        self.count += 1

    @property
    def fingerprint(self) -> str:
        """The ids of the selection without its shard (:attr:`unsharded`), as :func:`~.selection.fingerprint`."""
        return fingerprint(self._ids_sum)

    def cases(self, *, full_records: bool = False) -> Iterator[Case]:
        """The spooled cases in order; with ``full_records`` each record is whole (its public part parsed
        back, with ``expect``), for code that reads more of a case than the runner does. (Each line is one JSON
        text: decoded as the items of one array, :data:`READ_BACK` at a time, they give the same values.)"""
        self._file.seek(0)
        lines = iter(self._file)
        files, covers = self._files, self._covers
        while batch := list(itertools.islice(lines, 3 * READ_BACK)):  # (a case cut short: an uneven zip)
            expect_lines = batch[1::3]
            metas = _scan((b"[" + b",".join(batch[0::3]) + b"]").decode("utf-8"), 0)[0]
            expects = _scan((b"[" + b",".join(expect_lines) + b"]").decode("utf-8"), 0)[0]
            for meta, expect, expect_line, request_line in zip(metas, expects, expect_lines, batch[2::3], strict=True):
                kept = meta.pop() if len(meta) != 6 else None
                case_id, ruleset, file_number, location, faithful, cover = meta
                request = request_line[:-1]
                if full_records or not expect.keys().isdisjoint(LEGAL_EXPECTATIONS):
                    record = {**json.loads(request), "expect": expect}  # a legal case is asked from its whole record
                else:
                    record = {"id": case_id, "ruleset": ruleset, "expect": expect}
                    if kept:
                        record.update(kept)
                result = expect.get("result")
                answer = None
                if isinstance(result, dict):
                    answer = (answer_for(result, expect_line) if faithful and len(expect) == 1
                              else canonical_answer(result))
                elif "error" in expect:
                    answer = error_answer(expect["error"], expect_line if faithful and len(expect) == 1 else None)
                yield _spooled_case(case_id, ruleset, files[file_number], location, record, request, answer,
                                    covers[cover] if cover >= 0 else None)

    def close(self) -> None:
        """Let the temporary file go. Its buffer is dropped, not written: a close after a full disk raises no
        second error over the first (the file is unlinked already; nothing of it is kept)."""
        with contextlib.suppress(OSError):
            self._file.close()

    def __enter__(self) -> CaseSpool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _kept_keys(record: dict[str, Any]) -> dict[str, Any] | None:
    """What a case read back without its whole record still carries besides ``id``, ``ruleset`` and ``expect``:
    the readings of a record played under them (:data:`~skruuvi.suite.cases.cases.PLAYED_UNDER`: whether
    it is sent depends on them), else None."""
    if record.get(PLAYED_UNDER) is not True:
        return None
    return {PLAYED_UNDER: True, "readings": record.get("readings")}


def _no_room(exc: OSError) -> InputError:
    """The one line for a spool that cannot be written (a full or read-only temporary folder)."""
    return InputError(f"cannot keep the cases in a temporary file: {exc.strerror or exc}",
                      file=tempfile.gettempdir())


__all__ = ["READ_BACK", "SPOOL_BUFFER", "CaseSpool"]
