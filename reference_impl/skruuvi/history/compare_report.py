"""Plain-text and markdown renderings of ruleset diffs and cross-era replays (``skruuvi compare``/``replay --eras``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..interpreter.outcome import ScoreItem
from ..rules.readings import label
from ..rules.ruleset import Rule, Ruleset
from .compare import TOPIC_TITLES, RuleDiff, RulesetDiff, effective_value
from .crossera import CrossEra, EraReplay, Rejection, ScoreDiff

RuleFormat = Callable[[Ruleset, str], str]

SIGN = {"changed": "~", "only-a": "-", "only-b": "+", "same": "="}


def fmt_value(value: Any, param: str | None = None) -> str:
    """A parameter value for people: ``[1, 2, 3]`` multipliers as ``×2/×3``, lists joined, mappings compact."""
    if param == "multipliers" and isinstance(value, list) and len(value) > 1:
        return "/".join(f"×{v}" for v in value[1:])
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(fmt_value(v) for v in value) if value else "(none)"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return str(value)


def rule_summary(rule: Rule) -> str:
    """``param = value`` of an executable rule, the formula of a scoring rule, else the title."""
    value = effective_value(rule)
    if rule.param is not None:
        return f"{rule.param} = {fmt_value(value, rule.param)}"
    if "name" in rule.raw and "value" in rule.raw:
        return f"{rule.raw['name']} = {fmt_value(value)}"
    if isinstance(value, dict) and "points" in value:
        return f"points {value['points']}"
    return rule.title


def change_text(d: RuleDiff) -> str:
    """What differs in one rule, field by field (``a → b``)."""
    a, b = d.a, d.b
    if a is None or b is None:
        return rule_summary(a or b)  # type: ignore[arg-type]
    parts = []
    for name in d.changed:
        if name == "value":
            va, vb = effective_value(a), effective_value(b)
            if isinstance(va, dict) and isinstance(vb, dict) and ("points" in va or "points" in vb):
                parts += [f"{k}: {va.get(k, '—')} → {vb.get(k, '—')}" for k in dict.fromkeys([*va, *vb])
                          if va.get(k) != vb.get(k)]
            else:
                parts.append(f"{a.param or 'value'} {fmt_value(va, a.param)} → {fmt_value(vb, b.param)}")
        elif name == "source":
            parts.append(f"sources {', '.join(a.source) or '—'} → {', '.join(b.source) or '—'}")
        else:
            parts.append(f"{name} {getattr(a, name) or '—'} → {getattr(b, name) or '—'}")
    return "; ".join(parts)


def _columns(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def diff_text(diff: RulesetDiff, include_same: bool = False) -> str:
    a, b, counts = diff.a, diff.b, diff.counts()
    out = [f"{label(a)} ({a.era}) → {label(b)} ({b.era}): {counts['changed']} rules changed, "
           f"{counts['same']} the same, "
           f"{counts['only-a']} only in {label(a)}, {counts['only-b']} only in {label(b)}",
           "  (~ changed, - only in the first, + only in the second, = the same)"]
    for topic, diffs in diff.by_topic(include_same).items():
        out += ["", f"{TOPIC_TITLES.get(topic, topic)}:"]
        rows = [[SIGN[d.kind], d.id, ("only in " + (label(a) if d.kind == "only-a" else label(b)) + ": "
                                      if d.kind.startswith("only") else "") + change_text(d)] for d in diffs]
        out += _columns(rows)
    if diff.params:
        out += ["", "Parameters set at the same place by differently named rules:"]
        out += _columns([[f"{p.place}: {p.param}", f"{p.a.id} = {fmt_value(p.a.value, p.param)}", "→",
                          f"{p.b.id} = {fmt_value(p.b.value, p.param)}"] for p in diff.params if p.a and p.b])
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def diff_markdown(diff: RulesetDiff, include_same: bool = False) -> str:
    a, b, counts = diff.a, diff.b, diff.counts()
    out = [f"# {label(a)} ({a.era}) compared with {label(b)} ({b.era})",
           f"{counts['changed']} rules changed, {counts['same']} the same, {counts['only-a']} only in `{label(a)}`, "
           f"{counts['only-b']} only in `{label(b)}`."]
    for topic, diffs in diff.by_topic(include_same).items():
        out += [f"## {TOPIC_TITLES.get(topic, topic)}", f"| | Rule | {a.era} | {b.era} | Difference |",
                "|---|---|---|---|---|"]
        for d in diffs:
            cells = [SIGN[d.kind], f"`{d.id}`", rule_summary(d.a) if d.a else "—", rule_summary(d.b) if d.b else "—",
                     change_text(d) if d.kind == "changed" else d.kind.replace("-a", f" {a.era}").replace(
                         "-b", f" {b.era}")]
            out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if diff.params:
        out += ["## Parameters set by differently named rules", f"| Place | Parameter | {a.era} | {b.era} |",
                "|---|---|---|---|"]
        out += [f"| {p.place} | `{p.param}` | `{p.a.id}` = {_cell(fmt_value(p.a.value, p.param))} | `{p.b.id}` = "
                f"{_cell(fmt_value(p.b.value, p.param))} |" for p in diff.params if p.a and p.b]
    return _join_md(out)


def _join_md(blocks: list[str]) -> str:
    """Blank lines between blocks, none between the lines of one table."""
    text = ""
    for block in blocks:
        if text and not (block.startswith("|") and text.endswith("|")):
            text += "\n\n"
        elif text:
            text += "\n"
        text += block
    return text + "\n"


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
