"""What an engine declares at ``start``: the readings it plays by and the features it supports (DESIGN §6).

The answer to ``start`` may carry, in its ``implementation`` object, per ruleset id::

    "readings": {"skruuvi-2016": {"passimisaari.return-order": "reverse"}},
    "features": {"skruuvi-2016": ["form:alkupeli", "phase:play", "match"]}

Both are optional, and an engine that declares neither is run exactly as before. ``readings`` are the
readings of rules the engine plays by (each value the rule's own or one of its listed alternatives; the
set must hold together as ``skruuvi validate`` requires); ``features`` is the closed list of feature
tags (:mod:`skruuvi.suite.features.features`) it supports for that ruleset. A ruleset without a ``features`` entry
supports every feature, but ``legal-actions``, which must be listed (the cases asking SCP/1 ``legal``).

:func:`check_declarations` validates a start answer (a bad declaration fails the start with one line);
:class:`Plan` then decides, for each case, before it is sent: ``unsupported`` (with the reason) when the
engine does not declare the case's ruleset or a feature the case needs (``case-readings`` is needed only by a
case that pins a reading the engine does not play by: a case pinning exactly what the engine declares, or a
rule's own value the engine does not declare otherwise, is sent without it), or when the case pins a reading of
a rule the engine declares otherwise and the engine does not declare ``case-readings``; else the case to
send, whose expectation is worked out by the reference under the declared readings (the case's own pinned
readings on top) wherever those change the ruleset the case is played under.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...rules.errors import InputError, RulesetError
from ...rules.readings import alternative_for, resolve_values, rule_field, ruleset_under, with_readings
from ...rules.ruledoc import rule_entries
from ...rules.ruleset import Ruleset, available_rulesets, get_ruleset
from ..cases.cases import Case
from ..features.feature_cache import every_feature
from ..features.features import CASE_READINGS, LEGAL_ACTIONS, PLAYED_UNDER, asks_legal, case_features, feature_tags
from ..scp.protocol import ProtocolError
from .played_under import played_under_reason


class DeclarationError(ProtocolError):
    """A declaration in the start answer that cannot be honoured; the text is one line saying which."""


class UnlistedReading(DeclarationError):
    """A reading whose value is neither the rule's own nor one of its listed alternatives."""


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _known_rulesets() -> set[str]:
    return set(available_rulesets())


def _check_reading(ruleset: Ruleset, rule_id: str, value: Any, entries: Mapping[str, Any],
                   together: Mapping[str, Any] | None = None) -> Any:
    """The declared ``value`` of ``rule_id`` as the ruleset holds it (among the readings declared ``together``,
    which an alternative's ``requires:`` may name); :class:`DeclarationError` unless it is the rule's own value or
    one of its listed alternatives."""
    entry = entries.get(rule_id)
    if entry is None:
        raise DeclarationError(f"no rule {rule_id!r} in {ruleset.id}")
    try:
        resolved = resolve_values(ruleset, {**(together or {}), rule_id: value})[rule_id]
    except RulesetError as exc:
        raise DeclarationError(exc.reason) from None
    if resolved != entry.get(rule_field(entry)) and alternative_for(entry, resolved) is None:
        listed = [a["value"] for a in entry.get("alternatives") or () if isinstance(a, dict) and "value" in a]
        raise UnlistedReading(f"{rule_id}={_show(value)} is neither the rule's value nor one of its "
                              f"alternatives ({', '.join(_show(v) for v in listed) or 'none listed'})")
    return resolved


def unlisted(readings: Mapping[str, Any], rulesets: Iterable[str] | None = None) -> str | None:
    """The first reading of ``readings`` (``{rule id: value}``) whose value a ruleset that has the rule does not
    list (neither the rule's own value nor one of its alternatives), in the words of the start answer's check
    (``readings of RULESET: RULE=VALUE is neither ...``), or None; among ``rulesets`` (default: all). The same
    readings are thus accepted, or refused with the same line, by ``replay --reading`` (for a record of that
    ruleset), ``serve --reading`` and a start answer that declares them. A value the ruleset cannot use at all is
    left to the commands' own checks."""
    for rid in available_rulesets() if rulesets is None else rulesets:
        ruleset = get_ruleset(rid)
        entries = _entries_by_id(ruleset)
        for rule_id, value in readings.items():
            if rule_id not in entries:
                continue
            try:
                _check_reading(ruleset, rule_id, value, entries)
            except UnlistedReading as exc:
                return f"readings of {rid}: {exc}"
            except DeclarationError:
                continue
    return None


def _entries_by_id(ruleset: Ruleset) -> dict[str, Any]:
    return {entry["id"]: entry for _, entry in rule_entries(dict(ruleset.raw)) if isinstance(entry.get("id"), str)}


def _declared_readings(rid: str, readings: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """One ruleset's declared readings, checked: all of them (as the ruleset holds the values), and those
    that change a rule (the others name the rule's own value)."""
    if not isinstance(readings, dict):
        raise DeclarationError(f"readings of {rid} must be an object {{rule id: value}}")
    ruleset = get_ruleset(rid)
    entries = _entries_by_id(ruleset)
    every: dict[str, Any] = {}
    changed: dict[str, Any] = {}
    for rule_id, value in readings.items():
        try:
            resolved = _check_reading(ruleset, rule_id, value, entries, readings)
        except DeclarationError as exc:
            raise DeclarationError(f"readings of {rid}: {exc}") from None
        every[rule_id] = resolved
        if resolved != entries[rule_id].get(rule_field(entries[rule_id])):
            changed[rule_id] = resolved
    try:
        resolve_values(ruleset, changed)  # the set must hold together (an alternative's requires and excludes)
        ruleset_under(rid, changed)  # and compile
    except RulesetError as exc:
        raise DeclarationError(f"readings of {rid}: {exc.reason}") from None
    return every, changed


def ruleset_tags(rid: str) -> list[str]:
    """Every feature tag of ruleset ``rid``, as ``skruuvi serve`` declares them: from the feature-tag cache
    (:func:`~skruuvi.suite.features.feature_cache.every_feature`, keyed by the sha256 of the ruleset file: no compiling,
    no JSON Schema), else worked out of the compiled ruleset (with its :class:`InputError` when it does not load)."""
    tags = every_feature([rid]).get(rid)
    return tags if tags is not None else feature_tags(get_ruleset(rid))


def _declared_features(rid: str, tags: Any) -> frozenset[str]:
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise DeclarationError(f"features of {rid} must be a list of feature tags (strings)")
    known = ruleset_tags(rid)
    unknown = [t for t in tags if t not in known]
    if unknown:
        raise DeclarationError(f"features of {rid}: unknown feature tag {unknown[0]!r} (the tags of {rid}: "
                               f"{', '.join(known)})")
    return frozenset(tags)


@dataclass(frozen=True)
class Declarations:
    """The checked declarations of one engine: its rulesets, and per ruleset its readings (``readings``: all
    it declares, ``changes``: those that change a rule) and, when declared, its features."""

    rulesets: frozenset[str]
    readings: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    features: Mapping[str, frozenset[str]] = field(default_factory=dict)
    changes: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def declares_anything(self) -> bool:
        return bool(self.readings or self.features)


def _per_ruleset(impl: Mapping[str, Any], key: str, rulesets: list[str]) -> dict[str, Any]:
    value = impl.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise DeclarationError(f"implementation.{key} must be an object {{ruleset id: ...}}")
    for rid in value:
        if rid not in rulesets:
            raise DeclarationError(f"implementation.{key} names {rid!r}, which is not among the engine's "
                                   f"rulesets ({', '.join(rulesets) or 'none'})")
        if rid not in _known_rulesets():
            raise DeclarationError(f"implementation.{key} names {rid!r}, a ruleset this suite does not have")
    return value


def check_declarations(header: Mapping[str, Any]) -> Declarations:
    """The declarations of a start answer (already shape-checked by
    :func:`~skruuvi.suite.scp.protocol.check_header`), or :class:`DeclarationError` with one line saying what
    cannot be honoured: a ruleset that is not the engine's or not the suite's, an unknown rule, a value that
    is neither the rule's own nor a listed alternative, readings that cannot hold together, an unknown tag."""
    impl = header["implementation"]
    rulesets = list(impl["rulesets"])
    readings = _per_ruleset(impl, "readings", rulesets)
    features = _per_ruleset(impl, "features", rulesets)
    try:
        checked = {rid: _declared_readings(rid, value) for rid, value in readings.items()}
        return Declarations(
            frozenset(rulesets), {rid: every for rid, (every, _) in checked.items() if every},
            {rid: _declared_features(rid, value) for rid, value in features.items()},
            {rid: changed for rid, (_, changed) in checked.items() if changed})
    except InputError as exc:  # a ruleset that does not load: the suite's problem, said in one line
        raise DeclarationError(f"cannot check the declarations: {exc}") from None


def _readings_text(readings: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_show(v)}" for k, v in readings.items())


#: Sets of readings whose compiled rulesets a :class:`Plan` keeps (the cache starts again past it).
_PLAYED_KEPT = 256


def _key(readings: Mapping[str, Any]) -> str:
    return json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr)


@dataclass
class Plan:
    """Decides each case before it is sent (see the module docstring). ``judged`` counts the cases judged
    against the expectation the reference works out under the declared readings, because it differs from
    the case file's; ``same`` the cases under declared readings whose expectation stays as it is."""

    declarations: Declarations
    judged: int = 0
    same: int = 0
    _tags: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _played: dict[tuple[str, str, str], tuple[Ruleset, Ruleset] | InputError] = field(default_factory=dict,
                                                                                     repr=False)
    _reads: bool | None = field(default=None, repr=False)

    @property
    def reads_records(self) -> bool:
        """Whether deciding a case reads more of it than its ruleset and ``expect``: only when the engine
        declares readings, or fewer than every feature tag of a ruleset. An engine that declares every feature
        (as the reference does) and no reading gets every case as it stands, so the runner need not parse
        the case back (:meth:`~skruuvi.suite.cases.spool.CaseSpool.cases`)."""
        if self._reads is None:
            decl = self.declarations
            self._reads = any(decl.readings.values()) or any(decl.changes.values()) or any(
                tags is not None and not tags >= self._every(rid) for rid, tags in decl.features.items())
        return self._reads

    def _every(self, rid: str) -> frozenset[str]:
        if rid not in self._tags:
            self._tags[rid] = frozenset(ruleset_tags(rid))
        return self._tags[rid]

    def _rulesets(self, rid: str, applying: dict[str, Any], own: dict[str, Any]) -> tuple[Ruleset, Ruleset]:
        """``(base, played)``: the ruleset under the readings applied and, on top, the case's own; compiled once
        per set of readings (a suite pins the same few again and again) and the :class:`InputError` of a set
        that cannot be compiled kept as well. At most :data:`_PLAYED_KEPT` sets are kept."""
        key = (rid, _key(applying), _key(own))
        found = self._played.get(key)
        if found is None:
            try:
                base = ruleset_under(rid, applying)
                found = (base, with_readings(base, own) if own else base)
            except InputError as exc:
                found = exc
            if len(self._played) >= _PLAYED_KEPT:
                self._played.clear()
            self._played[key] = found
        if isinstance(found, InputError):
            raise found
        return found

    def __call__(self, case: Case) -> Case | str:
        """The case to send (its expectation re-derived where the declared readings matter), or the reason
        it is unsupported."""
        decl = self.declarations
        if case.ruleset not in decl.rulesets:
            return f"the engine does not declare ruleset {case.ruleset}"
        if asks_legal(case.record) and LEGAL_ACTIONS not in decl.features.get(case.ruleset, ()):
            return f"needs feature {LEGAL_ACTIONS}, which the engine does not declare for {case.ruleset}"
        if case.record.get(PLAYED_UNDER) is True:
            reason = played_under_reason(case, decl.features, decl.readings)
            if reason is not None:
                return reason
        if not decl.declares_anything or not self.reads_records:
            return case
        own = case.record.get("readings") or {}
        try:
            own = resolve_values(get_ruleset(case.ruleset), own) if isinstance(own, dict) and own else {}
        except InputError:
            return case  # readings the case itself cannot pin: judged as it stands (the reference says why)
        declared = dict(decl.readings.get(case.ruleset, {}))
        features = decl.features.get(case.ruleset)
        if features is not None and features >= self._every(case.ruleset):
            features = None  # every tag of the ruleset: nothing to derive
        honours_own = features is None or CASE_READINGS in features
        clash = [k for k in own if k in declared and own[k] != declared[k]]
        if clash and not honours_own:
            return (f"the case pins {clash[0]}={_show(own[clash[0]])}, the engine declares "
                    f"{clash[0]}={_show(declared[clash[0]])} and does not declare {CASE_READINGS}")
        from ..features.variants import (  # (the interpreter: for declared readings only)
            VARIANT_JUSTIFICATION,
            expect_under,
        )

        applying = {k: v for k, v in decl.changes.get(case.ruleset, {}).items() if k not in own}
        justification = case.record.get("justification")
        if isinstance(justification, dict) and justification.get("kind") == VARIANT_JUSTIFICATION:
            applying = {}  # --ruleset RULESET:VARIANT already chose the readings to judge this case under
        if features is None and not applying:
            return case  # nothing to derive, no feature to check: judged as it stands, as an engine declaring nothing
        try:
            base, ruleset = self._rulesets(case.ruleset, applying, own)
        except InputError as exc:
            return f"no expectation under the declared readings: {exc}"
        if features is not None:
            missing = sorted(case_features(case.record, ruleset) - features)
            if CASE_READINGS in missing and self._plays(case.ruleset, own, declared):
                missing.remove(CASE_READINGS)  # it pins only readings the engine plays by: nothing to honour
            if missing:
                return f"needs feature {', '.join(missing)}, which the engine does not declare for {case.ruleset}"
        if not applying:
            return case
        try:
            derived = expect_under(case, base)
        except InputError as exc:
            return f"no expectation under the declared readings: {exc}"
        from ..features.coverage import case_coverage  # (as expect_under: for declared readings only)

        covered = case_coverage(derived.record, ruleset)  # the rules that decide it under the readings
        if derived.expect == case.expect:
            self.same += 1  # the declared readings change nothing here: judged by its file, as it stands
            return replace(case, coverage=covered)
        note = f"expect derived under readings {_readings_text(applying)}" + \
            (f" (the case's own {_readings_text(own)} on top)" if own else "")
        self.judged += 1
        return replace(derived, judged_under=dict(applying), coverage=covered,
                       record={**derived.record, "justification": {"kind": "reference-under-readings",
                                                                   "note": note}})

    def _plays(self, rid: str, own: Mapping[str, Any], declared: Mapping[str, Any]) -> bool:
        """Whether the engine plays by every reading ``own`` pins: the value it declares for the rule, or the
        rule's own value where it declares none."""
        entries = _entries_by_id(get_ruleset(rid))
        for rule_id, value in own.items():
            entry = entries.get(rule_id)
            played = declared[rule_id] if rule_id in declared else (
                entry.get(rule_field(entry)) if entry is not None else None)
            if entry is None or played != value:
                return False
        return True

    def summary(self) -> str:
        """``32 judged under the engine's declared readings (240 more expect the same under them)``, or ``""``
        when no reading the engine declares changes a rule."""
        if not self.declarations.changes:
            return ""
        return (f"{self.judged} judged under the engine's declared readings ({self.same} more expect the same "
                f"under them)")

    def counts(self) -> dict[str, int] | None:
        """``{"cases": judged, "same": same}`` for the report's summary, None when no declared reading changes
        a rule."""
        return {"cases": self.judged, "same": self.same} if self.declarations.changes else None


def plan_for(header: Mapping[str, Any]) -> Plan:
    """The :class:`Plan` of an engine's start answer (its declarations checked)."""
    return Plan(check_declarations(header))


# ---------------------------------------------------------------------------------------------------
# The reference engine's side: what ``skruuvi serve --reading/--variant [--features]`` declares


def serve_declarations(readings: Mapping[str, Any], variants: Mapping[str, Ruleset],
                       features: list[str] | None = None) -> dict[str, Any]:
    """The ``implementation`` keys the reference engine declares when it plays under ``readings`` (on every
    ruleset, on top of ``variants``, one per ruleset id) and supports only ``features`` (None: all):
    ``rulesets`` (those whose rules all hold the readings as their own value or a listed alternative),
    ``readings`` per ruleset (the explicit
    values, e.g. a rule's first alternative spelled out) and ``features`` per ruleset (the given tags that
    ruleset has). :class:`InputError` (one line) for a tag that no ruleset has."""
    rulesets: list[str] = []
    declared: dict[str, dict[str, Any]] = {}
    for rid in available_rulesets():
        base = variants.get(rid) or get_ruleset(rid)
        try:
            played = with_readings(base, readings)
        except RulesetError:
            continue  # a rule this ruleset does not have: its cases cannot be played under the readings
        if played.readings:
            try:
                _declared_readings(rid, dict(played.readings))
            except DeclarationError:
                continue  # a value this ruleset does not list for the rule: no reading the runner can judge by
            declared[rid] = dict(played.readings)
        rulesets.append(rid)
    out: dict[str, Any] = {"rulesets": rulesets}
    if declared:
        out["readings"] = declared
    if features is not None:
        lists = {rid: feature_tags(get_ruleset(rid)) for rid in rulesets}
        stray = [tag for tag in features if not any(tag in tags for tags in lists.values())]
        if stray:
            raise InputError(f"--features: {stray[0]!r} is a feature tag of none of the rulesets "
                             f"{', '.join(rulesets)}; e.g. {', '.join(lists[rulesets[0]][:3]) if rulesets else ''}")
        out["features"] = {rid: [tag for tag in tags if tag in features] for rid, tags in lists.items()}
    return out
__all__ = ["DeclarationError", "Declarations", "Plan", "UnlistedReading", "check_declarations", "plan_for",
           "serve_declarations", "unlisted"]
