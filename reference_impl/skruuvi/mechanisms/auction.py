"""Auction: calls in turn until enough consecutive passes.

Parameters: ``first`` (seat reference of the first caller), ``bidders`` (``all`` or ``main-pair``),
``end_after_passes`` (consecutive passes after the last bid that end it), and optionally
``min_level`` (lowest level a bid may name), ``all_pass_form`` (the form a deal turns into when every
bidder passes before anyone bids), ``final_min_level`` (the lowest level the auction may end at) and
``single_round`` (every bidder calls exactly once, then the auction ends).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple

from ..batch import CALLS
from ..errors import IllegalAction
from ..notation import BIDS, Action, Bid, left, partner
from ..state import DealState, seat_ref

PARAMS = frozenset({"first", "bidders", "end_after_passes"})
SEAT_PARAMS = frozenset({"first"})
CHOICES = {"bidders": frozenset({"all", "main-pair"})}


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


def _bidder_count(params: Mapping[str, Any]) -> int:
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
        raise IllegalAction("bid-not-higher", f"{bid} is not higher than {state.highest}")


def _ends_too_low(state: DealState, params: Mapping[str, Any]) -> bool:
    final_min = params.get("final_min_level")
    step: AuctionStep = state.step
    return (
        final_min is not None
        and state.highest is not None
        and step.passes + 1 >= params["end_after_passes"]
        and state.highest.level < final_min
    )


def verify(state: DealState, params: Mapping[str, Any], action: Action) -> None:
    if action.verb == "bid":
        assert action.bid is not None
        _verify_bid(state, params, action.bid)
    elif action.verb == "pass":
        if _ends_too_low(state, params):
            raise IllegalAction(
                "final-contract-too-low",
                f"this pass would end the auction at {state.highest}, below level {params['final_min_level']}",
            )
    else:
        raise IllegalAction("wrong-phase", f"{action.verb!r} has no meaning during an auction")


def apply(state: DealState, params: Mapping[str, Any], action: Action) -> tuple[DealState, bool]:
    step: AuctionStep = state.step
    nxt = _next(params, action.seat)
    if action.verb == "bid":
        bid = action.bid
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
        if params.get("single_round") and step.calls + 1 >= _bidder_count(params):
            return _close(state), True
        return state, False
    passes = step.passes + 1
    if state.highest is None and passes == _bidder_count(params) and params.get("all_pass_form"):
        form = state.ruleset.forms[params["all_pass_form"]]
        return state.evolve(form=form, phase_no=-1, step=None, to_act=None), True
    if passes >= params["end_after_passes"] or (params.get("single_round") and step.calls + 1 >= _bidder_count(params)):
        return _close(state), True
    return state.evolve(step=AuctionStep(passes, step.bids, step.calls + 1), to_act=nxt), False


def _order(bid: Bid, strain_order: tuple[str, ...]) -> int:
    """The bid's place in the bidding order as one number (the order of :func:`_rank`)."""
    return bid.level * 8 + strain_order.index(bid.strain)


@cache
def _calls(strain_order: tuple[str, ...]) -> dict[str, tuple[int, Bid | None, int]]:
    """Canonical call strings of a form -> (seat, bid or ``None`` for a pass, the bid's :func:`_order`).

    Bids of strains the form does not have are left out (``bid-not-allowed`` is for the step path).
    """
    return {
        text: (action.seat, action.bid, -1 if action.bid is None else _order(action.bid, strain_order))
        for text, action in CALLS.items()
        if action.bid is None or action.bid.strain in strain_order
    }


_AUCTION_FIELDS = ("step", "to_act", "highest", "highest_bidder", "side_first_bid", "declarer", "contract")
_FIRST = DealState._fields.index(_AUCTION_FIELDS[0])
_END = _FIRST + len(_AUCTION_FIELDS)
if DealState._fields[_FIRST:_END] != _AUCTION_FIELDS:  # pragma: no cover - a guard for changes to DealState
    raise ImportError(f"auction.apply_many needs the DealState fields {_AUCTION_FIELDS} in this order, in a row")


def _with_auction_fields(state: DealState, values: tuple[Any, ...]) -> DealState:
    """A copy of ``state`` with the fields an auction changes (:data:`_AUCTION_FIELDS`, in a row in
    :class:`DealState`) set to ``values``: :meth:`DealState.evolve` by slices (the batch path's one copy of the
    state, at about a third of the cost of ``evolve`` with seven keywords)."""
    return tuple.__new__(DealState, state[:_FIRST] + values + state[_END:])


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of calls from index ``start`` on: the batch path of :func:`skruuvi.engine.apply_run`.

    The run stops before the first action that is not a canonical ``bid`` or ``pass`` by the seat to act,
    and before an illegal call (those go through the step path, with its checks and codes); a call that ends
    the auction ends it as :func:`apply` does. Returns the state after the run (equal to the step path's),
    the index of the first action not consumed, and whether the auction is over.
    """
    step: AuctionStep = state.step
    passes, bids, calls = step.passes, step.bids, step.calls
    seat = state.to_act
    assert seat is not None
    order = tuple(state.form.params["strain_order"])
    highest, highest_bidder, firsts = state.highest, state.highest_bidder, list(state.side_first_bid)
    if highest is not None and highest.strain not in order:  # a bid this form cannot rank: the step path decides
        return state, start, False
    top = -1 if highest is None else _order(highest, order)
    table = _calls(order)
    minimum = params.get("min_level") or 0
    final_min = params.get("final_min_level")
    end_after, bidders = params["end_after_passes"], _bidder_count(params)
    round_end = bidders if params.get("single_round") else math.inf  # the call that ends a single round
    all_pass_form = params.get("all_pass_form")
    turn = 2 if params["bidders"] == "main-pair" else 1
    index, count = start, len(actions)
    over = False
    while index < count:
        try:
            caller, bid, rank = table[actions[index]]  # type: ignore[index]
        except (KeyError, TypeError):  # not a canonical call (or not even a string): the step path judges it
            break
        if caller != seat:
            break
        if bid is None:  # a pass
            if passes + 1 >= end_after and final_min is not None and highest is not None and highest.level < final_min:
                break  # final-contract-too-low
            index += 1
            if highest is None and passes + 1 == bidders and all_pass_form:  # the deal becomes another form
                form = state.ruleset.forms[all_pass_form]
                return state.evolve(form=form, phase_no=-1, step=None, to_act=None), index, True
            passes += 1
            over = passes >= end_after
        else:
            if rank <= top or bid.level < minimum:
                break
            index += 1
            highest, highest_bidder, top, passes, bids = bid, seat, rank, 0, bids + 1
            if firsts[seat % 2] is None:
                firsts[seat % 2] = bid
        calls += 1
        if over or calls >= round_end:  # closed: the highest bid is the contract, its maker the declarer
            closed = (None, None, highest, highest_bidder, tuple(firsts), highest_bidder, highest)
            return _with_auction_fields(state, closed), index, True
        seat = (seat + turn) % 4
    if index == start:
        return state, start, False
    going_on = (
        AuctionStep(passes, bids, calls),
        seat,
        highest,
        highest_bidder,
        tuple(firsts),
        state.declarer,  # as the auction found them (a second auction's are the first's)
        state.contract,
    )
    return _with_auction_fields(state, going_on), index, False


def _close(state: DealState) -> DealState:
    """The auction is over: the highest bid is the contract, its maker the declarer (:func:`apply_many` closes
    the auction the same way, in the one copy of the state it makes)."""
    return state.evolve(declarer=state.highest_bidder, contract=state.highest, step=None, to_act=None)


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
