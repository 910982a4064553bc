"""The rule book tested like a website: build it, serve it on 127.0.0.1, drive headless Chromium.

Needs Debian's ``chromium`` (``/usr/bin/chromium``) and Playwright for Python (``pip install playwright``;
never ``playwright install``: the system browser is used through ``executable_path``). Without them the
tests are skipped with a message, except under CI (``CI=true``), where a missing browser is a failure.
Screenshots of every page kind, at 1280 and 390 px wide, go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from skruuvi.book import md
from skruuvi.book.card import card_path
from skruuvi.book.reconstruction import reconstruction_path
from skruuvi.book.story import STORIES, STORY_PATH
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
    return "" if md_path == md.INDEX else md_path.removesuffix(".md") + "/"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(request: pytest.FixtureRequest) -> Path:
    _require()
    return request.getfixturevalue("built_book").site  # the session's one build (tests/book/conftest.py)


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name="book-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser(base_url: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    try:
        yield pg
    finally:
        context.close()


def _open(page: Any, url: str) -> list[str]:
    """Load ``url``; return its console errors and uncaught exceptions (the load itself must succeed)."""
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(f"exception: {exc}"))
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


@pytest.mark.parametrize(("name", "path"), era_pages(), ids=[n for n, _ in era_pages()])
def test_era_page_loads_without_console_errors(page: Any, base_url: str, name: str, path: str) -> None:
    problems = _open(page, base_url + page_path(path))
    assert problems == []
    assert page.locator("article h1").count() >= 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{name}.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("ruleset", available_rulesets())
def test_every_rule_anchor_linked_from_the_cases_resolves(page: Any, base_url: str, ruleset: str) -> None:
    _open(page, base_url + page_path(md.cases_path(ruleset)))
    hrefs: list[str] = page.eval_on_selector_all("article a[href*='/rules/']", "els => els.map(e => e.href)")
    targets: dict[str, set[str]] = {}
    for href in hrefs:
        url, _, fragment = href.partition("#")
        if fragment:
            targets.setdefault(url, set()).add(fragment)
    assert targets, "the cases page links to no rule"
    missing = []
    for url, fragments in sorted(targets.items()):
        _open(page, url)
        found = page.evaluate("ids => ids.filter(id => document.getElementById(decodeURIComponent(id)) === null)",
                              sorted(fragments))
        missing += [f"{url}#{f}" for f in found]
    assert missing == []
    assert sum(len(f) for f in targets.values()) >= 10


def test_search_finds_misaari(page: Any, base_url: str) -> None:
    assert _open(page, base_url) == []
    box = page.locator("input.md-search__input")  # the header's search box (visible at desktop width)
    box.click()
    box.press_sequentially("misääri", delay=20)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(state="visible", timeout=30_000)
    assert results.count() >= 1
    assert "misääri" in page.locator(".md-search-result").inner_text().lower()


def test_no_broken_internal_link_in_the_served_site(site: Path) -> None:
    from test_book import check_links  # the link checker of the build test, over this build

    assert check_links(site) == []


def reader_pages() -> list[tuple[str, str]]:
    """Every page kind: the era pages (rules, examples, cases, scoring card, reconstruction notes), the how-to-play
    chapters, the comparison chapter, the home page and the reference pages."""
    cards = [(f"{rid}-card", card_path(rid)) for rid in available_rulesets()]
    cards += [(f"{rid}-reconstruction", reconstruction_path(rid)) for rid in available_rulesets()]
    stories = [("how-to-play" if path == STORY_PATH else f"how-to-play-{rid.rsplit('-', 1)[-1]}", path)
               for rid, _, path in STORIES]
    return [*era_pages(), *cards, *stories, ("index", md.INDEX), ("errors", md.ERRORS),
            ("case-format", md.CASE_FORMAT),
            ("sources", md.SOURCES), ("glossary", md.GLOSSARY)]


# What sticks out of the main column: elements whose right edge passes the article's, outside the boxes that
# scroll on purpose (code blocks, Material's table scroll wrapper), by more than an inline code box's padding (6 px);
# trick tables that need their scroll bar;
# and any table whose scroll wrapper would have to scroll (none may, at 1280 or 390 px).
_LAYOUT = """() => {
  const article = document.querySelector('article');
  const right = article.getBoundingClientRect().right;
  const out = [...article.querySelectorAll('*')]
    .filter(e => !e.closest('pre, .highlight, .md-typeset__scrollwrap') && e.getBoundingClientRect().right > right + 6)
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
          pictures: [...article.querySelectorAll('svg.sk-table, svg.sk-sheet')].map(svg => {
            const box = svg.getBoundingClientRect();
            return {kind: svg.getAttribute('class'), width: Math.round(box.width), height: Math.round(box.height),
                    drawn: svg.querySelectorAll('text, path, rect, line, circle').length,
                    words: (svg.textContent || '').trim().length};
          }),
          text};
}"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize(("name", "path"), reader_pages(), ids=[n for n, _ in reader_pages()])
def test_page_fits_its_width_and_reads_as_words(browser: Any, base_url: str, name: str, path: str,
                                                width: int) -> None:
    from test_book_reader import literals  # the same literal check as the build walk, on the rendered text

    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        pg = context.new_page()
        pg.set_default_timeout(30_000)
        assert _open(pg, base_url + page_path(path)) == []
        layout = pg.evaluate(_LAYOUT)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(SHOTS / f"{name}-{width}.png"))
    finally:
        context.close()
    assert layout["page"] <= 0, f"the page scrolls sideways by {layout['page']}px"
    assert layout["out"] == [] and layout["tricks"] == []
    assert layout["wraps"] == [], "tables that scroll sideways (issue 18, §7: lay them out to fit)"
    assert literals(layout["text"]) == []
    if name.endswith("-examples") or name.startswith("how-to-play"):  # a worked deal: diagram and trick tables
        assert layout["deals"] >= 1 and layout["trickTables"] >= 1
    if path.startswith("rules/"):  # every era's rule book draws its game forms' phases
        assert layout["flows"] >= 1
    kinds = [p["kind"] for p in layout["pictures"]]
    if name.endswith("-examples") or name.startswith("how-to-play"):  # who gave what to whom, at the table
        assert "sk-table" in kinds
    if name.endswith("-card") or name == "skruuvi-1895-examples":  # a match on its score sheet
        assert "sk-sheet" in kinds
    for picture in layout["pictures"]:  # drawn, not blank, and inside the column
        assert picture["width"] >= 200 and picture["height"] >= 150, picture
        assert picture["drawn"] >= 10 and picture["words"] >= 20, picture
