"""Authoring tool for the hand-written 1944 conformance cases (conformance/cases/1944/).

How the cases were produced
---------------------------
Every case in conformance/cases/1944 is written by this tool from a compact *scenario* in
``scenarios_1944.py`` (same folder).  Nothing here imports the reference interpreter (``skruuvi``),
its tests or the oracle.  The rules are implemented again from scratch, from shared/DESIGN.md
(notation, case format, error-code precedence), the project's briefs on the 2016 and 1944 record
semantics, and the Finnish seed S000 (shared/seeds/000_45d715f71bbb7e55.txt: its Tables 1-3 and
worked examples); the 1944 tables are typed in by hand below (``CONTRACT_BONUS``, ``OVERTRICK``,
``UNDER_FIRST``, ``UNDER_FURTHER``, ``CROWN``, ...).  The engine started from the 2016 authoring
tool (author.py) and was changed for 1944: the kotka form, the kotka exchange, the level minimum of
kotka bids, the second auction's minimum (4, kotka 6), the misère lead from the declarer's right,
the pakkomisääri without knocks and without the different-card rule, two-column scoring with
winner-only knock multipliers, running counts, games and match records (sets).

A scenario gives
  * the deal (hands written per seat and suit, or a seeded fill of the cards the design does not
    fix, optionally re-encoded as a ``deck`` + ``centre_positions``), or a raw broken deal;
  * the decisions before play, as action strings or small functions of the state;
  * the play: produced by a deterministic policy in which each side "wants" tricks until it has
    its goal (by default: a suit/grandi contract, both sides want all; misère, only the
    defenders; pakkomisääri, nobody), optionally searched (depth first, policy card first) for a
    record in which a target holds (e.g. "the main pair takes exactly 9 tricks");
  * for invalid records: the index and code the author *intends*.

The tool replays the record through its own rule engine (``State``), which asserts that every
action of a valid record is legal and that 52 cards are played, and, for an invalid record, that
its first error (index and code, with DESIGN §4's precedence) is the author's intention.  It then
scores the deal from the tables (``score_deal``) and the games from the running counts
(``games_after``), and writes the derivation into ``justification.note``: the auction and the
exchanges, the holdings of every hand at the start of play, every trick, every scoring item with
its arithmetic, and for match records the running counts, games and the sheet after each deal.
Where the case relies on a rule the ruleset tags ``inferred`` or ``conflict``, the note ends with
"Reading <rule id>: ..." saying which reading the expected result uses.

A search's result (the seed of a seeded fill, the play found for a target) is stored in hints_1944.json and
tried first next time, checked like any candidate (search_hints.py); a stale one is searched anew.

Usage:  python3 author_1944.py            (writes all cases and hints_1944.json, prints a summary)
        python3 author_1944.py --check    (re-derives every case and compares with the files)
"""
from __future__ import annotations

import functools
import json
import operator
import os
import random
import re
import sys

SEATS = "NESW"
SUITS = "SHDC"           # display order only
RANKS = "23456789TJQKA"
SUIT_SYM = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CARDS = [r + s for s in "SCDH" for r in RANKS]
ORDER = {"alkupeli": "MSCDHG", "kotka": "SCDHMG"}      # strain order, low to high
MIN_LEVEL = {"alkupeli": 1, "kotka": 6}               # lowest bid level of a form
FINAL_MIN = {"alkupeli": 4, "kotka": 6}               # lowest playable level

# 1944 tables (S000 Tables 1-3, as decided by the brief)
CONTRACT_BONUS = {4: 1000, 5: 2000, 6: 3000, 7: 4500}
OVERTRICK = {4: 0, 5: 200, 6: 200, 7: 0}
UNDER_FIRST = {4: 400, 5: 500, 6: 1000, 7: 1700}
UNDER_FURTHER = {4: 400, 5: 500, 6: 600, 7: 700}
CROWN = {3: 200, 4: 400}
SEQ_CARD = 100
HONOUR_UNIT = 10
MISERE_ACE = 100
PAKKO_UNIT = 100
MULT = [1, 2, 4]
GAME = 60
GAME_BONUS = 200          # × the side's game number in the set


def left(s):
    return SEATS[(SEATS.index(s) + 1) % 4]


def right(s):
    return SEATS[(SEATS.index(s) + 3) % 4]


def partner(s):
    return SEATS[(SEATS.index(s) + 2) % 4]


def side(s):
    return "NS" if s in "NS" else "EW"


def other(sd):
    return "EW" if sd == "NS" else "NS"


def rank(c):
    return RANKS.index(c[0])


def is_card(c):
    return isinstance(c, str) and len(c) == 2 and c[0] in RANKS and c[1] in "SHDC"


def sort_cards(cards):
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), -rank(c)))


def show(cards):
    out = []
    for s in SUITS:
        rs = "".join(c[0] for c in sort_cards(cards) if c[1] == s)
        if rs:
            out.append(SUIT_SYM[s] + rs)
    return " ".join(out) if out else "-"


def kind_of(bid):
    return "trump" if bid[1] in "SCDH" else ("grand" if bid[1] == "G" else "misere")


class Err(Exception):
    pass


# ----------------------------------------------------------------------------- deal
def _cards_ok(cards):
    return all(is_card(c) for c in cards) and len(set(cards)) == 52 and len(cards) == 52


def _whole(x, lo, hi=None):
    return isinstance(x, int) and not isinstance(x, bool) and x >= lo and (hi is None or x <= hi)


def check_state(st):
    """deal.state (INTERPRETING §6A.1): absent means zeros; otherwise a mapping whose `running` and `games`
    are each absent (zeros) or a mapping of the sides NS and EW, a side absent counting 0; each number a
    whole number 0 or more, a running count below 60.  Other keys are not read.  Anything else is
    invalid-deal."""
    if st is None:
        return {"running": {"NS": 0, "EW": 0}, "games": {"NS": 0, "EW": 0}}
    if not isinstance(st, dict):
        raise Err("invalid-deal")
    out = {}
    for field, hi in (("running", GAME - 1), ("games", None)):
        given = st.get(field)
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise Err("invalid-deal")
        out[field] = {x: given.get(x, 0) for x in ("NS", "EW")}
        if not all(_whole(v, 0, hi) for v in out[field].values()):
            raise Err("invalid-deal")
    return out


def build_deal(deal):
    """Return (form, dealer, hands{seat:set}, centre list, state) or raise Err('invalid-deal')."""
    if not isinstance(deal, dict):
        raise Err("invalid-deal")
    form = deal.get("form")
    if form not in ("alkupeli", "kotka") or deal.get("dealer") not in list(SEATS):
        raise Err("invalid-deal")
    dealer = deal["dealer"]
    state = check_state(deal.get("state"))
    has_h, has_d = "hands" in deal, "deck" in deal
    if has_h == has_d:
        raise Err("invalid-deal")
    size, ncentre = (12, 4) if form == "alkupeli" else (13, 0)
    if has_h:
        hands = deal["hands"]
        centre = deal.get("centre", [] if form == "kotka" else None)
        if not isinstance(hands, dict) or set(hands) != set(SEATS) or not isinstance(centre, list):
            raise Err("invalid-deal")
        allc = []
        for s in SEATS:
            if not isinstance(hands[s], list) or len(hands[s]) != size:
                raise Err("invalid-deal")
            allc += hands[s]
        if len(centre) != ncentre:
            raise Err("invalid-deal")
        if not _cards_ok(allc + centre):
            raise Err("invalid-deal")
        return form, dealer, {s: set(hands[s]) for s in SEATS}, list(centre), state
    deck = deal["deck"]
    pos = deal.get("centre_positions", [] if form == "kotka" else None)
    if not isinstance(deck, list) or not _cards_ok(deck):
        raise Err("invalid-deal")
    if not isinstance(pos, list) or len(pos) != ncentre or len(set(pos)) != ncentre \
            or not all(isinstance(p, int) and 0 <= p <= 51 for p in pos):
        raise Err("invalid-deal")
    if 51 in pos:                      # deal.table-cards-not-last (the only forbidden position)
        raise Err("invalid-deal")
    sp = sorted(pos)
    centre = [deck[p] for p in sp]
    rest = [c for i, c in enumerate(deck) if i not in sp]
    hands = {s: set() for s in SEATS}
    seat = left(dealer)
    for c in rest:
        hands[seat].add(c)
        seat = left(seat)
    return form, dealer, hands, centre, state


def hands_to_deck(dealer, hands, centre, positions):
    """A deck whose centre positions hold the centre and whose other cards, dealt one at a time from
    the dealer's left, give these hands."""
    sp = sorted(positions)
    queues = {s: sort_cards(hands[s]) for s in SEATS}
    n = sum(len(v) for v in queues.values())
    rest, seat = [], left(dealer)
    for _ in range(n):
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
        # ruleset, so a well-formed `choose` parses here even though 1944 offers nothing to choose.
        if len(args) != 1 or not re.fullmatch(r"[a-z][a-z-]*", args[0]):
            raise Err("malformed-action")
        return seat, verb, args[0]
    raise Err("malformed-action")


# ----------------------------------------------------------------------------- state machine
class State:
    def __init__(self, deal):
        self.form, self.dealer, self.hands, self.centre, self.state = build_deal(deal)
        self.dealt_form = self.form
        self.start_hands = {s: set(self.hands[s]) for s in SEATS}
        self.order = ORDER[self.form]
        self.phase = "first-auction"
        self.log = []
        self.calls = []
        self.high = None
        self.cons_pass = 0
        self.turn = self.dealer
        self.main_first = None
        self.declarer = None
        self.contract = None
        self.doubling = 0
        self.tricks = []
        self.cur = []
        self.won = {"NS": 0, "EW": 0}
        self.exchange_allowed = False
        self.received = None
        self.goal = None
        self.trump = None
        self.phases_seen = ["first-auction"]

    def clone(self):
        st = object.__new__(State)
        st.__dict__.update(self.__dict__)
        st.hands = {s: set(v) for s, v in self.hands.items()}
        st.cur = list(self.cur)
        st.tricks = list(self.tricks)
        st.won = dict(self.won)
        return st

    def to_act(self):
        return None if self.phase == "done" else self.turn

    def bid_key(self, b):
        return (int(b[0]), self.order.index(b[1]))

    def apply(self, a):
        seat, verb, arg = parse(a)
        if seat != self.to_act():
            raise Err("not-your-turn")
        if verb == "choose":
            # 1944 offers no named choice in any phase: a well-formed `choose` by the seat to act has no meaning
            # now (DESIGN §4 group 4), whatever the phase; no phase has an own code (group 3) for it.
            raise Err("wrong-phase")
        getattr(self, "_" + self.phase.replace("-", "_"))(seat, verb, arg)

    def _set_phase(self, p):
        self.phase = p
        self.phases_seen.append(p)

    def _check_bid(self, b):
        if int(b[0]) < MIN_LEVEL[self.form]:
            raise Err("bid-below-minimum")
        if self.high and self.bid_key(b) <= self.bid_key(self.high[0]):
            raise Err("bid-not-higher")

    # --- first auction (both forms)
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
            self._start_pakko()
        elif self.high is not None and self.cons_pass == 8:
            H = self.high[1]
            P = partner(H)
            self.H, self.P = H, P
            self.main_first = next((c, s) for s, c in self.calls if c != "pass" and s in (H, P))
            self.log.append(("first-auction-end", self.high, self.main_first))
            self.exch_stage = 0
            self.turn = H
            if self.form == "alkupeli":
                self.hands[H] |= set(self.centre)
                self.kitty_targets = [left(P), left(left(P)), left(left(left(P)))]
                self._set_phase("kitty")
            else:
                self._set_phase("kotka-exchange")

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
        if self.exch_stage == 0:
            cards = self._check_give(seat, verb, arg, self.P, 4)
            self.log.append(("give", seat, self.P, cards))
            self.exch_stage = 1
            self.turn = self.P
            return
        tgt = self.kitty_targets[self.exch_stage - 1]
        cards = self._check_give(seat, verb, arg, tgt, 1)
        self.log.append(("give", seat, tgt, cards))
        self.exch_stage += 1
        if self.exch_stage == 4:
            self._start_second()

    def _kotka_exchange(self, seat, verb, arg):
        if self.exch_stage == 0:
            cards = self._check_give(seat, verb, arg, self.P, 4)
            self.log.append(("give", seat, self.P, cards))
            self.exch_stage = 1
            self.turn = self.P
            return
        cards = self._check_give(seat, verb, arg, self.H, 4)
        self.log.append(("give", seat, self.H, cards))
        self._start_second()

    def _start_second(self):
        self._set_phase("second-auction")
        self.cons_pass = 0
        self.turn = self.H
        self.bids2 = []

    def _second_auction(self, seat, verb, arg):
        if verb == "bid":
            self._check_bid(arg)
            self.high = (arg, seat)
            self.cons_pass = 0
            self.bids2.append((seat, arg))
        elif verb == "pass":
            if self.cons_pass == 3 and int(self.high[0][0]) < FINAL_MIN[self.form]:
                raise Err("final-contract-too-low")
            self.cons_pass += 1
            self.bids2.append((seat, "pass"))
        else:
            raise Err("wrong-phase")
        self.turn = partner(seat)
        if self.cons_pass == 4:
            self.contract, self.declarer = self.high
            D = self.declarer
            self.exchange_allowed = self.form == "alkupeli" and int(self.main_first[0][0]) < 6
            self.log.append(("contract", self.contract, D, self.exchange_allowed))
            if self.exchange_allowed:
                self._set_phase("defenders-exchange")
                self.dx_stage = 0
                self.turn = left(D)
            else:
                self._start_doubling()

    def _defenders_exchange(self, seat, verb, arg):
        L = left(self.declarer)
        if self.dx_stage == 0:
            if verb == "pass":
                self.log.append(("dx-pass", seat))
                self._start_doubling()
                return
            cards = self._check_give(seat, verb, arg, partner(L), 1)
            self.received = cards[0]
            self.log.append(("give", seat, partner(L), cards))
            self.dx_stage = 1
            self.turn = partner(L)
            return
        cards = self._check_give(seat, verb, arg, L, 1, not_card=self.received)
        self.log.append(("give", seat, L, cards))
        self._start_doubling()

    def _start_doubling(self):
        self._set_phase("doubling")
        D = self.declarer
        self.dbl_queue = [right(D)]
        self.dbl_mode = "double"
        self.turn = left(D)

    def _doubling(self, seat, verb, arg):
        if verb == "give" and not self.exchange_allowed and self.dbl_mode == "double":
            raise Err("exchange-forbidden")
        if verb == "double" and self.dbl_mode != "double":
            raise Err("double-not-allowed")
        if verb == "redouble" and self.dbl_mode != "redouble":
            raise Err("redouble-not-allowed")
        if verb not in ("double", "redouble", "pass"):
            raise Err("wrong-phase")
        self.log.append(("dbl", seat, verb, self.dbl_mode))
        if verb == "double":
            self.doubling = 1
            self.dbl_mode = "redouble"
            self.dbl_queue = [partner(left(seat))]
            self.turn = left(seat)
        elif verb == "redouble":
            self.doubling = 2
            self._start_play()
        elif self.dbl_queue:
            self.turn = self.dbl_queue.pop(0)
        else:
            self._start_play()

    # --- pakkomisääri
    def _start_pakko(self):
        self.form = "pakkomisaari"
        F = left(self.dealer)
        seat, dealt = F, []
        for c in self.centre:
            self.hands[seat].add(c)
            dealt.append((seat, c))
            seat = left(seat)
        self.log.append(("centre-deal", dealt))
        d = self.dealer
        self.px_steps = [(F, partner(F)), (partner(d), d), (partner(F), F), (d, partner(d))]
        self.px_given = []
        self._set_phase("pakko-exchange")
        self.turn = F

    def _pakko_exchange(self, seat, verb, arg):
        i = len(self.px_given)
        _giver, to = self.px_steps[i]
        cards = self._check_give(seat, verb, arg, to, 1)     # no different-card rule in 1944
        self.px_given.append(cards[0])
        self.log.append(("give", seat, to, cards))
        if i < 3:
            self.turn = self.px_steps[i + 1][0]
        else:
            self._start_play()

    # --- play
    def _start_play(self):
        self._set_phase("play")
        if self.form == "pakkomisaari":
            self.trump = None
            self.turn = left(self.dealer)
            self.goal = {"NS": 0, "EW": 0}
        else:
            k = kind_of(self.contract)
            self.trump = self.contract[1] if k == "trump" else None
            self.turn = right(self.declarer) if k == "misere" else left(self.declarer)
            ms = side(self.declarer)
            self.goal = {ms: 0 if k == "misere" else 13, other(ms): 13}
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
        self.hands[seat] = self.hands[seat] - {card}
        self.cur = [*self.cur, (seat, card)]
        if len(self.cur) < 4:
            self.turn = left(seat)
            return
        w = self.current_winner(self.cur)
        self.tricks = [*self.tricks, (self.cur[0][0], self.cur, w)]
        self.won = dict(self.won)
        self.won[side(w)] += 1
        self.cur = []
        self.turn = w
        if len(self.tricks) == 13:
            self.phase = "done"

    def _done(self, seat, verb, arg):    # never reached: to_act() is None
        raise Err("not-your-turn")


# ----------------------------------------------------------------------------- scoring
def holdings_items(st):
    """Crowns and sequences per hand at the start of play: lists of (seat, kind, detail, points)."""
    h = st.play_start_hands
    k = "pakko" if st.form == "pakkomisaari" else kind_of(st.contract)
    crowns, seqs = [], []
    for s in SEATS:
        aces = sorted(c for c in h[s] if c[0] == "A")
        if len(aces) >= 3 and k in ("trump", "grand"):
            base = CROWN[len(aces)]
            pts = base * (2 if k == "grand" else 1)
            crowns.append((s, f"{len(aces)} aces in {s}'s hand: {base}" + (" × 2 in grandi" if k == "grand" else "")
                           + f" = {pts}", pts))
        for su in "SHDC":
            n = 0
            for r in "AKQJT98765432":
                if r + su in h[s]:
                    n += 1
                else:
                    break
            if n >= 3:
                t = st.trump == su
                pts = SEQ_CARD * (n - 2) * (2 if t else 1)
                seqs.append((s, f"{s} {SUIT_SYM[su]}{'AKQJT98765432'[:n]} ({n} cards from the ace): "
                                f"{SEQ_CARD} × ({n} − 2)" + (" × 2 (trumps)" if t else "") + f" = {pts}", pts))
    return crowns, seqs


def honours(st):
    """(counts per side, text)."""
    h = st.play_start_hands
    ms = side(st.declarer)
    sides = {"NS": h["N"] | h["S"], "EW": h["E"] | h["W"]}
    cnt, parts = {}, []
    if kind_of(st.contract) == "trump":
        t = st.trump
        for sd in ("NS", "EW"):
            th = sorted((c for c in sides[sd] if c[1] == t and c[0] in "TJQKA"), key=rank, reverse=True)
            ac = sorted(c for c in sides[sd] if c[0] == "A")
            cnt[sd] = len(th) + len(ac)
            parts.append(f"{sd} trump honours {' '.join(th) or 'none'} ({len(th)}) + aces {' '.join(ac) or 'none'} "
                         f"({len(ac)}) = {cnt[sd]}")
        txt = "Honours (trump T J Q K A + the four aces; the trump ace counts twice): " + "; ".join(parts) + "."
    else:
        a = {sd: sum(1 for c in sides[sd] if c[0] == "A") for sd in ("NS", "EW")}
        for sd in ("NS", "EW"):
            extra = 1 if a[sd] > a[other(sd)] or (a[sd] == a[other(sd)] and sd == ms) else 0
            cnt[sd] = 2 * a[sd] + extra
            why = ("" if not extra else (" + 1 (more aces)" if a[sd] > a[other(sd)]
                                         else " + 1 (aces 2–2: to the side of the final bid)"))
            parts.append(f"{sd} {a[sd]} aces: 2 × {a[sd]}{why} = {cnt[sd]}")
        txt = "Honours in grandi (2 × aces, + 1 for the side with more aces): " + "; ".join(parts) + "."
    return cnt, txt


def ace_ordinals(st, sd):
    tot, parts = 0, []
    for i, (_, cards, w) in enumerate(st.tricks, 1):
        if side(w) == sd:
            n = sum(1 for _, c in cards if c[0] == "A")
            if n:
                tot += n * i
                parts.append(f"trick {i} ({n} ace{'s' if n > 1 else ''}: {n} × {i})")
    return tot, parts


def score_deal(st):
    """Points of one deal before games: (below{side}, above{side}, text, rule ids, trick sequence).
    The trick sequence is [(side, points)] in play order: who scores each trick's below points."""
    ids = ["score.columns"]
    lines = []
    below = {"NS": 0, "EW": 0}
    above = {"NS": 0, "EW": 0}
    crowns, seqs = holdings_items(st)
    if st.form == "pakkomisaari":
        ids += ["score.pakko-difference", "score.pakko-unit"]
        lines.append("Pakkomisääri: nobody scores below the line; no knocks; no crowns of aces, no honours.")
        lo = min(("NS", "EW"), key=lambda x: st.won[x])
        d = st.won[other(lo)] - st.won[lo]
        above[lo] += PAKKO_UNIT * d
        lines.append(f"{lo} took fewer tricks ({st.won[lo]} against {st.won[other(lo)]}): {PAKKO_UNIT} × "
                     f"({st.won[other(lo)]} − {st.won[lo]}) = {PAKKO_UNIT * d} to {lo} above.")
        if seqs:
            ids += ["score.pakko-sequences", "score.sequence-card-value"]
            for s, t, p in seqs:
                above[side(s)] += p
                lines.append(f"Sequence (no trumps): {t} to {side(s)} above.")
        else:
            lines.append("No sequence of three or more from the ace in any hand.")
        lines.append(f"Deal totals: NS below 0 above {above['NS']}; EW below 0 above {above['EW']}.")
        return below, above, " ".join(lines), ids, []
    D = st.declarer
    ms, ds = side(D), other(side(D))
    level = int(st.contract[0])
    k = kind_of(st.contract)
    m = MULT[st.doubling]
    mt = st.won[ms]
    ids.append("score.defenders-receive")
    # below the line
    seq_pts = []
    for _, _cards, w in st.tricks:
        seq_pts.append((side(w) if k != "misere" else other(side(w)), level))
    if k == "misere":
        ids.append("score.below-misere")
        for sd in (ms, ds):
            below[sd] = st.won[other(sd)] * level
        lines.append(f"Below the line (bid misère: the opponents' tricks × level {level}): {ms} {st.won[ds]} × {level}"
                     f" = {below[ms]}, {ds} {st.won[ms]} × {level} = {below[ds]}.")
        allowed = 7 - level
        made = mt <= allowed
        over, under = allowed - mt, mt - allowed
        head = f"{st.contract} (misère) allows at most 7 − {level} = {allowed} tricks; {ms} (main) took {mt}"
    else:
        ids.append("score.below-tricks")
        for sd in (ms, ds):
            below[sd] = st.won[sd] * level
        lines.append(f"Below the line (own tricks × level {level}, made or not): {ms} {st.won[ms]} × {level} = "
                     f"{below[ms]}, {ds} {st.won[ds]} × {level} = {below[ds]}.")
        need = 6 + level
        made = mt >= need
        over, under = mt - need, need - mt
        head = f"{st.contract} ({'grandi' if k == 'grand' else 'trumps ' + SUIT_SYM[st.trump]}) needs 6 + {level} = " \
               f"{need} tricks; {ms} (main) took {mt}"
    winner = ms if made else ds
    items = {"NS": [], "EW": []}       # (text, points) before multiplication
    if made:
        ids += ["score.contract-made", "score.contract-bonus"]
        lines.append(head + f": made, {over} overtrick{'s' if over != 1 else ''}.")
        items[ms].append((f"contract bonus level {level}: {CONTRACT_BONUS[level]}", CONTRACT_BONUS[level]))
        if over > 0:
            ids += ["score.overtricks", "score.overtrick-value"]
            v = OVERTRICK[level]
            items[ms].append((f"{over} overtrick{'s' if over != 1 else ''} × {v} (level {level}) = {over * v}", over * v))
    else:
        ids += ["score.undertricks", "score.undertrick-first"]
        pts = UNDER_FIRST[level] + (under - 1) * UNDER_FURTHER[level]
        if under > 1:
            ids.append("score.undertrick-further")
        lines.append(head + f": failed, {under} undertrick{'s' if under != 1 else ''}.")
        items[ds].append((f"undertricks level {level}: first {UNDER_FIRST[level]} + ({under} − 1) × "
                          f"{UNDER_FURTHER[level]} = {pts}", pts))
    if k in ("trump", "grand"):
        if crowns:
            ids += ["score.ace-crowns", "score.ace-crown-value"]
        for s, t, p in crowns:
            items[side(s)].append((f"crown: {t}", p))
        if not crowns:
            lines.append("No hand holds three or four aces.")
    else:
        n3 = [s for s in SEATS if sum(1 for c in st.play_start_hands[s] if c[0] == "A") >= 3]
        if n3:
            lines.append(f"{', '.join(n3)} hold{'s' if len(n3) == 1 else ''} three or more aces, but crowns of aces do "
                         f"not count in a bid misère.")
    if seqs:
        ids += ["score.sequences", "score.sequence-card-value"]
    for s, t, p in seqs:
        items[side(s)].append((f"sequence: {t}", p))
    if not seqs:
        lines.append("No sequence of three or more from the ace in any hand.")
    if k in ("trump", "grand"):
        ids += ["score.honours", "score.honour-unit", "score.honour-count", "score.honours-from"]
        cnt, htxt = honours(st)
        lines.append(htxt)
        if mt < 7:
            c = cnt[ds]
            lines.append(f"The main pair {ms} took {mt} < 7 tricks: its honours are cancelled and {ds} scores its own "
                         f"{c}: {HONOUR_UNIT} × {level} × {c} = {HONOUR_UNIT * level * c}.")
            if c:
                items[ds].append((f"honours {HONOUR_UNIT} × {level} × {c} = {HONOUR_UNIT * level * c}",
                                  HONOUR_UNIT * level * c))
        else:
            hs = max(("NS", "EW"), key=lambda x: cnt[x])
            c = cnt[hs]
            lines.append(f"{hs} holds more honours ({c} against {cnt[other(hs)]}): {HONOUR_UNIT} × {level} × {c} = "
                         f"{HONOUR_UNIT * level * c} to {hs}.")
            items[hs].append((f"honours {HONOUR_UNIT} × {level} × {c} = {HONOUR_UNIT * level * c}",
                              HONOUR_UNIT * level * c))
    else:
        ids += ["score.misere-aces", "score.misere-ace-unit"]
        for sd in (ms, ds):
            a, parts = ace_ordinals(st, other(sd))
            if a:
                items[sd].append((f"aces in {other(sd)}'s tricks: {', '.join(parts)} → {MISERE_ACE} × {a} = "
                                  f"{MISERE_ACE * a}", MISERE_ACE * a))
            else:
                lines.append(f"No ace in a trick won by {other(sd)}: nothing to {sd} for aces.")
    if st.doubling:
        ids += ["score.multipliers", "score.knocks-winner-only"]
    mtxt = ["no knock", "knocked ×2", "counter-knocked ×4"][st.doubling]
    lines.append(f"Winner of the deal: {winner} ({'made' if made else 'defeated'} the contract); {mtxt}"
                 + ("" if not st.doubling else f", applied to {winner}'s above-the-line items only") + ".")
    for sd in (ms, ds):
        sub = sum(p for _, p in items[sd])
        mul = m if sd == winner else 1
        above[sd] = sub * mul
        if items[sd]:
            lines.append(f"{sd} above: " + "; ".join(t for t, _ in items[sd]) + f"; sum {sub}"
                         + (f" × {mul} = {above[sd]}" if mul != 1 else "")
                         + (" (loser: not multiplied)" if st.doubling and sd != winner else "") + ".")
        else:
            lines.append(f"{sd} above: nothing.")
    lines.append(f"Deal points before games: NS below {below['NS']} above {above['NS']}; "
                 f"EW below {below['EW']} above {above['EW']}.")
    return below, above, " ".join(lines), ids, seq_pts


def games_after(form, dealt_form, below, seq_pts, state):
    """Apply the deal's below-line trick points to the running counts.  Returns (bonus{side},
    new state, text, ids)."""
    run, games = dict(state["running"]), dict(state["games"])
    bonus = {"NS": 0, "EW": 0}
    ids = []
    if form == "pakkomisaari":
        ids.append("pakkomisaari.running-count-unchanged")
        return bonus, {"running": run, "games": games}, (
            f"A pakkomisääri leaves the running counts as they were (NS {run['NS']}, EW {run['EW']}); no game."), ids
    new = {sd: run[sd] + below[sd] for sd in ("NS", "EW")}
    txt = [f"Running counts: NS {run['NS']} + {below['NS']} = {new['NS']}, EW {run['EW']} + {below['EW']} = {new['EW']}."]
    reach = [sd for sd in ("NS", "EW") if new[sd] >= GAME]
    winner = None
    if len(reach) == 1:
        winner = reach[0]
        ids += ["match.game-threshold", "match.game-bonus"]
    elif len(reach) == 2:
        ids += ["match.game-threshold", "match.game-bonus", "match.first-to-reach"]
        c = dict(run)
        steps = []
        for i, (sd, p) in enumerate(seq_pts, 1):
            c[sd] += p
            steps.append(f"T{i} {sd} {c[sd]}")
            if c[sd] >= GAME:
                winner = sd
                break
        txt.append(f"Both reach {GAME}: counting the deal's below points trick by trick (" + ", ".join(steps)
                   + f"), {winner} reaches {GAME} first and alone wins the game.")
    if winner:
        games[winner] += 1
        bonus[winner] = GAME_BONUS * games[winner]
        txt.append(f"{winner} reaches {GAME} or more: its game number {games[winner]} of the set, bonus {GAME_BONUS} × "
                   f"{games[winner]} = {bonus[winner]} written below; both running counts restart at 0.")
        run = {"NS": 0, "EW": 0}
    else:
        run = new
        if any(v for v in below.values()):
            txt.append(f"Nobody reaches {GAME}: no game.")
    if dealt_form == "kotka":
        ids.append("kotka.running-count-reset")
        if any(run.values()):
            txt.append(f"A kotka deal: both running counts restart at 0 anyway (they would have been NS {run['NS']}, "
                       f"EW {run['EW']}).")
        else:
            txt.append("A kotka deal: both running counts restart at 0.")
        run = {"NS": 0, "EW": 0}
    elif form == "alkupeli" and not winner and any(run.values()):
        ids.append("alkupeli.running-count-kept")
    txt.append(f"Games in the set: NS {games['NS']}, EW {games['EW']}.")
    return bonus, {"running": run, "games": games}, " ".join(txt), ids


def finish(st, with_games=True):
    """Full single-deal result: (result, note text, ids, new state)."""
    below, above, text, ids, seq = score_deal(st)
    bonus, new_state, gtext, gids = games_after(st.form, st.dealt_form, below, seq, st.state)
    score = {sd: {"below": below[sd] + bonus[sd], "above": above[sd]} for sd in ("NS", "EW")}
    contract = None if st.form == "pakkomisaari" else {"declarer": st.declarer, "bid": st.contract,
                                                       "doubling": st.doubling}
    res = {"contract": contract, "tricks": dict(st.won), "score": score}
    s0 = st.state
    pre = ""
    if with_games and (any(s0["running"].values()) or any(s0["games"].values())):
        pre = (f"State before the deal: running NS {s0['running']['NS']}, EW {s0['running']['EW']}; games NS "
               f"{s0['games']['NS']}, EW {s0['games']['EW']}. ")
    fin = (f" Result: NS below {score['NS']['below']} above {score['NS']['above']}; EW below {score['EW']['below']} "
           f"above {score['EW']['above']}.")
    return res, text + " " + pre + gtext + fin, ids + gids, new_state


def replay(deal, actions):
    """('result', State) | ('error', index, code, State or None)."""
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
    return ("result", st)


# ----------------------------------------------------------------------------- match
def seats_check(item, kept):
    """A deal's `seats` in a set or rubber (DESIGN §3, amendment match-seat-names): absent, or all four
    seats N E S W, each a non-empty string, four different names; the partnerships are fixed, so seats
    once given must be repeated unchanged.  Returns (wrong?, the seats kept from now on)."""
    given = item.get("seats")
    if given is None:
        return False, kept
    if not isinstance(given, dict) or set(given) != set(SEATS):
        return True, kept
    names = [given[s] for s in SEATS]
    if not all(isinstance(n, str) and n != "" for n in names) or len(set(names)) != 4:
        return True, kept
    if kept is not None and dict(given) != kept:
        return True, kept
    return False, dict(given)


def match_replay(deals):
    """Replay a set.  Returns ('match', sheets, final, per-deal data) or ('error', k, index, code, data)."""
    state = {"running": {"NS": 0, "EW": 0}, "games": {"NS": 0, "EW": 0}}
    tot = {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}
    sheets, data = [], []
    kotkas = 0
    prev = None
    kept = None
    for k, item in enumerate(deals):
        d, acts = item["deal"], item["actions"]
        if kotkas == 4:
            return ("error", k, None, "match-overrun", data)
        need = "alkupeli" if max(state["games"].values()) < 2 else "kotka"
        if d.get("form") != need:
            return ("error", k, None, "wrong-deal-form", data)
        if prev is not None and d.get("dealer") != left(prev):
            return ("error", k, None, "wrong-dealer", data)
        wrong, kept = seats_check(item, kept)
        if wrong:
            return ("error", k, None, "wrong-seating", data)
        d = dict(d)
        d["state"] = state
        out = replay(d, acts)
        if out[0] == "error":
            return ("error", k, out[1], out[2], data)
        st = out[1]
        res, text, ids, state = finish(st, with_games=False)
        for sd in ("NS", "EW"):
            for col in ("below", "above"):
                tot[sd][col] += res["score"][sd][col]
        sheet = {sd: {"below": tot[sd]["below"], "above": tot[sd]["above"], "games": state["games"][sd],
                      "running": state["running"][sd]} for sd in ("NS", "EW")}
        sheets.append(sheet)
        data.append((st, res, text, ids, sheet))
        if d["form"] == "kotka":
            kotkas += 1
        prev = d["dealer"]
    if kotkas < 4:
        return ("error", len(deals), None, "incomplete-record", data)
    t = {sd: tot[sd]["below"] + tot[sd]["above"] for sd in ("NS", "EW")}
    diff = t["NS"] - t["EW"]
    q, r = divmod(abs(diff), 100)
    book = (q + (1 if r >= 50 else 0)) * (1 if diff >= 0 else -1)
    final = {"NS": t["NS"], "EW": t["EW"], "difference": diff, "book": book}
    return ("match", sheets, final, data)


# ----------------------------------------------------------------------------- play policy
def wants(st, seat):
    return st.won[side(seat)] < st.goal[side(seat)]


def policy_card(st, seat):
    legal = st.legal(seat)
    want = wants(st, seat)
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


def auto_play(st, target=None, goal=None, limit=300000, hint=None, trace=None):
    """Play out the deal with the policy; with target(st)->bool, search depth first for a play where it holds.
    A ``hint`` (a stored play, search_hints.py) is tried first: it counts when it is legal to the end and the
    target holds there, as for a play the search finds. ``trace`` gets the play and whether it was searched."""
    if goal:
        ms = side(st.declarer) if st.declarer else "NS"
        st.goal = {ms: goal[0], other(ms): goal[1]}
    if target is None:
        plays = []
        while st.phase != "done":
            s = st.to_act()
            a = f"{s} play {policy_card(st, s)}"
            st.apply(a)
            plays.append(a)
        return plays
    if trace is not None:
        trace["searched"] = True
    if hint is not None:
        from search_hints import play_hint  # beside this tool (main puts its folder on the path)

        played = play_hint(st, hint, target, Err, trace)
        if played is not None:
            return played
    count = [0]

    def rec(st):
        if st.phase == "done":
            return [] if target(st) else None
        count[0] += 1
        if count[0] > limit:
            return None
        s = st.to_act()
        first = policy_card(st, s)
        for c in [first] + [c for c in st.legal(s) if c != first]:
            st2 = st.clone()
            a = f"{s} play {c}"
            st2.apply(a)
            r = rec(st2)
            if r is not None:
                return [a, *r]
        return None
    r = rec(st)
    if r is None:
        raise Reject(f"target not reachable ({count[0]} nodes)")
    for a in r:
        st.apply(a)
    if trace is not None:
        trace["play"] = " ".join(a.split()[2] for a in r)
    return r


# ----------------------------------------------------------------------------- notes
def narrative(st):
    out = []
    calls = " ".join(f"{s}:{c}" for s, c in st.calls)
    out.append(f"{st.dealt_form.capitalize()}, dealer {st.dealer}; first auction (dealer first, clockwise): {calls}.")
    for ev in st.log:
        k = ev[0]
        if k == "first-auction-end":
            (hb, hs), mf = ev[1], ev[2]
            out.append(f"It ends at the 8th consecutive pass after the last bid: highest bid {hb} by {hs}; H={hs}, "
                       f"P={partner(hs)}, main pair {side(hs)}; the main pair's first bid was {mf[0]} by {mf[1]}.")
            if st.dealt_form == "alkupeli":
                out.append(f"{hs} takes the table cards {' '.join(st.centre)}.")
        elif k == "give":
            out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
        elif k == "contract":
            b2 = " ".join(f"{s}:{c}" for s, c in st.bids2)
            out.append(f"Second auction (H first, alternating, four passes end it): {b2}. Contract {ev[1]}, declarer "
                       f"{ev[2]}.")
            lvl = int(st.main_first[0][0])
            if ev[3]:
                out.append(f"Defenders' exchange allowed (main pair's first bid {st.main_first[0]}, level {lvl} < 6); "
                           f"{left(ev[2])} (declarer's left) acts first.")
            elif st.dealt_form == "kotka":
                out.append("No defenders' exchange in a kotka (the main pair's first bid is at level 6 or more).")
            else:
                out.append(f"Defenders' exchange forbidden (main pair's first bid {st.main_first[0]}, level "
                           f"{lvl} ≥ 6).")
        elif k == "dx-pass":
            out.append(f"{ev[1]} passes: no defenders' exchange.")
        elif k == "centre-deal":
            if ev[1]:
                out.append("All four passed at the start: pakkomisääri. Table cards dealt from the forehand: "
                           + ", ".join(f"{c}→{s}" for s, c in ev[1]) + ".")
            else:
                out.append("All four passed at the start: pakkomisääri (a kotka has no table cards).")
        elif k == "dbl":
            word = {"double": "knocks", "redouble": "counter-knocks",
                    "pass": "passes (no counter-knock)" if ev[3] == "redouble" else "passes (no knock)"}[ev[2]]
            out.append(f"{ev[1]} {word}.")
    if st.form != "pakkomisaari":
        out.append(["No knock.", "Knocked (×2).", "Counter-knocked (×4)."][st.doubling])
    return " ".join(out)


def play_text(st):
    h = st.play_start_hands
    if st.form == "pakkomisaari":
        lead = "Play (no trumps, no knocks)"
    elif st.trump:
        lead = f"Play ({st.contract}, trumps {SUIT_SYM[st.trump]})"
    else:
        lead = f"Play ({st.contract}, no trumps)"
    s = ["Hands at the start of play: " + "; ".join(f"{x} {show(h[x])}" for x in SEATS) + "."]
    s.append(f"{lead}, {st.tricks[0][0]} leads.")
    for i, (_ld, cards, w) in enumerate(st.tricks, 1):
        s.append(f"T{i} " + " ".join(f"{x}:{c}" for x, c in cards) + f" → {w}.")
    s.append(f"Tricks NS {st.won['NS']}, EW {st.won['EW']}.")
    return " ".join(s)


# flow rule ids from the phases a valid deal went through
def flow_ids(st, deal):
    ids = ["deal.players", "deal.pack", "auction.first-speaker", "auction.bidders", "auction.bid-levels",
           "play.follow-suit", "play.trick-winner", "play.trumps", "play.lead"]
    if "deck" in deal:
        ids += ["deal.one-at-a-time"]
        if st.dealt_form == "alkupeli":
            ids += ["deal.table-cards-not-last", "deal.table-cards-consecutive-allowed"]
    if st.dealt_form == "alkupeli":
        ids += ["alkupeli.hand-size", "alkupeli.centre-cards", "alkupeli.strain-order"]
    else:
        ids += ["kotka.hand-size", "kotka.no-centre-cards", "kotka.strain-order", "kotka.min-level"]
    if st.form == "pakkomisaari":
        ids += ["auction.all-pass", "pakkomisaari.when", "pakkomisaari.table-cards", "pakkomisaari.exchange",
                "pakkomisaari.lead"]
        return ids
    ids += ["auction.end-eight-passes"]
    if sum(1 for _, c in st.calls if c != "pass") > 1 or any(c != "pass" for _, c in st.bids2):
        ids.append("auction.higher-bid")
    if st.dealt_form == "alkupeli":
        ids += ["kitty.take", "kitty.give-partner", "kitty.partner-gives-one-each", "kitty.partner-order",
                "kitty.main-pair-exchange-allowed", "auction2.final-min-level"]
    else:
        ids += ["kotka.exchange", "kotka.exchange-giver", "kotka.exchange-allowed", "kotka.final-min-level",
                "kotka.second-auction-min-level"]
    ids += ["auction2.main-pair-only", "auction2.first-speaker", "auction2.end-four-passes", "auction2.declarer",
            "doubling.defenders-order"]
    if "defenders-exchange" in st.phases_seen:
        ids += ["defenders-exchange.one-card", "defenders-exchange.before-doubling"]
        if any(e[0] == "give" and e[2] == left(st.declarer) for e in st.log):
            ids.append("defenders-exchange.different-card")
    else:
        ids.append("defenders-exchange.banned-after-high-first-bid")
    if st.doubling:
        ids.append("doubling.redouble-order")
    return ids


# readings of every rule the ruleset tags inferred or conflict, as the expected results use them
READINGS = {
    "deal.pack": "the ordinary 52-card pack, ace high, two low.",
    "deal.one-at-a-time": "a deck is dealt one card at a time clockwise from the dealer's left.",
    "kotka.hand-size": "no table cards in a kotka, so thirteen cards each.",
    "kitty.partner-order": "the partner's three single gifts go to his left first, then clockwise.",
    "kitty.main-pair-exchange-allowed": "the main pair takes and exchanges the table cards whatever the other side "
                                        "bid (a defender's opening at 6 or 7 bans nothing here).",
    "kotka.exchange-allowed": "the highest bidder and his partner swap four cards whatever the other side bid.",
    "auction2.final-min-level": "a pass that would end the second auction below level 4 is illegal "
                                "(final-contract-too-low); level 4 itself is playable.",
    "defenders-exchange.banned-after-high-first-bid": "only the main pair's first bid of the first auction counts "
                                                      "(level 6 or 7 bans the exchange); a defender's 6-level bid "
                                                      "does not.",
    "defenders-exchange.banned-by-whose-bid": "only the attacking (main) pair's first bid bans the exchange; a "
                                              "high opening bid by a defender does not.",
    "defenders-exchange.before-doubling": "the defenders' exchange comes before the knocks.",
    "doubling.defenders-order": "the declarer's left may knock first, then the declarer's right.",
    "doubling.redouble-order": "after a knock the knocker's left may counter-knock first, then his partner.",
    "pakkomisaari.exchange": "forehand to his partner, dealer's partner to the dealer, then the forehand's partner "
                             "and the dealer give one back, in that order; in a kotka's pakkomisääri too.",
    "pakkomisaari.same-card-may-return": "a card given back in the pakkomisääri exchange may be the card just "
                                         "received.",
    "pakkomisaari.lead": "the forehand (dealer's left) leads; there are no knocks.",
    "score.knocks-winner-only": "a knock ×2 / counter-knock ×4 multiplies every above-the-line item of the winner "
                                "(contract bonus or undertricks, overtricks, crowns, sequences, honours); the loser's "
                                "above points and all below points are not multiplied.",
    "score.undertrick-first": "the first undertrick of a 6-level contract is worth 1000 (Maalari), not the older "
                              "1100.",
    "score.honour-count": "honours are counted from the hands at the start of play, after every exchange; in grandi "
                          "2 × aces + 1 for more aces, the +1 to the final bidder's side with aces 2–2.",
    "score.contract-made": "a made misère scores the contract bonus of its level like any contract.",
    "score.overtricks": "overtricks score 200 each at levels 5 and 6 only (none at level 4), misère overtricks "
                        "(tricks fewer than allowed) alike.",
    "score.honours": "if the main pair takes fewer than 7 tricks its honours are cancelled and the defenders score "
                     "their own honours even when they hold fewer.",
    "score.misere-aces": "both sides score 100 × the trick number for each ace in a trick won by the other side.",
    "score.pakko-difference": "the side with fewer tricks scores 100 × the difference.",
    "score.pakko-sequences": "sequences from the ace count in a pakkomisääri (no trumps, so never doubled).",
    "match.first-to-reach": "when both sides reach 60 in one deal, the deal's below points are added trick by trick "
                            "in play order and the first side to reach 60 alone wins the game.",
    "match.dealer-rotation": "each deal's dealer is the left of the previous dealer.",
    "match.final-rounding": "book = difference / 100 rounded to the nearest whole number, halves away from zero.",
    "play.trumps": "a bid misère, like grandi, is played without trumps.",
    "score.overtrick-value": "an overtrick of a 4-level contract scores nothing (Table 2 names levels 5 and 6 only).",
    "score.undertricks": "Table 2's undertrick values apply to a failed bid misère too.",
    "score.sequences": "sequences from the ace score in a bid misère too (the misère exemption is on the aces row "
                       "only).",
    "match.game-bonus": "a kotka deal that brings a side to 60 wins it a game, numbered on from its games in the "
                        "alkupelit of the set (n × 200).",
}


# ----------------------------------------------------------------------------- YAML writer
def j(x):
    return json.dumps(x, ensure_ascii=False)


def _deal_lines(d, ind):
    L = []
    for k, v in d.items():
        if k == "hands" and isinstance(v, dict):
            L.append(f"{ind}hands:")
            for s, h in v.items():
                L.append(f"{ind}  {s}: {j(h)}")
        elif k == "deck" and isinstance(v, list) and len(v) > 26:
            L.append(f"{ind}deck: {j(v[:26])[:-1]},")
            L.append(f"{ind}  {j(v[26:])[1:]}")
        else:
            L.append(f"{ind}{k}: {j(v)}")
    return L


def to_yaml(case):
    L = [f"id: {j(case['id'])}", "ruleset: skruuvi-1944", f"description: {j(case['description'])}",
         f"rules: {j(case['rules'])}"]
    if case.get("example"):
        L.append("example: true")
    L.append("justification:")
    L.append(f"  kind: {case['kind']}")
    if case.get("ref"):
        L.append(f"  ref: {j(case['ref'])}")
    L.append(f"  note: {j(case['note'])}")
    if "match" in case:
        L.append("match:")
        if case["match"].get("players"):
            L.append(f"  players: {j(case['match']['players'])}")
        L.append("  deals:")
        for item in case["match"]["deals"]:
            dl = _deal_lines(item["deal"], "        ")
            L.append("    - deal:")
            L += dl
            if "seats" in item:
                L.append(f"      seats: {j(item['seats'])}")
            L.append("      actions:" if item["actions"] else "      actions: []")  # (an invalid deal: none)
            for a in item["actions"]:
                L.append(f"        - {j(a)}")
    else:
        L.append("deal:")
        L += _deal_lines(case["deal"], "  ")
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
    elif "match" in e:
        L.append("  match:")
        L.append("    sheets:")
        for sh in e["match"]["sheets"]:
            L.append(f"      - {j(sh)}")
        L.append(f"    final: {j(e['match']['final'])}")
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


class Reject(Exception):
    pass


def make_deal(sc, seed):
    """The deal of a scenario: raw, fixed hands, or the fixed cards + a seeded fill."""
    if "raw_deal" in sc:
        return sc["raw_deal"]
    form = sc.get("form", "alkupeli")
    size = 12 if form == "alkupeli" else 13
    if "hands" in sc:
        hands = {s: sort_cards(hand(sc["hands"][s])) for s in SEATS}
        centre = hand(sc.get("centre", ""))
    else:
        rng = random.Random(seed)
        fixed = {s: hand(sc.get("fix", {}).get(s, "")) for s in SEATS}
        cfix = hand(sc.get("centre_fix", ""))
        used = set(cfix) | set(functools.reduce(operator.iadd, fixed.values(), []))
        assert len(used) == len(cfix) + sum(len(v) for v in fixed.values()), sc["id"]
        rest = [c for c in ALL_CARDS if c not in used]
        rng.shuffle(rest)
        hands = {}
        for s in SEATS:
            k = size - len(fixed[s])
            hands[s] = sort_cards(fixed[s] + rest[:k])
            rest = rest[k:]
        centre = cfix + rest
    used = set(functools.reduce(operator.iadd, [list(v) for v in hands.values()], []))
    assert len(used) == 4 * size and len(set(centre) | used) == 52, (sc["id"], sorted(set(ALL_CARDS) - used - set(centre)))
    d = {"form": form, "dealer": sc["dealer"]}
    if "deck_positions" in sc:
        d["deck"] = hands_to_deck(sc["dealer"], hands, centre, sc["deck_positions"])
        if form == "alkupeli" or sc["deck_positions"]:
            d["centre_positions"] = sc["deck_positions"]
    else:
        d["hands"] = hands
        if form == "alkupeli":
            d["centre"] = centre
        elif "kotka_centre" in sc:
            d["centre"] = sc["kotka_centre"]
    if sc.get("state"):
        d["state"] = sc["state"]
    return d


def run_pre(sc, deal, strict, hint=None, trace=None):
    """Apply the scenario's actions and play. Returns (actions, State or None, early error). ``hint`` and
    ``trace``: see auto_play."""
    try:
        st = State(deal)
    except Err:
        return [a for a in sc.get("pre", []) if not callable(a)], None, (None, "invalid-deal")
    actions = []
    for a in sc.get("pre", []):
        if callable(a):
            a = a(st)
        try:
            st.apply(a)
        except Err as e:
            if sc.get("error") and sc["error"][0] == len(actions):
                actions.append(a)
                return actions, st, (len(actions) - 1, str(e))
            if not strict:
                raise Reject(f"action {len(actions)} {a!r} -> {e}") from None
            raise SystemExit(f"{sc['id']}: action {len(actions)} {a!r} -> {e}") from None
        actions.append(a)
    if st.phase == "play" and sc.get("play", "policy") is not None:
        p = sc.get("play", "policy")
        if isinstance(p, list):
            for c in p:
                a = f"{st.to_act()} play {c}"
                st.apply(a)
                actions.append(a)
        else:
            actions += auto_play(st, sc.get("target"), sc.get("goal"),
                                 limit=sc.get("limit", 20000 if not strict else 300000), hint=hint, trace=trace)
        if "want" in sc and not sc["want"](st):
            if not strict:
                raise Reject("want")
            raise SystemExit(sc["id"] + ": want() fails: " + str(st.won))
    cut = sc.get("cut")
    if cut is not None:
        actions = actions[:cut]
    actions += sc.get("after", [])
    return actions, st, None


def build_single(sc, hints=None):
    """The deal, actions, engine outcome and seed of a scenario: the first seed (of the hinted one first, then
    the scenario's range) whose deal passes every check; ``hints`` (search_hints.Hints) records what was found."""
    seeds = [None] if ("fix" not in sc) else range(sc.get("seed", 0), sc.get("seed", 0) + 3000)
    if hints is not None:
        seeds = hints.seeds(sc["id"], seeds)
    last = None
    for tried, seed in enumerate(seeds):
        deal = make_deal(sc, seed)
        trace = {}
        try:
            actions, _st, _ = run_pre(sc, deal, strict=seed is None,
                                      hint=hints.play(sc["id"], seed) if hints else None, trace=trace)
            if "bad" in sc:
                st2 = State(deal)
                for a in actions:
                    st2.apply(a)
                actions.append(sc["bad"](st2) if callable(sc["bad"]) else sc["bad"])
                actions += sc.get("tail", [])
        except Reject as e:
            if seed is None:
                raise SystemExit(f"{sc['id']}: {e}") from None
            last = e
            continue
        out = replay(deal, actions)
        if out[0] == "error" and sc.get("error") != (out[1], out[2]):
            if seed is not None:
                last = f"engine {out[1]} {out[2]}"
                continue
            raise SystemExit(f"{sc['id']}: engine says {out[1]} {out[2]}, author says {sc.get('error')}")
        if out[0] == "result" and "error" in sc:
            raise SystemExit(f"{sc['id']}: expected an error, got a result")
        if hints is not None:
            hints.record(sc["id"], seed, trace.get("play"), searched=tried > 0 or trace.get("searched", False))
        return deal, actions, out, seed
    raise SystemExit(f"{sc['id']}: no seed found; last: {last}")


def deal_remark(sc, seed):
    if seed is None:
        return ""
    fx = sc.get("fix", {})
    if not any(fx.values()) and not sc.get("centre_fix"):
        return f"Deal: a seeded shuffle (seed {seed})."
    return ("Deal: the cards named in the design (" + "; ".join(f"{s} {show(hand(v))}" for s, v in fx.items() if v)
            + (f"; table cards {show(hand(sc['centre_fix']))}" if sc.get("centre_fix") else "")
            + f") were placed, the rest shuffled (seed {seed}).")


def readings_text(ids):
    r = [f"Reading {i}: {READINGS[i]}" for i in ids if i in READINGS]
    return (" " + " ".join(r)) if r else ""


def build_case(sc, hints=None):
    if "match" in sc:
        return build_match(sc, hints)
    deal, actions, out, seed = build_single(sc, hints)
    rules = list(dict.fromkeys(sc.get("rules", [])))
    remark = sc.get("remark", "")
    remark = (remark.strip() + " " + deal_remark(sc, seed)).strip()
    case = {"id": sc["id"], "description": sc["description"], "deal": deal, "actions": actions,
            "kind": "source-example" if sc.get("ref") else "hand-derived", "ref": sc.get("ref")}
    if sc.get("example"):
        case["example"] = True
    if out[0] == "result":
        st = out[1]
        assert sum(1 for a in actions if a.split()[1] == "play") == 52
        res, stext, sids, _ = finish(st)
        if "expect_score" in sc:
            assert res["score"] == sc["expect_score"], (sc["id"], res["score"], sc["expect_score"])
        if "check" in sc:
            assert sc["check"](st, res), sc["id"]
        rules += [i for i in flow_ids(st, deal) + sids if i not in rules]
        note = (remark + " " if remark else "") + narrative(st) + " " + play_text(st) + " " + stext
        case["expect"] = {"result": res}
    else:
        _, idx, code, st = out
        if idx is None:
            note = remark
        elif idx == len(actions):
            note = (f"All {idx} actions are legal, but the record stops in phase {st.phase} with {st.to_act()} to "
                    f"act. " + remark)
        else:
            who = f"{st.to_act()} is to act" if st.to_act() else "the deal is complete and no seat is to act"
            pre_txt = f"Actions 0–{idx - 1} are legal" if idx > 0 else "This is the first action"
            note = f"{pre_txt}; action {idx} ({actions[idx]!r}) comes in phase {st.phase}, where {who}. " + remark
        note = f"{note.strip()} Expected {code}: {sc['description']}."
        case["expect"] = {"error": {"index": idx, "code": code}}
    case["rules"] = rules
    case["note"] = note.strip() + readings_text(rules)
    return case


def build_match(sc, hints=None):
    """A match record: sc['match'] is a list of deal scenarios (same keys as single ones)."""
    items, texts = [], []
    for i, dsc in enumerate(sc["match"]):
        dsc = dict(dsc)
        dsc.setdefault("id", f"{sc['id']}#{i}")
        deal, actions, out, seed = build_single(dsc, hints)
        items.append({"deal": deal, "actions": actions})
        if "seats" in dsc:
            items[-1]["seats"] = dsc["seats"]
        rem = (dsc.get("remark", "").strip() + " " + deal_remark(dsc, seed)).strip()
        texts.append(rem)
    out = match_replay(items)
    rules = list(dict.fromkeys(sc.get("rules", [])))
    parts = []
    if out[0] == "match":
        _, sheets, final, data = out
        for k, (st, _res, text, ids, sheet) in enumerate(data):
            rules += [x for x in flow_ids(st, items[k]["deal"]) + ids if x not in rules]
            parts.append(f"[Deal {k}] " + (texts[k] + " " if texts[k] else "") + narrative(st) + " "
                         + play_text(st) + " " + text
                         + f" Sheet after deal {k}: NS below {sheet['NS']['below']} above {sheet['NS']['above']} games "
                           f"{sheet['NS']['games']} running {sheet['NS']['running']}; EW below {sheet['EW']['below']} "
                           f"above {sheet['EW']['above']} games {sheet['EW']['games']} running "
                           f"{sheet['EW']['running']}.")
        tb = {sd: (sheets[-1][sd]["below"], sheets[-1][sd]["above"]) for sd in ("NS", "EW")}
        parts.append(f"[Final] The set: alkupelit until one side had 2 games, then 4 kotkat; then it ends. Totals: NS "
                     f"{tb['NS'][0]} + {tb['NS'][1]} = {final['NS']}; EW {tb['EW'][0]} + {tb['EW'][1]} = {final['EW']};"
                     f" difference NS − EW = {final['difference']}; book = {final['difference']} / 100 rounded "
                     f"(halves away from zero) = {final['book']}.")
        rules += [x for x in ["match.stages", "match.dealer-rotation", "match.final-accounting", "match.final-rounding"]
                  if x not in rules]
        expect = {"match": {"sheets": sheets, "final": final}}
    else:
        _, k, idx, code, data = out
        assert sc.get("error") == (k, idx, code), (sc["id"], k, idx, code)
        for kk, (st, _res, _text, _ids, sheet) in enumerate(data):
            desc = "pakkomisääri" if st.form == "pakkomisaari" else f"{st.contract} by {st.declarer}"
            parts.append(f"[Deal {kk}] {st.dealt_form}, dealer {st.dealer}: {desc}, tricks NS {st.won['NS']} EW "
                         f"{st.won['EW']}; sheet after it: games NS {sheet['NS']['games']} EW {sheet['EW']['games']}, "
                         f"running NS {sheet['NS']['running']} EW {sheet['EW']['running']}.")
        parts.append(f"Expected: deal {k}, index {idx}, {code}.")
        expect = {"error": {"deal": k, "index": idx, "code": code}}
    note = (sc.get("remark", "").strip() + " " + " ".join(parts)).strip()
    case = {"id": sc["id"], "description": sc["description"], "rules": rules,
            "kind": "source-example" if sc.get("ref") else "hand-derived", "ref": sc.get("ref"),
            "match": {"deals": items}, "expect": expect}
    if sc.get("players"):
        case["match"]["players"] = sc["players"]
    case["note"] = note + readings_text(rules)
    if "check" in sc:
        assert sc["check"](out), sc["id"]
    return case


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    import scenarios_1944
    from search_hints import Hints
    root = os.path.join(here, "..", "cases", "1944")
    check = "--check" in sys.argv
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    hints = Hints(os.path.join(here, "hints_1944.json"))
    ids, n, bad = set(), {}, 0
    for sc in scenarios_1944.SCENARIOS:
        assert sc["id"] not in ids, sc["id"]
        ids.add(sc["id"])
        if only and not any(o in sc["id"] for o in only):
            continue
        case = build_case(sc, hints)
        area = sc["id"].split(".")[1]
        name = sc["id"].split(".", 2)[2]
        path = os.path.join(root, area, name + ".yaml")
        text = to_yaml(case)
        if check:
            with open(path, encoding="utf-8") as f:
                if f.read() != text:
                    print("DIFFERS:", path)
                    bad += 1
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        n[area] = n.get(area, 0) + 1
    print(sum(n.values()), "cases;", ", ".join(f"{k} {v}" for k, v in sorted(n.items())))
    if hints.stale:
        print("stale search hints (searched anew):", ", ".join(hints.stale))
    if not check and not only:
        hints.save()
    if check:
        print("check:", "all equal" if not bad else f"{bad} differ")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
