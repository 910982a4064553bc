"""Whether a change of some leaves keeps a schema-valid document valid, proven without validating it again.

A document that passed its JSON Schema is changed at a few places (a mutant of a ruleset, a ruleset under other
readings): each change replaces the value at an existing path. Validating the whole document again costs far
more than the change; :func:`keeps_valid` instead walks the schema down each changed path and proves that the
change cannot break validity, or answers False (then the caller validates as usual). The proof, per change:

* at every node above the changed one, each keyword that applies there (following ``$ref`` and ``allOf``,
  which always apply) reads only the node's shape (its type, its keys, its length), which the change keeps, or
  hands the child on the path to sub-schemas (``properties``, ``patternProperties``, ``additionalProperties``,
  ``prefixItems``, ``items``), which then apply to that child; a keyword whose outcome could depend on the
  changed value (``const``, ``enum``, ``contains``, ``uniqueItems``, an ``if``/``anyOf``/``oneOf``/``not``/
  ``dependentSchemas`` whose sub-schemas look at the child on the path, an unevaluated-schema, any keyword not
  known here) ends the proof;
* at the changed node, the new value is valid against every sub-schema that applies there.

Every other evaluation sees what it saw in the valid document, so the changed document is valid too. The changed
paths must be disjoint (none inside another).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .schemas import schema_document, schema_uri, validator

#: Keywords that say nothing about an instance, or read only its shape (type, keys, length), or apply only to
#: strings and numbers (never to a node above a change, which is an object or an array).
_SHAPE = frozenset({
    "$schema", "$id", "$defs", "$comment", "$anchor", "title", "description", "default", "examples", "deprecated",
    "readOnly", "writeOnly", "x-message", "type", "required", "minProperties", "maxProperties", "dependentRequired",
    "propertyNames", "minItems", "maxItems", "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
})
_CONDITIONAL = ("anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas")
_OBJECT = ("properties", "patternProperties", "additionalProperties")
_ARRAY = ("prefixItems", "items")


class _Unproven(Exception):
    pass


def keeps_valid(schema: str, doc: Any, changes: Iterable[tuple[Sequence[Any], Any]]) -> bool:
    """Whether ``doc`` (valid against schema ``schema``) stays valid when each ``(path, new value)`` of ``changes``
    replaces the value at ``path`` (a sequence of keys and indices naming an existing node); False when that is
    not proven."""
    changes = [(tuple(path), new) for path, new in changes]
    paths = [path for path, _ in changes]
    if any(a != b and a == b[:len(a)] for a in paths for b in paths) or len(set(paths)) != len(paths):
        return False
    root = schema_document(schema)
    try:
        return all(_proven(root, schema, doc, path, new) for path, new in changes)
    except _Unproven:
        return False


def _proven(root: dict[str, Any], name: str, doc: Any, path: tuple[Any, ...], new: Any) -> bool:
    schemas: list[Any] = [root]
    node = doc
    for key in path:
        if not _exists(node, key):
            return False  # a change must replace an existing node
        schemas = _child_schemas(root, name, _expanded(root, name, schemas), key)
        node = node[key]
    check = validator(name)
    return all(check.evolve(schema=s).is_valid(new) for s in schemas)


def _exists(node: Any, key: Any) -> bool:
    if isinstance(node, dict):
        return not isinstance(key, (list, dict)) and key in node
    return isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(node)


def _resolve(root: dict[str, Any], name: str, ref: Any) -> Any:
    if not isinstance(ref, str):
        raise _Unproven
    own = schema_uri(name)
    if ref.startswith(own):
        ref = ref[len(own):]
    if not ref.startswith("#/"):
        raise _Unproven  # another document, an anchor: not followed here
    node: Any = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise _Unproven
    return node


def _expanded(root: dict[str, Any], name: str, schemas: list[Any]) -> list[dict[str, Any]]:
    """The schemas that apply to a node: these and, recursively, their ``$ref`` and ``allOf`` ones."""
    out: list[dict[str, Any]] = []
    todo = list(schemas)
    seen: set[int] = set()
    while todo:
        s = todo.pop()
        if s is True or s == {}:
            continue
        if not isinstance(s, dict):
            raise _Unproven  # false (cannot apply to a node of a valid document) or not a schema
        if id(s) in seen:
            continue
        seen.add(id(s))
        out.append(s)
        if "$ref" in s:
            todo.append(_resolve(root, name, s["$ref"]))
        todo.extend(s.get("allOf", ()))
    return out


def _child_schemas(root: dict[str, Any], name: str, schemas: list[dict[str, Any]], key: Any) -> list[Any]:
    """The sub-schemas that apply to the child ``key`` of a node that ``schemas`` apply to; _Unproven when one
    of them reads more than the node's shape and that child."""
    found: list[Any] = []
    for s in schemas:
        for keyword, value in s.items():
            if keyword in _SHAPE or keyword in ("$ref", "allOf"):
                continue
            if keyword in _CONDITIONAL:
                subs = value.values() if keyword == "dependentSchemas" else value if isinstance(value, list) \
                    else [value]
                if any(_reads(root, name, sub, key, set()) for sub in subs):
                    raise _Unproven
                continue
            if keyword in _OBJECT or keyword in _ARRAY:
                continue  # below, once for the schema
            if keyword in ("unevaluatedProperties", "unevaluatedItems") and isinstance(value, bool):
                continue  # with no conditional reading the child, the same children stay (un)evaluated
            raise _Unproven  # const, enum, contains, uniqueItems, an unevaluated schema, an unknown keyword
        if any(k in s for k in _OBJECT):
            found.extend(_object_children(s, key))
        if any(k in s for k in _ARRAY):
            found.extend(_array_children(s, key))
    return found


def _object_children(s: dict[str, Any], key: Any) -> list[Any]:
    if isinstance(key, int) and not isinstance(key, bool) and not any(k in s for k in _OBJECT):
        return []  # an array's item: no object keyword reads it
    props = s.get("properties") or {}
    patterns = s.get("patternProperties") or {}
    if patterns and not isinstance(key, str):
        raise _Unproven  # a key that is not a string (YAML): no pattern is matched here
    matched = [sub for pattern, sub in patterns.items() if re.search(pattern, key)]
    if key in props:
        return [props[key], *matched]
    if matched:
        return matched
    extra = s.get("additionalProperties", True)
    return [] if isinstance(extra, bool) else [extra]  # false: the key was allowed, so it is in properties


def _array_children(s: dict[str, Any], key: Any) -> list[Any]:
    if not isinstance(key, int):
        return []
    prefix = s.get("prefixItems") or []
    if key < len(prefix):
        return [prefix[key]]
    items = s.get("items", True)
    return [] if items is True else [items]


def _reads(root: dict[str, Any], name: str, s: Any, key: Any, seen: set[int]) -> bool:
    """Whether schema ``s`` (applied to a node) may read its child ``key`` or the node's whole value."""
    if isinstance(s, bool):
        return False
    if not isinstance(s, dict):
        return True
    if id(s) in seen:
        return False
    seen.add(id(s))
    for keyword, value in s.items():
        if keyword in _SHAPE:
            continue
        if keyword == "$ref":
            if _reads(root, name, _resolve(root, name, value), key, seen):
                return True
        elif keyword in ("allOf", "anyOf", "oneOf"):
            if any(_reads(root, name, sub, key, seen) for sub in value):
                return True
        elif keyword in ("not", "if", "then", "else"):
            if _reads(root, name, value, key, seen):
                return True
        elif keyword == "dependentSchemas":
            if any(_reads(root, name, sub, key, seen) for sub in value.values()):
                return True
        elif keyword in ("properties", "patternProperties"):
            if _object_children({keyword: value}, key):
                return True
        elif keyword == "additionalProperties":
            if not isinstance(value, bool) and _object_children(s, key):
                return True
        elif keyword in ("prefixItems", "items"):
            if _array_children(s, key):
                return True
        elif keyword in ("unevaluatedProperties", "unevaluatedItems") and isinstance(value, bool):
            continue
        else:
            return True
    return False
