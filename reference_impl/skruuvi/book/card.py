"""The scoring card of one era: the whole scoring on one page, from the ruleset's tables and schemes, with one
worked sum replayed by the reference engine at build time (so the card changes when the rules do).

Also what the ruleset says about dealing: the deal rules, who speaks first, the dealer's rotation; and, said
plainly, what it does not say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.ruleset import Ruleset
from . import md
from .cases import cases_of
from .era import scoring_table
from .example_case import reader_title
from .examples import SEAT_NAMES, Walk, _Example, walk
from .formula import render
from .player_words import knocks
from .refcard import refcard_path
from .sheets import match_cases, match_sheet
from .values import Labels, signed, target


def card_path(ruleset_id: str) -> str:
    return f"card/{ruleset_id}.md"


def _rules_with_param(ruleset: Ruleset, params: Sequence[str]) -> list[Any]:
    return [r for r in ruleset.rules.values() if r.param in params]


def dealing(ruleset: Ruleset, here: str) -> list[str]:
    out = ["## Dealing {#dealing}"]
    rules = list(ruleset.raw.get("deal", {}).get("rules") or [])
    lines = [f"- **{r.get('title') or r['id']}.** {r.get('text', '').strip()} "
             + md.link("§", here, md.rules_page(ruleset.id), str(r["id"])) for r in rules]
    speakers = _rules_with_param(ruleset, ("first",))[:1]  # who speaks first in the first phase that says so
    for rule in [*speakers, *_rules_with_param(ruleset, ("dealer_rotation",))]:
        if rule.id not in {str(r["id"]) for r in rules}:
            lines.append(f"- **{rule.title}.** {str(rule.raw.get('text', '')).strip()} "
                         + md.link("§", here, md.rules_page(ruleset.id), rule.id))
    out.append("\n".join(lines) if lines else "The ruleset has no rule about dealing.")
    practice = [r for r in rules if r.get("enforced") is False]
    if practice:
        out.append("Table practice, which no record shows (a recorded deal gives its dealer and its cards, so the "
                   "engine checks none of it): " + ", ".join(
                       md.link(str(r.get("title") or r["id"]), here, md.rules_page(ruleset.id), str(r["id"]))
                       for r in practice) + ".")
    else:
        out.append("This ruleset says nothing of how the first dealer is chosen, the shuffle or the cut. A recorded "
                   "deal gives its dealer and its cards, so nothing the engine checks depends on them.")
    if not _rules_with_param(ruleset, ("dealer_rotation",)):
        out.append("Nor does it say who deals next.")
    return out


def tables(ruleset: Ruleset, here: str) -> list[str]:
    entries = (ruleset.raw.get("scoring") or {}).get("tables") or []
    out = ["## Scoring tables {#tables}"]
    for entry in entries:
        out += [f"### {entry.get('title') or entry.get('name')} {{#table-{md.slug(str(entry.get('name')))}}}",
                scoring_table(ruleset, entry), md.link("§ the rule", here, md.rules_page(ruleset.id), str(entry["id"]))]
    return out if entries else []


def schemes(ruleset: Ruleset, labels: Labels, here: str) -> list[str]:
    forms = ruleset.raw.get("forms") or {}
    out = ["## How a deal is scored {#schemes}",
           "Each game form is scored by its list of scoring rules, applied in this order. "
           "The names in the formulas are the tables above and the counts of the deal."]
    for sname, entries in ((ruleset.raw.get("scoring") or {}).get("schemes") or {}).items():
        if not entries:
            continue
        users = [f"*{labels.word(n)}*" for n, f in forms.items() if f.get("scoring") == sname]
        out.append(f"### {', '.join(users) or labels.word(sname)} {{#scheme-{sname}}}")
        lines = []
        for e in entries:
            when = f", when {render(e['when'], word=labels.key)}" if e.get("when") is not None else ""
            mult = {True: "; doubling multiplies it", "winner": "; doubling multiplies the winner's points"}.get(
                e.get("multiplied"), "")
            column = f" ({labels.word(e['column'])})" if e.get("column") else ""
            lines.append(f"1. **{e.get('title') or e['id']}**: {render(e['points'], word=labels.key)} to "
                         f"{target(e.get('to'))}{column}{when}{mult} "
                         + md.link("§", here, md.rules_page(ruleset.id), str(e["id"])))
        out.append("\n".join(lines))
    multipliers = _rules_with_param(ruleset, ("multipliers",))
    if multipliers:
        rule = multipliers[0]
        out += ["### Knocking {#doubling}" if knocks(ruleset) else "### Doubling {#doubling}",
                f"{_multiplier_words(ruleset, rule.value, labels)}. "
                + md.link("§", here, md.rules_page(ruleset.id), rule.id)]
    return out


def _multiplier_words(ruleset: Ruleset, value: Any, labels: Labels) -> str:
    """The multipliers in the era's own words: a knock and a counter-knock in the 1940s, a double and a redouble
    otherwise."""
    if knocks(ruleset) and isinstance(value, list) and len(value) > 1:
        return f"A knock multiplies by {value[1]}" + (f", a counter-knock by {value[2]}" if len(value) > 2 else "")
    return labels.show(value, "multipliers").capitalize()


def _worked_case(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], Walk] | None:
    """The example case with the richest score sheet: a doubled contract first, then the most scoring items."""
    best: tuple[tuple[int, int, str], Mapping[str, Any], Walk] | None = None
    for case in cases_of(ruleset, cases):
        if case.get("example") is not True or not isinstance(case.get("deal"), Mapping):
            continue
        w = walk(ruleset, case)
        if w.outcome is None or not (w.outcome.result or {}).get("contract"):
            continue
        key = (int((w.outcome.result or {})["contract"].get("doubling") or 0), len(w.outcome.breakdown),
               str(case.get("id")))
        if best is None or key[:2] > best[0][:2]:
            best = (key, case, w)
    return None if best is None else (best[1], best[2])


def worked_sum(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]], here: str) -> list[str]:
    found = _worked_case(ruleset, cases)
    out = ["## A worked sum {#worked-sum}"]
    if found is None:
        return [*out, "No worked example of this era ends in a played contract yet."]
    case, w = found
    assert w.outcome is not None and w.end is not None
    cid = str(case["id"])
    example = _Example(ruleset, case, None)
    example.here = here
    example.score_sheet(w.outcome, w.end)
    form = w.end.form.name if w.end is not None else None
    out.append(f"{reader_title(ruleset, case, w.outcome, form)} (the deal is drawn in "
               + md.link("the worked example", here, md.examples_path(ruleset.id), cid)
               + "). It is replayed under the rules when the book is built; every figure below is the rules' answer.")
    out += [block.replace("### Score sheet", "") for block in example.out if block != "### Score sheet"]
    sums = []
    columns = ruleset.columns != ("deal",)  # below / above the line are added up apart
    order = [*ruleset.columns, ""]
    by_side: dict[tuple[str, str], list[int]] = {}
    for item in w.outcome.breakdown:
        by_side.setdefault((item.side, str(item.column) if columns else ""), []).append(item.points)
    for (side, column), points in sorted(by_side.items(), key=lambda kv: order.index(kv[0][1])):
        name = SEAT_NAMES.get(side, side) + (f" {labels_word(column)}" if column else "")
        sums.append(f"{name}: " + " ".join(signed(p) for p in points if p) + f" = {signed(sum(points))}"
                    if any(points) else f"{name}: 0")
    if sums:
        out.append("Added up: " + "; ".join(sums) + ".")
    return out


def usual_length(ruleset: Ruleset, case: Mapping[str, Any]) -> list[str]:
    """How the match shown compares with the usual game: its deals against the ruleset's blocks × partnerships, and
    the agreements it was played with."""
    spec = ruleset.match
    if spec is None:
        return []
    stages, pairings = spec.params.get("stages"), spec.params.get("partnerships")
    if not isinstance(stages, list) or any("deals" not in s for s in stages) or not isinstance(pairings, list):
        return []
    block = sum(int(s["deals"]) for s in stages)
    usual = block * len(pairings)
    played = len((case.get("match") or {}).get("deals") or [])
    options = [str(k).replace("_", " ") for k in ((case.get("match") or {}).get("options") or {})]
    text = f"The usual game is {md.plural(usual, 'deal')}: {len(pairings)} blocks of {block}."
    if played != usual:
        text += f" The match below has {md.plural(played, 'deal')}" + (
            f", played with the agreed {', '.join(options)}." if options else ".")
    return [text + " " + md.link("How the whole game is organised", card_path(ruleset.id),
                                 md.learn_path(ruleset.id), "whole-game") + "."]


def labels_word(word: str) -> str:
    return Labels().word(word)


def card_page(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> str:
    """The scoring card of one era, as markdown."""
    here = card_path(ruleset.id)
    labels = Labels([ruleset])
    out = [f"# Scoring card: {ruleset.era}",
           md.admonition("info", "For implementers",
                         "This page is written for programmers: the scoring rules as the ruleset states them, with "
                         "their formulas and the rules' ids. A player finds the same score in plain words on the "
                         + md.link("reference card", here, refcard_path(ruleset.id)) + " and in "
                         + md.link("Learn to play", here, md.learn_path(ruleset.id), "score") + "."),
           f"The whole scoring of {md.link(ruleset.title, here, md.rules_page(ruleset.id))} on one page, from the "
           "ruleset's own tables. Each § leads to the rule, its sources and its cases."]
    out += dealing(ruleset, here)
    out += tables(ruleset, here)
    out += schemes(ruleset, labels, here)
    out += worked_sum(ruleset, cases, here)
    matches = match_cases(ruleset, cases)
    if matches:
        out += ["## A match on the score sheet {#match-sheet}", *usual_length(ruleset, matches[0]),
                *match_sheet(ruleset, matches[0], here)]
    return "\n\n".join(out) + "\n"
