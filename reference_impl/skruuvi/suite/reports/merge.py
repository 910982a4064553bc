"""Merging the reports of a sharded run (``skruuvi conformance --shard K/N`` on N machines) into one.

:func:`check_shards` reads every report's header and refuses a merge, with one line naming the file and what is
wrong, unless the reports are the N shards of one run: each header says its shard and its selection
(``selection``, written by the runner), every shard 1..N is there once, and they agree on the suite version, the
runner, the engine's start answer and the selection (its options, the cases of the whole selection and the
fingerprint of their ids). :func:`merge` then reads the case records, checking as it goes that each case is one
of its shard's, that no case comes twice, that each shard holds as many cases as its header says and finished its
run; at the end the cases together must be the whole selection (the count, and the fingerprint of the ids). The
merged report lists the cases shard by shard; its summary sums the shards' counts and takes the longest shard's
time, its explain and coverage records sum theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...rules.errors import InputError
from ..cases.selection import fingerprint, id_hash
from ..run.runner import STATUSES, verdict
from .reading import iter_report

_AGREED = (("suite", "suite version"), ("runner", "runner"), ("engine", "engine's start answer"))
_SELECTION = ("rulesets", "run", "skip", "cases", "ids")


@dataclass(frozen=True)
class Shard:
    path: str
    header: dict[str, Any]

    @property
    def k(self) -> int:
        return int(self.header["selection"]["shard"][0])

    @property
    def n(self) -> int:
        return int(self.header["selection"]["shard"][1])


def _header(path: str) -> dict[str, Any]:
    for _, record in iter_report(path):
        return record
    raise InputError("the report is empty (no header)", file=path)  # (iter_report says so first)


def check_shards(paths: Iterable[str | Path]) -> list[Shard]:
    """The reports as the shards of one run, in shard order; :class:`InputError` naming the file otherwise."""
    shards = []
    for path in map(str, paths):
        header = _header(path)
        if "selection" not in header:
            raise InputError("its header does not say its shard and selection (a report of skruuvi conformance "
                             "before suite 0.6.0): run the shard again", file=path)
        shards.append(Shard(path, header))
    if not shards:
        raise InputError("no report to merge")
    first = shards[0]
    seen: dict[int, Shard] = {}
    for shard in shards:
        if shard.n != first.n:
            raise InputError(f"shard {shard.k}/{shard.n} is not one of {first.n} shards, as {first.path} is "
                             f"(shard {first.k}/{first.n})", file=shard.path)
        if shard.k in seen:
            raise InputError(f"shard {shard.k}/{shard.n} is given twice ({seen[shard.k].path} is the same shard)",
                             file=shard.path)
        seen[shard.k] = shard
        for key, words in _AGREED:
            if shard.header.get(key) != first.header.get(key):
                raise InputError(f"its {words} differs from {first.path}'s ({_short(shard.header.get(key))} "
                                 f"against {_short(first.header.get(key))}): not shards of one run", file=shard.path)
        ours, theirs = shard.header["selection"], first.header["selection"]
        for key in _SELECTION:
            if ours[key] != theirs[key]:
                words = "cases of the whole selection" if key in ("cases", "ids") else f"--{key.rstrip('s')}"
                raise InputError(f"its selection differs from {first.path}'s ({words}: {_short(ours[key])} against "
                                 f"{_short(theirs[key])}): not shards of one run", file=shard.path)
    missing = [k for k in range(1, first.n + 1) if k not in seen]
    if missing:
        given = ", ".join(f"{s.path} ({s.k}/{s.n})" for s in sorted(shards, key=lambda s: s.k))
        raise InputError(f"shard{'s' if len(missing) > 1 else ''} {', '.join(f'{k}/{first.n}' for k in missing)} "
                         f"missing: {len(shards)} of {first.n} shards given ({given})")
    return sorted(shards, key=lambda s: s.k)


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class Merged:
    """The merged run's header, its summary and the explain and coverage records (None when no shard has one)."""

    header: dict[str, Any]
    summary: dict[str, Any]
    explain: dict[str, Any] | None
    coverage: dict[str, Any] | None


def merge(shards: list[Shard], on_case: Callable[[dict[str, Any]], None]) -> Merged:
    """Read the shards' records, hand each case record to ``on_case`` (shard by shard, in each shard's order) and
    return the merged header and summary; :class:`InputError` naming the file and the line when the shards do not
    together run each selected case exactly once."""
    whole = shards[0].header["selection"]
    seen: dict[int, str] = {}  # id hash -> the file that ran the case
    ids_sum = 0
    counts = dict.fromkeys(STATUSES, 0)
    summaries, explains, coverages = [], [], []
    for shard in shards:
        count = 0
        summary = None
        for where, record in iter_report(shard.path):
            kind = record["type"]
            if kind == "case":
                hashed = id_hash(record["id"])
                if shard.n > 1 and hashed % shard.n + 1 != shard.k:
                    raise InputError(f"case {record['id']} is not of shard {shard.k}/{shard.n}", file=shard.path,
                                     path=where)
                if hashed in seen:
                    raise InputError(f"case {record['id']} was run twice (in {seen[hashed]} too)", file=shard.path,
                                     path=where)
                seen[hashed] = shard.path
                ids_sum += hashed
                count += 1
                counts[record["status"]] += 1
                on_case(record)
            elif kind == "summary":
                summary = record
            elif kind == "explain":
                explains.append(record)
            elif kind == "coverage":
                coverages.append(record)
        if summary is None or summary.get("interrupted"):
            raise InputError("the shard's run did not finish (no summary record, or it was interrupted): "
                             "run the shard again", file=shard.path)
        if count != shard.header["cases"]:
            raise InputError(f"it holds {count} case records, but its header selected {shard.header['cases']}",
                             file=shard.path)
        summaries.append(summary)
    total = sum(counts.values())
    if total != whole["cases"] or fingerprint(ids_sum) != whole["ids"]:
        raise InputError(f"the shards ran {total} cases together, not the {whole['cases']} cases of the selection "
                         f"(or not the same ones): not shards of one run", file=shards[-1].path)
    coverage = merge_coverage(coverages) if coverages else None
    return Merged(merged_header(shards), _summary(summaries, counts, coverage),
                  merge_explain(explains) if explains else None, coverage)


def merged_header(shards: list[Shard]) -> dict[str, Any]:
    """The merged run's header: the first shard's, started when the first shard started, with the whole selection
    (shard 1/1) and its cases (:func:`merge` checks that the shards ran them)."""
    first = shards[0].header
    return {**first, "started": min(s.header["started"] for s in shards), "cases": first["selection"]["cases"],
            "selection": {**first["selection"], "shard": [1, 1]}}


@dataclass(frozen=True)
class RecordedCase:
    """A case as a case record names it (what the JUnit writer reads of a case)."""

    id: str
    ruleset: str
    file: str
    location: str | None

    @property
    def where(self) -> str:
        return f"{self.file}: {self.location}" if self.location else self.file


@dataclass(frozen=True)
class RecordedResult:
    """A case record as the result the JUnit writer takes (:class:`~skruuvi.suite.run.runner.CaseResult`'s fields)."""

    case: RecordedCase
    status: str
    diff: tuple[str, ...]
    detail: str | None
    seconds: float

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> RecordedResult:
        case = RecordedCase(record["id"], record["ruleset"], record["file"], record["location"])
        return cls(case, record["status"], tuple(record["diff"]), record["detail"], float(record["seconds"]))


def _summary(summaries: list[dict[str, Any]], counts: dict[str, int], coverage: dict[str, Any] | None
             ) -> dict[str, Any]:
    allow_xpass = any(s["counts"].get("xpass") and s["exit_code"] == 0 for s in summaries)
    allow_unsupported = all(s["exit_code"] == 0 for s in summaries)
    code, reason = verdict(counts, allow_xpass=allow_xpass, allow_unsupported=allow_unsupported)
    if code == 0 and coverage is not None and coverage.get("required"):
        unjudged = sum(1 for figures in coverage["rulesets"].values()
                       for rule, row in figures.get("rules", {}).items()
                       if not row["judged"] and rule not in figures.get("unreachable", ()))
        if unjudged:
            code, reason = 1, f"coverage is required, and {unjudged} rules have no judged case"
    record: dict[str, Any] = {"type": "summary", "counts": counts, "total": sum(counts.values()),
                              "seconds": max(s["seconds"] for s in summaries), "exit_code": code,
                              "interrupted": False, "reason": reason}
    under = [s["judged_under_readings"] for s in summaries if "judged_under_readings" in s]
    if under:
        record["judged_under_readings"] = {key: sum(u[key] for u in under) for key in ("cases", "same")}
    if coverage is not None and any("coverage" in s for s in summaries):
        record["coverage"] = {rid: _rule_counts(rid, figures, summaries)
                              for rid, figures in coverage["rulesets"].items()}
    return record


def _rule_counts(rid: str, figures: Mapping[str, Any], summaries: list[dict[str, Any]]) -> dict[str, int]:
    """A summary's per-ruleset rule counts, worked out anew from the merged coverage (a rule is judged when any
    shard judged it; it passed when every judged case of it passed)."""
    rules = figures.get("rules", {})
    stated = [s["coverage"][rid]["rules"] for s in summaries if rid in s.get("coverage", {})]
    out = {"rules": max([len(rules), *stated]),
           "rules_judged": sum(1 for row in rules.values() if row["judged"]),
           "rules_passed": sum(1 for row in rules.values() if row["judged"] and row["passed"] == row["judged"])}
    if "unreachable" in figures:
        out["rules_unreachable"] = len(figures["unreachable"])
    return out


def _add(into: dict[str, Any], more: Mapping[str, Any]) -> None:
    """Sum ``more``'s numbers into ``into``, key by key, nested."""
    for key, value in more.items():
        if isinstance(value, Mapping):
            _add(into.setdefault(key, {}), value)
        elif isinstance(value, int) and not isinstance(value, bool):
            into[key] = into.get(key, 0) + value


def merge_coverage(records: list[dict[str, Any]]) -> dict[str, Any]:
    """One coverage record from the shards': every number summed (cases, rules, features, per ruleset); a rule is
    unreachable when no shard judged it and every shard that lists the ruleset says it is unreachable."""
    rulesets: dict[str, Any] = {}
    for record in records:
        _add(rulesets, record["rulesets"])
    for rid, figures in rulesets.items():
        if not any("unreachable" in r["rulesets"].get(rid, {}) for r in records):
            continue  # (shards of a runner that did not say: every rule is asked for)
        said = [set(r["rulesets"][rid].get("unreachable") or ()) for r in records if rid in r["rulesets"]]
        common = set.intersection(*said)
        figures["unreachable"] = [rule for rule, row in figures.get("rules", {}).items()
                                  if rule in common and not row["judged"]]
    return {"type": "coverage", "required": any(r.get("required") for r in records), "rulesets": rulesets}


def merge_explain(records: list[dict[str, Any]]) -> dict[str, Any]:
    """One explain record from the shards': the counts summed, the rows of one reading joined (their cases in shard
    order), most failures explained first, the unexplained cases shard by shard."""
    merged: dict[str, Any] = {"type": "explain", "bound": records[0]["bound"]}
    for count in ("failures", "explained_by_one", "explained_by_pair", "unexplained"):
        merged[count] = sum(r[count] for r in records)
    merged["seconds"] = round(sum(r.get("seconds", 0) for r in records), 3)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        for row in record["readings"]:
            key = (row["ruleset"], row["reading"])
            if key not in rows:
                rows[key] = {**row, "cases": list(row["cases"])}
            else:
                rows[key]["explains"] += row["explains"]
                rows[key]["only"] += row["only"]
                rows[key]["cases"].extend(row["cases"])
    merged["readings"] = sorted(rows.values(), key=lambda r: -r["explains"])
    merged["no_reading"] = [item for r in records for item in r["no_reading"]]
    merged["reference_failures"] = [item for r in records for item in r.get("reference_failures", [])]
    return merged


__all__ = ["Merged", "RecordedResult", "Shard", "check_shards", "merge", "merge_coverage", "merge_explain",
           "merged_header"]
