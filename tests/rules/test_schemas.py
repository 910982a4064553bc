"""The JSON Schemas of spec/schema and the human errors of skruuvi.rules.schemas."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from cases_factory import DECK, minimal_case
from skruuvi.rules import schemas
from skruuvi.rules.errors import CaseFormatError, InputError, RulesetError
from skruuvi.rules.paths import schema_dir, spec_dir
from skruuvi.rules.yamlio import load_yaml

OWN_SCHEMAS = ("ruleset", "case", "sources", "errors")


@pytest.fixture(scope="module")
def ruleset() -> dict[str, Any]:
    return load_yaml(spec_dir() / "rulesets" / "skruuvi-2016.yaml")


def _deck() -> list[str]:
    return list(DECK)


def _case(**changes: Any) -> dict[str, Any]:
    return minimal_case(**{"id": "test.case", **changes})


def _raised(instance: Any, schema: str, defs: str | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        schemas.check(instance, schema, file="f.yaml", defs=defs)
    return info.value


@pytest.mark.parametrize("path", sorted(Path(schema_dir()).glob("*.schema.json")), ids=lambda p: p.name)
def test_every_schema_file_is_a_valid_2020_12_schema(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(document)
    assert schemas.schema_problems(document) == []


@pytest.mark.parametrize("name", OWN_SCHEMAS)
def test_own_schemas_have_id_title_and_description(name: str) -> None:
    document = schemas.schema_document(name)
    assert document["$id"] == f"https://skruuvi-spec.example/schema/{name}.schema.json"
    assert document["title"] and document["description"]
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_real_spec_files_match_their_schemas(ruleset: dict[str, Any]) -> None:
    schemas.check(ruleset, "ruleset", file="skruuvi-2016.yaml")
    schemas.check(load_yaml(spec_dir() / "sources.yaml"), "sources", file="sources.yaml")
    schemas.check(load_yaml(spec_dir() / "errors.yaml"), "errors", file="errors.yaml")


def test_typo_in_a_rule_key_is_an_unknown_key(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    rule = broken["forms"]["alkupeli"]["rules"][2]
    rule["sorce"] = rule.pop("source")
    error = _raised(broken, "ruleset")
    assert isinstance(error, RulesetError)
    assert error.file == "f.yaml"
    assert error.path in ("/forms/alkupeli/rules/2", "/forms/alkupeli/rules/2/sorce")
    reasons = [e.reason for e in schemas.iter_errors(broken, "ruleset", file="f.yaml")]
    assert "unknown key 'sorce' (did you mean 'source'?)" in reasons
    assert "'source' is required" in reasons


def test_note_is_required_unless_stated(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    del broken["phases"]["kitty"]["rules"][3]["note"]
    error = _raised(broken, "ruleset")
    assert error.path == "/phases/kitty/rules/3"
    assert error.reason == "'note' is required when status is inferred"


def test_alternatives_are_required_for_a_conflict(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    del broken["deal"]["rules"][3]["alternatives"]
    error = _raised(broken, "ruleset")
    assert (error.path, error.reason) == ("/deal/rules/3", "'alternatives' is required when status is conflict")


def test_bad_status_and_param_without_value(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    broken["forms"]["alkupeli"]["rules"][2]["status"] = "guessed"
    del broken["deal"]["rules"][2]["value"]
    found = {(e.path, e.reason) for e in schemas.iter_errors(broken, "ruleset", file="f.yaml")}
    assert ("/forms/alkupeli/rules/2/status", "'guessed' is not one of: stated, inferred, conflict") in found
    assert ("/deal/rules/2", "'value' is required together with 'param'") in found


def test_rule_id_pattern_and_scoring_target(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    broken["deal"]["rules"][0]["id"] = "Deal Players"
    broken["scoring"]["schemes"]["contract"][0]["to"] = "declarer"
    paths = {e.path for e in schemas.iter_errors(broken, "ruleset", file="f.yaml")}
    assert paths == {"/deal/rules/0/id", "/scoring/schemes/contract/0/to"}


def test_phase_needs_mechanism_or_extends(ruleset: dict[str, Any]) -> None:
    broken = copy.deepcopy(ruleset)
    broken["phases"]["play"]["extends"] = "doubling"
    error = _raised(broken, "ruleset")
    assert (error.path, error.reason) == ("/phases/play", "a phase needs exactly one of 'mechanism' or 'extends'")


def test_room_for_later_eras(ruleset: dict[str, Any]) -> None:
    later = copy.deepcopy(ruleset)
    later["params"] = {"scale": 10}
    later["match"] = {"rules": [], "sets": "alkupelit until two games, then four kotkat"}
    rule = later["scoring"]["schemes"]["contract"][0]
    rule.update(column="above", fi="pisteet", example=["2016.score.made-5H"], enforced=True)
    schemas.check(later, "ruleset", file="f.yaml")


def test_a_suite_case_and_a_protocol_case() -> None:
    schemas.check(_case(), "case", file="c.yaml")
    minimal = {"id": "x", "ruleset": "skruuvi-2016", "deal": {"form": "alkupeli", "dealer": "N"}, "actions": [],
               "anything": "ignored"}
    schemas.check(minimal, "case", file="c.yaml", defs="protocol-case")
    error = _raised(minimal, "case")
    assert isinstance(error, CaseFormatError)


def test_suite_case_requires_the_lint_fields() -> None:
    case = _case()
    del case["justification"]
    case["descripton"] = case.pop("description")
    found = {(e.path, e.reason) for e in schemas.iter_errors(case, "case", file="c.yaml")}
    assert (None, "'justification' is required") in found
    assert (None, "'description' is required") in found
    assert ("/descripton", "unknown key 'descripton' (did you mean 'description'?)") in found


def test_justification_kinds_need_their_field() -> None:
    error = _raised(_case(justification={"kind": "source-example"}), "case")
    assert (error.path, error.reason) == ("/justification", "'ref' is required when kind is source-example")
    error = _raised(_case(justification={"kind": "hand-derived", "ref": "x"}), "case")
    assert error.reason == "'note' is required when kind is hand-derived"


def test_expect_has_exactly_one_answer() -> None:
    both = {"error": {"index": 4, "code": "incomplete-record"},
            "result": {"contract": None, "tricks": {"NS": 7, "EW": 6}, "score": {"NS": 0, "EW": 0}}}
    error = _raised(_case(expect=both), "case")
    assert (error.path, error.reason) == (
        "/expect", "expect needs exactly one of 'result', 'error', 'match', 'legal' or 'perft'")
    result = {"result": {"contract": {"declarer": "N", "bid": "5H", "doubling": 0}, "tricks": {"NS": 12, "EW": 1},
                         "score": {"NS": 39, "EW": -39}}}
    schemas.check(_case(expect=result), "case", file="c.yaml")


def test_match_records_are_cases() -> None:
    match = _case(match={"players": {"N": "A", "E": "B", "S": "C", "W": "D"},
                         "deals": [{"deal": _case()["deal"], "actions": []}]},
                  expect={"match": {"sheets": [], "final": {"NS": 0, "EW": 0}}})
    del match["deal"], match["actions"]
    schemas.check(match, "case", file="m.yaml")
    schemas.check(match, "case", file="m.yaml", defs="protocol-case")
    with_both = dict(match, actions=[])
    error = _raised(with_both, "case", defs="protocol-case")
    assert "not both" in error.reason
    no_sheets = dict(match, expect={"match": {"final": {"NS": 0, "EW": 0}}})
    assert "sheets" in _raised(no_sheets, "case").reason


def test_a_malformed_deal_is_still_a_case() -> None:
    bad_deal = {"form": "kotka", "dealer": "X", "hands": {"N": ["ZZ"]}}
    schemas.check(_case(deal=bad_deal, expect={"error": {"index": None, "code": "invalid-deal"}}), "case",
                  file="c.yaml")
    schemas.check(_case(actions=[1, None]), "case", file="c.yaml")


def test_sources_and_errors_schemas_catch_mistakes() -> None:
    sources = load_yaml(spec_dir() / "sources.yaml")
    sources["PSW"]["reliability"] = "good"
    del sources["S001"]["file"]
    found = {(e.path, e.reason) for e in schemas.iter_errors(sources, "sources", file="sources.yaml")}
    assert ("/PSW/reliability", "'good' is not one of: primary, secondary, unreliable, not-a-rules-source") in found
    assert ("/S001", "a source needs a 'url' or a 'file'") in found
    errors = load_yaml(spec_dir() / "errors.yaml")
    errors["errors"][3]["precedence"] = 9
    error = _raised(errors, "errors")
    assert error.path == "/errors/3/precedence"


def test_unknown_schema_and_defs() -> None:
    with pytest.raises(InputError):
        schemas.validator("nonexistent")
    with pytest.raises(InputError):
        schemas.validator("case", "nonexistent")


def test_pointer_escapes() -> None:
    assert schemas.pointer(["a/b", "c~d", 3]) == "/a~1b/c~0d/3"
    assert schemas.pointer([]) == ""


def test_duplicate_rule_ids_in_a_case_are_named() -> None:
    error = _raised(_case(rules=["play.lead", "play.follow-suit", "play.lead"]), "case")
    assert (error.path, error.reason) == ("/rules", "lists 'play.lead' more than once")
