"""The player pages of the built book, read as a reader reads them: each exists in English and in Finnish, the two
editions of a chapter and of a reference card say the same numbers, each chapter steps through its example deals in
its own language, and no player page shows a rule id, a case id or the implementers' apparatus (those stay on the
rule and case pages). The worked-example pages are read by players too: outside the one fold under each example that
is marked for implementers, they are held to the same standard."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from test_book_reader import read

from skruuvi.book import md
from skruuvi.book.example_case import FOLD_KIND, FOLD_TITLE
from skruuvi.book.learn import EXAMPLES, LANGUAGES, learn_path
from skruuvi.book.refcard import refcard_path
from skruuvi.book.site import load_cases, player_pages
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

INTERNALS = [
    (re.compile(r"\brecords?\b", re.I), "the word record"),
    (re.compile(r"\b(?:spec|conformance|reference_impl)/|\.ya?ml\b|\.json\b"), "a file path"),
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


def _without_titles(text: str, rid: str) -> str:
    """An English reference card less its tables' and scoring rules' titles, which are the ruleset's own English
    titles and may name a figure ("35 from each opponent"); the Finnish card names them by the words they stand for."""
    raw = get_ruleset(rid).raw.get("scoring") or {}
    titles = [str(t.get("title")) for t in raw.get("tables") or []]
    titles += [str(e.get("title")) for es in (raw.get("schemes") or {}).values() for e in es or [] if e.get("title")]
    for title in sorted(titles, key=len, reverse=True):
        text = text.replace(title, "")
    return text


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_two_editions_of_a_reference_card_say_the_same_numbers(built_book, rid):
    texts = {lang: "".join(read(served(built_book.site, refcard_path(rid, lang))).text) for lang in LANGUAGES}
    en, fi = _numbers(_without_titles(texts["en"], rid)), _numbers(texts["fi"])
    assert sum(en.values()) > 40  # the hands, the levels, every table's figures
    assert en == fi, {"only in English": dict(en - fi), "only in Finnish": dict(fi - en)}


@pytest.mark.parametrize("rid", available_rulesets())
def test_each_edition_of_a_chapter_steps_through_its_example_deals_in_its_language(built_book, rid):
    for lang in LANGUAGES:
        page = served(built_book.site, learn_path(rid, lang)).read_text(encoding="utf-8")
        traces = re.findall(r'<div class="sk-viewer" data-trace="([^"]+)"', page)
        assert len(traces) == len(EXAMPLES[rid]) >= 2, (rid, lang)
        for path in traces:  # each written beside the pages, in the edition's folder, in its language
            assert path.startswith(md.localized("viewer/", lang)), path
            trace = json.loads((built_book.site / path).read_text(encoding="utf-8"))
            assert trace["language"] == lang and trace["steps"], path
        anchors = [a for a in re.findall(r'id="(example-[\w-]+)"', page)]
        assert anchors == [ex.anchor for ex in EXAMPLES[rid]], (rid, lang)


def test_the_numbers_check_catches_a_difference():
    assert _numbers("5♦ doubled: 10 points, trick 3") != _numbers("5♦ kahdennettuna: 15 pistettä, 3. tikki")


@pytest.mark.parametrize("path", _player_pages())
def test_a_player_page_shows_no_rule_id_case_id_or_internals(built_book, ids, path):
    text = "".join(read(served(built_book.site, path)).text)
    found = [f"{what}: …{text[max(0, m.start() - 30):m.end() + 30]}…" for pattern, what in INTERNALS
             for m in pattern.finditer(text)]
    found += [f"the id {i}" for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text, re.I)]
    assert found == [], path


def _examples_pages() -> list[str]:
    return [md.examples_path(r) for r in available_rulesets()]


def without_implementers_folds(html: str) -> str:
    """The page less the folds marked for implementers (Material renders a fold as ``<details class="kind">``)."""
    return re.sub(rf'<details class="{FOLD_KIND}">.*?</details>', "", html, flags=re.S)


@pytest.mark.parametrize("path", _examples_pages())
def test_a_worked_example_page_reads_clean_outside_its_implementers_folds(built_book, ids, path):
    """A player reads the worked examples too: what shows outside the folds marked for implementers carries no rule
    id, case id, file path, case notation or internals; each example has its fold, with the case id in it."""
    from test_book_reader import Reader

    html = served(built_book.site, path).read_text(encoding="utf-8")
    assert "disagrees" not in html  # every example's replay gives its case's expected answer
    examples = len(re.findall(r'<h2 id="[^"]+">Example \d+: ', html))
    assert examples >= 6 and html.count(f'<details class="{FOLD_KIND}">') == examples
    assert html.count(FOLD_TITLE) == examples
    reader = Reader()
    reader.feed(without_implementers_folds(html))
    text = "".join(reader.text)
    found = [f"{what}: …{text[max(0, m.start() - 30):m.end() + 30]}…" for pattern, what in INTERNALS
             for m in pattern.finditer(text)]
    found += [f"the id {i}" for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text, re.I)]
    assert found == [], path
    folded = "".join(read(served(built_book.site, path)).text)
    assert any(re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", folded) for i in ids)  # the ids are in the folds


def test_the_fold_check_removes_the_implementers_folds_only():
    html = (f'<p>a</p><details class="{FOLD_KIND}"><summary>{FOLD_TITLE}</summary><p>Case x.y</p></details>'
            '<details class="example"><summary>The whole deal</summary><p>b</p></details>')
    assert without_implementers_folds(html) == ('<p>a</p><details class="example"><summary>The whole deal</summary>'
                                                '<p>b</p></details>')


def test_the_internals_check_catches_what_it_is_for(ids):
    assert "2016.passimisaari.basic-dealer-N" in ids and "auction2.final-min-level" in ids
    text = ("No interpreter checks it: a record names its dealer (auction2.final-min-level); N bid 5H; see "
            "conformance/cases/x.yaml.")
    assert len([1 for pattern, _ in INTERNALS if pattern.search(text)]) == 4
    assert any(re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", "Match.game-bonus", re.I) for i in ids)
    assert any(re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text) for i in ids)
