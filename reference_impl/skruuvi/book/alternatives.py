"""Every reading of every rule in the book: the default and each alternative, with the cases that pin it.

A case pins a reading with ``readings: {rule id: value}``. Which cases pin which reading is worked out here from
the loaded cases each time the book is built (never kept by hand): each case's readings are resolved as the
reference resolves them (:func:`skruuvi.rules.readings.resolve_values`, so ``{"6": 1100}`` from a JSON record
matches ``{6: 1100}``), then matched to the rule's default or one of its listed alternatives. A case whose
readings the ruleset refuses, or that pins a value no alternative lists, is shown as such, never dropped.

The named variants (``variants:`` in the ruleset) are shown with what each changes: for every reading, the
rule, its default and the variant's value in words, and the cases that play exactly that variant.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.errors import RulesetError
from ..rules.readings import executable, resolve_values, rule_field
from ..rules.ruledoc import rule_entries
from ..rules.ruleset import Ruleset
from . import md
from .values import Labels

Shower = Callable[[Any, str | None], str]


@dataclass(frozen=True)
class Pin:
    """One case pinning one rule to one value (``others``: the other rules the same case pins)."""

    case_id: str
    value: Any
    others: tuple[str, ...] = ()


@dataclass
class Pins:
    """The pinned readings of one ruleset's cases, by rule id; the cases whose readings cannot be read."""

    by_rule: dict[str, list[Pin]] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (case id, why)
    by_case: dict[str, dict[str, Any]] = field(default_factory=dict)


def pinned_readings(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> Pins:
    """Rule id -> the cases of ``ruleset`` that pin it, with the value each pins (resolved like the reference)."""
    pins = Pins()
    for case in sorted(cases, key=lambda c: str(c.get("id"))):
        readings = case.get("readings")
        if case.get("ruleset") != ruleset.id or not readings:
            continue
        cid = str(case.get("id"))
        if not isinstance(readings, Mapping):
            pins.problems.append((cid, "its readings are not a mapping of rule id to value"))
            continue
        try:
            resolved = resolve_values(ruleset, readings)
        except RulesetError as exc:
            pins.problems.append((cid, exc.reason))
            continue
        pins.by_case[cid] = resolved
        for rule_id, value in resolved.items():
            others = tuple(r for r in resolved if r != rule_id)
            pins.by_rule.setdefault(rule_id, []).append(Pin(cid, value, others))
    return pins


def spelling(rule_id: str, value: Any, *, first: bool) -> str:
    """How to ask for a reading on the command line (``--reading RULE[=VALUE]``, the value in YAML)."""
    if first:
        return f"`--reading {rule_id}` (the first alternative needs no value)"
    if isinstance(value, bool):
        return f"`--reading {rule_id}={'true' if value else 'false'}`"
    if isinstance(value, int | float) or (isinstance(value, str) and re.fullmatch(r"[\w.-]+", value)):
        return f"`--reading {rule_id}={value}`"
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"`--reading {rule_id}=[{', '.join(str(v) for v in value)}]`"
    return f"`--reading {rule_id}=VALUE`, the value written in YAML"


class ReadingsView:
    """The readings boxes of one era page, the overview of all readings and the variants section."""

    def __init__(self, ruleset: Ruleset, cases: Sequence[Mapping[str, Any]], labels: Labels, here: str,
                 sources: Mapping[str, Any] | None, formula: Callable[[object], str]) -> None:
        self.rs = ruleset
        self.labels = labels
        self.here = here
        self.sources = sources
        self.formula = formula
        self.pins = pinned_readings(ruleset, cases)
        self.entries = {str(e.get("id")): e for _, e in rule_entries(dict(ruleset.raw))}
        self.declared = [v for v in ruleset.raw.get("variants") or () if isinstance(v, Mapping)]
        self.descriptions = {str(c.get("id")): str(c.get("description") or "") for c in cases
                             if c.get("ruleset") == ruleset.id}

    # --- pieces ------------------------------------------------------------------------------------

    def rule_link(self, rule_id: str) -> str:
        entry = self.entries.get(rule_id) or {}
        return md.link(str(entry.get("title") or rule_id), self.here, md.rules_page(self.rs.id), rule_id)

    def case_link(self, case_id: str) -> str:
        return md.link(f"`{case_id}`", self.here, md.cases_path(self.rs.id), case_id)

    def value(self, entry: Mapping[str, Any], value: Any) -> str:
        """A reading's value in words: a formula as math, anything else through the book's value formatter."""
        key = rule_field(entry)
        param = entry.get("param") if key == "value" else key
        if isinstance(value, str) and param is None and entry.get("name") and any(c in value for c in "+*()<>="):
            try:
                return self.formula(value)
            except SyntaxError:
                pass
        return self.labels.show(value, param)

    def changed(self, entry: Mapping[str, Any], value: Any) -> str:
        """An alternative's value in words; a table that differs from the default in a few entries says which."""
        key = rule_field(entry)
        default = entry.get(key)
        if isinstance(value, Mapping) and isinstance(default, Mapping) and set(value) == set(default):
            differ = [k for k in value if value[k] != default[k]]
            if differ and len(differ) < len(value):
                return (self.value(entry, value) + " — the default with "
                        + ", ".join(f"{self.labels.key(k)}: {self.labels.nested(value[k])} instead of "
                                    f"{self.labels.nested(default[k])}" for k in differ))
        return self.value(entry, value)

    def reading(self, rule_id: str, value: Any) -> str:
        """``rule = value`` in words, the rule linked to its heading (for the cases page)."""
        entry = self.entries.get(rule_id)
        if entry is None:
            return f"`{rule_id}` (no such rule)"
        return f"{self.rule_link(rule_id)}: {self.changed(entry, value)}"

    def field_words(self, entry: Mapping[str, Any]) -> str:
        key = rule_field(entry)
        return "" if key == "value" else f"{self.labels.key(key).capitalize()}: "

    def pinned_by(self, entry: Mapping[str, Any], value: Any) -> list[Pin]:
        return [p for p in self.pins.by_rule.get(str(entry["id"]), []) if p.value == value]

    def pin_text(self, pins: Sequence[Pin]) -> str:
        shown = []
        for pin in pins:
            text = self.case_link(pin.case_id)
            if pin.others:
                text += " (with " + ", ".join(self.rule_link(r) for r in pin.others) + ")"
            shown.append(text)
        return md.link_list("Cases that pin it", shown, fold_above=4)

    def variants_with(self, rule_id: str, value: Any) -> list[str]:
        """The declared variants that read ``rule_id`` as ``value``, as links to the variants section."""
        out = []
        for v in self.declared:
            readings = v.get("readings") or {}
            if rule_id in readings and readings[rule_id] == value:
                out.append(md.link(f"*{v.get('title') or v.get('name')}*", self.here, self.here,
                                   f"variant-{md.slug(str(v.get('name')))}"))
        return out

    def combination(self, alt: Mapping[str, Any]) -> str:
        parts = []
        for other, needed in (alt.get("requires") or {}).items():
            other_entry = self.entries.get(str(other)) or {}
            parts.append(f"needs {self.rule_link(str(other))} read as {self.value(other_entry, needed)}")
        for other in alt.get("excludes") or ():
            parts.append(f"cannot hold together with another reading of {self.rule_link(str(other))}")
        return ("It " + "; it ".join(parts) + ".") if parts else ""

    # --- one rule's readings ---------------------------------------------------------------------

    def block(self, entry: Mapping[str, Any]) -> str:
        """The default and every alternative of one rule, each with its cases, as a box."""
        rid = str(entry["id"])
        key = rule_field(entry)
        items = []
        default = self.value(entry, entry[key]) if key in entry else str(entry.get("text") or "as the rule says")
        lines = [f"**The default (this book's reading):** {self.field_words(entry)}{default}.",
                 "Sources: " + md.source_links(entry.get("source") or [], self.here, self.sources) + "."]
        if entry.get("note"):
            lines.append(str(entry["note"]).strip())
        pinned = self.pinned_by(entry, entry[key]) if key in entry else []
        lines.append("Every case reads the rule so unless it pins another reading."
                     + (" " + self.pin_text(pinned) if pinned else ""))
        items.append(lines)
        listed: list[Any] = [entry.get(key)]
        for n, alt in enumerate(entry.get("alternatives") or (), start=1):
            if not isinstance(alt, Mapping):
                continue
            has_value = "value" in alt
            shown = self.changed(entry, alt["value"]) if has_value else "as described below"
            lines = [f"**Alternative {n}:** {self.field_words(entry)}{shown}.",
                     "Sources: " + md.source_links(alt.get("source") or [], self.here, self.sources) + "."]
            if alt.get("note"):
                lines.append(str(alt["note"]).strip())
            combo = self.combination(alt)
            if combo:
                lines.append(combo)
            if executable(alt):
                listed.append(alt["value"])
                lines.append("It runs: " + spelling(rid, alt["value"], first=n == 1) + ".")
                pins = self.pinned_by(entry, alt["value"])
                lines.append(self.pin_text(pins) if pins else "*No case pins this reading yet.*")
                variants = self.variants_with(rid, alt["value"])
                if variants:
                    lines.append("Part of the variant " + ", ".join(variants) + ".")
            else:
                lines.append("*It does not run:* " + str(alt.get("why") or "it is marked not executable") + ".")
            items.append(lines)
        unlisted = [p for p in self.pins.by_rule.get(rid, []) if not any(p.value == v for v in listed)]
        if unlisted:
            items.append(["**Values no alternative lists**, pinned by cases: "
                          + "; ".join(f"{self.value(entry, p.value)} by {self.case_link(p.case_id)}"
                                      for p in unlisted) + "."])
        conflict = entry.get("status") == "conflict"
        title = "Conflicting readings" if conflict else "Other readings"
        body = "\n".join("- " + "\n\n    ".join(lines) + "\n" for lines in items)
        # a conflict is open (the sources disagree); the other readings of a settled rule fold away
        return md.admonition("warning", f"{title} ({len(items)})", body, collapsible=not conflict)

    # --- the page's overview and variants -----------------------------------------------------------

    def overview(self) -> str:
        """Every rule that has other readings: how many, how many run, how many cases pin them."""
        rows = []
        total_alts = total_run = total_pinned = 0
        for rid, entry in self.entries.items():
            alts = [a for a in entry.get("alternatives") or () if isinstance(a, Mapping)]
            if not alts:
                continue
            runs = sum(1 for a in alts if executable(a))
            cases = {p.case_id for p in self.pins.by_rule.get(rid, [])}
            total_alts, total_run, total_pinned = total_alts + len(alts), total_run + runs, total_pinned + len(cases)
            rows.append([self.rule_link(rid), f"{len(alts)} ({runs} run)" if runs != len(alts) else str(len(alts)),
                         str(len(cases)) if cases else "—"])
        if not rows:
            return "This ruleset lists no other reading of any rule."
        lists = "rule lists" if len(rows) == 1 else "rules list"
        text = [f"{len(rows)} {lists} other readings: {md.plural(total_alts, 'alternative')}, {total_run} of which "
                f"{'runs' if total_run == 1 else 'run'} "
                "(`skruuvi replay`, `conformance` and `compare` take `--reading RULE[=VALUE]`). Each rule's box "
                "gives every reading with its value, note, sources and the cases that pin it.",
                md.table(["Rule", "Alternatives", "Cases pinning one"], rows)]
        if self.pins.problems:
            text.append(md.admonition("warning", "Cases whose readings cannot be read",
                                      "\n".join(f"- {self.case_link(cid)}: {md.cell(why)}"
                                                for cid, why in self.pins.problems)))
        return "\n\n".join(text)

    def variants(self) -> str:
        """The declared variants, each with what it changes and the cases that play it."""
        out = []
        for v in self.declared:
            name = str(v.get("name"))
            readings = v.get("readings") or {}
            lines = [f'<a id="variant-{md.slug(name)}"></a>**{v.get("title") or name}** · `{self.rs.id}:{name}`']
            changes = []
            for rule_id, value in readings.items():
                entry = self.entries.get(str(rule_id))
                if entry is None:
                    changes.append(f"`{rule_id}` (no such rule)")
                    continue
                key = rule_field(entry)
                before = self.value(entry, entry[key]) if key in entry else "as described"
                changes.append(f"{self.rule_link(str(rule_id))}: {self.changed(entry, value)}"
                               + ("" if isinstance(value, Mapping) else f" instead of {before}"))
            lines.append("It changes " + ("; ".join(changes) if changes else "nothing") + ".")
            if v.get("note"):
                lines.append(str(v["note"]).strip())
            lines.append("Sources: " + md.source_links(v.get("source") or [], self.here, self.sources) + ".")
            playing = [cid for cid, res in self.pins.by_case.items() if res and res == self._resolved(readings)]
            lines.append(md.link_list("Cases played under it", [self.case_link(c) for c in playing], fold_above=4)
                         if playing else "*No case plays exactly this variant yet.*")
            out.append(lines)
        return "\n".join("- " + "\n\n    ".join(lines) + "\n" for lines in out)

    def _resolved(self, readings: Mapping[str, Any]) -> dict[str, Any] | None:
        try:
            return resolve_values(self.rs, readings)
        except RulesetError:
            return None
