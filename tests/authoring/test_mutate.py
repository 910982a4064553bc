"""Mutation score of each ruleset against the hand-written suite (the target is 99 % killed).

Every executable value of the ruleset is perturbed; the suite must notice each change, except the
mutants listed with a reason in conformance/mutation/equivalent.yaml. The case that killed a mutant last time
(conformance/mutation/kill-hints.json) is asked first; the verdicts do not depend on it.
"""

from __future__ import annotations

import pytest

from parsed_once import parsing_once
from skruuvi.authoring.kill_hints import load_hints
from skruuvi.authoring.mutate import mutants, run_mutation
from skruuvi.rules.paths import repo_root
from skruuvi.rules.yamlio import find_case_files, iter_records, load_yaml

ROOT = repo_root()
EQUIVALENT = load_yaml(ROOT / "conformance" / "mutation" / "equivalent.yaml")


def _cases(ruleset_id: str) -> list[dict]:
    with parsing_once():  # the hand-written suite parsed once per process for all three rulesets' runs
        return [case for f in find_case_files([ROOT / "conformance" / "cases"]) for _, _, case in iter_records(f)
                if case.get("ruleset") == ruleset_id]


@pytest.mark.parametrize("ruleset_id", ["skruuvi-2016", "skruuvi-1944", "skruuvi-1895"])
def test_the_suite_kills_every_non_equivalent_mutant(ruleset_id: str) -> None:
    doc = load_yaml(ROOT / "spec" / "rulesets" / f"{ruleset_id}.yaml")
    report = run_mutation(doc, ruleset_id, _cases(ruleset_id), first=load_hints(ruleset_id))
    # the mutants, and each under the readings its cases pin, share the parts of doc they leave alone: none changed
    assert doc == load_yaml(ROOT / "spec" / "rulesets" / f"{ruleset_id}.yaml")
    listed = EQUIVALENT.get(ruleset_id, [])
    equivalent = {(e["pointer"], e["mutation"]) for e in listed}
    assert len(equivalent) == len(listed), "an equivalent mutant is listed twice"
    survivors = [(m.pointer, m.description) for m in report.survived]
    rule_at = {(m.pointer, m.description): m.rule for m in report.survived}
    wrong_rule = [(e["pointer"], e["rule"]) for e in listed
                  if (e["pointer"], e["mutation"]) in rule_at and rule_at[e["pointer"], e["mutation"]] != e["rule"]]
    assert not wrong_rule, f"equivalent entries naming another rule than the mutant's: {wrong_rule}"
    unexplained = [s for s in survivors if s not in equivalent]
    stale = sorted(equivalent - set(survivors))
    assert not unexplained, f"surviving mutants the suite does not catch: {unexplained}"
    assert not stale, f"listed as equivalent but now killed (remove them): {stale}"
    equivalent_survivors = len(survivors) - len(unexplained)
    assert report.total > 300 and len(report.killed) == report.total - equivalent_survivors


def test_mutants_cover_numbers_booleans_enums_lists_and_expressions() -> None:
    doc = load_yaml(ROOT / "spec" / "rulesets" / "skruuvi-2016.yaml")
    found = {(m.rule, m.description) for m in mutants(doc)}
    assert ("score.further-undertrick", "5 -> 6") in found
    assert ("score.made-value", "25 -> 35 (the value for 6)") in found
    assert ("defenders-exchange.different-card", "True -> False") in found
    assert ("play.lead", "'declarer-left' -> 'declarer-right'") in found
    assert ("alkupeli.strain-order", "swap items 0 and 1") in found
    assert ("score.undertricks", "Sub -> Add") in found
    assert ("score.misere-aces", "'each' -> 'main'") in found


def test_a_hint_only_reorders_the_cases() -> None:
    """A hint naming a case that does not kill the mutant, or no case at all, changes no verdict; a hint naming
    a killer is the case the report names."""
    doc = load_yaml(ROOT / "spec" / "rulesets" / "skruuvi-1895.yaml")
    cases = [c for c in _cases("skruuvi-1895") if "result" in c["expect"]][:40]  # a few quick ones do

    def select(m: object) -> bool:
        return getattr(m, "rule", "") in ("auction.bid-levels", "deal.centre-consecutive-allowed")

    plain = run_mutation(doc, "skruuvi-1895", cases, select=select)
    assert plain.killed and plain.survived
    keys = [(m.pointer, m.description) for m in plain.killed + plain.survived]
    wrong = ("no-such-case", str(cases[0]["id"]), str(cases[-1]["id"]))
    hints = {k: wrong[i % 3] for i, k in enumerate(keys)}
    hinted = run_mutation(doc, "skruuvi-1895", cases, select=select, first=hints)
    assert hinted.killed == plain.killed and hinted.survived == plain.survived
    killers = {k: plain.killed_by[k] for k in keys if k in plain.killed_by}
    assert run_mutation(doc, "skruuvi-1895", cases, select=select, first=killers).killed_by == killers
