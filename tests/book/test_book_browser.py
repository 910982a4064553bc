"""The rule book tested like a website: build it, serve it on 127.0.0.1, drive headless Chromium.

Needs Debian's ``chromium`` (``/usr/bin/chromium``) and Playwright for Python (``pip install playwright``;
never ``playwright install``: the system browser is used through ``executable_path``). Without them the
tests are skipped with a message, except under CI (``CI=true``), where a missing browser is a failure.
Screenshots of every page kind, at 1280 and 390 px wide, go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib.util
import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from skruuvi.book import md
from skruuvi.book.card import card_path
from skruuvi.book.learn import LANGUAGES, learn_path
from skruuvi.book.reconstruction import reconstruction_path
from skruuvi.book.refcard import refcard_path
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets

ROOT = repo_root()
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("SKRUUVI_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _missing() -> str | None:
    if importlib.util.find_spec("mkdocs") is None:
        return "mkdocs is not installed (pip install -e '.[docs]')"
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install playwright; the system chromium is used)"
    if not Path(CHROMIUM).is_file():
        return f"chromium is not installed ({CHROMIUM}; apt-get install chromium)"
    return None


def _require() -> None:
    why = _missing()
    if why is None:
        return
    if IN_CI:
        pytest.fail(f"CI: the browser tests cannot run: {why}. .ci/run installs chromium and playwright.")
    pytest.skip(why)


def page_path(md_path: str) -> str:
    """The served URL path of a generated page: ``rules/skruuvi-2016.md`` -> ``rules/skruuvi-2016/``."""
    stem = md_path.removesuffix(".md").removesuffix("index").rstrip("/")  # fi/index.md is served at fi/
    return stem + "/" if stem else ""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


# The session's site, its server and its Chromium (``site``, ``base_url``, ``browser``) are fixtures of
# tests/book/conftest.py, shared with the other browser test modules (one Playwright per worker).


@contextmanager
def open_tab(browser: Any, width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A tab of its own in the session's Chromium, ``width`` × ``height`` px, closed on leaving: the one way every
    browser test module opens a page (imported from here: a module named conftest may be another folder's). Its
    console errors and uncaught exceptions, from its opening on, are in ``tab.problems``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        tab = context.new_page()
        tab.set_default_timeout(30_000)
        problems: list[str] = []
        tab.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error"
               else None)
        tab.on("pageerror", lambda exc: problems.append(f"exception: {exc}"))
        tab.problems = problems
        yield tab
    finally:
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    with open_tab(browser) as pg:
        yield pg


def _listen(page: Any) -> list[str]:
    """The page's console errors and uncaught exceptions, collected from now on."""
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(f"exception: {exc}"))
    return problems


def _open(page: Any, url: str) -> list[str]:
    """Load ``url``; return its console errors and uncaught exceptions (the load itself must succeed)."""
    problems = _listen(page)
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: HTTP {response.status if response else '?'}"
    page.wait_for_load_state("networkidle")
    return problems


def era_pages() -> list[tuple[str, str]]:
    """``(name, md path)`` of every page of every era, and of the comparison chapter."""
    pages = []
    for rid in available_rulesets():
        pages += [(rid, md.rules_page(rid)), (f"{rid}-examples", md.examples_path(rid)),
                  (f"{rid}-cases", md.cases_path(rid))]
    return [*pages, ("comparison", md.COMPARISON), ("cross-era", md.CROSS_ERA)]


# --- what a page shows when it is loaded, seen once per run ---------------------------------------------------
# Every page is loaded once at each width (1280 and 390 px, 900 high), in a tab kept for that width, the two widths
# at once, after which it is measured: its console errors and uncaught exceptions until the network is idle, the
# layout (_LAYOUT), its headings, element ids and rule links, and a screenshot. The tests below each assert their own
# part of it. Seen once per run for all pytest-xdist workers, as the book is built once (conftest.py): the first
# worker to need a page looks at it under that page's file lock and stores what it saw beside the build (in a
# folder named by a hash of this file: a run of other checks never reads these).

WIDTHS = (1280, 390)
_EXTRA = """() => ({h1: document.querySelectorAll('article h1').length,
  ids: [...document.querySelectorAll('[id]')].map(e => e.id),
  ruleLinks: [...document.querySelectorAll("article a[href*='/rules/']")].map(e => e.href)})"""


@dataclass(frozen=True)
class Look:
    """One page at one width, as loaded and measured."""

    url: str
    status: int | None
    problems: list[str]
    layout: dict[str, Any]
    h1: int
    ids: frozenset[str]
    rule_links: list[str]  # the hrefs of the article's links into rules/, relative to the site
    shot: Path

    def assert_loaded(self) -> None:
        assert _ok(self.status), f"{self.url}: HTTP {self.status or '?'}"


def _ok(status: int | None) -> bool:
    """What Playwright's ``response.ok`` says of a status."""
    return status is not None and 200 <= status < 300


def _slug(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9.-]+", "_", path).strip("_") or "index"


class _Tab:
    """A tab kept open at one width for the looks: each load starts a new document, whose console errors and
    uncaught exceptions are collected from the start of its navigation on."""

    def __init__(self, browser: Any, width: int, index_url: str, index_stub: str) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.context.route("**/search_index.json", functools.partial(_stub_index, index_url, index_stub))
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.problems: list[str] = []
        self.page.on("console", lambda msg: self.problems.append(f"console {msg.type}: {msg.text}")
                     if msg.type == "error" else None)
        self.page.on("pageerror", lambda exc: self.problems.append(f"exception: {exc}"))

    def start(self, url: str) -> int | None:
        """Navigate to ``url`` and return its status once the new document is committed (its loading goes on)."""
        self.problems = []  # from here on (the last document, measured and idle, may add its unloading: stricter)
        response = self.page.goto(url, wait_until="commit")
        return response.status if response is not None else None

    def loaded(self) -> None:
        """Wait for the committed document's ``load`` event, then for the network to go idle."""
        self.page.wait_for_load_state("load")
        self.page.wait_for_load_state("networkidle")


def _stub_index(index_url: str, index_stub: str, route: Any) -> None:
    """The looks' answer to a request for the search index: at the site's one index URL, the real index's
    configuration with no documents; any other URL goes on to the server (a page asking a wrong path still gets its
    404, and its console error). Indexing the 2.3 MB of documents is the same work on every page and was about 40 %
    of the browser's CPU in the looks; the real index is loaded, indexed and searched by
    :func:`test_search_finds_misaari`, which fails on any console error of it."""
    if route.request.url == index_url:
        route.fulfill(status=200, content_type="application/json", body=index_stub)
    else:
        route.continue_()


@pytest.fixture(scope="session")
def tabs(browser: Any, base_url: str, site: Path) -> Iterator[dict[int, _Tab]]:
    real = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert real["docs"], "the built search index has no documents"
    stub = json.dumps({"config": real["config"], "docs": []})
    made = {width: _Tab(browser, width, base_url + "search/search_index.json", stub) for width in WIDTHS}
    try:
        yield made
    finally:
        for tab in made.values():
            tab.context.close()


def _measure(tabs: dict[int, _Tab], base_url: str, path: str, folder: Path) -> dict[str, Any]:
    """Load ``path`` at every width, the loads at once (each tab's renderer is its own process); what each showed
    once loaded and its network idle, as JSON, and its screenshot in ``folder``."""
    url = base_url + path
    statuses = {width: tabs[width].start(url) for width in WIDTHS}
    seen: dict[str, Any] = {}
    for width in WIDTHS:
        tab = tabs[width]
        tab.loaded()
        if not _ok(statuses[width]):  # nothing to measure: every test of the page fails on its status
            seen[str(width)] = {"status": statuses[width], "problems": list(tab.problems), "layout": {}, "h1": 0,
                                "ids": [], "rule_links": [], "shot": ""}
            continue
        layout = tab.page.evaluate(_LAYOUT)
        extra = tab.page.evaluate(_EXTRA)
        shot = folder / f"{_slug(path)}-{width}.png"
        tab.page.screenshot(path=str(shot))
        rule_links = [h.removeprefix(base_url) for h in extra["ruleLinks"]]
        seen[str(width)] = {"status": statuses[width], "problems": list(tab.problems), "layout": layout,
                            "h1": extra["h1"], "ids": extra["ids"], "rule_links": rule_links, "shot": shot.name}
    return seen


@pytest.fixture(scope="session")
def look(tabs: dict[int, _Tab], base_url: str, site: Path) -> Callable[[str, int], Look]:
    """``look(url path, width)``: the page as seen at that width (measured by the first worker that asks)."""
    measuring = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]  # what is measured, and how
    folder = site.parent / f"looks-{measuring}"
    folder.mkdir(exist_ok=True)
    mine: dict[str, dict[str, Any]] = {}

    def seen(path: str) -> dict[str, Any]:
        if path not in mine:
            done = folder / f"{_slug(path)}.json"
            with open(folder / f"{_slug(path)}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
                if not done.exists():
                    measured = _measure(tabs, base_url, path, folder)
                    done.write_text(json.dumps(measured), encoding="utf-8")
            mine[path] = json.loads(done.read_text(encoding="utf-8"))
        return mine[path]

    def one(path: str, width: int) -> Look:
        said = seen(path)[str(width)]
        return Look(path, said["status"], said["problems"], said["layout"], said["h1"], frozenset(said["ids"]),
                    said["rule_links"], folder / said["shot"])

    return one


def _keep_shot(look: Look, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{name}.png"
    shutil.copyfile(look.shot, shot)
    return shot


@pytest.mark.parametrize(("name", "path"), era_pages(), ids=[n for n, _ in era_pages()])
def test_era_page_loads_without_console_errors(look: Callable[[str, int], Look], name: str, path: str) -> None:
    seen = look(page_path(path), 1280)
    seen.assert_loaded()
    assert seen.problems == []
    assert seen.h1 >= 1
    shot = _keep_shot(seen, name)
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("ruleset", available_rulesets())
def test_every_rule_anchor_linked_from_the_cases_resolves(look: Callable[[str, int], Look], ruleset: str) -> None:
    cases = look(page_path(md.cases_path(ruleset)), 1280)
    cases.assert_loaded()
    targets: dict[str, set[str]] = {}
    for href in cases.rule_links:
        url, _, fragment = href.partition("#")
        if fragment:
            targets.setdefault(url, set()).add(fragment)
    assert targets, "the cases page links to no rule"
    missing = []
    for url, fragments in sorted(targets.items()):
        target = look(url, 1280)
        target.assert_loaded()
        missing += [f"{url}#{f}" for f in sorted(fragments) if unquote(f) not in target.ids]
    assert missing == []
    assert sum(len(f) for f in targets.values()) >= 10


def test_search_finds_misaari(page: Any, base_url: str) -> None:
    """The real search index (2.3 MB, every page's words), loaded, indexed and searched with no console error
    before or after the results show; the looks' tabs answer the index with its configuration only."""
    indexes: list[int] = []
    page.on("response", lambda r: indexes.append(r.status) if r.url.endswith("/search_index.json") else None)
    problems = _open(page, base_url)
    assert problems == []
    box = page.locator("input.md-search__input")  # the header's search box (visible at desktop width)
    box.click()
    box.press_sequentially("misääri", delay=20)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=30_000)
    assert results.count() >= 1
    assert "misääri" in page.locator(".md-search-result").inner_text().lower()
    assert indexes == [200]
    assert problems == []


def test_no_broken_internal_link_in_the_served_site(site: Path, built_book_links: list[str]) -> None:
    assert built_book_links == []  # the link checker of the build test (check_links), over this build


def player_pages() -> list[tuple[str, str]]:
    """The pages with an edition in each language: the home page, the learn-to-play chapters, the reference cards,
    the glossary."""
    pages = []
    for lang in LANGUAGES:
        tag = "" if lang == md.DEFAULT_LANGUAGE else f"{lang}-"
        pages += [(f"{tag}index", md.localized(md.INDEX, lang)), (f"{tag}glossary", md.localized(md.GLOSSARY, lang))]
        pages += [(f"{tag}learn-{rid.rsplit('-', 1)[-1]}", learn_path(rid, lang)) for rid in available_rulesets()]
        pages += [(f"{tag}refcard-{rid.rsplit('-', 1)[-1]}", refcard_path(rid, lang)) for rid in available_rulesets()]
    return pages


def reader_pages() -> list[tuple[str, str]]:
    """Every page kind: the era pages (rules, examples, cases, scoring card, reconstruction notes), the comparison
    chapter, the reference pages, and the player pages in both languages."""
    cards = [(f"{rid}-card", card_path(rid)) for rid in available_rulesets()]
    cards += [(f"{rid}-reconstruction", reconstruction_path(rid)) for rid in available_rulesets()]
    return [*era_pages(), *cards, ("errors", md.ERRORS), ("case-format", md.CASE_FORMAT), ("sources", md.SOURCES),
            *player_pages()]


# The folds that hold a drawn deal (under each deal viewer) are opened first. What sticks out of the main column:
# elements whose right edge passes the article's, outside the boxes that
# scroll on purpose (code blocks, Material's table scroll wrapper), by more than an inline code box's padding (6 px);
# trick tables that need their scroll bar;
# and any table whose scroll wrapper would have to scroll (none may, at 1280 or 390 px).
_LAYOUT = """() => {
  const article = document.querySelector('article');
  // a deal drawn on one page is folded under its step-through viewer: measured open, as a reader opens it
  for (const fold of article.querySelectorAll('details'))
    if (fold.querySelector('table.sk-deal, svg.sk-table')) fold.open = true;
  const right = article.getBoundingClientRect().right;
  const out = [...article.querySelectorAll('*')]
    .filter(e => e.getBoundingClientRect().right > right + 6 && !e.closest('pre, .highlight, .md-typeset__scrollwrap'))
    .slice(0, 5).map(e => e.tagName + ' ' + (e.textContent || '').trim().slice(0, 50));
  const tricks = [...article.querySelectorAll('.sk-tricks table')]
    .filter(t => t.getBoundingClientRect().right > right + 1 || t.scrollWidth > t.parentElement.clientWidth + 1)
    .map(t => 'trick table ' + t.scrollWidth + 'px');
  const wraps = [...article.querySelectorAll('.md-typeset__scrollwrap')]
    .filter(w => w.scrollWidth > w.clientWidth + 1)
    .map(w => 'table scrolls ' + (w.scrollWidth - w.clientWidth) + 'px: '
         + [...w.querySelectorAll('th')].map(h => h.innerText.trim()).join('|').slice(0, 60));
  let text = article.innerText;  // what a reader reads, less the code blocks (JSON examples on purpose)
  for (const pre of article.querySelectorAll('pre')) text = text.replace(pre.innerText, '');
  return {page: document.documentElement.scrollWidth - innerWidth, out, tricks, wraps,
          deals: article.querySelectorAll('table.sk-deal').length,
          trickTables: article.querySelectorAll('.sk-tricks table').length,
          flows: article.querySelectorAll('svg.sk-flow').length,
          pictures: [...article.querySelectorAll('svg.sk-table, svg.sk-sheet')]
            .filter(svg => svg.getBoundingClientRect().width > 0)  // each table diagram is drawn wide and narrow
            .map(svg => {
            const box = svg.getBoundingClientRect();
            const scale = svg.getScreenCTM() ? svg.getScreenCTM().a : 1;  // drawing units to screen pixels
            const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
            return {kind: svg.getAttribute('class'), width: Math.round(box.width), height: Math.round(box.height),
                    drawn: svg.querySelectorAll('text, path, rect, line, circle').length,
                    words: (svg.textContent || '').trim().length,
                    smallest: sizes.length ? Math.min(...sizes) : 0};
          }),
          text};
}"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize(("name", "path"), reader_pages(), ids=[n for n, _ in reader_pages()])
def test_page_fits_its_width_and_reads_as_words(look: Callable[[str, int], Look], name: str, path: str,
                                                width: int) -> None:
    from test_book_reader import literals  # the same literal check as the build walk, on the rendered text

    seen = look(page_path(path), width)
    seen.assert_loaded()
    assert seen.problems == []
    layout = seen.layout
    _keep_shot(seen, f"{name}-{width}")
    assert layout["page"] <= 0, f"the page scrolls sideways by {layout['page']}px"
    assert layout["out"] == [] and layout["tricks"] == []
    assert layout["wraps"] == [], "tables that scroll sideways (issue 18, §7: lay them out to fit)"
    assert literals(layout["text"]) == []
    learn = "learn-" in name
    if name.endswith("-examples") or learn:  # a worked deal: diagram and trick tables
        assert layout["deals"] >= 1 and layout["trickTables"] >= 1
    if path.startswith("rules/"):  # every era's rule book draws its game forms' phases
        assert layout["flows"] >= 1
    kinds = [p["kind"] for p in layout["pictures"]]
    if name.endswith("-examples") or learn:  # who gave what to whom, at the table
        assert any("sk-table" in k for k in kinds)
    if name.endswith("-card") or name == "skruuvi-1895-examples":  # a match on its score sheet
        assert "sk-sheet" in kinds
    for picture in layout["pictures"]:  # drawn, not blank, and inside the column
        assert picture["width"] >= 200 and picture["height"] >= 150, picture
        assert picture["drawn"] >= 10 and picture["words"] >= 20, picture
        if width == 390 and "sk-table" in picture["kind"]:  # the table diagram reads on a phone (issue 29, §6)
            assert picture["smallest"] >= 12, picture


def test_the_language_switches_lead_to_the_other_edition(browser, base_url):
    """The header's language switch (the i18n plugin's, in the theme) leads from an English chapter to the Finnish
    edition; a chapter's own link leads to the same chapter in the other language and back; at both widths, with no
    console error (the theme's search for each edition's sitemap included)."""
    from skruuvi.book.learn import learn_path

    for width in WIDTHS:
        with open_tab(browser, width) as pg:
            problems = _open(pg, base_url + page_path(learn_path("skruuvi-2016")))
            pg.locator(".md-header__option .md-select").hover()
            pg.locator('a.md-select__link[hreflang="fi"]').click()
            pg.wait_for_load_state("networkidle")
            assert pg.url.startswith(base_url + "fi/")
            assert pg.locator("html").get_attribute("lang") == "fi"
            pg.goto(base_url + page_path(learn_path("skruuvi-2016")))
            pg.locator("article a", has_text="Opi pelaamaan skruuvia: 2016").click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + page_path(learn_path("skruuvi-2016", "fi"))
            assert pg.locator("html").get_attribute("lang") == "fi"
            assert pg.locator("article h1").inner_text().startswith("Opi pelaamaan skruuvia: 2016")
            _keep_shot_of(pg, f"language-switch-fi-{width}")
            pg.locator("article a", has_text="Learn to play Skruuvi: 2016").click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + page_path(learn_path("skruuvi-2016"))
            assert problems == []


def _open_language_menu(pg: Any) -> None:
    """Open the header's language menu as a reader does, with a tap (a click) on its button, and wait until it is
    shown (it fades in)."""
    pg.locator(".md-header__option .md-select button").click()
    pg.wait_for_function("""() => { const l = document.querySelector('.md-header__option .md-select__inner');
        return l && getComputedStyle(l).opacity === '1'; }""")


def _choose_language(pg: Any, lang: str) -> None:
    """Choose a language in the header's language menu: open it, then a tap on the language."""
    _open_language_menu(pg)
    pg.locator(f'a.md-select__link[hreflang="{lang}"]').click()
    pg.wait_for_load_state("networkidle")


def test_the_header_language_switch_keeps_the_reader_s_place(browser, base_url):
    """The header's language menu on a page that has both editions leads to the same page in the other language, and
    back (the English 2016 chapter to the Finnish one and back); on a page in English only (the comparison chapter) its
    Finnish entry says that it leads to the Finnish home page (etusivu), and does. At both widths, with no console
    error and no request for a sitemap (the theme's language lookup, which the book turns off)."""
    from skruuvi.book.learn import learn_path

    en, fi = page_path(learn_path("skruuvi-2016")), page_path(learn_path("skruuvi-2016", "fi"))
    for width in WIDTHS:
        with open_tab(browser, width) as pg:
            requests: list[str] = []
            pg.on("request", lambda r, seen=requests: seen.append(r.url))
            problems = _open(pg, base_url + en)
            assert pg.locator('a.md-select__link[hreflang="fi"]').inner_text().strip() == "Suomi"
            _choose_language(pg, "fi")
            assert pg.url == base_url + fi
            assert pg.locator("html").get_attribute("lang") == "fi"
            assert pg.locator("article h1").inner_text().startswith("Opi pelaamaan skruuvia: 2016")
            _open_language_menu(pg)
            _keep_shot_of(pg, f"language-menu-fi-chapter-{width}")
            _choose_language(pg, "en")
            assert pg.url == base_url + en
            assert pg.locator("html").get_attribute("lang") == "en"
            assert pg.locator("article h1").inner_text().startswith("Learn to play Skruuvi: 2016")
            pg.goto(base_url + page_path(md.COMPARISON))
            pg.wait_for_load_state("networkidle")
            assert pg.locator('a.md-select__link[hreflang="fi"]').inner_text().strip() == "Suomi (etusivu)"
            assert pg.locator('a.md-select__link[hreflang="fi"]').get_attribute("href") == "../../fi/"
            _open_language_menu(pg)
            _keep_shot_of(pg, f"language-menu-english-only-{width}")
            _choose_language(pg, "fi")
            assert pg.url == base_url + "fi/" and pg.locator("html").get_attribute("lang") == "fi"
            assert problems == [] and [u for u in requests if u.endswith("sitemap.xml")] == []


def test_the_eras_at_a_glance_says_what_the_chapters_say(browser, base_url):
    """Issue 29's reader, reading the comparison chapter's glance as a reader does: for 1895 it must say that when
    everybody passes the cards are dealt again, as the 1895 chapter does, and name the passimisääri only as another
    reading of the sources; no kotka may be shown with a defenders' exchange among its phases (the chapters: it never
    happens, every kotka bid being at six or more). At both widths, with the glance on screen for the screenshot."""
    for width in WIDTHS:
        with open_tab(browser, width) as pg:
            problems = _open(pg, base_url + page_path(md.COMPARISON))
            rows = pg.evaluate("""() => [...document.querySelectorAll('.sk-features tbody tr')].map(tr =>
                [...tr.querySelectorAll('td')].map(td => ({text: td.innerText,
                  links: [...td.querySelectorAll('a')].map(a => ({text: a.innerText,
                                                                   href: a.getAttribute('href')}))})))""")
            eras = pg.evaluate("() => [...document.querySelectorAll('.sk-features thead th')].map(th => th.innerText)")
            table = {row[0]["text"].strip(): dict(zip(eras[1:], row[1:], strict=True)) for row in rows}
            forms_1895 = table["Game forms"]["1895"]
            before, _, other = forms_1895["text"].partition("under another reading of the sources")
            assert "dealt again" in before and "passimisääri" not in before and "passimisääri" in other
            assert not any(a["href"].endswith("#form-passimisaari") for a in forms_1895["links"])
            assert "passimisääri" not in table["Exchanges"]["1895"]["text"]
            for era in ("1944", "2016"):
                kotka = next(part for part in table["Exchanges"][era]["text"].split(";") if "kotka:" in part)
                assert "no defenders' exchange" in kotka, (era, kotka)
                links = [a for a in table["Exchanges"][era]["links"] if a["href"].endswith("#phase-defenders-exchange")]
                assert len(links) == 1, (era, links)  # the alkupeli's only
            pg.locator(".sk-features").screenshot(path=str(_shot_path(f"comparison-glance-{width}")),
                                                  style=".md-header { visibility: hidden; }")  # not over the table
            assert problems == []


def _shot_path(name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


def test_the_reference_cards_are_reached_from_both_editions(browser, base_url):
    """A reader reaches each edition's reference card as he would: from the Finnish home page and from a Finnish
    chapter to the Finnish card; from the card, its own link to the other edition and back; from the Finnish card,
    the header's language switch to the English card; the English home page's text links the English card. At both
    widths, with no console error."""
    from skruuvi.book.learn import learn_path

    card_fi, card_en = page_path(refcard_path("skruuvi-2016", "fi")), page_path(refcard_path("skruuvi-2016"))
    for width in WIDTHS:
        with open_tab(browser, width) as pg:
            problems = _open(pg, base_url + "fi/")
            pg.locator("article a", has_text="2016").and_(pg.locator(f'a[href$="{card_fi.removeprefix("fi/")}"]')) \
                .first.click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + card_fi
            assert pg.locator("article h1").inner_text().startswith("Muistikortti: 2016")
            assert pg.locator("html").get_attribute("lang") == "fi"
            _keep_shot_of(pg, f"refcard-fi-{width}")
            pg.locator("article a", has_text="Reference card: 2016").click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + card_en and pg.locator("html").get_attribute("lang") == "en"
            pg.locator("article a", has_text="Muistikortti: 2016").click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + card_fi
            _choose_language(pg, "en")  # the header's switch: the same card in English
            assert pg.url == base_url + card_en and pg.locator("html").get_attribute("lang") == "en"
            pg.goto(base_url)
            pg.locator("article a", has_text="2016").and_(pg.locator(f'a[href$="{card_en}"]')).first.click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + card_en
            pg.goto(base_url + page_path(learn_path("skruuvi-2016", "fi")))
            pg.locator("article a", has_text="Muistikortti: 2016").click()
            pg.wait_for_load_state("networkidle")
            assert pg.url == base_url + card_fi
            assert problems == []


def _keep_shot_of(pg: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("rid", available_rulesets())
def test_a_chapter_s_sections_and_example_deals_are_where_its_contents_say(look, rid):
    """Every step of the chapter and every example deal has its anchor on the served page, at both widths, in both
    languages (the deal viewer will be embedded at the example anchors)."""
    from skruuvi.book.learn import EXAMPLES, learn_path

    for lang in ("en", "fi"):
        for width in WIDTHS:
            seen = look(page_path(learn_path(rid, lang)), width)
            seen.assert_loaded()
            wanted = {"players", "deal", "first-auction", "kitty", "play", "score", "whole-game", "examples",
                      *(ex.anchor for ex in EXAMPLES[rid])}
            assert wanted <= seen.ids, (lang, width, wanted - seen.ids)


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_score_sheet_table_reads_on_a_phone_and_a_desk(browser, base_url, rid):
    """The score as a player keeps it (who writes what, after every deal), on the reference card and in the chapter,
    in both languages and at both widths: the table is on the page, none of its cells needs a sideways scroll of the
    page, its text is at least 12 px, and a table of the card and of the chapter say the same rows. Screenshots of the
    card's score are kept."""
    from skruuvi.book.learn import learn_path

    for lang in LANGUAGES:
        for width in WIDTHS:
            with open_tab(browser, width) as pg:
                rows = {}
                for name, path in (("card", refcard_path(rid, lang)), ("chapter", learn_path(rid, lang))):
                    problems = _open(pg, base_url + page_path(path) + "#score")
                    seen = pg.evaluate("""() => {
                      const head = document.getElementById('score');
                      let el = head, table = null;
                      while (el && !table) { el = el.nextElementSibling;
                        if (el && el.tagName === 'H2') break;
                        if (el && /^(On the score sheet|Pistelistaan)/.test(el.textContent)) {
                          const t = el.nextElementSibling;
                          table = t && (t.tagName === 'TABLE' ? t : t.querySelector('table')); } }
                      if (!table) return null;
                      const cells = [...table.querySelectorAll('td, th')];
                      return {rows: [...table.querySelectorAll('tr')].map(r => r.innerText.trim()),
                              font: Math.min(...cells.map(c => parseFloat(getComputedStyle(c).fontSize))),
                              page: document.documentElement.scrollWidth - innerWidth};
                    }""")
                    assert seen is not None, (rid, lang, width, name)
                    assert seen["page"] <= 0 and seen["font"] >= 12, (rid, lang, width, name, seen)
                    assert problems == [], problems
                    rows[name] = seen["rows"]
                    if name == "card":
                        pg.locator("#score").scroll_into_view_if_needed()
                        _keep_shot_of(pg, f"refcard-score-{rid.rsplit('-', 1)[-1]}{'' if lang == 'en' else '-fi'}-"
                                          f"{width}")
                assert rows["card"] == rows["chapter"] and len(rows["card"]) >= 3, (rid, lang, width)


def test_a_player_finds_the_scoring_cards_only_under_for_implementers(browser, base_url):
    """In the navigation as a reader sees it (the sidebar at 1280 px, the drawer at 390 px), every link to a scoring
    card, a rule page or a case page sits under "For implementers", after the players' sections; the players'
    sections lead to the chapters, the reference cards and the glossary."""
    from skruuvi.book.site import FOR_IMPLEMENTERS, FOR_PLAYERS

    for width in WIDTHS:
        with open_tab(browser, width) as pg:
            problems = _open(pg, base_url)  # the home page: the drawer opens on the whole navigation
            if width == 390:
                pg.locator('label.md-header__button[for="__drawer"]').click()
                pg.wait_for_function("() => document.querySelector('.md-sidebar--primary')"
                                     ".getBoundingClientRect().left >= 0 && !document.getAnimations().length")
            seen = pg.evaluate("""() => {
              const top = document.querySelector('.md-nav--primary > .md-nav__list');
              return [...top.children].map(li => {
                const label = li.querySelector(':scope > label, :scope > a, :scope > div > a');
                return {name: (label ? label.textContent : '').trim(),
                        hrefs: [...li.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))};
              });
            }""")
            names = [s["name"] for s in seen]
            assert names[:3] == list(FOR_PLAYERS) and names[-1] == FOR_IMPLEMENTERS, names
            implementers = re.compile(r"(?:^|/)(?<!ref)(?:card|rules|cases)/skruuvi-\d{4}/")
            for section in seen:
                wrong = [h for h in section["hrefs"] if implementers.search(h)]
                if section["name"] == FOR_IMPLEMENTERS:
                    assert len([h for h in wrong if "/card/" in h or h.startswith("card/")]) >= 3, section
                else:
                    assert wrong == [], (section["name"], wrong)
            _keep_shot_of(pg, f"nav-for-implementers-{width}")
            assert problems == []


def test_the_glossary_shows_words_and_meanings_not_source_keys(browser, base_url):
    """Both glossaries at both widths: the columns a player reads (no column of source keys), the English-to-Finnish
    list in English, and a link to the bibliography for whoever wants the sources."""
    expected = {"en": ["Term", "Meaning"], "fi": ["Sana", "Selitys", "Englanniksi"]}
    for lang in LANGUAGES:
        for width in WIDTHS:
            with open_tab(browser, width) as pg:
                problems = _open(pg, base_url + page_path(md.localized(md.GLOSSARY, lang)))
                heads = pg.evaluate("() => [...document.querySelectorAll('article table')].map("
                                    "t => [...t.querySelectorAll('th')].map(th => th.innerText.trim()))")
                assert heads[0] == expected[lang], heads
                if lang == "en":
                    assert heads[1:] == [["English", "Finnish"]], heads
                text = pg.locator("article").inner_text()
                assert not re.search(r"\bS00\d\b|\bKPO\b|\bPSW\b", text)
                assert pg.locator("article a[href$='sources/']").count() == 1
                _keep_shot_of(pg, f"glossary-{lang}-{width}")
                assert problems == []
