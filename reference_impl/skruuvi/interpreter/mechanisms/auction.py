"""Auction: calls in turn until enough consecutive passes.

Parameters: ``first`` (seat reference of the first caller), ``bidders`` (``all`` or ``main-pair``),
``end_after_passes`` (consecutive passes after the last bid that end it), and optionally ``min_level`` (lowest
level a bid may name), ``all_pass_form`` (the form a deal turns into when every bidder passes before anyone
bids), ``final_min_level`` (the lowest level the auction may end at), ``final_min_passes`` (which passes that
minimum refuses: ``ending-pass``, only a pass that would end the auction below it, the default; or ``every-pass``,
every pass while the highest bid is below it), ``single_round`` (every bidder calls exactly once, then
the auction ends) and ``equal_bids`` (``rejected``, the default: a bid must be higher; or ``first-chooses``: in
a single round a bid equal to the highest is a call for the same contract; when the round is over and several
have called it, the callers choose in the order they called: a caller keeps it by bidding it again (he is the
declarer) or withdraws by passing, and when one caller is left he is the declarer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from ...rules.errors import IllegalAction
from ...rules.notation import BIDS, Action, Bid, left, partner
from ..state import DealState, seat_ref


class AuctionStep(NamedTuple):
    passes: int = 0  # consecutive passes so far
    bids: int = 0  # bids made in this auction
    calls: int = 0  # calls made in this auction
    callers: tuple[int, ...] = ()  # with equal_bids first-chooses: the seats that called the highest bid, in order


class CallerChoice(NamedTuple):
    """After a single round in which several called the same contract (``equal_bids: first-chooses``): the
    callers still in it, in the order they called; the first of them chooses now."""

    callers: tuple[int, ...]


OPENING = AuctionStep()
"""The step of an auction before its first call (one shared value: steps are immutable)."""


def _next(params: Mapping[str, Any], seat: int) -> int:
    return partner(seat) if params["bidders"] == "main-pair" else left(seat)


def bidder_count(params: Mapping[str, Any]) -> int:
    return 2 if params["bidders"] == "main-pair" else 4


def enter(state: DealState, params: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    return {"step": OPENING, "to_act": seat_ref(state, params["first"])}, False


def _bid_terms(state: DealState, params: Mapping[str, Any]) -> tuple[tuple[str, ...], int | None, Bid | None, bool]:
    """What a bid is judged by here: the form's strain order, the minimum level, the highest bid, and whether a
    bid equal to it may be made (``equal_bids: first-chooses``)."""
    return (tuple(state.form.params["strain_order"]), params.get("min_level"), state.highest,
            params.get("equal_bids", "rejected") == "first-chooses")


def _judge(order: tuple[str, ...], minimum: int | None, highest: Bid | None,
           equal_ok: bool) -> Callable[[Bid], str | None]:
    """``judge(bid)``: the error code that refuses ``bid`` under these terms (:func:`_bid_terms`), or None when
    it may be made."""
    top: list[tuple[int, int]] = []  # the highest bid's rank, once a bid gets as far as comparing with it

    def judge(bid: Bid) -> str | None:
        if bid.strain not in order:
            return "bid-not-allowed"
        if minimum is not None and bid.level < minimum:
            return "bid-below-minimum"
        if highest is not None:
            if not top:
                top.append((highest.level, order.index(highest.strain)))
            if (bid.level, order.index(bid.strain)) <= top[0]:
                return None if bid == highest and equal_ok else "bid-not-higher"
        return None

    return judge


def _verify_bid(state: DealState, params: Mapping[str, Any], bid: Bid) -> None:
    code = _judge(*_bid_terms(state, params))(bid)
    if code == "bid-not-allowed":
        raise IllegalAction(code, f"{bid.strain} cannot be bid in a {state.form.name}")
    if code == "bid-below-minimum":
        raise IllegalAction(code, f"the lowest bid here is at level {params.get('min_level')}")
    if code == "bid-not-higher":
        raise IllegalAction(code, f"{bid} is not higher than {state.highest}")


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


def _verify_choice(state: DealState, action: Action) -> None:
    """A caller's choice: keep the contract (bid it again) or withdraw (pass)."""
    if action.verb == "bid":
        if action.bid != state.highest:
            why = f"a caller may only keep {state.highest} (bid it again) or withdraw (pass)"
            raise IllegalAction("bid-not-allowed", why)
    elif action.verb != "pass":
        raise IllegalAction("wrong-phase", f"{action.verb!r} has no meaning during an auction")


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    if type(state.step) is CallerChoice:
        return _verify_choice(state, action)
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


def _apply_choice(state: DealState, action: Action) -> tuple[DealState, bool]:
    """A caller keeps the contract (he is the declarer) or withdraws; the last caller left is the declarer."""
    callers = state.step.callers[1:]
    if action.verb == "bid" or len(callers) == 1:
        return _close(state.evolve(highest_bidder=action.seat if action.verb == "bid" else callers[0])), True
    return state.evolve(step=CallerChoice(callers), to_act=callers[0]), False


def _round_over(state: DealState, step: AuctionStep) -> tuple[DealState, bool]:
    """The single round is over: the contract is closed, or (several callers) the first caller chooses."""
    if len(step.callers) > 1:
        return state.evolve(step=CallerChoice(step.callers), to_act=step.callers[0]), False
    return _close(state), True


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: AuctionStep | CallerChoice = state.step
    if isinstance(step, CallerChoice):
        return _apply_choice(state, action)
    nxt = _next(params, action.seat)
    if action.verb == "bid":
        bid = action.bid
        choosing = params.get("equal_bids", "rejected") == "first-chooses"
        if choosing and bid == state.highest:  # another call of the same contract: its callers will choose
            step = AuctionStep(0, step.bids + 1, step.calls + 1, (*step.callers, action.seat))
            state = state.evolve(step=step, to_act=nxt)
            if params.get("single_round") and step.calls >= bidder_count(params):
                return _round_over(state, step)
            return state, False
        side = action.seat % 2
        firsts = state.side_first_bid
        if firsts[side] is None:
            firsts = (bid, firsts[1]) if side == 0 else (firsts[0], bid)
        state = state.evolve(
            highest=bid,
            highest_bidder=action.seat,
            side_first_bid=firsts,
            step=AuctionStep(0, step.bids + 1, step.calls + 1, (action.seat,) if choosing else ()),
            to_act=nxt,
        )
        if params.get("single_round") and step.calls + 1 >= bidder_count(params):
            return _round_over(state, state.step)
        return state, False
    passes = step.passes + 1
    if state.highest is None and passes == bidder_count(params) and params.get("all_pass_form"):
        form = state.ruleset.forms[params["all_pass_form"]]
        return state.evolve(form=form, phase_no=-1, step=None, to_act=None), True
    if passes >= params["end_after_passes"]:
        return _close(state), True
    step = AuctionStep(passes, step.bids, step.calls + 1, step.callers)
    if params.get("single_round") and step.calls >= bidder_count(params):
        return _round_over(state.evolve(step=step), step)
    return state.evolve(step=step, to_act=nxt), False


def _close(state: DealState) -> DealState:
    """The auction is over: the highest bid is the contract, its maker the declarer."""
    return state.evolve(step=None, to_act=None, declarer=state.highest_bidder, contract=state.highest)


def legal(state: DealState, params: Mapping[str, Any]) -> Iterator[Action]:
    seat = state.to_act
    assert seat is not None
    if type(state.step) is CallerChoice:
        yield Action(seat, "pass")
        yield Action(seat, "bid", bid=state.highest)
        return
    if not _ends_too_low(state, params):
        yield Action(seat, "pass")
    yield from _legal_bids(seat, *_bid_terms(state, params))


@lru_cache(maxsize=8192)
def _legal_bids(seat: int, *terms: Any) -> tuple[Action, ...]:
    """The bids the judge lets ``seat`` make under ``terms`` (:func:`_bid_terms`), in the order of :data:`BIDS`:
    the same few terms recur in every auction, so each answer is worked out once."""
    judge = _judge(*terms)
    return tuple(Action(seat, "bid", bid=bid) for bid in BIDS.values() if judge(bid) is None)
