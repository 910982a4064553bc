"""The finite action universe of a position and the check that a legal set is exactly its accepted part
(shared by tests/interpreter/test_legal_universe.py and the playthrough test).

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
from operator import attrgetter

import skruuvi
from skruuvi.interpreter import engine
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import BIDS, DECK, Action, parse_action
from skruuvi.rules.ruleset import Ruleset

MAX_SUBSETS = 300
_CODE = attrgetter("code")


def options_of(ruleset: Ruleset) -> list[str]:
    words = {"nonsense"}
    for form in ruleset.forms.values():
        for phase in form.phases:
            words.update(phase.params.get("procedures") or ())
    return sorted(words)


def samples(rng: random.Random, population: list, k: int, count: int) -> list[list]:
    """``count`` draws of ``rng.sample(population, k)``, the very same ones: for the small populations of a
    hand, random.sample picks from a pool by ``_randbelow``, drawn here from ``getrandbits`` in the same way
    without its calls per item (the universe's samples were most of a check's time). Elsewhere (another
    population size, or a Random whose ``_randbelow`` is not the getrandbits one) it is rng.sample itself;
    tests/interpreter/test_legal_universe.py checks the two agree."""
    n = len(population)
    if not (0 <= k <= 5 and n <= 21) or type(rng)._randbelow is not random.Random._randbelow_with_getrandbits:
        return [rng.sample(population, k) for _ in range(count)]
    getrandbits = rng.getrandbits
    sizes = [(m, m.bit_length()) for m in range(n, n - k, -1)]
    out = []
    for _ in range(count):
        pool = list(population)
        drawn = []
        for m, bits in sizes:
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            drawn.append(pool[j])
            pool[j] = pool[m - 1]
        out.append(drawn)
    return out


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
                subsets = [tuple(sorted(cards, key=_CODE)) for cards in samples(rng, held, k, MAX_SUBSETS)]
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
    # The answer parsed. Each spelling is asserted canonical, so an action found here has its spelling listed; the
    # universe's actions are compared as actions, cheaper than spelling each one (and never skipping one more).
    listed: set[Action] = set()
    for text in answer:
        action = parse_action(text)
        assert str(action) == text, f"{text!r} is not in canonical spelling"
        assert action.seat == state.to_act
        engine.verify(state, action)  # raises if the listed action is rejected
        engine.apply(state, action)
        listed.add(action)
    for action in _universe(state, rng, options):
        if action not in listed:
            assert not _accepted(state, action), f"{action} is accepted but not in the legal set"
    if state.to_act is None:
        assert answer == []
    return len(answer)
