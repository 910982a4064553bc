"""The generated kinds beyond the legal and corrupted deals: set positions, deal checks and match records.

Each corruption of :mod:`skruuvi.authoring.deal_checks` is meant for one check of the deal builder; these tests
hold it to that (the reference's message names the check's problem), so that a corruption that stopped
reaching its check (an earlier one catching it instead) fails here rather than silently testing less.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from skruuvi.authoring import KINDS
from skruuvi.authoring.deal_checks import checks
from skruuvi.authoring.generate import generate, to_json_lines
from skruuvi.authoring.kinds import SITSI_OPTIONS, generate_suite, random_state
from skruuvi.interpreter.replay import replay
from skruuvi.rules.ruleset import get_ruleset

RULESETS = ("skruuvi-1895", "skruuvi-1944", "skruuvi-2016")

REACHES = {  # the start of a check's name -> what the deal builder says when that check fails
    "form-": "is not a dealt form",
    "dealer-": "is not a seat",
    "both-forms": "give either",
    "neither-form": "give either",
    "hands-with-positions": "do not mix",
    "deck-with-centre": "do not mix",
    "hands-": "hands must map each of N E S W",
    "hand-not-a-card": "is not a card",
    "centre-not-a-card": "is not a card",
    "deck-not-a-card": "is not a card",
    "deck-short": "deck has 51 cards",
    "deck-long": "deck has 53 cards",
    "positions-consecutive": "consecutive cards of the pack",
    "position-forbidden-": "may not be a centre card",
    "position": "centre_positions must be",
    "hand-": "cards; a",
    "centre-": "centre cards; a",
    "duplicate-": "cards dealt twice",
    "deck-duplicate": "cards dealt twice",
    "state-running-not-mapping": "deal.state.running must map",
    "state-running-": "deal.state.running.NS must be a whole number",
    "state-games-not-mapping": "deal.state.games must map",
    "state-games-": "deal.state.games.",
}
# form-sizes-differ names the deal as a form of another hand size: its hands are then the wrong size
EXCEPTIONS = {"form-sizes-differ": "cards; a"}


def _reach(name: str) -> str:
    if name in EXCEPTIONS:
        return EXCEPTIONS[name]
    return next(text for prefix, text in REACHES.items() if name == prefix or name.startswith(prefix))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_deal_check_reaches_its_rule_and_the_limits_are_valid(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    made: Counter[str] = Counter()
    for case in generate_suite(ruleset, 20, 4, per_code=80, kinds=("deal-checks",)):
        name = case["description"].split(": ", 1)[1]
        made[name] += 1
        check = next(c for c in checks(ruleset) if c.name == name)
        outcome = replay(case)
        if check.valid:
            assert outcome.ok, (case["id"], outcome.message)
            assert "result" in case["expect"]
        else:
            assert outcome.error_code == "invalid-deal" and outcome.error_index is None, case["id"]
            assert _reach(name) in outcome.message, (case["id"], outcome.message)
    assert set(made.values()) == {2}  # per_code 80: two rounds, every applicable check in each
    names = set(made)
    # what must be reachable in every era, and what depends on the ruleset's data
    assert {"duplicate-across-hands", "hand-short", "hands-missing-seat", "both-forms", "neither-form",
            "hands-with-positions", "deck-with-centre", "position-negative", "position-52", "position-fraction",
            "positions-missing", "position-forbidden-last", "dealer-unknown", "form-unknown"} <= names
    has_games = ruleset.match is not None and ruleset.match.has_games
    assert ("state-running-at-threshold" in names) == has_games and ("state-ignored" in names) != has_games
    centreless = any(f.dealt and f.params["centre_cards"] == 0 for f in ruleset.forms.values())
    assert ("centre-in-centreless-form" in names) == centreless == ("positions-in-centreless-form" in names)
    assert ("position-forbidden-first" in names) == ("first" in ruleset.deal_params["centre_forbidden_positions"])
    assert ("position-allowed-first" in names) != ("position-forbidden-first" in names)
    # a run longer than allowed exists only where the limit is below the number of centre cards (2016: 3 of 4)
    assert ("positions-consecutive" in names) == (ruleset.deal_params["centre_max_consecutive"] < 4)


@pytest.mark.parametrize("ruleset_id", ["skruuvi-1895", "skruuvi-1944"])
def test_state_records_start_from_a_set_position_near_the_threshold(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    cases = list(generate_suite(ruleset, 400, 2, kinds=("states",)))
    assert len(cases) == 40 and all("result" in c["expect"] for c in cases)
    shapes = Counter(tuple(sorted(c["deal"]["state"])) for c in cases)
    assert set(shapes) == {("running",), ("games",), ("games", "running")}
    near = [c for c in cases if max(c["deal"]["state"].get("running", {}).values(), default=0) >= 50]
    assert len(near) >= 10
    changed = [c for c in cases if c["expect"]["result"] != replay({**c, "deal": _without_state(c["deal"])}).result]
    assert len(changed) >= 5  # the carried position changes answers (a game won, the bonus of its number)
    assert not list(generate_suite(get_ruleset("skruuvi-2016"), 400, 2, kinds=("states",)))  # no games in 2016


def _without_state(deal: dict) -> dict:
    return {k: v for k, v in deal.items() if k != "state"}


def test_a_state_has_every_shape_a_record_may_give() -> None:
    rng = random.Random(1)
    states = [random_state(rng, 60) for _ in range(300)]
    assert all(0 <= v < 60 for s in states for v in s.get("running", {}).values())
    assert any(len(s.get("running", {})) == 1 for s in states) and any(len(s.get("games", {})) == 1 for s in states)


EXPECTED_CODES = {  # a changed match record's kind -> the answer it must get
    "match-cut-deal": "incomplete-record", "match-stop-early": "incomplete-record", "match-overrun": "match-overrun",
    "match-wrong-dealer": "wrong-dealer", "match-wrong-form": "wrong-deal-form", "match-bad-deal": "invalid-deal",
    "match-wrong-seats": "wrong-seating",
}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_match_records_are_played_and_each_change_gets_its_error(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    cases = list(generate_suite(ruleset, 1000, 6, kinds=("matches",)))
    kinds = Counter()
    for case in cases:
        kind = case["id"].split(".")[3].rsplit("-", 2)[0] if case["id"].count("-") > 1 else "match"
        kinds[kind] += 1
        expect = case["expect"]
        if kind in ("match", "match-seats-repeated"):
            assert set(expect) == {"match"} and expect["match"]["sheets"], case["id"]
            assert len(expect["match"]["sheets"]) == len(case["match"]["deals"])
        elif kind == "match-corrupt-action":
            assert expect["error"]["deal"] == len(case["match"]["deals"]) - 1 and expect["error"]["index"] is not None
        else:
            assert expect["error"]["code"] == EXPECTED_CODES[kind], (case["id"], expect)
            if kind == "match-stop-early":
                assert expect["error"] == {"deal": len(case["match"]["deals"]), "index": None,
                                           "code": "incomplete-record"}
            elif kind != "match-overrun":
                assert expect["error"]["deal"] == len(case["match"]["deals"]) - 1
    assert kinds["match"] == 4 and sum(kinds.values()) == 20
    partners_change = bool(ruleset.match is not None and ruleset.match.params.get("partnerships"))
    assert ("match-wrong-seats" in kinds) == partners_change
    if partners_change:  # the sitsi records take the agreements in turn
        options = [c["match"].get("options") for c in cases if c["id"].count("-") == 1]
        assert options == [o for o in itertools.islice(itertools.cycle(SITSI_OPTIONS), 4)]


def test_the_base_kinds_are_a_prefix_and_generation_is_deterministic() -> None:
    ruleset = get_ruleset("skruuvi-2016")
    base = "".join(to_json_lines(generate(ruleset, 30, 7, per_code=3)))
    whole = "".join(to_json_lines(generate_suite(ruleset, 30, 7, per_code=3)))
    assert whole.startswith(base) and len(whole) > len(base)
    assert whole == "".join(to_json_lines(generate_suite(ruleset, 30, 7, per_code=3)))
    assert whole != "".join(to_json_lines(generate_suite(ruleset, 30, 8, per_code=3)))
    only_new = "".join(to_json_lines(generate_suite(ruleset, 30, 7, per_code=3, kinds=KINDS[2:])))
    assert whole == base + only_new  # each kind draws from its own stream: leaving some out changes no other


def test_unknown_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown kinds"):
        list(generate_suite(get_ruleset("skruuvi-1944"), 5, 1, kinds=("deals", "mathces")))
