"""Worked examples read as a player follows them: a one-against-three deal counts tricks per player."""

from __future__ import annotations

import re

from skruuvi.book import examples_page
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml

ROOT = repo_root()


def test_a_bolsevikki_example_counts_tricks_per_player_and_ends_at_the_case_s_count():
    case = {**load_yaml(ROOT / "conformance/cases/2016/bolsevikki/made-N-dealer-first-caller.yaml"),
            "_file": "conformance/cases/2016/bolsevikki/made-N-dealer-first-caller.yaml"}
    page = examples_page(get_ruleset("skruuvi-2016"), [case])
    assert "| Won | N–E–S–W |" in page and "NS–EW |" not in page
    counts = re.findall(r"\| (\d+–\d+–\d+–\d+) \|", page)
    expected = case["expect"]["result"]["tricks"]
    assert counts[-1] == "–".join(str(expected[s]) for s in "NESW")
    assert len(counts) == 13


def test_a_partnership_deal_still_counts_per_side():
    case = load_yaml(ROOT / "conformance/cases/1944/above/down-6-one.yaml")
    page = examples_page(get_ruleset("skruuvi-1944"), [{**case, "example": True}])
    assert "| Won | NS–EW |" in page and re.findall(r"\| (\d+–\d+) \|", page)[-1] == "2–11"


def test_the_rule_book_links_worked_examples_by_their_titles():
    from skruuvi.book import era_page

    case = {**load_yaml(ROOT / "conformance/cases/2016/bolsevikki/made-N-dealer-first-caller.yaml")}
    page = era_page(get_ruleset("skruuvi-2016"), cases=[case])
    line = next(x for x in page.splitlines() if x.startswith("**Worked examples:**"))
    assert f"[{case['description']}](../examples/skruuvi-2016.md#{case['id']})" in line
    assert f"`{case['id']}`" not in line


def test_the_book_adds_an_example_of_each_kind_the_marked_ones_do_not_show(suite_cases):
    from skruuvi.book.chosen import added_examples

    cases = suite_cases[0]  # load_cases(ROOT), read once per session (conftest.py)
    rs = get_ruleset("skruuvi-2016")
    added = dict(added_examples(rs, cases))
    page = examples_page(rs, cases)
    for kind, case in added.items():
        assert f"{{#{case['id']}}}" in page and kind in page
        assert case.get("example") is not True
    # each added case is of its kind, judged here from the case file's own expectation
    failed = added.get("a failed contract")
    if failed is not None:
        res = failed["expect"]["result"]
        side = "NS" if res["contract"]["declarer"] in "NS" else "EW"
        assert res["tricks"][side] < 6 + int(res["contract"]["bid"][0])
    if "a doubled or redoubled contract" in added:
        assert added["a doubled or redoubled contract"]["expect"]["result"]["contract"]["doubling"] >= 1
    if "a match on its score sheet" in added:
        assert "match" in added["a match on its score sheet"]
    rs95 = get_ruleset("skruuvi-1895")  # its rubber is a marked example: no match is added
    assert "a match on its score sheet" not in dict(added_examples(rs95, cases))


def test_a_doubled_worked_example_shows_the_points_before_the_double_and_the_factor():
    """5 grandi doubled, one short (West declares). By hand from the ruleset's tables: the first trick short at
    level 5 in grandi, times the double's multiplier; the score-sheet row names the double and shows the sum for each
    side, as the chapters' tables and the viewer do, and the total is the case's own expected score."""
    case = load_yaml(ROOT / "conformance/cases/2016/score/down-5G-one-doubled.yaml")
    rs = get_ruleset("skruuvi-2016")
    tables = {t["name"]: t["value"] for t in rs.raw["scoring"]["tables"]}
    base, factor = tables["first_undertrick"]["grand"][5], rs.scoring_params["multipliers"][1]
    page = examples_page(rs, [{**case, "example": True}])
    sheet = page.split("Score sheet")[1]
    row = next(line for line in sheet.splitlines() if f"(doubled: × {factor})" in line)
    assert f"+{base} × {factor} = +{base * factor}" in row and f"−{base} × {factor} = −{base * factor}" in row
    assert case["expect"]["result"]["score"] == {"NS": base * factor, "EW": -base * factor}
