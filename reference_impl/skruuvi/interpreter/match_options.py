"""The agreements a match record may state (``match.options``), checked before any deal is replayed.

DESIGN §3 (amendment match-options): ``options`` is absent, ``null`` or a mapping whose keys are agreements its
ruleset lists (the ``agreements`` parameter; a ruleset without one takes no option), each value of the shape of
the parameter it changes:

* ``stages``: a non-empty list of stages, each a form the ruleset's own block plays, counted as the block counts
  that form (the sitsi: ``{form: alkupeli|kotka, deals: n >= 1}``);
* ``partnerships``: a non-empty list of blocks, each two pairs of players, four different names, each a
  non-empty string;
* ``players``: a list of different names, each a non-empty string (it may be empty: the players of a match are
  those it names together with every player its partnerships seat);
* any other agreement: the kind :data:`~skruuvi.rules.phases.SECTION_KINDS` gives its parameter (``unwinding``,
  ``bolsevikki_round``: true or false).

A record that breaks these is not a valid record: :func:`options_problem` says why in one line naming the rule,
and both ``skruuvi validate`` and the replay (``errored``) give that reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.phases import SECTION_KINDS
from ..rules.ruleset import Ruleset

AGREEMENTS = "agreements"
"""The match parameter listing the options a record may state."""

NAMES = "players"
"""The option naming players beyond those the partnerships seat."""


def _rule_of(ruleset: Ruleset, param: str) -> str | None:
    """The id of the ruleset's rule that sets the match parameter ``param`` (None if no rule does)."""
    return next((rule.id for rule in ruleset.rules.values() if rule.param == param and rule.pointer.startswith(
        "/match/")), None)


def _named(ruleset: Ruleset, key: str) -> str:
    """``option stages (rule sitsi.block)``: the option and the rule it changes (else the agreements rule)."""
    rule = _rule_of(ruleset, key) or _rule_of(ruleset, AGREEMENTS)
    return f"option {key}" + (f" (rule {rule})" if rule else "")


def _is_name(value: Any) -> bool:
    return type(value) is str and value != ""


def _stages_problem(ruleset: Ruleset, value: Any) -> str | None:
    assert ruleset.match is not None
    counted: dict[str, set[str]] = {}  # form -> the keys its own stages count it by
    for stage in ruleset.match.params.get("stages") or ():
        counted.setdefault(str(stage["form"]), set()).update(k for k in stage if k != "form")
    forms = ", ".join(counted)
    shape = f"each a form the ruleset's own block plays ({forms}) with its number of deals"
    if not isinstance(value, list) or not value:
        return f"must be a non-empty list of stages, {shape}"
    for i, stage in enumerate(value):
        if not isinstance(stage, Mapping) or type(stage.get("form")) is not str or stage["form"] not in counted:
            return f"stage {i} must name a form the ruleset's own block plays ({forms})"
        keys = set(stage) - {"form"}
        if len(keys) != 1 or not keys <= counted[stage["form"]]:
            wanted = " or ".join(sorted(counted[stage["form"]]))
            return f"stage {i} must be {{form: {stage['form']}, {wanted}: n}} and nothing else"
        (key,) = keys
        if type(stage[key]) is not int or stage[key] < 1:
            return f"stage {i}: {key} must be a whole number >= 1"
    return None


def _partnerships_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return "must be a non-empty list of blocks, each two pairs of players"
    for i, block in enumerate(value):
        pairs_ok = isinstance(block, list) and len(block) == 2 and all(
            isinstance(pair, list) and len(pair) == 2 for pair in block)
        if not pairs_ok:
            return f"block {i} must be two pairs of players, [[A, B], [C, D]]"
        names = [name for pair in block for name in pair]
        if not all(map(_is_name, names)):
            return f"block {i}: each player is named by a non-empty string"
        if len(set(names)) != 4:
            return f"block {i} must seat four different players"
    return None


def _players_problem(value: Any) -> str | None:
    if not isinstance(value, list) or not all(map(_is_name, value)):
        return "must be a list of player names, each a non-empty string"
    if len(set(value)) != len(value):
        return "names a player twice"
    return None


def options_problem(ruleset: Ruleset, options: Any) -> tuple[str, str] | None:
    """``(JSON pointer, reason)`` of the first option of a match record that the ruleset does not allow (see the
    module's docstring), or None when the options are allowed. The reason names the option and its rule."""
    if options is None:
        return None
    if ruleset.match is None:
        return "/match", f"ruleset {ruleset.id} has no match structure"
    agreements = ruleset.match.params.get(AGREEMENTS) or ()
    if not isinstance(options, Mapping):
        return "/match/options", "match.options must be a mapping of agreements {option: value}"
    for key, value in options.items():
        where = f"/match/options/{key}"
        if key not in agreements:
            listed = ", ".join(map(str, agreements)) or "none"
            return where, f"option {key!r} is not an agreement of {ruleset.id} (agreements: {listed})"
        if key == "stages":
            problem = _stages_problem(ruleset, value)
        elif key == "partnerships":
            problem = _partnerships_problem(value)
        elif key == NAMES:
            problem = _players_problem(value)
        else:
            kind = SECTION_KINDS["match"].get(key)
            problem = kind.problem(value) if kind is not None else None
        if problem:
            return where, f"{_named(ruleset, key)}: {problem}"
    return None


def agreed(ruleset: Ruleset, options: Any) -> dict[str, Any]:
    """The ruleset's match parameters with a record's options (checked beforehand with :func:`options_problem`)."""
    assert ruleset.match is not None
    return {**ruleset.match.params, **(options or {})}


def players_of(params: Mapping[str, Any]) -> list[str]:
    """The players of a match: those ``players`` names, then every other player the partnerships seat."""
    named = [*(params.get(NAMES) or ()), *(p for block in params.get("partnerships") or () for pair in block
                                           for p in pair)]
    return list(dict.fromkeys(str(p) for p in named))
