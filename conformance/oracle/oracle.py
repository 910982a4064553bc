#!/usr/bin/env python3
"""skruuvi-oracle: an independent, hand-coded replayer for ruleset `skruuvi-2016`.

Written from docs (DESIGN.md, the 2016 brief, the prose of skruuvi-2016.yaml) without looking at the
reference interpreter. Standard library only; every number of the 2016 rules is hard-coded here on
purpose, so that this file is a second opinion and not a second reading of the same data.

Usage:
    python3 oracle.py                   SCP/1 server on stdin/stdout (DESIGN §6)
    python3 oracle.py replay FILE...    print one response object per case (JSON, JSON list or JSONL;
                                        FILE '-' reads stdin)
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

NAME = "skruuvi-oracle"
VERSION = "0.1.0"
RULESET = "skruuvi-2016"

SEATS = ("N", "E", "S", "W")  # clockwise
RANKS = "23456789TJQKA"       # low to high
SUITS = "SCDH"
STRAINS = "MSCDHG"            # alkupeli bidding order, low to high
ALL_CARDS = frozenset(r + s for r in RANKS for s in SUITS)
VERBS = ("bid", "pass", "give", "double", "redouble", "play")

# Scoring tables of the 2016 rules (rule ids score.*).
MADE_VALUE = {"trump": {5: 25, 6: 35, 7: 50}, "grand": {5: 25, 6: 35, 7: 50},
              "misere": {5: 10, 6: 20, 7: 35}}
OVERTRICK_VALUE = {5: 2, 6: 2, 7: 0}
FIRST_UNDERTRICK = {"trump": {5: 5, 6: 10, 7: 15}, "grand": {5: 5, 6: 10, 7: 15},
                    "misere": {5: 10, 6: 15, 7: 20}}
FURTHER_UNDERTRICK = 5
MULTIPLIER = (1, 2, 3)
FINAL_MIN_LEVEL = 5
EXCHANGE_BAN_LEVEL = 6
FIRST_AUCTION_END_PASSES = 8
SECOND_AUCTION_END_PASSES = 4


# ----------------------------------------------------------------------------- seats and cards

def left(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def right(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 3) % 4]


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def side(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def is_card(x: Any) -> bool:
    return isinstance(x, str) and x in ALL_CARDS


class RecordError(Exception):
    """An illegal action or deal; `code` is one of DESIGN §4."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


# ----------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Action:
    seat: str
    verb: str
    bid: tuple[int, str] | None = None   # (level, strain)
    to: str | None = None                # give: recipient
    cards: tuple[str, ...] = ()          # give: cards; play: one card


def parse_bid(text: str) -> tuple[int, str]:
    if len(text) != 2 or text[0] not in "1234567" or text[1] not in STRAINS:
        raise RecordError("malformed-action")
    return int(text[0]), text[1]


def parse_action(raw: Any) -> Action:
    """Parse `<seat> <verb> [args]`; anything unparseable is malformed-action."""
    if not isinstance(raw, str):
        raise RecordError("malformed-action")
    words = raw.split()
    if len(words) < 2 or words[0] not in SEATS or words[1] not in VERBS:
        raise RecordError("malformed-action")
    seat, verb, args = words[0], words[1], words[2:]
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


def bid_key(bid: tuple[int, str]) -> tuple[int, int]:
    return bid[0], STRAINS.index(bid[1])


def bid_text(bid: tuple[int, str]) -> str:
    return f"{bid[0]}{bid[1]}"


# ----------------------------------------------------------------------------- deal

def _card_list(x: Any, size: int) -> list[str]:
    if not isinstance(x, list) or len(x) != size or not all(is_card(c) for c in x):
        raise RecordError("invalid-deal")
    return list(x)


def _centre_positions(x: Any) -> list[int]:
    if (not isinstance(x, list) or len(x) != 4
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in x)):
        raise RecordError("invalid-deal")
    pos = sorted(x)
    if len(set(pos)) != 4 or pos[0] < 0 or pos[-1] > 51:
        raise RecordError("invalid-deal")
    if 0 in pos or 51 in pos:                              # deal.centre-not-top-or-bottom
        raise RecordError("invalid-deal")
    if pos[3] - pos[0] == 3:                               # deal.centre-not-consecutive
        raise RecordError("invalid-deal")
    return pos


def read_deal(deal: Any) -> tuple[str, dict[str, list[str]], list[str]]:
    """Validate a deal (both forms) and return (dealer, hands, centre)."""
    if not isinstance(deal, dict) or deal.get("form") != "alkupeli":
        raise RecordError("invalid-deal")
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
        hands = {s: _card_list(raw[s], 12) for s in SEATS}
        centre = _card_list(deal.get("centre"), 4)
    else:
        if "centre" in deal:
            raise RecordError("invalid-deal")
        deck = _card_list(deal["deck"], 52)
        pos = _centre_positions(deal.get("centre_positions"))
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
    return dealer, hands, centre


# ----------------------------------------------------------------------------- the game

class Game:
    """One alkupeli deal (turning into a passimisaari on four opening passes), fed action by action."""

    def __init__(self, dealer: str, hands: dict[str, list[str]], centre: list[str]) -> None:
        self.dealer = dealer
        self.hands: dict[str, set[str]] = {s: set(h) for s, h in hands.items()}
        self.centre = list(centre)
        self.form = "alkupeli"
        self.phase = "first-auction"
        self.to_act: str | None = dealer
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
        # doubling
        self.doubling = 0
        self.double_mode = "double"                         # "double" | "redouble"
        self.queue: list[str] = []
        # play
        self.trump: str | None = None
        self.trick: list[tuple[str, str]] = []
        self.trick_no = 0
        self.tricks = {"NS": 0, "EW": 0}
        self.ace_points = {"NS": 0, "EW": 0}

    # -- driver

    def apply(self, raw: Any) -> None:
        action = parse_action(raw)                          # 1. malformed-action
        if self.phase == "done" or action.seat != self.to_act:
            raise RecordError("not-your-turn")              # 2. not-your-turn
        handler = {
            "first-auction": self._first_auction,
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

    # -- first auction

    def _first_auction(self, a: Action) -> None:
        if a.verb not in ("bid", "pass"):
            raise RecordError("wrong-phase")
        if a.verb == "bid":
            assert a.bid is not None
            if self.high is not None and bid_key(a.bid) <= bid_key(self.high):
                raise RecordError("bid-not-higher")
            self.high, self.high_seat, self.passes = a.bid, a.seat, 0
            self.first_bids.append((a.seat, a.bid[0]))
        else:
            self.passes += 1
        self.calls += 1
        self.to_act = left(a.seat)
        if self.calls == 4 and self.high is None:          # auction.all-pass
            self._start_passimisaari()
        elif self.high is not None and self.passes == FIRST_AUCTION_END_PASSES:
            self._start_kitty()

    # -- kitty (alkupeli) and partner exchange (passimisaari): a fixed list of compulsory gives

    def _start_kitty(self) -> None:
        assert self.high_seat is not None
        h = self.high_seat
        p = partner(h)
        self.taker = h
        main_first = next(level for seat, level in self.first_bids if seat in (h, p))
        self.exchange_forbidden = main_first >= EXCHANGE_BAN_LEVEL
        self.hands[h] |= set(self.centre)                  # kitty.take (automatic)
        self.phase = "kitty"
        self.steps = [(h, p, 4), (p, left(p), 1), (p, left(left(p)), 1), (p, right(p), 1)]
        self.received = {}
        self.to_act = h

    def _start_passimisaari(self) -> None:
        self.form = "passimisaari"
        f = left(self.dealer)
        for card, seat in zip(self.centre, (f, left(f), left(left(f)), self.dealer), strict=True):
            self.hands[seat].add(card)                      # passimisaari.centre-cards
        d, fp, dp = self.dealer, partner(f), partner(self.dealer)
        self.phase = "partner-exchange"
        self.steps = [(f, fp, 1), (dp, d, 1), (fp, f, 1), (d, dp, 1)]
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

    def _exchange_step(self, a: Action) -> None:
        if a.verb != "give":
            raise RecordError("wrong-phase")
        _giver, to, count = self.steps[0]     # the giver is self.to_act, checked already
        self._check_give(a, to, count)
        self._transfer(a)
        if self.phase == "partner-exchange":
            self.received[to] = a.cards[0]                 # passimisaari.different-card
        self.steps.pop(0)
        if self.steps:
            self.to_act = self.steps[0][0]
        elif self.phase == "kitty":
            self._start_second_auction()
        else:
            self._start_doubling([self.dealer, partner(self.dealer)])

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
            if bid_key(a.bid) <= bid_key(self.high):
                raise RecordError("bid-not-higher")
            self.high, self.high_seat, self.passes = a.bid, a.seat, 0
        else:
            if self.passes == SECOND_AUCTION_END_PASSES - 1 and self.high[0] < FINAL_MIN_LEVEL:
                raise RecordError("final-contract-too-low")
            self.passes += 1
        self.to_act = partner(a.seat)
        if self.passes == SECOND_AUCTION_END_PASSES:
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
        if a.verb == "pass" and first_turn:
            self._start_doubling([left(d), right(d)])
            return
        if a.verb != "give":
            raise RecordError("wrong-phase")
        to = right(d) if first_turn else left(d)
        self._check_give(a, to, 1)
        self._transfer(a)
        if first_turn:
            self.received[to] = a.cards[0]
            self.to_act = to
        else:
            self._start_doubling([left(d), right(d)])

    # -- doubling (both forms)

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
        if self.form != "alkupeli" or not self.exchange_forbidden:
            return False
        return side(a.seat) != side(self.declarer)

    # -- play

    def _start_play(self) -> None:
        self.phase = "play"
        if self.form == "passimisaari":
            self.trump = None
            self.to_act = left(self.dealer)
        else:
            assert self.high is not None
            self.trump = self.high[1] if self.high[1] in SUITS else None
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
        aces = sum(1 for _, c in self.trick if c[0] == "A")
        self.ace_points[won_by] += aces * self.trick_no
        self.trick = []
        self.to_act = winner
        if self.trick_no == 13:
            self.phase = "done"
            self.to_act = None

    # -- result

    def result(self) -> dict[str, Any]:
        if self.form == "passimisaari":
            return {"contract": None, "tricks": dict(self.tricks), "score": self._score_passimisaari()}
        assert self.high is not None
        contract = {"declarer": self.declarer, "bid": bid_text(self.high), "doubling": self.doubling}
        return {"contract": contract, "tricks": dict(self.tricks), "score": self._score_contract()}

    def _score_passimisaari(self) -> dict[str, int]:
        mult = MULTIPLIER[self.doubling]
        return {s: -self.tricks[s] * mult - self.ace_points[s] for s in ("NS", "EW")}

    def _score_contract(self) -> dict[str, int]:
        assert self.high is not None
        level, strain = self.high
        kind = "misere" if strain == "M" else "grand" if strain == "G" else "trump"
        main = side(self.declarer)
        other = "EW" if main == "NS" else "NS"
        taken = self.tricks[main]
        if kind == "misere":
            allowed = 7 - level
            made, over, under = taken <= allowed, allowed - taken, taken - allowed
        else:
            needed = 6 + level
            made, over, under = taken >= needed, taken - needed, needed - taken
        if made:
            points = MADE_VALUE[kind][level] + over * OVERTRICK_VALUE[level]
        else:
            points = -(FIRST_UNDERTRICK[kind][level] + (under - 1) * FURTHER_UNDERTRICK)
        points *= MULTIPLIER[self.doubling]
        score = {main: points, other: -points}
        if kind == "misere":
            for s in ("NS", "EW"):
                score[s] -= self.ace_points[s]
        return score


# ----------------------------------------------------------------------------- replay

def replay(case: dict[str, Any]) -> dict[str, Any]:
    """Replay one record (a mapping with deal and actions) and return result or error."""
    try:
        dealer, hands, centre = read_deal(case["deal"])
    except RecordError as e:
        return {"error": {"index": None, "code": e.code}}
    game = Game(dealer, hands, centre)
    actions = case["actions"]
    for i, raw in enumerate(actions):
        try:
            game.apply(raw)
        except RecordError as e:
            return {"error": {"index": i, "code": e.code}}
    if not game.complete:
        return {"error": {"index": len(actions), "code": "incomplete-record"}}
    return {"result": game.result()}


def respond(case: Any) -> dict[str, Any]:
    """The protocol answer for one case: result / error / skipped / errored."""
    if not isinstance(case, dict):
        return {"errored": "case is not a mapping"}
    if case.get("ruleset") != RULESET:
        return {"skipped": f"ruleset {case.get('ruleset')!r} not supported (only {RULESET})"}
    if "deal" not in case or "actions" not in case or not isinstance(case["actions"], list):
        return {"errored": "case needs a deal and a list of actions"}
    try:
        return replay(case)
    except Exception as e:  # an oracle bug must not kill the server
        return {"errored": f"internal error: {type(e).__name__}: {e}"}


# ----------------------------------------------------------------------------- SCP/1 and CLI

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
                "implementation": {"name": NAME, "version": VERSION, "rulesets": [RULESET]}}
    if cmd == "run":
        out: dict[str, Any] = {"seq": msg.get("seq")}
        out.update(respond(msg.get("case")))
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


def replay_files(paths: list[str]) -> int:
    for path in paths:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        for case in load_cases(text):
            print(json.dumps(respond(case)), flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "replay":
        return replay_files(argv[1:] or ["-"])
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    return serve()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
