"""The batch path (engine.apply_run and the mechanisms' apply_many) agrees with the step path (engine.apply).

Every record is replayed twice: action by action through :func:`~skruuvi.interpreter.engine.apply` only,
and through :func:`~skruuvi.interpreter.engine.apply_run` with :func:`~skruuvi.interpreter.engine.apply` for
whatever the batch path leaves.
The states after the same number of actions must be equal, and so must the first illegal action (index,
code and message) and the final outcome. Records are random legal deals of every ruleset and dealt form
(:mod:`skruuvi.authoring.bots`), the same records corrupted in many ways, and random match records.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from skruuvi.authoring.bots import play_out, random_deal, random_match, random_record
from skruuvi.interpreter import engine, replay
from skruuvi.interpreter.cards import card_list, card_mask, cards_of
from skruuvi.interpreter.fast.tables import CALLS, PLAY_MOVES
from skruuvi.interpreter.state import DealState
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import DECK, SEATS
from skruuvi.rules.readings import with_readings
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

RULESETS = [get_ruleset(r) for r in available_rulesets()]
READINGS_2016 = {
    "auction2.final-min-passes": "every-pass",
    "passimisaari.return-order": "reverse",
    "passimisaari.doubling-order": ["dealer", "forehand", "dealer-partner", "dealer-right"],
    "score.zero-sum": ["score.passimisaari-tricks", "score.passimisaari-aces", "score.misere-aces"],
    "bolsevikki.lead": "declarer-right",
    "bolsevikki.several-callers": "first-chooses",
    "kitty.partner-order": "any-order",
    "bolsevikki.gift-order": "any-order",
    "passimisaari.different-card": False,
    "defenders-exchange.different-card": False,
    "defenders-exchange.kind": "compulsory",
    "deal.centre-not-top-or-bottom": [],
    "deal.centre-not-consecutive": 4,
}
"""The 2016 alternatives of issue 15 at once: the batch paths that do not implement one fall back to the step
path, and the answers must stay the step path's."""
SAMPLED = [
    *(pytest.param(ruleset, id=ruleset.id) for ruleset in RULESETS),
    pytest.param(with_readings(get_ruleset("skruuvi-2016"), READINGS_2016), id="skruuvi-2016-readings"),
]
CARD_NAMES = [str(card) for card in DECK]
Failure = tuple[int, str, str] | None

JUNK: list[Any] = [None, 5, 1.5, ["N", "pass"], {"seat": "N"}, "", "N", "N play", "N play 1S", "X pass",
                   "N  pass", "N play  AS", " N pass", "N pass ", "N bid 8S", "N bid 1X", "N give", "N give S",
                   "N give S AS AS", "N double", "E redouble", "S fly AS"]


def step_states(state: DealState, actions: list[Any]) -> tuple[list[DealState], Failure]:
    """The state after each prefix of ``actions`` (step path only) and the first illegal action, if any."""
    states = [state]
    for index, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except IllegalAction as exc:
            return states, (index, exc.code, exc.message)
        states.append(state)
    return states, None


def batch_replay(state: DealState, actions: list[Any], start: int, expected: list[DealState]) -> Failure:
    """Replay ``actions[start:]`` as :func:`skruuvi.interpreter.replay.play_deal` does, checking every state reached."""
    index = start
    while True:
        state, index = engine.apply_run(state, actions, index)
        assert state == expected[index], f"batch state after {index} actions differs from the step path's"
        if index == len(actions):
            return None
        try:
            state = engine.apply(state, actions[index])
        except IllegalAction as exc:
            return index, exc.code, exc.message
        index += 1
        assert state == expected[index]


def check(ruleset: Any, deal: dict[str, Any], actions: list[Any], rng: random.Random) -> Failure:
    """Both paths agree on ``actions`` from the start and from a random point; returns the step failure."""
    try:
        first = engine.start(ruleset, deal)
    except IllegalAction:
        return None
    states, failure = step_states(first, actions)
    assert batch_replay(first, actions, 0, states) == failure
    middle = rng.randrange(len(states))  # start in the middle of a phase (or of a trick)
    assert batch_replay(states[middle], actions, middle, states) == failure
    return failure


def corrupt(actions: list[Any], rng: random.Random) -> list[Any]:
    """``actions`` with one random corruption: replaced (by junk, by another seat's action or by a doubtful
    call of the right seat), dropped, doubled, swapped or cut."""
    out = list(actions)
    if not out:
        return [rng.choice(JUNK)]
    i = rng.randrange(len(out))
    seat = out[i].split()[0] if isinstance(out[i], str) and out[i].split() else "N"
    kind = rng.randrange(9)
    if kind == 0:
        out[i] = rng.choice(JUNK)
    elif kind == 1:
        out[i] = rng.choice(list(PLAY_MOVES))
    elif kind == 2:
        out[i] = rng.choice(list(CALLS))
    elif kind == 3:
        del out[i]
    elif kind == 4:
        out.insert(i, out[i])
    elif kind == 5:  # a call by the right seat: often too low, below the minimum, or not allowed
        out[i] = rng.choice([c for c in CALLS if c.startswith(seat)])
    elif kind == 6:  # an earlier bid again, by the right seat: not higher
        bids = [a.split()[2] for a in out[:i] if isinstance(a, str) and " bid " in a]
        out[i] = f"{seat} bid {rng.choice(bids)}" if bids else f"{seat} bid 1S"
    elif kind == 7 and i + 1 < len(out):
        out[i], out[i + 1] = out[i + 1], out[i]
    else:
        del out[i:]
    return out


def doubtful_give(action: str, before: list[Any], rng: random.Random) -> str:
    """A variant of the ``give`` ``action`` (``before``: the actions before it): to another seat, one card
    fewer or more, a card swapped for another, or the card just received given back."""
    seat, _, target, *cards = action.split()
    kind = rng.randrange(5)
    if kind == 0:
        target = rng.choice([s for s in SEATS if s != target])
    elif kind == 1:
        cards = cards[:-1] or [rng.choice(CARD_NAMES)]
    elif kind == 2:
        cards = [*cards, rng.choice([c for c in CARD_NAMES if c not in cards])]
    elif kind == 3:
        cards[rng.randrange(len(cards))] = rng.choice([c for c in CARD_NAMES if c not in cards])
    else:  # give back the card just received (return-same-card where the rules forbid it)
        received = [a.split()[3] for a in before[-3:] if a.split()[1:3] == ["give", seat]]
        cards = received[-1:] or cards
    return " ".join([seat, "give", target, *cards])


def corrupt_between(actions: list[str], states: list[DealState], rng: random.Random) -> list[Any]:
    """``actions`` with one action of the phases between the auctions and play (the kitty, exchanges,
    doubling; ``states``: the state before each action) replaced by a doubtful one of the right seat or a
    neighbour's, or dropped."""
    between = [i for i, s in enumerate(states[:len(actions)]) if s.phase is not None
               and s.phase.mechanism not in ("auction", "play")]
    out = list(actions)
    if not between:
        return out
    i = rng.choice(between)
    seat = out[i].split()[0]
    other = SEATS[(SEATS.index(seat) + rng.choice((1, 2, 3))) % 4]
    kind = rng.randrange(4)
    if kind == 0 and " give " in out[i]:
        out[i] = doubtful_give(out[i], out[:i], rng)
    elif kind == 1:
        out[i] = rng.choice([f"{seat} double", f"{seat} redouble", f"{seat} pass", f"{seat} choose nothing-offered",
                             f"{seat} give {rng.choice(SEATS)} {rng.choice(CARD_NAMES)}", f"{seat} play AS"])
    elif kind == 2:
        out[i] = f"{other} {' '.join(out[i].split()[1:])}"
    else:
        del out[i]
    return out


def records(ruleset: Any, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """``count`` random legal records of ``ruleset``, over all its dealt forms."""
    dealt = [name for name, form in ruleset.forms.items() if form.dealt]
    out = []
    for k in range(count):
        record = random_record(ruleset, rng)
        if k % 2:  # every dealt form, not only the bots' favourite
            record["deal"] = random_deal(ruleset, rng, form=dealt[k % len(dealt)])
            record["actions"] = play_out(ruleset, record["deal"], rng)[0]
        out.append(record)
    return out


@pytest.mark.parametrize("ruleset", SAMPLED)
def test_legal_records_agree(ruleset: Any) -> None:
    rng = random.Random(f"fast-legal-{ruleset.id}")
    for record in records(ruleset, rng, 60):
        assert check(ruleset, record["deal"], record["actions"], rng) is None


@pytest.mark.parametrize("ruleset", SAMPLED)
def test_corrupted_records_agree(ruleset: Any) -> None:
    rng = random.Random(f"fast-corrupt-{ruleset.id}")
    codes = set()
    for record in records(ruleset, rng, 40):
        for _ in range(15):
            failure = check(ruleset, record["deal"], corrupt(record["actions"], rng), rng)
            if failure is not None:
                codes.add(failure[1])
    # the corruptions reach the codes the batch paths must stop before (a minimum above one only where
    # some phase has one: 1895 bids start at one, so bid-below-minimum cannot happen there)
    expected = {"malformed-action", "not-your-turn", "card-not-held", "must-follow-suit", "wrong-phase",
                "bid-not-higher"}
    if any(p.params.get("min_level", 1) > 1 for f in ruleset.forms.values() for p in f.phases):
        expected.add("bid-below-minimum")
    assert expected <= codes


@pytest.mark.parametrize("ruleset", SAMPLED)
def test_corrupted_exchanges_agree(ruleset: Any) -> None:
    """The batch paths of the kitty, the exchanges and doubling stop where the step path rejects."""
    rng = random.Random(f"fast-between-{ruleset.id}")
    codes = set()
    for record in records(ruleset, rng, 60):  # 40 reached every code until the bots' 2016 calls could choose
        states, _ = step_states(engine.start(ruleset, record["deal"]), record["actions"])
        for _ in range(15):
            failure = check(ruleset, record["deal"], corrupt_between(record["actions"], states, rng), rng)
            if failure is not None:
                codes.add(failure[1])
    expected = {"not-your-turn", "wrong-phase", "card-not-held", "give-wrong-recipient", "give-wrong-count"}
    phases = [p for f in ruleset.forms.values() for p in f.phases]
    if any(p.mechanism == "doubling" for p in phases):
        expected.add("redouble-not-allowed")
    if any(p.mechanism == "defenders_exchange" and p.params["return_must_differ"] for p in phases):
        expected |= {"return-same-card", "exchange-forbidden"}
    if any(p.mechanism == "kitty" and p.params.get("procedure") == "taker-choice" for p in phases):
        expected.add("choice-not-offered")
    assert expected <= codes, sorted(codes)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_legal_records_in_one_run(ruleset: Any) -> None:
    """Every phase that takes actions has a batch path: apply_run replays a legal record in one call."""
    rng = random.Random(f"fast-one-run-{ruleset.id}")
    for record in records(ruleset, rng, 30):
        state, index = engine.apply_run(engine.start(ruleset, record["deal"]), record["actions"], 0)
        assert (index, state.finished) == (len(record["actions"]), True)


@pytest.mark.parametrize("ruleset", SAMPLED)
def test_replay_outcomes_agree(ruleset: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole replays (results, breakdowns, messages) are the same with and without the batch path."""
    rng = random.Random(f"fast-replay-{ruleset.id}")
    cases: list[dict[str, Any]] = []
    for record in records(ruleset, rng, 20):
        cases.append(record)
        cases.extend({**record, "actions": corrupt(record["actions"], rng)} for _ in range(5))
        cases.append({**record, "actions": record["actions"][:-1]})  # incomplete
    if ruleset.match is not None:
        cases.extend(random_match(ruleset, rng) for _ in range(3))
    batched = [replay.replay(case) for case in cases]
    monkeypatch.setattr(engine, "apply_run", lambda state, actions, start: (state, start))
    assert [replay.replay(case) for case in cases] == batched


def test_card_masks_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(100):
        hand = frozenset(rng.sample(DECK, rng.randrange(0, 17)))
        assert cards_of(card_mask(hand)) == hand
        assert card_list(card_mask(hand)) == sorted(hand, key=lambda c: c.code)


def test_tables_hold_the_parsed_actions() -> None:
    assert PLAY_MOVES["E play TD"].seat == SEATS.index("E")
    assert str(PLAY_MOVES["E play TD"].card) == "TD"
    assert CALLS["W bid 7G"].bid is not None and str(CALLS["W bid 7G"].bid) == "7G"
    assert CALLS["N pass"].verb == "pass"


def test_generated_suite_sample_is_answered_the_same_on_the_step_path() -> None:
    """Every 20th generated case (about 2,000, every ruleset) gets the same whole outcome, breakdown and
    message included, with the batch paths and on the step path alone. ``python bench/dump.py --step-path``
    does the same for every record of the suite."""
    from skruuvi.interpreter.replay import replay
    from skruuvi.rules.paths import repo_root
    from skruuvi.suite.cases.cases import iter_cases

    sample = [case.record for n, case in enumerate(iter_cases([repo_root() / "conformance" / "generated"]))
              if n % 20 == 0]
    assert len(sample) > 1500
    batch = [replay(record) for record in sample]
    with engine.step_path_only():
        step = [replay(record) for record in sample]
    assert step == batch


ON_THE_MECHANISM = {
    "skruuvi-2016 bolsevikki bolsevikki-call": "equal_bids: first-chooses (several callers and their choice, CAC) "
                                               "has no batch path; a bolsevikki's four to six calls run on the "
                                               "auction's own verify and apply",
}
"""Phases of the shipped rulesets that run on their mechanism's verify and apply by design, with why."""


def test_every_phase_of_the_shipped_rulesets_has_its_batch_path() -> None:
    """The coverage guard never turns a batch path off for today's rulesets (that would only cost speed), but for
    the phases :data:`ON_THE_MECHANISM` names."""
    from skruuvi.interpreter.fast import BATCH_PATHS, batch_path_for

    off = [
        f"{ruleset.id} {form.name} {phase.id}"
        for ruleset in RULESETS
        for form in ruleset.forms.values()
        for phase in form.phases
        if phase.mechanism in BATCH_PATHS and batch_path_for(phase.mechanism, phase.params) is None
    ]
    assert off == sorted(ON_THE_MECHANISM)


def test_a_parameter_the_batch_path_does_not_cover_sends_the_phase_to_the_step_path() -> None:
    from functools import partial

    from skruuvi.interpreter.fast import BATCH_PATHS, batch_path_for
    from skruuvi.rules.ruleset import PhaseSpec

    phase = next(p for r in RULESETS for f in r.forms.values() for p in f.phases if p.mechanism == "play")
    assert batch_path_for("play", phase.params) is BATCH_PATHS["play"]
    unknown = PhaseSpec(phase.id, "play", {**phase.params, "a_new_reading": True}, dict(phase.rule_of_param))
    assert batch_path_for("play", unknown.params) is None
    path = engine._batch_path(unknown)
    assert isinstance(path, partial) and path.func is engine._verified_run
