"""jsonschema-rs, which decides whether a document is valid (rules/schemas.py), and jsonschema, which explains an
invalid one, give the same verdict: on every hand-written case, on a fixed sample of the generated ones, on every
ruleset document (and each declared variant's), on the other spec files, and on documents changed to be invalid
(values of another type, keys removed, unknown keys added, strings that miss their pattern, numbers out of range).

A disagreement is a failure here. The explaining validator is the one the project uses (``schemas.explainer``:
jsonschema with ``pattern`` read as ECMA-262 reads it); the one place where plain jsonschema differs, Python's
``$`` also matching before a final newline, is pinned by its own test below.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cases_factory import minimal_case
from skruuvi.rules import schemas
from skruuvi.rules.errors import InputError
from skruuvi.rules.paths import rulesets_dir, schema_dir, spec_dir
from skruuvi.rules.readings import document_under, resolve_values, variants
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.cases.cases import load_cases

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
GENERATED = sorted((ROOT / "conformance" / "generated").rglob("*.jsonl.gz"))
#: One generated record in this many is checked by both (jsonschema takes about 1 ms a record; the whole 42,000
#: would be most of a minute of CPU in every test run). The stride walks every kind of record a file mixes.
STRIDE = 10
ERAS = ("skruuvi-2016", "skruuvi-1944", "skruuvi-1895")


def _verdicts(instance: Any, schema: str, defs: str | None = None) -> tuple[bool, bool]:
    """(jsonschema-rs's verdict, the explaining jsonschema's) on the instance as both read it (its JSON view)."""
    view = schemas.json_view(instance)
    return schemas.validator(schema, defs).is_valid(view), schemas.explainer(schema, defs).is_valid(view)


def _agree(instance: Any, schema: str, defs: str | None = None) -> bool:
    fast, slow = _verdicts(instance, schema, defs)
    shown = json.dumps(schemas.json_view(instance), default=str)[:400]
    assert fast == slow, f"jsonschema-rs says {fast}, jsonschema says {slow}: {shown}"
    return fast


@pytest.fixture(scope="module")
def hand_written() -> list[dict[str, Any]]:
    return [case.record for case in load_cases([CASES])]


@pytest.fixture(scope="module")
def ruleset_documents() -> dict[str, dict[str, Any]]:
    """Each ruleset's document, and each declared variant's document (its readings set into it)."""
    docs: dict[str, dict[str, Any]] = {}
    for rid in ERAS:
        ruleset = get_ruleset(rid)
        docs[rid] = load_yaml(rulesets_dir() / f"{rid}.yaml")
        for name, declared in variants(ruleset).items():
            chosen = resolve_values(ruleset, declared.get("readings") or {})
            docs[f"{rid}:{name}"] = document_under(ruleset, chosen)[0]
    return docs


def test_every_hand_written_case_is_valid_to_both(hand_written: list[dict[str, Any]]) -> None:
    assert len(hand_written) > 500
    for record in hand_written:
        assert _agree(record, "case"), record.get("id")
        cut = {k: v for k, v in record.items() if k not in ("expect", "justification")}
        assert _agree(cut, "case", "protocol-case") is True, record.get("id")


def _sample(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for n, line in enumerate(handle):
            if n % STRIDE == 0:
                yield json.loads(line)


def _every(path: Path) -> Iterator[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_generated_cases_are_valid_to_both(path: Path) -> None:
    seen = 0
    records = _sample(path) if path.name.startswith("seed-") else _every(path)  # the readings files are small
    for record in records:
        assert _agree(record, "case"), record.get("id")
        seen += 1
    assert seen > (500 if path.name.startswith("seed-") else 0)


def test_every_ruleset_document_is_valid_to_both(ruleset_documents: dict[str, dict[str, Any]]) -> None:
    assert len(ruleset_documents) > len(ERAS)  # variants included
    for name, doc in ruleset_documents.items():
        assert _agree(doc, "ruleset"), name


@pytest.mark.parametrize(("file", "schema"), [("sources.yaml", "sources"), ("errors.yaml", "errors"),
                                              ("reconstruction.yaml", "reconstruction")])
def test_other_spec_files_are_valid_to_both(file: str, schema: str) -> None:
    assert _agree(load_yaml(spec_dir() / file), schema)


# ------------------------------------------------------------------------------------------- invalid documents

#: Values that stand in for any node: of every JSON type, empty and not, out of range, missing patterns.
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, -0.5, 10**20, 2**63, "", "x", "N", "NN", "2016\n", "S\n",
                         "play.lead\n", "A-B", "é", [], [1], ["N"], {}, {"x": 1}, 99, 13, 8, 7.0, 1e300]


def _places(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _places(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _places(value, (*path, i))


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _mutated(doc: Any, rng: random.Random) -> Any:
    """``doc`` with one change at a random place: a value replaced, a key removed, an unknown key added, a string
    changed to miss its pattern, or a number taken out of range."""
    doc = copy.deepcopy(doc)
    places = [p for p in _places(doc) if p]
    path = rng.choice(places)
    parent = _parent(doc, path)
    node = parent[path[-1]]
    how = rng.randrange(5)
    if how == 0:
        parent[path[-1]] = rng.choice(ODD_VALUES)
    elif how == 1 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == 2 and isinstance(node, dict):
        node[rng.choice(["extra", "Note", "rulez", "x-y", "1"])] = rng.choice(ODD_VALUES)
    elif how == 3 and isinstance(node, str):
        parent[path[-1]] = rng.choice([node + "\n", node.upper(), node + " ", " " + node, node[:1], node + "-", ""])
    elif isinstance(node, int | float) and not isinstance(node, bool):
        parent[path[-1]] = rng.choice([-node - 1, node + 1000, 10**19, -(10**19), node + 0.5])
    else:
        parent[path[-1]] = rng.choice(ODD_VALUES)
    return doc


def test_random_changes_of_cases_get_the_same_verdict(hand_written: list[dict[str, Any]]) -> None:
    rng = random.Random(32)
    invalid = 0
    for _ in range(1500):
        record = rng.choice(hand_written)
        if not _agree(_mutated(record, rng), "case"):
            invalid += 1
    assert invalid > 500, f"only {invalid} of 1500 changed cases were invalid: the changes test too little"


def test_random_changes_of_rulesets_get_the_same_verdict(ruleset_documents: dict[str, dict[str, Any]]) -> None:
    rng = random.Random(1944)
    docs = list(ruleset_documents.values())
    invalid = 0
    for _ in range(100):
        if not _agree(_mutated(rng.choice(docs), rng), "ruleset"):
            invalid += 1
    assert invalid > 30, f"only {invalid} of 100 changed rulesets were invalid"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), changes=st.integers(1, 3))
def test_changed_minimal_cases_get_the_same_verdict_and_an_error(seed: int, changes: int) -> None:
    rng = random.Random(seed)
    record: Any = minimal_case(id="agreement.case")
    for _ in range(changes):
        record = _mutated(record, rng)
    if not _agree(record, "case"):
        with pytest.raises(InputError) as raised:
            schemas.check(record, "case", file="c.yaml")
        assert raised.value.reason  # one clear reason, never a pass


def test_a_final_newline_misses_a_pattern_in_both() -> None:
    """Python's ``re`` lets ``$`` match before a final newline; JSON Schema (ECMA-262) does not. Plain jsonschema
    passes ``"2016\\n"`` as an era, jsonschema-rs and the project's explaining validator refuse it, with a reason."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    record = minimal_case(id="agreement.newline", rules=["play.lead\n"])
    documents = [schemas.schema_document(path.name.removesuffix(".schema.json"))
                 for path in sorted(schema_dir().glob("*.schema.json"))]
    registry: Registry[Any] = Registry().with_resources((doc["$id"], Resource.from_contents(doc)) for doc in documents)
    plain = Draft202012Validator({"$ref": schemas.schema_uri("case")}, registry=registry)
    assert plain.is_valid(record)  # the difference this test pins
    assert _verdicts(record, "case") == (False, False)
    with pytest.raises(InputError) as raised:
        schemas.check(record, "case", file="c.yaml")
    assert raised.value.path == "/rules/0" and "play.lead" in raised.value.reason


def test_a_key_that_is_not_a_string_is_read_as_json_writes_it() -> None:
    ruleset = load_yaml(rulesets_dir() / "skruuvi-1944.yaml")
    assert any(not isinstance(k, str) for table in ruleset["scoring"]["tables"]
               if isinstance(table.get("value"), dict) for k in table["value"])  # YAML's 4: in a table
    assert schemas.is_valid(ruleset, "ruleset")
    sources = load_yaml(spec_dir() / "sources.yaml")
    sources[1944] = sources.pop(next(iter(sources)))  # a source key must be uppercase letters and digits
    assert not schemas.is_valid(sources, "sources")
    with pytest.raises(InputError) as raised:
        schemas.check(sources, "sources", file="sources.yaml")
    assert "1944" in str(raised.value)


def test_a_value_json_has_no_type_for_is_refused_with_a_reason() -> None:
    import datetime

    record = minimal_case(id="agreement.date", ruleset=datetime.date(2016, 1, 1))
    assert not schemas.is_valid(record, "case")
    with pytest.raises(InputError) as raised:
        schemas.check(record, "case", file="c.yaml")
    assert raised.value.path == "/ruleset"
