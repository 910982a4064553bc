"""The kitty with named procedures (1895: ostoskruuvi and pakettiskruuvi), the `choose` verb, and the
other readings a ruleset lists (``with_readings``): a fixed procedure, the all-pass misère, scale 10.

The hand-built deal, dealt by N: N holds spades 2-K, E hearts 2-K, S diamonds 2-K, W clubs 2-K; the
centre is the four aces. N opens 1S and everyone passes eight times, so N takes the aces.
"""

from __future__ import annotations

import random

import pytest

from skruuvi.authoring.bots import random_match, random_record
from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import IllegalAction, RulesetError
from skruuvi.rules.notation import CARDS, parse_action
from skruuvi.rules.readings import FIRST_ALTERNATIVE, with_readings
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-1895")
N, E, S, W = range(4)
RANKS = "23456789TJQK"
DEAL = {
    "form": "alkupeli",
    "dealer": "N",
    "hands": {"N": [r + "S" for r in RANKS], "E": [r + "H" for r in RANKS],
              "S": [r + "D" for r in RANKS], "W": [r + "C" for r in RANKS]},
    "centre": ["AS", "AH", "AD", "AC"],
}
AUCTION = ["N bid 1S", *["E pass", "S pass", "W pass", "N pass"] * 2]


def at_choice(ruleset=RS):
    state = engine.start(ruleset, DEAL)
    for action in AUCTION:
        state = engine.apply(state, action)
    return state


def code(state, action: str) -> str:
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, action)
    return info.value.code


def hand(state, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat]}


def test_the_taker_holds_sixteen_cards_and_must_choose() -> None:
    state = at_choice()
    assert state.to_act == N and len(state.hands[N]) == 16 and {"AS", "AH", "AD", "AC"} <= hand(state, N)
    assert sorted(str(a) for a in engine.legal_actions(state)) == ["N choose ostoskruuvi", "N choose pakettiskruuvi"]


def test_ostoskruuvi_the_taker_gives_one_card_to_each_clockwise() -> None:
    state = engine.apply(at_choice(), "N choose ostoskruuvi")
    assert state.to_act == N
    assert code(state, "N give S AH") == "give-wrong-recipient"  # his left (E) first
    assert code(state, "N give E AH AD") == "give-wrong-count"
    for action in ("N give E AH", "N give S AD", "N give W AC"):
        state = engine.apply(state, action)
    assert state.phase is not None and state.phase.mechanism == "play"
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert "AH" in hand(state, E) and "AD" in hand(state, S) and "AC" in hand(state, W)
    assert state.to_act == E  # the declarer's left leads


def test_pakettiskruuvi_four_to_the_partner_who_gives_one_to_each() -> None:
    state = engine.apply(at_choice(), "N choose pakettiskruuvi")
    assert code(state, "N give E AH") == "give-wrong-recipient"
    assert code(state, "N give S AH") == "give-wrong-count"
    state = engine.apply(state, "N give S AS AH AD AC")
    assert len(state.hands[S]) == 16 and state.to_act == S
    # the partner may pass on a card he has just received (no different-card rule here)
    for action in ("S give W AC", "S give N AS", "S give E AH"):
        state = engine.apply(state, action)
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert "AS" in hand(state, N) and "AH" in hand(state, E) and "AC" in hand(state, W)


def test_choice_errors_follow_the_design_precedence() -> None:
    state = at_choice()
    assert code(state, "E choose ostoskruuvi") == "not-your-turn"
    assert code(state, "N give S AS AH AD AC") == "wrong-phase"
    assert code(state, "N pass") == "wrong-phase"
    assert code(state, "N choose kotkaskruuvi") == "choice-not-offered"
    for bad in ("N choose", "N choose ostoskruuvi pakettiskruuvi", "N choose Ostoskruuvi", "N choose 4"):
        assert code(state, bad) == "malformed-action"
    during_gifts = engine.apply(state, "N choose ostoskruuvi")
    assert code(during_gifts, "N choose pakettiskruuvi") == "wrong-phase"
    assert code(engine.start(RS, DEAL), "N choose ostoskruuvi") == "wrong-phase"  # in the auction


def test_choose_round_trips_through_the_notation() -> None:
    action = parse_action("W choose pakettiskruuvi")
    assert (action.verb, action.option, str(action)) == ("choose", "pakettiskruuvi", "W choose pakettiskruuvi")


def test_misere_cannot_be_bid_in_1895() -> None:
    assert code(engine.start(RS, DEAL), "N bid 1M") == "bid-not-allowed"


def test_four_opening_passes_are_a_redeal_that_scores_nothing() -> None:
    out = replay({"ruleset": RS.id, "deal": DEAL, "actions": ["N pass", "E pass", "S pass", "W pass"]})
    assert out.result == {"contract": None, "tricks": {"NS": 0, "EW": 0},
                          "score": {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}}
    extra = replay({"ruleset": RS.id, "deal": DEAL, "actions": ["N pass", "E pass", "S pass", "W pass", "N bid 1S"]})
    assert (extra.error_index, extra.error_code) == (4, "not-your-turn")


@pytest.mark.parametrize("procedure, gifts", [
    ("ostoskruuvi", ["N give E AH", "N give S AD", "N give W AC"]),
    ("pakettiskruuvi", ["N give S AS AH AD AC", "S give W AC", "S give N AS", "S give E AH"]),
])
def test_a_fixed_procedure_needs_no_choice(procedure: str, gifts: list[str]) -> None:
    fixed = with_readings(RS, {"kitty.choice": procedure})
    state = at_choice(fixed)
    assert code(state, f"N choose {procedure}") == "wrong-phase"
    for action in gifts:
        state = engine.apply(state, action)
    assert state.phase is not None and state.phase.mechanism == "play"


def test_the_all_pass_misere_reading_plays_the_deal() -> None:
    misere = with_readings(RS, {"auction.all-pass": FIRST_ALTERNATIVE})  # the first alternative: passimisaari
    state = engine.start(misere, DEAL)
    for action in ["N pass", "E pass", "S pass", "W pass"]:
        state = engine.apply(state, action)
    assert state.form.name == "passimisaari" and not state.finished
    assert all(len(h) == 13 for h in state.hands)  # the centre cards were dealt out, one each


def test_unknown_or_unusable_readings_are_ruleset_errors() -> None:
    with pytest.raises(RulesetError, match="no rule"):
        with_readings(RS, {"kitty.nope": 1})
    with pytest.raises(RulesetError, match="no alternative"):
        with_readings(RS, {"kitty.take": FIRST_ALTERNATIVE})
    with pytest.raises(RulesetError, match="procedure"):
        with_readings(RS, {"kitty.choice": "kotkaskruuvi"})


def _numbers(value, scale: int):
    if isinstance(value, dict):
        return {k: (v if k in ("games", "book") else _numbers(v, scale)) for k, v in value.items()}
    return value * scale if isinstance(value, int) and not isinstance(value, bool) else value


def test_scale_ten_multiplies_every_point_and_keeps_games_and_the_book() -> None:
    """The manual's own figures (PSW: one nought was dropped): every point ×10, the same games and book."""
    original = with_readings(RS, {"score.scale": FIRST_ALTERNATIVE})
    assert original.scale == 10 and original.game_threshold == 600
    rng = random.Random(1895)
    for _ in range(40):
        record = random_record(RS, rng)
        low, high = replay(record).result, replay(record, original).result
        assert high["score"] == _numbers(low["score"], 10) and high["tricks"] == low["tricks"]
    for _ in range(4):
        match = random_match(RS, rng)
        low, high = replay(match).result["match"], replay(match, original).result["match"]
        for a, b in zip(low["sheets"], high["sheets"], strict=True):
            for side in ("NS", "EW"):
                assert b[side]["games"] == a[side]["games"]
                assert (b[side]["below"], b[side]["above"], b[side]["running"]) == \
                    (a[side]["below"] * 10, a[side]["above"] * 10, a[side]["running"] * 10)
        assert high["final"]["book"] == low["final"]["book"]
        assert high["final"]["difference"] == 10 * low["final"]["difference"]


def test_every_gift_moves_only_the_named_cards() -> None:
    """52 cards are conserved through the choice and the gifts, for both procedures, on random deals."""
    rng = random.Random(7)
    for _ in range(60):
        record = random_record(RS, rng)
        state = engine.start(RS, record["deal"])
        for action in record["actions"]:
            state = engine.apply(state, action)
            cards = [c for h in state.hands for c in h]
            if state.phase is not None and state.phase.mechanism == "kitty":
                assert len(cards) == len(set(cards)) == 52
        assert state.finished and len({c for t in state.tricks for c in t.cards}) == (52 if state.tricks else 0)
    assert CARDS["AS"] is parse_action("N play AS").cards[0]


def test_the_all_pass_misere_reading_scores_the_side_with_fewer_tricks() -> None:
    """Under the alternative reading, an all-pass deal is scored as the 1940s pakkomisääri: the side with
    fewer tricks scores 100 for each trick of difference, above the line; nobody scores below it."""
    misere = with_readings(RS, {"auction.all-pass": FIRST_ALTERNATIVE})
    rng = random.Random(18)
    played = 0
    while played < 12:
        record = random_record(misere, rng)
        if not all(action.endswith(" pass") for action in record["actions"][:4]):
            continue  # someone bid: not an all-pass deal
        result = replay(record, misere).result
        assert result["contract"] is None
        ns, ew = result["tricks"]["NS"], result["tricks"]["EW"]
        assert ns + ew == 13
        fewer, more = ("NS", "EW") if ns < ew else ("EW", "NS")
        assert result["score"][fewer] == {"below": 0, "above": 100 * abs(ns - ew)}
        assert result["score"][more] == {"below": 0, "above": 0}
        played += 1
