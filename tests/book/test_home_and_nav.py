"""Who each page is for, as the navigation and the home pages say it: a player's way through the book (home, learn to
play, the reference cards, the glossary) never leads into the implementers' pages (the scoring cards with their
formulas, the rule pages, the cases); those sit under "For implementers", and both home pages say where each
reader starts, in plain words."""

from __future__ import annotations

import json
import re

from skruuvi.book import md
from skruuvi.book.card import card_path
from skruuvi.book.home import finnish_index_page, index_page
from skruuvi.book.site import FOR_HISTORIANS, FOR_IMPLEMENTERS, FOR_PLAYERS, build_pages, nav
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

RULESETS = [get_ruleset(r) for r in available_rulesets()]
IMPLEMENTERS_ONLY = re.compile(r"\b(?:card|rules|cases|examples)/skruuvi-\d{4}\.md|reference/(?:errors|case-format)")


def _paths(item: object) -> list[str]:
    """Every page path below a navigation item."""
    if isinstance(item, str):
        return [item]
    if isinstance(item, dict):
        return [p for v in item.values() for p in _paths(v)]
    if isinstance(item, list):
        return [p for v in item for p in _paths(v)]
    return []


def _sections(language: str = md.DEFAULT_LANGUAGE) -> dict[str, list[str]]:
    return {name: _paths(value) for item in nav(RULESETS, language) for name, value in item.items()}


def test_the_players_sections_of_the_navigation_lead_to_no_implementers_page():
    sections = _sections()
    assert list(sections)[:3] == list(FOR_PLAYERS)
    for name in FOR_PLAYERS:
        wrong = [p for p in sections[name] if IMPLEMENTERS_ONLY.search(p)]
        assert wrong == [], (name, wrong)
    assert md.GLOSSARY in sections["For players"]


def test_the_scoring_cards_rules_and_cases_are_under_for_implementers_only():
    sections = _sections()
    assert list(sections)[-1] == FOR_IMPLEMENTERS and FOR_HISTORIANS in sections
    for rs in RULESETS:
        for path in (card_path(rs.id), md.rules_page(rs.id), md.cases_path(rs.id)):
            holders = [name for name, paths in sections.items() if path in paths]
            assert holders == [FOR_IMPLEMENTERS], (path, holders)
    assert md.COMPARISON in sections[FOR_HISTORIANS] and md.SOURCES in sections[FOR_HISTORIANS]


def test_the_finnish_navigation_is_the_players_pages_only():
    paths = [p for ps in _sections("fi").values() for p in ps]
    assert paths and all(p.startswith("fi/") for p in paths) and not any(IMPLEMENTERS_ONLY.search(p) for p in paths)


def test_no_player_page_links_an_implementers_page_and_the_scoring_card_says_it_is_for_implementers():
    """The chapters, the reference cards and the glossaries (both editions) link no scoring card, rule page or case
    page in their text... except the chapters' small source marks, which lead to the rule a paragraph rests on; the
    scoring card opens by saying whom it is for and where a player goes instead."""
    english, finnish = build_pages(repo_root()), build_pages(repo_root(), "fi")
    for pages in (english, finnish):
        for path, text in pages.items():
            homes = (md.INDEX, md.localized(md.INDEX, "fi"))  # they name the implementers' pages, for implementers
            if not path.endswith(".md") or path in homes or not (path.startswith(("learn/", "refcard/", "fi/"))
                                                                 or path == md.GLOSSARY):
                continue
            body = re.sub(r'<a class="sk-src"[^>]*>§</a>', "", text)  # a paragraph's link to its rules
            cards = re.findall(r"[(\"/]card/skruuvi-\d{4}", body)
            assert cards == [], (path, cards)
    for rs in RULESETS:
        card = english[card_path(rs.id)]
        assert '!!! info "For implementers"' in card.split("## ")[0]
        assert f"(../refcard/{rs.id}.md)" in card.split("## ")[0]


def test_the_home_pages_say_where_each_reader_starts_in_plain_words():
    home, koti = index_page(RULESETS), finnish_index_page(RULESETS)
    for phrase in ("You want to play", "You study the game's history", "You implement Skruuvi"):
        assert phrase in home, phrase
    start = home.split("## Who this book is for")[1].split("\n## ")[0]
    play = next(line for line in start.splitlines() if "You want to play" in line)
    assert "learn/skruuvi-" in play and "refcard/skruuvi-" in play and "card/skruuvi-" not in play.replace(
        "refcard/", "")
    for puzzling in ("every reading is listed", "the default is marked", "executable specification",
                     "conformance suite", "every version is listed"):
        assert puzzling not in home and puzzling not in koti, puzzling
    assert "Suomeksi** ovat tämä etusivu, Opi pelaamaan -luvut, muistikortit ja sanasto" in koti
    assert "ovat englanniksi" in koti and "toteuttajille" in koti
    description = json.dumps((repo_root() / "mkdocs.yml").read_text(encoding="utf-8"))
    assert "executable specification" not in description and "suoritettava" not in description


def test_the_switch_to_the_other_edition_s_home_page_is_relative_to_the_page():
    """The header's language switch links from the page itself (on a page in English only, to the Finnish home page;
    on the home pages, to each other): the i18n plugin writes those links from the site's root (/fi/, /), which lead
    nowhere once the book is published in a folder of a site or opened from disk. The theme makes a link without the
    leading slash relative to the page (mkdocs' url filter, checked here as the theme calls it); a link with a host is
    left alone."""
    from types import SimpleNamespace

    from mkdocs.utils import normalize_url

    from skruuvi.book.site import name_switch

    page = SimpleNamespace(url="rules/skruuvi-2016/", alternates={"en": None})
    switch = [{"lang": "en", "link": "rules/skruuvi-2016/", "name": "English"},
              {"lang": "fi", "link": "/fi/", "name": "Suomi"}]
    name_switch(switch, page)
    assert switch[1]["name"] == "Suomi (etusivu)" and switch[0]["name"] == "English"
    assert [normalize_url(e["link"], page) for e in switch] == ["./", "../../fi/"]
    for url, hrefs in (("./", ["./", "fi/"]), ("fi/", ["../", "./"])):
        home = SimpleNamespace(url=url, alternates={"en": None, "fi": None})
        entries = [{"lang": "en", "link": "/", "name": "English"}, {"lang": "fi", "link": "/fi/", "name": "Suomi"}]
        name_switch(entries, home)
        assert [normalize_url(e["link"], home) for e in entries] == hrefs and entries[1]["name"] == "Suomi"
    hosted = [{"lang": "fi", "link": "https://example.org/book/fi/", "name": "Suomi"}]
    name_switch(hosted, SimpleNamespace(url="comparison/", alternates={"en": None}))
    assert hosted[0]["link"] == "https://example.org/book/fi/"
