"""The auction's batch path: the calls read from a table of canonical spellings, planned once per phase.

The rule is :mod:`skruuvi.interpreter.mechanisms.auction`'s: :func:`apply_many` applies calls as its
``apply`` does, and stops before the first call that is not canonical, out of turn or not sure to be legal
(a bid not above the highest, a pass that would end the auction too low), which the step path then judges.
An auction with a value it does not implement (``final_min_passes: every-pass``, ``equal_bids: first-chooses``,
:data:`STEP_ONLY`) gets no batch path (``fast.batch_path_for``): its mechanism's own ``verify`` and ``apply`` run
it, and :func:`apply_many`, asked directly, leaves it whole to the step path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, cast

from ...rules.notation import Bid
from ..mechanisms.auction import AuctionStep, bidder_count
from ..state import DealState, kept_plan, tuple_new
from .tables import CALLS


def _order(bid: Bid, strain_order: Sequence[str]) -> int:
    """The bid's place in the bidding order as one number (the order of the step path's ``_rank``)."""
    return bid.level * 8 + strain_order.index(bid.strain)


class _Plan(NamedTuple):
    """What :func:`apply_many` reads from an auction's parameters and its form's ``strain_order``, worked out
    once per phase and form (:func:`~skruuvi.interpreter.state.kept_plan`) instead of once per deal."""

    calls: dict[str, tuple[int, Bid | None, int]]  # canonical call -> (seat, bid or None, the bid's _order)
    next_seat: tuple[int, int, int, int]  # the next caller after each seat
    end_after: int
    rare_passes: int  # from this many consecutive passes on, a pass may end the auction or turn the form
    round_calls: int | None  # the calls of a single round (None without one)
    bidders: int
    final_min: int | None
    all_pass_form: str | None
    step_only: bool  # a reading this path does not implement: the step path plays the auction


STEP_ONLY = {"final_min_passes": "ending-pass", "equal_bids": "rejected"}
"""The parameters this path implements at their default value only (another value: the step path plays)."""


def _make_plan(params: Mapping[str, Any], form_params: Mapping[str, Any] | None) -> _Plan:
    assert form_params is not None
    order = tuple(form_params["strain_order"])
    minimum = params.get("min_level") or 0
    turn = 2 if params["bidders"] == "main-pair" else 1
    bidders = bidder_count(params)
    end_after = params["end_after_passes"]
    all_pass_form = params.get("all_pass_form")
    return _Plan(
        # bids the form does not have, or below the minimum, are left out (their codes are the step path's)
        calls={
            text: (action.seat, action.bid, -1 if action.bid is None else _order(action.bid, order))
            for text, action in CALLS.items()
            if action.bid is None or (action.bid.strain in order and action.bid.level >= minimum)
        },
        next_seat=tuple((seat + turn) % 4 for seat in range(4)),  # type: ignore[arg-type]
        end_after=end_after,
        rare_passes=min(end_after, bidders) if all_pass_form else end_after,
        round_calls=bidders if params.get("single_round") else None,
        bidders=bidders,
        final_min=params.get("final_min_level"),
        all_pass_form=all_pass_form,
        step_only=any(params.get(name, default) != default for name, default in STEP_ONLY.items()),
    )


_PLANS: dict[int, tuple[Mapping[str, Any], Mapping[str, Any] | None, _Plan]] = {}


_AUCTION_FIELDS = ("step", "to_act", "highest", "highest_bidder", "side_first_bid", "declarer", "contract")
_FIRST = DealState._fields.index(_AUCTION_FIELDS[0])
_END = _FIRST + len(_AUCTION_FIELDS)
_FIRST_BID_END = _FIRST + 5
"""The end of the fields from ``step`` to ``side_first_bid`` (read at once at the start of :func:`apply_many`)."""
_BidFields = tuple[AuctionStep, int | None, Bid | None, int | None, tuple[Bid | None, Bid | None]]
"""Their types (the slice of a :class:`DealState` is typed as a tuple of all its fields' types)."""
if DealState._fields[_FIRST:_END] != _AUCTION_FIELDS:  # pragma: no cover - a guard for changes to DealState
    raise ImportError(f"auction.apply_many needs the DealState fields {_AUCTION_FIELDS} in this order, in a row")


def _with_auction_fields(state: DealState, values: tuple[Any, ...]) -> DealState:
    """A copy of ``state`` with the fields an auction changes (:data:`_AUCTION_FIELDS`, in a row in
    :class:`DealState`) set to ``values``: :meth:`DealState.evolve` by slices (the batch path's one copy of the
    state, at about a third of the cost of ``evolve`` with seven keywords)."""
    return tuple_new(DealState, state[:_FIRST] + values + state[_END:])


def apply_many(
    state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """Apply a run of calls from index ``start`` on: the batch path of :func:`skruuvi.interpreter.engine.apply_run`.

    The run stops before the first action that is not a canonical ``bid`` or ``pass`` by the seat to act,
    and before an illegal call (those go through the step path, with its checks and codes); a call that ends
    the auction ends it as :func:`apply` does. Returns the state after the run (equal to the step path's),
    the index of the first action not consumed, and whether the auction is over.
    """
    form = state.form
    calls, next_seat, end_after, rare_passes, round_calls, bidders, final_min, all_pass_form, step_only = kept_plan(
        _PLANS, _make_plan, params, form.params
    )  # the plan's fields unpacked at once (cheaper than reading them one by one)
    if step_only:
        return state, start, False
    step, seat, highest, highest_bidder, firsts = cast(_BidFields, state[_FIRST:_FIRST_BID_END])
    passes, bids, called, _ = step  # no callers are kept by default (equal_bids: rejected)
    assert seat is not None
    if highest is None:
        top = -1
    elif highest.strain in form.params["strain_order"]:
        top = _order(highest, form.params["strain_order"])
    else:  # a bid this form cannot rank: the step path decides
        return state, start, False
    stop = len(actions)
    if round_calls is not None:  # a single round ends at its last call: the run goes no further
        stop = min(stop, start + round_calls - called)
    index = start
    for text in actions[start:stop]:
        try:
            caller, bid, rank = calls[text]  # type: ignore[index]
        except (KeyError, TypeError):  # not a canonical call (or not even a string): the step path judges it
            break
        if caller != seat:
            break
        if bid is None:  # a pass
            passes += 1
            if passes >= rare_passes:  # the pass may end the auction, or turn the deal into another form
                if highest is None and passes == bidders and all_pass_form:
                    form = state.ruleset.forms[all_pass_form]
                    return state.evolve(form=form, phase_no=-1, step=None, to_act=None), index + 1, True
                if passes >= end_after:
                    if final_min is not None and highest is not None and highest.level < final_min:
                        passes -= 1  # not made: final-contract-too-low is the step path's
                        break
                    return _closed(state, highest, highest_bidder, firsts), index + 1, True
        else:
            if rank <= top:
                break
            highest, highest_bidder, top, passes, bids = bid, seat, rank, 0, bids + 1
            if firsts[seat % 2] is None:
                firsts = (bid, firsts[1]) if seat % 2 == 0 else (firsts[0], bid)
        index += 1
        seat = next_seat[seat]
    if index == start:
        return state, start, False
    if round_calls is not None and called + index - start >= round_calls:  # the round is over
        return _closed(state, highest, highest_bidder, firsts), index, True
    going_on = (
        tuple_new(AuctionStep, (passes, bids, called + index - start, ())),
        seat,
        highest,
        highest_bidder,
        firsts,
        state.declarer,  # as the auction found them (a second auction's are the first's)
        state.contract,
    )
    return _with_auction_fields(state, going_on), index, False


def _closed(
    state: DealState, highest: Bid | None, highest_bidder: int | None, firsts: tuple[Bid | None, Bid | None]
) -> DealState:
    """The auction closed with these bids: the highest bid is the contract, its maker the declarer, in one copy
    of the state (the step path's ``_close``, by slices)."""
    return _with_auction_fields(state, (None, None, highest, highest_bidder, firsts, highest_bidder, highest))
