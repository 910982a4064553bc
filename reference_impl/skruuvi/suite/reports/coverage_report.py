"""Coverage of a run: per ruleset, rule and feature, the cases judged and passed.

Each case carries what it covers (:attr:`~skruuvi.suite.cases.cases.Case.coverage`: the rules that decided its
expected answer and its feature tags, derived by walking it through the reference,
:mod:`skruuvi.suite.features.coverage`). :class:`CoverageTally` counts the results by that value as they stream by
(one counter per distinct coverage, not per rule: a run's cases share a few hundred of them), and adds them up per
rule and feature at the end. A case is *judged* when its answer was compared with its expectation (``pass``,
``fail``, ``xfail``, ``xpass``) and *passed* when it passed.

The rulesets a run's coverage speaks for are the ones the engine declares that the run selected cases of: the
summary line gives, for each, how many of its rules were judged (``rules judged: skruuvi-2016 98/98``);
``--require-coverage`` fails a run in which one of their rules has no judged case; and a run in which most
selected cases were not judged (unsupported, skipped, ...) says so on its last line.

A rule no selected case can reach under the readings it is judged under is *unreachable*, and is named apart
rather than counted as unjudged (``rules judged: skruuvi-1895 63/63 (1 unreachable under the readings judged:
redeal.scores-nothing)``). The readings a case is judged under are the engine's declared ones with the case's own
pinned readings on top; the rules each such ruleset can reach are read off its data
(:func:`~skruuvi.rules.reach.reachable_rules`), and a rule is reachable in the run when one of the
rulesets of its selected cases (judged or not) can reach it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...rules.errors import SkruuviError
from ...rules.reach import reachable_rules
from ...rules.readings import ruleset_under, with_readings
from ...rules.ruleset import get_ruleset
from ..features.features import feature_tags
from ..run.runner import JUDGED, CaseResult

#: Rule ids named in a line before "+N more".
SHOWN = 6


@dataclass
class RulesetCoverage:
    """One ruleset's coverage: per rule and per feature tag ``[judged, passed]``, and its cases'."""

    ruleset: str
    rules: dict[str, list[int]]
    features: dict[str, list[int]]
    cases: dict[str, int] = field(default_factory=lambda: {"selected": 0, "judged": 0, "passed": 0})
    reachable: frozenset[str] | None = None
    """The rules a selected case can reach under the readings it is judged under (None: every rule)."""

    @property
    def unreachable(self) -> list[str]:
        """The rules no selected case can reach and none judged."""
        if self.reachable is None:
            return []
        return [rule for rule, (judged, _) in self.rules.items() if not judged and rule not in self.reachable]

    @property
    def in_reach(self) -> int:
        """How many rules a judged case is asked of: every rule but the unreachable ones."""
        return len(self.rules) - len(self.unreachable)

    @property
    def rules_judged(self) -> int:
        return sum(1 for judged, _ in self.rules.values() if judged)

    @property
    def rules_passed(self) -> int:
        """Rules with at least one judged case, every one of which passed."""
        return sum(1 for judged, passed in self.rules.values() if judged and judged == passed)

    @property
    def unjudged(self) -> list[str]:
        """The rules some selected case can reach and no case judged."""
        unreachable = set(self.unreachable)
        return [rule for rule, (judged, _) in self.rules.items() if not judged and rule not in unreachable]

    def to_json(self) -> dict[str, Any]:
        return {"cases": dict(self.cases),
                "rules": {rule: {"judged": j, "passed": p} for rule, (j, p) in self.rules.items()},
                "features": {tag: {"judged": j, "passed": p} for tag, (j, p) in self.features.items()},
                "unreachable": self.unreachable}


class CoverageTally:
    """Counts results by what their cases cover (see the module docstring)."""

    def __init__(self) -> None:
        self._counts: dict[Any, list[int]] = {}  # coverage -> [selected, judged, passed]
        self._pinned: dict[str, dict[str, Mapping[str, Any]]] = {}  # ruleset -> the distinct readings cases pin

    def add(self, result: CaseResult) -> None:
        pinned = result.case.record.get("readings")
        if pinned and isinstance(pinned, Mapping):
            self._pinned.setdefault(result.case.ruleset, {}).setdefault(
                json.dumps(pinned, sort_keys=True, ensure_ascii=False, default=repr), pinned)
        key = result.case.coverage
        if key is None:
            key = result.case.ruleset  # nothing known of what it covers: counted as a case of its ruleset only
        counts = self._counts.get(key)
        if counts is None:
            counts = self._counts[key] = [0, 0, 0]
        counts[0] += 1
        status = result.status
        if status in JUDGED:
            counts[1] += 1
            if status == "pass":
                counts[2] += 1

    def reachable(self, rid: str, declared: Mapping[str, Any]) -> frozenset[str]:
        """The rules of ``rid`` a selected case can reach: under the readings the engine ``declared`` (those that
        change a rule), and under those with each set of readings a selected case pins on top."""
        try:
            base = ruleset_under(rid, declared)
        except SkruuviError:  # declarations the start refused: every rule is asked for
            return frozenset(get_ruleset(rid).rules)
        found = set(reachable_rules(base))
        for pinned in self._pinned.get(rid, {}).values():
            try:
                found |= reachable_rules(with_readings(base, pinned))
            except (SkruuviError, TypeError, ValueError):  # readings a case cannot pin: it is answered errored
                continue
        return frozenset(found)

    def rulesets(self, rulesets: Iterable[str],
                 declared: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, RulesetCoverage]:
        """The coverage of each of ``rulesets`` (those with a selected case), every rule and tag listed, and the
        rules a case can reach under the readings ``declared`` per ruleset (those that change a rule)."""
        out: dict[str, RulesetCoverage] = {}
        for rid in rulesets:
            try:
                ruleset = get_ruleset(rid)
            except Exception:  # a ruleset that does not load: its cases said so
                continue
            out[rid] = RulesetCoverage(rid, {rule: [0, 0] for rule in ruleset.rules},
                                       {tag: [0, 0] for tag in feature_tags(ruleset)},
                                       reachable=self.reachable(rid, (declared or {}).get(rid, {})))
        for key, (selected, judged, passed) in self._counts.items():
            rid = key if isinstance(key, str) else key.ruleset
            mine = out.get(rid)
            if mine is None:
                continue
            mine.cases["selected"] += selected
            mine.cases["judged"] += judged
            mine.cases["passed"] += passed
            if isinstance(key, str) or not judged:
                continue
            for rule in key.rules:
                if rule in mine.rules:
                    mine.rules[rule][0] += judged
                    mine.rules[rule][1] += passed
            for tag in key.features:
                if tag in mine.features:
                    mine.features[tag][0] += judged
                    mine.features[tag][1] += passed
        return {rid: cov for rid, cov in out.items() if cov.cases["selected"]}


def in_scope(engine: Mapping[str, Any], selected: Iterable[str]) -> list[str]:
    """The rulesets a run's coverage speaks for: declared by the engine, and with a selected case."""
    implementation = engine.get("implementation") if isinstance(engine, Mapping) else None
    declared = implementation.get("rulesets") if isinstance(implementation, Mapping) else None
    declared = [r for r in declared if isinstance(r, str)] if isinstance(declared, list) else []
    chosen = set(selected)
    return [rid for rid in declared if rid in chosen]


def summary_note(coverage: Mapping[str, RulesetCoverage]) -> str:
    """``rules judged: skruuvi-1944 12/86, skruuvi-2016 98/98`` (empty when no ruleset is in scope); a ruleset with
    unreachable rules counts them out and names them: ``skruuvi-1895 63/63 (1 unreachable under the readings
    judged: redeal.scores-nothing)``."""
    if not coverage:
        return ""
    return "rules judged: " + ", ".join(f"{rid} {cov.rules_judged}/{cov.in_reach}" + _unreachable_note(cov)
                                        for rid, cov in coverage.items())


def _unreachable_note(cov: RulesetCoverage) -> str:
    rules = cov.unreachable
    return f" ({len(rules)} unreachable under the readings judged: {_named(rules)})" if rules else ""


def _named(rules: list[str]) -> str:
    more = len(rules) - SHOWN
    return ", ".join(rules[:SHOWN]) + (f" (+{more} more)" if more > 0 else "")


def gap_reason(coverage: Mapping[str, RulesetCoverage]) -> str | None:
    """Why ``--require-coverage`` fails the run (the rules of each ruleset in scope without a judged case), or
    None when every rule has one."""
    gaps = [f"{rid}: {len(cov.unjudged)} of {cov.in_reach} rules ({_named(cov.unjudged)})"
            for rid, cov in coverage.items() if cov.unjudged]
    if not gaps:
        return None
    return "--require-coverage: rules without a judged case: " + "; ".join(gaps)


def not_judged_line(counts: Mapping[str, int], coverage: Mapping[str, RulesetCoverage],
                    required: bool) -> str | None:
    """The last line of a run in which most selected cases were not judged: how many, why, and how many rules of
    the rulesets in scope have no judged case; None when most were judged."""
    total = sum(counts.values())
    judged = sum(counts.get(status, 0) for status in JUDGED)
    if not total or judged * 2 > total:
        return None
    why = ", ".join(f"{counts[s]} {s}" for s in ("unsupported", "skipped", "errored", "timeout", "crashed")
                    if counts.get(s))
    line = (f"not judged: {total - judged} of {total} selected cases ({100 * (total - judged) / total:.1f} %)"
            + (f": {why}" if why else ""))
    gaps = [f"{rid} {len(cov.unjudged)} of {cov.in_reach}" for rid, cov in coverage.items() if cov.unjudged]
    if gaps:
        line += "; rules without a judged case: " + ", ".join(gaps)
        if not required:
            line += " (--require-coverage fails such a run)"
    return line


def coverage_record(coverage: Mapping[str, RulesetCoverage], required: bool) -> dict[str, Any]:
    """The report's ``coverage`` record."""
    return {"type": "coverage", "required": required,
            "rulesets": {rid: cov.to_json() for rid, cov in coverage.items()}}


def summary_coverage(coverage: Mapping[str, RulesetCoverage]) -> dict[str, Any]:
    """The summary record's ``coverage``: per ruleset in scope, its rules, and how many were judged and passed."""
    return {rid: {"rules": len(cov.rules), "rules_judged": cov.rules_judged, "rules_passed": cov.rules_passed,
                  "rules_unreachable": len(cov.unreachable)}
            for rid, cov in coverage.items()}


@dataclass(frozen=True)
class RunCoverage:
    """What a finished run says of its coverage: the exit code and reason (``--require-coverage`` may turn a 0 into
    a 1), the note for the summary line, the last line (or None), and the report's records."""

    code: int
    reason: str | None
    note: str
    last: str | None
    record: dict[str, Any]
    summary: dict[str, Any]


def run_coverage(tally: CoverageTally, engine: Mapping[str, Any], counts: Mapping[str, int],
                 by_ruleset: Iterable[str], code: int, reason: str | None, *, required: bool,
                 interrupted: bool, sharded: bool = False,
                 declared: Mapping[str, Mapping[str, Any]] | None = None) -> RunCoverage:
    """The coverage of a run whose verdict before coverage is ``code``/``reason`` (see :class:`RunCoverage`), of an
    engine that ``declared`` these readings per ruleset (those that change a rule). One shard of several
    (``sharded``) is not failed for a rule it did not judge: its record says coverage is required, and ``skruuvi
    report --merge`` checks the shards together."""
    coverage = tally.rulesets(in_scope(engine, by_ruleset), declared)
    note = summary_note(coverage)
    if not interrupted and code == 0 and required and not sharded:
        gap = gap_reason(coverage)
        if gap is not None:
            code, reason = 1, gap
    elif required and sharded and note:
        note += " (--require-coverage: checked when the shards are merged, skruuvi report --merge)"
    last = None if interrupted else not_judged_line(counts, coverage, required)
    return RunCoverage(code, reason, note, last, coverage_record(coverage, required), summary_coverage(coverage))


__all__ = ["CoverageTally", "RulesetCoverage", "RunCoverage", "coverage_record", "gap_reason", "in_scope",
           "not_judged_line", "run_coverage", "summary_coverage", "summary_note"]
