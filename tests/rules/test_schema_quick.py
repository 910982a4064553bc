"""The quick schema check (``skruuvi.rules.schema_fast``) that ``skruuvi validate`` and ruleset compilation ask
first: it calls an instance valid exactly when jsonschema's Draft 2020-12 validator does, and declines what it
does not compile."""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from parsed_once import load_yaml_once
from skruuvi.rules import schemas
from skruuvi.rules.paths import cases_dir, spec_dir
from skruuvi.rules.schema_fast import Undecided, compile_check
from skruuvi.rules.yamlio import load_yaml

BASE = "https://t.example/"


def _pair(schema: dict[str, Any], *others: dict[str, Any]) -> tuple[Any, Draft202012Validator]:
    """The quick check of ``schema`` (with ``others`` to refer to) and jsonschema's validator of it."""
    docs = {d["$id"]: d for d in (schema, *others)}
    registry: Registry = Registry().with_resources(
        (uri, Resource.from_contents(d, default_specification=DRAFT202012)) for uri, d in docs.items())
    quick = compile_check(docs, schema["$id"])
    assert quick is not None
    return quick, Draft202012Validator(schema, registry=registry)


def _agree(schema: dict[str, Any], instances: list[Any], *others: dict[str, Any]) -> list[bool]:
    quick, slow = _pair(schema, *others)
    answers = [quick(x) for x in instances]
    assert answers == [slow.is_valid(x) for x in instances]
    return answers


def test_types_as_jsonschema_types_them() -> None:
    schema = {"$id": BASE + "t", "properties": {"i": {"type": "integer"}, "n": {"type": "number"},
                                               "b": {"type": "boolean"}, "o": {"type": ["object", "null"]}}}
    found = _agree(schema, [{"i": 1}, {"i": 1.0}, {"i": 1.5}, {"i": True}, {"n": 2.5}, {"n": False}, {"b": 0},
                            {"b": True}, {"o": None}, {"o": {}}, {"o": []}, {"i": "1"}, []])
    assert found == [True, True, False, False, True, False, False, True, True, True, False, False, True]


def test_enum_const_and_unique_items_keep_true_apart_from_one() -> None:
    schema = {"$id": BASE + "e", "properties": {"e": {"enum": [1, "a", [1, 2]]}, "c": {"const": False},
                                               "u": {"uniqueItems": True}}}
    found = _agree(schema, [{"e": True}, {"e": 1.0}, {"e": "a"}, {"e": [1, 2]}, {"e": [True, 2]}, {"c": 0},
                            {"c": False}, {"u": [1, True]}, {"u": [1, 1.0]}, {"u": [{"a": 1}, {"a": True}]}])
    assert found == [False, True, True, True, False, False, True, True, False, True]


def test_unevaluated_properties_see_through_references_and_conditions() -> None:
    other = {"$id": BASE + "o", "$defs": {"base": {"properties": {"a": {"type": "string"}}}}}
    schema = {"$id": BASE + "u", "$ref": BASE + "o#/$defs/base", "properties": {"b": {}},
              "allOf": [{"if": {"required": ["k"], "properties": {"k": {"const": 1}}}, "then": {"properties": {
                  "t": {}}}, "else": {"properties": {"f": {}}}}],
              "anyOf": [{"required": ["x"]}, {"properties": {"y": {"type": "integer"}}}],
              "unevaluatedProperties": False}
    found = _agree(schema, [{"a": "s", "b": 1}, {"a": 1}, {"k": 1, "t": 0}, {"k": 1, "f": 0}, {"k": 2, "f": 0},
                            {"k": 2, "t": 0}, {"y": 3}, {"y": "3"}, {"z": 0}], other)
    assert found == [True, False, True, False, False, False, True, False, False]  # k: only if's own


def test_one_of_not_counts_and_bounds() -> None:
    schema = {"$id": BASE + "l", "oneOf": [{"required": ["a"]}, {"required": ["b"]}],
              "not": {"required": ["c"]}, "properties": {"a": {"minimum": 0, "exclusiveMaximum": 3},
                                                       "b": {"minLength": 2, "maxLength": 3, "pattern": "^x"}},
              "minProperties": 1, "maxProperties": 2, "dependentRequired": {"a": ["d"]}}
    found = _agree(schema, [{"a": 0, "d": 1}, {"a": 3, "d": 1}, {"a": -0.5, "d": 1}, {"a": 1}, {"b": "xy"},
                            {"b": "yx"}, {"b": "xyzw"}, {"a": 1, "b": "xy"}, {"b": "xy", "c": 1}, {}])
    assert found == [True, False, False, False, True, False, False, False, False, False]


def test_what_it_cannot_type_or_compile_is_left_to_jsonschema() -> None:
    quick, _ = _pair({"$id": BASE + "d", "type": "number"})
    with pytest.raises(Undecided):
        quick(Decimal("1.5"))
    assert compile_check({BASE + "p": {"$id": BASE + "p", "prefixItems": [{}]}}, BASE + "p") is None
    assert compile_check({BASE + "a": {"$id": BASE + "a", "$ref": "#thing"}}, BASE + "a") is None


@pytest.mark.parametrize("name", sorted(p.name.removesuffix(".schema.json")
                                        for p in (spec_dir() / "schema").glob("*.schema.json")))
def test_every_project_schema_compiles(name: str) -> None:
    assert schemas.quick_check(name) is not None


_VALUES: list[Any] = [None, True, False, 0, 1, 1.0, -1, 2.5, 13, 14, "", "x", "N", "NS", "AS", "7G", "pass",
                      "2016.x", "auction.all-pass", "hand-derived", [], {}, ["AS"], ["N pass", "N pass"],
                      {"NS": 1}, {"NS": 1, "EW": 2}, {"kind": "source-example"}]
_KEYS = ["id", "ruleset", "deal", "actions", "expect", "result", "error", "legal", "perft", "justification",
         "kind", "ref", "note", "readings", "rules", "match", "hands", "centre", "state", "form", "dealer",
         "tricks", "score", "contract", "index", "code", "example", "zzz"]


def _mutate(value: Any, rng: random.Random) -> Any:
    """``value`` with one random change somewhere inside: a value replaced, a key dropped or added, an item
    doubled."""
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(list(value))
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        return [*value[:i], _mutate(value[i], rng), *value[i + 1:]]
    move = rng.random()
    if isinstance(value, dict) and move < 0.3:
        return {k: v for k, v in value.items() if k != rng.choice(list(value) or ["-"])}
    if isinstance(value, dict) and move < 0.6:
        return {**value, rng.choice(_KEYS): copy.deepcopy(rng.choice(_VALUES))}
    if isinstance(value, list) and value and move < 0.5:
        return [*value, value[0]]
    return copy.deepcopy(rng.choice(_VALUES))


def _agreement(records: list[Any], schema: str, defs: str | None, tries: int) -> tuple[int, int]:
    quick = schemas.quick_check(schema, defs)
    slow = schemas.validator(schema, defs)
    assert quick is not None
    valid = invalid = 0
    for n in range(tries):
        rng = random.Random(n)
        mutated = _mutate(rng.choice(records), rng)
        answer = quick(mutated)
        assert answer == slow.is_valid(mutated), (n, mutated)
        valid += answer
        invalid += not answer
    return valid, invalid


def _hand_written() -> list[Any]:
    return [load_yaml_once(p) for p in sorted(Path(cases_dir()).rglob("*.yaml"))]


def test_cases_changed_at_random_are_valid_exactly_when_jsonschema_says() -> None:
    records = _hand_written()
    assert all(schemas.quick_check("case")(r) for r in records)  # type: ignore[misc]
    valid, invalid = _agreement(records, "case", None, 500)
    assert valid > 75 and invalid > 75  # both answers are put to the test
    valid, invalid = _agreement(records, "case", "protocol-case", 150)
    assert valid > 15 and invalid > 15


def test_rulesets_changed_at_random_are_valid_exactly_when_jsonschema_says() -> None:
    documents = [load_yaml(p) for p in sorted((spec_dir() / "rulesets").glob("*.yaml"))]
    valid, invalid = _agreement(documents, "ruleset", None, 40)
    assert valid > 5 and invalid > 5
