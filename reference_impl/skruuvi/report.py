"""Reporting a conformance run: lines on the terminal and a JSON Lines report file.

The report file (``--report FILE``) holds a ``header`` record, one ``case`` record per case in case
order, and a ``summary`` record; ``spec/schema/report.schema.json`` describes it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import IO, Any

from . import __version__
from .runner import STATUSES, CaseResult, count_statuses

RUNNER_NAME = "skruuvi-runner"

_LABELS = {status: status.upper() for status in STATUSES}
_WORDS = {"pass": "passed", "fail": "failed", "errored": "errored", "timeout": "timed out", "crashed": "crashed",
          "skipped": "skipped", "unsupported": "unsupported", "xfail": "xfailed", "xpass": "xpassed"}
#: Shown in the summary line even when zero.
_ALWAYS = ("pass", "fail", "errored")
#: Not printed per case under ``--quiet``: nothing to look at.
_QUIET_HIDDEN = frozenset({"pass", "unsupported"})


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


# ---------------------------------------------------------------------------------------------------
# Records


def header_record(command: list[str], engine: dict[str, Any], started: str, cases: int) -> dict[str, Any]:
    return {"type": "header", "runner": {"name": RUNNER_NAME, "version": __version__}, "impl": list(command),
            "engine": engine, "started": started, "cases": cases}


def case_record(result: CaseResult) -> dict[str, Any]:
    case = result.case
    return {"type": "case", "id": case.id, "file": case.file, "location": case.location, "ruleset": case.ruleset,
            "status": result.status, "expected": case.expect, "got": result.got, "diff": list(result.diff),
            "detail": result.detail, "seconds": result.seconds}


def summary_record(results: list[CaseResult], seconds: float, code: int) -> dict[str, Any]:
    return {"type": "summary", "counts": count_statuses(results), "total": len(results),
            "seconds": round(seconds, 3), "exit_code": code}


class ReportFile:
    """Writes the JSON Lines report as the run goes (each line flushed, so a crash keeps what was done)."""

    def __init__(self, handle: IO[str]) -> None:
        self._handle = handle

    def write(self, record: dict[str, Any]) -> None:
        self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._handle.flush()


# ---------------------------------------------------------------------------------------------------
# Terminal


def summary_line(counts: dict[str, int], seconds: float) -> str:
    """``conformance: 93 passed, 0 failed, 0 errored, 2 unsupported in 1.2 s``"""
    parts = [f"{counts.get(s, 0)} {_WORDS[s]}" for s in STATUSES if s in _ALWAYS or counts.get(s, 0)]
    return f"conformance: {', '.join(parts)} in {seconds:.1f} s"


def case_lines(result: CaseResult) -> list[str]:
    """``PASS id``, or ``FAIL id`` followed by the indented location and diff (or detail)."""
    lines = [f"{_LABELS[result.status]} {result.case.id}"]
    if result.status == "pass":
        return lines
    lines.append(f"    in {result.case.where}")
    lines.extend(f"    {line}" for line in result.diff)
    if result.detail:
        lines.extend(f"    {line}" for line in result.detail.splitlines())
    return lines


class Terminal:
    """Prints one line per case (fewer with ``quiet``) and, on a TTY, a progress counter on stderr."""

    def __init__(self, out: IO[str], err: IO[str], total: int, *, quiet: bool = False) -> None:
        self.out, self.err, self.total, self.quiet = out, err, total, quiet
        self.done = 0
        self.progress = bool(getattr(err, "isatty", lambda: False)())
        self._shown = False

    def _clear(self) -> None:
        if self._shown:
            self.err.write("\r\x1b[K")
            self.err.flush()
            self._shown = False

    def on_result(self, result: CaseResult) -> None:
        self.done += 1
        if not (self.quiet and result.status in _QUIET_HIDDEN):
            self._clear()
            self.out.write("\n".join(case_lines(result)) + "\n")
            self.out.flush()
        if self.progress:
            self.err.write(f"\r[{self.done}/{self.total}] {result.case.id[:60]}\x1b[K")
            self.err.flush()
            self._shown = True

    def finish(self, counts: dict[str, int], seconds: float) -> None:
        self._clear()
        self.out.write(summary_line(counts, seconds) + "\n")
        self.out.flush()
