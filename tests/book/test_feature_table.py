"""The comparison chapter's lead: the feature-by-era table (every cell linked to the rule it comes from), the
counts by topic, neutral labels for the differences, and what a cross-era score means."""

from __future__ import annotations

import re

import pytest

from skruuvi.book import comparison_page, era_page
from skruuvi.book.cross_era import score_key
from skruuvi.book.features import ROWS, feature_table
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml


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
    """The eras' multipliers differ; their line names neither a rule id nor an era's title, and gives each era's value
    in words, the era linked to its own rule."""
    page = comparison_page(rulesets)
    rules = {rs.id: next(r for r in rs.rules.values() if r.param == "multipliers") for rs in rulesets}
    line = next(x for x in page.splitlines() if x.startswith("- ") and all(
        f"[**{rs.era}**](../rules/{rs.id}.md#{rules[rs.id].id})" in x for rs in rulesets))
    assert "`" not in line and "multipliers" not in line.split(":")[0]
    assert not any(r.title in line for r in rules.values()) and not any(f"{r.id} " in line for r in rules.values())
    assert "×2 doubled" in line and "[1, 2" not in line


# --- what the glance says is played: read from the ruleset files here, not from the book's code -----------------


def _yaml(rs) -> dict:
    return load_yaml(spec_dir() / "rulesets" / f"{rs.id}.yaml")


def _phase_params(doc: dict, phase_id: str) -> dict:
    """A phase's parameters as its YAML sets them, those of the phase it ``extends`` first."""
    phase = doc["phases"][phase_id]
    params = _phase_params(doc, phase["extends"]) if phase.get("extends") else {}
    return {**params, **{r["param"]: r["value"] for r in phase.get("rules") or () if "param" in r}}


def _played(doc: dict) -> tuple[set[str], dict[str, set[str]]]:
    """The forms a deal can be in under the file's own values (the dealt ones, and what an all-pass turns a deal into),
    and the phases each never plays: one banned when the main pair's first bid had at least some level, in a form whose
    first auction takes no lower bid (the main pair's first bid is a bid of that auction)."""
    forms = {name for name, f in doc["forms"].items() if f.get("dealt")}
    todo = list(forms)
    while todo:
        for pid in doc["forms"][todo.pop()].get("phases") or ():
            target = _phase_params(doc, pid).get("all_pass_form")
            if isinstance(target, str) and target not in forms:
                forms.add(target)
                todo.append(target)
    never: dict[str, set[str]] = {}
    for name in forms:
        pids = doc["forms"][name].get("phases") or []
        auctions = [pid for pid in pids if doc["phases"][pid].get("mechanism", doc["phases"].get(
            doc["phases"][pid].get("extends"), {}).get("mechanism")) == "auction"]
        lowest = _phase_params(doc, auctions[0]).get("min_level", 1) if auctions else 1
        never[name] = {pid for pid in pids
                       if isinstance(_phase_params(doc, pid).get("banned_if_main_first_bid_at_least"), int)
                       and lowest >= _phase_params(doc, pid)["banned_if_main_first_bid_at_least"]}
    return forms, never


# Issue 29's reader found the glance at odds with the chapters: for 1895 it listed the passimisääri as a game form,
# and its exchange, while by the book's reading (auction.all-pass: the cards are thrown in and dealt again) it is never
# played; and it listed a defenders' exchange under the kotka, whose bids start at level six, the level from which
# that exchange is banned.


def test_the_glance_names_only_forms_played_under_the_book_s_readings(rulesets):
    """Each era's cells link only forms a deal can be in under the era's own values; a form of the file that is not
    played is named only after "under another reading of the sources"."""
    table = dict((r[0], r[1:]) for r in rows_of(feature_table(rulesets)))
    checked = 0
    for rs, forms_cell, exchanges_cell in zip(rulesets, table["**Game forms**"], table["**Exchanges**"], strict=True):
        doc = _yaml(rs)
        played, _ = _played(doc)
        shown, _, other = forms_cell.partition("under another reading of the sources")
        linked = set(re.findall(r"#form-([a-z-]+)\)", shown)) | set(re.findall(r"#form-([a-z-]+)\)", exchanges_cell))
        assert linked <= played, (rs.era, linked - played)
        for name in set(doc["forms"]) - played:  # a form of the file that is not played: named only as a reading
            if doc["forms"][name].get("phases"):
                label = doc["forms"][name]["label"]["fi"]
                assert label not in shown and label not in exchanges_cell, (rs.era, name)
                assert f"*{label}*" in other, (rs.era, name)
                checked += 1
    assert checked >= 1  # the 1895 passimisääri
    e1895 = next(i for i, rs in enumerate(rulesets) if rs.era == "1895")
    assert "dealt again" in table["**Game forms**"][e1895]


def test_the_glance_lists_no_phase_a_form_never_plays(rulesets):
    """In each form's part of the exchanges cell, a phase the form never plays is not listed as one of its phases;
    it is named only to say that it does not happen, linked to the rule that bans it."""
    table = dict((r[0], r[1:]) for r in rows_of(feature_table(rulesets)))
    checked = 0
    for rs, exchanges_cell in zip(rulesets, table["**Exchanges**"], strict=True):
        _, never = _played(_yaml(rs))
        for segment in exchanges_cell.split("; "):
            form = re.search(r"#form-([a-z-]+)\)", segment)
            for pid in never.get(form.group(1) if form else "", ()):
                assert f"#phase-{pid})" not in segment, (rs.era, segment)
                assert "no [" in segment, (rs.era, segment)
                checked += 1
    assert checked >= 2  # the kotkat of 1944 and 2016


def test_the_cross_era_page_says_what_a_score_means(rulesets):
    key = score_key(rulesets)
    two_columns = [rs.era for rs in rulesets if tuple(rs.columns) == ("below", "above")]
    assert all(era in key for era in two_columns) and "below the line, then above the line" in key
