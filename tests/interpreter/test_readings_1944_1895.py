"""The alternative readings of the 1944 and 1895 rulesets (issue 15, part 2), replayed with ``with_readings``.

Every reading is tested on records whose answer it changes. Each entry of :data:`READINGS` is written so that
it can become a conformance case once cases can pin readings: the record (``ruleset``, ``deal``, ``actions``,
taken from the conformance case or generated record named in ``base``), the ``readings`` it is replayed
under, the ``expect`` result under them, and the hand ``derivation`` of that result. The default answer of
the same record (its own ``expect``, hand-derived or agreed by the reference and the oracle) is asserted
unchanged, so each entry also shows what the reading changes.

A derivation starts from the record's default answer (justified where the base record is) and derives by
hand only what the reading changes: which rule, which table values, the arithmetic.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.readings import FIRST_ALTERNATIVE, with_readings
from skruuvi.rules.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[2]


@cache
def _generated(ruleset: str) -> dict[str, dict[str, Any]]:
    records: dict[str, dict[str, Any]] = {}
    era = ruleset.removeprefix("skruuvi-")
    for path in sorted((ROOT / "conformance" / "generated" / era).glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                records[record["id"]] = record
    return records


def base_record(base: str, ruleset: str) -> dict[str, Any]:
    """The record named by ``base``: a conformance case file (a path under conformance/cases) or the id of a
    generated record of ``ruleset``."""
    if base.endswith(".yaml"):
        with open(ROOT / base, encoding="utf-8") as handle:
            return dict(yaml.safe_load(handle))
    return copy.deepcopy(_generated(ruleset)[base])


def reading_case(
    name: str, ruleset: str, readings: dict[str, Any], base: str, expect: dict[str, Any], derivation: str
) -> dict[str, Any]:
    """One reading case: the base record with the readings, the expected result under them, its derivation."""
    record = base_record(base, ruleset)
    assert record["ruleset"] == ruleset
    default = record["expect"]
    if "result" not in default and "error" not in default:  # a match case's expect is the result itself
        default = {"result": default}
    case = {"id": name, "ruleset": ruleset, "readings": readings, "base": base, "derivation": derivation,
            "default": default, "expect": expect}
    for key in ("deal", "actions", "match"):
        if key in record:
            case[key] = record[key]
    return case


def score(ns: tuple[int, int], ew: tuple[int, int]) -> dict[str, dict[str, int]]:
    return {"NS": {"below": ns[0], "above": ns[1]}, "EW": {"below": ew[0], "above": ew[1]}}


KOTKA = base_record("conformance/cases/1944/auction/kotka-strain-order.yaml", "skruuvi-1944")
KOTKA_PLAY = [
    f"{seat} play {card}"
    for trick in ("N:JD E:4D S:7D W:6D", "N:TH E:5H S:2H W:QH", "W:AS N:2S E:5S S:4S", "W:AC N:2C E:5C S:3C",
                  "W:AD N:2D E:5D S:8D", "W:AH N:6H E:7H S:3H", "W:KS N:3S E:6S S:8S", "W:KC N:4C E:6C S:8C",
                  "W:KD N:3D E:9C S:TD", "W:KH N:7S E:9H S:4H", "W:QS N:9S E:TS S:8H", "W:QC N:7C E:JS S:TC",
                  "W:QD N:9D E:JH S:JC")
    for seat, card in (play.split(":") for play in trick.split())
]
"""The kotka of 1944.auction.kotka-strain-order played without the swap: each trick's cards in play order."""

READINGS: list[dict[str, Any]] = [
    # ------------------------------------------------ 1944 score.honour-count: 2 × aces + 1 after a cancellation
    reading_case(
        "1944.reading.honour-count.grandi-two-two-cancelled",
        "skruuvi-1944",
        {"score.honour-count": FIRST_ALTERNATIVE},
        "conformance/cases/1944/honours/grandi-two-two-cancelled.yaml",
        {"result": {"contract": {"declarer": "W", "bid": "5G", "doubling": 0}, "tricks": {"NS": 7, "EW": 6},
                    "score": score((35, 3150), (30, 0))}},
        """The case's own derivation: 5G by W, EW took 6 < 7 tricks, so EW's honours are cancelled and only NS
        count theirs. At play N holds the ♦A, S the ♣A: NS 2 aces. Default: 2 × 2 = 4 honours, 10 × 5 × 4 = 200.
        Reading (2 × aces + 1 for the side that alone counts): 2 × 2 + 1 = 5, 10 × 5 × 5 = 250, no knock.
        NS above 2500 (undertricks) + 200 + 200 (sequences) + 250 = 3150; everything else as in the case.""",
    ),
    reading_case(
        "1944.reading.honour-count.6G-fails-with-six-tricks",
        "skruuvi-1944",
        {"score.honour-count": FIRST_ALTERNATIVE},
        "gen.1944.1.legal-00087",
        {"result": {"contract": {"declarer": "E", "bid": "6G", "doubling": 0}, "tricks": {"NS": 7, "EW": 6},
                    "score": score((42, 4300), (36, 0))}},
        """Default NS above 4240 (reference and oracle agree). 6G by E, no knock. Hands at play: N ♣A, E ♠A,
        S ♦A, W ♥A, aces 2–2. EW win T2, T3, T4, T11, T12, T13: 6 < 7 tricks, so only NS count honours. Default
        NS honours 2 × 2 = 4 (10 × 6 × 4 = 240); reading 2 × 2 + 1 = 5 (10 × 6 × 5 = 300): NS above
        4240 − 240 + 300 = 4300. Below the line and EW unchanged.""",
    ),
    reading_case(
        "1944.reading.honour-count.4G-fails-with-five-tricks",
        "skruuvi-1944",
        {"score.honour-count": FIRST_ALTERNATIVE},
        "gen.1944.1.legal-00092",
        {"result": {"contract": {"declarer": "S", "bid": "4G", "doubling": 0}, "tricks": {"NS": 5, "EW": 8},
                    "score": score((20, 0), (32, 2300))}},
        """Default EW above 2260 (reference and oracle agree). 4G by S, no knock. Hands at play: N ♠A, E ♥A,
        S ♦A, W ♣A, aces 2–2. NS win T4, T5, T6, T12, T13: 5 < 7 tricks, so only EW count honours. Default EW
        honours 4 (10 × 4 × 4 = 160); reading 5 (10 × 4 × 5 = 200): EW above 2260 − 160 + 200 = 2300.""",
    ),
    # ------------------------------------------ 1944 score.honours-from: honours from the cards won in tricks
    reading_case(
        "1944.reading.honours-from-tricks.source-example-1",
        "skruuvi-1944",
        {"score.honours-from": "tricks-won"},
        "conformance/cases/1944/below/source-example-1-4S-nine-tricks.yaml",
        {"result": {"contract": {"declarer": "N", "bid": "4S", "doubling": 0}, "tricks": {"NS": 9, "EW": 4},
                    "score": score((36, 880), (16, 400))}},
        """The case's play (4S by N, 9 tricks, 1 down). E–W win T1 (E:AC S:5C W:2C N:TC), T5 (N:AH E:8S S:6H
        W:2H), T7 (N:KH E:9S S:TH W:3H), T9 (N:9H E:2D S:JH W:QH): aces ♣A ♥A = 2, no spade above the 9, so
        E–W count 0 + 2 = 2 honours. N–S win the other nine tricks: aces ♠A (T3), ♦A (T13) = 2; trump honours
        ♠A (T3), ♠K (T4), ♠T (T8), ♠J (T10), ♠Q (T12) = 5; 5 + 2 = 7 honours (8 when held at play: the ♥A
        held by N went to E–W). N–S hold more and took 9 ≥ 7: 10 × 4 × 7 = 280 instead of 320, and N–S are
        not the winner, so no knock factor either way. N–S above 600 (sequence) + 280 = 880; E–W 400.""",
    ),
    reading_case(
        "1944.reading.honours-from-tricks.all-thirteen-tricks",
        "skruuvi-1944",
        {"score.honours-from": "tricks-won"},
        "conformance/cases/1944/above/made-5-two-overtricks.yaml",
        {"result": {"contract": {"declarer": "W", "bid": "5D", "doubling": 0}, "tricks": {"NS": 0, "EW": 13},
                    "score": score((0, 0), (265, 3850))}},
        """The case's play: E–W (5D by W) win all 13 tricks, so they won all four aces and the ♦T J Q K A:
        5 + 4 = 9 honours (8 when held at play: N–S held the ♥A), N–S none. 10 × 5 × 9 = 450 instead of 400;
        the crown (three aces in W's hand when play began) and the sequence stay. E–W above 2000 + 400 + 200 +
        800 + 450 = 3850; below unchanged (65 + the first game's 200 = 265).""",
    ),
    # -------------------- 1944 kitty.main-pair-exchange-allowed, kotka.exchange-allowed: S000's bidding section
    reading_case(
        "1944.reading.main-pair-exchange-banned.alkupeli",
        "skruuvi-1944",
        {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE},
        "conformance/cases/1944/defenders-exchange/allowed-defender-opened-6.yaml",
        {"error": {"index": 13, "code": "wrong-phase"}},
        """First auction: N:1S E:6H S:pass W:pass N:6G, then eight passes (actions 0-12): N is the highest
        bidder; the other side E–W's first bid is E's 6H, level 6 >= 6, so the main pair N–S exchange no cards.
        The table cards 8C 4S 8D 6D are dealt one each from the forehand E (the dealer N's left), no action,
        and the second auction begins with N (the highest bidder) to call. Action 13 "N give S 2S 4S 4C 6D" is
        N's turn but not a call: wrong-phase at index 13. By default N–S exchange and the deal is played.""",
    ),
    reading_case(
        "1944.reading.main-pair-exchange-banned.kotka",
        "skruuvi-1944",
        {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE},
        "conformance/cases/1944/auction/kotka-strain-order.yaml",
        {"error": {"index": 14, "code": "wrong-phase"}},
        """Kotka, first auction S:6S W:6C N:6D E:6H S:6M W:6G and eight passes (actions 0-13): W is the
        highest bidder; N–S's first bid is S's 6S, level 6 >= 6, so W and E do not swap. The second auction
        begins with W to call; action 14 "W give E 6D QS QH QD" is W's turn but not a call: wrong-phase at 14.""",
    ),
    {
        "id": "1944.reading.main-pair-exchange-banned.kotka-played-without-swap",
        "ruleset": "skruuvi-1944",
        "readings": {
            "kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE
        },
        "base": "conformance/cases/1944/auction/kotka-strain-order.yaml (its deal and first auction)",
        "deal": KOTKA["deal"],
        "actions": [*KOTKA["actions"][:14], "W pass", "E pass", "W pass", "E pass", "N pass", "S pass",
                    *KOTKA_PLAY],
        "default": {"error": {"index": 14, "code": "wrong-phase"}},
        "expect": {"result": {"contract": {"declarer": "W", "bid": "6G", "doubling": 0},
                              "tricks": {"NS": 1, "EW": 12}, "score": score((6, 0), (272, 4740))}},
        "derivation": """Default: after the first auction (actions 0-13) W must give E four cards; action 14
        "W pass" is not a give: wrong-phase at 14. Reading: N–S's first bid 6S is at level 6, so no swap;
        second auction W:pass E:pass W:pass E:pass, contract 6G by W; no defenders' exchange in a kotka (the
        main pair's first bid 6C is at 6); N and S do not knock. W keeps the dealt hand ♠AKQ ♥AKQ ♦AKQ6 ♣AKQ.
        Play (N leads): T1 N:JD E:4D S:7D W:6D → N; W wins T2-T13 (QH, then AS AC AD AH KS KC KD KH QS QC QD).
        Tricks NS 1, EW 12. Below: EW 12 × 6 = 72, NS 1 × 6 = 6; EW reach 60 from 0: first game, 200, so
        EW below 272. 6G needs 12: made, no overtrick. EW above: contract 3000; W's four aces in one hand
        400 × 2 (grandi) = 800; sequences ♠AKQ ♥AKQ ♦AKQ ♣AKQ in W's hand, one card each from the third:
        4 × 100 = 400; honours in grandi 2 × 4 aces + 1 = 9 against N–S's 0, main took 12 >= 7:
        10 × 6 × 9 = 540. Sum 3000 + 800 + 400 + 540 = 4740. N–S above nothing.""",
    },
    # --------------------------------------- 1895 match.rubber: Parlett's rubber, two games then four extra deals
    reading_case(
        "1895.reading.rubber.two-nil-needs-four-more-deals",
        "skruuvi-1895",
        {"match.rubber": FIRST_ALTERNATIVE},
        "conformance/cases/1895/match/rubber-2-0.yaml",
        {"error": {"deal": 3, "index": None, "code": "incomplete-record"}},
        """The case's derivation: N–S win their second game in deal 2 (the third deal), so by default the
        rubber is complete. Under Parlett's rubber four extra deals follow the second game; the record
        ends after deal 2, before the first of them: incomplete-record at deal 3 (len(deals)), no index.""",
    ),
    reading_case(
        "1895.reading.rubber.two-one-needs-four-more-deals",
        "skruuvi-1895",
        {"match.rubber": FIRST_ALTERNATIVE},
        "conformance/cases/1895/match/rubber-2-1.yaml",
        {"error": {"deal": 4, "index": None, "code": "incomplete-record"}},
        """The case's derivation: games EW 1 (deal 0), NS 1 (deal 1), none (deal 2), NS 2 (deal 3). By default
        the rubber ends there; under the reading four more deals are owed: incomplete-record at deal 4.""",
    ),
    reading_case(
        "1895.reading.rubber.fourth-deal-is-an-extra-deal",
        "skruuvi-1895",
        {"match.rubber": FIRST_ALTERNATIVE},
        "conformance/cases/1895/match/error-overrun-after-2-0.yaml",
        {"error": {"deal": 4, "index": None, "code": "incomplete-record"}},
        """The case's derivation: N–S win their second game in deal 2, so by default deal 3 overruns
        (match-overrun at deal 3). Under the reading deal 3 (dealer W, the previous dealer's left, an
        alkupeli) is the first of the four extra deals and is played; three are still owed when the record
        ends: incomplete-record at deal 4.""",
    ),
    # ------------------------------------- 1895 score.honours-and-aces-per-card: flat 10 × level per side (PSW)
    reading_case(
        "1895.reading.flat-honours.no-trump-four-aces",
        "skruuvi-1895",
        {"score.honours-and-aces-per-card": FIRST_ALTERNATIVE},
        "conformance/cases/1895/aces/no-trump-four.yaml",
        {"result": {"contract": {"declarer": "N", "bid": "1G", "doubling": 0}, "tricks": {"NS": 9, "EW": 4},
                    "score": score((9, 25), (4, 0))}},
        """The case's derivation: 1G made by N–S, no honours at no trump, N–S hold all four aces (no hand three
        or more, no coronet): default aces 25 × 1 × 4 = 100. Flat: the ace unit at no trump 25 × level 1 once,
        25. N–S above 25; below the line unchanged (9 and 4).""",
    ),
    reading_case(
        "1895.reading.flat-honours.both-sides-score",
        "skruuvi-1895",
        {"score.honours-and-aces-per-card": FIRST_ALTERNATIVE},
        "conformance/cases/1895/aces/two-two-defenders-odd-trick.yaml",
        {"result": {"contract": {"declarer": "S", "bid": "2S", "doubling": 0}, "tricks": {"NS": 5, "EW": 8},
                    "score": score((10, 20), (16, 620))}},
        """The case's derivation: 2S by S fails by 3; N–S hold 3 honours (K Q J of spades) against 2, so they
        score honours: default 10 × 2 × 3 = 60, flat 10 × 2 = 20. Aces 2–2 and E–W took the odd trick, so E–W
        score aces: default 10 × 2 × 2 = 40, flat 10 × 2 = 20; their undertricks 100 × 2 × 3 = 600 stay. N–S
        above 20; E–W above 600 + 20 = 620.""",
    ),
]


def _ruleset(case: dict[str, Any]) -> Any:
    return with_readings(get_ruleset(case["ruleset"]), case["readings"])


def _response(case: dict[str, Any], ruleset: Any = None) -> dict[str, Any]:
    return replay(case, ruleset).to_response()


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_reading_changes_the_answer_as_derived(case: dict[str, Any]) -> None:
    assert _response(case, _ruleset(case)) == case["expect"]
    assert case["expect"] != case["default"]


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_default_answer_is_unchanged(case: dict[str, Any]) -> None:
    record = {key: value for key, value in case.items() if key != "readings"}  # a record pins what it names
    assert _response(record) == case["default"]


@pytest.mark.parametrize("case", READINGS, ids=[case["id"] for case in READINGS])
def test_the_step_path_gives_the_same_answer_under_the_reading(case: dict[str, Any]) -> None:
    ruleset = _ruleset(case)
    with engine.step_path_only():
        assert _response(case, ruleset) == case["expect"]


def test_an_unknown_honours_source_is_one_clear_error() -> None:
    with pytest.raises(RulesetError, match="honours_from must be one of: hands-at-play, tricks-won"):
        with_readings(get_ruleset("skruuvi-1944"), {"score.honours-from": "claimed"})


def test_a_banned_main_pair_exchange_deals_the_table_cards_from_the_forehand() -> None:
    """allowed-defender-opened-6 under the reading, after the first auction (actions 0-12): dealer N, so the
    forehand is E; the table cards 8C 4S 8D 6D go to E, S, W, N in that order; every hand holds 13 cards and
    N (the highest bidder) is to call in the second auction. By default N holds the four table cards and
    gives first."""
    record = base_record("conformance/cases/1944/defenders-exchange/allowed-defender-opened-6.yaml", "skruuvi-1944")
    readings = {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE}
    for ruleset, banned in ((with_readings(get_ruleset("skruuvi-1944"), readings), True),
                            (get_ruleset("skruuvi-1944"), False)):
        state = engine.start(ruleset, record["deal"])
        for action in record["actions"][:13]:
            state = engine.apply(state, action)
        hands = [{str(card) for card in hand} for hand in state.hands]
        dealt = {seat: set(record["deal"]["hands"][seat]) for seat in "NESW"}
        if banned:
            assert hands == [dealt["N"] | {"6D"}, dealt["E"] | {"8C"}, dealt["S"] | {"4S"}, dealt["W"] | {"8D"}]
            assert state.phase.mechanism == "auction" and state.to_act == 0
        else:
            assert hands[0] == dealt["N"] | {"8C", "4S", "8D", "6D"}
            assert state.phase.mechanism == "kitty" and state.to_act == 0


@pytest.mark.parametrize(("rule", "value"), [
    ("kitty.main-pair-exchange-allowed", {"at_least": 6}),
    ("kitty.main-pair-exchange-allowed", {"at_least": 9, "table_cards_from": "forehand"}),
    ("kitty.main-pair-exchange-allowed", {"at_least": 6, "table_cards_from": "nobody"}),
    ("kotka.exchange-allowed", "six"),
    ("kotka.exchange-allowed", 0),
])
def test_a_bad_exchange_ban_is_one_clear_error(rule: str, value: Any) -> None:
    # the compiler names the parameter; a value of the wrong kind is refused before, naming the rule
    with pytest.raises(RulesetError, match=rf"banned_if_other_side_first_bid|reading {re.escape(rule)}="):
        with_readings(get_ruleset("skruuvi-1944"), {rule: value})


READING_SETS = [
    ("skruuvi-1944", {"score.honour-count": FIRST_ALTERNATIVE}),
    ("skruuvi-1944", {"score.honours-from": "tricks-won"}),
    ("skruuvi-1944",
     {"kitty.main-pair-exchange-allowed": FIRST_ALTERNATIVE, "kotka.exchange-allowed": FIRST_ALTERNATIVE}),
    ("skruuvi-1895", {"match.rubber": FIRST_ALTERNATIVE}),
    ("skruuvi-1895", {"score.honours-and-aces-per-card": FIRST_ALTERNATIVE}),
]


@pytest.mark.parametrize(("ruleset_id", "readings"), READING_SETS, ids=[str(r) for _, r in READING_SETS])
def test_the_batch_path_agrees_with_the_step_path_under_each_reading(ruleset_id: str, readings: dict) -> None:
    """Random legal deals and matches of the bots, played under the reading: the batch paths (with their
    fallbacks) give the step path's answer, and each record is legal under the reading it was played in."""
    from skruuvi.authoring.bots import random_match, random_record

    ruleset = with_readings(get_ruleset(ruleset_id), readings)
    rng = random.Random(15)
    records = [random_record(ruleset, rng) for _ in range(40)] + [random_match(ruleset, rng) for _ in range(2)]
    for record in records:
        answer = _response(record, ruleset)
        assert "result" in answer, answer
        with engine.step_path_only():
            assert _response(record, ruleset) == answer
