"""The project's JSON Schemas (spec/schema/*.schema.json), loaded once and applied with short, human errors.

Schemas are registered by their ``$id`` in a :class:`referencing.Registry`, so one schema can ``$ref`` another.
:func:`check` raises the single most relevant error (``jsonschema.exceptions.best_match``) as an
:class:`~skruuvi.rules.errors.InputError` subclass whose ``path`` is a JSON pointer into the instance;
:func:`iter_errors` returns every error of an instance, one per problem, for ``skruuvi validate``.
Both first ask the schema's compiled quick check (:mod:`skruuvi.rules.schema_fast`): an instance it calls valid
has no error; any other goes through ``jsonschema``, which finds the errors.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .errors import CaseFormatError, InputError, RulesetError
from .paths import schema_dir
from .schema_fast import Check, Undecided, compile_check

BASE_URI = "https://skruuvi-spec.example/schema/"

_ERROR_CLASS: dict[str, type[InputError]] = {"ruleset": RulesetError, "case": CaseFormatError}

#: keys whose value explains why an ``if``/``then`` requirement applies ("'note' is required when status is ...")
_CONDITION_KEYS = ("status", "kind")


def schema_uri(name: str) -> str:
    """The ``$id`` of schema ``name`` (``"ruleset"`` -> ``.../ruleset.schema.json``)."""
    return f"{BASE_URI}{name}.schema.json"


@cache
def _documents() -> dict[str, dict[str, Any]]:
    """Every ``*.schema.json`` of the schema directory, by short name."""
    docs: dict[str, dict[str, Any]] = {}
    for path in sorted(Path(schema_dir()).glob("*.schema.json")):
        try:
            docs[path.name.removesuffix(".schema.json")] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot load schema: {exc}", file=str(path)) from None
    return docs


@cache
def registry() -> Registry:
    """A registry of all project schemas, keyed by ``$id``."""
    resources = [
        (doc.get("$id", schema_uri(name)), Resource.from_contents(doc, default_specification=DRAFT202012))
        for name, doc in _documents().items()
    ]
    return Registry().with_resources(resources)


def schema_document(name: str) -> dict[str, Any]:
    """The parsed schema ``name``; :class:`InputError` if there is no such schema."""
    try:
        return _documents()[name]
    except KeyError:
        raise InputError(f"no schema named {name!r} in {schema_dir()}") from None


@cache
def validator(schema: str, defs: str | None = None) -> Draft202012Validator:
    """A cached validator for schema ``schema``, or for its ``$defs/<defs>`` sub-schema."""
    document = schema_document(schema)
    root: dict[str, Any] = document if defs is None else {"$ref": f"{schema_uri(schema)}#/$defs/{defs}"}
    if defs is not None and defs not in document.get("$defs", {}):
        raise InputError(f"schema {schema!r} has no $defs/{defs}")
    return Draft202012Validator(root, registry=registry())


@cache
def quick_check(schema: str, defs: str | None = None) -> Check | None:
    """:func:`~skruuvi.rules.schema_fast.compile_check` of schema ``schema`` (or its ``$defs/<defs>``), compiled
    once; None when the quick check does not compile it (jsonschema alone decides)."""
    documents = {doc.get("$id", schema_uri(name)): doc for name, doc in _documents().items()}
    fragment = "" if defs is None else f"#/$defs/{defs}"
    return compile_check(documents, schema_uri(schema) + fragment)


def quickly_valid(instance: Any, schema: str, defs: str | None = None) -> bool:
    """Whether the quick check calls ``instance`` valid (False: invalid, or not for it to say)."""
    quick = quick_check(schema, defs)
    if quick is None:
        return False
    try:
        return quick(instance)
    except Undecided:
        return False


@cache
def _known_keys(schema: str) -> tuple[str, ...]:
    """Every property name mentioned anywhere in a schema (for "did you mean" hints)."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                found.update(props)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema_document(schema))
    return tuple(sorted(found))


def pointer(parts: Any) -> str:
    """A JSON pointer (RFC 6901) for a sequence of keys and indices; ``""`` is the whole document."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _describe(value: Any) -> str:
    names = {dict: "a mapping", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _unexpected_keys(error: ValidationError) -> list[str]:
    match = re.search(r"\((.*) (?:was|were) unexpected\)", error.message)
    if not match:
        return []
    return re.findall(r"'((?:[^'\\]|\\.)*)'", match.group(1)) or [match.group(1)]


def _required_reason(error: ValidationError) -> str:
    missing = re.match(r"'?(.*?)'? is a required property", error.message)
    name = missing.group(1) if missing else str(error.validator_value)
    reason = f"{name!r} is required"
    instance = error.instance
    if "then" in error.schema_path and isinstance(instance, dict):
        for key in _CONDITION_KEYS:
            if key in instance and isinstance(instance[key], str):
                return f"{reason} when {key} is {instance[key]}"
    return reason


def _type_reason(error: ValidationError) -> str:
    expected = error.validator_value
    wanted = " or ".join(expected) if isinstance(expected, list) else str(expected)
    return f"expected {wanted}, got {_describe(error.instance)}"


def _duplicates_reason(items: Any) -> str:
    seen: list[Any] = []
    twice: list[str] = []
    for item in items if isinstance(items, list) else []:
        if item in seen and repr(item) not in twice:
            twice.append(repr(item))
        seen.append(item)
    return "lists " + ", ".join(twice) + " more than once" if twice else "has duplicate items"


def _reason(error: ValidationError, schema: str) -> str:
    """A short, human reason for one validation error."""
    kind = error.validator
    if kind == "required":
        return _required_reason(error)
    if kind in ("additionalProperties", "unevaluatedProperties"):
        keys = _unexpected_keys(error)
        if len(keys) == 1:
            hint = difflib.get_close_matches(keys[0], _known_keys(schema), n=1)
            return f"unknown key {keys[0]!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
        return "unknown keys " + ", ".join(repr(k) for k in keys) if keys else error.message
    if kind == "enum":
        allowed = ", ".join("null" if v is None else str(v) for v in error.validator_value)
        return f"{error.instance!r} is not one of: {allowed}"
    if kind == "const":
        return f"must be {error.validator_value!r}"
    if kind == "type":
        return _type_reason(error)
    if kind == "pattern":
        what = error.schema.get("description") if isinstance(error.schema, dict) else None
        detail = what.rstrip(".") if what else f"pattern {error.validator_value}"
        return f"{error.instance!r} is not valid ({detail[:1].lower()}{detail[1:]})"
    if kind == "minItems":
        return "must not be empty" if error.validator_value == 1 else f"needs at least {error.validator_value} items"
    if kind == "minProperties":
        return "must not be empty"
    if kind == "minLength":
        return "must not be empty"
    if kind == "uniqueItems":
        return _duplicates_reason(error.instance)
    if kind == "dependentRequired":
        return error.message.replace("is a dependency of", "is required together with")
    if kind == "propertyNames":
        return f"bad key: {error.message}"
    if isinstance(error.schema, dict) and "x-message" in error.schema:
        return str(error.schema["x-message"])
    return error.message


def _explained(error: ValidationError) -> ValidationError:
    """The error to report for ``error``: the closest enclosing one/anyOf with an ``x-message``, if any."""
    node: ValidationError | None = error
    chosen = error
    while node is not None:
        if node.validator in ("oneOf", "anyOf") and isinstance(node.schema, dict) and "x-message" in node.schema:
            chosen = node
        node = node.parent
    return chosen


def _error_path(error: ValidationError) -> str:
    parts = list(error.absolute_path)
    if error.validator in ("additionalProperties", "unevaluatedProperties"):
        keys = _unexpected_keys(error)
        if len(keys) == 1:
            parts.append(keys[0])
    return pointer(parts)


def _to_input_error(error: ValidationError, schema: str, file: str, prefix: str = "") -> InputError:
    best = _explained(error)
    path = _error_path(best)
    full = f"{prefix} {path}".strip() if prefix else path
    return _ERROR_CLASS.get(schema, InputError)(_reason(best, schema), file=file, path=full or None)


def check(instance: Any, schema: str, *, file: str, defs: str | None = None, prefix: str = "") -> None:
    """Raise the most relevant schema error of ``instance`` (RulesetError / CaseFormatError / InputError).

    ``prefix`` is put before the JSON pointer (e.g. ``"line 7"`` for a JSON Lines record).
    """
    if quickly_valid(instance, schema, defs):
        return
    best = best_match(validator(schema, defs).iter_errors(instance))
    if best is not None:
        raise _to_input_error(best, schema, file, prefix)


def iter_errors(instance: Any, schema: str, *, file: str, defs: str | None = None,
                prefix: str = "") -> Iterator[InputError]:
    """Every schema error of ``instance``, one per problem, ordered by their place in the document."""
    if quickly_valid(instance, schema, defs):
        return
    errors = sorted(validator(schema, defs).iter_errors(instance), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        best = best_match([error])
        yield _to_input_error(best if best is not None else error, schema, file, prefix)


def schema_problems(document: Any) -> list[str]:
    """Why ``document`` is not a valid draft 2020-12 schema (empty list if it is)."""
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    problems = [f"{pointer(e.absolute_path) or '/'}: {e.message}" for e in meta.iter_errors(document)]
    if isinstance(document, dict) and not problems and "$id" not in document:
        problems.append("the schema has no $id")
    return problems
