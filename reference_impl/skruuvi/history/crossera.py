"""Cross-era replay: one recorded deal under several rulesets, and the rules that make the difference.

:func:`cross_era` replays a record under each ruleset (:func:`skruuvi.interpreter.replay.replay` with the ruleset
override) and explains the differences:

* a deal whose form a ruleset does not have is *not playable* there;
* where an action is illegal, the rule that forbids it: the error is mapped to the parameter of the
  phase being played at that index (re-running :func:`~skruuvi.interpreter.engine.start` /
  :func:`~skruuvi.interpreter.engine.apply`
  up to it), e.g. a ``not-your-turn`` at the first lead -> the rule of the play phase's ``lead``; codes
  without such a parameter fall back to the ``rules`` that ``spec/errors.yaml`` lists for the code;
* for a score, every scoring rule whose items (:attr:`Outcome.breakdown`) differ between the rulesets,
  with the tables, derived facts and multipliers its formula reads (``via``).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..interpreter import engine
from ..interpreter.engine import play_deal
from ..interpreter.facts import deal_facts, winner_side
from ..interpreter.outcome import Outcome, ScoreItem
from ..interpreter.replay import record_ruleset, replay
from ..interpreter.state import DealState
from ..rules import paths
from ..rules.errors import IllegalAction, SkruuviError
from ..rules.readings import label
from ..rules.ruleset import Ruleset
from ..rules.yamlio import load_yaml

# Which phase parameter enforces an error code (tried in the phase being played, then the form's other phases,
# then the form, deal and scoring rules). not-your-turn depends on the moment: see _turn_params.
CODE_PARAMS: dict[str, tuple[str, ...]] = {
    "final-contract-too-low": ("final_min_level",),
    "bid-below-minimum": ("min_level",),
    "bid-not-allowed": ("strain_order",),
    "exchange-forbidden": ("banned_if_main_first_bid_at_least", "banned_by_first_bid_of"),
    "return-same-card": ("return_must_differ",),
    "choice-not-offered": ("procedures", "procedure"),
    "give-wrong-count": ("to_partner", "partner_gives_each", "count", "procedures"),
    "give-wrong-recipient": ("to_partner", "distribute_order", "givers", "giver", "first", "procedures"),
}
TURN_PARAMS: dict[str, tuple[str, ...]] = {
    "auction": ("bidders",), "kitty": ("distribute_order",), "defenders_exchange": ("first",),
    "partner_exchange": ("givers",), "pair_swap": ("giver",),
}


@cache
def error_rules() -> dict[str, tuple[str, ...]]:
    """``spec/errors.yaml``: code -> the rule ids it enforces (empty when the file is missing)."""
    path = paths.spec_dir() / "errors.yaml"
    if not path.is_file():
        return {}
    doc = load_yaml(path) or {}
    return {str(e["code"]): tuple(e.get("rules") or ()) for e in doc.get("errors", []) if "code" in e}


@dataclass(frozen=True, slots=True)
class Rejection:
    """Where and why a ruleset rejects the record, and the rule ids responsible."""

    index: int | None
    action: str | None
    code: str
    message: str
    rules: tuple[str, ...]
    phase: str | None = None  # the phase this ruleset was in at the index
    home_phase: str | None = None  # the phase the record's own ruleset was in at the same index
    form: str | None = None  # the form being played here, when the deal turned into another form
    form_rule: str | None = None  # the rule that turned it into that form (e.g. an all-pass rule)


@dataclass(frozen=True, slots=True)
class EraReplay:
    """One ruleset's replay: not playable (``reason``), rejected (``rejection``) or a result (``outcome``)."""

    ruleset: Ruleset
    outcome: Outcome | None = None
    reason: str = ""
    rejection: Rejection | None = None
    winner: str | None = None  # the side that won the deal (made or defeated the contract), when scored

    @property
    def playable(self) -> bool:
        return self.outcome is not None

    @property
    def scored(self) -> bool:
        return self.outcome is not None and self.outcome.ok

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": label(self.ruleset), "era": self.ruleset.era, "playable": self.playable}
        if not self.playable:
            out["reason"] = self.reason
        elif self.outcome is not None:
            out.update(self.outcome.to_response())
        if self.rejection is not None:
            r = self.rejection
            out["error"] = {**out.get("error", {}), "action": r.action, "rules": list(r.rules), "phase": r.phase,
                            "home_phase": r.home_phase, "message": r.message}
            if r.form is not None:
                out["error"].update(form=r.form, form_rule=r.form_rule)
        return out


@dataclass(frozen=True, slots=True)
class ScoreDiff:
    """A scoring rule whose items differ between rulesets: ruleset id -> its items and what the formula reads."""

    rule: str
    items: Mapping[str, tuple[ScoreItem, ...]]
    via: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule,
                "items": {rs: [{"side": i.side, "points": i.points, "column": i.column} for i in items]
                          for rs, items in self.items.items()},
                "via": {rs: list(v) for rs, v in self.via.items() if v}}


@dataclass(frozen=True, slots=True)
class CrossEra:
    case_id: str
    home: str | None  # the record's own ruleset id
    eras: tuple[EraReplay, ...]
    differences: tuple[ScoreDiff, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"case": self.case_id, "ruleset": self.home, "eras": [e.to_dict() for e in self.eras],
                "differences": [d.to_dict() for d in self.differences]}


# --- the rule behind an illegal action --------------------------------------------------------------


def _state_at(ruleset: Ruleset, case: Mapping[str, Any], index: int) -> DealState | None:
    """The state before action ``index`` (None when the deal cannot be started)."""
    try:
        state = engine.start(ruleset, case["deal"])
        for action in list(case.get("actions") or [])[:index]:
            state = engine.apply(state, action)
    except (IllegalAction, SkruuviError, KeyError, TypeError):
        return None
    return state


def _turn_params(state: DealState) -> tuple[str, ...]:
    phase = state.phase
    if phase is None:
        return ()
    if phase.mechanism == "play":
        return ("lead",) if not state.tricks and not state.current else ()
    if phase.mechanism == "doubling":
        return ("redoublers",) if getattr(state.step, "redouble", False) else ("doublers",)
    if phase.mechanism == "auction":
        step = state.step
        return ("first",) if getattr(step, "bids", 0) == 0 and getattr(step, "passes", 0) == 0 else ("bidders",)
    return TURN_PARAMS.get(phase.mechanism, ())


def _param_rule(ruleset: Ruleset, state: DealState, param: str) -> str | None:
    """The rule id setting ``param`` for this moment: the current phase, the form's phases, the form, elsewhere."""
    phases = [p for p in (state.phase,) if p is not None] + list(state.form.phases)
    for phase in phases:
        if param in phase.rule_of_param:
            return phase.rule_of_param[param]
    form_prefix = f"/forms/{state.form.name}/"
    candidates = [r for r in ruleset.rules.values() if r.param == param]
    for rule in candidates:
        if rule.pointer.startswith(form_prefix):
            return rule.id
    outside = [r for r in candidates if not r.pointer.startswith(("/forms/", "/phases/"))]
    return outside[0].id if outside else None


def rules_for_error(ruleset: Ruleset, state: DealState | None, code: str) -> tuple[str, ...]:
    """The rule ids of ``ruleset`` that forbid an action with error ``code`` in ``state``."""
    if state is not None:
        params = _turn_params(state) if code == "not-your-turn" else CODE_PARAMS.get(code, ())
        found = [r for r in (_param_rule(ruleset, state, p) for p in params) if r is not None]
        if found:
            return tuple(dict.fromkeys(found))
    listed = [r for r in error_rules().get(code, ()) if r in ruleset.rules]
    if state is not None and state.phase is not None and listed:
        mine = [r for r in listed if r in state.phase.rule_of_param.values()
                or ruleset.rules[r].pointer.startswith(f"/phases/{state.phase.id}/")]
        if mine:
            return tuple(mine)
    return tuple(listed)


def _home_phase(case: Mapping[str, Any], index: int | None) -> str | None:
    if index is None:
        return None
    try:
        home = record_ruleset(case)
    except SkruuviError:
        return None
    state = _state_at(home, case, index)
    return None if state is None or state.phase is None else state.phase.id


def _rejection(ruleset: Ruleset, case: Mapping[str, Any], outcome: Outcome) -> Rejection:
    index, code = outcome.error_index, str(outcome.error_code)
    actions = list(case.get("actions") or [])
    state = _state_at(ruleset, case, index) if index is not None else None
    action = str(actions[index]) if index is not None and index < len(actions) else None
    # A record that stops early breaks no rule: the phase shows what was still expected.
    rules = () if code == "incomplete-record" else rules_for_error(ruleset, state, code)
    phase = state.phase.id if state is not None and state.phase is not None else None
    form = form_rule = None
    deal = case.get("deal")
    if state is not None and isinstance(deal, Mapping) and state.form.name != deal.get("form"):
        form = state.form.name
        form_rule = next((p.rule_of_param["all_pass_form"] for f in ruleset.forms.values() for p in f.phases
                          if p.params.get("all_pass_form") == form), None)
    return Rejection(index, action, code, outcome.message, rules, phase, _home_phase(case, index), form, form_rule)


# --- score differences ------------------------------------------------------------------------------


def _names(source: Any) -> set[str]:
    if not isinstance(source, str):
        return set()
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return set()
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def formula_rules(ruleset: Ruleset, rule_id: str, doubled: bool) -> tuple[str, ...]:
    """The table, derived-fact and (when ``doubled`` applies to the rule) multiplier rules a scoring rule reads."""
    rule = ruleset.rules.get(rule_id)
    if rule is None:
        return ()
    names = _names(rule.raw.get("points")) | _names(rule.raw.get("when"))
    scoring = ruleset.raw.get("scoring") or {}
    by_name = {str(e.get("name")): str(e["id"]) for key in ("tables", "derived") for e in scoring.get(key) or []}
    out = [by_name[n.removeprefix("opp_")] for n in sorted(names) if n.removeprefix("opp_") in by_name]
    if doubled and rule.raw.get("multiplied"):
        out += [r.id for r in ruleset.rules.values() if r.param == "multipliers"]
    return tuple(dict.fromkeys(out))


def _key(items: Sequence[ScoreItem]) -> list[tuple[str, str, int]]:
    return sorted((i.side, i.column, i.points) for i in items)


def score_differences(eras: Sequence[EraReplay]) -> tuple[ScoreDiff, ...]:
    scored = [e for e in eras if e.scored]
    if len(scored) < 2:
        return ()
    per: dict[str, dict[str, tuple[ScoreItem, ...]]] = {}
    for era in scored:
        assert era.outcome is not None
        for item in era.outcome.breakdown:
            per.setdefault(item.rule, {}).setdefault(label(era.ruleset), ())
            per[item.rule][label(era.ruleset)] += (item,)
    diffs = []
    for rule, items in per.items():
        keys = [_key(items.get(label(e.ruleset), ())) for e in scored]
        if all(k == keys[0] for k in keys):
            continue
        via = {}
        for era in scored:
            assert era.outcome is not None and era.outcome.result is not None
            contract = era.outcome.result.get("contract") or {}
            mode = era.ruleset.rules[rule].raw.get("multiplied") if rule in era.ruleset.rules else None
            mine = items.get(label(era.ruleset), ())
            multiplied = mode is True or (mode == "winner" and any(i.side == era.winner for i in mine))
            via[label(era.ruleset)] = formula_rules(era.ruleset, rule, bool(contract.get("doubling")) and multiplied)
        diffs.append(ScoreDiff(rule, {label(e.ruleset): items.get(label(e.ruleset), ()) for e in scored}, via))
    return tuple(diffs)


# --- the entry point --------------------------------------------------------------------------------


def not_playable(case: Mapping[str, Any], ruleset: Ruleset) -> str:
    """Why a deal record cannot be played under ``ruleset`` at all ('' when it can be tried)."""
    deal = case.get("deal")
    form = deal.get("form") if isinstance(deal, Mapping) else None
    if "match" in case and ruleset.match is None:
        return f"{ruleset.id} has no match structure"
    if isinstance(form, str) and form not in ruleset.forms:
        return f"the form {form!r} does not exist in {ruleset.id} (its forms: {', '.join(ruleset.forms)})"
    if isinstance(form, str) and not ruleset.forms[form].dealt:
        return f"the form {form!r} is not dealt directly in {ruleset.id}"
    return ""


def replay_under(case: Mapping[str, Any], ruleset: Ruleset) -> EraReplay:
    reason = not_playable(case, ruleset)
    if reason:
        return EraReplay(ruleset, reason=reason)
    outcome = replay(case, ruleset=ruleset)
    if "match" in case:
        return EraReplay(ruleset, outcome)
    if outcome.ok:
        state = play_deal(ruleset, case["deal"], case["actions"])
        winner = winner_side(state, deal_facts(state)) if isinstance(state, DealState) else None
        return EraReplay(ruleset, outcome, winner=winner)
    return EraReplay(ruleset, outcome, rejection=_rejection(ruleset, case, outcome))


def cross_era(case: Mapping[str, Any], rulesets: Sequence[Ruleset]) -> CrossEra:
    """Replay one record under every ruleset; explain rejections and score differences by rule id.

    Raises :class:`~skruuvi.rules.errors.CaseFormatError` for a record that is not a record at all.
    """
    eras = tuple(replay_under(case, rs) for rs in rulesets)
    home = case.get("ruleset")
    return CrossEra(str(case.get("id", "")), home if isinstance(home, str) else None, eras, score_differences(eras))
