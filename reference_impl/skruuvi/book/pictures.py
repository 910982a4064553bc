"""Pictures generated from a ruleset, as inline SVG (no image files, no scripts): the phase flowchart of a game form.

The chart is a column of boxes, one per phase of the form in order, each with its English and Finnish label;
a phase whose rules turn an all-pass deal into another form gets a branch to that form on the right.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ..rules.ruleset import Ruleset
from .values import Labels

BOX_W, BOX_H, GAP, LEFT, WIDTH = 200, 44, 22, 10, 340


def _branches(spec: Mapping[str, Any] | None) -> list[str]:
    """Forms this phase can turn the deal into (its ``all_pass_form`` rules), other than a plain redeal."""
    return [str(r["value"]) for r in (spec or {}).get("rules") or []
            if r.get("param") == "all_pass_form" and isinstance(r.get("value"), str)]


def phase_flow_svg(ruleset: Ruleset, form: str) -> str:
    """The flowchart of one game form's phases; empty when the form has no phases."""
    raw = ruleset.raw
    phases = (raw.get("phases") or {})
    order = list(((raw.get("forms") or {}).get(form) or {}).get("phases") or [])
    if not order:
        return ""
    labels = Labels([ruleset])
    arrow = f"sk-arrow-{escape(form)}"  # one marker id per chart: several charts share a page
    height = len(order) * (BOX_H + GAP) - GAP + 20
    parts = [f'<svg class="sk-flow" role="img" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
             f'xmlns="http://www.w3.org/2000/svg">',
             f"<title>The phases of {escape(labels.word(form))}, in order</title>",
             f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor"/></marker></defs>']
    for i, pid in enumerate(order):
        spec = phases.get(pid) or {}
        lab = spec.get("label") or {}
        y = 10 + i * (BOX_H + GAP)
        en, fi = escape(str(lab.get("en") or labels.word(pid))), escape(str(lab.get("fi") or ""))
        parts.append(f'<a href="#phase-{escape(pid)}"><rect x="{LEFT}" y="{y}" width="{BOX_W}" height="{BOX_H}" '
                     f'rx="8" class="sk-flow-box"/>'
                     f'<text x="{LEFT + BOX_W / 2}" y="{y + 19}" text-anchor="middle" class="sk-flow-en">'
                     f"{i + 1}. {en}</text>"
                     + (f'<text x="{LEFT + BOX_W / 2}" y="{y + 35}" text-anchor="middle" class="sk-flow-fi">{fi}</text>'
                        if fi else "") + "</a>")
        if i + 1 < len(order):
            parts.append(f'<line x1="{LEFT + BOX_W / 2}" y1="{y + BOX_H}" x2="{LEFT + BOX_W / 2}" '
                         f'y2="{y + BOX_H + GAP - 2}" class="sk-flow-line" marker-end="url(#{arrow})"/>')
        for target in _branches(spec)[:1]:
            tx = LEFT + BOX_W + 12
            parts.append(f'<line x1="{LEFT + BOX_W}" y1="{y + BOX_H / 2}" x2="{tx + 8}" y2="{y + BOX_H / 2}" '
                         f'class="sk-flow-line" marker-end="url(#{arrow})"/>'
                         f'<text x="{tx + 12}" y="{y + BOX_H / 2 - 4}" class="sk-flow-fi">all pass:</text>'
                         f'<text x="{tx + 12}" y="{y + BOX_H / 2 + 11}" class="sk-flow-en">'
                         f"{escape(labels.word(target))}</text>")
    parts.append("</svg>")
    return f'<figure class="sk-figure">\n{"".join(parts)}\n</figure>'
