"""One row of a deal's table of tricks, as the worked examples and the learn-to-play chapters draw it: the four
cards in seat order, the card led in bold and the winning card framed, and the tricks won so far (by side, or by
seat in a form played one against three)."""

from __future__ import annotations

from typing import Any

from ..rules.notation import side_of
from . import md


def trick_cells(trick: Any, wins: str) -> list[str]:
    """The four cells (North, East, South, West) of a completed trick; ``wins``: the framed card's tooltip."""
    cells = [""] * 4
    for i, card in enumerate(trick.cards):
        seat = (trick.leader + i) % 4
        shown = md.card(str(card))
        if seat == trick.winner:
            shown = f'<span class="sk-win" title="{wins}">{shown}</span>'
        cells[seat] = f"**{shown}**" if i == 0 else shown
    return cells


class Tally:
    """The tricks won so far, by side (``NS–EW``) or, one against three, by seat (``N–E–S–W``)."""

    def __init__(self, per_seat: bool) -> None:
        self.per_seat = per_seat
        self.sides = {"NS": 0, "EW": 0}
        self.seats = [0, 0, 0, 0]

    def add(self, trick: Any) -> None:
        """Count a completed trick for its winner."""
        self.sides[side_of(trick.winner)] += 1
        self.seats[trick.winner] += 1

    def __str__(self) -> str:
        return "–".join(map(str, self.seats)) if self.per_seat else f"{self.sides['NS']}–{self.sides['EW']}"
