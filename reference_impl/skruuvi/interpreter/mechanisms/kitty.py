"""Taking the centre cards and passing cards on: the kitty of an alkupeli, the bolshevik's gifts.

The taker takes the centre cards (automatic). If ``to_partner`` is more than 0 he first gives that many
cards to his partner in one action. Then ``distribution`` says who hands cards out
(``distributor``: ``partner`` or ``taker``) and how many to each of the three other players (``each``),
one action each, in ``distribute_order`` (``clockwise-from-left``: the distributor's left first;
``any-order``: to the three in any order, each once).

A ruleset may instead offer named *procedures* (``procedures``: name -> ``{to_partner, distribution}``,
e.g. 1895's ostoskruuvi and pakettiskruuvi) and say which applies (``procedure``): one of the names, or
``taker-choice``, when the taker, having taken the centre cards, names one with ``choose <name>``.

Parameters: ``taker`` (seat reference), ``distribute_order``, and either ``to_partner`` and
``distribution`` or ``procedures`` and ``procedure``. Optional: ``banned_if_other_side_first_bid``
(``{at_least: n, table_cards_from: seat reference}``): when the other side's first bid (passes aside) had
level n or more, the taker's side exchanges no cards; the centre cards are then dealt one to each player,
from that seat on clockwise, and the phase needs no action. Absent or null: never banned.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from ...rules.errors import IllegalAction
from ...rules.notation import Action, left, partner
from ...rules.phases import TAKER_CHOICE
from ..cards import card_list, card_mask
from ..state import DealState, kept_plan, moved, seat_ref
from .gifts import Gift, verify_give


class KittyStep(NamedTuple):
    gifts: tuple[Gift, ...]  # every gift of the phase, in order (empty while the taker chooses)
    k: int  # the next one


def _gifts(taker: int, procedure: Mapping[str, Any]) -> tuple[Gift, ...]:
    """The gifts of one procedure (``{to_partner, distribution}``) for this taker, in order."""
    distribution = procedure["distribution"]
    return _gift_plan(taker, procedure["to_partner"], distribution["distributor"], distribution["each"])


@cache
def _gift_plan(taker: int, to_partner: int, distributor: str, each: int) -> tuple[Gift, ...]:
    """The gifts of :func:`_gifts` (cached: a handful of plans serve every deal; gifts are immutable)."""
    gifts = []
    if to_partner:
        gifts.append(Gift(taker, partner(taker), to_partner))
    giver = taker if distributor == "taker" else partner(taker)
    receiver = giver
    for _ in range(3):
        receiver = left(receiver)
        gifts.append(Gift(giver, receiver, each))
    return tuple(gifts)


def _any_order_gift(step: KittyStep, params: Mapping[str, Any], action: Action) -> int:
    """The index of the gift ``action`` makes: the step's own, or (``distribute_order: any-order``) a later gift
    of the distribution (the last three gifts: one to each other player) to the seat the action names."""
    k = step.k
    if params["distribute_order"] != "any-order" or action.target == step.gifts[k].receiver:
        return k
    first = len(step.gifts) - 3  # the distribution's first gift
    if k >= first:
        for j in range(k + 1, len(step.gifts)):
            if step.gifts[j].receiver == action.target:
                return j
    return k


def _brought_forward(step: KittyStep, j: int) -> tuple[Gift, ...]:
    """The step's gifts with gift ``j`` made next (at the step's place), the others in their order."""
    gifts, k = step.gifts, step.k
    return gifts if j == k else (*gifts[:k], gifts[j], *gifts[k:j], *gifts[j + 1 :])


def expected_gift(state: DealState) -> Gift:
    """The gift the kitty phase waits for now (giver, receiver, number of cards)."""
    step: KittyStep = state.step
    return step.gifts[step.k]


def _fixed_procedure(params: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The procedure in force, or None when the taker chooses it."""
    if "procedures" not in params:
        return params
    name = params["procedure"]
    return None if name == TAKER_CHOICE else params["procedures"][name]


def _first_gift(taker: int, procedure: Mapping[str, Any]) -> KittyStep:
    """The step that starts the procedure's gifts."""
    return KittyStep(_gifts(taker, procedure), 0)


_CHOOSING = KittyStep((), 0)
"""The step while the taker chooses the procedure (one shared value: steps are immutable)."""


def _first_steps(params: Mapping[str, Any], form_params: Mapping[str, Any] | None) -> tuple[tuple[KittyStep, int], ...]:
    """The step the phase begins with and the seat then to act, for each seat as the taker: the first gift
    of the procedure in force and its giver, or :data:`_CHOOSING` and the taker, who names the procedure
    first (kept per phase: :func:`~skruuvi.interpreter.state.kept_plan`)."""
    procedure = _fixed_procedure(params)
    if procedure is None:
        return tuple((_CHOOSING, taker) for taker in range(4))
    steps = [_first_gift(taker, procedure) for taker in range(4)]
    return tuple((step, step.gifts[0].giver) for step in steps)


_PLANS: dict[int, tuple[Mapping[str, Any], Mapping[str, Any] | None, tuple[tuple[KittyStep, int], ...]]] = {}


def _banned(state: DealState, taker: int, at_least: int) -> bool:
    """Whether the side not the taker's made a first bid of level ``at_least`` or more."""
    first_bid = state.side_first_bid[(taker + 1) % 2]
    return first_bid is not None and first_bid.level >= at_least


SKIPPED_BY = ("banned_if_other_side_first_bid",)
"""The parameters that can make this phase pass without an action (its ban): what ``--explain`` names when an
engine and the reference part just after it."""


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    taker = seat_ref(state, params["taker"])
    hands = list(state.hand_masks)
    ban = params.get("banned_if_other_side_first_bid")
    if ban is not None and _banned(state, taker, ban["at_least"]):
        seat = seat_ref(state, ban["table_cards_from"])
        for k, card in enumerate(state.centre):
            hands[(seat + k) % 4] |= card.bit
        return {"hand_masks": tuple(hands), "step": None, "to_act": None}, True
    hands[taker] |= card_mask(state.centre)
    step, to_act = kept_plan(_PLANS, _first_steps, params)[taker]
    return {"hand_masks": tuple(hands), "step": step, "to_act": to_act}, False


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
    verify_give(state, action, step.gifts[_any_order_gift(step, params, action)])


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: KittyStep = state.step
    if not step.gifts:
        step = _first_gift(action.seat, params["procedures"][action.option])
        return state.evolve(step=step, to_act=step.gifts[0].giver), False
    gifts = _brought_forward(step, _any_order_gift(step, params, action))
    gift = gifts[step.k]
    hands = moved(state.hand_masks, gift.giver, gift.receiver, action.cards)
    if step.k + 1 == len(gifts):
        return state.evolve(hand_masks=hands, step=None, to_act=None), True
    nxt = KittyStep(gifts, step.k + 1)
    return state.evolve(hand_masks=hands, step=nxt, to_act=nxt.gifts[nxt.k].giver), False


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    step: KittyStep = state.step
    if not step.gifts:
        seat = state.to_act
        assert seat is not None
        for name in params["procedures"]:
            yield Action(seat, "choose", option=name)
        return
    for gift in open_gifts(state, params):
        for cards in combinations(card_list(state.hand_masks[gift.giver]), gift.size):
            yield Action(gift.giver, "give", target=gift.receiver, cards=cards)


def open_gifts(state: DealState, params: Mapping[str, Any]) -> tuple[Gift, ...]:
    """The gifts a give may make now, in the legal set's order: the next one, or (``any-order``) any remaining
    gift of the distribution; none while the taker chooses a procedure. Each gift's legal gives are every
    set of its count of the giver's cards."""
    step: KittyStep = state.step
    remaining = step.gifts[step.k :]
    if params["distribute_order"] != "any-order" or step.k < len(step.gifts) - 3:
        remaining = remaining[:1]  # the next gift only (any-order: any remaining gift of the distribution)
    return remaining
