"""Match sheets read by a player (skruuvi.book.sheets): the chart's axis marked at round numbers, why a 2016 game
drifts below zero said from the rules, the side sheet's deal numbers and final line explained."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from skruuvi.book.sheets import _ticks, match_cases, match_sheet
from skruuvi.rules.ruleset import get_ruleset


@pytest.mark.parametrize(("low", "high"), [(-772, 0), (-268, 50), (0, 2300), (-5, 3), (0, 0)])
def test_the_axis_ticks_are_round_cover_the_values_and_hold_zero(low: int, high: int) -> None:
    ticks = _ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high and 0 in ticks and len(ticks) <= 8
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1
    assert all(b - a == step for a, b in pairwise(ticks))
    assert str(step).lstrip("-")[0] in "125" and set(str(step)[1:]) <= {"0"}


def _sheet(rid: str, suite_cases) -> list[str]:
    rs = get_ruleset(rid)
    cases, _ = suite_cases
    return match_sheet(rs, match_cases(rs, cases)[0], "card/x.md", [])


def test_the_2016_match_chart_is_labelled_and_says_why_everyone_ends_below_zero(suite_cases) -> None:
    """The 48-deal sitsi ends with every player below zero: the chart's axis has round labels down past the lowest
    total and a title, and a sentence names the costs nobody receives (the ruleset's scoring rules paid to each side
    and not settled zero-sum)."""
    rs = get_ruleset("skruuvi-2016")
    blocks = _sheet(rs.id, suite_cases)
    chart = next(b for b in blocks if "sk-sheet" in b and "<svg" in b)
    labels = [int(t.replace("−", "-")) for t in re.findall(r'class="sk-sheet-deal">(−?\d+)</text>', chart)]
    totals = [int(t.replace("−", "-")) for t in re.findall(r"player \w: (−?\d+)", chart)]
    assert len(labels) >= 3 and 0 in labels and min(labels) <= min(totals)
    assert ">points</text>" in chart
    why = next(b for b in blocks if b.startswith("Every player ends below zero"))
    costs = [r for rules in rs.schemes.values() for r in rules
             if r.to == "each" and r.id not in set(rs.scoring_params.get("zero_sum") or ())]
    assert costs and all(rs.rules[r.id].title.lower() in why for r in costs)


def test_the_1944_sheet_explains_its_deal_numbers_and_its_final_line(suite_cases) -> None:
    rs = get_ruleset("skruuvi-1944")
    blocks = _sheet(rs.id, suite_cases)
    sheet = next(b for b in blocks if "<svg" in b)
    assert "in the book" not in sheet and re.search(r"(North–South|East–West) wins \d+|nobody wins", sheet)
    key = next(b for b in blocks if b.startswith("Above the line each entry is followed by the number of the deal"))
    assert f"divided by {rs.match.params['final_divisor'] * rs.scale} and rounded" in key
    assert "in the book" not in "\n".join(blocks)
