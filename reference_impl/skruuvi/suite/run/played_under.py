"""Which engines are sent a record played under other readings (``played_under_readings: true``, issue 30).

Such a record (``skruuvi generate --readings``) is legal only under the readings it pins: it goes to an engine that
declares each of them with that value, or that lists ``case-readings`` for the ruleset (it honours what a case
pins); any other engine is not sent it, and the case is ``unsupported`` with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...rules.errors import InputError
from ...rules.readings import resolve_values
from ...rules.ruleset import get_ruleset
from ..cases.cases import Case
from ..features.features import CASE_READINGS


def played_under_reason(case: Case, features: Mapping[str, Any], declared: Mapping[str, Any]) -> str | None:
    """Why the played-under record ``case`` is not sent to an engine declaring ``features`` and ``declared``
    (``{ruleset: ...}`` each), or None when it is."""
    if CASE_READINGS in features.get(case.ruleset, ()):
        return None
    pinned = case.record.get("readings")
    try:
        own = resolve_values(get_ruleset(case.ruleset), pinned) if isinstance(pinned, dict) else {}
    except InputError:
        return None  # readings the case cannot pin: judged as it stands (the reference says why)
    mine = declared.get(case.ruleset, {})
    if all(rule in mine and mine[rule] == value for rule, value in own.items()):
        return None
    shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False, sort_keys=True)}" for k, v in own.items())
    return f"played under readings {shown}, which the engine does not declare for {case.ruleset} (nor {CASE_READINGS})"


__all__ = ["played_under_reason"]
