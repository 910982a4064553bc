"""The independent oracle's answer to the SCP/1 `legal` request, checked against the oracle's own replay.

conformance/oracle/oracle.py derives the legal set from the state of its `Game` machine, phase by phase
(`legal_actions`), not by trying actions. Here the set is held against the other half of the same oracle,
the replay that answers `run`: over random states of every dealt form of every ruleset, under the rules as
they stand and under every alternative reading the oracle implements, every action of a finite universe
is tried on the machine after the prefix, and it must be accepted exactly when it is in the set. For a
sample of each state's universe the verdict is also taken from `respond` (the `run` answer to the prefix
with the action appended), so the check goes through the oracle's protocol answer, not only its machine.

The universe, per state: `pass`, `double` and `redouble` for every seat; every bid (7 levels x 6
strains), every `play` of each of the 52 cards, `choose` with each 1895 procedure and a word no phase
offers, a give of each single card to each seat; and in a phase that gives cards, every set of 4 cards
of the giver's hand to each seat (1 and 4 are the counts the rules give) and a sample of sets of 2, 3
and 5; elsewhere a few sets of 2 and 4. Gives are written in pack order, as the canonical form asks.

The states: random records walked by the oracle walker of tests/suite/test_oracle_readings.py (it keeps
the first random action the oracle accepts, so it reaches passes, redeals, the passimisääri, the
defenders' exchange and the several bolsevikki callers as well), cut where each phase begins and after
random numbers of actions, more often inside the auctions and exchanges, where sets change most. A cut
after the end must answer [], and a prefix with an illegal action the same error as `run`.

One test looks past the oracle: on a smaller sample, the reference's replay (run as a black box, one
action appended to the prefix) must accept exactly the oracle's set too. The oracle's independence is
kept: nothing here feeds the reference's answers into it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

import loaded_files

ORACLE = loaded_files.oracle()
WALKER = loaded_files.load_file("oracle_readings_walker", Path(__file__).with_name("test_oracle_readings.py"))

SEATS = ("N", "E", "S", "W")
CARDS = [r + s for s in "SCDH" for r in "23456789TJQKA"]      # pack order: S C D H, 2 up to the ace
GIVE_PHASES = ("kitty", "gifts", "partner-exchange", "defenders-exchange")


# ----------------------------------------------------------------------------- the universe

def universe(game: Any, rng: random.Random) -> list[str]:
    """Every action tried at this state (see the module docstring); canonical spellings only."""
    seat = game.to_act
    out = [f"{s} {verb}" for s in SEATS for verb in ("pass", "double", "redouble")]
    out += [f"{seat} bid {level}{strain}" for level in range(1, 8) for strain in "MSCDHG"]
    out += [f"{seat} play {c}" for c in CARDS]
    out += [f"{seat} choose {word}" for word in ("ostoskruuvi", "pakettiskruuvi", "kotka")]
    out += [f"{seat} give {to} {c}" for to in SEATS for c in CARDS]
    hand = [c for c in CARDS if c in game.hands[seat]]
    if game.phase in GIVE_PHASES:
        out += [f"{seat} give {to} {' '.join(cs)}" for cs in combinations(hand, 4) for to in SEATS]
        for _ in range(24):                                 # the counts next to them: a sample
            cs = sorted(rng.sample(hand, min(len(hand), rng.choice((2, 3, 5)))), key=CARDS.index)
            out.append(f"{seat} give {rng.choice(SEATS)} {' '.join(cs)}")
    else:                                                   # a few multi-card gives anywhere else
        for _ in range(4):
            cs = sorted(rng.sample(hand, min(len(hand), rng.choice((2, 4)))), key=CARDS.index)
            out.append(f"{seat} give {rng.choice(SEATS)} {' '.join(cs)}")
    others = [s for s in SEATS if s != seat]                # another seat's bid, play, give
    out += [f"{rng.choice(others)} bid 7G", f"{rng.choice(others)} play {rng.choice(CARDS)}",
            f"{rng.choice(others)} give {seat} {rng.choice(CARDS)}"]
    return list(dict.fromkeys(out))


MUTABLE = {"hands": "sets", "holding": "plain", "won_cards": "lists", "centre": "list", "first_bids": "list",
           "steps": "list", "received": "plain", "queue": "list", "trick": "list", "tricks": "plain",
           "seat_tricks": "plain", "ace_points": "plain", "seat_ace_points": "plain", "trick_log": "list",
           "callers": "list"}
"""The containers of the oracle's `Game` and how deep a copy of each must go (their items are
immutable: cards, tuples, numbers, frozensets)."""


def _clone(game: Any) -> Any:
    """A copy of the machine that its `apply` can change without touching the original (the era
    table is frozen and shared)."""
    new = object.__new__(type(game))
    d = new.__dict__
    d.update(vars(game))
    for key, how in MUTABLE.items():
        value = d[key]
        d[key] = ({s: set(v) for s, v in value.items()} if how == "sets"
                  else {s: list(v) for s, v in value.items()} if how == "lists" else value.copy())
    return new


def test_the_clone_copies_every_container() -> None:
    """Every container of a `Game` is in MUTABLE, so a trial action never leaks into the state tried."""
    era = ORACLE.ERA_2016
    game = ORACLE.Game(era, ORACLE.read_deal(era, DECK_DEAL))
    containers = {k for k, v in vars(game).items() if isinstance(v, (dict, list, set))}
    assert containers == set(MUTABLE)


def accepted(game: Any, action: str) -> bool:
    try:
        _clone(game).apply(action)
    except ORACLE.RecordError:
        return False
    return True


def accepted_by_respond(case: dict[str, Any], action: str) -> bool:
    """The `run` answer to the prefix plus the action: accepted unless the error names the action."""
    answer = ORACLE.respond({**case, "actions": [*case["actions"], action]})
    assert "result" in answer or "error" in answer, answer
    return "result" in answer or answer["error"]["index"] != len(case["actions"])


# ----------------------------------------------------------------------------- the states

STYLES = ("random", "quiet", "random", "passed-out")
"""How the rounds of deals are walked, in turn (see walk)."""


def walk(era: Any, deal: dict[str, Any], rng: random.Random, style: str = "random") -> list[str]:
    """The oracle walker of test_oracle_readings (its candidate actions, the first one accepted kept)
    on the cheaper clone. Style `passed-out`: the first four calls are passes (the all-pass forms and
    redeals, which random calls reach one deal in twenty); `quiet`: after the first bid every call of
    the first auction is a pass (random calls climb to level 7, so a second auction below the final
    minimum, with its refused ending pass, comes only this way)."""
    game = ORACLE.Game(era, ORACLE.read_deal(era, deal))
    actions: list[str] = []
    given: dict[str, str] = {}                             # seat -> the last card given to it
    while not game.complete:
        quiet = style == "quiet" and game.phase == "first-auction" and game.high is not None
        forced = [f"{game.to_act} pass"] if (style == "passed-out" and len(actions) < 4) or quiet else []
        for _ in range(400):
            action = forced.pop() if forced else WALKER._candidate(game, rng, given)
            trial = _clone(game)
            try:
                trial.apply(action)
            except ORACLE.RecordError:
                continue
            game = trial
            actions.append(action)
            words = action.split()
            if words[1] == "give" and len(words) == 4:
                given[words[2]] = words[3]
            break
        else:
            raise AssertionError(f"the walker found no legal action after {actions}")
    return actions


EVERY_STATE = frozenset({"call", "callers-choose", "second-auction", "defenders-exchange", "doubling"})
"""Phases of a few actions whose every state is checked: where a legal set turns on the count of passes
or calls so far (the ending pass below the final minimum, the several callers), a random cut seldom
lands."""


def _cuts(phases: list[str], rng: random.Random, k: int) -> list[int]:
    """Prefix lengths of a record whose state after i actions is in phases[i]: every state of the
    short phases (EVERY_STATE), where each other phase is entered, then k more, half in the first 24
    (auctions, exchanges, doubling), half anywhere."""
    n = len(phases) - 1
    entered = [i for i, phase in enumerate(phases) if i == 0 or phase != phases[i - 1] or phase in EVERY_STATE]
    early = [rng.randint(0, min(n, 24)) for _ in range(k // 2)]
    anywhere = [rng.randint(0, n) for _ in range(k - k // 2)]
    return sorted({*entered, *early, *anywhere})


def _phases(era: Any, deal: dict[str, Any], actions: list[str]) -> list[str]:
    game = ORACLE.Game(era, ORACLE.read_deal(era, deal))
    out = [game.phase]
    for a in actions:
        game.apply(a)
        out.append(game.phase)
    return out


def _check_state(case: dict[str, Any], game: Any, rng: random.Random, sample: int) -> str:
    """The legal set at this state against the universe tried on the machine, and a sample of it tried
    through `respond`; returns the phase checked."""
    answer = ORACLE.respond_legal(case)
    assert set(answer) == {"legal"}, answer
    got = answer["legal"]
    assert got == sorted(got) and len(set(got)) == len(got), got
    if game.complete:
        assert got == [], (case["actions"], got)
        return "done"
    where = f"{case['ruleset']} {case.get('readings')} after {case['actions']} ({game.phase})"
    want = set(got)
    tried = universe(game, rng)
    verdicts = {a: accepted(game, a) for a in tried}
    missing = sorted(a for a in want if not verdicts.get(a, False))
    assert not missing, f"{where}: in the set but rejected or outside the universe: {missing[:8]}"
    extra = sorted(a for a, ok in verdicts.items() if ok and a not in want)
    assert not extra, f"{where}: accepted but not in the set: {extra[:8]}"
    legal = [a for a in tried if a in want]
    illegal = [a for a in tried if a not in want]
    for a in rng.sample(legal, min(len(legal), sample)) + rng.sample(illegal, min(len(illegal), sample)):
        assert accepted_by_respond(case, a) == (a in want), f"{where}: respond disagrees on {a!r}"
    return str(game.phase)


def _deal_states(ruleset: str, era: Any, readings: dict[str, Any] | None, form: str, cuts: int,
                 rng: random.Random, only: frozenset[str] | None = None, style: str = "random") -> set[str]:
    """Walk one random deal of `form` and check `cuts` prefixes of it (or, with `only`, the states in
    those phases where they begin); returns the phases checked."""
    deal = WALKER.random_deal(era, form, rng.choice(SEATS), rng, hands=rng.random() < 0.5)
    try:
        actions = walk(era, deal, rng, style)
    except ORACLE.RecordError:                              # a deck deal this reading refuses
        answer = ORACLE.respond_legal({"ruleset": ruleset, "deal": deal, "actions": [], "readings": readings})
        assert answer == {"error": {"index": None, "code": "invalid-deal"}}, answer
        return set()
    base: dict[str, Any] = {"id": "legal", "ruleset": ruleset, "deal": deal}
    if readings:
        base["readings"] = readings
    game = ORACLE.Game(era, ORACLE.read_deal(era, deal))
    done = 0
    phases = set()
    at = _phases(era, deal, actions)
    for cut in _cuts(at, rng, cuts):
        if only is not None and at[cut] not in only:
            continue
        for a in actions[done:cut]:
            game.apply(a)
        done = cut
        phases.add(_check_state({**base, "actions": actions[:cut]}, game, rng, sample=3))
    return phases


def _states(ruleset: str, readings: dict[str, Any] | None, deals: int, cuts: int, seed: int,
            until: frozenset[str] = frozenset(), most: int = 0) -> set[str]:
    """`deals` rounds of one random deal of each dealt form under the readings (walked in the STYLES
    in turn), `cuts` prefixes of each; then more rounds (`most` rounds at most) until every phase of
    `until` has been checked. Returns the phases checked."""
    rng = random.Random(seed)
    era = ORACLE.apply_readings(ORACLE.ERAS[ruleset], readings)
    phases: set[str] = set()
    for round_ in range(max(deals, most)):
        if round_ >= deals and until <= phases:
            break
        only = None if round_ < deals else until - phases     # the extra rounds check the missing
        for form in sorted(era.dealt_forms):                   # phases
            phases |= _deal_states(ruleset, era, readings, form, cuts, rng, only,
                                   style=STYLES[round_ % len(STYLES)])
    return phases


# ----------------------------------------------------------------------------- the property

def _alternatives() -> list[tuple[str, str, Any]]:
    """(ruleset, rule, value) of every alternative reading the oracle implements (its READINGS table,
    the default of each rule left out)."""
    return [(rs, rule, value) for rs, rules in ORACLE.READINGS.items()
            for rule, values in rules.items() for value, _ in values[1:]]


EVERY_PHASE: dict[str, frozenset[str]] = {
    "skruuvi-2016": frozenset({"first-auction", "kitty", "second-auction", "defenders-exchange", "doubling", "play",
                     "partner-exchange", "call", "gifts", "done"}),
    "skruuvi-1944": frozenset({"first-auction", "kitty", "second-auction", "defenders-exchange", "doubling", "play",
                     "partner-exchange", "done"}),
    "skruuvi-1895": frozenset({"first-auction", "choice", "gifts", "play", "done"}),
}


@pytest.mark.parametrize("ruleset", sorted(ORACLE.ERAS))
def test_legal_set_is_what_the_replay_accepts(ruleset: str) -> None:
    phases = _states(ruleset, None, deals=5, cuts=8, seed=19, until=EVERY_PHASE[ruleset], most=40)
    assert EVERY_PHASE[ruleset] <= phases, sorted(EVERY_PHASE[ruleset] - phases)


REACHES = {
    "auction.end-eight-passes": "choice", "auction.all-pass": "partner-exchange", "kitty.choice": "gifts",
    "kitty.main-pair-exchange-allowed": "second-auction", "kotka.exchange-allowed": "second-auction",
    "defenders-exchange.banned-by-whose-bid": "doubling", "bolsevikki.strain": "call",
    "bolsevikki.call-first": "call", "bolsevikki.several-callers": "call", "bolsevikki.lead": "play",
    "bolsevikki.gift-order": "gifts", "kitty.partner-order": "kitty", "auction2.end-four-passes": "second-auction",
    "auction2.final-min-passes": "second-auction", "defenders-exchange.different-card": "defenders-exchange",
    "defenders-exchange.kind": "defenders-exchange", "passimisaari.return-order": "partner-exchange",
    "passimisaari.different-card": "partner-exchange", "passimisaari.doubling-order": "doubling",
}
"""The phase whose legal sets a rule's alternative changes; the sample must check a state in it."""


@pytest.mark.parametrize(("ruleset", "rule", "value"), _alternatives(),
                         ids=[f"{rs}:{rule}={json.dumps(v)[:24]}" for rs, rule, v in _alternatives()])
def test_legal_set_is_what_the_replay_accepts_under_each_reading(ruleset: str, rule: str, value: Any) -> None:
    need = frozenset({REACHES[rule]} if rule in REACHES else ())
    phases = _states(ruleset, {rule: value}, deals=2, cuts=6, until=need, most=30,
                     seed=zlib.crc32(f"{rule}={json.dumps(value)}".encode()))
    assert need <= phases, (rule, value, sorted(phases))


def reference_sweep(rng: random.Random, readings_of: dict[str, list[dict[str, Any] | None]], deals: int,
                    cuts: int) -> tuple[int, int, int, list[dict[str, Any]]]:
    """For each ruleset and readings, `deals` deals of each form, each walked in the three styles (see
    walk), cut as `_cuts` does with `cuts` random cuts: at each state the reference's replay (a black box,
    on the prefix plus one action) must accept an action of the universe exactly when it is in the
    oracle's set. The bulk of the four-card gives is left out (40 random ones and 20 legal ones kept).
    Returns (states, actions tried, legal ones among them, disagreements)."""
    from skruuvi.interpreter.replay import replay

    states = tried_count = legal_count = 0
    disagreements: list[dict[str, Any]] = []
    for ruleset, readings_list in readings_of.items():
        for readings in readings_list:
            era = ORACLE.apply_readings(ORACLE.ERAS[ruleset], readings)
            for form in sorted(era.dealt_forms):
                for _ in range(deals):
                    deal = WALKER.random_deal(era, form, rng.choice(SEATS), rng, hands=True)
                    for style in ("random", "quiet", "passed-out"):
                        actions = walk(era, deal, rng, style)
                        game = ORACLE.Game(era, ORACLE.read_deal(era, deal))
                        done = 0
                        for cut in _cuts(_phases(era, deal, actions), rng, cuts):
                            for a in actions[done:cut]:
                                game.apply(a)
                            done = cut
                            if game.complete:
                                continue
                            case: dict[str, Any] = {"id": "legal", "ruleset": ruleset, "deal": deal,
                                                    "actions": actions[:cut]}
                            if readings:
                                case["readings"] = readings
                            want = set(ORACLE.respond_legal(case)["legal"])
                            tried = universe(game, rng)
                            big = [a for a in tried if len(a.split()) > 6]
                            tried = ([a for a in tried if len(a.split()) <= 6] + rng.sample(big, min(len(big), 40))
                                     + sorted(a for a in want if len(a.split()) > 6)[:20])
                            for a in dict.fromkeys(tried):
                                answer = replay({**case, "actions": [*case["actions"], a]}).to_response()
                                ok = "result" in answer or answer["error"]["index"] != len(case["actions"])
                                tried_count += 1
                                legal_count += a in want
                                if ok != (a in want):
                                    disagreements.append({"case": case, "action": a, "in_set": a in want,
                                                          "reference": answer})
                            states += 1
    return states, tried_count, legal_count, disagreements


def test_legal_set_is_what_the_reference_accepts() -> None:
    """Against the other implementation (see reference_sweep; a longer one: bench/oracle_legal.py): one
    deal of each form of each ruleset, in the three styles, under the rules as they stand."""
    states, _tried, legal_seen, disagreements = reference_sweep(
        random.Random(23), {rs: [None] for rs in sorted(ORACLE.ERAS)}, deals=1, cuts=2)
    assert not disagreements, disagreements[:3]
    assert states >= 40 and legal_seen >= 400, (states, legal_seen)


def test_an_illegal_prefix_answers_the_run_error() -> None:
    """A prefix with an illegal action (or an action after the end, or an invalid deal) answers exactly
    the error `run` gives that prefix; the walker's records are corrupted one action at a time."""
    rng = random.Random(7)
    seen = 0
    for ruleset in sorted(ORACLE.ERAS):
        era = ORACLE.ERAS[ruleset]
        for form in sorted(era.dealt_forms):
            for _ in range(6):
                deal = WALKER.random_deal(era, form, rng.choice(SEATS), rng, hands=True)
                actions = walk(era, deal, rng)
                bad = list(actions)
                i = rng.randrange(len(bad) + 1)
                if i == len(bad):                             # one more action after the end
                    bad.append(f"{rng.choice(SEATS)} pass")
                else:
                    bad[i] = rng.choice((f"{bad[i].split()[0]} redouble", f"{bad[i].split()[0]} play 2S",
                                         f"{ORACLE.left(bad[i].split()[0])} pass", "N bid 8S", 7))
                case = {"ruleset": ruleset, "deal": deal, "actions": bad}
                run = ORACLE.respond(case)
                if "error" not in run or run["error"]["code"] == "incomplete-record":
                    continue                                  # the corruption happened to be legal
                assert ORACLE.respond_legal(case) == run, (case, run)
                seen += 1
    assert seen >= 20
    broken = {"ruleset": "skruuvi-2016", "deal": {"form": "alkupeli", "dealer": "N"}, "actions": []}
    assert ORACLE.respond_legal(broken) == {"error": {"index": None, "code": "invalid-deal"}}
    state = {"form": "alkupeli", "dealer": "N", "deck": CARDS, "centre_positions": [5, 17, 30, 44],
             "state": {"running": {"NS": 60}}}                # a running count already past the game
    assert ORACLE.respond_legal({"ruleset": "skruuvi-1944", "deal": state, "actions": []}) == \
        ORACLE.respond({"ruleset": "skruuvi-1944", "deal": state, "actions": []})


# ----------------------------------------------------------------------------- counted by hand

DECK_DEAL = {"form": "alkupeli", "dealer": "N", "deck": CARDS, "centre_positions": [5, 17, 30, 44]}


def _legal(ruleset: str, deal: dict[str, Any], actions: list[str],
           readings: dict[str, Any] | None = None) -> list[str]:
    case: dict[str, Any] = {"ruleset": ruleset, "deal": deal, "actions": actions}
    if readings:
        case["readings"] = readings
    answer = ORACLE.respond_legal(case)
    assert set(answer) == {"legal"}, answer
    return list(answer["legal"])


def test_sets_counted_from_the_rules() -> None:
    """Sizes and members worked out from the rules' text, not from the oracle."""
    # 2016 alkupeli, the dealer's first call: a pass or any of the 7 x 6 bids
    assert len(_legal("skruuvi-2016", DECK_DEAL, [])) == 1 + 42
    # after N bid 5H: E may pass, bid 5G, or bid any of 6 strains at 6 and at 7
    five = _legal("skruuvi-2016", DECK_DEAL, ["N bid 5H"])
    assert five == sorted(["E pass", "E bid 5G"] + [f"E bid {lv}{s}" for lv in (6, 7) for s in "MSCDHG"])
    # 1895: no misère (5 strains x 7 levels), and 1944 like 2016
    assert len(_legal("skruuvi-1895", DECK_DEAL, [])) == 1 + 35
    assert len(_legal("skruuvi-1944", DECK_DEAL, [])) == 1 + 42
    # kotka: the minimum bid is 6 (2016, 1944)
    kotka = {"form": "kotka", "dealer": "E", "deck": CARDS}
    assert _legal("skruuvi-2016", kotka, []) == sorted(["E pass"] + [f"E bid {lv}{s}" for lv in (6, 7)
                                                                     for s in "MSCDHG"])
    # bolsevikki: only 7M, or a pass; every strain at 7 under bolsevikki.strain
    bolse = {**DECK_DEAL, "form": "bolsevikki"}
    assert _legal("skruuvi-2016", bolse, []) == ["N bid 7M", "N pass"]
    assert len(_legal("skruuvi-2016", bolse, [], {"bolsevikki.strain": ["M", "S", "C", "D", "H", "G"]})) == 7
    # the kitty: N took the 4 centre cards (16 cards) and gives S four of them: C(16, 4) sets
    auction = ["N bid 5H"] + [f"{s} pass" for s in "ESWNESWN"]
    kitty = _legal("skruuvi-2016", DECK_DEAL, auction)
    assert len(kitty) == 1820 and all(a.startswith("N give S ") for a in kitty)
    # four passes: a passimisääri; the forehand E holds 13 cards and gives one to his partner W
    passed = _legal("skruuvi-2016", DECK_DEAL, ["N pass", "E pass", "S pass", "W pass"])
    assert len(passed) == 13 and all(a.startswith("E give W ") for a in passed)
    # 1895, four passes: a redeal, nothing more to do
    assert _legal("skruuvi-1895", DECK_DEAL, ["N pass", "E pass", "S pass", "W pass"]) == []
    # 1895, the taker's choice after the 8th pass
    assert _legal("skruuvi-1895", DECK_DEAL, auction) == ["N choose ostoskruuvi", "N choose pakettiskruuvi"]


def test_gives_are_written_in_pack_order() -> None:
    kitty = _legal("skruuvi-2016", DECK_DEAL, ["N bid 5H"] + [f"{s} pass" for s in "ESWNESWN"])
    for action in kitty:
        cards = action.split()[3:]
        assert cards == sorted(cards, key=CARDS.index), action


# ----------------------------------------------------------------------------- the protocol

def test_scp1_legal_request() -> None:
    """Over the wire: the start line, a legal set with its seq, an illegal prefix's error, a match
    record errored, another ruleset skipped."""
    requests = [{"cmd": "start", "protocol": 1},
                {"cmd": "legal", "seq": 1, "case": {"id": "a", "ruleset": "skruuvi-2016", "deal": DECK_DEAL,
                                                    "actions": ["N bid 5H"]}},
                {"cmd": "legal", "seq": 2, "case": {"id": "b", "ruleset": "skruuvi-2016", "deal": DECK_DEAL,
                                                    "actions": ["E pass"]}},
                {"cmd": "legal", "seq": 3, "case": {"id": "c", "ruleset": "skruuvi-1944",
                                                    "match": {"deals": []}}},
                {"cmd": "legal", "seq": 4, "case": {"id": "d", "ruleset": "skruuvi-1066", "deal": DECK_DEAL,
                                                    "actions": []}},
                {"cmd": "stop"}]
    proc = subprocess.run([sys.executable, str(loaded_files.ORACLE)], input="\n".join(map(json.dumps, requests)),
                          capture_output=True, text=True, timeout=60, check=True)
    start, *answers = [json.loads(line) for line in proc.stdout.splitlines()]
    features = start["implementation"]["features"]  # every tag listed: legal-actions is never implied
    assert start["protocol"] == 1 and all("legal-actions" in features[rs] for rs in start["implementation"]["rulesets"])
    assert answers[0]["seq"] == 1 and len(answers[0]["legal"]) == 14
    assert answers[1] == {"seq": 2, "error": {"index": 0, "code": "not-your-turn"}}
    assert answers[2]["seq"] == 3 and "errored" in answers[2]
    assert answers[3]["seq"] == 4 and "skipped" in answers[3]
