"""Seats in the match records of fixed partnerships (the 1895 rubber, the 1944 set): DESIGN §3, amendment
match-seat-names. A seat assignment names four different players, each a non-empty string, and the seats
first given are kept; anything else is ``wrong-seating`` at that deal, index null."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from skruuvi.interpreter.replay import replay
from skruuvi.rules.yamlio import load_yaml

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
KEPT = {
    "1895": CASES / "1895" / "match" / "rubber-seats-kept.yaml",
    "1944": CASES / "1944" / "match" / "set-seats-kept.yaml",
}


def _record(era: str) -> dict[str, Any]:
    case = load_yaml(KEPT[era])
    return {"ruleset": case["ruleset"], "match": case["match"]}


@pytest.mark.parametrize("era", sorted(KEPT))
def test_seats_do_not_change_the_sheets(era: str) -> None:
    with_seats = replay(_record(era))
    without = _record(era)
    for entry in without["match"]["deals"]:
        entry.pop("seats", None)
    assert with_seats.ok and with_seats.result == replay(without).result


@pytest.mark.parametrize("era", sorted(KEPT))
@pytest.mark.parametrize(
    "seats",
    [
        {"N": "A", "E": "B", "S": "A", "W": "D"},  # one player in two seats
        {"N": "A", "E": "", "S": "C", "W": "D"},  # an empty name
        {"N": "A", "E": "B", "S": "C", "W": 4},  # not a string (not read as "4")
        {"N": "A", "E": "B", "S": "C"},  # W missing
        {"N": "A", "E": "B", "S": "C", "W": "D", "X": "E"},  # a fifth seat
        ["A", "B", "C", "D"],  # not a mapping
    ],
    ids=["duplicate", "empty", "number", "missing-seat", "extra-seat", "list"],
)
def test_bad_seats_are_wrong_seating(era: str, seats: Any) -> None:
    record = _record(era)
    record["match"]["deals"][0]["seats"] = seats
    outcome = replay(record)
    assert (outcome.error_deal, outcome.error_index, outcome.error_code) == (0, None, "wrong-seating")


@pytest.mark.parametrize("era", sorted(KEPT))
def test_changed_seats_are_wrong_seating(era: str) -> None:
    record = _record(era)
    deals = record["match"]["deals"]
    changed = copy.deepcopy(deals[0]["seats"])
    changed["E"], changed["S"] = changed["S"], changed["E"]  # new partnerships
    deals[1]["seats"] = changed
    outcome = replay(record)
    assert (outcome.error_deal, outcome.error_index, outcome.error_code) == (1, None, "wrong-seating")
