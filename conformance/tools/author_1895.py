"""Authoring tool for the hand-written 1895 conformance cases (conformance/cases/1895/).

How the cases were produced
---------------------------
Every case in conformance/cases/1895 is written by this tool from a compact *scenario* in
``scenarios_1895.py`` (same folder).  Nothing here imports or reads the reference interpreter
(``reference_impl/``), its tests or the oracle.  The rules are implemented again from scratch, from
the brief on the 1895 record semantics (brief-1895.md), DESIGN.md (notation, record format, error
codes and their precedence, the ``choose`` verb and ``choice-not-offered``), INTERPRETING.md (result
and match-record shapes, 1944 section 6A which 1895 resembles), the prose and tables of
spec/rulesets/skruuvi-1895.yaml and the rules digest (shared/rules-digest.md sections 2 and 8.1).
The finished files were also validated against spec/schema/case.schema.json (format only).
The 1895 figures are typed in by hand below (``HONOUR_UNIT``, ``ACE_UNIT``, ...).  The engine is an
adaptation of the independent 1944 authoring tool (author_1944.py): one auction (8 passes, an
all-pass start is a redeal), the taker's ``choose`` between ostoskruuvi and pakettiskruuvi and the
two gift procedures, whist play, the 1895 scoring (tricks × level below for both sides, undertricks,
honours and aces by majority, slams, coronets), games from the running counts, and rubber match
records (alkupelit until one side has two games).

A scenario gives
  * the deal: hands written per seat and suit, or the cards the design needs plus a seeded fill of
    the rest (the seed is searched until the design's predicates hold), optionally re-encoded as a
    ``deck`` + ``centre_positions``; or a raw (broken) deal;
  * the actions before play, as strings or small functions of the state;
  * the play: a deterministic policy in which each side wants tricks until it has its goal,
    optionally searched depth first for a record in which a target holds;
  * for invalid records: the index and code the author *intends*.

The tool replays every record through its own rule engine (``State``), which asserts that each action
of a valid record is legal and, for an invalid record, that its first error (index and code, with the
precedence of DESIGN §4) is the intended one.  It scores the deal (``score_deal``) and the games
(``games_after``) and writes the derivation into ``justification.note``: auction, choice and gifts,
holdings at the start of play, every trick, every scoring item with its arithmetic, the games.  For
every rule the ruleset tags ``inferred`` or ``conflict`` that a case lists, the note ends with
"Reading <rule id>: ..." giving the reading the expected result uses.

A search's result (the seed of a seeded fill, the play found for a target) is stored in hints_1895.json and
tried first next time, checked like any candidate (search_hints.py); a stale one is searched anew.

Usage:  python3 author_1895.py            (writes all cases and hints_1895.json, prints a summary)
        python3 author_1895.py --check    (re-derives every case, exit 1 on any difference)
"""
from __future__ import annotations

import functools
import itertools
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
ORDER = "SCDHG"          # alkupeli.strain-order, low to high; no misère
CHOICES = ("ostoskruuvi", "pakettiskruuvi")

# 1895 tables (PSW, reduced figures, scale 1) and the inferred 1940s values
HONOUR_UNIT = 10
ACE_UNIT = {"trump": 10, "grand": 25}
UNDER_UNIT = 100
SMALL_SLAM = {"unbid": 100, "bid": 500}
GRAND_FACTOR = 2
ACE_CORONET = {3: 200, 4: 400}
SEQ_CARD = 100
GAME = 60
GAME_BONUS = 200          # × the side's game number in the rubber
GAMES_TO_WIN = 2


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
    return "trump" if bid[1] in "SCDH" else "grand"


class Err(Exception):
    pass


# ----------------------------------------------------------------------------- deal
def _cards_ok(cards):
    return all(is_card(c) for c in cards) and len(set(cards)) == 52 and len(cards) == 52


def _whole(x, lo, hi=None):
    return isinstance(x, int) and not isinstance(x, bool) and x >= lo and (hi is None or x <= hi)


def check_state(st):
    """deal.state (INTERPRETING §6A.1, §6B.1): absent means zeros; otherwise a mapping whose `running` and
    `games` are each absent (zeros) or a mapping of the sides NS and EW, a side absent counting 0; each
    number a whole number 0 or more, a running count below 60.  Other keys are not read.  Anything else
    is invalid-deal."""
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
    """Return (dealer, hands{seat:set}, centre list, state) or raise Err('invalid-deal')."""
    if not isinstance(deal, dict):
        raise Err("invalid-deal")
    if deal.get("form") != "alkupeli" or deal.get("dealer") not in list(SEATS):
        raise Err("invalid-deal")
    dealer = deal["dealer"]
    state = check_state(deal.get("state"))
    has_h, has_d = "hands" in deal, "deck" in deal
    if has_h == has_d:
        raise Err("invalid-deal")
    if has_h:
        hands, centre = deal["hands"], deal.get("centre")
        if "centre_positions" in deal or not isinstance(hands, dict) or set(hands) != set(SEATS) \
                or not isinstance(centre, list) or len(centre) != 4:
            raise Err("invalid-deal")
        allc = []
        for s in SEATS:
            if not isinstance(hands[s], list) or len(hands[s]) != 12:
                raise Err("invalid-deal")
            allc += hands[s]
        if not _cards_ok(allc + centre):
            raise Err("invalid-deal")
        return dealer, {s: set(hands[s]) for s in SEATS}, list(centre), state
    deck, pos = deal["deck"], deal.get("centre_positions")
    if "centre" in deal or not isinstance(deck, list) or not _cards_ok(deck):
        raise Err("invalid-deal")
    if not isinstance(pos, list) or len(pos) != 4 or len(set(pos)) != 4 \
            or not all(_whole(p, 0, 51) for p in pos):
        raise Err("invalid-deal")
    if 51 in pos:                      # deal.centre-not-last
        raise Err("invalid-deal")
    sp = sorted(pos)
    centre = [deck[p] for p in sp]
    hands = {s: set() for s in SEATS}
    seat = left(dealer)
    for i, c in enumerate(deck):
        if i in sp:
            continue
        hands[seat].add(c)
        seat = left(seat)
    return dealer, hands, centre, state


def hands_to_deck(dealer, hands, centre, positions):
    """A deck whose centre positions hold the centre (in position order) and whose other cards, dealt one
    at a time from the dealer's left, give these hands."""
    sp = sorted(positions)
    queues = {s: sort_cards(hands[s]) for s in SEATS}
    rest, seat = [], left(dealer)
    for _ in range(48):
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
        if len(args) != 1 or not re.fullmatch(r"[a-z][a-z-]*", args[0]):
            raise Err("malformed-action")
        return seat, verb, args[0]
    raise Err("malformed-action")


# ----------------------------------------------------------------------------- state machine
class State:
    def __init__(self, deal):
        self.dealer, self.hands, self.centre, self.state = build_deal(deal)
        self.form = "alkupeli"
        self.phase = "auction"
        self.log = []
        self.calls = []
        self.high = None
        self.cons_pass = 0
        self.turn = self.dealer
        self.declarer = None
        self.contract = None
        self.choice = None
        self.steps = []
        self.tricks = []
        self.cur = []
        self.won = {"NS": 0, "EW": 0}
        self.goal = None
        self.trump = None
        self.play_start_hands = None

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

    @staticmethod
    def bid_key(b):
        return (int(b[0]), ORDER.index(b[1]))

    def apply(self, a):
        seat, verb, arg = parse(a)
        if seat != self.to_act():
            raise Err("not-your-turn")
        getattr(self, "_" + self.phase)(seat, verb, arg)

    # --- auction
    def _auction(self, seat, verb, arg):
        if verb == "bid":
            if arg[1] == "M":
                raise Err("bid-not-allowed")
            if self.high and self.bid_key(arg) <= self.bid_key(self.high[0]):
                raise Err("bid-not-higher")
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
            self.form = "redeal"
            self.phase = "done"
        elif self.high is not None and self.cons_pass == 8:
            self.contract, self.declarer = self.high
            T = self.declarer
            self.hands[T] |= set(self.centre)          # kitty.take (automatic)
            self.phase = "choose"
            self.turn = T

    # --- kitty
    def _choose(self, seat, verb, arg):
        if verb != "choose":
            raise Err("wrong-phase")
        if arg not in CHOICES:
            raise Err("choice-not-offered")
        self.choice = arg
        T, P = seat, partner(seat)
        if arg == "ostoskruuvi":
            self.steps = [(T, left(T), 1), (T, P, 1), (T, right(T), 1)]
        else:
            self.steps = [(T, P, 4), (P, left(P), 1), (P, T, 1), (P, right(P), 1)]
        self.phase = "gifts"
        self.turn = self.steps[0][0]

    def _gifts(self, seat, verb, arg):
        _giver, to_exp, count = self.steps[0]
        if verb != "give":
            raise Err("wrong-phase")
        to, cards = arg
        if to != to_exp:
            raise Err("give-wrong-recipient")
        if len(cards) != count:
            raise Err("give-wrong-count")
        if not all(c in self.hands[seat] for c in cards):
            raise Err("card-not-held")
        for c in cards:
            self.hands[seat].remove(c)
            self.hands[to].add(c)
        self.log.append(("give", seat, to, cards))
        self.steps = self.steps[1:]
        if self.steps:
            self.turn = self.steps[0][0]
        else:
            self._start_play()

    # --- play
    def _start_play(self):
        self.phase = "play"
        self.trump = self.contract[1] if kind_of(self.contract) == "trump" else None
        self.turn = left(self.declarer)
        ms = side(self.declarer)
        self.goal = {ms: 13, other(ms): 13}
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


# ----------------------------------------------------------------------------- scoring
def run_from_ace(cards, su):
    n = 0
    for r in "AKQJT98765432":
        if r + su in cards:
            n += 1
        else:
            break
    return n


def score_deal(st):
    """Points of one deal before games: (below{side}, above{side}, text, rule ids, trick sequence).
    The trick sequence is [(side, points)] in play order: who scores each trick's below points."""
    zero = {"NS": 0, "EW": 0}
    if st.form == "redeal":
        return dict(zero), dict(zero), ("All four passed at the start: a redeal. Nobody plays; the deal scores "
                                        "nothing (NS 0/0, EW 0/0)."), ["redeal.scores-nothing"], []
    ids = ["score.columns", "score.no-knocks", "score.each-side-own", "score.scale"]
    lines = []
    D = st.declarer
    ms, ds = side(D), other(side(D))
    L = int(st.contract[0])
    k = kind_of(st.contract)
    h = st.play_start_hands
    sides = {"NS": h["N"] | h["S"], "EW": h["E"] | h["W"]}
    below = {sd: st.won[sd] * L for sd in ("NS", "EW")}
    ids.append("score.below-tricks")
    lines.append(f"Below the line (own tricks × level {L}, both sides, made or not): {ms} {st.won[ms]} × {L} = "
                 f"{below[ms]}, {ds} {st.won[ds]} × {L} = {below[ds]}.")
    seq_pts = [(side(w), L) for _, _c, w in st.tricks]
    items = {"NS": [], "EW": []}
    need = 6 + L
    mt = st.won[ms]
    made = mt >= need
    strain_txt = "no trump" if k == "grand" else "trumps " + SUIT_SYM[st.trump]
    if made:
        lines.append(f"{st.contract} ({strain_txt}) needs 6 + {L} = {need} tricks; {ms} (declarer's side) took {mt}: "
                     f"made.")
    else:
        u = need - mt
        ids += ["score.undertricks", "score.undertrick-unit", "score.undertricks-per-trick"]
        lines.append(f"{st.contract} ({strain_txt}) needs 6 + {L} = {need} tricks; {ms} (declarer's side) took {mt}: "
                     f"failed by {u}.")
        items[ds].append((f"undertricks {UNDER_UNIT} × {L} × {u} = {UNDER_UNIT * L * u}", UNDER_UNIT * L * u))
    # honours
    if k == "trump":
        t = st.trump
        hc = {}
        parts = []
        for sd in ("NS", "EW"):
            th = sorted((c for c in sides[sd] if c[1] == t and c[0] in "TJQKA"), key=rank, reverse=True)
            hc[sd] = len(th)
            parts.append(f"{sd} {' '.join(th) or 'none'} ({len(th)})")
        hs = "NS" if hc["NS"] > hc["EW"] else "EW"
        ids += ["score.honours", "score.honour-unit", "score.honour-count", "score.honours-and-aces-per-card"]
        p = HONOUR_UNIT * L * hc[hs]
        lines.append(f"Honours (A K Q J T of trumps, at the start of play): {'; '.join(parts)}; {hs} holds more.")
        items[hs].append((f"honours {HONOUR_UNIT} × {L} × {hc[hs]} = {p}", p))
    else:
        lines.append("No trump: no honours.")
    # aces
    ac = {sd: sorted(c for c in sides[sd] if c[0] == "A") for sd in ("NS", "EW")}
    unit = ACE_UNIT[k]
    ids += ["score.aces", "score.ace-unit", "score.honours-and-aces-per-card"]
    if len(ac["NS"]) != len(ac["EW"]):
        a_sd = "NS" if len(ac["NS"]) > len(ac["EW"]) else "EW"
        n = len(ac[a_sd])
        lines.append(f"Aces at the start of play: NS {' '.join(ac['NS']) or 'none'}, EW {' '.join(ac['EW']) or 'none'}; "
                     f"{a_sd} holds more ({n}).")
    else:
        a_sd = "NS" if st.won["NS"] >= 7 else "EW"
        n = 2
        lines.append(f"Aces at the start of play: NS {' '.join(ac['NS'])}, EW {' '.join(ac['EW'])}: split 2–2, so the "
                     f"side with the odd trick ({a_sd}, {st.won[a_sd]} tricks ≥ 7) scores for two aces.")
    p = unit * L * n
    items[a_sd].append((f"aces {unit} × {L} × {n} = {p}" + (" (no-trump unit 25)" if k == "grand" else ""), p))
    # slams
    for sd in ("NS", "EW"):
        w = st.won[sd]
        bid_slam = sd == ms and L >= 6
        if sd == ms and L == 6 and w >= 12:
            ids += ["score.small-slam-bid", "score.slam-values"]
            items[sd].append((f"bid small slam made ({w} tricks): {SMALL_SLAM['bid']}", SMALL_SLAM["bid"]))
            if w == 13:
                ids += ["score.small-slam-bid-made-grand", "score.grand-slam-doubled"]
                v = SMALL_SLAM["unbid"] * GRAND_FACTOR
                items[sd].append((f"all 13 tricks after bidding six: {SMALL_SLAM['unbid']} × {GRAND_FACTOR} = {v} more",
                                  v))
        if sd == ms and L == 7 and w == 13:
            ids += ["score.grand-slam-bid", "score.slam-values", "score.grand-slam-doubled"]
            v = SMALL_SLAM["bid"] * GRAND_FACTOR
            items[sd].append((f"bid grand slam made: {SMALL_SLAM['bid']} × {GRAND_FACTOR} = {v}", v))
        if w == 12 and not bid_slam:
            ids += ["score.unbid-small-slam", "score.slam-values"]
            items[sd].append((f"unbid small slam (exactly 12 tricks): {SMALL_SLAM['unbid']}", SMALL_SLAM["unbid"]))
        if w == 13 and not bid_slam:
            ids += ["score.unbid-grand-slam", "score.slam-values", "score.grand-slam-doubled"]
            v = SMALL_SLAM["unbid"] * GRAND_FACTOR
            items[sd].append((f"unbid grand slam (all 13 tricks): {SMALL_SLAM['unbid']} × {GRAND_FACTOR} = {v}", v))
        if w == 12 and sd == ms and L == 7:
            lines.append(f"{ms} took 12 tricks but bid seven: no unbid small slam.")
    if not made and L >= 6:
        ids += ["score.failed-slam", "score.slam-values"]
        v = SMALL_SLAM["bid"] * (GRAND_FACTOR if L == 7 else 1)
        if L == 7:
            ids.append("score.grand-slam-doubled")
        items[ds].append((f"failed {'grand' if L == 7 else 'small'} slam bid: " +
                          (f"{SMALL_SLAM['bid']} × {GRAND_FACTOR} = {v}" if L == 7 else f"{v}"), v))
    # coronets
    any_cor = False
    for s in SEATS:
        na = sum(1 for c in h[s] if c[0] == "A")
        if na >= 3:
            any_cor = True
            ids += ["score.ace-coronets", "score.coronet-aces"]
            v = ACE_CORONET[na] * (2 if k == "grand" else 1)
            items[side(s)].append((f"ace coronet: {na} aces in {s}'s hand {ACE_CORONET[na]}"
                                   + (f" × 2 at no trump = {v}" if k == "grand" else ""), v))
        for su in "SHDC":
            r = run_from_ace(h[s], su)
            if r >= 3:
                any_cor = True
                ids += ["score.sequence-coronets", "score.coronet-sequence-card"]
                tr = su == st.trump
                v = SEQ_CARD * (r - 2) * (2 if tr else 1)
                items[side(s)].append((f"sequence {s} {SUIT_SYM[su]}{'AKQJT98765432'[:r]} ({r} from the ace: {r} − 2 = "
                                       f"{r - 2} sequence card{'s' if r != 3 else ''} × {SEQ_CARD * (2 if tr else 1)}"
                                       + (" in trumps" if tr else "") + f") = {v}", v))
    if not any_cor:
        lines.append("No coronets: no hand holds three or four aces or a run of three or more from the ace.")
    above = {}
    for sd in (ms, ds):
        above[sd] = sum(p for _, p in items[sd])
        if items[sd]:
            lines.append(f"{sd} above: " + "; ".join(t for t, _ in items[sd]) + f"; total {above[sd]}.")
        else:
            lines.append(f"{sd} above: nothing.")
    return below, above, " ".join(lines), list(dict.fromkeys(ids)), seq_pts


def games_after(form, below, seq_pts, state):
    """Apply the deal's below-line trick points to the running counts.  Returns (bonus{side}, new state,
    text, ids)."""
    run, games = dict(state["running"]), dict(state["games"])
    bonus = {"NS": 0, "EW": 0}
    if form == "redeal":
        return bonus, {"running": run, "games": games}, (
            f"A redeal leaves the running counts (NS {run['NS']}, EW {run['EW']}) and games as they were."), []
    ids = ["match.game-threshold"]
    new = {sd: run[sd] + below[sd] for sd in ("NS", "EW")}
    txt = [f"Running counts: NS {run['NS']} + {below['NS']} = {new['NS']}, EW {run['EW']} + {below['EW']} = "
           f"{new['EW']}."]
    reach = [sd for sd in ("NS", "EW") if new[sd] >= GAME]
    winner = None
    if len(reach) == 1:
        winner = reach[0]
    elif len(reach) == 2:
        ids.append("match.first-to-reach")
        c = dict(run)
        steps = []
        for i, (sd, p) in enumerate(seq_pts, 1):
            c[sd] += p
            steps.append(f"T{i} {sd} {c[sd]}")
            if c[sd] >= GAME:
                winner = sd
                break
        txt.append(f"Both reach {GAME}: adding each trick's {seq_pts[0][1]} points to its winner in play order ("
                   + ", ".join(steps) + f"), {winner} reaches {GAME} first and alone wins the game.")
    if winner:
        ids.append("match.game-bonus")
        games[winner] += 1
        bonus[winner] = GAME_BONUS * games[winner]
        txt.append(f"{winner} wins a game (its game number {games[winner]} of the rubber): {GAME_BONUS} × "
                   f"{games[winner]} = {bonus[winner]} written below; both running counts restart at 0.")
        run = {"NS": 0, "EW": 0}
    else:
        run = new
        txt.append(f"Nobody reaches {GAME}: no game.")
    txt.append(f"Games: NS {games['NS']}, EW {games['EW']}.")
    return bonus, {"running": run, "games": games}, " ".join(txt), ids


def finish(st, with_state=True):
    """Full single-deal result: (result, note text, ids, new state)."""
    below, above, text, ids, seq = score_deal(st)
    bonus, new_state, gtext, gids = games_after(st.form, below, seq, st.state)
    score = {sd: {"below": below[sd] + bonus[sd], "above": above[sd]} for sd in ("NS", "EW")}
    contract = None if st.form == "redeal" else {"declarer": st.declarer, "bid": st.contract, "doubling": 0}
    res = {"contract": contract, "tricks": dict(st.won), "score": score}
    s0 = st.state
    pre = ""
    if with_state and (any(s0["running"].values()) or any(s0["games"].values())):
        pre = (f"State before the deal (deal.state): running NS {s0['running']['NS']}, EW {s0['running']['EW']}; "
               f"games NS {s0['games']['NS']}, EW {s0['games']['EW']}. ")
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


def book_of(diff):
    q, r = divmod(abs(diff), 100)
    return (q + (1 if r >= 50 else 0)) * (1 if diff >= 0 else -1)


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
    """Replay a rubber.  Returns ('match', sheets, final, per-deal data) or ('error', k, index, code, data)."""
    state = {"running": {"NS": 0, "EW": 0}, "games": {"NS": 0, "EW": 0}}
    tot = {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 0}}
    sheets, data = [], []
    prev = None
    kept = None
    for k, item in enumerate(deals):
        d, acts = item["deal"], item["actions"]
        if max(state["games"].values()) >= GAMES_TO_WIN:
            return ("error", k, None, "match-overrun", data)
        if d.get("form") != "alkupeli":
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
        res, text, ids, state = finish(st, with_state=False)
        for sd in ("NS", "EW"):
            for col in ("below", "above"):
                tot[sd][col] += res["score"][sd][col]
        sheet = {sd: {"below": tot[sd]["below"], "above": tot[sd]["above"], "games": state["games"][sd],
                      "running": state["running"][sd]} for sd in ("NS", "EW")}
        sheets.append(sheet)
        data.append((st, res, text, ids, sheet))
        prev = d["dealer"]
    if max(state["games"].values()) < GAMES_TO_WIN:
        return ("error", len(deals), None, "incomplete-record", data)
    t = {sd: tot[sd]["below"] + tot[sd]["above"] for sd in ("NS", "EW")}
    diff = t["NS"] - t["EW"]
    final = {"NS": t["NS"], "EW": t["EW"], "difference": diff, "book": book_of(diff)}
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
        ms = side(st.declarer)
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
    calls = " ".join(f"{s}:{c}" for s, c in st.calls)
    out = [f"Alkupeli, dealer {st.dealer}; auction (dealer first, clockwise): {calls}."]
    if st.form == "redeal":
        out.append("The first four calls are passes: redeal; nobody is to act any more.")
        return " ".join(out)
    out.append(f"It ends at the 8th consecutive pass after the last bid: contract {st.contract}, declarer (taker) "
               f"{st.declarer}. {st.declarer} takes the centre cards {' '.join(st.centre)} (16 cards) and chooses "
               f"{st.choice}.")
    for ev in st.log:
        out.append(f"{ev[1]} gives {ev[2]} {' '.join(ev[3])}.")
    return " ".join(out)


def play_text(st):
    if st.form == "redeal":
        return ""
    h = st.play_start_hands
    lead = f"Play ({st.contract}, trumps {SUIT_SYM[st.trump]})" if st.trump else f"Play ({st.contract}, no trumps)"
    s = ["Hands at the start of play: " + "; ".join(f"{x} {show(h[x])}" for x in SEATS) + "."]
    s.append(f"{lead}, {st.tricks[0][0]} (declarer's left) leads.")
    for i, (_ld, cards, w) in enumerate(st.tricks, 1):
        s.append(f"T{i} " + " ".join(f"{x}:{c}" for x, c in cards) + f" → {w}.")
    s.append(f"Tricks NS {st.won['NS']}, EW {st.won['EW']}.")
    return " ".join(s)


def flow_ids(st, deal):
    ids = ["deal.players", "deal.pack", "alkupeli.hand-size", "alkupeli.centre-cards", "alkupeli.strain-order",
           "alkupeli.no-kotkat", "auction.first-speaker", "auction.bidders", "auction.bid-levels"]
    if "deck" in deal:
        ids += ["deal.one-at-a-time", "deal.centre-not-last"]
        pos = sorted(deal["centre_positions"])
        if any(b - a == 1 for a, b in itertools.pairwise(pos)):
            ids.append("deal.centre-consecutive-allowed")
    if st.form == "redeal":
        return [*ids, "auction.all-pass", "redeal.scores-nothing"]
    ids += ["auction.end-eight-passes"]
    if sum(1 for _, c in st.calls if c != "pass") > 1:
        ids.append("auction.higher-bid")
    ids += ["kitty.take", "kitty.procedures", "kitty.choice", "kitty.order", "play.lead", "play.trumps",
            "play.follow-suit", "play.trick-winner"]
    return ids


# readings of every rule the ruleset tags inferred or conflict, as the expected results use them
READINGS = {
    "deal.players": "four players, partners opposite (N–S against E–W).",
    "score.honours-and-aces-per-card": "honours and aces score per card: the unit × the level × the cards the side "
                                       "with the majority holds, not a flat 10 × level per side.",
    "deal.pack": "the ordinary 52-card pack, ace high, two low.",
    "deal.one-at-a-time": "a deck is dealt one card at a time clockwise from the dealer's left, the cards at the "
                          "centre positions going to the centre in position order.",
    "deal.centre-not-last": "only position 51 (the last card) may not be a centre position.",
    "deal.centre-consecutive-allowed": "the centre positions may be consecutive (and may include 0).",
    "alkupeli.hand-size": "twelve cards each plus four centre cards.",
    "alkupeli.centre-cards": "four centre cards, taken by the highest bidder.",
    "alkupeli.strain-order": "S < C < D < H < G; a misère bid is bid-not-allowed.",
    "alkupeli.no-kotkat": "every deal is an alkupeli; another deal form is invalid-deal (single deals) or "
                          "wrong-deal-form (match records).",
    "redeal.scores-nothing": "a passed-out deal scores zero for both sides and changes no running count.",
    "auction.first-speaker": "the dealer calls first, then clockwise.",
    "auction.bidders": "all four players bid; a player who passed may bid later.",
    "auction.bid-levels": "levels 1 to 7; level n needs 6 + n tricks.",
    "auction.higher-bid": "a bid must be of a higher level or the same level and a higher strain; the last bidder "
                          "may raise his own bid.",
    "auction.end-eight-passes": "the auction ends at the 8th consecutive pass after the last bid (not 12).",
    "auction.all-pass": "four passes at the start mean a redeal (not the passimisääri alternative).",
    "kitty.take": "the highest bidder (the declarer) takes the centre cards automatically.",
    "kitty.choice": "the taker chooses the procedure each deal with `choose ostoskruuvi` or `choose pakettiskruuvi`, "
                    "after taking the centre cards and before any gift.",
    "kitty.order": "one-card gifts go to the giver's left first, then the seat opposite, then his right.",
    "play.lead": "the declarer's left leads to the first trick.",
    "play.follow-suit": "follow suit if able, otherwise any card; no duty to trump.",
    "play.trick-winner": "the highest trump, else the highest card of the suit led, wins; the winner leads.",
    "score.columns": "tricks (and game bonuses) below the line, everything else above.",
    "score.no-knocks": "no multipliers: doubling is always 0.",
    "score.each-side-own": "each side writes what it earns; nothing is negative or zero-sum.",
    "score.scale": "the reduced figures (scale 1): game at 60, bonus 200 × n, book = difference / 100.",
    "score.coronet-aces": "three aces in one hand 200, four aces 400 (the 1940s values).",
    "score.coronet-sequence-card": "100 per sequence card from the third card of a run from the ace.",
    "score.honour-count": "honours are the A K Q J T of trumps, counted from the hands at the start of play, after "
                          "the gifts.",
    "score.below-tricks": "both sides score own tricks × level below the line, made or not.",
    "score.undertricks": "each undertrick scores 100 × level for the defenders, above the line.",
    "score.grand-slam-bid": "a bid grand slam made scores 2 × 500 = 1000.",
    "score.unbid-small-slam": "a side taking exactly 12 tricks scores 100 unless it is the declarer's side at level 6 "
                              "or 7; defenders can score it too.",
    "score.unbid-grand-slam": "a side taking all 13 tricks scores 200 unless it is the declarer's side at level 6 or "
                              "7; defenders can score it too.",
    "score.failed-slam": "a failed 6 gives the defenders 500 and a failed 7 1000, besides the undertricks.",
    "score.ace-coronets": "each hand of a side with exactly 3 aces scores 200, with 4 aces 400, doubled at no trump, "
                          "made or not.",
    "score.sequence-coronets": "a run of r cards from the ace in one hand gives r − 2 sequence cards, 100 each, 200 "
                               "in the trump suit; made or not.",
    "match.game-threshold": "a side whose running count reaches 60 wins a game; both counts restart at 0.",
    "match.game-bonus": "a side's n-th game of the rubber scores 200 × n in its below column of that deal.",
    "match.first-to-reach": "when both reach 60 in one deal, each trick's level points go to its winner in play order "
                            "and the first side to reach 60 alone wins the game.",
    "match.rubber": "the rubber ends as soon as one side has won two games; later deals are match-overrun.",
    "match.side-totals": "the sheet gives each side's cumulative below (with game bonuses) and above points.",
    "match.dealer-rotation": "each deal, a redeal included, is dealt by the previous dealer's left.",
    "match.final-accounting": "each side's total is all its below and above points; difference = NS − EW.",
    "match.final-rounding": "book = difference / 100 rounded to the nearest whole number, halves away from zero.",
    "play.trumps": "the suit of the contract is trumps; a no-trump contract has none (Vint and 1917, not an 1895 text).",
    "score.honours": "each honour held by the side with more honours scores 10 × level (per honour, not a flat "
                     "10 × level), made or not, above the line.",
    "score.aces": "each ace held by the side with more aces scores 10 × level (25 × level at no trump), made or not; "
                  "at 2–2 the side that takes seven tricks or more scores its two aces.",
    "score.honour-unit": "PSW's \"Honours 10 × level of bid\" is paid once per honour the majority side holds.",
    "score.ace-unit": "PSW's \"Aces 10 × level of bid\" (25 × at no trump) is paid once per ace the scoring side "
                      "holds.",
    "score.undertrick-unit": "PSW's \"Undertricks 100 × level of bid\" is paid once per undertrick, to the "
                             "opponents.",
    "score.undertricks-per-trick": "undertricks score per trick short (factor 1), not a flat 100 × level per "
                                   "failed contract.",
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
    L = [f"id: {j(case['id'])}", "ruleset: skruuvi-1895", f"description: {j(case['description'])}",
         f"rules: {j(case['rules'])}"]
    if case.get("example"):  # rendered as a worked example in the rule book
        L.append("example: true")
    L += ["justification:", "  kind: hand-derived", f"  note: {j(case['note'])}"]
    if "match" in case:
        L.append("match:")
        L.append("  deals:")
        for item in case["match"]["deals"]:
            L.append("    - deal:")
            L += _deal_lines(item["deal"], "        ")
            if "seats" in item:
                L.append(f"      seats: {j(item['seats'])}")
            if not item["actions"]:
                L.append("      actions: []")
                continue
            L.append("      actions:")
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
            k = 12 - len(fixed[s])
            hands[s] = sort_cards(fixed[s] + rest[:k])
            rest = rest[k:]
        centre = cfix + rest
    used = set(functools.reduce(operator.iadd, [list(v) for v in hands.values()], []))
    assert len(used) == 48 and len(set(centre) | used) == 52 and len(centre) == 4, sc["id"]
    d = {"form": "alkupeli", "dealer": sc["dealer"]}
    if "deck_positions" in sc:
        d["deck"] = hands_to_deck(sc["dealer"], hands, centre, sc["deck_positions"])
        d["centre_positions"] = sc["deck_positions"]
    else:
        d["hands"] = hands
        d["centre"] = centre
    if sc.get("state"):
        d["state"] = sc["state"]
    for k, v in sc.get("deal_extra", {}).items():
        d[k] = v
    return d


def run_pre(sc, deal, strict, hint=None, trace=None):
    """Apply the scenario's actions and play. Returns actions. ``hint`` and ``trace``: see auto_play."""
    st = State(deal)
    actions = []
    for a in sc.get("pre", []):
        if callable(a):
            a = a(st)
        try:
            st.apply(a)
        except Err as e:
            if not strict:
                raise Reject(f"action {len(actions)} {a!r} -> {e}") from None
            raise SystemExit(f"{sc['id']}: action {len(actions)} {a!r} -> {e}") from None
        actions.append(a)
    if st.phase == "play" and "hold" in sc and not sc["hold"](st):
        if not strict:
            raise Reject("hold")
        raise SystemExit(sc["id"] + ": hold() fails")
    if st.phase == "play" and sc.get("play", "policy") is not None:
        p = sc.get("play", "policy")
        if isinstance(p, list):
            for c in p:
                a = f"{st.to_act()} play {c}"
                st.apply(a)
                actions.append(a)
        else:
            actions += auto_play(st, sc.get("target"), sc.get("goal"), limit=sc.get("limit", 20000), hint=hint,
                                 trace=trace)
        if "want" in sc and not sc["want"](st):
            if not strict:
                raise Reject("want")
            raise SystemExit(sc["id"] + ": want() fails: " + str(st.won))
    cut = sc.get("cut")
    if cut is not None:
        actions = actions[:cut]
    return actions


def build_single(sc, hints=None):
    """The deal, actions, engine outcome and seed of a scenario: the first seed (of the hinted one first, then
    the scenario's range) whose deal passes every check; ``hints`` (search_hints.Hints) records what was found."""
    seeds = [None] if ("fix" not in sc or "raw_deal" in sc) else range(sc.get("seed", 0), sc.get("seed", 0) + 3000)
    if hints is not None:
        seeds = hints.seeds(sc["id"], seeds)
    last = None
    for tried, seed in enumerate(seeds):
        deal = make_deal(sc, seed)
        trace = {}
        try:
            if "raw_deal" in sc or replay(deal, [])[1:3] == (None, "invalid-deal"):
                actions = [a for a in sc.get("pre", []) if not callable(a)]
                seed = None
            else:
                actions = run_pre(sc, deal, strict=seed is None, hint=hints.play(sc["id"], seed) if hints else None,
                                  trace=trace)
                if "bad" in sc:
                    st2 = State(deal)
                    for a in actions:
                        st2.apply(a)
                    actions.append(sc["bad"](st2) if callable(sc["bad"]) else sc["bad"])
                actions += sc.get("after", [])
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
            + (f"; centre {show(hand(sc['centre_fix']))}" if sc.get("centre_fix") else "")
            + f") were placed, the rest shuffled (seed {seed}).")


def readings_text(ids):
    r = [f"Reading {i}: {READINGS[i]}" for i in ids if i in READINGS]
    return (" " + " ".join(r)) if r else ""


def deal_text(st, deal):
    if "deck" in deal:
        return (f"The deal is given as a deck with centre positions {deal['centre_positions']}: the centre cards are "
                f"{' '.join(st.centre)}; the other 48 cards are dealt one at a time from {left(st.dealer)} (the "
                f"dealer's left) clockwise.")
    return ""


def build_case(sc, hints=None):
    if "match" in sc:
        return build_match(sc, hints)
    deal, actions, out, seed = build_single(sc, hints)
    rules = list(dict.fromkeys(sc.get("rules", [])))
    remark = (sc.get("remark", "").strip() + " " + deal_remark(sc, seed)).strip()
    case = {"id": sc["id"], "description": sc["description"], "deal": deal, "actions": actions}
    if out[0] == "result":
        st = out[1]
        res, stext, sids, _ = finish(st)
        if "expect_score" in sc:
            assert res["score"] == sc["expect_score"], (sc["id"], res["score"], sc["expect_score"])
        if "check" in sc:
            assert sc["check"](st, res), (sc["id"], res)
        rules += [i for i in flow_ids(st, deal) + sids if i not in rules]
        parts = [remark, deal_text(st, deal), narrative(st), play_text(st), stext]
        note = " ".join(p for p in parts if p)
        case["expect"] = {"result": res}
    else:
        _, idx, code, st = out
        if idx is None:
            note = remark
        elif idx == len(actions):
            note = (f"All {idx} actions are legal, but the record stops in phase {st.phase} with {st.to_act()} to "
                    f"act. " + remark)
        else:
            who = f"{st.to_act()} is to act" if st.to_act() else "the deal is over and no seat is to act"
            pre_txt = f"Actions 0–{idx - 1} are legal" if idx > 0 else "This is the first action"
            note = f"{pre_txt}; action {idx} ({actions[idx]!r}) comes in phase {st.phase}, where {who}. " + remark
        note = f"{note.strip()} Expected {code} at index {idx}."
        case["expect"] = {"error": {"index": idx, "code": code}}
    case["rules"] = rules
    case["note"] = note.strip() + readings_text(rules)
    case["example"] = bool(sc.get("example"))
    return case


def build_match(sc, hints=None):
    """A match record: sc['match'] is a list of deal scenarios (same keys as single ones)."""
    items, texts = [], []
    for i, dsc in enumerate(sc["match"]):
        dsc = dict(dsc)
        dsc.setdefault("id", f"{sc['id']}#{i}")
        deal, actions, out, seed = build_single(dsc, hints)
        deal.pop("state", None)
        items.append({"deal": deal, "actions": actions})
        if "seats" in dsc:
            items[-1]["seats"] = dsc["seats"]
        texts.append((dsc.get("remark", "").strip() + " " + deal_remark(dsc, seed)).strip())
    out = match_replay(items)
    rules = list(dict.fromkeys(sc.get("rules", [])))
    parts = []
    if out[0] == "match":
        _, sheets, final, data = out
        for k, (st, _res, text, ids, sheet) in enumerate(data):
            rules += [x for x in flow_ids(st, items[k]["deal"]) + ids if x not in rules]
            body = [texts[k], deal_text(st, items[k]["deal"]), narrative(st), play_text(st), text]
            parts.append(f"[Deal {k}] " + " ".join(p for p in body if p)
                         + f" Sheet after deal {k}: NS below {sheet['NS']['below']} above {sheet['NS']['above']} games "
                           f"{sheet['NS']['games']} running {sheet['NS']['running']}; EW below {sheet['EW']['below']} "
                           f"above {sheet['EW']['above']} games {sheet['EW']['games']} running "
                           f"{sheet['EW']['running']}.")
        tb = {sd: (sheets[-1][sd]["below"], sheets[-1][sd]["above"]) for sd in ("NS", "EW")}
        parts.append(f"[Final] The rubber ends when a side has 2 games. Totals: NS {tb['NS'][0]} + {tb['NS'][1]} = "
                     f"{final['NS']}; EW {tb['EW'][0]} + {tb['EW'][1]} = {final['EW']}; difference NS − EW = "
                     f"{final['difference']}; book = {final['difference']} / 100 rounded (halves away from zero) = "
                     f"{final['book']}.")
        rules += [x for x in ["match.rubber", "match.side-totals", "match.dealer-rotation", "match.final-accounting",
                              "match.final-rounding"] if x not in rules]
        expect = {"match": {"sheets": sheets, "final": final}}
    else:
        _, k, idx, code, data = out
        assert sc.get("error") == (k, idx, code), (sc["id"], k, idx, code)
        for kk, (st, _res, _text, _ids, sheet) in enumerate(data):
            desc = "redeal (four passes)" if st.form == "redeal" else (
                f"{st.contract} by {st.declarer} ({st.choice}), tricks NS {st.won['NS']} EW {st.won['EW']}")
            parts.append(f"[Deal {kk}] dealer {st.dealer}: {desc}; sheet after it: games NS {sheet['NS']['games']} EW "
                         f"{sheet['EW']['games']}, running NS {sheet['NS']['running']} EW {sheet['EW']['running']}.")
        parts.append(f"Expected: deal {k}, index {idx}, {code}.")
        expect = {"error": {"deal": k, "index": idx, "code": code}}
    note = (sc.get("remark", "").strip() + " " + " ".join(parts)).strip()
    case = {"id": sc["id"], "description": sc["description"], "rules": rules, "match": {"deals": items},
            "expect": expect}
    case["note"] = note + readings_text(rules)
    case["example"] = bool(sc.get("example"))
    if "check" in sc:
        assert sc["check"](out), sc["id"]
    return case


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    import scenarios_1895
    from case_files import write_or_check
    from search_hints import Hints
    root = os.path.join(here, "..", "cases", "1895")
    check = "--check" in sys.argv
    only = [a for a in sys.argv[1:] if not a.startswith("--")]
    hints = Hints(os.path.join(here, "hints_1895.json"))
    ids, n, bad = set(), {}, 0
    for sc in scenarios_1895.SCENARIOS:
        assert sc["id"] not in ids, sc["id"]
        ids.add(sc["id"])
        if only and not any(o in sc["id"] for o in only):
            continue
        case = build_case(sc, hints)
        area = sc["id"].split(".")[1]
        name = sc["id"].split(".", 2)[2]
        path = os.path.join(root, area, name + ".yaml")
        bad += not write_or_check(path, to_yaml(case), check)
        n[area] = n.get(area, 0) + 1
    print(sum(n.values()), "cases;", ", ".join(f"{k} {v}" for k, v in sorted(n.items())))
    if check and not only:
        existing = {os.path.relpath(p, root) for p in _walk(root)}
        expected = {f"{i.split('.')[1]}/{i.split('.', 2)[2]}.yaml" for i in ids}
        for extra in sorted(existing - expected):
            print("NOT PRODUCED BY A SCENARIO:", extra)
            bad += 1
    if hints.stale:
        print("stale search hints (searched anew):", ", ".join(hints.stale))
    if not check and not only:
        hints.save()
    if check:
        print("check:", "all equal" if not bad else f"{bad} differ")
        sys.exit(1 if bad else 0)


def _walk(root):
    """The case files under ``root``, but not readings/ (written by author_readings.py from these cases) nor
    legal/ (author_legal.py)."""
    for d, _sub, files in os.walk(root):
        if os.path.basename(d) in ("readings", "legal"):
            continue
        for f in files:
            if f.endswith(".yaml"):
                yield os.path.join(d, f)


if __name__ == "__main__":
    main()
