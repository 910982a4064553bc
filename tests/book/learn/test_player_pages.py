"""The player pages of the built book, read as a reader reads them: each exists in English and in Finnish, the two
editions of a chapter say the same numbers, and no player page shows a rule id, a case id or the implementers'
apparatus (those stay on the rule and case pages)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from test_book_reader import read

from skruuvi.book import md
from skruuvi.book.learn import LANGUAGES, learn_path
from skruuvi.book.site import load_cases, player_pages
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

INTERNALS = [
    (re.compile(r"\brecords?\b", re.I), "the word record"),
    (re.compile(r"\binterpreters?\b", re.I), "the word interpreter"),
    (re.compile(r"\bengine\b", re.I), "the word engine"),
    (re.compile(r"For implementers"), "an implementers' fold"),
    (re.compile(r"\bseed\b", re.I), "the bots' seed"),
    (re.compile(r"\b[NESW] (?:bid|pass|give|play|double|redouble|choose)\b"), "an action as a case writes it"),
]


def served(site: Path, path: str) -> Path:
    """The built file of a page: ``learn/x.md`` -> ``learn/x/index.html``, ``fi/index.md`` -> ``fi/index.html``."""
    stem = path.removesuffix(".md").removesuffix("index").rstrip("/")
    return site / stem / "index.html" if stem else site / "index.html"


@pytest.fixture(scope="module")
def ids() -> list[str]:
    """Every rule id of every era and every case id of the suite."""
    rules = {rid for r in available_rulesets() for rid in get_ruleset(r).rules}
    cases = {str(c["id"]) for c in load_cases(repo_root())[0]}
    return sorted(rules | cases, key=len, reverse=True)


def _player_pages() -> list[str]:
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    return [path for lang in LANGUAGES for path in player_pages(rulesets, lang)]


def test_every_player_page_exists_in_both_languages(built_book):
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    en = player_pages(rulesets, "en")
    fi = player_pages(rulesets, "fi")
    assert fi == [md.localized(p, "fi") for p in en]
    for path in en + fi:
        page = served(built_book.site, path)
        assert page.is_file(), path
        lang = "fi" if path.startswith("fi/") else "en"
        assert f'<html lang="{lang}"' in page.read_text(encoding="utf-8"), path


def _numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"\d+", text))


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_two_editions_of_a_chapter_say_the_same_numbers(built_book, rid):
    texts = {lang: "".join(read(served(built_book.site, learn_path(rid, lang))).text) for lang in LANGUAGES}
    en, fi = _numbers(texts["en"]), _numbers(texts["fi"])
    assert sum(en.values()) > 300  # the rules' numbers and every deal's cards, tricks and points
    assert en == fi, {"only in English": dict(en - fi), "only in Finnish": dict(fi - en)}


def test_the_numbers_check_catches_a_difference():
    assert _numbers("5♦ doubled: 10 points, trick 3") != _numbers("5♦ kahdennettuna: 15 pistettä, 3. tikki")


@pytest.mark.parametrize("path", _player_pages())
def test_a_player_page_shows_no_rule_id_case_id_or_internals(built_book, ids, path):
    text = "".join(read(served(built_book.site, path)).text)
    found = [f"{what}: …{text[max(0, m.start() - 30):m.end() + 30]}…" for pattern, what in INTERNALS
             for m in pattern.finditer(text)]
    found += [f"the id {i}" for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text)]
    assert found == [], path


def test_the_internals_check_catches_what_it_is_for(ids):
    assert "2016.passimisaari.basic-dealer-N" in ids and "auction2.final-min-level" in ids
    text = "No interpreter checks it: a record names its dealer (auction2.final-min-level); N bid 5H."
    assert len([1 for pattern, _ in INTERNALS if pattern.search(text)]) == 3
    assert any(re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text) for i in ids)
