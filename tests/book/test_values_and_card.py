"""The book's value formatter (skruuvi.book.values) and the scoring card of each era (skruuvi.book.card)."""

from __future__ import annotations

import re

import pytest

from skruuvi.book.card import card_page
from skruuvi.book.values import Labels, target
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

ROOT = repo_root()


@pytest.fixture(scope="module")
def cases(suite_cases):
    return suite_cases[0]  # read once per session (conftest.py)


def test_values_read_as_words_not_literals():
    labels = Labels([get_ruleset("skruuvi-2016")])
    assert labels.show(None) == "none" and labels.show(True) == "yes" and labels.show([]) == "none"
    assert labels.show(-5) == "−5"
    assert labels.show("passimisaari") == "passimisääri"  # a form by its Finnish label
    assert labels.show("partner-exchange") == "partners' exchange"  # a phase by its label
    assert labels.show("declarer-left") == "the declarer's left-hand opponent"
    assert labels.show("some-new_value") == "some new value"  # unknown words stay readable
    assert labels.show({"distributor": "partner", "each": 1}, "distribution") == \
        "the taker's partner gives one card to each other player"
    assert labels.show([[["A", "B"], ["C", "D"]], [["A", "C"], ["B", "D"]]], "partnerships") == \
        "A & B v C & D; A & C v B & D"
    assert labels.show([{"form": "alkupeli", "until_games": 2}, {"form": "kotka", "deals": 4}], "stages") == \
        "*alkupeli* deals until a side has won two games, then four deals of *kotka*"
    assert labels.show({"trump": "declarer-left", "misere": "declarer-right"}, "lead") == \
        "in a trump contract, the declarer's left-hand opponent; in misère, the declarer's right-hand opponent"
    assert labels.show([1, 2, 4], "multipliers") == "×2 doubled, ×4 redoubled"
    assert labels.show(["fi", "en"]) == "fi, en"
    assert labels.show({"a": {"b": 1}}) == "a: (b 1)"
    assert target("declarer-against-each").startswith("the declarer, collected from each opponent")


def test_a_value_of_an_unexpected_shape_falls_back_to_the_generic_words():
    labels = Labels()
    shown = labels.show({"who": "dealer", "each": [1, 2]}, "distribution")  # no "distributor" key
    assert shown == "who: the dealer; each: 1, 2"
    assert not re.search(r"[\[\]{}'\"]", shown)


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_card_shows_every_scoring_table_and_scheme(rid, cases):
    rs = get_ruleset(rid)
    page = card_page(rs, cases)
    assert page.startswith(f"# Scoring card: {rs.era}")
    for entry in rs.raw["scoring"].get("tables") or []:
        assert "{#table-" in page and f"#{entry['id']})" in page, entry["id"]
    for entries in rs.raw["scoring"]["schemes"].values():
        for e in entries:
            assert f"#{e['id']})" in page, e["id"]
    assert "## A worked sum" in page
    practice = [r for r in rs.raw["deal"]["rules"] if r.get("enforced") is False]
    dealing = page.split("## Dealing")[1].split("\n## ")[0]
    if practice:  # the table practice rules the ruleset has are linked; nothing is said to be missing
        for r in practice:
            assert f"[{r['title']}](../rules/{rid}.md#{r['id']})" in dealing
        assert "says nothing" not in dealing
    else:
        assert "says nothing of how the first dealer is chosen, the shuffle or the cut" in dealing


def test_the_2016_worked_sum_matches_the_hand_derived_case(cases):
    """The card's sum is the reference's replay; the case's expectation is the digest's hand derivation
    (10 + 2 × 2 = +14 for N–S; E–W −14 and their aces), so the two are independent."""
    page = card_page(get_ruleset("skruuvi-2016"), cases)
    case = next(c for c in cases if c["id"] == "2016.misere.made-5M-no-tricks-D4")
    assert case["justification"]["kind"] == "hand-derived"
    expected = case["expect"]["result"]["score"]
    assert "2016.misere.made-5M-no-tricks-D4" in page
    ns, ew = (f"{expected[side]:+d}".replace("-", "−") for side in ("NS", "EW"))  # a real minus sign, as printed
    assert f"| **Total** | **{ns}** | **{ew}** |" in page
    assert "Added up: NS: +10 +4 = +14; EW: −10 −4 −18 = −32." in page


@pytest.mark.parametrize("rid", available_rulesets())
def test_each_form_with_phases_gets_a_flowchart_of_them_in_order(rid):
    from skruuvi.book.era import era_page
    from skruuvi.book.pictures import phase_flow_svg

    rs = get_ruleset(rid)
    page = era_page(rs)
    for name, form in rs.raw["forms"].items():
        svg = phase_flow_svg(rs, name)
        phases = form.get("phases") or []
        if not phases:
            assert svg == ""
            continue
        assert svg in page and svg.count("<rect ") == len(phases)
        links = re.findall(r'href="#phase-([^"]+)"', svg)
        assert links == phases  # one box per phase, in the form's order, each linked to its section
        assert f'id="sk-arrow-{name}"' in svg


def test_the_2016_opening_deal_chart_branches_to_passimisaari_on_all_pass():
    from skruuvi.book.pictures import phase_flow_svg

    svg = phase_flow_svg(get_ruleset("skruuvi-2016"), "alkupeli")
    assert "all pass:" in svg and "passimisääri" in svg
    assert "1. first auction" in svg and "6. play" in svg


def test_a_known_shape_nested_in_a_value_reads_as_its_phrase():
    value = {"to_partner": 4, "distribution": {"distributor": "partner", "each": 1}}
    text = Labels().show(value)
    assert "the taker's partner gives one card to each other player" in text and "distributor" not in text


def test_the_comparison_chapter_phrases_every_value_it_shows():
    from skruuvi.book import comparison_page

    page = comparison_page([get_ruleset(r) for r in available_rulesets()])
    assert "(distributor" not in page and "each 1)" not in page
    assert "*ostoskruuvi*: the taker gives his partner no cards" in page


def test_an_expression_parameter_reads_as_math():
    rs = get_ruleset("skruuvi-1944")
    rule = next(r for r in rs.rules.values() if r.param == "game_bonus")
    text = Labels([rs]).show(rule.value, "game_bonus")
    assert "*" not in text and "_" not in text and "×" in text


def test_the_2016_card_says_the_usual_game_is_24_deals_beside_its_longer_match(suite_cases):
    """S001: "Kolme sessiota ja niiden 24 jakoa" (three sessions and their 24 deals); the match the card draws is
    the unwound sitsi, twice as long, and the card says so."""
    from skruuvi.book.card import card_page

    page = card_page(get_ruleset("skruuvi-2016"), suite_cases[0]).split("{#match-sheet}")[1]
    assert "The usual game is 24 deals: 3 blocks of 8." in page
    assert "The match below has 48 deals, played with the agreed unwinding." in page
