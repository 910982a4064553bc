"""The two languages of the player chapters: one :class:`Prose` per page, which picks the English or the Finnish of
each sentence (both are written side by side, from the same values, so the editions cannot say different numbers),
names seats, sides and roles in either language, and links a paragraph to the rules it explains.

The Finnish words are the sources' own (seeds 000, 001, 002): *pelinviejä* (declarer), *keskikortit* or
*pöytäkortit* (centre cards), *kahdennus* and *kolmennus* (2016) or *koputus* and *vastakoputus* (1940s), *pieti*
(undertrick), *ylitikki* (overtrick), *etumies* (the dealer's left-hand player), *valtti*, *grandi*, *misääri*.
A number taken from a ruleset is always written in digits, in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...rules.ruleset import Ruleset
from .. import md
from ..md import served_href as site_href
from ..player_words import CENTRE_FI, FORMS_FI, SEATS_EN, SEATS_FI, SIDES_EN, SIDES_FI, SUITS_EN, SUITS_FI, centre_term

LANGUAGES = ("en", "fi")

ARTICLE = ("a", "e", "i", "o", "u")

# Who does something, as rule values name the seats: (English, Finnish nominative, Finnish genitive).
ROLES = {
    "dealer": ("the dealer", "jakaja", "jakajan"),
    "forehand": ("the player on the dealer's left (the forehand)", "jakajan vasemmalla puolella istuva etumies",
                 "etumiehen"),
    "dealer-partner": ("the dealer's partner", "jakajan pari", "jakajan parin"),
    "dealer-right": ("the player on the dealer's right", "jakajan oikealla puolella istuva", "jakajan oikean"),
    "declarer-left": ("the player on the declarer's left", "pelinviejän vasemmalla puolella istuva pelaaja",
                      "pelinviejän vasemman naapurin"),
    "declarer-right": ("the player on the declarer's right", "pelinviejän oikealla puolella istuva pelaaja",
                       "pelinviejän oikean naapurin"),
    "doubler-left": ("the player on the doubler's left", "kahdentajan vasemmalla puolella istuva",
                     "kahdentajan vasemman naapurin"),
    "doubler-left-partner": ("his partner", "tämän pari", "tämän parin"),
    "highest-bidder": ("the highest bidder", "korkeimman tarjouksen tekijä", "korkeimman tarjouksen tekijän"),
    "taker": ("the taker", "ottaja", "ottajan"),
    "partner": ("the taker's partner", "ottajan pari", "ottajan parin"),
}


class Prose:
    """The words of one page in one language; ``here`` is the page's docs-relative path (for its links)."""

    def __init__(self, ruleset: Ruleset, language: str, here: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"no player chapters in language {language!r} (known: {', '.join(LANGUAGES)})")
        self.rs = ruleset
        self.lang = language
        self.here = here

    @property
    def fi(self) -> bool:
        return self.lang == "fi"

    def __call__(self, en: str, fi: str) -> str:
        """The sentence in this page's language (both are written from the same values)."""
        return fi if self.fi else en

    # --- people --------------------------------------------------------------------------------------------

    def seat(self, seat: str, case: str = "nom") -> str:
        return SEATS_FI[seat][case] if self.fi else SEATS_EN[seat]

    def side(self, side: str) -> str:
        return (SIDES_FI if self.fi else SIDES_EN)[side]

    def role(self, word: str, case: str = "nom") -> str:
        en, nom, gen = ROLES.get(word, (word.replace("-", " "), word.replace("-", " "), word.replace("-", " ")))
        return en if not self.fi else (gen if case == "gen" else nom)

    # --- cards and bids ------------------------------------------------------------------------------------

    def suit_name(self, suit: str) -> str:
        return (SUITS_FI if self.fi else SUITS_EN)[suit]

    def strain(self, code: str) -> str:
        """A strain as a bid names it: ♠ (pata), grandi, misère/misääri."""
        if code in md.SUIT_SYMBOL:
            return md.suit(code)
        return {"G": "grandi", "M": self("misère", "misääri")}.get(code, code)

    def bid(self, code: str) -> str:
        """``5H`` -> 5♥, ``6G`` -> 6 grandi / 6 grandia, ``5M`` -> 5 misère / 5 misääriä (after a number above one,
        Finnish says the strain in the partitive, as the sources do: *kaksi grandia*, *seitsemän misääriä*)."""
        code = str(code)
        if len(code) == 2 and code[0].isdigit():
            if code[1] in md.SUIT_SYMBOL:
                return code[0] + md.suit(code[1])
            word = self.strain(code[1])
            if self.fi and code[0] != "1":
                word += "a" if word.endswith("i") and code[1] == "G" else "ä"
            return f"{code[0]} {word}"
        return code

    def form(self, name: str, case: str = "nom") -> str:
        """A game form by its Finnish name, in italics (the sources' word in both editions): in English ``case="a"``
        adds the article (*an alkupeli*); in Finnish the case is one of :data:`FORMS_FI`'s."""
        spec = (self.rs.raw.get("forms") or {}).get(name) or {}
        word = str((spec.get("label") or {}).get("fi") or name)
        if not self.fi:
            if case == "a":
                return ("an" if word.startswith(ARTICLE) else "a") + f" *{word}*"
            if case in ("pl", "plpar", "num"):
                return f"*{FORMS_FI[word]['pl']}*" if word in FORMS_FI else f"*{word}* deals"
            return f"*{word}*"
        forms = FORMS_FI.get(word)
        if case in ("nom", "a") or forms is None or case not in forms:
            return f"*{word}*"
        return f"*{forms[case]}*"

    def centre(self, case: str = "nom") -> str:
        """The centre cards in this era's Finnish word (*keskikortit* in 2016, *pöytäkortit* in the 1940s sources)."""
        if not self.fi:
            return "centre cards"
        word = centre_term(self.rs)
        return CENTRE_FI[word].get(case, word)

    def phase(self, pid: str) -> str:
        spec = (self.rs.raw.get("phases") or {}).get(pid) or {}
        lab = spec.get("label") or {}
        return str(lab.get(self.lang) or lab.get("en") or pid)

    # --- links ---------------------------------------------------------------------------------------------

    def src(self, *rule_ids: str) -> str:
        """The paragraph's link(s) to its rules on the era's rule page (English only): one § per rule, the rule's
        title as the tooltip. Ids the ruleset does not have are left out."""
        marks = []
        for rid in dict.fromkeys(rule_ids):
            rule = self.rs.rules.get(rid)
            if rule is None:
                continue
            title = escape(rule.title or "", quote=True)
            href = site_href(self.here, md.rules_page(self.rs.id), rid)
            marks.append(f'<a class="sk-src" href="{href}" title="{title}">§</a>')
        return (" " + " ".join(marks)) if marks else ""

    def page_link(self, text: str, target: str, anchor: str | None = None) -> str:
        """A link to another page of the site, in this edition or the other one (raw HTML: each language is built on
        its own, so a link across them cannot be a markdown link to a page of the same build)."""
        return f'<a href="{site_href(self.here, target, anchor)}">{text}</a>'

    def listing(self, items: Sequence[str], last: tuple[str, str] = ("and", "ja")) -> str:
        """``a, b and c`` / ``a, b ja c`` (``last``: the word before the last item, in each language)."""
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self(*last)} " + items[-1]

    def ordinal(self, n: int) -> str:
        """``3rd`` / ``3.``"""
        if self.fi:
            return f"{n}."
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"


def cap(text: str) -> str:
    """The text with its first letter in capitals, past any leading markup (``*alkupelissä*`` -> ``*Alkupelissä*``)."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text
