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
difference) by which :mod:`skruuvi.suite.explanations.explain_summary` groups the failures nothing explains.
The phases and their deciding rules come from :mod:`skruuvi.suite.explanations.explain_phases`, the score
items from :mod:`skruuvi.suite.explanations.explain_score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...interpreter.replay import replay
from ...rules.notation import SEATS
from ...rules.ruleset import Ruleset
from ..cases.cases import Case
from .explain_phases import (
    deciding_rules,
    final_form_phases,
    phase_before,
    phase_lines,
    replay_path,
    rule_list,
    rules_at,
    transition_lines,
    walk,
)
from .explain_score import compact, roles_of, score_difference_lines, whole_explanations


def _position(kind: str, body: Mapping[str, Any], count: int) -> int:
    """Where an answer stops: an error's index (-1 for the deal), ``count`` for an answer that accepts all."""
    if kind != "error":
        return count
    index = body.get("index")
    return -1 if index is None else int(index) if isinstance(index, int) else count


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
    roles = roles_of([*(ref_body.get("score") or {}), *(ref_body.get("tricks") or {})], contract.get("declarer"))
    pattern = trace["pattern"]
    pattern["where"] = "result: " + (", ".join(differ) or "its keys")
    if body.get("tricks") != ref_body.get("tricks"):
        for phase in (p for p in phases if p.mechanism == "play"):
            rules = rules_at(ruleset, f"/phases/{phase.id}/")
            trace["rules"] += rules
            lines.append(f"tricks: engine {compact(body.get('tricks'))}, reference {compact(ref_body.get('tricks'))}; "
                         f"the reference's play phase {phase.id}: {rule_list(rules)}")
    if body.get("contract") != ref_body.get("contract"):
        before = ", ".join(p.id for p in phases if p.mechanism != "play") or "none"
        lines.append(f"contract: engine {compact(body.get('contract'))}, "
                     f"reference {compact(ref_body.get('contract'))}; decided by the phases {before}")
    if body.get("score") != ref_body.get("score"):
        score_lines, trace["score_items"], size, because = score_difference_lines(outcome, body.get("score"),
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
            lines.append(f"match record: engine {_clip(compact({kind: body}))}, reference {_clip(compact(reference))} "
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
            trace["rules"] = rules_at(ruleset, "/deal/")
            lines.append(f"the reference's deal rules: {rule_list(trace['rules'])}")
            pattern.update(contract="before the contract",
                           where=f"the deal: engine {engine_says}, reference {ref_says}")
        else:
            state, taken = walk(ruleset, deal, actions, at)
            place = f"action {at} {compact(actions[at])}" if at < count else "the end of the record"
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
                switch, deciding = transition_lines(state, taken, at)
                trace["rules"] = [*deciding, *rules_at(ruleset, f"/phases/{phase.id}/")]
                lines.extend(phase_lines(ruleset, phase))
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


__all__ = ["deciding_rules", "parting", "phase_before", "replay_path", "walk", "whole_explanations"]
