"""Where an engine's answer and the reference's part, for a failure that no reading explains.

* Every trace first names the contract (the reference's, at the point where they part).
* An error on either side: the first action at which they part is the earlier of the two error indices
  (an answer that accepts every action counts as past the last one; the deal itself, index null, comes
  before the first action). The reference is replayed up to that action and the phase it is in then is
  named, with its mechanism and the rules of that phase (each with the parameter it sets, if it sets one).
  When the reference has just changed phase there (it took the actions before in another phase, or passed
  a phase without any action), the trace names that phase and the rules that decide whether it takes place
  (an exchange's ban, say): an engine that skipped or added a phase parts from the reference just after it.
  An error at the deal names the deal rules.
* Two results: both sides accepted every action, so no action is the one at which they part; what can be
  said is which keys of the result differ. A differing ``tricks`` names the play phase's rules; a differing
  ``contract`` the phases before play (auctions, exchanges, doubling); a differing ``score`` compares each
  side's total with the reference's score items (``Outcome.breakdown``) for that side. Where one item
  accounts for the whole difference, on every side at once (an item missing, counted twice, credited to the
  other side, or its negation given to the other side as well; also an item the case's own readings drop,
  taken from the ruleset's own reading), the trace says so; else it points out the items whose points are
  exactly one side's difference.
* A match record: the deal and action of the first error, or the keys of the match result that differ;
  its phases are not traced.

Each trace also carries a ``pattern`` (ruleset, form, contract kind, where they part, the size of the
difference) by which :mod:`skruuvi.suite.explanations.explain` groups the failures nothing explains.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...interpreter.engine import apply, start
from ...interpreter.mechanisms import MECHANISMS
from ...interpreter.replay import replay
from ...rules.errors import IllegalAction, InputError
from ...rules.notation import SEATS
from ...rules.ruleset import Ruleset
from ..cases.cases import Case
from .explain_readings import EVERYTHING, ReplayPath

MAX_RULES_SHOWN = 10

ROLES_OF_SEATS = ("declarer", "declarer's left", "declarer's partner", "declarer's right")


def _rules_at(ruleset: Ruleset, prefix: str) -> list[str]:
    """The rules whose place in the ruleset starts with ``prefix`` (``/phases/play/``), each with its param."""
    return [f"{r.id} [{r.param}]" if r.param else r.id for r in ruleset.rules.values()
            if r.pointer.startswith(prefix)]


def _shown(rules: Sequence[str]) -> str:
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


def _phase_lines(ruleset: Ruleset, phase: Any) -> list[str]:
    rules = _rules_at(ruleset, f"/phases/{phase.id}/")
    return [f"the reference's phase there: {phase.id} (mechanism {phase.mechanism}), rules: {_shown(rules)}"]


def deciding_rules(phase: Any) -> list[str]:
    """The rules that decide whether ``phase`` takes place: those setting the parameters its mechanism names as
    the ones that can make it pass without an action (``SKIPPED_BY``), each with its parameter."""
    params = getattr(MECHANISMS.get(phase.mechanism), "SKIPPED_BY", ())
    return [f"{phase.rule_of_param[p]} [{p}]" for p in params if p in phase.rule_of_param]


def _transition_lines(state: Any, taken: list[tuple[Any, int]], at: int) -> tuple[list[str], list[str]]:
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


def _position(kind: str, body: Mapping[str, Any], count: int) -> int:
    """Where an answer stops: an error's index (-1 for the deal), ``count`` for an answer that accepts all."""
    if kind != "error":
        return count
    index = body.get("index")
    return -1 if index is None else int(index) if isinstance(index, int) else count


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _signed(value: Any) -> str:
    """``+25``, ``-8``, ``+2.6666666666666665``: a number with its sign (a shared score may be a fraction)."""
    return f"{value:+d}" if isinstance(value, int) else f"{value:+}"


def _clip(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _contract_words(contract: Any, declarer: Any, doubling: int) -> str:
    if contract is None:
        return "none"
    doubled = {0: "undoubled", 1: "doubled", 2: "redoubled"}.get(doubling, f"doubling {doubling}")
    return f"{contract} by {declarer}, {doubled}"


def _kind_of(bid: Any) -> str:
    strain = str(bid)[-1:] if bid else ""
    return {"G": "grand", "M": "misère", "": "no contract"}.get(strain, "trump")


def _roles(sides: Sequence[str], declarer: str | None) -> dict[str, str]:
    """Each side or seat by its role in the deal (main pair, defenders; declarer and the seats from him), so
    that failures of different deals group together; by name when there is no declarer."""
    if declarer not in SEATS:
        return {s: s for s in sides}
    d = SEATS.index(declarer)
    out = {}
    for s in sides:
        if s in SEATS:
            out[s] = ROLES_OF_SEATS[(SEATS.index(s) - d) % 4]
        elif len(s) == 2 and all(c in SEATS for c in s):
            out[s] = "main pair" if declarer in s else "defenders"
        else:
            out[s] = s
    return out


def _aggregate(items: Sequence[Any]) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for item in items:
        out[(item.rule, item.side)] = out.get((item.rule, item.side), 0) + item.points
    return out


def _nonzero(values: Mapping[str, float]) -> dict[str, float]:
    return {k: v for k, v in values.items() if v}


def whole_explanations(diff: Mapping[str, float], items: Sequence[Any],
                       others: Sequence[tuple[str, Sequence[Any]]] = ()) -> list[tuple[str, str, str, float]]:
    """The single items that account for the whole score difference ``diff`` (engine − reference, per side), on
    every side at once: ``(rule, how, side)`` with ``how`` one of ``missing``, ``counted twice``, ``credited to
    X instead``, ``negation also given to X``; and an item only ``others`` (other breakdowns, each with its
    words) give, ``charged as LABEL`` with or without its negation given to another side; ``points`` the item's."""
    want = _nonzero(diff)
    if not want:
        return []
    found: list[tuple[str, str, str, float]] = []
    ref = _aggregate(items)
    sides = sorted({*diff, *(side for _, side in ref)})
    for (rule, side), p in ref.items():
        if not p:
            continue
        if want == {side: -p}:
            found.append((rule, "missing from the engine's total", side, p))
        if want == {side: p}:
            found.append((rule, "counted twice by the engine", side, p))
        for other in sides:
            if other == side:
                continue
            if want == {side: -p, other: p}:
                found.append((rule, f"credited to {other} instead", side, p))
            if want == {other: -p}:
                found.append((rule, f"its negation also given to {other} (settled zero-sum?)", side, p))
    for words, breakdown in others:
        for (rule, side), p in _aggregate(breakdown).items():
            q = ref.get((rule, side), 0)
            if not p or p == q:
                continue
            if want == {side: p - q}:
                found.append((rule, f"charged as under {words}", side, p))
            for other in sides:
                if other != side and want == {side: p - q, other: -p}:
                    found.append((rule, f"charged as under {words}, and its negation given to {other}", side, p))
    return found


def _score_lines(outcome: Any, engine_score: Any, reference_score: Any, roles: Mapping[str, str],
                 others: Sequence[tuple[str, Sequence[Any]]]) -> tuple[list[str], list[dict[str, Any]], str, str]:
    """The score part of a trace: its lines, its items (with hints), and for the pattern the size of the
    difference by role and the explanation that accounts for all of it (or "")."""
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    if not isinstance(engine_score, dict) or not isinstance(reference_score, dict):
        return [f"score: engine {_show(engine_score)}, reference {_show(reference_score)}"], items, "", ""
    diff: dict[str, float] = {}
    for side in [*reference_score, *(s for s in engine_score if s not in reference_score)]:
        ours, theirs = reference_score.get(side), engine_score.get(side)
        if isinstance(ours, int | float) and isinstance(theirs, int | float) and not isinstance(ours, bool) \
                and not isinstance(theirs, bool):
            diff[side] = theirs - ours
    whole = whole_explanations(diff, outcome.breakdown, others)
    for side in [*reference_score, *(s for s in engine_score if s not in reference_score)]:
        ours, theirs = reference_score.get(side), engine_score.get(side)
        if ours == theirs:
            continue
        own = [i for i in outcome.breakdown if i.side == side]
        delta = diff.get(side)
        listed = ", ".join(f"{i.rule} {_signed(i.points)}" for i in own) or "none"
        shown = f" (difference {_signed(delta)})" if delta is not None else ""
        lines.append(f"score {side}: engine {_show(theirs)}, reference {_show(ours)}{shown}; reference items: {listed}")
        for item in own:
            hint = None
            if not whole and delta is not None and delta and item.points == -delta:
                hint = "missing from the engine's total?"
            elif not whole and delta is not None and delta and item.points == delta:
                hint = "counted twice by the engine?"
            items.append({"side": side, "rule": item.rule, "points": item.points, "hint": hint})
            if hint:
                lines.append(f"    {item.rule} {_signed(item.points)} for {side}: {hint}")
    for rule, how, side, amount in whole:
        lines.append(f"    the whole difference: {rule} {_signed(amount)} for {side}, {how}?")
    order = {role: n for n, role in enumerate(("main pair", "defenders", *ROLES_OF_SEATS))}
    ranked = sorted(diff.items(), key=lambda kv: (order.get(roles.get(kv[0], kv[0]), 99), kv[0]))
    size = ", ".join(f"{roles.get(side, side)} {_signed(value)}" for side, value in ranked)
    because = "; ".join(f"{rule} for the {roles.get(side, side)}, {_roled(how, roles)}"
                        for rule, how, side, _ in whole)
    return lines, items, size, because


def _roled(how: str, roles: Mapping[str, str]) -> str:
    for side, role in roles.items():
        how = how.replace(f" {side} ", f" the {role} ").replace(f" {side}", f" the {role}")
    return how


def _result_lines(trace: dict[str, Any], outcome: Any, ruleset: Ruleset, body: Mapping[str, Any],
                  ref_body: Mapping[str, Any], deal: Any, actions: Sequence[Any],
                  others: Sequence[tuple[str, Sequence[Any]]]) -> list[str]:
    """Two results: the keys that differ, the phases that decide them, the score items that differ."""
    differ = [k for k in ref_body if ref_body.get(k) != body.get(k)]
    lines = ["both accepted every action (no action at which they part): the results differ in "
             + (", ".join(differ) or "keys the reference does not give")]
    last = phase_before(ruleset, deal, actions, len(actions) - 1) if actions else None
    phases = final_form_phases(ruleset, last)
    found = ref_body.get("contract")
    contract: Mapping[str, Any] = found if isinstance(found, dict) else {}
    roles = _roles([*(ref_body.get("score") or {}), *(ref_body.get("tricks") or {})], contract.get("declarer"))
    pattern = trace["pattern"]
    pattern["where"] = "result: " + (", ".join(differ) or "its keys")
    if body.get("tricks") != ref_body.get("tricks"):
        for phase in (p for p in phases if p.mechanism == "play"):
            rules = _rules_at(ruleset, f"/phases/{phase.id}/")
            trace["rules"] += rules
            lines.append(f"tricks: engine {_show(body.get('tricks'))}, reference {_show(ref_body.get('tricks'))}; "
                         f"the reference's play phase {phase.id}: {_shown(rules)}")
    if body.get("contract") != ref_body.get("contract"):
        before = ", ".join(p.id for p in phases if p.mechanism != "play") or "none"
        lines.append(f"contract: engine {_show(body.get('contract'))}, reference {_show(ref_body.get('contract'))}; "
                     f"decided by the phases {before}")
    if body.get("score") != ref_body.get("score"):
        score_lines, trace["score_items"], size, because = _score_lines(outcome, body.get("score"),
                                                                          ref_body.get("score"), roles, others)
        lines.extend(score_lines)
        pattern["difference"] = size
        if because:
            pattern["where"] += f" ({because})"
    return lines


def parting(case: Case, kind: str, body: Any, ruleset: Ruleset,
            others: Sequence[tuple[str, Sequence[Any]]] = ()) -> dict[str, Any]:
    """What can be said about where the engine (``kind``, ``body``) and the reference part on ``case``;
    ``others`` are other score breakdowns of the case (with their words) that a score difference may be
    explained by."""
    record = case.record
    outcome = replay(record, ruleset)
    reference = outcome.to_response()
    ref_kind, ref_body = next(iter(reference.items()))
    deal = record.get("deal")
    form = deal.get("form") if isinstance(deal, Mapping) else None
    trace: dict[str, Any] = {"engine": {kind: body}, "reference": reference, "at": None, "action": None,
                             "phase": None, "rules": [], "score_items": [], "contract": None,
                             "pattern": {"ruleset": case.ruleset, "form": str(form) if form else "match",
                                         "contract": "", "where": "", "difference": ""}}
    lines: list[str] = []
    pattern = trace["pattern"]
    if "match" in record:
        pattern["form"] = "match"
        if kind == "error" or ref_kind == "error":
            lines.append(f"match record: engine {_clip(_show({kind: body}))}, reference {_clip(_show(reference))} "
                         "(phases of match records are not traced)")
            pattern["where"] = "match: an error"
        else:
            ours = (ref_body or {}).get("match", {})
            given = body.get("match", {}) if isinstance(body, dict) else {}
            keys = [k for k in {**ours, **given} if ours.get(k) != given.get(k)] if isinstance(given, dict) else []
            lines.append(f"match record: the match result differs in {', '.join(keys) or 'its shape'}")
            pattern["where"] = f"match: {', '.join(keys) or 'its shape'}"
        trace["lines"] = lines
        return trace
    given_actions = record.get("actions")
    actions: list[Any] = given_actions if isinstance(given_actions, list) else []
    count = len(actions)
    if kind == "error" or ref_kind == "error":
        mine = _position(ref_kind, ref_body, count)
        theirs = _position(kind, body if isinstance(body, dict) else {}, count)
        at = min(mine, theirs)
        code = (body or {}).get("code") if kind == "error" and isinstance(body, dict) else None
        what = {True: "rejects", False: "accepts"}
        engine_says = f"rejects it ({code})" if theirs == at else "accepts it"
        ref_says = f"rejects it ({ref_body.get('code')})" if mine == at else "accepts it"
        if at < 0:
            trace["contract"] = "none (the deal)"
            lines.append("contract: none (they part at the deal)")
            lines.append(f"they part at the deal: the engine {what[theirs < 0]} it"
                         + (f" ({code})" if theirs < 0 else "") + f", the reference {what[mine < 0]} it"
                         + (f" ({ref_body.get('code')})" if mine < 0 else ""))
            trace["rules"] = _rules_at(ruleset, "/deal/")
            lines.append(f"the reference's deal rules: {_shown(trace['rules'])}")
            pattern.update(contract="before the contract",
                           where=f"the deal: engine {engine_says}, reference {ref_says}")
        else:
            state, taken = walk(ruleset, deal, actions, at)
            place = f"action {at} {_show(actions[at])}" if at < count else "the end of the record"
            if state is not None:
                pattern["form"] = state.form.name
                words = _contract_words(state.contract, SEATS[state.declarer] if state.declarer is not None else None,
                                        state.doubling)
                trace["contract"] = words
                lines.append(f"contract (the reference's, there): {words}"
                             + ("" if state.contract is not None else " yet"))
                pattern["contract"] = _kind_of(state.contract) if state.contract is not None else "before the contract"
            lines.append(f"they part at {place}: the engine {engine_says}, the reference {ref_says}")
            trace["at"], trace["action"] = at, actions[at] if at < count else None
            verb = str(actions[at]).split()[1] if at < count and len(str(actions[at]).split()) > 1 else "the end"
            phase = None if state is None else state.phase
            if phase is not None:
                trace["phase"] = {"id": phase.id, "mechanism": phase.mechanism}
                switch, deciding = _transition_lines(state, taken, at)
                trace["rules"] = [*deciding, *_rules_at(ruleset, f"/phases/{phase.id}/")]
                lines.extend(_phase_lines(ruleset, phase))
                lines.extend(switch)
                pattern["where"] = f"{verb} in {phase.id}: engine {engine_says}, reference {ref_says}"
            else:
                lines.append("the reference's phase there: none (the deal is over)")
                pattern["where"] = f"{verb} after the deal is over: engine {engine_says}, reference {ref_says}"
        trace["lines"] = lines
        return trace
    contract = ref_body.get("contract") if isinstance(ref_body, dict) else None
    if isinstance(contract, dict):
        words = _contract_words(contract.get("bid"), contract.get("declarer"), contract.get("doubling", 0))
        pattern["contract"] = _kind_of(contract.get("bid"))
    else:
        words = "none (no contract was played)"
        pattern["contract"] = "no contract"
    trace["contract"] = words
    lines.append(f"contract (the reference's): {words}")
    end, _ = walk(ruleset, deal, actions, len(actions))
    if end is not None:
        pattern["form"] = end.form.name
    lines.extend(_result_lines(trace, outcome, ruleset, body if isinstance(body, dict) else {}, ref_body,
                               deal, actions, others))
    trace["lines"] = lines
    return trace


def final_form_phases(ruleset: Ruleset, phase: Any) -> tuple[Any, ...]:
    """The phases of the form a phase belongs to (the form a deal ended in, after an all-pass turn)."""
    if phase is None:
        return ()
    for form in ruleset.forms.values():
        if any(p is phase for p in form.phases):
            return tuple(form.phases)
    return ()


__all__ = ["deciding_rules", "parting", "phase_before", "replay_path", "walk", "whole_explanations"]
