"""Invariants of 1895 deals, over hypothesis-drawn legal records (the exported skruuvi.authoring.strategies):
52 cards conserved through the choice and the gifts, thirteen tricks or a redeal, the trick score below the
line for both sides, and every above-the-line item owed to the side the 1895 table gives it to."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from skruuvi.authoring.strategies import legal_records
from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.ruleset import get_ruleset

RS = get_ruleset("skruuvi-1895")
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OTHER = {"NS": "EW", "EW": "NS"}


@PROPS
@given(legal_records("skruuvi-1895"))
def test_cards_are_conserved_and_a_deal_is_thirteen_tricks_or_a_redeal(record):
    state = engine.start(RS, record["deal"])
    centre = set(state.centre)
    for action in record["actions"]:
        held = [c for h in state.hands for c in h]
        played = [c for t in state.tricks for c in t.cards] + list(state.current)
        cards = held + played
        assert len(cards) == len(set(cards))
        assert len(cards) == 52 or (len(cards) == 48 and centre.isdisjoint(cards))
        state = engine.apply(state, action)
    assert state.finished
    if state.contract is None:  # four opening passes: thrown in
        assert record["actions"] == [a for a in record["actions"][:4] if a.endswith(" pass")]
        assert state.tricks == ()
    else:
        assert len(state.tricks) == 13 and all(len(h) == 0 for h in state.hands)
        assert any(a.split()[1] == "choose" for a in record["actions"])


@PROPS
@given(legal_records("skruuvi-1895"))
def test_scores_follow_the_table_structure(record):
    out = replay(record)
    assert out.ok, out.to_response()
    result = out.result
    if result["contract"] is None:
        assert result["tricks"] == {"NS": 0, "EW": 0}
        assert result["score"] == {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}
        return
    level = int(result["contract"]["bid"][0])
    main = "NS" if result["contract"]["declarer"] in "NS" else "EW"
    made = result["tricks"][main] >= 6 + level
    for side in ("NS", "EW"):
        trick_points = result["tricks"][side] * level
        bonus = 200 if trick_points >= 60 else 0  # a first game from a fresh rubber
        assert result["score"][side]["below"] == trick_points + bonus
    for item in out.breakdown:
        assert item.points > 0
        if item.rule in ("score.undertricks", "score.failed-slam"):
            assert not made and item.side == OTHER[main]
        if item.rule in ("score.small-slam-bid", "score.small-slam-bid-made-grand", "score.grand-slam-bid"):
            assert made and item.side == main and level >= 6
        if item.rule == "score.honours":
            assert result["contract"]["bid"][1] != "G"
