"""Engines declare what they implement: the start answer's readings and features, checked, and the plan
that decides each case before it is sent (unsupported, as it stands, or judged under the readings)."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from skruuvi.rules.paths import cases_dir, schema_dir
from skruuvi.rules.ruledoc import rule_entries
from skruuvi.rules.ruleset import compile_ruleset, get_ruleset
from skruuvi.suite.cases.cases import Case, load_cases
from skruuvi.suite.features.features import asks_legal, feature_tags
from skruuvi.suite.reports.report import case_lines, case_record
from skruuvi.suite.run.declare import DeclarationError, Plan, check_declarations, plan_for, serve_declarations
from skruuvi.suite.run.runner import CaseResult
from skruuvi.suite.scp.protocol import Server

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these tests

CASES = cases_dir()


def header(rulesets: list[str] | None = None, **declares: Any) -> dict[str, Any]:
    impl = {"name": "x", "version": "1", "rulesets": rulesets if rulesets is not None else ["skruuvi-2016"]}
    return {"protocol": 1, "implementation": {**impl, **declares}}


def case_at(relative: str) -> Case:
    [case] = load_cases([CASES / relative])
    return case


# ---------------------------------------------------------------------------------------------------
# Checking the declarations


def test_an_engine_that_declares_nothing_is_planned_as_today() -> None:
    """Every hand-written case goes out as the very same object, or is unsupported for its ruleset only; the
    cases asking SCP/1 legal (which such an engine does not know) are unsupported for want of legal-actions."""
    plan = plan_for(header(["skruuvi-1944"]))
    for case in load_cases([CASES]):
        decided = plan(case)
        if case.ruleset == "skruuvi-1944" and asks_legal(case.record):
            assert decided == "needs feature legal-actions, which the engine does not declare for skruuvi-1944"
        elif case.ruleset == "skruuvi-1944":
            assert decided is case
        else:
            assert decided == f"the engine does not declare ruleset {case.ruleset}"
    assert plan.summary() == "" and plan.counts() is None


@pytest.mark.parametrize(("declares", "words"), [
    ({"readings": {"skruuvi-2016": {"no.such-rule": 1}}}, "no rule 'no.such-rule' in skruuvi-2016"),
    ({"readings": {"skruuvi-2016": {"passimisaari.return-order": "sideways"}}},
     'passimisaari.return-order="sideways" is neither the rule\'s value nor one of its alternatives ("reverse")'),
    ({"readings": {"skruuvi-2016": {"passimisaari.return-order": 3}}}, "a number cannot stand"),
    ({"readings": {"skruuvi-1944": {"score.honours-from": "tricks-won"}}}, "not among the engine's rulesets"),
    ({"readings": {"skruuvi-2016": ["passimisaari.return-order"]}}, "readings of skruuvi-2016 must be an object"),
    ({"readings": ["skruuvi-2016"]}, "implementation.readings must be an object"),
    ({"features": {"skruuvi-2016": ["form:kotka", "phase:kitchen"]}}, "unknown feature tag 'phase:kitchen'"),
    ({"features": {"skruuvi-2016": "form:kotka"}}, "must be a list of feature tags"),
])
def test_a_declaration_that_cannot_be_honoured_is_one_line(declares: dict[str, Any], words: str) -> None:
    with pytest.raises(DeclarationError) as caught:
        check_declarations(header(**declares))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_ruleset_the_suite_does_not_have() -> None:
    with pytest.raises(DeclarationError, match="a ruleset this suite does not have"):
        check_declarations(header(["skruuvi-3000"], features={"skruuvi-3000": []}))


def test_declared_readings_spelled_as_json_carries_them() -> None:
    """A table by level travels with string keys; the declaration is read with the rule's integer keys."""
    decl = check_declarations(header(["skruuvi-1944"], readings={"skruuvi-1944": {
        "score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}}}))
    assert decl.changes["skruuvi-1944"]["score.undertrick-first"] == {4: 400, 5: 500, 6: 1100, 7: 1700}


def test_a_reading_declared_as_the_rule_s_own_value_changes_no_expectation() -> None:
    own = get_ruleset("skruuvi-2016").rules["passimisaari.return-order"]
    decl = check_declarations(header(readings={"skruuvi-2016": {"passimisaari.return-order": own.value}}))
    assert decl.readings and not decl.changes
    case = case_at("2016/passimisaari/basic-dealer-N.yaml")
    assert Plan(decl)(case) is case


# ---------------------------------------------------------------------------------------------------
# Features


def test_a_case_needing_an_undeclared_feature_is_unsupported() -> None:
    """The passimisääri case needs the partners' exchange (its actions give cards across): an engine that
    declares the opening deal's phases only does not get it; a plain alkupeli case it does get."""
    tags = [t for t in feature_tags(get_ruleset("skruuvi-2016")) if "passimisaari" not in t
            and t != "phase:partner-exchange"]
    plan = plan_for(header(features={"skruuvi-2016": tags}))
    decided = plan(case_at("2016/passimisaari/basic-dealer-N.yaml"))
    assert decided == ("needs feature form:passimisaari, phase:partner-exchange, phase:passimisaari-doubling, "
                       "phase:passimisaari-play, which the engine does not declare for skruuvi-2016")
    plain = case_at("2016/auction/bid-after-passes-in-first-round.yaml")
    assert plan(plain) is plain


def test_features_of_another_ruleset_leave_this_one_whole() -> None:
    plan = plan_for(header(["skruuvi-2016", "skruuvi-1944"], features={"skruuvi-1944": ["form:alkupeli"]}))
    case = case_at("2016/passimisaari/basic-dealer-N.yaml")
    assert plan(case) is case


def test_a_case_pinning_a_reading_declared_otherwise() -> None:
    """The engine declares the default of score.defenders-receive; the case pins the other reading. Without
    case-readings among its features the case is not sent; with it, it goes as it stands."""
    case = case_at("2016/readings/defenders-nothing-made-5C.yaml")
    own = get_ruleset("skruuvi-2016").rules["score.defenders-receive"].value
    every = feature_tags(get_ruleset("skruuvi-2016"))
    readings = {"skruuvi-2016": {"score.defenders-receive": own}}
    without = plan_for(header(readings=readings, features={"skruuvi-2016": [t for t in every if t != "case-readings"]}))
    assert without(case) == (f'the case pins score.defenders-receive="nothing", the engine declares '
                             f'score.defenders-receive="{own}" and does not declare case-readings')
    assert plan_for(header(readings=readings, features={"skruuvi-2016": every}))(case) is case


# ---------------------------------------------------------------------------------------------------
# Judged under the declared readings, against hand-derived cases


@pytest.mark.parametrize(("base", "pinned"), [
    ("1895/aces/three-trump.yaml", "1895/readings/scale-ten-three-trump.yaml"),
    ("1944/above/down-6-one.yaml", "1944/readings/older-table-down-6-one.yaml"),
    ("2016/auction/bid-after-passes-in-first-round.yaml", "2016/readings/defenders-nothing-made-5C.yaml"),
])
def test_the_expectation_under_declared_readings_is_the_hand_derived_one(base: str, pinned: str) -> None:
    """A readings case is its base case (the same deal and actions) with a reading pinned and its answer
    derived by hand under it. An engine declaring that reading gets the base case judged against exactly
    that hand-derived answer, and the case says so."""
    plain, reading = case_at(base), case_at(pinned)
    assert (plain.record["deal"], plain.record["actions"]) == (reading.record["deal"], reading.record["actions"])
    plan = plan_for(header([plain.ruleset], readings={plain.ruleset: reading.record["readings"]}))
    judged = plan(plain)
    assert isinstance(judged, Case) and judged is not plain
    expected = reading.expect["result"]
    assert {k: judged.expect["result"][k] for k in expected} == expected
    assert judged.expect != plain.expect
    assert dict(judged.judged_under or {}) == plan.declarations.changes[plain.ruleset]
    assert judged.record["justification"]["note"].startswith("expect derived under readings ")
    assert (plan.judged, plan.same) == (1, 0)
    assert plan(reading) is reading  # it pins the reading itself: judged by its file
    assert plan.summary() == "1 judged under the engine's declared readings (0 more expect the same under them)"


# ---------------------------------------------------------------------------------------------------
# What serve declares


def test_serve_declares_the_rulesets_that_hold_its_readings() -> None:
    declared = serve_declarations({"passimisaari.return-order": "reverse"}, {})
    assert declared == {"rulesets": ["skruuvi-2016"],
                        "readings": {"skruuvi-2016": {"passimisaari.return-order": "reverse"}}}
    check_declarations(header(**declared))


def test_serve_declares_features_per_ruleset() -> None:
    declared = serve_declarations({}, {}, ["form:kotka", "match"])
    assert declared["features"]["skruuvi-2016"] == ["form:kotka", "match"]
    assert declared["features"]["skruuvi-1895"] == ["match"]  # 1895 has no kotka
    with pytest.raises(Exception, match="'form:nowhere' is a feature tag of none of the rulesets"):
        serve_declarations({}, {}, ["form:nowhere"])



def test_a_match_error_keeps_its_deal_under_readings() -> None:
    """A match record that goes wrong in its third deal goes wrong there under score.scale=10 as well (the
    reading changes points, not the order of deals): its expectation, deal included, stays as it is."""
    case = case_at("1895/match/error-wrong-dealer-repeated.yaml")
    assert "deal" in case.expect["error"]
    plan = plan_for(header(["skruuvi-1895"], readings={"skruuvi-1895": {"score.scale": 10}}))
    sent = plan(case)
    assert sent == case and sent.expect is case.expect and (plan.judged, plan.same) == (0, 1)


def test_the_reference_server_s_declarations_match_the_protocol_schema() -> None:
    schema = json.loads((schema_dir() / "protocol.schema.json").read_text(encoding="utf-8"))
    declared = serve_declarations({"passimisaari.return-order": "reverse"}, {}, ["form:alkupeli", "phase:play"])
    answer = Server(log=io.StringIO(), declares=declared).handle('{"cmd": "start", "protocol": 1}')
    assert answer is not None
    Draft202012Validator(schema).validate(answer)
    assert answer["implementation"]["features"] == {"skruuvi-2016": ["form:alkupeli", "phase:play"]}
    check_declarations(answer)
    bad = {**answer, "implementation": {**answer["implementation"], "features": {"skruuvi-2016": ["Form:X"]}}}
    assert not Draft202012Validator(schema).is_valid(bad)


def test_readings_that_cannot_hold_together_fail_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ruleset's data has an alternative that excludes another reading yet, so one is made here: the
    reversed passimisääri returns excluding another reading of bolsevikki.lead. Each reading alone is
    declarable; the two together are refused, naming both rules, as validate refuses them in a case."""
    real = get_ruleset("skruuvi-2016")
    doc = copy.deepcopy(dict(real.raw))
    entry = next(e for _, e in rule_entries(doc) if e.get("id") == "passimisaari.return-order")
    entry["alternatives"][0]["excludes"] = ["bolsevikki.lead"]
    made = compile_ruleset(doc, real.path)
    monkeypatch.setattr("skruuvi.suite.run.declare.get_ruleset",
                        lambda rid: made if rid == real.id else get_ruleset(rid))
    check_declarations(header(readings={"skruuvi-2016": {"passimisaari.return-order": "reverse"}}))
    check_declarations(header(readings={"skruuvi-2016": {"bolsevikki.lead": "declarer-right"}}))
    with pytest.raises(DeclarationError) as caught:
        check_declarations(header(readings={"skruuvi-2016": {"passimisaari.return-order": "reverse",
                                                             "bolsevikki.lead": "declarer-right"}}))
    assert "passimisaari.return-order" in str(caught.value) and "bolsevikki.lead" in str(caught.value)
    assert "cannot hold together" in str(caught.value)


def test_a_case_judged_under_readings_says_so_in_the_reports() -> None:
    plain = case_at("2016/auction/bid-after-passes-in-first-round.yaml")
    judged = plan_for(header(readings={"skruuvi-2016": {"score.defenders-receive": "nothing"}}))(plain)
    assert isinstance(judged, Case)
    failed = CaseResult(judged, "fail", got={"result": {}}, diff=["result.score.EW: expected 0, got -25"])
    assert '    expect derived under readings score.defenders-receive="nothing"' in case_lines(failed)
    record = case_record(failed)
    assert record["judged_under"] == {"score.defenders-receive": "nothing"}
    assert record["expected"]["result"]["score"] == {"NS": 25, "EW": 0}
    assert "judged_under" not in case_record(CaseResult(plain, "pass"))


def test_the_declared_features_are_checked_against_the_compiled_rulesets_tags(monkeypatch: pytest.MonkeyPatch,
                                                                               tmp_path: Any) -> None:
    """The runner takes a ruleset's tags from serve's feature-tag cache (no compiling); they are the compiled
    ruleset's own, from a good cache, from none, and when the cache has no tags for the ruleset (worked out of
    the compiled ruleset then)."""
    from skruuvi.rules.ruleset import available_rulesets
    from skruuvi.suite.run import declare

    for rid in available_rulesets():
        compiled = feature_tags(get_ruleset(rid))
        assert declare.ruleset_tags(rid) == compiled
        with monkeypatch.context() as m:
            m.setattr(declare, "every_feature", lambda rulesets: {})
            assert declare.ruleset_tags(rid) == compiled
        with monkeypatch.context() as m:
            m.setattr("skruuvi.suite.features.feature_cache.cache_file", lambda: tmp_path / "none" / "cache.json")
            assert declare.ruleset_tags(rid) == compiled
        check_declarations(header([rid], features={rid: compiled}))
        with pytest.raises(DeclarationError, match="unknown feature tag 'no-such-tag'"):
            check_declarations(header([rid], features={rid: [*compiled[:1], "no-such-tag"]}))
