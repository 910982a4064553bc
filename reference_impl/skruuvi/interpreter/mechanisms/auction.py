"""Auction: calls in turn until enough consecutive passes.

Parameters: ``first`` (seat reference of the first caller), ``bidders`` (``all`` or ``main-pair``),
``end_after_passes`` (consecutive passes after the last bid that end it), and optionally ``min_level`` (lowest
level a bid may name), ``all_pass_form`` (the form a deal turns into when every bidder passes before anyone
bids), ``final_min_level`` (the lowest level the auction may end at), ``final_min_passes`` (which passes that
minimum refuses: ``ending-pass``, only a pass that would end the auction below it, the default; or ``every-pass``,
every pass while the highest bid is below it), ``single_round`` (every bidder calls exactly once, then
the auction ends) and ``equal_bids`` (``rejected``, the default: a bid must be higher; or ``first-keeps``: a
bid equal to the highest is a call for the same contract, which stays with its first bidder).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from ...rules.errors import IllegalAction
from ...rules.notation import BIDS, Action, Bid, left, partner
from ..state import DealState, seat_ref


class AuctionStep(NamedTuple):
    passes: int = 0  # consecutive passes so far
    bids: int = 0  # bids made in this auction
    calls: int = 0  # calls made in this auction


OPENING = AuctionStep()
"""The step of an auction before its first call (one shared value: steps are immutable)."""


def _rank(state: DealState, bid: Bid) -> tuple[int, int]:
    return bid.level, state.form.params["strain_order"].index(bid.strain)


def _next(params: Mapping[str, Any], seat: int) -> int:
    return partner(seat) if params["bidders"] == "main-pair" else left(seat)


def bidder_count(params: Mapping[str, Any]) -> int:
    return 2 if params["bidders"] == "main-pair" else 4


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    return {"step": OPENING, "to_act": seat_ref(state, params["first"])}, False


def _verify_bid(state: DealState, params: Mapping[str, Any], bid: Bid) -> None:
    order = state.form.params["strain_order"]
    if bid.strain not in order:
        raise IllegalAction("bid-not-allowed", f"{bid.strain} cannot be bid in a {state.form.name}")
    minimum = params.get("min_level")
    if minimum is not None and bid.level < minimum:
        raise IllegalAction("bid-below-minimum", f"the lowest bid here is at level {minimum}")
    if state.highest is not None and _rank(state, bid) <= _rank(state, state.highest):
        if bid == state.highest and params.get("equal_bids", "rejected") == "first-keeps":
            return
        raise IllegalAction("bid-not-higher", f"{bid} is not higher than {state.highest}")


def _ends_too_low(state: DealState, params: Mapping[str, Any]) -> bool:
    """Whether a pass now is refused by the final minimum: the pass that would end the auction below it, or
    (``final_min_passes: every-pass``) any pass while the highest bid is below it."""
    final_min = params.get("final_min_level")
    step: AuctionStep = state.step
    return (
        final_min is not None
        and state.highest is not None
        and state.highest.level < final_min
        and (
            step.passes + 1 >= params["end_after_passes"]
            or params.get("final_min_passes", "ending-pass") == "every-pass"
        )
    )


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    if action.verb == "bid":
        assert action.bid is not None
        _verify_bid(state, params, action.bid)
    elif action.verb == "pass":
        if _ends_too_low(state, params):
            raise IllegalAction(
                "final-contract-too-low",
                f"no pass while the contract is {state.highest}, below level {params['final_min_level']}"
                if state.step.passes + 1 < params["end_after_passes"]
                else f"this pass would end the auction at {state.highest}, below level {params['final_min_level']}",
            )
    else:
        raise IllegalAction("wrong-phase", f"{action.verb!r} has no meaning during an auction")


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: AuctionStep = state.step
    nxt = _next(params, action.seat)
    if action.verb == "bid":
        bid = action.bid
        if bid == state.highest:  # an equal call (equal_bids: first-keeps): the contract stays with its first bidder
            state = state.evolve(step=AuctionStep(0, step.bids + 1, step.calls + 1), to_act=nxt)
            if params.get("single_round") and step.calls + 1 >= bidder_count(params):
                return _close(state), True
            return state, False
        side = action.seat % 2
        firsts = state.side_first_bid
        if firsts[side] is None:
            firsts = (bid, firsts[1]) if side == 0 else (firsts[0], bid)
        state = state.evolve(
            highest=bid,
            highest_bidder=action.seat,
            side_first_bid=firsts,
            step=AuctionStep(0, step.bids + 1, step.calls + 1),
            to_act=nxt,
        )
        if params.get("single_round") and step.calls + 1 >= bidder_count(params):
            return _close(state), True
        return state, False
    passes = step.passes + 1
    if state.highest is None and passes == bidder_count(params) and params.get("all_pass_form"):
        form = state.ruleset.forms[params["all_pass_form"]]
        return state.evolve(form=form, phase_no=-1, step=None, to_act=None), True
    if passes >= params["end_after_passes"] or (params.get("single_round") and step.calls + 1 >= bidder_count(params)):
        return _close(state), True
    return state.evolve(step=AuctionStep(passes, step.bids, step.calls + 1), to_act=nxt), False


def _close(state: DealState) -> DealState:
    """The auction is over: the highest bid is the contract, its maker the declarer."""
    return state.evolve(step=None, to_act=None, declarer=state.highest_bidder, contract=state.highest)


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    if not _ends_too_low(state, params):
        yield Action(seat, "pass")
    for bid in BIDS.values():
        try:
            _verify_bid(state, params, bid)
        except IllegalAction:
            continue
        yield Action(seat, "bid", bid=bid)
