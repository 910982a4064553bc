"""The shape of a rule's value, which a reading's value must have: the interpreter never meets a value it has no
meaning for (a list of lists where a list of numbers belongs, a table keyed by text where it is keyed by levels).
"""

from __future__ import annotations

import json
from typing import Any


def _kind(value: Any) -> str:
    """The JSON kind of a value, for the check that a reading is of a kind the rule can hold."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    return "mapping" if isinstance(value, dict) else type(value).__name__


def _number_kind(values: list[Any]) -> str:
    return "whole number" if all(isinstance(v, int) for v in values) else "number"


def shape_problem(value: Any, templates: list[Any], where: str = "", field: str = "value") -> str | None:
    """Why ``value`` cannot stand for a rule whose value, and whose alternatives' values, are ``templates``, or
    ``None``: it must have the shape of one of them all the way down (a list's items each the kind of some item
    of theirs, a table's keys and values those of theirs, a whole number where they hold whole numbers), so that
    the interpreter can never meet a value it has no meaning for (a list of lists where a list of numbers belongs,
    a table keyed by text where it is keyed by levels). An expression's text is checked when the ruleset is
    compiled (:mod:`skruuvi.rules.expr`)."""
    at = f" at {where}" if where else ""
    kinds = {_kind(t) for t in templates}
    kind = _kind(value)
    if kind not in kinds:
        if not where:
            return f"a {kind} cannot stand for this rule's {field} (a {' or '.join(sorted(kinds))})"
        shown = json.dumps(value, ensure_ascii=False, default=repr)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return f"{shown}{at} is a {kind} where this rule holds a {' or '.join(sorted(kinds))}"
    if kind == "number":
        numbers = [t for t in templates if _kind(t) == "number"]
        if _number_kind(numbers) == "whole number" and not isinstance(value, int):
            return f"{value!r}{at} is not a whole number, as this rule's numbers are"
    elif kind == "list":
        items = [item for t in templates if isinstance(t, list) for item in t]
        for i, item in enumerate(value):
            if not items:
                return f"this rule's lists are empty, so nothing can stand{at}[{i}]"
            problem = shape_problem(item, items, f"{where}[{i}]")
            if problem is not None:
                return problem
    elif kind == "mapping":
        tables = [t for t in templates if isinstance(t, dict) and t]
        keys = [k for t in tables for k in t]
        values = [v for t in tables for v in t.values()]
        for key, sub in value.items():
            if not tables:
                return f"this rule's tables are empty, so no entry can stand{at}"
            if type(key) not in {type(k) for k in keys}:
                return (f"the key {key!r}{at} is not {'a whole number' if isinstance(keys[0], int) else 'text'}, "
                        "as this rule's keys are")
            problem = shape_problem(sub, values, f"{where}[{key!r}]" if where else f"[{key!r}]")
            if problem is not None:
                return problem
    return None


__all__ = ["shape_problem"]
