"""Other readings of rules (rules/readings.py): every listed alternative executes or says why not, values
are checked, readings compose (requires/excludes), variants resolve; and the defects of issue 15."""

from __future__ import annotations

import copy

import pytest

from skruuvi.interpreter.replay import replay
from skruuvi.rules import schemas
from skruuvi.rules.errors import InputError, RulesetError
from skruuvi.rules.paths import cases_dir
from skruuvi.rules.readings import (
    FIRST_ALTERNATIVE,
    alternatives,
    executable,
    label,
    resolve_ruleset,
    ruleset_under,
    variant,
    with_readings,
)
from skruuvi.rules.ruleset import available_rulesets, compile_ruleset, get_ruleset
from skruuvi.rules.yamlio import load_yaml

NOT_EXECUTABLE = {("skruuvi-2016", "bolsevikki.call-once"), ("skruuvi-2016", "sitsi.partnerships"),
                  ("skruuvi-2016", "deal.shuffled-top-card")}
"""The alternatives that cannot be executed (each says why in its ``why:``); every other one can."""


def test_every_alternative_executes_or_is_refused_in_one_line() -> None:
    refused = set()
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        for rule_id, alt in alternatives(ruleset):
            assert "value" in alt, f"{rid} {rule_id}: an alternative without a value cannot be tried"
            if executable(alt):
                readings = {rule_id: alt["value"], **(alt.get("requires") or {})}  # with what it requires
                under = with_readings(ruleset, readings)
                assert under.readings == readings and under.id == rid
                if alt.get("requires"):
                    with pytest.raises(RulesetError, match=r"requires .* which is not among the readings"):
                        with_readings(ruleset, {rule_id: alt["value"]})
                continue
            refused.add((rid, rule_id))
            with pytest.raises(RulesetError) as info:
                with_readings(ruleset, {rule_id: alt["value"]})
            message = str(info.value)
            assert "cannot be executed" in message and rule_id in message and "\n" not in message
    assert refused == NOT_EXECUTABLE


def test_first_alternative_and_null_are_different_things() -> None:
    rs = get_ruleset("skruuvi-1895")
    assert with_readings(rs, {"score.scale": FIRST_ALTERNATIVE}).scale == 10
    with pytest.raises(RulesetError, match=r"score.scale=null: a null cannot stand for this rule's value"):
        with_readings(rs, {"score.scale": None})
    with pytest.raises(RulesetError, match="cannot stand"):
        with_readings(rs, {"auction.all-pass": 3})


def test_the_whose_bid_reading_of_the_1944_exchange_runs() -> None:
    """Issue 15: the 1944 alternative raised TypeError. Under "either", E's opening 6H (a defender's) bans the
    defenders' exchange, so the defender's gift in this record is refused as exchange-forbidden."""
    rs = get_ruleset("skruuvi-1944")
    record = load_yaml(cases_dir() / "1944" / "defenders-exchange" / "allowed-defender-opened-6.yaml")
    assert "result" in replay(record).to_response()
    either = with_readings(rs, {"defenders-exchange.banned-by-whose-bid": FIRST_ALTERNATIVE})
    out = replay(record, either)
    assert out.error_code == "exchange-forbidden"
    seat, verb = record["actions"][out.error_index].split()[:2]
    assert verb == "give" and seat in "EW"  # N is the declarer: E and W defend
    with pytest.raises(RulesetError, match="banned_by_first_bid_of"):
        with_readings(rs, {"defenders-exchange.banned-by-whose-bid": "both"})


def test_centre_positions_are_checked_when_the_ruleset_is_compiled() -> None:
    """Issue 15: the prose alternative was iterated letter by letter, so a centre card at 0 went through."""
    rs = get_ruleset("skruuvi-2016")
    with pytest.raises(RulesetError, match="a string cannot stand for this rule"):
        with_readings(rs, {"deal.centre-not-top-or-bottom": "unspecified number of first and last cards"})
    doc = copy.deepcopy(dict(rs.raw))
    doc["deal"]["rules"][[r["id"] for r in doc["deal"]["rules"]].index("deal.centre-not-top-or-bottom")]["value"] = \
        ["first", 52]
    with pytest.raises(RulesetError, match="centre_forbidden_positions must be a list of pack positions"):
        compile_ruleset(doc, "x.yaml")
    two = with_readings(rs, {"deal.centre-not-top-or-bottom": FIRST_ALTERNATIVE})
    deck = [r + s for s in "SCDH" for r in "23456789TJQKA"]
    for positions, ok in (([0, 10, 20, 30], False), ([1, 10, 20, 30], False), ([2, 10, 20, 49], True),
                          ([2, 10, 20, 50], False)):
        deal = {"form": "alkupeli", "dealer": "N", "deck": deck, "centre_positions": positions}
        out = replay({"ruleset": rs.id, "deal": deal, "actions": []}, two)
        assert (out.error_code != "invalid-deal") is ok, positions


def _with_links(**links: object) -> object:
    """The 1895 ruleset with ``requires``/``excludes`` added to some alternatives (rule id -> (value, key, what))."""
    doc = copy.deepcopy(dict(get_ruleset("skruuvi-1895").raw))
    from skruuvi.rules.ruledoc import rule_entries

    entries = {e["id"]: e for _, e in rule_entries(doc)}
    for rule_id, (value, key, what) in links.items():
        alt = next(a for a in entries[rule_id.replace("_", ".")]["alternatives"] if a["value"] == value)
        alt[key] = what
    return compile_ruleset(doc, "linked.yaml")


def test_readings_compose_and_a_set_that_cannot_hold_names_both_rules() -> None:
    rs = _with_links(**{"kitty.choice": ("pakettiskruuvi", "requires", {"auction.all-pass": "passimisaari"}),
                        "score.scale": (10, "excludes", ["auction.end-eight-passes"])})
    both = with_readings(rs, {"kitty.choice": "pakettiskruuvi", "auction.all-pass": "passimisaari",
                              "score.scale": 10})
    assert both.scale == 10 and both.readings["kitty.choice"] == "pakettiskruuvi"
    with pytest.raises(RulesetError, match=r"kitty.choice=\"pakettiskruuvi\" requires auction.all-pass="):
        with_readings(rs, {"kitty.choice": "pakettiskruuvi"})
    with pytest.raises(RulesetError, match=r"score.scale=10 and auction.end-eight-passes=12 cannot hold together"):
        with_readings(rs, {"score.scale": 10, "auction.end-eight-passes": 12})
    # on top of readings already applied, too
    with pytest.raises(RulesetError, match="cannot hold together"):
        with_readings(with_readings(rs, {"score.scale": 10}), {"auction.end-eight-passes": 12})


def test_the_schema_holds_the_new_alternative_keys() -> None:
    doc = copy.deepcopy(dict(get_ruleset("skruuvi-1895").raw))
    scoring = doc["scoring"]["rules"]
    alt = next(r for r in scoring if r["id"] == "score.scale")["alternatives"][0]
    alt["executable"] = False
    with pytest.raises(InputError, match="why"):
        schemas.check(doc, "ruleset", file="x.yaml")
    alt["why"] = "for the test"
    alt["requires"] = {"Not A Rule": 1}
    with pytest.raises(InputError):
        schemas.check(doc, "ruleset", file="x.yaml")


def test_a_declared_variant_resolves_by_id_or_era() -> None:
    known = {rid: get_ruleset(rid) for rid in available_rulesets()}
    older = resolve_ruleset("1944:older-table", known)
    assert older is not None and older.id == "skruuvi-1944" and label(older) == "skruuvi-1944:older-table"
    assert older.tables["undertrick_first"][6] == 1100 and get_ruleset("skruuvi-1944").tables[
        "undertrick_first"][6] == 1000
    assert resolve_ruleset("skruuvi-1944", known) is known["skruuvi-1944"]
    assert resolve_ruleset("1066:x", known) is None
    with pytest.raises(RulesetError, match="no variant 'nope' \\(declared: older-table\\)"):
        variant(known["skruuvi-1944"], "nope")


def test_readings_from_json_have_their_integer_keys_back() -> None:
    """A record sent over SCP/1 (JSON) writes a table's levels as strings; they mean the same levels."""
    text_keys = ruleset_under("skruuvi-1944", {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}})
    assert text_keys.tables["undertrick_first"] == {4: 400, 5: 500, 6: 1100, 7: 1700}
    assert ruleset_under("skruuvi-1944", {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}}) \
        is text_keys
