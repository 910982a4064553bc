"""``skruuvi compare`` worded by the book (skruuvi.book.diff_report): values in words, ``--values-only``, ``--json``.

Which rules a listing must hold is worked out from the structured diff (skruuvi.history.compare) and the ruleset
files, not from the report under test.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from test_book_reader import literals

from skruuvi.book.diff_report import diff_json, diff_markdown, diff_text, value_difference
from skruuvi.cli.commands import main
from skruuvi.history.compare import compare_rulesets
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

PAIRS = list(itertools.permutations(available_rulesets(), 2))


@pytest.fixture(scope="module")
def diff():
    return compare_rulesets(get_ruleset("skruuvi-2016"), get_ruleset("skruuvi-1944"))


def _listed(text: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"^  [~+=-]  (\S+)", text, re.M)}


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_every_value_reads_as_words(a: str, b: str) -> None:
    d = compare_rulesets(get_ruleset(a), get_ruleset(b))
    for text in (diff_text(d, include_same=True), diff_markdown(d, include_same=True)):
        assert literals(text) == []
        assert "<span" not in text and "&lt;" not in text and "&gt;" not in text
    words = [side["words"] for rows in diff_json(d, include_same=True)["topics"].values()
             for row in rows for side in (row[a], row[b]) if side]
    assert words and literals(" | ".join(words)) == []


def test_values_only_leaves_out_what_differs_only_in_status_or_sources(diff) -> None:
    full, only = diff_text(diff), diff_text(diff, values_only=True)
    provenance = {d.id for d in diff.rules if d.kind == "changed" and not ({"value", "param"} & set(d.changed))}
    values = {d.id for d in diff.rules if d.kind != "same" and d.id not in provenance}
    assert provenance and values
    assert _listed(full) == provenance | values
    assert _listed(only) == values
    assert "kotka.min-level" in provenance  # the same level 6 in both; its sources differ
    assert all(value_difference(d) == (d.id in values) for d in diff.rules if d.kind != "same")
    headline = only.splitlines()[0]
    assert f"{len(provenance)} in their status or sources only, not listed" in headline


def test_changes_are_worded_as_the_book_words_them(diff) -> None:
    text = diff_text(diff)
    line = {m.group(1): m.group(2) for m in re.finditer(r"^  [~+=-]  (\S+)\s+(.*)$", text, re.M)}
    assert line["auction2.final-min-level"].startswith("final min level: 5 → 4; sources: ")
    assert line["score.multipliers"].startswith("multipliers: ×2 doubled, ×3 redoubled → ×2 doubled, ×4 redoubled")
    under = line["score.undertricks"]
    assert "to: the main pair (the declarer and his partner) → the defenders" in under
    assert "doubling: multiplies it → multiplies the winner's points only" in under
    assert "column: none → above the line" in under
    assert "auction.all-pass" in line and "passimisääri → pakkomisääri" in line["auction.all-pass"]
    assert line["kitty.main-pair-exchange-allowed"].endswith("banned if other side first bid: none")
    honours = diff_text(compare_rulesets(get_ruleset("skruuvi-1895"), get_ruleset("skruuvi-1944")))
    assert "otherwise" in honours and " * " not in honours and "==" not in honours


def test_the_json_has_each_side_raw_and_in_words(diff) -> None:
    data = diff_json(diff)
    assert data["a"] == "skruuvi-2016" and data["b"] == "skruuvi-1944" and data["values_only"] is False
    counts = data["counts"]
    assert counts["changed-value"] + counts["changed-provenance-only"] == counts["changed"]
    final = next(r for r in data["topics"]["auction"] if r["id"] == "auction2.final-min-level")
    assert final["skruuvi-2016"]["value"] == 5 and final["skruuvi-2016"]["words"] == "5"
    assert final["skruuvi-1944"]["value"] == 4 and final["difference"][0] == "final min level: 5 → 4"
    lead = next(r for r in data["topics"]["play"] if r["id"] == "play.lead")
    assert lead["skruuvi-1944"]["value"] == {"trump": "declarer-left", "grand": "declarer-left",
                                             "misere": "declarer-right"}
    assert "in misère, the declarer's right-hand opponent" in lead["skruuvi-1944"]["words"]
    only = diff_json(diff, values_only=True)
    ids = {r["id"] for rows in only["topics"].values() for r in rows}
    assert "kotka.min-level" not in ids and "auction2.final-min-level" in ids and only["values_only"] is True
    assert diff_markdown(diff).startswith("# skruuvi-2016 (2016) compared with skruuvi-1944 (1944)")
    assert "| ~ | `auction2.final-min-level` | 5 | 4 | final min level: 5 → 4;" in diff_markdown(diff)


def test_the_command_prints_the_same(capsys, diff) -> None:
    assert main(["compare", "2016", "1944", "--values-only"]) == 0
    assert capsys.readouterr().out == diff_text(diff, values_only=True)
    assert main(["compare", "2016", "1944", "--json", "--values-only"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(diff_json(diff, values_only=True)))
    assert main(["compare", "2016", "1944", "--all"]) == 0
    same = capsys.readouterr().out
    assert re.search(r"^  =  kitty\.partner-order\s+distribute order: clockwise, starting on the left$", same, re.M)
