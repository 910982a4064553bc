"""The book's one value formatter: every rule value, seat, strain, form or phase id a reader sees goes through here.

No Python or JSON literal reaches a page: ``{"distributor": "partner", "each": 1}`` reads "the partner gives
one card to each player", ``[["A", "B"], ["C", "D"]]`` reads "A & B v C & D", ``None`` reads "none". Ids of game
forms and phases read as their Finnish label (``passimisaari`` -> *passimisääri*), seats and roles as English
phrases (``declarer-left`` -> "the declarer's left-hand opponent"). Unknown words fall back to the id with its
hyphens and underscores as spaces, so a new value is readable (if plain) before anyone adds a phrase for it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..rules.ruleset import Ruleset
from . import md
from .formula import render

# Seats, roles and procedure words as they appear in rule values.
WORDS = {
    "declarer-left": "the declarer's left-hand opponent",
    "declarer-right": "the declarer's right-hand opponent",
    "dealer": "the dealer",
    "dealer-partner": "the dealer's partner",
    "doubler-left": "the player on the doubler's left",
    "doubler-left-partner": "that player's partner",
    "forehand": "forehand (the dealer's left-hand player)",
    "highest-bidder": "the highest bidder",
    "taker": "the taker",
    "partner": "the taker's partner",
    "main-pair": "the main pair only",
    "all": "all four players",
    "clockwise": "clockwise",
    "clockwise-from-dealer-left": "clockwise, starting on the dealer's left",
    "clockwise-from-left": "clockwise, starting on the left",
    "negation": "the main pair's points with the sign turned",
    "nothing": "nothing",
    "redeal": "a new deal",
    "first-by-trick": "whichever is decided first, trick by trick",
    "seat": "each seat on its own",
    "individual": "each player on his own",
    "side": "each side together",
    "taker-choice": "the taker's choice",
    "first": "the first cards",
    "last": "the last cards",
    "misere": "misère",
    "grand": "grandi",
    "trump": "a trump contract",
    "below": "below the line",
    "above": "above the line",
}

# Who a scoring rule's points go to (``to:`` of a scheme entry).
TARGETS = {
    "main": "the main pair (the declarer and his partner)",
    "defenders": "the defenders",
    "each": "each side, counted from its own tricks",
    "declarer-against-each": "the declarer, collected from each opponent (or paid to each)",
    "declarer-shared": "the declarer, once; the three opponents share the opposite amount, a third each",
    "NS": "North–South",
    "EW": "East–West",
}

# What each phase mechanism is, for a player.
MECHANISMS = {
    "auction": "an auction",
    "kitty": "taking the kitty (the centre cards)",
    "defenders_exchange": "an exchange between the defenders",
    "doubling": "doubling",
    "play": "the play of the thirteen tricks",
    "pair_swap": "an exchange of cards between partners",
    "centre_deal": "dealing out the centre cards",
    "partner_exchange": "an exchange of cards between partners",
}

# What a parameter (or a named table or figure) settles, as a reader names it: the comparison labels a difference
# between the eras with it. A parameter without an entry reads as its name in words.
PARAM_NAMES = {
    "centre_forbidden_positions": "cards of the pack that may not be centre cards",
    "centre_max_consecutive": "most centre cards that may lie together in the pack",
    "centre_cards": "centre cards",
    "hand_size": "cards in each hand",
    "multipliers": "doubling",
    "defenders_receive": "what the defenders score",
    "all_pass_form": "what happens when everybody passes",
    "lead": "who leads to the first trick",
    "return_must_differ": "whether the card given back must be another card",
    "strain_order": "ranking of the bids",
    "stages": "what a match is",
    "totals": "whose totals are kept",
    "overtrick_value": "points for an overtrick, by level",
    "final_min_level": "lowest final contract",
    "min_level": "lowest bid",
    "honours": "how honours are counted",
}

STRAINS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "G": "grandi", "M": "misère"}
KEYS = {"to_partner": "cards to the partner", "until_games": "until games", "misere": "misère", "grand": "grandi"}


def param_name(param: object) -> str:
    """What a parameter settles, in a reader's words (:data:`PARAM_NAMES`, else its name in words)."""
    return PARAM_NAMES.get(str(param)) or KEYS.get(str(param)) or plain(param)


def plain(word: object) -> str:
    """An id as words: ``dealer-partner`` -> ``dealer partner``."""
    return str(word).replace("_", " ").replace("-", " ")


class Labels:
    """Id -> reader's label for the words of one or more rulesets (forms and phases by their labels)."""

    def __init__(self, rulesets: Iterable[Ruleset] = ()) -> None:
        self.names: dict[str, str] = {}
        for rs in rulesets:
            for fname, spec in (rs.raw.get("forms") or {}).items():
                self.names.setdefault(fname, _label(spec, fname, "fi"))
            for pid, spec in (rs.raw.get("phases") or {}).items():
                self.names.setdefault(pid, _label(spec, pid, "en"))

    def word(self, text: object) -> str:
        """A single value word: a seat, a role, a form, a phase, or the id as words."""
        s = str(text)
        if s in WORDS:
            return WORDS[s]
        if s in self.names:
            return self.names[s]
        return plain(s)

    def show(self, value: Any, param: str | None = None) -> str:
        """A rule's value as reader's text (markdown; may hold suit symbols as HTML)."""
        special = _SPECIAL.get(param or "")
        if special is not None:
            try:
                return special(self, value)
            except (TypeError, KeyError, ValueError, AttributeError):
                pass  # an unexpected shape falls through to the generic rendering
        return self.generic(value)

    def generic(self, value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int | float):
            return number(value)
        if isinstance(value, str):
            return self.word(value)
        if isinstance(value, Mapping):
            if not value:
                return "none"
            return "; ".join(f"{self.key(k)}: {self.show(v, str(k)) if str(k) in _SPECIAL else self.nested(v)}"
                             for k, v in value.items())
        if isinstance(value, list | tuple):
            if not value:
                return "none"
            if all(_scalar(v) for v in value):
                return ", ".join(self.generic(v) for v in value)
            if all(isinstance(v, list | tuple) and all(_scalar(x) for x in v) for v in value):
                return " v ".join(" & ".join(self.generic(x) for x in v) for v in value)
            return "; ".join(self.generic(v) for v in value)
        return plain(value)

    def nested(self, value: Any) -> str:
        if isinstance(value, Mapping) and value:
            return "(" + ", ".join(f"{self.key(k)} {self.nested(v)}" for k, v in value.items()) + ")"
        return self.generic(value)

    def key(self, k: object) -> str:
        s = str(k)
        return KEYS.get(s) or (self.names.get(s) or plain(s))


def _label(spec: Mapping[str, Any] | None, fallback: str, lang: str) -> str:
    lab = (spec or {}).get("label") or {}
    return str(lab.get(lang) or lab.get("en") or plain(fallback))


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def plain_text(text: str) -> str:
    """The formatter's words for a terminal: its markdown emphasis and code marks and its inline HTML (a red suit
    symbol's span) dropped, entities unescaped (``&lt;`` -> ``<``)."""
    text = re.sub(r"<[^>]+>", "", text).replace("*", "").replace("`", "").replace("\\|", "|")
    return html.unescape(text)


def number(n: int | float) -> str:
    """Numbers with a real minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}


def card_text(code: str) -> str:
    """A card as plain text, suit first: ``TH`` -> ``♥10`` (the HTML form is :func:`md.card`)."""
    code = str(code)
    if len(code) != 2 or code[1] not in md.SUIT_SYMBOL:
        return code
    return md.SUIT_SYMBOL[code[1]] + md.RANK_TEXT.get(code[0], code[0])


def card_words(code: str) -> str:
    """A card in words, as a screen reader should say it: ``TH`` -> "the 10 of hearts"."""
    code = str(code)
    if len(code) != 2 or code[1] not in SUIT_WORDS:
        return code
    return f"the {RANK_WORDS.get(code[0], code[0])} of {SUIT_WORDS[code[1]]}"


def bid_text(code: str) -> str:
    """A bid as plain text: ``5H`` -> ``5♥``, ``6G`` -> ``6 grandi`` (the HTML form is :func:`md.bid`)."""
    code = str(code)
    if len(code) == 2 and code[0].isdigit():
        if code[1] in md.SUIT_SYMBOL:
            return code[0] + md.SUIT_SYMBOL[code[1]]
        if code[1] in md.STRAIN_TEXT:
            return f"{code[0]} {md.STRAIN_TEXT[code[1]]}"
    return code


def bid_words(code: str) -> str:
    """A bid in words: ``5H`` -> "5 hearts", ``6G`` -> "6 grandi"."""
    code = str(code)
    if len(code) == 2 and code[0].isdigit() and code[1] in SUIT_WORDS:
        return f"{code[0]} {SUIT_WORDS[code[1]]}"
    return bid_text(code)


def count(n: int, one: str, many: str | None = None) -> str:
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return f"{words[n] if 0 <= n < len(words) else n} {one if n == 1 else (many or one + 's')}"


# --- phrases for the parameters whose shape is known ------------------------------------------------


def _distribution(lab: Labels, v: Mapping[str, Any]) -> str:
    who = lab.word(v["distributor"])
    return f"{who} gives {count(int(v['each']), 'card')} to each other player"


def _procedures(lab: Labels, v: Mapping[str, Any]) -> str:
    parts = []
    for name, proc in v.items():
        text = f"*{lab.word(name)}*: the taker gives his partner {count(int(proc['to_partner']), 'card')}"
        if proc.get("distribution"):
            text += ", then " + _distribution(lab, proc["distribution"])
        parts.append(text)
    return "; ".join(parts)


def _stages(lab: Labels, v: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for stage in v:
        form = f"*{lab.word(stage['form'])}*"
        if "until_games" in stage:
            parts.append(f"{form} deals until a side has won {count(int(stage['until_games']), 'game')}")
        else:
            parts.append(f"{count(int(stage['deals']), 'deal')} of {form}")
    return ", then ".join(parts)


def _lead(lab: Labels, v: Mapping[str, Any]) -> str:
    return "; ".join(f"in {lab.word(k)}, {lab.word(s)}" for k, s in v.items())


def _strains(lab: Labels, v: Sequence[str]) -> str:
    return " < ".join(md.suit(s) if s in md.SUIT_SYMBOL else STRAINS.get(s, lab.word(s)) for s in v)


def _multipliers(lab: Labels, v: Sequence[int]) -> str:
    if len(v) <= 1:
        return "no doubling (×1 only)"
    return "×" + str(v[1]) + " doubled" + (f", ×{v[2]} redoubled" if len(v) > 2 else "")


def _partnerships(lab: Labels, v: Sequence[Sequence[Sequence[str]]]) -> str:
    if isinstance(v, str):
        return v
    return "; ".join(" v ".join(" & ".join(str(p) for p in pair) for pair in pairing) for pairing in v)


def _order(lab: Labels, v: Sequence[str]) -> str:
    if isinstance(v, str):
        return lab.word(v)
    return ", then ".join(lab.word(x) for x in v)


_SPECIAL: dict[str, Callable[[Labels, Any], str]] = {
    "distribution": _distribution,
    "procedures": _procedures,
    "stages": _stages,
    "bolsevikki_round_stages": _stages,
    "lead": _lead,
    "strain_order": _strains,
    "multipliers": _multipliers,
    "partnerships": _partnerships,
    "givers": _order,
    "doublers": _order,
    "redoublers": _order,
    "to": lambda lab, v: target(v),  # a scoring rule's payee, when an alternative reads it another way
    "game_bonus": lambda lab, v: render(v, word=lab.word),  # an expression over the game number, as math
}


SPECIAL = frozenset(_SPECIAL)  # the parameters whose values have a phrase of their own


def target(to: object) -> str:
    """Who a scoring rule pays."""
    return TARGETS.get(str(to), plain(to))


def mechanism(name: object) -> str:
    return MECHANISMS.get(str(name), plain(name))
