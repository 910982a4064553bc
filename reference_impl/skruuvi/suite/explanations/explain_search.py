"""The search for the readings that explain one failing case (:mod:`skruuvi.suite.explanations.explain`).

The case is replayed under each listed, executable alternative of its ruleset's rules (an alternative's
``requires:`` come with it, the case's own pinned ``readings:`` stay on top): a reading *explains* the failure
when the reference's answer under it is the engine's answer, judged as the runner judges (only the
expectation's keys). A case that no single reading explains is tried under pairs of readings, whether or not
each changes the answer alone: every pair on the path where the engine and the reference part (each reading's
rules reached by the replay under the other: a reading the other's replay never reads cannot change its
answer), at most :data:`MAX_PAIRS` per case, those whose readings' answers come nearest the engine's first. A
case nothing explains gets a trace of where the engine and the reference part
(:mod:`skruuvi.suite.explanations.explain_trace`).

Speed: every reading's ruleset is compiled once (per set of readings a case pins on top), each case replayed
once under each set of readings however often it is explained, and a reading tried only on the cases it can
touch: a phase parameter's reading on cases whose deal form can reach a phase that parameter is set in (through
the forms an all-pass turns a deal into, under the ruleset and under the reading,
:func:`~skruuvi.suite.explanations.explain_readings.reach`), a scheme's on the forms scored by it, a match
rule's on match records and deals that carry a set position.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...interpreter.replay import replay
from ...rules.errors import InputError, RulesetError
from ...rules.numbers import out_of_range
from ...rules.readings import with_readings
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


__all__ = ["BOUND", "MAX_PAIRS", "Explainer", "Verdict", "distance"]
