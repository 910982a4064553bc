"""``skruuvi report --badge``: a shields-style SVG of a ruleset's pass rate, self-contained."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from report_runs import Runs, records

from skruuvi.cli import main
from skruuvi.suite.reports.badge import badge_svg, colour, pass_rate, rate_text

SVG = "{http://www.w3.org/2000/svg}"


def test_the_rate_is_of_every_selected_case() -> None:
    assert pass_rate(987, 1000) == pytest.approx(98.7)
    assert rate_text(pass_rate(987, 1000)) == "98.7 %"
    assert rate_text(pass_rate(9999, 10000)) == "99.9 %"  # rounds to 100, but one case did not pass
    assert rate_text(pass_rate(5, 5)) == "100 %"
    assert rate_text(pass_rate(0, 0)) == "no cases"


def test_the_colour_goes_from_red_to_green() -> None:
    assert colour(100.0) == colour(99.6) != colour(99.0) != colour(92.0) != colour(80.0) != colour(60.0)
    assert colour(10.0) == colour(0.0) == "#e05d44"
    assert colour(None) == "#9f9f9f"


def test_a_badge_is_a_self_contained_svg_with_its_text() -> None:
    svg = badge_svg("skruuvi-2016", 98.7)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "skruuvi-2016" in texts and "98.7 %" in texts
    assert root.get("aria-label") == "skruuvi-2016: 98.7 %"
    assert root.findtext(f"{SVG}title") == "skruuvi-2016: 98.7 %"
    assert "href" not in svg and "<script" not in svg  # nothing loaded, nothing run
    rects = [float(r.get("width", "0")) for r in root.iter(f"{SVG}rect")]
    assert float(root.get("width", "0")) == max(rects) >= 100


def test_a_label_is_escaped() -> None:
    root = ET.fromstring(badge_svg("a<b&c", 50.0))
    assert "a<b&c" in [t.text for t in root.iter(f"{SVG}text")]


def test_one_badge_per_ruleset(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(runs.buggy), "--badge", str(tmp_path / "badge.svg")]) == 0
    cases = [r for r in records(runs.buggy) if r["type"] == "case"]
    for rid in {r["ruleset"] for r in cases}:
        mine = [r for r in cases if r["ruleset"] == rid]
        passed = sum(r["status"] == "pass" for r in mine)
        root = ET.parse(tmp_path / f"badge-{rid}.svg").getroot()
        assert root.get("aria-label") == f"{rid}: {rate_text(100.0 * passed / len(mine))}"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"badge-{r}.svg" for r in {c["ruleset"] for c in cases})


def test_a_chosen_ruleset_writes_the_file_named(runs: Runs, tmp_path: Path) -> None:
    target = tmp_path / "b.svg"
    assert main(["report", str(runs.buggy), "--badge", str(target), "--ruleset", "skruuvi-2016"]) == 0
    label = ET.parse(target).getroot().get("aria-label") or ""
    assert label.startswith("skruuvi-2016: ") and label != "skruuvi-2016: 100 %"  # the buggy engine fails some
    assert [p.name for p in tmp_path.iterdir()] == ["b.svg"]


def test_a_badge_of_a_ruleset_not_run_or_of_two_engines_is_refused(runs: Runs, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(runs.buggy), "--badge", str(tmp_path / "b.svg"), "--ruleset", "skruuvi-1895"]) == 2
    assert "--ruleset skruuvi-1895: the report has no case of it" in capsys.readouterr().err
    assert main(["report", str(runs.buggy), str(runs.whole), "--badge", str(tmp_path / "b.svg")]) == 2
    assert "--badge shows one engine" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
