"""The comparison chapter's lead: the feature-by-era table (every cell linked to the rule it comes from), the
counts by topic, neutral labels for the differences, and what a cross-era score means."""

from __future__ import annotations

import re

import pytest

from skruuvi.book import comparison_page, era_page
from skruuvi.book.cross_era import score_key
from skruuvi.book.features import ROWS, feature_table
from skruuvi.rules.ruleset import available_rulesets, get_ruleset


@pytest.fixture(scope="module")
def rulesets():
    return sorted((get_ruleset(r) for r in available_rulesets()), key=lambda r: r.era)


def rows_of(table: str) -> list[list[str]]:
    lines = [line for line in table.splitlines() if line.startswith("| ")][1:]
    return [[c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]


def test_one_row_per_feature_one_column_per_era_and_every_cell_links_into_its_own_era(rulesets):
    rows = rows_of(feature_table(rulesets))
    assert [r[0] for r in rows] == [f"**{name}**" for name, _ in ROWS]
    anchors = {rs.id: set(re.findall(r"\{#([^}]+)\}", era_page(rs))) | set(re.findall(r'id="([^"]+)"', era_page(rs)))
               for rs in rulesets}
    for row in rows:
        assert len(row) == 1 + len(rulesets)
        for rs, cell in zip(rulesets, row[1:], strict=True):
            links = re.findall(r"\]\(\.\./rules/([^)#]+)\.md#([^)]+)\)", cell)
            assert links, (row[0], rs.id, cell)
            for page, anchor in links:
                assert page == rs.id and anchor in anchors[rs.id], (row[0], page, anchor)


def test_the_features_read_the_rulesets_not_a_list_of_eras(rulesets):
    table = dict((r[0], r[1:]) for r in rows_of(feature_table(rulesets)))
    for rs, cell in zip(rulesets, table["**Doubling**"], strict=True):
        doubles = any(p.mechanism == "doubling" for f in rs.forms.values() for p in f.phases)
        assert ("no doubling phase" in cell) is not doubles
    for rs, cell in zip(rulesets, table["**Misère**"], strict=True):
        bid = any("M" in (f.params.get("strain_order") or ()) for f in rs.forms.values() if f.dealt)
        assert ("never bid" in cell) is not bid


def test_the_counts_add_up_and_shared_rules_with_the_same_value_are_counted(rulesets):
    page = comparison_page(rulesets)
    table = page.split("{#counts}")[1].split("\n## ")[0]
    rows = rows_of(table)
    assert rows
    for row in rows:
        total, one, differ, same, renamed = (int(x) for x in row[1:])
        assert total == one + differ + same and renamed <= total
    assert sum(int(r[4]) for r in rows) > 0
    assert page.index("{#features}") < page.index("{#counts}") < page.index("{#topic-")


def test_a_difference_is_labelled_by_what_it_sets_not_by_one_era_s_title(rulesets):
    page = comparison_page(rulesets)
    line = next(x for x in page.splitlines() if "`score.multipliers`)" in x and x.startswith("- "))
    assert line.startswith("- [Multipliers (`score.no-knocks`, `score.multipliers`)]")


def test_the_cross_era_page_says_what_a_score_means(rulesets):
    key = score_key(rulesets)
    two_columns = [rs.era for rs in rulesets if tuple(rs.columns) == ("below", "above")]
    assert all(era in key for era in two_columns) and "below the line, then above the line" in key
