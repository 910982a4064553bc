"""The deal state's helpers: seat references and the copy made on entering a phase."""

from __future__ import annotations

import pytest

from skruuvi.interpreter import engine
from skruuvi.interpreter.state import SEAT_REFS, seat_ref
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import left, partner, right
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-2016")
N, E, S, W = range(4)
DEAL = {
    "form": "alkupeli",
    "dealer": "N",
    "hands": {seat: [rank + suit for rank in "23456789TJQK"] for seat, suit in zip("NESW", "SHDC", strict=True)},
    "centre": ["AS", "AH", "AD", "AC"],
}


def test_seat_references_resolve_from_their_seat():
    state = engine.start(RS, DEAL).evolve(highest_bidder=E, declarer=S, doubler=W)
    expected = {
        "dealer": N,
        "forehand": left(N),
        "dealer-partner": partner(N),
        "dealer-right": right(N),
        "highest-bidder": E,
        "highest-bidder-partner": partner(E),
        "declarer": S,
        "declarer-left": left(S),
        "declarer-right": right(S),
        "declarer-partner": partner(S),
        "doubler-left": left(W),
        "doubler-left-partner": right(W),
    }
    assert {ref: seat_ref(state, ref) for ref in SEAT_REFS} == expected


@pytest.mark.parametrize(
    ("ref", "what"),
    [("declarer-left", "declarer"), ("highest-bidder", "highest bidder"), ("doubler-left-partner", "doubler")],
)
def test_a_seat_reference_needs_its_seat_known(ref, what):
    with pytest.raises(IllegalAction) as info:
        seat_ref(engine.start(RS, DEAL), ref)
    assert (info.value.code, info.value.message) == ("wrong-phase", f"no {what} yet")


def test_entering_sets_the_phase_and_the_changes_only():
    state = engine.start(RS, DEAL)
    entered = state.entering(3, {"to_act": W, "step": None})
    assert entered == state.evolve(phase_no=3, to_act=W, step=None)
    assert type(entered) is type(state)
