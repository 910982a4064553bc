"""The reading values a case may pin (DESIGN §3, amendment pinned-readings), checked before anything runs.

A record's ``readings: {rule id: value}`` pins only a rule that lists an executable alternative, and only to the
rule's own value or one of those alternatives, equal to it as JSON data (:func:`same_data`). The command line's
``--reading RULE=VALUE`` is not held to this (it may try any value of the rule's shape,
:func:`skruuvi.rules.readings.resolve_values`); a case is, after that same check of its value's shape.
:func:`pinned_problem` says why a pin is refused, in one line naming the rule: the replay answers such a record
``errored`` (:func:`check_pinned`) and ``skruuvi validate`` refuses it, for the same reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import CaseFormatError
from .readings import _entries, _key, executable, rule_field, ruleset_under
from .ruleset import Ruleset, get_ruleset


def same_data(a: Any, b: Any) -> bool:
    """Whether two reading values are the same JSON data: the same kinds (``true`` is not ``1``, ``1.0`` is not
    ``1``), lists item by item in order, mappings with the same keys compared as text (YAML's ``4`` is JSON's
    ``"4"``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        left, right = {str(k): v for k, v in a.items()}, {str(k): v for k, v in b.items()}
        return len(left) == len(a) and len(right) == len(b) and left.keys() == right.keys() \
            and all(same_data(v, right[k]) for k, v in left.items())
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and not isinstance(a, dict | list) and a == b


def pinnable(ruleset: Ruleset, rule_id: str) -> list[Any]:
    """The values a case may pin ``rule_id`` to (DESIGN §3, amendment pinned-readings): the rule's own value
    and each of its executable listed alternatives; none when the rule lists no executable alternative."""
    entry = _entries(ruleset).get(rule_id)
    if entry is None:
        return []
    key = rule_field(entry)
    others = [alt["value"] for alt in entry.get("alternatives") or () if isinstance(alt, dict) and executable(alt)]
    return [entry[key], *others] if others and key in entry else []


def pinned_problem(ruleset: Ruleset, rule_id: str, value: Any) -> str | None:
    """Why a case may not pin ``rule_id`` to ``value`` (one line naming the rule), or None when it may: a case
    pins only a rule that lists an executable alternative, to the rule's own value or one of those."""
    if rule_id not in ruleset.rules:
        return f"no rule {rule_id!r} in {ruleset.id}"
    allowed = pinnable(ruleset, rule_id)
    if not allowed:
        return f"rule {rule_id} lists no executable alternative: a case cannot pin it"
    if any(same_data(value, v) for v in allowed):
        return None
    shown = "; ".join(json.dumps(v, ensure_ascii=False, default=str) for v in allowed)
    return (f"reading {rule_id}={json.dumps(value, ensure_ascii=False, default=str)} is neither the rule's own "
            f"value nor one of its executable alternatives (a case pins one of: {shown})")


def check_pinned(ruleset: Ruleset, readings: Mapping[str, Any]) -> None:
    """A record's ``readings`` (rule id -> value) as a case may pin them (:func:`pinned_problem` for each);
    :class:`CaseFormatError` at ``/readings/<rule id>`` otherwise. Whether the set holds together and compiles is
    :func:`resolve_values`' and :func:`with_readings`' to say."""
    for rule_id, value in readings.items():
        problem = pinned_problem(ruleset, str(rule_id), value)
        if problem is not None:
            raise CaseFormatError(problem, path=f"/readings/{rule_id}")


_PINNED: dict[tuple[str, str], Ruleset] = {}
"""The rulesets :func:`pinned_ruleset` compiled, by ruleset id and readings (as canonical JSON)."""


def pinned_ruleset(ruleset_id: str, readings: Mapping[str, Any]) -> Ruleset:
    """The ruleset a record names under the readings it pins (compiled once per set): first what any reading is
    checked for (:func:`ruleset_under`: the rule exists, the value has its shape, the set holds together and
    compiles), then what a case may pin (:func:`check_pinned`). ``skruuvi validate`` checks in the same order, so a
    record it refuses is answered ``errored`` for the reason it prints."""
    key = (ruleset_id, _key(readings))
    found = _PINNED.get(key)
    if found is None:
        under = ruleset_under(ruleset_id, readings)
        check_pinned(get_ruleset(ruleset_id), readings)
        found = _PINNED[key] = under
    return found


__all__ = ["check_pinned", "pinnable", "pinned_problem", "pinned_ruleset", "same_data"]
