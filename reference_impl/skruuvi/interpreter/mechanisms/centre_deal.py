"""Dealing the centre cards out one to each player (an automatic phase: no actions).

Parameter: ``start`` (seat reference of who receives ``centre[0]``); the rest follow clockwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...rules.errors import IllegalAction
from ...rules.notation import Action
from ..state import DealState, seat_ref


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    seat = seat_ref(state, params["start"])
    hands = list(state.hand_masks)
    for k, card in enumerate(state.centre):
        hands[(seat + k) % 4] |= card.bit
    return {"hand_masks": tuple(hands), "step": None, "to_act": None}, True


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:  # pragma: no cover
    raise IllegalAction("wrong-phase", "the centre cards are dealt automatically")


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:  # pragma: no cover
    raise IllegalAction("wrong-phase", "the centre cards are dealt automatically")


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    return iter(())
