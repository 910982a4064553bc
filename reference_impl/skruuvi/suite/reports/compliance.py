"""The figures of a compliance page, read off one or several reports: per ruleset, per rule and per feature the pass
rate, and the failing cases, those no reading explains first.

Per rule and per feature figures come from a report's ``coverage`` record (cases judged and passed); a report
without one has only its per-ruleset and per-case figures, and :func:`coverage_rows` gives it no row. The rules a
failing case is filed under come from its ``explain`` record: for a case no reading explains, the rules of the
place where the engine and the reference part (the phase's rules, and the score items of a score that differs);
for a case a reading explains, the rules of that reading.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .badge import pass_rate
from .reading import Report, RulesetRun

#: A failing case's status that no reading can explain (no answer was compared).
NO_ANSWER = frozenset({"errored", "timeout", "crashed"})


def rulesets_of(reports: Sequence[Report]) -> list[str]:
    """Every ruleset any report ran, the latest era first (ids sort by era: ``skruuvi-2016`` after ``-1944``)."""
    return sorted({rid for report in reports for rid in report.rulesets}, reverse=True)


def ruleset_rate(run: RulesetRun | None) -> float | None:
    return pass_rate(run.counts["pass"], run.selected) if run is not None else None


def declared_readings(report: Report, rid: str) -> dict[str, Any]:
    readings = report.implementation.get("readings") or {}
    found = readings.get(rid) if isinstance(readings, dict) else None
    return dict(found) if isinstance(found, dict) else {}


def declared_features(report: Report, rid: str) -> list[str] | None:
    """The feature tags the engine declared for ``rid``; None when it declared none (every feature)."""
    features = report.implementation.get("features") or {}
    found = features.get(rid) if isinstance(features, dict) else None
    return [str(tag) for tag in found] if isinstance(found, list) else None


def has_coverage(report: Report, rid: str) -> bool:
    return report.coverage is not None and rid in report.coverage.get("rulesets", {})


def coverage_rows(reports: Sequence[Report], rid: str, part: str) -> list[tuple[str, list[dict[str, int] | None]]]:
    """``(rule or feature, [figures of each report, or None])`` for every rule (``part="rules"``) or feature
    (``"features"``) any report's coverage of ``rid`` lists: the ones that failed somewhere first (most failures
    first), then those some report judged no case of, then the rest, each group in id order. A rule a report lists
    as unreachable (no case of its run could reach it) has ``"unreachable": 1`` in its cell and is no gap."""
    keys: dict[str, None] = {}
    for report in reports:
        if has_coverage(report, rid):
            keys.update(dict.fromkeys(sorted(report.coverage["rulesets"][rid].get(part, {}))))  # type: ignore[index]
    rows = []
    for key in keys:
        cells = []
        for report in reports:
            figures = report.coverage["rulesets"][rid].get(part, {}) if has_coverage(report, rid) else None  # type: ignore[index]
            cell = figures.get(key, {"judged": 0, "passed": 0}) if figures is not None else None
            if cell is not None and part == "rules" and key in report.coverage["rulesets"][rid].get(  # type: ignore[index]
                    "unreachable", ()):
                cell = {**cell, "unreachable": 1}  # no case of its run could reach it: not a gap
            cells.append(cell)
        rows.append((key, cells))

    def order(row: tuple[str, list[dict[str, int] | None]]) -> tuple[int, int, str]:
        cells = [c for c in row[1] if c is not None]
        failed = sum(c["judged"] - c["passed"] for c in cells)
        unjudged = any(not c["judged"] and not c.get("unreachable") for c in cells)
        return (0 if failed else 1 if unjudged else 2, -failed, row[0])

    return sorted(rows, key=order)


@dataclass(frozen=True)
class Failure:
    """A failing case of one report: its record (None when the report kept too many to list it), the rules it is
    filed under, and the reading that explains it (None when none does)."""

    id: str
    status: str
    record: dict[str, Any] | None
    rules: tuple[str, ...]
    reading: str | None
    where: list[str]


def _trace_rules(trace: Any) -> tuple[str, ...]:
    if not isinstance(trace, dict):
        return ()
    rules = [str(r) for r in trace.get("rules") or []]
    items = trace.get("score_items") or []
    rules += [str(item["rule"]) for item in items if isinstance(item, dict) and item.get("rule")]
    return tuple(dict.fromkeys(rules))


def failures(report: Report, rid: str) -> list[Failure]:
    """The failing cases of ``rid`` in ``report``: those no reading explains first (the likely bugs: with an explain
    record, the ones it lists under no reading, and every case that got no answer), then those a reading explains,
    each group in case order."""
    run = report.rulesets.get(rid)
    if run is None:
        return []
    explain = report.explain or {}
    traces = {item["id"]: item for item in explain.get("no_reading", []) if item.get("ruleset") == rid}
    readings: dict[str, tuple[str, tuple[str, ...]]] = {}
    for row in explain.get("readings", []):
        if row.get("ruleset") == rid:
            for case_id in row["cases"]:
                readings.setdefault(case_id, (row["reading"], tuple(row["rules"])))
    first, then = [], []
    for record in run.failing:
        case_id = record["id"]
        if case_id in readings:
            reading, rules = readings[case_id]
            then.append(Failure(case_id, record["status"], record, rules, reading, []))
        else:
            trace = traces.get(case_id, {}).get("trace")
            lines = list(trace.get("lines") or []) if isinstance(trace, dict) else []
            first.append(Failure(case_id, record["status"], record, _trace_rules(trace), None, lines))
    return first + then


def failures_by_rule(report: Report, rid: str) -> dict[str, list[Failure]]:
    """The failing cases filed under each rule (a case under each of its rules; one with none under ``""``)."""
    found: dict[str, list[Failure]] = {}
    for failure in failures(report, rid):
        for rule in failure.rules or ("",):
            found.setdefault(rule, []).append(failure)
    return found


def unlisted(report: Report, rid: str) -> int:
    """Failing cases of ``rid`` the report counted but did not keep."""
    run = report.rulesets.get(rid)
    return run.failed - len(run.failing) if run is not None else 0


def explained_note(report: Report) -> str:
    """How the report's failing cases were grouped, in words."""
    if report.explain is None:
        return "run without --explain: no failing case is matched to a reading or filed under a rule"
    e = report.explain
    if not e["failures"]:
        return "--explain: no failing case to explain"
    return (f"--explain: {e['unexplained']} of {e['failures']} failures explained by no reading, "
            f"{e['explained_by_one'] + e['explained_by_pair']} by a listed reading")


def summary_line(report: Report) -> Iterator[str]:
    """The per-ruleset figures of a report as short phrases (for a page's caption and a test)."""
    for rid, run in report.rulesets.items():
        rate = ruleset_rate(run)
        yield f"{rid}: {run.counts['pass']} of {run.selected} passed ({'-' if rate is None else f'{rate:.1f} %'})"


__all__ = ["NO_ANSWER", "Failure", "coverage_rows", "declared_features", "declared_readings", "explained_note",
           "failures", "failures_by_rule", "has_coverage", "ruleset_rate", "rulesets_of", "summary_line", "unlisted"]
