"""Where an engine's answer and the reference's part, for a failure that no reading explains.

* An error on either side: the first action at which they part is the earlier of the two error indices
  (an answer that accepts every action counts as past the last one; the deal itself, index null, comes
  before the first action). The reference is replayed up to that action and the phase it is in then is
  named, with its mechanism and the rules of that phase (each with the parameter it sets, if it sets one).
  An error at the deal names the deal rules.
* Two results: both sides accepted every action, so no action is the one at which they part; what can be
  said is which keys of the result differ. A differing ``tricks`` names the play phase's rules; a differing
  ``contract`` the phases before play (auctions, exchanges, doubling); a differing ``score`` compares each
  side's total with the reference's score items (``Outcome.breakdown``) for that side, and points out the
  items whose points are exactly the difference (missing from the engine's total, or counted twice).
* A match record: the deal and action of the first error, or the keys of the match result that differ;
  its phases are not traced.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ...interpreter.engine import apply, apply_run, start
from ...interpreter.replay import replay
from ...rules.errors import IllegalAction, InputError
from ...rules.ruleset import Ruleset
from ..cases.cases import Case

MAX_RULES_SHOWN = 10


def _rules_at(ruleset: Ruleset, prefix: str) -> list[str]:
    """The rules whose place in the ruleset starts with ``prefix`` (``/phases/play/``), each with its param."""
    return [f"{r.id} [{r.param}]" if r.param else r.id for r in ruleset.rules.values()
            if r.pointer.startswith(prefix)]


def _shown(rules: Sequence[str]) -> str:
    more = len(rules) - MAX_RULES_SHOWN
    return ", ".join(rules[:MAX_RULES_SHOWN]) + (f" (+{more} more)" if more > 0 else "") if rules else "none listed"


def phase_before(ruleset: Ruleset, deal: Any, actions: Sequence[Any], index: int) -> Any:
    """The phase the reference is in after ``actions[:index]`` (None when the deal is over or not started)."""
    try:
        state = start(ruleset, deal)
        done = 0
        head = list(actions[:index])
        while done < index:
            state, done = apply_run(state, head, done)
            if done >= index:
                break
            state = apply(state, head[done])
            done += 1
    except (IllegalAction, InputError, IndexError, TypeError):
        return None
    return state.phase


def _phase_lines(ruleset: Ruleset, phase: Any) -> list[str]:
    rules = _rules_at(ruleset, f"/phases/{phase.id}/")
    return [f"the reference's phase there: {phase.id} (mechanism {phase.mechanism}), rules: {_shown(rules)}"]


def _position(kind: str, body: Mapping[str, Any], count: int) -> int:
    """Where an answer stops: an error's index (-1 for the deal), ``count`` for an answer that accepts all."""
    if kind != "error":
        return count
    index = body.get("index")
    return -1 if index is None else int(index) if isinstance(index, int) else count


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _score_lines(outcome: Any, engine_score: Any, reference_score: Any) -> tuple[list[str], list[dict[str, Any]]]:
    lines: list[str] = []
    items: list[dict[str, Any]] = []
    if not isinstance(engine_score, dict) or not isinstance(reference_score, dict):
        return [f"score: engine {_show(engine_score)}, reference {_show(reference_score)}"], items
    for side in [*reference_score, *(s for s in engine_score if s not in reference_score)]:
        ours, theirs = reference_score.get(side), engine_score.get(side)
        if ours == theirs:
            continue
        own = [i for i in outcome.breakdown if i.side == side]
        delta = theirs - ours if isinstance(ours, int) and isinstance(theirs, int) else None
        listed = ", ".join(f"{i.rule} {i.points:+d}" for i in own) or "none"
        lines.append(f"score {side}: engine {_show(theirs)}, reference {_show(ours)}"
                     + (f" (difference {delta:+d})" if delta is not None else "") + f"; reference items: {listed}")
        for item in own:
            hint = None
            if delta is not None and delta and item.points == -delta:
                hint = "missing from the engine's total?"
            elif delta is not None and delta and item.points == delta:
                hint = "counted twice by the engine?"
            items.append({"side": side, "rule": item.rule, "points": item.points, "hint": hint})
            if hint:
                lines.append(f"    {item.rule} {item.points:+d} for {side}: {hint}")
    return lines, items


def _result_lines(trace: dict[str, Any], outcome: Any, ruleset: Ruleset, body: Mapping[str, Any],
                  ref_body: Mapping[str, Any], deal: Any, actions: Sequence[Any]) -> list[str]:
    """Two results: the keys that differ, the phases that decide them, the score items that differ."""
    differ = [k for k in ref_body if ref_body.get(k) != body.get(k)]
    lines = ["both accepted every action (no action at which they part): the results differ in "
             + (", ".join(differ) or "keys the reference does not give")]
    last = phase_before(ruleset, deal, actions, len(actions) - 1) if actions else None
    phases = final_form_phases(ruleset, last)
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
        score_lines, trace["score_items"] = _score_lines(outcome, body.get("score"), ref_body.get("score"))
        lines.extend(score_lines)
    return lines


def parting(case: Case, kind: str, body: Any, ruleset: Ruleset) -> dict[str, Any]:
    """What can be said about where the engine (``kind``, ``body``) and the reference part on ``case``."""
    record = case.record
    outcome = replay(record, ruleset)
    reference = outcome.to_response()
    ref_kind, ref_body = next(iter(reference.items()))
    trace: dict[str, Any] = {"engine": {kind: body}, "reference": reference, "at": None, "action": None,
                             "phase": None, "rules": [], "score_items": []}
    lines: list[str] = []
    if "match" in record:
        if kind == "error" or ref_kind == "error":
            lines.append(f"match record: engine {_show({kind: body})}, reference {_show(reference)} "
                         "(phases of match records are not traced)")
        else:
            ours = (ref_body or {}).get("match", {})
            given = body.get("match", {}) if isinstance(body, dict) else {}
            keys = [k for k in {**ours, **given} if ours.get(k) != given.get(k)] if isinstance(given, dict) else []
            lines.append(f"match record: the match result differs in {', '.join(keys) or 'its shape'}")
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
        if at < 0:
            lines.append(f"they part at the deal: the engine {what[theirs < 0]} it"
                         + (f" ({code})" if theirs < 0 else "") + f", the reference {what[mine < 0]} it"
                         + (f" ({ref_body.get('code')})" if mine < 0 else ""))
            trace["rules"] = _rules_at(ruleset, "/deal/")
            lines.append(f"the reference's deal rules: {_shown(trace['rules'])}")
        else:
            place = f"action {at} {_show(actions[at])}" if at < count else "the end of the record"
            engine_says = f"rejects it ({code})" if theirs == at else "accepts it"
            ref_says = f"rejects it ({ref_body.get('code')})" if mine == at else "accepts it"
            lines.append(f"they part at {place}: the engine {engine_says}, the reference {ref_says}")
            trace["at"], trace["action"] = at, actions[at] if at < count else None
            phase = phase_before(ruleset, record.get("deal"), actions, at)
            if phase is not None:
                trace["phase"] = {"id": phase.id, "mechanism": phase.mechanism}
                trace["rules"] = _rules_at(ruleset, f"/phases/{phase.id}/")
                lines.extend(_phase_lines(ruleset, phase))
            else:
                lines.append("the reference's phase there: none (the deal is over)")
        trace["lines"] = lines
        return trace
    lines.extend(_result_lines(trace, outcome, ruleset, body if isinstance(body, dict) else {}, ref_body,
                                record.get("deal"), actions))
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


__all__ = ["parting", "phase_before"]
