"""Doubling's batch path (``fast.doubling.apply_many``) against the step path, call sequence by call sequence.

tests/interpreter/fast/test_fastpath.py compares the two paths over whole random records (legal and
corrupted); here every sequence of the phase's calls (canonical, non-canonical, out of turn) is replayed
from the phase's first state, so that each way the phase can go on or end is met, however rare in random records.
"""

from __future__ import annotations

import itertools
import random

import pytest

from skruuvi.authoring.bots import play_out, random_deal
from skruuvi.interpreter import engine
from skruuvi.interpreter.fast import doubling
from skruuvi.interpreter.state import DealState
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import SEATS, parse_action
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

RULESETS = [
    ruleset
    for ruleset in map(get_ruleset, available_rulesets())
    if any(phase.mechanism == "doubling" for form in ruleset.forms.values() for phase in form.phases)
]
WORDS = ["pass", "double", "redouble", "Pass", "give N AS"]


def doubling_state(ruleset: object, seed: int) -> DealState:
    """The first state of a doubling phase in a random deal of ``ruleset``."""
    rng = random.Random(seed)
    while True:
        deal = random_deal(ruleset, rng)
        actions = play_out(ruleset, deal, rng)[0]
        state = engine.start(ruleset, deal)
        for action in actions:
            if state.phase is not None and state.phase.mechanism == "doubling":
                return state
            state = engine.apply(state, action)


def test_calls_are_the_parsed_ones() -> None:
    assert len(doubling.CALLS) == 12
    for text, (seat, verb) in doubling.CALLS.items():
        action = parse_action(text)
        assert (action.seat, action.verb) == (seat, verb) and str(action) == text


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_call_sequence_agrees(ruleset: object) -> None:
    state = doubling_state(ruleset, 5)
    seats = [SEATS[state.to_act], SEATS[(state.to_act + 1) % 4], SEATS[(state.to_act + 2) % 4]]
    calls = [f"{seat} {word}" for seat in seats for word in WORDS]
    for length in (1, 2, 3):
        for sequence in itertools.product(calls, repeat=length):
            actions = list(sequence)
            step, failure = state, None  # the step path: the state after each action, the first error
            for index, action in enumerate(actions):
                try:
                    step = engine.apply(step, action)
                except IllegalAction:
                    failure = index
                    break
            batch, index = engine.apply_run(state, actions, 0)
            assert index == (len(actions) if failure is None else failure)
            assert batch == step
