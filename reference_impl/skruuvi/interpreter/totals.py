"""A deal's score sheet entry: its score items added up per side (or per seat) and per column.

``{NS: int, EW: int}`` for a ruleset without a line; ``{NS: {column: int}, EW: {...}}`` for one with columns
(below and above the line); ``{N: int, E: int, S: int, W: int}`` for a form played one against three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules.notation import SEATS
from .facts import ONE_COLUMN
from .outcome import ScoreItem


def totals(
    ruleset_columns: tuple[str, ...], items: list[ScoreItem] | tuple[ScoreItem, ...], seats: bool = False
) -> dict[str, Any]:
    """The score object: ``{NS: int, EW: int}`` with one column, else ``{NS: {column: int}, ...}``;
    per seat (``{N: int, E: int, S: int, W: int}``) for a form played one against three."""
    if seats:
        return add_points(dict.fromkeys(SEATS, 0), items)
    if ruleset_columns == ONE_COLUMN:
        return add_points({"NS": 0, "EW": 0}, items)
    return add_to_columns({"NS": dict.fromkeys(ruleset_columns, 0), "EW": dict.fromkeys(ruleset_columns, 0)}, items)


def add_points(flat: dict[str, int], items: Sequence[ScoreItem]) -> dict[str, int]:
    """``flat`` (points per side or seat) with the items' points added."""
    for _, side, points, _ in items:  # a ScoreItem is a named tuple: unpacked in C
        flat[side] += points
    return flat


def add_to_columns(table: dict[str, dict[str, int]], items: Sequence[ScoreItem]) -> dict[str, dict[str, int]]:
    """``table`` (points per side and column) with the items' points added."""
    for _, side, points, column in items:
        table[side][column] += points
    return table
