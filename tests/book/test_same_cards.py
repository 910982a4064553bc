"""The same cards in every era: one deal, each era's bots playing it under its own rules."""

from __future__ import annotations

from skruuvi.book.same_cards import SAME_CARDS, played, same_cards_section
from skruuvi.interpreter.engine import play_deal
from skruuvi.interpreter.outcome import Outcome
from skruuvi.rules.ruleset import available_rulesets, get_ruleset


def test_every_era_plays_the_very_same_cards_by_its_own_rules():
    rulesets = sorted((get_ruleset(r) for r in available_rulesets()), key=lambda r: r.era)
    for form, seed in SAME_CARDS:
        deal, results = played(rulesets, form, seed)
        assert len(results) == len(rulesets)
        for rs, got in results:
            assert not isinstance(got, str), (rs.id, got)  # the configured deals are playable in every era
            record, res, _ = got
            assert record["deal"] == deal  # the same hands, centre and dealer
            state = play_deal(rs, record["deal"], record["actions"])  # legal under that era's rules
            assert not isinstance(state, Outcome) and state.finished, rs.id
            assert res.get("contract"), rs.id


def test_the_cross_era_page_has_a_row_per_era_for_each_deal():
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    text = "\n\n".join(same_cards_section(rulesets, "comparison/cross-era.md"))
    for n in range(1, len(SAME_CARDS) + 1):
        block = text.split(f"{{#same-cards-{n}}}")[1].split("### Deal")[0]
        for rs in rulesets:
            assert f"| [{rs.era}](../rules/{rs.id}.md) |" in block
        assert 'class="sk-deal"' in block


def test_an_era_without_the_form_is_named_not_dropped():
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    _, results = played(rulesets, "kotka", 1)
    lacking = [rs.id for rs, got in results if isinstance(got, str)]
    assert lacking == [rs.id for rs in rulesets if "kotka" not in rs.forms]
