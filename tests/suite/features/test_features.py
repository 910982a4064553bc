"""Feature tags: the closed list per ruleset, and the tags each case needs, derived from the case."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from parsed_once import parsing_once
from skruuvi.interpreter.replay import record_ruleset
from skruuvi.rules.paths import cases_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.cases.cases import load_cases
from skruuvi.suite.features.features import case_features, feature_tags

CASES = cases_dir()


def features_of(relative: str) -> frozenset[str]:
    record = load_yaml(CASES / relative)
    return case_features(record, record_ruleset(record))


@pytest.fixture(scope="session")  # once per test process: xdist interleaves this module's tests with others
def suite_records() -> dict[str, dict[str, dict[str, Any]]]:
    """Every hand-written case's record, by ruleset and case file (relative to the cases directory)."""
    out: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    with parsing_once():  # the suite's files, parsed once per process for every test that reads them
        for case in load_cases([CASES]):
            rel = Path(case.file).resolve().relative_to(CASES.resolve()).as_posix()
            out[case.ruleset][rel] = case.record
    return out


@pytest.fixture(scope="session")
def derived(suite_records: dict[str, dict[str, dict[str, Any]]]) -> dict[str, dict[str, frozenset[str]]]:
    """Every hand-written case's tags, by ruleset and case file (relative to the cases directory)."""
    return {rid: {rel: case_features(record, record_ruleset(record)) for rel, record in by_file.items()}
            for rid, by_file in suite_records.items()}


def test_the_closed_list_is_read_off_the_ruleset() -> None:
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        tags = feature_tags(ruleset)
        assert len(tags) == len(set(tags))
        assert {t for t in tags if t.startswith("form:")} == {f"form:{name}" for name in ruleset.raw["forms"]}
        assert {t for t in tags if t.startswith("phase:")} == {
            f"phase:{phase.id}" for form in ruleset.forms.values() for phase in form.phases}
        assert ("match" in tags) == ("match" in ruleset.raw)
        assert "case-readings" in tags


def test_every_derived_tag_is_in_the_closed_list(derived: dict[str, dict[str, frozenset[str]]]) -> None:
    for rid, by_file in derived.items():
        known = set(feature_tags(get_ruleset(rid)))
        for rel, tags in by_file.items():
            assert tags <= known, (rel, sorted(tags - known))


#: The forms no hand-written case reaches: 1895's passimisääri is played only under the reading
#: auction.all-pass=passimisaari, and no case pins it yet (a record dealt as that form is rejected first).
UNREACHED_FORMS: dict[str, set[str]] = {}  # every form is reached (1895's all-pass misère by its pinned cases)


def test_every_tag_is_needed_by_some_case_but_the_automatic_phases(
        derived: dict[str, dict[str, frozenset[str]]]) -> None:
    """A tag no case needs is dead weight. The only ones are the phases that deal the centre cards out
    (mechanism centre_deal: no action is ever taken there, the form they belong to stands for them) and the
    forms no case reaches (none today), with their phases."""
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        used = set().union(*derived[rid].values())
        unused = set(feature_tags(ruleset)) - used
        unreached = UNREACHED_FORMS.get(rid, set())
        assert {t for t in unused if t.startswith("form:")} == unreached, rid
        for form in ruleset.forms.values():
            for phase in form.phases:
                tag = f"phase:{phase.id}"
                if tag in unused:
                    assert phase.mechanism == "centre_deal" or f"form:{form.name}" in unreached, (rid, tag)
        assert not {t for t in unused if not t.startswith(("form:", "phase:"))}, rid


@pytest.mark.parametrize(("folder", "tag"), [
    ("2016/kotka", "form:kotka"), ("1944/kotka", "form:kotka"), ("2016/bolsevikki", "form:bolsevikki"),
    ("2016/match", "match"), ("1944/match", "match"), ("1895/match", "match"),
    ("2016/passimisaari", "form:passimisaari"), ("1944/pakkomisaari", "form:pakkomisaari"),
])
def test_the_cases_of_a_topic_need_its_tag(derived: dict[str, dict[str, frozenset[str]]], folder: str,
                                           tag: str) -> None:
    """The cases filed under a form's or the match's folder are about it: each needs its tag (the folders are
    the authors' filing, made apart from the derivation). Cases rejected before the deal (invalid-deal) or
    written as a deal that never reaches the form are the exceptions, named in the assertion."""
    rid = f"skruuvi-{folder.split('/')[0]}"
    files = {rel: tags for rel, tags in derived[rid].items() if rel.startswith(folder + "/")}
    assert files, folder
    missing = sorted(rel for rel, tags in files.items() if tag not in tags)
    assert len(missing) <= len(files) // 4, missing  # the topic's cases are mostly about it


def test_a_passimisaari_deal_needs_what_it_plays() -> None:
    """2016.passimisaari.basic-dealer-N by hand: four passes (first auction), the partners' gifts, two
    passes at the doubling, then thirteen tricks of passimisääri play. No kitty, no second auction."""
    tags = features_of("2016/passimisaari/basic-dealer-N.yaml")
    assert tags == {"form:alkupeli", "form:passimisaari", "phase:first-auction", "phase:partner-exchange",
                    "phase:passimisaari-doubling", "phase:passimisaari-play"}


def test_an_error_in_the_first_auction_needs_no_later_phase(derived: dict[str, dict[str, frozenset[str]]]) -> None:
    errors = {rel: tags for rel, tags in derived["skruuvi-2016"].items()
              if "phase:first-auction" in tags and not tags & {"phase:kitty", "phase:play", "form:passimisaari"}}
    assert errors  # some cases stop in the auction: they need neither the kitty nor play
    for tags in errors.values():
        assert "phase:play" not in tags


def test_match_set_position_and_case_readings_tags(derived: dict[str, dict[str, frozenset[str]]],
                                                  suite_records: dict[str, dict[str, dict[str, Any]]]) -> None:
    for rid, by_file in derived.items():
        for rel, tags in by_file.items():
            record = suite_records[rid][rel]  # the file as read
            assert ("match" in tags) == ("match" in record), rel
            assert ("case-readings" in tags) == bool(record.get("readings")), rel
            if "deal" in record:  # (a ruleset without games reads no state: its cases need no set position)
                games = get_ruleset(rid).match is not None and get_ruleset(rid).match.has_games
                assert ("set-position" in tags) == ("state" in record["deal"] and games), rel


def test_interpreting_lists_the_tags() -> None:
    """The feature-tag table of INTERPRETING §2.1 names every form of every ruleset and every other tag."""
    text = (CASES.parent / "INTERPRETING.md").read_text(encoding="utf-8")
    table = text[text.index("**The feature tags**"):text.index("An example run: the reference under")]
    form_row = next(line for line in table.splitlines() if line.startswith("| `form:NAME`"))
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        era_part = form_row[form_row.index(ruleset.era):].split(";")[0]
        for name in ruleset.forms:
            assert f"`{name}`" in era_part, (rid, name)
        for tag in feature_tags(ruleset):
            if not tag.startswith(("form:", "phase:")):
                assert f"| `{tag}` |" in table, tag
