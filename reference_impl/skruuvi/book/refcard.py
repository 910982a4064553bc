"""The reference card of one era: the order of play, the ranking of the bids and the whole score, on one printed page.

Everything on it is read from the ruleset, the same data as the scoring card (:mod:`.card`): the game forms with
their hands and centre cards, each form's phases in order with who acts and the numbers that bound them, each form's
strain order, the multipliers, the scoring tables and every scoring rule of the forms played, and the match. Its
words come from one table per language (:data:`CARD_WORDS`, English and Finnish; the Finnish terms are the sources'
own: *jakaja*, *pelinviejä*, *pääpari*, *nostopakka*, *keskikortit*, *kahdennus*, *pieti*), so an edition in another
language says the same numbers. ``docs/stylesheets/refcard.css`` lays it out on one side of A4 or Letter.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.ruleset import FormSpec, PhaseSpec, Ruleset
from . import md
from .formula import render
from .player_words import centre_term, knocks
from .refcard_words import CARD_WORDS, KNOCK_WORDS
from .values import Labels, number


def refcard_path(ruleset_id: str, lang: str = "en") -> str:
    """Where the card of one era lives (docs-relative): the English edition at the book's root, another language's
    under its folder (``fi/refcard/...``), as the i18n plugin's folder structure has it."""
    return md.localized(f"refcard/{ruleset_id}.md", lang)


def era_words(ruleset: Ruleset, lang: str) -> dict[str, Any]:
    """The card's words in ``lang`` as the era's own source says them: a knock for a double in the 1940s, and in
    Finnish the era's word for the centre cards (*pöytäkortit* in the 1940s, *keskikortit* in 2016)."""
    words = dict(CARD_WORDS[lang])
    if knocks(ruleset):
        knock = KNOCK_WORDS[lang]
        words.update({k: v for k, v in knock.items() if k != "roles"}, roles={**words["roles"], **knock["roles"]})
    if lang == "fi" and centre_term(ruleset) != "keskikortit":
        term = centre_term(ruleset).removesuffix("kortit")  # pöytä-
        words = {k: v.replace("keskikort", f"{term}kort") if isinstance(v, str) else v for k, v in words.items()}
    return words


class _Card:
    def __init__(self, ruleset: Ruleset, lang: str) -> None:
        self.rs = ruleset
        self.lang = lang
        self.w = era_words(ruleset, lang)
        self.labels = Labels([ruleset])
        self.missing: list[str] = []  # vocabulary without a word in this language (a test asks for none)

    # --- words -------------------------------------------------------------------------------------------------

    def role(self, who: object) -> str:
        if isinstance(who, list | tuple):
            return self.w["or"].join(self.role(x) for x in who)
        text = self.w["roles"].get(str(who))
        if text is None:
            self.missing.append(f"role {who}")
            return self.labels.word(who)
        return text

    def form(self, name: str) -> str:
        spec = (self.rs.raw.get("forms") or {}).get(name) or {}
        lab = spec.get("label") or {}
        fi = str(lab.get("fi") or self.labels.word(name))
        if self.lang == "fi" or not lab.get("en") or lab.get("en") == fi:
            return f"*{fi}*"
        return f"*{fi}* ({str(lab['en']).split(' (')[0]})"

    def phase(self, phase: PhaseSpec) -> str:
        lab = ((self.rs.raw.get("phases") or {}).get(phase.id) or {}).get("label") or {}
        en, fi = str(lab.get("en") or self.labels.word(phase.id)), lab.get("fi")
        if self.lang == "fi":
            return str(fi or en).capitalize()
        return en[:1].upper() + en[1:] + (f" (*{fi}*)" if fi else "")

    def name(self, word: str) -> str:
        if self.lang == "en":
            return self.w["names"].get(word) or self.labels.key(word)
        text = self.w["names"].get(word)
        if text is None:
            self.missing.append(f"name {word}")
            return word.replace("_", " ")
        return text

    def constant(self, word: str) -> str:
        if self.lang == "en":
            return self.labels.key(word)
        text = self.w["constants"].get(word)
        if text is None:
            self.missing.append(f"constant {word}")
            return word
        return text

    def formula(self, expr: object) -> str:
        return render(expr, name=self.name, word=self.constant, ops=self.w["ops"])

    # --- order of play -----------------------------------------------------------------------------------------

    def played_forms(self) -> tuple[list[FormSpec], dict[str, list[str]]]:
        """The forms dealt, and the forms an all-pass deal turns into by default (with the forms that lead there)."""
        dealt = [f for f in self.rs.forms.values() if f.dealt and f.phases]
        reached: dict[str, list[str]] = {}
        for form in dealt:
            for phase in form.phases:
                target = phase.params.get("all_pass_form")
                if isinstance(target, str) and target in self.rs.forms and self.rs.forms[target].phases:
                    reached.setdefault(target, []).append(form.name)
        return dealt, reached

    def detail(self, form: FormSpec, phase: PhaseSpec) -> str:
        w, p = self.w, phase.params
        parts: list[str] = []
        mech = phase.mechanism
        if mech == "auction":
            if p.get("first"):
                parts.append(w["first"].format(who=self.role(p["first"])))
            if p.get("bidders") == "main-pair":
                parts.append(w["main_pair_bids"])
            if p.get("single_round"):
                parts.append(w["single_round"])
            if int(p.get("min_level") or 1) > 1:
                parts.append(w["min_level"].format(n=p["min_level"]))
            if p.get("end_after_passes") and not p.get("single_round"):
                parts.append(w["end_passes"].format(n=p["end_after_passes"]))
            if p.get("final_min_level"):
                parts.append(w["final_min"].format(n=p["final_min_level"]))
            target = p.get("all_pass_form")
            if target:
                shown = w["redeal"] if not (self.rs.forms.get(str(target)) and self.rs.forms[str(target)].phases) \
                    else self.form(str(target))
                parts.append(w["all_pass"].format(form=shown))
        elif mech == "kitty":
            parts.append(w["takes_centre"].format(who=self.role(p.get("taker", "highest-bidder"))))
            if isinstance(p.get("procedures"), Mapping):
                choices = [w["procedure"].format(name=f"*{name}*", what=self.gifts(proc))
                           for name, proc in p["procedures"].items()]
                parts.append(w["procedures"].format(choices="; ".join(choices)))
            else:
                parts.append(self.gifts(p))
        elif mech == "pair_swap":
            parts.append(w["swap"].format(who=self.role(p.get("giver", "highest-bidder")), n=p.get("count")))
        elif mech == "defenders_exchange":
            back = w["a_different"] if p.get("return_must_differ") else w["one"]
            parts.append(w["defenders"].format(who=self.role(p.get("first", "declarer-left")), back=back))
            if p.get("banned_if_main_first_bid_at_least"):
                parts.append(w["banned_from"].format(n=p["banned_if_main_first_bid_at_least"]))
        elif mech == "doubling":
            parts.append(w["doublers"].format(who=self.role(p.get("doublers") or [])))
            if p.get("redoublers"):
                parts.append(w["redoublers"].format(who=self.role(p["redoublers"])))
        elif mech == "play":
            lead = p.get("lead")
            if isinstance(lead, Mapping):
                parts.append("; ".join(w["lead_in"].format(kind=self.constant(str(k)), who=self.role(v))
                                       for k, v in lead.items()))
            elif lead:
                parts.append(w["lead"].format(who=self.role(lead)))
            parts.append(w["play"])
        elif mech == "centre_deal":
            parts.append(w["centre_deal"].format(who=self.role(p.get("start", "forehand"))))
        elif mech == "partner_exchange":
            parts.append(w["partner_exchange"].format(who=self.role(p.get("givers") or [])))
        return "; ".join(parts)

    def gifts(self, p: Mapping[str, Any]) -> str:
        w, out = self.w, []
        if int(p.get("to_partner") or 0):
            out.append(w["to_partner"].format(n=p["to_partner"]))
        dist = p.get("distribution")
        if isinstance(dist, Mapping):
            out.append(w["distribution"].format(who=self.role(dist.get("distributor"))))
        return w["then"].join(out)

    def order(self) -> list[str]:
        dealt, reached = self.played_forms()
        out = [f"## {self.w['order']} {{#order}}", self.w["basics"]]
        for form in dealt:
            hand, centre = form.params.get("hand_size"), int(form.params.get("centre_cards") or 0)
            size = (self.w["form_dealt"] if centre else self.w["form_dealt_none"]).format(hand=hand, centre=centre)
            steps = "\n".join(f"{i}. **{self.phase(ph)}**: {self.detail(form, ph)}."
                              for i, ph in enumerate(form.phases, start=1))
            out.append(f"**{self.form(form.name)}** · {size}\n\n{steps}")
        for name, sources in reached.items():
            form = self.rs.forms[name]
            when = self.w["form_reached"].format(forms=", ".join(self.form(s) for s in dict.fromkeys(sources)))
            steps = "\n".join(f"{i}. **{self.phase(ph)}**: {self.detail(form, ph)}."
                              for i, ph in enumerate(form.phases, start=1))
            out.append(f"**{self.form(name)}** · {when}\n\n{steps}")
        return out

    # --- ranking -----------------------------------------------------------------------------------------------

    def ranking(self) -> list[str]:
        dealt, _ = self.played_forms()
        strains = self.w["strains"]
        lines = []
        for form in dealt:
            order = form.params.get("strain_order") or []
            if order:
                lines.append(f"- {self.form(form.name)}: " + " < ".join(
                    md.suit(s) if s in md.SUIT_SYMBOL else strains[s] for s in order))
        misere = any("M" in (f.params.get("strain_order") or []) for f in dealt)
        return [f"## {self.w['ranking']} {{#ranking}}", "\n".join(lines),
                self.w["bid_levels"] if misere else self.w["bid_levels_no_misere"]]

    # --- score -------------------------------------------------------------------------------------------------

    def table(self, entry: Mapping[str, Any]) -> str:
        v = entry.get("value")
        axes = self.w["table_axes"]
        if isinstance(v, Mapping) and v and all(isinstance(x, Mapping) for x in v.values()):
            cols = list(dict.fromkeys(str(k) for row in v.values() for k in row))
            head = [f"{axes['kind']} / {axes['level']}", *cols]
            rows = [[self.constant(str(k)), *(number(row[c]) if c in row else "—" for c in cols)]
                    for k, row in ((k, {str(c): x for c, x in r.items()}) for k, r in v.items())]
            return md.table(head, rows)
        if isinstance(v, Mapping):
            keys = [str(k) for k in v]
            label = axes["level"] if all(k.isdigit() for k in keys) else axes["kind"]
            return md.table([label, *(self.constant(k) if not k.isdigit() else k for k in keys)],
                            [[axes["points"], *(number(x) if isinstance(x, int) else str(x) for x in v.values())]])
        return f"**{number(v) if isinstance(v, int) else v}**"

    def table_title(self, entry: Mapping[str, Any]) -> str:
        if self.lang == "en":
            return str(entry.get("title") or self.labels.key(entry.get("name")))
        return self.name(str(entry.get("name"))).capitalize()

    def entry_line(self, e: Mapping[str, Any]) -> str:
        w = self.w
        title = str(e.get("title") or "") if self.lang == "en" else str(e.get("fi") or "").capitalize()
        bits = [f"{self.formula(e['points'])} {w['to'].get(str(e.get('to')), str(e.get('to')))}"]
        if e.get("column"):
            bits.append(w.get(str(e["column"]), str(e["column"])))
        if e.get("when") is not None:
            bits.append(w["when"].format(c=self.formula(e["when"])))
        if e.get("multiplied") is True:
            bits.append(w["multiplied"])
        elif e.get("multiplied") == "winner":
            bits.append(w["multiplied_winner"])
        text = ", ".join(bits)
        return f"- **{title}**: {text}" if title else f"- {text[:1].upper()}{text[1:]}"

    def score(self) -> list[str]:
        w = self.w
        raw = self.rs.raw.get("scoring") or {}
        out = [f"## {w['score']} {{#score}}"]
        general = [w["columns"] if self.rs.columns != ("deal",) else w["one_column"]]
        mult = next((r.value for r in self.rs.rules.values() if r.param == "multipliers"), None)
        if isinstance(mult, list):
            if len(mult) > 2:
                general.append(w["multipliers_re"].format(double=mult[1], redouble=mult[2]).capitalize() + ".")
            elif len(mult) == 2:
                general.append(w["multipliers"].format(double=mult[1]).capitalize() + ".")
            else:
                general.append(w["no_doubling"].capitalize() + ".")
        receive = next((r.value for r in self.rs.rules.values() if r.param == "defenders_receive"), None)
        if receive == "negation":
            general.append(w["receive_negation"])
        match = self.rs.match.params if self.rs.match is not None else {}
        if match.get("game_threshold") is not None:
            general.append(w["game"].format(n=match["game_threshold"]))
        if match.get("game_bonus") is not None:
            general.append(w["game_bonus"].format(bonus=self.formula(match["game_bonus"])))
        name = str(((self.rs.raw.get("match") or {}).get("label") or {}).get("fi") or "")
        stages = match.get("stages") or []
        if stages:
            general.append(w["set_named"].format(name=name, stages=self.stages(stages)) if name
                           else w["set"].format(stages=self.stages(stages)))
        found = match.get("partnerships")
        pairings: list[Any] = found if isinstance(found, list) else []
        rounds = len(pairings) or 1
        if rounds > 1:
            shown = "; ".join(" v ".join(" & ".join(str(x) for x in pair) for pair in pairing) for pairing in pairings)
            general.append(w["rounds"].format(k=rounds, pairings=shown))
        if stages and all(isinstance(s.get("deals"), int) for s in stages):  # a game of a fixed length
            general.append(w["in_all"].format(n=sum(int(s["deals"]) for s in stages) * rounds))
        out.append(" ".join(general))
        dealt, reached = self.played_forms()
        played = {f.name for f in dealt} | set(reached)
        schemes = raw.get("schemes") or {}
        used = [name for name in schemes if schemes[name] and any(
            self.rs.forms[f].scheme == name for f in played if f in self.rs.forms)]
        names = self.table_names([e for s in used for e in schemes[s]])
        tables = [t for t in raw.get("tables") or [] if str(t.get("name")) in names]
        if tables:
            out.append(f"### {w['tables']} {{#tables}}")
            out += [f'<div class="sk-refcard-table" markdown>\n\n**{self.table_title(t)}** {self.table(t)}\n\n</div>'
                    if not isinstance(t.get("value"), Mapping) else
                    f'<div class="sk-refcard-table" markdown>\n\n**{self.table_title(t)}**\n\n{self.table(t)}\n\n</div>'
                    for t in tables]
        for name in used:
            forms = ", ".join(self.form(f) for f in self.rs.forms if f in played and self.rs.forms[f].scheme == name)
            out += [f"### {w['rules_of'].format(forms=forms)} {{#scheme-{name}}}",
                    "\n".join(self.entry_line(e) for e in schemes[name])]
        return out

    def table_names(self, entries: Sequence[Mapping[str, Any]]) -> set[str]:
        found: set[str] = set()
        for e in entries:
            for key in ("when", "points"):
                if isinstance(e.get(key), str):
                    found |= {n.id for n in ast.walk(ast.parse(e[key], mode="eval")) if isinstance(n, ast.Name)}
        return found

    def stages(self, stages: Sequence[Mapping[str, Any]]) -> str:
        w = self.w
        parts = []
        for stage in stages:
            form = self.form(str(stage.get("form")))
            if "until_games" in stage:
                parts.append(w["until_games"].format(form=form, n=stage["until_games"]))
            else:
                parts.append(w["deals_of"].format(form=form, n=stage.get("deals")))
        return w["then"].join(parts)

    def editions(self) -> str:
        """The line under the title: this card in the other language, and the era's learn-to-play chapter (on
        screen only: the printed card is the card alone)."""
        here = refcard_path(self.rs.id, self.lang)
        other = "fi" if self.lang == "en" else "en"
        twin = md.served_href(here, refcard_path(self.rs.id, other))
        chapter = md.served_href(here, md.localized(md.learn_path(self.rs.id), self.lang))
        learn = ("Learn to play Skruuvi: {era}" if self.lang == "en" else "Opi pelaamaan skruuvia: {era}")
        return (f'<p class="sk-editions"><em>{self.w["other_edition"]}</em> <a href="{twin}" hreflang="{other}">'
                f'{CARD_WORDS[other]["title"].format(era=self.rs.era)}</a> · {self.w["learn"]} '
                f'<a href="{chapter}">{learn.format(era=self.rs.era)}</a></p>')

    def render(self) -> str:
        w = self.w
        out = [f"# {w['title'].format(era=self.rs.era)}", self.editions(),
               f'<div class="sk-refcard" markdown>\n\n{w["intro"].format(era=self.rs.era)}']
        out += self.order() + self.ranking() + self.score()
        out.append("</div>")
        return "\n\n".join(out) + "\n"


def refcard_page(ruleset: Ruleset, lang: str = "en") -> str:
    """The reference card of one era in ``lang`` (a key of :data:`CARD_WORDS`), as markdown."""
    return _Card(ruleset, lang).render()


def missing_words(ruleset: Ruleset, lang: str) -> list[str]:
    """The vocabulary of ``ruleset``'s card that ``lang`` has no word for (the card falls back to the id)."""
    card = _Card(ruleset, lang)
    card.render()
    return sorted(set(card.missing))

