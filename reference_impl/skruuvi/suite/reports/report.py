"""Reporting a conformance run: lines on the terminal and a JSON Lines report file.

The report file (``--report FILE``) holds a ``header`` record, one ``case`` record per case in case
order, and a ``summary`` record; ``spec/schema/report.schema.json`` describes it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import IO, Any

from ... import __version__
from ...rules.errors import InputError
from ...rules.jsonsafe import dumps_safe, safe_text
from ..cases.selection import Selection
from ..run.runner import STATUSES, CaseResult

RUNNER_NAME = "skruuvi-runner"

_LABELS = {status: status.upper() for status in STATUSES}
_WORDS = {"pass": "passed", "fail": "failed", "errored": "errored", "timeout": "timed out", "crashed": "crashed",
          "skipped": "skipped", "unsupported": "unsupported", "xfail": "xfailed", "xpass": "xpassed"}
#: Shown in the summary line even when zero.
_ALWAYS = ("pass", "fail", "errored")
#: Not printed per case under ``--quiet``: nothing to look at.
_QUIET_HIDDEN = frozenset({"pass", "unsupported"})


#: Characters an engine's text may not put raw on a terminal or in markdown: C0 controls except tab and
#: newline (ESC starts terminal escape sequences, BEL rings, NUL truncates), DEL, C1 controls (CSI, OSC).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` safe to print: control characters as ``\\xNN`` escapes, lone surrogates as U+FFFD."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", safe_text(text))


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


# ---------------------------------------------------------------------------------------------------
# Records


def header_record(command: list[str], engine: dict[str, Any], started: str, cases: int,
                  selection: Selection | None = None, spool: Any = None) -> dict[str, Any]:
    """The header, with the suite's version and release date (``suite``); with the run's ``selection`` and its
    checked ``spool`` (a :class:`~skruuvi.suite.cases.spool.CaseSpool`), also its ``selection``: ``--ruleset``,
    ``--run``, ``--skip`` and ``--shard``, and the cases of the selection without its shard (``cases``, and
    ``ids``, a fingerprint of their ids) that the shards of a run must together run once each (``skruuvi report
    --merge`` checks it)."""
    from ..export import suite_release

    try:
        version, released = suite_release()
        suite: dict[str, Any] = {"version": version, "released": released}
    except InputError:  # a copy of the data without its changelog: said, not guessed
        suite = {"version": None, "released": None}
    record = {"type": "header", "runner": {"name": RUNNER_NAME, "version": __version__}, "suite": suite,
              "impl": list(command), "engine": engine, "started": started, "cases": cases}
    if selection is not None and spool is not None:
        record["selection"] = {**selection.record(), "cases": spool.unsharded, "ids": spool.fingerprint}
    return record


def case_record(result: CaseResult) -> dict[str, Any]:
    """A case's record; ``judged_under`` (the readings its ``expected`` was worked out under, because the
    engine declared them) only when there are such readings."""
    case = result.case
    record = {"type": "case", "id": case.id, "file": case.file, "location": case.location, "ruleset": case.ruleset,
              "status": result.status, "expected": case.expect, "got": result.got, "diff": list(result.diff),
              "detail": result.detail, "seconds": result.seconds}
    if case.judged_under:
        record["judged_under"] = dict(case.judged_under)
    return record


def summary_record(counts: Mapping[str, int], seconds: float, code: int, *, interrupted: bool = False,
                   reason: str | None = None, judged_under: Mapping[str, int] | None = None,
                   coverage: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The summary; ``judged_under`` (``{"cases": N, "same": M}``: how many cases were judged against the
    expectation worked out under the engine's declared readings, and how many more expect the same under
    them) when the engine declared readings; ``coverage`` (per ruleset, its rules and how many were judged and
    passed: :func:`~skruuvi.suite.reports.coverage_report.summary_coverage`) when given."""
    record = {"type": "summary", "counts": {s: counts.get(s, 0) for s in STATUSES}, "total": sum(counts.values()),
              "seconds": round(seconds, 3), "exit_code": code, "interrupted": interrupted, "reason": reason}
    if judged_under is not None:
        record["judged_under_readings"] = dict(judged_under)
    if coverage is not None:
        record["coverage"] = dict(coverage)
    return record


class Tally:
    """Counts of a run, overall and per ruleset, kept as results stream by (the results themselves are not)."""

    def __init__(self) -> None:
        self.by_ruleset: dict[str, dict[str, int]] = {}

    def add(self, result: CaseResult) -> None:
        per = self.by_ruleset.get(result.case.ruleset)
        if per is None:
            per = self.by_ruleset[result.case.ruleset] = dict.fromkeys(STATUSES, 0)
        per[result.status] += 1

    @property
    def counts(self) -> dict[str, int]:
        """The counts of the whole run, status by status: the sums of :attr:`by_ruleset` (one count a result)."""
        return {status: sum(per[status] for per in self.by_ruleset.values()) for status in STATUSES}

    @property
    def total(self) -> int:
        return sum(self.counts.values())


class ReportFile:
    """Writes the JSON Lines report as the run goes (each line flushed, so a crash keeps what was done).

    Records are written with :func:`~skruuvi.rules.jsonsafe.dumps_safe`: whatever an engine answered, a
    line is valid JSON and valid UTF-8 (never NaN, Infinity or a lone surrogate).
    """

    def __init__(self, handle: Any) -> None:
        self._handle = handle

    def write(self, record: dict[str, Any]) -> None:
        self._handle.write(dumps_safe(record, ensure_ascii=False) + "\n")
        if hasattr(self._handle, "flush"):
            self._handle.flush()


# ---------------------------------------------------------------------------------------------------
# Terminal


def summary_line(counts: dict[str, int], seconds: float) -> str:
    """``conformance: 93 passed, 0 failed, 0 errored, 2 unsupported in 1.2 s``"""
    parts = [f"{counts.get(s, 0)} {_WORDS[s]}" for s in STATUSES if s in _ALWAYS or counts.get(s, 0)]
    return f"conformance: {', '.join(parts)} in {seconds:.1f} s"


def case_lines(result: CaseResult) -> list[str]:
    """``PASS id``, or ``FAIL id`` followed by the indented location and diff (or detail)."""
    lines = [f"{_LABELS[result.status]} {printable(result.case.id)}"]
    if result.status == "pass":
        return lines
    lines.append(f"    in {printable(result.case.where)}")
    if result.case.judged_under:
        shown = ", ".join(f"{k}={dumps_safe(v, ensure_ascii=False)}" for k, v in result.case.judged_under.items())
        lines.append(f"    expect derived under readings {printable(shown)}")
    lines.extend(f"    {printable(line)}" for line in result.diff)
    if result.detail:
        lines.extend(f"    {printable(line)}" for line in result.detail.splitlines())
    return lines


def progress_bar(done: int, total: int, width: int = 24) -> str:
    """``[#########---------------]  37% [9/24]``"""
    share = done / total if total else 1.0
    filled = min(width, int(share * width))
    return f"[{'#' * filled}{'-' * (width - filled)}] {int(share * 100):3d}% [{done}/{total}]"


class Terminal:
    """Prints one line per case (fewer with ``quiet``) and, on a TTY, a progress bar on stderr.

    The bar is redrawn at most every ``interval`` seconds (and always for the first and the last case),
    so that a suite of 100,000 fast cases does not spend its time drawing.
    """

    def __init__(self, out: IO[str], err: IO[str], total: int, *, quiet: bool = False,
                 interval: float = 0.1) -> None:
        self.out, self.err, self.total, self.quiet = out, err, total, quiet
        self.done = 0
        self.progress = bool(getattr(err, "isatty", lambda: False)())
        self.interval = interval
        self._shown = False
        self._drawn_at = float("-inf")

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
            now = time.monotonic()
            if self.done in (1, self.total) or now - self._drawn_at >= self.interval:
                self.err.write(f"\r{progress_bar(self.done, self.total)} {printable(result.case.id[:50])}\x1b[K")
                self.err.flush()
                self._shown, self._drawn_at = True, now

    def finish(self, counts: dict[str, int], seconds: float, reason: str | None = None, note: str = "") -> None:
        """The summary line, with ``note`` after it (e.g. how many cases were judged under a variant) and the
        ``reason`` a run failed or was cut short in brackets."""
        self._clear()
        line = summary_line(counts, seconds) + (f"; {note}" if note else "") + (f" ({reason})" if reason else "")
        self.out.write(line + "\n")
        self.out.flush()
