"""The generated pictures: the table diagram of a deal (who gave what to whom) and the match score sheets."""

from __future__ import annotations

import re

import pytest

from skruuvi.book.card import card_page
from skruuvi.book.examples import examples_page
from skruuvi.book.pictures import deal_table_svg, transfers
from skruuvi.book.sheets import match_cases, match_sheet
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml

ROOT = repo_root()


@pytest.fixture(scope="module")
def cases(suite_cases):
    return suite_cases[0]  # read once per session (conftest.py)


def legend(svg: str) -> list[str]:
    """The numbered lines under the table, as plain text."""
    lines = re.findall(r'<text x="38"[^>]*>(.*?)</text>', svg)
    return [re.sub(r"<[^>]+>", "", line) for line in lines]


def test_the_table_lists_the_centre_cards_then_every_gift_in_the_record_s_order():
    rs = get_ruleset("skruuvi-1944")
    case = load_yaml(ROOT / "conformance/cases/1944/above/down-6-one.yaml")
    gifts = [a for a in case["actions"] if a.split()[1] == "give"]
    lines = legend(deal_table_svg(rs, case))
    assert len(lines) == len(gifts) + 1
    assert lines[0].startswith("West takes the centre cards")  # W won the first auction (the case's derivation)
    phase = rs.raw["phases"]["kitty"]["label"]["en"]
    assert lines[1].startswith("West gives East") and f"({phase})" in lines[1]
    assert lines[-1].startswith("East gives North")
    hands, centre, dealer, moves = transfers(rs, case)
    assert set(centre) == set(case["deal"]["centre"]) and dealer == 3
    assert [sorted(m.cards) for m in moves[1:]] == [sorted(g.split()[3:]) for g in gifts]
    assert sorted(hands[0]) == sorted(case["deal"]["hands"]["N"])


def test_a_record_cut_before_the_first_gift_draws_only_the_centre_take():
    rs = get_ruleset("skruuvi-1944")
    case = dict(load_yaml(ROOT / "conformance/cases/1944/above/down-6-one.yaml"))
    first_gift = next(i for i, a in enumerate(case["actions"]) if a.split()[1] == "give")
    case["actions"] = case["actions"][:first_gift]
    assert [line.split(" ♣")[0].split(" ♠")[0].split(" ♦")[0] for line in legend(deal_table_svg(rs, case))] \
        == ["West takes the centre cards"]


@pytest.mark.parametrize("rid", available_rulesets())
def test_each_card_draws_a_match_sheet_whose_final_is_the_case_s_expectation(rid, cases):
    rs = get_ruleset(rid)
    chosen = match_cases(rs, cases)
    assert chosen, "every era has a hand-written match case"
    page = card_page(rs, cases)
    assert "{#match-sheet}" in page and "Its sheet equals the case's expected one." in page
    final = chosen[0]["expect"]["match"]["final"]
    sheet = page.split("{#match-sheet}")[1]
    if "totals" in final:  # by players: each player's final total in the legend
        for player, total in final["totals"].items():
            assert f"player {player}: {str(total).replace('-', '−')}</text>" in sheet
    else:  # by sides: both totals, and one ruled line per game won
        for side in ("NS", "EW"):
            assert f'class="sk-sheet-total">{str(final[side]).replace("-", "−")}</text>' in sheet
        games = sum(chosen[0]["expect"]["match"]["sheets"][-1][s]["games"] for s in ("NS", "EW"))
        assert sheet.count('class="sk-sheet-game"') >= games


def test_the_1895_rubber_example_is_drawn_not_left_out(cases):
    page = examples_page(get_ruleset("skruuvi-1895"), cases)
    assert "Match records are not drawn yet" not in page
    assert 'class="sk-sheet"' in page and "game 2 to North–South" in page


def test_a_match_sheet_says_when_the_reference_differs_from_the_case():
    rs = get_ruleset("skruuvi-1895")
    case = dict(load_yaml(ROOT / "conformance/cases/1895/match/rubber-2-1.yaml"))
    case["expect"] = {"match": {"sheets": [], "final": {"NS": 0, "EW": 0, "difference": 0, "book": 0}}}
    assert "differs from the case's expected one" in " ".join(match_sheet(rs, case, "card/skruuvi-1895.md"))
