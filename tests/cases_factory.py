"""A small valid suite case for schema and validation tests (four passes, then the record stops)."""

from __future__ import annotations

from typing import Any

DECK = [r + s for s in "SCDH" for r in "23456789TJQKA"]


def minimal_case(**changes: Any) -> dict[str, Any]:
    """A lint-complete case whose expected answer is incomplete-record at index 4; ``changes`` override keys."""
    case: dict[str, Any] = {
        "id": "test.four-passes",
        "ruleset": "skruuvi-2016",
        "description": "four passes and nothing else",
        "rules": ["auction.all-pass"],
        "justification": {"kind": "hand-derived", "note": "the record stops after the first auction"},
        "deal": {"form": "alkupeli", "dealer": "N", "deck": list(DECK), "centre_positions": [5, 17, 30, 44]},
        "actions": ["N pass", "E pass", "S pass", "W pass"],
        "expect": {"error": {"index": 4, "code": "incomplete-record"}},
    }
    case.update(changes)
    return case
