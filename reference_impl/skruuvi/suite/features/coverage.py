"""Which rules decided a case's answer, and the feature tags it reached: derived by walking it through the reference.

A run reports, per ruleset, rule and feature, the cases judged and passed (``--require-coverage`` fails a run in
which a rule of a declared ruleset has no judged case). What a case covers is never written by hand: it is read off
the reference interpreter's walk through the case, under the ruleset the case is judged under (its own pinned
readings, and any the engine declared, applied), as the feature tags are (:mod:`skruuvi.suite.features.features`):

* the deal rules (``/deal/``) decide every case: its deal is checked before any action;
* the rules of each form the deal is dealt in or turns into (``/forms/NAME/``);
* the rules of each phase the walk enters (``/phases/ID/``), up to the first action the reference rejects: a
  case that stops in the first auction does not cover play, and a phase entered and passed at once (a banned
  exchange) is decided by its rules all the same;
* an error: the rules ``spec/errors.yaml`` lists for its code, of the phase it was found in (or of no phase);
* a result: every general scoring rule (``/scoring/rules/``), the scoring rules that scored an item of it (its
  breakdown), and the tables and derived figures those rules read;
* a match record: every match rule (``/match/``), and each deal's as above, up to the first deal that goes wrong
  (a deal the match refuses before its first action, for its seats or form, covers the deal rules and its error's);
* a legal or perft case: its prefix as above, and the phase of the position asked.

Not every rule can decide an answer under every reading: :mod:`skruuvi.rules.reach` reads off the ruleset's own data
which rules a case judged under it can reach at all (under the 1895 reading ``auction.all-pass=passimisaari`` no
deal is redealt, so ``redeal.scores-nothing`` cannot be reached). A walk never covers a rule out of reach; a run's
coverage names such rules apart and ``--require-coverage`` does not ask a judged case of them.

:func:`case_coverage` gives a :class:`Coverage`: the ruleset id, the rule ids and the feature tags, interned
(one object for each distinct value, so that a run counts cases per distinct coverage and adds up rules once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...interpreter import engine
from ...interpreter.games import position_from
from ...interpreter.match import replay_match
from ...interpreter.settle import score
from ...rules import paths
from ...rules.errors import IllegalAction, InputError
from ...rules.reach import scoring_reads
from ...rules.ruleset import Ruleset
from ...rules.yamlio import load_yaml
from ..cases.cases import LEGAL_EXPECTATIONS
from .features import CASE_READINGS, FORM_PREFIX, LEGAL_ACTIONS, MATCH, PHASE_PREFIX, SET_POSITION


@dataclass(frozen=True, eq=False, slots=True)
class Coverage:
    """What one case covers: its ruleset, the rules that decided its answer and the feature tags it needs. Interned
    by :func:`coverage_of` (compared by identity: one object for each distinct value)."""

    ruleset: str
    rules: frozenset[str]
    features: frozenset[str]

    def to_json(self) -> list[Any]:
        return [self.ruleset, sorted(self.rules), sorted(self.features)]


_INTERNED: dict[tuple[str, frozenset[str], frozenset[str]], Coverage] = {}


def coverage_of(ruleset: str, rules: frozenset[str] | Sequence[str],
                features: frozenset[str] | Sequence[str]) -> Coverage:
    """The one :class:`Coverage` of this value."""
    key = (ruleset, frozenset(rules), frozenset(features))
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Coverage(*key)
    return found


def from_json(value: Any) -> Coverage | None:
    """A :class:`Coverage` from :meth:`Coverage.to_json`'s shape, or None when ``value`` is not one."""
    if (isinstance(value, list) and len(value) == 3 and isinstance(value[0], str)
            and all(isinstance(part, list) and all(isinstance(x, str) for x in part) for part in value[1:])):
        return coverage_of(value[0], value[1], value[2])
    return None


@dataclass(frozen=True)
class _Layout:
    """Where each rule of a ruleset sits, worked out once per ruleset object."""

    deal: frozenset[str]
    forms: Mapping[str, frozenset[str]]
    phases: Mapping[str, frozenset[str]]
    scoring: frozenset[str]
    match: frozenset[str]
    reads: Mapping[str, frozenset[str]]  # a scoring rule -> the tables and derived figures it reads
    errors: Mapping[str, frozenset[str]]  # an error code -> the rules spec/errors.yaml lists that the ruleset has


_LAYOUTS: dict[int, tuple[Ruleset, _Layout]] = {}
_ERRORS: list[dict[str, tuple[str, ...]]] = []


def _error_rules() -> dict[str, tuple[str, ...]]:
    if not _ERRORS:
        doc = load_yaml(paths.spec_dir() / "errors.yaml") or {}
        _ERRORS.append({str(e["code"]): tuple(e.get("rules") or ()) for e in doc.get("errors", ())
                        if isinstance(e, dict) and "code" in e})
    return _ERRORS[0]


def _under(rules: Mapping[str, Any], prefix: str) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for rule in rules.values():
        if rule.pointer.startswith(prefix):
            out.setdefault(rule.pointer[len(prefix):].split("/", 1)[0], set()).add(rule.id)
    return {name: frozenset(ids) for name, ids in out.items()}


def _layout(ruleset: Ruleset) -> _Layout:
    kept = _LAYOUTS.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    rules = ruleset.rules
    reads = scoring_reads(ruleset)
    layout = _Layout(
        deal=frozenset(r.id for r in rules.values() if r.pointer.startswith("/deal/")),
        forms=_under(rules, "/forms/"), phases=_under(rules, "/phases/"),
        scoring=frozenset(r.id for r in rules.values() if r.pointer.startswith("/scoring/rules/")),
        match=frozenset(r.id for r in rules.values() if r.pointer.startswith("/match/")),
        reads=reads,
        errors={code: frozenset(r for r in listed if r in rules) for code, listed in _error_rules().items()})
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    _LAYOUTS[id(ruleset)] = (ruleset, layout)
    return layout


class _Walk:
    """The rules and tags one case reaches, gathered as the reference walks it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.layout = _layout(ruleset)
        self.rules: set[str] = set()
        self.tags: set[str] = set()

    def form(self, name: str) -> None:
        self.tags.add(FORM_PREFIX + name)
        self.rules |= self.layout.forms.get(name, frozenset())

    def phases(self, state: Any, first: int) -> None:
        """The phases of ``state``'s form from ``first`` to the one it is in (all of them when it is over)."""
        phases = state.form.phases
        last = len(phases) - 1 if state.to_act is None else state.phase_no
        for phase in phases[max(first, 0):last + 1]:
            self.rules |= self.layout.phases.get(phase.id, frozenset())

    def acted(self, state: Any) -> None:
        """An action is taken (or rejected) in the phase ``state`` is in: its feature tag."""
        if state.to_act is not None and 0 <= state.phase_no < len(state.form.phases):
            self.tags.add(PHASE_PREFIX + state.form.phases[state.phase_no].id)

    def error(self, code: str, state: Any | None) -> None:
        listed = self.layout.errors.get(code, frozenset())
        here = (self.layout.phases.get(state.form.phases[state.phase_no].id, frozenset())
                if state is not None and state.to_act is not None and state.phase_no < len(state.form.phases)
                else frozenset())
        self.rules |= {r for r in listed if r in here or not self.ruleset.rules[r].pointer.startswith("/phases/")}

    def scored(self, state: Any) -> None:
        self.rules |= self.layout.scoring
        for item in score(state)[2]:
            if item.rule in self.ruleset.rules:
                self.rules.add(item.rule)
                self.rules |= self.layout.reads.get(item.rule, frozenset())

    def deal(self, deal: Any, actions: Any, *, to_the_end: bool = True, asked: bool = False) -> bool:
        """Walk one deal; whether it was played to its end without a rejected action."""
        self.rules |= self.layout.deal
        if not isinstance(deal, Mapping):
            self.error("invalid-deal", None)
            return False
        form = deal.get("form")
        if isinstance(form, str) and form in self.ruleset.forms and self.ruleset.forms[form].dealt:
            self.form(form)
        if "state" in deal and self.ruleset.match is not None and self.ruleset.match.has_games:
            self.tags.add(SET_POSITION)  # (a ruleset without games ignores a deal's state, as case_features says)
            try:
                position_from(deal["state"], self.ruleset.game_threshold)
            except IllegalAction as exc:
                self.error(exc.code, None)
                return False
        try:
            state = engine.start(self.ruleset, deal)
        except (IllegalAction, InputError, TypeError, ValueError) as exc:
            self.error(getattr(exc, "code", "invalid-deal"), None)
            return False
        self.form(state.form.name)
        self.phases(state, 0)
        actions = actions if isinstance(actions, list) else []
        index = 0
        acted: set[str] = set()
        while True:
            before = (state.form, state.phase_no)
            try:
                state, index = engine.apply_run_noting(state, actions, index, acted)
            except IllegalAction as exc:  # entering the next phase failed: the phase's last action's fault
                self.error(exc.code, None)
                self._acted(acted)
                return False
            self._moved(before, state)
            if index >= len(actions):
                break
            self.acted(state)
            before = (state.form, state.phase_no)
            try:
                state = engine.apply(state, actions[index])
            except (IllegalAction, InputError, TypeError, ValueError) as exc:
                self.error(getattr(exc, "code", "malformed-action"), state)
                self._acted(acted)
                return False
            self._moved(before, state)
            index += 1
        self._acted(acted)
        if asked:
            self.acted(state)
            return True
        if to_the_end and not state.finished:
            self.error("incomplete-record", state)
            return False
        if state.finished and to_the_end:
            self.scored(state)
        return True

    def _acted(self, phases: set[str]) -> None:
        self.tags |= {PHASE_PREFIX + phase for phase in phases}
        for phase in phases:
            self.rules |= self.layout.phases.get(phase, frozenset())

    def _moved(self, before: tuple[Any, int], state: Any) -> None:
        form, phase_no = before
        if state.form is not form:
            self.form(state.form.name)
            self.phases(state, 0)
        elif state.phase_no != phase_no or state.to_act is None:
            self.phases(state, phase_no)


def case_coverage(record: Mapping[str, Any], ruleset: Ruleset) -> Coverage:
    """What ``record`` covers under ``ruleset`` (the ruleset it is judged under: its own pinned readings, and any
    the engine declared, already applied)."""
    walk = _Walk(ruleset)
    if record.get("readings"):
        walk.tags.add(CASE_READINGS)
    if "match" in record:
        walk.tags.add(MATCH)
        walk.rules |= walk.layout.match
        match = record["match"]
        deals = match.get("deals") if isinstance(match, Mapping) else None
        deals = deals if isinstance(deals, list) else []
        outcome = replay_match(ruleset, match)  # where the match goes wrong: a deal's seats or form, say
        last = len(deals) if outcome.error_deal is None else outcome.error_deal
        for number, entry in enumerate(deals[:last + 1]):
            if not isinstance(entry, Mapping):
                break
            if number == last and outcome.error_index is None:  # rejected before its first action
                walk.rules |= walk.layout.deal
                walk.error(str(outcome.error_code), None)
                break
            if not walk.deal(entry.get("deal"), entry.get("actions")):
                break
    else:
        expect = record.get("expect")
        asked = isinstance(expect, Mapping) and any(key in expect for key in LEGAL_EXPECTATIONS)
        if asked:
            walk.tags.add(LEGAL_ACTIONS)
        walk.deal(record.get("deal"), record.get("actions"), to_the_end=not asked, asked=asked)
    return coverage_of(ruleset.id, frozenset(walk.rules), frozenset(walk.tags))


__all__ = ["Coverage", "case_coverage", "coverage_of", "from_json"]
