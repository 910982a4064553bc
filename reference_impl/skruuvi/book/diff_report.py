"""``skruuvi compare`` as text, markdown or JSON, every value through the book's formatter.

The diff itself is :func:`skruuvi.history.compare.compare_rulesets` (layer 2); this module (layer 3, the book's)
words it: a parameter's value as the rule book shows it ("×2 doubled, ×3 redoubled", *passimisääri*, "none"), a
scoring rule's formula as readable math with its payee and doubling in words, never a Python value or an expression.
``values_only`` leaves out the rules that differ only in their status or their sources.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..history.compare import TOPIC_TITLES, RuleDiff, RulesetDiff
from ..rules.readings import label
from ..rules.ruleset import Rule, Ruleset
from .comparison import compact
from .formula import render
from .values import Labels, plain_text, target

SIGN = {"changed": "~", "only-a": "-", "only-b": "+", "same": "="}
SCHEME_KEYS = ("when", "points", "to", "column", "multiplied")
DOUBLING = {True: "multiplies it", "winner": "multiplies the winner's points only", False: "does not multiply it",
            None: "does not multiply it"}


def value_difference(d: RuleDiff) -> bool:
    """Whether a rule differs in what it sets (or exists in one ruleset only), not only in status or sources."""
    return d.a is None or d.b is None or bool({"value", "param"} & set(d.changed))


def _scheme_part(rule: Rule, key: str, labels: Labels) -> str:
    raw = rule.raw
    if key in ("when", "points"):
        return render(raw[key], word=labels.key) if raw.get(key) is not None else "always"
    if key == "to":
        return target(raw.get("to"))
    if key == "column":
        return labels.word(raw["column"]) if raw.get("column") else "none"
    return DOUBLING.get(raw.get("multiplied"), str(raw.get("multiplied")))


def _scheme_words(rule: Rule, labels: Labels) -> str:
    raw = rule.raw
    text = f"{_scheme_part(rule, 'points', labels)} to {_scheme_part(rule, 'to', labels)}"
    if raw.get("when") is not None:
        text += f" when {_scheme_part(rule, 'when', labels)}"
    if raw.get("column"):
        text += f", {_scheme_part(rule, 'column', labels)}"
    if raw.get("multiplied") in (True, "winner"):
        text += f", doubling {_scheme_part(rule, 'multiplied', labels)}"
    return text


def what(rule: Rule) -> str:
    """What a rule sets, named in words: its parameter or table (``final min level``), else its title."""
    name = rule.param or rule.raw.get("name")
    return Labels().key(name) if name else str(rule.title or rule.id)


def value_words(rule: Rule, ruleset: Ruleset) -> str:
    """What a rule sets, in words: its value, its table, its formula, or its title for a rule that only describes."""
    labels = Labels([ruleset])
    raw = rule.raw
    if rule.param is not None:
        text = compact(rule.value, rule.param, labels)
    elif "name" in raw and isinstance(raw.get("value"), str) and rule.pointer.startswith("/scoring/derived/"):
        text = render(raw["value"], word=labels.key)
    elif "name" in raw and "value" in raw:
        text = compact(raw["value"], None, labels)
    elif "points" in raw:
        text = _scheme_words(rule, labels)
    else:
        return str(rule.title or rule.id)
    return plain_text(text)


def change_words(d: RuleDiff, diff: RulesetDiff) -> list[str]:
    """What differs in one rule present in both rulesets, each field in words (``before → after``)."""
    a, b = d.a, d.b
    assert a is not None and b is not None
    out = []
    if "value" in d.changed or "param" in d.changed:
        if "points" in a.raw or "points" in b.raw:
            la, lb = Labels([diff.a]), Labels([diff.b])
            for key in SCHEME_KEYS:
                if a.raw.get(key) != b.raw.get(key):
                    name = "doubling" if key == "multiplied" else "condition" if key == "when" else key
                    out.append(f"{name}: {plain_text(_scheme_part(a, key, la))} → "
                               f"{plain_text(_scheme_part(b, key, lb))}")
        else:
            named = what(a) if what(a) == what(b) else f"{what(a)} → {what(b)}"
            out.append(f"{named}: {value_words(a, diff.a)} → {value_words(b, diff.b)}")
    if "status" in d.changed:
        out.append(f"status: {a.status or 'none'} → {b.status or 'none'}")
    if "source" in d.changed:
        out.append(f"sources: {', '.join(a.source) or 'none'} → {', '.join(b.source) or 'none'}")
    return out


def _said(rule: Rule, ruleset: Ruleset) -> str:
    """A rule in one line: what it sets and its value in words; a scoring rule's title and formula; else its title."""
    if "points" in rule.raw:
        return f"{rule.title}: {value_words(rule, ruleset)}"
    if what(rule) != rule.title:
        return f"{what(rule)}: {value_words(rule, ruleset)}"
    return str(rule.title)


def _line(d: RuleDiff, diff: RulesetDiff) -> str:
    if d.kind == "only-a" and d.a is not None:
        return f"only in {label(diff.a)}: {_said(d.a, diff.a)}"
    if d.kind == "only-b" and d.b is not None:
        return f"only in {label(diff.b)}: {_said(d.b, diff.b)}"
    if d.kind == "same" and d.a is not None:
        return _said(d.a, diff.a)
    return "; ".join(change_words(d, diff))


def _topics(diff: RulesetDiff, include_same: bool, values_only: bool) -> dict[str, list[RuleDiff]]:
    out = {}
    for topic, diffs in diff.by_topic(include_same).items():
        kept = [d for d in diffs if not values_only or d.kind == "same" or value_difference(d)]
        if kept:
            out[topic] = kept
    return out


def _counts(diff: RulesetDiff) -> dict[str, int]:
    counts = diff.counts()
    provenance = sum(1 for d in diff.rules if d.kind == "changed" and not value_difference(d))
    return {**counts, "changed-value": counts["changed"] - provenance, "changed-provenance-only": provenance}


def _headline(diff: RulesetDiff, values_only: bool) -> str:
    a, b, c = diff.a, diff.b, _counts(diff)
    changed = (f"{c['changed']} rules changed ({c['changed-value']} in what they set, "
               f"{c['changed-provenance-only']} in their status or sources only"
               + (", not listed" if values_only else "") + ")")
    return (f"{label(a)} ({a.era}) → {label(b)} ({b.era}): {changed}, {c['same']} the same, "
            f"{c['only-a']} only in {label(a)}, {c['only-b']} only in {label(b)}")


def _columns(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def diff_text(diff: RulesetDiff, include_same: bool = False, values_only: bool = False) -> str:
    out = [_headline(diff, values_only), "  (~ changed, - only in the first, + only in the second, = the same)"]
    for topic, diffs in _topics(diff, include_same, values_only).items():
        out += ["", f"{TOPIC_TITLES.get(topic, topic)}:"]
        out += _columns([[SIGN[d.kind], d.id, _line(d, diff)] for d in diffs])
    params = [p for p in diff.params if p.a is not None and p.b is not None]
    if params:
        out += ["", "Set at the same place by differently named rules:"]
        out += _columns([[f"{Labels().key(p.param)}", f"{p.a.id}: {value_words(p.a, diff.a)}", "→",
                          f"{p.b.id}: {value_words(p.b, diff.b)}"] for p in params if p.a and p.b])
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def diff_markdown(diff: RulesetDiff, include_same: bool = False, values_only: bool = False) -> str:
    a, b = diff.a, diff.b
    out = [f"# {label(a)} ({a.era}) compared with {label(b)} ({b.era})", _headline(diff, values_only) + "."]
    for topic, diffs in _topics(diff, include_same, values_only).items():
        out += [f"## {TOPIC_TITLES.get(topic, topic)}",
                f"| | Rule | {a.era} | {b.era} | Difference |\n|---|---|---|---|---|\n" + "\n".join(
                    "| " + " | ".join(_cell(c) for c in [
                        SIGN[d.kind], f"`{d.id}`", value_words(d.a, a) if d.a else "—",
                        value_words(d.b, b) if d.b else "—",
                        "; ".join(change_words(d, diff)) if d.kind == "changed"
                        else d.kind.replace("-a", f" {a.era}").replace("-b", f" {b.era}")]) + " |" for d in diffs)]
    params = [p for p in diff.params if p.a is not None and p.b is not None]
    if params:
        out += ["## Set at the same place by differently named rules",
                f"| What | {a.era} | {b.era} |\n|---|---|---|\n" + "\n".join(
                    f"| {_cell(Labels().key(p.param))} | `{p.a.id}`: {_cell(value_words(p.a, a))} | "
                    f"`{p.b.id}`: {_cell(value_words(p.b, b))} |" for p in params if p.a and p.b)]
    return "\n\n".join(out) + "\n"


def diff_json(diff: RulesetDiff, include_same: bool = False, values_only: bool = False) -> dict[str, Any]:
    """The diff as data: each side's raw ``value`` (as the ruleset writes it) and its ``words`` (as the book says
    it), and for a changed rule the ``difference`` in words."""
    a, b = diff.a, diff.b

    def side(rule: Rule | None, rs: Ruleset, raw: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if rule is None or raw is None:
            return None
        return {**raw, "words": value_words(rule, rs)}

    base = diff.to_dict()
    raw_sides = {d["id"]: d for ds in base["topics"].values() for d in ds}
    topics = {}
    for topic, diffs in _topics(diff, include_same, values_only).items():
        rows = []
        for d in diffs:
            found = raw_sides.get(d.id) or {}
            row = {"id": d.id, "kind": d.kind, "changed": list(d.changed),
                   label(a): side(d.a, a, found.get(label(a)) or _raw_side(d.a)),
                   label(b): side(d.b, b, found.get(label(b)) or _raw_side(d.b))}
            if d.kind == "changed":
                row["difference"] = change_words(d, diff)
            rows.append(row)
        topics[topic] = rows
    return {"a": label(a), "b": label(b), "values_only": values_only, "counts": _counts(diff), "topics": topics,
            "params": base["params"]}


def _raw_side(rule: Rule | None) -> dict[str, Any] | None:
    """A rule's side as :meth:`RulesetDiff.to_dict` writes it (for the rules it leaves out: the same ones)."""
    if rule is None:
        return None
    out: dict[str, Any] = {"title": rule.title, "status": rule.status, "source": list(rule.source)}
    if rule.param is not None:
        out["param"] = rule.param
    if "value" in rule.raw:
        out["value"] = rule.value
    return out
