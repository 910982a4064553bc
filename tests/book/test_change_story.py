"""The comparison chapter's opening story (skruuvi.book.changes) and its folded rule tables.

Each expected sentence is worked out from the ruleset files (their YAML, read here), not from the story's code.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from typing import Any

import pytest
from test_book_reader import literals

from skruuvi.book import comparison_page
from skruuvi.book.changes import change_sentences, change_story
from skruuvi.book.values import Labels
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml


@pytest.fixture(scope="module")
def rulesets():
    return sorted((get_ruleset(r) for r in available_rulesets()), key=lambda r: r.era)


@pytest.fixture(scope="module")
def story(rulesets) -> str:
    return "\n\n".join(change_story(rulesets))


def _raw(rs) -> Mapping[str, Any]:
    return load_yaml(spec_dir() / "rulesets" / f"{rs.id}.yaml")


def _param(raw: Mapping[str, Any], param: str) -> Any:
    def walk(node: Any) -> Any:
        if isinstance(node, Mapping):
            if node.get("param") == param and "value" in node:
                return node["value"]
            for v in node.values():
                found = walk(v)
                if found is not None:
                    return found
        elif isinstance(node, list):
            for v in node:
                found = walk(v)
                if found is not None:
                    return found
        return None
    return walk(raw)


def _between(story: str, a: str, b: str) -> str:
    return story.split(f"### From {a} to {b}")[1].split("\n### ")[0]


def test_the_story_goes_era_by_era_and_names_the_forms_each_adds(rulesets, story) -> None:
    eras = [rs.era for rs in rulesets]
    assert story.startswith(f"## What changed, {' → '.join(eras)} {{#story}}")
    for a, b in itertools.pairwise(rulesets):
        part = _between(story, a.era, b.era)
        dealt = {n for n, f in _raw(b)["forms"].items() if f.get("phases") and _param(f, "hand_size")}
        before = {n for n, f in _raw(a)["forms"].items() if f.get("phases") and _param(f, "hand_size")}
        for name in dealt - before:
            fi = _raw(b)["forms"][name]["label"]["fi"]
            assert f"{b.era} adds *{fi}*" in part, name
            hand = _param(_raw(b)["forms"][name], "hand_size")
            assert f"a deal of {hand} cards each" in part


def test_each_change_of_a_value_is_a_sentence_with_its_values_in_words(rulesets, story) -> None:
    for a, b in itertools.pairwise(rulesets):
        part = _between(story, a.era, b.era)
        ma, mb = _param(_raw(a), "multipliers"), _param(_raw(b), "multipliers")
        if ma != mb:
            assert Labels().show(mb, "multipliers") in part  # "×2 doubled, ×4 redoubled", not [1, 2, 4]
        ga = _param(_raw(a).get("match") or {}, "game_threshold")
        gb = _param(_raw(b).get("match") or {}, "game_threshold")
        if ga != gb and gb is None:
            assert f"in {a.era} a game is won at {ga} below the line" in part
        la = _param(_raw(a)["phases"].get("second-auction") or {}, "final_min_level")
        lb = _param(_raw(b)["phases"].get("second-auction") or {}, "final_min_level")
        if la is not None and lb is not None and la != lb:
            assert f"rises from level {la} to level {lb}" in part
    first = _between(story, rulesets[0].era, rulesets[1].era)
    assert "Doubling comes into the game" in first and "Misère can now be bid" in first
    assert "*ostoskruuvi*" in first  # the 1895 taker's choice, gone by 1944


def test_the_story_reads_as_words(story) -> None:
    text = re.sub(r"\{#[^}]*\}", "", story)
    assert literals(text) == []
    assert "`" not in text and not re.search(r"\b[a-z]+_[a-z_]+\b", text)  # no code, no parameter names
    ids = {r for rs in (get_ruleset(x) for x in available_rulesets()) for r in rs.rules if "." in r}
    assert [i for i in ids if i in text] == []
    assert "None" not in text and "True" not in text


def test_an_era_compared_with_itself_has_no_change(rulesets) -> None:
    assert change_sentences(rulesets[0], rulesets[0]) == []
    assert change_story(rulesets[:1]) == []


def test_the_chapter_leads_with_the_story_and_folds_each_topic_s_rules(rulesets) -> None:
    page = comparison_page(rulesets)
    assert page.index("{#story}") < page.index("{#features}") < page.index("{#counts}")
    topics = re.findall(r"\{#rules-([a-z]+)\}", page)
    assert topics
    for topic in topics:
        after = page.split(f"{{#rules-{topic}}}")[1].split("\n## ")[0]
        assert after.lstrip().startswith('<details class="sk-fold" markdown="1">')
        shown = int(re.search(r"<summary>The (\d+) rules of this topic", after).group(1))
        rows = [x for x in after.split("</details>")[0].splitlines() if x.startswith("| ")][1:]
        assert shown == len(rows) > 0, topic


def test_the_chapter_s_prose_reads_as_words(rulesets) -> None:
    """What the chapter says to a reader of the game's history, everything but the folded rule tables (the apparatus,
    with the ids): no code, no parameter names or raw values, no rule ids, none of the programmer's words ("ruleset",
    "rule id", "parameter", "record", a command to run). Issue 29's reader met `centre_max_consecutive`: 4, "skruuvi
    compare A B" and "whether a record of one era is even legal in another"."""
    page = comparison_page(rulesets, load_yaml(spec_dir() / "comparison.yaml"))
    text = re.sub(r"<details.*?</details>", "", page, flags=re.S)
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = re.sub(r"\{#[^}]*\}", "", text)  # heading anchors
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML (the marks' spans with their titles)
    assert literals(text) == []
    assert "`" not in text and not re.search(r"\b[a-z]+_[a-z_]+\b", text)
    ids = {r for rs in rulesets for r in rs.rules if "." in r}
    assert [i for i in ids if i in text] == []
    lower = text.lower()
    assert [w for w in ("ruleset", "rule id", "parameter", "record", "skruuvi compare", "skruuvi replay")
            if w in lower] == []
    assert "None" not in text and "True" not in text
