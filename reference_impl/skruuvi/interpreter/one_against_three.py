"""A rule settled one against three (``to: declarer-against-each`` or ``declarer-shared``, the bolsevikki's): the
declarer's points worked out from his own tricks and the aces in them, and how the other three players answer
them. The scorer (:mod:`skruuvi.interpreter.scoring`) scores such a rule deal by deal through
:func:`one_against_each`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.errors import RulesetError
from ..rules.notation import SEATS
from .facts import seat_tricks
from .outcome import ScoreItem
from .state import DealState

if TYPE_CHECKING:
    from ..rules.ruleset import ScoringRule


def one_against_each(state: DealState, rule: ScoringRule, facts: dict[str, Any]) -> list[ScoreItem]:
    """A one-against-three settlement, the points worked out for the declarer's seat (``own_`` his tricks and the
    aces in them, ``opp_`` the other three's): ``declarer-against-each``, he receives them from each other player
    (three times over; each other player the negation); ``declarer-shared``, he scores them once and the other
    three share the negation equally (each a third of it, a fraction where it does not divide by three)."""
    if state.declarer is None:
        return []
    seat = SEATS[state.declarer]
    won = seat_tricks(state)
    own_aces = opp_aces = 0
    for number, _, cards, winner in state.tricks:
        for card in cards:
            if card.rank == 14:
                if winner == state.declarer:
                    own_aces += number
                else:
                    opp_aces += number
    env = {
        **facts,
        "own_tricks": won[seat],
        "opp_tricks": 13 - won[seat] if state.tricks else 0,
        "own_ace_ordinals": own_aces,
        "opp_ace_ordinals": opp_aces,
        "is_main": True,
    }
    if rule.when is not None and not rule.when.compiled(env):
        return []
    points = rule.points.compiled(env)
    if not isinstance(points, int) or isinstance(points, bool):
        raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=state.ruleset.path)
    if rule.multiplied is True:
        points *= facts["multiplier"]
    points *= state.ruleset.scale
    others = [s for s in SEATS if s != seat]
    if rule.to == "declarer-shared":
        share = -(points // 3) if points % 3 == 0 else -points / 3
        return [ScoreItem(rule.id, seat, points, rule.column),
                *(ScoreItem(rule.id, other, share, rule.column) for other in others)]
    return [
        ScoreItem(rule.id, seat, points * len(others), rule.column),
        *(ScoreItem(rule.id, other, -points, rule.column) for other in others),
    ]


__all__ = ["one_against_each"]
