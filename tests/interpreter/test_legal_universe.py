"""The legal set is exactly the accepted actions: over random positions of every ruleset, every dealt form
and the readings that change a phase, every action of ``skruuvi.legal_actions(state)`` is accepted by the
engine's verify (and applies), and every other action of the finite universe is rejected.

The universe of a position (seeded random, so a failure names its seed): every verb of the seat to act
with every argument the notation allows (pass, double, redouble, the 42 bids, the 52 plays, every option
word a phase of the ruleset offers and one no phase offers, every one-card give to each seat) and, for
gives of k = 2..5 cards, the k-card subsets of the giver's hand (all of them when there are at most 300,
else 300 drawn at random), to each seat; plus a pass by every other seat (``not-your-turn``).
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import pytest

import skruuvi
from skruuvi.authoring import bots
from skruuvi.authoring.strategies import dealt_forms, random_deal
from skruuvi.interpreter import engine
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import BIDS, DECK, Action, parse_action
from skruuvi.rules.readings import alternatives, executable, with_readings
from skruuvi.rules.ruleset import Ruleset, available_rulesets, get_ruleset

MAX_SUBSETS = 300


def _options(ruleset: Ruleset) -> list[str]:
    words = {"nonsense"}
    for form in ruleset.forms.values():
        for phase in form.phases:
            words.update(phase.params.get("procedures") or ())
    return sorted(words)


def _universe(state, rng: random.Random, options: list[str]) -> list[Action]:
    seat = state.to_act
    out = [Action(other, "pass") for other in range(4) if other != seat]
    if seat is None:
        return [*out, Action(0, "pass")]
    out += [Action(seat, "pass"), Action(seat, "double"), Action(seat, "redouble")]
    out += [Action(seat, "bid", bid=bid) for bid in BIDS.values()]
    out += [Action(seat, "play", cards=(card,)) for card in DECK]
    out += [Action(seat, "choose", option=word) for word in options]
    held = [card for card in DECK if state.hand_masks[seat] & card.bit]
    for target in range(4):
        out += [Action(seat, "give", target=target, cards=(card,)) for card in DECK]
        for k in range(2, 6):
            if comb(len(held), k) <= MAX_SUBSETS:
                subsets = list(combinations(held, k))
            else:
                subsets = [tuple(sorted(rng.sample(held, k), key=lambda c: c.code)) for _ in range(MAX_SUBSETS)]
            out += [Action(seat, "give", target=target, cards=cards) for cards in subsets]
    return out


def _accepted(state, action: Action) -> bool:
    try:
        engine.verify(state, action)
    except IllegalAction:
        return False
    return True


def check_position(state, rng: random.Random, options: list[str]) -> int:
    """Assert the legal set of ``state`` is exactly the accepted part of its universe; the set's size."""
    answer = skruuvi.legal_actions(state)
    assert answer == sorted(answer), "the answer is sorted by code point"
    assert len(set(answer)) == len(answer), "an action is listed twice"
    listed = set(answer)
    for text in answer:
        action = parse_action(text)
        assert str(action) == text, f"{text!r} is not in canonical spelling"
        assert action.seat == state.to_act
        engine.verify(state, action)  # raises if the listed action is rejected
        engine.apply(state, action)
    for action in _universe(state, rng, options):
        if str(action) not in listed:
            assert not _accepted(state, action), f"{action} is accepted but not in the legal set"
    if state.to_act is None:
        assert answer == []
    return len(answer)


def _walk(ruleset: Ruleset, seed: int) -> int:
    """Check every position of one random deal before play, and three positions of its play."""
    rng = random.Random(seed)
    form = dealt_forms(ruleset)[seed % len(dealt_forms(ruleset))].name
    deal = random_deal(rng, ruleset.id, form=form)
    actions, _ = bots.play_out(ruleset, deal, rng)
    options = _options(ruleset)
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
