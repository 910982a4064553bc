"""Conformance cases in the book: the rule -> cases index and the per-ruleset list of all cases."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..rules.ruleset import Ruleset
from . import md
from .alternatives import ReadingsView
from .formula import render
from .values import WORDS, Labels, signed


def cases_of(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The cases recorded under this ruleset, sorted by id."""
    return sorted((c for c in cases if c.get("ruleset") == ruleset.id), key=lambda c: str(c.get("id")))


def rule_cases_index(cases: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Rule id -> the ids of the cases that say they exercise it (sorted, without duplicates)."""
    index: dict[str, set[str]] = {}
    for case in cases:
        for rule in case.get("rules") or []:
            index.setdefault(str(rule), set()).add(str(case.get("id")))
    return {rule: sorted(ids) for rule, ids in sorted(index.items())}


def area_of(case: Mapping[str, Any]) -> str:
    """``conformance/cases/2016/score/x.yaml`` -> ``score``."""
    parts = str(case.get("_file", "")).split("/")
    return parts[3] if len(parts) > 4 and parts[:2] == ["conformance", "cases"] else "other"


def side_score(value: Any) -> str:
    """One side's score: ``+120``, or by column (``30 below, 640 above``)."""
    if isinstance(value, Mapping):
        return ", ".join(f"{side_score(v)} {WORDS.get(str(col), str(col))}" for col, v in value.items())
    return signed(value) if isinstance(value, int) else Labels().generic(value)


def expected(case: Mapping[str, Any], here: str, error_codes: Collection[str] | None) -> str:
    exp = case.get("expect") or {}
    if "error" in exp:
        err = exp["error"] or {}
        code = str(err.get("code"))
        shown = md.link(f"`{code}`", here, md.ERRORS, code) if error_codes and code in error_codes else f"`{code}`"
        where = "the deal itself" if err.get("index") is None else f"action {err.get('index')}"
        return f"error {shown} at {where}"
    if "result" in exp:
        res = exp["result"] or {}
        parts = []
        contract = res.get("contract")
        if contract:
            dbl = ["", ", doubled", ", redoubled"][contract.get("doubling", 0) or 0]
            parts.append(f"{md.bid(contract.get('bid'))} by {contract.get('declarer')}{dbl}")
        elif "contract" in res:
            parts.append("no contract")
        tricks, score = res.get("tricks") or {}, res.get("score") or {}
        if tricks:
            parts.append("tricks " + ", ".join(f"{k} {v}" for k, v in tricks.items()))
        if score:
            parts.append("score " + ", ".join(f"{k} {side_score(v)}" for k, v in score.items()))
        return "; ".join(parts)
    if "match" in exp:
        return "a match score sheet"
    if "legal" in exp:
        return f"the legal set: {md.plural(len(exp['legal'] or []), 'action')}"
    if "perft" in exp:
        perft = exp["perft"] or {}
        return f"perft {perft.get('depth')}: {perft.get('count')} action sequences"
    return "(no expectation)"


SHOWN_RULES = 3


def folded(links: Sequence[str]) -> str:
    """A case's rules: the first few, the rest folded away one click off (a table row stays short)."""
    if len(links) <= SHOWN_RULES + 1:
        return ", ".join(links)
    rest = links[SHOWN_RULES:]
    return (", ".join(links[:SHOWN_RULES]) + f"<details><summary>{len(rest)} more rules</summary>"
            + ", ".join(rest) + "</details>")


def cases_page(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]], *,
               error_codes: Collection[str] | None = None, problems: Sequence[str] = ()) -> str:
    """Every conformance case of one ruleset, grouped by area, each with its anchor (= case id)."""
    here = md.cases_path(ruleset.id)
    mine = cases_of(ruleset, cases)
    out = [f"# Cases: {md.short_title(ruleset)}", md.provenance(ruleset),
           f"The hand-written conformance cases of `{ruleset.id}` ({len(mine)}), from `conformance/cases/`. "
           "Each row's anchor is the case id; rules link to "
           + md.link("the rule book", here, md.rules_page(ruleset.id)) + ", cases marked *example* to their "
           + md.link("worked example", here, md.examples_path(ruleset.id)) + "."]
    if problems:
        out.append(md.admonition("warning", "Files that could not be read",
                                 "\n".join(f"- {md.cell(p)}" for p in problems)))
    if not mine:
        out.append(md.admonition("note", "No cases yet", f"No case under `conformance/cases/` names `{ruleset.id}`."))
    view = ReadingsView(ruleset, mine, Labels([ruleset]), here, None, render)
    areas: dict[str, list[Mapping[str, Any]]] = {}
    for case in mine:
        areas.setdefault(area_of(case), []).append(case)
    for area, group in sorted(areas.items()):
        rows = []
        for case in group:
            cid = str(case.get("id"))
            rules = [md.link(md.ident(r), here, md.rules_page(ruleset.id), r) if r in ruleset.rules
                     else f"{md.ident(r)} (unknown)" for r in case.get("rules") or []]
            name = f'<a id="{cid}"></a>{md.ident(cid)}'
            if case.get("example") is True:
                name += " " + md.link("*example*", here, md.examples_path(ruleset.id), cid)
            if case.get("_file"):
                name += f"<br>file `{case['_file']}`"
            just = (case.get("justification") or {}).get("kind", "")
            description = str(case.get("description", ""))
            resolved = view.pins.by_case.get(cid)
            if resolved:
                description += " · *Under the reading* " + "; ".join(view.reading(r, v) for r, v in resolved.items())
            rows.append([name, description, folded(rules), expected(case, here, error_codes), just])
        out += [f"## {area} {{#area-{md.slug(area)}}}",
                '<div class="sk-cases" markdown="1">\n\n'
                + md.table(["Case", "Description", "Rules", "Expected", "Justification"], rows) + "\n\n</div>"]
    out += perft_table(mine)
    return "\n\n".join(out) + "\n"


def perft_table(cases: Sequence[Mapping[str, Any]]) -> list[str]:
    """The perft table of a ruleset, as chess programmers publish theirs: each position (a deal and a prefix
    of its actions, in the case file), the depth and the number of legal action sequences. Markdown blocks."""
    rows = []
    for case in cases:
        perft = (case.get("expect") or {}).get("perft")
        if not isinstance(perft, Mapping):
            continue
        given = case.get("actions")
        actions: list[Any] = given if isinstance(given, list) else []
        where = f"file `{case['_file']}`" if case.get("_file") else ""
        rows.append([f"`{case.get('id')}`", str(case.get("description", "")), md.plural(len(actions), "action"),
                     str(perft.get("depth")), f"{perft.get('count'):,}" if isinstance(perft.get("count"), int)
                     else str(perft.get("count")), where])
    if not rows:
        return []
    return ["## Perft {#perft}",
            "The number of sequences of exactly *depth* legal actions from a position: the case's deal after its "
            "prefix of actions (a line on which the deal ends earlier counts nothing). Count them with your own "
            "move generator from the case file, or let the runner count them through SCP/1 `legal` "
            "(`conformance/INTERPRETING.md` section 2.2).",
            md.table(["Case", "Position", "Prefix", "Depth", "Count", "File"], rows)]
