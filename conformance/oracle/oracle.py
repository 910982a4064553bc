#!/usr/bin/env python3
"""skruuvi-oracle: an independent, hand-coded replayer for rulesets `skruuvi-2016` and `skruuvi-1944`
(both with alkupeli and kotka deals, and the all-pass form each turns into; 2016 also bolsevikki
deals), with the match records of both eras (a 1944 set, a 2016 sitsi with its optional bolsevikki
round), and for `skruuvi-1895` (alkupeli only: one auction, the taker's choice of ostoskruuvi or
pakettiskruuvi, a redeal on four passes; rubber match records). A case's `readings` replays it under
alternatives of its ruleset's rules (READINGS: the era table with other values; since 0.8.0, and
every executable alternative of the three rulesets, with their rule ids and spellings, since 0.9.0).
Since 0.10.0 it also answers the SCP/1 `legal` request: the set of legal actions after a prefix,
read off the state of its `Game` machine (`legal_actions`), under the same readings.

Over 400 lines: one file on purpose, so that the oracle runs alone (standard library only) and shares no
module with anything it is meant to check.

Written from docs (DESIGN.md, the project's 2016, 1944 and 1895 briefs and their addenda, the prose of
skruuvi-2016.yaml and skruuvi-1895.yaml, the Finnish seed text) without looking at the reference
interpreter. Standard library only; every number
of both eras is hard-coded here on purpose, so that this file is a second opinion and not a second
reading of the same data.

Layout: notation and actions (shared) · the three era tables `ERA_2016` / `ERA_1944` / `ERA_1895`
(what differs in the deal, the auctions, the exchanges, the knocks and the lead) · deal reading · the
`Game` state machine (one method per phase, asking its era where eras differ) · the legal actions
of each phase · 2016 scoring
(bolsevikki per seat) · 1944 scoring, games and match records · 1895 scoring and rubbers · 2016 sitsi
match records · SCP/1 server and CLI.

Usage:
    python3 oracle.py                   SCP/1 server on stdin/stdout (DESIGN §6)
    python3 oracle.py replay FILE...    print one response object per case (JSON, JSON list or JSONL;
                                        FILE '-' reads stdin)
    python3 oracle.py legal FILE...     the same for the `legal` request: the legal set after each
                                        case's actions (or the error of the prefix)
"""
from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

NAME = "skruuvi-oracle"
VERSION = "0.11.0"

SEATS = ("N", "E", "S", "W")  # clockwise
SIDES = ("NS", "EW")
RANKS = "23456789TJQKA"       # low to high
SUITS = "SCDH"
STRAINS = "MSCDHG"            # the strain letters (and the alkupeli bidding order, low to high)
ALL_CARDS = frozenset(r + s for r in RANKS for s in SUITS)
VERBS = ("bid", "pass", "give", "double", "redouble", "play")
CHOOSE = "choose"             # one more verb (DESIGN §3): a named choice; only 1895 offers one
CHOICE_WORD = re.compile(r"[a-z][a-z-]*")   # the one word a `choose` takes (fullmatch)

# Scoring tables of the 2016 rules (rule ids score.*).
MADE_VALUE = {"trump": {5: 25, 6: 35, 7: 50}, "grand": {5: 25, 6: 35, 7: 50},
              "misere": {5: 10, 6: 20, 7: 35}}
OVERTRICK_VALUE = {5: 2, 6: 2, 7: 0}
FIRST_UNDERTRICK = {"trump": {5: 5, 6: 10, 7: 15}, "grand": {5: 5, 6: 10, 7: 15},
                    "misere": {5: 10, 6: 15, 7: 20}}
FURTHER_UNDERTRICK = 5
MULTIPLIER = (1, 2, 3)
FIRST_AUCTION_END_PASSES = 8
SECOND_AUCTION_END_PASSES = 4
# 2016 bolsevikki (brief-2016 ADDENDUM 2, an explicitly unsourced table): each defender pays the
# bolshevik 35 if he takes no trick; with t >= 1 tricks he pays each defender 35 + 5 x (t - 1).
BOLSEVIKKI_VALUE = 35
BOLSEVIKKI_FURTHER_TRICK = 5


# ----------------------------------------------------------------------------- seats and cards

def left(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def right(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 3) % 4]


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def side(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def other_side(s: str) -> str:
    return "EW" if s == "NS" else "NS"


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def is_card(x: Any) -> bool:
    return isinstance(x, str) and x in ALL_CARDS


class RecordError(Exception):
    """An illegal action or deal; `code` is one of DESIGN §4 (or a 1944 match-level code)."""

    def __init__(self, code: str, index: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.index = index          # the action's index, once known (None: the deal itself)


class CaseError(Exception):
    """The case itself is unusable (answered with `errored`, not with a game error)."""


# ----------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Action:
    seat: str
    verb: str
    bid: tuple[int, str] | None = None   # (level, strain)
    to: str | None = None                # give: recipient
    cards: tuple[str, ...] = ()          # give: cards; play: one card
    choice: str | None = None            # choose: the option named


def parse_bid(text: str) -> tuple[int, str]:
    if len(text) != 2 or text[0] not in "1234567" or text[1] not in STRAINS:
        raise RecordError("malformed-action")
    return int(text[0]), text[1]


def parse_action(raw: Any, choose: bool = True) -> Action:
    """Parse `<seat> <verb> [args]`; anything unparseable is malformed-action. `choose` is a verb of the
    notation in every era (DESIGN §3); where no choice is offered it is wrong-phase, like any verb
    with no meaning at that moment (settled with the project after the 0.7.0 review)."""
    if not isinstance(raw, str):
        raise RecordError("malformed-action")
    words = [w for w in raw.split(" ") if w]              # DESIGN §3: ASCII spaces only separate words
    if (len(words) < 2 or words[0] not in SEATS
            or (words[1] not in VERBS and not (choose and words[1] == CHOOSE))):
        raise RecordError("malformed-action")
    seat, verb, args = words[0], words[1], words[2:]
    if verb == CHOOSE:                                     # exactly one lower-case word
        if len(args) != 1 or not CHOICE_WORD.fullmatch(args[0]):
            raise RecordError("malformed-action")
        return Action(seat, verb, choice=args[0])
    if verb in ("pass", "double", "redouble"):
        if args:
            raise RecordError("malformed-action")
        return Action(seat, verb)
    if verb == "bid":
        if len(args) != 1:
            raise RecordError("malformed-action")
        return Action(seat, verb, bid=parse_bid(args[0]))
    if verb == "play":
        if len(args) != 1 or not is_card(args[0]):
            raise RecordError("malformed-action")
        return Action(seat, verb, cards=(args[0],))
    # give <seat> <card>...
    if len(args) < 2 or args[0] not in SEATS:
        raise RecordError("malformed-action")
    cards = tuple(args[1:])
    if not all(is_card(c) for c in cards) or len(set(cards)) != len(cards):
        raise RecordError("malformed-action")
    return Action(seat, verb, to=args[0], cards=cards)


def bid_text(bid: tuple[int, str]) -> str:
    return f"{bid[0]}{bid[1]}"


# ----------------------------------------------------------------------------- the two eras

def _centre_ok(era: Era, pos: list[int]) -> bool:
    """deal.centre-not-top-or-bottom (the forbidden deck positions) and deal.centre-not-consecutive
    (pos sorted, distinct, 0..51; 1944 and 1895: only the last card of the pack is refused)."""
    if any(p in era.centre_forbidden for p in pos):
        return False
    return era.centre_consecutive_ok or pos[3] - pos[0] != 3


@dataclass(frozen=True)
class Era:
    """Everything a deal's replay needs to know about one ruleset, apart from its scoring."""
    ruleset: str
    dealt_forms: dict[str, tuple[int, int]]   # form -> (cards per hand, centre cards)
    all_pass_form: str                        # what four opening passes turn the deal into
    strain_order: dict[str, str]              # dealt form -> strains, low to high
    min_bid_level: dict[str, int]             # dealt form -> lower bids are bid-below-minimum
    final_min_level: dict[str, int]           # dealt form -> lowest final contract
    exchange_ban_level: int                   # main pair's first bid at this level bans the exchange
    centre_forbidden: frozenset[int]          # deck positions that may not be centre cards
    centre_consecutive_ok: bool               # may the four centre cards be consecutive in the pack?
    all_pass_return_rule: bool                # all-pass exchange: returned card must differ
    all_pass_knocks: bool                     # all-pass form has a doubling (knock) phase
    misere_lead_right: bool                   # bid misère: right of D leads (else left of D)
    one_against_three: tuple[str, ...] = ()   # dealt forms with one round of calls and a bolshevik
    all_pass_redeal: bool = False             # four opening passes: a redeal, nothing is played
    kitty_choices: tuple[str, ...] = ()       # one auction only; the taker then chooses how to pass
                                              # on the centre cards (empty: kitty + second auction)
    # Parameters a case's `readings` may change (see READINGS); the defaults are every era's default.
    first_auction_end_passes: int = FIRST_AUCTION_END_PASSES     # 1895 auction.end-eight-passes
    second_auction_end_passes: int = SECOND_AUCTION_END_PASSES   # 2016 auction2.end-four-passes
    kitty_fixed: str = ""                     # 1895 kitty.choice: one procedure, no `choose` action
    exchange_ban_any_side: bool = False       # 1944: either side's first bid at the ban level bans
    undertrick_first_6: int = 1000            # 1944 score.undertrick-first at level 6
    scale: int = 1                            # 1895 score.scale: every point x scale
    game_limit: int = 60                      # 1944, 1895: running below count that wins a game
    game_bonus: int = 200                     # 1944, 1895: the k-th game of a side is k x this
    final_divisor: int = 100                  # 1944, 1895: match difference / this ...
    final_rounding: int = 1                   # ... rounded to a multiple of this (1944 alt 5)
    call_first_forehand: bool = False         # 2016 bolsevikki.call-first: dealer's left calls first
    one_against_three_lead_right: bool = False    # 2016 bolsevikki.lead: the bolshevik's right leads
    bolsevikki_any: bool = False    # 2016 ANY's bolsevikki scoring (bolsevikki.scoring-made = declarer-shared &c.)
    defenders_receive_negation: bool = True   # 2016 score.defenders-receive ('nothing': False)
    misere_aces_both_sides: bool = True       # 2016 score.misere-aces ('main': only the main pair)
    sitsi_stages: tuple[tuple[str, int], ...] = (("alkupeli", 4), ("kotka", 4))   # 2016 sitsi.block
    # since 0.9.0: the other alternatives of the three rulesets (README, "Readings")
    main_exchange_ban_level: int = 0          # 1944 kitty.main-pair-exchange-allowed (0: never banned)
    kotka_swap_ban_level: int = 0             # 1944 kotka.exchange-allowed (0: never banned)
    honours_from_tricks: bool = False         # 1944 score.honours-from = tricks-won
    grandi_cancelled_plus_one: bool = False   # 1944 score.honour-count: S000's literal "2 x aces + 1"
    honours_aces_per_card: bool = True        # 1895 score.honours-and-aces-per-card (False: flat)
    undertricks_per_trick: bool = True        # 1895 score.undertricks-per-trick (False: 100 x level once)
    rubber_extra_deals: int = 0               # 1895 match.rubber: alkupelit after the two games
    several_callers: bool = True              # 2016 bolsevikki.several-callers: first-chooses (False: rejected)
    bolsevikki_gifts_any_order: bool = False  # 2016 bolsevikki.gift-order = any-order
    kitty_partner_any_order: bool = False     # 2016 kitty.partner-order = any-order
    final_min_every_pass: bool = False        # 2016 auction2.final-min-passes = every-pass
    defenders_return_rule: bool = True        # 2016 defenders-exchange.different-card
    defenders_exchange_compulsory: bool = False   # 2016 defenders-exchange.kind = compulsory
    all_pass_return_reverse: bool = False     # 2016 passimisaari.return-order = reverse
    all_pass_doublers: tuple[str, ...] = ("dealer", "dealer-partner")   # 2016 passimisaari.doubling-order
    zero_sum: frozenset[str] = frozenset()    # 2016 score.zero-sum: scoring rules settled zero-sum


ERA_2016 = Era(
    ruleset="skruuvi-2016",
    dealt_forms={"alkupeli": (12, 4), "kotka": (13, 0),      # kotka: brief-2016 ADDENDUM, kotka.*
                 "bolsevikki": (12, 4)},                   # bolsevikki: ADDENDUM 2, bolsevikki.*
    all_pass_form="passimisaari",                          # (a bolsevikki is redealt instead)
    strain_order={"alkupeli": "MSCDHG", "kotka": "SCDHMG",
                  "bolsevikki": "M"},                      # other strains: bid-not-allowed
    min_bid_level={"alkupeli": 1, "kotka": 6, "bolsevikki": 7},
    final_min_level={"alkupeli": 5, "kotka": 6, "bolsevikki": 7},
    exchange_ban_level=6,
    centre_forbidden=frozenset({0, 51}),                   # the top and the bottom card
    centre_consecutive_ok=False,
    all_pass_return_rule=True,
    all_pass_knocks=True,
    misere_lead_right=False,
    one_against_three=("bolsevikki",),
)

ERA_1944 = Era(
    ruleset="skruuvi-1944",
    dealt_forms={"alkupeli": (12, 4), "kotka": (13, 0)},
    all_pass_form="pakkomisaari",
    strain_order={"alkupeli": "MSCDHG", "kotka": "SCDHMG"},
    min_bid_level={"alkupeli": 1, "kotka": 6},
    final_min_level={"alkupeli": 4, "kotka": 6},
    exchange_ban_level=6,
    centre_forbidden=frozenset({51}),                      # only the last card of the pack
    centre_consecutive_ok=True,
    all_pass_return_rule=False,
    all_pass_knocks=False,
    misere_lead_right=True,
)

# skruuvi-1895 (brief-1895): alkupeli only, strains S < C < D < H < G (no misère: bid-not-allowed),
# no minimum, one auction ending at the 8th pass, four opening passes a redeal, the taker's choice of
# two procedures, no defenders' exchange and no knocks, declarer's left leads. The unused fields
# (final minimum, exchange ban, all-pass exchange) are filled with values that never apply.
OSTOSKRUUVI = "ostoskruuvi"         # the taker gives one card each: his left, his partner, his right
PAKETTISKRUUVI = "pakettiskruuvi"   # taker -> partner 4 cards; partner one each: his left, taker, right

ERA_1895 = Era(
    ruleset="skruuvi-1895",
    dealt_forms={"alkupeli": (12, 4)},
    all_pass_form="redeal",
    strain_order={"alkupeli": "SCDHG"},
    min_bid_level={"alkupeli": 1},
    final_min_level={"alkupeli": 1},
    exchange_ban_level=8,
    centre_forbidden=frozenset({51}),                      # only position 51 is refused
    centre_consecutive_ok=True,
    all_pass_return_rule=False,
    all_pass_knocks=False,
    misere_lead_right=False,
    all_pass_redeal=True,
    kitty_choices=(OSTOSKRUUVI, PAKETTISKRUUVI),
)

ERAS = {era.ruleset: era for era in (ERA_2016, ERA_1944, ERA_1895)}


# ----------------------------------------------------------------------------- readings

# A case's `readings: {rule-id: value}` replays it under another reading of its ruleset's rules (the
# `alternatives:` of spec/rulesets/*.yaml, worked out here from their prose and notes). Per ruleset and
# rule id: the accepted values, the default first, each with the change it makes to the era table.
Change = Callable[[Era], Era]
_SAME: Change = lambda era: era  # noqa: E731  (the default value: nothing changes)


def _with(**changes: Any) -> Change:
    return lambda era: replace(era, **changes)


def _bolsevikki_strains(order: str) -> Change:
    return lambda era: replace(era, strain_order={**era.strain_order, "bolsevikki": order})


GRANDI_COUNT = ("2 * own_aces + (1 if own_aces > opp_aces or (own_aces == opp_aces and is_main)")
HONOUR_COUNT = "own_trump_honours + own_aces if kind == 'trump' else " + GRANDI_COUNT + " else 0)"
HONOUR_COUNT_LITERAL = ("own_trump_honours + own_aces if kind == 'trump' else " + GRANDI_COUNT
                        + " or (not is_main and opp_tricks < 7) else 0)")
ALL_PASS_COSTS = ["score.passimisaari-tricks", "score.passimisaari-aces"]
MISERE_ACES = ["score.misere-aces"]

READINGS: dict[str, dict[str, list[tuple[Any, Change]]]] = {
    "skruuvi-1895": {
        "auction.end-eight-passes": [(8, _SAME), (12, _with(first_auction_end_passes=12))],
        "auction.all-pass": [("redeal", _SAME),
                             ("passimisaari", _with(all_pass_redeal=False, all_pass_form="passimisaari"))],
        "kitty.choice": [("taker-choice", _SAME),
                         (OSTOSKRUUVI, _with(kitty_fixed=OSTOSKRUUVI)),
                         (PAKETTISKRUUVI, _with(kitty_fixed=PAKETTISKRUUVI))],
        "score.scale": [(1, _SAME),
                        (10, _with(scale=10, game_limit=600, game_bonus=2000, final_divisor=1000))],
        "score.honours-and-aces-per-card": [(1, _SAME), (0, _with(honours_aces_per_card=False))],
        "score.undertricks-per-trick": [(1, _SAME), (0, _with(undertricks_per_trick=False))],
        "match.rubber": [([{"form": "alkupeli", "until_games": 2}], _SAME),
                         ([{"form": "alkupeli", "until_games": 2}, {"form": "alkupeli", "deals": 4}],
                          _with(rubber_extra_deals=4))],
    },
    "skruuvi-1944": {
        "kitty.main-pair-exchange-allowed": [(None, _SAME), ({"at_least": 6, "table_cards_from": "forehand"},
                                                             _with(main_exchange_ban_level=6))],
        "kotka.exchange-allowed": [(None, _SAME), (6, _with(kotka_swap_ban_level=6))],
        "defenders-exchange.banned-by-whose-bid": [("main", _SAME),
                                                   ("either", _with(exchange_ban_any_side=True))],
        "score.honours-from": [("hands-at-play", _SAME), ("tricks-won", _with(honours_from_tricks=True))],
        "score.undertrick-first": [({4: 400, 5: 500, 6: 1000, 7: 1700}, _SAME),
                                   ({4: 400, 5: 500, 6: 1100, 7: 1700}, _with(undertrick_first_6=1100))],
        "score.honour-count": [(HONOUR_COUNT, _SAME),
                               (HONOUR_COUNT_LITERAL, _with(grandi_cancelled_plus_one=True))],
        "match.final-rounding": [(1, _SAME), (5, _with(final_rounding=5))],
    },
    "skruuvi-2016": {
        "deal.centre-not-top-or-bottom": [(["first", "last"], _SAME),
                                          ([0, 1, 50, 51], _with(centre_forbidden=frozenset({0, 1, 50, 51}))),
                                          ([], _with(centre_forbidden=frozenset()))],
        "deal.centre-not-consecutive": [(3, _SAME), (4, _with(centre_consecutive_ok=True))],
        "bolsevikki.strain": [(["M"], _SAME), (["M", "S", "C", "D", "H", "G"], _bolsevikki_strains("MSCDHG"))],
        "bolsevikki.call-first": [("dealer", _SAME), ("forehand", _with(call_first_forehand=True))],
        "bolsevikki.several-callers": [("first-chooses", _SAME), ("rejected", _with(several_callers=False))],
        "bolsevikki.gift-order": [("clockwise-from-left", _SAME),
                                  ("any-order", _with(bolsevikki_gifts_any_order=True))],
        # ANY's bolsevikki scoring: four readings that require one another, each giving the whole of it
        "bolsevikki.scoring-made": [("declarer-against-each", _SAME),
                                    ("declarer-shared", _with(bolsevikki_any=True))],
        "bolsevikki.scoring-failed": [("declarer-against-each", _SAME),
                                      ("declarer-shared", _with(bolsevikki_any=True))],
        "bolsevikki.first-trick": [(35, _SAME), (20, _with(bolsevikki_any=True))],
        "bolsevikki.aces": [(0, _SAME), (1, _with(bolsevikki_any=True))],
        "bolsevikki.lead": [("declarer-left", _SAME),
                            ("declarer-right", _with(one_against_three_lead_right=True))],
        "kitty.partner-order": [("clockwise-from-left", _SAME),
                                ("any-order", _with(kitty_partner_any_order=True))],
        "auction2.end-four-passes": [(4, _SAME), (2, _with(second_auction_end_passes=2))],
        "auction2.final-min-passes": [("ending-pass", _SAME), ("every-pass", _with(final_min_every_pass=True))],
        "defenders-exchange.different-card": [(True, _SAME), (False, _with(defenders_return_rule=False))],
        "defenders-exchange.kind": [("optional", _SAME), ("compulsory", _with(defenders_exchange_compulsory=True))],
        "passimisaari.return-order": [("same", _SAME), ("reverse", _with(all_pass_return_reverse=True))],
        "passimisaari.different-card": [(True, _SAME), (False, _with(all_pass_return_rule=False))],
        "passimisaari.doubling-order": [(["dealer", "dealer-partner"], _SAME),
                                        (["dealer", "forehand", "dealer-partner", "dealer-right"],
                                         _with(all_pass_doublers=("dealer", "forehand", "dealer-partner",
                                                                  "dealer-right")))],
        "score.defenders-receive": [("negation", _SAME), ("nothing", _with(defenders_receive_negation=False))],
        "score.zero-sum": [([], _SAME), (ALL_PASS_COSTS, _with(zero_sum=frozenset(ALL_PASS_COSTS))),
                           (MISERE_ACES, _with(zero_sum=frozenset(MISERE_ACES))),
                           ([*ALL_PASS_COSTS, *MISERE_ACES],
                            _with(zero_sum=frozenset([*ALL_PASS_COSTS, *MISERE_ACES])))],
        "score.misere-aces": [("each", _SAME), ("main", _with(misere_aces_both_sides=False))],
        "sitsi.block": [([{"form": "alkupeli", "deals": 4}, {"form": "kotka", "deals": 4}], _SAME),
                        ([{"form": "alkupeli", "deals": 2}, {"form": "kotka", "deals": 2}],
                         _with(sitsi_stages=(("alkupeli", 2), ("kotka", 2))))],
    },
}


def _same_value(a: Any, b: Any) -> bool:
    """Reading values compared as JSON data: mapping keys as text (YAML's 4 is JSON's "4"), and a
    boolean is never a number."""
    if isinstance(a, dict) and isinstance(b, dict):
        ka, kb = {str(k): v for k, v in a.items()}, {str(k): v for k, v in b.items()}
        return set(ka) == set(kb) and all(_same_value(ka[k], kb[k]) for k in ka)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same_value(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def apply_readings(era: Era, readings: Any) -> Era:
    """The era table under a case's `readings`; an unknown rule or value is a CaseError (`errored`),
    never a silent answer under the default."""
    if readings is None:
        return era
    if not isinstance(readings, dict):
        raise CaseError("readings must be a mapping of rule id to value")
    known = READINGS[era.ruleset]
    for rule, value in readings.items():
        if rule not in known:
            raise CaseError(f"readings: rule {rule!r} has no alternative this oracle implements for "
                            f"{era.ruleset} (it implements: {', '.join(known)})")
        change = next((c for v, c in known[rule] if _same_value(v, value)), None)
        if change is None:
            offered = "; ".join(json.dumps(v) for v, _ in known[rule])
            raise CaseError(f"readings: {rule} = {json.dumps(value)} is not a value this oracle implements "
                            f"for {era.ruleset} (it implements: {offered})")
        era = change(era)
    return era


# ----------------------------------------------------------------------------- deal

@dataclass
class Deal:
    form: str
    dealer: str
    hands: dict[str, list[str]]
    centre: list[str]


def _card_list(x: Any, size: int) -> list[str]:
    if not isinstance(x, list) or len(x) != size or not all(is_card(c) for c in x):
        raise RecordError("invalid-deal")
    return list(x)


def _centre_positions(era: Era, x: Any, size: int) -> list[int]:
    if size == 0:                                          # kotka: absent or []
        if x is not None and x != []:
            raise RecordError("invalid-deal")
        return []
    if (not isinstance(x, list) or len(x) != size
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in x)):
        raise RecordError("invalid-deal")
    pos = sorted(x)
    if len(set(pos)) != size or pos[0] < 0 or pos[-1] > 51:
        raise RecordError("invalid-deal")
    if not _centre_ok(era, pos):
        raise RecordError("invalid-deal")
    return pos


def read_deal(era: Era, deal: Any) -> Deal:
    """Validate a deal (hands or deck form) of one of the era's dealt forms."""
    if not isinstance(deal, dict) or deal.get("form") not in era.dealt_forms:
        raise RecordError("invalid-deal")
    form = deal["form"]
    hand_size, centre_size = era.dealt_forms[form]
    dealer = deal.get("dealer")
    if not isinstance(dealer, str) or dealer not in SEATS:
        raise RecordError("invalid-deal")
    has_hands, has_deck = "hands" in deal, "deck" in deal
    if has_hands == has_deck:
        raise RecordError("invalid-deal")
    if has_hands:
        if "centre_positions" in deal:
            raise RecordError("invalid-deal")
        raw = deal["hands"]
        if not isinstance(raw, dict) or set(raw) != set(SEATS):
            raise RecordError("invalid-deal")
        hands = {s: _card_list(raw[s], hand_size) for s in SEATS}
        raw_centre = deal.get("centre")
        if centre_size == 0 and raw_centre is None:        # kotka: centre absent (or null) or []
            raw_centre = []
        centre = _card_list(raw_centre, centre_size)
    else:
        if "centre" in deal:
            raise RecordError("invalid-deal")
        deck = _card_list(deal["deck"], 52)
        pos = _centre_positions(era, deal.get("centre_positions"), centre_size)
        centre = [deck[p] for p in pos]
        rest = [c for i, c in enumerate(deck) if i not in pos]
        hands = {s: [] for s in SEATS}
        seat = left(dealer)
        for card in rest:                                  # deal.one-at-a-time
            hands[seat].append(card)
            seat = left(seat)
    every = [c for s in SEATS for c in hands[s]] + centre
    if len(set(every)) != 52:
        raise RecordError("invalid-deal")
    return Deal(form, dealer, hands, centre)


# ----------------------------------------------------------------------------- the game

class Game:
    """One dealt deal (turning into the era's all-pass form on four opening passes), fed action by
    action. The phases are the same in both eras; where they differ, the game asks `self.era`."""

    def __init__(self, era: Era, deal: Deal) -> None:
        self.era = era
        self.dealer = deal.dealer
        self.hands: dict[str, set[str]] = {s: set(h) for s, h in deal.hands.items()}
        self.centre = list(deal.centre)
        self.dealt_form = deal.form                         # alkupeli | kotka | bolsevikki
        self.form = deal.form                               # ... or the all-pass form
        self.order = era.strain_order[deal.form]            # bidding order, low to high
        self.one_against_three = deal.form in era.one_against_three   # a bolsevikki
        self.redealt = False                                # bolsevikki, 1895: four passes
        self.phase = "call" if self.one_against_three else "first-auction"
        self.to_act: str | None = deal.dealer
        if self.one_against_three and era.call_first_forehand:     # bolsevikki.call-first: forehand
            self.to_act = left(deal.dealer)
        # auctions
        self.calls = 0
        self.passes = 0
        self.high: tuple[int, str] | None = None
        self.high_seat: str | None = None
        self.first_bids: list[tuple[str, int]] = []       # (seat, level) in order, first auction
        self.taker = ""                                     # H
        self.declarer = ""                                  # D
        self.exchange_forbidden = False
        # compulsory gives still due in the kitty / partner exchange: (giver, recipient, count)
        self.steps: list[tuple[str, str, int]] = []
        self.received: dict[str, str] = {}                  # seat -> card it was just given
        # doubling (knocks in 1944)
        self.doubling = 0
        self.double_mode = "double"                         # "double" | "redouble"
        self.queue: list[str] = []
        # play
        self.trump: str | None = None
        self.holding: dict[str, frozenset[str]] = {}        # hands at the start of play
        self.trick: list[tuple[str, str]] = []
        self.trick_no = 0
        self.tricks = {"NS": 0, "EW": 0}
        self.seat_tricks = {s: 0 for s in SEATS}            # bolsevikki scores per seat
        self.seat_ace_points = {s: 0 for s in SEATS}        # (ANY's bolsevikki scoring counts them per seat)
        self.ace_points = {"NS": 0, "EW": 0}
        self.trick_log: list[tuple[str, int]] = []          # per trick: (winning side, aces in it)
        self.won_cards: dict[str, list[str]] = {"NS": [], "EW": []}   # the cards in each side's tricks
        self.callers: list[tuple[str, tuple[int, str]]] = []   # bolsevikki, several callers: in turn

    def bid_key(self, bid: tuple[int, str]) -> tuple[int, int]:
        return bid[0], self.order.index(bid[1])

    @property
    def is_all_pass(self) -> bool:
        return self.form == self.era.all_pass_form

    # -- driver

    def apply(self, raw: Any) -> None:
        action = parse_action(raw)                                  # 1. malformed-action
        if self.phase == "done" or action.seat != self.to_act:
            raise RecordError("not-your-turn")              # 2. not-your-turn
        handler = {
            "first-auction": self._first_auction,
            "call": self._call,
            "callers-choose": self._callers_choose,
            "choice": self._choice,
            "gifts": self._exchange_step,
            "kitty": self._exchange_step,
            "second-auction": self._second_auction,
            "defenders-exchange": self._defenders_exchange,
            "partner-exchange": self._exchange_step,
            "doubling": self._doubling,
            "play": self._play,
        }[self.phase]
        handler(action)                                     # 3.-5. inside each phase

    @property
    def complete(self) -> bool:
        return self.phase == "done"

    # -- auctions: bids must reach the form's minimum level, then beat the highest bid

    def _check_strain_and_level(self, bid: tuple[int, str]) -> None:
        if bid[1] not in self.order:                        # only a bolsevikki lacks strains
            raise RecordError("bid-not-allowed")
        if bid[0] < self.era.min_bid_level[self.dealt_form]:
            raise RecordError("bid-below-minimum")

    def _check_bid(self, bid: tuple[int, str]) -> None:
        self._check_strain_and_level(bid)
        if self.high is not None and self.bid_key(bid) <= self.bid_key(self.high):
            raise RecordError("bid-not-higher")

    # -- first auction

    def _first_auction(self, a: Action) -> None:
        if a.verb not in ("bid", "pass"):
            raise RecordError("wrong-phase")
        if a.verb == "bid":
            assert a.bid is not None
            self._check_bid(a.bid)
            self.high, self.high_seat, self.passes = a.bid, a.seat, 0
            self.first_bids.append((a.seat, a.bid[0]))
        else:
            self.passes += 1
        self.calls += 1
        self.to_act = left(a.seat)
        if self.calls == 4 and self.high is None:          # auction.all-pass
            if self.era.all_pass_redeal:
                self._redeal()
            else:
                self._start_all_pass()
        elif self.high is not None and self.passes == self.era.first_auction_end_passes:
            if self.era.kitty_choices:
                self._start_choice()
                if self.era.kitty_fixed:                    # kitty.choice fixed: no choose action
                    self._begin_gifts(self.era.kitty_fixed)
            else:
                self._start_kitty()

    def _redeal(self) -> None:
        """Nothing more happens in this deal: nobody is to act (bolsevikki, 1895)."""
        self.redealt = True
        self.phase = "done"
        self.to_act = None

    # -- bolsevikki: one round of calls, then the bolshevik's gifts (brief-2016 ADDENDUM 2)

    def _call(self, a: Action) -> None:
        """Dealer first, clockwise, each seat exactly once: `bid 7M` or `pass`."""
        if a.verb not in ("bid", "pass"):
            raise RecordError("wrong-phase")
        if a.verb == "bid":
            assert a.bid is not None
            if self.era.several_callers:                    # an equal call joins, a higher one overcalls
                self._check_strain_and_level(a.bid)
                if self.high is not None and self.bid_key(a.bid) < self.bid_key(self.high):
                    raise RecordError("bid-not-higher")
                if self.high is None or self.bid_key(a.bid) > self.bid_key(self.high):
                    self.callers = []                       # (7S ... 7G only under bolsevikki.strain)
                self.high = a.bid
                self.callers.append((a.seat, a.bid))
            else:
                self._check_bid(a.bid)                      # not-allowed, below-minimum, not-higher
                self.high, self.high_seat = a.bid, a.seat
        self.calls += 1
        self.to_act = left(a.seat)
        if self.calls < 4:
            return
        if len(self.callers) > 1:                           # several callers: the first one chooses
            self.phase = "callers-choose"
            self.to_act = self.callers[0][0]
            return
        if self.callers:
            self.high_seat, self.high = self.callers[0]
        if self.high_seat is None:                          # bolsevikki.redeal: nothing more happens
            self._redeal()
            return
        self._start_bolshevik_gifts()

    def _callers_choose(self, a: Action) -> None:
        """bolsevikki.several-callers = first-chooses: each caller in turn keeps the deal by calling his
        bid again or withdraws (`pass`); the last caller left is the bolshevik."""
        bid = self.callers[0][1]
        if a.verb not in ("bid", "pass"):
            raise RecordError("wrong-phase")
        if a.verb == "bid":
            if a.bid != bid:                                # keeping it is calling it again: no other
                raise RecordError("bid-not-allowed")        # bid is offered here, whatever its level
            self.callers = [self.callers[0]]
        else:
            self.callers.pop(0)
        if len(self.callers) > 1:
            self.to_act = self.callers[0][0]
            return
        self.high_seat, self.high = self.callers[0]
        self._start_bolshevik_gifts()

    def _start_bolshevik_gifts(self) -> None:
        assert self.high_seat is not None
        d = self.declarer = self.taker = self.high_seat
        self.hands[d] |= set(self.centre)                   # D takes the centre (automatic)
        self.phase = "gifts"                                # one card each, left of D first
        self.steps = [(d, left(d), 1), (d, left(left(d)), 1), (d, right(d), 1)]
        self.received = {}
        self.to_act = d

    # -- 1895: the taker takes the centre cards, chooses a procedure, then the gifts (brief-1895)

    def _start_choice(self) -> None:
        assert self.high_seat is not None
        t = self.taker = self.declarer = self.high_seat    # no second auction: H is D
        self.hands[t] |= set(self.centre)                   # kitty.take (automatic): 16 cards
        self.phase = "choice"
        self.to_act = t

    def _choice(self, a: Action) -> None:
        """`<taker> choose ostoskruuvi|pakettiskruuvi`; then the gifts of that procedure."""
        if a.verb != CHOOSE:
            raise RecordError("wrong-phase")
        if a.choice not in self.era.kitty_choices:
            raise RecordError("choice-not-offered")
        self._begin_gifts(a.choice)

    def _begin_gifts(self, choice: str) -> None:
        t = self.taker
        p = partner(t)
        if choice == OSTOSKRUUVI:                         # one card each, from the taker's left
            self.steps = [(t, left(t), 1), (t, p, 1), (t, right(t), 1)]
        else:                                               # 4 to the partner, who gives one each
            self.steps = [(t, p, 4), (p, left(p), 1), (p, t, 1), (p, right(p), 1)]
        self.phase = "gifts"                                # then play, led by the taker's left
        self.received = {}
        self.to_act = self.steps[0][0]

    # -- kitty (alkupeli), kotka exchange, partner exchange (all-pass form): compulsory gives

    def _start_kitty(self) -> None:
        assert self.high_seat is not None
        h = self.high_seat
        p = partner(h)
        self.taker = h
        main_first = next(level for seat, level in self.first_bids if seat in (h, p))
        self.exchange_forbidden = main_first >= self.era.exchange_ban_level
        if self.era.exchange_ban_any_side:                 # 1944 alternative: the other side's too
            other_first = [level for seat, level in self.first_bids if seat not in (h, p)][:1]
            self.exchange_forbidden |= bool(other_first) and other_first[0] >= self.era.exchange_ban_level
        self.phase = "kitty"
        defenders_first = [level for seat, level in self.first_bids if seat not in (h, p)][:1]
        ban = self.era.kotka_swap_ban_level if self.dealt_form == "kotka" else self.era.main_exchange_ban_level
        if ban and defenders_first and defenders_first[0] >= ban:
            # 1944 kitty.main-pair-exchange-allowed / kotka.exchange-allowed, S000's bidding section
            # taken literally: no exchange; the table cards are dealt one each, the forehand first
            self._deal_out_centre()
            self._start_second_auction()
            return
        if self.dealt_form == "kotka":                     # 4 cards H -> P, then 4 back P -> H
            self.steps = [(h, p, 4), (p, h, 4)]
        else:
            self.hands[h] |= set(self.centre)              # kitty.take (automatic)
            self.steps = [(h, p, 4), (p, left(p), 1), (p, left(left(p)), 1), (p, right(p), 1)]
        self.received = {}
        self.to_act = h

    def _deal_out_centre(self) -> None:
        """The centre cards, one to each player, the forehand first (none in kotka)."""
        f = left(self.dealer)
        order = (f, left(f), left(left(f)), self.dealer)
        for card, seat in zip(self.centre, order[:len(self.centre)], strict=True):
            self.hands[seat].add(card)
        self.centre = []

    def _start_all_pass(self) -> None:
        self.form = self.era.all_pass_form
        self._deal_out_centre()
        f = left(self.dealer)
        d, fp, dp = self.dealer, partner(f), partner(self.dealer)
        self.phase = "partner-exchange"
        back = [(d, dp, 1), (fp, f, 1)] if self.era.all_pass_return_reverse else [(fp, f, 1), (d, dp, 1)]
        self.steps = [(f, fp, 1), (dp, d, 1), *back]              # passimisaari.return-order
        self.received = {}
        self.to_act = f

    def _check_give(self, a: Action, to: str, count: int) -> None:
        """Order of DESIGN §4.5: recipient, count, held, same card returned."""
        if a.to != to:
            raise RecordError("give-wrong-recipient")
        if len(a.cards) != count:
            raise RecordError("give-wrong-count")
        if not all(c in self.hands[a.seat] for c in a.cards):
            raise RecordError("card-not-held")
        if a.seat in self.received and a.cards[0] == self.received[a.seat]:
            raise RecordError("return-same-card")

    def _transfer(self, a: Action) -> None:
        assert a.to is not None
        for c in a.cards:
            self.hands[a.seat].remove(c)
            self.hands[a.to].add(c)

    def _free_order(self) -> bool:
        """Are the next gives one card each to the giver's other players in any order? (2016
        kitty.partner-order / bolsevikki.gift-order = any-order)"""
        if self.steps[0][2] != 1:
            return False
        if self.phase == "kitty":
            return self.era.kitty_partner_any_order and self.dealt_form != "kotka"
        return self.phase == "gifts" and self.one_against_three and self.era.bolsevikki_gifts_any_order

    def _exchange_step(self, a: Action) -> None:
        if a.verb != "give":
            raise RecordError("wrong-phase")
        step = 0
        if self._free_order():                              # any of the giver's remaining recipients
            step = next((i for i, (g, t, c) in enumerate(self.steps) if g == a.seat and t == a.to and c == 1),
                        0)
        _giver, to, count = self.steps[step]  # the giver is self.to_act, checked already
        self._check_give(a, to, count)
        self._transfer(a)
        if self.phase == "partner-exchange" and self.era.all_pass_return_rule:
            self.received[to] = a.cards[0]                 # passimisaari.different-card (2016)
        self.steps.pop(step)
        if self.steps:
            self.to_act = self.steps[0][0]
        elif self.phase == "kitty":
            self._start_second_auction()
        elif self.phase == "gifts":
            self._start_play()                              # no auction, no doubling
        elif self.era.all_pass_knocks:                      # passimisaari.doubling-order
            d = self.dealer
            seat_of = {"dealer": d, "forehand": left(d), "dealer-partner": partner(d), "dealer-right": right(d)}
            self._start_doubling([seat_of[name] for name in self.era.all_pass_doublers])
        else:
            self._start_play()                              # 1944 pakkomisaari: no knocks

    # -- second auction

    def _start_second_auction(self) -> None:
        self.phase = "second-auction"
        self.passes = 0
        self.to_act = self.taker

    def _second_auction(self, a: Action) -> None:
        if a.verb not in ("bid", "pass"):
            raise RecordError("wrong-phase")
        assert self.high is not None
        if a.verb == "bid":
            assert a.bid is not None
            self._check_bid(a.bid)
            self.high, self.high_seat, self.passes = a.bid, a.seat, 0
        else:
            ending = self.passes == self.era.second_auction_end_passes - 1
            if ((ending or self.era.final_min_every_pass)     # auction2.final-min-passes
                    and self.high[0] < self.era.final_min_level[self.dealt_form]):
                raise RecordError("final-contract-too-low")
            self.passes += 1
        self.to_act = partner(a.seat)
        if self.passes == self.era.second_auction_end_passes:
            assert self.high_seat is not None
            self.declarer = self.high_seat
            self._start_defenders_exchange()

    # -- defenders' exchange

    def _start_defenders_exchange(self) -> None:
        d = self.declarer
        if self.exchange_forbidden:
            self._start_doubling([left(d), right(d)])
            return
        self.phase = "defenders-exchange"
        self.received = {}
        self.to_act = left(d)

    def _defenders_exchange(self, a: Action) -> None:
        d = self.declarer
        first_turn = a.seat == left(d)
        if a.verb == "pass" and first_turn and not self.era.defenders_exchange_compulsory:
            self._start_doubling([left(d), right(d)])
            return
        if a.verb != "give":
            raise RecordError("wrong-phase")
        to = right(d) if first_turn else left(d)
        self._check_give(a, to, 1)
        self._transfer(a)
        if first_turn:
            if self.era.defenders_return_rule:              # defenders-exchange.different-card
                self.received[to] = a.cards[0]
            self.to_act = to
        else:
            self._start_doubling([left(d), right(d)])

    # -- doubling (2016) / knocks (1944): same order and codes

    def _start_doubling(self, doublers: list[str]) -> None:
        self.phase = "doubling"
        self.double_mode = "double"
        self.queue = list(doublers)
        self.to_act = self.queue[0]

    def _doubling(self, a: Action) -> None:
        if a.verb == "give" and self._is_banned_defender_give(a):
            raise RecordError("exchange-forbidden")
        if a.verb == "double" and self.double_mode != "double":
            raise RecordError("double-not-allowed")
        if a.verb == "redouble" and self.double_mode != "redouble":
            raise RecordError("redouble-not-allowed")
        if a.verb not in ("double", "redouble", "pass"):
            raise RecordError("wrong-phase")
        if a.verb == "double":
            self.doubling = 1
            self.double_mode = "redouble"
            self.queue = [left(a.seat), partner(left(a.seat))]
            self.to_act = self.queue[0]
        elif a.verb == "redouble":
            self.doubling = 2
            self._start_play()
        else:
            self.queue.pop(0)
            if self.queue:
                self.to_act = self.queue[0]
            else:
                self._start_play()

    def _is_banned_defender_give(self, a: Action) -> bool:
        if self.is_all_pass or not self.exchange_forbidden:
            return False
        return side(a.seat) != side(self.declarer)

    # -- play

    def _start_play(self) -> None:
        self.phase = "play"
        self.holding = {s: frozenset(h) for s, h in self.hands.items()}
        if self.is_all_pass:
            self.trump = None
            self.to_act = left(self.dealer)
        elif self.one_against_three:                        # 7M: no trumps; left of D leads
            assert self.high is not None                    # (7S..7G only under bolsevikki.strain)
            self.trump = self.high[1] if self.high[1] in SUITS else None
            lead_right = self.era.one_against_three_lead_right
            self.to_act = right(self.declarer) if lead_right else left(self.declarer)
        else:
            assert self.high is not None
            self.trump = self.high[1] if self.high[1] in SUITS else None
            if self.high[1] == "M" and self.era.misere_lead_right:
                self.to_act = right(self.declarer)
            else:
                self.to_act = left(self.declarer)

    def _play(self, a: Action) -> None:
        if a.verb != "play":
            raise RecordError("wrong-phase")
        card = a.cards[0]
        hand = self.hands[a.seat]
        if card not in hand:
            raise RecordError("card-not-held")
        if self.trick:
            led = suit(self.trick[0][1])
            if suit(card) != led and any(suit(c) == led for c in hand):
                raise RecordError("must-follow-suit")
        hand.remove(card)
        self.trick.append((a.seat, card))
        self.to_act = left(a.seat)
        if len(self.trick) == 4:
            self._close_trick()

    def _trick_winner(self) -> str:
        led = suit(self.trick[0][1])
        trumps = [t for t in self.trick if suit(t[1]) == self.trump]
        pool = trumps or [t for t in self.trick if suit(t[1]) == led]
        return max(pool, key=lambda t: rank(t[1]))[0]

    def _close_trick(self) -> None:
        winner = self._trick_winner()
        self.trick_no += 1
        won_by = side(winner)
        self.tricks[won_by] += 1
        self.seat_tricks[winner] += 1
        aces = sum(1 for _, c in self.trick if c[0] == "A")
        self.won_cards[won_by].extend(c for _, c in self.trick)
        self.ace_points[won_by] += aces * self.trick_no
        self.seat_ace_points[winner] += aces * self.trick_no
        self.trick_log.append((won_by, aces))
        self.trick = []
        self.to_act = winner
        if self.trick_no == 13:
            self.phase = "done"
            self.to_act = None

    # -- facts shared by both eras' scoring

    def contract(self) -> dict[str, Any] | None:
        if self.is_all_pass or self.redealt:
            return None
        assert self.high is not None
        return {"declarer": self.declarer, "bid": bid_text(self.high), "doubling": self.doubling}

    def outcome(self) -> tuple[str, int, str, bool, int, int]:
        """(kind, level, main side, made, overtricks, undertricks) of a contract deal."""
        assert self.high is not None
        level, strain = self.high
        kind = "misere" if strain == "M" else "grand" if strain == "G" else "trump"
        main = side(self.declarer)
        taken = self.tricks[main]
        if kind == "misere":
            allowed = 7 - level
            return kind, level, main, taken <= allowed, allowed - taken, taken - allowed
        needed = 6 + level
        return kind, level, main, taken >= needed, taken - needed, needed - taken


# ----------------------------------------------------------------------------- legal actions

# The set of every action the seat to act may take now (SCP/1 `legal`), read off the state of the
# `Game` machine phase by phase: the same conditions its handlers check, turned round into a list. Each
# action is written once, canonically: `<seat> <verb> [args]` with single spaces, bids `<level><strain>`,
# the cards of a give in pack order (suits S C D H, ranks 2 to A), and declining anything optional
# written `pass`. Answered sorted by code points; [] once the deal is over.

def pack_order(cards: Any) -> list[str]:
    """Cards in the order of the pack: suits S, C, D, H, each from the 2 up to the ace."""
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), rank(c)))


def _card_sets(hand: Any, count: int) -> list[tuple[str, ...]]:
    """Every set of `count` cards of `hand`, each in pack order (standard library combinations)."""
    return list(combinations(pack_order(hand), count))


def _legal_bids(game: Game, allow_equal: bool = False) -> list[str]:
    """Bids of the form's strains at its minimum level or higher that beat the highest bid (or, with
    `allow_equal`, match it: the bolsevikki calls with several callers)."""
    out = []
    for level in range(game.era.min_bid_level[game.dealt_form], 8):
        for strain in game.order:
            bid = (level, strain)
            if game.high is not None:
                key, top = game.bid_key(bid), game.bid_key(game.high)
                if key < top or (key == top and not allow_equal):
                    continue
            out.append(f"{game.to_act} bid {bid_text(bid)}")
    return out


def _legal_gives(game: Game, targets: list[tuple[str, int]]) -> list[str]:
    """Gives of `count` cards of the giver's hand to each target; the different-card rule of the
    exchanges refuses the card the giver has just been given (it is checked on the first card)."""
    seat = game.to_act
    assert seat is not None
    out = []
    for to, count in targets:
        for cards in _card_sets(game.hands[seat], count):
            if seat in game.received and cards[0] == game.received[seat]:
                continue
            out.append(f"{seat} give {to} {' '.join(cards)}")
    return out


def _legal_exchange_step(game: Game) -> list[str]:
    """A compulsory give (kitty, kotka exchange, bolshevik's gifts, 1895 gifts, all-pass exchange): the
    next step's recipient and count, or under a free order any one-card step of this giver."""
    targets = [(game.steps[0][1], game.steps[0][2])]
    if game._free_order():
        targets += [(t, c) for g, t, c in game.steps[1:] if g == game.to_act and c == 1]
    return _legal_gives(game, list(dict.fromkeys(targets)))


def _legal_defenders_exchange(game: Game) -> list[str]:
    d = game.declarer
    first_turn = game.to_act == left(d)
    out = _legal_gives(game, [(right(d) if first_turn else left(d), 1)])
    if first_turn and not game.era.defenders_exchange_compulsory:
        out.append(f"{game.to_act} pass")                  # declining the exchange
    return out


def _legal_doubling(game: Game) -> list[str]:
    return [f"{game.to_act} {verb}" for verb in ("pass", game.double_mode)]


def _legal_play(game: Game) -> list[str]:
    seat = game.to_act
    assert seat is not None
    hand = game.hands[seat]
    if game.trick:                                          # must follow the suit led if he can
        led = suit(game.trick[0][1])
        hand = {c for c in hand if suit(c) == led} or hand
    return [f"{seat} play {c}" for c in hand]


def legal_actions(game: Game) -> list[str]:
    """Every action the seat to act may take now, each written canonically once, sorted by code
    points; [] when the deal is over (played out or redealt)."""
    if game.phase == "done" or game.to_act is None:
        return []
    seat = game.to_act
    phase = game.phase
    if phase in ("first-auction", "call"):
        out = [f"{seat} pass", *_legal_bids(game, allow_equal=phase == "call" and game.era.several_callers)]
    elif phase == "callers-choose":                         # keep the deal (the same bid) or withdraw
        out = [f"{seat} pass", f"{seat} bid {bid_text(game.callers[0][1])}"]
    elif phase == "choice":
        out = [f"{seat} {CHOOSE} {c}" for c in game.era.kitty_choices]
    elif phase in ("kitty", "gifts", "partner-exchange"):
        out = _legal_exchange_step(game)
    elif phase == "second-auction":
        out = _legal_bids(game)
        assert game.high is not None
        ending = game.passes == game.era.second_auction_end_passes - 1
        if not ((ending or game.era.final_min_every_pass)
                and game.high[0] < game.era.final_min_level[game.dealt_form]):
            out.append(f"{seat} pass")
    elif phase == "defenders-exchange":
        out = _legal_defenders_exchange(game)
    elif phase == "doubling":
        out = _legal_doubling(game)
    elif phase == "play":
        out = _legal_play(game)
    else:
        raise AssertionError(f"no legal actions for phase {phase!r}")
    return sorted(out)


# ----------------------------------------------------------------------------- 2016 scoring

def result_2016(game: Game) -> dict[str, Any]:
    if game.one_against_three:
        return {"contract": game.contract(), "tricks": dict(game.seat_tricks),
                "score": _score_bolsevikki(game)}
    if game.is_all_pass:
        return {"contract": None, "tricks": dict(game.tricks), "score": _score_passimisaari(game)}
    return {"contract": game.contract(), "tricks": dict(game.tricks), "score": _score_2016(game)}


def _score_bolsevikki(game: Game) -> dict[str, Any]:
    """Per seat, zero-sum (ADDENDUM 2, unsourced): a redeal scores nothing; no multiplier, no aces."""
    if game.redealt:
        return {s: 0 for s in SEATS}
    d = game.declarer
    t = game.seat_tricks[d]
    assert game.high is not None                            # 7M: no trick; 7S..7G: all 13 tricks
    under = t if game.high[1] == "M" else 13 - t
    if game.era.bolsevikki_any:
        return _score_bolsevikki_any(game, d, under)
    each = -BOLSEVIKKI_VALUE if under == 0 else BOLSEVIKKI_VALUE + BOLSEVIKKI_FURTHER_TRICK * (under - 1)
    return {s: -3 * each if s == d else each for s in SEATS}


def _score_bolsevikki_any(game: Game, d: str, under: int) -> dict[str, Any]:
    """ANY's bolsevikki (unsourced): the bolshevik scores his seven misère by the 2016 table (35 made; 20 for the
    first trick, 5 more each) plus the others' ace trick numbers minus his own; each other player a third of
    the opposite (a fraction where it does not divide)."""
    points = 35 if under == 0 else -(20 + 5 * (under - 1))
    theirs = sum(v for s, v in game.seat_ace_points.items() if s != d)
    points += theirs - game.seat_ace_points[d]
    return {s: points if s == d else -points / 3 for s in SEATS}


def _score_passimisaari(game: Game) -> dict[str, int]:
    """Each side pays its tricks (x the multiplier) and its aces' trick numbers; a cost listed in
    score.zero-sum is also the other side's gain."""
    mult = MULTIPLIER[game.doubling]
    costs = {"score.passimisaari-tricks": {s: game.tricks[s] * mult for s in SIDES},
             "score.passimisaari-aces": dict(game.ace_points)}
    score = {"NS": 0, "EW": 0}
    for rule, cost in costs.items():
        for s in SIDES:
            score[s] -= cost[s]
            if rule in game.era.zero_sum:
                score[other_side(s)] += cost[s]
    return score


def _score_2016(game: Game) -> dict[str, int]:
    kind, level, main, made, over, under = game.outcome()
    other = other_side(main)
    if made:
        points = MADE_VALUE[kind][level] + over * OVERTRICK_VALUE[level]
    else:
        points = -(FIRST_UNDERTRICK[kind][level] + (under - 1) * FURTHER_UNDERTRICK)
    points *= MULTIPLIER[game.doubling]
    score = {main: points, other: -points if game.era.defenders_receive_negation else 0}
    if kind == "misere":                                    # score.misere-aces (and score.zero-sum)
        for s in ("NS", "EW") if game.era.misere_aces_both_sides else (main,):
            score[s] -= game.ace_points[s]
            if "score.misere-aces" in game.era.zero_sum:
                score[other_side(s)] += game.ace_points[s]
    return score


# ----------------------------------------------------------------------------- 1944 scoring

MADE_1944 = {4: 1000, 5: 2000, 6: 3000, 7: 4500}          # contract bonus, main pair, above
OVERTRICK_1944 = {4: 0, 5: 200, 6: 200, 7: 0}              # per overtrick, main pair, above
KNOCK_1944 = (1, 2, 4)                                      # winner's above points x1 / x2 / x4
# the game limit (60) and bonus (k x 200) are the era's game_limit and game_bonus (a reading may change them)


def undertricks_1944(level: int, n: int, first_6: int) -> int:
    """What the defenders score above for n undertricks (S000 Table 2; 6-level first 1000, or the
    older sources' 1100 under the alternative reading of score.undertrick-first)."""
    if level == 4:
        return 400 * n
    if level == 5:
        return 500 * n
    if level == 6:
        return first_6 + 600 * (n - 1)
    return 1700 + 700 * (n - 1)


@dataclass
class Score1944:
    """One deal's points before any game bonus."""
    below: dict[str, int]                   # trick points below the line
    steps: list[tuple[str, int]]            # per trick, in play order: (side scoring below, points)
    above: dict[str, int]


def _side_cards(game: Game, s: str) -> list[str]:
    return [c for seat in SEATS if side(seat) == s for c in game.holding[seat]]


def _sequences(game: Game) -> dict[str, int]:
    """A-K-Q-... in one hand, length L >= 3: 100 x (L - 2), double in trumps."""
    pts = {"NS": 0, "EW": 0}
    for seat in SEATS:
        for st in SUITS:
            length = 0
            for r in reversed(RANKS):                       # A, K, Q, ...
                if r + st not in game.holding[seat]:
                    break
                length += 1
            if length >= 3:
                pts[side(seat)] += 100 * (length - 2) * (2 if st == game.trump else 1)
    return pts


def _crowns(game: Game, grand: bool) -> dict[str, int]:
    """Three / four aces in one hand: 200 / 400, doubled in grandi."""
    pts = {"NS": 0, "EW": 0}
    for seat in SEATS:
        aces = sum(1 for c in game.holding[seat] if c[0] == "A")
        value = {3: 200, 4: 400}.get(aces, 0)
        pts[side(seat)] += value * (2 if grand else 1)
    return pts


def _honour_cards(game: Game, s: str) -> list[str]:
    """score.honours-from: the side's cards when play begins, or (tricks-won) the cards in its tricks."""
    return list(game.won_cards[s]) if game.era.honours_from_tricks else _side_cards(game, s)


def _honour_counts(game: Game, kind: str, main: str) -> dict[str, int]:
    cards = {s: _honour_cards(game, s) for s in SIDES}
    aces = {s: sum(1 for c in cards[s] if c[0] == "A") for s in SIDES}
    if kind == "trump":                                     # trump T J Q K A + every ace held
        return {s: aces[s] + sum(1 for c in cards[s]
                                 if suit(c) == game.trump and c[0] in "TJQKA") for s in SIDES}
    counts = {s: 2 * aces[s] for s in SIDES}                # grandi: 2 per ace, +1 for more aces
    other = other_side(main)
    counts[main if aces[main] >= aces[other] else other] += 1   # 2-2: the main pair
    if game.era.grandi_cancelled_plus_one and game.tricks[main] < 7:
        counts[other] = 2 * aces[other] + 1                 # S000's literal "aces x 2, plus one"
    return counts


def score_1944(game: Game) -> Score1944:
    if game.is_all_pass:                                    # pakkomisaari
        above = _sequences(game)
        fewer = min(SIDES, key=lambda s: game.tricks[s])    # 13 tricks: never a tie
        above[fewer] += 100 * (game.tricks[other_side(fewer)] - game.tricks[fewer])
        return Score1944({"NS": 0, "EW": 0}, [], above)
    kind, level, main, made, over, under = game.outcome()
    other = other_side(main)
    if kind == "misere":                                    # each side scores the opponents' tricks
        below = {s: game.tricks[other_side(s)] * level for s in SIDES}
        steps = [(other_side(won), level) for won, _ in game.trick_log]
    else:
        below = {s: game.tricks[s] * level for s in SIDES}
        steps = [(won, level) for won, _ in game.trick_log]
    above = {"NS": 0, "EW": 0}
    if made:
        above[main] += MADE_1944[level] + over * OVERTRICK_1944[level]
    else:
        above[other] += undertricks_1944(level, under, game.era.undertrick_first_6)
    seq = _sequences(game)
    for s in SIDES:
        above[s] += seq[s]
    if kind == "misere":                                    # aces in the other side's tricks
        for t, (won, aces) in enumerate(game.trick_log, start=1):
            above[other_side(won)] += 100 * t * aces
    else:
        crowns = _crowns(game, kind == "grand")
        counts = _honour_counts(game, kind, main)
        cancelled = game.tricks[main] < 7                   # main pair's honours are cancelled
        scorer = other if cancelled or counts[other] > counts[main] else main
        for s in SIDES:
            above[s] += crowns[s]
        above[scorer] += 10 * level * counts[scorer]
    winner = main if made else other                        # knocks: winner's above only
    above[winner] *= KNOCK_1944[game.doubling]
    return Score1944(below, steps, above)


def game_winner_1944(running: dict[str, int], score: Score1944, limit: int) -> str | None:
    """Which side (if any) wins a game with this deal's below points, from these running counts."""
    reached = [s for s in SIDES if running[s] + score.below[s] >= limit]
    if len(reached) < 2:
        return reached[0] if reached else None
    count = dict(running)                                   # both: who got there first, trick by trick
    for s, pts in score.steps:
        count[s] += pts
        if count[s] >= limit:
            return s
    raise AssertionError("both sides reached the limit without a first one")


def _nonneg_side_ints(x: Any, limit: int | None) -> dict[str, int]:
    if x is None:
        return {"NS": 0, "EW": 0}
    if not isinstance(x, dict):
        raise RecordError("invalid-deal")
    out = {}
    for s in SIDES:
        v = x.get(s, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or (limit is not None and v >= limit):
            raise RecordError("invalid-deal")
        out[s] = v
    return out


def read_state_1944(deal: dict[str, Any], limit: int) -> tuple[dict[str, int], dict[str, int]]:
    """deal.state: {running: {NS, EW}, games: {NS, EW}}, default zeros; other keys ignored."""
    state = deal.get("state")
    if state is None:
        return {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
    if not isinstance(state, dict):
        raise RecordError("invalid-deal")
    return (_nonneg_side_ints(state.get("running"), limit),
            _nonneg_side_ints(state.get("games"), None))


def result_1944(game: Game, running: dict[str, int], games: dict[str, int]) -> dict[str, Any]:
    return deal_result_with_game(game, score_1944(game), running, games)


def deal_result_with_game(game: Game, sc: Score1944, running: dict[str, int],
                          games: dict[str, int]) -> dict[str, Any]:
    """A single deal's result (1944, 1895): the deal's points plus the game bonus `deal.state` implies."""
    below = dict(sc.below)
    won = game_winner_1944(running, sc, game.era.game_limit)
    if won is not None:
        below[won] += (games[won] + 1) * game.era.game_bonus
    score = {s: {"below": below[s], "above": sc.above[s]} for s in SIDES}
    return {"contract": game.contract(), "tricks": dict(game.tricks), "score": score}


# ----------------------------------------------------------------------------- 1895 scoring

# brief-1895, "Result" (the reduced PSW figures, scale 1; no multipliers, no contract bonus below 6)
UNDERTRICK_1895 = 100            # x level, per undertrick, to the defenders
HONOUR_1895 = 10                 # x level, per honour of the side holding 3+ of A K Q J T of trumps
ACE_1895 = {"trump": 10, "grand": 25}    # x level, per ace of the side holding 3+ (2-2: odd trick, 2)
BID_SLAM_1895 = {6: 500, 7: 1000}        # made by the declarer's side; also the failed slam's price
BID_SIX_MAKES_GRAND_1895 = 200           # a bid 6 that takes all 13
UNBID_SLAM_1895 = {12: 100, 13: 200}     # exactly 12 / all 13 tricks, unless the side bid 6 or 7
ODD_TRICK = 7                            # aces 2-2: the side with 7+ tricks scores two aces


def _aces_by_side(game: Game) -> dict[str, int]:
    return {s: sum(1 for c in _side_cards(game, s) if c[0] == "A") for s in SIDES}


def score_1895(game: Game) -> Score1944:
    """One 1895 deal, before the game bonus (same shape as a 1944 deal), x the era's score.scale."""
    sc = _score_1895_unscaled(game)
    k = game.era.scale                                      # score.scale: every figure x k
    return Score1944({s: v * k for s, v in sc.below.items()}, [(s, v * k) for s, v in sc.steps],
                     {s: v * k for s, v in sc.above.items()})


def _score_1895_unscaled(game: Game) -> Score1944:
    """The figures of the surviving table (scale 1). A redeal scores nothing."""
    zero = {"NS": 0, "EW": 0}
    if game.redealt:
        return Score1944(dict(zero), [], dict(zero))
    if game.is_all_pass:                                    # auction.all-pass = passimisaari only:
        above = dict(zero)                                  # score.passimisaari-difference, nothing
        fewer = min(SIDES, key=lambda s: game.tricks[s])    # else (13 tricks: never a tie)
        above[fewer] += 100 * (game.tricks[other_side(fewer)] - game.tricks[fewer])
        return Score1944(dict(zero), [], above)
    assert game.high is not None
    level, strain = game.high
    kind = "grand" if strain == "G" else "trump"
    main = side(game.declarer)
    other = other_side(main)
    taken = game.tricks[main]
    needed = 6 + level

    def per_card(cards: int) -> int:                        # score.honours-and-aces-per-card (0: once)
        return cards if game.era.honours_aces_per_card else 1

    below = {s: game.tricks[s] * level for s in SIDES}      # both sides, made or not
    steps = [(won, level) for won, _ in game.trick_log]
    above = dict(zero)
    if taken < needed:                                      # undertricks, to the defenders
        above[other] += UNDERTRICK_1895 * level * ((needed - taken) if game.era.undertricks_per_trick else 1)
        if level in BID_SLAM_1895:                          # a failed slam bid: its price too
            above[other] += BID_SLAM_1895[level]
    if kind == "trump":                                     # honours: A K Q J T of trumps
        honours = {s: sum(1 for c in _side_cards(game, s) if suit(c) == game.trump and c[0] in "TJQKA")
                   for s in SIDES}
        more = max(SIDES, key=lambda s: honours[s])         # 5 honours: never a tie
        above[more] += HONOUR_1895 * level * per_card(honours[more])
    aces = _aces_by_side(game)
    if aces["NS"] == aces["EW"]:                            # 2-2: the side with the odd trick
        odd = "NS" if game.tricks["NS"] >= ODD_TRICK else "EW"
        above[odd] += ACE_1895[kind] * level * per_card(2)
    else:
        more = max(SIDES, key=lambda s: aces[s])
        above[more] += ACE_1895[kind] * level * per_card(aces[more])
    if level == 6 and taken >= 12:                          # bid small slam (+200 if grand)
        above[main] += BID_SLAM_1895[6] + (BID_SIX_MAKES_GRAND_1895 if taken == 13 else 0)
    if level == 7 and taken == 13:                          # bid grand slam
        above[main] += BID_SLAM_1895[7]
    for s in SIDES:                                         # unbid slams, defenders' too
        if s == main and level in BID_SLAM_1895:
            continue
        above[s] += UNBID_SLAM_1895.get(game.tricks[s], 0)
    crowns = _crowns(game, kind == "grand")                 # 3 / 4 aces in a hand, x2 at no trump
    seq = _sequences(game)                                  # runs from the ace, x2 in trumps
    for s in SIDES:
        above[s] += crowns[s] + seq[s]
    return Score1944(below, steps, above)


def result_1895(game: Game, running: dict[str, int], games: dict[str, int]) -> dict[str, Any]:
    return deal_result_with_game(game, score_1895(game), running, games)


# ----------------------------------------------------------------------------- replay

def play_deal(era: Era, deal: Deal, actions: list[Any]) -> Game:
    """Feed every action; an illegal one raises RecordError with its index set."""
    game = Game(era, deal)
    for i, raw in enumerate(actions):
        try:
            game.apply(raw)
        except RecordError as e:
            raise RecordError(e.code, i) from None
    if not game.complete:
        raise RecordError("incomplete-record", len(actions))
    return game


def replay(era: Era, case: dict[str, Any]) -> dict[str, Any]:
    """Replay one record (a mapping with deal and actions) and return result or error."""
    try:
        deal = read_deal(era, case["deal"])
        if era.ruleset != ERA_2016.ruleset:                 # 1944, 1895: deal.state
            running, games = read_state_1944(case["deal"], era.game_limit)
    except RecordError as e:
        return {"error": {"index": None, "code": e.code}}
    try:
        game = play_deal(era, deal, case["actions"])
    except RecordError as e:
        return {"error": {"index": e.index, "code": e.code}}
    if era.ruleset == ERA_1944.ruleset:
        return {"result": result_1944(game, running, games)}
    if era.ruleset == ERA_1895.ruleset:
        return {"result": result_1895(game, running, games)}
    return {"result": result_2016(game)}


# ----------------------------------------------------------------------------- 1944 match records

KOTKA_DEALS_1944 = 4          # after the alkupelit, always four kotka deals
GAMES_TO_END_ALKUPELIT = 2    # alkupelit go on until one side has won two games


def book_1944(difference: int, divisor: int, rounding: int) -> int:
    """difference / divisor rounded to the nearest multiple of `rounding` (1, or 5 under 1944's
    match.final-rounding alternative), halves away from zero."""
    unit = divisor * rounding
    return (abs(difference) + unit // 2) // unit * rounding * (1 if difference >= 0 else -1)


def _match_error(k: int, index: int | None, code: str) -> dict[str, Any]:
    return {"error": {"deal": k, "index": index, "code": code}}


def replay_match_1944(match: Any, era: Era = ERA_1944) -> dict[str, Any]:
    """A whole set: alkupelit until a side has 2 games, then exactly 4 kotka deals."""
    if not isinstance(match, dict) or not isinstance(match.get("deals"), list):
        raise CaseError("match needs a list of deals")
    entries = match["deals"]
    running = {"NS": 0, "EW": 0}
    games = {"NS": 0, "EW": 0}
    below = {"NS": 0, "EW": 0}
    above = {"NS": 0, "EW": 0}
    sheets: list[dict[str, Any]] = []
    kotkas = 0
    prev_dealer: str | None = None
    seats: dict[str, str] | None = None                   # the first seats given, kept throughout the set
    for k, entry in enumerate(entries):
        if (not isinstance(entry, dict) or "deal" not in entry
                or not isinstance(entry.get("actions"), list)):
            raise CaseError(f"deal {k} needs a deal and a list of actions")
        if kotkas == KOTKA_DEALS_1944:
            return _match_error(k, None, "match-overrun")
        raw = entry["deal"]
        if not isinstance(raw, dict):
            return _match_error(k, None, "invalid-deal")
        required = "kotka" if max(games.values()) >= GAMES_TO_END_ALKUPELIT else "alkupeli"
        if raw.get("form") != required:
            return _match_error(k, None, "wrong-deal-form")
        if prev_dealer is not None and raw.get("dealer") != left(prev_dealer):
            return _match_error(k, None, "wrong-dealer")
        if entry.get("seats") is not None:                # DESIGN §3, amendment match-seat-names
            given = _rubber_seats(entry["seats"])
            if given is None or (seats is not None and given != seats):
                return _match_error(k, None, "wrong-seating")
            seats = given
        try:
            deal = read_deal(era, raw)
        except RecordError as e:
            return _match_error(k, None, e.code)
        try:
            game = play_deal(era, deal, entry["actions"])
        except RecordError as e:
            return _match_error(k, e.index, e.code)
        sc = score_1944(game)
        if not game.is_all_pass:                          # a pakkomisaari leaves the counts alone
            won = game_winner_1944(running, sc, era.game_limit)
            for s in SIDES:
                running[s] += sc.below[s]
                below[s] += sc.below[s]
            if won is not None:
                games[won] += 1
                below[won] += games[won] * era.game_bonus
                running = {"NS": 0, "EW": 0}
            if deal.form == "kotka":
                running = {"NS": 0, "EW": 0}
        for s in SIDES:
            above[s] += sc.above[s]
        if deal.form == "kotka":
            kotkas += 1
        prev_dealer = deal.dealer
        sheets.append({s: {"below": below[s], "above": above[s], "games": games[s],
                           "running": running[s]} for s in SIDES})
    if kotkas < KOTKA_DEALS_1944:
        return _match_error(len(entries), None, "incomplete-record")
    total = {s: below[s] + above[s] for s in SIDES}
    diff = total["NS"] - total["EW"]
    final = {"NS": total["NS"], "EW": total["EW"], "difference": diff,
             "book": book_1944(diff, era.final_divisor, era.final_rounding)}
    return {"result": {"match": {"sheets": sheets, "final": final}}}


# ----------------------------------------------------------------------------- 1895 rubbers

def _rubber_seats(raw: Any) -> dict[str, str] | None:
    """A match entry's `seats` where the partnerships are fixed (1944 set, 1895 rubber): the four seats,
    each a different non-empty player name (DESIGN §3, amendment match-seat-names); None if not."""
    if not isinstance(raw, dict) or set(raw) != set(SEATS):
        return None
    if not all(_is_name(raw[s]) for s in SEATS) or len({raw[s] for s in SEATS}) != 4:
        return None
    return {s: raw[s] for s in SEATS}


def replay_match_1895(match: Any, era: Era = ERA_1895) -> dict[str, Any]:
    """A rubber: alkupelit (redeals included) until a side has won 2 games; 1944-shaped sheets."""
    if not isinstance(match, dict) or not isinstance(match.get("deals"), list):
        raise CaseError("match needs a list of deals")
    if match.get("options") not in (None, {}):
        raise CaseError("skruuvi-1895 match records take no options")
    entries = match["deals"]
    running = {"NS": 0, "EW": 0}
    games = {"NS": 0, "EW": 0}
    below = {"NS": 0, "EW": 0}
    above = {"NS": 0, "EW": 0}
    sheets: list[dict[str, Any]] = []
    prev_dealer: str | None = None
    seats: dict[str, str] | None = None                   # the first seats given, kept throughout
    extra = 0                                             # match.rubber: deals after the two games
    for k, entry in enumerate(entries):
        if (not isinstance(entry, dict) or "deal" not in entry
                or not isinstance(entry.get("actions"), list)):
            raise CaseError(f"deal {k} needs a deal and a list of actions")
        after_games = max(games.values()) >= GAMES_TO_END_ALKUPELIT
        if after_games and extra == era.rubber_extra_deals:
            return _match_error(k, None, "match-overrun")
        raw = entry["deal"]
        if not isinstance(raw, dict):
            return _match_error(k, None, "invalid-deal")
        if raw.get("form") != "alkupeli":
            return _match_error(k, None, "wrong-deal-form")
        if prev_dealer is not None and raw.get("dealer") != left(prev_dealer):
            return _match_error(k, None, "wrong-dealer")
        if entry.get("seats") is not None:
            given = _rubber_seats(entry["seats"])
            if given is None or (seats is not None and given != seats):
                return _match_error(k, None, "wrong-seating")
            seats = given
        try:
            deal = read_deal(era, raw)
        except RecordError as e:
            return _match_error(k, None, e.code)
        try:
            game = play_deal(era, deal, entry["actions"])
        except RecordError as e:
            return _match_error(k, e.index, e.code)
        sc = score_1895(game)                             # a redeal: all zero, no game
        won = game_winner_1944(running, sc, era.game_limit)
        for s in SIDES:
            running[s] += sc.below[s]
            below[s] += sc.below[s]
            above[s] += sc.above[s]
        if won is not None:
            games[won] += 1
            below[won] += games[won] * era.game_bonus
            running = {"NS": 0, "EW": 0}
        prev_dealer = deal.dealer
        extra += after_games                              # a redeal counts as one of them
        sheets.append({s: {"below": below[s], "above": above[s], "games": games[s],
                           "running": running[s]} for s in SIDES})
    if max(games.values()) < GAMES_TO_END_ALKUPELIT or extra < era.rubber_extra_deals:
        return _match_error(len(entries), None, "incomplete-record")
    total = {s: below[s] + above[s] for s in SIDES}
    diff = total["NS"] - total["EW"]
    final = {"NS": total["NS"], "EW": total["EW"], "difference": diff,
             "book": book_1944(diff, era.final_divisor, era.final_rounding)}
    return {"result": {"match": {"sheets": sheets, "final": final}}}


# ----------------------------------------------------------------------------- 2016 sitsi match records

SITSI_PLAYERS = ("A", "B", "C", "D")                          # sitsi.players
SITSI_PARTNERSHIPS = ((("A", "B"), ("C", "D")),               # sitsi.partnerships: three blocks
                      (("A", "C"), ("B", "D")),
                      (("A", "D"), ("B", "C")))
SITSI_STAGES = ERA_2016.sitsi_stages                         # sitsi.block: 4 alkupelit, 4 kotkat
SITSI_OPTIONS = ("stages", "unwinding", "players", "partnerships",  # sitsi.agreements
                 "bolsevikki_round")
SITSI_FORMS = ("alkupeli", "kotka")                           # a bolsevikki is no block's deal
SITSI_BOLSEVIKKI_DEALS = 4       # sitsi.bolsevikki-round (brief-2016 ADDENDUM 3): after all blocks


def _is_name(x: Any) -> bool:
    return isinstance(x, str) and x != ""


def _sitsi_stages(x: Any) -> tuple[tuple[str, int], ...]:
    """options.stages: a non-empty list of {form: alkupeli|kotka, deals: n >= 1}."""
    if not isinstance(x, list) or not x:
        raise CaseError("options.stages must be a non-empty list")
    out = []
    for st in x:
        if (not isinstance(st, dict) or set(st) != {"form", "deals"}
                or st["form"] not in SITSI_FORMS
                or not isinstance(st["deals"], int) or isinstance(st["deals"], bool)
                or st["deals"] < 1):
            raise CaseError("each stage must be {form: alkupeli|kotka, deals: n >= 1}")
        out.append((st["form"], st["deals"]))
    return tuple(out)


def _sitsi_partnerships(x: Any) -> tuple[tuple[tuple[str, str], tuple[str, str]], ...]:
    """options.partnerships: a non-empty list of blocks, each two pairs of four distinct players."""
    if not isinstance(x, list) or not x:
        raise CaseError("options.partnerships must be a non-empty list of blocks")
    out = []
    for block in x:
        if (not isinstance(block, list) or len(block) != 2
                or not all(isinstance(pair, list) and len(pair) == 2 and all(_is_name(n) for n in pair)
                           for pair in block)
                or len({n for pair in block for n in pair}) != 4):
            raise CaseError("each block must be two pairs of four distinct players")
        out.append((tuple(block[0]), tuple(block[1])))
    return tuple(out)


def _sitsi_options(x: Any, era: Era = ERA_2016) -> tuple[tuple, tuple, list[str], bool]:
    """(stages, blocks in playing order, players of the totals, bolsevikki round?) from
    match.options."""
    if x is None:
        x = {}
    if not isinstance(x, dict):
        raise CaseError("match.options must be a mapping")
    unknown = sorted(str(k) for k in x if k not in SITSI_OPTIONS)
    if unknown:
        raise CaseError(f"unknown match option(s): {', '.join(unknown)}")
    stages = _sitsi_stages(x["stages"]) if "stages" in x else era.sitsi_stages   # sitsi.block
    blocks = (_sitsi_partnerships(x["partnerships"]) if "partnerships" in x
              else SITSI_PARTNERSHIPS)
    unwinding = x.get("unwinding", False)
    if not isinstance(unwinding, bool):
        raise CaseError("options.unwinding must be true or false")
    if unwinding:                                            # sitsi.unwinding: reverse order
        blocks = blocks + tuple(reversed(blocks))
    bolsevikki_round = x.get("bolsevikki_round", False)
    if not isinstance(bolsevikki_round, bool):
        raise CaseError("options.bolsevikki_round must be true or false")
    named: set[str] = {n for block in blocks for pair in block for n in pair}
    if "players" in x:
        players = x["players"]
        if (not isinstance(players, list) or not all(_is_name(n) for n in players)
                or len(set(players)) != len(players)):
            raise CaseError("options.players must be a list of distinct player names")
        named |= set(players)
    return stages, blocks, sorted(named), bolsevikki_round


def _sitsi_seats(raw: Any, block: tuple) -> dict[str, str] | None:
    """The seats of a block's deal, or None if they do not seat the block's partnerships."""
    if not isinstance(raw, dict) or set(raw) != set(SEATS):
        return None
    if not all(_is_name(raw[s]) for s in SEATS):
        return None
    pairs = {frozenset((raw["N"], raw["S"])), frozenset((raw["E"], raw["W"]))}
    if pairs != {frozenset(block[0]), frozenset(block[1])} or len(set(raw.values())) != 4:
        return None
    return {s: raw[s] for s in SEATS}


def replay_match_2016(match: Any, era: Era = ERA_2016) -> dict[str, Any]:
    """A sitsi: blocks of fixed partnerships (each its stages of deals), optionally followed by
    the bolsevikki round (4 bolsevikki deals in the last block's seats); individual totals."""
    if not isinstance(match, dict) or not isinstance(match.get("deals"), list):
        raise CaseError("match needs a list of deals")
    stages, blocks, players, bolsevikki_round = _sitsi_options(match.get("options"), era)
    per_block = [form for form, n in stages for _ in range(n)]   # required form of each deal
    block_deals = len(per_block) * len(blocks)
    total_deals = block_deals + (SITSI_BOLSEVIKKI_DEALS if bolsevikki_round else 0)
    entries = match["deals"]
    totals = {p: 0 for p in players}
    sheets: list[dict[str, Any]] = []
    prev_dealer: str | None = None
    seats: dict[str, str] = {}
    for k, entry in enumerate(entries):
        if (not isinstance(entry, dict) or "deal" not in entry
                or not isinstance(entry.get("actions"), list)):
            raise CaseError(f"deal {k} needs a deal and a list of actions")
        if k >= total_deals:
            return _match_error(k, None, "match-overrun")
        raw = entry["deal"]
        if not isinstance(raw, dict):
            return _match_error(k, None, "invalid-deal")
        in_round = k >= block_deals                       # the bolsevikki round
        b, j = divmod(k, len(per_block))
        if raw.get("form") != ("bolsevikki" if in_round else per_block[j]):
            return _match_error(k, None, "wrong-deal-form")
        if prev_dealer is not None and raw.get("dealer") != left(prev_dealer):
            return _match_error(k, None, "wrong-dealer")
        given = entry.get("seats")
        if in_round:                                      # the last block's seats, kept
            if given is not None and given != seats:
                return _match_error(k, None, "wrong-seating")
        elif j == 0:                                      # a block's first deal seats the players
            new = _sitsi_seats(given, blocks[b]) if given is not None else None
            if new is None:
                return _match_error(k, None, "wrong-seating")
            seats = new
        elif given is not None and given != seats:        # later deals: omitted or the same
            return _match_error(k, None, "wrong-seating")
        try:
            deal = read_deal(era, raw)
        except RecordError as e:
            return _match_error(k, None, e.code)
        try:
            game = play_deal(era, deal, entry["actions"])
        except RecordError as e:
            return _match_error(k, e.index, e.code)
        score = result_2016(game)["score"]
        for s in SEATS:                                   # sitsi.individual-totals
            totals[seats[s]] += score[s] if game.one_against_three else score[side(s)]
        prev_dealer = deal.dealer
        sheets.append({"totals": dict(totals)})
    if len(entries) < total_deals:
        return _match_error(len(entries), None, "incomplete-record")
    ranking = sorted(players, key=lambda p: (-totals[p], p))
    return {"result": {"match": {"sheets": sheets,
                                 "final": {"totals": dict(totals), "ranking": ranking}}}}


# ----------------------------------------------------------------------------- protocol answer

def respond(case: Any) -> dict[str, Any]:
    """The protocol answer for one case: result / error / skipped / errored."""
    if not isinstance(case, dict):
        return {"errored": "case is not a mapping"}
    era = ERAS.get(case.get("ruleset")) if isinstance(case.get("ruleset"), str) else None
    if era is None:
        return {"skipped": f"ruleset {case.get('ruleset')!r} not supported "
                           f"(only {', '.join(ERAS)})"}
    try:
        era = apply_readings(era, case.get("readings"))
        if era.ruleset == ERA_1944.ruleset and "match" in case:
            return replay_match_1944(case["match"], era)
        if era.ruleset == ERA_2016.ruleset and "match" in case:
            return replay_match_2016(case["match"], era)
        if era.ruleset == ERA_1895.ruleset and "match" in case:
            return replay_match_1895(case["match"], era)
        if "deal" not in case or "actions" not in case or not isinstance(case["actions"], list):
            return {"errored": "case needs a deal and a list of actions"}
        return replay(era, case)
    except CaseError as e:
        return {"errored": str(e)}
    except Exception as e:  # an oracle bug must not kill the server
        return {"errored": f"internal error: {type(e).__name__}: {e}"}


def legal(era: Era, case: dict[str, Any]) -> dict[str, Any]:
    """The legal set after a prefix of actions, or the error a `run` of that prefix answers (the deal
    invalid, or the first illegal action); an incomplete prefix is no error here."""
    try:
        deal = read_deal(era, case["deal"])
        if era.ruleset != ERA_2016.ruleset:                 # 1944, 1895: deal.state
            read_state_1944(case["deal"], era.game_limit)
    except RecordError as e:
        return {"error": {"index": None, "code": e.code}}
    game = Game(era, deal)
    for i, raw in enumerate(case["actions"]):
        try:
            game.apply(raw)
        except RecordError as e:
            return {"error": {"index": i, "code": e.code}}
    return {"legal": legal_actions(game)}


def respond_legal(case: Any) -> dict[str, Any]:
    """The protocol answer to `legal` for one case: legal / error / skipped / errored (as for `run`;
    a match record is never asked, and is errored)."""
    if not isinstance(case, dict):
        return {"errored": "case is not a mapping"}
    era = ERAS.get(case.get("ruleset")) if isinstance(case.get("ruleset"), str) else None
    if era is None:
        return {"skipped": f"ruleset {case.get('ruleset')!r} not supported "
                           f"(only {', '.join(ERAS)})"}
    try:
        era = apply_readings(era, case.get("readings"))
        if "match" in case:
            return {"errored": "legal is asked of a single deal, not of a match record"}
        if "deal" not in case or "actions" not in case or not isinstance(case["actions"], list):
            return {"errored": "case needs a deal and a list of actions"}
        return legal(era, case)
    except CaseError as e:
        return {"errored": str(e)}
    except Exception as e:  # an oracle bug must not kill the server
        return {"errored": f"internal error: {type(e).__name__}: {e}"}


# ----------------------------------------------------------------------------- SCP/1 and CLI

FEATURES: dict[str, tuple[str, ...]] = {
    # The feature tags of conformance/INTERPRETING.md §2.1, every one of each ruleset (the oracle plays every
    # form, phase and match record, honours a case's readings, and answers `legal`): written out by hand from
    # that table, because `legal-actions` is never implied by leaving `features` out.
    "skruuvi-1895": ("form:alkupeli", "form:redeal", "form:passimisaari", "phase:auction", "phase:kitty",
                     "phase:play", "phase:passimisaari-centre-deal", "phase:passimisaari-exchange",
                     "phase:passimisaari-play", "match", "set-position", "case-readings", "legal-actions"),
    "skruuvi-1944": ("form:alkupeli", "form:kotka", "form:pakkomisaari", "phase:first-auction", "phase:kitty",
                     "phase:second-auction", "phase:defenders-exchange", "phase:doubling", "phase:play",
                     "phase:kotka-first-auction", "phase:kotka-exchange", "phase:kotka-second-auction",
                     "phase:pakko-centre-deal", "phase:pakko-exchange", "phase:pakko-play", "match",
                     "set-position", "case-readings", "legal-actions"),
    "skruuvi-2016": ("form:alkupeli", "form:kotka", "form:bolsevikki", "form:redeal", "form:passimisaari",
                     "phase:first-auction", "phase:kitty", "phase:second-auction", "phase:defenders-exchange",
                     "phase:doubling", "phase:play", "phase:kotka-first-auction", "phase:kotka-exchange",
                     "phase:kotka-second-auction", "phase:bolsevikki-call", "phase:bolsevikki-exchange",
                     "phase:bolsevikki-play", "phase:centre-deal", "phase:partner-exchange",
                     "phase:passimisaari-doubling", "phase:passimisaari-play", "match", "case-readings",
                     "legal-actions"),
}


def handle_line(line: str) -> dict[str, Any] | None:
    """Answer one protocol line; None means stop."""
    try:
        msg = json.loads(line)
    except ValueError as e:
        return {"errored": f"not JSON: {e}"}
    if not isinstance(msg, dict):
        return {"errored": "request is not an object"}
    cmd = msg.get("cmd")
    if cmd == "stop":
        return None
    if cmd == "start":
        return {"protocol": 1,
                "implementation": {"name": NAME, "version": VERSION, "rulesets": list(ERAS),
                                   "features": {rs: list(tags) for rs, tags in FEATURES.items()}},
                # backwards-compatible extras: the rule ids whose alternatives `readings` may pin,
                # and per rule the values accepted (the default first, then the alternatives)
                "readings": {rs: list(rules) for rs, rules in READINGS.items()},
                "reading_values": {rs: {rid: [v for v, _ in vals] for rid, vals in rules.items()}
                                   for rs, rules in READINGS.items()}}
    if cmd in ("run", "legal"):
        out: dict[str, Any] = {"seq": msg.get("seq")}
        out.update((respond if cmd == "run" else respond_legal)(msg.get("case")))
        return out
    answer: dict[str, Any] = {"errored": f"unknown cmd {cmd!r}"}
    if "seq" in msg:
        answer = {"seq": msg["seq"], **answer}
    return answer


def serve() -> int:
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", errors="replace")
        if not line.strip():
            continue
        try:
            answer = handle_line(line)
        except Exception as e:  # never crash on input
            answer = {"errored": f"internal error: {type(e).__name__}: {e}"}
        if answer is None:
            return 0
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return 0


def load_cases(text: str) -> list[Any]:
    """A JSON object, a JSON list of objects, or JSON Lines."""
    try:
        doc = json.loads(text)
        return doc if isinstance(doc, list) else [doc]
    except ValueError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def replay_files(paths: list[str], answer: Callable[[Any], dict[str, Any]] = respond) -> int:
    for path in paths:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        for case in load_cases(text):
            print(json.dumps(answer(case)), flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "replay":
        return replay_files(argv[1:] or ["-"])
    if argv and argv[0] == "legal":
        return replay_files(argv[1:] or ["-"], respond_legal)
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    return serve()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
