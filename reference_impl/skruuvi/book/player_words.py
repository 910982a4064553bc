"""The words the player pages and the deal viewer share, in English and in Finnish: the seats, the sides and the
suits, the game forms and the centre cards in the cases Finnish needs, the items of a deal's score as a player names
them, and the era's own words (the centre cards and doubling as each era's Finnish source names them).

The Finnish words are the sources' own (seeds 000, 001, 002): *keskikortit* (2016) or *pöytäkortit* (the 1940s) for
the centre cards, *kahdennus* and *kolmennus* (2016) or *koputus* and *vastakoputus* (the 1940s) for doubling,
*pieti* an undertrick, *ylitikki* an overtrick, *viivan alla* below the line.
"""

from __future__ import annotations

from ..rules.errors import SkruuviError
from ..rules.ruleset import Ruleset

# Seats in the cases that Finnish needs: nominative, genitive, allative ("to North"), adessive ("North has").
SEATS_EN = {"N": "North", "E": "East", "S": "South", "W": "West"}
SEATS_FI = {
    "N": {"nom": "Pohjoinen", "gen": "Pohjoisen", "all": "Pohjoiselle", "ade": "Pohjoisella"},
    "E": {"nom": "Itä", "gen": "Idän", "all": "Idälle", "ade": "Idällä"},
    "S": {"nom": "Etelä", "gen": "Etelän", "all": "Etelälle", "ade": "Etelällä"},
    "W": {"nom": "Länsi", "gen": "Lännen", "all": "Lännelle", "ade": "Lännellä"},
}
SIDES_EN = {"NS": "North–South", "EW": "East–West"}
SIDES_FI = {"NS": "Pohjoinen–Etelä", "EW": "Itä–Länsi"}
SUITS_EN = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
SUITS_FI = {"S": "pata", "C": "risti", "D": "ruutu", "H": "hertta"}

# The game forms' Finnish names in the cases the chapters use: nominative, genitive, inessive ("in an alkupeli"),
# essive ("played as a passimisääri"), illative ("turns into a passimisääri"), plural nominative and partitive.
FORMS_FI = {
    "alkupeli": {"gen": "alkupelin", "ine": "alkupelissä", "ess": "alkupelinä", "ill": "alkupeliin",
                 "pl": "alkupelit", "plpar": "alkupelejä", "num": "alkupeliä"},
    "kotka": {"gen": "kotkan", "ine": "kotkassa", "ess": "kotkana", "ill": "kotkaan", "pl": "kotkat",
              "plpar": "kotkia", "num": "kotkaa"},
    "bolsevikki": {"gen": "bolsevikin", "ine": "bolsevikissa", "ess": "bolsevikkina", "ill": "bolsevikkiin",
                   "pl": "bolsevikit", "plpar": "bolsevikkeja", "num": "bolsevikkia"},
    "passimisääri": {"gen": "passimisäärin", "ine": "passimisäärissä", "ess": "passimisäärinä",
                     "ill": "passimisääriin", "pl": "passimisäärit", "plpar": "passimisääriä",
                     "num": "passimisääriä"},
    "pakkomisääri": {"gen": "pakkomisäärin", "ine": "pakkomisäärissä", "ess": "pakkomisäärinä",
                     "ill": "pakkomisääriin", "pl": "pakkomisäärit", "plpar": "pakkomisääriä",
                     "num": "pakkomisääriä"},
}
# The centre cards as each era's Finnish source names them, in the cases the chapters use: nominative, partitive
# singular after a number ("4 keskikorttia"), partitive plural, translative, genitive.
CENTRE_FI = {
    "keskikortit": {"nom": "keskikortit", "num": "keskikorttia", "par": "keskikortteja", "tra": "keskikorteiksi",
                    "gen": "keskikorttien"},
    "pöytäkortit": {"nom": "pöytäkortit", "num": "pöytäkorttia", "par": "pöytäkortteja", "tra": "pöytäkorteiksi",
                    "gen": "pöytäkorttien"},
}

SCORE_WORDS = {  # a scoring rule's item on a deal's score, as a player names it
    "score.made": ("made contract", "sopimus läpi"),
    "score.overtricks": ("overtricks", "ylitikit"),
    "score.undertricks": ("tricks short", "pietit"),
    "score.misere-aces": ("aces in misère", "ässät misäärissä"),
    "score.passimisaari-tricks": ("tricks taken", "otetut tikit"),
    "score.passimisaari-aces": ("aces in own tricks", "ässät omissa tikeissä"),
    "bolsevikki.scoring-made": ("bolsevikki made", "bolsevikki onnistui"),
    "bolsevikki.scoring-failed": ("bolsevikki failed", "bolsevikki kaatui"),
    "score.below-tricks": ("tricks × level", "tikit × taso"),
    "score.below-misere": ("opponents' tricks × level", "vastustajien tikit × taso"),
    "score.contract-made": ("contract made", "läpimennyt peli"),
    "score.ace-crowns": ("ace crowns", "ässäkruunut"),
    "score.ace-coronets": ("ace crowns", "ässäkruunut"),
    "score.sequences": ("sequences", "sarjat"),
    "score.sequence-coronets": ("sequences", "sarjat"),
    "score.pakko-sequences": ("sequences", "sarjat"),
    "score.honours": ("honours", "arvokortit"),
    "score.aces": ("aces", "ässät"),
    "score.pakko-difference": ("trick difference", "tikkien erotus"),
    "score.passimisaari-difference": ("trick difference", "tikkien erotus"),
    "score.small-slam-bid": ("small slam bid", "tarjottu pieni slammi"),
    "score.small-slam-bid-made-grand": ("grand slam on a 6 bid", "iso slammi 6:n tarjouksella"),
    "score.grand-slam-bid": ("grand slam bid", "tarjottu iso slammi"),
    "score.unbid-small-slam": ("small slam", "pieni slammi"),
    "score.unbid-grand-slam": ("grand slam", "iso slammi"),
    "score.failed-slam": ("failed slam", "kaatunut slammi"),
    "match.game-bonus": ("game bonus", "ulosmenon palkkio"),
}
COLUMN_WORDS = {"below": ("below the line", "viivan alla"), "above": ("above the line", "viivan päällä")}


def score_words(ruleset: Ruleset, rule_id: str) -> tuple[str, str]:
    """A scoring rule's item on a deal's score as a player names it, (English, Finnish). A rule the table lacks stops
    the build with one line: a player page would otherwise show the rule's id."""
    words = SCORE_WORDS.get(rule_id)
    if words is None:
        raise SkruuviError(f"{ruleset.id}: the player pages have no words for the scoring rule {rule_id} "
                           "(SCORE_WORDS in book/player_words.py)")
    return words


def centre_term(ruleset: Ruleset) -> str:
    """The era's Finnish word for the centre cards (a key of :data:`CENTRE_FI`), as its deal and form rules give it:
    *keskikortit* unless the era's sources say *pöytäkortit*."""
    terms = [w.strip() for r in ruleset.rules.values() if r.pointer.startswith(("/deal/", "/forms/"))
             for w in str(r.raw.get("fi") or "").split(",")]
    return next((w for w in terms if w in CENTRE_FI), "keskikortit")


def knocks(ruleset: Ruleset) -> bool:
    """Whether the era's Finnish source calls doubling *koputus* (a knock) and redoubling *vastakoputus*, as the
    1940s sources do, rather than *kahdennus* and *kolmennus*: read from the term of its multipliers rule."""
    for rule in ruleset.rules.values():
        if rule.param == "multipliers":
            words = [w.strip() for w in str(rule.raw.get("fi") or "").split(",") if w.strip()]
            return bool(words) and words[0] == "koputus"
    return False


def doubling_words(ruleset: Ruleset, language: str) -> tuple[str, str]:
    """The era's nouns for a double and a redouble in ``language`` (``knock``/``koputus`` in the 1940s)."""
    if knocks(ruleset):
        return ("koputus", "vastakoputus") if language == "fi" else ("knock", "counter-knock")
    return ("kahdennus", "kolmennus") if language == "fi" else ("double", "redouble")
