"""The legal-set measure of ``skruuvi mutate`` (issue 19, part 5): a legal or perft case answers its legal set
or perft count under a mutant, a mutant changes a legal set when a set of the sample differs, and only the
legal and perft cases count as killing it.

The mutant: skruuvi-1895's play.lead ``'declarer-left' -> 'forehand'``. In 1895.aces.no-trump-four (dealer
E, contract 1G by N) the declarer's left is E and the forehand (the dealer's left) is S, so the mutant moves
the first lead from E to S: the legal set after the gifts (action 17) is E's 13 cards by the rule and S's 13
under the mutant. The replay of the record then fails at its first play (E plays out of turn), so the record
kills the mutant; 1895.legal.first-lead-declarer-left asks that legal set.
"""

from __future__ import annotations

import json

from skruuvi.authoring.legal_mutation import LegalSample
from skruuvi.authoring.mutate import _answer, run_mutation
from skruuvi.cli.commands import main
from skruuvi.rules.paths import cases_dir, repo_root
from skruuvi.rules.ruleset import compile_ruleset, get_ruleset
from skruuvi.rules.yamlio import load_yaml

DOC = load_yaml(repo_root() / "spec" / "rulesets" / "skruuvi-1895.yaml")
BASE = load_yaml(cases_dir() / "1895" / "aces" / "no-trump-four.yaml")
LEGAL = load_yaml(cases_dir() / "1895" / "legal" / "first-lead-declarer-left.yaml")
PERFT = load_yaml(cases_dir() / "1895" / "legal" / "perft-last-tricks.yaml")
LEAD = ("/phases/play/rules/0/value", "'declarer-left' -> 'forehand'")


def _lead(mutant) -> bool:  # the play.lead mutant
    return (mutant.pointer, mutant.description) == LEAD


def test_a_legal_case_answers_its_legal_set_and_a_perft_case_its_count() -> None:
    ruleset = get_ruleset("skruuvi-1895")
    assert _answer(LEGAL, ruleset, {}) == {"legal": sorted(LEGAL["expect"]["legal"])}
    assert _answer(PERFT, ruleset, {}) == {"perft": PERFT["expect"]["perft"]["count"]}
    assert len(LEGAL["expect"]["legal"]) == 13 and all(a.startswith("E play ") for a in LEGAL["expect"]["legal"])


def test_the_sample_finds_the_first_position_whose_set_changes() -> None:
    original = compile_ruleset(DOC, "skruuvi-1895")
    sample = LegalSample(original, [BASE])
    assert sample.records == 1 and sample.positions == len(BASE["actions"]) + 1  # every prefix, and the end
    assert sample.first_change(original) is None
    mutant = next(m for m in run_mutation(DOC, "skruuvi-1895", [BASE], select=_lead).killed)
    where = sample.first_change(compile_ruleset(mutant.doc, "skruuvi-1895"))
    assert where == f"{BASE['id']} at 17: another legal set"


def test_only_a_legal_case_kills_a_mutant_in_the_measure() -> None:
    without = run_mutation(DOC, "skruuvi-1895", [BASE], legal_sample=[BASE], select=_lead)
    assert len(without.killed) == 1  # the record's replay kills it ...
    assert without.legal is not None and without.legal.changing == 1 and without.legal.killed == []
    assert [where for _, where in without.legal.survived] == [f"{BASE['id']} at 17: another legal set"]
    with_case = run_mutation(DOC, "skruuvi-1895", [BASE, LEGAL], legal_sample=[BASE], select=_lead)
    assert with_case.legal is not None and with_case.legal.survived == []
    assert [(m.rule, by) for m, by in with_case.legal.killed] == [("play.lead", LEGAL["id"])]


def test_a_scoring_mutant_changes_no_legal_set() -> None:
    report = run_mutation(DOC, "skruuvi-1895", [BASE], legal_sample=[BASE],
                          select=lambda m: m.rule == "score.ace-unit")
    assert report.total >= 2 and len(report.killed) >= 1
    assert report.legal is not None and report.legal.changing == 0


def test_the_command_prints_the_measure(capsys) -> None:
    code = main(["mutate", "--ruleset", "skruuvi-1895", "--legal", "--rule", "play.lead", "--format", "json",
                 str(cases_dir() / "1895" / "aces" / "no-trump-four.yaml"),
                 str(cases_dir() / "1895" / "legal" / "first-lead-declarer-left.yaml"),
                 str(cases_dir() / "1895" / "legal" / "perft-last-tricks.yaml")])
    out = json.loads(capsys.readouterr().out)
    legal = out["legal"]  # the perft case's prefix (dealer N, declarer N) kills 'dealer': N would lead, not E
    assert legal["cases"] == 2 and legal["killed"] == legal["changing"] >= 1 and legal["survived"] == []
    assert legal["score"] == 1.0 and legal["sample_records"] > 3  # the three cases and the playthroughs
    assert code == 0
    code = main(["mutate", "--ruleset", "skruuvi-1895", "--legal", "--rule", "play.lead",
                 str(cases_dir() / "1895" / "aces" / "no-trump-four.yaml")])
    text = capsys.readouterr().out
    assert "skruuvi-1895: legal sets: " in text and "LEGAL SURVIVED  play.lead" in text
    assert code == 1


def test_the_unpinned_list_is_shaped_like_the_equivalents() -> None:
    listed = load_yaml(repo_root() / "conformance" / "mutation" / "legal-equivalent.yaml")
    assert set(listed) == {"skruuvi-2016", "skruuvi-1944", "skruuvi-1895"}
    for entries in listed.values():
        for entry in entries:
            assert set(entry) == {"rule", "pointer", "mutation", "reason"} and entry["reason"].strip()
