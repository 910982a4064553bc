"""Scenarios for the hand-written 2016 cases; see author.py for how they become case files.

Conventions: fa(dealer, calls) writes a first auction from the dealer clockwise ('p' = pass);
sa(H, calls) a second auction alternating H, P.  kitty(strain) / dx_give() / dx_pass() / r(role,
verb) are small functions of the state, resolved when the record is built, so that generated deals
need no hand-picked cards: H gives his four lowest cards outside the intended strain (in misère his
four highest), P gives one lowest (misère: highest) non-trump card to each in turn; in the defenders'
exchange the left-hand defender gives his lowest card and the partner returns his lowest other card.
Roles: D declarer, P his partner, L declarer's left, R declarer's right.
"""
from author import SEATS, SUITS, ace_ordinals, left, partner, rank, right, side, sort_cards

# ----------------------------------------------------------------------------- helpers


def fa(dealer, calls):
    out, s = [], dealer
    for c in calls:
        out.append(f"{s} pass" if c == "p" else f"{s} bid {c}")
        s = left(s)
    return out


def sa(H, calls):
    out, s = [], H
    for c in calls:
        out.append(f"{s} pass" if c == "p" else f"{s} bid {c}")
        s = partner(s)
    return out


P8 = ["p"] * 8
P4 = ["p"] * 4


def _low(cards, strain):
    key = (lambda c: (-rank(c), SUITS.index(c[1]))) if strain == "M" else (lambda c: (rank(c), SUITS.index(c[1])))
    non = [c for c in cards if c[1] != strain]
    pool = non if len(non) >= 1 else list(cards)
    return sorted(pool, key=key)


def kitty(strain):
    def h(st):
        cards = _low(st.hands[st.H], strain)
        if len(cards) < 4:
            cards = cards + [c for c in _low(st.hands[st.H], "X") if c not in cards]
        return f"{st.H} give {st.P} " + " ".join(cards[:4])

    def p(k):
        def f(st):
            return f"{st.P} give {st.kitty_targets[k]} {_low(st.hands[st.P], strain)[0]}"
        return f
    return [h, p(0), p(1), p(2)]


def seat_of(st, role):
    D = st.declarer
    return {"D": D, "P": partner(D), "L": left(D), "R": right(D)}[role]


def r(role, verb):
    return lambda st: f"{seat_of(st, role)} {verb}"


def dx_pass():
    return [r("L", "pass")]


def sort_low(cards):
    return sorted(cards, key=lambda c: (rank(c), SUITS.index(c[1])))


def dx_give():
    def g(st):
        L = left(st.declarer)
        c = sort_low(st.hands[L])[0]
        return f"{L} give {partner(L)} {c}"

    def back(st):
        L = left(st.declarer)
        c = next(x for x in sort_low(st.hands[partner(L)]) if x != st.received)
        return f"{partner(L)} give {L} {c}"
    return [g, back]


NODBL = [r("L", "pass"), r("R", "pass")]


def px_auto(dealer):
    """Passimisääri partner exchange, each giver gives his lowest card (returns: lowest other card)."""
    F = left(dealer)
    steps = [(F, partner(F), None), (partner(dealer), dealer, 0), (partner(F), F, "r0"), (dealer, partner(dealer), "r1")]
    out = []
    for giver, to, _ in steps:
        def f(st, giver=giver, to=to):
            got = st.px_given[0] if giver == partner(F) else (st.px_given[1] if giver == dealer else None)
            c = next(x for x in sorted(st.hands[giver], key=lambda c: (rank(c), SUITS.index(c[1]))) if x != got)
            return f"{giver} give {to} {c}"
        out.append(f)
    return out


def mt(n):
    return lambda st: st.won[side(st.declarer)] == n


def hand_of(st, seat):
    return sort_cards(st.hands[seat])


# ----------------------------------------------------------------------------- base deal A (dealer N)
A_HANDS = {"N": "S:AK H:AKQJ D:AK2 C:A32", "E": "S:JT98 H:76 D:T987 C:T9",
           "S": "S:Q2 H:T98 D:QJ3 C:KQJ4", "W": "S:7654 H:54 D:654 C:876"}
A_CENTRE = "S:3 H:32 C:5"
A_REMARK = ("Deal A (dealer N): N S:AK H:AKQJ D:AK2 C:A32; E S:JT98 H:76 D:T987 C:T9; S S:Q2 H:T98 D:QJ3 "
            "C:KQJ4; W S:7654 H:54 D:654 C:876; centre 3S 3H 2H 5C.")
A_AUCTION = fa("N", ["1H", *P8])                         # 0-8
A_KITTY = ["N give S 3S 2C 3C 5C", "S give W 2C", "S give N KC", "S give E 3C"]   # 9-12
A_SECOND = sa("N", ["5H", "p", "p", "p", "p"])           # 13-17
A_PRE = A_AUCTION + A_KITTY + A_SECOND                   # contract 5H by N; E (left of N) to act
A_KITTY_REMARK = (" N 1H and eight passes: N is the highest bidder (H), S his partner (P), main pair's first bid 1H. "
                  "N takes the centre (N: S:AK3 H:AKQJ32 D:AK2 C:A532, 16 cards), gives S 3S 2C 3C 5C; S gives W 2C, "
                  "N KC, E 3C; N then holds S:AK H:AKQJ32 D:AK2 C:AK, E S:JT98 H:76 D:T987 C:T93, S S:Q32 H:T98 "
                  "D:QJ3 C:QJ54, W S:7654 H:54 D:654 C:8762. Second auction: N 5H and four passes: 5H by N. "
                  "E (left of N) acts first in the defenders' exchange.")
A_PASSI = fa("N", P4)   # passimisääri: centre 3S→E, 3H→S, 2H→W, 5C→N
A_PASSI_REMARK = (" N, E, S, W all pass in the first round: passimisääri. The centre is dealt 3S→E, 3H→S, 2H→W, "
                  "5C→N; forehand E gives first (to W), then S (dealer's partner) to N, then W back to E, then N back to S.")
A6_PRE = fa("N", ["6H", *P8]) + A_KITTY + sa("N", P4)   # 6H by N; exchange forbidden; E to act (doubling)
A6_REMARK = (" N opens 6H and eight passes follow: the main pair's first bid is 6H (level 6), so the defenders' "
             "exchange is forbidden. Kitty as in deal A (N gives S 3S 2C 3C 5C; S gives W 2C, N KC, E 3C); second "
             "auction four passes (6H ≥ 5): 6H by N. Doubling begins with E (declarer's left).")

SCENARIOS = []


def add(**kw):
    SCENARIOS.append(kw)


def A(**kw):
    kw.setdefault("dealer", "N")
    kw["hands"] = A_HANDS
    kw["centre"] = A_CENTRE
    add(**kw)


FLOW = ["auction.first-speaker", "auction.bidders", "kitty.take", "kitty.give-partner", "kitty.partner-gives-one-each",
        "kitty.partner-order", "auction2.main-pair-only", "auction2.first-speaker", "auction2.end-four-passes",
        "auction2.declarer", "play.lead", "play.follow-suit", "play.trick-winner"]

# ============================================================================ VALID: deal
A(id="2016.deal.hands-and-centre-5H", example=True,
  description="Deal A given as four 12-card hands and 4 centre cards; N plays 5H and takes all 13 tricks",
  rules=["deal.players", "deal.pack", "alkupeli.hand-size", "alkupeli.centre-cards", "auction.end-eight-passes", "play.trumps", *FLOW, "defenders-exchange.one-card", "doubling.defenders-order"],
  pre=[*A_PRE, "E pass", "E pass", "W pass"],
  remark=A_REMARK + A_KITTY_REMARK + " N holds the six top trumps and the top two cards of every side suit, so he "
  "wins every trick he can take: he ruffs or overtakes each lead.")

add(id="2016.deal.deck-positions-dealer-E",
    description="Deal given as a pack and centre positions [1, 17, 30, 50], dealer E; 5S by S",
    rules=["deal.one-at-a-time", "deal.centre-not-top-or-bottom", "deal.centre-not-consecutive", "deal.pack",
           "alkupeli.hand-size", "auction.first-speaker"],
    dealer="E", deck_positions=[1, 17, 30, 50],
    fix={"S": "S:AKQJT9"},
    pre=fa("E", ["p", "1S", *P8]) + kitty("S") + sa("S", ["5S", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="The deck is listed top first; deck[1], deck[17], deck[30], deck[50] are the centre (none at 0 or 51, "
    "not four in a row); the other 48 are dealt one at a time from the dealer's left: S, W, N, E, S, ... so S gets "
    "deck[0], W deck[2], N deck[3], E deck[4], S deck[5], and so on.")

add(id="2016.deal.deck-three-consecutive-centre",
    description="Centre positions [10, 11, 12, 40] (three consecutive is allowed), dealer S; 5D by W",
    rules=["deal.one-at-a-time", "deal.centre-not-consecutive", "deal.centre-not-top-or-bottom"],
    dealer="S", deck_positions=[10, 11, 12, 40],
    fix={"W": "D:AKQJT9"},
    pre=fa("S", ["p", "1D", *P8]) + kitty("D") + sa("W", ["5D", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="Three consecutive centre positions (10, 11, 12) are allowed; only four in a row (and positions 0 and 51) "
    "are forbidden. The 48 other cards are dealt one at a time starting with W (dealer S's left).")

add(id="2016.deal.deck-next-to-ends",
    description="Centre positions [1, 2, 49, 50] (next to the top and bottom card), dealer W; 5H by N",
    rules=["deal.one-at-a-time", "deal.centre-not-top-or-bottom", "deal.centre-not-consecutive"],
    dealer="W", deck_positions=[1, 2, 49, 50],
    fix={"N": "H:AKQJT9"},
    pre=fa("W", ["p", "1H", *P8]) + kitty("H") + sa("N", ["5H", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="Positions 1 and 50 are the second and the second-to-last card: allowed; only 0 and 51 are forbidden. "
    "The first card dealt (deck[0]) goes to N, the dealer W's left.")

# ============================================================================ VALID: auction
add(id="2016.auction.end-exactly-eight-passes-own-raise", example=True,
    description="N bids 1H; after seven passes N raises his own bid to 2H; the auction ends at the next 8th pass",
    rules=["auction.end-eight-passes", "auction.higher-bid", "auction.first-speaker", "auction.bidders", *FLOW],
    dealer="N", fix={"N": "H:AKQJT9 S:A"},
    pre=fa("N", ["1H"] + ["p"] * 7 + ["2H"] + P8) + kitty("H") + sa("N", ["5H", *P4]) + dx_pass() + NODBL,
    want=mt(11),
    remark="After N's 1H there are only seven passes (E S W N E S W), so the auction is still open and N may "
           "overbid his own bid with 2H; after the following eight passes it ends.")

add(id="2016.auction.bid-after-passes-in-first-round",
    description="Dealer N and E pass, S opens 1C in the first round; no passimisääri",
    rules=["auction.all-pass", "auction.bidders", "auction.end-eight-passes", *FLOW],
    dealer="N", fix={"S": "C:AKQJT9"},
    pre=fa("N", ["p", "p", "1C", *P8]) + kitty("C") + sa("S", ["5C", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="Only four passes at the start make a passimisääri; here the third call is a bid, so the first auction "
           "continues until the 8th consecutive pass after S's 1C.")

add(id="2016.auction.passed-player-bids-later",
    description="N passes in the first round and bids later; a passed player may bid again",
    rules=["auction.higher-bid", "auction.bidders", "auction.end-eight-passes", *FLOW],
    dealer="N", fix={"N": "H:AKQJT9"},
    pre=fa("N", ["p", "1S", "p", "p", "2H", *P8]) + kitty("H") + sa("N", ["5H", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="N passes first, E opens 1S, S and W pass, N bids 2H (higher level). N is the highest bidder.")

add(id="2016.auction.strain-order-one-level",
    description="1M 1S 1C 1D 1H 1G all at level one: each is higher in the order M<S<C<D<H<G; E wins with 1G",
    rules=["alkupeli.strain-order", "auction.higher-bid", "auction.bid-levels", "play.trumps", *FLOW],
    dealer="N", fix={"E": "S:AK H:AK D:AK C:AK"},
    pre=fa("N", ["1M", "1S", "1C", "1D", "1H", "1G", *P8]) + kitty("G") + sa("E", ["5G", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="At level one each call is a higher strain than the one before (misère lowest, grandi highest). E is the "
           "highest bidder with 1G; the main pair is E–W and its first bid was E's 1S. The contract 5G is played "
           "without trumps.")

add(id="2016.auction.competitive-highest-bidder-W",
    description="Both sides bid; W's 3D is highest, W takes the kitty and E is his partner",
    rules=["auction.higher-bid", "auction.bidders", "kitty.take", *FLOW],
    dealer="S", fix={"W": "D:AKQJT", "E": "D:98"},
    pre=fa("S", ["1S", "1D", "2S", "p", "p", "3D", *P8]) + kitty("D") + sa("W", ["5D", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="S 1S, W 1D, N 2S, E pass, S pass, W 3D, then eight passes. E–W are the main pair (first bid W's 1D).")

# ============================================================================ VALID: kitty
for taker, dealer, calls, fixs in [
        ("N", "E", ["p", "p", "p", "1H"], {"N": "H:AKQJT9"}),
        ("E", "N", ["p", "1S"], {"E": "S:AKQJT9"}),
        ("S", "W", ["p", "p", "p", "1D"], {"S": "D:AKQJT9"}),
        ("W", "E", ["p", "p", "1C"], {"W": "C:AKQJT9"})]:
    P = partner(taker)
    order = [left(P), left(left(P)), left(left(left(P)))]
    strain = calls[-1][1]
    add(id=f"2016.kitty.taker-{taker}",
        description=f"{taker} is the highest bidder: takes the centre, gives {P} four cards; {P} gives one each to "
                    f"{', '.join(order)} in that order",
        rules=["kitty.take", "kitty.give-partner", "kitty.partner-gives-one-each", "kitty.partner-order", "alkupeli.centre-cards", *FLOW],
        dealer=dealer, fix=fixs,
        pre=fa(dealer, calls + P8) + kitty(strain) + sa(taker, ["5" + strain, *P4]) + dx_pass() + NODBL,
        want=lambda st: True,
        remark=f"{taker} is the highest bidder. After taking the 4 centre cards he holds 16 and gives his partner {P} "
               f"four; {P} (16 cards) gives one card each, clockwise from his left: {order[0]}, then {order[1]}, then "
               f"{order[2]}; everyone holds 13.")

A(id="2016.kitty.partner-passes-on-received-card",
  description="S passes on to W a card he has just received from N in the kitty; allowed",
  rules=["kitty.partner-gives-one-each", "kitty.give-partner", *FLOW],
  pre=[*A_AUCTION, "N give S 3S 2C 3C 5C", "S give W 5C", "S give N KC", "S give E 3C", *A_SECOND, "E pass", *NODBL],
  remark=A_REMARK + " N 1H and eight passes; N gives S 3S 2C 3C 5C and S gives W the 5C he has just received "
  "(the kitty has no same-card restriction), N KC, E 3C.")

# ============================================================================ VALID: second auction
add(id="2016.second-auction.partner-raises-declarer-partner", example=True,
    description="N is highest bidder at 2H; in the second auction S bids 5H and becomes declarer; W leads",
    rules=["auction2.main-pair-only", "auction2.first-speaker", "auction2.declarer", "auction2.final-min-level", "auction2.end-four-passes", "auction2.final-min-passes", "play.lead", *FLOW],
    dealer="N", fix={"N": "H:AKQJ", "S": "H:T98 S:AK"},
    pre=fa("N", ["2H", *P8]) + kitty("H") + sa("N", ["p", "5H", "p", "p", "p", "p"]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="N opens 2H and everyone passes: N is H, S is P. In the second auction N speaks first and passes; S "
           "bids 5H; then N, S, N, S pass (four consecutive passes). The last bid is S's, so S is the declarer, W "
           "(S's left) has the defenders' exchange and the opening lead.")

add(id="2016.second-auction.no-bids-first-contract-stands",
    description="E's first-auction 5S stands: the second auction is four passes and E is the declarer",
    rules=["auction2.end-four-passes", "auction2.declarer", "auction2.final-min-level", *FLOW],
    dealer="E", fix={"E": "S:AKQJT9", "W": "S:87"},
    pre=fa("E", ["5S", *P8]) + kitty("S") + sa("E", P4) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="E opens 5S (level 5, so no further bid is needed); in the second auction E, W, E, W pass and the "
           "contract is 5S by E, the maker of the highest bid. S (E's left) leads.")

add(id="2016.second-auction.both-raise-partner-last",
    description="W bids 5D, E raises to 6D; four passes; E (the partner of the highest bidder) is declarer",
    rules=["auction2.main-pair-only", "auction2.declarer", "auction2.end-four-passes", *FLOW],
    dealer="W", fix={"W": "D:AKQJ S:A", "E": "D:T98 H:A"},
    pre=fa("W", ["1D", *P8]) + kitty("D") + sa("W", ["5D", "6D", "p", "p", "p", "p"]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="W opens 1D, eight passes. Second auction: W 5D, E 6D, then W, E, W, E pass. Declarer E, so S (E's "
           "left) acts first in the exchange and leads.")

add(id="2016.second-auction.switch-to-misere",
    description="S wins the first auction with 2S; in the second auction S bids 5M (misère), a higher level",
    rules=["auction2.declarer", "alkupeli.strain-order", "auction.bid-levels", "play.trumps", *FLOW],
    dealer="S",
    fix={"S": "S:2345 H:2345 D:2345", "N": "C:2345 S:6 H:6 D:6 C:6"},
    pre=fa("S", ["2S", *P8]) + kitty("M") + sa("S", ["5M", *P4]) + dx_pass() + NODBL,
    want=lambda st: st.won["NS"] <= 2,
    remark="S opens 2S and everyone passes. In the second auction S bids 5M: level 5 beats level 2 whatever the "
           "strain. Misère is played without trumps; the main pair N–S holds the low cards and ducks.")

add(id="2016.second-auction.raise-to-grandi-by-H",
    description="E holds 3H after the first auction and bids 5G in the second; partner passes",
    rules=["auction2.main-pair-only", "auction2.declarer", "play.trumps", *FLOW],
    dealer="N", fix={"E": "S:AK H:AKQ D:AK C:AK", "W": "H:J"},
    pre=fa("N", ["p", "1H", "p", "p", "p", "3H", *P8]) + kitty("G") + sa("E", ["5G", *P4]) + dx_pass() + NODBL,
    want=lambda st: True,
    remark="N passes, E 1H, S W N pass, E raises himself to 3H; eight passes. Second auction E 5G, four passes; "
           "5G by E, no trumps.")

# ============================================================================ VALID: defenders' exchange
A(id="2016.defenders-exchange.done", example=True,
  description="After 5H by N, E gives W one card and W gives back a different one; then doubling",
  rules=["defenders-exchange.one-card", "defenders-exchange.different-card", "defenders-exchange.before-doubling", "defenders-exchange.banned-after-high-first-bid", *FLOW],
  pre=[*A_PRE, "E give W 9S", "W give E 4S", *NODBL],
  remark=A_REMARK + A_KITTY_REMARK + " The main pair's first bid was 1H (< 6), so E may exchange: E gives W 9S, W "
  "returns 4S (a different card). Then the doubling round, E first.")

A(id="2016.defenders-exchange.passed",
  description="After 5H by N, E passes the optional exchange; W does nothing and doubling starts with E",
  rules=["defenders-exchange.one-card", "defenders-exchange.before-doubling", "defenders-exchange.kind", *FLOW],
  pre=[*A_PRE, "E pass", *NODBL],
  remark=A_REMARK + A_KITTY_REMARK + " E passes: no exchange; the doubling round starts with E again.")

A(id="2016.defenders-exchange.banned-first-bid-6",
  description="N opens 6H: no defenders' exchange; E's first action is in the doubling round",
  rules=["defenders-exchange.banned-after-high-first-bid", "doubling.defenders-order", *FLOW],
  pre=A6_PRE + NODBL,
  remark=A_REMARK + A6_REMARK + " E and W pass the double.")

add(id="2016.defenders-exchange.banned-first-bid-7",
    description="S opens 7S: the exchange is forbidden; play follows the doubling round directly",
    rules=["defenders-exchange.banned-after-high-first-bid", *FLOW],
    dealer="S", fix={"S": "S:AKQJT98 H:AK D:AK C:A"},
    pre=fa("S", ["7S", *P8]) + kitty("S") + sa("S", P4) + NODBL,
    want=lambda st: True,
    remark="S's first bid (the main pair's first bid) is 7S, level 7 ≥ 6, so the defenders may not exchange: "
           "after the second auction W (S's left) is asked to double.")

add(id="2016.defenders-exchange.allowed-first-bid-raised-to-6",
    description="N opens 1H and later raises himself to 6H in the first auction: the first bid counts, exchange allowed",
    rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card", "defenders-exchange.different-card", "auction.higher-bid", *FLOW],
    dealer="N", fix={"N": "H:AKQJT9 S:AK"},
    pre=fa("N", ["1H", "p", "p", "p", "6H", *P8]) + kitty("H") + sa("N", P4) + dx_give() + NODBL,
    want=lambda st: True,
    remark="The main pair's FIRST bid in the first auction was N's 1H (level 1); raising to 6H later does not ban "
           "the exchange, so E gives W one card and W returns another.")

add(id="2016.defenders-exchange.allowed-defender-bid-6-first",
    description="N 5H, E 6S, S 6H: the defenders' 6-level bid does not count; main pair's first bid was 5H",
    rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card", *FLOW],
    dealer="N", fix={"N": "H:AKQJT9", "S": "H:8765"},
    pre=fa("N", ["5H", "6S", "6H", *P8]) + kitty("H") + sa("S", P4) + dx_give() + NODBL,
    want=lambda st: True,
    remark="S made the highest bid (6H), so S is H and N is P; the main pair N–S first bid N's 5H (level 5), so "
           "the exchange is allowed although E bid at level 6 and S's own first bid was 6H. Declarer S; W (S's "
           "left) gives first.")

add(id="2016.defenders-exchange.banned-partner-opened-6",
    description="S opens 6C, N later bids 7H: main pair's first bid is S's 6C, exchange forbidden",
    rules=["defenders-exchange.banned-after-high-first-bid", *FLOW],
    dealer="N", fix={"N": "H:AKQJT9 S:AK", "S": "C:AKQ H:8"},
    pre=fa("N", ["p", "p", "6C", "p", "7H", *P8]) + kitty("H") + sa("N", P4) + NODBL,
    want=lambda st: True,
    remark="N pass, E pass, S 6C, W pass, N 7H: N is the highest bidder, but the main pair's first bid is S's 6C "
           "(level 6): the defenders may not exchange. E (N's left) is first in the doubling round.")

add(id="2016.defenders-exchange.allowed-second-auction-7",
    description="First auction 2S by E; second auction raised to 7S: the exchange is still allowed",
    rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card", *FLOW],
    dealer="E", fix={"E": "S:AKQJT9 H:AK D:AK", "W": "C:AK"},
    pre=fa("E", ["2S", *P8]) + kitty("S") + sa("E", ["5S", "7S", "p", "p", "p", "p"]) + dx_give() + NODBL,
    want=lambda st: True,
    remark="Only the main pair's first bid in the FIRST auction matters (E's 2S); W's 7S in the second auction "
           "does not ban the exchange. Declarer W; N (W's left) gives S a card and S returns another.")

add(id="2016.defenders-exchange.done-declarer-E",
    description="Declarer E: S (E's left) gives N one card, N returns a different one",
    rules=["defenders-exchange.one-card", "defenders-exchange.different-card", *FLOW],
    dealer="E", fix={"E": "D:AKQJT9"},
    pre=fa("E", ["1D", *P8]) + kitty("D") + sa("E", ["5D", *P4]) + dx_give() + NODBL,
    want=lambda st: True,
    remark="E opens 1D and is declarer at 5D; S is on E's left and gives first, N returns.")

A(id="2016.defenders-exchange.done-then-first-defender-doubles",
  description="5H by N on deal A: E gives W 9S, W returns 4S; only then the doubling round, where E doubles",
  rules=["deal.players", "deal.pack", "defenders-exchange.one-card", "defenders-exchange.different-card",
         "defenders-exchange.before-doubling", "doubling.defenders-order", "doubling.redouble-order",
         "score.multipliers", *FLOW],
  pre=[*A_PRE, "E give W 9S", "W give E 4S", "E double", "S pass", "N pass"],
  remark=A_REMARK + A_KITTY_REMARK + " The exchange comes first: E gives W 9S and W returns 4S (a different "
  "card). Only after the exchange is complete does the doubling round open, E (declarer's left) first: E "
  "doubles; S (the doubler's left) and then N do not redouble.")

add(id="2016.defenders-exchange.passed-then-second-defender-doubles",
    description="5C by S: W (S's left) passes the exchange; the doubling round follows, W passes and E doubles",
    rules=["deal.players", "deal.pack", "defenders-exchange.one-card", "defenders-exchange.before-doubling",
           "defenders-exchange.kind", "doubling.defenders-order", "doubling.redouble-order", "score.multipliers",
           *FLOW],
    dealer="S", fix={"S": "C:AKQJT9"},
    pre=fa("S", ["1C", *P8]) + kitty("C") + sa("S", ["5C", *P4]) + dx_pass()
    + [r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")],
    want=lambda st: True,
    remark="S opens 1C, eight passes; second auction S 5C and four passes: 5C by S. The main pair's first bid "
           "(1C) is below 6, so W (S's left) is first asked for the exchange and passes; that ends the exchange, "
           "and only then does the doubling round begin, again with W: W passes, E doubles, S and N do not "
           "redouble.")

add(id="2016.defenders-exchange.done-declarer-W-then-redoubled",
    description="5S by W: N gives S a card, S returns another; then N doubles and E redoubles",
    rules=["deal.players", "deal.pack", "defenders-exchange.one-card", "defenders-exchange.different-card",
           "defenders-exchange.before-doubling", "doubling.defenders-order", "doubling.redouble-order",
           "score.multipliers", *FLOW],
    dealer="W", fix={"W": "S:AKQJT9 H:A"},
    pre=fa("W", ["1S", *P8]) + kitty("S") + sa("W", ["5S", *P4]) + dx_give()
    + [r("L", "double"), r("P", "redouble")],
    want=lambda st: True,
    remark="W opens 1S, eight passes; second auction W 5S and four passes: 5S by W. N (W's left) gives his "
           "lowest card to S, S returns his lowest other card; the exchange is over before any double. Then "
           "N doubles and E (the doubler's left, declarer's partner) redoubles.")

# ============================================================================ VALID: doubling
for nm, dbl, dsc, extra in [
        ("first-defender-doubles", [r("L", "double"), r("P", "pass"), r("D", "pass")],
         "the declarer's left (E) doubles; S and N do not redouble", ["doubling.redouble-order"]),
        ("second-defender-doubles", [r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")],
         "E passes, W (declarer's right) doubles; N and S do not redouble", ["doubling.redouble-order"]),
        ("redouble-by-doublers-left", [r("L", "double"), r("P", "redouble")],
         "E doubles, S (the doubler's left, declarer's partner) redoubles", ["doubling.redouble-order"]),
        ("redouble-by-declarer-second", [r("L", "double"), r("P", "pass"), r("D", "redouble")],
         "E doubles, S passes, N (S's partner) redoubles", ["doubling.redouble-order"]),
        ("second-doubles-declarer-redoubles", [r("L", "pass"), r("R", "double"), r("D", "redouble")],
         "E passes, W doubles, N (the doubler's left) redoubles", ["doubling.redouble-order"]),
        ("second-doubles-partner-redoubles", [r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "redouble")],
         "E passes, W doubles, N passes, S redoubles", ["doubling.redouble-order"])]:
    A(id=f"2016.doubling.{nm}",
      description=f"5H by N on deal A: {dsc}",
      rules=["doubling.defenders-order", "score.multipliers", *extra, *FLOW],
      pre=[*A_PRE, "E pass", *dbl],
      remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange. Doubling: " + dsc + ".")

# ============================================================================ VALID: play
add(id="2016.play.grandi-no-trumps",
    description="5G by W: a suit led can only be won by a higher card of that suit; discards never win",
    rules=["play.trumps", "play.trick-winner", "play.follow-suit", "play.lead", *FLOW],
    dealer="W", fix={"W": "S:AKQ H:AKQ D:AKQ C:AK"},
    pre=fa("W", ["1G", *P8]) + kitty("G") + sa("W", ["5G", *P4]) + dx_pass() + NODBL,
    want=lambda st: any(len({c[1] for _, c in t[1]}) > 1 for t in st.tricks),
    remark="Grandi: no trumps. At least one trick contains a discard of another suit, which does not win.")

add(id="2016.play.ruff-wins",
    description="5S by E: a trump played on a side-suit lead beats the higher cards of the suit led",
    rules=["play.trumps", "play.trick-winner", "play.follow-suit", *FLOW],
    dealer="E", fix={"E": "S:AKQJT9 H:AK", "W": "S:87"},
    pre=fa("E", ["1S", *P8]) + kitty("S") + sa("E", ["5S", *P4]) + dx_pass() + NODBL,
    want=lambda st: any(t[1][0][1][1] != "S" and any(c[1] == "S" for _, c in t[1]) and
                        st.current_winner(t[1]) in [x for x, c in t[1] if c[1] == "S"] for t in st.tricks),
    remark="Spades are trumps; at least one side-suit trick is won by a spade played by a player void in the suit led.")

add(id="2016.play.misere-no-trumps-declarer-W",
    description="6M by W: no trumps; N (W's left) leads; E–W duck",
    rules=["play.trumps", "play.lead", "score.misere-aces", "auction2.final-min-passes", *FLOW],
    dealer="N", fix={"W": "S:2345 H:2345 D:234", "E": "C:2345 S:6 H:6 D:5"},
    pre=fa("N", ["p", "1M", *P8]) + kitty("M") + sa("E", ["p", "6M", *P4]) + dx_pass() + NODBL,
    want=lambda st: st.won["EW"] <= 1,
    remark="E opens 1M (misère), eight passes; in the second auction E passes and W bids 6M: declarer W, N leads. "
           "E–W hold the low cards.")

# ============================================================================ VALID: score (trump / grandi)
SC = []


def score(name, desc, contract, dealer, fix, need, first=None, dbl=NODBL, exch=None, second=None, rules=(), **kw):
    _lvl, strain = int(contract[0]), contract[1]
    H = kw.pop("H", None)
    first = first or ["1" + strain]
    calls = first + P8
    add(id=f"2016.score.{name}", description=desc,
        rules=list(rules) + FLOW,
        dealer=dealer, fix=fix,
        pre=fa(dealer, calls) + kitty(strain if strain != "G" else "G") + sa(H, second or [contract, *P4])
        + (exch or dx_pass()) + dbl,
        want=mt(need), **kw)


score("made-5H-exact", "5H by N made exactly (11 tricks): 25", "5H", "N", {"N": "H:AKQJT9"}, 11, H="N",
      remark="N holds ♥AKQJT9 (six top trumps).")
score("made-5S-one-overtrick", "5S by E with 12 tricks: 25 + 1 × 2 = 27", "5S", "E", {"E": "S:AKQJT9 H:A"}, 12, H="E",
      remark="E holds ♠AKQJT9 and ♥A.")
score("made-6D-exact", "6D by S made exactly (12 tricks): 35", "6D", "S", {"S": "D:AKQJT9 S:A"}, 12, H="S",
      remark="S holds ♦AKQJT9 ♠A.", second=["6D", *P4])
score("made-6H-13-tricks-D3", "Digest D3: 6H made with 13 tricks = 35 + 1 × 2 = +37, defenders −37", "6H", "N",
      {"N": "H:AKQJT9 S:AK D:AK C:AK"}, 13, H="N", example=True, expect_score={"NS": 37, "EW": -37},
      remark="N holds the six top hearts and the ace-king of every other suit.")
score("made-7C-grand-slam", "7C by W with all 13 tricks: 50 (no overtricks at level 7)", "7C", "W",
      {"W": "C:AKQJT9 S:AK H:AK D:AK"}, 13, H="W", remark="W holds ♣AKQJT9 and AK in each other suit.")
score("made-7G", "7G by N with 13 tricks: 50", "7G", "N", {"N": "S:AKQ H:AKQ D:AKQ C:AKQ"}, 13, H="N",
      remark="N holds AKQ of every suit.")
score("made-5G-two-overtricks", "5G by S with 13 tricks: 25 + 2 × 2 = 29", "5G", "S", {"S": "S:AKQ H:AKQ D:AKQ C:AKQ"}, 13,
      H="S", remark="S holds AKQ of every suit.")
score("made-6G-exact", "6G by E made exactly (12 tricks): 35", "6G", "E", {"E": "S:AKQ H:AKQ D:AK C:AK"}, 12, H="E",
      remark="E holds AKQ in the majors and AK in the minors.")
score("down-5S-one", "5S by N one down (10 tricks): −5", "5S", "N", {"N": "S:AKQJ H:A"}, 10, H="N",
      remark="N holds ♠AKQJ ♥A.")
score("down-6C-one", "6C by W one down (11 tricks): −10", "6C", "W", {"W": "C:AKQJT H:AK"}, 11, H="W",
      remark="W holds ♣AKQJT ♥AK.")
score("down-7H-one", "7H by E one down (12 tricks): −15", "7H", "E", {"E": "H:AKQJT9 S:AK D:A"}, 12, H="E",
      remark="E holds ♥AKQJT9 ♠AK ♦A.")
score("down-7G-two", "7G by S two down (11 tricks): −(15 + 1 × 5) = −20", "7G", "S", {"S": "S:AKQ H:AKQ D:AK C:AK"}, 11,
      H="S", remark="S holds AKQ in the majors, AK in the minors.")
score("down-6G-two", "6G by W two down (10 tricks): −(10 + 1 × 5) = −15", "6G", "W", {"W": "S:AKQ H:AK D:AK C:A"}, 10,
      H="W", remark="W holds AKQ in spades, AK in hearts and diamonds, and the club ace.")
score("down-5G-three", "5G by N three down (8 tricks): −(5 + 2 × 5) = −15", "5G", "N", {"N": "S:AK H:AK D:A C:A"}, 8,
      H="N", remark="N holds AK in the majors and the minor aces.")

D3_FIX = {"N": "H:AKQJ S:A"}
score("down-6H-three-D3", "Digest D3: 6H three down (9 tricks) = −(10 + 5 + 5) = −20", "6H", "N", D3_FIX, 9, H="N",
      expect_score={"NS": -20, "EW": 20}, seed=0, remark="N holds ♥AKQJ ♠A.")
SCENARIOS[-1]["_d3"] = True
score("down-6H-three-doubled-D3", "Digest D3: 6H three down doubled = −20 × 2 = −40", "6H", "N", D3_FIX, 9, H="N",
      dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")], expect_score={"NS": -40, "EW": 40}, seed=0,
      remark="N holds ♥AKQJ ♠A. Same deal and play as 2016.score.down-6H-three-D3, but E doubles.")
score("down-6H-three-redoubled-D3", "Digest D3: 6H three down redoubled = −20 × 3 = −60", "6H", "N", D3_FIX, 9, H="N",
      dbl=[r("L", "double"), r("P", "redouble")], expect_score={"NS": -60, "EW": 60}, seed=0,
      remark="N holds ♥AKQJ ♠A. Same deal and play as 2016.score.down-6H-three-D3, but E doubles and S redoubles.")
score("made-5D-doubled", "5D by E doubled, made exactly: 25 × 2 = 50", "5D", "E", {"E": "D:AKQJT9"}, 11, H="E",
      dbl=[r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")], remark="E holds ♦AKQJT9.")
score("made-6S-overtrick-redoubled", "6S by N redoubled with 13 tricks: (35 + 2) × 3 = 111", "6S", "N",
      {"N": "S:AKQJT9 H:AK D:AK C:A"}, 13, H="N", dbl=[r("L", "double"), r("P", "pass"), r("D", "redouble")],
      remark="N holds ♠AKQJT9 and AK AK A outside.")
score("down-5G-one-doubled", "5G by W one down doubled: −5 × 2 = −10", "5G", "W", {"W": "S:AK H:AK D:AK C:A"}, 10,
      H="W", dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")], remark="W holds AK in three suits and ♣A.")
score("made-7S-redoubled", "7S by S redoubled, 13 tricks: 50 × 3 = 150", "7S", "S", {"S": "S:AKQJT98 H:AK D:AK C:A"}, 13,
      H="S", dbl=[r("L", "pass"), r("R", "double"), r("D", "redouble")], remark="S holds ♠AKQJT98, AK AK A outside.")
score("down-7D-four-doubled", "7D by N four down doubled: −(15 + 3 × 5) × 2 = −60", "7D", "N", {"N": "D:AKQJ"}, 9,
      H="N", dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")], remark="N holds ♦AKQJ.")

# ============================================================================ VALID: misère
LOWN = {"N": "S:234 H:234 D:234 C:234", "S": "S:567 H:567 D:567 C:56"}


def mis(name, desc, contract, need, dbl=NODBL, fix=LOWN, dealer="N", H="N", extra_want=None, **kw):
    int(contract[0])

    def want(st, need=need):
        return st.won[side(st.declarer)] == need and (extra_want is None or extra_want(st))
    add(id=f"2016.misere.{name}", description=desc + " (contract points; each side also pays its aces' trick numbers)",
        rules=["score.misere-aces", "play.trumps", *FLOW, *kw.pop("rules", [])],
        dealer=dealer, fix=fix,
        pre=fa(dealer, ["1M", *P8]) + kitty("M") + sa(H, [contract, *P4]) + dx_pass() + dbl,
        want=want, **kw)


mis("made-5M-no-tricks-D4", "Digest D4: 5M with 0 tricks = 10 + 2 × 2 = +14 for N–S; E–W −14 and their aces",
    "5M", 0, example=True, remark="N holds the 2s, 3s and 4s, S the 5s, 6s and 7s (but ♣7): N–S can duck everything.",
    extra_want=lambda st: st.won["NS"] == 0)
mis("made-5M-exact-two", "5M made with exactly 2 tricks: +10, aces in each side's tricks cost that side",
    "5M", 2, fix={"N": "S:234 H:23 D:23", "S": "S:56 H:45 D:45"}, rules=["score.zero-sum"],
    remark="N–S hold some low cards but also middling ones; they take two tricks.",
    extra_want=lambda st: ace_ordinals(st, "NS")[0] > 0)
mis("made-6M-one-trick", "6M made with 1 trick (allowed 7 − 6 = 1): +20", "6M", 1,
    fix={"N": "S:234 H:234 D:23", "S": "S:56 H:56 D:45 C:2"}, remark="N–S hold mostly low cards.")
mis("made-7M-no-tricks", "7M (no trick allowed) made: +35", "7M", 0, remark="N holds the 2s, 3s and 4s, S the 5s–7s.")
mis("made-5M-one-overtrick", "5M with 1 trick: 10 + 1 × 2 = 12", "5M", 1,
    fix={"N": "S:234 H:23 D:23", "S": "S:56 H:45 D:45"}, remark="N–S hold some low cards.")
mis("down-5M-one", "5M one down (3 tricks): −10", "5M", 3, fix={"N": "S:23 H:23 D:2", "S": "S:4 H:4 D:3"},
    remark="N–S hold a few low cards only.")
mis("down-6M-one", "6M one down (2 tricks): −15", "6M", 2, fix={"N": "S:23 H:23 D:2", "S": "S:4 H:4 D:3"},
    rules=["score.zero-sum"], remark="N–S hold a few low cards only.")
mis("down-7M-one", "7M one down (1 trick): −20", "7M", 1, fix={"N": "S:234 H:23 D:23", "S": "S:56 H:45 D:45"},
    remark="N–S hold some low cards.")
mis("down-6M-three", "6M three down (4 tricks): −(15 + 2 × 5) = −25", "6M", 4, fix={"N": "S:2 H:2", "S": "D:2"},
    remark="N–S hold few low cards.")
mis("made-5M-doubled", "5M with 1 trick, doubled: (10 + 2) × 2 = 24; aces not doubled", "5M", 1,
    dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")], fix={"N": "S:234 H:23 D:23", "S": "S:56 H:45 D:45"},
    rules=["score.multipliers"], remark="N–S hold some low cards; E doubles.",
    extra_want=lambda st: ace_ordinals(st, "NS")[0] + ace_ordinals(st, "EW")[0] > 0)
mis("down-7M-two-redoubled-declarer-E", "7M by E two down (2 tricks), W doubled... no: S doubles, E redoubles: −(20 + 5) × 3 = −75",
    "7M", 2, dbl=[r("L", "pass"), r("R", "double"), r("D", "redouble")], dealer="E", H="E",
    fix={"E": "S:23 H:23 D:23", "W": "S:45 H:4 D:4"}, rules=["score.multipliers", "doubling.redouble-order"],
    remark="E–W hold some low cards.")
SCENARIOS[-1]["description"] = "7M by E two down (2 tricks), N doubles, E redoubles: −(20 + 5) × 3 = −75; aces unmultiplied"

# ============================================================================ VALID: passimisääri


def passi(name, desc, dealer, fix, want, dbl=None, **kw):
    d = dealer
    add(id=f"2016.passimisaari.{name}", description=desc,
        rules=["auction.all-pass", "passimisaari.not-biddable", "passimisaari.centre-cards", "passimisaari.partner-exchange", "passimisaari.different-card", "passimisaari.doubling-order", "passimisaari.lead", "play.follow-suit", "play.trick-winner", "auction.first-speaker", *kw.pop("rules", [])],
        dealer=dealer, fix=fix,
        pre=fa(d, P4) + px_auto(d) + (dbl if dbl is not None else [f"{d} pass", f"{partner(d)} pass"]),
        want=want, **kw)


def d5(st):
    for sd in ("NS", "EW"):
        tot, parts = ace_ordinals(st, sd)
        if st.won[sd] == 5 and tot == 13 and len(parts) == 1 and parts[0].startswith("trick 13 (1 ace"):
            return True
    return False


passi("basic-dealer-N", "All four pass: passimisääri, dealer N; each side pays its tricks and its aces' trick numbers",
      "N", {}, lambda st: True, example=True, rules=["passimisaari.return-order", "score.zero-sum"])
passi("d5-five-tricks-ace-in-13", "Digest D5: a side with 5 tricks, one of them trick 13 with an ace, scores −5 − 13 = −18",
      "E", {}, d5)
passi("d5-doubled", "Digest D5 doubled: the same side scores −5 × 2 − 13 = −23 (aces not multiplied)",
      "E", {}, d5, dbl=["E double", "S pass", "N pass"],
      rules=["score.multipliers", "passimisaari.return-order", "score.zero-sum"],
      remark="Same deal and play as 2016.passimisaari.d5-five-tricks-ace-in-13; dealer E doubles, S (his left) and "
             "N pass the redouble.")
passi("redoubled-by-second-redoubler", "Dealer S passes, N doubles; E passes, W redoubles: tricks × 3, aces × 1",
      "S", {}, lambda st: True, dbl=["S pass", "N double", "E pass", "W redouble"], rules=["score.multipliers"])
passi("redoubled-by-doublers-left", "Dealer W doubles, N (the doubler's left) redoubles",
      "W", {}, lambda st: True, dbl=["W double", "N redouble"], rules=["score.multipliers"])
passi("two-aces-in-one-trick", "A trick holding two aces costs its winner twice its number",
      "N", {}, lambda st: any(sum(1 for _, c in t[1] if c[0] == "A") >= 2 for t in st.tricks), example=True)
passi("dealer-partner-doubles", "Dealer N passes, S doubles, nobody redoubles: trick points × 2",
      "N", {}, lambda st: True, dbl=["N pass", "S double", "W pass", "E pass"], rules=["score.multipliers"], seed=7)

# ============================================================================ INVALID
ERR = []


def bad(**kw):
    kw.setdefault("dealer", "N")
    kw.setdefault("hands", A_HANDS)
    kw.setdefault("centre", A_CENTRE)
    kw.setdefault("play", None)
    add(**kw)


# --- invalid-deal
_deckA = None


def deck_deal(positions, **over):
    import author
    hands = {s: author.sort_cards(author.hand(A_HANDS[s])) for s in SEATS}
    centre = author.hand(A_CENTRE)
    deck = author.hands_to_deck("N", hands, centre, [5, 17, 30, 44])
    d = {"form": "alkupeli", "dealer": "N", "deck": deck, "centre_positions": positions}
    d.update(over)
    return d


bad(id="2016.errors.invalid-deal-centre-position-0", description="Centre position 0 (the top card) is forbidden",
    rules=["deal.centre-not-top-or-bottom"], raw_deal=deck_deal([0, 17, 30, 44]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [0, 17, 30, 44] include 0, the top card of the pack, which may never be a centre card "
           "(deal.centre-not-top-or-bottom): invalid-deal, index null, before any action is looked at.")
bad(id="2016.errors.invalid-deal-centre-position-51", description="Centre position 51 (the bottom card) is forbidden",
    rules=["deal.centre-not-top-or-bottom"], raw_deal=deck_deal([5, 17, 30, 51]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [5, 17, 30, 51] include 51, the bottom (last) card: invalid-deal, index null.")
bad(id="2016.errors.invalid-deal-four-consecutive", description="Centre positions 20-23 are four consecutive cards",
    rules=["deal.centre-not-consecutive"], raw_deal=deck_deal([20, 21, 22, 23]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [20, 21, 22, 23] are four consecutive cards of the pack (deal.centre-not-consecutive "
           "allows at most three in a row): invalid-deal, index null.")
bad(id="2016.errors.invalid-deal-four-consecutive-unsorted",
    description="Centre positions listed out of order [33, 31, 32, 30] are still four consecutive cards",
    rules=["deal.centre-not-consecutive"], raw_deal=deck_deal([33, 31, 32, 30]), pre=[],
    error=(None, "invalid-deal"),
    remark="Sorted, the positions are 30, 31, 32, 33: four consecutive cards: invalid-deal, index null.")
_dup = {s: sorted(__import__("author").hand(A_HANDS[s])) for s in SEATS}
_dup["W"] = [c if c != "4S" else "AS" for c in _dup["W"]]
bad(id="2016.errors.invalid-deal-duplicate-card", description="AS appears in N's and W's hands, 4S is missing",
    rules=["deal.pack"], raw_deal={"form": "alkupeli", "dealer": "N", "hands": _dup, "centre": ["3S", "3H", "2H", "5C"]},
    pre=A_AUCTION[:3], error=(None, "invalid-deal"),
    remark="Deal A with W's 4S replaced by a second AS: a duplicate card and only 51 distinct cards: invalid-deal.")
_13 = {s: sorted(__import__("author").hand(A_HANDS[s])) for s in SEATS}
_13["N"] = _13["N"] + ["5C"]
bad(id="2016.errors.invalid-deal-hand-of-13", description="N has 13 cards and the centre only 3",
    rules=["alkupeli.hand-size", "alkupeli.centre-cards"],
    raw_deal={"form": "alkupeli", "dealer": "N", "hands": _13, "centre": ["3S", "3H", "2H"]},
    pre=A_AUCTION[:3], error=(None, "invalid-deal"),
    remark="52 distinct cards, but N holds 13 (an alkupeli hand is 12) and the centre has 3 (it must have 4).")
_both = {"form": "alkupeli", "dealer": "N", "hands": {s: sorted(__import__("author").hand(A_HANDS[s])) for s in SEATS},
         "centre": ["3S", "3H", "2H", "5C"]}
_both["deck"] = deck_deal([5, 17, 30, 44])["deck"]
_both["centre_positions"] = [5, 17, 30, 44]
bad(id="2016.errors.invalid-deal-hands-and-deck", description="A deal giving both hands and a deck is invalid",
    rules=["deal.one-at-a-time"], raw_deal=_both, pre=A_AUCTION[:2], error=(None, "invalid-deal"),
    remark="The record gives both `hands`+`centre` and `deck`+`centre_positions` (they even agree); exactly one "
           "of the two must be given: invalid-deal, index null.")

_deck_without_positions = deck_deal([5, 17, 30, 44])
del _deck_without_positions["centre_positions"]
bad(id="2016.errors.invalid-deal-deck-without-positions", description="A deck without centre_positions is invalid",
    rules=["deal.one-at-a-time", "alkupeli.centre-cards"], raw_deal=_deck_without_positions, pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="Deal A as a deck of 52 cards but no `centre_positions`: an alkupeli needs four centre cards, and a deck "
           "names them only by their positions, so the deal cannot be made: invalid-deal, index null.")
bad(id="2016.errors.invalid-deal-centre-position-negative", description="Centre position -5 is not a position",
    rules=["deal.one-at-a-time"], raw_deal=deck_deal([-5, 17, 30, 44]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [-5, 17, 30, 44]: positions are 0-based indices into the 52-card deck, 0 to 51; -5 is "
           "none (it must not be read as counting from the bottom): invalid-deal, index null.")
bad(id="2016.errors.invalid-deal-centre-position-52", description="Centre position 52 is past the bottom card",
    rules=["deal.one-at-a-time"], raw_deal=deck_deal([5, 17, 30, 52]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [5, 17, 30, 52]: the deck's indices are 0 to 51, so 52 names no card: invalid-deal, "
           "index null.")
bad(id="2016.errors.invalid-deal-centre-position-not-integer", description="Centre position 5.5 is not an index",
    rules=["deal.one-at-a-time"], raw_deal=deck_deal([5.5, 17, 30, 44]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [5.5, 17, 30, 44]: a position is an integer index into the deck; 5.5 is none (it must "
           "not be rounded or truncated): invalid-deal, index null.")
bad(id="2016.errors.invalid-deal-centre-position-string", description="Centre position \"5\" (text) is not an index",
    rules=["deal.one-at-a-time"], raw_deal=deck_deal(["5", 17, 30, 44]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark='centre_positions ["5", 17, 30, 44]: the first is the text "5", not an integer: invalid-deal, index null.')
bad(id="2016.errors.invalid-deal-neither-hands-nor-deck", description="A deal with neither hands nor a deck is invalid",
    rules=["deal.one-at-a-time"], raw_deal={"form": "alkupeli", "dealer": "N"}, pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="The deal names its form and dealer but gives neither `hands` + `centre` nor `deck` + `centre_positions`: "
           "there are no cards to play: invalid-deal, index null.")
_hands_and_positions = dict(_both)
del _hands_and_positions["deck"]
bad(id="2016.errors.invalid-deal-hands-with-stray-positions",
    description="Hands and a centre plus a stray centre_positions are invalid",
    rules=["deal.one-at-a-time"], raw_deal=_hands_and_positions, pre=A_AUCTION[:2], error=(None, "invalid-deal"),
    remark="Deal A as `hands` + `centre`, and also `centre_positions` [5, 17, 30, 44] although there is no deck: a deal "
           "is exactly one of the two forms, and a field of the other form makes it invalid (it is not ignored): "
           "invalid-deal, index null.")
_deck_and_centre = deck_deal([5, 17, 30, 44], centre=["3S", "3H", "2H", "5C"])
bad(id="2016.errors.invalid-deal-deck-with-stray-centre", description="A deck plus a stray centre is invalid",
    rules=["deal.one-at-a-time"], raw_deal=_deck_and_centre, pre=A_AUCTION[:2], error=(None, "invalid-deal"),
    remark="Deal A as `deck` + `centre_positions`, and also a `centre` list (the same four cards the positions name): a "
           "deal is exactly one of the two forms, so the stray `centre` makes it invalid: invalid-deal, index null.")
_three_hands = {"form": "alkupeli", "dealer": "N", "centre": ["3S", "3H", "2H", "5C"],
                "hands": {s: sorted(__import__("author").hand(A_HANDS[s])) for s in SEATS if s != "W"}}
bad(id="2016.errors.invalid-deal-hands-missing-a-seat", description="Hands for N, E and S only (no W) are invalid",
    rules=["deal.players"], raw_deal=_three_hands, pre=A_AUCTION[:2], error=(None, "invalid-deal"),
    remark="Deal A without W's hand: the game has four players, so `hands` must name N, E, S and W (and 12 cards of W "
           "are missing from the pack): invalid-deal, index null.")

# --- malformed-action
bad(id="2016.errors.malformed-bid-level-8", description="'N bid 8S': levels go from 1 to 7",
    rules=["auction.bid-levels"], pre=[], bad="N bid 8S", error=(0, "malformed-action"),
    remark="8S is not a bid (levels 1–7): malformed-action.")
bad(id="2016.errors.malformed-unknown-strain", description="'E bid 5X': X is no strain",
    rules=["auction.bid-levels"], pre=["N bid 1H"], bad="E bid 5X", error=(1, "malformed-action"),
    remark="Strains are S C D H G M; 5X cannot be parsed: malformed-action.")
bad(id="2016.errors.malformed-unknown-card-wrong-seat",
    description="'W play 1H' by the wrong seat: the unknown card (malformed) comes before not-your-turn",
    rules=["play.follow-suit"], pre=[*A_PRE, "E pass", *NODBL], bad="W play 1H", error=(21, "malformed-action"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange, E and W pass the double; E is to lead. W plays "
           "'1H', which is no card: malformed-action, which precedes not-your-turn (W is also not the seat to act).")
bad(id="2016.errors.malformed-give-same-card-twice", description="'N give S 3S 3S 2C 3C': the same card twice in one give",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give S 3S 3S 2C 3C", error=(9, "malformed-action"),
    remark=A_REMARK + " N 1H and eight passes; N must give S four cards; naming 3S twice in one give is "
           "malformed-action.")
bad(id="2016.errors.malformed-not-a-string", description="An action that is a number, not a string",
    rules=["auction.first-speaker"], pre=["N bid 1H", "E pass"], bad=42, error=(2, "malformed-action"),
    remark="The third action is the number 42, not an action string: malformed-action.")
bad(id="2016.errors.malformed-pass-with-argument", description="'N pass 1H': pass takes no argument",
    rules=["auction.first-speaker"], pre=[], bad="N pass 1H", error=(0, "malformed-action"),
    remark="pass takes no argument; 'N pass 1H' has one: malformed-action.")
bad(id="2016.errors.malformed-unknown-verb", description="'N claim' is no verb",
    rules=["play.follow-suit"], pre=[*A_PRE, "E pass", *NODBL, "E play JS"], bad="S claim",
    error=(22, "malformed-action"), remark=A_REMARK + A_KITTY_REMARK + " Play starts with E's JS; S answers 'claim', "
    "an unknown verb: malformed-action.")
bad(id="2016.errors.malformed-choose-no-option", description="'E choose' without an option word is malformed",
    rules=["auction.bidders"], pre=["N bid 1H"], bad="E choose", error=(1, "malformed-action"),
    remark="N bids 1H; E is to call and writes 'E choose'. `choose` is a verb of the notation (DESIGN §3) but takes "
    "exactly one lowercase option word ([a-z][a-z-]*); with none the action cannot be read: malformed-action "
    "(group 1), before any question of phase (a well-formed choose here would be wrong-phase).")

bad(id="2016.errors.malformed-seat-alone", description="'N' alone: an action needs a verb",
    rules=["auction.first-speaker"], pre=[], bad="N", error=(0, "malformed-action"),
    remark="The first action is the seat N with no verb: it cannot be read: malformed-action.")
bad(id="2016.errors.malformed-unknown-verb-give-shaped", description="'N take S 2C': an unknown verb with give's arguments",
    rules=["auction.first-speaker"], pre=[], bad="N take S 2C", error=(0, "malformed-action"),
    remark="'take' is no verb of the notation, though its arguments are shaped like a give's (a seat and a card): "
           "malformed-action, not wrong-phase.")
bad(id="2016.errors.malformed-bid-without-bid", description="'N bid' without a bid",
    rules=["auction.first-speaker"], pre=[], bad="N bid", error=(0, "malformed-action"),
    remark="bid takes exactly one bid; 'N bid' has none: malformed-action.")
bad(id="2016.errors.malformed-bid-two-bids", description="'N bid 1S 2S': two bids in one action",
    rules=["auction.first-speaker"], pre=[], bad="N bid 1S 2S", error=(0, "malformed-action"),
    remark="bid takes exactly one bid; 'N bid 1S 2S' has two: malformed-action.")
bad(id="2016.errors.malformed-give-unknown-card", description="'N give S 2C 3C 4C XX': XX is no card",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give S 2C 3C 4C XX", error=(9, "malformed-action"),
    remark=A_REMARK + " N 1H and eight passes; N must give S four cards; the fourth word 'XX' is no card: "
           "malformed-action (before any question of which cards N holds).")

# --- not-your-turn
bad(id="2016.errors.not-your-turn-first-call", description="E calls first although N is the dealer",
    rules=["auction.first-speaker"], pre=[], bad="E bid 1S", error=(0, "not-your-turn"),
    remark="The dealer N calls first; E's bid is out of turn: not-your-turn.")
bad(id="2016.errors.not-your-turn-defender-in-second-auction", description="E bids in the second auction",
    rules=["auction2.main-pair-only"], pre=A_AUCTION + A_KITTY, bad="E bid 5S", error=(13, "not-your-turn"),
    remark=A_REMARK + " After the kitty (N gives S 3S 2C 3C 5C; S gives W 2C, N KC, E 3C) only N and S bid, N first; "
    "E's bid is not-your-turn.")
bad(id="2016.errors.not-your-turn-wrong-seat-unheld-card",
    description="In play, S (not to act) plays a card he does not hold: not-your-turn before card-not-held",
    rules=["play.lead"], pre=[*A_PRE, "E pass", *NODBL], bad="S play AS", error=(21, "not-your-turn"),
    remark=A_REMARK + A_KITTY_REMARK + " No exchange, no double; E (N's left) must lead. S plays AS, which N holds: "
    "both not-your-turn and card-not-held apply; not-your-turn comes first.")
bad(id="2016.errors.not-your-turn-after-deal-complete", description="A 53rd play after the 13th trick",
    rules=["play.trick-winner"], pre=[*A_PRE, "E pass", *NODBL],
    bad=lambda st: "N play AS", error=(73, "not-your-turn"), play="policy",
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange, E and W pass the double; the 52 plays are those of "
    "2016.deal.hands-and-centre-5H (N takes all 13 tricks; the last trick is S QC, W 8C, N KC, E TC). After 21 "
    "actions before play and 52 legal plays the deal is complete; any further action has no seat to act: "
    "not-your-turn.")
bad(id="2016.errors.not-your-turn-declarer-doubles", description="N (declarer) tries to double when E is to double",
    rules=["doubling.defenders-order"], pre=[*A_PRE, "E pass"], bad="N double", error=(19, "not-your-turn"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange; the doubling round starts with E (declarer's left). "
    "N is not the seat to act: not-your-turn.")
bad(id="2016.errors.not-your-turn-partner-gives-first", description="S gives before N has given the kitty cards",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="S give W 2C", error=(9, "not-your-turn"),
    remark=A_REMARK + " After N 1H and eight passes N (H) must first give S four cards; S acting is not-your-turn.")

# --- wrong-phase
bad(id="2016.errors.wrong-phase-play-in-auction", description="The dealer plays a card during the first auction",
    rules=["auction.first-speaker"], pre=[], bad="N play AS", error=(0, "wrong-phase"),
    remark="N is to call; 'play' has no meaning in the auction: wrong-phase.")
bad(id="2016.errors.wrong-phase-bid-in-play", description="E bids instead of leading",
    rules=["play.lead"], pre=[*A_PRE, "E pass", *NODBL], bad="E bid 6S", error=(21, "wrong-phase"),
    remark=A_REMARK + A_KITTY_REMARK + " No exchange and no double; E is to lead and bids 6S: wrong-phase.")
bad(id="2016.errors.wrong-phase-pass-in-kitty", description="N passes instead of giving the 4 cards",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N pass", error=(9, "wrong-phase"),
    remark=A_REMARK + " After N 1H and eight passes N must give S four cards; 'pass' is wrong-phase.")
bad(id="2016.errors.wrong-phase-pass-on-return", description="W passes instead of returning a card to E",
    rules=["defenders-exchange.one-card"], pre=[*A_PRE, "E give W 9S"], bad="W pass", error=(19, "wrong-phase"),
    remark=A_REMARK + A_KITTY_REMARK + " E gives W 9S; W must give one card back: 'pass' is wrong-phase.")
bad(id="2016.errors.wrong-phase-pass-in-partner-exchange", description="Passimisääri: E passes instead of giving",
    rules=["passimisaari.partner-exchange"], pre=A_PASSI, bad="E pass", error=(4, "wrong-phase"),
    remark=A_REMARK + A_PASSI_REMARK + " The exchange is compulsory: E's pass is wrong-phase.")
bad(id="2016.errors.wrong-phase-give-in-doubling-after-exchange",
    description="E passed the exchange and then tries to give in the doubling round: wrong-phase",
    rules=["defenders-exchange.one-card", "doubling.defenders-order"], pre=[*A_PRE, "E pass"], bad="E give W 9S",
    error=(19, "wrong-phase"),
    remark=A_REMARK + A_KITTY_REMARK + " The exchange was allowed and E passed it; in the doubling round E's give "
    "has no meaning (not exchange-forbidden, because the exchange was not forbidden): wrong-phase.")
bad(id="2016.errors.choose-in-kitty",
    description="The kitty taker N, who must give S four cards, writes 'choose pakettiskruuvi': wrong-phase",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N choose pakettiskruuvi", error=(9, "wrong-phase"),
    remark=A_REMARK + " After N 1H and eight passes N takes the centre and must give S four cards. 'N choose "
    "pakettiskruuvi' is well formed (the verb `choose` with one lowercase option word, DESIGN §3) and N is the seat "
    "to act, but the 2016 ruleset offers no named choice at its kitty or anywhere else: the verb has no meaning "
    "now, wrong-phase (DESIGN §4 group 4), not malformed-action; choice-not-offered (group 5) is never reached.")
bad(id="2016.errors.choose-in-play", description="E, to lead, writes 'choose ostoskruuvi' instead of playing: wrong-phase",
    rules=["play.lead"], pre=[*A_PRE, "E pass", *NODBL], bad="E choose ostoskruuvi", error=(21, "wrong-phase"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange, E and W pass the double; E (N's left) is to lead. "
    "'E choose ostoskruuvi' parses (a well-formed `choose`) and E is the seat to act, but in play only `play` has a "
    "meaning and 2016 offers nothing to choose: wrong-phase.")

# --- bid-not-higher
bad(id="2016.errors.bid-not-higher-same-bid", description="E repeats N's 1H", rules=["auction.higher-bid"],
    pre=["N bid 1H"], bad="E bid 1H", error=(1, "bid-not-higher"), remark="1H is not higher than 1H: bid-not-higher.")
bad(id="2016.errors.bid-not-higher-lower-strain", description="2D after 2H: same level, lower strain",
    rules=["auction.higher-bid", "alkupeli.strain-order"], pre=["N bid 2H", "E pass"], bad="S bid 2D",
    error=(2, "bid-not-higher"), remark="At level 2, D ranks below H: bid-not-higher.")
bad(id="2016.errors.bid-not-higher-misere-lowest", description="5M after 5S: misère is the lowest strain in alkupeli",
    rules=["alkupeli.strain-order"], pre=["N bid 5S"], bad="E bid 5M", error=(1, "bid-not-higher"),
    remark="Alkupeli strain order M < S < C < D < H < G, so 5M is below 5S: bid-not-higher.")
bad(id="2016.errors.bid-not-higher-second-auction", description="N bids 1G in the second auction after winning with 2C",
    rules=["auction.higher-bid", "auction2.main-pair-only"],
    pre=fa("N", ["2C", *P8]) + A_KITTY, bad="N bid 1G", error=(13, "bid-not-higher"),
    remark=A_REMARK + " N 2C and eight passes; kitty N gives S 3S 2C 3C 5C; S gives W 2C, N KC, E 3C. The second "
    "auction must go higher than 2C; 1G is lower: bid-not-higher.")
bad(id="2016.errors.bid-not-higher-own-bid", description="S raises his own 3D to 3C (lower strain)",
    rules=["auction.higher-bid"], pre=["N pass", "E pass", "S bid 3D", "W pass", "N pass", "E pass"], bad="S bid 3C",
    error=(6, "bid-not-higher"), remark="S may overbid his own 3D, but 3C is lower (C < D): bid-not-higher.")

# --- final-contract-too-low
bad(id="2016.errors.final-contract-too-low-no-bids", description="1H stands, fourth pass of the second auction",
    rules=["auction2.final-min-level"], pre=A_AUCTION + A_KITTY + ["N pass", "S pass", "N pass"], bad="S pass",
    error=(16, "final-contract-too-low"),
    remark=A_REMARK + " N 1H wins the first auction; after the kitty, N, S, N pass; S's pass would be the 4th and end "
    "the auction at 1H (< 5): final-contract-too-low.")
bad(id="2016.errors.final-contract-too-low-at-4", description="Second auction stops at 4H",
    rules=["auction2.final-min-level"], pre=A_AUCTION + A_KITTY + ["N bid 4H", "S pass", "N pass", "S pass"],
    bad="N pass", error=(17, "final-contract-too-low"),
    remark=A_REMARK + " N 1H; after the kitty N bids 4H, S, N, S pass; N's pass would be the 4th consecutive, ending "
    "at level 4 < 5: final-contract-too-low.")
bad(id="2016.errors.final-contract-too-low-partner-4G", description="S raises to 4G and the auction would stop there",
    rules=["auction2.final-min-level"], pre=A_AUCTION + A_KITTY + ["N pass", "S bid 4G", "N pass", "S pass", "N pass"],
    bad="S pass", error=(18, "final-contract-too-low"),
    remark=A_REMARK + " After the kitty N passes, S bids 4G, N, S, N pass; S's pass would be the 4th after 4G: "
    "final-contract-too-low.")

# --- card-not-held


def not_following(seat):
    def f(st):
        led = st.cur[0][1][1]
        c = sort_cards([c for c in st.hands[st.to_act()] if c[1] != led])[0]
        return f"{st.to_act()} play {c}"
    return f


bad(id="2016.errors.card-not-held-lead", description="E leads the AH, which N holds",
    rules=["play.lead"], pre=[*A_PRE, "E pass", *NODBL], bad="E play AH", error=(21, "card-not-held"),
    remark=A_REMARK + A_KITTY_REMARK + " E leads; AH is in N's hand: card-not-held.")
bad(id="2016.errors.card-not-held-kitty", description="N gives S a card he does not hold",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give S 3S 2C 3C 4C", error=(9, "card-not-held"),
    remark=A_REMARK + " N holds S:AK3 H:AKQJ32 D:AK2 C:A532 after taking the centre; 4C is S's: card-not-held.")
bad(id="2016.errors.card-not-held-given-away", description="S gives N the 2C he already gave to W",
    rules=["kitty.partner-gives-one-each"], pre=A_AUCTION + A_KITTY[:2], bad="S give N 2C", error=(11, "card-not-held"),
    remark=A_REMARK + " Kitty: N gives S 3S 2C 3C 5C, S gives W 2C; S no longer holds 2C: card-not-held.")
bad(id="2016.errors.card-not-held-before-follow-suit",
    description="S follows a spade lead with KH (not held and not a spade): card-not-held precedes must-follow-suit",
    rules=["play.follow-suit"], pre=[*A_PRE, "E pass", *NODBL, "E play JS"], bad="S play KH",
    error=(22, "card-not-held"),
    remark=A_REMARK + A_KITTY_REMARK + " E leads JS; S holds S:Q32 and KH is N's: both card-not-held and "
    "must-follow-suit apply; card-not-held comes first.")
bad(id="2016.errors.card-not-held-defenders-exchange", description="E gives W a card E does not hold",
    rules=["defenders-exchange.one-card"], pre=A_PRE, bad="E give W 7S", error=(18, "card-not-held"),
    remark=A_REMARK + A_KITTY_REMARK + " E holds S:JT98 H:76 D:T987 C:T93; 7S is W's: card-not-held.")

# --- must-follow-suit
bad(id="2016.errors.must-follow-suit-first-trick", description="S discards a club on E's spade lead while holding spades",
    rules=["play.follow-suit"], pre=[*A_PRE, "E pass", *NODBL, "E play JS"], bad="S play 4C",
    error=(22, "must-follow-suit"),
    remark=A_REMARK + A_KITTY_REMARK + " E leads JS; S holds S:Q32 and plays 4C: must-follow-suit.")
bad(id="2016.errors.must-follow-suit-trump-while-holding-suit",
    description="W ruffs a diamond lead although he holds diamonds (later trick)",
    rules=["play.follow-suit", "play.trumps"],
    pre=[*A_PRE, "E pass", *NODBL], play=["JS", "2S", "4S", "AS", "AD", "7D", "3D"], bad="W play 5H",
    error=(28, "must-follow-suit"),
    remark=A_REMARK + A_KITTY_REMARK + " Trick 1: E JS, S 2S, W 4S, N AS (N wins). Trick 2: N leads AD, E 7D, S 3D; W "
    "holds D:654 and plays the trump 5H: must-follow-suit (there is no right to ruff while holding the suit led).")
bad(id="2016.errors.must-follow-suit-passimisaari", description="Passimisääri: a player fails to follow suit",
    rules=["play.follow-suit", "passimisaari.lead"],
    pre=[*A_PASSI, "E give W 3S", "S give N 3H", "W give E 4S", "N give S 2D", "N pass", "S pass", "E play TD"],
    bad="S play 2S", error=(11, "must-follow-suit"),
    remark=A_REMARK + A_PASSI_REMARK + " E gives W 3S, S gives N 3H, W gives E 4S, N gives S 2D; N and S pass the "
    "double. E (forehand) leads TD; S holds D:QJ32 and plays 2S: must-follow-suit.")

# --- give-wrong-count
bad(id="2016.errors.give-wrong-count-kitty-three", description="N gives S only three cards",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give S 3S 2C 3C", error=(9, "give-wrong-count"),
    remark=A_REMARK + " After N 1H and eight passes, N must give S exactly four cards; three is give-wrong-count.")
bad(id="2016.errors.give-wrong-count-partner-two", description="S gives W two cards in the kitty",
    rules=["kitty.partner-gives-one-each"], pre=A_AUCTION + A_KITTY[:1], bad="S give W 2C 4C",
    error=(10, "give-wrong-count"),
    remark=A_REMARK + " N gives S 3S 2C 3C 5C; S must give W exactly one card; two is give-wrong-count.")
bad(id="2016.errors.give-wrong-count-defenders-two", description="E gives W two cards in the defenders' exchange",
    rules=["defenders-exchange.one-card"], pre=A_PRE, bad="E give W 9S 8S", error=(18, "give-wrong-count"),
    remark=A_REMARK + A_KITTY_REMARK + " The defenders' exchange is one card: give-wrong-count.")
bad(id="2016.errors.give-wrong-count-passimisaari", description="Passimisääri: E gives W two cards",
    rules=["passimisaari.partner-exchange"], pre=A_PASSI, bad="E give W 3S 8S", error=(4, "give-wrong-count"),
    remark=A_REMARK + A_PASSI_REMARK + " E holds S:JT983 after the centre deal, but the exchange is one card: "
    "give-wrong-count.")

# --- give-wrong-recipient
bad(id="2016.errors.give-wrong-recipient-kitty", description="N gives the four kitty cards to E",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give E 3S 2C 3C 5C", error=(9, "give-wrong-recipient"),
    remark=A_REMARK + " The highest bidder N must give his partner S: give-wrong-recipient.")
bad(id="2016.errors.give-wrong-recipient-partner-order", description="S gives N first instead of W",
    rules=["kitty.partner-order"], pre=A_AUCTION + A_KITTY[:1], bad="S give N KC", error=(10, "give-wrong-recipient"),
    remark=A_REMARK + " S's three gifts go clockwise from his left: W first, then N, then E; giving N first is "
    "give-wrong-recipient.")
bad(id="2016.errors.give-wrong-recipient-and-count", description="N gives E three cards: wrong recipient reported first",
    rules=["kitty.give-partner"], pre=A_AUCTION, bad="N give E 3S 2C 3C", error=(9, "give-wrong-recipient"),
    remark=A_REMARK + " Both the recipient (E, not S) and the count (3, not 4) are wrong; give-wrong-recipient comes "
    "first.")
bad(id="2016.errors.give-wrong-recipient-defenders", description="E gives a card to the declarer N",
    rules=["defenders-exchange.one-card"], pre=A_PRE, bad="E give N 9S", error=(18, "give-wrong-recipient"),
    remark=A_REMARK + A_KITTY_REMARK + " E may only give to his partner W: give-wrong-recipient.")
bad(id="2016.errors.give-wrong-recipient-passimisaari", description="Passimisääri: E gives his card to S",
    rules=["passimisaari.partner-exchange"], pre=A_PASSI, bad="E give S 3S", error=(4, "give-wrong-recipient"),
    remark=A_REMARK + A_PASSI_REMARK + " E must give to his partner W: give-wrong-recipient.")

# --- exchange-forbidden
bad(id="2016.errors.exchange-forbidden-6H", description="After N's 6H opening E tries to give W a card",
    rules=["defenders-exchange.banned-after-high-first-bid"], pre=A6_PRE, bad="E give W 9S",
    error=(17, "exchange-forbidden"), remark=A_REMARK + A6_REMARK + " E's give: exchange-forbidden.")
bad(id="2016.errors.exchange-forbidden-7-by-partner", description="S opened 7D; W (declarer S's left) tries to exchange",
    rules=["defenders-exchange.banned-after-high-first-bid"],
    pre=[*fa("N", ["p", "p", "7D", *P8]), "S give N 3S 2H 3H 5C", "N give E 3S", "N give S 2H", "N give W 3H", *sa("S", P4)],
    bad="W give N 7S", error=(19, "exchange-forbidden"),
    remark=A_REMARK + " N pass, E pass, S 7D, then eight passes: S is highest bidder and the main pair's first bid "
    "is 7D. S takes the centre (3S 3H 2H 5C) and gives N 3S 2H 3H 5C; N gives E 3S, S 2H, W 3H. Second auction: four passes, 7D by "
    "S. W (S's left) would give but the exchange is forbidden: exchange-forbidden.")
bad(id="2016.errors.exchange-forbidden-before-count",
    description="Forbidden exchange with two cards to the wrong seat: exchange-forbidden comes first",
    rules=["defenders-exchange.banned-after-high-first-bid"], pre=A6_PRE, bad="E give S 9S 8S",
    error=(17, "exchange-forbidden"),
    remark=A_REMARK + A6_REMARK + " E gives S two cards: wrong recipient and wrong count too, but the phase's own "
    "code exchange-forbidden precedes them.")

# --- return-same-card
bad(id="2016.errors.return-same-card-defenders", description="W gives back the 9S he received from E",
    rules=["defenders-exchange.different-card"], pre=[*A_PRE, "E give W 9S"], bad="W give E 9S",
    error=(19, "return-same-card"), remark=A_REMARK + A_KITTY_REMARK + " E gives W 9S; W returns 9S: return-same-card.")
bad(id="2016.errors.return-same-card-passimisaari-forehand-partner",
    description="Passimisääri: W returns to E the card E gave him", rules=["passimisaari.different-card"],
    pre=[*A_PASSI, "E give W 3S", "S give N 3H"], bad="W give E 3S", error=(6, "return-same-card"),
    remark=A_REMARK + A_PASSI_REMARK + " E gives W 3S, S gives N 3H; W returns 3S: return-same-card.")
bad(id="2016.errors.return-same-card-passimisaari-dealer", description="Passimisääri: dealer N returns S's card",
    rules=["passimisaari.different-card"], pre=[*A_PASSI, "E give W 3S", "S give N 3H", "W give E 4S"],
    bad="N give S 3H", error=(7, "return-same-card"),
    remark=A_REMARK + A_PASSI_REMARK + " E gives W 3S, S gives N 3H, W gives E 4S; N returns 3H: return-same-card.")

# --- double-not-allowed
bad(id="2016.errors.double-not-allowed-after-double", description="E doubles; S (to redouble) says double",
    rules=["doubling.redouble-order"], pre=[*A_PRE, "E pass", "E double"], bad="S double",
    error=(20, "double-not-allowed"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange and doubles; S (E's left) may redouble or pass; "
    "'double' is double-not-allowed.")
bad(id="2016.errors.double-not-allowed-second-redoubler", description="W doubles, N passes, S says double",
    rules=["doubling.redouble-order"], pre=[*A_PRE, "E pass", "E pass", "W double", "N pass"], bad="S double",
    error=(22, "double-not-allowed"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange and the double; W doubles; N (W's left) passes; S may "
    "only redouble or pass: double-not-allowed.")
bad(id="2016.errors.double-not-allowed-passimisaari", description="Passimisääri: N doubles, E says double",
    rules=["passimisaari.doubling-order"],
    pre=[*A_PASSI, "E give W 3S", "S give N 3H", "W give E 4S", "N give S 2D", "N double"], bad="E double",
    error=(9, "double-not-allowed"),
    remark=A_REMARK + A_PASSI_REMARK + " After the exchange (E→W 3S, S→N 3H, W→E 4S, N→S 2D) dealer N doubles; E (his "
    "left) may redouble or pass: double-not-allowed.")

# --- redouble-not-allowed
bad(id="2016.errors.redouble-not-allowed-no-double", description="E says redouble when nobody has doubled",
    rules=["doubling.defenders-order"], pre=[*A_PRE, "E pass"], bad="E redouble", error=(19, "redouble-not-allowed"),
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange; it is E's turn to double or pass; no double stands: "
    "redouble-not-allowed.")
bad(id="2016.errors.redouble-not-allowed-second-doubler", description="E passes the double; W says redouble",
    rules=["doubling.defenders-order"], pre=[*A6_PRE, "E pass"], bad="W redouble", error=(18, "redouble-not-allowed"),
    remark=A_REMARK + A6_REMARK + " E passes; W may double or pass: redouble-not-allowed.")
bad(id="2016.errors.redouble-not-allowed-passimisaari", description="Passimisääri: dealer N says redouble",
    rules=["passimisaari.doubling-order"],
    pre=[*A_PASSI, "E give W 3S", "S give N 3H", "W give E 4S", "N give S 2D"], bad="N redouble",
    error=(8, "redouble-not-allowed"),
    remark=A_REMARK + A_PASSI_REMARK + " After the exchange the dealer N may double or pass; 'redouble' is "
    "redouble-not-allowed.")

# --- incomplete-record
bad(id="2016.errors.incomplete-empty", description="A record with no actions", rules=["auction.first-speaker"],
    pre=[], error=(0, "incomplete-record"), remark="Nothing has been called; N is to call.")
bad(id="2016.errors.incomplete-after-auction", description="The record stops when N should give the kitty cards",
    rules=["kitty.take"], pre=A_AUCTION, error=(9, "incomplete-record"),
    remark=A_REMARK + " N 1H and eight passes end the first auction; N has not given his four cards.")
bad(id="2016.errors.incomplete-51-plays", description="The record stops before the last card",
    rules=["play.trick-winner"], pre=[*A_PRE, "E pass", *NODBL], cut=72, error=(72, "incomplete-record"), play="policy",
    remark=A_REMARK + A_KITTY_REMARK + " E passes the exchange, E and W pass the double; the plays are the first 51 "
    "of 2016.deal.hands-and-centre-5H. 21 actions before play and 51 plays: E's last card (TC) is missing.")
bad(id="2016.errors.incomplete-passimisaari-exchange", description="Passimisääri stops in the partner exchange",
    rules=["passimisaari.partner-exchange"], pre=[*A_PASSI, "E give W 3S", "S give N 3H"], error=(6, "incomplete-record"),
    remark=A_REMARK + A_PASSI_REMARK + " E gave W 3S and S gave N 3H; W's return is missing.")

# ============================================================================ KOTKA (13 cards each, no centre cards)
# Kotka exchange policy kx(strain): H gives P his four lowest cards outside the strain (misère: his four highest);
# P gives H four back, preferring cards he did not just receive: in a suit his highest trumps first and then his
# highest other cards, in grandi his highest cards, in misère his lowest cards.


def kx(strain):
    def h(st):
        cards = _low(st.hands[st.H], strain)
        if len(cards) < 4:
            cards = cards + [c for c in _low(st.hands[st.H], "X") if c not in cards]
        return f"{st.H} give {st.P} " + " ".join(cards[:4])

    def p(st):
        got = {c for e in st.log if e[0] == "kotka-give" for c in e[3]}

        def key(c):
            if strain == "M":
                return (c in got, rank(c), SUITS.index(c[1]))
            return (c in got, c[1] != strain, -rank(c), SUITS.index(c[1]))
        return f"{st.P} give {st.H} " + " ".join(sorted(st.hands[st.P], key=key)[:4])
    return [h, p]


KFLOW = ["auction.first-speaker", "auction.bidders", "auction.end-eight-passes", "auction2.main-pair-only",
         "auction2.first-speaker", "auction2.end-four-passes", "auction2.declarer", "doubling.defenders-order",
         "play.lead", "play.follow-suit", "play.trick-winner", "play.trumps"]


def kc(name, desc, contract, dealer, H, fix, need, first=None, second=None, dbl=NODBL, rules=(), **kw):
    """A kotka contract deal: passes from the dealer up to H, H opens `first` (default: the contract), eight
    passes, the kotka exchange, the second auction (default: H bids the contract if it differs from his opening,
    then four passes), no defenders' exchange, the doubling round `dbl`; played by the policy; the seed is
    searched until the main pair takes exactly `need` tricks."""
    first = first or contract
    calls, s = [], dealer
    while s != H:
        calls.append("p")
        s = left(s)
    if second is None:
        second = ([contract] if contract != first else []) + P4
    add(id=f"2016.kotka.{name}", description=desc, rules=[*rules, *KFLOW], form="kotka", dealer=dealer, fix=fix,
        pre=fa(dealer, [*calls, first, *P8]) + kx(contract[1]) + sa(H, second) + dbl,
        want=kw.pop("want", mt(need)), **kw)


# --- the deal forms
kc("hands-no-centre-6S", "A kotka given as four 13-card hands with no `centre` key; 6S by E made exactly (12 tricks): 35",
   "6S", "N", "E", {"E": "S:AKQJT9 H:AK D:A"}, 12, rules=["deal.players", "deal.pack"],
   remark="A kotka record: thirteen cards in each hand and no centre cards (the `centre` key is absent). E holds "
   "♠AKQJT9 ♥AK ♦A.")
kc("hands-empty-centre-6C", "A kotka with `centre: []` (same as absent); 6C by S made with 13 tricks: 35 + 2 = 37",
   "6C", "S", "S", {"S": "C:AKQJT9 S:AK H:AK D:AK"}, 13, empty_centre=True, rules=["deal.pack"],
   remark="`centre: []` is allowed in a kotka and means the same as no centre. S holds ♣AKQJT9 and AK in every "
   "other suit.")
kc("deck-dealer-E-6D", "A kotka given as a 52-card deck (no `centre_positions`), dealer E; 6D by W made exactly: 35",
   "6D", "E", "W", {"W": "D:AKQJT9 S:A H:A"}, 12, deck_positions=None,
   rules=["deal.one-at-a-time", "deal.pack"],
   remark="The deck is listed top first and all 52 cards are dealt one at a time from the dealer's left: deck[0] "
   "to S, deck[1] to W, deck[2] to N, deck[3] to E, deck[4] to S, … deck[51] to E; no card is set aside, so the "
   "rules on centre positions (not 0 or 51, not four in a row) have nothing to apply to.")
kc("deck-empty-centre-positions-7C", "A kotka deck with `centre_positions: []`, dealer W; 7C by N made: 50",
   "7C", "W", "N", {"N": "C:AKQJT98 S:AK H:AK D:AK"}, 13, deck_positions=[],
   rules=["deal.one-at-a-time"],
   remark="`centre_positions: []` is the same as absent in a kotka. Deck[0] goes to N (dealer W's left), deck[1] "
   "to E, and so on clockwise; deck[0] and deck[51] are ordinary cards. N holds ♣AKQJT98 and AK in every other suit.")

# --- the kotka strain order
kc("strain-order-6S-to-6G", "Kotka first auction 6S 6C 6D 6H 6M 6G: each is higher (S<C<D<H<M<G); W wins with 6G",
   "6G", "S", "W", {"W": "S:AKQ H:AKQ D:AK C:AK", "E": "D:Q"}, 12,
   first=None, rules=["kotka.strain-order", "auction.higher-bid", "auction.bid-levels"],
   remark="S 6S, W 6C, N 6D, E 6H, S 6M (misère is above hearts in a kotka), W 6G (grandi is highest), then eight "
   "passes. W is the highest bidder; the main pair E–W's first bid was W's 6C. W holds AKQ in the majors and AK "
   "in the minors.")
SCENARIOS[-1]["pre"] = (fa("S", ["6S", "6C", "6D", "6H", "6M", "6G", *P8]) + kx("G") + sa("W", P4) + NODBL)
kc("misere-over-hearts-6M", "E opens 6H, S overcalls 6M (misère ranks above hearts in a kotka); 6M by S made with 1 trick: 20",
   "6M", "E", "S", {"N": "S:234 H:234 D:234 C:234", "S": "S:567 H:567 D:567 C:56"}, 1,
   rules=["kotka.strain-order", "auction.higher-bid", "score.misere-aces"],
   remark="E 6H, S 6M, then eight passes: 6M is higher than 6H because the kotka order is S < C < D < H < M < G "
   "(in an alkupeli it would be lower). N–S, the main pair, hold the low cards; W (S's left) leads.")
SCENARIOS[-1]["pre"] = (fa("E", ["6H", "6M", *P8]) + kx("M") + sa("S", P4) + NODBL)

# --- suit contracts, levels 6 and 7
kc("made-6H-overtrick", "Kotka 6H by N with 13 tricks: 35 + 1 × 2 = 37", "6H", "N", "N",
   {"N": "H:AKQJT9 S:AK D:AK C:A"}, 13, remark="N holds ♥AKQJT9 and AK AK A outside.")
kc("down-6C-one", "Kotka 6C by W one down (11 tricks): −10", "6C", "S", "W", {"W": "C:AKQJT H:AK"}, 11,
   remark="W holds ♣AKQJT ♥AK.")
kc("down-6S-two-doubled", "Kotka 6S by E two down (10 tricks), doubled by S: −(10 + 5) × 2 = −30", "6S", "E", "E",
   {"E": "S:AKQJ H:A"}, 10, dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")],
   rules=["score.multipliers", "doubling.redouble-order"], remark="E holds ♠AKQJ ♥A; S (E's left) doubles.")
kc("made-6D-doubled", "Kotka 6D by S doubled by E (declarer's right), made exactly: 35 × 2 = 70", "6D", "N", "S",
   {"S": "D:AKQJT9 S:A H:A"}, 12, dbl=[r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")],
   rules=["score.multipliers", "doubling.redouble-order"],
   remark="S holds ♦AKQJT9 ♠A ♥A. W (S's left) passes, E doubles, S (E's left) and N pass.")
kc("made-7S-grand-slam", "Kotka 7S by N opened at 7, 13 tricks: 50 (no overtricks at level 7)", "7S", "W", "N",
   {"N": "S:AKQJT98 H:AK D:AK C:A"}, 13, remark="N opens 7S directly; he holds ♠AKQJT98 and AK AK A outside.")
kc("down-7H-one-redoubled", "Kotka 7H by E one down (12 tricks), S doubles, W redoubles: −15 × 3 = −45", "7H", "E", "E",
   {"E": "H:AKQJT9 S:AK D:A"}, 12, dbl=[r("L", "double"), r("P", "redouble")],
   rules=["score.multipliers", "doubling.redouble-order"],
   remark="E holds ♥AKQJT9 ♠AK ♦A. S (E's left) doubles; W (the doubler's left, E's partner) redoubles.")
kc("made-7D-redoubled", "Kotka 7D by W made, N doubles, W redoubles: 50 × 3 = 150", "7D", "N", "W",
   {"W": "D:AKQJT98 S:AK H:AK C:A"}, 13, dbl=[r("L", "double"), r("P", "pass"), r("D", "redouble")],
   rules=["score.multipliers", "doubling.redouble-order"],
   remark="W holds ♦AKQJT98 and AK AK A outside. N (W's left) doubles, E passes, W redoubles.")

# --- grandi
kc("made-6G-exact", "Kotka 6G by E made exactly (12 tricks): 35", "6G", "W", "E", {"E": "S:AKQ H:AKQ D:AK C:AK"}, 12,
   remark="E holds AKQ in the majors and AK in the minors.")
kc("down-6G-one", "Kotka 6G by S one down (11 tricks): −10", "6G", "S", "S", {"S": "S:AKQ H:AK D:AK C:A"}, 11,
   remark="S holds ♠AKQ ♥AK ♦AK ♣A.")
kc("made-7G-doubled", "Kotka 7G by N made, doubled by E: 50 × 2 = 100", "7G", "N", "N",
   {"N": "S:AKQJ H:AKQ D:AKQ C:AKQ"}, 13, dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")],
   rules=["score.multipliers", "doubling.redouble-order"], remark="N holds the top three or four of every suit.")
kc("down-7G-two", "Kotka 7G by W two down (11 tricks): −(15 + 5) = −20", "7G", "E", "W", {"W": "S:AKQ H:AKQ D:AK C:AK"},
   11, first="6G", rules=["auction.higher-bid"],
   remark="W opens 6G and raises himself to 7G in the second auction. W holds AKQ in the majors, AK in the minors.")

# --- misère (lead by the declarer's left, as in an alkupeli)
KLOW = {"N": "S:234 H:234 D:234 C:234", "S": "S:567 H:567 D:567 C:56"}
KLOW_EW = {"E": "S:234 H:234 D:234 C:234", "W": "S:567 H:567 D:567 C:56"}
kc("made-6M-one-trick", "Kotka 6M by N with 1 trick (allowed 7 − 6 = 1): 20, each side pays its aces", "6M", "N", "N",
   KLOW, 1, rules=["score.misere-aces"],
   remark="N holds the 2s, 3s and 4s, S the 5s to 7s (but ♣7); misère has no trumps and E (N's left) leads.")
kc("made-6M-no-tricks", "Kotka 6M by S with no trick: 20 + 1 × 2 = 22", "6M", "E", "S", KLOW, 0,
   rules=["score.misere-aces"], remark="N–S hold the low cards; W (S's left) leads.",
   want=lambda st: st.won["NS"] == 0)
kc("down-6M-two", "Kotka 6M by E two down (3 tricks): −(15 + 5) = −20, plus ace points", "6M", "S", "E",
   {"E": "S:23 H:23 D:2", "W": "S:4 H:4 D:3"}, 3, rules=["score.misere-aces"],
   remark="E–W hold a few low cards only; S (E's left) leads.")
kc("made-7M-doubled", "Kotka 7M by W with no trick, doubled by N: 35 × 2 = 70; aces not doubled", "7M", "W", "W",
   KLOW_EW, 0, dbl=[r("L", "double"), r("P", "pass"), r("D", "pass")],
   rules=["score.misere-aces", "score.multipliers", "doubling.redouble-order"],
   remark="E holds the 2s to 4s, W the 5s to 7s (but ♣7); N (W's left) leads and doubles.")
kc("down-7M-one-redoubled", "Kotka 7M by N one down (1 trick), E doubles, S redoubles: −20 × 3 = −60; aces unmultiplied",
   "7M", "N", "N", {"N": "S:234 H:23 D:23", "S": "S:56 H:45 D:45"}, 1,
   first="6M", dbl=[r("L", "double"), r("P", "redouble")],
   rules=["score.misere-aces", "score.multipliers", "doubling.redouble-order", "auction.higher-bid"],
   remark="N opens 6M and raises himself to 7M in the second auction. N–S hold some low cards.")

# --- the kotka exchange (fixed deal K)
K_HANDS = {"N": "S:AKQ H:AKQJT D:AK C:AKQ", "E": "S:8765 H:65 D:9876 C:765",
           "S": "S:JT9 H:987 D:QJT C:JT98", "W": "S:432 H:432 D:5432 C:432"}
K_REMARK = ("Kotka deal K (dealer N, 13 cards each, no centre): N S:AKQ H:AKQJT D:AK C:AKQ; E S:8765 H:65 "
            "D:9876 C:765; S S:JT9 H:987 D:QJT C:JT98; W S:432 H:432 D:5432 C:432.")
K_AUCTION = fa("N", ["6H", *P8])                                  # 0-8
K_EXCH = ["N give S AD KD KC QC", "S give N JS TS 9S 8C"]         # 9-10
K_PRE = K_AUCTION + K_EXCH + sa("N", P4)                          # 11-14; 6H by N; E to double (15)
K_PRE_REMARK = (" N opens 6H and eight passes follow: N is H, S is P. Kotka exchange: N gives S AD KD KC QC, S gives "
                "N JS TS 9S 8C (N: S:AKQJT9 H:AKQJT C:A8; S: H:987 D:AKQJT C:KQJT9). Second auction: four passes, "
                "6H by N. No defenders' exchange in a kotka: E (N's left) is first to double.")


def K(**kw):
    kw.setdefault("dealer", "N")
    kw["hands"] = K_HANDS
    kw["form"] = "kotka"
    add(**kw)


K(id="2016.kotka.exchange-gives-back-received-cards",
  description="Kotka exchange: N gives S four cards, S gives N four including two he has just received; 6H by N",
  rules=["kotka.exchange", "kotka.exchange-giver", *KFLOW],
  pre=[*K_AUCTION, "N give S AD KD KC QC", "S give N AD KD JS TS", *sa("N", P4), *NODBL],
  remark=K_REMARK + " N opens 6H, eight passes. N (the highest bidder) gives first: S AD KD KC QC in one action; "
  "then S gives N four cards in one action: AD KD (just received from N: allowed, there is no different-card rule "
  "in the kotka exchange) and JS TS.")
K(id="2016.kotka.exchange-returns-all-four",
  description="Kotka exchange: S gives N back exactly the four cards N gave him; 6H by N",
  rules=["kotka.exchange", "kotka.exchange-giver", *KFLOW],
  pre=[*K_AUCTION, "N give S AD KD KC QC", "S give N AD KD KC QC", *sa("N", P4), *NODBL],
  remark=K_REMARK + " N opens 6H, eight passes; N gives S AD KD KC QC and S gives the same four back: the exchange "
  "is four cards each way and nothing forbids returning received cards, so the hands are as dealt.")
K(id="2016.kotka.exchange-then-doubled",
  description="Deal K: 6H by N after the 4-for-4 exchange; E doubles at once (no defenders' exchange), N redoubles",
  rules=["kotka.exchange", "kotka.exchange-giver", "kotka.no-defenders-exchange", "doubling.redouble-order",
         "score.multipliers", *KFLOW],
  pre=[*K_PRE, "E double", "S pass", "N redouble"],
  remark=K_REMARK + K_PRE_REMARK + " E doubles; S (E's left) passes; N redoubles.")

# --- the second auction of a kotka
kc("second-auction-6S-to-6H", "Kotka: E opens 6S and raises himself to 6H in the second auction (same level, higher "
   "strain); 12 tricks: 35", "6H", "N", "E", {"E": "H:AKQJT9 S:AKQ", "W": "S:J"}, 12, first="6S",
   rules=["kotka.second-auction-min-level", "kotka.strain-order", "auction.higher-bid"],
   remark="E opens 6S, eight passes; after the kotka exchange E bids 6H (level 6, H above S) and W, E, W, E pass: "
   "6H by E. S (E's left) leads.")
kc("second-auction-partner-raises-to-7", "Kotka: S opens 6D; N (S's partner) raises to 7D in the second auction and "
   "is declarer; E leads; 13 tricks: 50", "7D", "W", "S", {"S": "D:AKQJT9 S:AK", "N": "D:8 H:AK C:AK"}, 13, first="6D",
   second=["p", "7D", *P4], rules=["kotka.second-auction-min-level", "auction.higher-bid"],
   want=lambda st: st.declarer == "N" and st.won["NS"] == 13,
   remark="W passes, S opens 6D, eight passes. Second auction: S passes, N bids 7D, then S, N, S, N pass: the last "
   "bid is N's, so N is the declarer; E (N's left) is first to double and leads.")
kc("second-auction-6H-to-6M", "Kotka: N opens 6H and bids 6M in the second auction (misère above hearts); made with 1 trick",
   "6M", "N", "N", KLOW, 1, first="6H",
   rules=["kotka.second-auction-min-level", "kotka.strain-order", "auction.higher-bid", "score.misere-aces"],
   remark="N opens 6H; in the second auction 6M is higher than 6H in the kotka order. N–S hold the low cards.")
kc("second-auction-partner-grandi-then-7", "Kotka: W opens 6C, E bids 6G, W raises to 7G; declarer W; 13 tricks: 50",
   "7G", "E", "W", {"W": "S:AKQ H:AKQ D:AK C:AK", "E": "S:J D:Q"}, 13, first="6C",
   second=["p", "6G", "7G", *P4], rules=["kotka.second-auction-min-level", "auction.higher-bid"],
   remark="E passes, W opens 6C, eight passes. Second auction: W passes, E 6G, W 7G, then E, W, E, W pass: 7G by W.")

# --- all four pass: passimisääri without centre cards


def kpassi(name, desc, dealer, fix, want, dbl=None, **kw):
    d = dealer
    add(id=f"2016.kotka.{name}", description=desc,
        rules=["kotka.all-pass", "auction.all-pass", "passimisaari.not-biddable", "passimisaari.partner-exchange",
               "passimisaari.different-card", "passimisaari.doubling-order", "passimisaari.lead", "play.follow-suit",
               "play.trick-winner", "auction.first-speaker", *kw.pop("rules", [])],
        form="kotka", dealer=dealer, fix=fix,
        pre=fa(d, P4) + px_auto(d) + (dbl if dbl is not None else [f"{d} pass", f"{partner(d)} pass"]),
        want=want, **kw)


def _aces(st):
    return ace_ordinals(st, "NS")[0] + ace_ordinals(st, "EW")[0] > 0


kpassi("all-pass-passimisaari", "Kotka, all four pass: passimisääri with no centre cards; partner exchange, no double",
       "N", {}, _aces, rules=["passimisaari.return-order"],
       remark="A kotka passed out by N, E, S, W is played as a passimisääri: nothing is dealt (no centre cards); E "
       "(forehand) gives W one card, S gives N one, W gives E back another, N gives S back another.")
kpassi("all-pass-doubled", "Kotka passimisääri, dealer E doubles: tricks × 2, aces × 1", "E", {}, _aces,
       dbl=["E double", "S pass", "N pass"], rules=["score.multipliers", "doubling.redouble-order"],
       remark="Dealer E doubles; S (his left) and N pass the redouble.")
kpassi("all-pass-redoubled", "Kotka passimisääri: dealer S passes, N doubles, E redoubles: tricks × 3, aces × 1",
       "S", {}, _aces, dbl=["S pass", "N double", "E redouble"], rules=["score.multipliers", "doubling.redouble-order"],
       remark="Dealer S passes, his partner N doubles, E (N's left) redoubles.")

# ============================================================================ INVALID: kotka


def kbad(**kw):
    kw.setdefault("dealer", "N")
    kw.setdefault("hands", K_HANDS)
    kw["form"] = "kotka"
    kw.setdefault("play", None)
    add(**kw)


# --- invalid-deal: centre cards in a kotka
_kA = {"form": "kotka", "dealer": "N", "hands": {s: sort_cards(__import__("author").hand(A_HANDS[s])) for s in SEATS},
       "centre": ["3S", "3H", "2H", "5C"]}
kbad(id="2016.errors.kotka-invalid-deal-twelve-and-centre", description="A kotka given as 12-card hands and 4 centre cards",
     rules=["kotka.hand-size", "kotka.no-centre-cards"], raw_deal=_kA, pre=["N bid 6H"], error=(None, "invalid-deal"),
     remark="Deal A (an alkupeli deal: 12 cards each + 3S 3H 2H 5C in the centre) labelled `form: kotka`. A kotka has "
     "13 cards each and no centre cards: invalid-deal, index null.")
kbad(id="2016.errors.kotka-invalid-deal-deck-centre-positions",
     description="A kotka deck with centre_positions [5, 17, 30, 44]: a kotka has no centre cards",
     rules=["kotka.no-centre-cards"], raw_deal={**deck_deal([5, 17, 30, 44]), "form": "kotka"}, pre=["N bid 6H"],
     error=(None, "invalid-deal"),
     remark="A valid alkupeli deck with four legal centre positions, but `form: kotka`: the kotka has no centre "
     "cards, so centre_positions must be absent or []: invalid-deal, index null.")
_kc = {s: sort_cards(__import__("author").hand(K_HANDS[s])) for s in SEATS}
_kc["W"] = [c for c in _kc["W"] if c != "2C"]
kbad(id="2016.errors.kotka-invalid-deal-one-centre-card",
     description="A kotka with W's 2C moved to the centre (W 12 cards, centre [2C])",
     rules=["kotka.no-centre-cards", "kotka.hand-size"], raw_deal={"form": "kotka", "dealer": "N", "hands": _kc,
                                                                    "centre": ["2C"]},
     pre=[], error=(None, "invalid-deal"),
     remark="Deal K with one card put in the centre: 52 distinct cards, but W has 12 and the centre is not empty: "
     "invalid-deal, index null.")
_k13 = {s: sort_cards(__import__("author").hand(K_HANDS[s])) for s in SEATS}
kbad(id="2016.errors.kotka-invalid-deal-thirteen-and-centre",
     description="A kotka with its four 13-card hands plus four centre cards",
     rules=["kotka.no-centre-cards", "kotka.hand-size"],
     raw_deal={"form": "kotka", "dealer": "N", "hands": _k13, "centre": ["2S", "3S", "4S", "5S"]},
     pre=[], error=(None, "invalid-deal"),
     remark="Deal K, the four 13-card hands as they are, and also a centre of four cards (2S 3S 4S 5S, which some hand "
     "already holds): a kotka has no centre cards, so the centre must be absent or empty: invalid-deal, index null.")

# --- bid-below-minimum
kbad(id="2016.errors.kotka-bid-below-minimum-opening", description="Kotka: dealer N opens 5H (below six)",
     rules=["kotka.min-level"], pre=[], bad="N bid 5H", error=(0, "bid-below-minimum"),
     remark=K_REMARK + " The lowest kotka bid is 6S; 5H is bid-below-minimum.")
kbad(id="2016.errors.kotka-bid-below-minimum-one-level", description="Kotka: N passes, E bids 1S",
     rules=["kotka.min-level"], pre=["N pass"], bad="E bid 1S", error=(1, "bid-below-minimum"),
     remark=K_REMARK + " N passes; E's 1S (an alkupeli opening) is below the kotka minimum of six: bid-below-minimum.")
kbad(id="2016.errors.kotka-bid-below-minimum-before-not-higher", description="Kotka: N 6H, E 5G (below six and not higher)",
     rules=["kotka.min-level"], pre=["N bid 6H"], bad="E bid 5G", error=(1, "bid-below-minimum"),
     remark=K_REMARK + " After N's 6H, 5G is both below six and not higher than 6H; bid-below-minimum is checked "
     "first (DESIGN §4: bid-not-allowed, then bid-below-minimum, then bid-not-higher).")
kbad(id="2016.errors.kotka-bid-below-minimum-second-auction", description="Kotka second auction: N bids 5G after 6H",
     rules=["kotka.second-auction-min-level"], pre=K_AUCTION + K_EXCH, bad="N bid 5G", error=(11, "bid-below-minimum"),
     remark=K_REMARK + " N 6H and eight passes; exchange N→S AD KD KC QC, S→N JS TS 9S 8C. In the second auction a "
     "bid below six is bid-below-minimum (before bid-not-higher, which also applies).")
kbad(id="2016.errors.kotka-bid-below-minimum-second-auction-partner", description="Kotka second auction: S bids 5M",
     rules=["kotka.second-auction-min-level"], pre=[*K_AUCTION, *K_EXCH, "N pass"], bad="S bid 5M",
     error=(12, "bid-below-minimum"),
     remark=K_REMARK + " N 6H and eight passes; the exchange; N passes; S's 5M is below six: bid-below-minimum.")

# --- bid-not-higher with the kotka strain order
kbad(id="2016.errors.kotka-bid-not-higher-hearts-over-misere", description="Kotka: 6H after 6M (misère ranks above hearts)",
     rules=["kotka.strain-order"], pre=["N bid 6M"], bad="E bid 6H", error=(1, "bid-not-higher"),
     remark=K_REMARK + " In a kotka the order is S < C < D < H < M < G: 6H is below 6M: bid-not-higher (in an "
     "alkupeli it would be higher).")
kbad(id="2016.errors.kotka-bid-not-higher-misere-over-grandi", description="Kotka: 6M after 6G (grandi is highest)",
     rules=["kotka.strain-order"], pre=["N pass", "E bid 6G"], bad="S bid 6M", error=(2, "bid-not-higher"),
     remark=K_REMARK + " N passes, E bids 6G; 6M is below 6G: bid-not-higher.")
kbad(id="2016.errors.kotka-bid-not-higher-second-auction", description="Kotka: N won with 6M; in the second auction S bids 6H",
     rules=["kotka.strain-order", "auction.higher-bid"], pre=[*fa("N", ["6M", *P8]), *K_EXCH, "N pass"],
     bad="S bid 6H", error=(12, "bid-not-higher"),
     remark=K_REMARK + " N opens 6M, eight passes; exchange N→S AD KD KC QC, S→N JS TS 9S 8C; N passes; S's 6H is "
     "not higher than 6M in the kotka order: bid-not-higher.")

# --- exchange-forbidden
kbad(id="2016.errors.kotka-exchange-forbidden-declarer-left", description="Kotka 6H by N: E tries to give W a card",
     rules=["kotka.no-defenders-exchange"], pre=K_PRE, bad="E give W 8S", error=(15, "exchange-forbidden"),
     remark=K_REMARK + K_PRE_REMARK + " E's give: exchange-forbidden.")
kbad(id="2016.errors.kotka-exchange-forbidden-second-doubler", description="Kotka 6H by N: E passes, W tries to give",
     rules=["kotka.no-defenders-exchange"], pre=[*K_PRE, "E pass"], bad="W give E 2S", error=(16, "exchange-forbidden"),
     remark=K_REMARK + K_PRE_REMARK + " E passes the double; W, to double or pass, gives instead: exchange-forbidden.")
kbad(id="2016.errors.kotka-exchange-forbidden-declarer-S", description="Kotka 7H by S (raised by N's partner): W tries to give",
     rules=["kotka.no-defenders-exchange"], pre=K_AUCTION + K_EXCH + sa("N", ["p", "7H", *P4]), bad="W give E 2S 3S",
     error=(17, "exchange-forbidden"),
     remark=K_REMARK + " N 6H, eight passes; exchange N→S AD KD KC QC, S→N JS TS 9S 8C; second auction N pass, S 7H, "
     "four passes: 7H by S. W (S's left) gives E two cards: the wrong count too, but exchange-forbidden comes first.")

# --- the kotka exchange: give-wrong-count / give-wrong-recipient / card-not-held / wrong-phase / not-your-turn
kbad(id="2016.errors.kotka-give-wrong-count-three", description="Kotka exchange: N gives S only three cards",
     rules=["kotka.exchange"], pre=K_AUCTION, bad="N give S AD KD KC", error=(9, "give-wrong-count"),
     remark=K_REMARK + " N 6H and eight passes; N must give S exactly four cards: give-wrong-count.")
kbad(id="2016.errors.kotka-give-wrong-count-partner-one", description="Kotka exchange: S gives N one card (as in a kitty)",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], bad="S give N JS", error=(10, "give-wrong-count"),
     remark=K_REMARK + " N gives S AD KD KC QC; S must give N four cards in one action: one card is give-wrong-count.")
kbad(id="2016.errors.kotka-give-wrong-count-partner-five", description="Kotka exchange: S gives N five cards",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], bad="S give N JS TS 9S 8C 7H", error=(10, "give-wrong-count"),
     remark=K_REMARK + " N gives S AD KD KC QC; S gives five cards back: give-wrong-count.")
kbad(id="2016.errors.kotka-give-wrong-recipient-H", description="Kotka exchange: N gives his four cards to E",
     rules=["kotka.exchange", "kotka.exchange-giver"], pre=K_AUCTION, bad="N give E AD KD KC QC",
     error=(9, "give-wrong-recipient"), remark=K_REMARK + " N must give his partner S: give-wrong-recipient.")
kbad(id="2016.errors.kotka-give-wrong-recipient-P-kitty-order",
     description="Kotka exchange: S gives W one card (the alkupeli kitty order): wrong recipient before wrong count",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], bad="S give W JS", error=(10, "give-wrong-recipient"),
     remark=K_REMARK + " N gives S AD KD KC QC; S must give four cards to N; giving W one card is wrong in recipient "
     "and count; give-wrong-recipient comes first.")
kbad(id="2016.errors.kotka-card-not-held-H", description="Kotka exchange: N gives S a card he does not hold",
     rules=["kotka.exchange"], pre=K_AUCTION, bad="N give S AD KD KC 2C", error=(9, "card-not-held"),
     remark=K_REMARK + " 2C is W's: card-not-held.")
kbad(id="2016.errors.kotka-card-not-held-P", description="Kotka exchange: S gives N the QH, which N holds",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], bad="S give N QH JS TS 9S", error=(10, "card-not-held"),
     remark=K_REMARK + " N gives S AD KD KC QC; S (H:987 …) does not hold QH: card-not-held.")
kbad(id="2016.errors.kotka-wrong-phase-pass-H", description="Kotka exchange: N passes instead of giving four cards",
     rules=["kotka.exchange"], pre=K_AUCTION, bad="N pass", error=(9, "wrong-phase"),
     remark=K_REMARK + " After N 6H and eight passes N must give S four cards; 'pass' is wrong-phase.")
kbad(id="2016.errors.kotka-wrong-phase-pass-P", description="Kotka exchange: S passes instead of giving four back",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], bad="S pass", error=(10, "wrong-phase"),
     remark=K_REMARK + " N gave S four cards; S must give four back: 'pass' is wrong-phase.")
kbad(id="2016.errors.kotka-wrong-phase-bid-in-exchange", description="Kotka exchange: N bids 7H instead of giving",
     rules=["kotka.exchange"], pre=K_AUCTION, bad="N bid 7H", error=(9, "wrong-phase"),
     remark=K_REMARK + " The first auction is over and N must give S four cards; a bid is wrong-phase.")
kbad(id="2016.errors.kotka-not-your-turn-partner-gives-first", description="Kotka exchange: S gives before N",
     rules=["kotka.exchange-giver"], pre=K_AUCTION, bad="S give N JS TS 9S 8C", error=(9, "not-your-turn"),
     remark=K_REMARK + " The highest bidder N gives first; S acting is not-your-turn.")
kbad(id="2016.errors.kotka-not-your-turn-defender-second-auction", description="Kotka: E bids 7S in the second auction",
     rules=["auction2.main-pair-only"], pre=K_AUCTION + K_EXCH, bad="E bid 7S", error=(11, "not-your-turn"),
     remark=K_REMARK + " After the exchange only N and S bid, N first: not-your-turn.")
kbad(id="2016.errors.kotka-incomplete-in-exchange", description="Kotka record stops after N's four cards",
     rules=["kotka.exchange"], pre=K_AUCTION + K_EXCH[:1], error=(10, "incomplete-record"),
     remark=K_REMARK + " N gave S AD KD KC QC; S's four cards back are missing.")

# --- passimisääri from a kotka
K_PASSI = fa("N", P4)
kbad(id="2016.errors.kotka-return-same-card-passimisaari", description="Kotka passimisääri: W returns to E the card E gave him",
     rules=["kotka.all-pass", "passimisaari.different-card"], pre=[*K_PASSI, "E give W 8S", "S give N JS"],
     bad="W give E 8S", error=(6, "return-same-card"),
     remark=K_REMARK + " All four pass: passimisääri with no centre cards. E gives W 8S, S gives N JS; W returns 8S: "
     "return-same-card.")
kbad(id="2016.errors.kotka-wrong-phase-passimisaari-bid", description="Kotka passimisääri: E bids 6S in the partner exchange",
     rules=["kotka.all-pass", "passimisaari.partner-exchange"], pre=K_PASSI, bad="E bid 6S", error=(4, "wrong-phase"),
     remark=K_REMARK + " N, E, S, W pass: the first auction is over (passimisääri) and E must give W one card; a bid "
     "is wrong-phase.")

# ============================================================================ BOLSEVIKKI (one against three, 7M only)
# One round of calls from the dealer (`bid 7M` or `pass`, each seat once); the bolshevik D takes the centre and gives
# one card each, clockwise from his left; left of D leads; no trumps; tricks and scores per seat (unsourced 35 / 5).
# Gift policy bgive("high"): D gives his highest card to each in turn (he wants no trick); bgive("low"): his lowest
# (used to build failed deals, where D keeps his high cards).


def bgive(how="high"):
    def g(k):
        def f(st):
            D = st.declarer
            key = (lambda c: (-rank(c), SUITS.index(c[1]))) if how == "high" else (lambda c: (rank(c), SUITS.index(c[1])))
            return f"{D} give {st.bg_targets[k]} {sorted(st.hands[D], key=key)[0]}"
        return f
    return [g(0), g(1), g(2)]


def bcalls(dealer, D):
    """The one round of calls from the dealer: D bids 7M, everyone else passes."""
    calls, s = [], dealer
    for _ in range(4):
        calls.append("7M" if s == D else "p")
        s = left(s)
    return fa(dealer, calls)


def btricks(n):
    return lambda st: st.won_seat[st.declarer] == n


BV_FLOW = ["deal.players", "deal.pack", "bolsevikki.one-against-three", "bolsevikki.call-first", "bolsevikki.call-once",
           "bolsevikki.strain", "bolsevikki.level", "bolsevikki.gives-each", "bolsevikki.no-other-exchange",
           "bolsevikki.lead", "play.follow-suit", "play.trick-winner"]


def bv(name, desc, dealer, D, fix, tricks, how="high", rules=(), **kw):
    add(id=f"2016.bolsevikki.{name}", description=desc, rules=[*rules, *BV_FLOW], form="bolsevikki", dealer=dealer,
        fix=fix, pre=bcalls(dealer, D) + bgive(how), want=btricks(tricks), **kw)


# --- fixed deal B (dealer N): N holds the lowest cards
B_HANDS = {"N": "S:2345 H:234 D:234 C:23", "E": "S:AKQJ H:AKQ D:AKQ C:AK",
           "S": "S:T98 H:JT9 D:JT9 C:QJT", "W": "S:76 H:8765 D:8765 C:98"}
B_CENTRE = "C:4567"
B_REMARK = ("Bolsevikki deal B (dealer N): N S:2345 H:234 D:234 C:23; E S:AKQJ H:AKQ D:AKQ C:AK; S S:T98 H:JT9 "
            "D:JT9 C:QJT; W S:76 H:8765 D:8765 C:98; centre 4C 5C 6C 7C.")
B_CALL = fa("N", ["7M", "p", "p", "p"])                       # 0-3: N is the bolshevik
B_GIVES = ["N give E 7C", "N give S 6C", "N give W 5C"]      # 4-6; then E (N's left) leads (7)
B_CALL_REMARK = (" N (the dealer, first to call) bids 7M; E, S and W pass: the call is over after four calls and N "
                 "is the bolshevik. N takes the centre (16 cards) and must give one card each to E, S, W in that order.")


def B(**kw):
    kw.setdefault("dealer", "N")
    kw["hands"] = B_HANDS
    kw["centre"] = B_CENTRE
    kw["form"] = "bolsevikki"
    add(**kw)


# --- valid: made by each seat (first, second, third and fourth caller)
B(id="2016.bolsevikki.made-N-dealer-first-caller", example=True,
  description="Dealer N bids 7M first and is the bolshevik; E, S, W pass; N takes no trick: N +105, each other −35",
  rules=[*BV_FLOW, "bolsevikki.several-callers", "bolsevikki.gift-order"], pre=[*B_CALL, *B_GIVES], want=btricks(0),
  remark=B_REMARK + B_CALL_REMARK + " N gives away his three highest cards (7C, 6C, 5C); he keeps the 2s, 3s and 4s "
  "of every suit and 5S, the lowest cards of each suit, so he can never win a trick.")
bv("made-E-second-caller-deck", "Deal as a deck (centre positions [3, 20, 22, 40]), dealer N passes, E bids 7M as "
   "second caller; E takes no trick: E +105", "N", "E", {"E": "S:234 H:234 D:234 C:23"}, 0,
   deck_positions=[3, 20, 22, 40], rules=["deal.one-at-a-time", "deal.centre-not-top-or-bottom",
                                          "deal.centre-not-consecutive"],
   remark="A bolsevikki is dealt exactly as an alkupeli: deck[3], deck[20], deck[22], deck[40] are the centre, the "
   "other 48 cards go one at a time from the dealer's left (E first). N passes, E bids 7M, S and W pass.")
bv("made-W-third-caller", "Dealer E: E and S pass, W bids 7M as third caller, N passes; W takes no trick: W +105",
   "E", "W", {"W": "S:234 H:235 D:234 C:24"}, 0, rules=("bolsevikki.several-callers", "bolsevikki.gift-order"),
   remark="Passing does not end the call: W, the third caller, may still bid 7M; N, the fourth, passes.")
B(id="2016.bolsevikki.two-callers-first-keeps", dealer="W",
  description="Dealer W: N and S both call 7M; N, the first caller, keeps it and takes no trick: N +105",
  rules=[*BV_FLOW, "bolsevikki.several-callers", "bolsevikki.gift-order"],
  pre=[*fa("W", ["p", "7M", "p", "7M"]), "N bid 7M", *B_GIVES], want=btricks(0),
  remark=B_REMARK.replace("(dealer N)", "with dealer W instead of N") + " W passes, N calls 7M, E passes, S calls "
  "7M too. N, the first caller, chooses first and keeps it by calling 7M again; S, the other caller, does not "
  "choose. N takes the centre and gives away his three highest cards (7C, 6C, 5C); he keeps the lowest cards of "
  "every suit, so he can never win a trick.")
B(id="2016.bolsevikki.two-callers-last-must-play",
  description="Dealer N: N and S both call 7M; N withdraws, so S, the last caller, must play; he takes no trick: S +105",
  rules=[*BV_FLOW, "bolsevikki.several-callers", "bolsevikki.gift-order"],
  pre=[*fa("N", ["7M", "p", "7M", "p"]), "N pass", *bgive("high")], want=btricks(0),
  remark=B_REMARK + " N calls 7M, E passes, S calls 7M too, W passes. N, the first caller, withdraws (pass); S is "
  "the last caller left and must play, though he holds middle cards (♠T98 ♥JT9 ♦JT9 ♣QJT) and the centre clubs. "
  "He gives away his highest card at each gift; E holds the top cards of every suit, and S ducks every trick.")
bv("made-S-fourth-caller", "Dealer W, N and E pass; S bids 7M as the fourth caller (no redeal); S takes no trick: "
   "S +105, each other −35", "W", "S", {"S": "S:235 H:234 D:234 C:34"}, 0,
   remark="Three passes are no redeal: the fourth caller S bids 7M and the call ends with his call.")

# --- valid: failed
bv("failed-one-trick-N", "Dealer W passes, N bids 7M and takes one trick: N pays each defender 35 (N −105, others +35)",
   "W", "N", {"N": "S:A23 H:234 D:234 C:2"}, 1, how="low", rules=[],
   remark="N holds ♠A and gives away his lowest cards instead of his highest; the play below gives him one trick.")
bv("failed-three-tricks-E", "Dealer E bids 7M and takes three tricks: E pays each 35 + 5 × 2 = 45 (E −135)",
   "E", "E", {"E": "S:AK H:A D:2345 C:234"}, 3, how="low",
   remark="E (dealer, first to call) bids 7M holding ♠AK ♥A; he gives away low cards.")
bv("failed-five-tricks-S", "Dealer S bids 7M and takes five tricks: S pays each 35 + 5 × 4 = 55 (S −165)",
   "S", "S", {"S": "S:AKQ H:AK D:A"}, 5, how="low",
   remark="S (dealer) bids 7M with six top cards; W (S's left) leads.")

# --- valid: four passes, redeal


def bredeal(name, desc, dealer, **kw):
    add(id=f"2016.bolsevikki.{name}", description=desc, form="bolsevikki", dealer=dealer,
        rules=["bolsevikki.all-pass-redeal", "bolsevikki.call-first", "bolsevikki.call-once", "deal.players",
               "deal.pack", *kw.pop("rules", [])],
        pre=fa(dealer, P4), **kw)


B(id="2016.bolsevikki.redeal-all-pass-dealer-N", description="Bolsevikki: N, E, S, W all pass: redeal, "
  "contract null, every seat 0 tricks and 0 points",
  rules=["bolsevikki.all-pass-redeal", "bolsevikki.call-first", "bolsevikki.call-once", "deal.players", "deal.pack"],
  pre=fa("N", P4),
  remark=B_REMARK + " Each seat calls once, the dealer first; four passes end the call with no bolshevik: the deal is "
  "redealt and the record ends here (no exchange, no play, no passimisääri).")
bredeal("redeal-all-pass-deck-dealer-W", "Bolsevikki given as a deck, dealer W: W, N, E, S pass: redeal, all zero",
        "W", fix={}, deck_positions=[7, 8, 9, 30], want=lambda st: True,
        rules=["deal.one-at-a-time", "deal.centre-not-consecutive"],
        remark="Three consecutive centre positions (7, 8, 9) are allowed. W, N, E and S pass: redeal.")

bv("failed-two-tricks-W", "Dealer N, E and S pass; W bids 7M as fourth caller and takes two tricks: W pays each "
   "35 + 5 × 1 = 40 (W −120)", "N", "W", {"W": "S:A H:A D:2345 C:2345"}, 2, how="low",
   remark="W (fourth caller) bids 7M holding ♠A ♥A and gives away his lowest cards; a second trick costs 5 more "
   "per defender.")
bv("failed-four-tricks-N", "Dealer E, S and W pass; N bids 7M as fourth caller and takes four tricks: N pays each "
   "35 + 5 × 3 = 50 (N −150)", "E", "N", {"N": "S:AK H:AK"}, 4, how="low",
   remark="N (fourth caller) bids 7M with four top cards and gives away low cards; each trick after his first "
   "adds 5 to what he pays each defender.")
bredeal("redeal-all-pass-dealer-E", "Bolsevikki, dealer E: E, S, W, N all pass: redeal, every seat 0 tricks and 0 "
        "points", "E", fix={}, want=lambda st: True,
        remark="E (the dealer) calls first, then S, W and N; all four pass, so there is no bolshevik: the deal is "
        "redealt, nothing is played and nobody scores.")
B(id="2016.bolsevikki.redeal-all-pass-dealer-S", description="Bolsevikki deal B, dealer S: S, W, N, E all pass "
  "(N, holding the lowest cards, passes too): redeal, every seat 0 points",
  dealer="S", rules=["bolsevikki.all-pass-redeal", "bolsevikki.call-first", "bolsevikki.call-once", "deal.players",
                     "deal.pack"],
  pre=fa("S", P4),
  remark=B_REMARK.replace("(dealer N)", "with dealer S instead of N") + " S (the dealer) calls first, then W, N and E; all four pass. Even N, who holds the lowest "
  "cards, passes: the deal is redealt, the record ends here and every seat scores 0.")

# ============================================================================ INVALID: bolsevikki


def bbad(**kw):
    kw.setdefault("play", None)
    B(**kw)


bbad(id="2016.errors.bolsevikki-bid-not-allowed-7S", description="Bolsevikki: dealer N bids 7S (only 7M may be bid)",
     rules=["bolsevikki.strain"], pre=[], bad="N bid 7S", error=(0, "bid-not-allowed"),
     remark=B_REMARK + " The only bid of a bolsevikki is 7M; 7S names a strain the form does not offer: bid-not-allowed.")
bbad(id="2016.errors.bolsevikki-bid-not-allowed-7G", description="Bolsevikki: N passes, E bids 7G",
     rules=["bolsevikki.strain"], pre=["N pass"], bad="E bid 7G", error=(1, "bid-not-allowed"),
     remark=B_REMARK + " N passes; E's 7G (grandi) is no bolsevikki bid: bid-not-allowed.")
bbad(id="2016.errors.bolsevikki-bid-not-allowed-6S-after-7M",
     description="Bolsevikki: N 7M, E 6S (wrong strain, below seven and not higher): bid-not-allowed first",
     rules=["bolsevikki.strain"], pre=["N bid 7M"], bad="E bid 6S", error=(1, "bid-not-allowed"),
     remark=B_REMARK + " 6S breaks all three bid rules; DESIGN §4 orders them bid-not-allowed, bid-below-minimum, "
     "bid-not-higher, so the code is bid-not-allowed.")
bbad(id="2016.errors.bolsevikki-bid-below-minimum-6M", description="Bolsevikki: N passes, E bids 6M",
     rules=["bolsevikki.level"], pre=["N pass"], bad="E bid 6M", error=(1, "bid-below-minimum"),
     remark=B_REMARK + " The bolsevikki is bid at level 7 only; 6M is below it: bid-below-minimum.")
bbad(id="2016.errors.bolsevikki-bid-below-minimum-before-not-higher",
     description="Bolsevikki: N 7M, E 5M (below seven and not higher): bid-below-minimum first",
     rules=["bolsevikki.level"], pre=["N bid 7M"], bad="E bid 5M", error=(1, "bid-below-minimum"),
     remark=B_REMARK + " M is the right strain but 5 is below the minimum 7; it is also not higher than 7M, but "
     "bid-below-minimum comes before bid-not-higher.")
# (2016.errors.bolsevikki-bid-not-higher-second-7M is retired: several may call, so a second 7M is a call, and no
# bolsevikki call can be "not higher"; the old answer is pinned under bolsevikki.several-callers = rejected.)
bbad(id="2016.errors.bolsevikki-choice-out-of-turn",
     description="Bolsevikki, dealer W: N and S both call 7M; S chooses before N, the first caller",
     rules=["bolsevikki.several-callers", "bolsevikki.call-once"], dealer="W", pre=fa("W", ["p", "7M", "p", "7M"]),
     bad="S pass", error=(4, "not-your-turn"),
     remark=B_REMARK.replace("(dealer N)", "with dealer W instead of N") + " W passes, N calls 7M, E passes, S calls "
     "7M too: the round of calls is over with two callers. The first caller, N, chooses first, so S's pass at 4 "
     "(a withdrawal) is out of turn: not-your-turn.")
bbad(id="2016.errors.bolsevikki-choice-before-gifts",
     description="Bolsevikki: N and E both call 7M; N gives a card before choosing",
     rules=["bolsevikki.several-callers", "bolsevikki.gives-each"], pre=fa("N", ["7M", "7M", "p", "p"]),
     bad="N give E 5S", error=(4, "wrong-phase"),
     remark=B_REMARK + " N and E call 7M, S and W pass: two callers, so nobody is the bolshevik yet and nobody has "
     "taken the centre. N, the first caller, must keep it (bid 7M) or withdraw (pass); a give is no choice: "
     "wrong-phase.")
bbad(id="2016.errors.bolsevikki-give-wrong-recipient", description="Bolsevikki: N's first gift goes to S instead of E",
     rules=["bolsevikki.gives-each"], pre=B_CALL, bad="N give S 7C", error=(4, "give-wrong-recipient"),
     remark=B_REMARK + B_CALL_REMARK + " The first gift goes to N's left, E: give-wrong-recipient.")
bbad(id="2016.errors.bolsevikki-give-wrong-count", description="Bolsevikki: N gives E two cards",
     rules=["bolsevikki.gives-each"], pre=B_CALL, bad="N give E 7C 6C", error=(4, "give-wrong-count"),
     remark=B_REMARK + B_CALL_REMARK + " Each gift is exactly one card: give-wrong-count.")
bbad(id="2016.errors.bolsevikki-card-not-held", description="Bolsevikki: N gives E 7C, then gives S the same 7C",
     rules=["bolsevikki.gives-each"], pre=[*B_CALL, "N give E 7C"], bad="N give S 7C", error=(5, "card-not-held"),
     remark=B_REMARK + B_CALL_REMARK + " N gave E the 7C (a centre card); he no longer holds it: card-not-held.")
bbad(id="2016.errors.bolsevikki-wrong-phase-pass-for-give", description="Bolsevikki: N passes when his first gift is due",
     rules=["bolsevikki.gives-each"], pre=B_CALL, bad="N pass", error=(4, "wrong-phase"),
     remark=B_REMARK + B_CALL_REMARK + " The gifts are compulsory: 'pass' is wrong-phase.")
bbad(id="2016.errors.bolsevikki-wrong-phase-double", description="Bolsevikki: after N's gifts E doubles (no doubling)",
     rules=["bolsevikki.no-other-exchange", "bolsevikki.lead"], pre=[*B_CALL, *B_GIVES], bad="E double",
     error=(7, "wrong-phase"),
     remark=B_REMARK + B_CALL_REMARK + " N gives E 7C, S 6C, W 5C. There is no doubling in a bolsevikki: E (N's "
     "left) is to lead, and 'double' is wrong-phase.")
bbad(id="2016.errors.bolsevikki-wrong-phase-defender-gives", description="Bolsevikki: after N's gifts E gives W a card",
     rules=["bolsevikki.no-other-exchange"], pre=[*B_CALL, *B_GIVES], bad="E give W 2C", error=(7, "wrong-phase"),
     remark=B_REMARK + B_CALL_REMARK + " N gives E 7C, S 6C, W 5C; nobody else exchanges: E is to lead, and a give "
     "is wrong-phase.")
bbad(id="2016.errors.bolsevikki-not-your-turn-bolshevik-leads", description="Bolsevikki: the bolshevik N leads himself",
     rules=["bolsevikki.lead"], pre=[*B_CALL, *B_GIVES], bad="N play 2S", error=(7, "not-your-turn"),
     remark=B_REMARK + B_CALL_REMARK + " N gives E 7C, S 6C, W 5C. The left of the bolshevik (E) leads: N playing is "
     "not-your-turn.")
bbad(id="2016.errors.bolsevikki-not-your-turn-after-redeal", description="Bolsevikki: four passes, then N bids 7M",
     rules=["bolsevikki.all-pass-redeal", "bolsevikki.call-once"], pre=fa("N", P4), bad="N bid 7M",
     error=(4, "not-your-turn"),
     remark=B_REMARK + " N, E, S, W pass: the deal is redealt and complete; no seat is to act, so N's 7M (a second "
     "round) is not-your-turn.")
bbad(id="2016.errors.bolsevikki-not-your-turn-second-call", description="Bolsevikki: N 7M, three passes, then E passes again",
     rules=["bolsevikki.call-once"], pre=B_CALL, bad="E pass", error=(4, "not-your-turn"),
     remark=B_REMARK + B_CALL_REMARK + " Each seat calls once; the call is over and N must give: E acting is "
     "not-your-turn.")
bbad(id="2016.errors.bolsevikki-incomplete-after-call", description="Bolsevikki record stops after three calls",
     rules=["bolsevikki.call-once"], pre=fa("N", ["p", "p", "p"]), error=(3, "incomplete-record"),
     remark=B_REMARK + " N, E and S pass; W's call is missing (three passes are no redeal).")
bbad(id="2016.errors.bolsevikki-incomplete-in-gifts", description="Bolsevikki record stops after the bolshevik's first gift",
     rules=["bolsevikki.gives-each"], pre=[*B_CALL, "N give E 7C"], error=(5, "incomplete-record"),
     remark=B_REMARK + B_CALL_REMARK + " N gave E 7C; his gifts to S and W are missing.")
_b13 = {s: sort_cards(__import__("author").hand(B_HANDS[s])) for s in SEATS}
_b13["N"] = sort_cards([*_b13["N"], "4C"])
_b13["E"] = sort_cards([*_b13["E"], "5C"])
_b13["S"] = sort_cards([*_b13["S"], "6C"])
_b13["W"] = sort_cards([*_b13["W"], "7C"])
bbad(id="2016.errors.bolsevikki-invalid-deal-no-centre", description="A bolsevikki dealt as 13 cards each with no centre",
     rules=["bolsevikki.hand-size", "bolsevikki.centre-cards"],
     raw_deal={"form": "bolsevikki", "dealer": "N", "hands": _b13, "centre": []}, pre=["N bid 7M"],
     error=(None, "invalid-deal"),
     remark="Deal B with the centre clubs dealt out (N 4C, E 5C, S 6C, W 7C): 52 distinct cards, but a bolsevikki "
     "has 12 cards each and 4 centre cards: invalid-deal, index null.")

# ============================================================================ issue 17: suite gaps an outside engine showed
# (1) "the main pair's first bid" (S001, S002) against "the auction's first bid": the eventual defenders open low,
# the main pair's first bid is at six or seven.  Under the sources the exchange is banned; an engine that looks at the
# auction's first bid would allow it.
add(id="2016.defenders-exchange.banned-main-pair-6-after-defenders-opened-1",
    description="N (a defender) opens 1S, E bids 6H: the main pair E–W's first bid is 6H, so no defenders' exchange "
                "although the auction's first bid was at level 1",
    rules=["defenders-exchange.banned-after-high-first-bid", "doubling.defenders-order", *FLOW],
    dealer="N", fix={"E": "H:AKQJT9 S:AK", "W": "H:8"},
    pre=fa("N", ["1S", "6H", *P8]) + kitty("H") + sa("E", P4) + NODBL,
    want=lambda st: True,
    remark="N opens 1S, E bids 6H, then eight passes: E is the highest bidder and the main pair is E–W. The auction's "
           "first bid was N's 1S (level 1), but the rule looks at the main pair's first bid, E's 6H (level 6): the "
           "defenders N–S may not exchange. After the second auction (four passes, 6H by E) the next action is the "
           "doubling round, S (E's left) first, then N.")
add(id="2016.errors.exchange-forbidden-defenders-opened-low",
    description="N opens 1S, E bids 7H: the main pair's first bid is 7H; S (declarer E's left) tries to exchange",
    rules=["defenders-exchange.banned-after-high-first-bid"],
    dealer="N", fix={"E": "H:AKQJT9 S:AK D:AK", "W": "H:8"},
    pre=fa("N", ["1S", "7H", *P8]) + kitty("H") + sa("E", P4),
    bad=lambda st: f"S give N {sort_low(st.hands['S'])[0]}", error=(18, "exchange-forbidden"),
    remark="N opens 1S (level 1, the auction's first bid), E bids 7H and eight passes follow; E takes the centre and "
           "the second auction is four passes: 7H by E. The main pair E–W's first bid was 7H, so the defenders' "
           "exchange is forbidden: S's give (action 18) is exchange-forbidden. An engine that judged by the auction's "
           "first bid (1S) would accept it.")
# (2) The doubling order when the declarer is the first-auction bidder's partner: the turns follow the declarer,
# never the kitty taker.  After the declarer's left passes, the second double turn is the declarer's right, not the
# declarer's own partner (the taker).
add(id="2016.doubling.partner-declarer-second-defender-doubles",
    description="N takes the kitty after 1H, S bids 5H in the second auction and is declarer: W passes, E doubles",
    rules=["doubling.defenders-order", "doubling.redouble-order", "auction2.declarer", "score.multipliers", *FLOW],
    dealer="N", fix={"N": "H:AKQJ S:AK", "S": "H:T98 D:AK"},
    pre=fa("N", ["1H", *P8]) + kitty("H") + sa("N", ["p", "5H", *P4]) + dx_pass()
    + [r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")],
    want=lambda st: True,
    remark="N opens 1H and eight passes follow: N takes the centre. In the second auction N passes and S bids 5H, "
           "then four passes: the final bid is S's, so S is declarer and N (the taker) his partner. W (S's left) is "
           "first for the defenders' exchange and passes. Doubling follows the declarer: W (S's left) passes, then E "
           "(S's right, not N) doubles; the redouble turn goes to the doubler's left S, then N; both pass.")
add(id="2016.doubling.partner-declarer-first-defender-doubles-taker-redoubles",
    description="S declarer after N took the kitty: W doubles and N (the doubler's left, the taker) redoubles",
    rules=["doubling.defenders-order", "doubling.redouble-order", "auction2.declarer", "score.multipliers", *FLOW],
    dealer="N", fix={"N": "H:AKQJ S:AK", "S": "H:T98 D:AK"},
    pre=fa("N", ["1H", *P8]) + kitty("H") + sa("N", ["p", "5H", *P4]) + dx_pass()
    + [r("L", "double"), r("P", "redouble")],
    want=lambda st: True,
    remark="As in 2016.doubling.partner-declarer-second-defender-doubles, S is declarer of 5H and N is the taker. W "
           "(S's left) doubles; the first redouble turn is the doubler's left, N, who redoubles (×3).")
add(id="2016.errors.double-partner-declarer-taker-not-second",
    description="S declarer after N took the kitty: W passes the double, then N (declarer's partner) doubles: "
                "not-your-turn, E is to act",
    rules=["doubling.defenders-order"],
    dealer="N", fix={"N": "H:AKQJ S:AK", "S": "H:T98 D:AK"},
    pre=fa("N", ["1H", *P8]) + kitty("H") + sa("N", ["p", "5H", *P4]) + dx_pass() + [r("L", "pass")],
    bad="N double", error=(21, "not-your-turn"),
    remark="The first auction is N 1H and eight passes (actions 0–8), N's four cards to S and S's three gifts "
           "(9–12), the second auction N pass, S 5H and four passes (13–18); S is declarer. W (S's left) passes the "
           "defenders' exchange (19) and the first double turn (20). The second double turn is E's (S's right): N, "
           "the declarer's own partner, doubling at action 21 is not-your-turn.")

# ============================================================================ code-mutation gaps
# Cases that kill code mutants of the oracle no other case told apart (`skruuvi mutate --engine-source
# conformance/oracle/oracle.py --entry respond`).
bad(id="2016.errors.invalid-deal-centre-position-minus-one", description="Centre position -1 is not a position",
    rules=["deal.one-at-a-time"], raw_deal=deck_deal([-1, 17, 30, 44]), pre=A_AUCTION[:2],
    error=(None, "invalid-deal"),
    remark="centre_positions [-1, 17, 30, 44]: positions are 0-based indices into the 52-card deck, 0 to 51, so -1, "
           "the negative number next to 0, names no card. Read as counting from the bottom it would be the last card "
           "of the deck; it must not be: invalid-deal, index null. (The case -5 does not tell a bound of 0 from one "
           "of -1.)")

# ============================================================================ issue 20: code-mutation gaps
bbad(id="2016.errors.bolsevikki-wrong-phase-play-during-calls",
     description="Bolsevikki: the dealer N plays a card in the round of calls",
     rules=["bolsevikki.call-once"], pre=[], bad="N play 2S", error=(0, "wrong-phase"),
     remark=B_REMARK + " N, the dealer, is first to call: he may bid 7M or pass. A play has no meaning in the round "
            "of calls: wrong-phase (DESIGN §4: the action is well formed and N is to act; N holds 2S).")
