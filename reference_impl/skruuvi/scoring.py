"""The scorer: deal facts -> the ruleset's scoring rules -> a score per side.

One generic scorer for every ruleset. The form's scoring scheme is a list of rules; each rule is
evaluated for the side(s) named by ``to`` (``main``, ``defenders``, ``each``, ``NS``, ``EW``) with the
facts seen from that side (:data:`skruuvi.expr.FACTS`). ``multiplied`` rules are multiplied by the
ruleset's multiplier for the doubling. When ``defenders_receive`` is ``negation``, the other side
receives the negation of every ``to: main`` item.
"""

from __future__ import annotations

from typing import Any

from .errors import RulesetError
from .notation import SIDES, side_of
from .outcome import ScoreItem
from .state import DealState


def _side_facts(state: DealState) -> tuple[dict[str, int], dict[str, int]]:
    tricks = {"NS": 0, "EW": 0}
    ace_ordinals = {"NS": 0, "EW": 0}
    for trick in state.tricks:
        side = side_of(trick.winner)
        tricks[side] += 1
        aces = sum(1 for c in trick.cards if c.rank == 14)
        ace_ordinals[side] += aces * trick.number
    return tricks, ace_ordinals


def deal_facts(state: DealState) -> dict[str, Any]:
    """The side-independent facts of a finished deal."""
    contract = state.contract
    multipliers = state.ruleset.scoring_params["multipliers"]
    facts: dict[str, Any] = {
        "level": 0, "kind": "none", "made": False, "overtricks": 0, "undertricks": 0,
        "doubling": state.doubling, "multiplier": multipliers[state.doubling],
    }
    if contract is not None and state.declarer is not None:
        tricks, _ = _side_facts(state)
        won = tricks[side_of(state.declarer)]
        facts["level"], facts["kind"] = contract.level, contract.kind
        if contract.kind == "misere":
            allowed = 7 - contract.level
            margin = allowed - won
        else:
            margin = won - (6 + contract.level)
        facts["made"] = margin >= 0
        facts["overtricks"] = max(margin, 0)
        facts["undertricks"] = max(-margin, 0)
    return facts


def score(state: DealState) -> tuple[dict[str, int], dict[str, int], tuple[ScoreItem, ...]]:
    """``(tricks, score, breakdown)`` of a finished deal."""
    ruleset = state.ruleset
    facts = deal_facts(state)
    tricks, ace_ordinals = _side_facts(state)
    main = state.main_side if state.contract is not None else None
    per_side: dict[str, dict[str, Any]] = {}
    for side in SIDES:
        other = "EW" if side == "NS" else "NS"
        per_side[side] = {
            **facts,
            "own_tricks": tricks[side], "opp_tricks": tricks[other],
            "own_ace_ordinals": ace_ordinals[side], "opp_ace_ordinals": ace_ordinals[other],
            "is_main": side == main,
        }
    negate = ruleset.scoring_params["defenders_receive"] == "negation"
    totals = {"NS": 0, "EW": 0}
    items: list[ScoreItem] = []
    for rule in ruleset.schemes[state.form.scheme]:
        if rule.to == "each":
            sides: tuple[str, ...] = SIDES
        elif rule.to in ("main", "defenders"):
            if main is None:
                continue
            sides = (main,) if rule.to == "main" else ("EW" if main == "NS" else "NS",)
        else:
            sides = (rule.to,)
        for side in sides:
            env = per_side[side]
            if rule.when is not None and not rule.when(env):
                continue
            points = rule.points(env)
            if not isinstance(points, int) or isinstance(points, bool):
                raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=ruleset.path)
            if rule.multiplied:
                points *= facts["multiplier"]
            totals[side] += points
            items.append(ScoreItem(rule.id, side, points))
            if rule.to == "main" and negate:
                other = "EW" if side == "NS" else "NS"
                totals[other] -= points
                items.append(ScoreItem(rule.id, other, -points))
    return tricks, totals, tuple(items)
