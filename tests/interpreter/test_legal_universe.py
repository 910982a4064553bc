"""The legal set is exactly the accepted actions: over random positions of every ruleset, every dealt form
and the readings that change a phase, every action of ``skruuvi.legal_actions(state)`` is accepted by the
engine's verify (and applies), and every other action of the finite universe is rejected.

The universe of a position is tests/legal_universe.py's.
"""

from __future__ import annotations

import random

import pytest

from legal_universe import check_position, options_of
from skruuvi.authoring import bots
from skruuvi.authoring.strategies import dealt_forms, random_deal
from skruuvi.interpreter import engine
from skruuvi.rules.readings import alternatives, executable, with_readings
from skruuvi.rules.ruleset import Ruleset, available_rulesets, get_ruleset


def _walk(ruleset: Ruleset, seed: int) -> int:
    """Check every position of one random deal before play, and three positions of its play."""
    rng = random.Random(seed)
    form = dealt_forms(ruleset)[seed % len(dealt_forms(ruleset))].name
    deal = random_deal(rng, ruleset.id, form=form)
    actions, _ = bots.play_out(ruleset, deal, rng)
    options = options_of(ruleset)
    state = engine.start(ruleset, deal)
    checked = 0
    plays = 0
    for action in actions:
        in_play = state.phase is not None and state.phase.mechanism == "play"
        plays += in_play
        if not in_play or plays in (1, 2, 23, 50):
            check_position(state, rng, options)
            checked += 1
        state = engine.apply(state, action)
    assert state.finished
    check_position(state, rng, options)
    return checked


@pytest.mark.parametrize("ruleset_id", available_rulesets())
@pytest.mark.parametrize("seed", range(4))
def test_legal_set_is_the_accepted_universe(ruleset_id: str, seed: int) -> None:
    assert _walk(get_ruleset(ruleset_id), seed) > 0


def _phase_readings() -> list[tuple[str, str, object]]:
    """Every executable alternative of a rule of a phase or a form: the readings that may change a legal set."""
    out = []
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        for rule_id, alt in alternatives(ruleset):
            pointer = ruleset.rules[rule_id].pointer
            if executable(alt) and pointer.startswith(("/phases/", "/forms/")):
                out.append((rid, rule_id, alt["value"]))
    return out


@pytest.mark.parametrize(("ruleset_id", "rule_id", "value"), _phase_readings(),
                         ids=lambda v: v if isinstance(v, str) else None)
def test_legal_set_under_other_readings(ruleset_id: str, rule_id: str, value: object) -> None:
    ruleset = with_readings(get_ruleset(ruleset_id), {rule_id: value})
    for seed in (11,):
        assert _walk(ruleset, seed) > 0


def test_the_universe_draws_the_samples_random_sample_draws() -> None:
    """tests/legal_universe.py's quicker draws are random.sample's own, for every hand size and gift size it
    asks (and a population it hands to random.sample), so its universes hold the same subsets."""
    from legal_universe import samples

    for n in (0, 3, 5, 9, 12, 13, 17, 21, 30):
        population = list(range(100, 100 + n))
        for k in range(2, 6):
            if k > n:
                continue
            ours, theirs = random.Random(n * 10 + k), random.Random(n * 10 + k)
            assert samples(ours, population, k, 50) == [theirs.sample(population, k) for _ in range(50)]
            assert ours.random() == theirs.random()  # the stream is left where random.sample leaves it
