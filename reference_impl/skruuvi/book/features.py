"""The feature-by-era table that leads the comparison chapter: one row per feature a historian compares (the game
forms, the auctions, the minimum contract, misère, the exchanges, doubling, the scoring model, the match form), one
column per era, every cell read from the ruleset's data and linked to the rule (or form, or phase) it comes from.

A cell says what is played under the book's own readings (:mod:`skruuvi.rules.reach`): the forms a deal can be in,
and in each the phases it plays. A form reached only under another reading of the sources is named as such, in words
("under another reading of the sources, ..."); a phase a form never plays is named only to say so (no defenders'
exchange in a kotka, whose bids start at six).

Nothing here knows an era: each cell is found by what the ruleset declares (its forms and their phases with their
mechanisms, the parameters they set, its score columns and its match section), so a new ruleset gets its column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules.reach import forms_under_other_readings, lowest_first_bid, never_played, played_phases
from ..rules.ruleset import FormSpec, PhaseSpec, Rule, Ruleset
from . import md
from .played import all_pass_outcomes, played_forms
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
        return "; ".join([", ".join(dealt), *self.all_pass(), *self.other_readings()])

    def all_pass(self) -> list[str]:
        """When everybody passes: the form the deal turns into (a form link), or that the cards are dealt again (a
        link to the rule), per group of forms when they differ."""
        outcomes = all_pass_outcomes(self.rs)
        parts = []
        for target, forms, rule in outcomes:
            reached = self.rs.forms.get(target)
            what = (self.form(reached) if reached is not None and reached.phases
                    else self.to("the cards are thrown in and dealt again", rule))
            names = [f"*{self.labels.word(f.name)}*" for f in forms]
            where = f" (in {' or '.join([', '.join(names[:-1]), names[-1]] if len(names) > 1 else names)})" \
                if len(outcomes) > 1 else ""
            parts.append(what + where)
        return [f"when everybody passes: {', '.join(parts)}"] if parts else []

    def other_readings(self) -> list[str]:
        """The forms played only under another reading of the sources, in words, linked to the rule read otherwise."""
        return ["under another reading of the sources, an all-pass deal is played as "
                + self.to(f"*{self.labels.word(form)}*", rule)
                for form, (rule, _) in forms_under_other_readings(self.rs).items() if self.rs.forms[form].phases]

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
        forms = [self.to(f"*{self.labels.word(target)}*", rule) for target, _, rule in all_pass_outcomes(self.rs)
                 if self.rs.forms[target].phases]  # one link per form reached, to the first rule that reaches it
        return text + (f"; when everybody passes: {', '.join(forms)}" if forms else "")

    def exchanges(self) -> str:
        parts = []
        for f in played_forms(self.rs):
            phases = [self.phase(p) for p in played_phases(self.rs, f.name) if p.mechanism in EXCHANGES]
            never = self.never(f)
            if phases or never:
                parts.append(f"{self.form(f)}: {', '.join([*phases, *never])}")
        return "; ".join(parts) or "none"

    def never(self, form: FormSpec) -> list[str]:
        """The exchanges a form never plays, each linked to the rule that rules it out, with why."""
        phases = {p.id: p for p in form.phases}
        return [f"no {self.to(self.labels.word(pid), rule)} (every bid is at level {lowest_first_bid(form)} or more)"
                for pid, rule in never_played(self.rs, form.name).items() if phases[pid].mechanism in EXCHANGES]

    def doubling(self) -> str:
        forms = [self.form(f) for f in played_forms(self.rs)
                 if any(p.mechanism == "doubling" for p in played_phases(self.rs, f.name))]
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


def all_pass_words(rs: Ruleset) -> list[str]:
    """What an all-pass deal turns into, and the forms played only under another reading of the sources, as the
    glance's game forms cell says them (linked), for the chapter's other lines."""
    era = _Era(rs)
    return [*era.all_pass(), *era.other_readings()]


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
