"""Authoring tool for the hand-written 2016 conformance cases (conformance/cases/2016/).

How the cases were produced
---------------------------
Every case in conformance/cases/2016 was written from a compact *scenario* in
``scenarios_2016.py`` (same folder) by this tool.  Nothing here imports the reference interpreter
(``skruuvi``), its tests or the oracle: the rules are re-implemented from scratch, from
shared/DESIGN.md (notation, error-code precedence) and the project's brief on 2016 record semantics,
with the 2016 score tables typed in by hand (``MADE``, ``OVERTRICK``, ``FIRST_UNDER``, ``FURTHER``).

A scenario gives
  * the deal: four 12-card hands + 4 centre cards written per seat and suit, or the same hands
    re-encoded as a 52-card ``deck`` + ``centre_positions`` (``deck_positions``), or a raw broken
    deal for ``invalid-deal`` cases; with ``form="kotka"``, four 13-card hands and no centre cards
    (the 2016 kotka: bids from level 6, strain order S < C < D < H < M < G, the four-for-four
    exchange H -> P -> H, no defenders' exchange; all four passing gives a passimisääri with
    nothing to deal), as hands (``centre`` absent, or ``[]`` with ``empty_centre``) or as a deck
    (``centre_positions`` absent with ``deck_positions=None``, or ``[]``); with ``form="bolsevikki"``,
    an alkupeli-shaped deal (12 + 12 + 12 + 12 + 4 centre) played as one against three (below);
  * the decisions before play, as explicit action strings (first auction, kitty gifts, second
    auction, defenders' exchange, doubling);
  * the play: an explicit list of cards, or a deterministic policy (below), optionally searched
    for a target (e.g. "the main pair takes exactly 8 tricks") by depth-first search over legal
    cards, trying the policy's card first;
  * for invalid cases: the index and code the author *intends*, and how the illegal action is
    made (a literal string, or a small function of the state at that point, e.g. "a card of
    another suit although the player holds the suit led").

The tool then replays the whole record through its own small rule engine (``State``), which
  * asserts that every action of a valid case is legal and that the deal ends after 52 plays;
  * for invalid cases, asserts that the engine's first error (index and code, with DESIGN §4's
    precedence) equals the author's intention: two derivations that must agree;
  * writes the trick-by-trick account and the score arithmetic (from the tables above) into
    ``justification.note``, after the author's own hand-written remark on the holdings.

Bolsevikki (``form="bolsevikki"``, brief addendum 2): an alkupeli-shaped deal; one round of calls from the dealer
(``bid 7M`` or ``pass``; bid-not-allowed for any other strain, then bid-below-minimum under 7; a second 7M is a call
too, as bolsevikki.several-callers says after CAC); four passes are a redeal (``contract: null``, every seat 0 tricks
and 0 points, nothing may follow); one caller is the bolshevik; with several, the callers choose in the order they
called, each keeping it (``bid 7M`` again: he is the bolshevik; any other bid is bid-not-allowed, any other verb
wrong-phase) or withdrawing (``pass``), and the last one left is the bolshevik without choosing; then the bolshevik
D takes the centre and gives one card each to his left, then
clockwise; his left leads, no trumps; tricks and scores per seat from the UNSOURCED table ``BOLSE_VALUE`` 35 /
``BOLSE_FURTHER`` 5 (made: each defender pays D 35; failed with t tricks: D pays each 35 + 5 × (t − 1)).  In play
the bolshevik ducks (like a misère main pair) and the three others take tricks.

Play policy ("greedy"): the leader leads the highest card of his longest suit (ties: trumps first,
then S H D C); a follower who wants the trick plays low if his partner is winning, else the
lowest card that wins, else his lowest legal card; a follower who does not want the trick
(misère main pair, everyone in passimisääri) plays his highest card that does not win, else his
highest card.  Misère main pair and passimisääri leaders lead their lowest card.
Any legal play is a valid record; the trick list in the note is the derivation to check.

The seed a seeded fill was found with is stored in hints_2016.json and
tried first next time, checked like any candidate (search_hints.py); a stale one is searched anew.

Usage:  python3 author.py            (writes all cases and hints_2016.json, prints a summary)
        python3 author.py --check    (re-derives and compares with the files on disk)
"""
from __future__ import annotations

import functools
import json
import operator
import os
import re
import sys

SEATS = "NESW"
SUITS = "SHDC"          # display order only
RANKS = "23456789TJQKA"
STRAIN_ORDER = "MSCDHG"  # low to high, alkupeli (2016)
KOTKA_ORDER = "SCDHMG"   # low to high, kotka (2016): misère above hearts, below grandi
MIN_LEVEL = {"alkupeli": 1, "kotka": 6, "bolsevikki": 7}   # lowest level of any bid (first and second auction)
FINAL_MIN = {"alkupeli": 5, "kotka": 6}     # lowest level of a contract
HAND_SIZE = {"alkupeli": 12, "kotka": 13, "bolsevikki": 12}
CENTRE_SIZE = {"alkupeli": 4, "kotka": 0, "bolsevikki": 4}
# 2016 bolsevikki (one against three, promising no trick): an explicitly UNSOURCED table, typed from the brief
BOLSE_VALUE = 35        # made: each defender pays the bolshevik 35; failed: the bolshevik pays each defender 35 ...
BOLSE_FURTHER = 5       # ... + 5 for every trick after his first
SUIT_SYM = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CARDS = [r + s for s in "SCDH" for r in RANKS]

# 2016 tables, typed from the ruleset/brief (levels 5..7)
MADE = {"trump": {5: 25, 6: 35, 7: 50}, "grand": {5: 25, 6: 35, 7: 50}, "misere": {5: 10, 6: 20, 7: 35}}
OVERTRICK = {5: 2, 6: 2, 7: 0}
FIRST_UNDER = {"trump": {5: 5, 6: 10, 7: 15}, "grand": {5: 5, 6: 10, 7: 15}, "misere": {5: 10, 6: 15, 7: 20}}
FURTHER = 5
MULT = [1, 2, 3]


def left(s):
    return SEATS[(SEATS.index(s) + 1) % 4]


def right(s):
    return SEATS[(SEATS.index(s) + 3) % 4]


def partner(s):
    return SEATS[(SEATS.index(s) + 2) % 4]


def side(s):
    return "NS" if s in "NS" else "EW"


def other_side(sd):
    return "EW" if sd == "NS" else "NS"


def rank(c):
    return RANKS.index(c[0])


def is_card(c):
    return isinstance(c, str) and len(c) == 2 and c[0] in RANKS and c[1] in "SHDC"


def bid_key(b, order=STRAIN_ORDER):
    return (int(b[0]), order.index(b[1]))


def sort_cards(cards):
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), -rank(c)))


def show(cards):
    """'♥AKQ ♠7' style, for notes."""
    out = []
    for s in SUITS:
        rs = "".join(c[0] for c in sort_cards(cards) if c[1] == s)
        if rs:
            out.append(SUIT_SYM[s] + rs)
    return " ".join(out) if out else "-"


class Err(Exception):
    pass


# ----------------------------------------------------------------------------- deal
def build_deal(deal):
    """Return (dealer, hands{seat:set}, centre list) or raise Err('invalid-deal').

    An alkupeli has 12 cards each and 4 centre cards; a kotka 13 each and none (``centre`` /
    ``centre_positions`` absent or empty; the deck constraints on centre positions never apply)."""
    if not isinstance(deal, dict):
        raise Err("invalid-deal")
    form = deal.get("form")
    if form not in ("alkupeli", "kotka", "bolsevikki") or deal.get("dealer") not in list(SEATS):
        raise Err("invalid-deal")
    size, ncentre = HAND_SIZE[form], CENTRE_SIZE[form]
    has_h, has_d = "hands" in deal, "deck" in deal
    if has_h == has_d:
        raise Err("invalid-deal")
    if ("centre_positions" in deal) if has_h else ("centre" in deal):  # a field of the other form: invalid
        raise Err("invalid-deal")
    dealer = deal["dealer"]
    if has_h:
        hands, centre = deal["hands"], deal.get("centre", [] if form == "kotka" else None)
        if not isinstance(hands, dict) or set(hands) != set(SEATS) or not isinstance(centre, list):
            raise Err("invalid-deal")
        allc = []
        for s in SEATS:
            if not isinstance(hands[s], list) or len(hands[s]) != size:
                raise Err("invalid-deal")
            allc += hands[s]
        if len(centre) != ncentre:
            raise Err("invalid-deal")
        allc += centre
        if not all(is_card(c) for c in allc) or len(set(allc)) != 52:
            raise Err("invalid-deal")
        return dealer, {s: set(hands[s]) for s in SEATS}, list(centre)
    deck, pos = deal["deck"], deal.get("centre_positions", [] if form == "kotka" else None)
    if not isinstance(deck, list) or len(deck) != 52 or not all(is_card(c) for c in deck) or len(set(deck)) != 52:
        raise Err("invalid-deal")
    if (not isinstance(pos, list) or len(pos) != ncentre or not all(isinstance(p, int) and 0 <= p <= 51 for p in pos)
            or len(set(pos)) != ncentre):
        raise Err("invalid-deal")
    sp = sorted(pos)
    if ncentre and (0 in sp or 51 in sp or sp[3] - sp[0] == 3):
        raise Err("invalid-deal")
    centre = [deck[p] for p in sp]
    rest = [c for i, c in enumerate(deck) if i not in sp]
    hands = {s: set() for s in SEATS}
    seat = left(dealer)
    for c in rest:
        hands[seat].add(c)
        seat = left(seat)
    return dealer, hands, centre


def hands_to_deck(dealer, hands, centre, positions):
    """Inverse of the deck deal: a deck whose positions hold the centre and whose other cards,
    dealt one at a time from the dealer's left, give these hands."""
    sp = sorted(positions)
    queues = {s: sort_cards(hands[s]) for s in SEATS}
    rest, seat = [], left(dealer)
    for _ in range(52 - len(centre)):
        rest.append(queues[seat].pop(0))
        seat = left(seat)
    deck, it, cit = [], iter(rest), iter(centre)
    for i in range(52):
        deck.append(next(cit) if i in sp else next(it))
    return deck


# ----------------------------------------------------------------------------- parse
def parse(a):
    if not isinstance(a, str):
        raise Err("malformed-action")
    t = a.split()
    if len(t) < 2 or t[0] not in list(SEATS):
        raise Err("malformed-action")
    seat, verb, args = t[0], t[1], t[2:]
    if verb == "bid":
        if len(args) != 1 or not re.fullmatch(r"[1-7][SCDHGM]", args[0]):
            raise Err("malformed-action")
        return seat, verb, args[0]
    if verb in ("pass", "double", "redouble"):
        if args:
            raise Err("malformed-action")
        return seat, verb, None
    if verb == "play":
        if len(args) != 1 or not is_card(args[0]):
            raise Err("malformed-action")
        return seat, verb, args[0]
    if verb == "give":
        if len(args) < 2 or args[0] not in list(SEATS) or not all(is_card(c) for c in args[1:]) \
                or len(set(args[1:])) != len(args[1:]):
            raise Err("malformed-action")
        return seat, verb, (args[0], args[1:])
    if verb == "choose":
        # DESIGN §3 / §4: `choose` names one option a ruleset offers; exactly one word [a-z][a-z-]* (so
        # `N choose` and `N choose Ostoskruuvi` are malformed-action).  It is a verb of the notation in every
        # ruleset, so a well-formed `choose` parses here even though 2016 offers nothing to choose.
        if len(args) != 1 or not re.fullmatch(r"[a-z][a-z-]*", args[0]):
            raise Err("malformed-action")
        return seat, verb, args[0]
    raise Err("malformed-action")


# ----------------------------------------------------------------------------- state machine
class State:
    def __init__(self, deal):
        self.dealer, self.hands, self.centre = build_deal(deal)
        self.start_hands = {s: set(self.hands[s]) for s in SEATS}
        self.dealt_form = deal["form"]   # alkupeli | kotka | bolsevikki
        self.phase = "bolsevikki-call" if self.dealt_form == "bolsevikki" else "first-auction"
        self.form = self.dealt_form      # becomes passimisaari (bolsevikki: redeal) after four passes at the start
        self.order = KOTKA_ORDER if self.dealt_form == "kotka" else STRAIN_ORDER
        self.log = []            # narrative events
        self.calls = []          # (seat, call)
        self.callers = []        # bolsevikki: the seats that called 7M, in order (those still choosing, later)
        self.high = None         # (bid, seat)
        self.cons_pass = 0
        self.turn = self.dealer
        self.main_first = None   # (bid, seat)
        self.declarer = None
        self.contract = None
        self.doubling = 0
        self.tricks = []         # list of (leader, [(seat, card)], winner)
        self.cur = []
        self.won = {"NS": 0, "EW": 0}
        self.won_seat = {s: 0 for s in SEATS}   # per seat (the bolsevikki result counts tricks per seat)
        self.exchange_allowed = None
        self.received = None

    # who is to act, None when the deal is over
    def to_act(self):
        return None if self.phase == "done" else self.turn

    def apply(self, a):
        seat, verb, arg = parse(a)
        if seat != self.to_act():
            raise Err("not-your-turn")
        if verb == "choose":
            # 2016 offers no named choice in any phase: a well-formed `choose` by the seat to act has no meaning
            # now (DESIGN §4 group 4), whatever the phase; no phase has an own code (group 3) for it.
            raise Err("wrong-phase")
        getattr(self, "_" + self.phase.replace("-", "_"))(seat, verb, arg)

    def _check_bid(self, arg, equal_ok=False):
        """bid-not-allowed (bolsevikki: any strain but M), then bid-below-minimum (the form's lowest level), then
        bid-not-higher (the form's strain order; with ``equal_ok`` a bid equal to the highest is allowed)."""
        if self.dealt_form == "bolsevikki" and arg[1] != "M":
            raise Err("bid-not-allowed")
        if int(arg[0]) < MIN_LEVEL[self.dealt_form]:
            raise Err("bid-below-minimum")
        if self.high and (bid_key(arg, self.order) < bid_key(self.high[0], self.order)
                          or (arg == self.high[0] and not equal_ok)):
            raise Err("bid-not-higher")

    # --- bolsevikki: one round of calls from the dealer, `bid 7M` or `pass`; the callers' choice when several
    # called; then the bolshevik's three gifts
    def _bolsevikki_call(self, seat, verb, arg):
        if verb == "bid":
            self._check_bid(arg, equal_ok=True)     # 7M is the only call: a second 7M calls the same contract
            if self.high is None:
                self.high = (arg, seat)
            self.callers.append(seat)
            self.calls.append((seat, arg))
        elif verb == "pass":
            self.calls.append((seat, "pass"))
        else:
            raise Err("wrong-phase")
        self.turn = left(seat)
        if len(self.calls) < 4:
            return
        if self.high is None:
            self.form = "redeal"
            self.phase = "done"
            self.log.append(("redeal",))
            return
        if len(self.callers) > 1:                   # several callers: the first of them chooses first
            self.log.append(("bolsevikki-callers", list(self.callers)))
            self.phase = "bolsevikki-choose"
            self.turn = self.callers[0]
            return
        self._bolsevikki_take(self.callers[0])

    def _bolsevikki_choose(self, seat, verb, arg):
        """The caller to choose keeps the deal (`bid 7M`, the contract called) or withdraws (`pass`); when one
        caller is left he is the bolshevik."""
        if verb == "bid":
            if arg != self.high[0]:
                raise Err("bid-not-allowed")        # the only bid here is the contract called again
            self.log.append(("bolsevikki-keeps", seat))
            self._bolsevikki_take(seat)
            return
        if verb != "pass":
            raise Err("wrong-phase")
        self.log.append(("bolsevikki-withdraws", seat))
        self.callers.pop(0)
        if len(self.callers) == 1:
            self.log.append(("bolsevikki-last-caller", self.callers[0]))
            self._bolsevikki_take(self.callers[0])
        else:
            self.turn = self.callers[0]

    def _bolsevikki_take(self, D):
        self.declarer = D
        self.contract = self.high[0]
        self.hands[D] |= set(self.centre)
        self.log.append(("bolsevikki-take", D))
        self.phase = "bolsevikki-gives"
        self.bg_targets = [left(D), left(left(D)), right(D)]
        self.bg_stage = 0
        self.turn = D

    def _bolsevikki_gives(self, seat, verb, arg):
        tgt = self.bg_targets[self.bg_stage]
        cards = self._check_give(seat, verb, arg, tgt, 1)
        self.log.append(("bolsevikki-give", seat, tgt, cards))
        self.bg_stage += 1
        if self.bg_stage == 3:
            self._start_play()

    # --- first auction
    def _first_auction(self, seat, verb, arg):
        if verb == "bid":
            self._check_bid(arg)
            self.high = (arg, seat)
            self.cons_pass = 0
            self.calls.append((seat, arg))
        elif verb == "pass":
            self.calls.append((seat, "pass"))
            self.cons_pass += 1
        else:
            raise Err("wrong-phase")
        self.turn = left(seat)
        if self.high is None and len(self.calls) == 4:
            self._start_passimisaari()
        elif self.high is not None and self.cons_pass == 8:
            if self.dealt_form == "kotka":
                self._start_kotka_exchange()
            else:
                self._start_kitty()

    def _start_kitty(self):
        H = self.high[1]
        P = partner(H)
        for s, c in self.calls:
            if c != "pass" and s in (H, P):
                self.main_first = (c, s)
                break
        self.H, self.P = H, P
        self.log.append(("first-auction-end", self.high, self.main_first))
        self.hands[H] |= set(self.centre)
        self.phase = "kitty"
        self.kitty_targets = [left(P), left(left(P)), left(left(left(P)))]
        self.kitty_stage = 0
        self.turn = H

    def _check_give(self, seat, verb, arg, recipient, count, not_card=None):
        if verb != "give":
            raise Err("wrong-phase")
        to, cards = arg
        if to != recipient:
            raise Err("give-wrong-recipient")
        if len(cards) != count:
            raise Err("give-wrong-count")
        if not all(c in self.hands[seat] for c in cards):
            raise Err("card-not-held")
        if not_card is not None and not_card in cards:
            raise Err("return-same-card")
        for c in cards:
            self.hands[seat].remove(c)
            self.hands[to].add(c)
        return cards

    def _kitty(self, seat, verb, arg):
        if self.kitty_stage == 0:
            cards = self._check_give(seat, verb, arg, self.P, 4)
            self.log.append(("kitty-give", seat, self.P, cards))
            self.kitty_stage = 1
            self.turn = self.P
            return
        tgt = self.kitty_targets[self.kitty_stage - 1]
        cards = self._check_give(seat, verb, arg, tgt, 1)
        self.log.append(("kitty-give", seat, tgt, cards))
        self.kitty_stage += 1
        if self.kitty_stage == 4:
            self.phase = "second-auction"
            self.cons_pass = 0
            self.turn = self.H
            self.decl_seat = self.H
            self.log.append(("hands-after-kitty", {s: set(self.hands[s]) for s in SEATS}))

    # --- kotka exchange (no centre cards): H gives P four cards, then P gives H four
    def _start_kotka_exchange(self):
        H = self.high[1]
        P = partner(H)
        for s, c in self.calls:
            if c != "pass" and s in (H, P):
                self.main_first = (c, s)
                break
        self.H, self.P = H, P
        self.log.append(("first-auction-end", self.high, self.main_first))
        self.phase = "kotka-exchange"
        self.kx_stage = 0
        self.turn = H

    def _kotka_exchange(self, seat, verb, arg):
        if self.kx_stage == 0:
            cards = self._check_give(seat, verb, arg, self.P, 4)
            self.log.append(("kotka-give", seat, self.P, cards))
            self.kx_stage = 1
            self.turn = self.P
            return
        cards = self._check_give(seat, verb, arg, self.H, 4)
        self.log.append(("kotka-give", seat, self.H, cards))
        self.phase = "second-auction"
        self.cons_pass = 0
        self.turn = self.H
        self.decl_seat = self.H
        self.log.append(("hands-after-kotka-exchange", {s: set(self.hands[s]) for s in SEATS}))

    # --- second auction
    def _second_auction(self, seat, verb, arg):
        if verb == "bid":
            self._check_bid(arg)
            self.high = (arg, seat)
            self.cons_pass = 0
            self.log.append(("bid2", seat, arg))
        elif verb == "pass":
            if self.cons_pass == 3 and int(self.high[0][0]) < FINAL_MIN[self.dealt_form]:
                raise Err("final-contract-too-low")
            self.cons_pass += 1
            self.log.append(("bid2", seat, "pass"))
        else:
            raise Err("wrong-phase")
        self.turn = partner(seat)
        if self.cons_pass == 4:
            self.contract = self.high[0]
            self.declarer = self.high[1]
            D = self.declarer
            self.exchange_allowed = int(self.main_first[0][0]) < 6
            self.log.append(("contract", self.contract, D, self.exchange_allowed))
            if self.exchange_allowed:
                self.phase = "defenders-exchange"
                self.dx_stage = 0
                self.turn = left(D)
            else:
                self._start_doubling([left(D), right(D)])

    def _defenders_exchange(self, seat, verb, arg):
        D = self.declarer
        L = left(D)
        if self.dx_stage == 0:
            if verb == "pass":
                self.log.append(("dx-pass", seat))
                self._start_doubling([left(D), right(D)])
                return
            cards = self._check_give(seat, verb, arg, partner(L), 1)
            self.received = cards[0]
            self.log.append(("dx-give", seat, partner(L), cards))
            self.dx_stage = 1
            self.turn = partner(L)
            return
        cards = self._check_give(seat, verb, arg, L, 1, not_card=self.received)
        self.log.append(("dx-give", seat, L, cards))
        self._start_doubling([left(D), right(D)])

    # --- doubling
    def _start_doubling(self, doublers):
        self.phase = "doubling"
        self.dbl_queue = list(doublers)
        self.dbl_mode = "double"
        self.turn = self.dbl_queue.pop(0)

    def _doubling(self, seat, verb, arg):
        if verb == "give" and self.form != "passimisaari" and not self.exchange_allowed and self.dbl_mode == "double":
            raise Err("exchange-forbidden")
        if verb == "double" and self.dbl_mode != "double":
            raise Err("double-not-allowed")
        if verb == "redouble" and self.dbl_mode != "redouble":
            raise Err("redouble-not-allowed")
        if verb not in ("double", "redouble", "pass"):
            raise Err("wrong-phase")
        self.log.append(("dbl", seat, verb))
        if verb == "double":
            self.doubling = 1
            self.dbl_mode = "redouble"
            self.dbl_queue = [left(seat), partner(left(seat))]
            self.turn = self.dbl_queue.pop(0)
        elif verb == "redouble":
            self.doubling = 2
            self._start_play()
        elif self.dbl_queue:
            self.turn = self.dbl_queue.pop(0)
        else:
            self._start_play()

    # --- play
    def _start_play(self):
        self.phase = "play"
        if self.form != "passimisaari":
            self.trump = self.contract[1] if self.contract[1] in "SCDH" else None
            self.turn = left(self.declarer)
        else:
            self.trump = None
            self.turn = left(self.dealer)
        self.play_start_hands = {s: set(self.hands[s]) for s in SEATS}

    def legal(self, seat):
        h = self.hands[seat]
        if self.cur:
            led = self.cur[0][1][1]
            f = [c for c in h if c[1] == led]
            if f:
                return sort_cards(f)
        return sort_cards(h)

    def current_winner(self, trick):
        trick[0][1][1]
        best = trick[0]
        for sc in trick[1:]:
            c, b = sc[1], best[1]
            if (self.trump and c[1] == self.trump and b[1] != self.trump) or (c[1] == b[1] and rank(c) > rank(b)):
                best = sc
        return best[0]

    def _play(self, seat, verb, card):
        if verb != "play":
            raise Err("wrong-phase")
        if card not in self.hands[seat]:
            raise Err("card-not-held")
        if self.cur:
            led = self.cur[0][1][1]
            if card[1] != led and any(c[1] == led for c in self.hands[seat]):
                raise Err("must-follow-suit")
        self.hands[seat].remove(card)
        self.cur.append((seat, card))
        if len(self.cur) < 4:
            self.turn = left(seat)
            return
        w = self.current_winner(self.cur)
        self.tricks.append((self.cur[0][0], list(self.cur), w))
        self.won[side(w)] += 1
        self.won_seat[w] += 1
        self.cur = []
        self.turn = w
        if len(self.tricks) == 13:
            self.phase = "done"

    # --- passimisaari
    def _start_passimisaari(self):
        self.form = "passimisaari"
        F = left(self.dealer)
        seat = F
        dealt = []
        for c in self.centre:
            self.hands[seat].add(c)
            dealt.append((seat, c))
            seat = left(seat)
        self.log.append(("centre-deal", dealt))
        d = self.dealer
        # (giver, recipient, must-not-return index of an earlier step)
        self.px_steps = [(F, partner(F), None), (partner(d), d, None), (partner(F), F, 0), (d, partner(d), 1)]
        self.px_given = []
        self.phase = "partner-exchange"
        self.turn = F

    def _partner_exchange(self, seat, verb, arg):
        i = len(self.px_given)
        _giver, to, ret = self.px_steps[i]
        nc = self.px_given[ret] if ret is not None else None
        cards = self._check_give(seat, verb, arg, to, 1, not_card=nc)
        self.px_given.append(cards[0])
        self.log.append(("px-give", seat, to, cards))
        if len(self.px_given) < 4:
            self.turn = self.px_steps[i + 1][0]
        else:
            self.log.append(("hands-after-px", {s: set(self.hands[s]) for s in SEATS}))
            self._start_doubling([self.dealer, partner(self.dealer)])

    # --- result
    def result(self):
        if self.dealt_form == "bolsevikki":
            score, arith = score_bolsevikki(self)
            contract = None if self.form == "redeal" else {"declarer": self.declarer, "bid": self.contract, "doubling": 0}
            return {"contract": contract, "tricks": dict(self.won_seat), "score": score}, arith
        if self.form == "passimisaari":
            contract = None
        else:
            contract = {"declarer": self.declarer, "bid": self.contract, "doubling": self.doubling}
        score, arith = score_deal(self)
        return {"contract": contract, "tricks": dict(self.won), "score": score}, arith


def ace_ordinals(st, sd):
    tot, parts = 0, []
    for i, (_, cards, w) in enumerate(st.tricks, 1):
        if side(w) == sd:
            n = sum(1 for _, c in cards if c[0] == "A")
            if n:
                tot += n * i
                parts.append(f"trick {i} ({n} ace{'s' if n > 1 else ''}: {n}×{i})")
    return tot, parts


def score_deal(st):
    m = MULT[st.doubling]
    mtxt = ["undoubled ×1", "doubled ×2", "redoubled ×3"][st.doubling]
    if st.form == "passimisaari":
        score, lines = {}, []
        for sd in ("NS", "EW"):
            a, parts = ace_ordinals(st, sd)
            score[sd] = -st.won[sd] * 1 * m - a
            lines.append(f"{sd}: {st.won[sd]} tricks × 1 × {m} ({mtxt}) = {st.won[sd] * m}; aces in own tricks: "
                         f"{', '.join(parts) if parts else 'none'} = {a} (not multiplied); "
                         f"{sd} = −{st.won[sd] * m} − {a} = {score[sd]}")
        return score, "Passimisääri scoring: " + " ".join(lines)
    D = st.declarer
    ms, ds = side(D), other_side(side(D))
    level, strain = int(st.contract[0]), st.contract[1]
    kind = "trump" if strain in "SCDH" else ("grand" if strain == "G" else "misere")
    mt = st.won[ms]
    if kind == "misere":
        allowed = 7 - level
        made = mt <= allowed
        over, under = allowed - mt, mt - allowed
        head = f"{st.contract} (misère) allows at most 7 − {level} = {allowed} tricks; {ms} (main) took {mt}: "
    else:
        needed = 6 + level
        made = mt >= needed
        over, under = mt - needed, needed - mt
        head = f"{st.contract} ({kind}) needs 6 + {level} = {needed} tricks; {ms} (main) took {mt}: "
    if made:
        base = MADE[kind][level] + over * OVERTRICK[level]
        pts = base * m
        s = head + (f"made, {over} overtrick{'s' if over != 1 else ''}. made_value[{kind}][{level}] = {MADE[kind][level]}"
                    f" + {over} × overtrick_value[{level}] {OVERTRICK[level]} = {base}; {mtxt} → {pts}.")
    else:
        base = FIRST_UNDER[kind][level] + (under - 1) * FURTHER
        pts = -base * m
        s = head + (f"down {under}. first_undertrick[{kind}][{level}] = {FIRST_UNDER[kind][level]}"
                    f" + ({under} − 1) × further_undertrick {FURTHER} = {base}, negative; {mtxt} → {pts}.")
    score = {ms: pts, ds: -pts}
    s += f" Contract points: {ms} {pts}, defenders {ds} {-pts}."
    if kind == "misere":
        for sd in (ms, ds):
            a, parts = ace_ordinals(st, sd)
            score[sd] -= a
            s += (f" Misère aces in {sd}'s tricks: {', '.join(parts) if parts else 'none'} = {a} (not multiplied).")
        s += f" Totals: {ms} {score[ms]}, {ds} {score[ds]}."
    return {"NS": score["NS"], "EW": score["EW"]}, s


def score_bolsevikki(st):
    """Per-seat score of a bolsevikki (unsourced table: 35 a defender, + 5 a trick after the bolshevik's first)."""
    if st.form == "redeal":
        return {s: 0 for s in SEATS}, "Redeal: nothing is played and nobody scores (every seat 0)."
    D = st.declarer
    defs = [s for s in SEATS if s != D]
    t = st.won_seat[D]
    if t == 0:
        score = {s: (3 * BOLSE_VALUE if s == D else -BOLSE_VALUE) for s in SEATS}
        txt = (f"Bolsevikki scoring (unsourced table): the bolshevik {D} took no trick: made. Each defender "
               f"({', '.join(defs)}) pays {D} {BOLSE_VALUE}: {D} +3 × {BOLSE_VALUE} = +{3 * BOLSE_VALUE}, "
               + ", ".join(f"{s} −{BOLSE_VALUE}" for s in defs) + ".")
    else:
        each = BOLSE_VALUE + BOLSE_FURTHER * (t - 1)
        score = {s: (-3 * each if s == D else each) for s in SEATS}
        txt = (f"Bolsevikki scoring (unsourced table): the bolshevik {D} took {t} trick{'s' if t > 1 else ''}: failed. "
               f"{D} pays each defender {BOLSE_VALUE} + {BOLSE_FURTHER} × ({t} − 1) = {each}: {D} −3 × {each} = "
               f"−{3 * each}, " + ", ".join(f"{s} +{each}" for s in defs) + ".")
    return score, txt + " No ace points, no multiplier. Sum " + str(sum(score.values())) + "."


def bolsevikki_rules(st):
    """bolsevikki.* (and play) rule ids a finished bolsevikki record exercises."""
    ids = ["bolsevikki.hand-size", "bolsevikki.centre-cards", "bolsevikki.call-first", "bolsevikki.call-once"]
    if any(ev[0] == "bolsevikki-callers" for ev in st.log):
        ids.append("bolsevikki.several-callers")
    if st.form == "redeal":
        return [*ids, "bolsevikki.all-pass-redeal", "bolsevikki.redeal-scores-nothing"]
    ids += ["bolsevikki.strain", "bolsevikki.level", "bolsevikki.one-against-three", "bolsevikki.gives-each",
            "bolsevikki.no-other-exchange", "bolsevikki.lead", "play.follow-suit", "play.trick-winner"]
    t = st.won_seat[st.declarer]
    if t == 0:  # the ace term (bolsevikki.aces, weight 0) is in both scoring rules
        return [*ids, "bolsevikki.scoring-made", "bolsevikki.value", "bolsevikki.aces"]
    return ([*ids, "bolsevikki.scoring-failed", "bolsevikki.first-trick", "bolsevikki.aces"]
            + (["bolsevikki.further-trick"] if t > 1 else []))


def bolsevikki_text(st):
    h = st.start_hands
    out = ["Bolsevikki (12 cards each + 4 centre cards); dealt hands: "
           + "; ".join(f"{s} {show(h[s])}" for s in SEATS) + f"; centre {show(st.centre)}."]
    out.append(f"Dealer {st.dealer}; one round of calls, dealer first, clockwise, each seat calls once (only 7M "
               f"may be bid): {' '.join(f'{s}:{c}' for s, c in st.calls)}.")
    for ev in st.log:
        if ev[0] == "redeal":
            out.append("All four passed: the deal is redealt; the record is complete.")
        elif ev[0] == "bolsevikki-callers":
            out.append(f"{' and '.join(ev[1])} called 7M. Several callers (bolsevikki.several-callers): the first "
                       f"caller chooses first, then the others in the order they called; each keeps it (bid 7M "
                       f"again) or withdraws (pass), and the last one left must play.")
        elif ev[0] == "bolsevikki-keeps":
            out.append(f"{ev[1]} keeps it (bid 7M).")
        elif ev[0] == "bolsevikki-withdraws":
            out.append(f"{ev[1]} withdraws (pass).")
        elif ev[0] == "bolsevikki-last-caller":
            out.append(f"{ev[1]} is the last caller left and must play.")
        elif ev[0] == "bolsevikki-take":
            D = ev[1]
            chose = any(e[0] == "bolsevikki-callers" for e in st.log)
            out.append(f"{D} {'is' if chose else 'bid 7M and is'} the bolshevik (declarer), alone against "
                       f"{', '.join(s for s in SEATS if s != D)}"
                       f". {D} takes the centre (16 cards) and gives one card each, clockwise from his left "
                       f"({left(D)}, {left(left(D))}, {right(D)}):")
        elif ev[0] == "bolsevikki-give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
    if st.form == "redeal":
        return " ".join(out)
    D = st.declarer
    p = st.play_start_hands
    out.append("No other exchange, no second auction, no doubling. Hands at the start of play: "
               + "; ".join(f"{x} {show(p[x])}" for x in SEATS) + ".")
    out.append(f"Play (no trumps), {st.tricks[0][0]} ({D}'s left) leads.")
    for i, (_ld, cards, w) in enumerate(st.tricks, 1):
        out.append(f"T{i} " + " ".join(f"{x}:{c}" for x, c in cards) + f" → {w}.")
    out.append("Tricks per seat: " + ", ".join(f"{s} {st.won_seat[s]}" for s in SEATS) + ".")
    return " ".join(out)


def score_rules(st):
    """Scoring rule ids a finished deal exercises."""
    if st.dealt_form == "bolsevikki":
        return []
    if st.form == "passimisaari":
        ids = ["score.passimisaari-tricks", "score.passimisaari-trick-cost", "score.passimisaari-aces"]
        return ids + (["score.multipliers"] if st.doubling else [])
    ms = side(st.declarer)
    level, strain = int(st.contract[0]), st.contract[1]
    mt = st.won[ms]
    if strain == "M":
        made, over, under = mt <= 7 - level, (7 - level) - mt, mt - (7 - level)
    else:
        made, over, under = mt >= 6 + level, mt - 6 - level, 6 + level - mt
    ids = ["score.defenders-receive", "score.contract-points"]
    if made:
        ids += ["score.made", "score.made-value"]
        if over > 0:
            ids += ["score.overtricks", "score.overtrick-value"]
    else:
        ids += ["score.undertricks", "score.first-undertrick"] + (["score.further-undertrick"] if under > 1 else [])
    if st.doubling:
        ids.append("score.multipliers")
    if strain == "M":
        ids.append("score.misere-aces")
    return ids


def replay(deal, actions):
    """('result', result, state) | ('error', index, code, state)."""
    try:
        st = State(deal)
    except Err as e:
        return ("error", None, str(e), None)
    for i, a in enumerate(actions):
        try:
            st.apply(a)
        except Err as e:
            return ("error", i, str(e), st)
    if st.phase != "done":
        return ("error", len(actions), "incomplete-record", st)
    res, _ = st.result()
    return ("result", res, st)


# ----------------------------------------------------------------------------- play policy
def wants_trick(st, seat):
    if st.dealt_form == "bolsevikki":
        return seat != st.declarer
    if st.form == "passimisaari":
        return False
    ms = side(st.declarer)
    if st.contract[1] == "M":
        return side(seat) != ms
    return True


def policy_card(st, seat):
    legal = st.legal(seat)
    want = wants_trick(st, seat)
    if not st.cur:
        if not want:
            return min(legal, key=lambda c: (rank(c), SUITS.index(c[1])))
        bylen = {}
        for c in legal:
            bylen.setdefault(c[1], []).append(c)
        order = ([st.trump] if st.trump else []) + [s for s in SUITS if s != st.trump]
        best = max(bylen, key=lambda s: (len(bylen[s]), -order.index(s)))
        return max(bylen[best], key=rank)

    def wins(c):
        return st.current_winner([*st.cur, (seat, c)]) == seat

    lowest = min(legal, key=lambda c: (st.trump is not None and c[1] == st.trump, rank(c)))
    if want:
        w = st.current_winner(st.cur)
        if side(w) == side(seat):
            return lowest
        winners = [c for c in legal if wins(c)]
        if winners:
            return min(winners, key=lambda c: (c[1] == st.trump, rank(c)))
        return lowest
    losers = [c for c in legal if not wins(c)]
    if losers:
        return max(losers, key=rank)
    return max(legal, key=rank)


def auto_play(st, target=None, limit=200000):
    """Play out the deal with the policy; with target(st)->bool, DFS for a play where it holds."""
    if target is None:
        plays = []
        while st.phase != "done":
            s = st.to_act()
            c = policy_card(st, s)
            a = f"{s} play {c}"
            st.apply(a)
            plays.append(a)
        return plays
    import copy
    count = [0]

    def rec(st):
        if st.phase == "done":
            return [] if target(st) else None
        count[0] += 1
        if count[0] > limit:
            return None
        s = st.to_act()
        first = policy_card(st, s)
        opts = [first] + [c for c in st.legal(s) if c != first]
        for c in opts:
            st2 = copy.deepcopy(st)
            a = f"{s} play {c}"
            st2.apply(a)
            r = rec(st2)
            if r is not None:
                return [a, *r]
        return None
    r = rec(st)
    if r is None:
        raise SystemExit("target not reachable")
    for a in r:
        st.apply(a)
    return r


# ----------------------------------------------------------------------------- notes
def narrative(st, actions_before_play):
    out = []
    calls = " ".join(f"{s}:{c}" for s, c in st.calls)
    kotka = st.dealt_form == "kotka"
    if kotka:
        h = st.start_hands
        out.append("Kotka (13 cards each, no centre cards); dealt hands: "
                   + "; ".join(f"{s} {show(h[s])}" for s in SEATS) + ".")
        out.append(f"Dealer {st.dealer}; first auction (dealer first, clockwise; every bid at level 6 or more; strain "
                   f"order S < C < D < H < M < G): {calls}.")
    else:
        out.append(f"Dealer {st.dealer}; first auction (dealer first, clockwise): {calls}.")
    for ev in st.log:
        k = ev[0]
        if k == "first-auction-end":
            (hb, hs), mf = ev[1], ev[2]
            out.append(f"It ends at the 8th consecutive pass after the last bid. Highest bid {hb} by {hs}: "
                       f"H={hs}, P={partner(hs)}, main pair {side(hs)}; the main pair's first bid was {mf[0]} by {mf[1]}.")
            if kotka:
                out.append(f"Kotka exchange: {hs} gives {partner(hs)} four cards, then {partner(hs)} gives {hs} four.")
            else:
                out.append(f"{hs} takes the centre {show(st.centre)}.")
        elif k == "kotka-give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
        elif k == "hands-after-kotka-exchange":
            h = ev[1]
            out.append("Hands after the exchange: " + "; ".join(f"{s} {show(h[s])}" for s in SEATS) + ".")
        elif k == "kitty-give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
        elif k == "hands-after-kitty":
            h = ev[1]
            out.append("Hands after the kitty: " + "; ".join(f"{s} {show(h[s])}" for s in SEATS) + ".")
        elif k == "bid2":
            pass
        elif k == "contract":
            b2 = [f"{e[1]}:{e[2]}" for e in st.log if e[0] == "bid2"]
            out.append(f"Second auction (H first, alternating, ends after 4 consecutive passes): {' '.join(b2)}. "
                       f"Contract {ev[1]}, declarer {ev[2]} (maker of the last bid).")
            lvl = st.main_first[0][0]
            if kotka:
                out.append(f"Defenders' exchange forbidden: in a kotka the main pair's first bid ({st.main_first[0]}, "
                           f"level {lvl}) is always at level 6 or more; {left(ev[2])} (declarer's left) is first "
                           f"to double.")
            elif ev[3]:
                out.append(f"Defenders' exchange allowed (main pair's first bid {st.main_first[0]}, level {lvl} < 6); "
                           f"{left(ev[2])} (declarer's left) acts first.")
            else:
                out.append(f"Defenders' exchange forbidden (main pair's first bid {st.main_first[0]}, level {lvl} >= 6).")
        elif k == "dx-pass":
            out.append(f"{ev[1]} passes: no defenders' exchange.")
        elif k == "dx-give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
        elif k == "centre-deal" and kotka:
            out.append("All four passed in the first round of a kotka: passimisääri. There are no centre cards to "
                       "deal; everyone keeps his 13 cards.")
        elif k == "centre-deal":
            out.append("All four passed in the first round: passimisääri. Centre cards dealt from the dealer's left: "
                       + ", ".join(f"{c}→{s}" for s, c in ev[1]) + ".")
        elif k == "px-give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
        elif k == "hands-after-px":
            pass
        elif k == "dbl":
            out.append(f"{ev[1]} {ev[2]}{'es' if ev[2] == 'pass' else 's'}.")
    out.append(["Undoubled.", "Doubled.", "Redoubled."][st.doubling])
    return " ".join(out)


def play_text(st):
    h = st.play_start_hands
    lead = "Play" + (f" ({st.contract}, trumps {SUIT_SYM[st.trump]})" if st.form != "passimisaari" and st.trump
                     else " (no trumps)")
    s = ["Hands at the start of play: " + "; ".join(f"{x} {show(h[x])}" for x in SEATS) + "."]
    s.append(f"{lead}, {st.tricks[0][0]} leads.")
    for i, (_ld, cards, w) in enumerate(st.tricks, 1):
        s.append(f"T{i} " + " ".join(f"{x}:{c}" for x, c in cards) + f" → {w}.")
    s.append(f"Tricks NS {st.won['NS']}, EW {st.won['EW']}.")
    return " ".join(s)


# ----------------------------------------------------------------------------- YAML writer
def j(x):
    return json.dumps(x, ensure_ascii=False)


def to_yaml(case):
    L = [f"id: {j(case['id'])}", "ruleset: skruuvi-2016", f"description: {j(case['description'])}",
         f"rules: {j(case['rules'])}"]
    if case.get("example"):
        L.append("example: true")
    L.append("justification:")
    L.append("  kind: hand-derived")
    L.append(f"  note: {j(case['note'])}")
    d = case["deal"]
    L.append("deal:")
    for k, v in d.items():
        if k == "hands" and isinstance(v, dict):
            L.append("  hands:")
            for s, h in v.items():
                L.append(f"    {s}: {j(h)}")
        else:
            L.append(f"  {k}: {j(v)}")
    if case["actions"]:
        L.append("actions:")
        for a in case["actions"]:
            L.append(f"  - {j(a)}")
    else:
        L.append("actions: []")
    L.append("expect:")
    e = case["expect"]
    if "result" in e:
        r = e["result"]
        L.append("  result:")
        L.append(f"    contract: {j(r['contract'])}")
        L.append(f"    tricks: {j(r['tricks'])}")
        L.append(f"    score: {j(r['score'])}")
    else:
        L.append(f"  error: {j(e['error'])}")
    return "\n".join(L) + "\n"


# ----------------------------------------------------------------------------- building
def hand(spec):
    """'S:AK H:AKQJT9 D:AK2 C:A' -> list of cards."""
    out = []
    for part in spec.split():
        s, rs = part.split(":")
        out += [r + s for r in rs]
    return out


def gen_deal(sc, seed):
    """Seeded deal: the cards fixed by the scenario (``fix`` per seat, ``centre_fix``) are placed,
    the rest shuffled with random.Random(seed) and dealt to fill 12 cards per seat and 4 centre."""
    import random
    rng = random.Random(seed)
    fixed = {s: hand(sc["fix"].get(s, "")) for s in SEATS}
    cfix = hand(sc.get("centre_fix", ""))
    used = set(cfix) | set(functools.reduce(operator.iadd, fixed.values(), []))
    assert len(used) == len(cfix) + sum(len(v) for v in fixed.values()), sc["id"]
    rest = [c for c in ALL_CARDS if c not in used]
    rng.shuffle(rest)
    hands = {}
    size = HAND_SIZE[sc.get("form", "alkupeli")]
    for s in SEATS:
        k = size - len(fixed[s])
        hands[s] = sort_cards(fixed[s] + rest[:k])
        rest = rest[k:]
    centre = cfix + rest
    return hands, centre


def make_deal(sc, seed=None):
    if "raw_deal" in sc:
        return sc["raw_deal"]
    if sc.get("form") == "kotka":
        return make_kotka_deal(sc, seed)
    form = sc.get("form", "alkupeli")     # alkupeli | bolsevikki (the same deal shape)
    if "fix" in sc:
        hands, centre = gen_deal(sc, seed)
    else:
        hands = {s: sort_cards(hand(sc["hands"][s])) for s in SEATS}
        centre = hand(sc["centre"])
    used = set(functools.reduce(operator.iadd, hands.values(), []))
    assert len(used) == 48 and len(set(centre) | used) == 52, (sc["id"], len(used), sorted(set(ALL_CARDS) - used - set(centre)))
    if "deck_positions" in sc:
        deck = hands_to_deck(sc["dealer"], hands, centre, sc["deck_positions"])
        return {"form": form, "dealer": sc["dealer"], "deck": deck, "centre_positions": sc["deck_positions"]}
    return {"form": form, "dealer": sc["dealer"], "hands": hands, "centre": centre}


def make_kotka_deal(sc, seed=None):
    """A kotka record: 13-card hands and no ``centre`` key (``centre: []`` with ``empty_centre``), or, with
    ``deck_positions`` (None: no ``centre_positions`` key; []: ``centre_positions: []``), a 52-card deck."""
    if "fix" in sc:
        hands, centre = gen_deal(sc, seed)
    else:
        hands, centre = {s: sort_cards(hand(sc["hands"][s])) for s in SEATS}, []
    used = set(functools.reduce(operator.iadd, hands.values(), []))
    assert len(used) == 52 and not centre, (sc["id"], len(used), centre)
    d = {"form": "kotka", "dealer": sc["dealer"]}
    if "deck_positions" in sc:
        d["deck"] = hands_to_deck(sc["dealer"], hands, [], [])
        if sc["deck_positions"] is not None:
            d["centre_positions"] = sc["deck_positions"]
        return d
    d["hands"] = hands
    if sc.get("empty_centre"):
        d["centre"] = []
    return d


def kotka_rules(st):
    """kotka.* rule ids a finished kotka deal exercises (besides those the scenario names)."""
    ids = ["kotka.hand-size", "kotka.no-centre-cards"]
    bids = [c for _, c in st.calls if c != "pass"] + [e[2] for e in st.log if e[0] == "bid2" and e[2] != "pass"]
    if bids:
        ids.append("kotka.min-level")
    if any(bids[i][0] == bids[i + 1][0] for i in range(len(bids) - 1)):   # two bids at one level compared by strain
        ids.append("kotka.strain-order")
    if st.form == "passimisaari":
        return [*ids, "kotka.all-pass"]
    ids += ["kotka.exchange", "kotka.exchange-giver", "kotka.final-min-level"]
    if any(e[0] == "bid2" and e[2] != "pass" for e in st.log):
        ids.append("kotka.second-auction-min-level")
    return [*ids, "kotka.no-defenders-exchange", "defenders-exchange.banned-after-high-first-bid", "kotka.scoring"]


class Reject(Exception):
    pass


def build_case(sc, hints=None):
    """The case of a scenario: with a seeded fill, of the first seed (the hinted one first, then the scenario's
    range) whose deal passes every check; ``hints`` (search_hints.Hints) records the seed found."""
    if "fix" not in sc:
        return attempt(sc, make_deal(sc))
    seeds = range(sc.get("seed", 0), sc.get("seed", 0) + 4000)
    if hints is not None:
        seeds = hints.seeds(sc["id"], seeds)
    for tried, seed in enumerate(seeds):
        try:
            case = attempt(sc, make_deal(sc, seed), seed)
            if hints is not None:
                hints.record(sc["id"], seed, None, searched=tried > 0)
            return case
        except Reject as e:
            last = e
            continue
    raise SystemExit(sc["id"] + ": no seed found; last: " + str(last))


def attempt(sc, deal, seed=None):
    pre = list(sc.get("pre", []))
    st = None
    try:
        st = State(deal)
    except Err as e:
        assert sc.get("error") == (None, "invalid-deal"), (sc["id"], str(e))
    actions = [] if st is not None else [a for a in pre if not callable(a)]
    if st is not None:
        for a in pre:
            if callable(a):
                a = a(st)
            try:
                st.apply(a)
            except Err as e:
                if sc.get("error") and sc["error"][0] == len(actions):
                    actions.append(a)
                    break
                if seed is not None:
                    raise Reject(f"action {len(actions)} {a!r} -> {e}") from None
                raise SystemExit(f"{sc['id']}: action {len(actions)} {a!r} -> {e}") from None
            actions.append(a)
        else:
            if st.phase == "play" and sc.get("play", "policy") is not None:
                p = sc.get("play", "policy")
                if isinstance(p, list):
                    for c in p:
                        a = f"{st.to_act()} play {c}"
                        st.apply(a)
                        actions.append(a)
                else:
                    actions += auto_play(st, sc.get("target"))
                if "want" in sc and not sc["want"](st):
                    if seed is not None:
                        raise Reject()
                    raise SystemExit(sc["id"] + ": want() fails: " + str(st.won))
            cut = sc.get("cut")
            if cut is not None:
                actions = actions[:cut]
            for a in sc.get("after", []):
                actions.append(a)
    out = replay(deal, actions)
    # the illegal action as a function of the state just before it
    if "bad" in sc:
        st2 = State(deal)
        for a in actions:
            st2.apply(a)
        b = sc["bad"](st2) if callable(sc["bad"]) else sc["bad"]
        actions.append(b)
        actions += sc.get("tail", [])
        out = replay(deal, actions)
    case = {"id": sc["id"], "description": sc["description"], "rules": list(dict.fromkeys(sc["rules"])), "deal": deal,
            "actions": actions}
    if sc.get("example"):
        case["example"] = True
    remark = sc.get("remark", "")
    if callable(remark):
        remark = remark(State(deal) if out[0] == "result" else out[3])
    remark = remark.strip()
    if seed is not None and not any(sc["fix"].values()):
        remark = (remark + " " if remark else "") + f"Deal: a seeded shuffle (seed {seed})."
    elif seed is not None:
        remark = (remark + " " if remark else "") + (
            "Deal: the cards named in the design (" + "; ".join(f"{s} {show(hand(v))}" for s, v in sc["fix"].items() if v)
            + (f"; centre {show(hand(sc['centre_fix']))}" if sc.get("centre_fix") else "")
            + f") were placed, the rest shuffled (seed {seed}).")
    if out[0] == "result":
        assert "error" not in sc, (sc["id"], "expected an error, got a result")
        st = out[2]
        res, arith = st.result()
        assert sum(1 for a in actions if a.split()[1] == "play") == (0 if st.form == "redeal" else 52)
        if "expect_score" in sc:
            assert res["score"] == sc["expect_score"], (sc["id"], res["score"], sc["expect_score"])
        if "want" in sc:
            assert sc["want"](st), sc["id"]
        for rid in (score_rules(st) + (kotka_rules(st) if st.dealt_form == "kotka" else [])
                    + (bolsevikki_rules(st) if st.dealt_form == "bolsevikki" else [])):
            if rid not in case["rules"]:
                case["rules"].append(rid)
        if st.dealt_form == "bolsevikki":
            note = (remark + " " if remark else "") + bolsevikki_text(st) + " " + arith
        else:
            note = (remark + " " if remark else "") + narrative(st, None) + " " + play_text(st) + " " + arith
        case["expect"] = {"result": res}
    else:
        _, idx, code, st = out
        if sc.get("error") != (idx, code):
            if seed is not None:
                raise Reject()
            raise SystemExit(f"{sc['id']}: engine says {idx} {code}, author says {sc.get('error')}")
        if idx is None:
            note = remark
        elif idx == len(actions):
            note = (f"All {idx} actions are legal, but the record stops in phase {st.phase} with "
                    f"{st.to_act()} to act. " + remark)
        else:
            who = f"{st.to_act()} is to act" if st.to_act() else "the deal is complete and no seat is to act"
            pre_txt = f"Actions 0–{idx - 1} are legal" if idx > 0 else "This is the first action"
            note = f"{pre_txt}; action {idx} ({actions[idx]!r}) comes in phase {st.phase}, where {who}. " + remark
        case["expect"] = {"error": {"index": idx, "code": code}}
    case["note"] = note
    return case


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    import scenarios_2016
    from search_hints import Hints
    root = os.path.join(here, "..", "cases", "2016")
    check = "--check" in sys.argv
    hints = Hints(os.path.join(here, "hints_2016.json"))
    ids, n = set(), {}
    for sc in scenarios_2016.SCENARIOS:
        assert sc["id"] not in ids, sc["id"]
        ids.add(sc["id"])
        case = build_case(sc, hints)
        area = sc["id"].split(".")[1]
        name = sc["id"].split(".", 2)[2]
        path = os.path.join(root, area, name + ".yaml")
        text = to_yaml(case)
        if check:
            with open(path, encoding="utf-8") as f:
                assert f.read() == text, path
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        n[area] = n.get(area, 0) + 1
    print(sum(n.values()), "cases;", ", ".join(f"{k} {v}" for k, v in sorted(n.items())))
    if hints.stale:
        print("stale search hints (searched anew):", ", ".join(hints.stale))
    if not check:
        hints.save()


if __name__ == "__main__":
    main()
