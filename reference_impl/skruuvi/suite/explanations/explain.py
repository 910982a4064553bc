"""Explaining a conformance run's failures rule by rule (``skruuvi conformance --explain``).

A failing case is one the engine answered with a result or an error that differs from the expectation.
For each, the reference replays the case under each listed, executable alternative of its ruleset's rules
(:func:`~skruuvi.rules.readings.alternatives`; an alternative's ``requires:`` come with it, the case's own
pinned ``readings:`` stay on top): a reading *explains* the failure when the reference's answer under it is
the engine's answer, judged as the runner judges (only the expectation's keys). A case that no single
reading explains is tried under pairs of readings, whether or not each changes the answer alone: every pair
on the path where the engine and the reference part (each reading's rules reached by the replay under the
other: a reading the other's replay never reads cannot change its answer), at most :data:`MAX_PAIRS` per case,
those whose readings' answers come nearest the engine's first; a cut is said in the output and the report.
The cases that nothing explains are listed first, as likely bugs, grouped by pattern (ruleset, form, contract
kind, where they part, the size of the difference), with where the engine and the reference part
(:mod:`skruuvi.suite.explanations.explain_trace`). Each reading that explains failures is given with its exact
value, ready to play (``serve``'s ``--reading`` options) or to declare (the start answer's readings).

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
import shlex
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
from .explain_readings import EVERYTHING, Reading, ReplayPath, candidates, on_path, reach
from .explain_trace import parting, replay_path

MAX_PAIRS = 300
"""At most this many pairs of readings are tried per case (those on the path where the engine and the reference
part, the pairs whose readings' answers come nearest the engine's first); more than every pair of today's
largest ruleset's readings (21 readings, 210 pairs), so a cut says a ruleset grew past it."""

PARALLEL_FROM = 50
"""With ``jobs`` > 1, the failures are split over processes only when there are more than this many."""

BOUND = (f"pairs among the readings on the path where the engine and the reference part, at most {MAX_PAIRS} "
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
    pairs_on_path: int = 0
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
        self._paths: dict[tuple[int, str], tuple[Case, ReplayPath]] = {}

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

    def path(self, case: Case, readings: Mapping[str, Any], own: Mapping[str, Any]) -> ReplayPath:
        """Which phases and schemes the reference's replay of ``case`` under ``readings`` (its own on top) went
        through, up to the action that decided its answer (:data:`EVERYTHING` where that cannot be said)."""
        key = (id(case), json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr))
        kept = self._paths.get(key)
        if kept is not None and kept[0] is case:
            return kept[1]
        found = EVERYTHING
        ruleset = self.compiled(case.ruleset, {**readings, **own})
        record = case.record
        if ruleset is not None and "match" not in record and not asks_legal(record):
            try:
                found = replay_path(ruleset, record)
            except Exception:
                found = EVERYTHING
        self._paths[key] = (case, found)
        return found

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
        near: dict[int, int] = {}  # reading -> how many values of its answer differ from the engine's
        singles: list[int] = []
        for i, reading in enumerate(found):
            if any(rule in own for rule in reading.readings) or not self._touches(reading, case.record):
                continue
            failed: list[str] = []
            answer = self._answer(case, reading.readings, own, failed)
            if failed:
                verdict.problems.append((i, failed[0]))
            if answer is None:
                continue
            if answer != case.expect and not _differs(answer, kind, body):
                singles.append(i)
            near[i] = distance(answer, given)
        verdict.singles = tuple(singles)
        if not singles:
            self._pairs(case, own, found, near, verdict, kind, body)
        if not verdict.singles and not verdict.pairs and asks_legal(case.record):
            deal = case.record.get("deal")
            form = deal.get("form") if isinstance(deal, dict) else None
            verdict.trace = {"engine": {kind: body}, "lines": [
                "a legal or perft case: its diff names, for each action missing or extra, the reference's verdict"],
                "pattern": {"ruleset": case.ruleset, "form": str(form or ""), "contract": "",
                            "where": "a legal set or perft count", "difference": ""}}
        elif not verdict.singles and not verdict.pairs:
            reference = self.compiled(case.ruleset, dict(own))
            try:
                verdict.trace = parting(case, kind, body, reference, self._hint_items(case, own)) \
                    if reference is not None else None
            except Exception as exc:  # the case's own failure shows as "the reference could not replay it"
                verdict.trace = {"lines": [f"the reference could not replay it: {type(exc).__name__}: {exc}"]}
        return verdict

    def _pairs(self, case: Case, own: Mapping[str, Any], found: list[Reading], near: dict[int, int],
               verdict: Verdict, kind: str, body: Any) -> None:
        """Try the pairs of readings on the path where the engine and the reference part: two readings whose rules
        each replay under the other reaches (a reading the other's replay never reads cannot change its answer,
        so such a pair answers as one of its readings alone, which did not explain the case), whether or not
        each changes the answer on its own. The pairs nearest the engine's answer first, at most
        :data:`MAX_PAIRS` of them."""
        paths = {i: self.path(case, found[i].readings, own) for i in near}
        eligible = []
        for a, b in combinations(sorted(near), 2):
            ra, rb = found[a].readings, found[b].readings
            if set(ra) & set(rb) or not on_path(found[b], paths[a]) or not on_path(found[a], paths[b]):
                continue
            eligible.append((near[a] + near[b], a, b))
        eligible.sort()
        verdict.pairs_on_path = len(eligible)
        verdict.cut = len(eligible) > MAX_PAIRS
        pairs = []
        for _, a, b in eligible[:MAX_PAIRS]:
            verdict.pairs_tried += 1
            answer = self._answer(case, {**found[a].readings, **found[b].readings}, own)
            if answer is not None and answer != case.expect and not _differs(answer, kind, body):
                pairs.append((min(a, b), max(a, b)))
        verdict.pairs = tuple(sorted(pairs))

    def _hint_items(self, case: Case, own: Mapping[str, Any]) -> list[tuple[str, Any]]:
        """Other score breakdowns a trace may explain a difference with: the case under the ruleset's own value of
        each rule the case pins (a reading that drops or moves an item shows it there)."""
        out: list[tuple[str, Any]] = []
        for rule_id in own:
            rest = {k: v for k, v in own.items() if k != rule_id}
            ruleset = self.compiled(case.ruleset, rest)
            if ruleset is None:
                continue
            try:
                outcome = replay(case.record, ruleset)
            except Exception:
                continue
            if outcome.ok:
                out.append((f"the ruleset's own {rule_id} (the case pins "
                            f"{json.dumps(own[rule_id], ensure_ascii=False)})", outcome.breakdown))
        return out


def reading_option(rule_id: str, value: Any) -> str:
    """``--reading RULE=VALUE`` as a shell word that ``skruuvi serve``/``replay`` read back as exactly ``value``:
    a plain word where YAML reads it back as the same string, else the value as JSON (which YAML reads too)."""
    text = value if isinstance(value, str) and _plain(value) else json.dumps(value, ensure_ascii=False,
                                                                              separators=(",", ":"))
    return "--reading " + shlex.quote(f"{rule_id}={text}")


def _plain(text: str) -> bool:
    """Whether YAML reads ``text`` back as this very string (a word such as ``reverse``, not ``true`` or ``5``)."""
    from ...rules.yamlio import parse_yaml

    try:
        return bool(text) and text.strip() == text and parse_yaml(text, "--reading") == text
    except InputError:
        return False


@dataclass
class Row:
    """One reading (or pair) and the failures it explains."""

    ruleset: str
    """The ruleset (or variant, ``RULESET:NAME``) the reading is taken on top of."""
    readings: tuple[int, ...]
    words: str
    rules: tuple[str, ...]
    source: tuple[str, ...]
    values: dict[str, Any] = field(default_factory=dict)
    """The exact readings, ``{rule id: value}`` (a pair's two, and what an alternative requires)."""
    ruleset_id: str = ""
    """The ruleset's id (without a variant's name)."""
    under: dict[str, Any] = field(default_factory=dict)
    """The variant's own readings, when the run judged the ruleset under a variant."""
    cases: list[str] = field(default_factory=list)
    only: int = 0

    @property
    def options(self) -> str:
        """The readings as ``skruuvi serve`` (or ``replay``) options, ready to paste."""
        return " ".join(reading_option(rule, value) for rule, value in self.values.items())

    @property
    def declaration(self) -> dict[str, Any]:
        """The start answer's ``implementation.readings`` that declares the readings (with a variant's own)."""
        return {self.ruleset_id: {**self.under, **self.values}}


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


MAX_PATTERNS_SHOWN = 10
"""The printed output shows at most this many patterns of unexplained failures (all are in the report)."""

MAX_CASES_SHOWN = 3
"""... and per pattern the trace of its first case and the ids of at most this many."""


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def explain_lines(explanation: Explanation, printable: Any = str) -> list[str]:
    """The terminal text: a summary line, the unexplained cases grouped by pattern, then the table of readings
    with a ready line to declare each."""
    e = explanation
    if not e.failures:
        return ["explain: no failing case to explain"]
    lines = [f"explain: {_count(e.failures, 'failing case')}: {e.by_single:,} explained by "
             f"one reading, {e.by_pair:,} by a pair, {len(e.unexplained):,} by none ({BOUND}) in {e.seconds:.1f} s"]
    if e.unexplained:
        lines.append(f"no reading explains {_count(len(e.unexplained), 'case')}, likely bugs, in "
                     f"{_count(len(e.patterns), 'pattern')} (ruleset, form, contract, where they part, difference):")
        for pattern in e.patterns[:MAX_PATTERNS_SHOWN]:
            first = pattern.cases[0]
            lines.append(printable(f"  {_count(len(pattern.cases), 'case')}: {pattern.words}"))
            lines.append(f"    e.g. {printable(first.id)}  ({printable(first.where)})")
            for line in (first.trace or {}).get("lines", ["the reference could not replay it"]):
                lines.append(f"        {printable(line)}")
            more = [v.id for v in pattern.cases[1:MAX_CASES_SHOWN]]
            if more:
                rest = len(pattern.cases) - 1 - len(more)
                lines.append(printable("    also " + ", ".join(more) + (f" and {rest:,} more" if rest else "")))
        hidden = e.patterns[MAX_PATTERNS_SHOWN:]
        if hidden:
            lines.append(f"  ... and {_count(sum(len(p.cases) for p in hidden), 'case')} in "
                         f"{_count(len(hidden), 'more pattern')} (every one in the report's explain record, "
                         "--report FILE)")
        cut = e.pair_search_cut
        if cut:
            lines.append(f"pair search cut for {_count(len(cut), 'case')} (first {printable(cut[0].id)}: "
                         f"{cut[0].pairs_on_path} pairs of readings on the path where they part, the {MAX_PAIRS} "
                         "nearest the engine's answer tried): a pair further off may explain them")
    for problem in e.problems:
        lines.append(printable(f"the reference itself failed under {problem['reading']} on {problem['cases']} "
                               f"case(s), first {problem['first_case']}: {problem['first']}"))
    if e.rows:
        lines.append("readings that explain failures (a case several readings explain counts in each row; "
                     "'only': the cases no other reading explains):")
        table = [("#", "explains", "only", "reading", "rule", "ruleset", "source")]
        table += [(str(n), str(len(r.cases)), str(r.only), r.words, " + ".join(r.rules), r.ruleset,
                   ", ".join(r.source)) for n, r in enumerate(e.rows, 1)]
        widths = [max(len(row[i]) for row in table) for i in range(7)]
        for row in table:
            cells = [*(c.rjust(w) for c, w in zip(row[:3], widths[:3], strict=True)),
                     *(c.ljust(w) for c, w in zip(row[3:], widths[3:], strict=True))]
            lines.append(printable("  " + "  ".join(cells).rstrip()))
        lines.append("to play or declare a reading (#: serve's options; the start answer's implementation.readings):")
        for n, r in enumerate(e.rows, 1):
            lines.append(printable(f"  {n:>{widths[0]}}  {r.options}"))
            lines.append(printable(f"  {'':>{widths[0]}}  \"readings\": "
                                   + json.dumps(r.declaration, ensure_ascii=False, separators=(", ", ": "))))
    return lines


__all__ = [
    "BOUND",
    "MAX_PAIRS",
    "Explainer",
    "Explanation",
    "Pattern",
    "Reading",
    "Row",
    "Verdict",
    "candidates",
    "distance",
    "explain",
    "explain_lines",
    "summarise",
]
