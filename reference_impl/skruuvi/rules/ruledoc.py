"""Walking a ruleset *document* (the parsed YAML, before compilation): where its rules are.

Used by validation (pointers for messages), mutation testing (paths to change) and the rule book.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Path = tuple[str | int, ...]


def _map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(path: Path, entries: Any) -> Iterator[tuple[Path, dict[str, Any]]]:
    if isinstance(entries, list):
        for i, entry in enumerate(entries):
            if isinstance(entry, dict):
                yield (*path, i), entry


def rule_entries(doc: Any) -> Iterator[tuple[Path, dict[str, Any]]]:
    """``(path, entry)`` for every rule-like entry: rules, tables, derived facts, scoring and match rules."""
    doc = _map(doc)
    yield from _list(("deal", "rules"), _map(doc.get("deal")).get("rules"))
    for section in ("forms", "phases"):
        for name, body in _map(doc.get(section)).items():
            yield from _list((section, name, "rules"), _map(body).get("rules"))
    scoring = _map(doc.get("scoring"))
    for key in ("rules", "tables", "derived"):
        yield from _list(("scoring", key), scoring.get(key))
    for name, scheme in _map(scoring.get("schemes")).items():
        yield from _list(("scoring", "schemes", name), scheme)
    yield from _list(("match", "rules"), _map(doc.get("match")).get("rules"))


def pointer(path: Path) -> str:
    """The JSON pointer of a path."""
    return "".join(f"/{p}" for p in path)


def with_value(doc: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    """``doc`` with ``value`` at ``path``: the mappings and lists along the path are copied, every other part is
    shared with ``doc``. Nothing changes a ruleset document in place, so a changed copy needs no deep copy (a
    deep copy per mutant or per set of readings was most of the time spent making them)."""
    new: dict[str, Any] = dict(doc)
    node: Any = new
    for key in path[:-1]:
        node[key] = dict(node[key]) if isinstance(node[key], dict) else list(node[key])
        node = node[key]
    node[path[-1]] = value
    return new
