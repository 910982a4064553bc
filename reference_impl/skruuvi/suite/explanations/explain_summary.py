"""The verdicts of a run's failing cases summed up: the readings that explain them (one row per reading or
pair, with the cases it explains), the failures nothing explains grouped by pattern (ruleset, form, contract
kind, where they part, the size of the difference), and the readings under which the reference itself
failed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...rules.readings import label
from .explain_declare import Row
from .explain_search import BOUND, MAX_PAIRS, Explainer, Verdict


@dataclass
class Pattern:
    """Failures no reading explains that part from the reference the same way."""

    key: dict[str, str]
    cases: list[Verdict] = field(default_factory=list)

    @property
    def words(self) -> str:
        k = self.key
        contract = k.get("contract") or ""
        contract = contract if contract in ("no contract", "before the contract", "") else f"{contract} contracts"
        parts = [k.get("ruleset", ""), k.get("form", ""), contract, k.get("where", "")]
        if k.get("difference"):
            parts.append(f"difference {k['difference']}")
        return ", ".join(p for p in parts if p)


@dataclass
class Explanation:
    failures: int
    rows: list[Row]
    unexplained: list[Verdict]
    by_pair: int
    seconds: float
    problems: list[dict[str, Any]] = field(default_factory=list)
    """Readings under which the reference itself failed (a defect of the reference: those cases are not
    explained by that reading), with how many cases and the first message."""
    patterns: list[Pattern] = field(default_factory=list)
    """The unexplained failures grouped by how they part from the reference, most cases first."""

    @property
    def by_single(self) -> int:
        return self.failures - self.by_pair - len(self.unexplained)

    @property
    def pair_search_cut(self) -> list[Verdict]:
        return [v for v in self.unexplained if v.cut]

    def record(self) -> dict[str, Any]:
        """The ``explain`` record of the JSON Lines report."""
        return {"type": "explain", "failures": self.failures, "explained_by_one": self.by_single,
                "explained_by_pair": self.by_pair, "unexplained": len(self.unexplained), "bound": BOUND,
                "max_pairs": MAX_PAIRS, "seconds": round(self.seconds, 3),
                "readings": [{"ruleset": r.ruleset, "reading": r.words, "rules": list(r.rules),
                              "values": r.values, "options": r.options, "declare": r.declaration,
                              "source": list(r.source), "explains": len(r.cases), "only": r.only,
                              "cases": r.cases} for r in self.rows],
                "patterns": [{"pattern": p.key, "words": p.words, "count": len(p.cases),
                              "cases": [v.id for v in p.cases]} for p in self.patterns],
                "no_reading": [{"id": v.id, "ruleset": v.ruleset, "where": v.where, "pairs_tried": v.pairs_tried,
                                "pairs_on_path": v.pairs_on_path, "pair_search_cut": v.cut, "trace": v.trace}
                               for v in self.unexplained],
                "reference_failures": self.problems}


def summarise(verdicts: list[Verdict], explainer: Explainer, seconds: float) -> Explanation:
    rows: dict[tuple[str, tuple[int, ...]], Row] = {}
    for verdict in verdicts:
        found = explainer.candidates(verdict.ruleset)
        keys: list[tuple[int, ...]] = [(i,) for i in verdict.singles] or [tuple(p) for p in verdict.pairs]
        for key in keys:
            row = rows.get((verdict.ruleset, key))
            if row is None:
                parts = [found[i] for i in key]
                base = explainer.base(verdict.ruleset)
                row = rows[(verdict.ruleset, key)] = Row(
                    label(base), key, " + ".join(p.words for p in parts), tuple(p.rule for p in parts),
                    tuple(dict.fromkeys(s for p in parts for s in p.source)),
                    {rule: value for p in parts for rule, value in p.values.items()}, base.id, dict(base.readings))
            row.cases.append(verdict.id)
            if len(keys) == 1:
                row.only += 1
    ordered = sorted(rows.values(), key=lambda r: (-len(r.cases), -r.only, r.ruleset, r.readings))
    unexplained = [v for v in verdicts if not v.singles and not v.pairs]
    by_pair = sum(1 for v in verdicts if not v.singles and v.pairs)
    problems: dict[str, dict[str, Any]] = {}
    for verdict in verdicts:
        for i, message in verdict.problems:
            words = explainer.candidates(verdict.ruleset)[i].words
            entry = problems.setdefault(words, {"reading": words, "ruleset": verdict.ruleset, "cases": 0,
                                                "first": message, "first_case": verdict.id})
            entry["cases"] += 1
    groups: dict[str, Pattern] = {}
    for verdict in unexplained:
        shape = dict((verdict.trace or {}).get("pattern") or {"ruleset": verdict.ruleset,
                                                              "where": "the reference could not trace it"})
        groups.setdefault(json.dumps(shape, sort_keys=True, ensure_ascii=False), Pattern(shape)).cases.append(verdict)
    patterns = sorted(groups.values(), key=lambda p: -len(p.cases))
    return Explanation(len(verdicts), ordered, unexplained, by_pair, seconds, list(problems.values()), patterns)


__all__ = ["Explanation", "Pattern", "summarise"]
