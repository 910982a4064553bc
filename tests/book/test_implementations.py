"""The book's Implementations page and its compliance page: built with the book (the reference and the oracle run
over the suite at build time), read as files, and used in Chromium at 1280 and 390 px, where a failing rule of an
engine with a known bug (``tests/fakes/buggy_engine.py``) is found by clicking. Screenshots go to
``test-artifacts/screenshots/``. The browser part is skipped without Chromium and Playwright, as the other browser
tests are (test_book_browser.py), except under CI."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_book_browser import SHOTS

from skruuvi import __version__
from skruuvi.book.implementations import implementations_page
from skruuvi.cli import main
from skruuvi.rules.paths import repo_root
from skruuvi.suite.export import suite_version
from skruuvi.suite.reports.reading import load_report

ROOT = repo_root()
#: The oracle's version, as its start answer names it.
_ORACLE_TEXT = (ROOT / "conformance" / "oracle" / "oracle.py").read_text(encoding="utf-8")
ORACLE_VERSION = re.search(r'^VERSION = "([^"]+)"', _ORACLE_TEXT, re.M).group(1)  # type: ignore[union-attr]
BUGGY = f"{sys.executable} {ROOT / 'tests' / 'fakes' / 'buggy_engine.py'}"
WIDTHS = (1280, 390)


def _cases(path: Path) -> list[dict[str, Any]]:
    return [r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if r["type"] == "case"]


def test_the_reference_and_the_oracle_ran_the_whole_current_suite_at_build_time(built_book: Any) -> None:
    folder = built_book.site / "implementations"
    names = set()
    for name in ("reference", "oracle"):
        report = load_report(folder / f"{name}.jsonl")
        names.add(report.implementation["name"])
        assert report.header["suite"]["version"] == suite_version()
        assert report.header["selection"]["shard"] == [1, 1]
        assert report.summary is not None and not report.summary["interrupted"]
        assert len(_cases(folder / f"{name}.jsonl")) == report.header["cases"] == report.header["selection"]["cases"]
        for rid, run in report.rulesets.items():
            assert (folder / "badges" / f"{name_slug(report.name)}-{rid}.svg").is_file()
            assert run.selected > 0
    assert names == {"skruuvi-reference", "skruuvi-oracle"}
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert "skruuvi-reference" in page and "skruuvi-oracle" in page and suite_version() in page
    compliance = (folder / "compliance.html").read_text(encoding="utf-8")
    assert "skruuvi-reference" in compliance and "skruuvi-oracle" in compliance


def name_slug(name: str) -> str:
    from skruuvi.book import md

    return md.slug(name)


def test_an_added_report_of_another_suite_version_is_flagged(built_book: Any, tmp_path: Path) -> None:
    folder = built_book.site / "implementations"
    items = [json.loads(line) for line in (folder / "oracle.jsonl").read_text(encoding="utf-8").splitlines()]
    items[0]["suite"] = {"version": "0.0.1", "released": None}
    items[0]["engine"]["implementation"]["name"] = "their-engine"
    added = tmp_path / "their-engine.jsonl"
    added.write_text("".join(json.dumps(r) + "\n" for r in items), encoding="utf-8")
    reports = [load_report(folder / "reference.jsonl"), load_report(folder / "oracle.jsonl"), load_report(added)]
    for report in reports:
        report.path = Path(report.path).name
    page = implementations_page(reports, built=2)
    assert f"0.0.1 (not the current {suite_version()})" in page
    assert "added: `conformance/implementations/their-engine.jsonl`" in page
    assert page.count("(run at build time)") == 2


# --- in Chromium ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def buggy_page(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compliance page of the reference and the oracle (their reports from the book's build) beside an engine
    with a known bug, run over the 2016 passimisääri cases with --explain."""
    folder = tmp_path_factory.mktemp("buggy-page")
    buggy = folder / "buggy.jsonl"
    assert main(["conformance", str(ROOT / "conformance" / "cases" / "2016" / "passimisaari"), "--quiet", "--explain",
                 "--impl", BUGGY, "--report", str(buggy)]) == 1
    page = folder / "compliance.html"
    reports = [site / "implementations" / "reference.jsonl", site / "implementations" / "oracle.jsonl", buggy]
    assert main(["report", *map(str, reports), "--html", str(page)]) == 0
    return page


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    from test_book_browser import open_tab

    with open_tab(browser) as page:
        yield page


def _fits(tab: Any) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= tab.viewport_size["width"], f"the page is {width} px wide"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_books_compliance_page_loads_at_each_width(tab: Any, base_url: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    response = tab.goto(base_url + "implementations/compliance.html", wait_until="load")
    assert response is not None and response.ok
    assert tab.locator("h1").inner_text() == "Skruuvi conformance"
    engines = tab.locator(".engine h3").all_inner_texts()
    assert engines == [f"1. skruuvi-reference {__version__}", f"2. skruuvi-oracle {ORACLE_VERSION}"]
    _fits(tab)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"implementations-compliance-{width}.png"), full_page=False)
    tab.goto(base_url + "implementations/", wait_until="load")
    _fits(tab)
    tab.screenshot(path=str(SHOTS / f"implementations-{width}.png"), full_page=False)
    assert tab.problems == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_failing_rule_is_found_by_clicking(tab: Any, buggy_page: Path, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(buggy_page.as_uri(), wait_until="load")
    _fits(tab)
    section = tab.locator("#ruleset-skruuvi-2016")
    rule = section.locator("details.rule", has=tab.locator("summary", has_text="score.passimisaari-tricks"))
    assert rule.count() == 1
    assert not rule.evaluate("el => el.open")
    link = rule.locator("a", has_text="2016.passimisaari.basic-dealer-N")
    assert not link.is_visible()
    rule.locator("summary").click()
    assert rule.evaluate("el => el.open")
    assert "buggy 1.0" in rule.inner_text()
    link.click()  # to the case itself, which opens where it is listed
    case = tab.locator("details.case[data-key='2016.passimisaari.basic-dealer-N']").first
    assert case.evaluate("el => el.open")
    assert "score" in case.inner_text() and "engine" in case.inner_text()
    case.scroll_into_view_if_needed()
    _fits(tab)
    tab.screenshot(path=str(SHOTS / f"implementations-failing-rule-{width}.png"), full_page=False)
    # the search box and the switch narrow the rows down to what fails
    tab.locator("#only-failing").check()
    tab.locator("#filter").fill("passimisaari-tricks")
    visible = [k for k in tab.locator("details.rule").evaluate_all(
        "els => els.filter(e => !e.hidden).map(e => e.dataset.key)")]
    assert visible == ["score.passimisaari-tricks"]
    assert tab.problems == []
