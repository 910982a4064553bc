"""The ruleset compiler: the real 2016 ruleset compiles; broken copies fail with file and JSON pointer."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from skruuvi.rules.errors import RulesetError
from skruuvi.rules.ruleset import UnknownRuleset, available_rulesets, compile_ruleset, get_ruleset, load_ruleset

ROOT = Path(__file__).resolve().parents[2]
FILE_2016 = ROOT / "spec" / "rulesets" / "skruuvi-2016.yaml"


@pytest.fixture(scope="module")
def doc():
    with open(FILE_2016, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _rule_entries(node, pointer=""):
    """Every mapping with an ``id`` inside the deal/forms/phases/scoring sections, with its pointer."""
    if isinstance(node, dict):
        if "id" in node and pointer.count("/") > 1:
            yield pointer, node
        for key, value in node.items():
            yield from _rule_entries(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _rule_entries(value, f"{pointer}/{i}")


def test_the_2016_ruleset_compiles(doc):
    rs = get_ruleset("skruuvi-2016")
    assert rs.id == "skruuvi-2016" and rs.era == "2016"
    assert "skruuvi-2016" in available_rulesets()
    assert get_ruleset("skruuvi-2016") is rs  # cached
    assert set(rs.forms) == {"alkupeli", "kotka", "bolsevikki", "passimisaari", "redeal"}
    assert rs.forms["bolsevikki"].params["scoring_unit"] == "seat" and not rs.forms["redeal"].phases
    kotka = rs.forms["kotka"]
    assert kotka.dealt and kotka.params["hand_size"] == 13 and kotka.params["centre_cards"] == 0
    assert [p.mechanism for p in kotka.phases] == [
        "auction", "pair_swap", "auction", "defenders_exchange", "doubling", "play"]
    alku = rs.forms["alkupeli"]
    assert alku.dealt and alku.scheme == "contract"
    assert [p.id for p in alku.phases] == [
        "first-auction", "kitty", "second-auction", "defenders-exchange", "doubling", "play"]
    assert [p.mechanism for p in alku.phases] == [
        "auction", "kitty", "auction", "defenders_exchange", "doubling", "play"]
    passi = rs.forms["passimisaari"]
    assert not passi.dealt and passi.scheme == "passimisaari"
    assert [p.mechanism for p in passi.phases] == ["centre_deal", "partner_exchange", "doubling", "play"]
    assert alku.params == {"hand_size": 12, "centre_cards": 4, "strain_order": ["M", "S", "C", "D", "H", "G"]}
    assert rs.deal_params["centre_forbidden_positions"] == ["first", "last"]
    assert rs.deal_params["centre_max_consecutive"] == 3
    assert rs.scoring_params == {"multipliers": [1, 2, 3], "defenders_receive": "negation", "zero_sum": [],
                                 "contract_points": ["score.made", "score.overtricks", "score.undertricks"]}


def test_phase_parameters_and_extends():
    rs = get_ruleset("skruuvi-2016")
    ph = {p.id: p for f in rs.forms.values() for p in f.phases}
    assert ph["first-auction"].params["end_after_passes"] == 8
    assert ph["first-auction"].params["all_pass_form"] == "passimisaari"
    assert ph["second-auction"].params == {
        "bidders": "main-pair", "first": "highest-bidder", "end_after_passes": 4, "final_min_level": 5,
        "final_min_passes": "ending-pass"}
    assert ph["kitty"].params["to_partner"] == 4
    assert ph["kitty"].params["distribution"] == {"distributor": "partner", "each": 1}
    assert ph["defenders-exchange"].params["banned_if_main_first_bid_at_least"] == 6
    assert ph["doubling"].params["doublers"] == ["declarer-left", "declarer-right"]
    # passimisaari-doubling extends doubling: inherits the redoublers, overrides the doublers
    assert ph["passimisaari-doubling"].params["doublers"] == ["dealer", "dealer-partner"]
    assert ph["passimisaari-doubling"].params["redoublers"] == ["doubler-left", "doubler-left-partner"]
    assert ph["passimisaari-doubling"].rule_of_param["redoublers"] == "doubling.redouble-order"
    assert ph["passimisaari-play"].params["lead"] == "forehand"
    assert ph["play"].params["lead"] == "declarer-left"


def test_rule_ids_are_unique_and_complete(doc):
    rs = get_ruleset("skruuvi-2016")
    entries = list(_rule_entries({k: doc[k] for k in ("deal", "forms", "phases", "scoring", "match")}))
    ids = [e["id"] for _, e in entries]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert set(ids) == set(rs.rules)
    for rule in rs.rules.values():
        assert rule.source, rule.id
        assert rule.status in ("stated", "inferred", "conflict"), rule.id
        if rule.status != "stated":
            assert rule.raw.get("note"), rule.id
        if rule.status == "conflict":
            assert rule.raw.get("alternatives"), rule.id


def test_tables_and_scoring_rules():
    rs = get_ruleset("skruuvi-2016")
    assert rs.tables["made_value"]["trump"] == {5: 25, 6: 35, 7: 50}
    assert rs.tables["made_value"]["misere"] == {5: 10, 6: 20, 7: 35}
    assert rs.tables["overtrick_value"] == {5: 2, 6: 2, 7: 0}
    assert rs.tables["first_undertrick"]["grand"] == {5: 5, 6: 10, 7: 15}
    assert rs.tables["first_undertrick"]["misere"] == {5: 10, 6: 15, 7: 20}
    assert rs.tables["further_undertrick"] == 5
    assert [r.id for r in rs.schemes["contract"]] == [
        "score.made", "score.overtricks", "score.undertricks", "score.misere-aces"]
    assert [r.id for r in rs.schemes["passimisaari"]] == ["score.passimisaari-tricks", "score.passimisaari-aces"]
    assert [r.multiplied for r in rs.schemes["contract"]] == [True, True, True, False]


def test_load_ruleset_from_a_path_and_unknown_ids():
    rs = load_ruleset(FILE_2016)
    assert rs.id == "skruuvi-2016" and rs.path == str(FILE_2016)
    with pytest.raises(UnknownRuleset):
        get_ruleset("skruuvi-1066")
    with pytest.raises(UnknownRuleset):
        get_ruleset(2016)  # type: ignore[arg-type]


def _rule_index(rules, rule_id):
    return next(i for i, r in enumerate(rules) if r["id"] == rule_id)


def _remove_table(d):
    d["scoring"]["tables"] = [t for t in d["scoring"]["tables"] if t["name"] != "overtrick_value"]


def _unknown_mechanism(d):
    d["phases"]["kitty"]["mechanism"] = "nosuch"


def _missing_param(d):
    rules = d["phases"]["kitty"]["rules"]
    rules.pop(_rule_index(rules, "kitty.take"))


def _bad_seat(d):
    rules = d["phases"]["play"]["rules"]
    rules[_rule_index(rules, "play.lead")]["value"] = "declarer-across"


def _bad_seat_in_list(d):
    rules = d["phases"]["doubling"]["rules"]
    rules[_rule_index(rules, "doubling.defenders-order")]["value"] = ["declarer-left", "nobody"]


def _duplicate_rule_id(d):
    rules = d["phases"]["play"]["rules"]
    rules[_rule_index(rules, "play.trumps")]["id"] = "play.lead"


def _duplicate_rule_id_across_sections(d):
    d["scoring"]["rules"][0]["id"] = "deal.players"


def _extends_loop(d):
    del d["phases"]["play"]["mechanism"]
    d["phases"]["play"]["extends"] = "passimisaari-play"  # passimisaari-play extends play


def _extends_self(d):
    del d["phases"]["play"]["mechanism"]
    d["phases"]["play"]["extends"] = "play"


def _extends_unknown(d):
    d["phases"]["passimisaari-play"]["extends"] = "nosuch"


def _unknown_phase_in_form(d):
    d["forms"]["alkupeli"]["phases"].append("nosuch")


def _unknown_scheme(d):
    d["forms"]["alkupeli"]["scoring"] = "nosuch"


def _forbidden_expression(d):
    d["scoring"]["schemes"]["contract"][0]["points"] = "__import__('os')"


def _bad_target(d):
    d["scoring"]["schemes"]["contract"][0]["to"] = "everyone"


def _bad_choice(d):
    rules = d["phases"]["kitty"]["rules"]
    rules[_rule_index(rules, "kitty.partner-order")]["value"] = "anticlockwise"


def _missing_deal_param(d):
    rules = d["deal"]["rules"]
    rules.pop(_rule_index(rules, "deal.centre-not-consecutive"))


def _missing_form_param(d):
    rules = d["forms"]["alkupeli"]["rules"]
    rules.pop(_rule_index(rules, "alkupeli.strain-order"))


def _unknown_all_pass_form(d):
    rules = d["phases"]["first-auction"]["rules"]
    rules[_rule_index(rules, "auction.all-pass")]["value"] = "nosuch"


def _param_twice(d):
    rules = d["phases"]["play"]["rules"]
    rules[_rule_index(rules, "play.trumps")].update(param="lead", value="dealer")


def _no_contract_points(d):
    rules = d["scoring"]["rules"]
    rules.pop(_rule_index(rules, "score.contract-points"))


def _contract_point_not_a_rule(d):
    rules = d["scoring"]["rules"]
    rules[_rule_index(rules, "score.contract-points")]["value"] = ["score.made", "score.nosuch"]


BROKEN = [
    (_remove_table, "/scoring/schemes/contract/1/points", "overtrick_value"),
    (_unknown_mechanism, "/phases/kitty/mechanism", "nosuch"),
    (_missing_param, "/phases/kitty", "taker"),
    (_bad_seat, "/phases/play/rules/0/value", "declarer-across"),
    (_bad_seat_in_list, "/phases/doubling/rules/0/value", "nobody"),
    (_duplicate_rule_id, "/phases/play/rules/1", "play.lead"),
    (_duplicate_rule_id_across_sections, "/scoring/rules/0", "deal.players"),
    (_extends_loop, "/extends", "circular"),
    (_extends_self, "/phases/play/extends", "circular"),
    (_extends_unknown, "/phases/passimisaari-play/extends", "nosuch"),
    (_unknown_phase_in_form, "/forms/alkupeli/phases/6", "nosuch"),
    (_unknown_scheme, "/forms/alkupeli/scoring", "nosuch"),
    (_forbidden_expression, "/scoring/schemes/contract/0/points", "__import__"),
    (_bad_target, "/scoring/schemes/contract/0/to", "everyone"),
    (_bad_choice, "/phases/kitty/rules/3/value", "anticlockwise"),
    (_missing_deal_param, "/deal", "centre_max_consecutive"),
    (_missing_form_param, "/forms/alkupeli", "strain_order"),
    (_unknown_all_pass_form, "/phases/first-auction", "nosuch"),
    (_param_twice, "/phases/play/rules/1", "lead"),
    (_no_contract_points, "/scoring/rules", "needs contract_points"),
    (_contract_point_not_a_rule, "/scoring/rules", "'score.nosuch' is not a scoring rule"),
]


@pytest.mark.parametrize(("mutate", "pointer", "word"), BROKEN, ids=[b[0].__name__.strip("_") for b in BROKEN])
def test_broken_copies_fail_with_file_and_pointer(doc, mutate, pointer, word):
    broken = copy.deepcopy(doc)
    mutate(broken)
    with pytest.raises(RulesetError) as info:
        compile_ruleset(broken, "broken-2016.yaml")
    err = info.value
    assert err.file == "broken-2016.yaml"
    assert err.path is not None and err.path.startswith("/"), err.path  # a JSON pointer
    assert err.path.endswith(pointer) if pointer.startswith("/extends") else err.path == pointer, str(err)
    assert word in str(err)
    assert str(err).startswith("broken-2016.yaml: /")


def test_the_unmodified_copy_compiles(doc):
    rs = compile_ruleset(copy.deepcopy(doc), "copy.yaml")
    assert rs.path == "copy.yaml" and set(rs.rules) == set(get_ruleset("skruuvi-2016").rules)


@pytest.mark.parametrize("value", [None, [], "skruuvi", 3])
def test_a_ruleset_must_be_a_mapping(value):
    with pytest.raises(RulesetError):
        compile_ruleset(value, "x.yaml")


def test_a_kitty_distribution_that_cannot_work_is_reported_at_its_rule(doc):
    broken = copy.deepcopy(doc)
    rule = next(r for r in broken["phases"]["kitty"]["rules"] if r.get("param") == "distribution")
    rule["value"] = {"distributor": "nobody", "each": 1}
    with pytest.raises(RulesetError) as info:
        compile_ruleset(broken, "broken.yaml")
    assert info.value.file == "broken.yaml"
    assert info.value.path == f"/phases/kitty/rules/{broken['phases']['kitty']['rules'].index(rule)}/value"
    assert "distributor: taker|partner" in info.value.reason
