"""The reference card of one era: the order of play, the ranking of the bids and the whole score, on one printed page.

Everything on it is read from the ruleset, the same data as the scoring card (:mod:`.card`): the game forms with
their hands and centre cards, each form's phases in order with who acts and the numbers that bound them, each form's
strain order, the multipliers, the scoring tables and every scoring rule of the forms played, and the match. Its
words come from one table per language (:data:`CARD_WORDS`, English and Finnish; the Finnish terms are the sources'
own: *jakaja*, *pelinviejä*, *pääpari*, *nostopakka*, *keskikortit*, *kahdennus*, *pieti*), so an edition in another
language says the same numbers. ``docs/stylesheets/refcard.css`` lays it out on one side of A4 or Letter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..rules.reach import never_played
from ..rules.ruleset import FormSpec, PhaseSpec, Ruleset
from . import md
from .learn.facts import Game
from .learn.language import Prose
from .learn.scoring import score as score_section
from .learn.whole_game import whole_game
from .player_words import FORMS_FI, centre_term, knocks
from .refcard_words import CARD_WORDS, KNOCK_WORDS
from .values import Labels

refcard_path = md.refcard_path


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


def has_trumps(form: FormSpec) -> bool:
    """Whether a form is ever played with trumps: a suit is among its strains (a passimisääri has no strains, a
    bolsevikki only misère)."""
    return any(s in md.SUIT_SYMBOL for s in form.params.get("strain_order") or [])


class _Card:
    def __init__(self, ruleset: Ruleset, lang: str) -> None:
        self.rs = ruleset
        self.lang = lang
        self.w = era_words(ruleset, lang)
        self.labels = Labels([ruleset])
        self.missing: list[str] = []  # vocabulary without a word in this language (a test asks for none)
        self.said_main_pair = False

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

    def form_in(self, name: str) -> str:
        """A form after "in" / "as in": English as :meth:`form`, Finnish in the inessive (*alkupelissä*)."""
        if self.lang != "fi":
            return self.form(name)
        spec = (self.rs.raw.get("forms") or {}).get(name) or {}
        word = str((spec.get("label") or {}).get("fi") or name)
        return f"*{FORMS_FI.get(word, {}).get('ine', word)}*"

    def phase(self, phase: PhaseSpec) -> str:
        lab = ((self.rs.raw.get("phases") or {}).get(phase.id) or {}).get("label") or {}
        en, fi = str(lab.get("en") or self.labels.word(phase.id)), lab.get("fi")
        if self.lang == "fi":
            return str(fi or en).capitalize()
        return en[:1].upper() + en[1:]

    def constant(self, word: str) -> str:
        """A kind of contract as the card's play line names it (in Finnish in the inessive: *valttipelissä*)."""
        text = self.w["constants"].get(word)
        if text is None:
            self.missing.append(f"constant {word}")
            return word
        return text

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
            if p.get("bidders") == "main-pair":  # the main pair explained once, at its first mention
                parts.append(w["main_pair_bids_again"] if self.said_main_pair else w["main_pair_bids"])
                self.said_main_pair = True
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
            ban = p.get("banned_if_main_first_bid_at_least")
            if phase.id in never_played(self.rs, form.name):  # a kotka: no bid below the ban, so never an exchange
                return w["defenders_never"].format(n=ban)
            parts.append(w["defenders"].format(who=self.role(p.get("first", "declarer-left")), back=back))
            if ban:
                parts.append(w["banned_from"].format(n=ban))
        elif mech == "doubling":
            parts.append(self.in_turn(w["doublers"], p.get("doublers") or []))
            if p.get("redoublers"):
                parts.append(self.in_turn(w["redoublers"], p["redoublers"]))
        elif mech == "play":
            lead = p.get("lead")
            if isinstance(lead, Mapping):
                by_who: dict[str, list[str]] = {}
                for k, v in lead.items():
                    by_who.setdefault(self.role(v), []).append(self.constant(str(k)))
                parts.append("; ".join(w["lead_in"].format(kind=w["or"].join(kinds), who=who)
                                       for who, kinds in by_who.items()))
            elif lead:
                parts.append(w["lead"].format(who=self.role(lead)))
            parts.append(w["play"] if has_trumps(form) else w["play_no_trumps"])
        elif mech == "centre_deal":
            parts.append(w["centre_deal"].format(who=self.role(p.get("start", "forehand"))))
        elif mech == "partner_exchange":
            back = w["a_different"] if p.get("return_must_differ") else w["maybe_same"]
            givers = w["and"].join(self.role(x) for x in p.get("givers") or [])
            parts.append(w["partner_exchange"].format(who=givers, back=back))
        return "; ".join(parts)

    def in_turn(self, text: str, who: object) -> str:
        """Who may double (or redouble) in turn: the first, and if he passes, the next (as the chapter says it)."""
        people = list(who) if isinstance(who, list | tuple) else [who]
        said = text.format(who=self.role(people[0]))
        return said + "".join(self.w["if_passes"].format(who=self.role(x)) for x in people[1:])

    def gifts(self, p: Mapping[str, Any]) -> str:
        w, out = self.w, []
        if int(p.get("to_partner") or 0):
            out.append(w["to_partner"].format(n=p["to_partner"]))
        dist = p.get("distribution")
        if isinstance(dist, Mapping):
            out.append(w["distribution"].format(who=self.role(dist.get("distributor"))))
        return w["then"].join(out)

    def steps(self, form: FormSpec, told: dict[tuple[str, str], str]) -> str:
        """A form's phases, numbered; a run of phases told word for word under a form above is one line, "as in"
        that form (``told``: each phase id and text already on the card, with the form that has it)."""
        lines: list[str] = []
        run: list[str] = []
        run_form = ""
        for ph in form.phases:
            text = self.detail(form, ph)
            earlier = told.get((ph.id, text))
            if earlier is not None and (not run or earlier == run_form):
                run.append(f"**{self.phase(ph)}**")
                run_form = earlier
                continue
            if run:
                lines.append(f"{self.w['and'].join([', '.join(run[:-1]), run[-1]]) if len(run) > 1 else run[0]}: "
                             f"{self.w['as_in'].format(form=run_form)}")
                run = []
            lines.append(f"**{self.phase(ph)}**: {text}")
            told.setdefault((ph.id, text), self.form_in(form.name))
        if run:
            lines.append(f"{self.w['and'].join([', '.join(run[:-1]), run[-1]]) if len(run) > 1 else run[0]}: "
                         f"{self.w['as_in'].format(form=run_form)}")
        return "\n".join(f"{i}. {line}." for i, line in enumerate(lines, start=1))

    def order(self) -> list[str]:
        dealt, reached = self.played_forms()
        out = [f"## {self.w['order']} {{#order}}", self.w["basics"]]
        told: dict[tuple[str, str], str] = {}
        for form in dealt:
            hand, centre = form.params.get("hand_size"), int(form.params.get("centre_cards") or 0)
            size = (self.w["form_dealt"] if centre else self.w["form_dealt_none"]).format(hand=hand, centre=centre)
            out.append(f"**{self.form(form.name)}** · {size}\n\n{self.steps(form, told)}")
        for name, sources in reached.items():
            form = self.rs.forms[name]
            forms = self.w["or"].join(self.form_in(s) for s in dict.fromkeys(sources))
            when = self.w["form_reached"].format(forms=forms)
            out.append(f"**{self.form(name)}** · {when}\n\n{self.steps(form, told)}")
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

    def score(self) -> list[str]:
        """The score and the whole game as the era's learn-to-play chapter tells them: the same sections, drawn from
        the same ruleset by the same code (without the chapter's § links), so that the card and the chapter cannot
        say different numbers. A link to another section of the chapter leads to it there."""
        p = Prose(self.rs, self.lang, refcard_path(self.rs.id, self.lang), links=False)
        g = Game(self.rs)
        out: list[str] = []
        for section in (score_section(g, p), whole_game(g, p)):
            if section is None:
                continue
            out.append(f"## {section.title} {{#{'score' if section.anchor == 'score' else section.anchor}}}")
            out += [self.to_chapter(block) for block in section.blocks]
        return out

    def to_chapter(self, block: str) -> str:
        """A block of the chapter with its links within the chapter (``[text](#anchor)``) turned into links to the
        chapter's section, or to the card's own section where the card has it."""
        here = refcard_path(self.rs.id, self.lang)
        chapter = md.localized(md.learn_path(self.rs.id), self.lang)

        def link(m: re.Match[str]) -> str:
            text, anchor = m.group(1), m.group(2)
            if anchor in ("score", "whole-game", "bolsevikki"):
                return f"[{text}](#{anchor})"
            return f'<a href="{md.served_href(here, chapter, anchor)}">{text}</a>'

        return re.sub(r"\[([^\]]+)\]\(#([\w-]+)\)", link, block)

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

