"""The examples the book adds (a failed contract, a doubled one, a kotka, a sitsi) are told as a story generated
from the replay: the expectations below come from the case files, and a ruleset change changes the text."""

from __future__ import annotations

import copy
import re

import pytest

from skruuvi.book import examples_page
from skruuvi.book.chosen import added_examples
from skruuvi.book.narrative import match_story
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import compile_ruleset, get_ruleset

ROOT = repo_root()
KINDS = ("a failed contract", "a doubled or redoubled contract", "a deal without centre cards",
         "a match on its score sheet")


@pytest.fixture(scope="module")
def cases(suite_cases):
    return suite_cases[0]  # read once per session (conftest.py)


@pytest.fixture(scope="module")
def r16():
    return get_ruleset("skruuvi-2016")


def story_of(page: str, case_id: str) -> str:
    section = page.split(f"{{#{case_id}}}")[1].split("\n## ")[0]
    return re.sub(r"<[^>]+>", "", section.split("· The story\n\n")[1].split("\n\n")[0])


def test_every_added_2016_example_is_told_as_a_story(cases, r16):
    added = dict(added_examples(r16, cases))
    assert set(KINDS) <= set(added)
    page = examples_page(r16, cases)
    for kind in KINDS:
        text = story_of(page, added[kind]["id"])
        assert text.count(". ") >= 3, (kind, text)
        assert "None" not in text and "{" not in text and "[" not in text


@pytest.mark.parametrize("kind", ["a failed contract", "a doubled or redoubled contract"])
def test_a_failed_contract_s_story_tells_the_trick_that_beat_it_and_how_short_it_fell(cases, r16, kind):
    case = dict(added_examples(r16, cases))[kind]
    res = case["expect"]["result"]
    side = "NS" if res["contract"]["declarer"] in "NS" else "EW"
    need = 6 + int(res["contract"]["bid"][0])
    short = need - res["tricks"][side]
    assert short > 0  # the doubled example the book picks is a double that paid
    text = story_of(examples_page(r16, cases), case["id"])
    words = ["one", "two", "three", "four", "five", "six", "seven"]
    assert f"{words[short - 1]} trick{'s' if short > 1 else ''} short" in text
    beaten = 13 - need + 1  # the defenders' trick that leaves the declarer's side too few
    ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
    assert f"the defenders take their {ordinals[beaten - 1]} trick: the contract can no longer be made" in text
    sheet = {k: f"{'+' if v > 0 else '−' if v < 0 else ''}{abs(v)}" for k, v in res["score"].items()}
    assert f"The sheet reads NS {sheet['NS']}, EW {sheet['EW']}." in text


def test_the_doubled_story_follows_the_ruleset_s_multipliers(cases, r16):
    case = dict(added_examples(r16, cases))["a doubled or redoubled contract"]
    level = case["expect"]["result"]["contract"]["doubling"]
    doc = copy.deepcopy(dict(r16.raw))
    rule = next(r for r in doc["scoring"]["rules"] if r.get("param") == "multipliers")
    rule["value"] = [1, 5, 7]
    changed = compile_ruleset(doc, "<test>")
    before = story_of(examples_page(r16, [case]), case["id"])
    after = story_of(examples_page(changed, [case]), case["id"])
    assert f"now count ×{r16.scoring_params['multipliers'][level]}" in before
    assert f"now count ×{[1, 5, 7][level]}" in after and before != after


def test_the_kotka_story_says_there_are_no_centre_cards(cases, r16):
    case = dict(added_examples(r16, cases))["a deal without centre cards"]
    text = story_of(examples_page(r16, cases), case["id"])
    form = r16.forms[case["deal"]["form"]]
    assert f"all {form.params['hand_size']} cards to each player, no centre cards" in text
    assert "which decides which pair plays" in text or "Nobody bids" in text


def test_the_sitsi_story_ends_with_the_case_s_ranking(cases, r16):
    case = dict(added_examples(r16, cases))["a match on its score sheet"]
    final = case["expect"]["match"]["final"]
    text = match_story(r16, case["match"])
    ranking = ", ".join(f"{p} {'−' if final['totals'][p] < 0 else ''}{abs(final['totals'][p])}"
                        for p in final["ranking"])
    assert text.endswith(f"Final ranking: {ranking}.")
    assert f"play {len(case['expect']['match']['sheets'])} deals" in text
    assert "partners share each deal's score" in text


@pytest.mark.parametrize("rid", ["skruuvi-1895", "skruuvi-1944", "skruuvi-2016"])
def test_every_finished_example_of_every_era_has_its_story(cases, rid):
    from skruuvi.book.examples import walk

    rs = get_ruleset(rid)
    page = examples_page(rs, cases)
    shown = re.findall(r"^## Example \d+: .* \{#([^}]+)\}$", page, flags=re.M)
    assert shown
    by_id = {c["id"]: c for c in cases}
    for cid in shown:
        case = by_id[cid]
        finished = "match" in case or (walk(rs, case).outcome is not None)
        assert ("· The story\n\n" in page.split(f"{{#{cid}}}")[1].split("\n## ")[0]) is finished, cid


def test_an_all_pass_example_says_what_the_deal_became(cases, r16):
    case = next(c for c in cases if c["id"] == "2016.passimisaari.basic-dealer-N")
    text = story_of(examples_page(r16, [{**case, "example": True}]), case["id"])
    form = r16.forms[r16.rules["auction.all-pass"].value]
    assert "Nobody bids in the first round, so the deal is played as" in text and form.name[:5] in text
