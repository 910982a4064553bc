"""Plain-text renderings of cross-era replays (``skruuvi replay --eras``); ``skruuvi compare`` is worded by the book
(:mod:`skruuvi.book.diff_report`), through its value formatter."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..interpreter.outcome import ScoreItem
from ..rules.readings import label
from ..rules.ruleset import Ruleset
from .crossera import CrossEra, EraReplay, Rejection, ScoreDiff

RuleFormat = Callable[[Ruleset, str], str]



def _columns(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


# --- cross-era ----------------------------------------------------------------------------------------


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def items_text(items: Sequence[ScoreItem], columns: bool) -> str:
    if not items:
        return "—"
    return ", ".join(f"{i.side} {signed(i.points)}" + (f" {i.column}" if columns else "") for i in items)


def score_text(score: Any, side: str) -> str:
    value = (score or {}).get(side)
    if isinstance(value, Mapping):
        return ", ".join(f"{col} {v}" for col, v in value.items())
    return signed(value) if isinstance(value, int) else str(value)


def contract_text(result: Mapping[str, Any]) -> str:
    contract = result.get("contract")
    if not contract:
        return "none (all pass)"
    doubling = ["", ", doubled", ", redoubled"][int(contract.get("doubling") or 0)]
    return f"{contract.get('bid')} by {contract.get('declarer')}{doubling}"


def plain_rule(ruleset: Ruleset, rule_id: str) -> str:
    return rule_id


def rejection_text(era: EraReplay, rule_fmt: RuleFormat = plain_rule) -> str:
    r = era.rejection
    assert r is not None
    where = "the deal itself" if r.index is None else f"action {r.index}" + (f" ({r.action})" if r.action else "")
    text = f"rejected at {where}: {r.code}"
    if r.rules:
        text += " — " + ", ".join(rule_fmt(era.ruleset, rule) for rule in r.rules)
    return text


def era_rows(x: CrossEra, rule_fmt: RuleFormat = plain_rule) -> list[list[str]]:
    rows = [["", *[f"{label(e.ruleset)} ({e.ruleset.era})" for e in x.eras]]]
    states = []
    for e in x.eras:
        if not e.playable:
            states.append("not playable: " + e.reason)
        elif e.rejection is not None:
            states.append(rejection_text(e, rule_fmt))
        elif e.outcome is not None and not e.outcome.ok:
            states.append(f"rejected: {e.outcome.error_code}")
        else:
            states.append("played")
    rows.append(["replay", *states])
    results = [(e.outcome.result if e.scored and e.outcome is not None else None) for e in x.eras]
    if any(results):
        rows.append(["contract", *[contract_text(r) if r else "" for r in results]])
        rows.append(["tricks", *[", ".join(f"{k} {v}" for k, v in r["tricks"].items()) if r else "" for r in results]])
        for side in ("NS", "EW"):
            rows.append([f"score {side}", *[score_text(r["score"], side) if r else "" for r in results]])
    rejections = [(e.ruleset, e.rejection) for e in x.eras]
    if any(r is not None and r.phase != r.home_phase for _, r in rejections):
        rows.append(["phase at error", *[_phase_cell(r) for _, r in rejections]])
    if any(r is not None and r.form for _, r in rejections):
        rows.append(["turned into", *[f"{r.form} (" + (rule_fmt(rs, r.form_rule) if r.form_rule else "?") + ")"
                                      if r is not None and r.form else "" for rs, r in rejections]])
    return rows


def _phase_cell(r: Rejection | None) -> str:
    if r is None:
        return ""
    if r.home_phase and r.home_phase != r.phase:
        return f"{r.phase or 'none, the deal was over'} (recorded in {r.home_phase})"
    return str(r.phase or "")


def difference_rows(x: CrossEra, rule_fmt: RuleFormat = plain_rule) -> list[list[str]]:
    """Header, then one row per scoring rule whose items differ: the rule (linked where it exists), the items."""
    scored = [e for e in x.eras if e.scored]
    rows = [["rule", *[label(e.ruleset) for e in scored]]]
    for d in x.differences:
        home = next((e.ruleset for e in scored if d.rule in e.ruleset.rules), scored[0].ruleset)
        rows.append([rule_fmt(home, d.rule), *[_diff_cell(d, e, rule_fmt) for e in scored]])
    return rows


def _diff_cell(d: ScoreDiff, era: EraReplay, rule_fmt: RuleFormat = plain_rule) -> str:
    items = d.items.get(label(era.ruleset), ())
    text = items_text(items, era.ruleset.columns != ("deal",))
    via = d.via.get(label(era.ruleset), ())
    return text + (f" (via {', '.join(rule_fmt(era.ruleset, v) for v in via)})" if via and items else "")


def cross_era_text(x: CrossEra) -> str:
    out = [f"{x.case_id or '(no id)'}" + (f"  (recorded under {x.home})" if x.home else "")]
    out += _columns(era_rows(x))
    if x.differences:
        out += ["  score differences, by rule:"]
        out += _columns(difference_rows(x), indent="    ")
    return "\n".join(out) + "\n"
