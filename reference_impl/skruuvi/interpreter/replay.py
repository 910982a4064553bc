"""Replaying a recorded deal or match: the interpreter's one entry point for records (DESIGN §3).

``replay(case)`` reads the record's ``ruleset``, ``readings`` (other readings of its rules, optional),
``deal`` and ``actions`` (or ``match``; everything else is ignored), applies the actions in order and
returns an :class:`~skruuvi.interpreter.outcome.Outcome`: the result, or where and why the first illegal
action was rejected. It raises only for records that are not records at all
(:class:`~skruuvi.rules.errors.CaseFormatError`) or name an unknown ruleset or unusable readings.

The way through (see ``README.md`` beside this file): the record here; the deal and its phases in
:func:`skruuvi.interpreter.engine.play_deal`; the result in :func:`skruuvi.interpreter.settle.settled_result`.
A match record goes through :func:`skruuvi.interpreter.match.replay_match`, deal by deal, the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.errors import CaseFormatError, IllegalAction
from ..rules.pinned import pinned_ruleset
from ..rules.ruleset import Ruleset, get_ruleset
from .engine import play_deal
from .games import position_from
from .match import replay_match
from .outcome import Outcome
from .settle import result_of


def replay_deal(ruleset: Ruleset, deal: Any, actions: Any) -> Outcome:
    before = None
    is_mapping = type(deal) is dict or isinstance(deal, Mapping)  # a dict is checked without the ABC's hook
    if is_mapping and "state" in deal and ruleset.match is not None and ruleset.match.has_games:
        try:  # the set position is part of the deal: checked before any action (none given: a new set)
            before = position_from(deal["state"], ruleset.game_threshold)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    played = play_deal(ruleset, deal, actions)
    if isinstance(played, Outcome):
        return played
    return result_of(played, before)


def record_ruleset(case: Mapping[str, Any]) -> Ruleset:
    """The ruleset a record names, under the readings it pins (``readings: {rule id: value}``, if any: each the
    rule's own value or one of its executable alternatives, DESIGN §3)."""
    if "ruleset" not in case:
        raise CaseFormatError("missing 'ruleset'", path="/ruleset")
    if not isinstance(case["ruleset"], str):
        raise CaseFormatError(f"ruleset must be a string (a ruleset id), got a {type(case['ruleset']).__name__}",
                              path="/ruleset")
    readings = case.get("readings")
    if readings is None:
        return get_ruleset(case["ruleset"])
    if not isinstance(readings, dict) or not all(isinstance(k, str) for k in readings):
        raise CaseFormatError("readings must be a mapping {rule id: value}", path="/readings")
    return pinned_ruleset(case["ruleset"], readings)


def replay(case: Mapping[str, Any], ruleset: Ruleset | None = None) -> Outcome:
    """Replay one recorded deal or match under its ruleset and the readings it pins. ``ruleset`` overrides
    both (cross-era replay, or a variant)."""
    if type(case) is not dict and not isinstance(case, Mapping):  # a dict is checked without the ABC's hook
        raise CaseFormatError("a case must be a mapping")
    if ruleset is None:
        ruleset = record_ruleset(case)
    if "match" in case:
        return replay_match(ruleset, case["match"])
    if "deal" not in case or "actions" not in case:
        missing = "deal" if "deal" not in case else "actions"
        raise CaseFormatError(f"missing {missing!r}", path=f"/{missing}")
    return replay_deal(ruleset, case["deal"], case["actions"])
