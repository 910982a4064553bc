"""Taking the centre cards and passing cards on: the kitty of an alkupeli, the bolshevik's gifts.

The taker takes the centre cards (automatic). If ``to_partner`` is more than 0 he first gives that many
cards to his partner in one action. Then ``distribution`` says who hands cards out
(``distributor``: ``partner`` or ``taker``) and how many to each of the three other players (``each``),
one action each, in ``distribute_order`` (``clockwise-from-left``: the distributor's left first).

A ruleset may instead offer named *procedures* (``procedures``: name -> ``{to_partner, distribution}``,
e.g. 1895's ostoskruuvi and pakettiskruuvi) and say which applies (``procedure``): one of the names, or
``taker-choice``, when the taker, having taken the centre cards, names one with ``choose <name>``.

Parameters: ``taker`` (seat reference), ``distribute_order``, and either ``to_partner`` and
``distribution`` or ``procedures`` and ``procedure``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..errors import IllegalAction
from ..notation import Action, left, partner
from ..state import DealState, Gift, seat_ref, verify_give

PARAMS = frozenset({"taker", "distribute_order"})
CHOICES = {"distribute_order": frozenset({"clockwise-from-left"})}
DISTRIBUTORS = frozenset({"taker", "partner"})
SEAT_PARAMS = frozenset({"taker"})
TAKER_CHOICE = "taker-choice"


@dataclass(frozen=True, slots=True)
class KittyStep:
    gifts: tuple[Gift, ...]  # every gift of the phase, in order (empty while the taker chooses)
    k: int  # the next one


def _gifts(taker: int, procedure: Mapping[str, Any]) -> tuple[Gift, ...]:
    """The gifts of one procedure (``{to_partner, distribution}``) for this taker, in order."""
    gifts = []
    if procedure["to_partner"]:
        gifts.append(Gift(taker, partner(taker), procedure["to_partner"]))
    distribution = procedure["distribution"]
    giver = taker if distribution["distributor"] == "taker" else partner(taker)
    receiver = giver
    for _ in range(3):
        receiver = left(receiver)
        gifts.append(Gift(giver, receiver, distribution["each"]))
    return tuple(gifts)


def expected_gift(state: DealState) -> Gift:
    """The gift the kitty phase waits for now (giver, receiver, number of cards)."""
    step: KittyStep = state.step
    return step.gifts[step.k]


def _procedure_problem(procedure: Any) -> str | None:
    if not isinstance(procedure, dict):
        return "must be {to_partner: n, distribution: {distributor: taker|partner, each: n}}"
    to_partner = procedure.get("to_partner")
    if not isinstance(to_partner, int) or isinstance(to_partner, bool) or to_partner < 0:
        return "to_partner must be a whole number of cards >= 0"
    distribution = procedure.get("distribution")
    if not isinstance(distribution, dict) or distribution.get("distributor") not in DISTRIBUTORS \
            or not isinstance(distribution.get("each"), int) or distribution["each"] < 1:
        return "distribution must be {distributor: taker|partner, each: a whole number of cards >= 1}"
    return None


def check_params(params: Mapping[str, Any]) -> tuple[str, str] | None:
    """``(param, why)`` when the parameters cannot work together, else None."""
    if "procedures" in params or "procedure" in params:
        procedures = params.get("procedures")
        if not isinstance(procedures, dict) or not procedures:
            return "procedures", "must map procedure names to {to_partner, distribution}"
        for name, procedure in procedures.items():
            problem = _procedure_problem(procedure)
            if problem:
                return "procedures", f"{name}: {problem}"
        if params.get("procedure") not in (*procedures, TAKER_CHOICE):
            return "procedure", f"must be {TAKER_CHOICE} or one of the procedures ({', '.join(procedures)})"
        return None
    for name in ("to_partner", "distribution"):
        if name not in params:
            return "taker", f"needs {name} (or procedures and procedure)"
    problem = _procedure_problem({"to_partner": params["to_partner"], "distribution": params["distribution"]})
    return ("distribution", problem) if problem else None


def _fixed_procedure(params: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The procedure in force, or None when the taker chooses it."""
    if "procedures" not in params:
        return params
    name = params["procedure"]
    return None if name == TAKER_CHOICE else params["procedures"][name]


def _start_gifts(state: DealState, taker: int, procedure: Mapping[str, Any]) -> DealState:
    step = KittyStep(_gifts(taker, procedure), 0)
    return state.evolve(step=step, to_act=step.gifts[0].giver)


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[DealState, bool]:
    taker = seat_ref(state, params["taker"])
    state = state.with_hand(taker, state.hands[taker] | frozenset(state.centre))
    procedure = _fixed_procedure(params)
    if procedure is None:  # the taker names the procedure first
        return state.evolve(step=KittyStep((), 0), to_act=taker), False
    return _start_gifts(state, taker, procedure), False


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    step: KittyStep = state.step
    if not step.gifts:
        if action.verb != "choose":
            raise IllegalAction("wrong-phase", f"the taker must choose a procedure here, not {action.verb!r}")
        if action.option not in params["procedures"]:
            offered = ", ".join(params["procedures"])
            raise IllegalAction("choice-not-offered", f"{action.option!r} is not offered (choose one of: {offered})")
        return
    if action.verb == "choose":
        raise IllegalAction("wrong-phase", "nothing is to be chosen now; a give is required")
    verify_give(state, action, step.gifts[step.k])


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: KittyStep = state.step
    if not step.gifts:
        return _start_gifts(state, action.seat, params["procedures"][action.option]), False
    gift = step.gifts[step.k]
    state = state.move_cards(gift.giver, gift.receiver, action.cards)
    if step.k + 1 == len(step.gifts):
        return state.evolve(step=None, to_act=None), True
    nxt = KittyStep(step.gifts, step.k + 1)
    return state.evolve(step=nxt, to_act=nxt.gifts[nxt.k].giver), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    step: KittyStep = state.step
    if not step.gifts:
        for name in params["procedures"]:
            yield Action(state.to_act, "choose", option=name)
        return
    gift = step.gifts[step.k]
    for cards in combinations(sorted(state.hands[gift.giver], key=lambda c: c.code), gift.count):
        yield Action(gift.giver, "give", target=gift.receiver, cards=cards)
