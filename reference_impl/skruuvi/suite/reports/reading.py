"""Reading a JSON Lines report back (``skruuvi report``): every line checked, and one run's figures gathered.

:func:`iter_report` yields a report's records in order, each checked: the header, case, explain and summary records
against ``spec/schema/report.schema.json``, the ``coverage`` record (and a summary's ``coverage`` key) by the shape
:func:`check_coverage` reads. A line that is not JSON, a record of no known type, a report without a header first or
with two headers is an :class:`~skruuvi.rules.errors.InputError` naming the file and the line. :func:`load_report`
keeps what a page and a badge need: per ruleset the count of each status and the cases that did not pass (at most
:data:`KEPT_FAILURES` of them, the others counted), and the explain and coverage records.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...rules import schemas
from ...rules.errors import InputError
from ...rules.files import open_regular
from ..run.runner import FAILING, JUDGED, STATUSES

#: Failing cases a report keeps per ruleset for a page (the others are counted, not listed).
KEPT_FAILURES = 500
_SCHEMA_DEFS = {"header": "header", "case": "case", "explain": "explain", "summary": "summary"}
_FIGURES = ("judged", "passed")


@dataclass
class RulesetRun:
    """One ruleset of one run: the count of each status, and the failing case records kept."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    failing: list[dict[str, Any]] = field(default_factory=list)

    @property
    def selected(self) -> int:
        return sum(self.counts.values())

    @property
    def judged(self) -> int:
        return sum(self.counts[s] for s in JUDGED)

    @property
    def failed(self) -> int:
        return sum(self.counts[s] for s in FAILING)

    @property
    def not_judged(self) -> int:
        """Cases selected but not compared with their expectation (errored, timed out, crashed, skipped,
        unsupported)."""
        return self.selected - self.judged


@dataclass
class Report:
    """What a page and a badge read of one report."""

    path: str
    header: dict[str, Any]
    rulesets: dict[str, RulesetRun]
    summary: dict[str, Any] | None = None
    explain: dict[str, Any] | None = None
    coverage: dict[str, Any] | None = None

    @property
    def implementation(self) -> dict[str, Any]:
        impl = (self.header.get("engine") or {}).get("implementation")
        return impl if isinstance(impl, dict) else {}

    @property
    def name(self) -> str:
        """The engine's name and version as it declared them at start."""
        impl = self.implementation
        return f"{impl.get('name', '?')} {impl.get('version', '?')}"

    @property
    def suite_version(self) -> str | None:
        """The version of the suite the run's cases belong to, as its header says (None when not recorded)."""
        suite = self.header.get("suite")
        version = suite.get("version") if isinstance(suite, dict) else None
        return version if isinstance(version, str) else None


def _check_figures(value: Any, where: str, names: tuple[str, ...] = _FIGURES) -> str | None:
    if not isinstance(value, dict):
        return f"{where} must be an object"
    for name in names:
        number = value.get(name)
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            return f"{where}.{name} must be a whole number >= 0"
    return None


def check_coverage(record: Any) -> str | None:
    """Why a ``coverage`` record cannot be read, or None: ``{"type": "coverage", "required": bool, "rulesets":
    {RULESET: {"cases": {"selected", "judged", "passed"}, "rules": {RULE: {"judged", "passed"}}, "features":
    {TAG: {"judged", "passed"}}, "unreachable": [RULE...]}}}`` (judged: pass, fail, xfail or xpass; ``unreachable``,
    the rules no selected case could reach, may be absent)."""
    if not isinstance(record.get("required", False), bool):
        return "coverage.required must be true or false"
    rulesets = record.get("rulesets")
    if not isinstance(rulesets, dict):
        return "coverage.rulesets must be an object {ruleset: figures}"
    for rid, figures in rulesets.items():
        if not isinstance(figures, dict):
            return f"coverage.rulesets.{rid} must be an object"
        why = _check_figures(figures.get("cases"), f"coverage.rulesets.{rid}.cases", ("selected", *_FIGURES))
        for part in ("rules", "features"):
            rows = figures.get(part, {})
            if not isinstance(rows, dict):
                return f"coverage.rulesets.{rid}.{part} must be an object"
            for key, row in rows.items():
                why = why or _check_figures(row, f"coverage.rulesets.{rid}.{part}.{key}")
        unreachable = figures.get("unreachable", [])
        if not isinstance(unreachable, list) or not all(isinstance(rule, str) for rule in unreachable):
            why = why or f"coverage.rulesets.{rid}.unreachable must be a list of rule ids"
        if why:
            return why
    return None


def _check_summary_coverage(value: Any) -> str | None:
    if not isinstance(value, dict):
        return "summary.coverage must be an object {ruleset: figures}"
    for rid, figures in value.items():
        why = _check_figures(figures, f"summary.coverage.{rid}", ("rules", "rules_judged", "rules_passed"))
        if why:
            return why
    return None


def _checked(record: Any, file: str, where: str) -> dict[str, Any]:
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise InputError("not a report record (an object with a \"type\")", file=file, path=where)
    kind = record["type"]
    if kind == "coverage":
        why = check_coverage(record)
        if why:
            raise InputError(why, file=file, path=where)
        return record
    if kind not in _SCHEMA_DEFS:
        raise InputError(f"a record of unknown type {kind!r} (header, case, explain, coverage or summary)",
                         file=file, path=where)
    checked = record
    if kind == "summary" and "coverage" in record:  # read by its own shape, as the coverage record
        why = _check_summary_coverage(record["coverage"])
        if why:
            raise InputError(why, file=file, path=where)
        checked = {k: v for k, v in record.items() if k != "coverage"}
    schemas.check(checked, "report", file=file, defs=_SCHEMA_DEFS[kind], prefix=f"{where}: ")
    return record


def iter_report(path: str | Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(where, record)`` for every record of a report, in order, each checked; the header first, once."""
    file = str(path)
    try:
        handle = io.TextIOWrapper(open_regular(path), encoding="utf-8")  # a FIFO or a device: refused
    except OSError as exc:
        raise InputError(f"cannot read the report: {exc.strerror or exc}", file=file) from None
    number = 0
    with handle:
        try:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                where = f"line {number}"
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputError(f"not JSON ({exc.msg})", file=file, path=where) from None
                record = _checked(record, file, where)
                if (record["type"] == "header") != (number == 1):
                    raise InputError("the header must be the first line, and only it" if number > 1
                                     else f"the first line is a {record['type']} record, not the header",
                                     file=file, path=where)
                yield where, record
        except UnicodeDecodeError as exc:
            raise InputError(f"not UTF-8 text ({exc.reason})", file=file, path=f"after line {number}") from None
    if number == 0:
        raise InputError("the report is empty (no header)", file=file)


def load_report(path: str | Path) -> Report:
    """A report's figures (see the module's docstring)."""
    header: dict[str, Any] = {}
    report = Report(str(path), header, {})
    for _, record in iter_report(path):
        kind = record["type"]
        if kind == "header":
            header.update(record)
        elif kind == "case":
            run = report.rulesets.get(record["ruleset"])
            if run is None:
                run = report.rulesets[record["ruleset"]] = RulesetRun()
            run.counts[record["status"]] += 1
            if record["status"] in FAILING and len(run.failing) < KEPT_FAILURES:
                run.failing.append(record)
        elif kind == "summary":
            report.summary = record
        elif kind == "explain":
            report.explain = record
        else:
            report.coverage = record
    if report.summary is None:
        raise InputError("the report has no summary record: the run did not finish writing it", file=str(path))
    return report


__all__ = ["KEPT_FAILURES", "Report", "RulesetRun", "check_coverage", "iter_report", "load_report"]
