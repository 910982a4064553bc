"""The reference's way through a deal's phases, for a trace (:mod:`skruuvi.suite.explanations.explain_trace`) and
for the pair search (:func:`replay_path`): the state before an action, the phase it is in, and when the reference
has just changed phase, the phases it passed without an action and the rules that decide whether each takes place
(an exchange's ban, say): an engine that skipped or added a phase parts from the reference just after it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...interpreter.engine import apply, start
from ...interpreter.mechanisms import MECHANISMS
from ...interpreter.replay import replay
from ...rules.errors import IllegalAction, InputError
from ...rules.ruleset import Ruleset
from .explain_readings import EVERYTHING, ReplayPath

MAX_RULES_SHOWN = 10


def rules_at(ruleset: Ruleset, prefix: str) -> list[str]:
    """The rules whose place in the ruleset starts with ``prefix`` (``/phases/play/``), each with its param."""
    return [f"{r.id} [{r.param}]" if r.param else r.id for r in ruleset.rules.values()
            if r.pointer.startswith(prefix)]


def rule_list(rules: Sequence[str]) -> str:
    more = len(rules) - MAX_RULES_SHOWN
    return ", ".join(rules[:MAX_RULES_SHOWN]) + (f" (+{more} more)" if more > 0 else "") if rules else "none listed"


def walk(ruleset: Ruleset, deal: Any, actions: Sequence[Any], upto: int) -> tuple[Any, list[tuple[Any, int]]]:
    """The reference's state before ``actions[upto]`` (None when the deal or an earlier action is rejected) and,
    for each action before it, the form and phase number it was taken in (the step path, action by action)."""
    taken: list[tuple[Any, int]] = []
    try:
        state = start(ruleset, deal)
        for action in list(actions[:upto]):
            taken.append((state.form, state.phase_no))
            state = apply(state, action)
    except (IllegalAction, InputError, IndexError, TypeError):
        return None, taken
    return state, taken


def phase_before(ruleset: Ruleset, deal: Any, actions: Sequence[Any], index: int) -> Any:
    """The phase the reference is in after ``actions[:index]`` (None when the deal is over or not started)."""
    state, _ = walk(ruleset, deal, actions, index)
    return None if state is None else state.phase


def replay_path(ruleset: Ruleset, record: Mapping[str, Any]) -> ReplayPath:
    """The phases the reference's replay of a single deal went through up to the action that decided its answer
    (every phase of a form up to the last one it reached, those passed without an action included), and the
    scheme that scored it when it was scored."""
    deal, actions = record.get("deal"), record.get("actions")
    if not isinstance(actions, list):
        return EVERYTHING
    has_state = isinstance(deal, Mapping) and "state" in deal
    outcome = replay(record, ruleset)
    if outcome.ok:
        stop = len(actions)
    elif outcome.error_index is None:
        return ReplayPath(state=has_state)  # rejected at the deal: only the deal's rules were read
    else:
        stop = min(int(outcome.error_index), len(actions))
    state, taken = walk(ruleset, deal, actions, stop)
    if state is None:
        return EVERYTHING
    reached: dict[str, tuple[Any, int]] = {}
    for form, number in [*taken, (state.form, state.phase_no)]:
        if number > reached.get(form.name, (form, -1))[1]:
            reached[form.name] = (form, number)
    phases = {p.id for form, number in reached.values() for p in form.phases[:number + 1]}
    schemes = {state.form.scheme} if outcome.ok else set()
    return ReplayPath(frozenset(phases), frozenset(schemes), has_state)


def phase_lines(ruleset: Ruleset, phase: Any) -> list[str]:
    rules = rules_at(ruleset, f"/phases/{phase.id}/")
    return [f"the reference's phase there: {phase.id} (mechanism {phase.mechanism}), rules: {rule_list(rules)}"]


def deciding_rules(phase: Any) -> list[str]:
    """The rules that decide whether ``phase`` takes place: those setting the parameters its mechanism names as
    the ones that can make it pass without an action (``SKIPPED_BY``), each with its parameter."""
    params = getattr(MECHANISMS.get(phase.mechanism), "SKIPPED_BY", ())
    return [f"{phase.rule_of_param[p]} [{p}]" for p in params if p in phase.rule_of_param]


def transition_lines(state: Any, taken: list[tuple[Any, int]], at: int) -> tuple[list[str], list[str]]:
    """When the reference entered its phase at action ``at`` itself: the phase of the actions before and the
    phases it passed without an action, with the rules that decide whether they take place."""
    if not taken or (taken[-1][0] is state.form and taken[-1][1] == state.phase_no):
        return [], []
    form, number = taken[-1]
    first = at - 1
    while first > 0 and taken[first - 1][0] is form and taken[first - 1][1] == number:
        first -= 1
    before = form.phases[number] if 0 <= number < len(form.phases) else None
    passed = list(state.form.phases[(0 if form is not state.form else number + 1):max(state.phase_no, 0)])
    lines: list[str] = []
    rules: list[str] = []
    if before is not None:
        span = f"action {first}" if first == at - 1 else f"actions {first}–{at - 1}"
        lines.append(f"the reference entered this phase at action {at} itself: it took {span} in {before.id}"
                     + (f", then passed {', '.join(p.id for p in passed)} without an action" if passed else ""))
    for phase in [*([before] if before is not None else []), *passed]:
        deciding = deciding_rules(phase)
        if deciding:
            taken_or_not = "skipped" if phase is not before else "took"
            lines.append(f"    whether {phase.id} takes place (the reference {taken_or_not} it): "
                         f"{', '.join(deciding)}; did the engine decide otherwise?")
            rules.extend(deciding)
    return lines, rules


def final_form_phases(ruleset: Ruleset, phase: Any) -> tuple[Any, ...]:
    """The phases of the form a phase belongs to (the form a deal ended in, after an all-pass turn)."""
    if phase is None:
        return ()
    for form in ruleset.forms.values():
        if any(p is phase for p in form.phases):
            return tuple(form.phases)
    return ()


__all__ = [
    "MAX_RULES_SHOWN",
    "deciding_rules",
    "final_form_phases",
    "phase_before",
    "phase_lines",
    "replay_path",
    "rule_list",
    "rules_at",
    "transition_lines",
    "walk",
]
