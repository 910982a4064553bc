"""The comparison chapter shows one row per concept: the rules of several eras that set the same parameter at the
same place of the game share a row even where the eras give them different ids, and the counts table counts those
rows, not rule ids."""

from __future__ import annotations

import copy
import re

import pytest

from skruuvi.book import comparison_page
from skruuvi.history.concepts import concept_matrix, row_ids
from skruuvi.rules.ruleset import available_rulesets, compile_ruleset, get_ruleset


@pytest.fixture(scope="module")
def rulesets():
    return sorted((get_ruleset(r) for r in available_rulesets()), key=lambda r: r.era)


def era_of(rulesets, era):
    return next(i for i, rs in enumerate(rulesets) if rs.era == era)


def row_with(rows, era_index, rule_id):
    return next(r for r in rows if r.rules[era_index] is not None and r.rules[era_index].id == rule_id)


def test_every_rule_of_every_era_is_on_exactly_one_row_in_its_own_column(rulesets):
    rows = concept_matrix(rulesets)
    for i, rs in enumerate(rulesets):
        placed = [r.rules[i].id for r in rows if r.rules[i] is not None]
        assert sorted(placed) == sorted(rs.rules), rs.id
    assert len(rows) < sum(1 for _ in dict.fromkeys(rid for rs in rulesets for rid in rs.rules))


def test_the_all_pass_form_is_one_concept_under_its_two_names(rulesets):
    """1944 calls the all-pass deal pakkomisääri, 1895 (as an alternative reading) and 2016 passimisääri; the
    rulesets say so through their ``all_pass_form`` values, and the centre deal, exchange and lead of that form
    are one row each."""
    rows = concept_matrix(rulesets)
    e44, e16 = era_of(rulesets, "1944"), era_of(rulesets, "2016")
    for rule_1944 in ("pakkomisaari.table-cards", "pakkomisaari.exchange", "pakkomisaari.lead"):
        row = row_with(rows, e44, rule_1944)
        assert row.rules[e16] is not None and row.rules[e16].id.startswith("passimisaari."), rule_1944
        assert row.rules[e16].param == row.rules[e44].param


def test_the_match_stages_of_the_three_eras_are_one_row_and_differ(rulesets):
    rows = concept_matrix(rulesets)
    row = row_with(rows, era_of(rulesets, "2016"), "sitsi.block")
    assert all(r is not None and r.param == "stages" for r in row.rules)
    assert len(row_ids(row)) == len(rulesets) and "value" in row.differs


def test_a_renamed_rule_stays_on_its_concept_s_row(rulesets):
    doc = copy.deepcopy(dict(get_ruleset("skruuvi-2016").raw))
    doc["id"], doc["era"] = "skruuvi-renamed", "2099"
    rule = next(r for r in doc["deal"]["rules"] if r.get("param") == "centre_forbidden_positions")
    rule["id"] = "deal.a-new-name"
    renamed = compile_ruleset(doc, "<test>")
    r44 = get_ruleset("skruuvi-1944")
    row = row_with(concept_matrix([r44, renamed]), 1, "deal.a-new-name")
    assert row.rules[0] is not None and row.rules[0].param == "centre_forbidden_positions"


def test_two_rules_of_one_ruleset_that_would_share_a_row_stay_apart(rulesets):
    """Make the bolsevikki a second all-pass form (an alternative of the all-pass rule): its lead and the
    passimisääri's lead are then the same place of one ruleset, so neither joins 1944's pakkomisääri lead."""
    doc = copy.deepcopy(dict(get_ruleset("skruuvi-2016").raw))
    doc["id"], doc["era"] = "skruuvi-twice", "2099"
    rule = next(r for r in doc["phases"]["first-auction"]["rules"] if r.get("param") == "all_pass_form")
    rule.setdefault("alternatives", []).append({"value": "bolsevikki", "source": rule["source"], "note": "a test"})
    twice = compile_ruleset(doc, "<test>")
    rows = concept_matrix([get_ruleset("skruuvi-1944"), twice])
    for rid in ("pakkomisaari.lead", "passimisaari.lead", "bolsevikki.lead"):
        assert [row_ids(r) for r in rows if rid in row_ids(r)] == [[rid]]
    assert len(row_ids(row_with(concept_matrix([get_ruleset("skruuvi-1944"), get_ruleset("skruuvi-2016")]), 0,
                                "pakkomisaari.lead"))) == 2


def _topic_tables(page):
    for part in page.split("\n## ")[1:]:
        m = re.search(r"\{#topic-([a-z]+)\}", part.splitlines()[0])
        if m:
            table = part.split("{#rules-")[1]
            yield m.group(1), [line for line in table.splitlines() if line.startswith("| ")][1:]


def test_the_counts_are_those_of_the_rows_shown(rulesets):
    """Read back from the rendered page: each topic's counts are its table's rows, the rows present in one era
    only, and the rows shown as one concept under several ids."""
    page = comparison_page(rulesets)
    counts = {}
    for line in (x for x in page.split("{#counts}")[1].split("\n## ")[0].splitlines() if x.startswith("| [")):
        cells = [c.strip() for c in line.strip("|").split("|")]
        counts[re.search(r"#topic-([a-z]+)", cells[0]).group(1)] = [int(c) for c in cells[1:]]
    assert counts
    for topic, lines in _topic_tables(page):
        total, one, differ, same, renamed = counts[topic]
        assert total == len(lines) == one + differ + same, topic
        assert one == sum(1 for x in lines if x.count('class="sk-absent"') == len(rulesets) - 1), topic
        assert renamed == sum(1 for x in lines if "one concept, " in x), topic
    assert sum(c[4] for c in counts.values()) > 0 and sum(c[3] for c in counts.values()) > 0


def test_a_merged_row_names_each_era_s_own_rule_and_a_neutral_label(rulesets):
    page = comparison_page(rulesets)
    line = next(x for x in page.splitlines() if x.startswith("| ") and "`pakkomisaari.table-cards`" in x)
    assert "the all-pass form" in line and "one concept, 2 rule ids" in line
    for rs in rulesets:
        if rs.era in ("1944", "2016"):
            rule = row_with(concept_matrix(rulesets), era_of(rulesets, "1944"), "pakkomisaari.table-cards")
            own = rule.rules[era_of(rulesets, rs.era)]
            assert f"[§](../rules/{rs.id}.md#{own.id})" in line


def test_no_era_s_title_labels_a_row_whose_eras_title_it_differently(rulesets):
    page = comparison_page(rulesets)
    lines = [x for x in page.splitlines() if x.startswith("| ") and "[§](" in x]
    checked = 0
    for row in concept_matrix(rulesets):
        present = [r for r in row.rules if r is not None]
        if len({r.title for r in present}) < 2:
            continue
        line = next(x for x in lines if f"#{present[0].id})" in x)
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        rule_cell = cells[0]
        assert not any(r.title in rule_cell for r in present), rule_cell
        for r in present:
            assert f"*{r.title}*" in line, r.id
        checked += 1
    assert checked >= 5
