"""Playthroughs, in the spirit of OpenSpiel's: a recorded deal with the legal set before every action.

:func:`playthrough` replays a record through the reference interpreter and lists, at every step (before each
action, and after the last one), the legal set of the seat to act in canonical spelling, sorted
(:func:`skruuvi.interpreter.legal.legal_strings`); the last set of a complete record is ``[]``.
:func:`sample` picks records of a generated suite evenly (every k-th, and only legal complete records).
The files ``conformance/tools/playthroughs.py`` writes from them are the reference's answers: they become
expectations justified by two implementations once the independent oracle answers ``legal`` too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..interpreter import engine
from ..interpreter.legal import legal_strings
from ..interpreter.replay import record_ruleset


def playthrough(record: Mapping[str, Any]) -> list[list[str]]:
    """The legal set at every step of a legal record: ``len(actions) + 1`` sets."""
    ruleset = record_ruleset(record)
    state = engine.start(ruleset, record["deal"])
    sets = [legal_strings(state)]
    for action in record["actions"]:
        state = engine.apply(state, action)
        sets.append(legal_strings(state))
    return sets


def sample(records: Iterable[Mapping[str, Any]], count: int, every: int) -> list[Mapping[str, Any]]:
    """Up to ``count`` single-deal records that expect a result, every ``every``-th of them in order."""
    out: list[Mapping[str, Any]] = []
    seen = 0
    for record in records:
        if "deal" not in record or "result" not in (record.get("expect") or {}):
            continue
        if seen % every == 0:
            out.append(record)
            if len(out) == count:
                break
        seen += 1
    return out


def playthrough_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """The playthrough line of a record: its id, ruleset, readings (if any), deal, actions and the sets."""
    line: dict[str, Any] = {"id": record["id"], "ruleset": record["ruleset"]}
    if record.get("readings"):
        line["readings"] = record["readings"]
    line.update({"deal": record["deal"], "actions": list(record["actions"]), "legal": playthrough(record)})
    return line


__all__ = ["playthrough", "playthrough_record", "sample"]
