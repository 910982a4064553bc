"""The rule book: renderers (skruuvi.book) and the mkdocs build with an internal link checker."""

from __future__ import annotations

import functools
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from skruuvi.book import (
    case_format_page,
    comparison_page,
    cross_era_page,
    era_page,
    errors_page,
    examples_page,
    glossary_page,
    index_page,
    rule_cases_index,
    sources_page,
)
from skruuvi.book.curated import curated_deals, generate_record
from skruuvi.book.formula import render
from skruuvi.interpreter import engine
from skruuvi.rules.notation import DECK, SEATS
from skruuvi.rules.paths import repo_root, spec_dir
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml

ROOT = repo_root()


@pytest.fixture(scope="module")
def rs():
    return get_ruleset("skruuvi-2016")


def recorded_deal(ruleset, script, seed=7, case_id="book.fixture"):
    """A complete legal record: the scripted actions first, then passes where allowed, else the first legal action."""
    cards = [r + s for s in "SCDH" for r in "23456789TJQKA"]
    random.Random(seed).shuffle(cards)
    deal = {"form": "alkupeli", "dealer": "N", "hands": {s: cards[i * 12:(i + 1) * 12] for i, s in enumerate(SEATS)},
            "centre": cards[48:]}
    state, actions, script = engine.start(ruleset, deal), [], list(script)
    while not state.finished:
        legal = [str(a) for a in engine.legal_actions(state)]
        passing = f"{SEATS[state.to_act]} pass"
        action = script.pop(0) if script else passing if passing in legal else legal[0]
        actions.append(action)
        state = engine.apply(state, action)
    return {"id": case_id, "ruleset": ruleset.id, "description": "a fixture deal", "rules": ["score.undertricks"],
            "justification": {"kind": "hand-derived", "note": "fixture"}, "example": True,
            "deal": deal, "actions": actions}


# --- era page -----------------------------------------------------------------------------------

def test_every_rule_has_its_anchor_badge_and_sources(rs):
    page = era_page(rs, sources={"S001": {}, "S002": {}})
    for rule in rs.rules.values():
        assert page.count(f"{{#{rule.id}}}") == 1, rule.id
    block = page.split("{#play.follow-suit}")[1].split("\n### ")[0]
    assert 'class="sk-badge sk-badge-stated"' in block
    assert "[S001](../reference/sources.md#S001)" in block
    assert "`KPO`" not in block  # only the sources the rule cites


@pytest.mark.parametrize("ruleset_id", ["skruuvi-1895", "skruuvi-1944", "skruuvi-2016"])
def test_the_era_page_says_what_each_source_is(ruleset_id):
    """Issue 33: the ruleset's provenance (what S001, S002, HB, KPO, CAC... each are) is on its rules page."""
    ruleset = get_ruleset(ruleset_id)
    provenance = " ".join(str(ruleset.raw["provenance"]).split())
    assert f"**Where these rules come from.** {provenance}" in era_page(ruleset, sources={})


def test_unknown_source_keys_are_not_linked(rs):
    page = era_page(rs, sources=None)
    assert "../reference/sources.md#" not in page
    assert "`S001`" in page


def test_conflict_shows_the_default_and_every_alternative(rs):
    page = era_page(rs)
    block = page.split("{#auction2.end-four-passes}")[1].split("\n### ")[0]
    assert "sk-badge-conflict" in block
    assert "**The default (this book's reading):** 4." in block
    assert "**Alternative 1:** 2." in block
    assert "Two consecutive passes (one by each main player)" in block


def test_phases_follow_the_forms_order(rs):
    page = era_page(rs)
    order = [pid for form in rs.raw["forms"].values() for pid in form["phases"]]
    positions = [page.index(f"{{#phase-{pid}}}") for pid in dict.fromkeys(order)]
    assert positions == sorted(positions)
    assert page.index("{#deal}") < positions[0] < page.index("{#scoring}")


def test_tables_render_all_their_numbers(rs):
    page = era_page(rs)
    block = page.split("{#score.made-value}")[1].split("\n#### ")[0]
    assert "| kind / level | 5 | 6 | 7 |" in block
    assert "| trump | 25 | 35 | 50 |" in block
    assert "| misère | 10 | 20 | 35 |" in block
    assert "| level | 5 | 6 | 7 |" in page.split("{#score.overtrick-value}")[1].split("\n#### ")[0]


def test_formulas_are_readable_math():
    text = render("-(first_undertrick[kind][level] + (undertricks - 1) * further_undertrick)")
    assert text == "−(first undertrick(kind, level) + (undertricks − 1) × further undertrick)"
    assert render("made and overtricks > 0") == "made and overtricks &gt; 0"
    assert render("a - (b - c)") == "a − (b − c)"
    assert render("(a - b) - c") == "a − b − c"
    assert render("x if kind == 'misere' else -y") == "x if kind = “misere”, otherwise −y"
    assert render("abs(a // 2)") == "|⌊a ÷ 2⌋|"


def test_era_page_formulas_have_no_python_syntax(rs):
    page = era_page(rs)
    points = re.findall(r"\*\*(?:Points|When):\*\* (.*)", page)
    assert len(points) >= len(rs.raw["scoring"]["schemes"]["contract"])
    for line in points:
        assert not re.search(r"\]\[|\*|_[a-z]|==|//", re.sub(r"\]\([^)]*\)", "]", line)), line
    assert "[first undertrick](#score.first-undertrick)([kind](#fact-kind), [level](#fact-level))" in page


def test_generic_over_rulesets_the_match_section_is_rendered() -> None:
    other = get_ruleset("skruuvi-1944")
    page = era_page(other)
    assert "{#match.game-threshold}" in page and "{#section-match}" in page and "ulosmeno" in page
    assert "{#kotka.min-level}" in page and "{#pakkomisaari.lead}" in page


def test_rule_cases_index_and_case_links(rs):
    cases = [{"id": "b", "ruleset": rs.id, "rules": ["play.lead", "score.made"]},
             {"id": "a", "ruleset": rs.id, "rules": ["play.lead"]}]
    assert rule_cases_index(cases) == {"play.lead": ["a", "b"], "score.made": ["b"]}
    page = era_page(rs, cases=cases)
    block = page.split("{#play.lead}")[1].split("\n### ")[0]
    assert "[`a`](../cases/skruuvi-2016.md#a)" in block and "[`b`](../cases/skruuvi-2016.md#b)" in block
    assert "No conformance case" in page.split("{#play.trumps}")[1].split("\n### ")[0]


# --- worked examples --------------------------------------------------------------------------------

def test_worked_example_shows_hands_auction_tricks_and_score(rs):
    case = recorded_deal(rs, ["N bid 1H", "E pass", "S bid 5H"])
    page = examples_page(rs, [case, {**case, "id": "not-an-example", "example": False}])
    assert "{#book.fixture}" in page and "not-an-example" not in page
    assert 'class="sk-deal"' in page and '<span class="sk-red">♥</span>' in page
    assert "| North | East | South | West |" in page  # the first auction as a table
    assert "5<span class=\"sk-red\">♥</span>" in page
    tricks = re.findall(r"^\| (\d+) \| (.*) \| ([NESW]) \| (\d+)–(\d+) \|$", page, re.M)
    assert [int(t[0]) for t in tricks] == list(range(1, 14))
    assert int(tricks[-1][3]) + int(tricks[-1][4]) == 13
    for _, cells, winner, _, _ in tricks:  # one framed card per trick, in the winner's column; the lead in bold
        cards = cells.split(" | ")
        assert len(cards) == 4 and sum("sk-win" in c for c in cards) == 1
        assert "sk-win" in cards["NESW".index(winner)] and sum(c.startswith("**") for c in cards) == 1
    assert "### Example 1 · Score sheet" in page and "| **Total** |" in page
    # the heading is a player's (the form, the contract, how it went); the case's description is in the implementers'
    # fold, with the case id and why its expected result is right
    assert re.search(r"^## Example 1: 5♥ by South in an \*alkupeli\*, (made|\d+ tricks? short).* \{#book\.fixture\}$",
                     page, re.M), page.split("\n## ")[1][:120]
    fold = page.split('??? abstract "For implementers: the case behind this example"')[1]
    assert "Case `book.fixture`" in fold and "**The case's description:** a fixture deal" in fold
    assert "Why the expected result is right" in fold
    assert "a fixture deal" not in page.split("??? abstract")[0]
    assert "### Example 1 · The deal: " in page and "### Example 1 · First auction" in page


def test_worked_example_of_an_all_pass_deal(rs):
    case = recorded_deal(rs, [], seed=3)
    page = examples_page(rs, [case])
    assert "turns into all-pass misère" in page
    assert "| **Total** |" in page


def test_worked_example_of_an_illegal_action(rs):
    case = recorded_deal(rs, ["N bid 1H", "E pass", "S bid 5H"])
    case["actions"] = [*case["actions"][:3], "W play AS"]
    case["expect"] = {"error": {"index": 3, "code": "wrong-phase"}}
    page = examples_page(rs, [case], error_codes={"wrong-phase"})
    assert "Action 3 (`W play AS`) is rejected: [`wrong-phase`](../reference/errors.md#wrong-phase)" in page
    assert "disagrees" not in page


def test_examples_page_without_examples(rs):
    assert "No worked examples yet" in examples_page(rs, [])


# --- reference pages ---------------------------------------------------------------------------------

def test_errors_page_lists_every_code_with_its_anchor(rs):
    errors = {"errors": [{"code": "must-follow-suit", "title": "Follow", "meaning": "m", "index": "the action",
                          "precedence": 5, "rules": ["play.follow-suit"]}]}
    page = errors_page(errors, [rs])
    assert "{#must-follow-suit}" in page
    assert "[2016](../rules/skruuvi-2016.md#play.follow-suit)" in page
    assert "not there yet" in errors_page(None)


def test_sources_page_shows_unreliable_sources_with_their_contradictions(rs):
    sources = {"S001": {"title": "Guide", "reliability": "primary", "caveats": ["loose wording"]},
               "S003": {"title": "Cómo jugar", "reliability": "unreliable",
                        "caveats": ["Calls the widow the kotka", "Three passes end the auction"]}}
    page = sources_page(sources, [rs])
    assert "{#S003}" in page and "{#S001}" in page
    unreliable = page.split("## Unreliable sources")[1]
    assert "Calls the widow the kotka" in unreliable and "Three passes end the auction" in unreliable
    assert '!!! danger "Contradicts the Finnish sources, point by point"' in unreliable
    assert "[`play.follow-suit`](../rules/skruuvi-2016.md#play.follow-suit)" in page.split("{#S001}")[1]
    assert "not there yet" in sources_page(None)


def test_glossary_page_and_links_from_rules(rs):
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    page = glossary_page(glossary)
    assert '<a id="passimisaari"></a>*passimisääri*' in page
    assert "all four players pass" in page.split('id="passimisaari"')[1].split("\n")[0]
    era = era_page(rs, glossary=glossary)
    assert "[*kahdennus*](../reference/glossary.md#kahdennus)" in era


def test_case_format_and_index_pages(rs):
    page = case_format_page()
    assert "{#scp1}" in page and '"cmd": "start"' in page and "`give`" in page
    assert "not there yet" in case_format_page(None, None)
    index = index_page([rs])
    assert "(rules/skruuvi-2016.md)" in index and "(refcard/skruuvi-2016.md)" in index
    for target in ("learn/skruuvi-2016.md", "comparison/rules.md", "reference/case-format.md"):  # where each starts
        assert f"({target})" in index


# --- the comparison chapter -------------------------------------------------------------------------

def test_comparison_page_table_highlights_and_narrative(rs):
    other = get_ruleset("skruuvi-1944")
    notes = {"topics": {"doubling": "Prose about doubling."}}
    page = comparison_page([rs, other], notes, sources={"S001": {}, "S000": {}})
    assert page.index("{#topic-deal}") < page.index("{#topic-auction}") < page.index("{#topic-scoring}")
    assert "| Rule | 1944 (`skruuvi-1944`) | 2016 (`skruuvi-2016`) |" in page  # eras in order
    doubling = page.split("{#topic-doubling}")[1].split("\n## ")[0]
    assert "Prose about doubling." in doubling
    assert ("Multipliers: **1944** [×2 doubled, ×4 redoubled](../rules/skruuvi-1944.md#score.multipliers) "
            "on the deal winner's points only") in doubling
    assert ("**2016** [×2 doubled, ×3 redoubled](../rules/skruuvi-2016.md#score.multipliers) "
            "on every side's points") in doubling
    row = next(line for line in doubling.splitlines() if line.startswith("| ") and "`score.multipliers`" in line)
    assert "sk-diff-mark" in row and '<span class="sk-diff">`multipliers`: ×2 doubled, ×4 redoubled</span>' in row
    assert "[§](../rules/skruuvi-2016.md#score.multipliers)" in row
    auction = page.split("{#topic-auction}")[1].split("\n## ")[0]
    assert ("[**1944**](../rules/skruuvi-1944.md#auction2.final-min-level) 4; "
            "[**2016**](../rules/skruuvi-2016.md#auction2.final-min-level) 5") in auction  # values in words, no names
    same = next(line for line in page.splitlines() if "`kitty.partner-order`" in line and line.startswith("| "))
    assert "sk-diff" not in same.replace("sk-diff-mark", "")
    assert "Only one era" in comparison_page([rs])


def test_cross_era_page_renders_curated_deals_with_rule_links(rs):
    other = get_ruleset("skruuvi-1944")
    made = recorded_deal(rs, ["N bid 1H", "E pass", "S bid 5H"], case_id="x.made")
    kotka = generate_record(other, "kotka", 25, "x.kotka")
    assert kotka == generate_record(other, "kotka", 25, "x.kotka")  # deterministic
    config = {"cross_era": [{"case": "x.made", "why": "Because."}, {"case": "missing"},
                            {"case": "missing", "id": "x.kotka", "generate": {"ruleset": other.id, "form": "kotka",
                                                                              "seed": 25}}]}
    curated, problems = curated_deals(config, [made], [rs, other])
    assert [c.record["id"] for c in curated] == ["x.made", "x.kotka"] and curated[1].generated
    assert problems == ["cross_era[1]: no conformance case 'missing'"]
    page = cross_era_page([rs, other], curated, problems)
    assert "{#x-made}" in page and "Because." in page and "{#x-kotka}" in page
    assert "not playable: the form" not in page  # both eras have kotka deals
    assert "Curated deals that could not be used" in page
    assert "[`score.below-tricks`](../rules/skruuvi-1944.md#score.below-tricks)" in page


def test_the_configured_curated_deals_cover_six_kinds(suite_cases):
    notes = load_yaml(spec_dir() / "comparison.yaml")
    cases, unread = suite_cases  # every record of every case file (load_cases, read once per session)
    assert unread == []
    rulesets = [get_ruleset("skruuvi-2016"), get_ruleset("skruuvi-1944")]
    curated, problems = curated_deals(notes, cases, rulesets)
    assert problems == [] and len(curated) >= 6
    forms = {c.record["deal"]["form"] for c in curated}
    bids = {a.split()[-1] for c in curated for a in c.record["actions"] if " bid " in a}
    assert "kotka" in forms and any(b.endswith("M") for b in bids) and any(b.startswith("7") for b in bids)
    doubled = [c for c in curated if any(a.endswith(" double") for a in c.record["actions"])]
    assert doubled


# --- the built site ---------------------------------------------------------------------------------

class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])


def check_links(site: Path) -> list[str]:
    """Every local href must name an existing file, and every #fragment an id of the target page."""
    pages = {}
    for html in site.rglob("*.html"):
        parser = _Links()
        parser.feed(html.read_text(encoding="utf-8"))
        pages[html.resolve()] = parser
    root = site.resolve()

    @functools.cache  # pages link to the same few targets thousands of times: resolve each (folder, path) once
    def resolved(base: Path, path: str) -> tuple[Path, bool]:
        target = (base / path.lstrip("/")).resolve()
        if target.is_dir():
            target = target / "index.html"
        return target, target.exists()

    broken = []
    for page, parser in pages.items():
        for href in parser.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            path = unquote(parts.path)
            base = root if path.startswith("/") else page.parent  # 404.html links from the site root
            target, exists = resolved(base, path) if path else (page, page.exists())
            if not exists:
                broken.append(f"{page.relative_to(root)}: {href} (no such file)")
            elif parts.fragment and target in pages and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{page.relative_to(root)}: {href} (no such anchor)")
    return broken


def test_mkdocs_build_strict_and_every_internal_link_resolves(built_book, built_book_links):
    site = built_book.site
    assert "WARNING" not in built_book.stderr, built_book.stderr
    for page in ["index.html", "rules/skruuvi-2016/index.html", "examples/skruuvi-2016/index.html",
                 "comparison/rules/index.html", "comparison/cross-era/index.html",
                 "reference/errors/index.html", "reference/sources/index.html", "reference/glossary/index.html",
                 "reference/case-format/index.html"]:
        assert (site / page).is_file(), page
    assert not (site / "hooks").exists()
    rules = _Links()
    rules.feed((site / "rules/skruuvi-2016/index.html").read_text(encoding="utf-8"))
    assert {r for r in get_ruleset("skruuvi-2016").rules} <= rules.ids
    assert built_book_links == []  # check_links(site), made once per run (conftest.py)
    print(f"mkdocs build: {built_book.seconds:.1f}s")


def test_the_sitemaps_list_no_address_the_book_does_not_know(built_book):
    """mkdocs.yml names no site_url (where the book is published is the publisher's to say), and a sitemap lists
    absolute addresses: the sitemap is then a valid one that lists no page, where the theme's would list
    ``None/rules/...``. (The i18n plugin writes one sitemap, at the root, for both editions.)"""
    import gzip
    from xml.etree import ElementTree

    text = (built_book.site / "sitemap.xml").read_text(encoding="utf-8")
    assert "None" not in text and "site_url" in text
    assert ElementTree.fromstring(text).tag.endswith("urlset") and len(ElementTree.fromstring(text)) == 0
    assert gzip.decompress((built_book.site / "sitemap.xml.gz").read_bytes()).decode() == text
    assert not (built_book.site / "fi" / "sitemap.xml").exists()


def test_link_checker_finds_missing_pages_and_anchors(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="x.y">X</h2><a href="#x.y">ok</a><a href="../b/#z">bad</a>'
                                               '<a href="../c/">gone</a><a href="https://example.org/#q">out</a>')
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "index.html").write_text('<a id="w"></a><a href="../a/#x.y">ok</a>')
    assert sorted(check_links(tmp_path)) == ["a/index.html: ../b/#z (no such anchor)",
                                             "a/index.html: ../c/ (no such file)"]


def test_the_1895_book_shows_the_taker_s_choice_and_both_scales():
    """The taker's choose action reads as a sentence in a worked example, and every point table of 1895 is
    shown at the surviving table's scale and at the manual's (×10); the grand-slam factor only once."""
    rs1895 = get_ruleset("skruuvi-1895")
    case = {"id": "book.choice", "ruleset": rs1895.id, "description": "d", "rules": [], "example": True,
            "deal": {"form": "alkupeli", "dealer": "N",
                     "hands": {s: [str(c) for c in DECK[13 * i:13 * i + 12]] for i, s in enumerate(SEATS)},
                     "centre": [str(DECK[13 * i + 12]) for i in range(4)]}}
    case["actions"] = ["N bid 1S", *["E pass", "S pass", "W pass", "N pass"] * 2, "N choose pakettiskruuvi"]
    case["expect"] = {"error": {"index": 10, "code": "incomplete-record"}}
    assert "| chooses *pakettiskruuvi* |" in examples_page(rs1895, [case], error_codes={"incomplete-record"})
    case["actions"] += ["N give S AS AC AD AH"]
    case["expect"] = {"error": {"index": 11, "code": "incomplete-record"}}
    page = examples_page(rs1895, [case], error_codes={"incomplete-record"})
    assert "- North: chooses *pakettiskruuvi*\n- North gives South" in page
    page = era_page(rs1895)
    aces = page.split("{#score.ace-unit}")[1].split("\n#### ")[0]
    assert "| points | 10 | 25 |" in aces and "| read at scale 10 | 100 | 250 |" in aces
    assert "*Read at scale 10*: the figures × 10" in aces  # the row says what it is
    coronet = page.split("{#score.coronet-aces}")[1].split("\n#### ")[0]
    assert "| 3 | 3 | 4 |" not in coronet and "|  | 3 | 4 |" in coronet  # a literal key (ace_coronet[3]) is no axis
    assert "Value: **100** · at scale 10: **1000**" in page.split("{#score.undertrick-unit}")[1]
    assert "a factor: the same at every scale" in page.split("{#score.grand-slam-doubled}")[1].split("\n#### ")[0]
