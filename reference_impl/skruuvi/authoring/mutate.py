"""Mutation testing of a ruleset against the conformance suite.

Every executable scalar of a ruleset is perturbed in turn — numbers by ±1 and to the neighbouring
values of their table, booleans flipped, enumerated values (seat references, targets, columns,
strains, ...) changed to each other value of their domain, lists reordered, and the constants and
operators of scoring expressions changed — and the suite is replayed against each *mutant*. A mutant
is *killed* when at least one case's answer changes; a *surviving* mutant is a rule whose value no
case pins down (or an equivalent mutant, which the report lets a human explain). A mutant that no
longer compiles is *stillborn* and not counted.

Runs in-process with :func:`skruuvi.interpreter.replay.replay` (``ruleset=`` override), so a ruleset with a few
hundred leaves is mutated in seconds.
"""

from __future__ import annotations

import ast
import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..interpreter.outcome import Outcome
from ..rules.errors import InputError, SkruuviError
from ..rules.phases import SEAT_REFS
from ..rules.readings import with_readings
from ..rules.ruledoc import Path, pointer, rule_entries, with_value
from ..rules.ruleset import HONOURS_FROM, Ruleset, compile_ruleset

#: Domains of enumerated leaves, by the key (or param) they sit under.
DOMAINS: dict[str, tuple[Any, ...]] = {
    "to": ("main", "defenders", "each", "NS", "EW"),
    "multiplied": (True, False, "winner"),
    "column": ("below", "above"),
    "bidders": ("all", "main-pair"),
    "defenders_receive": ("negation", "nothing"),
    "distributor": ("taker", "partner"),
    "distribute_order": ("clockwise-from-left", "any-order"),
    "final_min_passes": ("ending-pass", "every-pass"),
    "equal_bids": ("rejected", "first-chooses"),
    "return_order": ("same", "reverse"),
    "honours_from": HONOURS_FROM,
}
SEAT_KEYS = frozenset({"first", "taker", "start", "giver", "lead"})
STRAINS = ("S", "C", "D", "H", "G", "M")
_SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.And: ast.Or, ast.Or: ast.And,
}


@dataclass(frozen=True, slots=True)
class Mutant:
    rule: str  # the rule id whose value is changed
    pointer: str  # JSON pointer of the changed leaf
    description: str  # what changed, e.g. "5 -> 6"
    doc: dict[str, Any] = field(repr=False, compare=False)
    path: Path = field(default=(), repr=False, compare=False)  # where ``doc`` differs from the ruleset's


@dataclass(slots=True)
class MutationReport:
    ruleset: str
    cases: int
    killed: list[Mutant] = field(default_factory=list)
    survived: list[Mutant] = field(default_factory=list)
    stillborn: list[tuple[Mutant, str]] = field(default_factory=list)
    legal: LegalMeasure | None = None
    killed_by: dict[tuple[str, str], str] = field(default_factory=dict)  # (pointer, mutation) -> a killing case

    @property
    def total(self) -> int:
        return len(self.killed) + len(self.survived)


@dataclass(slots=True)
class LegalMeasure:
    """The legal-set measure: of the mutants that change a legal set (one of the legal and perft cases'
    answers, or a set of the sample, :class:`~skruuvi.authoring.legal_mutation.LegalSample`), those the legal
    and perft cases kill (by the first case whose answer changes) and those they do not (by the sample's first
    differing position)."""

    cases: int  # the legal and perft cases
    records: int  # the records of the sample
    positions: int  # the distinct positions of the sample
    killed: list[tuple[Mutant, str]] = field(default_factory=list)
    survived: list[tuple[Mutant, str]] = field(default_factory=list)

    @property
    def changing(self) -> int:
        return len(self.killed) + len(self.survived)

    @property
    def score(self) -> float:
        return len(self.killed) / self.changing if self.changing else 1.0


def _add_to_value(node: Any, delta: int) -> None:
    node.value += delta


def _set_op(node: Any, op: type) -> None:
    node.op = op()


def _set_comparison(node: Any, at: int, op: type) -> None:
    node.ops[at] = op()


def _expression_variants(source: str) -> Iterator[tuple[str, str]]:
    """Each single change of a constant or an operator in an expression: (new source, description)."""
    tree = ast.parse(source, mode="eval")
    nodes = list(ast.walk(tree))
    for i, node in enumerate(nodes):
        changes: list[tuple[Callable[[Any], None], str]] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            for delta in (-1, 1):
                changes.append((partial(_add_to_value, delta=delta), f"constant {node.value}{delta:+d}"))
        op = getattr(node, "op", None)
        if op is not None and type(op) in _SWAPS:
            new_op = _SWAPS[type(op)]
            changes.append((partial(_set_op, op=new_op), f"{type(op).__name__} -> {new_op.__name__}"))
        if isinstance(node, ast.Compare):
            for j, op in enumerate(node.ops):
                if type(op) in _SWAPS:
                    new_op = _SWAPS[type(op)]
                    changes.append((partial(_set_comparison, at=j, op=new_op),
                                    f"{type(op).__name__} -> {new_op.__name__}"))
        for apply, text in changes:
            mutated = copy.deepcopy(tree)
            apply(list(ast.walk(mutated))[i])
            yield ast.unparse(mutated), text


def _leaf_variants(key: Any, value: Any, siblings: Any) -> Iterator[tuple[Any, str]]:
    if isinstance(value, bool):
        yield (not value), f"{value} -> {not value}"
    elif isinstance(value, int):
        for delta in (-1, 1):
            yield value + delta, f"{value} -> {value + delta}"
        if isinstance(siblings, dict):  # neighbouring values of the same table row
            keys = list(siblings)
            i = keys.index(key) if key in keys else -1
            for j in (i - 1, i + 1):
                if 0 <= j < len(keys) and isinstance(siblings[keys[j]], int) and siblings[keys[j]] != value \
                        and abs(siblings[keys[j]] - value) != 1:
                    yield siblings[keys[j]], f"{value} -> {siblings[keys[j]]} (the value for {keys[j]})"
    elif isinstance(value, str):
        domain = DOMAINS.get(str(key)) or (tuple(SEAT_REFS) if key in SEAT_KEYS or value in SEAT_REFS else ())
        if not domain and value in STRAINS:
            domain = STRAINS
        for other in domain:
            if other != value:
                yield other, f"{value!r} -> {other!r}"


def _walk_value(path: Path, key: Any, value: Any, parent: Any) -> Iterator[tuple[Path, Any, str]]:
    """(path, new value, description) for every mutation of a rule's value (recursively)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk_value((*path, k), k, v, value)
    elif isinstance(value, list):
        for i in range(len(value) - 1):
            swapped = list(value)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            yield path, swapped, f"swap items {i} and {i + 1}"
        for i, v in enumerate(value):
            yield from _walk_value((*path, i), key, v, value)
    else:
        for new, text in _leaf_variants(key, value, parent):
            yield path, new, text


def mutants(doc: dict[str, Any]) -> Iterator[Mutant]:
    """Every mutant of a ruleset document."""
    for path, entry in rule_entries(doc):
        rule = str(entry.get("id"))
        if "value" in entry and ("param" in entry or "name" in entry):
            key = str(entry.get("param") or entry.get("name"))
            value = entry["value"]
            if isinstance(value, str) and "name" in entry:  # a derived fact's expression
                for source, text in _expression_variants(value):
                    yield Mutant(rule, pointer((*path, "value")), text, with_value(doc, (*path, "value"), source),
                                 (*path, "value"))
                continue
            for leaf, new, text in _walk_value((*path, "value"), key, value, None):
                yield Mutant(rule, pointer(leaf), text, with_value(doc, leaf, new), leaf)
        for key in ("to", "multiplied", "column"):
            if key in entry:
                for new, text in _leaf_variants(key, entry[key], None):
                    yield Mutant(rule, pointer((*path, key)), text, with_value(doc, (*path, key), new), (*path, key))
        for key in ("when", "points"):
            if isinstance(entry.get(key), str):
                for source, text in _expression_variants(entry[key]):
                    yield Mutant(rule, pointer((*path, key)), text, with_value(doc, (*path, key), source),
                                 (*path, key))


def asks_legal(case: dict[str, Any]) -> bool:
    """Whether the runner judges the case through SCP/1 ``legal``: a legal set or a perft count."""
    expect = case.get("expect")
    return isinstance(expect, dict) and ("legal" in expect or "perft" in expect)


def _legal_answer(case: dict[str, Any], ruleset: Ruleset) -> Any:
    """What the runner judges of a legal case: the legal set after the prefix (a set: sorted), or the perft
    count from there (the runner counts it by asking ``legal`` along the tree); or the prefix's error."""
    from ..interpreter.legal import legal_for, perft_for

    perft = case["expect"].get("perft")
    if isinstance(perft, dict):
        found: Any = perft_for(case, int(perft["depth"]), ruleset)  # (a checked case: an integer)
        return found.to_response() if isinstance(found, Outcome) else {"perft": found}
    found = legal_for(case, ruleset)
    return found.to_response() if isinstance(found, Outcome) else {"legal": found}


def _answer(case: dict[str, Any], ruleset: Ruleset, under: dict[str, Ruleset]) -> Any:
    """The case's answer under ``ruleset`` with the readings the case pins on top (each set of readings
    compiled once per ruleset, in ``under``), as the runner judges it: a legal case's legal set or perft
    count, any other case's replay."""
    from ..interpreter.replay import replay

    try:
        readings = case.get("readings")
        if readings:
            key = json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr)
            if key not in under:
                under[key] = with_readings(ruleset, readings)
            ruleset = under[key]
        if asks_legal(case):
            return _legal_answer(case, ruleset)
        return replay(case, ruleset=ruleset).to_response()
    except SkruuviError as exc:
        return {"raised": type(exc).__name__}


def _first_changed(cases: list[dict[str, Any]], expected: list[Any], ruleset: Ruleset,
                   under: dict[str, Ruleset]) -> dict[str, Any] | None:
    """The first of ``cases`` whose answer under ``ruleset`` (``under`` readings) is not its ``expected`` one."""
    for case, answer in zip(cases, expected, strict=True):
        try:
            got = _answer(case, ruleset, under)
        except Exception:  # a mutant may make the scorer fail: that changes the answer
            return case
        if got != answer:
            return case
    return None


def _hinted_first(cases: list[dict[str, Any]], expected: list[Any],
                  hinted: int | None) -> tuple[list[dict[str, Any]], list[Any]]:
    """``cases`` and their ``expected`` answers with the one at ``hinted`` (if any) moved to the front."""
    if hinted is None:
        return cases, expected
    rest = [i for i in range(len(cases)) if i != hinted]
    return [cases[hinted], *(cases[i] for i in rest)], [expected[hinted], *(expected[i] for i in rest)]


def run_mutation(
    doc: dict[str, Any], file: str, cases: list[dict[str, Any]],
    progress: Callable[[int, int], None] | None = None,
    legal_sample: list[dict[str, Any]] | None = None,
    select: Callable[[Mutant], bool] | None = None,
    first: Mapping[tuple[str, str], str] | None = None,
) -> MutationReport:
    """Replay ``cases`` under every mutant of ``doc``; a mutant is killed when any answer changes.

    A case that pins readings is replayed under the mutant with those readings on top, so the mutants of
    rules only an alternative reaches are killable too. Those cases go last: most mutants are killed by a
    case of the default reading first, without compiling the mutant again under any readings.

    With ``legal_sample`` (records whose every prefix is a position of the sample), the report's ``legal``
    measure says which mutants change a legal set and whether the legal and perft cases alone kill them:
    those cases are asked first, and the sample is walked only for a mutant they do not kill. ``select``
    keeps only some mutants (the others are not counted). ``first`` names, by (pointer, mutation), a case to ask
    first (kill_hints.py: the case that killed the mutant last time); the others follow in their order, so the
    verdicts are the same with or without it."""
    from .legal_mutation import LegalSample

    original = compile_ruleset(doc, file)
    cases = sorted(cases, key=lambda case: bool(case.get("readings")))
    legal_cases = sorted((c for c in cases if asks_legal(c)), key=lambda case: "perft" in case["expect"])
    other_cases = [c for c in cases if not asks_legal(c)] if legal_sample is not None else cases
    under: dict[str, Ruleset] = {}
    expected = [_answer(case, original, under) for case in other_cases]
    position = {str(case.get("id")): i for i, case in enumerate(other_cases)}
    expected_legal = [_answer(case, original, under) for case in legal_cases]
    report = MutationReport(original.id, len(cases))
    sample = LegalSample(original, legal_sample) if legal_sample is not None else None
    if sample is not None:
        report.legal = LegalMeasure(len(legal_cases), sample.records, sample.positions)
    all_mutants = [m for m in mutants(doc) if select is None or select(m)]
    for n, mutant in enumerate(all_mutants, start=1):
        if progress is not None:
            progress(n, len(all_mutants))
        try:
            ruleset = compile_ruleset(mutant.doc, file)
        except InputError as exc:
            report.stillborn.append((mutant, str(exc)))
            continue
        under = {}  # the mutant under each set of readings, compiled once
        hinted = position.get((first or {}).get((mutant.pointer, mutant.description), ""))
        order = _hinted_first(other_cases, expected, hinted)
        if sample is None or report.legal is None:
            killer = _first_changed(*order, ruleset, under)
        else:
            by = _first_changed(legal_cases, expected_legal, ruleset, under)
            if by is not None:
                report.legal.killed.append((mutant, str(by.get("id"))))
            else:
                where = sample.first_change(ruleset, under)
                if where is not None:
                    report.legal.survived.append((mutant, where))
            killer = by if by is not None else _first_changed(*order, ruleset, under)
        (report.killed if killer is not None else report.survived).append(mutant)
        if killer is not None:
            report.killed_by[mutant.pointer, mutant.description] = str(killer.get("id"))
    return report
