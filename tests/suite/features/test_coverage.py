"""What a case covers: the rules that decided its answer, derived by walking it through the reference, and kept per
case file under keys that cover everything it is worked out from (issue 30, part 2)."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from skruuvi.interpreter.replay import record_ruleset
from skruuvi.rules.reach import reachable_forms, reachable_rules
from skruuvi.rules.readings import ruleset_under, with_readings
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.suite.cases.cases import iter_cases
from skruuvi.suite.cases.spool import CaseSpool
from skruuvi.suite.features.coverage import case_coverage
from skruuvi.suite.features.coverage_index import CoverageIndex, coverage_now
from skruuvi.suite.features.features import case_features

pytestmark = pytest.mark.usefixtures("parse_once")

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "conformance" / "cases"


def _case(case_id: str) -> dict[str, Any]:
    era = case_id.split(".", 1)[0]
    found = [c.record for c in iter_cases([CASES / era]) if c.id == case_id]
    assert found, case_id
    return found[0]


def test_a_passimisaari_result_is_decided_by_the_passimisaari_rules_and_not_by_the_contract_ones() -> None:
    record = _case("2016.passimisaari.basic-dealer-N")
    covered = case_coverage(record, get_ruleset("skruuvi-2016"))
    assert {"score.passimisaari-tricks", "passimisaari.return-order", "passimisaari.lead", "deal.pack",
            "auction.all-pass", "score.passimisaari-trick-cost"} <= covered.rules
    assert not covered.rules & {"score.made", "play.lead", "kitty.take", "auction2.final-min-level"}
    assert {"form:alkupeli", "form:passimisaari", "phase:partner-exchange"} <= covered.features


def test_under_a_reading_that_rejects_the_returns_the_scoring_is_not_covered() -> None:
    record = _case("2016.passimisaari.basic-dealer-N")
    under = with_readings(get_ruleset("skruuvi-2016"), {"passimisaari.return-order": "reverse"})
    covered = case_coverage(record, under)
    assert "passimisaari.return-order" in covered.rules and "kitty.give-partner" not in covered.rules
    assert not covered.rules & {"score.passimisaari-tricks", "passimisaari.lead", "play.follow-suit"}


def test_an_error_in_the_first_auction_covers_neither_play_nor_scoring() -> None:
    record = _case("2016.errors.bid-not-higher-lower-strain")
    assert record["expect"]["error"]["code"] == "bid-not-higher"
    covered = case_coverage(record, record_ruleset(record))
    assert "auction.higher-bid" in covered.rules
    assert not any(rule.startswith(("play.", "score.")) for rule in covered.rules)
    assert not any(tag == "phase:play" for tag in covered.features)


def test_the_rules_a_reading_cannot_reach_are_read_off_the_ruleset() -> None:
    """The 1895 all-pass: a redeal as it stands (the passimisääri form and phases, and the scheme only it scores
    by, cannot be reached), an all-pass misère under the alternative (the redeal cannot)."""
    plain = get_ruleset("skruuvi-1895")
    assert reachable_forms(plain) == {"alkupeli", "redeal"}
    assert set(plain.rules) - reachable_rules(plain) == {
        "passimisaari.when", "passimisaari.centre-cards", "passimisaari.exchange", "passimisaari.same-card-may-return",
        "passimisaari.lead", "score.passimisaari-difference"}
    misere = ruleset_under("skruuvi-1895", {"auction.all-pass": "passimisaari"})
    assert reachable_forms(misere) == {"alkupeli", "passimisaari"}
    assert set(misere.rules) - reachable_rules(misere) == {"redeal.scores-nothing"}
    for rid in ("skruuvi-1944", "skruuvi-2016"):
        assert reachable_rules(get_ruleset(rid)) == set(get_ruleset(rid).rules), rid


def test_no_case_reaches_a_rule_its_ruleset_cannot_reach() -> None:
    """What a walk covers is within what the ruleset it walks under can reach, for every hand-written case under
    the ruleset it is judged under (its own readings applied): else a rule named unreachable could be judged."""
    for case in iter_cases([CASES]):
        ruleset = record_ruleset(case.record)
        assert case_coverage(case.record, ruleset).rules <= reachable_rules(ruleset), case.id


def test_every_rule_of_every_ruleset_is_decided_by_some_hand_written_case() -> None:
    """Else --require-coverage could fail every run, the reference's included."""
    covered: dict[str, set[str]] = {rid: set() for rid in available_rulesets()}
    for case in iter_cases([CASES]):
        found = coverage_now(case.record)
        assert found is not None, case.id
        covered[case.ruleset] |= found.rules
    for rid in available_rulesets():
        assert set(get_ruleset(rid).rules) == covered[rid], sorted(set(get_ruleset(rid).rules) - covered[rid])


def test_the_features_covered_are_the_tags_the_case_needs_up_to_where_it_goes_wrong() -> None:
    """A case's feature tags are what it needs to be played; what it covers stops where the reference rejects it
    (a set position it refuses, a match deal whose seats or form are wrong): there it is a subset, else the same."""
    differ = []
    for case in iter_cases([CASES]):
        ruleset = record_ruleset(case.record)
        covered, needed = case_coverage(case.record, ruleset).features, case_features(case.record, ruleset)
        if covered != needed:
            assert covered < needed and "error" in case.expect, case.id
            differ.append(case.id)
    assert any("invalid-deal-state" in case_id for case_id in differ)
    assert any(".match." in case_id for case_id in differ)


def test_the_index_keeps_each_file_s_coverage_and_works_out_only_what_changed(tmp_path: Path) -> None:
    source = CASES / "2016" / "passimisaari"
    copy = tmp_path / "cases"
    shutil.copytree(source, copy)
    folder = tmp_path / "kept"
    first = CoverageIndex(folder)
    with CaseSpool([copy], coverage=first) as spool:
        fresh = {case.id: case.coverage for case in spool.cases()}
    assert first.worked_out == len(fresh) and all(fresh.values())
    again = CoverageIndex(folder)
    with CaseSpool([copy], coverage=again) as spool:
        kept = {case.id: case.coverage for case in spool.cases()}
    assert again.worked_out == 0 and kept == fresh  # (interned: the very same objects)
    changed = sorted(copy.glob("*.yaml"))[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    third = CoverageIndex(folder)
    with CaseSpool([copy], coverage=third) as spool:
        assert {case.id: case.coverage for case in spool.cases()} == fresh
    assert third.worked_out == 1  # only the changed file's case, worked out again


def test_a_folder_that_cannot_be_written_costs_only_the_time(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    index = CoverageIndex(blocker / "kept")
    with CaseSpool([CASES / "2016" / "passimisaari"], coverage=index) as spool:
        assert all(case.coverage is not None for case in spool.cases())
    assert index.worked_out


def _framed(doc: Any) -> bytes:
    """An entry holding ``doc`` as the module writes one: its sha256 (hex, worked out here) on the first line."""
    payload = json.dumps(doc).encode("utf-8")
    return hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload


def _doc(entry: Path) -> dict[str, Any]:
    digest, _, payload = entry.read_bytes().partition(b"\n")
    assert digest.decode("ascii") == hashlib.sha256(payload).hexdigest()
    doc = json.loads(payload)
    assert isinstance(doc, dict)
    return doc


def _bogus(doc: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``doc`` with every case said to cover a made-up rule only, and ``changes``."""
    return {**doc, "sets": [["skruuvi-2016", ["made.up"], []]], "cases": dict.fromkeys(doc["cases"], 0), **changes}


CORRUPTIONS: dict[str, Any] = {
    "cut short": lambda data, doc, other: data[: len(data) // 2],
    "a byte changed": lambda data, doc, other: data[:-3] + bytes([data[-3] ^ 1]) + data[-2:],
    "not framed": lambda data, doc, other: json.dumps(_bogus(doc)).encode(),
    "empty": lambda data, doc, other: b"",
    "not JSON": lambda data, doc, other: _framed_bytes(b"{not json"),
    "another format": lambda data, doc, other: _framed(_bogus(doc, format="skruuvi-coverage/0")),
    "another Python": lambda data, doc, other: _framed(_bogus(doc, python="2.7")),
    "a module changed": lambda data, doc, other: _framed(_bogus(doc, code=[*doc["code"][:-1], ["x.py", "0" * 64]])),
    "a ruleset changed": lambda data, doc, other: _framed(_bogus(doc, spec=[["skruuvi-2016.yaml", "0" * 64]])),
    "another case file's": lambda data, doc, other: other,
    "a case out of range": lambda data, doc, other: _framed({**doc, "cases": dict.fromkeys(doc["cases"], 99)}),
    "sets of another shape": lambda data, doc, other: _framed({**doc, "sets": [["skruuvi-2016", ["made.up"], 7]]}),
}


def _framed_bytes(payload: bytes) -> bytes:
    return hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload


@pytest.mark.parametrize("how", sorted(CORRUPTIONS))
def test_a_bad_entry_is_a_miss_and_gives_the_same_coverage(tmp_path: Path, how: str) -> None:
    files = sorted((CASES / "2016" / "passimisaari").glob("*.yaml"))[:2]
    folder = tmp_path / "kept"
    with CaseSpool(files, coverage=CoverageIndex(folder)) as spool:
        fresh = {case.id: case.coverage for case in spool.cases()}
    entries = {path: path.read_bytes() for path in folder.glob("*.json")}
    assert len(entries) == 2
    (first, data), (_, other) = sorted(entries.items())
    first.write_bytes(CORRUPTIONS[how](data, _doc(first), other))
    index = CoverageIndex(folder)
    with CaseSpool(files, coverage=index) as spool:
        assert {case.id: case.coverage for case in spool.cases()} == fresh
    assert index.worked_out == 1  # the bad entry's one case, worked out again; the other file's read
    assert _doc(first)["cases"]  # and the entry written anew


def test_an_entry_whose_keys_all_hold_is_what_is_read(tmp_path: Path) -> None:
    """(So that the test above shows the misses: a whole entry with the right keys is believed.)"""
    path = sorted((CASES / "2016" / "passimisaari").glob("*.yaml"))[0]
    folder = tmp_path / "kept"
    with CaseSpool([path], coverage=CoverageIndex(folder)) as spool:
        list(spool.cases())
    (entry,) = folder.glob("*.json")
    entry.write_bytes(_framed(_bogus(_doc(entry))))
    with CaseSpool([path], coverage=CoverageIndex(folder)) as spool:
        assert [case.coverage.rules for case in spool.cases()] == [frozenset({"made.up"})]


def test_a_file_changed_while_it_is_read_gets_no_entry(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    source = sorted((CASES / "2016" / "passimisaari").glob("*.yaml"))[0]
    path.write_bytes(source.read_bytes())
    index = CoverageIndex(tmp_path / "kept")
    cover = index.for_file(path)
    (record,) = [case.record for case in iter_cases([path])]
    assert cover(record) is not None
    path.write_bytes(source.read_bytes() + b"\n")  # the bytes the entry would be kept under are gone
    index.finish()
    assert not list((tmp_path / "kept").glob("*.json"))


def test_a_generated_file_s_cases_are_covered_alike_from_the_index(tmp_path: Path) -> None:
    with gzip.open(ROOT / "conformance" / "generated" / "2016" / "readings-3.jsonl.gz", "rt") as handle:
        lines = handle.readlines()[:40]
    path = tmp_path / "some.jsonl"
    path.write_text("".join(lines))
    with CaseSpool([path], coverage=CoverageIndex(tmp_path / "kept")) as spool:
        for case in spool.cases():
            assert case.coverage is coverage_now(json.loads(lines[int(case.location.split()[1]) - 1]))
