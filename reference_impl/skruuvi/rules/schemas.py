"""The project's JSON Schemas (spec/schema/*.schema.json): whether an instance is valid, and short, human errors.

Whether an instance is valid is decided by ``jsonschema-rs`` (:func:`validator`: each schema, or its
``$defs/NAME``, compiled once, with every project schema registered by its ``$id`` so that one can ``$ref``
another). Only an instance it finds invalid is explained, by ``jsonschema`` (imported then, not before): its error
objects carry what the reasons are built from (``best_match``'s ranking, each error's parent ``oneOf``/``anyOf``
and their ``x-message``, the failing sub-schema's ``description``). :func:`check` raises the single most relevant
error as an :class:`~skruuvi.rules.errors.InputError` subclass whose ``path`` is a JSON pointer into the instance;
:func:`iter_errors` returns every error of an instance, one per problem, for ``skruuvi validate``.

Both read the instance as JSON data: a mapping key that is not a string (YAML's ``6:`` in a scoring table) is
read as the key JSON writes for it (``"6"``), the way an export of the document writes it. Both read ``pattern``
as JSON Schema does, with ECMA-262's ``$`` (the end of the string; Python's ``re`` also matches it before a
final newline, so the explaining validator's patterns are given ``\\Z`` instead). Where the two still differed
(``jsonschema`` finding no error in an instance ``jsonschema-rs`` refuses), ``jsonschema-rs``'s own first error
is reported: an instance is never passed by the one that explains. ``tests/rules/test_schema_agreement.py`` holds
the two to the same verdict on every case and ruleset document and on generated invalid ones.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from .errors import CaseFormatError, InputError, RulesetError
from .paths import schema_dir

if TYPE_CHECKING:  # the explaining validator is imported only when an instance is invalid
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator as Explainer

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


def _resources() -> list[tuple[str, dict[str, Any]]]:
    return [(doc.get("$id", schema_uri(name)), doc) for name, doc in _documents().items()]


def schema_document(name: str) -> dict[str, Any]:
    """The parsed schema ``name``; :class:`InputError` if there is no such schema."""
    try:
        return _documents()[name]
    except KeyError:
        raise InputError(f"no schema named {name!r} in {schema_dir()}") from None


def _root(schema: str, defs: str | None) -> dict[str, Any]:
    """The schema ``schema`` (or its ``$defs/<defs>``) as a root that refers to it."""
    document = schema_document(schema)
    if defs is not None and defs not in document.get("$defs", {}):
        raise InputError(f"schema {schema!r} has no $defs/{defs}")
    fragment = "" if defs is None else f"#/$defs/{defs}"
    return document if defs is None else {"$ref": f"{schema_uri(schema)}{fragment}"}


@cache
def validator(schema: str, defs: str | None = None) -> jsonschema_rs.Validator:
    """The ``jsonschema-rs`` validator of schema ``schema`` (or its ``$defs/<defs>``), compiled once."""
    root = _root(schema, defs)
    return jsonschema_rs.validator_for(root, registry=jsonschema_rs.Registry(_resources()))


def json_view(value: Any) -> Any:
    """``value`` as JSON data: every mapping key that is not a string written as JSON writes it (``6`` -> ``"6"``,
    ``True`` -> ``"true"``); anything else as it is."""
    if isinstance(value, dict):
        return {k if isinstance(k, str) else json.dumps(k, default=str): json_view(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_view(v) for v in value]
    return value


def _judged(instance: Any, schema: str, defs: str | None) -> tuple[bool, Any]:
    """Whether ``instance`` is valid, and the instance as it was judged (its :func:`json_view` where it has keys
    that are not strings). A value JSON has no type for (a date, bytes) is invalid."""
    check = validator(schema, defs)
    try:
        return check.is_valid(instance), instance
    except ValueError:  # a key that is not a string, or a value that is not JSON
        view = json_view(instance)
        try:
            return check.is_valid(view), view
        except ValueError:
            return False, view


def is_valid(instance: Any, schema: str, defs: str | None = None) -> bool:
    """Whether ``instance`` is valid against schema ``schema`` (or its ``$defs/<defs>``)."""
    return _judged(instance, schema, defs)[0]


def _python_pattern(pattern: str) -> str:
    """``pattern`` for Python's ``re`` with ECMA-262's ``$``: each ``$`` outside a character class becomes ``\\Z``
    (the end of the string only)."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":  # a leading ] is a member
                out.append("[]")
                i += 2
                continue
        elif char == "$":
            char = "\\Z"
        out.append(char)
        i += 1
    return "".join(out)


@cache
def _explainer_class() -> type[Explainer]:
    """``jsonschema``'s 2020-12 validator with ``pattern`` read as ECMA-262 reads it."""
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import ValidationError

    def pattern(checker: Explainer, value: str, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
        if checker.is_type(instance, "string") and not re.search(_python_pattern(value), instance):
            yield ValidationError(f"{instance!r} does not match {value!r}")

    explaining: type[Explainer] = validators.extend(  # type: ignore[no-untyped-call]  # untyped in types-jsonschema
        Draft202012Validator, {"pattern": pattern})
    return explaining


@cache
def explainer(schema: str, defs: str | None = None) -> Explainer:
    """The ``jsonschema`` validator that explains why an instance of schema ``schema`` (or its ``$defs/<defs>``)
    is invalid."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    root = _root(schema, defs)
    registry: Registry[Any] = Registry().with_resources(
        (uri, Resource.from_contents(doc, default_specification=DRAFT202012)) for uri, doc in _resources())
    return _explainer_class()(root, registry=registry)


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
        options = error.validator_value
        allowed = ", ".join("null" if v is None else str(v) for v in (options if isinstance(options, list) else []))
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
    from jsonschema.exceptions import ValidationError

    node: ValidationError | None = error
    chosen = error
    while node is not None:
        if node.validator in ("oneOf", "anyOf") and isinstance(node.schema, dict) and "x-message" in node.schema:
            chosen = node
        parent = node.parent
        node = parent if isinstance(parent, ValidationError) else None
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


def _unexplained(instance: Any, schema: str, defs: str | None, file: str, prefix: str) -> InputError:
    """The first ``jsonschema-rs`` error of an instance it refuses and the explaining validator passes."""
    try:
        first = next(iter(validator(schema, defs).iter_errors(instance)), None)
    except ValueError as exc:  # a value JSON has no type for
        return _ERROR_CLASS.get(schema, InputError)(f"not JSON data: {exc}", file=file, path=prefix or None)
    reason = first.message if first is not None else "not valid against the schema"
    path = pointer(first.instance_path) if first is not None else ""
    full = f"{prefix} {path}".strip() if prefix else path
    return _ERROR_CLASS.get(schema, InputError)(reason, file=file, path=full or None)


def check(instance: Any, schema: str, *, file: str, defs: str | None = None, prefix: str = "") -> None:
    """Raise the most relevant schema error of ``instance`` (RulesetError / CaseFormatError / InputError).

    ``prefix`` is put before the JSON pointer (e.g. ``"line 7"`` for a JSON Lines record).
    """
    valid, judged = _judged(instance, schema, defs)
    if valid:
        return
    from jsonschema.exceptions import best_match

    best = best_match(explainer(schema, defs).iter_errors(judged))
    if best is None:
        raise _unexplained(judged, schema, defs, file, prefix)
    raise _to_input_error(best, schema, file, prefix)


def iter_errors(instance: Any, schema: str, *, file: str, defs: str | None = None,
                prefix: str = "") -> Iterator[InputError]:
    """Every schema error of ``instance``, one per problem, ordered by their place in the document."""
    valid, judged = _judged(instance, schema, defs)
    if valid:
        return
    from jsonschema.exceptions import best_match

    errors = sorted(explainer(schema, defs).iter_errors(judged), key=lambda e: [str(p) for p in e.absolute_path])
    if not errors:
        yield _unexplained(judged, schema, defs, file, prefix)
    for error in errors:
        best = best_match([error])
        yield _to_input_error(best if best is not None else error, schema, file, prefix)


def schema_problems(document: Any) -> list[str]:
    """Why ``document`` is not a valid draft 2020-12 schema (empty list if it is)."""
    from jsonschema import Draft202012Validator

    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    problems = [f"{pointer(e.absolute_path) or '/'}: {e.message}" for e in meta.iter_errors(document)]
    if isinstance(document, dict) and not problems and "$id" not in document:
        problems.append("the schema has no $id")
    return problems
