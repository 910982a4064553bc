"""rules/schema_delta.py: a change that cannot break the ruleset schema is proven so; one that could is not, and
no change proven is one the schema rejects (checked over every mutant of every ruleset)."""

from __future__ import annotations

from typing import Any

import pytest

from skruuvi.authoring.mutate import mutants
from skruuvi.rules.paths import repo_root
from skruuvi.rules.schema_delta import keeps_valid
from skruuvi.rules.schemas import validator
from skruuvi.rules.yamlio import load_yaml

RULESETS = ["skruuvi-2016", "skruuvi-1944", "skruuvi-1895"]


def _doc(ruleset_id: str) -> dict[str, Any]:
    return load_yaml(repo_root() / "spec" / "rulesets" / f"{ruleset_id}.yaml")


def _path(doc: Any, pointer: str) -> list[Any]:
    path: list[Any] = []
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        key: Any = int(part) if isinstance(doc, list) or part not in doc else part
        path.append(key)
        doc = doc[key]
    return path


def _at(doc: Any, path: list[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _kind(path: list[Any], new: Any) -> tuple[str, ...]:
    """Where a change is, as the schema sees it: the section, the rule's key changed, the keys below it (table
    rows, list items: their depth) and the new value's type."""
    keys = [k for k in path if isinstance(k, str)]
    inner = next((i for i, k in enumerate(path) if k in ("value", "to", "multiplied", "column", "when", "points")),
                 len(path))
    return (str(path[0]), str(path[inner]) if inner < len(path) else "", str(len(path) - inner), type(new).__name__,
            keys[-1] if keys else "")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_kind_of_mutant_proven_valid_is_valid(ruleset_id: str) -> None:
    """Every mutant is proven (the mutation test relies on it), and one of each kind of place and value is
    validated in full (all of them would cost the full validations the proof saves)."""
    doc = _doc(ruleset_id)
    check = validator("ruleset")
    kinds: set[tuple[str, ...]] = set()
    for mutant in mutants(doc):
        path = _path(doc, mutant.pointer)
        new = _at(mutant.doc, path)
        assert keeps_valid("ruleset", doc, [(path, new)]), (mutant.pointer, mutant.description)
        if _kind(path, new) not in kinds:
            kinds.add(_kind(path, new))
            assert check.is_valid(mutant.doc), (mutant.pointer, mutant.description)
    assert len(kinds) > 10


def test_a_change_the_schema_could_reject_is_not_proven() -> None:
    doc = _doc("skruuvi-2016")
    scheme = ["scoring", "schemes", "contract", 0]
    table = ["scoring", "tables", 0]
    rule = ["phases", "first-auction", "rules", 0]
    assert keeps_valid("ruleset", doc, [([*scheme, "to"], "defenders"), ([*rule, "value"], "left")])
    assert keeps_valid("ruleset", doc, [([*table, "value", "trump", 5], 26)])
    for path, new in [
        ([*scheme, "to"], "nobody"),  # not in the enum
        ([*scheme, "multiplied"], "sometimes"),
        ([*table, "value"], True),  # a table's value is a number, an object or an array
        ([*rule, "status"], "inferred"),  # an if/then reads the status: a note is then required
        ([*rule, "id"], "Not An Id"),
        ([*rule, "sources"], ["S001"]),  # not a key of the rule: a change must replace an existing node
        (["id"], 7),
    ]:
        assert not keeps_valid("ruleset", doc, [(path, new)]), (path, new)
    assert not keeps_valid("ruleset", doc, [([*rule], {}), ([*rule, "value"], "left")])  # nested changes
