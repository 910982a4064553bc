"""Coverage per rule in every run, and ``--require-coverage`` (issue 30, part 2).

* An engine that declares two 1944 features only: 7 cases judged, the rest unsupported. Its last line says how much
  was not judged (and how many 1944 rules have no judged case), the exit code is still 0; ``--require-coverage``
  fails it.
* The reference under both passimisääri readings, every passimisääri score one point off, passes every hand-written
  2016 case: its answers to them are all errors under its readings, so the passimisääri scoring rules have no judged
  case, which the summary line shows and ``--require-coverage`` fails.
* The reference itself: every rule of every ruleset judged, and the report's coverage record fits the schema.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from skruuvi.rules.paths import schema_dir
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.features.features import feature_tags

ROOT = Path(__file__).resolve().parents[3]
WRAP = ROOT / "tests" / "fakes" / "wrapping_engine.py"
TWO_1944_TAGS = {"rulesets": ["skruuvi-1944"], "features": {"skruuvi-1944": ["form:alkupeli", "phase:first-auction"]}}
PASSIMISAARI = ["--reading", "passimisaari.return-order=reverse", "--reading",
                "'passimisaari.doubling-order=[dealer, forehand, dealer-partner, dealer-right]'"]


def _report_validator() -> Draft202012Validator:
    """The report schema, with the schemas it refers to."""
    registry = Registry().with_resources(
        (json.loads(p.read_text())["$id"], Resource.from_contents(json.loads(p.read_text())))
        for p in schema_dir().glob("*.schema.json"))
    return Draft202012Validator(json.loads((schema_dir() / "report.schema.json").read_text()), registry=registry)


def _conformance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "skruuvi", "conformance", "--quiet", *args], capture_output=True,
                          text=True, timeout=600, cwd=ROOT)


def _declaring_two_1944_tags() -> str:
    return (f"{sys.executable} {WRAP} --declare '{json.dumps(TWO_1944_TAGS)}' -- "
            f"{sys.executable} -m skruuvi serve")


def test_an_engine_declaring_two_1944_features_is_told_what_was_not_judged(tmp_path: Path) -> None:
    proc = _conformance("--impl", _declaring_two_1944_tags(), "--report", str(tmp_path / "r.jsonl"))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    *_, summary, last = proc.stdout.splitlines()
    rules = len(get_ruleset("skruuvi-1944").rules)
    assert summary.startswith("conformance: 7 passed, 0 failed, 0 errored, ") and " unsupported in " in summary
    assert "rules judged: skruuvi-1944 " in summary and f"/{rules}" in summary
    total = sum(1 for line in (tmp_path / "r.jsonl").read_text().splitlines() if '"type": "case"' in line)
    assert last.startswith(f"not judged: {total - 7} of {total} selected cases ("), last
    assert "unsupported" in last and "rules without a judged case: skruuvi-1944 " in last
    assert "--require-coverage fails such a run" in last


def test_require_coverage_fails_the_engine_declaring_two_1944_features() -> None:
    proc = _conformance("--impl", _declaring_two_1944_tags(), "--require-coverage")
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "--require-coverage: rules without a judged case: skruuvi-1944: " in proc.stderr
    assert proc.stdout.splitlines()[-1].startswith("not judged: ")


def test_the_passimisaari_engine_one_point_off_passes_the_hand_written_2016_cases_but_not_the_coverage() -> None:
    impl = " ".join([sys.executable, str(WRAP), "--off-by-one", "--", sys.executable, "-m", "skruuvi", "serve",
                     *PASSIMISAARI])
    plain = _conformance("conformance/cases/2016", "--impl", impl)
    assert plain.returncode == 0, plain.stdout[-2000:] + plain.stderr[-2000:]
    summary = plain.stdout.splitlines()[-1]
    assert " 0 failed," in summary and "rules judged: skruuvi-2016 " in summary
    count = len(get_ruleset("skruuvi-2016").rules)
    assert f"/{count}" in summary and f"skruuvi-2016 {count}/{count}" not in summary
    required = _conformance("conformance/cases/2016", "--impl", impl, "--require-coverage")
    assert required.returncode == 1
    assert "score.passimisaari-tricks" in required.stderr and "score.passimisaari-aces" in required.stderr


def test_the_reference_judges_every_rule_and_the_report_says_so_per_rule_and_feature(tmp_path: Path) -> None:
    report = tmp_path / "r.jsonl"
    proc = _conformance("--require-coverage", "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    summary = proc.stdout.splitlines()[-1]
    for rid in ("skruuvi-1895", "skruuvi-1944", "skruuvi-2016"):
        count = len(get_ruleset(rid).rules)
        assert f"{rid} {count}/{count}" in summary
    records = [json.loads(line) for line in report.read_text().splitlines()]
    validator = _report_validator()
    for record in records:
        validator.validate(record)
    coverage = records[-2]
    assert coverage["type"] == "coverage" and coverage["required"] is True
    mine = coverage["rulesets"]["skruuvi-2016"]
    assert set(mine["rules"]) == set(get_ruleset("skruuvi-2016").rules)
    assert set(mine["features"]) == set(feature_tags(get_ruleset("skruuvi-2016")))
    assert mine["rules"]["score.passimisaari-tricks"]["judged"] > 0
    assert mine["rules"]["play.follow-suit"]["judged"] > mine["rules"]["score.passimisaari-tricks"]["judged"]
    assert all(v["passed"] == v["judged"] for v in mine["rules"].values())
    count = len(get_ruleset("skruuvi-2016").rules)
    assert records[-1]["coverage"]["skruuvi-2016"] == {"rules": count, "rules_judged": count, "rules_passed": count,
                                                       "rules_unreachable": 0}
    assert mine["unreachable"] == []


def test_one_shard_of_several_leaves_require_coverage_to_the_merge(tmp_path: Path) -> None:
    """A shard judges some of the cases: a rule only other shards judge must not fail it; its record says coverage
    is required, and the merge of the shards checks it."""
    report = tmp_path / "shard.jsonl"
    proc = _conformance("conformance/cases/2016", "--shard", "1/8", "--require-coverage", "--report", str(report))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    records = [json.loads(line) for line in report.read_text().splitlines()]
    coverage = next(r for r in records if r["type"] == "coverage")
    assert coverage["required"] is True
    rules = coverage["rulesets"]["skruuvi-2016"]["rules"]
    assert any(not row["judged"] for row in rules.values())  # (else this shard shows nothing)
    assert "checked when the shards are merged" in proc.stdout.splitlines()[-1]


def test_a_rule_the_readings_cannot_reach_is_named_apart_and_an_unjudged_one_still_fails(tmp_path: Path) -> None:
    """Under the 1895 all-pass misère no deal is redealt: redeal.scores-nothing is named as unreachable and not
    asked for, while the slam rules the selection leaves unjudged (no slam case selected) still fail the run."""
    impl = f"{sys.executable} -m skruuvi serve --reading auction.all-pass=passimisaari"
    report = tmp_path / "r.jsonl"
    proc = _conformance("conformance/cases/1895", "--impl", impl, "--require-coverage", "--report", str(report),
                        "--skip", "1895.slams.*", "--skip", "1895.match.*", "--skip", "1895.games.*")
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    rules = len(get_ruleset("skruuvi-1895").rules)
    summary = proc.stdout.splitlines()[-1]
    assert f"/{rules - 1} (1 unreachable under the readings judged: redeal.scores-nothing)" in summary
    assert "rules without a judged case: skruuvi-1895: " in proc.stderr and "score.failed-slam" in proc.stderr
    assert "redeal.scores-nothing" not in proc.stderr
    records = [json.loads(line) for line in report.read_text().splitlines()]
    validator = _report_validator()
    for record in records[-2:]:
        validator.validate(record)
    coverage = next(r for r in records if r["type"] == "coverage")["rulesets"]["skruuvi-1895"]
    assert coverage["unreachable"] == ["redeal.scores-nothing"]
    assert coverage["rules"]["redeal.scores-nothing"]["judged"] == 0
    assert records[-1]["coverage"]["skruuvi-1895"]["rules_unreachable"] == 1


def test_as_it_stands_the_1895_passimisaari_rules_are_reached_through_the_cases_that_pin_it() -> None:
    """The ruleset as it stands never plays an all-pass misère; the cases that pin auction.all-pass=passimisaari do,
    so their rules are asked for (and judged) in a run that selects them, and named unreachable in one that does
    not."""
    pinned = _conformance("conformance/cases/1895", "--require-coverage")
    rules = len(get_ruleset("skruuvi-1895").rules)
    assert pinned.returncode == 0 and f"skruuvi-1895 {rules}/{rules}" in pinned.stdout.splitlines()[-1]
    unpinned = _conformance("conformance/cases/1895", "--skip", "*passimisaari*", "--require-coverage")
    assert unpinned.returncode == 0, unpinned.stdout[-2000:] + unpinned.stderr[-2000:]
    assert "unreachable under the readings judged: " in unpinned.stdout.splitlines()[-1]
    assert "score.passimisaari-difference" in unpinned.stdout.splitlines()[-1]
