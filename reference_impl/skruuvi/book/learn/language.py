"""The two languages of the player chapters: one :class:`Prose` per page, which picks the English or the Finnish of
each sentence (both are written side by side, from the same values, so the editions cannot say different numbers),
names seats, sides and roles in either language, and links a paragraph to the rules it explains.

The Finnish words are the sources' own (seeds 000, 001, 002): *pelinviejä* (declarer), *keskikortit* or
*pöytäkortit* (centre cards), *kahdennus* and *kolmennus* (2016) or *koputus* and *vastakoputus* (1940s), *pieti*
(undertrick), *ylitikki* (overtrick), *etumies* (the dealer's left-hand player), *valtti*, *grandi*, *misääri*.
A number taken from a ruleset is always written in digits, in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from ...rules.ruleset import Ruleset
from .. import md
from ..md import served_href as site_href
from ..player_words import (
    CENTRE_FI,
    FORMS_FI,
    SEATS_EN,
    SEATS_FI,
    SIDES_EN,
    SIDES_FI,
    SUITS_EN,
    SUITS_FI,
    UNSOURCED,
    centre_term,
)

LANGUAGES = ("en", "fi")

SOURCES_ANCHOR = "sources"  # the list of sources; a paragraph's entry is sources-<n>, its link sources-from-<n>

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

    def __init__(self, ruleset: Ruleset, language: str, here: str, links: bool = True) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"no player chapters in language {language!r} (known: {', '.join(LANGUAGES)})")
        self.rs = ruleset
        self.lang = language
        self.here = here
        self.links = links  # False on the reference card: the same prose, without its links to the sources
        self.cited: list[list[str]] = []  # the rules behind each paragraph's sources link, in page order

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
        """The paragraph's one small link to its sources, labelled *sources* (*lähteet*): it leads to the paragraph's
        entry in the chapter's list of sources (:meth:`sources_list`), which links each rule behind the paragraph on
        the era's rule page. Ids the ruleset does not have are left out; a paragraph with none gets no link. The link
        is bound to the paragraph's last word (no break before it), so that on a phone it never wraps onto a line of
        its own."""
        ids = [rid for rid in dict.fromkeys(rule_ids if self.links else ()) if rid in self.rs.rules]
        if not ids:
            return ""
        self.cited.append(ids)
        n = len(self.cited)
        title = self(f"The rules behind this paragraph ({len(ids)}), with their sources",
                     f"Kappaleen säännöt ({len(ids)}) lähteineen")
        return (f'\u00a0<span class="sk-srcs"><a class="sk-src" id="{SOURCES_ANCHOR}-from-{n}" '
                f'href="#{SOURCES_ANCHOR}-{n}" title="{escape(title, quote=True)}">{self("sources", "lähteet")}</a>'
                "</span>")

    def about_sources(self, en: str, fi: str) -> str:
        """A sentence on what the sources give and what the book chose, set apart (``sk-about-sources``) so that a
        reader can tell it from the rule itself; left out on the reference card, which names no sources."""
        if not self.links:
            return ""
        return f' <span class="sk-about-sources">{self(en, fi)}</span>'

    def sources_list(self, paragraphs: Sequence[tuple[str, str]]) -> list[str]:
        """The chapter's list of sources, one entry per paragraph that has a *sources* link: the paragraph's section
        and its place in it, then each rule behind it linked on the rule page (its title as a reader meets it), and a
        link back. ``paragraphs``: (section title, paragraph markdown) in page order."""
        if not self.cited:
            return []
        out = [f"## {self('Sources', 'Lähteet')} {{#{SOURCES_ANCHOR}}}",
               self("Each paragraph of the rules above ends with a “sources” link that leads here: to the rules "
                    "behind it, each on the rule page with the sources it comes from (↩ goes back).",
                    "Jokainen yllä olevien sääntöjen kappale päättyy ”lähteet”-linkkiin, joka vie tänne: kappaleen "
                    "sääntöihin englanninkielisellä sääntösivulla lähteineen (↩ vie takaisin).")]
        items: list[str] = []
        last = ""
        nth = 0
        for section, text in paragraphs:
            found = [int(m) for m in re.findall(rf'href="#{SOURCES_ANCHOR}-(\d+)"', text)]
            if section != last:
                nth = 0
            nth += bool(found)
            for n in found:
                rules, own = [], False
                for rid in self.cited[n - 1]:
                    title = self.rs.rules[rid].title or ""
                    href = site_href(self.here, md.rules_page(self.rs.id), rid)
                    if title.startswith(UNSOURCED):  # the book's own figure: marked, and said once for the line
                        own = True
                        rest = title[len(UNSOURCED):].strip()
                        title = rest[:1].upper() + rest[1:] + " †"
                    rules.append(f'<a class="sk-rule" href="{href}">{escape(title)}</a>')
                if own:
                    rules[-1] += self(" († no source gives this figure: it is this book's own)",
                                      " († mikään lähde ei anna tätä lukua: se on tämän kirjan oma)")
                if section != last:
                    if items:
                        out.append("\n".join(items))
                        items = []
                    out.append(f"**{section}**")
                    last = section
                said = self(f"Paragraph {nth}", f"Kappale {nth}")
                items.append(f'- <span id="{SOURCES_ANCHOR}-{n}"></span>{said}: ' + " · ".join(rules)
                             + f' <a href="#{SOURCES_ANCHOR}-from-{n}" '
                             f'title="{self("Back to the paragraph", "Takaisin kappaleeseen")}">↩</a>')
        out.append("\n".join(items))
        return out

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

