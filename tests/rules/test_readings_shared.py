"""A ruleset under readings shares every part of its document that the readings leave alone
(rules/readings.py, :func:`document_under`): proven here to compile to what a deep copy of the whole document
compiles to, for every executable reading and every pair of them in each ruleset, and never to change the
ruleset's own document."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
from collections.abc import Mapping
from typing import Any

import pytest

from skruuvi.rules.errors import RulesetError
from skruuvi.rules.expr import Formula
from skruuvi.rules.paths import rulesets_dir
from skruuvi.rules.readings import alternatives, document_under, executable, resolve_values, rule_field, with_readings
from skruuvi.rules.ruledoc import rule_entries
from skruuvi.rules.ruleset import Ruleset, available_rulesets, compile_ruleset, get_ruleset
from skruuvi.rules.yamlio import load_yaml


def fingerprint(doc: Any) -> str:
    """A digest of a document's whole content (keys in their order, values with their types)."""
    text = json.dumps(doc, ensure_ascii=False, default=lambda v: f"<{type(v).__name__}:{v!r}>")
    return hashlib.sha256(text.encode()).hexdigest()


def deep_copy_under(ruleset: Ruleset, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The document under readings as it was made before sharing: a deep copy with each value set in place."""
    doc = copy.deepcopy(dict(ruleset.raw))
    entries = {entry.get("id"): entry for _, entry in rule_entries(doc)}
    for rule_id, value in chosen.items():
        entries[rule_id][rule_field(entries[rule_id])] = copy.deepcopy(value)
    return doc


def view(ruleset: Ruleset) -> dict[str, Any]:
    """A compiled ruleset's content, comparable: its compared fields as they are, but a formula (which has no
    equality) by its source and where it stands (its tables are the ruleset's, compared as such), and the
    match's compiled bonus (a function) by whether there is one (its source is in the document)."""
    out = {f.name: getattr(ruleset, f.name) for f in dataclasses.fields(ruleset) if f.compare}
    out["schemes"] = {name: [_formulas(rule) for rule in rules] for name, rules in ruleset.schemes.items()}
    out["derived"] = [_formulas(fact) for fact in ruleset.derived]
    if ruleset.match is not None:
        out["match"] = (ruleset.match.params, ruleset.match.game_bonus is not None)
    return out


def _formulas(item: Any) -> dict[str, Any]:
    return {f.name: ((v._source, v._context[1:]) if isinstance(v := getattr(item, f.name), Formula) else v)
            for f in dataclasses.fields(item) if f.compare}


def single_readings(ruleset: Ruleset) -> list[dict[str, Any]]:
    return [{rule_id: alt["value"], **(alt.get("requires") or {})}
            for rule_id, alt in alternatives(ruleset) if executable(alt)]


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_reading_and_pair_compiles_as_under_a_deep_copy_and_the_document_stays(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    before = fingerprint(ruleset.raw)
    singles = single_readings(ruleset)
    assert singles
    for readings in singles:  # compiled as the interpreter compiles them, schema and all
        chosen = resolve_values(ruleset, readings)
        doc, _ = document_under(ruleset, chosen)
        assert doc == deep_copy_under(ruleset, chosen)
        under = with_readings(ruleset, readings)
        expected = compile_ruleset(deep_copy_under(ruleset, chosen), ruleset.path)
        assert view(under) == view(expected) and under.raw == expected.raw, readings
        assert view(under) != view(ruleset), readings  # the view sees what a reading changes
        assert under.readings == chosen
    pairs = 0
    for a, b in itertools.combinations(singles, 2):
        readings = {**a, **b}
        try:
            chosen = resolve_values(ruleset, readings)
        except RulesetError:
            continue  # the pair cannot hold together (requires/excludes): nothing to compile
        pairs += 1
        doc, changes = document_under(ruleset, chosen)
        expected_doc = deep_copy_under(ruleset, chosen)
        assert doc == expected_doc and len(changes) == len(chosen)
        try:
            got = view(compile_ruleset(doc, ruleset.path, schema=False))
        except RulesetError as exc:
            got = str(exc)
        try:
            want = view(compile_ruleset(expected_doc, ruleset.path, schema=False))
        except RulesetError as exc:
            want = str(exc)
        assert got == want, readings
    assert pairs > 0
    assert fingerprint(ruleset.raw) == before == fingerprint(load_yaml(rulesets_dir() / f"{ruleset_id}.yaml"))


def test_a_reading_changes_only_the_parts_along_its_path() -> None:
    ruleset = get_ruleset("skruuvi-2016")
    readings = single_readings(ruleset)[0]
    chosen = resolve_values(ruleset, readings)
    doc, changes = document_under(ruleset, chosen)
    [(path, value)] = changes
    node: Any = doc
    base: Any = ruleset.raw
    for key in path[:-1]:  # every mapping and list along the path is a copy of its own
        node, base = node[key], base[key]
        assert node is not base
    assert node[path[-1]] == value != base[path[-1]]
    shared = [k for k in ruleset.raw if k != path[0]]
    assert shared and all(doc[k] is ruleset.raw[k] for k in shared)  # the rest is the ruleset's own
