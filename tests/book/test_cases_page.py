"""The cases pages: each case's file path, its rule list folded after a few entries, its readings in words."""

from __future__ import annotations

import re

from skruuvi.book import cases_page
from skruuvi.book.cases import SHOWN_RULES
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import get_ruleset

ROOT = repo_root()


def test_a_long_rule_list_is_folded_and_a_short_one_is_not():
    rs = get_ruleset("skruuvi-2016")
    rules = sorted(rs.rules)[:10]
    cases = [{"id": "t.long", "ruleset": rs.id, "rules": rules, "_file": "conformance/cases/2016/x/long.yaml"},
             {"id": "t.short", "ruleset": rs.id, "rules": rules[:2], "_file": "conformance/cases/2016/x/short.yaml"}]
    page = cases_page(rs, cases)
    long_row = next(line for line in page.splitlines() if 'id="t.long"' in line)
    shown, folded = long_row.split("<details>")
    assert f"<summary>{10 - SHOWN_RULES} more rules</summary>" in folded
    assert len(re.findall(r"\]\(\.\./rules/", shown)) == SHOWN_RULES
    assert len(re.findall(r"\]\(\.\./rules/", folded)) == 10 - SHOWN_RULES
    short_row = next(line for line in page.splitlines() if 'id="t.short"' in line)
    assert "<details>" not in short_row
    assert "file `conformance/cases/2016/x/long.yaml`" in long_row


def test_a_case_that_pins_a_reading_says_so_in_words(suite_cases):
    rs = get_ruleset("skruuvi-1944")
    cases = [c for c in suite_cases[0] if c.get("ruleset") == rs.id]  # load_cases(ROOT), once per session
    page = cases_page(rs, cases)
    pinned = [c for c in cases if c.get("readings")]
    assert pinned
    for case in pinned:
        row = next(line for line in page.splitlines() if f'id="{case["id"]}"' in line)
        assert "*Under the reading* " in row
        for rule_id in case["readings"]:
            assert f"(../rules/skruuvi-1944.md#{rule_id})" in row.split("*Under the reading* ")[1]


def test_the_rule_book_folds_each_rule_s_parameter_and_cases_for_implementers():
    from skruuvi.book import era_page

    rs = get_ruleset("skruuvi-2016")
    page = era_page(rs, cases=[{"id": "t.one", "ruleset": rs.id, "rules": ["deal.centre-not-consecutive"]}])
    block = page.split("{#deal.centre-not-consecutive}")[1].split("\n### ")[0]
    box = block.split('??? example "For implementers: the parameter and 1 case"')[1]
    assert box.lstrip("\n").startswith("    **Parameter** `centre_max_consecutive`: 3")
    assert "[`t.one`](../cases/skruuvi-2016.md#t.one)" in box
    assert "**Parameter**" not in block.split("??? example")[0]  # not in the player's view
