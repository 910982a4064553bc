"""The book of one era: every rule of a ruleset, in the order of play, with its anchor, badge and sources."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..rules.expr import FACTS
from ..rules.ruleset import Ruleset
from . import md
from .alternatives import ReadingsView
from .cases import cases_of, rule_cases_index
from .formula import render, table_axes
from .glossary import english_words
from .pictures import phase_flow_svg
from .values import Labels, mechanism, target

KNOWN_SECTIONS = {"id", "title", "era", "status", "sources", "provenance", "summary", "deal", "forms", "phases",
                  "scoring"}


def glossary_index(glossary: Mapping[str, Any] | None) -> dict[str, str]:
    """Every headword and form (lower case) -> the glossary anchor."""
    index: dict[str, str] = {}
    for entry in (glossary or {}).get("terms", []):
        anchor = md.slug(entry["term"])
        for word in [entry["term"], *entry.get("forms", [])]:
            index[word.lower()] = anchor
    return index


def label(spec: Mapping[str, Any] | None, fallback: str) -> tuple[str, str | None]:
    """``(English, Finnish)`` of a ``label: {fi, en}``."""
    lab = (spec or {}).get("label") or {}
    return str(lab.get("en") or fallback.replace("-", " ")), lab.get("fi")


class _Page:
    def __init__(self, ruleset: Ruleset, sources: Mapping[str, Any] | None, glossary: Mapping[str, Any] | None,
                 cases: Sequence[Mapping[str, Any]]) -> None:
        self.rs = ruleset
        self.raw = ruleset.raw
        self.here = md.rules_page(ruleset.id)
        self.sources = sources
        self.terms = glossary_index(glossary) if glossary is not None else None
        # English words the rules use for a glossary term, explained where a rule of this page first uses them
        self.unexplained = {w.lower(): (t, fi) for t in (glossary or {}).get("terms", [])
                            for w, fi in english_words(t)}
        self.cases = cases_of(ruleset, cases)
        self.labels = Labels([ruleset])
        self.rule_cases = rule_cases_index(self.cases)
        self.examples = {c["id"] for c in self.cases if c.get("example") is True}
        self.titles = {str(c["id"]): str(c.get("description") or "") for c in self.cases}
        self.done: set[str] = set()
        self.out: list[str] = []
        expressions = {}
        for entries in (self.raw.get("scoring", {}).get("schemes") or {}).values():
            for entry in entries:
                expressions[entry["id"] + "/points"] = entry.get("points")
                expressions[entry["id"] + "/when"] = entry.get("when")
        self.axes = table_axes(expressions)
        self.table_rule = {t.get("name"): t["id"] for t in self.raw.get("scoring", {}).get("tables") or []}
        self.other_scales = self._other_scales()
        self.readings = ReadingsView(ruleset, cases, self.labels, self.here, sources, self.formula)

    def _other_scales(self) -> list[int]:
        """The scales of the ``score.scale`` rule's other readings (e.g. 1895's figures as printed, ×10)."""
        for entry in (self.raw.get("scoring") or {}).get("rules") or []:
            if entry.get("param") == "scale":
                return [a["value"] for a in entry.get("alternatives") or []
                        if isinstance(a.get("value"), int) and a["value"] != entry.get("value")]
        return []

    def add(self, *blocks: str) -> None:
        self.out.extend(blocks)

    # --- pieces ------------------------------------------------------------------------------

    def finnish(self, text: str) -> str:
        words = [w.strip() for w in str(text).split(",") if w.strip()]
        shown = []
        for w in words:
            anchor = (self.terms or {}).get(w.lower())
            shown.append(md.link(f"*{w}*", self.here, md.GLOSSARY, anchor) if anchor else f"*{w}*")
        return ", ".join(shown)

    def explain(self, text: str) -> None:
        """The glossary's meaning of an English term the rule text uses, the first time this page uses it."""
        for phrase in [p for p in self.unexplained if p in text.lower()]:
            t, fi = self.unexplained.pop(phrase)  # the Finnish word it stands for: the term or one of its forms
            term = md.link(f"*{fi}*", self.here, md.GLOSSARY, md.slug(t["term"]))
            self.add(f"*{phrase.capitalize()}* ({term}): {str(t.get('meaning', '')).strip()}.")

    def name(self, ident: str) -> str:
        if ident in self.table_rule:
            return md.link(ident.replace("_", " "), self.here, self.here, self.table_rule[ident])
        if ident in FACTS:
            return md.link(ident.replace("_", " "), self.here, self.here, f"fact-{ident}")
        return ident.replace("_", " ")

    def formula(self, source: object) -> str:
        return render(source, self.name, self.labels.word)

    def case_links(self, rule_id: str, parameter: str = "") -> str:
        """The rule's worked examples, in view; its parameter and its cases folded in one box for implementers
        (a player reads the rule without them, an implementer is one click away)."""
        ids = self.rule_cases.get(rule_id, [])
        worked = [md.link(md.cell(self.titles.get(cid) or cid), self.here, md.examples_path(self.rs.id), cid)
                  for cid in ids if cid in self.examples]
        text = f"**Worked examples:** {'; '.join(worked)}\n\n" if worked else ""
        shown = [md.link(f"`{cid}`", self.here, md.cases_path(self.rs.id), cid) for cid in ids]
        cases = (f"**Cases ({len(shown)}):**\n\n" + "\n".join(f"- {x}" for x in shown) if shown
                 else "*No conformance case exercises this rule yet.*")
        title = "For implementers: " + ("the parameter and " if parameter else "") + \
            (md.plural(len(shown), "case") if shown else "no case yet")
        body = "\n\n".join(x for x in (parameter, cases) if x)
        return text + md.admonition("example", title, body, collapsible=True)

    def rule(self, entry: Mapping[str, Any], level: int, body_extra: str = "") -> None:
        rid = str(entry["id"])
        self.done.add(rid)
        status = str(entry.get("status", ""))
        meta = [md.badge(status)]
        if entry.get("fi"):
            meta.append("Finnish: " + self.finnish(entry["fi"]))
        meta.append("Sources: " + md.source_links(entry.get("source") or [], self.here, self.sources))
        meta.append(f"`{rid}`")
        self.add(f"{'#' * level} {entry.get('title') or rid} {{#{rid}}}", " · ".join(meta), str(entry.get("text", "")))
        self.explain(str(entry.get("text", "")))
        parameter = (f"**Parameter** `{entry['param']}`: {self.labels.show(entry.get('value'), entry['param'])}"
                     if "param" in entry else "")
        if body_extra:
            self.add(body_extra)
        if entry.get("note") and not entry.get("alternatives"):
            self.add(md.admonition("info", "Why this reading", str(entry["note"])))
        if entry.get("alternatives"):
            self.add(self.readings.block(entry))
        self.add(self.case_links(rid, parameter))

    def scheme_name(self, scheme: str) -> str:
        """A scoring scheme by the reader's name: the form of the same name, else the scheme's id as words."""
        return {"contract": "a contract"}.get(scheme) or self.labels.word(scheme)

    def rules(self, entries: Iterable[Mapping[str, Any]] | None, level: int) -> None:
        for entry in entries or []:
            self.rule(entry, level)

    # --- sections ------------------------------------------------------------------------------

    def header(self) -> None:
        raw = self.raw
        self.add(
            f"# The rules of {md.short_title(self.rs)}",
            md.provenance(self.rs),
            f"Ruleset `{self.rs.id}` · era **{self.rs.era}** · status **{self.rs.status}** · sources: "
            + md.source_links(raw.get("sources") or [], self.here, self.sources),
        )
        if raw.get("summary"):
            self.add(str(raw["summary"]))
        if raw.get("provenance"):  # what each source of the era is, and why each is listed
            self.add(f"**Where these rules come from.** {' '.join(str(raw['provenance']).split())}")
        counts = {s: sum(1 for r in self.rs.rules.values() if r.status == s) for s in md.STATUS_HELP}
        legend = ", ".join(f"{md.badge(s)} {n} ({md.STATUS_HELP[s]})" for s, n in counts.items())
        self.add(f"This book has {md.plural(len(self.rs.rules), 'rule')}: {legend}. "
                 "Each heading's anchor is the rule id. "
                 + md.link("Worked examples", self.here, md.examples_path(self.rs.id)) + " · "
                 + md.link("all cases", self.here, md.cases_path(self.rs.id)) + " · "
                 + md.link("other readings and variants", self.here, self.here, "readings") + ".")
        if self.sources is None:
            self.add(md.admonition("note", "No bibliography yet",
                                   "`spec/sources.yaml` is not there yet, so source keys are not linked."))

    def phase_order(self) -> list[str]:
        order: list[str] = []
        for form in (self.raw.get("forms") or {}).values():
            for pid in form.get("phases") or []:
                if pid not in order:
                    order.append(pid)
        return order + [p for p in self.raw.get("phases") or {} if p not in order]

    def forms(self) -> None:
        forms = self.raw.get("forms") or {}
        phases = self.raw.get("phases") or {}
        self.add("## Game forms {#forms}")
        for fname, spec in forms.items():
            en, fi = label(spec, fname)
            self.add(f"### {en.capitalize()}" + (f" · *{fi}*" if fi else "") + f" {{#form-{fname}}}")
            steps = []
            for i, pid in enumerate(spec.get("phases") or [], start=1):
                pen, pfi = label(phases.get(pid), pid)
                steps.append(f"{i}. [{pen}](#phase-{pid})" + (f" · *{pfi}*" if pfi else ""))
            dealt = "dealt directly" if spec.get("dealt") else "not dealt directly: another form turns into it"
            scheme = spec.get("scoring")
            schemes = (self.raw.get("scoring") or {}).get("schemes") or {}
            scored = (f"scored as [{self.scheme_name(str(scheme))}](#scheme-{scheme})" if schemes.get(scheme)
                      else "it scores nothing")
            if steps:
                self.add(f"Form `{fname}`, {dealt}; {scored}. Its phases:", "\n".join(steps),
                         phase_flow_svg(self.rs, fname))
            else:
                self.add(f"Form `{fname}`, {dealt}; {scored}. It has no phases: the deal ends without play.")
            self.rules(spec.get("rules"), 4)

    def phase(self, pid: str, spec: Mapping[str, Any]) -> None:
        en, fi = label(spec, pid)
        self.add(f"## {en.capitalize()}" + (f" · *{fi}*" if fi else "") + f" {{#phase-{pid}}}")
        used = [f"[{label(f, n)[0]}](#form-{n}) (step {f['phases'].index(pid) + 1})"
                for n, f in (self.raw.get("forms") or {}).items() if pid in (f.get("phases") or [])]
        line = mechanism(spec["mechanism"]).capitalize() if spec.get("mechanism") else "A phase"
        if used:
            line += "; in " + ", ".join(used)
        self.add(line + f" · phase `{pid}`.")
        base = spec.get("extends")
        if base:
            inherited = next((p for f in self.rs.forms.values() for p in f.phases if p.id == pid), None)
            own = {r.get("param") for r in spec.get("rules") or []}
            kept = [f"[`{param}`](#{rule})" for param, rule in (inherited.rule_of_param.items() if inherited else [])
                    if param not in own]
            self.add(f"Works like [{label((self.raw.get('phases') or {}).get(base), base)[0]}](#phase-{base})"
                     + (", keeping its rules for " + ", ".join(kept) if kept else "")
                     + "; the rules below replace or add to it.")
        self.rules(spec.get("rules"), 3)

    def table_markdown(self, entry: Mapping[str, Any]) -> str:
        v = entry.get("value")
        axes = self.axes.get(str(entry.get("name")), [])
        scales = self.other_scales if entry.get("unit", "points") == "points" else []
        if isinstance(v, Mapping) and v and all(isinstance(x, Mapping) for x in v.values()):
            cols = list(dict.fromkeys(k for row in v.values() for k in row))
            corner = " / ".join(axes[:2]) if len(axes) >= 2 else ""
            head = [corner] + [self.labels.key(c) for c in cols]
            table = md.table(head, [[self.labels.key(k)] + [self.labels.generic(row[c]) if c in row else "—"
                                                             for c in cols] for k, row in v.items()])
            return "\n\n".join([table, *(f"At scale {s}, every figure × {s}." for s in scales)])
        if isinstance(v, Mapping):
            # the axis named by the formulas that read the table; a literal key there (ace_crown[3]) names no axis
            axis = axes[0] if axes and not re.fullmatch(r"\d+|'[^']*'|\"[^\"]*\"", axes[0]) else ""
            rows = [["points", *list(v.values())]]
            rows += [[f"read at scale {s}", *(x * s if isinstance(x, int) else x for x in v.values())]
                     for s in scales]
            note = [f"*Read at scale {s}*: the figures × {s}, as another reading of the scale has them."
                    for s in scales]
            return "\n\n".join([md.table([axis] + [self.labels.key(k) for k in v], rows), *note])
        if entry.get("unit") == "factor":
            return f"Value: **{v}** (a factor: the same at every scale)"
        return " · ".join([f"Value: **{v}**", *(f"at scale {s}: **{v * s if isinstance(v, int) else v}**"
                                                for s in scales)])

    def scoring(self) -> None:
        sc = self.raw.get("scoring") or {}
        self.add("## Scoring {#scoring}")
        self.rules(sc.get("rules"), 3)
        if sc.get("tables"):
            self.add("### Tables {#scoring-tables}")
            for entry in sc["tables"]:
                self.rule(entry, 4, self.table_markdown(entry))
        for sname, entries in (sc.get("schemes") or {}).items():
            if not entries:  # a form scored by an empty scheme says "it scores nothing" where it is described
                continue
            users = [f"[{label(f, n)[0]}](#form-{n})" for n, f in (self.raw.get("forms") or {}).items()
                     if f.get("scoring") == sname]
            self.add(f"### Scoring of {self.scheme_name(sname)} {{#scheme-{sname}}}",
                     "The scoring rules, applied in this order"
                     + (" (used by " + ", ".join(users) + ")" if users else "") + ".")
            for entry in entries:
                lines = []
                if entry.get("when") is not None:
                    lines.append(f"- **When:** {self.formula(entry['when'])}")
                else:
                    lines.append("- **When:** every deal of this scheme")
                lines.append(f"- **Points:** {self.formula(entry['points'])}")
                lines.append(f"- **To:** {target(entry.get('to'))}")
                lines.append("- **Doubling:** " + ("multiplied by the doubling multiplier" if entry.get("multiplied")
                                                    else "not multiplied"))
                self.rule(entry, 4, "\n".join(lines))
        self.add("### Facts used in the formulas {#facts}",
                 md.table(["Fact", "Meaning"],
                          [[f'<a id="fact-{k}"></a>*{k.replace("_", " ")}*', v] for k, v in FACTS.items()]))

    def generic(self, key: str, spec: Any, level: int = 2) -> None:
        """Sections this renderer does not know by name (e.g. ``match``): their rules, recursively."""
        if not isinstance(spec, Mapping):
            return
        en, fi = label(spec, key)
        self.add(f"{'#' * level} {en.capitalize()}" + (f" · *{fi}*" if fi else "") + f" {{#section-{md.slug(key)}}}")
        self.rules(spec.get("rules"), level + 1)
        for sub, value in spec.items():
            if isinstance(value, Mapping) and sub != "label":
                self.generic(f"{key}-{sub}", value, min(level + 1, 4))

    def render(self) -> str:
        self.header()
        self.add("## Deal {#deal}")
        self.rules((self.raw.get("deal") or {}).get("rules"), 3)
        self.forms()
        phases = self.raw.get("phases") or {}
        for pid in self.phase_order():
            self.phase(pid, phases[pid])
        self.scoring()
        for key, spec in self.raw.items():
            if key not in KNOWN_SECTIONS:
                self.generic(key, spec)
        missing = [r for r in self.rs.rules.values() if r.id not in self.done]
        if missing:
            self.add("## Other rules {#other-rules}")
            for r in missing:
                self.rule(r.raw, 3)
        self.add("## Other readings and variants {#readings}", self.readings.overview())
        if self.readings.declared:
            self.add("### Named variants {#variants}",
                     f"A variant is this ruleset with some rules read another way; name it `{self.rs.id}:NAME` "
                     "wherever a ruleset is named (`replay`, `conformance`, `compare`).",
                     self.readings.variants())
        return "\n\n".join(self.out) + "\n"


def era_page(ruleset: Ruleset, *, sources: Mapping[str, Any] | None = None,
             glossary: Mapping[str, Any] | None = None, cases: Sequence[Mapping[str, Any]] = ()) -> str:
    """The rule book of one ruleset, as markdown."""
    return _Page(ruleset, sources, glossary, cases).render()


def scoring_table(ruleset: Ruleset, entry: Mapping[str, Any]) -> str:
    """One ``scoring.tables`` entry as the rule book draws it (rows, columns, the other scales)."""
    return _Page(ruleset, None, None, ()).table_markdown(entry)
