"""The rule book shows every reading of every rule (skruuvi.book.alternatives): the default and each alternative
with its value in words, sources and whether it runs, and the cases that pin it, found from the cases themselves."""

from __future__ import annotations

import re

import pytest

from skruuvi.book import era_page
from skruuvi.book.alternatives import pinned_readings
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruledoc import rule_entries
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

ROOT = repo_root()


def block_of(page: str, rule_id: str) -> str:
    """The part of an era page from a rule's heading to the next heading."""
    return re.split(r"\n#{2,4} ", page.split(f"{{#{rule_id}}}", 1)[1], maxsplit=1)[0]


def case(cid: str, ruleset: str, readings: object) -> dict[str, object]:
    return {"id": cid, "ruleset": ruleset, "description": "d", "rules": [], "readings": readings}


@pytest.mark.parametrize("rid", available_rulesets())
def test_every_alternative_of_every_rule_is_shown_with_its_sources_and_whether_it_runs(rid):
    rs = get_ruleset(rid)
    page = era_page(rs)
    for _, entry in rule_entries(dict(rs.raw)):
        alts = entry.get("alternatives") or []
        if not alts:
            continue
        block = block_of(page, entry["id"])
        assert "**The default (this book's reading):**" in block, entry["id"]
        for n, alt in enumerate(alts, start=1):
            assert f"**Alternative {n}:**" in block, (entry["id"], n)
            if alt.get("executable") is False:
                assert "*It does not run:* " + alt["why"].split()[0] in block, entry["id"]
            else:
                assert f"`--reading {entry['id']}" in block, entry["id"]
        assert f"**Alternative {len(alts) + 1}:**" not in block
    assert "{#readings}" in page


def test_a_case_that_pins_an_alternative_is_listed_under_it_and_linked_to_its_entry():
    rs = get_ruleset("skruuvi-2016")
    cases = [case("t.pins-two-passes", rs.id, {"auction2.end-four-passes": 2}),
             case("t.pins-default", rs.id, {"auction2.end-four-passes": 4}),
             case("t.other-era", "skruuvi-1944", {"auction2.end-four-passes": 2})]
    block = block_of(era_page(rs, cases=cases), "auction2.end-four-passes")
    default, alternative = block.split("**Alternative 1:**")
    link = "[`t.pins-two-passes`](../cases/skruuvi-2016.md#t.pins-two-passes)"
    assert link in alternative and link not in default
    assert "t.pins-default" in default and "t.pins-default" not in alternative
    assert "t.other-era" not in block


def test_a_table_reading_written_with_string_keys_matches_its_alternative():
    rs = get_ruleset("skruuvi-1944")
    pinned = {"4": 400, "5": 500, "6": 1100, "7": 1700}  # as a JSON record writes the keys
    page = era_page(rs, cases=[case("t.older", rs.id, {"score.undertrick-first": pinned})])
    alternative = block_of(page, "score.undertrick-first").split("**Alternative 1:**")[1]
    assert "t.older" in alternative
    assert "6: 1100 instead of 1000" in alternative
    variants = page.split("{#variants}")[1]
    assert "t.older" in variants and "skruuvi-1944:older-table" in variants


def test_a_case_whose_readings_cannot_be_read_is_named_not_dropped():
    rs = get_ruleset("skruuvi-2016")
    pins = pinned_readings(rs, [case("t.unknown-rule", rs.id, {"no.such-rule": 1}),
                                case("t.wrong-kind", rs.id, {"auction2.end-four-passes": "four"})])
    assert [cid for cid, _ in pins.problems] == ["t.unknown-rule", "t.wrong-kind"]
    assert "no rule 'no.such-rule'" in pins.problems[0][1]
    page = era_page(rs, cases=[case("t.unknown-rule", rs.id, {"no.such-rule": 1})])
    assert "Cases whose readings cannot be read" in page and "t.unknown-rule" in page.split("{#readings}")[1]


def test_a_pinned_value_no_alternative_lists_is_shown_as_such():
    rs = get_ruleset("skruuvi-2016")
    block = block_of(era_page(rs, cases=[case("t.three", rs.id, {"auction2.end-four-passes": 3})]),
                     "auction2.end-four-passes")
    assert "**Values no alternative lists**" in block and "3 by [`t.three`]" in block


@pytest.mark.parametrize("rid", available_rulesets())
def test_every_case_in_the_suite_that_pins_a_reading_is_in_that_rule_s_box(rid, suite_cases):
    """Read the case files here (not through the book) and look for each pin in the rule's box."""
    rs = get_ruleset(rid)
    cases, _ = suite_cases  # load_cases(ROOT), read once per session (conftest.py)
    page = era_page(rs, cases=cases)
    for c in cases:
        if c.get("ruleset") != rid or not c.get("readings"):
            continue
        for rule_id in c["readings"]:
            assert f"#{c['id']})" in block_of(page, rule_id), (c["id"], rule_id)
