"""The exported hypothesis strategies (skruuvi.authoring.strategies): legal deals and records of every ruleset."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

from skruuvi.authoring.strategies import deals, dealt_forms, legal_records, positions_ok, random_deal
from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

RULESETS = sorted(available_rulesets())
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_deals_of_every_dealt_form_start_a_deal(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    seen: set[str] = set()

    @FAST
    @given(deals(ruleset_id))
    def check(deal: dict) -> None:
        seen.add(deal["form"])
        state = engine.start(ruleset, deal)
        form = ruleset.forms[deal["form"]]
        assert [len(h) for h in state.hands] == [form.params["hand_size"]] * 4
        assert len(state.centre) == form.params["centre_cards"]

    check()
    assert seen <= {f.name for f in dealt_forms(ruleset)}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_legal_records_replay_without_error(ruleset_id: str) -> None:
    @FAST
    @given(legal_records(ruleset_id))
    def check(record: dict) -> None:
        outcome = replay(record)
        assert outcome.ok, outcome.to_response()

    check()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_plain_random_deals_cover_every_dealt_form_and_both_shapes(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(1)
    drawn = [random_deal(rng, ruleset_id) for _ in range(60)]
    assert {d["form"] for d in drawn} == {f.name for f in dealt_forms(ruleset)}
    assert any("deck" in d for d in drawn) and any("hands" in d for d in drawn)
    for deal in drawn:
        engine.start(ruleset, deal)
        if "centre_positions" in deal:
            assert positions_ok(ruleset, deal["centre_positions"])


def test_a_form_can_be_chosen_and_a_wrong_one_is_refused() -> None:
    ruleset_id = RULESETS[0]
    name = dealt_forms(get_ruleset(ruleset_id))[0].name

    @FAST
    @given(deals(ruleset_id, form=name))
    def check(deal: dict) -> None:
        assert deal["form"] == name

    check()
    with pytest.raises(ValueError, match="not a dealt form"):
        deals(ruleset_id, form="no-such-form")
