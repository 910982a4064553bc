"""What the player chapters read from a compiled ruleset: its game forms, their phases by mechanism, a phase's or a
form's parameter with the id of the rule that sets it, the scoring tables and the match. Every number and order the
chapters print comes through here, so the prose cannot disagree with the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.ruleset import FormSpec, PhaseSpec, Ruleset


class Game:
    """A ruleset as a player meets it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rs = ruleset
        self.dealt = [f for f in ruleset.forms.values() if f.dealt]
        self.main = self.dealt[0] if self.dealt else None  # the form every game starts with (the alkupeli)

    def form(self, name: str) -> FormSpec | None:
        return self.rs.forms.get(name)

    def with_phases(self) -> list[FormSpec]:
        """The dealt forms that are played (the bolsevikki aside: it is told with the whole game)."""
        return [f for f in self.dealt if f.phases and f.params.get("scoring_unit") != "seat"]

    def solo(self) -> FormSpec | None:
        """The dealt form played one against three (the 2016 bolsevikki), if any."""
        return next((f for f in self.dealt if f.params.get("scoring_unit") == "seat" and f.phases), None)

    @staticmethod
    def phase(form: FormSpec | None, mechanism: str, nth: int = 0) -> PhaseSpec | None:
        """The ``nth`` phase of ``form`` with this mechanism (the first auction is nth 0, the second nth 1)."""
        if form is None:
            return None
        found = [p for p in form.phases if p.mechanism == mechanism]
        return found[nth] if nth < len(found) else None

    @staticmethod
    def value(phase: PhaseSpec | None, param: str, default: Any = None) -> Any:
        return default if phase is None else phase.params.get(param, default)

    @staticmethod
    def rule(phase: PhaseSpec | None, param: str) -> str:
        """The id of the rule that sets ``param`` in ``phase`` (its own or inherited), or ``""``."""
        return "" if phase is None else str(phase.rule_of_param.get(param, ""))

    def form_rule(self, form: FormSpec | None, param: str) -> str:
        if form is None:
            return ""
        prefix = f"/forms/{form.name}/"
        return next((r.id for r in self.rs.rules.values() if r.pointer.startswith(prefix) and r.param == param), "")

    def rule_with(self, param: str, under: str = "") -> str:
        """The first rule setting ``param`` (under a pointer prefix such as ``/match/``), or ``""``."""
        return next((r.id for r in self.rs.rules.values() if r.param == param and r.pointer.startswith(under)), "")

    def table(self, name: str) -> tuple[Any, str]:
        """A scoring table's value and the id of its rule."""
        for entry in (self.rs.raw.get("scoring") or {}).get("tables") or []:
            if entry.get("name") == name:
                return entry.get("value"), str(entry["id"])
        return None, ""

    def match(self, param: str) -> tuple[Any, str]:
        if self.rs.match is None or param not in self.rs.match.params:
            return None, ""
        return self.rs.match.params[param], self.rule_with(param, "/match/")

    def scoring(self, param: str) -> tuple[Any, str]:
        return self.rs.scoring_params.get(param), self.rule_with(param, "/scoring/")

    def scheme(self, form: FormSpec | None) -> list[Mapping[str, Any]]:
        """The scoring entries (as written) of the scheme that scores ``form``."""
        if form is None:
            return []
        return list(((self.rs.raw.get("scoring") or {}).get("schemes") or {}).get(form.scheme) or [])

    def all_pass(self, form: FormSpec | None) -> tuple[FormSpec | None, str]:
        """The form a deal of ``form`` turns into when the first four calls are passes, and the rule saying so."""
        first = self.phase(form, "auction")
        name = self.value(first, "all_pass_form")
        return (self.form(str(name)) if name else None), self.rule(first, "all_pass_form")

    def conflict(self, rule_id: str) -> bool:
        """Whether the sources disagree on this rule (its status is ``conflict``)."""
        rule = self.rs.rules.get(rule_id)
        return rule is not None and rule.status == "conflict"

    def alternatives(self, rule_id: str) -> list[Any]:
        rule = self.rs.rules.get(rule_id)
        return [a.get("value") for a in (rule.raw.get("alternatives") or [])] if rule is not None else []

    def stages_deals(self, stages: Any) -> int:
        """The number of deals of a list of match stages with fixed lengths (0 if a stage runs until games)."""
        if not isinstance(stages, list) or any("deals" not in s for s in stages):
            return 0
        return sum(int(s["deals"]) for s in stages)
