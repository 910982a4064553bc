"""A quick yes for valid instances: the project's schemas compiled once into plain Python checks.

``jsonschema`` walks a schema anew for every instance (a validator object per step, every ``$ref`` looked up
through the registry): tens of thousands of generated records take most of ``skruuvi validate``'s time, and
every ruleset compiled under readings is checked again. :func:`fast_check` compiles a schema (a document, or
its ``$defs/NAME``) into checks that answer *is this instance valid?* with the same semantics as
``Draft202012Validator`` (types as it types them, ``enum``/``const``/``uniqueItems`` with its own equality,
``unevaluatedProperties`` over the properties its subschemas evaluate, ``format`` not asserted).

It only ever shortens the way to "no errors": :mod:`skruuvi.rules.schemas` asks it first and, for any
instance it does not call valid, asks ``jsonschema`` for the errors as before. A keyword of the 2020-12
vocabulary it does not implement, a ``$ref`` it cannot follow, or a value it cannot type (a ``Decimal``)
makes it decline (``None`` from :func:`fast_check`, :class:`Undecided` from a check), never guess.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from jsonschema import Draft202012Validator

try:  # jsonschema's own equality (1 and True differ, lists and mappings compared inside), so enum agrees
    from jsonschema._utils import equal, uniq
except ImportError:  # pragma: no cover - a jsonschema without them: no quick path, jsonschema decides alone
    equal = uniq = None  # type: ignore[assignment]

Check = Callable[[Any], bool]

_VALIDATING = frozenset(Draft202012Validator.VALIDATORS)
"""The keywords jsonschema's 2020-12 validator asserts; every other key of a schema is an annotation to it."""

_DONE = frozenset({"$ref", "type", "enum", "const", "properties", "additionalProperties", "required",
                   "propertyNames", "minProperties", "maxProperties", "dependentRequired", "unevaluatedProperties",
                   "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern", "minimum",
                   "maximum", "exclusiveMinimum", "exclusiveMaximum", "allOf", "anyOf", "oneOf", "not", "if",
                   "then", "else", "format"})
"""The keywords compiled here (``format`` is not asserted without a format checker, as jsonschema does)."""


class Undecided(Exception):
    """The quick check cannot answer for this instance: jsonschema must."""


class Unsupported(Exception):
    """The schema uses something the quick check does not compile."""


def _number(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, (int, float)):
        return True
    if isinstance(x, numbers.Number):
        raise Undecided  # Decimal, Fraction, complex: jsonschema's comparisons decide
    return False


def _integer(x: Any) -> bool:
    if isinstance(x, bool):
        return False
    if isinstance(x, int):
        return True
    if isinstance(x, float):
        return x.is_integer()
    if isinstance(x, numbers.Number):
        raise Undecided
    return False


def _object(x: Any) -> bool:
    return isinstance(x, dict)


def _array(x: Any) -> bool:
    return isinstance(x, list)


def _string(x: Any) -> bool:
    return isinstance(x, str)


def _boolean(x: Any) -> bool:
    return isinstance(x, bool)


_TYPES: dict[str, Check] = {"object": _object, "array": _array, "string": _string, "boolean": _boolean,
                            "null": lambda x: x is None, "integer": _integer, "number": _number}

_PLAIN: dict[Check, type] = {_object: dict, _array: list, _string: str, _boolean: bool}
"""The type checks that are one ``isinstance``: a list of such items is checked without a call per item."""


def _true(x: Any) -> bool:
    return True


def _false(x: Any) -> bool:
    return False


class Node:
    """One compiled (sub)schema: ``valid``, and for ``unevaluatedProperties`` the keys it evaluates."""

    def __init__(self) -> None:
        self.checks: list[Check] = []
        self.always: bool | None = None  # a boolean schema
        self.ref: Node | None = None
        self.property_names: frozenset[str] = frozenset()
        self.key_schemas: list[Node] = []  # additionalProperties, unevaluatedProperties (evaluate the keys they pass)
        self.applicators: list[Node] = []  # allOf, anyOf, oneOf subschemas (evaluate when valid)
        self.condition: tuple[Node, Node | None, Node | None] | None = None  # if, then, else
        self.done = False
        self.valid: Check = self._every
        """Whether an instance is valid (once compiled: the one check itself when there is only one)."""

    def _every(self, x: Any) -> bool:
        if self.always is not None:
            return self.always
        for check in self.checks:  # noqa: SIM110 - a plain loop: this is the hot path
            if not check(x):
                return False
        return True

    def finish(self) -> None:
        if self.always is not None:
            self.valid = _true if self.always else _false
        elif not self.checks:
            self.valid = _true
        elif len(self.checks) == 1:
            self.valid = self.checks[0]
        self.done = True

    @property
    def trivial(self) -> bool:
        """Valid for every instance (no assertion, or the schema ``true``)."""
        return self.done and self.valid is _true

    def evaluated(self, x: dict[str, Any]) -> set[str]:
        """The keys of ``x`` this schema evaluates, as jsonschema's ``find_evaluated_property_keys_by_schema``."""
        if self.always is not None:
            return set()
        keys: set[str] = set()
        if self.ref is not None:
            keys |= self.ref.evaluated(x)
        keys |= self.property_names & x.keys()
        for node in self.key_schemas:
            keys.update(k for k, v in x.items() if node.valid(v))
        for node in self.applicators:
            if node.valid(x):
                keys |= node.evaluated(x)
        if self.condition is not None:
            when, then, otherwise = self.condition
            if when.valid(x):
                keys |= when.evaluated(x)
                if then is not None:
                    keys |= then.evaluated(x)
            elif otherwise is not None:
                keys |= otherwise.evaluated(x)
        return keys


class Compiler:
    """Compiles the subschemas of a set of documents (by ``$id``), each once, references included."""

    def __init__(self, documents: Mapping[str, Any]) -> None:
        self.documents = dict(documents)
        self.nodes: dict[tuple[str, str], Node] = {}

    def node(self, uri: str) -> Node:
        """The compiled schema at ``uri`` (a document ``$id`` with a JSON pointer fragment)."""
        base, fragment = urldefrag(uri)
        if base not in self.documents or (fragment and not fragment.startswith("/")):
            raise Unsupported(f"cannot follow {uri}")
        key = (base, unquote(fragment))
        if key not in self.nodes:
            target: Any = self.documents[base]
            for part in key[1].split("/")[1:]:
                part = part.replace("~1", "/").replace("~0", "~")
                if isinstance(target, list) and part.isdigit() and int(part) < len(target):
                    target = target[int(part)]
                elif isinstance(target, dict) and part in target:
                    target = target[part]
                else:
                    raise Unsupported(f"no {uri}")
            node = self.nodes[key] = Node()  # registered first: a schema may refer to itself
            self._fill(node, target, base, root=not key[1])
            node.finish()
        return self.nodes[key]

    def _sub(self, schema: Any, base: str) -> Node:
        node = Node()
        self._fill(node, schema, base, root=False)
        node.finish()
        return node

    @staticmethod
    def _test(node: Node) -> Check:
        """``node``'s check; through the node while it is still being compiled (a schema that refers to itself)."""
        return node.valid if node.done else (lambda x: node.valid(x))

    def _fill(self, node: Node, schema: Any, base: str, root: bool) -> None:
        if isinstance(schema, bool):
            node.always = schema
            return
        if not isinstance(schema, dict):
            raise Unsupported("a schema must be a mapping or a boolean")
        if "$id" in schema and not root:
            raise Unsupported("a nested $id")
        unknown = (set(schema) & _VALIDATING) - _DONE
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        add = node.checks.append
        if "$ref" in schema:
            ref = schema["$ref"]
            node.ref = self.node(urljoin(base, ref))
            if not node.ref.trivial:
                add(self._test(node.ref))
        if "type" in schema:
            self._type(schema["type"], add)
        if "enum" in schema:
            options = list(schema["enum"])
            words = frozenset(o for o in options if isinstance(o, str))  # equal() of two strings is ==
            add(lambda x, options=options, words=words: x in words if isinstance(x, str)
                else any(equal(each, x) for each in options))
        if "const" in schema:
            value = schema["const"]
            add(lambda x, value=value: bool(equal(x, value)))
        self._object(node, schema, base, add)
        self._array(schema, base, add)
        self._scalar(schema, add)
        self._logic(node, schema, base, add)

    @staticmethod
    def _type(types: Any, add: Callable[[Check], None]) -> None:
        names = [types] if isinstance(types, str) else list(types)
        if any(name not in _TYPES for name in names):
            raise Unsupported(f"type {types!r}")
        tests = [_TYPES[name] for name in names]
        if len(tests) == 1:
            add(tests[0])
        else:
            add(lambda x: any(test(x) for test in tests))

    def _object(self, node: Node, schema: dict[str, Any], base: str, add: Callable[[Check], None]) -> None:
        properties = schema.get("properties")
        if isinstance(properties, dict):
            nodes = {name: self._sub(sub, base) for name, sub in properties.items()}
            subs = {name: n.valid for name, n in nodes.items() if not n.trivial}
            node.property_names = frozenset(properties)
            if subs:
                get = subs.get

                def each_property(x: Any) -> bool:
                    if isinstance(x, dict):
                        for k, v in x.items():
                            test = get(k)
                            if test is not None and not test(v):
                                return False
                    return True

                add(each_property)
        if "additionalProperties" in schema:
            extra = self._sub(schema["additionalProperties"], base)
            node.key_schemas.append(extra)
            known = frozenset(properties) if isinstance(properties, dict) else frozenset()
            more = extra.valid
            if not extra.trivial:

                def each_other(x: Any) -> bool:
                    if isinstance(x, dict):
                        for k, v in x.items():
                            if k not in known and not more(v):
                                return False
                    return True

                add(each_other)
        if "required" in schema:
            required = list(schema["required"])
            add(lambda x: not isinstance(x, dict) or all(map(x.__contains__, required)))
        if "propertyNames" in schema:
            name_test = self._sub(schema["propertyNames"], base).valid
            add(lambda x: not isinstance(x, dict) or all(name_test(k) for k in x))
        for keyword, fits in (("minProperties", lambda n, m: not n < m), ("maxProperties", lambda n, m: not n > m)):
            if keyword in schema:
                limit = schema[keyword]
                add(lambda x, limit=limit, fits=fits: not isinstance(x, dict) or fits(len(x), limit))
        if "dependentRequired" in schema:
            needs = {k: list(v) for k, v in schema["dependentRequired"].items()}
            add(lambda x: not isinstance(x, dict) or all(k not in x or all(d in x for d in deps)
                                                         for k, deps in needs.items()))
        if "unevaluatedProperties" in schema:
            rest = self._sub(schema["unevaluatedProperties"], base)
            node.key_schemas.append(rest)

            def unevaluated(x: Any) -> bool:
                if not isinstance(x, dict):
                    return True
                seen = node.evaluated(x)
                return all(k in seen or rest.valid(v) for k, v in x.items())

            add(unevaluated)

    def _array(self, schema: dict[str, Any], base: str, add: Callable[[Check], None]) -> None:
        if "items" in schema:
            items = self._sub(schema["items"], base)
            item_test = items.valid
            plain = _PLAIN.get(item_test)
            if plain is not None:
                add(lambda x: not isinstance(x, list) or all(map(isinstance, x, repeat(plain))))
            elif not items.trivial:
                add(lambda x: not isinstance(x, list) or all(map(item_test, x)))
        for keyword, fits in (("minItems", lambda n, m: not n < m), ("maxItems", lambda n, m: not n > m)):
            if keyword in schema:
                limit = schema[keyword]
                add(lambda x, limit=limit, fits=fits: not isinstance(x, list) or fits(len(x), limit))
        if schema.get("uniqueItems"):
            add(lambda x: not isinstance(x, list) or bool(uniq(x)))

    @staticmethod
    def _scalar(schema: dict[str, Any], add: Callable[[Check], None]) -> None:
        for keyword, fits in (("minLength", lambda n, m: not n < m), ("maxLength", lambda n, m: not n > m)):
            if keyword in schema:
                limit = schema[keyword]
                add(lambda x, limit=limit, fits=fits: not isinstance(x, str) or fits(len(x), limit))
        if "pattern" in schema:
            pattern = re.compile(schema["pattern"])
            add(lambda x: not isinstance(x, str) or pattern.search(x) is not None)
        bounds = (("minimum", lambda v, b: not v < b), ("maximum", lambda v, b: not v > b),  # as jsonschema words them
                  ("exclusiveMinimum", lambda v, b: not v <= b), ("exclusiveMaximum", lambda v, b: not v >= b))
        for keyword, fits in bounds:
            if keyword in schema:
                bound = schema[keyword]
                if isinstance(bound, bool) or not isinstance(bound, (int, float)):
                    raise Unsupported(f"{keyword} {bound!r}")
                add(lambda x, bound=bound, fits=fits: not _number(x) or fits(x, bound))

    def _logic(self, node: Node, schema: dict[str, Any], base: str, add: Callable[[Check], None]) -> None:
        if "allOf" in schema:
            every = [self._sub(s, base) for s in schema["allOf"]]
            node.applicators += every
            add(lambda x: all(n.valid(x) for n in every))
        if "anyOf" in schema:
            some = [self._sub(s, base) for s in schema["anyOf"]]
            node.applicators += some
            add(lambda x: any(n.valid(x) for n in some))
        if "oneOf" in schema:
            one = [self._sub(s, base) for s in schema["oneOf"]]
            node.applicators += one
            add(lambda x: sum(1 for n in one if n.valid(x)) == 1)
        if "not" in schema:
            negated = self._sub(schema["not"], base)
            add(lambda x: not negated.valid(x))
        if "if" in schema:
            when = self._sub(schema["if"], base)
            then = self._sub(schema["then"], base) if "then" in schema else None
            otherwise = self._sub(schema["else"], base) if "else" in schema else None
            node.condition = (when, then, otherwise)

            def conditional(x: Any) -> bool:
                if when.valid(x):
                    return then is None or then.valid(x)
                return otherwise is None or otherwise.valid(x)

            add(conditional)


def compile_check(documents: Mapping[str, Any], uri: str) -> Check | None:
    """A check for the schema at ``uri`` among ``documents`` (by ``$id``), or None when it uses what is not
    compiled here. The check returns whether an instance is valid, or raises :class:`Undecided`."""
    if equal is None or uniq is None:
        return None
    try:
        return Compiler(documents).node(uri).valid
    except (Unsupported, re.error, TypeError, ValueError, AttributeError):
        return None


__all__ = ["Check", "Compiler", "Node", "Undecided", "Unsupported", "compile_check"]
