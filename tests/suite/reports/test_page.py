"""``skruuvi report --html``: the compliance page's content, read from real runs' reports and from coverage records
written by hand (the shape of issue 30's coverage record)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from report_runs import Runs, records, write_records

from skruuvi import __version__
from skruuvi.cli import main
from skruuvi.suite.reports.page import page_html
from skruuvi.suite.reports.reading import load_report


class _Page(HTMLParser):
    """The page's tags with their attributes, its ids and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    return page


def built(tmp_path: Path, *reports: Path) -> str:
    out = tmp_path / "page.html"
    assert main(["report", *map(str, reports), "--html", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def test_the_page_loads_nothing_from_elsewhere(runs: Runs, tmp_path: Path) -> None:
    page = parsed(built(tmp_path, runs.whole, runs.buggy))
    for tag, attrs in page.tags:
        assert tag not in ("iframe", "img", "object", "embed"), tag
        assert tag != "link" or attrs == {"rel": "icon", "href": "data:,"}, attrs  # (no favicon request)
        assert not (tag == "script" and attrs.get("src")), attrs
        href = attrs.get("href") or ""
        assert not href or href.startswith("#") or tag == "link", href
    assert ("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}) in page.tags


def test_engines_side_by_side_with_their_figures(runs: Runs, tmp_path: Path) -> None:
    html = built(tmp_path, _without_coverage(runs.whole, tmp_path / "whole.jsonl"),
                 _without_coverage(runs.buggy, tmp_path / "buggy.jsonl"))
    text = " ".join(" ".join(parsed(html).text).split())
    buggy = [r for r in records(runs.buggy) if r["type"] == "case"]
    failing = [r["id"] for r in buggy if r["status"] == "fail"]
    assert failing and all(r["ruleset"] == "skruuvi-2016" for r in buggy if r["status"] == "fail")
    per_2016 = [r for r in buggy if r["ruleset"] == "skruuvi-2016"]
    assert f"skruuvi-reference {__version__}" in text and "buggy 1.0" in text
    passed = sum(r["status"] == "pass" for r in per_2016)
    assert f"{passed} of {len(per_2016)}" in text and f"{len(per_2016)} of {len(per_2016)}" in text
    for case_id in failing:
        assert f'data-key="{case_id}"' in html
    assert "carry no per-rule coverage" in text  # neither report has a coverage record


def test_unexplained_failures_come_first_and_are_filed_under_their_rules(runs: Runs, tmp_path: Path) -> None:
    """Without coverage records, failing cases are filed under the rules where engine and reference part."""
    html = built(tmp_path, _without_coverage(runs.whole, tmp_path / "whole.jsonl"),
                 _without_coverage(runs.buggy, tmp_path / "buggy.jsonl"))
    section = html[html.index('id="ruleset-skruuvi-2016"'):]
    assert section.index("Unexplained failures") < section.index("Failing cases by rule")
    explain = next(r for r in records(runs.buggy) if r["type"] == "explain")
    rules = {item["rule"] for entry in explain["no_reading"] for item in entry["trace"]["score_items"]}
    assert "score.passimisaari-tricks" in rules
    for rule in rules:
        assert f'id="rule-skruuvi-2016-{rule}"' in section
    # a rule's row opens on the cases filed under it, each linked to its case
    row = section[section.index('id="rule-skruuvi-2016-score.passimisaari-tricks"'):]
    row = row[:row.index("</details>")]
    filed = [e["id"] for e in explain["no_reading"]
             if "score.passimisaari-tricks" in {i["rule"] for i in e["trace"]["score_items"]}]
    for case_id in filed:
        assert f'href="#case-1-skruuvi-2016-{case_id}"' in row
        assert f'id="case-1-skruuvi-2016-{case_id}"' in section


def _without_coverage(source: Path, target: Path) -> Path:
    """A copy of a real run's report without its coverage (its coverage record and the summary's figures), as a
    report of a runner before coverage reads."""
    items = [r for r in records(source) if r["type"] != "coverage"]
    items[-1].pop("coverage", None)
    return write_records(target, items)


def _with_coverage(source: Path, target: Path, coverage: dict[str, Any]) -> Path:
    items = records(source)
    items.insert(-1, {"type": "coverage", "required": False, "rulesets": coverage})
    return write_records(target, items)


def test_rules_and_features_from_a_coverage_record(runs: Runs, tmp_path: Path) -> None:
    coverage = {"skruuvi-2016": {"cases": {"selected": 7, "judged": 7, "passed": 0},
                                 "rules": {"score.passimisaari-tricks": {"judged": 7, "passed": 0},
                                           "play.follow-suit": {"judged": 7, "passed": 7},
                                           "passimisaari.return-order": {"judged": 0, "passed": 0}},
                                 "features": {"form:passimisaari": {"judged": 7, "passed": 0}}}}
    bare = _without_coverage(runs.buggy, tmp_path / "bare.jsonl")
    buggy = _with_coverage(bare, tmp_path / "buggy.jsonl", coverage)
    html = built(tmp_path, _without_coverage(runs.whole, tmp_path / "whole.jsonl"), buggy)
    section = html[html.index('id="ruleset-skruuvi-2016"'):]
    order = [section.index(f'id="rule-skruuvi-2016-{r}"') for r in
             ("score.passimisaari-tricks", "passimisaari.return-order", "play.follow-suit")]
    assert order == sorted(order)  # failing first, then not judged, then passing
    assert 'class="rule failing"' in section and 'class="rule unjudged"' in section
    assert 'class="rule passing"' in section and 'class="feature failing"' in section
    assert "<b>0/7</b>" in section and "<b>7/7</b>" in section
    assert "not judged" in section
    text = " ".join(" ".join(parsed(html).text).split())
    assert f"The report of skruuvi-reference {__version__} carries no per-rule coverage" in text


def test_a_rule_no_case_could_reach_is_shown_apart_not_as_a_gap(runs: Runs, tmp_path: Path) -> None:
    """A rule the coverage record lists as unreachable (no case of the run could reach it under its readings) is
    neither a failing nor an unjudged row: its cell says so, and it sorts with the passing rules."""
    coverage = {"skruuvi-2016": {"cases": {"selected": 7, "judged": 7, "passed": 7},
                                 "rules": {"redeal.scores-nothing": {"judged": 0, "passed": 0},
                                           "play.follow-suit": {"judged": 7, "passed": 7},
                                           "passimisaari.return-order": {"judged": 0, "passed": 0}},
                                 "features": {}, "unreachable": ["redeal.scores-nothing"]}}
    bare = _without_coverage(runs.whole, tmp_path / "bare.jsonl")
    html = built(tmp_path, _with_coverage(bare, tmp_path / "whole.jsonl", coverage))
    section = html[html.index('id="ruleset-skruuvi-2016"'):]

    def row(rule: str) -> str:
        at = section.index(f'id="rule-skruuvi-2016-{rule}"')
        start = section.rindex("<details", 0, at)
        return section[start:section.index("</details>", at)]

    assert 'class="rule passing"' in row("redeal.scores-nothing")
    assert "unreachable under its readings" in row("redeal.scores-nothing")
    assert "no case of its run could reach it" in row("redeal.scores-nothing")
    assert 'class="rule unjudged"' in row("passimisaari.return-order")


def test_engine_text_is_escaped(runs: Runs, tmp_path: Path) -> None:
    items = records(runs.buggy)
    items[0]["engine"]["implementation"]["name"] = "<script>alert(1)</script>"
    case = next(r for r in items if r["type"] == "case" and r["status"] == "fail")
    case["diff"] = ["<img src=x onerror=alert(1)>"]
    html = built(tmp_path, write_records(tmp_path / "evil.jsonl", items))
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_report_cut_short_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cut = write_records(tmp_path / "cut.jsonl", records(runs.buggy)[:-1])
    assert main(["report", str(cut), "--html", str(tmp_path / "p.html")]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"skruuvi: report: {cut}: the report has no summary record: the run did not finish writing it"
    assert not (tmp_path / "p.html").exists()


def test_a_coverage_free_report_still_counts_per_case(runs: Runs, tmp_path: Path) -> None:
    report = load_report(_without_coverage(runs.buggy, tmp_path / "buggy.jsonl"))
    by_status: dict[str, int] = {}
    for r in records(runs.buggy):
        if r["type"] == "case" and r["ruleset"] == "skruuvi-2016":
            by_status[r["status"]] = by_status.get(r["status"], 0) + 1
    assert {k: v for k, v in report.rulesets["skruuvi-2016"].counts.items() if v} == by_status
    assert report.coverage is None and report.explain is not None
    assert re.search(r"<h1>Skruuvi conformance</h1>", page_html([report]))
    assert json.loads(json.dumps(report.header)) == records(runs.buggy)[0]


def test_a_real_run_carries_its_coverage_onto_the_page(runs: Runs, tmp_path: Path) -> None:
    """The runner's own coverage record gives the rule rows: no page says a real run lacks it."""
    report = load_report(runs.buggy)
    assert report.coverage is not None and "skruuvi-2016" in report.coverage["rulesets"]
    text = " ".join(" ".join(parsed(built(tmp_path, runs.whole, runs.buggy)).text).split())
    assert "carries no per-rule coverage" not in text and "carry no per-rule coverage" not in text


def test_nothing_to_write_is_a_usage_error(runs: Runs, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(runs.whole)]) == 2
    assert "nothing to write" in capsys.readouterr().err
