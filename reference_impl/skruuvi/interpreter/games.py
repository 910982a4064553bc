"""Games (ulosmeno) and the running below-the-line count, for rulesets with a ``match`` section.

After each deal, each side's running count grows by the deal's below-the-line points. A side whose
count reaches the ruleset's ``game_threshold`` wins a game: its n-th game of the set earns
``game_bonus`` (an expression of ``game_number``), written in its below column, and both running
counts restart. When both sides reach the threshold in the same deal, ``simultaneous_games:
first-by-trick`` gives the game to the side that reached it first, counting the deal's below points
trick by trick in the order of play. A form with ``resets_running: true`` (kotka) restarts both
counts after every deal. The threshold and the bonus are multiplied by the ruleset's ``scale``, like
every other point figure.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..rules.errors import IllegalAction
from ..rules.notation import SIDES
from .outcome import ScoreItem
from .scoring import score_items
from .state import DealState, tuple_new

BELOW = "below"


class Position(NamedTuple):
    """Where a set stands between deals: running below counts and games won per side.

    A named tuple, like :class:`~skruuvi.interpreter.outcome.ScoreItem`: one is built after every deal of a ruleset with
    games."""

    running: tuple[int, int] = (0, 0)  # NS, EW
    games: tuple[int, int] = (0, 0)

    def get(self, field: str, side: str) -> int:
        value: tuple[int, int] = getattr(self, field)
        return value[SIDES.index(side)]


def _pair(value: Any, where: str, limit: int | None) -> tuple[int, int]:
    if value is None:
        return (0, 0)
    if not isinstance(value, dict):
        raise IllegalAction("invalid-deal", f"deal.state.{where} must map NS and EW to whole numbers", None)
    pair = []
    for side in SIDES:
        number = value.get(side, 0)
        if (
            not isinstance(number, int)
            or isinstance(number, bool)
            or number < 0
            or (limit is not None and number >= limit)
        ):
            bound = f" below {limit}" if limit is not None else ""
            raise IllegalAction(
                "invalid-deal", f"deal.state.{where}.{side} must be a whole number 0 or more{bound}", None
            )
        pair.append(number)
    return (pair[0], pair[1])


def position_from(state: Any, threshold: int) -> Position:
    """The set position given by a single-deal record's optional ``deal.state`` (``invalid-deal`` if bad).

    A running count at or above the game threshold cannot stand between deals: the game would be won.
    """
    if state is None:
        return Position()
    if not isinstance(state, dict):
        raise IllegalAction("invalid-deal", "deal.state must be a mapping", None)
    return Position(_pair(state.get("running"), "running", threshold), _pair(state.get("games"), "games", None))


def _below(items: list[ScoreItem]) -> tuple[int, int]:
    """The items' below-the-line points of NS and of EW."""
    ns = ew = 0
    for _, side, points, column in items:  # a ScoreItem is a named tuple: unpacked in C
        if column == BELOW:
            if side == "NS":
                ns += points
            elif side == "EW":
                ew += points
            else:
                raise KeyError(side)  # games are won by sides: a form scored per seat has none
    return ns, ew


def _first_to_reach(deal: DealState, before: tuple[int, int], threshold: int) -> str:
    """Which side reached the threshold first, adding the deal's below points trick by trick."""
    for k in range(1, len(deal.tricks) + 1):
        partial = _below(score_items(deal.evolve(tricks=deal.tricks[:k]), only_column=BELOW))
        reached = [i for i in range(2) if before[i] + partial[i] >= threshold]  # NS first: it wins a tie
        if reached:
            return SIDES[max(reached, key=lambda i: before[i] + partial[i])]
    return "NS"


NEW_SET = Position()
"""The position before a set's first deal."""


def settle(deal: DealState, items: list[ScoreItem], before: Position) -> tuple[list[ScoreItem], Position]:
    """Add any game bonus to the deal's items and return the position after the deal."""
    spec = deal.ruleset.match
    if spec is None or not spec.has_games:
        return items, before
    bonus, after = settle_below(deal, _below(items), before)
    if bonus is not None:
        items = [*items, bonus]
    return items, after


def settle_below(deal: DealState, below: tuple[int, int], before: Position) -> tuple[ScoreItem | None, Position]:
    """The game bonus item the deal wins, if any, and the position after the deal, from the deal's
    below-the-line points of NS and of EW (a ruleset with games)."""
    ruleset = deal.ruleset
    spec = ruleset.match
    assert spec is not None and spec.game_bonus is not None
    threshold = ruleset.game_threshold
    running = (before.running[0] + below[0], before.running[1] + below[1])
    games = before.games
    bonus = None
    if running[0] >= threshold or running[1] >= threshold:
        if running[0] < threshold:
            winner = "EW"
        elif running[1] < threshold:
            winner = "NS"
        else:
            winner = _first_to_reach(deal, before.running, threshold)
        k = SIDES.index(winner)
        games = (games[0] + 1, games[1]) if k == 0 else (games[0], games[1] + 1)
        points = spec.game_bonus({"game_number": games[k]}) * ruleset.scale
        bonus = tuple_new(ScoreItem, ("match.game-bonus", winner, points, BELOW))  # in C, as the Position
        running = (0, 0)
    if deal.form.params.get("resets_running"):
        running = (0, 0)
    return bonus, tuple_new(Position, (running, games))  # in C: a named tuple's own __new__ is Python
