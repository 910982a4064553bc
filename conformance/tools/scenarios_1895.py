"""Scenarios for the hand-written 1895 cases; author_1895.py turns them into case files.

Conventions: fa(dealer, calls) writes an auction from the dealer clockwise ('p' = pass).  gifts(proc)
is the taker's `choose` followed by the gifts of that procedure, as small functions of the state
resolved when the record is built: every giver gives his lowest cards outside the contract's trump
suit (trumps last), so that the cards a design places (honours, aces, sequences) stay where they are.
ds(...) builds a whole contract deal: passes from the dealer up to the declarer, his bid, eight passes,
the choice and the gifts, and a play searched for a trick target of the declarer's side.
`fix` places cards, the rest is a seeded shuffle; `hold` is a predicate on the hands at the start of
play that the seed search must satisfy; `want` a predicate on the finished deal.
"""
import random

from author_1895 import ALL_CARDS, SEATS, SUITS, Reject, left, partner, rank, run_from_ace, side

SCENARIOS = []


def add(**kw):
    SCENARIOS.append(kw)


def fa(dealer, calls):
    out, s = [], dealer
    for c in calls:
        out.append(f"{s} pass" if c == "p" else f"{s} bid {c}")
        s = left(s)
    return out


P4 = ["p"] * 4
P8 = ["p"] * 8


def low(cards, trump):
    return sorted(cards, key=lambda c: (c[1] == trump, rank(c), SUITS.index(c[1])))


def gift(st):
    giver, to, n = st.steps[0]
    trump = st.contract[1] if st.contract[1] in "SCDH" else None
    return f"{giver} give {to} " + " ".join(low(st.hands[giver], trump)[:n])


def choose(proc):
    return lambda st: f"{st.declarer} choose {proc}"


def gifts(proc):
    return [choose(proc)] + [gift] * (3 if proc == "ostoskruuvi" else 4)


OS, PK = "ostoskruuvi", "pakettiskruuvi"


def mt(n):
    return lambda st: st.won[side(st.declarer)] == n


def ds(dealer, decl, bid, proc=OS, calls=None, tricks=None, **kw):
    """A whole contract deal: passes from the dealer until decl, decl bids `bid`, eight passes (or the given
    calls), the choice and gifts of `proc`; a play in which the declarer's side takes `tricks`."""
    if calls is None:
        calls, s = [], dealer
        while s != decl:
            calls.append("p")
            s = left(s)
        calls += [bid, *P8]
    sc = dict(dealer=dealer, pre=fa(dealer, calls) + gifts(proc), **kw)
    sc.setdefault("fix", {})
    if tricks is not None:
        sc.setdefault("target", mt(tricks))
        sc.setdefault("goal", (tricks, 13 - tricks))
        sc.setdefault("want", mt(tricks))
    return sc


def S(id, **kw):
    add(id=id, **kw)


# holdings at the start of play
def hons(st, sd):
    t = st.contract[1]
    return sum(1 for s in sd for c in st.play_start_hands[s] if c[1] == t and c[0] in "AKQJT")


def aces(st, sd):
    return sum(1 for s in sd for c in st.play_start_hands[s] if c[0] == "A")


def aces_in(st, seat):
    return sum(1 for c in st.play_start_hands[seat] if c[0] == "A")


def coronet_free(st):
    return all(aces_in(st, s) < 3 and all(run_from_ace(st.play_start_hands[s], su) < 3 for su in SUITS)
               for s in SEATS)


def both(*ps):
    return lambda st: all(p(st) for p in ps)


# ============================================================================ deal
S("1895.deal.hands-ostoskruuvi",
  description="A deal given as four 12-card hands and four centre cards; N takes them, chooses ostoskruuvi and makes 2H",
  rules=["alkupeli.hand-size", "alkupeli.centre-cards", "kitty.procedures"],
  **ds("N", "N", "2H", fix={"N": "H:AKQJ9 S:AK"}, tricks=9),
  remark="N bids 2H at once; eight passes. N (taker) gives one card to E (left), S (partner), W (right).")
S("1895.deal.deck-scattered-ostoskruuvi",
  description="Deck with centre positions [3, 17, 30, 50] (50 is allowed, only 51 is not); W makes 3S with ostoskruuvi",
  rules=["deal.one-at-a-time", "deal.centre-not-last"], deck_positions=[3, 17, 30, 50],
  **ds("E", "W", "3S", fix={"W": "S:AKQJ8 H:AK"}, tricks=9),
  remark="The 48 other cards go one at a time from S (the dealer E's left): S deck[0], W deck[1], N deck[2], E deck[4] "
         "(deck[3] is a centre card), ...")
S("1895.deal.deck-first-four-pakettiskruuvi", example=True,
  description="Deck with centre positions [0, 1, 2, 3] (first card and consecutive positions allowed); S makes 2D with "
              "pakettiskruuvi",
  rules=["deal.one-at-a-time", "deal.centre-consecutive-allowed", "deal.centre-not-last"], deck_positions=[0, 1, 2, 3],
  **ds("S", "S", "2D", PK, fix={"S": "D:AKQJ9 C:AK"}, tricks=8),
  remark="deck[0..3] are the centre cards; deck[4..51] are dealt one at a time from W (the dealer S's left).")
S("1895.deal.deck-pairs-pakettiskruuvi",
  description="Deck with centre positions [41, 10, 40, 11] (given unordered): E takes them and plays 1G with "
              "pakettiskruuvi",
  rules=["deal.one-at-a-time", "deal.centre-consecutive-allowed"], deck_positions=[41, 10, 40, 11],
  **ds("W", "E", "1G", PK, fix={"E": "S:AK H:AK D:AK"}, tricks=7),
  remark="The centre cards are deck[10], deck[11], deck[40], deck[41] (in position order); the other cards are dealt "
         "one at a time from N (the dealer W's left).")

# ============================================================================ auction
S("1895.auction.redeal-four-passes",
  description="All four pass at the start: a redeal; contract null, no tricks, everything zero",
  rules=["auction.all-pass", "redeal.scores-nothing"], dealer="E", fix={}, pre=fa("E", P4),
  remark="E (dealer), S, W, N pass: the first four calls are passes, so the deal is thrown in.")
S("1895.auction.redeal-keeps-state",
  description="A redeal with deal.state (running NS 30, EW 20; games 1–0) still scores all zero",
  rules=["auction.all-pass", "redeal.scores-nothing"], dealer="W", fix={}, seed=5,
  state={"running": {"NS": 30, "EW": 20}, "games": {"NS": 1, "EW": 0}}, pre=fa("W", P4),
  remark="W, N, E, S pass at the start: redeal. The deal's score is zero whatever the rubber position.")
S("1895.auction.last-bidder-raises-own",
  description="N bids 1S; after seven passes N raises his own bid to 2S; eight more passes end the auction",
  rules=["auction.higher-bid", "auction.end-eight-passes"],
  **ds("N", "N", "2S", calls=["1S", *["p"] * 7, "2S", *P8], fix={"N": "S:AKQJ9 H:A"}, tricks=8),
  remark="After N's 1S only seven passes follow (E S W N E S W), so the auction is open and N, whose turn it is, "
         "raises himself to 2S; then eight passes.")
S("1895.auction.strain-order-overcalls",
  description="At level one S < C < D < H < G: W 1S, N 1C, E 1D, S 1H, W 1G each outbid the last; W plays 1G",
  rules=["alkupeli.strain-order", "auction.higher-bid"],
  **ds("W", "W", "1G", calls=["1S", "1C", "1D", "1H", "1G", *P8], fix={"W": "S:AKQ H:AK D:AK"}, tricks=8))
S("1895.auction.passed-player-bids-later",
  description="S and W pass, N opens 1D, S (who passed) bids 2C later and declares it",
  rules=["auction.bidders", "auction.higher-bid", "auction.all-pass"],
  **ds("S", "S", "2C", calls=["p", "p", "1D", "p", "2C", *P8], fix={"S": "C:AKQJ9 H:AK"}, tricks=9),
  remark="Only four passes AT THE START make a redeal; here N bids third. 2C is higher than 1D (a higher level).")
S("1895.auction.fourth-hand-opens",
  description="Three passes, then the fourth seat W opens 1H: no redeal; W declares 1H",
  rules=["auction.all-pass", "auction.end-eight-passes"],
  **ds("N", "W", "1H", fix={"W": "H:AKQJ S:AK"}, tricks=8))

# ============================================================================ kitty
for taker, dealer, bid, fx, dpos in [("E", "N", "2C", "C:AKQJ9 D:AK", [0, 25, 26, 50]),
                                     ("S", "W", "2H", "H:AKQJT S:A", None)]:
    S(f"1895.kitty.ostoskruuvi-taker-{taker}",
      description=f"Ostoskruuvi by {taker}: one card to {left(taker)}, then {partner(taker)}, then {left(partner(taker))}"
                  + (f" (deal given as a deck, centre positions {dpos})" if dpos else ""),
      rules=["kitty.take", "kitty.procedures", "kitty.order", "kitty.choice"],
      **ds(dealer, taker, bid, fix={taker: fx}, tricks=9), **({"deck_positions": dpos} if dpos else {}),
      remark=f"{taker} takes the four centre cards (16 cards), chooses ostoskruuvi and gives one card to each other "
             f"player, clockwise from his left: {left(taker)}, {partner(taker)}, {left(partner(taker))}.")
for taker, dealer, bid, fx in [("W", "S", "2S", "S:AKQJ9 H:AK"), ("N", "E", "3D", "D:AKQJT C:AK")]:
    P = partner(taker)
    S(f"1895.kitty.pakettiskruuvi-taker-{taker}",
      description=f"Pakettiskruuvi by {taker}: four cards to {P}, who gives one to {left(P)}, {taker}, {left(taker)}",
      rules=["kitty.take", "kitty.procedures", "kitty.order", "kitty.choice"],
      **ds(dealer, taker, bid, PK, fix={taker: fx}, tricks=9),
      remark=f"{taker} takes the centre cards and chooses pakettiskruuvi: he gives his partner {P} four cards in one "
             f"action; {P} (16 cards) gives one card each clockwise from his own left: {left(P)}, then the taker "
             f"{taker}, then {left(taker)}.")
S("1895.kitty.pakettiskruuvi-partner-passes-on",
  description="Pakettiskruuvi: the partner passes on cards he has just received, one even back to the taker; N makes 4S",
  rules=["kitty.procedures", "kitty.order"], dealer="N",
  hands={"N": "S:AKQJT9 H:AK D:AK C:AK", "E": "S:8765 H:QJT D:QJT C:QJ",
         "S": "S:432 H:987 D:987 C:T98", "W": "H:65432 D:65432 C:76"}, centre="C:5432",
  pre=[*fa("N", ["4S", *P8]), "N choose pakettiskruuvi", "N give S 5C 4C 3C 2C", "S give W 2C", "S give N 5C",
       "S give E 3C"],
  remark="N takes the centre cards ♣5432 and gives all four to S; S passes on three of them: 2C to W, 5C back to N "
         "(allowed: no rule against returning a received card) and 3C to E.")
S("1895.kitty.honours-counted-after-gifts", example=True,
  description="The taker gives away a trump honour in ostoskruuvi: honours are counted after the gifts (E–W 3, N–S 2)",
  rules=["score.honour-count", "score.honours", "kitty.take"], dealer="W",
  hands={"N": "H:AK9876 S:AKQ D:AK C:2", "E": "H:QJ S:J98 D:QJ8 C:KQJT", "S": "H:5 S:765 D:765 C:98765",
         "W": "H:432 S:432 D:432 C:A43"}, centre="H:T D:T9 S:T",
  pre=[*fa("W", ["p", "1H", *P8]), "N choose ostoskruuvi", "N give E TH", "N give S TS",
                        "N give W TD"],
  remark=("W passes, N opens 1H, eight passes. With the centre card TH, N–S would hold A K T of "
                           "hearts; N chooses ostoskruuvi and gives TH to E (his left), TS to S, TD to W: at the start "
                           "of play E–W hold Q J T of hearts (3) against N's A K (2)."))

# ============================================================================ play
S("1895.play.no-trump-left-leads",
  description="3G by E: no trumps, S (E's left) leads; highest card of the suit led wins every trick",
  rules=["play.trumps", "play.lead", "play.trick-winner"],
  **ds("N", "E", "3G", fix={"E": "S:AKQ H:AKQ D:AK", "W": "C:AK"}, tricks=10))


def ruffed(st):
    return any(c[1] == st.trump and cards[0][1][1] != st.trump and w == s
               for _ld, cards, w in st.tricks for s, c in cards)


def discarded_holding_trump(st):
    """Some player, void in the suit led, threw a non-trump card although he held a trump."""
    hands = {s: set(v) for s, v in st.play_start_hands.items()}
    for _ld, cards, _w in st.tricks:
        led = cards[0][1][1]
        for s, c in cards:
            if c[1] != led and c[1] != st.trump and not any(x[1] == led for x in hands[s]) \
                    and any(x[1] == st.trump for x in hands[s]):
                return True
        for s, c in cards:
            hands[s].discard(c)
    return False


S("1895.play.ruff-wins",
  description="2D by W: a trump played on a side-suit lead wins the trick",
  rules=["play.trumps", "play.trick-winner", "play.follow-suit"],
  **ds("S", "W", "2D", fix={"W": "D:AKQJT9", "E": "S:AK"}, tricks=10, seed=3))
SCENARIOS[-1]["want"] = both(mt(10), ruffed)
SCENARIOS[-1]["target"] = both(mt(10), ruffed)
S("1895.play.no-duty-to-trump",
  description="3S by N: a player void in the suit led discards a side card although he holds a trump (no duty to trump)",
  rules=["play.follow-suit"],
  **ds("W", "N", "3S", fix={"N": "S:AKQJ9 H:AK"}, tricks=9, seed=7))
SCENARIOS[-1]["want"] = both(mt(9), discarded_holding_trump)
SCENARIOS[-1]["target"] = both(mt(9), discarded_holding_trump)

# ============================================================================ score (tricks, undertricks)
S("1895.score.made-both-sides-below",
  description="3S by N made with 10 tricks: N–S 10 × 3 = 30 and E–W 3 × 3 = 9 below the line",
  rules=["score.below-tricks"], **ds("N", "N", "3S", fix={"N": "S:AKQJ9 H:AK"}, tricks=10, seed=11))
S("1895.score.failed-two-undertricks-level-4",
  description="4H by E takes 8 tricks: down 2, N–S score 100 × 4 × 2 = 800; both sides still score tricks below",
  rules=["score.undertricks", "score.below-tricks", "score.undertrick-unit"],
  **ds("S", "E", "4H", fix={"E": "H:AKQ9 S:A", "N": "C:AKQ"}, tricks=8))
S("1895.score.failed-one-level-1",
  description="1C by S takes 6 tricks: down 1, E–W score 100 × 1 × 1 = 100",
  rules=["score.undertricks", "score.undertrick-unit"],
  **ds("W", "S", "1C", PK, fix={"S": "C:AKQ7", "E": "H:AK"}, tricks=6))
S("1895.score.failed-level-5-four-down",
  description="5D by W takes 7 tricks: down 4, N–S score 100 × 5 × 4 = 2000; N–S's 6 tricks × 5 = 30 below",
  rules=["score.undertricks", "score.below-tricks"],
  **ds("N", "W", "5D", PK, fix={"W": "D:AKQJ", "N": "S:AK H:AK"}, tricks=7))

# ============================================================================ honours
S("1895.honours.declarer-three",
  description="2S by N: N–S hold 3 honours (A K Q), E–W 2 (J T): N–S score 10 × 2 × 3 = 60",
  rules=["score.honours", "score.honour-unit", "score.honour-count"],
  **ds("N", "N", "2S", fix={"N": "S:AKQ H:AK D:A", "E": "S:JT"}, tricks=9),
  hold=lambda st: hons(st, "NS") == 3)
S("1895.honours.declarer-four",
  description="3H by S: N–S hold 4 honours (A K Q J): 10 × 3 × 4 = 120",
  rules=["score.honours", "score.honour-unit"],
  **ds("E", "S", "3H", PK, fix={"S": "H:AKQJ S:AK", "W": "H:T"}, tricks=10),
  hold=lambda st: hons(st, "NS") == 4)
S("1895.honours.declarer-five",
  description="4D by E: E–W hold all 5 honours: 10 × 4 × 5 = 200",
  rules=["score.honours", "score.honour-unit"],
  **ds("E", "E", "4D", fix={"E": "D:AKQJT S:A", "W": "C:AK"}, tricks=11))
S("1895.honours.defenders-three-contract-made",
  description="1C by W made; the defenders N–S hold 3 honours (A K Q of clubs) and score 10 × 1 × 3 = 30",
  rules=["score.honours", "score.honour-unit", "score.each-side-own"],
  **ds("W", "W", "1C", fix={"W": "S:AKQ H:AKQ D:AK", "N": "C:AKQ"}, tricks=8),
  hold=lambda st: hons(st, "NS") == 3)
S("1895.honours.defenders-four-contract-failed",
  description="2H by N fails by 2; the defenders E–W hold 4 honours: 10 × 2 × 4 = 80 besides 400 for undertricks",
  rules=["score.honours", "score.undertricks"],
  **ds("N", "N", "2H", PK, fix={"E": "H:AKQJ S:AK", "N": "H:T9"}, tricks=6),
  hold=lambda st: hons(st, "EW") == 4)

S("1895.honours.defenders-five-contract-failed",
  description="2C by N fails by 2; the defender E holds all 5 club honours: E–W score 10 × 2 × 5 = 100 besides 400",
  rules=["score.honours", "score.honour-unit", "score.undertricks"],
  **ds("S", "N", "2C", PK, fix={"E": "C:AKQJT H:AK", "N": "S:AKQ D:AK"}, tricks=6))

# ============================================================================ aces
S("1895.aces.three-trump",
  description="2C by E: E–W hold 3 aces, N–S 1: E–W score 10 × 2 × 3 = 60 for aces",
  rules=["score.aces", "score.ace-unit"],
  **ds("N", "E", "2C", fix={"E": "C:AKQJ H:A", "W": "S:A", "N": "D:A"}, tricks=9),
  hold=lambda st: aces(st, "EW") == 3)
S("1895.aces.four-trump-two-hands",
  description="3S by S: N–S hold all 4 aces (2 + 2, no coronet): 10 × 3 × 4 = 120",
  rules=["score.aces", "score.ace-unit"],
  **ds("S", "S", "3S", PK, fix={"S": "S:AKQJ H:A", "N": "D:A C:A"}, tricks=10),
  hold=lambda st: aces_in(st, "N") == 2 and aces_in(st, "S") == 2)
S("1895.aces.no-trump-three",
  description="2G by W: E–W hold 3 aces: at no trump 25 × 2 × 3 = 150 (no honours at no trump)",
  rules=["score.aces", "score.ace-unit"],
  **ds("W", "W", "2G", fix={"W": "S:AK H:AK", "E": "D:AK", "N": "C:A"}, tricks=8),
  hold=lambda st: aces(st, "EW") == 3 and max(aces_in(st, s) for s in SEATS) < 3)
S("1895.aces.no-trump-four",
  description="1G by N: N–S hold 4 aces (2 + 2): 25 × 1 × 4 = 100",
  rules=["score.aces", "score.ace-unit"],
  **ds("E", "N", "1G", PK, fix={"N": "S:AK H:AK", "S": "D:AK C:AK"}, tricks=9),
  hold=lambda st: aces_in(st, "N") == 2 and aces_in(st, "S") == 2)
S("1895.aces.two-two-declarer-odd-trick", example=True,
  description="1H by N, aces 2–2, N–S take 8 tricks: N–S (the odd trick) score 10 × 1 × 2 = 20",
  rules=["score.aces", "score.ace-unit"],
  **ds("N", "N", "1H", fix={"N": "H:AKQJ S:A", "E": "C:A D:A"}, tricks=8),
  hold=lambda st: aces(st, "NS") == 2)
S("1895.aces.two-two-defenders-odd-trick",
  description="2S by S fails with 5 tricks, aces 2–2: E–W took 8 and score the two aces, 10 × 2 × 2 = 40",
  rules=["score.aces", "score.ace-unit", "score.undertricks"],
  **ds("W", "S", "2S", fix={"S": "S:KQJ D:A", "N": "H:A", "E": "S:A C:A"}, tricks=5),
  hold=lambda st: aces(st, "NS") == 2)
S("1895.aces.two-two-no-trump",
  description="3G by E, aces 2–2, E–W take 9: 25 × 3 × 2 = 150 to E–W",
  rules=["score.aces", "score.ace-unit"],
  **ds("S", "E", "3G", PK, fix={"E": "S:AKQ H:KQ", "W": "D:A", "N": "H:A", "S": "C:A"}, tricks=9),
  hold=lambda st: aces(st, "EW") == 2)

# ============================================================================ slams
S("1895.slams.small-bid-made-twelve",
  description="6S by N takes exactly 12: 500 for the bid small slam, no unbid slam",
  rules=["score.small-slam-bid", "score.slam-values"],
  **ds("N", "N", "6S", fix={"N": "S:AKQJT9 H:AK D:AK", "S": "S:8"}, tricks=12))
S("1895.slams.small-bid-made-thirteen", example=True,
  description="6H by E takes all 13: 500 for the bid small slam and 200 more for the grand",
  rules=["score.small-slam-bid", "score.small-slam-bid-made-grand", "score.grand-slam-doubled"],
  **ds("E", "E", "6H", PK, fix={"E": "H:AKQJT9 S:AK D:AK C:AK"}, tricks=13))
S("1895.slams.grand-bid-made",
  description="7G by S takes all 13: 1000 for the bid grand slam",
  rules=["score.grand-slam-bid", "score.grand-slam-doubled"],
  **ds("W", "S", "7G", fix={"S": "S:AKQ H:AKQ D:AKQ C:AKQ"}, tricks=13))
S("1895.slams.grand-bid-made-trump",
  description="7C by W takes all 13: 1000 for the bid grand slam, no unbid grand slam",
  rules=["score.grand-slam-bid", "score.grand-slam-doubled"],
  **ds("N", "W", "7C", PK, fix={"W": "C:AKQJT98 S:AK H:AK"}, tricks=13))
S("1895.slams.failed-six",
  description="6D by W takes 10: E–W fail by 2; N–S score 500 for the failed slam plus 100 × 6 × 2 = 1200",
  rules=["score.failed-slam", "score.undertricks", "score.slam-values"],
  **ds("W", "W", "6D", fix={"W": "D:AKQJ S:AK", "E": "H:A"}, tricks=10))
S("1895.slams.failed-seven-twelve-tricks",
  description="7S by N takes 12: N–S get no unbid small slam; E–W score 1000 plus 100 × 7 × 1 = 700",
  rules=["score.failed-slam", "score.unbid-small-slam", "score.undertricks"],
  **ds("N", "N", "7S", PK, fix={"N": "S:AKQJT9 H:AK D:AK"}, tricks=12))
S("1895.slams.unbid-small-low-contract",
  description="2H by S takes 12: the declarer's side scores an unbid small slam, 100",
  rules=["score.unbid-small-slam", "score.slam-values"],
  **ds("E", "S", "2H", fix={"S": "H:AKQJT9 S:AK D:AK"}, tricks=12))
S("1895.slams.unbid-grand-low-contract",
  description="3C by E takes all 13: the declarer's side scores an unbid grand slam, 100 × 2 = 200",
  rules=["score.unbid-grand-slam", "score.grand-slam-doubled"],
  **ds("E", "E", "3C", PK, fix={"E": "C:AKQJT9 S:AK H:AK D:AK"}, tricks=13))
S("1895.slams.unbid-small-defenders",
  description="1S by N takes 1 trick: E–W take 12 and score an unbid small slam 100 besides 100 × 1 × 6 = 600",
  rules=["score.unbid-small-slam", "score.undertricks"],
  **ds("N", "N", "1S", fix={"E": "S:AKQJT H:AKQ D:AK", "W": "C:AK"}, tricks=1))
S("1895.slams.unbid-grand-defenders",
  description="1D by W takes no trick: N–S take 13 and score an unbid grand slam 200 besides 100 × 1 × 7 = 700",
  rules=["score.unbid-grand-slam", "score.undertricks"],
  **ds("S", "W", "1D", PK, fix={"N": "D:AKQJT9 S:AK H:AK C:AK"}, tricks=0))

S("1895.slams.failed-six-by-one",
  description="6H by N takes exactly 11: down 1; E–W score 100 × 6 × 1 = 600 and 500 for the failed slam; no slam for "
              "N–S",
  rules=["score.failed-slam", "score.undertricks", "score.undertrick-unit", "score.slam-values"],
  **ds("W", "N", "6H", fix={"N": "H:AKQJT9 S:AK D:A"}, tricks=11),
  check=lambda st, res: res["tricks"] == {"NS": 11, "EW": 2})
S("1895.slams.failed-six-no-trump-by-one",
  description="6G by W (pakettiskruuvi) takes exactly 11: down 1; N–S score 100 × 6 × 1 = 600 and 500 for the failed "
              "slam",
  rules=["score.failed-slam", "score.undertricks", "score.undertrick-unit", "score.slam-values"],
  **ds("S", "W", "6G", PK, fix={"W": "S:AKQ H:AKQ D:AK", "E": "C:AK"}, tricks=11),
  check=lambda st, res: res["tricks"] == {"NS": 2, "EW": 11})
S("1895.slams.unbid-grand-level-5",
  description="5S by S takes all 13: the declarer's side scores the unbid grand slam 200 (a contract below six), no "
              "unbid small slam",
  rules=["score.unbid-grand-slam", "score.grand-slam-doubled", "score.slam-values"],
  **ds("E", "S", "5S", fix={"S": "S:AKQJT9 H:AK D:AK"}, tricks=13),
  check=lambda st, res: res["tricks"] == {"NS": 13, "EW": 0})
S("1895.slams.unbid-grand-ostoskruuvi",
  description="4D by N with ostoskruuvi takes all 13: the declarer's side scores the unbid grand slam, 100 × 2 = 200",
  rules=["score.unbid-grand-slam", "score.grand-slam-doubled", "score.slam-values", "kitty.procedures"],
  **ds("N", "N", "4D", fix={"N": "D:AKQJT9 S:AK H:AK C:A"}, tricks=13),
  check=lambda st, res: res["tricks"] == {"NS": 13, "EW": 0} and st.choice == "ostoskruuvi")
S("1895.slams.small-bid-made-thirteen-clubs",
  description="6C by W takes all 13: 500 for the bid small slam and 200 more for the grand; no unbid grand slam",
  rules=["score.small-slam-bid", "score.small-slam-bid-made-grand", "score.grand-slam-doubled", "score.slam-values"],
  **ds("N", "W", "6C", PK, fix={"W": "C:AKQJT9 S:AK H:AK D:A"}, tricks=13),
  check=lambda st, res: res["tricks"] == {"NS": 0, "EW": 13})

# ============================================================================ coronets
S("1895.coronets.three-aces-trump",
  description="2H by N: N holds 3 aces (not the trump ace): ace coronet 200",
  rules=["score.ace-coronets", "score.coronet-aces"],
  **ds("N", "N", "2H", fix={"N": "H:KQJT S:A D:A C:A", "E": "H:A"}, tricks=8),
  hold=lambda st: aces_in(st, "N") == 3)
S("1895.coronets.four-aces-trump",
  description="3C by E: E holds all 4 aces: ace coronet 400 (and the ♣AKQ run, 1 sequence card in trumps, 200)",
  rules=["score.ace-coronets", "score.coronet-aces", "score.sequence-coronets"],
  **ds("S", "E", "3C", PK, fix={"E": "S:A H:A D:A C:AKQ", "W": "C:J"}, tricks=10))
S("1895.coronets.three-aces-no-trump",
  description="1G by S: S holds 3 aces: at no trump the coronet is doubled, 200 × 2 = 400",
  rules=["score.ace-coronets", "score.coronet-aces"],
  **ds("S", "S", "1G", fix={"S": "S:AK H:A D:A", "E": "C:A"}, tricks=8),
  hold=lambda st: aces_in(st, "S") == 3)
S("1895.coronets.four-aces-no-trump",
  description="2G by W: W holds all 4 aces: at no trump 400 × 2 = 800",
  rules=["score.ace-coronets", "score.coronet-aces"],
  **ds("N", "W", "2G", PK, fix={"W": "S:A H:A D:A C:A", "E": "S:KQ"}, tricks=8))
S("1895.coronets.sequence-side-suit",
  description="2S by N: N holds ♦AKQJ (a side suit): 2 sequence cards × 100 = 200",
  rules=["score.sequence-coronets", "score.coronet-sequence-card"],
  **ds("W", "N", "2S", fix={"N": "S:KQJ9 D:AKQJ", "E": "D:T"}, tricks=9),
  hold=lambda st: run_from_ace(st.play_start_hands["N"], "D") == 4)
S("1895.coronets.sequence-trump", example=True,
  description="4H by E: E holds ♥AKQJT in trumps: 3 sequence cards × 200 = 600",
  rules=["score.sequence-coronets", "score.coronet-sequence-card"],
  **ds("E", "E", "4H", fix={"E": "H:AKQJT S:AK", "W": "H:9"}, tricks=10))
S("1895.coronets.defenders-contract-failed",
  description="3D by N fails; the defender W's ♠AKQ and ♣AKQ runs and 3 aces score for E–W (made or not)",
  rules=["score.sequence-coronets", "score.ace-coronets", "score.each-side-own"],
  **ds("N", "N", "3D", PK, fix={"N": "D:KQJT", "W": "S:AKQ C:AKQ H:A"}, tricks=6),
  hold=lambda st: aces_in(st, "W") == 3)

# ============================================================================ games
S("1895.games.first-game-200",
  description="State running N–S 50: 2S by N with 8 tricks adds 16 = 66: N–S's first game, 200 + 16 = 216 below",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 50, "EW": 10}, "games": {"NS": 0, "EW": 0}},
  **ds("N", "N", "2S", fix={"N": "S:AKQJ H:A"}, tricks=8))
S("1895.games.second-game-400",
  description="State games N–S 1, running 40: 3H by S with 9 tricks adds 27 = 67: N–S's second game, 400 + 27",
  rules=["match.game-bonus"], state={"running": {"NS": 40, "EW": 25}, "games": {"NS": 1, "EW": 1}},
  **ds("E", "S", "3H", PK, fix={"S": "H:AKQJ C:A"}, tricks=9))
S("1895.games.running-ends-at-59",
  description="State running E–W 45: 2C by W with 7 tricks adds 14 = 59: no game",
  rules=["match.game-threshold"], state={"running": {"NS": 0, "EW": 45}, "games": {"NS": 0, "EW": 0}},
  **ds("S", "W", "2C", fix={"W": "C:AKQJ S:A"}, tricks=7))
S("1895.games.running-ends-at-60",
  description="State running E–W 40: 2D by E with 10 tricks adds 20 = 60: a game, 200 below",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 20, "EW": 40}, "games": {"NS": 0, "EW": 0}},
  **ds("E", "E", "2D", fix={"E": "D:AKQJT H:AK"}, tricks=10))
S("1895.games.defenders-win-game",
  description="State running E–W 55: 1H by N fails with 5 tricks; E–W's 8 tricks × 1 make 63: E–W win a game",
  rules=["match.game-threshold", "match.game-bonus", "score.below-tricks"],
  state={"running": {"NS": 30, "EW": 55}, "games": {"NS": 0, "EW": 0}},
  **ds("W", "N", "1H", fix={"N": "H:KQJ", "E": "S:AK H:A"}, tricks=5))


def first_side(sd, run, need):
    """The deal's tricks, added in play order to `run`, bring `sd` to 60 first."""
    def f(st):
        c = dict(run)
        L = int(st.contract[0])
        for _ld, _cards, w in st.tricks:
            c[side(w)] += L
            if c[side(w)] >= 60:
                return side(w) == sd
        return False
    return both(mt(need), f)


S("1895.games.both-reach-60-defenders-first",
  description="Running N–S 50, E–W 55; 2S by N with 7 tricks: both pass 60, E–W get there first trick by trick",
  rules=["match.first-to-reach"], state={"running": {"NS": 50, "EW": 55}, "games": {"NS": 0, "EW": 0}},
  **ds("N", "N", "2S", fix={"N": "S:AKQJ", "E": "H:AKQ"}, tricks=7))
SCENARIOS[-1]["target"] = SCENARIOS[-1]["want"] = first_side("EW", {"NS": 50, "EW": 55}, 7)
S("1895.games.both-reach-60-declarer-first",
  description="Running N–S 54, E–W 52; 3D by S with 9 tricks: both pass 60, N–S get there first trick by trick",
  rules=["match.first-to-reach"], state={"running": {"NS": 54, "EW": 52}, "games": {"NS": 1, "EW": 0}},
  **ds("E", "S", "3D", PK, fix={"S": "D:AKQJ S:AK"}, tricks=9))
SCENARIOS[-1]["target"] = SCENARIOS[-1]["want"] = first_side("NS", {"NS": 54, "EW": 52}, 9)

# deal.state with parts left out (INTERPRETING §6B.1 "as in 1944", §6A.1 "default zeros"): `running` or `games`
# absent counts as zeros, and so does a side absent inside one of them.
STATE_NOTE = ("deal.state leaves out {}; INTERPRETING §6B.1 and §6A.1 give the state's default as zeros, and the suite "
              "reads that part by part: an absent `running` or `games`, or a side absent inside one, counts as 0. ")
S("1895.games.state-without-games",
  description="deal.state gives running N–S 50 but no `games`: 2S by N with 8 tricks adds 16 = 66, N–S's first game, "
              "200",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 50, "EW": 10}},
  **ds("N", "N", "2S", fix={"N": "S:AKQJ H:A"}, tricks=8),
  remark=STATE_NOTE.format("`games`") + "With no game won yet this is N–S's first game: 1 × 200 (not 400).")
S("1895.games.state-without-running",
  description="deal.state gives games N–S 1, E–W 1 but no `running`: 5H by S with 12 tricks makes 60 from 0, N–S's "
              "second game, 400",
  rules=["match.game-threshold", "match.game-bonus"], state={"games": {"NS": 1, "EW": 1}},
  **ds("E", "S", "5H", PK, fix={"S": "H:AKQJT9 S:AK"}, tricks=12),
  remark=STATE_NOTE.format("`running`") + "N–S start from 0 and take 12 × 5 = 60: exactly the threshold, a game; "
         "having won one already, it is their second: 2 × 200 = 400.")
S("1895.games.state-running-side-missing",
  description="deal.state running gives N–S 20 and no E–W count, E–W have a game: 5D by E with 12 tricks makes E–W "
              "exactly 60 from 0, their second game, 400",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 20}, "games": {"NS": 0, "EW": 1}},
  **ds("E", "E", "5D", fix={"E": "D:AKQJT9 C:AK"}, tricks=12),
  remark=STATE_NOTE.format("E–W's running count") + "E–W's count is 0 before the deal, so 12 × 5 = 60 reaches the "
         "threshold exactly: a game, E–W's second (2 × 200).")
S("1895.games.state-games-side-missing",
  description="deal.state games gives E–W 1 and no N–S count: 2S by N with 8 tricks from running 50 wins N–S's first "
              "game, 200",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 50, "EW": 10}, "games": {"EW": 1}},
  **ds("N", "N", "2S", fix={"N": "S:AKQJ H:A"}, tricks=8),
  remark=STATE_NOTE.format("N–S's games") + "N–S have won no game, so this one is their first: 1 × 200 (E–W's game "
         "does not count for N–S).")

# ============================================================================ match records (rubbers)
R20 = [
    ds("N", "N", "3S", fix={"N": "S:AKQJ9 H:AK"}, tricks=10),
    ds("E", "S", "4H", PK, fix={"S": "H:AKQJT S:AK"}, tricks=11, deck_positions=[7, 8, 30, 44]),
    ds("S", "N", "5D", fix={"N": "D:AKQJT9 C:AK"}, tricks=12),
]
S("1895.match.rubber-2-0",
  description="A rubber won 2–0 by N–S in three deals (the second game is worth 400); final book rounded",
  rules=["match.rubber", "match.game-bonus", "match.side-totals"], match=R20)
R21 = [
    ds("N", "E", "5S", fix={"E": "S:AKQJT9 H:AK"}, tricks=12),
    ds("E", "S", "6H", PK, fix={"S": "H:AKQJT9 S:AK D:A"}, tricks=12),
    ds("S", "W", "2G", fix={"W": "S:AK H:AK D:A"}, tricks=8),
    ds("W", "N", "7H", PK, fix={"N": "H:AKQJT98 S:AK D:AK"}, tricks=13),
]
S("1895.match.rubber-2-1", example=True,
  description="A rubber won 2–1 by N–S: E–W's game, N–S's game, a part score, N–S's grand slam game",
  rules=["match.rubber", "match.game-bonus", "match.side-totals"], match=R21)
RRD = [
    dict(dealer="E", fix={}, seed=1, pre=fa("E", P4)),
    ds("S", "S", "5G", fix={"S": "S:AKQ H:AKQ D:AK"}, tricks=11),
    dict(dealer="W", fix={}, seed=2, pre=fa("W", P4)),
    ds("N", "W", "3S", PK, fix={"W": "S:AKQJ H:AK"}, tricks=9),
    ds("E", "N", "6S", fix={"N": "S:AKQJT9 H:AK D:AK C:A"}, tricks=13),
]
S("1895.match.rubber-with-redeals",
  description="A rubber with two redeals inside (they score nothing and pass the deal on); N–S win 2–0",
  rules=["match.rubber", "match.dealer-rotation", "redeal.scores-nothing"], match=RRD)
RBR = [
    ds("W", "W", "4C", fix={"W": "C:AKQJT S:AK"}, tricks=11),
    ds("N", "N", "4H", PK, fix={"N": "H:AKQJT S:AK"}, tricks=10),
    ds("E", "E", "2S", fix={"E": "S:AKQJ H:A"}, tricks=7,
       remark="Running E–W 56, N–S 48 before this deal: E–W need 2 tricks, N–S 6 tricks to reach 60."),
    ds("S", "S", "6G", PK, fix={"S": "S:AKQ H:AKQ D:AKQ C:A"}, tricks=12),
    ds("W", "W", "5S", fix={"W": "S:AKQJT9 H:AK"}, tricks=12),
]
RBR[2]["target"] = RBR[2]["want"] = first_side("EW", {"NS": 48, "EW": 56}, 7)


def rbr_check(out):
    return out[0] == "match" and out[1][2]["EW"]["games"] == 1 and out[1][-1]["EW"]["games"] == 2 \
        and out[1][-1]["NS"]["games"] == 1


S("1895.match.rubber-both-reach-60",
  description="A rubber in which both sides pass 60 in one deal (E–W get there first by trick); E–W win 2–1",
  rules=["match.rubber", "match.first-to-reach"], match=RBR, check=rbr_check)

RBIG = [
    ds("N", "E", "5C", fix={"E": "C:AKQJT9 H:AK"}, tricks=12),
    ds("E", "E", "7S", fix={"N": "S:AKQJT9 H:AK D:AK", "S": "C:AK"}, tricks=1),
    ds("S", "S", "6H", PK, fix={"S": "H:AKQJT9 S:AK D:AK C:A"}, tricks=13),
]


def big_check(out):
    return out[0] == "match" and abs(out[2]["difference"]) >= 8000 and out[1][0]["EW"]["games"] == 1 \
        and out[1][-1]["NS"]["games"] == 2 and out[1][-1]["EW"]["games"] == 1


S("1895.match.rubber-large-difference",
  description="A rubber won 2–1 by N–S in which E bids 7S and goes down twelve (one trick): the difference exceeds "
              "8000 and the book is a large number",
  rules=["match.rubber", "match.final-accounting", "match.final-rounding", "score.failed-slam", "score.undertricks"],
  match=RBIG, check=big_check,
  remark="E–W win a game with 5C, then E bids 7S and takes a single trick (N–S take 12, an unbid small slam for the "
         "defenders), then S bids 6H and takes all 13.")

R49 = [
    ds("N", "N", "4S", fix={"N": "S:AKQJ H:A"}, tricks=9),
    R20[1],
    ds("S", "N", "7D", fix={"N": "D:AKQJT9 C:A"}, tricks=9),
]
S("1895.match.rubber-final-difference-ends-in-49",
  description="A rubber won 2–0 by N–S whose final difference is −549: book −5.49 rounded to the nearest whole "
              "number = −5 (not −6)",
  rules=["match.rubber", "match.final-accounting", "match.final-rounding", "score.failed-slam", "score.undertricks"],
  match=R49, check=lambda out: out[0] == "match" and out[2]["difference"] == -549 and out[2]["book"] == -5,
  remark="The trick counts and fixed cards were chosen (by trying values around the rubber 2–0) so that the final "
         "difference ends in 49: −549 / 100 = −5.49 is nearer −5 than −6, so the book is −5. Rounding that adds "
         "51 hundredths before cutting (or rounds 49 up) would give −6; the cases whose difference ends in 50 cannot "
         "tell the two apart. N–S win both games, but E–W's undertricks against the failed seven outweigh them.")

# match errors
S("1895.match.error-wrong-dealer-repeated",
  description="Deal 1 is dealt by N again instead of E: wrong-dealer",
  rules=["match.dealer-rotation"], match=[R20[0], ds("N", "S", "4H", fix={"S": "H:AKQJT S:AK"}, tricks=11)],
  error=(1, None, "wrong-dealer"), remark="Deal 0 was dealt by N; deal 1 must be dealt by E (N's left).")
S("1895.match.error-wrong-dealer-after-redeal",
  description="After a redeal dealt by E the next deal is dealt by E again: wrong-dealer (a redeal passes the deal on)",
  rules=["match.dealer-rotation", "redeal.scores-nothing"], match=[RRD[0], ds("E", "S", "5G", fix={"S": "S:AKQ H:AKQ D:AK"}, tricks=11)],
  error=(1, None, "wrong-dealer"), remark="Deal 0 (dealer E) is a redeal; it still counts, so deal 1 must be dealt by S.")
S("1895.match.error-wrong-deal-form-kotka",
  description="The second deal of a rubber is a kotka: wrong-deal-form (there are no kotkat in 1895)",
  rules=["alkupeli.no-kotkat", "match.rubber"],
  match=[R20[0], dict(dealer="E", raw_deal=None, pre=["E bid 6S"], error=(None, "invalid-deal"))],
  error=(1, None, "wrong-deal-form"), remark="Every deal of an 1895 rubber is an alkupeli.")
S("1895.match.error-wrong-deal-form-redeal",
  description="A deal given as form 'redeal': wrong-deal-form (a redeal arises from four passes, it is not dealt)",
  rules=["alkupeli.no-kotkat", "auction.all-pass"],
  match=[R20[0], R20[1], dict(dealer="S", raw_deal=None, pre=["S pass", "W pass", "N pass", "E pass"],
                             error=(None, "invalid-deal"))],
  error=(2, None, "wrong-deal-form"), remark="Deal 2 names form redeal.")
S("1895.match.error-overrun-after-2-0",
  description="A fourth deal after N–S's second game: match-overrun",
  rules=["match.rubber"], match=[*R20, ds("W", "W", "2S", fix={"W": "S:AKQJ H:A"}, tricks=8)],
  error=(3, None, "match-overrun"), remark="N–S win their second game in deal 2; the rubber is over.")
S("1895.match.error-overrun-after-2-1",
  description="A redeal after the rubber is over is still a deal too many: match-overrun",
  rules=["match.rubber"], match=[*R21, dict(dealer="N", fix={}, seed=6, pre=fa("N", P4))],
  error=(4, None, "match-overrun"), remark="N–S win their second game in deal 3; deal 4 (even four passes) overruns.")
S("1895.match.error-incomplete-one-game",
  description="The record stops after N–S's first game: incomplete-record (deal = 2, index null)",
  rules=["match.rubber"], match=R20[:2], error=(2, None, "incomplete-record"),
  remark="Nobody has two games after deals 0–1.")
S("1895.match.error-incomplete-games-one-all",
  description="The record stops at one game all: incomplete-record (deal = 2, index null)",
  rules=["match.rubber"], match=R21[:2], error=(2, None, "incomplete-record"),
  remark="E–W and N–S have one game each.")
S("1895.match.error-illegal-choice-inside-deal",
  description="In deal 1 the taker chooses 'kotka': that deal's choice-not-offered with deal = 1",
  rules=["kitty.choice"],
  match=[R20[0], dict(ds("E", "S", "4H", fix={"S": "H:AKQJT S:AK"}), play=None)],
  error=(1, 10, "choice-not-offered"), remark="Deal 1: E, S... S bids 4H and eight passes; S must choose ostoskruuvi "
  "or pakettiskruuvi.")
SCENARIOS[-1]["match"][1]["pre"] = fa("E", ["p", "4H", *P8])
SCENARIOS[-1]["match"][1]["after"] = ["S choose kotka"]
SCENARIOS[-1]["match"][1]["error"] = (10, "choice-not-offered")
S("1895.match.error-invalid-deal-inside",
  description="Deal 1 has centre position 51: invalid-deal with deal = 1, index null",
  rules=["deal.centre-not-last"],
  match=[R20[0], dict(dealer="E", fix={}, seed=8, deck_positions=[5, 20, 35, 51], pre=[], error=(None, "invalid-deal"))],
  error=(1, None, "invalid-deal"), remark="Deal 1 is given as a deck whose last card would be a centre card.")
S("1895.match.error-incomplete-inside-deal",
  description="Deal 2 stops in the middle of the play: incomplete-record with deal = 2 and its index",
  rules=["match.rubber"],
  match=[*R20[:2], dict(R20[2], cut=30, error=(30, "incomplete-record"))],
  error=(2, 30, "incomplete-record"), remark="Deal 2 gives its auction, choice, gifts and the first cards of play only.")


# seats (DESIGN §3, amendment match-seat-names): a rubber's partnerships are fixed, so the seats first given are
# kept; every seat assignment names four different players, each a non-empty string.
SEATS_ABCD = {"N": "A", "E": "B", "S": "C", "W": "D"}
S("1895.match.rubber-seats-kept",
  description="The rubber 2–0 of N–S with seats: given at deal 0, omitted at deal 1, repeated at deal 2; the same "
              "answer as without seats",
  rules=["deal.players", "match.rubber", "match.game-bonus", "match.side-totals"],
  match=[dict(R20[0], seats=SEATS_ABCD), R20[1], dict(R20[2], seats=dict(SEATS_ABCD))],
  remark="Seats: A sits N, B E, C S, D W at deal 0 (DESIGN §3, amendment match-seat-names: four different "
         "non-empty names). The partnerships of a rubber are fixed (deal.players), so deal 1 may omit the seats "
         "and deal 2 repeats them unchanged; the seats do not enter the sheets, which are per side.")
S("1895.match.error-seats-changed",
  description="Deal 1 seats B and C in each other's places (new partnerships) after deal 0 seated A B C D: "
              "wrong-seating",
  rules=["deal.players", "match.rubber"],
  match=[dict(R20[0], seats=SEATS_ABCD), dict(R20[1], seats={"N": "A", "E": "C", "S": "B", "W": "D"})],
  error=(1, None, "wrong-seating"),
  remark="Deal 0 seats A–C (N–S) against B–D (E–W). Deal 1 is dealt by E, the left of N (no wrong-dealer), and "
         "its seats make A–B partners: a rubber keeps its partnerships (deal.players; DESIGN §3, amendment "
         "match-seat-names: seats once given are kept), so deal 1 is wrong-seating, index null, before its "
         "actions are read.")
S("1895.match.error-seats-duplicate-name",
  description="Deal 0 seats player A at both N and S: wrong-seating",
  rules=["deal.players", "match.rubber"],
  match=[dict(R20[0], seats={"N": "A", "E": "B", "S": "A", "W": "D"})],
  error=(0, None, "wrong-seating"),
  remark="Four players play (deal.players); one person cannot sit in two seats. DESIGN §3, amendment "
         "match-seat-names: the four names must be different. Deal 0 is the rubber's first deal (no rotation "
         "to check), its form is alkupeli, so the seats are the first check that fails: deal 0, index null.")
S("1895.match.error-seats-empty-name",
  description="Deal 0 seats an empty name at E: wrong-seating",
  rules=["deal.players", "match.rubber"],
  match=[dict(R20[0], seats={"N": "A", "E": "", "S": "C", "W": "D"})],
  error=(0, None, "wrong-seating"),
  remark="An empty string names no player. DESIGN §3, amendment match-seat-names: each seat's name is a "
         "non-empty string. Deal 0's form and dealer are fine, so the seats decide: deal 0, index null.")
S("1895.match.error-seats-missing-seat",
  description="Deal 1 gives seats for N, E and S only (W missing): wrong-seating",
  rules=["deal.players", "match.rubber"],
  match=[R20[0], dict(R20[1], seats={"N": "A", "E": "B", "S": "C"})],
  error=(1, None, "wrong-seating"),
  remark="Deal 0 carries no seats (allowed: seats are optional). Deal 1 is dealt by E, the left of N, and names "
         "three seats: DESIGN §3, amendment match-seat-names, a seat assignment names all four seats N E S W. "
         "Deal 1, index null.")
S("1895.match.error-seats-name-not-text",
  description="Deal 0 names the W player by the number 4: wrong-seating",
  rules=["deal.players", "match.rubber"],
  match=[dict(R20[0], seats={"N": "A", "E": "B", "S": "C", "W": 4})],
  error=(0, None, "wrong-seating"),
  remark="A player's name is a string (DESIGN §3, amendment match-seat-names); the number 4 is not one, and is "
         "not read as the text \"4\". Deal 0, index null.")

# ============================================================================ errors (single deals)
def _raw(seed, form="alkupeli", deck=False, **extra):
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    d = {"form": form, "dealer": "N"}
    if deck:
        d["deck"] = cards
    else:
        d["hands"] = {x: cards[12 * i:12 * i + 12] for i, x in enumerate(SEATS)}
        d["centre"] = cards[48:]
    d.update(extra)
    return d


def E(id, description, rules, error, remark="", **kw):
    add(id=id, description=description, rules=rules, error=error, remark=remark, **kw)


def RAW(id, description, rules, remark, deal, pre=("N bid 1S",)):
    E(id, description, rules, (None, "invalid-deal"), remark, raw_deal=deal, pre=list(pre))


# the deal forms kotka, redeal and passimisaari as raw deals for the match error cases
SCENARIOS[[s["id"] for s in SCENARIOS].index("1895.match.error-wrong-deal-form-kotka")]["match"][1]["raw_deal"] = dict(
    _raw(31, "kotka"), dealer="E", hands={x: ALL_CARDS[13 * i:13 * i + 13] for i, x in enumerate(SEATS)}, centre=[])
SCENARIOS[[s["id"] for s in SCENARIOS].index("1895.match.error-wrong-deal-form-redeal")]["match"][2]["raw_deal"] = dict(
    _raw(32, "redeal"), dealer="S")

RAW("1895.errors.invalid-deal-centre-position-51", "Centre positions [10, 20, 30, 51]: the last card may not be a centre "
    "card", ["deal.centre-not-last"], "Position 51 is the last card of the pack.",
    _raw(1, deck=True, centre_positions=[10, 20, 30, 51]))
RAW("1895.errors.invalid-deal-centre-positions-repeated", "Centre positions [4, 9, 9, 30]: not four distinct positions",
    ["alkupeli.centre-cards"], "Only three distinct positions are given.",
    _raw(2, deck=True, centre_positions=[4, 9, 9, 30]))
RAW("1895.errors.invalid-deal-form-kotka", "A record dealt as a kotka (13 cards each): no kotkat in 1895",
    ["alkupeli.no-kotkat"], "Only the alkupeli can be dealt in 1895.",
    dict(_raw(3, "kotka"), hands={x: ALL_CARDS[13 * i:13 * i + 13] for i, x in enumerate(SEATS)}, centre=[]),
    pre=["N bid 6S"])
RAW("1895.errors.invalid-deal-form-redeal", "A record dealt as form 'redeal': not a dealt form",
    ["redeal.scores-nothing", "auction.all-pass"], "A redeal only arises from four opening passes.",
    _raw(4, "redeal"), pre=["N pass", "E pass", "S pass", "W pass"])
RAW("1895.errors.invalid-deal-form-passimisaari", "A record dealt as form 'passimisaari' (not a form of the default "
    "reading)", ["auction.all-pass"], "Under the default reading there is no passimisääri; it is never dealt anyway.",
    _raw(5, "passimisaari"), pre=["N pass", "E pass", "S pass", "W pass"])
_dup = _raw(6)
_dup["hands"]["E"] = [*_dup["hands"]["E"][:11], _dup["hands"]["N"][0]]
RAW("1895.errors.invalid-deal-duplicate-card", "E's hand repeats a card of N's hand (a card missing, one twice)",
    ["deal.pack"], "The 52 cards must all be different.", _dup)
_both = _raw(7)
_both["deck"] = [*_both["hands"]["N"], *_both["hands"]["E"], *_both["hands"]["S"], *_both["hands"]["W"], *_both["centre"]]
_both["centre_positions"] = [48, 49, 50, 0]
RAW("1895.errors.invalid-deal-hands-and-deck", "A deal giving both hands and a deck", ["deal.one-at-a-time"],
    "Exactly one of hands + centre and deck + centre_positions may be given.", _both)
_13 = _raw(8)
_13["hands"]["W"] = [*_13["hands"]["W"], _13["centre"][0]]
_13["centre"] = _13["centre"][1:]
RAW("1895.errors.invalid-deal-thirteen-cards", "W holds 13 cards and the centre 3", ["alkupeli.hand-size"],
    "Each hand must have 12 cards and the centre 4.", _13)
RAW("1895.errors.invalid-deal-state-running-60", "deal.state with running N–S 60 (running counts are 0..59)",
    ["match.game-threshold"], "A running count of 60 would already have won a game.",
    _raw(9, state={"running": {"NS": 60, "EW": 0}, "games": {"NS": 0, "EW": 0}}))
RAW("1895.errors.invalid-deal-state-games-negative", "deal.state with games E–W −1", ["match.rubber"],
    "Games must be whole numbers >= 0.", _raw(10, state={"running": {"NS": 0, "EW": 0}, "games": {"NS": 0, "EW": -1}}))
RAW("1895.errors.invalid-deal-state-running-fraction", "deal.state with running N–S 12.5 (not a whole number)",
    ["match.game-threshold"], "Running counts must be whole numbers.",
    _raw(11, state={"running": {"NS": 12.5, "EW": 0}, "games": {"NS": 0, "EW": 0}}))

_ZERO = {"NS": 0, "EW": 0}
RAW("1895.errors.invalid-deal-state-running-not-mapping", "deal.state with running: 30 (a number, not a count per side)",
    ["match.game-threshold"], "`running` must map the sides NS and EW to their counts (INTERPRETING §6B.1, §6A.1: "
    "{running: {NS, EW}, games: {NS, EW}}); a bare 30 says neither side's count and is not read as both: a bad state.",
    _raw(12, state={"running": 30, "games": _ZERO}))
RAW("1895.errors.invalid-deal-state-games-not-mapping", "deal.state with games: 2 (a number, not a count per side)",
    ["match.game-bonus"], "`games` must map NS and EW to the games won; a bare number names no side: a bad state.",
    _raw(13, state={"running": _ZERO, "games": 2}))
RAW("1895.errors.invalid-deal-state-not-mapping", "deal.state is a list, not a mapping", ["match.game-threshold"],
    "The state is a mapping {running, games} (INTERPRETING §6A.1); a list is not one: a bad state.",
    _raw(14, state=[0, 0]))
RAW("1895.errors.invalid-deal-state-running-negative", "deal.state with running E–W −1", ["match.game-threshold"],
    "Running counts only grow from 0 (own tricks × level): a count below 0 is a bad state.",
    _raw(15, state={"running": {"NS": 0, "EW": -1}, "games": _ZERO}))
RAW("1895.errors.invalid-deal-state-games-true", "deal.state with games N–S true (a truth value, not a number)",
    ["match.game-bonus"], "Games won are whole numbers; true is not one (it is not read as 1): a bad state.",
    _raw(16, state={"running": _ZERO, "games": {"NS": True, "EW": 0}}))

BASE = dict(dealer="N", fix={"N": "S:AKQJT H:AK"}, seed=0)
AUC = fa("N", ["1S", *P8])                      # N 1S + 8 passes: N is the taker, 9 actions
OSTO = [*AUC, "N choose ostoskruuvi"]
PAKE = [*AUC, "N choose pakettiskruuvi"]
FULL_O = ds("N", "N", "1S", fix=BASE["fix"], seed=0)            # whole deal, ostoskruuvi; play starts at index 13


def held_by(seat, n=0):
    return lambda st: sorted(st.hands[seat])[n]


E("1895.errors.malformed-bid-level-8", "N bid 8S: unparseable bid", ["auction.bid-levels"], (0, "malformed-action"),
  after=["N bid 8S"], **BASE)
E("1895.errors.malformed-choose-two-words", "N choose ostoskruuvi pakettiskruuvi: choose takes exactly one word",
  ["kitty.choice"], (9, "malformed-action"), pre=AUC, after=["N choose ostoskruuvi pakettiskruuvi"], **BASE)
E("1895.errors.malformed-choose-capital", "N choose Ostoskruuvi: a capital letter is not a choice word",
  ["kitty.choice"], (9, "malformed-action"), pre=AUC, after=["N choose Ostoskruuvi"], **BASE)
E("1895.errors.malformed-choose-no-word", "N choose (without a word)", ["kitty.choice"], (9, "malformed-action"),
  pre=AUC, after=["N choose"], **BASE)
E("1895.errors.malformed-choose-digit", "E choose ostoskruuvi2 out of turn: malformed before not-your-turn",
  ["kitty.choice"], (9, "malformed-action"), pre=AUC, after=["E choose ostoskruuvi2"], **BASE)
E("1895.errors.malformed-give-same-card-twice", "The taker names the same card twice in pakettiskruuvi",
  ["kitty.procedures"], (10, "malformed-action"), pre=PAKE,
  bad=lambda st: "N give S " + " ".join([sorted(st.hands["N"])[0]] * 2 + sorted(st.hands["N"])[1:3]), **BASE)
E("1895.errors.not-your-turn-first-call", "E bids before the dealer N", ["auction.first-speaker"], (0, "not-your-turn"),
  after=["E bid 1S"], **BASE)
E("1895.errors.not-your-turn-after-redeal", "After four opening passes (a redeal) N bids: nobody is to act",
  ["auction.all-pass"], (4, "not-your-turn"), pre=fa("N", P4), after=["N bid 1S"], **BASE)
E("1895.errors.not-your-turn-partner-chooses", "S (the taker's partner) chooses the procedure instead of N",
  ["kitty.choice"], (9, "not-your-turn"), pre=AUC, after=["S choose pakettiskruuvi"], **BASE)
E("1895.errors.not-your-turn-bad-choice-wrong-seat", "E chooses 'kotka' when N is to choose: turn before the choice",
  ["kitty.choice"], (9, "not-your-turn"), pre=AUC, after=["E choose kotka"], **BASE)
E("1895.errors.not-your-turn-partner-gives-in-ostoskruuvi", "Ostoskruuvi: S (partner) gives instead of the taker N",
  ["kitty.procedures"], (10, "not-your-turn"), pre=OSTO, bad=lambda st: f"S give W {sorted(st.hands['S'])[0]}", **BASE)
E("1895.errors.not-your-turn-after-last-trick", "An action after the 52nd card: no seat is to act",
  ["play.trick-winner"], (65, "not-your-turn"), after=["N play AS"], **FULL_O)
E("1895.errors.wrong-phase-give-before-choose", "The taker gives his partner four cards without choosing first",
  ["kitty.choice"], (9, "wrong-phase"), pre=AUC,
  bad=lambda st: "N give S " + " ".join(sorted(st.hands["N"])[:4]), **BASE)
E("1895.errors.wrong-phase-pass-before-choose", "The taker passes instead of choosing", ["kitty.choice"],
  (9, "wrong-phase"), pre=AUC, after=["N pass"], **BASE)
E("1895.errors.wrong-phase-choose-during-play", "E (to lead) chooses ostoskruuvi during the play", ["kitty.choice"],
  (13, "wrong-phase"), play=None, after=["E choose ostoskruuvi"], **FULL_O)
E("1895.errors.wrong-phase-choose-in-auction", "The dealer N 'chooses' at the first call", ["kitty.choice"],
  (0, "wrong-phase"), after=["N choose ostoskruuvi"], **BASE)
E("1895.errors.wrong-phase-choose-during-gifts", "Pakettiskruuvi: the partner S chooses again instead of giving",
  ["kitty.choice"], (11, "wrong-phase"), pre=[*PAKE, gift], after=["S choose ostoskruuvi"], **BASE)
E("1895.errors.wrong-phase-double-in-auction", "E doubles N's 1S: there are no knocks in 1895", ["score.no-knocks"],
  (1, "wrong-phase"), pre=["N bid 1S"], after=["E double"], **BASE)
E("1895.errors.wrong-phase-double-in-play", "E doubles instead of leading: no knocks", ["score.no-knocks"],
  (13, "wrong-phase"), play=None, after=["E double"], **FULL_O)
E("1895.errors.wrong-phase-pass-in-gifts", "Ostoskruuvi: the taker passes instead of his second gift",
  ["kitty.procedures"], (11, "wrong-phase"), pre=[*OSTO, gift], after=["N pass"], **BASE)
E("1895.errors.wrong-phase-play-in-auction", "S plays a card during the auction", ["auction.first-speaker"],
  (2, "wrong-phase"), pre=["N bid 1S", "E pass"], bad=lambda st: f"S play {sorted(st.hands['S'])[0]}", **BASE)
E("1895.errors.bid-not-allowed-misere-opening", "N bids 1M: misère cannot be bid in 1895", ["alkupeli.strain-order"],
  (0, "bid-not-allowed"), after=["N bid 1M"], **BASE)
E("1895.errors.bid-not-allowed-misere-over-bid", "After 1S, E bids 7M: misère not allowed (checked before higher)",
  ["alkupeli.strain-order"], (1, "bid-not-allowed"), pre=["N bid 1S"], after=["E bid 7M"], **BASE)
E("1895.errors.bid-not-allowed-low-misere", "After 2H, E bids 1M: bid-not-allowed comes before bid-not-higher",
  ["alkupeli.strain-order"], (1, "bid-not-allowed"), pre=["N bid 2H"], after=["E bid 1M"], **BASE)
E("1895.errors.bid-not-higher-lower-strain", "After 1H, E bids 1D: same level, lower strain", ["auction.higher-bid"],
  (1, "bid-not-higher"), pre=["N bid 1H"], after=["E bid 1D"], **BASE)
E("1895.errors.bid-not-higher-no-trump-under-spades", "After 2S, S bids 1G: a lower level, though a higher strain",
  ["auction.higher-bid", "alkupeli.strain-order"], (2, "bid-not-higher"), pre=["N bid 2S", "E pass"],
  after=["S bid 1G"], **BASE)
E("1895.errors.bid-not-higher-repeat-own", "N repeats his own 1S after seven passes", ["auction.higher-bid"],
  (8, "bid-not-higher"), pre=fa("N", ["1S", *["p"] * 7]), after=["N bid 1S"], **BASE)
E("1895.errors.give-wrong-recipient-ostoskruuvi-partner-first", "Ostoskruuvi by N: the first gift goes to S (partner) "
  "instead of E (left)", ["kitty.order"], (10, "give-wrong-recipient"), pre=OSTO,
  bad=lambda st: f"N give S {sorted(st.hands['N'])[0]}", **BASE)
E("1895.errors.give-wrong-recipient-pakettiskruuvi-to-opponent", "Pakettiskruuvi by N: four cards to E instead of the "
  "partner S", ["kitty.procedures"], (10, "give-wrong-recipient"), pre=PAKE,
  bad=lambda st: "N give E " + " ".join(sorted(st.hands["N"])[:4]), **BASE)
E("1895.errors.give-wrong-recipient-partner-gives-taker-first", "Pakettiskruuvi: the partner S gives the taker N first "
  "instead of W (his left)", ["kitty.order"], (11, "give-wrong-recipient"), pre=[*PAKE, gift],
  bad=lambda st: f"S give N {sorted(st.hands['S'])[0]}", **BASE)
E("1895.errors.give-wrong-count-pakettiskruuvi-three", "Pakettiskruuvi: the taker gives his partner three cards",
  ["kitty.procedures"], (10, "give-wrong-count"), pre=PAKE,
  bad=lambda st: "N give S " + " ".join(sorted(st.hands["N"])[:3]), **BASE)
E("1895.errors.give-wrong-count-ostoskruuvi-two", "Ostoskruuvi: the taker gives E two cards", ["kitty.procedures"],
  (10, "give-wrong-count"), pre=OSTO, bad=lambda st: "N give E " + " ".join(sorted(st.hands["N"])[:2]), **BASE)
E("1895.errors.give-wrong-count-not-held-partner-gives-four", "Pakettiskruuvi: the partner gives W four cards, one of "
  "them not held: count before holding", ["kitty.procedures"], (11, "give-wrong-count"), pre=[*PAKE, gift],
  bad=lambda st: "S give W " + " ".join([*sorted(st.hands["S"])[:3], sorted(st.hands["E"])[0]]), **BASE)
E("1895.errors.card-not-held-gift", "Ostoskruuvi: the taker gives E a card held by W", ["kitty.procedures"],
  (10, "card-not-held"), pre=OSTO, bad=lambda st: f"N give E {sorted(st.hands['W'])[0]}", **BASE)
E("1895.errors.card-not-held-play", "E leads a card held by S", ["play.follow-suit"], (13, "card-not-held"),
  play=None, bad=lambda st: f"E play {sorted(st.hands['S'])[0]}", **FULL_O)


def revoke(st):
    s = st.to_act()
    led = st.cur[0][1][1]
    off = [c for c in sorted(st.hands[s]) if c[1] != led]
    if not st.cur or not any(c[1] == led for c in st.hands[s]) or not off:
        raise Reject("no revoke possible")
    return f"{s} play {off[0]}"


E("1895.errors.must-follow-suit-first-trick", "The second player of trick 1 does not follow suit though he can",
  ["play.follow-suit"], (14, "must-follow-suit"), cut=14, bad=revoke, **FULL_O)
E("1895.errors.must-follow-suit-later-trick", "A player discards in trick 6 while holding the suit led (pakettiskruuvi "
  "deal)", ["play.follow-suit"], (37, "must-follow-suit"), cut=37, bad=revoke, **ds("E", "W", "2H", PK, fix={"W": "H:AKQJ"}, seed=0))
E("1895.errors.must-follow-suit-card-not-held-first", "A player plays a card he does not hold off-suit: card-not-held "
  "before must-follow-suit", ["play.follow-suit"], (14, "card-not-held"), cut=14,
  bad=lambda st: f"{st.to_act()} play " + next(c for s in SEATS if s != st.to_act() for c in sorted(st.hands[s])
                                                 if c[1] != st.cur[0][1][1]), **FULL_O)
E("1895.errors.choice-not-offered-passimisaari", "N choose passimisaari: not one of the two procedures",
  ["kitty.choice"], (9, "choice-not-offered"), pre=AUC, after=["N choose passimisaari"], **BASE)
E("1895.errors.choice-not-offered-hyphenated", "N choose paketti-skruuvi (a well-formed word that is not offered)",
  ["kitty.choice"], (9, "choice-not-offered"), pre=AUC, after=["N choose paketti-skruuvi"], **BASE)
E("1895.errors.choice-not-offered-taker-W", "W (taker after 2C) chooses 'kotka'", ["kitty.choice"],
  (10, "choice-not-offered"), pre=fa("S", ["p", "2C", *P8]), after=["W choose kotka"],
  dealer="S", fix={"W": "C:AKQJ"}, seed=0)
E("1895.errors.incomplete-record-before-choose", "The record stops after the auction, before the taker's choice",
  ["kitty.choice"], (9, "incomplete-record"), pre=AUC, **BASE)
E("1895.errors.incomplete-record-mid-gifts", "The record stops after the first pakettiskruuvi gift of the partner",
  ["kitty.procedures"], (12, "incomplete-record"), pre=[*PAKE, gift, gift], **BASE)
E("1895.errors.incomplete-record-mid-play", "The record stops after trick 5", ["play.trick-winner"],
  (33, "incomplete-record"), cut=33, **FULL_O)
E("1895.errors.incomplete-record-empty", "No actions at all: the dealer is to call", ["auction.first-speaker"],
  (0, "incomplete-record"), pre=[], **BASE)
