"""A score difference between the engine and the reference, for a trace
(:mod:`skruuvi.suite.explanations.explain_trace`): each side's total against the reference's score items for that
side; the single item that accounts for the whole difference on every side at once (missing, counted twice,
credited to the other side, its negation given to the other side as well, or charged as the ruleset's own reading
of a rule the case pins); else the items whose points are exactly one side's difference. Sides are named by
their role in the deal, so that failures of different deals group together."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.notation import SEATS

ROLES_OF_SEATS = ("declarer", "declarer's left", "declarer's partner", "declarer's right")


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def signed(value: Any) -> str:
    """``+25``, ``-8``, ``+2.6666666666666665``: a number with its sign (a shared score may be a fraction)."""
    return f"{value:+d}" if isinstance(value, int) else f"{value:+}"


def roles_of(sides: Sequence[str], declarer: str | None) -> dict[str, str]:
    """Each side or seat by its role in the deal (main pair, defenders; declarer and the seats from him), so
    that failures of different deals group together; by name when there is no declarer."""
    if declarer not in SEATS:
        return {s: s for s in sides}
    d = SEATS.index(declarer)
    out = {}
    for s in sides:
        if s in SEATS:
            out[s] = ROLES_OF_SEATS[(SEATS.index(s) - d) % 4]
        elif len(s) == 2 and all(c in SEATS for c in s):
            out[s] = "main pair" if declarer in s else "defenders"
        else:
            out[s] = s
    return out


def _aggregate(items: Sequence[Any]) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for item in items:
        out[(item.rule, item.side)] = out.get((item.rule, item.side), 0) + item.points
    return out


def _nonzero(values: Mapping[str, float]) -> dict[str, float]:
    return {k: v for k, v in values.items() if v}


def whole_explanations(diff: Mapping[str, float], items: Sequence[Any],
                       others: Sequence[tuple[str, Sequence[Any]]] = ()) -> list[tuple[str, str, str, float]]:
    """The single items that account for the whole score difference ``diff`` (engine − reference, per side), on
    every side at once: ``(rule, how, side)`` with ``how`` one of ``missing``, ``counted twice``, ``credited to
    X instead``, ``negation also given to X``; and an item only ``others`` (other breakdowns, each with its
    words) give, ``charged as LABEL`` with or without its negation given to another side; ``points`` the item's."""
    want = _nonzero(diff)
    if not want:
        return []
    found: list[tuple[str, str, str, float]] = []
    ref = _aggregate(items)
    sides = sorted({*diff, *(side for _, side in ref)})
    for (rule, side), p in ref.items():
        if not p:
            continue
        if want == {side: -p}:
            found.append((rule, "missing from the engine's total", side, p))
        if want == {side: p}:
            found.append((rule, "counted twice by the engine", side, p))
        for other in sides:
            if other == side:
                continue
            if want == {side: -p, other: p}:
                found.append((rule, f"credited to {other} instead", side, p))
            if want == {other: -p}:
                found.append((rule, f"its negation also given to {other} (settled zero-sum?)", side, p))
    for words, breakdown in others:
        for (rule, side), p in _aggregate(breakdown).items():
            q = ref.get((rule, side), 0)
            if not p or p == q:
                continue
            if want == {side: p - q}:
                found.append((rule, f"charged as under {words}", side, p))
            for other in sides:
                if other != side and want == {side: p - q, other: -p}:
                    found.append((rule, f"charged as under {words}, and its negation given to {other}", side, p))
    return found


def score_difference_lines(outcome: Any, engine_score: Any, reference_score: Any, roles: Mapping[str, str],
                 others: Sequence[tuple[str, Sequence[Any]]]) -> tuple[list[str], list[dict[str, Any]], str, str]:
    """The score part of a trace: its lines, its items (with hints), and for the pattern the size of the
    difference by role and the explanation that accounts for all of it (or "")."""
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    if not isinstance(engine_score, dict) or not isinstance(reference_score, dict):
        return [f"score: engine {compact(engine_score)}, reference {compact(reference_score)}"], items, "", ""
    diff: dict[str, float] = {}
    for side in [*reference_score, *(s for s in engine_score if s not in reference_score)]:
        ours, theirs = reference_score.get(side), engine_score.get(side)
        if isinstance(ours, int | float) and isinstance(theirs, int | float) and not isinstance(ours, bool) \
                and not isinstance(theirs, bool):
            diff[side] = theirs - ours
    whole = whole_explanations(diff, outcome.breakdown, others)
    for side in [*reference_score, *(s for s in engine_score if s not in reference_score)]:
        ours, theirs = reference_score.get(side), engine_score.get(side)
        if ours == theirs:
            continue
        own = [i for i in outcome.breakdown if i.side == side]
        delta = diff.get(side)
        listed = ", ".join(f"{i.rule} {signed(i.points)}" for i in own) or "none"
        shown = f" (difference {signed(delta)})" if delta is not None else ""
        lines.append(f"score {side}: engine {compact(theirs)}, reference {compact(ours)}{shown}; "
                     f"reference items: {listed}")
        for item in own:
            hint = None
            if not whole and delta is not None and delta and item.points == -delta:
                hint = "missing from the engine's total?"
            elif not whole and delta is not None and delta and item.points == delta:
                hint = "counted twice by the engine?"
            items.append({"side": side, "rule": item.rule, "points": item.points, "hint": hint})
            if hint:
                lines.append(f"    {item.rule} {signed(item.points)} for {side}: {hint}")
    for rule, how, side, amount in whole:
        lines.append(f"    the whole difference: {rule} {signed(amount)} for {side}, {how}?")
    order = {role: n for n, role in enumerate(("main pair", "defenders", *ROLES_OF_SEATS))}
    ranked = sorted(diff.items(), key=lambda kv: (order.get(roles.get(kv[0], kv[0]), 99), kv[0]))
    size = ", ".join(f"{roles.get(side, side)} {signed(value)}" for side, value in ranked)
    because = "; ".join(f"{rule} for the {roles.get(side, side)}, {_roled(how, roles)}"
                        for rule, how, side, _ in whole)
    return lines, items, size, because


def _roled(how: str, roles: Mapping[str, str]) -> str:
    for side, role in roles.items():
        how = how.replace(f" {side} ", f" the {role} ").replace(f" {side}", f" the {role}")
    return how


__all__ = ["ROLES_OF_SEATS", "compact", "roles_of", "score_difference_lines", "signed", "whole_explanations"]
