"""Comparing rulesets: which rules differ between eras, grouped by topic (``skruuvi compare``, the book).

:func:`compare_rulesets` diffs two rulesets by rule id (present in one only; the same id with a
different ``value``, ``param``, ``status`` or ``source``) and by parameter (the same parameter set at
the same place by rules of different ids, e.g. renamed rules). :func:`rule_matrix` is the same
comparison over any number of rulesets (the book's table). Every rule gets a topic from where it sits:
the mechanism of its phase, or its section (deal, forms, scoring, match); a few parameters name their
topic outright (:data:`PARAM_TOPIC`). Nothing here knows an era: everything comes from the rulesets.

Cross-era replay (the same deal under several rulesets) lives in :mod:`skruuvi.history.crossera`; its
:func:`~skruuvi.history.crossera.cross_era` is re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.readings import label
from ..rules.ruleset import Rule, Ruleset

TOPICS = ("deal", "auction", "exchanges", "doubling", "play", "scoring", "match")
TOPIC_TITLES = {
    "deal": "Deal and game forms", "auction": "Auction", "exchanges": "Exchanges", "doubling": "Doubling",
    "play": "Play", "scoring": "Scoring", "match": "Match", "other": "Other rules",
}
MECHANISM_TOPIC = {
    "auction": "auction", "kitty": "exchanges", "pair_swap": "exchanges", "partner_exchange": "exchanges",
    "defenders_exchange": "exchanges", "doubling": "doubling", "play": "play", "centre_deal": "deal",
}
SECTION_TOPIC = {"deal": "deal", "forms": "deal", "scoring": "scoring", "match": "match"}
# Parameters whose subject is another topic than the section they are written in.
PARAM_TOPIC = {"strain_order": "auction", "resets_running": "match", "multipliers": "doubling"}
FIELDS = ("param", "value", "status", "source")
SCHEME_KEYS = ("when", "points", "to", "column", "multiplied")


def phase_mechanism(ruleset: Ruleset, phase_id: str) -> str | None:
    """The mechanism of a phase of the ruleset document, following ``extends``."""
    phases = ruleset.raw.get("phases") or {}
    seen: set[str] = set()
    while phase_id in phases and phase_id not in seen:
        seen.add(phase_id)
        spec = phases[phase_id] or {}
        if spec.get("mechanism"):
            return str(spec["mechanism"])
        extends = spec.get("extends")
        if not isinstance(extends, str):
            return None
        phase_id = extends
    return None


def location(rule: Rule) -> tuple[str, str]:
    """``(section, name)`` of where a rule is written: ``("phases", "play")``, ``("forms", "kotka")``, ..."""
    parts = rule.pointer.strip("/").split("/")
    if parts[0] in ("phases", "forms") and len(parts) > 1:
        return parts[0], parts[1]
    if parts[0] == "scoring" and len(parts) > 1:
        return "scoring", parts[2] if parts[1] == "schemes" and len(parts) > 2 else parts[1]
    return parts[0], ""


def topic_of(ruleset: Ruleset, rule: Rule) -> str:
    """The comparison topic of a rule (one of :data:`TOPICS`, or ``other`` for unknown places)."""
    if rule.param in PARAM_TOPIC:
        return PARAM_TOPIC[rule.param]
    section, name = location(rule)
    if section == "phases":
        return MECHANISM_TOPIC.get(phase_mechanism(ruleset, name) or "", "other")
    return SECTION_TOPIC.get(section, "other")


def effective_value(rule: Rule) -> Any:
    """What a rule sets: its ``value``, or for a scoring-scheme rule its formula (when, points, to, ...)."""
    if "value" in rule.raw:
        return rule.value
    formula = {k: rule.raw[k] for k in SCHEME_KEYS if k in rule.raw}
    return formula or None


def _field(rule: Rule, name: str) -> Any:
    if name == "value":
        return effective_value(rule)
    if name == "source":
        return tuple(rule.source)
    return getattr(rule, name)


def changed_fields(a: Rule, b: Rule) -> tuple[str, ...]:
    return tuple(f for f in FIELDS if _field(a, f) != _field(b, f))


@dataclass(frozen=True, slots=True)
class RuleDiff:
    """One rule id across two rulesets; ``changed`` lists the fields that differ (empty: the same)."""

    id: str
    topic: str
    a: Rule | None
    b: Rule | None
    changed: tuple[str, ...] = ()

    @property
    def significance(self) -> int:
        """Sort key: value changes first, then rules of one ruleset only, status changes, source changes."""
        if "value" in self.changed or "param" in self.changed:
            return 0
        if self.a is None or self.b is None:
            return 1
        return 2 if "status" in self.changed else 3

    @property
    def kind(self) -> str:
        if self.a is None:
            return "only-b"
        if self.b is None:
            return "only-a"
        return "changed" if self.changed else "same"


@dataclass(frozen=True, slots=True)
class ParamDiff:
    """A parameter set at the same place in both rulesets by rules of different ids, with different values."""

    place: str
    param: str
    a: Rule | None
    b: Rule | None


def param_places(ruleset: Ruleset) -> dict[tuple[str, str], Rule]:
    """``(place, param) -> rule`` for every executable rule and scoring table of a ruleset."""
    out: dict[tuple[str, str], Rule] = {}
    for rule in ruleset.rules.values():
        section, name = location(rule)
        place = f"{section}/{name}" if name else section
        key = rule.param or (rule.raw.get("name") if section == "scoring" and name == "tables" else None)
        if key:
            out[(place, str(key))] = rule
    return out


@dataclass(frozen=True, slots=True)
class RulesetDiff:
    a: Ruleset
    b: Ruleset
    rules: tuple[RuleDiff, ...]
    params: tuple[ParamDiff, ...]

    @property
    def differences(self) -> tuple[RuleDiff, ...]:
        return tuple(d for d in self.rules if d.kind != "same")

    def by_topic(self, include_same: bool = False) -> dict[str, list[RuleDiff]]:
        """Topic -> its rule diffs, topics in :data:`TOPICS` order (``other`` last), empty topics left out."""
        groups: dict[str, list[RuleDiff]] = {}
        for d in self.rules:
            if include_same or d.kind != "same":
                groups.setdefault(d.topic, []).append(d)
        order = [*TOPICS, *sorted(t for t in groups if t not in TOPICS)]
        return {t: sorted(groups[t], key=lambda d: d.significance) for t in order if t in groups}

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(("changed", "same", "only-a", "only-b"), 0)
        for d in self.rules:
            counts[d.kind] += 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        def side(rule: Rule | None) -> dict[str, Any] | None:
            if rule is None:
                return None
            out: dict[str, Any] = {"title": rule.title, "status": rule.status, "source": list(rule.source)}
            if rule.param is not None:
                out["param"] = rule.param
            value = effective_value(rule)
            if value is not None:
                out["value"] = value
            return out

        return {
            "a": label(self.a), "b": label(self.b), "counts": self.counts(),
            "topics": {t: [{"id": d.id, "kind": d.kind, "changed": list(d.changed), label(self.a): side(d.a),
                            label(self.b): side(d.b)} for d in diffs] for t, diffs in self.by_topic().items()},
            "params": [{"place": p.place, "param": p.param,
                        label(self.a): None if p.a is None else {"rule": p.a.id, "value": p.a.value},
                        label(self.b): None if p.b is None else {"rule": p.b.id, "value": p.b.value}}
                       for p in self.params],
        }


def _ordered_ids(rulesets: Sequence[Ruleset]) -> list[str]:
    return list(dict.fromkeys(rid for rs in rulesets for rid in rs.rules))


def compare_rulesets(a: Ruleset, b: Ruleset) -> RulesetDiff:
    """The structured diff of two rulesets (rules by id, and parameters set by differently named rules)."""
    diffs = []
    for rid in _ordered_ids([a, b]):
        ra, rb = a.rules.get(rid), b.rules.get(rid)
        topic = topic_of(a, ra) if ra is not None else topic_of(b, rb)  # type: ignore[arg-type]
        changed = changed_fields(ra, rb) if ra is not None and rb is not None else ()
        diffs.append(RuleDiff(rid, topic, ra, rb, changed))
    pa, pb = param_places(a), param_places(b)
    params = []
    for key in dict.fromkeys([*pa, *pb]):
        ra, rb = pa.get(key), pb.get(key)
        # Set in one ruleset only, or by the same rule id: the rule diff reports it. Same value: no difference.
        if ra is None or rb is None or ra.id == rb.id or ra.value == rb.value:
            continue
        params.append(ParamDiff(key[0], key[1], ra, rb))
    return RulesetDiff(a, b, tuple(diffs), tuple(params))


@dataclass(frozen=True, slots=True)
class MatrixRow:
    """One rule id across many rulesets: ``rules[i]`` is the rule in ruleset ``i`` (or None)."""

    id: str
    topic: str
    rules: tuple[Rule | None, ...]
    differs: frozenset[str]  # fields that are not the same everywhere, plus "presence"

    @property
    def same(self) -> bool:
        return not self.differs


def rule_matrix(rulesets: Sequence[Ruleset]) -> list[MatrixRow]:
    """Every rule id of every ruleset, with the fields that differ between the rulesets that have it."""
    rows = []
    for rid in _ordered_ids(rulesets):
        rules = tuple(rs.rules.get(rid) for rs in rulesets)
        home = next(i for i, r in enumerate(rules) if r is not None)
        present = [r for r in rules if r is not None]
        differs = {f for f in FIELDS for r in present[1:] if _field(r, f) != _field(present[0], f)}
        if len(present) < len(rules):
            differs.add("presence")
        rows.append(MatrixRow(rid, topic_of(rulesets[home], present[0]), rules, frozenset(differs)))
    return rows


def rows_by_topic(rows: Iterable[MatrixRow]) -> dict[str, list[MatrixRow]]:
    groups: dict[str, list[MatrixRow]] = {}
    for row in rows:
        groups.setdefault(row.topic, []).append(row)
    order = [*TOPICS, *sorted(t for t in groups if t not in TOPICS)]
    return {t: groups[t] for t in order if t in groups}


def find_ruleset(name: str, known: Mapping[str, Ruleset]) -> Ruleset | None:
    """A ruleset by id, or by era (``2016``) when exactly one ruleset has that era."""
    if name in known:
        return known[name]
    by_era = [rs for rs in known.values() if rs.era == name]
    return by_era[0] if len(by_era) == 1 else None


from .crossera import CrossEra, EraReplay, Rejection, ScoreDiff, cross_era  # noqa: E402  (re-export)

__all__ = [
    "TOPICS",
    "CrossEra",
    "EraReplay",
    "MatrixRow",
    "ParamDiff",
    "Rejection",
    "RuleDiff",
    "RulesetDiff",
    "ScoreDiff",
    "compare_rulesets",
    "cross_era",
    "find_ruleset",
    "rows_by_topic",
    "rule_matrix",
    "topic_of",
]
