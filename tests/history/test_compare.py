"""Comparing rulesets (skruuvi.history.compare), cross-era replay (skruuvi.history.crossera) and their CLI commands."""

from __future__ import annotations

import copy
import json
import re

import pytest

from skruuvi.cli.commands import main
from skruuvi.history.compare import compare_rulesets, cross_era, find_ruleset, rule_matrix, topic_of
from skruuvi.rules.paths import cases_dir, spec_dir
from skruuvi.rules.ruleset import available_rulesets, compile_ruleset, get_ruleset
from skruuvi.rules.yamlio import iter_records, load_yaml

CASES = cases_dir() / "2016"


@pytest.fixture(scope="module")
def r16():
    return get_ruleset("skruuvi-2016")


@pytest.fixture(scope="module")
def r44():
    return get_ruleset("skruuvi-1944")


@pytest.fixture(scope="module")
def diff(r16, r44):
    return compare_rulesets(r16, r44)


def case(rel: str) -> dict:
    return next(iter_records(CASES / rel))[2]


# --- the ruleset diff -------------------------------------------------------------------------------

def test_changed_values_carry_both_sides(diff):
    by_id = {d.id: d for d in diff.rules}
    final = by_id["auction2.final-min-level"]
    assert final.kind == "changed" and "value" in final.changed  # both eras mark it inferred since issue 17
    assert (final.a.value, final.b.value) == (5, 4)
    assert final.topic == "auction"
    mult = by_id["score.multipliers"]
    assert (mult.a.value, mult.b.value) == ([1, 2, 3], [1, 2, 4])
    assert mult.topic == "doubling"  # a scoring rule about doubling: PARAM_TOPIC
    lead = by_id["play.lead"]
    assert lead.b.value["misere"] == "declarer-right" and lead.a.value == "declarer-left"


def test_presence_and_same(diff):
    by_id = {d.id: d for d in diff.rules}
    assert by_id["passimisaari.lead"].kind == "only-a"
    assert by_id["pakkomisaari.lead"].kind == "only-b" and by_id["pakkomisaari.lead"].topic == "play"
    assert by_id["kotka.min-level"].kind == "changed" and by_id["kotka.min-level"].topic == "auction"
    assert by_id["match.game-threshold"].topic == "match"
    assert by_id["kitty.partner-order"].kind == "same"
    counts = diff.counts()
    assert sum(counts.values()) == len(set(get_ruleset("skruuvi-2016").rules) | set(get_ruleset("skruuvi-1944").rules))
    assert counts["only-a"] == len(set(get_ruleset("skruuvi-2016").rules) - set(get_ruleset("skruuvi-1944").rules))


def test_scoring_formula_changes_are_value_changes(diff):
    under = {d.id: d for d in diff.rules}["score.undertricks"]
    assert "value" in under.changed  # worded by the book: tests/book/test_diff_report.py


def test_topics_come_from_where_the_rule_sits(r16, r44):
    assert topic_of(r16, r16.rules["kitty.take"]) == "exchanges"
    assert topic_of(r16, r16.rules["passimisaari.doubling-order"]) == "doubling"  # extends: doubling
    assert topic_of(r44, r44.rules["pakkomisaari.lead"]) == "play"  # extends: play
    assert topic_of(r44, r44.rules["kotka.strain-order"]) == "auction"
    assert topic_of(r44, r44.rules["kotka.hand-size"]) == "deal"
    assert topic_of(r16, r16.rules["score.made-value"]) == "scoring"


def test_grouped_by_topic_in_order_with_value_changes_first(diff):
    groups = diff.by_topic()
    assert list(groups) == ["deal", "auction", "exchanges", "doubling", "play", "scoring", "match"]
    auction = [d.id for d in groups["auction"]]
    assert auction.index("auction2.final-min-level") < auction.index("auction.first-speaker")
    assert all(d.kind != "same" for ds in groups.values() for d in ds)
    assert any(d.kind == "same" for ds in diff.by_topic(include_same=True).values() for d in ds)


def test_params_set_by_differently_named_rules(diff):
    params = {(p.place, p.param): p for p in diff.params}
    centre = params[("deal", "centre_forbidden_positions")]
    assert centre.a.id == "deal.centre-not-top-or-bottom" and centre.b.id == "deal.table-cards-not-last"
    assert (centre.a.value, centre.b.value) == (["first", "last"], ["last"])


def test_a_ruleset_compared_with_itself_has_no_difference(r44):
    assert compare_rulesets(r44, r44).differences == ()


def test_generic_over_any_ruleset_document(r16):
    doc = copy.deepcopy(dict(r16.raw))
    doc["id"], doc["era"] = "skruuvi-test", "2099"
    doc["scoring"]["rules"][0]["value"] = [1, 3, 9]
    doc["phases"]["play"]["rules"][0]["note"] = "a note is not a difference"
    other = compile_ruleset(doc, "<test>")
    d = compare_rulesets(r16, other)
    assert [x.id for x in d.differences] == ["score.multipliers"]
    rows = rule_matrix([r16, other, get_ruleset("skruuvi-1944")])
    row = next(r for r in rows if r.id == "score.multipliers")
    assert {"value", "source"} <= row.differs and row.rules[1].value == [1, 3, 9]


def test_the_json_data_carries_both_sides(diff):
    data = json.loads(json.dumps(diff.to_dict()))
    final = next(d for d in data["topics"]["auction"] if d["id"] == "auction2.final-min-level")
    assert final["skruuvi-2016"]["value"] == 5 and final["skruuvi-1944"]["value"] == 4


def test_find_ruleset_by_id_or_era(r16):
    known = {rid: get_ruleset(rid) for rid in available_rulesets()}
    assert find_ruleset("2016", known) is r16 and find_ruleset("skruuvi-2016", known) is r16
    assert find_ruleset("1066", known) is None


# --- cross-era replay -------------------------------------------------------------------------------

def test_made_contract_scores_differently_with_the_rules_that_cause_it(r16, r44):
    x = cross_era(case("score/made-5H-exact.yaml"), [r16, r44])
    e16, e44 = x.eras
    assert e16.scored and e44.scored
    assert e16.outcome.result["score"] == {"NS": 25, "EW": -25}
    assert e44.outcome.result["score"]["NS"]["below"] == 55  # 11 tricks × level 5
    assert e16.outcome.result["tricks"] == e44.outcome.result["tricks"]
    rules = {d.rule: d for d in x.differences}
    assert {"score.made", "score.below-tricks", "score.contract-made"} <= set(rules)
    assert [i.points for i in rules["score.made"].items["skruuvi-2016"]] == [25, -25]
    assert rules["score.made"].items["skruuvi-1944"] == ()
    assert rules["score.contract-made"].via["skruuvi-1944"] == ("score.contract-bonus",)
    assert [i.points for i in rules["score.contract-made"].items["skruuvi-1944"]] == [2000]


def test_doubled_failure_names_both_multiplier_rules(r16, r44):
    x = cross_era(case("score/down-6H-three-doubled-D3.yaml"), [r16, r44])
    under = next(d for d in x.differences if d.rule == "score.undertricks")
    assert "score.multipliers" in under.via["skruuvi-2016"] and "score.multipliers" in under.via["skruuvi-1944"]
    assert [(i.side, i.points) for i in under.items["skruuvi-1944"]] == [("EW", 4400)]  # (1000 + 2 × 600) × 2
    crowns = next(d for d in x.differences if d.rule == "score.ace-crowns")
    assert "score.multipliers" not in crowns.via["skruuvi-1944"]  # the loser's points are not multiplied


def test_misere_is_rejected_at_the_first_lead_by_the_lead_rule(r16, r44):
    x = cross_era(case("misere/made-5M-exact-two.yaml"), [r16, r44])
    assert x.eras[0].scored
    rejected = x.eras[1]
    assert rejected.playable and not rejected.scored
    r = rejected.rejection
    assert (r.code, r.index, r.rules, r.phase) == ("not-your-turn", 21, ("play.lead",), "play")
    assert r.action == "E play KH"
    assert x.differences == ()


def test_all_pass_deal_turns_into_another_form_with_other_phases(r16, r44):
    x = cross_era(case("passimisaari/basic-dealer-N.yaml"), [r16, r44])
    r = x.eras[1].rejection
    assert r.code == "not-your-turn" and r.index == 8 and r.rules == ("pakkomisaari.lead",)
    assert (r.phase, r.home_phase) == ("pakko-play", "passimisaari-doubling")
    assert (r.form, r.form_rule) == ("pakkomisaari", "auction.all-pass")


def test_error_codes_map_to_the_parameter_rules(r16, r44):
    too_low = cross_era(case("errors/final-contract-too-low-at-4.yaml"), [r16, r44])
    assert too_low.eras[0].rejection.rules == ("auction2.final-min-level",)
    assert too_low.eras[1].rejection.code == "incomplete-record"  # level 4 is a legal 1944 contract
    banned = cross_era(case("errors/exchange-forbidden-6H.yaml"), [r16])
    assert banned.eras[0].rejection.rules == ("defenders-exchange.banned-after-high-first-bid",)
    first = cross_era(case("errors/not-your-turn-first-call.yaml"), [r16])
    assert first.eras[0].rejection.rules == ("auction.first-speaker",)
    follow = cross_era(case("errors/must-follow-suit-first-trick.yaml"), [r16])
    assert follow.eras[0].rejection.rules == ("play.follow-suit",)  # from spec/errors.yaml


def test_bid_below_minimum_maps_to_min_level(r44):
    deal = {"form": "kotka", "dealer": "N", "hands": {s: [r + t for r in "23456789TJQKA"] for s, t in
                                                      zip("NESW", "SCDH", strict=True)}}
    x = cross_era({"id": "t", "ruleset": r44.id, "deal": deal, "actions": ["N bid 5S"]}, [r44])
    assert x.eras[0].rejection.code == "bid-below-minimum"
    assert x.eras[0].rejection.rules == ("kotka.min-level",)


def test_a_form_that_an_era_lacks_is_not_playable(r16, r44):
    doc = copy.deepcopy(dict(r16.raw))
    del doc["forms"]["kotka"]
    del doc["match"]  # its blocks name the kotka
    doc["id"] = "skruuvi-2016-without-kotka"
    no_kotka = compile_ruleset(doc, "<no kotka>")
    deal = {"form": "kotka", "dealer": "N", "hands": {s: [r + t for r in "23456789TJQKA"] for s, t in
                                                      zip("NESW", "SCDH", strict=True)}}
    x = cross_era({"id": "k", "ruleset": r44.id, "deal": deal, "actions": []}, [no_kotka, r44])
    assert not x.eras[0].playable and "'kotka' does not exist in skruuvi-2016-without-kotka" in x.eras[0].reason
    assert x.eras[1].playable and x.eras[1].rejection.code == "incomplete-record"
    assert x.to_dict()["eras"][0] == {"ruleset": "skruuvi-2016-without-kotka", "era": "2016", "playable": False,
                                      "reason": x.eras[0].reason}


# --- the command line ---------------------------------------------------------------------------------

def test_cli_compare_formats_and_errors(capsys):
    assert main(["compare", "skruuvi-2016", "skruuvi-1944"]) == 0
    out = capsys.readouterr().out
    assert "auction2.final-min-level" in out and "Doubling:" in out
    assert main(["compare", "2016", "1944", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "skruuvi-2016" and "doubling" in data["topics"]
    assert main(["compare", "2016", "1944", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == data
    assert main(["compare", "2016", "1944", "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("# skruuvi-2016")
    assert main(["compare", "2016", "1944", "--values-only"]) == 0
    only = capsys.readouterr().out
    assert "auction2.final-min-level" in only and "kotka.min-level" not in only  # kotka.min-level: sources only
    assert "kotka.min-level" in out
    assert main(["compare", "2016", "1895x"]) == 2
    assert "unknown ruleset or era '1895x'" in capsys.readouterr().err


def test_cli_replay_eras_text_and_json(capsys):
    path = str(CASES / "misere" / "made-5M-exact-two.yaml")
    assert main(["replay", "--eras", "all", path]) == 0
    out = capsys.readouterr().out
    assert "skruuvi-1944 (1944)" in out and "not-your-turn — play.lead" in out
    assert main(["replay", "--eras", "2016,skruuvi-1944", "--format", "json", path,
                 str(CASES / "score" / "made-5H-exact.yaml")]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 2 and lines[0]["eras"][1]["error"]["rules"] == ["play.lead"]
    assert {d["rule"] for d in lines[1]["differences"]} >= {"score.made", "score.contract-made"}


def test_cli_replay_eras_errors_and_plain_replay_unchanged(capsys, tmp_path):
    path = str(CASES / "score" / "made-5H-exact.yaml")
    assert main(["replay", "--eras", "nope", path]) == 2
    assert "unknown ruleset or era 'nope'" in capsys.readouterr().err
    assert main(["replay", "--format", "text", path]) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("- 1\n")
    assert main(["replay", "--eras", "all", str(bad), path]) == 1
    captured = capsys.readouterr()
    assert "a case must be a mapping" in captured.err and "2016.score.made-5H-exact" in captured.out
    assert main(["replay", path]) == 0
    assert json.loads(capsys.readouterr().out)["result"]["score"] == {"NS": 25, "EW": -25}


# --- spec/comparison.yaml -------------------------------------------------------------------------------

def test_comparison_prose_has_no_numbers_and_names_six_kinds_of_deal():
    notes = load_yaml(spec_dir() / "comparison.yaml")
    for topic, text in notes["topics"].items():
        assert topic in ("deal", "auction", "exchanges", "doubling", "play", "scoring", "match")
        assert not re.search(r"\d", text), f"{topic}: numbers must come from the rulesets"
    assert len(notes["cross_era"]) >= 6
