"""The comparison chapter: every rule id × era with the differences highlighted, and a generated summary per topic.

Everything shown comes from the rulesets (:mod:`skruuvi.history.compare`); ``spec/comparison.yaml`` may add a
short paragraph of prose per topic. What the chapter says an era plays is what it plays under the book's own
readings (:mod:`skruuvi.rules.reach`): a form, phase or rule reached only under another reading of the sources is
said to be so, in words. The prose and the lists of differences are written for a reader of the game's history
(values in words, no parameter names or rule ids); the folded tables of each topic are the apparatus, with the ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..history.compare import (
    MECHANISM_TOPIC,
    TOPIC_TITLES,
    MatrixRow,
    param_places,
    phase_mechanism,
    rows_by_topic,
    topic_of,
)
from ..history.concepts import ALL_PASS, concept_matrix, row_ids, where
from ..rules.reach import played_phases, reachable_forms
from ..rules.ruleset import Rule, Ruleset
from . import md
from .changes import change_story
from .features import all_pass_words, feature_table
from .formula import render
from .played import played_forms, reach_note
from .values import SPECIAL, Labels, count, param_name, plain, target

HERE = md.COMPARISON
MARK = {"value": '<span class="sk-diff-mark" title="the rule differs between the eras">≠</span>',
        "provenance": '<span class="sk-prov-mark" title="only the status or the sources differ">≈</span>',
        "same": '<span title="the same in every era">=</span>'}


def compact(value: Any, param: str | None = None, labels: Labels | None = None) -> str:
    """A value on one line: nested tables as ``trump: 5→25, 6→35; grandi: ...``, other values as the book shows them."""
    labels = labels or Labels()
    if param is not None and param in SPECIAL:  # a shape the formatter knows (procedures, stages, lead, ...)
        return labels.show(value, param)
    if isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
        return "; ".join(f"{labels.key(k)}: {compact(v, None, labels)}" for k, v in value.items())
    if isinstance(value, Mapping) and value and all(not isinstance(v, Mapping | list) for v in value.values()) \
            and param is None:
        return ", ".join(f"{labels.key(k)}→{labels.generic(v)}" for k, v in value.items())
    return labels.show(value, param)


def summary(rule: Rule, labels: Labels | None = None) -> str:
    """Markdown for what a rule sets: ``param: value``, a table, a formula, or nothing (documentation only)."""
    raw = rule.raw
    labels = labels or Labels()
    if rule.param is not None:
        return f"`{rule.param}`: {md.cell(compact(rule.value, rule.param, labels))}"
    if "name" in raw and isinstance(raw.get("value"), str) and rule.pointer.startswith("/scoring/derived/"):
        return f"{str(raw['name']).replace('_', ' ')} = {md.cell(render(raw['value'], word=labels.key))}"
    if "name" in raw and "value" in raw:
        return f"{str(raw['name']).replace('_', ' ')}: {md.cell(compact(raw['value'], None, labels))}"
    if "points" in raw:
        when = f" when {render(raw['when'], word=labels.key)}" if raw.get("when") is not None else ""
        mult = {True: ", doubling multiplies it", "winner": ", doubling multiplies the winner's points"}.get(
            raw.get("multiplied"), "")
        column = f", {labels.word(raw['column'])}" if raw.get("column") else ""
        return md.cell(f"{render(raw['points'], word=labels.key)} to {target(raw.get('to'))}{when}{column}{mult}")
    return "*(described only)*"


def said(rule: Rule, labels: Labels | None = None) -> str:
    """What a rule sets, in words for a reader: :func:`summary` without the parameter's name (its value, its table or
    its formula, with whom it pays)."""
    labels = labels or Labels()
    raw = rule.raw
    if rule.param is not None:
        return md.cell(compact(rule.value, rule.param, labels))
    if "name" in raw and isinstance(raw.get("value"), str) and rule.pointer.startswith("/scoring/derived/"):
        return md.cell(render(raw["value"], word=labels.key))
    if "name" in raw and "value" in raw:
        return md.cell(compact(raw["value"], None, labels))
    return summary(rule, labels)


def mark(row: MatrixRow) -> str:
    if row.differs & {"value", "param", "presence"}:
        return MARK["value"]
    return MARK["provenance"] if row.differs else MARK["same"]


def _era_cell(row: MatrixRow, rule: Rule | None, rs: Ruleset, sources: Mapping[str, Any] | None) -> str:
    if rule is None:
        return '<span class="sk-absent" title="not in this ruleset">—</span>'

    def hi(text: str, fields: set[str]) -> str:
        return f'<span class="sk-diff">{text}</span>' if row.differs & fields else text

    value = hi(summary(rule, Labels([rs])), {"value", "param", "presence"})
    if len(row_ids(row)) > 1:
        value = f"`{rule.id}`<br>*{rule.title}*<br>{value}"
    elif len({r.title for r in row.rules if r is not None}) > 1:  # each era's own title, none labels the row
        value = f"*{rule.title}*<br>{value}"
    status = hi(md.badge(rule.status), {"status"})
    src = hi(md.source_links(rule.source, HERE, sources), {"source"})
    return f"{value}<br>{status} {src} " + md.link("§", HERE, md.rules_page(rs.id), rule.id)


def rule_table(rows: Sequence[MatrixRow], rulesets: Sequence[Ruleset], sources: Mapping[str, Any] | None) -> str:
    header = ["Rule", *[f"{rs.era} (`{rs.id}`)" for rs in rulesets]]
    body = []
    for row in rows:
        ids = row_ids(row)
        titles = list(dict.fromkeys(r.title for r in row.rules if r is not None))
        if len(ids) > 1:
            name = f"{concept_label(row, rulesets)}<br>one concept, {len(ids)} rule ids"
        elif len(titles) == 1:
            name = f"`{ids[0]}`<br>{titles[0]}"
        else:  # the eras title the rule differently: it is named by what it sets, each era's title in its cell
            label = concept_label(row, rulesets)
            name = f"`{ids[0]}`" + (f"<br>{label}" if not label.startswith("`") else "")
        body.append([f"{mark(row)} {name}",
                     *[_era_cell(row, rule, rs, sources) for rule, rs in zip(row.rules, rulesets, strict=True)]])
    return f'<div class="sk-compare" markdown>\n\n{md.table(header, body)}\n\n</div>'  # long words break on a phone


# --- the generated summary of a topic ---------------------------------------------------------------


def _rule_link(rs: Ruleset, rule: Rule, text: str | None = None) -> str:
    return md.link(text or f"`{rule.id}`", HERE, md.rules_page(rs.id), rule.id)


def _by_era(parts: Sequence[tuple[Ruleset, str]]) -> str:
    return "; ".join(f"**{rs.era}** {text}" for rs, text in parts)


def concept_label(row: MatrixRow, rulesets: Sequence[Ruleset] = ()) -> str:
    """What a row sets, in words (its parameter or table name, and for a rule of a phase or a form which one,
    named neutrally: "the partner exchange of the all-pass form"), or its ids when it sets nothing."""
    rule = next(r for r in row.rules if r is not None)
    what = rule.param or rule.raw.get("name")
    if not what:
        return ", ".join(f"`{i}`" for i in row_ids(row))
    return _placed(Labels().key(what).capitalize(), row, rulesets)


def reader_label(row: MatrixRow, rulesets: Sequence[Ruleset] = ()) -> str:
    """A difference's label for a reader: what it settles in words (:func:`skruuvi.book.values.param_name`) and where,
    named neutrally ("the all-pass form"); for a rule that sets nothing named, its title, or each era's title where
    they differ. No era's id."""
    rule = next(r for r in row.rules if r is not None)
    what = rule.param or rule.raw.get("name")
    if not what:
        return " / ".join(dict.fromkeys(r.title for r in row.rules if r is not None))
    text = param_name(what)
    return _placed(text[:1].upper() + text[1:], row, rulesets)


def _placed(text: str, row: MatrixRow, rulesets: Sequence[Ruleset]) -> str:
    """``text`` with the place of the row's rule in words: the phase's mechanism and the form (``(auction of
    *alkupeli*)``), the all-pass form named as such, nothing for a rule of no phase or form."""
    home, rule = next((i, r) for i, r in enumerate(row.rules) if r is not None)
    place = where(rulesets[home], rule) if home < len(rulesets) else None
    if place is None:
        return text
    mechanism, form = place
    form_words = "the all-pass form" if form == ALL_PASS else f"*{Labels().word(form)}*" if form else ""
    if mechanism and form_words:
        return f"{text} ({plain(mechanism)} of {form_words})"
    return f"{text} ({plain(mechanism) or form_words})"


def _era_link(rs: Ruleset, rule: Rule) -> str:
    return md.link(f"**{rs.era}**", HERE, md.rules_page(rs.id), rule.id)


def value_changes(rows: Sequence[MatrixRow], rulesets: Sequence[Ruleset]) -> list[str]:
    """One line per rule two or more eras share with different values: what it settles, then each era's value in
    words, the era linked to its rule."""
    out = []
    for row in rows:
        present = [(rs, r) for rs, r in zip(rulesets, row.rules, strict=True) if r is not None]
        if len(present) < 2 or not row.differs & {"value", "param"}:
            continue
        parts = [f"{_era_link(rs, r)} {said(r, Labels([rs]))}{reach_note(rs, r)}" for rs, r in present]
        out.append(f"{reader_label(row, rulesets)}: " + "; ".join(parts))
    return out


def renamed_params(topic: str, rulesets: Sequence[Ruleset], rows: Sequence[MatrixRow] = ()) -> list[str]:
    """Parameters set at the same place by differently named rules, with different values, where the rules
    are not already one concept on one row of ``rows``."""
    places = [param_places(rs) for rs in rulesets]
    together = [{id(r) for r in row.rules if r is not None} for row in rows]
    out = []
    for key in dict.fromkeys(k for p in places for k in p):
        found = [(rs, p[key]) for rs, p in zip(rulesets, places, strict=True) if key in p]
        ids = {r.id for _, r in found}
        values = [r.value for _, r in found]
        if len(found) < 2 or len(ids) < 2 or all(v == values[0] for v in values):
            continue
        if any({id(r) for _, r in found} <= group for group in together):
            continue
        if topic_of(found[0][0], found[0][1]) != topic:
            continue
        parts = [f"{_era_link(rs, r)} {said(r, Labels([rs]))}{reach_note(rs, r)}" for rs, r in found]
        name = param_name(key[1])
        out.append(f"{name[:1].upper() + name[1:]} ({plain(key[0].split('/')[-1])}), in rules the eras word "
                   "differently: " + "; ".join(parts))
    return out


def presence(rows: Sequence[MatrixRow], rulesets: Sequence[Ruleset]) -> list[str]:
    groups: dict[tuple[int, ...], list[str]] = {}
    for row in rows:
        have = tuple(i for i, r in enumerate(row.rules) if r is not None)
        if len(have) < len(rulesets):
            rs, rule = rulesets[have[0]], row.rules[have[0]]
            assert rule is not None
            groups.setdefault(have, []).append(_rule_link(rs, rule, rule.title) + reach_note(rs, rule))
    return [f"Only in {' and '.join(rulesets[i].era for i in have)}: " + ", ".join(links)
            for have, links in groups.items()]


def form_phases(topic: str, rulesets: Sequence[Ruleset]) -> list[str]:
    """Per era, the phases of this topic that each game form plays (e.g. which exchanges a form has), for the forms
    a deal can be in under the era's own readings."""
    parts = []
    for rs in rulesets:
        per_form = []
        for form in played_forms(rs):
            names = [str(((rs.raw.get("phases") or {}).get(p.id) or {}).get("label", {}).get("en", p.id))
                     for p in played_phases(rs, form.name) if topic_of_phase(rs, p.id) == topic]
            if names:
                per_form.append(f"*{Labels([rs]).word(form.name)}*: {', '.join(names)}")
        if per_form:
            parts.append((rs, "; ".join(per_form)))
    return [f"Phases by game form: {_by_era(parts)}"] if parts else []


def topic_of_phase(rs: Ruleset, phase_id: str) -> str:
    return MECHANISM_TOPIC.get(phase_mechanism(rs, phase_id) or "", "other")


def _param_rule(rs: Ruleset, param: str) -> Rule | None:
    return next((r for r in rs.rules.values() if r.param == param), None)


def multiplier_use(rulesets: Sequence[Ruleset]) -> list[str]:
    """How each era's multipliers apply: to which scoring rules, always or only for the deal's winner."""
    parts = []
    for rs in rulesets:
        rule = _param_rule(rs, "multipliers")
        if rule is None:
            continue
        modes: dict[Any, list[Rule]] = {}
        for r in rs.rules.values():
            if r.raw.get("multiplied") in (True, "winner"):
                modes.setdefault(r.raw["multiplied"], []).append(r)
        text = f"{_rule_link(rs, rule, compact(rule.value, 'multipliers', Labels([rs])))}"
        for mode, rules in modes.items():
            columns = sorted({str(r.raw.get("column")) for r in rules if r.raw.get("column")})
            whose = "the deal winner's points only" if mode == "winner" else "every side's points"
            where = f" ({', '.join(columns)} the line)" if columns else ""
            text += f" on {whose}{where} of: " + ", ".join(_rule_link(rs, r, r.title) for r in rules)
        parts.append((rs, text))
    return [f"Multipliers: {_by_era(parts)}"] if parts else []


def _scheme_phrase(rs: Ruleset, labels: Labels, form: Any) -> str:
    """How a game form is scored: by its scheme, or not at all (a form with an empty or no scheme; a form without
    phases is a deal thrown in)."""
    name = f"*{labels.word(form.name)}*" if form.phases else "a deal thrown in"
    if not ((rs.raw.get("scoring") or {}).get("schemes") or {}).get(form.scheme):
        return f"{name} scores nothing"
    return f"{name} scored as " + ("a contract" if form.scheme == "contract" else labels.word(form.scheme))


def score_sheet(rulesets: Sequence[Ruleset]) -> list[str]:
    parts = []
    for rs in rulesets:
        receive = _param_rule(rs, "defenders_receive")
        labels = Labels([rs])
        cols = ("one score per deal" if rs.columns == ("deal",)
                else "points " + " and ".join(labels.word(c) for c in rs.columns))
        reached = reachable_forms(rs)
        schemes = ", ".join(_scheme_phrase(rs, labels, f) for f in rs.forms.values() if f.name in reached)
        text = f"{cols}; the defenders receive " + (
            _rule_link(rs, receive, labels.word(receive.value)) if receive else "(not stated)") + f"; {schemes}"
        parts.append((rs, text))
    return [f"Score sheet: {_by_era(parts)}"]


def form_sizes(rulesets: Sequence[Ruleset]) -> list[str]:
    """The forms dealt, with their hands; what an all-pass turns a deal into; a form played only under another
    reading of the sources, said so."""
    parts = []
    for rs in rulesets:
        labels = Labels([rs])
        forms = [f"*{labels.word(f.name)}* ({f.params['hand_size']} cards each, "
                 f"{count(int(f.params.get('centre_cards') or 0), 'centre card')})"
                 for f in rs.forms.values() if f.dealt]
        parts.append((rs, "; ".join([", ".join(forms), *all_pass_words(rs)])))
    return [f"Game forms: {_by_era(parts)}"]


def match_structure(rulesets: Sequence[Ruleset]) -> list[str]:
    parts = []
    for rs in rulesets:
        if rs.match is None:
            parts.append((rs, "no match section: every deal is scored on its own"))
            continue
        stages = rs.match.params.get("stages") or []
        shown = Labels([rs]).show(stages, "stages")
        threshold = rs.match.params.get("game_threshold")
        game = (f"a game at {threshold} below the line" if threshold is not None
                else "no game below the line (every deal counts on its own)")
        parts.append((rs, f"{game}; a set is {shown}"))
    return [f"Match: {_by_era(parts)}"]


EXTRA: dict[str, Callable[[Sequence[Ruleset]], list[str]]] = {
    "deal": form_sizes, "doubling": multiplier_use, "scoring": score_sheet, "match": match_structure,
}


def topic_summary(topic: str, rows: Sequence[MatrixRow], rulesets: Sequence[Ruleset]) -> list[str]:
    """The generated lines of a topic: its overview, its phases per form, value changes, renames, presence."""
    extra = EXTRA[topic](rulesets) if topic in EXTRA else []
    return [*extra, *form_phases(topic, rulesets), *value_changes(rows, rulesets),
            *renamed_params(topic, rulesets, rows),
            *presence(rows, rulesets)]


def comparison_page(rulesets: Sequence[Ruleset], notes: Mapping[str, Any] | None = None,
                    sources: Mapping[str, Any] | None = None) -> str:
    """The rule id × era chapter, grouped by topic, with a generated summary of each topic."""
    rulesets = sorted(rulesets, key=lambda r: (r.era, r.id))
    prose = (notes or {}).get("topics") or {}
    out = ["# Comparing the eras",
           "How the game changed from era to era. The chapter opens with the story of what changed, then sets the "
           "eras side by side at a glance, both as this book reads each era's sources; where a source can be read "
           "another way, they say so. Then, topic by topic, come a short account, a list of the differences, and, "
           "folded away for the reader who wants them, the rules of each era side by side, each with how firmly the "
           "sources give it, its sources and a link (§) to it in that era's rule book. In those tables "
           + MARK["value"] + " marks a rule that differs between the eras or that only some eras have (the "
           "difference is " + '<span class="sk-diff">marked</span>), ' + MARK["provenance"] + " a rule the eras "
           "share whose sources or standing differ, " + MARK["same"] + " a rule the same in every era. "
           + md.link("Cross-era replay", HERE, md.CROSS_ERA) + " plays the same deals under each era's rules."]
    if len(rulesets) < 2:
        out.append(md.admonition("note", "Only one era",
                                 "A comparison needs at least two rulesets in `spec/rulesets/`."))
    out += change_story(rulesets)
    if len(rulesets) >= 2:
        out += ["## The eras at a glance {#features}",
                "What each era plays, as this book reads its sources; every cell links to the rule, game form or "
                "phase it comes from. The rules themselves follow, topic by topic.",
                feature_table(rulesets)]
    groups = rows_by_topic(concept_matrix(rulesets)) if rulesets else {}
    counts = []
    for topic, rows in groups.items():
        shared = [r for r in rows if sum(1 for x in r.rules if x is not None) >= 2]
        n_val = sum(1 for r in shared if r.differs & {"value", "param"})
        renamed = sum(1 for r in rows if len(row_ids(r)) > 1)
        counts.append([md.link(TOPIC_TITLES.get(topic, topic), HERE, HERE, f"topic-{topic}"), len(rows),
                       len(rows) - len(shared), n_val, len(shared) - n_val, renamed])
    if counts:
        out += ["## Rules by topic {#counts}",
                "How many rules each topic has (where the eras' rule books word a rule differently but it settles "
                "the same thing, e.g. the centre cards of an all-pass deal, it counts once); how many only one era "
                "has; and, of those two or more eras share, how many differ " + MARK["value"] + " and how many "
                "are the same " + MARK["same"] + " (their sources or standing may still differ). The last column "
                "counts the rules the eras' rule books name differently.",
                md.table(["Topic", "Rules", "In one era only", "Shared, differing " + MARK["value"],
                          "Shared, the same " + MARK["same"], "Named differently"], counts)]
    for topic, rows in groups.items():
        out.append(f"## {TOPIC_TITLES.get(topic, topic)} {{#topic-{topic}}}")
        if prose.get(topic):
            out.append(str(prose[topic]).strip())
        lines = topic_summary(topic, rows, rulesets)
        if lines:
            out += [f"### What changed {{#changes-{topic}}}", "\n".join(f"- {md.cell(x)}" for x in lines)]
        out += [f"### Rules {{#rules-{topic}}}",  # folded: the story and the summary above are read first
                f'<details class="sk-fold" markdown="1">\n<summary>The {len(rows)} rules of this topic, era by era'
                f"</summary>\n\n{rule_table(rows, rulesets, sources)}\n\n</details>"]
    return "\n\n".join(out) + "\n"
