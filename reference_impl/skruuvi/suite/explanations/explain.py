"""Explaining a conformance run's failures rule by rule (``skruuvi conformance --explain``).

A failing case is one the engine answered with a result or an error that differs from the expectation.
For each, the reference replays the case under each listed, executable alternative of its ruleset's rules
(:func:`~skruuvi.rules.readings.alternatives`; an alternative's ``requires:`` come with it, the case's own
pinned ``readings:`` stay on top): a reading *explains* the failure when the reference's answer under it is
the engine's answer, judged as the runner judges (only the expectation's keys). A case that no single
reading explains is tried under pairs of readings, bounded: only pairs of readings that each change the
case's answer on their own, at most :data:`MAX_PAIR_READINGS` of them per case (so at most 66 pairs),
those whose answers differ from the engine's in the fewest places when more change it.
The cases that nothing explains are listed first, as likely bugs, with where the engine and the reference
part (:mod:`skruuvi.suite.explanations.explain_trace`).

The readings are those of :mod:`skruuvi.suite.explanations.explain_readings`. Speed: every reading's ruleset is compiled
once (per set of readings a case pins on top), and a reading is tried only on the cases it can touch: a
phase parameter's reading on cases whose deal form can reach a phase that parameter is set in (through the
forms an all-pass turns a deal into, under the ruleset and under the reading), a scheme's on the forms
scored by it, a match rule's on match records and deals that carry a set position. ``jobs`` > 1 splits
the failures over that many processes.
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...interpreter.replay import replay
from ...rules.errors import InputError, RulesetError
from ...rules.numbers import out_of_range
from ...rules.readings import label, with_readings
from ...rules.ruleset import Ruleset, get_ruleset
from ..cases.cases import Case
from ..features.features import asks_legal
from ..features.variants import _expect_from, _legal_expect
from ..run.runner import compare
from .explain_readings import Reading, candidates, reach
from .explain_trace import parting

MAX_PAIR_READINGS = 12
"""Pairs are tried among at most this many readings per case (those that each change its answer; when more
do, the ones whose answers differ from the engine's in the fewest places)."""

PARALLEL_FROM = 50
"""With ``jobs`` > 1, the failures are split over processes only when there are more than this many."""

BOUND = (f"pairs only among readings that each change the case's answer alone, at most {MAX_PAIR_READINGS} "
         "per case, nearest the engine's answer first")


@dataclass
class Verdict:
    """What explains one failing case: indices into its ruleset's candidates (singles, then pairs)."""

    id: str
    ruleset: str
    where: str
    singles: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    pairs_tried: int = 0
    cut: bool = False
    trace: dict[str, Any] | None = None
    problems: list[tuple[int, str]] = field(default_factory=list)
    """Readings (by index) under which the reference itself failed on the case, with the first message."""


def _differs(answer: dict[str, Any], kind: str, body: Any) -> bool:
    """Whether the engine's answer ``(kind, body)`` differs from ``answer`` (an expectation): a legal set as a set,
    a perft count, or :func:`~skruuvi.suite.run.runner.compare`'s differences."""
    if "legal" in answer:
        return kind != "legal" or not isinstance(body, list) or set(body) != set(answer["legal"])
    if "perft" in answer:
        return kind != "perft" or body != answer["perft"]
    return bool(compare(answer, kind, body))


def distance(a: Any, b: Any) -> int:
    """How many leaves of two JSON values differ (through mappings and lists): to rank readings by how near
    their answers come to the engine's."""
    if isinstance(a, dict) and isinstance(b, dict):
        return sum(distance(a.get(k), b.get(k)) for k in {**a, **b})
    if isinstance(a, list) and isinstance(b, list):
        return sum(distance(x, y) for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b))
    return 0 if type(a) is type(b) and a == b else 1


class Explainer:
    """Replays failing cases under readings; each ruleset (and set of readings) is compiled once, and each case
    is replayed once under each set of readings however often it is explained."""

    def __init__(self, variants: Mapping[str, Ruleset] | None = None) -> None:
        self.variants = dict(variants or {})
        self._bases: dict[str, Ruleset] = {}
        self._candidates: dict[str, list[Reading]] = {}
        self._compiled: dict[tuple[str, str], Ruleset | None] = {}
        self._reach: dict[tuple[int, str], frozenset[str]] = {}
        self._answers: dict[tuple[int, str], tuple[Case, dict[str, Any] | None, list[str]]] = {}

    def base(self, ruleset_id: str) -> Ruleset:
        if ruleset_id not in self._bases:
            self._bases[ruleset_id] = self.variants.get(ruleset_id) or get_ruleset(ruleset_id)
        return self._bases[ruleset_id]

    def candidates(self, ruleset_id: str) -> list[Reading]:
        if ruleset_id not in self._candidates:
            self._candidates[ruleset_id] = candidates(self.base(ruleset_id))
        return self._candidates[ruleset_id]

    def compiled(self, ruleset_id: str, readings: Mapping[str, Any]) -> Ruleset | None:
        """The base under ``readings`` (None when they cannot hold together or the ruleset refuses them)."""
        key = (ruleset_id, json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr))
        if key not in self._compiled:
            try:
                self._compiled[key] = with_readings(self.base(ruleset_id), readings) if readings \
                    else self.base(ruleset_id)
            except RulesetError:
                self._compiled[key] = None
        return self._compiled[key]

    def _touches(self, reading: Reading, record: Mapping[str, Any]) -> bool:
        deal = record.get("deal")
        if "match" in record or not isinstance(deal, dict):
            return True
        if reading.match_only:
            return "state" in deal
        form = deal.get("form")
        if reading.forms is None or not isinstance(form, str):
            return True
        reached: set[str] = set()
        for ruleset in (self.compiled(reading.ruleset, {}), self.compiled(reading.ruleset, reading.readings)):
            if ruleset is None or form not in ruleset.forms:
                return True
            rkey = (id(ruleset), form)  # the compiled rulesets are kept, so their ids stay theirs
            if rkey not in self._reach:
                self._reach[rkey] = reach(ruleset, form)
            reached |= self._reach[rkey]
        return bool(reached & reading.forms)

    def _answer(self, case: Case, readings: Mapping[str, Any], own: Mapping[str, Any],
                problems: list[str] | None = None) -> dict[str, Any] | None:
        """The case's answer (in the shape of its expectation) under ``readings`` with its own on top; None when
        there is none (a failure of the reference itself is added to ``problems``, never raised)."""
        key = (id(case), json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr))
        kept = self._answers.get(key)
        if kept is None or kept[0] is not case:
            failed: list[str] = []
            kept = self._answers[key] = (case, self._replayed(case, readings, own, failed), failed)
        if problems is not None:
            problems.extend(kept[2])
        return kept[1]

    def _replayed(self, case: Case, readings: Mapping[str, Any], own: Mapping[str, Any],
                  problems: list[str]) -> dict[str, Any] | None:
        ruleset = self.compiled(case.ruleset, {**readings, **own})
        if ruleset is None:
            return None
        try:
            if asks_legal(case.record):  # a legal set or a perft count, as the runner asks it
                return _legal_expect(case.record, case.expect, ruleset)
            return _expect_from(case.expect, replay(case.record, ruleset).to_response())
        except InputError:
            return None
        except Exception as exc:  # a defect of the reference under a reading must not stop the explanation
            problems.append(f"{type(exc).__name__}: {exc}")
            return None

    def explain(self, case: Case, got: Mapping[str, Any]) -> Verdict:
        kind, body = next(iter(got.items()))
        pinned = case.record.get("readings")
        own: dict[str, Any] = pinned if isinstance(pinned, dict) else {}
        found = self.candidates(case.ruleset)
        verdict = Verdict(case.id, case.ruleset, case.where)
        beyond = out_of_range(body)
        if beyond is not None:  # no reading gives such a number, and none is worked out with it
            verdict.trace = {"lines": [f"the engine's answer is out of range ({beyond}, beyond ±(2^53 − 1), where "
                                       "every answer of the suite stays far within): no reading can give it"]}
            return verdict
        given = {"match": body.get("match")} if "match" in case.expect and kind == "result" and isinstance(
            body, dict) else {kind: body}
        changers: list[tuple[int, int]] = []  # (differences left from the engine's answer, reading)
        singles: list[int] = []
        for i, reading in enumerate(found):
            if any(rule in own for rule in reading.readings) or not self._touches(reading, case.record):
                continue
            failed: list[str] = []
            answer = self._answer(case, reading.readings, own, failed)
            if failed:
                verdict.problems.append((i, failed[0]))
            if answer is None or answer == case.expect:
                continue
            if not _differs(answer, kind, body):
                singles.append(i)
            changers.append((distance(answer, given), i))
        verdict.singles = tuple(singles)
        if not singles:
            verdict.cut = len(changers) > MAX_PAIR_READINGS
            nearest = sorted(i for _, i in sorted(changers)[:MAX_PAIR_READINGS])
            pairs = []
            for a, b in combinations(nearest, 2):
                ra, rb = found[a].readings, found[b].readings
                if set(ra) & set(rb):
                    continue
                verdict.pairs_tried += 1
                answer = self._answer(case, {**ra, **rb}, own)
                if answer is not None and not _differs(answer, kind, body):
                    pairs.append((a, b))
            verdict.pairs = tuple(pairs)
        if not verdict.singles and not verdict.pairs and asks_legal(case.record):
            verdict.trace = {"engine": {kind: body}, "lines": [
                "a legal or perft case: its diff names, for each action missing or extra, the reference's verdict"]}
        elif not verdict.singles and not verdict.pairs:
            reference = self.compiled(case.ruleset, dict(own))
            try:
                verdict.trace = parting(case, kind, body, reference) if reference is not None else None
            except Exception as exc:  # the case's own failure shows as "the reference could not replay it"
                verdict.trace = {"lines": [f"the reference could not replay it: {type(exc).__name__}: {exc}"]}
        return verdict


@dataclass
class Row:
    """One reading (or pair) and the failures it explains."""

    ruleset: str
    """The ruleset (or variant, ``RULESET:NAME``) the reading is taken on top of."""
    readings: tuple[int, ...]
    words: str
    rules: tuple[str, ...]
    source: tuple[str, ...]
    cases: list[str] = field(default_factory=list)
    only: int = 0


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

    @property
    def by_single(self) -> int:
        return self.failures - self.by_pair - len(self.unexplained)

    def record(self) -> dict[str, Any]:
        """The ``explain`` record of the JSON Lines report."""
        return {"type": "explain", "failures": self.failures, "explained_by_one": self.by_single,
                "explained_by_pair": self.by_pair, "unexplained": len(self.unexplained), "bound": BOUND,
                "seconds": round(self.seconds, 3),
                "readings": [{"ruleset": r.ruleset, "reading": r.words, "rules": list(r.rules),
                              "source": list(r.source), "explains": len(r.cases), "only": r.only,
                              "cases": r.cases} for r in self.rows],
                "no_reading": [{"id": v.id, "ruleset": v.ruleset, "where": v.where, "pairs_tried": v.pairs_tried,
                                "pair_search_cut": v.cut, "trace": v.trace} for v in self.unexplained],
                "reference_failures": self.problems}


_STATE: dict[str, Any] = {}


def _worker_signals() -> None:
    """A worker of the explaining pool leaves the signals of an interrupt to the runner: it ignores SIGINT (a
    Ctrl-C reaches the whole terminal group) and dies by the others, as the runner then terminates it anyway."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)


def _explain_chunk(items: list[tuple[Case, dict[str, Any]]]) -> list[Verdict]:
    explainer = _STATE.get("explainer") or Explainer()
    return [explainer.explain(case, got) for case, got in items]


def explain(failures: Iterable[tuple[Case, Mapping[str, Any]]], variants: Mapping[str, Ruleset] | None = None,
            jobs: int = 1) -> Explanation:
    """Explain ``(case, engine answer {kind: body})`` failures; ``variants`` are the rulesets the run judged
    under (the explanations are readings on top of them)."""
    began = time.monotonic()
    items = [(case, dict(got)) for case, got in failures]
    explainer = Explainer(variants)
    _STATE["explainer"] = explainer
    if jobs > 1 and len(items) > PARALLEL_FROM:
        for ruleset_id in dict.fromkeys(case.ruleset for case, _ in items):  # compiled once, shared by the forks
            for reading in explainer.candidates(ruleset_id):
                explainer.compiled(ruleset_id, reading.readings)
        size = -(-len(items) // (jobs * 4))
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        # (leaving the block terminates the workers, also when a signal interrupts the wait: no process is left)
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_signals) as pool:
            verdicts = [v for part in pool.map(_explain_chunk, chunks) for v in part]
    else:
        verdicts = _explain_chunk(items)
    _STATE.clear()
    return summarise(verdicts, explainer, time.monotonic() - began)


def explain_bases(variants: Any, plan: Any) -> dict[str, Ruleset] | None:
    """The ruleset each failing case of a run is explained from: the variant ``--ruleset`` names (``variants``), else
    the ruleset under the readings the engine declares (``plan``: a reading is looked for beyond what it already
    says it plays)."""
    bases = dict(variants.variants) if variants is not None and variants.variants else {}
    for rid, changes in plan.declarations.changes.items():
        if rid not in bases and changes:
            bases[rid] = with_readings(get_ruleset(rid), changes)
    return bases or None


def summarise(verdicts: list[Verdict], explainer: Explainer, seconds: float) -> Explanation:
    rows: dict[tuple[str, tuple[int, ...]], Row] = {}
    for verdict in verdicts:
        found = explainer.candidates(verdict.ruleset)
        keys: list[tuple[int, ...]] = [(i,) for i in verdict.singles] or [tuple(p) for p in verdict.pairs]
        for key in keys:
            row = rows.get((verdict.ruleset, key))
            if row is None:
                parts = [found[i] for i in key]
                row = rows[(verdict.ruleset, key)] = Row(
                    label(explainer.base(verdict.ruleset)), key, " + ".join(p.words for p in parts),
                    tuple(p.rule for p in parts),
                    tuple(dict.fromkeys(s for p in parts for s in p.source)))
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
    return Explanation(len(verdicts), ordered, unexplained, by_pair, seconds, list(problems.values()))


def explain_lines(explanation: Explanation, printable: Any = str) -> list[str]:
    """The terminal text: a summary line, the unexplained cases, then the table of readings."""
    e = explanation
    if not e.failures:
        return ["explain: no failing case to explain"]
    lines = [f"explain: {e.failures} failing case{'s' if e.failures != 1 else ''}: {e.by_single} explained by "
             f"one reading, {e.by_pair} by a pair, {len(e.unexplained)} by none ({BOUND}) in {e.seconds:.1f} s"]
    if e.unexplained:
        lines.append(f"no reading explains {len(e.unexplained)} case(s), likely bugs:")
        for v in e.unexplained:
            lines.append(f"  {printable(v.id)}  ({printable(v.where)})")
            for line in (v.trace or {}).get("lines", ["the reference could not replay it"]):
                lines.append(f"      {printable(line)}")
            if v.cut:
                lines.append(f"      (more than {MAX_PAIR_READINGS} readings change its answer: pairs tried among "
                             f"the {MAX_PAIR_READINGS} nearest the engine's answer only)")
    for problem in e.problems:
        lines.append(printable(f"the reference itself failed under {problem['reading']} on {problem['cases']} "
                               f"case(s), first {problem['first_case']}: {problem['first']}"))
    if e.rows:
        lines.append("readings that explain failures (a case several readings explain counts in each row; "
                     "'only': the cases no other reading explains):")
        table = [("explains", "only", "reading", "rule", "ruleset", "source")]
        table += [(str(len(r.cases)), str(r.only), r.words, " + ".join(r.rules), r.ruleset,
                   ", ".join(r.source)) for r in e.rows]
        widths = [max(len(row[i]) for row in table) for i in range(6)]
        for row in table:
            cells = [row[0].rjust(widths[0]), row[1].rjust(widths[1]), *(c.ljust(w) for c, w in
                                                                         zip(row[2:], widths[2:], strict=True))]
            lines.append(printable("  " + "  ".join(cells).rstrip()))
    return lines


__all__ = [
    "BOUND",
    "MAX_PAIR_READINGS",
    "Explainer",
    "Explanation",
    "Reading",
    "Row",
    "Verdict",
    "candidates",
    "distance",
    "explain",
    "explain_bases",
    "explain_lines",
    "summarise",
]
