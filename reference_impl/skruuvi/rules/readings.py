"""Other readings of a ruleset's rules, and variants (a ruleset plus a set of readings).

A rule that lists ``alternatives:`` can be read another way: :func:`with_readings` compiles the ruleset
with some rules' values replaced (``{rule id: value}``). An alternative changes the rule's ``value``, or
the key its ``field:`` names (e.g. a scoring rule's ``to``). An alternative marked ``executable: false``
(with its ``why:``) is refused; so is a value of another kind than the rule's value and its alternatives'
(e.g. ``null`` for a list), and a set of readings that breaks an alternative's ``requires:`` (other
readings it needs) or ``excludes:`` (rules that must keep their own value alongside it). The compiled copy
keeps the ruleset id, so records replay under it as under the original; its ``readings`` say which.

A variant is declared in the ruleset's ``variants:`` section (name, title, readings, note, source) and is
written ``RULESET:NAME`` wherever a ruleset is named (``skruuvi-1944:older-table``, or ``1944:older-table``
by era); :func:`resolve_ruleset` reads that spelling.
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

from .errors import RulesetError
from .ruledoc import Path, rule_entries, with_value
from .ruleset import Ruleset, compile_ruleset, get_ruleset
from .shapes import shape_problem


class _First:
    """The sentinel "the rule's first listed alternative" (``--reading RULE`` without a value)."""

    def __repr__(self) -> str:
        return "FIRST_ALTERNATIVE"


FIRST_ALTERNATIVE: Any = _First()
"""As a reading's value: the rule's first listed alternative."""

VARIANT_SEPARATOR = ":"
"""Between a ruleset (id or era) and a variant name: ``skruuvi-1944:older-table``."""


def rule_field(entry: Mapping[str, Any]) -> str:
    """The key of a rule entry that its alternatives replace: their ``field:``, else ``value``."""
    for alt in entry.get("alternatives") or ():
        if isinstance(alt, dict) and "field" in alt:
            return str(alt["field"])
    return "value"


def alternative_for(entry: Mapping[str, Any], value: Any) -> dict[str, Any] | None:
    """The listed alternative of a rule entry whose value is ``value``, if any."""
    for alt in entry.get("alternatives") or ():
        if isinstance(alt, dict) and "value" in alt and alt["value"] == value:
            return alt
    return None


def alternatives(ruleset: Ruleset) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(rule id, alternative)`` for every listed alternative of every rule, in file order."""
    for _, entry in rule_entries(dict(ruleset.raw)):
        for alt in entry.get("alternatives") or ():
            if isinstance(alt, dict):
                yield str(entry.get("id")), alt


def executable(alt: Mapping[str, Any]) -> bool:
    """Whether a listed alternative can be executed (it has a value and is not marked ``executable: false``)."""
    return "value" in alt and alt.get("executable", True) is not False


def _like(value: Any, template: Any) -> Any:
    """``value`` with mapping keys written as digits (as JSON writes them) made integers where the rule's own
    value has integer keys (a table by level: ``{"6": 1100}`` from a JSON record means ``{6: 1100}``)."""
    if isinstance(value, dict) and isinstance(template, dict) and template:
        int_keys = all(type(k) is int for k in template)
        out = {}
        for k, v in value.items():
            key = int(k) if int_keys and isinstance(k, str) and k.lstrip("-").isdigit() else k
            out[key] = _like(v, template.get(key, next(iter(template.values()))))
        return out
    return value


def _check_combination(ruleset: Ruleset, chosen: dict[str, Any], entries: Mapping[str, Any]) -> None:
    """Each chosen alternative's ``requires:`` must hold among the readings and its ``excludes:`` be absent."""
    for rule_id, value in chosen.items():
        alt = alternative_for(entries[rule_id], value) or {}
        for other, needed in (alt.get("requires") or {}).items():
            if other not in chosen or chosen[other] != needed:
                raise RulesetError(
                    f"reading {rule_id}={json.dumps(value)} requires {other}={json.dumps(needed)}, "
                    f"which is not among the readings", file=ruleset.path)
        for other in alt.get("excludes") or ():
            if other in chosen:
                raise RulesetError(
                    f"readings {rule_id}={json.dumps(value)} and {other}={json.dumps(chosen[other])} "
                    f"cannot hold together ({rule_id}'s alternative excludes another reading of {other})",
                    file=ruleset.path)


_ENTRIES_KEPT = 64
"""How many rulesets' rule entries by id :func:`_entries` keeps."""

_ENTRIES: OrderedDict[int, tuple[Mapping[str, Any], dict[Any, dict[str, Any]]]] = OrderedDict()


def _entries(ruleset: Ruleset) -> dict[Any, dict[str, Any]]:
    """The ruleset's rule entries by id (as written in its document), worked out once per document (kept with
    it, so its id stays its own): no document is changed in place (tests/rules/test_readings_shared.py)."""
    key = id(ruleset.raw)
    kept = _ENTRIES.get(key)
    if kept is not None and kept[0] is ruleset.raw:
        _ENTRIES.move_to_end(key)
        return kept[1]
    entries = {entry.get("id"): entry for _, entry in rule_entries(dict(ruleset.raw))}
    _ENTRIES[key] = (ruleset.raw, entries)
    while len(_ENTRIES) > _ENTRIES_KEPT:
        _ENTRIES.popitem(last=False)
    return entries


def resolve_values(ruleset: Ruleset, readings: Mapping[str, Any]) -> dict[str, Any]:
    """``readings`` with :data:`FIRST_ALTERNATIVE` replaced by the value it stands for, each checked: the rule
    exists, has a value to change, the value is executable and of a kind the rule holds, and the set holds
    together. :class:`RulesetError` (one line naming the rule) otherwise."""
    entries = _entries(ruleset)
    chosen: dict[str, Any] = {}
    for rule_id, value in readings.items():
        rule = ruleset.rules.get(rule_id)
        if rule is None:
            raise RulesetError(f"no rule {rule_id!r} in {ruleset.id}", file=ruleset.path)
        entry = entries[rule_id]
        key = rule_field(entry)
        listed = [alt for alt in entry.get("alternatives") or () if isinstance(alt, dict) and "value" in alt]
        if key not in entry:
            documented = next((a for a in listed if not executable(a) and (value is FIRST_ALTERNATIVE
                                                                         or a["value"] == value)), None)
            if documented is not None:  # a documented rule: its readings are described, not executable
                raise RulesetError(f"reading {rule_id} cannot be executed: "
                                   f"{documented.get('why', 'marked executable: false')}", file=ruleset.path,
                                   path=rule.pointer)
            raise RulesetError(f"rule {rule_id} has no {key} to change", file=ruleset.path, path=rule.pointer)
        if value is FIRST_ALTERNATIVE:
            if not listed:
                raise RulesetError(f"rule {rule_id} lists no alternative value", file=ruleset.path,
                                   path=rule.pointer)
            value = listed[0]["value"]
        value = _like(value, entry[key])
        alt = alternative_for(entry, value)
        if alt is not None and not executable(alt):
            raise RulesetError(f"reading {rule_id}={json.dumps(value, ensure_ascii=False)} cannot be executed: "
                               f"{alt.get('why', 'marked executable: false')}", file=ruleset.path,
                               path=rule.pointer)
        # the rule's own value too: a ruleset compiled under readings holds the reading's value in its document
        own = _entries(_origin(ruleset)[0]).get(rule_id, entry).get(key, entry[key])
        problem = shape_problem(value, [own, entry[key], *(a["value"] for a in listed)], field=key)
        if problem is not None:
            shown = json.dumps(value, ensure_ascii=False, default=repr)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise RulesetError(f"reading {rule_id}={shown}: {problem}", file=ruleset.path, path=rule.pointer)
        chosen[rule_id] = value
    _check_combination(ruleset, {**ruleset.readings, **chosen}, entries)
    return chosen


def with_readings(ruleset: Ruleset, readings: Mapping[str, Any]) -> Ruleset:
    """The ruleset with other readings of some rules: ``{rule id: value}``, where ``value`` replaces the
    rule's ``value`` (or the key its alternatives' ``field:`` names), or is :data:`FIRST_ALTERNATIVE` for the
    rule's first listed alternative (e.g. ``score.scale`` -> 10, the 1895 figures as printed). The copy is
    compiled and checked like any ruleset; its id is unchanged, so records replay under it as under the
    original, and its ``readings`` list the readings on top of the ruleset's own. Raises
    :class:`RulesetError` for an unknown rule id, a rule without a value or alternatives, a reading that
    cannot be executed, a set of readings that cannot hold together, or a value the ruleset cannot use.

    Each ruleset under each set of readings is compiled once (the last :data:`COMPILED_KEPT` are kept); every
    call returns a copy of its own (a variant's name is set on the copy). A ruleset that is itself compiled
    under readings counts as the ruleset it was compiled from under all the readings: the same document, so the
    same compiled ruleset (``with_readings(with_readings(r, a), b)`` is compiled once with ``with_readings(r,
    {**a, **b})``)."""
    chosen = resolve_values(ruleset, readings)
    if not chosen:
        return ruleset
    root, under = _origin(ruleset)
    full = {**under, **chosen}
    key = (id(root), _key(full))
    kept = _COMPILED.get(key)
    if kept is not None and kept[0] is root:
        _COMPILED.move_to_end(key)
        compiled = kept[1]
    else:
        compiled = _compile_under(ruleset, chosen)
        if kept is not None:
            _ORIGIN.pop(id(kept[1].raw), None)
        _COMPILED[key] = (root, compiled)  # the root is kept with it, so its id stays its own
        _ORIGIN[id(compiled.raw)] = (compiled.raw, root, full)
        while len(_COMPILED) > COMPILED_KEPT:
            _, (_, dropped) = _COMPILED.popitem(last=False)
            _ORIGIN.pop(id(dropped.raw), None)
    out = copy.copy(compiled)
    object.__setattr__(out, "readings", {**ruleset.readings, **chosen})
    return out


COMPILED_KEPT = 512
"""How many rulesets compiled under readings :func:`with_readings` keeps (each is ~0.2 MB)."""

_COMPILED: OrderedDict[tuple[int, str], tuple[Ruleset, Ruleset]] = OrderedDict()

_ORIGIN: dict[int, tuple[Mapping[str, Any], Ruleset, dict[str, Any]]] = {}
"""For each ruleset kept in :data:`_COMPILED`, by the id of its document (which its copies share): the document,
the ruleset it was compiled from (one not compiled under readings here) and all the readings it was compiled
under on top of that one."""


def _origin(ruleset: Ruleset) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset ``ruleset`` was compiled from by :func:`with_readings` and the readings on top of it (whose
    values, set into its document, make ``ruleset``'s document); ``(ruleset, {})`` for any other ruleset."""
    found = _ORIGIN.get(id(ruleset.raw))
    if found is None or found[0] is not ruleset.raw:
        return ruleset, {}
    return found[1], found[2]


def document_under(ruleset: Ruleset, chosen: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[Path, Any]]]:
    """The ruleset's document with the chosen readings' values in place (``chosen`` as :func:`resolve_values`
    returns it), and the changes as ``(path, value)``. Only the mappings and lists along the changed paths are
    copied; every other part is shared with the ruleset's own document, which nothing changes in place (a deep
    copy for each set of readings was most of the time spent compiling under readings)."""
    doc: dict[str, Any] = dict(ruleset.raw)
    entries = {entry.get("id"): (path, entry) for path, entry in rule_entries(doc)}
    changes: list[tuple[Path, Any]] = []
    for rule_id, value in chosen.items():
        path, entry = entries[rule_id]
        where = (*path, rule_field(entry))
        new = copy.deepcopy(value)
        doc = with_value(doc, where, new)
        changes.append((where, new))
    return doc, changes


def _compile_under(ruleset: Ruleset, chosen: Mapping[str, Any]) -> Ruleset:
    doc, _ = document_under(ruleset, chosen)
    try:
        compiled = compile_ruleset(doc, ruleset.path)
    except RulesetError as exc:
        shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in chosen.items())
        raise RulesetError(f"under the reading(s) {shown}: {exc.reason}", file=exc.file, path=exc.path) from None
    object.__setattr__(compiled, "readings", {**ruleset.readings, **chosen})
    return compiled


def _key(readings: Mapping[str, Any]) -> str:
    return json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr)


_UNDER: dict[tuple[str, str], Ruleset] = {}
"""The rulesets compiled by :func:`ruleset_under`, by ruleset id and readings (as canonical JSON)."""


def ruleset_under(ruleset_id: str, readings: Mapping[str, Any]) -> Ruleset:
    """The ruleset ``ruleset_id`` under ``readings`` (explicit values), compiled once per set of readings."""
    if not readings:
        return get_ruleset(ruleset_id)
    key = (ruleset_id, _key(readings))
    found = _UNDER.get(key)
    if found is None:
        found = _UNDER[key] = with_readings(get_ruleset(ruleset_id), readings)
    return found


def variants(ruleset: Ruleset) -> dict[str, dict[str, Any]]:
    """The ruleset's declared variants by name."""
    return {str(v.get("name")): v for v in ruleset.raw.get("variants") or () if isinstance(v, dict)}


def variant(ruleset: Ruleset, name: str) -> Ruleset:
    """The named variant of a ruleset (compiled, its ``variant`` set); :class:`RulesetError` if unknown."""
    declared = variants(ruleset)
    if name not in declared:
        known = ", ".join(sorted(declared)) or "none"
        raise RulesetError(f"{ruleset.id} has no variant {name!r} (declared: {known})", file=ruleset.path)
    compiled = with_readings(ruleset, declared[name].get("readings") or {})
    if compiled is ruleset:
        raise RulesetError(f"variant {name!r} of {ruleset.id} declares no reading", file=ruleset.path)
    object.__setattr__(compiled, "variant", name)
    return compiled


def split_spelling(name: str) -> tuple[str, str | None]:
    """``"skruuvi-1944:older-table"`` as ``("skruuvi-1944", "older-table")``; a plain name has no variant."""
    base, sep, rest = name.partition(VARIANT_SEPARATOR)
    return base, (rest if sep else None)


def resolve_ruleset(name: str, known: Mapping[str, Ruleset]) -> Ruleset | None:
    """A ruleset by id or era, or a variant ``RULESET:NAME``; None when the ruleset part is unknown.
    :class:`RulesetError` for an unknown variant of a known ruleset."""
    base, name_of_variant = split_spelling(name)
    found = known.get(base)
    if found is None:
        by_era = [rs for rs in known.values() if rs.era == base]
        found = by_era[0] if len(by_era) == 1 else None
    if found is None or name_of_variant is None:
        return found
    return variant(found, name_of_variant)


def label(ruleset: Ruleset) -> str:
    """``skruuvi-1944:older-table`` for a variant, ``skruuvi-1944+rule=value`` for ad-hoc readings, else the id."""
    if ruleset.variant:
        return f"{ruleset.id}{VARIANT_SEPARATOR}{ruleset.variant}"
    if ruleset.readings:
        return ruleset.id + "".join(f"+{k}={json.dumps(v, ensure_ascii=False)}" for k, v in ruleset.readings.items())
    return ruleset.id


__all__ = [
    "FIRST_ALTERNATIVE",
    "VARIANT_SEPARATOR",
    "alternative_for",
    "alternatives",
    "executable",
    "label",
    "resolve_ruleset",
    "resolve_values",
    "rule_field",
    "ruleset_under",
    "split_spelling",
    "variant",
    "variants",
    "with_readings",
]
