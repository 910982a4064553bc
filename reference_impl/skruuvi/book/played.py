"""What each era plays, for the book: the forms a deal can be in under the era's own readings, what an all-pass turns
a deal into, and whether a rule is reached only under another reading of the sources, all read off the ruleset by
:mod:`skruuvi.rules.reach`. The eras at a glance (:mod:`.features`) and the comparison chapter's lists of differences
(:mod:`.comparison`) say what is played from here, so that neither names as played what the chapters say is not.
"""

from __future__ import annotations

from ..rules.reach import forms_under_other_readings, played_phases, reachable_forms, reachable_rules
from ..rules.readings import with_readings
from ..rules.ruleset import FormSpec, Rule, Ruleset


def played_forms(rs: Ruleset) -> list[FormSpec]:
    """The forms a deal can be in under the ruleset's own readings that have phases (a form without phases is the
    redeal: the cards are thrown in), the dealt ones first, each in the ruleset's order."""
    reached = reachable_forms(rs)
    forms = [f for f in rs.forms.values() if f.name in reached and f.phases]
    return [f for f in forms if f.dealt] + [f for f in forms if not f.dealt]


def all_pass_outcomes(rs: Ruleset) -> list[tuple[str, list[FormSpec], str]]:
    """What an all-pass first auction turns a deal into, per form a deal can be in that has such a rule:
    ``(target form, [forms it happens in], id of the first rule that says so)``, targets in order of first mention."""
    out: dict[str, tuple[list[FormSpec], str]] = {}
    for form in played_forms(rs):
        phase = next((p for p in played_phases(rs, form.name) if isinstance(p.params.get("all_pass_form"), str)), None)
        if phase is not None:
            target = str(phase.params["all_pass_form"])
            out.setdefault(target, ([], phase.rule_of_param.get("all_pass_form", "")))[0].append(form)
    return [(target, forms, rule) for target, (forms, rule) in out.items()]


ANOTHER_READING = "only under another reading of the sources"

def _reach(rs: Ruleset) -> tuple[frozenset[str], frozenset[str]]:
    """The rules within reach under the ruleset's own readings, and those within reach only under another reading
    that reaches a form the own readings do not (:func:`skruuvi.rules.reach.forms_under_other_readings`). Both read
    :func:`~skruuvi.rules.reach.reachable_rules`, worked out once per ruleset object, and the readings' rulesets are
    compiled once (:func:`~skruuvi.rules.readings.with_readings`): nothing is kept here."""
    own = reachable_rules(rs)
    other: set[str] = set()
    for rule_id, value in forms_under_other_readings(rs).values():
        other |= reachable_rules(with_readings(rs, {rule_id: value}))
    return own, frozenset(other - own)


def reach_note(rs: Ruleset, rule: Rule) -> str:
    """`` (only under another reading of the sources)`` for a rule the era's game reaches only so, else nothing."""
    own, other = _reach(rs)
    if rule.id in own:
        return ""
    return f" ({ANOTHER_READING})" if rule.id in other else " (never reached as the rules stand)"
