"""What a ruleset can reach at all: the forms a deal can be in, the phases each of them plays, and the rules that can
decide an answer, read off the ruleset's own data (no interpreter).

* The forms: each dealt form, and each form that a phase of a form a deal can be in names as its ``all_pass_form``
  (the form an all-pass turns the deal into). The only way into a form that is not dealt is an all-pass.
* The phases of a form: all its phases but those it never plays: a phase skipped when the main pair's first bid had
  at least some level (:data:`~skruuvi.rules.phases.MAIN_FIRST_BID_BANS`), in a form whose first auction takes no
  lower bid (the defenders' exchange of a kotka, whose bids start at six).
* The rules: the deal rules, the general scoring rules and the match rules always; a form's rules when a deal can
  be in it; a phase's rules when a form a deal can be in plays it; a scoring scheme's rules when such a form scores
  by it; a table or derived figure unless every scoring rule that reads it is out of reach.
* Under other readings: the forms a deal can be in only under another reading of a rule that names the form an
  all-pass turns the deal into (:func:`forms_under_other_readings`: the 1895 passimisääri).

Under the 1895 reading ``auction.all-pass=passimisaari`` no phase turns a deal into the redeal, so
``redeal.scores-nothing`` cannot be reached; as the ruleset stands, the passimisääri cannot. The run's coverage names
such rules apart and ``--require-coverage`` does not ask a judged case of them (:mod:`skruuvi.suite.features.coverage`);
the generator of records played under readings looks for a record scoring each scoring rule within reach
(:mod:`skruuvi.authoring.played_under`). The rule book shows what each era plays under its own readings from here
(:mod:`skruuvi.book.features`, :mod:`skruuvi.book.changes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .phases import MAIN_FIRST_BID_BANS
from .readings import alternatives, executable, with_readings
from .ruleset import FormSpec, PhaseSpec, Ruleset

_KEPT: dict[int, tuple[Ruleset, frozenset[str]]] = {}


def reachable_forms(ruleset: Ruleset) -> frozenset[str]:
    """The forms a deal can be in under ``ruleset`` (see the module docstring)."""
    found = {name for name, form in ruleset.forms.items() if form.dealt}
    todo = list(found)
    while todo:
        for phase in ruleset.forms[todo.pop()].phases:
            target = phase.params.get("all_pass_form")
            if isinstance(target, str) and target in ruleset.forms and target not in found:
                found.add(target)
                todo.append(target)
    return frozenset(found)


def lowest_first_bid(form: FormSpec) -> int:
    """The lowest level a bid of the form's first auction can have (its ``min_level``; 1 when it sets none)."""
    first = next((p for p in form.phases if p.mechanism == "auction"), None)
    return int((first.params.get("min_level") if first is not None else None) or 1)


def never_played(ruleset: Ruleset, form_name: str) -> dict[str, str]:
    """The phases of a form that it never plays, each with the rule that rules it out: ``{phase id: rule id}``. A
    phase skipped when the main pair's first bid had at least some level is never played where the form's first
    auction takes no lower bid (see the module docstring)."""
    form = ruleset.forms[form_name]
    lowest = lowest_first_bid(form)
    out: dict[str, str] = {}
    for phase in form.phases:
        param = MAIN_FIRST_BID_BANS.get(phase.mechanism)
        level = phase.params.get(param) if param else None
        if param and isinstance(level, int) and not isinstance(level, bool) and lowest >= level:
            out[phase.id] = phase.rule_of_param.get(param, "")
    return out


def played_phases(ruleset: Ruleset, form_name: str) -> tuple[PhaseSpec, ...]:
    """The phases a form plays, in order: its phases but those it never plays (:func:`never_played`)."""
    skipped = never_played(ruleset, form_name)
    return tuple(p for p in ruleset.forms[form_name].phases if p.id not in skipped)


def forms_under_other_readings(ruleset: Ruleset) -> dict[str, tuple[str, Any]]:
    """The forms a deal can be in only under another reading of a rule, each with the first such reading found:
    ``{form: (rule id, value)}``. A form is reached only through an all-pass, so the readings looked at are the
    executable alternatives of the rules that set an ``all_pass_form`` in a form a deal can be in; the ruleset is
    compiled under each (:func:`~skruuvi.rules.readings.with_readings`, kept) and its forms compared."""
    reached = reachable_forms(ruleset)
    setters = {phase.rule_of_param["all_pass_form"] for name in reached for phase in ruleset.forms[name].phases
               if "all_pass_form" in phase.rule_of_param}
    out: dict[str, tuple[str, Any]] = {}
    for rule_id, alt in alternatives(ruleset):
        if rule_id not in setters or not executable(alt):
            continue
        for form in sorted(reachable_forms(with_readings(ruleset, {rule_id: alt["value"]})) - reached):
            out.setdefault(form, (rule_id, alt["value"]))
    return out


def scoring_reads(ruleset: Ruleset) -> dict[str, frozenset[str]]:
    """For each rule of a scoring scheme, the rule ids of the tables and derived figures it reads (a derived
    figure's own reads included)."""
    rules = ruleset.rules
    scoring_raw = ruleset.raw.get("scoring") or {}
    named = {str(t.get("name")): str(t.get("id")) for t in scoring_raw.get("tables") or ()
             if isinstance(t, dict) and t.get("id") in rules}
    named.update({d.name: d.id for d in ruleset.derived if d.id in rules})
    reads: dict[str, frozenset[str]] = {}
    for scheme in ruleset.schemes.values():
        for rule in scheme:
            found = {named[name] for name in rule.reads if name in named}
            for derived in ruleset.derived:  # a derived figure's own reads
                if derived.id in found:
                    found |= {named[n] for n in getattr(derived.value, "reads", ()) if n in named}
            reads[rule.id] = frozenset(found)
    return reads


def _reachable(ruleset: Ruleset, reads: Mapping[str, frozenset[str]]) -> frozenset[str]:
    forms = reachable_forms(ruleset)
    phases = {phase.id for name in forms for phase in played_phases(ruleset, name)}
    schemes = {ruleset.forms[name].scheme for name in forms}
    out: set[str] = set()
    for rule in ruleset.rules.values():
        part = rule.pointer.split("/")
        where, name = (part[1], part[2]) if len(part) > 2 else (part[-1], "")
        if where == "forms":
            keep = name in forms
        elif where == "phases":
            keep = name in phases
        elif where == "scoring" and name == "schemes":
            keep = len(part) > 3 and part[3] in schemes
        else:
            keep = True
        if keep:
            out.add(rule.id)
    read_by: dict[str, set[str]] = {}
    for rule_id, names in reads.items():
        for name in names:
            read_by.setdefault(name, set()).add(rule_id)
    out -= {name for name, readers in read_by.items() if not readers & out}  # read only by rules out of reach
    return frozenset(out)


def reachable_rules(ruleset: Ruleset) -> frozenset[str]:
    """The rules that can decide the answer to a case judged under ``ruleset`` (see the module docstring); worked
    out once per ruleset object."""
    kept = _KEPT.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    found = _reachable(ruleset, scoring_reads(ruleset))
    if len(_KEPT) > 64:
        _KEPT.clear()
    _KEPT[id(ruleset)] = (ruleset, found)
    return found


def reachable_scoring(ruleset: Ruleset) -> frozenset[str]:
    """The rules of scoring schemes within reach: each decides an answer only when a deal's score has an item of it."""
    return frozenset(r for r in reachable_rules(ruleset) if ruleset.rules[r].pointer.startswith("/scoring/schemes/"))


__all__ = ["forms_under_other_readings", "lowest_first_bid", "never_played", "played_phases", "reachable_forms",
           "reachable_rules", "reachable_scoring", "scoring_reads"]
