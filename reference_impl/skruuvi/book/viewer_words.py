"""The deal viewer's words, one table per language (English and Finnish), and :class:`Voice`, which says each step
of a replayed deal in one of them.

:mod:`.viewer` builds a deal's trace once per language from the same replay: only the words differ, every number,
card and call is the replay's own (a test holds the two traces of each chapter deal to the same numbers). The
script ``docs/javascripts/deal-viewer.js`` reads the interface words (:data:`WORDS`) from the trace, so it needs no
change for a language. The Finnish words are the sources' own (seeds 000, 001, 002): *jakaja*, *keskikortit* or
*pöytäkortit*, *kahdennus* or *koputus*, *tikki*, *viivan alla*.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..rules.errors import SkruuviError
from ..rules.notation import SEATS
from ..rules.ruleset import Ruleset
from .era import label
from .player_words import (
    CENTRE_FI,
    COLUMN_WORDS,
    FORMS_FI,
    SCORE_WORDS,
    SEATS_EN,
    SEATS_FI,
    SIDES_EN,
    SIDES_FI,
    SUITS_FI,
    centre_term,
    knocks,
)
from .values import Labels, bid_text, bid_words, card_text, card_words

# The viewer's own words (buttons, headings, announcements), one table per language; the script reads them from the
# trace.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "viewer": "Step through the deal",
        "first": "Start",
        "first_label": "Go to the start of the deal",
        "back": "Back",
        "back_label": "Go back one step",
        "next": "Next",
        "next_label": "Go forward one step",
        "last": "End",
        "last_label": "Go to the end of the deal",
        "slider": "Step",
        "step": "Step {n} of {total}",
        "jump": "Jump to",
        "keys": "Keys: ← and → step through the deal on screen; click the deal, and Home and End go to its start "
                "and its end.",
        "centre": "Centre cards",
        "face_down": "face down: shown here for you",
        "trick": "Trick {n}",
        "leads": "leads",
        "wins": "wins the trick",
        "dealer": "dealer",
        "calls": "Calls",
        "tricks": "Tricks won",
        "score": "Score",
        "total": "Total",
        "column": "Column",
        "rule": "Item",
        "loading": "Loading the deal…",
        "failed": "The deal could not be loaded. The whole deal is shown on one page below.",
        "nojs": "The step-through view of this deal needs JavaScript; the whole deal is shown on one page below.",
    },
    "fi": {
        "viewer": "Käy jako läpi",
        "first": "Alkuun",
        "first_label": "Jaon alkuun",
        "back": "Edellinen",
        "back_label": "Askel taaksepäin",
        "next": "Seuraava",
        "next_label": "Askel eteenpäin",
        "last": "Loppuun",
        "last_label": "Jaon loppuun",
        "slider": "Askel",
        "step": "Askel {n}/{total}",
        "jump": "Siirry",
        "keys": "Näppäimet: ← ja → askeltavat näytöllä olevaa jakoa; napsauta jakoa, niin Home ja End vievät sen "
                "alkuun ja loppuun.",
        "centre": "Keskikortit",
        "face_down": "kuvapuoli alaspäin: näytetään tässä sinulle",
        "trick": "Tikki {n}",
        "leads": "aloittaa",
        "wins": "voittaa tikin",
        "dealer": "jakaja",
        "calls": "Tarjoukset",
        "tricks": "Voitetut tikit",
        "score": "Pisteet",
        "total": "Yhteensä",
        "column": "Sarake",
        "rule": "Erä",
        "loading": "Jakoa ladataan…",
        "failed": "Jakoa ei voitu ladata. Koko jako on alla yhdellä sivulla.",
        "nojs": "Jaon läpikäynti tarvitsee JavaScriptin; koko jako on alla yhdellä sivulla.",
    },
}
LANGUAGES = tuple(WORDS)

# The sentences of the steps, one table per language. ``{who}`` and ``{to}`` are seats: ``{to:all}`` asks for the
# Finnish allative (*Idälle*, to East); English has one form.
SAY: dict[str, dict[str, str]] = {
    "en": {
        "deals": "{who} deals {form_a}: {hand} cards to each player and {centre} centre cards.",
        "deals_none": "{who} deals {form_a}: {hand} cards to each player.",
        "bids": "{who} bids {bid}.",
        "chooses": "{who} chooses {option}.",
        "passes": "{who} passes.",
        "doubles": "{who} doubles.",
        "redoubles": "{who} redoubles.",
        "knocks": "{who} knocks.",
        "counter-knocks": "{who} counter-knocks.",
        "gives": "{who} gives {to} {cards}.",
        "plays": "{who} plays {card}.",
        "wins": " {who} wins trick {n}.",
        "takes_centre": "{who} takes the centre cards: {cards}.",
        "centre_dealt": "The centre cards are dealt out: {cards}.",
        "turns": "Everybody has passed: the deal turns into {form_a} ({form_en}).",
        "turns_said": "Everybody has passed: the deal turns into {form_a}.",
        "bad": "✗ {who}: this action breaks a rule ({why}). The deal stops here.",
        "bad_said": "{who}: this action breaks a rule ({why}). The deal stops here.",
        "contract": "Contract: {bid} by {who}{doubled}",
        "doubled": ", doubled", "redoubled": ", redoubled", "knocked": ", knocked",
        "counter-knocked": ", counter-knocked",
        "highest": "Highest bid: {bid} by {who}",
        "no_bid": "No bid yet",
        "no_contract": "No contract: {form}",
        "over": "The deal is over.",
        "over_score": "The deal is over. Score: {score}.",
        "stops": " The example stops here, before the deal is over.",
        "deal_phase": "The deal: {form}",
    },
    "fi": {
        "deals": "{who} jakaa: {form}, {hand} korttia kullekin pelaajalle ja {centre} {centre_num}.",
        "deals_none": "{who} jakaa: {form}, {hand} korttia kullekin pelaajalle.",
        "bids": "{who} tarjoaa {bid}.",
        "chooses": "{who} valitsee tavan {option}.",
        "passes": "{who} passaa.",
        "doubles": "{who} kahdentaa.",
        "redoubles": "{who} kolmentaa.",
        "knocks": "{who} koputtaa.",
        "counter-knocks": "{who} vastakoputtaa.",
        "gives": "{who} antaa {to:all} {cards}.",
        "plays": "{who} pelaa {card}.",
        "wins": " {who} voittaa {n}. tikin.",
        "takes_centre": "{who} ottaa {centre_obj}: {cards}.",
        "centre_dealt": "{centre_cap} jaetaan pelaajille: {cards}.",
        "turns": "Kaikki passasivat: jako pelataan {form_ess}.",
        "turns_said": "Kaikki passasivat: jako pelataan {form_ess}.",
        "bad": "✗ {who}: tämä siirto rikkoo sääntöä ({why}). Jako päättyy tähän.",
        "bad_said": "{who}: tämä siirto rikkoo sääntöä ({why}). Jako päättyy tähän.",
        "contract": "Sopimus: {bid}, pelinviejänä {who}{doubled}",
        "doubled": ", kahdennettu", "redoubled": ", kolmennettu", "knocked": ", koputettu",
        "counter-knocked": ", vastakoputettu",
        "highest": "Korkein tarjous: {bid} ({who})",
        "no_bid": "Ei vielä tarjousta",
        "no_contract": "Ei sopimusta: {form}",
        "over": "Jako on ohi.",
        "over_score": "Jako on ohi. Pisteet: {score}.",
        "stops": " Esimerkki päättyy tähän, ennen jaon loppua.",
        "deal_phase": "Jako: {form}",
    },
}


class MissingWords(SkruuviError):
    """A deal needs a word its language's tables lack (the trace would show an id instead)."""


RANKS_FI = {"A": "ässä", "K": "kuningas", "Q": "rouva", "J": "jätkä", "T": "10"}


class Seat:
    """A seat in a sentence: ``format(seat, "all")`` gives the Finnish allative, any spec the English name."""

    def __init__(self, seat: int, language: str) -> None:
        self.code = SEATS[seat]
        self.language = language

    def __format__(self, case: str) -> str:
        if self.language == "fi":
            return SEATS_FI[self.code][case or "nom"]
        return SEATS_EN[self.code]

    def __str__(self) -> str:
        return format(self, "")


class Voice:
    """The words of one deal's trace in one language: names, cards, bids and the step sentences."""

    def __init__(self, ruleset: Ruleset, language: str) -> None:
        if language not in WORDS:
            raise ValueError(f"the deal viewer has no words in {language!r} (known: {', '.join(WORDS)})")
        self.rs = ruleset
        self.lang = language
        self.fi = language == "fi"
        self.labels = Labels([ruleset])
        self.knocks = knocks(ruleset)
        self.missing: list[str] = []  # words this language lacks for this deal (a test asks for none)

    def say(self, key: str, **values: Any) -> str:
        return SAY[self.lang][key].format(**values)

    # --- people ------------------------------------------------------------------------------------------------

    def seat(self, seat: int) -> Seat:
        return Seat(seat, self.lang)

    def name(self, seat: int) -> str:
        return str(self.seat(seat))

    def party(self, key: str) -> str:
        """A side (``NS``) or a seat (``N``) by name."""
        if key in SEATS:
            return self.name(SEATS.index(key))
        return (SIDES_FI if self.fi else SIDES_EN).get(key, key)

    # --- cards, bids and calls ---------------------------------------------------------------------------------

    def card(self, code: str) -> str:
        return card_text(code)

    def card_said(self, code: str) -> str:
        if not self.fi or len(code) != 2 or code[1] not in SUITS_FI:
            return card_words(code) if not self.fi else code
        rank = RANKS_FI.get(code[0], code[0])
        suit = SUITS_FI[code[1]]
        return f"{suit} {rank}" if rank[0].isdigit() else f"{suit}{rank}"  # hertta 10, pataässä

    def bid(self, code: str) -> str:
        """``5H`` -> 5♥; ``6G`` -> 6 grandi (Finnish: *6 grandia*, the partitive after a number above one)."""
        text = bid_text(code)
        if not self.fi or len(code) != 2 or code[1] not in "GM":
            return text
        word = "grandi" if code[1] == "G" else "misääri"
        if code[0] != "1":
            word += "a" if code[1] == "G" else "ä"
        return f"{code[0]} {word}"

    def bid_said(self, code: str) -> str:
        if not self.fi:
            return bid_words(code)
        if len(code) == 2 and code[1] in SUITS_FI:
            return f"{code[0]} {SUITS_FI[code[1]]}"
        return self.bid(code)

    def call_cell(self, verb: str) -> str:
        """A pass, a double or a redouble as the auction's table writes it."""
        double, redouble = (("koputus", "vastakoputus") if self.knocks else ("kahdennus", "kolmennus")) if self.fi \
            else (("knock", "counter-knock") if self.knocks else ("double", "redouble"))
        return {"pass": "passi" if self.fi else "pass", "double": double, "redouble": redouble}.get(verb, verb)

    def call_verb(self, verb: str) -> str:
        """The sentence key of a pass, a double or a redouble (a knock in the 1940s)."""
        if verb == "pass":
            return "passes"
        if self.knocks:
            return {"double": "knocks", "redouble": "counter-knocks"}.get(verb, verb)
        return {"double": "doubles", "redouble": "redoubles"}.get(verb, verb)

    def doubled(self, doubling: int) -> str:
        if doubling not in (1, 2):
            return ""
        key = (("knocked", "counter-knocked") if self.knocks else ("doubled", "redoubled"))[doubling - 1]
        return SAY[self.lang][key]

    # --- forms, phases, the centre cards -----------------------------------------------------------------------

    def form(self, name: str) -> str:
        """A game form by its Finnish name, as the sources call it in both editions."""
        return self.labels.word(name)

    def form_a(self, name: str) -> str:
        """The form with its English article (*an alkupeli*, *a passimisääri*); in Finnish, the form."""
        word = self.form(name)
        if self.fi:
            return word
        return ("an " if word[:1].lower() in "aeiou" else "a ") + word

    def form_ess(self, name: str) -> str:
        """The form in the Finnish essive (*passimisäärinä*), or its name."""
        word = self.form(name)
        cases = FORMS_FI.get(word)
        if cases is None:
            self.missing.append(f"the essive of {word}")
            return word
        return cases["ess"]

    def form_en(self, name: str) -> str:
        return label((self.rs.raw.get("forms") or {}).get(name), name)[0]

    def phase_names(self, pid: str) -> tuple[str, str | None]:
        """(the phase's heading, its Finnish name beside it in English)."""
        en, fi = label((self.rs.raw.get("phases") or {}).get(pid), pid)
        if self.fi:
            if not fi:
                self.missing.append(f"the phase {pid}")
            text = fi or en
            return text[:1].upper() + text[1:], None
        return en[:1].upper() + en[1:], fi

    def centre(self) -> dict[str, str]:
        """The centre cards' words for a sentence: the era's own in Finnish (*keskikortit*, *pöytäkortit*)."""
        if not self.fi:
            return {}
        cases = CENTRE_FI[centre_term(self.rs)]
        return {"centre_num": cases["num"], "centre_obj": cases["nom"], "centre_cap": cases["nom"].capitalize()}

    # --- the score -------------------------------------------------------------------------------------------

    def rule_name(self, rid: str) -> str:
        """A scoring rule's line on the viewer's score: the player's word (as the chapter's score table says it), in
        English the rule's title where the player has no word for it."""
        words = SCORE_WORDS.get(rid)
        if words is not None and not self.fi:
            return words[0][:1].upper() + words[0][1:]
        if self.fi:
            words = SCORE_WORDS.get(rid)
            if words is None:
                self.missing.append(f"the scoring rule {rid} (SCORE_WORDS)")
                return rid
            return words[1][:1].upper() + words[1][1:]
        rule = self.rs.rules.get(rid)
        return str(rule.title) if rule is not None and rule.title else self.labels.word(rid)

    def column(self, column: str) -> str:
        words = COLUMN_WORDS.get(column)
        if self.fi:
            return words[1] if words else column
        return self.labels.word(column)

    def score_parts(self, score: Mapping[str, Any], number: Callable[[int], str], signed: Callable[[int], str]) -> str:
        parts = []
        for party, value in score.items():
            who = self.party(party)
            if isinstance(value, Mapping):
                parts.append(f"{who} " + ", ".join(f"{number(int(v))} {self.column(str(c))}" for c, v in value.items()))
            else:
                parts.append(f"{who} {signed(int(value))}")
        return "; ".join(parts)
