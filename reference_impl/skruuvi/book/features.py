"""The feature-by-era table that leads the comparison chapter: one row per feature a historian compares (the game
forms, the auctions, the minimum contract, misère, the exchanges, doubling, the scoring model, the match form), one
column per era, every cell read from the ruleset's data and linked to the rule (or form, or phase) it comes from.

Nothing here knows an era: each cell is found by what the ruleset declares (its forms and their phases with their
mechanisms, the parameters they set, its score columns and its match section), so a new ruleset gets its column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules.ruleset import FormSpec, PhaseSpec, Rule, Ruleset
from . import md
from .values import Labels

HERE = md.COMPARISON
EXCHANGES = ("kitty", "pair_swap", "defenders_exchange", "partner_exchange")


class _Era:
    """The cells of one ruleset's column."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.labels = Labels([rs])
        self.page = md.rules_page(rs.id)

    def to(self, text: str, anchor: str) -> str:
        return md.link(text, HERE, self.page, anchor)

    def form(self, form: FormSpec) -> str:
        return self.to(f"*{self.labels.word(form.name)}*", f"form-{form.name}")

    def phase(self, phase: PhaseSpec) -> str:
        return self.to(self.labels.word(phase.id), f"phase-{phase.id}")

    def rule(self, param: str, where: str = "") -> Rule | None:
        return next((r for r in self.rs.rules.values() if r.param == param and r.pointer.startswith(where)), None)

    def value(self, param: str, where: str = "", text: str | None = None) -> str | None:
        rule = self.rule(param, where)
        if rule is None:
            return None
        return self.to(text or self.labels.show(rule.value, param), rule.id)

    def dealt(self) -> list[FormSpec]:
        return [f for f in self.rs.forms.values() if f.dealt]

    # --- the rows --------------------------------------------------------------------------------

    def forms(self) -> str:
        dealt = [self.form(f) for f in self.dealt()]
        others = [self.form(f) for f in self.rs.forms.values() if not f.dealt and f.phases]
        return ", ".join(dealt) + (f"; reached from another form: {', '.join(others)}" if others else "")

    def auctions(self) -> str:
        parts = []
        for f in self.dealt():
            phases = [self.phase(p) for p in f.phases if p.mechanism == "auction"]
            if phases:
                parts.append(f"{self.form(f)}: {len(phases)} ({', then '.join(phases)})")
        return "; ".join(parts) or "none"

    def minimum(self) -> str:
        parts = []
        for f in self.dealt():
            auctions = [p for p in f.phases if p.mechanism == "auction"]
            if not auctions:
                continue
            last = auctions[-1]
            for param in ("final_min_level", "min_level"):
                if param in last.params and param in last.rule_of_param:
                    parts.append(f"{self.form(f)}: "
                                 + self.to(f"level {last.params[param]}", last.rule_of_param[param]))
                    break
        return "; ".join(parts) or "none stated"

    def misere(self) -> str:
        bid = []
        for f in self.dealt():
            order = f.params.get("strain_order") or ()
            rule = self.rule("strain_order", f"/forms/{f.name}/")
            if "M" in order:
                bid.append(self.to(f"*{self.labels.word(f.name)}*", rule.id) if rule else self.form(f))
        orders = [r for f in self.dealt() for r in [self.rule("strain_order", f"/forms/{f.name}/")] if r]
        never = self.to("never bid", orders[0].id) if orders else "never bid"  # the strains it can be bid in
        text = ("bid in " + ", ".join(bid)) if bid else never
        passed = [(p, p.params["all_pass_form"]) for f in self.dealt() for p in f.phases
                  if isinstance(p.params.get("all_pass_form"), str)]
        forms: dict[str, str] = {}
        for p, target in passed:  # one link per form reached, to the first rule that reaches it
            if target in self.rs.forms and self.rs.forms[target].phases and target not in forms:
                forms[target] = self.to(f"*{self.labels.word(target)}*", p.rule_of_param["all_pass_form"])
        return text + (f"; when all pass: {', '.join(forms.values())}" if forms else "")

    def exchanges(self) -> str:
        parts = []
        for f in self.rs.forms.values():
            phases = [self.phase(p) for p in f.phases if p.mechanism in EXCHANGES]
            if phases:
                parts.append(f"{self.form(f)}: {', '.join(phases)}")
        return "; ".join(parts) or "none"

    def doubling(self) -> str:
        forms = [self.form(f) for f in self.rs.forms.values() if any(p.mechanism == "doubling" for p in f.phases)]
        multipliers = self.value("multipliers")
        if not forms:
            return "no doubling phase" + (f" ({multipliers})" if multipliers else "")
        return f"{multipliers or 'doubling'} in {', '.join(forms)}"

    def scoring(self) -> str:
        columns = ("one score per deal" if tuple(self.rs.columns) == ("deal",)
                   else "points " + " and ".join(self.labels.word(c) for c in self.rs.columns))
        text = self.to(columns, "scoring")
        receive = self.value("defenders_receive")
        return text + (f"; the defenders receive {receive}" if receive else "")

    def match(self) -> str:
        if self.rs.match is None:
            return "none: each deal stands alone"
        params = self.rs.match.params
        stages = self.value("stages", "/match/", self.labels.show(params.get("stages") or [], "stages"))
        blocks = params.get("partnerships") or ()
        text = f"each block is {stages}" if blocks else f"a match is {stages}"
        if blocks:
            text += f", once with each of {len(blocks)} " + (self.value("partnerships", "/match/", "partnerships")
                                                              or "partnerships")
        totals = self.value("totals", "/match/", self.labels.word(params.get("totals")))
        threshold = params.get("game_threshold")
        game = self.value("game_threshold", "/match/", f"a game at {threshold} below the line") \
            if threshold is not None else None
        return "; ".join(x for x in (text, game, f"scored {totals}" if totals else None) if x)


ROWS: list[tuple[str, Callable[[_Era], str]]] = [
    ("Game forms", _Era.forms),
    ("Auctions", _Era.auctions),
    ("Minimum contract", _Era.minimum),
    ("Misère", _Era.misere),
    ("Exchanges", _Era.exchanges),
    ("Doubling", _Era.doubling),
    ("Scoring model", _Era.scoring),
    ("Match form", _Era.match),
]


def feature_table(rulesets: Sequence[Ruleset]) -> str:
    """The feature-by-era table (markdown, in a block the stylesheet lays out to fit a phone's width)."""
    eras = [_Era(rs) for rs in rulesets]
    rows = [[f"**{name}**", *(md.cell(cell(era)) for era in eras)] for name, cell in ROWS]
    table = md.table(["Feature", *(f"{rs.era}" for rs in rulesets)], rows)
    return f'<div class="sk-features" markdown="1">\n\n{table}\n\n</div>'
