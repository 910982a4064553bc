"""Scenarios for the hand-written 1944 cases; author_1944.py turns them into case files.

Conventions: fa(dealer, calls) writes a first auction from the dealer clockwise ('p' = pass);
sa(H, calls) a second auction alternating H, P.  kitty(strain) / kx(strain) / dx_give() / dx_pass()
/ px() / r(role, verb) are small functions of the state, resolved when the record is built, so that
generated deals need no hand-picked cards: the highest bidder gives his four lowest cards outside
the intended strain (in misère his four highest), the partner gives his lowest (misère: highest)
non-trump cards; in the defenders' exchange the left-hand defender gives his lowest card and the
partner returns his lowest other card; in the pakkomisääri each giver gives his highest card.
Roles: D declarer, P his partner, L declarer's left, R declarer's right.
ds(...) builds a whole contract deal (first auction, exchange, second auction, defenders' exchange,
knocks) for a declarer, a final bid and a trick target.
"""
from author_1944 import SUITS, Reject, left, partner, rank, right, side

SCENARIOS = []


def add(**kw):
    SCENARIOS.append(kw)


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
    return sorted(non, key=key) + sorted([c for c in cards if c[1] == strain], key=key)


def kitty(strain):
    def h(st):
        return f"{st.H} give {st.P} " + " ".join(_low(st.hands[st.H], strain)[:4])

    def p(k):
        def f(st):
            return f"{st.P} give {st.kitty_targets[k]} {_low(st.hands[st.P], strain)[0]}"
        return f
    return [h, p(0), p(1), p(2)]


def kx(strain):
    """Kotka exchange: H gives P four cards, P gives H four (lowest non-strain; misère highest)."""
    def h(st):
        return f"{st.H} give {st.P} " + " ".join(_low(st.hands[st.H], strain)[:4])

    def p(st):
        return f"{st.P} give {st.H} " + " ".join(_low(st.hands[st.P], strain)[:4])
    return [h, p]


def seat_of(st, role):
    D = st.declarer
    return {"D": D, "P": partner(D), "L": left(D), "R": right(D)}[role]


def r(role, verb):
    return lambda st: f"{seat_of(st, role)} {verb}"


def sort_low(cards):
    return sorted(cards, key=lambda c: (rank(c), SUITS.index(c[1])))


def dx_pass():
    return [r("L", "pass")]


def dx_give():
    def g(st):
        L = left(st.declarer)
        return f"{L} give {partner(L)} {sort_low(st.hands[L])[0]}"

    def back(st):
        L = left(st.declarer)
        c = next(x for x in sort_low(st.hands[partner(L)]) if x != st.received)
        return f"{partner(L)} give {L} {c}"
    return [g, back]


NODBL = [r("L", "pass"), r("R", "pass")]
KNOCK = [r("L", "double"), r("P", "pass"), r("D", "pass")]          # L knocks, nobody counter-knocks
COUNTER = [r("L", "double"), r("P", "redouble")]                     # L knocks, P (L's left) counter-knocks


def px(dealer, same=False, low=False):
    """Pakkomisääri exchange: each giver gives his highest card; with same=True the two returners give
    back the very card they received.  same may also be a tuple of the returning steps (2: the forehand's
    partner, 3: the dealer) that give back the card received; the other returner then gives his highest
    card other than the one he received."""
    F = left(dealer)
    steps = [(F, partner(F)), (partner(dealer), dealer), (partner(F), F), (dealer, partner(dealer))]
    out = []
    for i, (giver, to) in enumerate(steps):
        def f(st, giver=giver, to=to, i=i):
            if (same is True and i >= 2) or (isinstance(same, tuple) and i in same):
                c = st.px_given[i - 2]
            elif isinstance(same, tuple) and i >= 2:
                c = max(sorted(set(st.hands[giver]) - {st.px_given[i - 2]}),
                        key=lambda c: (rank(c), -SUITS.index(c[1])))
            else:
                c = max(sorted(st.hands[giver]), key=lambda c: (rank(c), -SUITS.index(c[1])))
                if low:
                    c = sort_low(st.hands[giver])[0]
            return f"{giver} give {to} {c}"
        out.append(f)
    return out


def mt(n):
    return lambda st: st.won[side(st.declarer)] == n


def ds(dealer, decl, bid, form="alkupeli", first=None, second=None, dx=None, dbl=None, tricks=None, ex=None, **kw):
    """A whole contract deal: passes until decl, decl opens `first` (default level 1, kotka 6, same strain),
    eight passes, the exchange, the second auction (`second`, default: decl bids `bid` if it differs, then four
    passes), the defenders' exchange (alkupeli with first level < 6: pass unless dx given), knocks (default none)."""
    strain = bid[1]
    if first is None:
        first = ("1" if form == "alkupeli" else "6") + strain
    calls, s = [], dealer
    while s != decl:
        calls.append("p")
        s = left(s)
    pre = fa(dealer, [*calls, first, *P8])
    pre += kitty(ex or strain) if form == "alkupeli" else kx(ex or strain)
    if second is None:
        second = ([bid] if bid != first else []) + P4
    pre += sa(decl, second)
    if form == "alkupeli" and int(first[0]) < 6:
        pre += dx if dx is not None else dx_pass()
    pre += dbl if dbl is not None else NODBL
    sc = dict(dealer=dealer, form=form, pre=pre, **kw)
    if tricks is not None:
        sc.setdefault("target", mt(tricks))
        sc.setdefault("goal", (tricks, 13 - tricks) if strain != "M" else (tricks, 13))
        sc.setdefault("want", mt(tricks))
    return sc


def pakko(dealer, form="alkupeli", same=False, low=False, **kw):
    return dict(dealer=dealer, form=form, pre=fa(dealer, P4) + px(dealer, same, low), **kw)


def S(id, **kw):
    add(id=id, **kw)


SEQ0 = "S000 = seed 000_45d715f71bbb7e55.txt"
REF = "seed 000_45d715f71bbb7e55.txt, "

# ============================================================================ deal
S("1944.deal.hands-alkupeli-5H", example=True,
  description="An alkupeli given as four 12-card hands and four table cards; N makes 5H with all 13 tricks",
  rules=[], **ds("N", "N", "5H", fix={"N": "H:AKQJT9 S:AK D:AK C:AK"}, tricks=13),
  remark="N holds the six top hearts and the top two of every side suit.")
S("1944.deal.deck-four-consecutive-table-cards",
  description="Deck with table-card positions [20, 21, 22, 23] (four consecutive cards are allowed in 1944); 5S by W",
  rules=["deal.table-cards-consecutive-allowed", "deal.one-at-a-time"],
  deck_positions=[20, 21, 22, 23], **ds("E", "W", "5S", fix={"W": "S:AKQJT9 H:AK"}, tricks=12),
  remark="The four table cards are deck[20..23], four consecutive cards: allowed, since only the last card of the pack "
  "(deck[51]) may not be a table card. The other 48 cards are dealt one at a time from the dealer E's left: S gets "
  "deck[0], W deck[1], N deck[2], E deck[3], S deck[4], ...")
S("1944.deal.deck-first-card-on-table",
  description="Deck with table-card positions [0, 1, 2, 3]: the first card of the pack may be a table card; 4H by S",
  rules=["deal.table-cards-not-last", "deal.table-cards-consecutive-allowed", "deal.one-at-a-time"],
  deck_positions=[0, 1, 2, 3], **ds("S", "S", "4H", fix={"S": "H:AKQJT D:AK"}, tricks=10),
  remark="deck[0..3] are the table cards (the first card and three more, consecutive): allowed in 1944. The other "
  "48 (deck[4..51]) are dealt one at a time from W, the dealer S's left.")
S("1944.deal.deck-position-50",
  description="Deck with table-card positions [5, 17, 33, 50]: the second-to-last card may be a table card; 5D by N",
  rules=["deal.table-cards-not-last"],
  deck_positions=[5, 17, 33, 50], **ds("W", "N", "5D", fix={"N": "D:AKQJT9 C:AK"}, tricks=11),
  remark="Position 50 is allowed; only 51 (the last card) is forbidden. Dealing starts with N (dealer W's left).")
S("1944.deal.kotka-hands",
  description="A kotka given as four 13-card hands (no table cards); 6S by E",
  rules=["kotka.hand-size", "kotka.no-centre-cards"],
  **ds("N", "E", "6S", form="kotka", fix={"E": "S:AKQJT98 H:AK D:AK", "W": "C:AK"}, tricks=12),
  remark="A kotka: thirteen cards each and no table cards.")
S("1944.deal.kotka-deck",
  description="A kotka given as a 52-card deck dealt one at a time from the dealer's left; 6H by S",
  rules=["kotka.hand-size", "deal.one-at-a-time"], deck_positions=[],
  **ds("E", "S", "6H", form="kotka", fix={"S": "H:AKQJT98 S:AK D:AK"}, tricks=12),
  remark="With a deck and no table-card positions, all 52 cards are dealt one at a time from the dealer E's left: "
  "S deck[0], W deck[1], N deck[2], E deck[3], ...; each player gets 13.")
S("1944.deal.kotka-empty-centre",
  description="A kotka with `centre: []` (allowed, same as absent); 6G by W",
  rules=["kotka.no-centre-cards"], kotka_centre=[],
  **ds("S", "W", "6G", form="kotka", fix={"W": "S:AKQ H:AKQ D:AKQ C:AK", "E": "C:Q"}, tricks=12))

# ============================================================================ auction
S("1944.auction.alkupeli-strain-order",
  description="Alkupeli: 1M 1S 1C 1D 1H 1G are each higher than the one before; E wins with 1G and plays 5G",
  rules=["alkupeli.strain-order", "auction.higher-bid"],
  **ds("N", "W", "5G", first="1G", fix={"W": "S:AK H:AK D:AK C:AKQ"}, tricks=12),
  remark="Design: the first auction is N 1M, E 1S, S 1C, W 1D, N 1H, E... (see actions).")
SCENARIOS[-1]["pre"] = (fa("N", ["1M", "1S", "1C", "1D", "1H", "1G", *P8]) + kitty("G") + sa("E", ["5G", *P4])
                        + dx_pass() + NODBL)
SCENARIOS[-1]["remark"] = ("At level one the strains rank misère < ♠ < ♣ < ♦ < ♥ < grandi in an alkupeli: N 1M, E 1S, "
                           "S 1C, W 1D, N 1H, E 1G are each higher. E is the highest bidder; the main pair E–W's first "
                           "bid was E's 1S.")
SCENARIOS[-1]["target"] = SCENARIOS[-1]["want"] = lambda st: st.won["EW"] >= 11
SCENARIOS[-1]["goal"] = (13, 13)
SCENARIOS[-1]["fix"] = {"E": "S:AK H:AK D:AK C:AKQ"}
S("1944.auction.kotka-strain-order",
  description="Kotka: 6S 6C 6D 6H 6M 6G: misère ranks above hearts and below grandi; N wins with 6G",
  rules=["kotka.strain-order", "auction.higher-bid", "kotka.min-level"], form="kotka", dealer="S",
  fix={"N": "S:AKQ H:AKQ D:AKQ C:AKQ"},
  pre=fa("S", ["6S", "6C", "6D", "6H", "6M", "6G", *P8]) + kx("G") + sa("N", P4) + NODBL,
  target=lambda st: st.won["NS"] >= 12, goal=(13, 13),
  remark="In a kotka the order is ♠ < ♣ < ♦ < ♥ < misère < grandi: S 6S, W 6C, N 6D, E 6H, S 6M, W 6G would be "
  "the sequence of one call each; here S 6S, W 6C, N 6D, E 6H, S 6M (misère over hearts), W 6G (grandi over misère).")
SCENARIOS[-1]["pre"] = fa("S", ["6S", "6C", "6D", "6H", "6M", "6G", *P8]) + kx("G") + sa("W", P4) + NODBL
SCENARIOS[-1]["fix"] = {"W": "S:AKQ H:AKQ D:AKQ C:AKQ"}
SCENARIOS[-1]["description"] = ("Kotka: 6S 6C 6D 6H 6M 6G: misère ranks above hearts and below grandi; W wins "
                                "with 6G")
SCENARIOS[-1]["target"] = lambda st: st.won["EW"] >= 12
SCENARIOS[-1]["remark"] = ("In a kotka the strains rank ♠ < ♣ < ♦ < ♥ < misère < grandi: S 6S, W 6C, N 6D, E 6H, "
                           "S 6M (misère over hearts), W 6G (grandi over misère), then eight passes. W is the highest "
                           "bidder; E–W's first bid (W's 6C) is at level 6, as every kotka bid.")
S("1944.auction.own-raise-after-seven-passes",
  description="E bids 1S; after seven passes E raises his own bid to 2S; the auction ends at the next 8th pass",
  rules=["auction.end-eight-passes", "auction.higher-bid"], dealer="E", fix={"E": "S:AKQJT9 H:A"},
  pre=fa("E", ["1S", *["p"] * 7, "2S", *P8]) + kitty("S") + sa("E", ["5S", *P4]) + dx_pass() + NODBL,
  target=mt(12), goal=(12, 1), want=mt(12),
  remark="After E's 1S only seven passes follow (S W N E S W N), so the auction is still open and E may overbid "
         "himself with 2S; the next eight passes end it.")
S("1944.auction.passed-player-bids-later",
  description="N passes, E passes, S opens 1D and N (who passed) bids 2H later; N plays 5H",
  rules=["auction.bidders", "auction.all-pass", "auction.higher-bid"], dealer="N", fix={"N": "H:AKQJT9 C:AK"},
  pre=fa("N", ["p", "p", "1D", "p", "2H", *P8]) + kitty("H") + sa("N", ["5H", *P4]) + dx_pass() + NODBL,
  target=mt(11), goal=(11, 2), want=mt(11),
  remark="Only four passes at the START make a pakkomisääri; here S bids third. N passed first and bids 2H later; "
         "the main pair N–S's first bid was S's 1D.")

# ============================================================================ kitty
for taker, dealer in [("E", "N"), ("W", "S")]:
    P = partner(taker)
    order = [left(P), left(left(P)), left(left(left(P)))]
    S(f"1944.kitty.taker-{taker}",
      description=f"{taker} takes the four table cards and gives {P} four; {P} gives one each to "
                  f"{', '.join(order)}, in that order",
      rules=["kitty.take", "kitty.give-partner", "kitty.partner-gives-one-each", "kitty.partner-order"],
      **ds(dealer, taker, "5C", fix={taker: "C:AKQJT9 D:AK"}, tricks=11),
      remark=f"{taker} is the highest bidder: he takes the table cards (16 cards), gives his partner {P} four; {P} "
             f"(16 cards) gives one card each clockwise from his left: {order[0]}, {order[1]}, {order[2]}.")
S("1944.kitty.partner-passes-on-received-card",
  description="The partner passes on a card he has just received from the highest bidder (allowed); N then makes 6S",
  rules=["kitty.partner-gives-one-each"], dealer="N")
SCENARIOS[-1]["hands"] = {"N": "S:AKQJT9 H:AK D:AK C:AK", "E": "S:8765 H:QJT D:QJT C:QJ",
                          "S": "S:432 H:987 D:987 C:T98", "W": "H:65432 D:65432 C:76"}
SCENARIOS[-1]["centre"] = "C:5432"
SCENARIOS[-1]["pre"] = ([*fa("N", ["1S", *P8]), "N give S 5C 4C 3C 2C", "S give W 2C", "S give N TC", "S give E 3C", *sa("N", ["6S", *P4]), *dx_pass(), *NODBL])
SCENARIOS[-1]["remark"] = ("N 1S and eight passes; N takes the table cards ♣5432 and gives S ♣5432; S passes on the "
                           "2C he has just received to W (no same-card restriction in the kitty), TC to N, 3C to E. "
                           "N holds the top six spades and the top two of every side suit.")

# ============================================================================ kotka (exchange, contracts)
S("1944.kotka.exchange-returns-received-cards",
  description="Kotka exchange: E gives W four cards, W gives E back four including two he has just received; 6H by E",
  rules=["kotka.exchange", "kotka.exchange-giver"], form="kotka", dealer="E",
  hands={"N": "S:T987 H:9 D:T982 C:T987", "E": "H:AKQJT8 S:AK D:AK C:AK2",
         "S": "S:6543 H:765 D:7654 C:65", "W": "S:QJ2 H:432 D:QJ3 C:QJ43"},
  pre=[*fa("E", ["6H", *P8]), "E give W 2C AC KC AD", "W give E AC KC 2H 3H", *sa("E", P4), *NODBL],
  remark="E opens 6H, eight passes. Kotka exchange (no table cards): E gives W 2C AC KC AD; W gives E back AC KC (just "
         "received: allowed) and 2H 3H. Then the second auction (four passes), no defenders' exchange in a kotka, no "
         "knocks.")
S("1944.kotka.grandi-7-made",
  description="Kotka 7G by N made with 13 tricks: 4500 and crowns/honours in grandi",
  rules=["kotka.min-level", "kotka.final-min-level"],
  **ds("W", "N", "7G", form="kotka", first="6G", fix={"N": "S:AKQ H:AKQ D:AKQ C:AKQ", "S": "C:J"}, tricks=13),
  remark="N opens 6G; in the second auction N raises to 7G.")
S("1944.kotka.second-auction-partner-raises",
  description="Kotka: S opens 6D, N (S's partner) raises to 7D in the second auction and is declarer; 13 tricks",
  rules=["kotka.second-auction-min-level", "auction2.declarer", "auction.higher-bid"], form="kotka", dealer="S",
  fix={"S": "D:AKQJ S:AK", "N": "D:T98765 H:AK C:AK"},
  pre=fa("S", ["6D", *P8]) + kx("D") + sa("S", ["p", "7D", *P4]) + NODBL,
  target=mt(13), goal=(13, 0), want=mt(13),
  remark="S is the highest bidder (6D); in the second auction S passes, N bids 7D, then four passes: N declares 7D "
         "and E (N's left) leads.")
S("1944.kotka.six-misere",
  description="Kotka 6M by E: E–W take one trick (allowed 1): made; misère lead by the declarer's right",
  rules=["kotka.strain-order"],
  **ds("N", "E", "6M", form="kotka", fix={"E": "S:2345 H:2345 D:2345 C:2", "W": "C:345 S:6 H:6 D:6"}, tricks=1))

# ============================================================================ second auction
S("1944.second-auction.final-at-level-4",
  description="The second auction may end at level 4 (the lowest playable level): N's 4D stands",
  rules=["auction2.final-min-level", "auction2.end-four-passes"],
  **ds("N", "N", "4D", fix={"N": "D:AKQJT C:AK"}, tricks=10),
  remark="N opens 1D; in the second auction N bids 4D and four passes follow: a final contract at level 4 is legal.")
S("1944.second-auction.first-auction-bid-stands",
  description="E opens 4S in the first auction; the second auction is four passes and E declares 4S",
  rules=["auction2.end-four-passes", "auction2.declarer", "auction2.first-speaker"],
  **ds("E", "E", "4S", first="4S", fix={"E": "S:AKQJT H:AK"}, tricks=11))
S("1944.second-auction.switch-to-misere",
  description="S wins the first auction with 2C; in the second auction N bids 5M (a higher level); N declares misère",
  rules=["auction2.main-pair-only", "auction2.declarer", "alkupeli.strain-order"], dealer="S",
  fix={"N": "S:2345 H:2345 D:2345", "S": "C:2345 S:6 H:6 D:6"},
  pre=fa("S", ["2C", *P8]) + kitty("M") + sa("S", ["p", "5M", *P4]) + dx_pass() + NODBL,
  target=lambda st: st.won["NS"] <= 2, goal=(0, 13), want=lambda st: st.won["NS"] <= 2,
  remark="S opens 2C; in the second auction S passes and N bids 5M (level 5 beats level 2); four passes. N is the "
         "declarer of a misère, so W (N's right) leads.")

# ============================================================================ defenders' exchange
S("1944.defenders-exchange.done",
  description="After 5H by N, E gives W a card and W gives back a different one; then the knocks",
  rules=["defenders-exchange.one-card", "defenders-exchange.different-card", "defenders-exchange.before-doubling"],
  **ds("N", "N", "5H", fix={"N": "H:AKQJT9 S:AK"}, dx=dx_give(), tricks=11))
S("1944.defenders-exchange.passed",
  description="After 5S by W, N (W's left) passes the optional exchange; knocks start with N",
  rules=["defenders-exchange.one-card", "defenders-exchange.before-doubling"],
  **ds("S", "W", "5S", fix={"W": "S:AKQJT9 D:AK"}, tricks=11))
S("1944.defenders-exchange.banned-first-bid-6",
  description="S opens 6C: no defenders' exchange; W's first action after the second auction is a knock decision",
  rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid"],
  **ds("E", "S", "6C", first="6C", fix={"S": "C:AKQJT9 H:AK", "N": "D:AK"}, tricks=12))
S("1944.defenders-exchange.allowed-defender-opened-6",
  description="N 1S, E 6H, N later 6G: the main pair's first bid (1S) counts, not E's 6H: the exchange is allowed",
  rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid",
         "defenders-exchange.one-card", "defenders-exchange.different-card"], dealer="N", fix={"N": "S:AKQ H:AK D:AK C:AK", "S": "D:Q C:Q"},
  pre=fa("N", ["1S", "6H", "p", "p", "6G", *P8]) + kitty("G") + sa("N", P4) + dx_give() + NODBL,
  target=lambda st: st.won["NS"] >= 12, goal=(13, 13), want=lambda st: st.won["NS"] >= 12,
  remark="N opens 1S, E bids 6H, S and W pass, N bids 6G, eight passes. The main pair N–S's first bid was N's 1S "
         "(level 1), so the defenders may exchange although E–W's opening bid was at level 6.")
S("1944.defenders-exchange.allowed-second-auction-7",
  description="First auction 1H by W; second auction raised to 7H: the exchange is still allowed",
  rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card"],
  **ds("W", "W", "7H", fix={"W": "H:AKQJT98 S:AK D:AK C:A"}, dx=dx_give(), tricks=13),
  remark="Only the main pair's first bid in the FIRST auction (W's 1H) matters.")

# ============================================================================ knocks
S("1944.knocks.failed-knocked-loser-not-multiplied",
  description="5H by N knocked by E, one down: E–W's above points ×2, N–S's own above points and all below not",
  rules=["score.knocks-winner-only", "score.multipliers", "doubling.redouble-order"],
  **ds("N", "N", "5H", fix={"N": "H:AKQJT S:AKQ", "E": "D:AKQ C:A"}, dbl=KNOCK, tricks=10),
  remark="N holds ♥AKQJT and ♠AKQ (a trump sequence and a side-suit sequence); E holds ♦AKQ and ♣A. N–S take 10 "
         "tricks: 5H fails by one.")
S("1944.knocks.made-knocked-defender-crown-not-multiplied",
  description="5S by S knocked by W and made: N–S's above ×2; W's crown of three aces is not multiplied",
  rules=["score.knocks-winner-only", "score.multipliers", "doubling.redouble-order"],
  **ds("S", "S", "5S", fix={"S": "S:AKQJT9 H:KQ", "N": "S:8 D:KQ", "W": "H:A D:A C:A"}, dbl=KNOCK, tricks=11),
  remark="W holds three aces (♥A ♦A ♣A) and keeps them; N–S make 5S exactly.")
S("1944.knocks.counter-knocked-made",
  description="4D by E knocked by S and counter-knocked by W: E–W make it; their above points ×4",
  rules=["score.knocks-winner-only", "score.multipliers", "doubling.redouble-order"],
  **ds("E", "E", "4D", fix={"E": "D:AKQJT9 S:AK"}, dbl=COUNTER, tricks=11),
  remark="S (E's left) knocks; W (S's left, E's partner) counter-knocks.")
S("1944.knocks.counter-knocked-failed",
  description="6S by W knocked by S (W's right) and counter-knocked by W: two down; the defenders' points ×4",
  rules=["score.knocks-winner-only", "score.multipliers", "doubling.redouble-order", "doubling.defenders-order"],
  **ds("W", "W", "6S", first="1S", fix={"W": "S:AKQJT H:AK", "N": "C:AK"},
       dbl=[r("L", "pass"), r("R", "double"), r("D", "redouble")], tricks=10),
  remark="N (W's left) passes, E... wait: the declarer's right knocks. N passes, S (W's right) knocks, W (S's left) "
         "counter-knocks.")
SCENARIOS[-1]["remark"] = ("N (W's left) passes, S (W's right) knocks, W (S's left) counter-knocks. N–S's first "
                           "knocker order is the declarer's left, then right.")
S("1944.knocks.second-defender-knocks-partner-counters",
  description="5C by S: W passes, E (S's right) knocks, S passes, N (S's partner) counter-knocks; made",
  rules=["doubling.defenders-order", "doubling.redouble-order", "score.multipliers", "score.knocks-winner-only"],
  **ds("N", "S", "5C", fix={"S": "C:AKQJT9 H:AK"},
       dbl=[r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "redouble")], tricks=12),
  remark="After E's knock, the counter-knock is first offered to S (E's left), then to N.")

# ============================================================================ play
S("1944.play.misere-lead-from-declarers-right",
  description="5M by E in an alkupeli: N (E's right) leads to the first trick",
  rules=["play.lead"],
  **ds("E", "E", "5M", fix={"E": "S:2345 H:2345 D:2345", "W": "C:2345 S:6 H:6 D:6"}, tricks=2))
S("1944.play.grandi-no-trumps-left-leads",
  description="5G by S: W (S's left) leads; no trumps, discards never win",
  rules=["play.lead", "play.trumps"],
  **ds("S", "S", "5G", fix={"S": "S:AKQ H:AKQ D:AK C:AK"}, tricks=12))
S("1944.play.ruff-wins",
  description="4C by W: a trump on a side-suit lead beats the higher cards of the suit led",
  rules=["play.trumps", "play.trick-winner"],
  **ds("W", "W", "4C", fix={"W": "C:AKQJT98 H:AKQJ", "E": "C:7"}, tricks=12,
       check=lambda st, res: any(len({c[1] for _, c in t[1]}) > 1 and t[2] in "EW" for t in st.tricks)))

# ============================================================================ below the line (source examples)
S("1944.below.source-example-1-4S-nine-tricks", example=True,
  ref=REF + "Viivan alle, Esimerkki 1 (4 pataa, 9 tikkiä: 9 * 4 = 36 ja 4 * 4 = 16)",
  description="S000 example 1: A (N–S) plays 4♠ and takes 9 tricks: A 9 × 4 = 36, B 4 × 4 = 16 below the line",
  rules=["score.below-tricks"],
  **ds("N", "N", "4S", fix={"N": "S:AKQJT H:AK", "S": "D:AK"}, tricks=9),
  remark="Realisation: team A of the example is N–S (declarer N), team B is E–W. The contract is 4S and N–S take "
         "exactly 9 tricks (one short of 10), E–W 4. Below the line each side scores its own tricks × 4 whether the "
         "contract was made or not: N–S 36, E–W 16, as in the source. The above-the-line items (not part of the "
         "example) follow from Tables 2 and 3.")
S("1944.below.source-example-2-4M-three-tricks", example=True,
  ref=REF + "Viivan alle, Esimerkki 2 (4 misääriä, 3 tikkiä: 10 * 4 = 40 ja 3 * 4 = 12)",
  description="S000 example 2: A (E–W) plays 4 misère and takes 3 tricks: A 10 × 4 = 40, B 3 × 4 = 12 below",
  rules=["score.below-misere"],
  **ds("S", "W", "4M", fix={"W": "S:2345 H:2345 D:23", "E": "C:2345 S:6 H:6"}, tricks=3),
  remark="Realisation: team A is E–W (declarer W), team B N–S. 4 misère allows at most 3 tricks; E–W take exactly 3, "
         "N–S 10. In a bid misère each side scores the OPPONENTS' tricks × 4: E–W 10 × 4 = 40, N–S 3 × 4 = 12, as in "
         "the source.")
S("1944.below.source-table-1-66-wins-first-game", example=True,
  ref=REF + "Viivan alle, Taulukko 1 text (66 pistettä voittaa ensimmäisen pelin: merkitään 266)",
  description="S000 Table 1: 66 below the line that win a side's first game are written as 266",
  rules=["match.game-bonus", "match.game-threshold"],
  **ds("W", "E", "6D", fix={"E": "D:AKQJT9 S:AK", "W": "H:AK"}, tricks=11),
  remark="Realisation: E–W play 6D and take 11 tricks (one down): 11 × 6 = 66 below, from running count 0, so E–W "
         "reach 60 and win their first game of the set: 200 + 66 = 266 in their below column, as in the source. "
         "(The failed contract costs them nothing below; N–S score 1000 above for the undertrick.)")
S("1944.below.misere-failed-both-score-opponents-tricks",
  description="5M by N fails (N–S take 4): below the line N–S score E–W's 9 tricks × 5, E–W N–S's 4 × 5",
  rules=["score.below-misere", "score.undertricks"],
  **ds("N", "N", "5M", fix={"N": "S:2345 H:2345 D:234", "S": "C:234"}, tricks=4))

# ============================================================================ above the line
S("1944.above.made-4-exact", description="4H by S made exactly (10 tricks): contract bonus 1000",
  rules=["score.contract-made", "score.contract-bonus"], **ds("E", "S", "4H", fix={"S": "H:AKQJT S:AK"}, tricks=10))
S("1944.above.no-overtricks-at-level-4", description="4S by E with 12 tricks: 1000 and nothing for two overtricks",
  rules=["score.overtricks", "score.overtrick-value"],
  **ds("E", "E", "4S", fix={"E": "S:AKQJT9 H:AK"}, tricks=12))
S("1944.above.made-5-two-overtricks", description="5D by W with 13 tricks: 2000 + 2 × 200",
  rules=["score.overtricks", "score.overtrick-value"], **ds("N", "W", "5D", fix={"W": "D:AKQJT9 S:AK C:AK"},
                                                           tricks=13))
S("1944.above.made-6-one-overtrick", description="6C by N with 13 tricks: 3000 + 200",
  rules=["score.overtricks", "score.overtrick-value"],
  **ds("N", "N", "6C", first="1C", fix={"N": "C:AKQJT9 S:AK D:AK"}, tricks=13))
S("1944.above.made-7", description="7S by E with 13 tricks: 4500, no overtrick possible",
  rules=["score.contract-made"], **ds("S", "E", "7S", fix={"E": "S:AKQJT98 H:AK D:AK"}, tricks=13))
S("1944.above.down-4-two", description="4H by N two down: E–W score 400 + 400 above",
  rules=["score.undertricks", "score.undertrick-first", "score.undertrick-further"],
  **ds("N", "N", "4H", fix={"N": "H:AKQJ"}, tricks=8))
S("1944.above.down-5-two", description="5S by S two down: E–W score 500 + 500 above",
  rules=["score.undertricks", "score.undertrick-further"], **ds("W", "S", "5S", fix={"S": "S:AKQJ"}, tricks=9))
S("1944.above.down-6-one", description="6H by W one down: N–S score 1000 (Maalari's value; older sources 1100)",
  rules=["score.undertrick-first"], **ds("W", "W", "6H", fix={"W": "H:AKQJT9 S:AK"}, tricks=11))
S("1944.above.down-6-three", description="6D by E three down: N–S score 1000 + 600 + 600 = 2200",
  rules=["score.undertrick-first", "score.undertrick-further"],
  **ds("N", "E", "6D", fix={"E": "D:AKQJT S:AK"}, tricks=9))
S("1944.above.down-7-two", description="7C by N two down: E–W score 1700 + 700 = 2400",
  rules=["score.undertrick-first", "score.undertrick-further"],
  **ds("S", "N", "7C", fix={"N": "C:AKQJT9 S:AK"}, tricks=11))
S("1944.above.crown-three-aces-trump", description="5H by N; E holds three aces at the start of play: 200 to E–W",
  rules=["score.ace-crowns", "score.ace-crown-value"],
  **ds("N", "N", "5H", fix={"N": "H:AKQJT9 S:KQ", "E": "S:A D:A C:A"}, tricks=11))
S("1944.above.crown-four-aces-trump", description="4S by S; S holds all four aces: 400 to N–S",
  rules=["score.ace-crowns", "score.ace-crown-value"],
  **ds("E", "S", "4S", fix={"S": "S:AKQJ H:A D:A C:A"}, tricks=11))
S("1944.above.crown-three-aces-grandi-doubled", description="5G by E, E holds three aces: 200 × 2 = 400 in grandi",
  rules=["score.ace-crowns", "score.ace-crown-value"],
  **ds("E", "E", "5G", fix={"E": "S:AKQ H:AKQ D:A C:K", "W": "C:QJ D:KQ"}, tricks=11))
S("1944.above.crown-four-aces-grandi-doubled", description="6G by W, W holds all four aces: 400 × 2 = 800 in grandi",
  rules=["score.ace-crowns", "score.ace-crown-value"],
  **ds("W", "W", "6G", first="1G", fix={"W": "S:AK H:AK D:AK C:AK", "E": "S:QJ H:QJ"}, tricks=12))
S("1944.above.sequences-trump-doubled", description="5S by N: N's ♠AKQJ (trumps) scores 200 × 2 = 400; S's ♥AKQ 100",
  rules=["score.sequences", "score.sequence-card-value"],
  **ds("N", "N", "5S", fix={"N": "S:AKQJ9 D:Q", "S": "H:AKQ S:8"}, tricks=11))
S("1944.above.sequence-side-suit-defenders", description="4D by E made; N holds ♣AKQJT: 100 × 3 = 300 to N–S",
  rules=["score.sequences", "score.sequence-card-value"],
  **ds("E", "E", "4D", fix={"E": "D:AKQJT9 H:K", "W": "S:K", "N": "C:AKQJT"}, tricks=10))

# ============================================================================ honours
S("1944.honours.trump-ace-counts-twice",
  description="4H by N: N–S hold ♥A K Q and ♠A: 3 + 2 aces = 5 honours (♥A twice) against E–W's 4",
  rules=["score.honours", "score.honour-count", "score.honour-unit"],
  **ds("N", "N", "4H", fix={"N": "H:AKQ98 S:A", "E": "H:JT D:A C:A"}, tricks=10))
S("1944.honours.cancelled-main-under-seven",
  description="4H by S takes 6 tricks: N–S's 7 honours are cancelled; E–W score their own 2 (10 × 4 × 2)",
  rules=["score.honours", "score.honour-count"],
  **ds("S", "S", "4H", fix={"S": "H:AKQJT S:A", "E": "D:AKQJ", "W": "C:AKQJ"}, tricks=6))
S("1944.honours.source-grandi-three-aces-seven", example=True,
  ref=REF + "Viivan päälle, Taulukko 3 footnote (3 ässää grandissa vastaa seitsemää arvokorttia)",
  description="S000 Table 3 footnote: 3 aces in grandi = 7 honours: 5G by N made, N–S 3 aces score 10 × 5 × 7",
  rules=["score.honours", "score.honour-count"],
  **ds("N", "N", "5G", fix={"N": "S:AKQJ H:AKQJ", "S": "D:AKQ"}, tricks=12),
  remark="Realisation: N–S (the final bidder's side) hold three aces at the start of play (♠A ♥A in N, ♦A in S, so no "
         "crown of aces), E–W one. In grandi a side's honours are 2 × its aces + 1 for the side with more aces: N–S "
         "2 × 3 + 1 = 7 (as the source says: three aces in grandi equal seven honours), E–W 2. N–S take 12 tricks, so "
         "their honours count: 10 × 5 × 7 = 350.")
S("1944.honours.source-grandi-aces-two-two-final-bidder", example=True,
  ref=REF + "Viivan päälle, Taulukko 3 footnote (ässien jakautuessa 2-2 arvokorttipisteet, 5 arvokortista, saa "
  "lopputarjouksen tehnyt puolue)",
  description="S000 Table 3 footnote: aces 2–2 in grandi give 5 honours to the final bidder's side: 5G by E, 10 × 5 × 5",
  rules=["score.honours", "score.honour-count"],
  **ds("E", "E", "5G", fix={"E": "S:AKQJ H:AKQJ", "W": "D:KQJ C:KQJ", "N": "D:A", "S": "C:A"}, tricks=11),
  remark="Realisation: E–W (E made the final bid 5G) hold ♠A ♥A, N–S ♦A ♣A: aces 2–2. E–W count 2 × 2 + 1 = 5 "
         "(the extra honour goes to the side of the final bid), N–S 2 × 2 = 4. E–W take 11 tricks (N–S win their "
         "two aces), so E–W score 10 × 5 × 5 = 250.")
S("1944.honours.grandi-four-aces-nine",
  description="6G by S, N–S hold all four aces (2 + 2, no crown): 9 honours, 10 × 6 × 9 = 540",
  rules=["score.honours", "score.honour-count"],
  **ds("S", "S", "6G", first="1G", fix={"S": "S:AKQ H:AKQ", "N": "D:AKQ C:AKQ"}, tricks=13))
S("1944.honours.grandi-two-two-cancelled",
  description="5G by W takes 6 tricks, aces 2–2: E–W's 5 honours are cancelled, N–S score their own 4: 10 × 5 × 4",
  rules=["score.honours", "score.honour-count"],
  **ds("W", "W", "5G", fix={"W": "S:A H:A", "N": "D:AKQJ", "S": "C:AKQJ"}, tricks=6))
S("1944.honours.grandi-three-one-cancelled",
  description="5G by W takes 6 tricks, aces 3–1: E–W's 7 honours are cancelled, N–S score their own 2: 10 × 5 × 2",
  rules=["score.honours", "score.honour-count"],
  **ds("W", "W", "5G", fix={"W": "S:A H:A D:A", "N": "C:AKQJ"}, tricks=6),
  remark="The other side holds one ace (issue 34): its own count is 2 × 1 = 2, without the grandi \"plus one\" of "
         "the side holding more aces.")

# ============================================================================ misère
S("1944.misere.aces-both-sides",
  description="5M by N made: aces in E–W's tricks score for N–S and aces in N–S's tricks for E–W",
  rules=["score.misere-aces", "score.misere-ace-unit", "score.contract-made"],
  **ds("N", "N", "5M", fix={"N": "S:2345 H:2345 D:A", "S": "C:2345 S:A"}, tricks=2,
       check=lambda st, res: all(res["score"][x]["above"] > 0 for x in ("NS", "EW"))))
SCENARIOS[-1]["target"] = lambda st: (st.won["NS"] == 2 and any(
    any(c[0] == "A" for _, c in t[1]) for t in st.tricks if t[2] in "NS"))
S("1944.misere.overtricks-5M-no-tricks",
  description="5M by E with no trick: made with 2 overtricks: 2000 + 2 × 200",
  rules=["score.overtricks", "score.overtrick-value", "score.contract-made"],
  **ds("E", "E", "5M", fix={"E": "S:2345 H:2345 D:2345", "W": "C:23456 D:6"}, tricks=0))
S("1944.misere.failed-undertricks",
  description="4M by S fails with 5 tricks: N–S's opponents score 2 × 400; ace points as usual",
  rules=["score.undertricks", "score.undertrick-further", "score.misere-aces"],
  **ds("W", "S", "4M", fix={"S": "S:2345 H:234"}, tricks=5))
S("1944.misere.no-crowns-sequences-count",
  description="6M by W: E holds three aces (♠A ♥A ♦A) with the sequence ♠AKQ: no crown in misère, the sequence scores",
  rules=["score.ace-crowns", "score.sequences", "score.sequence-card-value"],
  **ds("W", "W", "6M", first="1M", ex="X", fix={"W": "S:2345 H:2345 D:2345", "E": "S:AKQ H:A D:A"},
       target=lambda st: st.won["EW"] <= 1, want=lambda st: st.won["EW"] <= 1, goal=(0, 13)),
  remark="In the kitty W gives E his four lowest cards and E gives away his lowest cards, so E keeps ♠AKQ ♥A ♦A.")
S("1944.misere.kotka-7M",
  description="Kotka 7M by N: N–S take no trick: 4500, and N–S score every ace in E–W's tricks",
  rules=["kotka.strain-order"],
  **ds("E", "N", "7M", form="kotka", first="6M", fix={"N": "S:2345 H:2345 D:2345 C:2", "S": "C:3456789 S:6 H:6 D:6"},
       tricks=0))

# ============================================================================ pakkomisääri
S("1944.pakkomisaari.alkupeli-difference", example=True,
  description="All four pass in an alkupeli: pakkomisääri; the table cards go out from the forehand; the side with "
              "fewer tricks scores 100 × the difference",
  rules=["pakkomisaari.when", "pakkomisaari.table-cards", "pakkomisaari.exchange", "pakkomisaari.lead",
         "score.pakko-difference", "score.pakko-unit"],
  **pakko("N", fix={}, seed=1))
S("1944.pakkomisaari.same-card-returned",
  description="Pakkomisääri: the forehand's partner and the dealer each give back the very card they received (allowed)",
  rules=["pakkomisaari.same-card-may-return", "pakkomisaari.exchange"], **pakko("E", same=True, fix={}, seed=2))
S("1944.pakkomisaari.kotka-same-card-returned",
  description="Kotka pakkomisääri: both returners (the forehand's partner and the dealer) give back the very card "
              "they received (allowed in 1944)",
  rules=["pakkomisaari.same-card-may-return", "pakkomisaari.exchange", "kotka.no-centre-cards"],
  **pakko("W", form="kotka", same=True, fix={}, seed=4),
  remark="W deals a kotka and all four pass: pakkomisääri with no table cards. N (forehand) gives S his highest "
  "card, E (dealer's partner) gives W his highest; S hands N back the card N gave him, and W hands E back the card "
  "E gave him: 1944 has no different-card rule in this exchange.")
S("1944.pakkomisaari.forehand-partner-returns-same-card",
  description="Pakkomisääri: the forehand's partner returns the very card he received; the dealer returns a "
              "different card",
  rules=["pakkomisaari.same-card-may-return", "pakkomisaari.exchange"],
  **pakko("N", same=(2,), fix={}, seed=6),
  remark="All four pass after N deals: pakkomisääri. E (forehand) gives W his highest card and S (dealer's "
  "partner) gives N his highest; W gives E back the very card E gave him (allowed), while N gives S his highest "
  "card other than the one he received. A same-card return and a different-card return in one exchange.")
S("1944.pakkomisaari.dealer-returns-same-card",
  description="Pakkomisääri dealt from a deck: the dealer gives his partner back the very card he received; the "
              "forehand's partner returns a different card",
  rules=["pakkomisaari.same-card-may-return", "pakkomisaari.exchange", "deal.one-at-a-time"],
  deck_positions=[9, 14, 30, 47], **pakko("S", same=(3,), fix={}, seed=7),
  remark="The deck's table cards are deck[9], deck[14], deck[30], deck[47]; all four pass after S deals: "
  "pakkomisääri, the table cards go out from W (forehand). W gives E his highest card, N (dealer's partner) gives "
  "S his highest; E returns his highest card other than the one he received, and S gives N back the very card N "
  "gave him (allowed in 1944).")
S("1944.pakkomisaari.kotka",
  description="All four pass in a kotka: pakkomisääri without table cards; the partner exchange still happens",
  rules=["pakkomisaari.when", "pakkomisaari.exchange", "kotka.no-centre-cards"],
  **pakko("S", form="kotka", fix={}, seed=3))
S("1944.pakkomisaari.sequences-no-crowns",
  description="Pakkomisääri: W's ♥AKQJ scores 200 (no trumps); N's three aces score nothing",
  rules=["score.pakko-sequences", "score.sequence-card-value"],
  **pakko("W", low=True, fix={"W": "H:AKQJ", "N": "S:A D:A C:A"}),
  remark="In this exchange every giver gives his lowest card, so W keeps ♥AKQJ and N his three aces.")
S("1944.pakkomisaari.running-count-unchanged",
  description="Pakkomisääri with running counts NS 50, EW 55: nobody scores below; no game, counts unchanged",
  rules=["pakkomisaari.running-count-unchanged"], state={"running": {"NS": 50, "EW": 55}, "games": {"NS": 1, "EW": 0}},
  **pakko("N", fix={}, seed=5))

# ============================================================================ games (single deals with match state)
S("1944.games.first-game-200", description="Running NS 30: 4S by N made with 10 tricks brings NS to 70: first game, 200",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 30, "EW": 20}, "games": {"NS": 0, "EW": 0}},
  **ds("N", "N", "4S", fix={"N": "S:AKQJT H:AK"}, tricks=10))
S("1944.games.second-game-400", description="EW already has one game; 5H by E with 12 tricks (60 below): second game, 400",
  rules=["match.game-bonus"], state={"running": {"NS": 0, "EW": 0}, "games": {"NS": 1, "EW": 1}},
  **ds("E", "E", "5H", fix={"E": "H:AKQJT9 S:AK"}, tricks=12))
S("1944.games.third-game-600-kotka",
  description="Kotka with N–S holding two games: 6S by S with 12 tricks, 72 below: third game, 600",
  rules=["match.game-bonus", "kotka.running-count-reset"], state={"running": {"NS": 0, "EW": 0}, "games": {"NS": 2, "EW": 1}},
  **ds("S", "S", "6S", form="kotka", fix={"S": "S:AKQJT98 H:AK D:AK"}, tricks=12))
S("1944.games.no-game-below-60",
  description="Running NS 20, EW 40: 4D by W with 4 tricks... E–W 9 tricks: EW 40 + 36 = 76 game; NS 20 + 16 = 36",
  rules=["match.game-threshold", "alkupeli.running-count-kept"],
  state={"running": {"NS": 20, "EW": 10}, "games": {"NS": 0, "EW": 0}},
  **ds("W", "W", "4D", fix={"W": "D:AKQJT"}, tricks=9))
SCENARIOS[-1]["description"] = ("Running NS 20, EW 10: 4D by W with 9 tricks: EW 10 + 36 = 46, NS 20 + 16 = 36; "
                                "nobody reaches 60, no game bonus")
S("1944.games.both-reach-60-first-by-trick",
  description="Running NS 56, EW 48: 4S by N, E–W win tricks 1–3 (EW 60 at trick 3) before N–S's first trick: E–W's game",
  rules=["match.first-to-reach", "match.game-threshold"], state={"running": {"NS": 56, "EW": 48}, "games": {"NS": 0, "EW": 0}},
  **ds("N", "N", "4S", fix={"N": "S:AKQJT9 H:AK", "E": "C:AKQ", "S": "C:432", "W": "C:J"}, tricks=9))
SCENARIOS[-1]["target"] = lambda st: st.won["NS"] == 9 and all(t[2] in "EW" for t in st.tricks[:3])
SCENARIOS[-1]["remark"] = ("Without the trick-by-trick rule both sides would pass 60 (N–S 56 + 36 = 92, E–W 48 + 16 = "
                           "64); N–S needed only one trick but E–W won the first three.")
S("1944.games.both-reach-60-misere-by-trick",
  description="Running NS 54, EW 57: 5M by E; a trick won by one side adds 5 to the OTHER side's count; N–S first",
  rules=["match.first-to-reach", "score.below-misere"], state={"running": {"NS": 54, "EW": 57}, "games": {"NS": 0, "EW": 1}},
  **ds("E", "E", "5M", fix={"E": "S:2345 H:2345 D:2345", "W": "C:2345 S:6"}, tricks=2))
SCENARIOS[-1]["target"] = lambda st: st.won["EW"] == 2 and st.tricks[0][2] in "EW" and st.tricks[1][2] in "EW"
SCENARIOS[-1]["remark"] = ("E–W win the first two tricks (N (E's right) leads): each adds 5 to N–S's count, 54 → 59 → "
                           "64, so N–S reach 60 first, although E–W end with 57 + 55 = 112.")
S("1944.games.both-reach-60-first-trick-winner-not-first",
  description="Running NS 59, EW 47: 5M by N; N–S win the first three tricks, so E–W reach 60 first (62), before "
              "N–S (64 at E–W's first trick)",
  rules=["match.first-to-reach", "score.below-misere"], state={"running": {"NS": 59, "EW": 47}, "games": {"NS": 0, "EW": 0}},
  **ds("N", "N", "5M", fix={"N": "S:AKQ H:2345 D:2345 C:2", "S": "S:2 H:6 D:6 C:3456"}, tricks=3))
SCENARIOS[-1]["target"] = lambda st: st.won["NS"] == 3 and all(t[2] in "NS" for t in st.tricks[:3])
SCENARIOS[-1]["remark"] = ("N–S win tricks 1–3: each adds 5 to E–W's count, 47 → 52 → 57 → 62, so E–W reach 60 at "
                           "trick 3; E–W's first trick (trick 4) brings N–S from 59 to 64. The side that wins the first "
                           "trick is not the side that reaches 60 first, and both pass 60 in the deal.")

# deal.state with parts left out (INTERPRETING §6A.1: "default zeros"): `running` or `games` absent counts as zeros,
# and so does a side absent inside one of them (both implementations read it so; the case format gives the shape
# {running: {NS, EW}, games: {NS, EW}} and says only that the default is zeros, which these cases take part by part).
STATE_NOTE = ("deal.state leaves out {}; INTERPRETING §6A.1 gives the state's default as zeros, and the suite reads "
              "that part by part: an absent `running` or `games`, or a side absent inside one, counts as 0. ")
S("1944.games.state-without-games",
  description="deal.state gives running N–S 30, E–W 20 but no `games`: 4S by N with 10 tricks brings N–S to 70, their "
              "first game (games absent = none won), 200",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 30, "EW": 20}},
  **ds("N", "N", "4S", fix={"N": "S:AKQJT H:AK"}, tricks=10),
  remark=STATE_NOTE.format("`games`") + "With no game won yet this is N–S's first game: 1 × 200 (not 400).")
S("1944.games.state-without-running",
  description="deal.state gives games N–S 1, E–W 1 but no `running`: 5H by E with 12 tricks makes 60 from 0, E–W's "
              "second game, 400",
  rules=["match.game-threshold", "match.game-bonus"], state={"games": {"NS": 1, "EW": 1}},
  **ds("E", "E", "5H", fix={"E": "H:AKQJT9 S:AK"}, tricks=12),
  remark=STATE_NOTE.format("`running`") + "E–W start from 0 and take 12 × 5 = 60: exactly the threshold, a game; "
         "having won one already, it is their second: 2 × 200 = 400.")
S("1944.games.state-running-side-missing",
  description="deal.state running gives N–S 20 and no E–W count: 5H by E with 12 tricks makes E–W exactly 60 from 0, "
              "a game",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 20}, "games": {"NS": 0, "EW": 0}},
  **ds("E", "E", "5H", fix={"E": "H:AKQJT9 S:AK"}, tricks=12),
  remark=STATE_NOTE.format("E–W's running count") + "E–W's count is 0 before the deal, so 12 × 5 = 60 reaches the "
         "threshold exactly: a game (a count read as anything below 0 would not reach it, and a count cannot be "
         "negative).")
S("1944.games.state-games-side-missing",
  description="deal.state games gives E–W 1 and no N–S count: 4S by N with 10 tricks from running 30 wins N–S's "
              "first game, 200",
  rules=["match.game-threshold", "match.game-bonus"], state={"running": {"NS": 30, "EW": 20}, "games": {"EW": 1}},
  **ds("N", "N", "4S", fix={"N": "S:AKQJT H:AK"}, tricks=10),
  remark=STATE_NOTE.format("N–S's games") + "N–S have won no game, so this one is their first: 1 × 200 (E–W's game "
         "does not count for N–S).")

# ============================================================================ match records (whole sets)
SET1 = [
    ds("N", "N", "5H", fix={"N": "H:AKQJT9 S:AK D:AK"}, tricks=13),
    ds("E", "E", "4S", fix={"E": "S:AKQJT H:AK"}, tricks=10),
    ds("S", "S", "5S", fix={"S": "S:AKQJT9 D:AK C:A"}, tricks=12),
    dict(ds("W", "N", "6S", form="kotka", fix={"N": "S:AKQJ H:A"}, tricks=9),
         remark="The source's kotka example: team A (N–S) bid 6♠ and take only 9 tricks: 9 × 6 = 54 below."),
    dict(ds("N", "E", "6H", form="kotka", fix={"E": "H:AKQJT98 S:AK D:AK"}, tricks=12),
         remark="N–S take one trick: 6 below. Had the count not restarted after the previous kotka, N–S would now have "
                "54 + 6 = 60 and a game; it did restart, so N–S's count is 6 and only E–W (72) win a game."),
    ds("E", "S", "6S", form="kotka", fix={"S": "S:AKQJT98 H:AK D:AK"}, tricks=12),
    pakko("S", form="kotka", fix={}, seed=11),
]
S("1944.match.set-third-game-in-kotka", example=True,
  ref=REF + "Viivan alle, kotka example (6 pataa, 9 tikkiä, 54 pistettä, silti pisteenlasku aloitetaan nollasta)",
  description="A whole set: N–S win two games in the alkupelit, then in the kotkat E–W win a game and N–S a third (600); "
              "includes S000's kotka example 6♠ with 9 tricks = 54 and the reset",
  rules=["kotka.running-count-reset", "match.stages", "match.game-bonus", "match.side-totals"], match=SET1,
  remark="Source example realised in deal 3 (the first kotka): N–S bid 6♠ and take 9 tricks: 54 below, and both "
         "running counts restart at 0 after the kotka; deal 4 shows it: N–S's 6 there do not add to 54.")

SET2 = [
    ds("E", "N", "4H", fix={"N": "H:AKQJT S:AK"}, tricks=10),
    ds("S", "W", "4C", fix={"W": "C:AKQJT D:AK"}, tricks=9),
    dict(ds("W", "N", "4S", fix={"N": "S:AKQJT9 H:AK", "E": "C:AKQ", "S": "C:432", "W": "C:J"}, tricks=9),
         target=lambda st: st.won["NS"] == 9 and all(t[2] in "EW" for t in st.tricks[:3]),
         remark="Running NS 56, EW 48 before the deal; E–W win tricks 1–3."),
    ds("N", "S", "5H", fix={"S": "H:AKQJT9 S:AK D:AK"}, tricks=13),
    ds("E", "E", "5S", fix={"E": "S:AKQJT9 H:AK D:A"}, tricks=12),
    ds("S", "W", "6G", form="kotka", fix={"W": "S:AKQ H:AKQ D:AKQ C:AK", "E": "C:Q"}, tricks=12),
    ds("W", "N", "6D", form="kotka", fix={"N": "D:AKQJT9 S:AK"}, dbl=KNOCK, tricks=11),
    ds("N", "E", "7M", form="kotka", first="6M", fix={"E": "S:2345 H:2345 D:2345 C:2", "W": "C:3456789 S:6 H:6 D:6"},
       tricks=0),
    ds("E", "S", "6H", form="kotka", fix={"S": "H:AKQJT98 S:AK D:AK"}, tricks=13),
]
S("1944.match.set-both-reach-60",
  description="A whole set in which both sides pass 60 in one alkupeli: E–W reach it first, trick by trick, and alone "
              "win the game; then N–S and E–W win games, E–W a second, and four kotkat follow",
  rules=["match.first-to-reach", "match.stages", "alkupeli.running-count-kept", "match.side-totals"], match=SET2)

SET3 = [
    ds("S", "W", "4S", fix={"W": "S:AKQJT H:AK"}, tricks=10),
    pakko("W", fix={}, seed=21),
    ds("N", "E", "5D", fix={"E": "D:AKQJT9 S:AK"}, dbl=KNOCK, tricks=11),
    ds("E", "N", "5G", fix={"N": "S:AKQ H:AKQ D:AK C:AK"}, tricks=13),
    ds("S", "W", "6M", first="1M", fix={"W": "S:2345 H:2345 D:2345", "E": "C:2345 S:6 H:6 D:6"}, tricks=0),
    ds("W", "S", "6S", form="kotka", fix={"S": "S:AKQJT98 H:AK D:AK"}, dbl=COUNTER, tricks=12),
    ds("N", "W", "7H", form="kotka", first="6H", fix={"W": "H:AKQJT9 S:AK"}, dbl=KNOCK, tricks=11),
    ds("E", "N", "7M", form="kotka", first="6M", fix={"N": "S:2345 H:2345 D:2345 C:2", "S": "C:3456789 S:6 H:6 D:6"},
       tricks=0),
    ds("S", "E", "6G", form="kotka", fix={"E": "S:AKQ H:AKQ D:AKQ C:AK", "W": "C:Q"}, tricks=13),
]
S("1944.match.set-knocks-pakko-misere",
  description="A whole set with a pakkomisääri between alkupelit (running counts kept), a knocked game, a misère that "
              "wins E–W's second game, and kotkat with knocks, counter-knocks and a 7-misère",
  rules=["pakkomisaari.running-count-unchanged", "match.stages", "alkupeli.running-count-kept", "match.side-totals"], match=SET3)

# ============================================================================ match errors
S("1944.match.error-wrong-form-kotka-too-early",
  description="After one game for N–S only, the third deal is a kotka: wrong-deal-form",
  rules=["match.stages"], match=[*SET1[:2], ds("S", "S", "6S", form="kotka", fix={"S": "S:AKQJT98 H:AK D:AK"}, tricks=12)],
  error=(2, None, "wrong-deal-form"),
  remark="N–S have one game and E–W none after deals 0–1: the set still needs alkupelit, but deal 2 is a kotka.")
S("1944.match.error-wrong-form-alkupeli-after-two-games",
  description="After N–S's second game the next deal is an alkupeli instead of a kotka: wrong-deal-form",
  rules=["match.stages"], match=[*SET1[:3], ds("W", "W", "5H", fix={"W": "H:AKQJT9 S:AK"}, tricks=12)],
  error=(3, None, "wrong-deal-form"),
  remark="N–S win their second game in deal 2, so the alkupelit are over; deal 3 must be a kotka.")
S("1944.match.error-wrong-dealer-repeated",
  description="Deal 1 is dealt by N again instead of E (the left of the previous dealer): wrong-dealer",
  rules=["match.dealer-rotation"], match=[*SET1[:1], ds("N", "E", "4S", fix={"E": "S:AKQJT H:AK"}, tricks=10)],
  error=(1, None, "wrong-dealer"), remark="Deal 0 was dealt by N; deal 1 must be dealt by E.")
S("1944.match.error-wrong-dealer-counter-clockwise",
  description="The first kotka is dealt by E instead of W (counter-clockwise): wrong-dealer",
  rules=["match.dealer-rotation"],
  match=[*SET1[:3], ds("E", "N", "6S", form="kotka", fix={"N": "S:AKQJ H:A"}, tricks=9)],
  error=(3, None, "wrong-dealer"), remark="Deal 2 was dealt by S, so deal 3 must be dealt by W.")
S("1944.match.error-overrun-fifth-kotka",
  description="A fifth kotka after the four kotkat: match-overrun",
  rules=["match.stages"], match=[*SET1, ds("W", "W", "6H", form="kotka", fix={"W": "H:AKQJT98 S:AK D:AK"}, tricks=12)],
  error=(7, None, "match-overrun"), remark="Deals 3–6 are the set's four kotkat; the set is over, deal 7 overruns it.")
S("1944.match.error-overrun-after-third-game-set",
  description="The set of deals 0–8 is complete (four kotkat after E–W's second game); a tenth deal overruns it",
  rules=["match.stages"], match=[*SET2, ds("W", "W", "6S", form="kotka", fix={"W": "S:AKQJT98 H:AK D:AK"}, tricks=12)],
  error=(9, None, "match-overrun"), remark="Deals 5–8 are the set's four kotkat; deal 9 (dealer W, the left of E, a "
  "kotka) comes after the end of the set.")
S("1944.match.error-incomplete-during-kotkat",
  description="The record stops after two of the four kotkat: incomplete-record (deal = 5, index null)",
  rules=["match.stages"], match=SET1[:5], error=(5, None, "incomplete-record"),
  remark="Five complete deals are given; the set still needs two kotkat.")
S("1944.match.error-incomplete-during-alkupelit",
  description="The record stops after one alkupeli: incomplete-record (deal = 1, index null)",
  rules=["match.stages"], match=SET1[:1], error=(1, None, "incomplete-record"),
  remark="One complete deal; N–S have one game, nobody has two: the alkupelit go on.")
S("1944.match.error-illegal-action-inside-deal",
  description="Deal 1 of a set has a misère lead by the declarer's left: that deal's not-your-turn with deal = 1",
  rules=["play.lead"],
  match=[*SET1[:1], dict(ds("E", "W", "5M", fix={"W": "S:2345 H:2345 D:2345", "E": "C:2345"}), play=None, after=["N play 2C"], error=(23, "not-your-turn"))],
  error=(1, 23, "not-your-turn"),
  remark="In deal 1 W declares 5M after N passes... the first lead belongs to S (W's right), but N (W's left) leads.")
SCENARIOS[-1]["remark"] = "In deal 1 W declares 5M; the first lead belongs to S (W's right), but N (W's left) leads."
S("1944.match.error-invalid-deal-inside",
  description="Deal 1 of a set has centre position 51: invalid-deal with deal = 1, index null",
  rules=["deal.table-cards-not-last", "match.stages"],
  match=[SET1[0], dict(dealer="E", fix={}, seed=8, deck_positions=[5, 20, 35, 51], pre=[], error=(None, "invalid-deal"))],
  error=(1, None, "invalid-deal"), remark="Deal 1 is given as a deck whose last card would be a table card (issue 34: "
  "the set's own check of a deal inside it, as the 1895 rubber's 1895.match.error-invalid-deal-inside).")

# seats (DESIGN §3, amendment match-seat-names): a set's partnerships are fixed through its alkupelit and kotkat, so
# the seats first given are kept; every seat assignment names four different players, each a non-empty string.
SEATS_ABCD = {"N": "A", "E": "B", "S": "C", "W": "D"}
S("1944.match.set-seats-kept",
  description="The set of S000's kotka example with seats: given at deal 0, omitted in the other alkupelit, repeated "
              "at the first kotka; the same answer as without seats",
  rules=["deal.players", "match.stages", "match.side-totals"],
  match=[dict(SET1[0], seats=SEATS_ABCD), *SET1[1:3], dict(SET1[3], seats=dict(SEATS_ABCD)), *SET1[4:]],
  remark="Seats: A sits N, B E, C S, D W at deal 0 (DESIGN §3, amendment match-seat-names: four different "
         "non-empty names). The two teams are fixed for the whole set (deal.players), kotkat included, so the "
         "later alkupelit may omit the seats and the first kotka (deal 3) repeats them unchanged; the sheets are "
         "per side and do not depend on the names.")
S("1944.match.error-seats-changed-at-kotka",
  description="The first kotka seats B and C in each other's places (new teams): wrong-seating",
  rules=["deal.players", "match.stages"],
  match=[dict(SET1[0], seats=SEATS_ABCD), *SET1[1:3], dict(SET1[3], seats={"N": "A", "E": "C", "S": "B", "W": "D"})],
  error=(3, None, "wrong-seating"),
  remark="Deal 0 seats A–C (N–S) against B–D (E–W). After N–S's second game (deal 2) deal 3 is a kotka, as the set "
         "requires (no wrong-deal-form), dealt by W, the left of S (no wrong-dealer). The kotkat do not begin new "
         "partnerships: the set's teams are fixed (deal.players; DESIGN §3, amendment match-seat-names: seats once "
         "given are kept), and deal 3 makes A–B partners: wrong-seating, deal 3, index null.")
S("1944.match.error-seats-duplicate-name",
  description="Deal 1 seats player B at both E and W: wrong-seating",
  rules=["deal.players", "match.stages"],
  match=[SET1[0], dict(SET1[1], seats={"N": "A", "E": "B", "S": "C", "W": "B"})],
  error=(1, None, "wrong-seating"),
  remark="Deal 0 carries no seats (allowed). Deal 1 is an alkupeli dealt by E, the left of N; its seats put one "
         "player in two seats: four players play (deal.players), and DESIGN §3, amendment match-seat-names, asks for "
         "four different names. Deal 1, index null.")
S("1944.match.error-seats-empty-name",
  description="Deal 0 seats an empty name at S: wrong-seating",
  rules=["deal.players", "match.stages"],
  match=[dict(SET1[0], seats={"N": "A", "E": "B", "S": "", "W": "D"})],
  error=(0, None, "wrong-seating"),
  remark="An empty string names no player (DESIGN §3, amendment match-seat-names: each name a non-empty string). "
         "Deal 0 is the set's first deal, an alkupeli: the seats are the first check that fails. Deal 0, index null.")
S("1944.match.error-seats-missing-seat",
  description="Deal 0 gives seats for N, S and W only (E missing): wrong-seating",
  rules=["deal.players", "match.stages"],
  match=[dict(SET1[0], seats={"N": "A", "S": "C", "W": "D"})],
  error=(0, None, "wrong-seating"),
  remark="A seat assignment names all four seats N E S W (DESIGN §3, amendment match-seat-names); E is missing. "
         "Deal 0, index null.")

# ============================================================================ errors (single deals)
A5 = dict(fix={"N": "H:AKQJT9 S:AK"}, seed=0)


def E(id, description, rules, error, remark="", **kw):
    add(id=id, description=description, rules=rules, error=error, remark=remark, **kw)


base = ds("N", "N", "5H", **A5)
PRE_AUCTION = base["pre"][:9]              # N 1H + 8 passes
E("1944.errors.invalid-deal-table-card-position-51", "Table-card positions [10, 20, 30, 51]: the last card may not be a "
  "table card", ["deal.table-cards-not-last"], (None, "invalid-deal"),
  "Position 51 is the last card of the pack; S000: 'only the last card of the pack may not be a table card'.",
  dealer="N", fix={}, deck_positions=[10, 20, 30, 51], pre=PRE_AUCTION)
def _raw(seed, form, **extra):
    import random
    cards = [r + x for x in "SCDH" for r in "23456789TJQKA"]
    random.Random(seed).shuffle(cards)
    d = {"form": form, "dealer": "N"}
    if extra.pop("deck", False):
        d["deck"] = cards
    else:
        d["hands"] = {x: cards[12 * i:12 * i + 12] for i, x in enumerate("NESW")}
        d["centre"] = cards[48:]
    d.update(extra)
    return d


E("1944.errors.invalid-deal-kotka-with-table-cards", "A kotka given with 12-card hands and four table cards",
  ["kotka.hand-size", "kotka.no-centre-cards"], (None, "invalid-deal"), "Kotka hands must have 13 cards, no table cards.",
  raw_deal=_raw(1, "kotka"), pre=["N bid 6S"])
E("1944.errors.invalid-deal-form-pakkomisaari", "A record dealt as form pakkomisaari (not a dealt form)",
  ["pakkomisaari.when"], (None, "invalid-deal"), "A pakkomisääri only arises from four passes; it cannot be dealt.",
  raw_deal=_raw(2, "pakkomisaari"), pre=["N pass", "E pass", "S pass", "W pass"])
E("1944.errors.invalid-deal-kotka-table-positions", "A kotka deck with four table-card positions",
  ["kotka.no-centre-cards"], (None, "invalid-deal"), "A kotka has no table cards: centre_positions must be absent or [].",
  raw_deal=_raw(3, "kotka", deck=True, centre_positions=[10, 20, 30, 40]), pre=["N bid 6H"])
# deal.state that is not a set position (INTERPRETING §6A.1: "A bad state is invalid-deal")
_ZERO = {"NS": 0, "EW": 0}
E("1944.errors.invalid-deal-state-running-not-mapping", "deal.state with running: 30 (a number, not a count per side)",
  ["match.game-threshold"], (None, "invalid-deal"),
  "`running` must map the sides NS and EW to their counts (INTERPRETING §6A.1: {running: {NS, EW}, games: {NS, EW}}); "
  "a bare 30 says neither side's count and is not read as both: a bad state, invalid-deal.",
  raw_deal=_raw(21, "alkupeli", state={"running": 30, "games": _ZERO}), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-games-not-mapping", "deal.state with games: [1, 0] (a list, not a count per side)",
  ["match.game-bonus"], (None, "invalid-deal"),
  "`games` must map NS and EW to the games won (INTERPRETING §6A.1); a list names no side: invalid-deal.",
  raw_deal=_raw(22, "alkupeli", state={"running": _ZERO, "games": [1, 0]}), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-not-mapping", "deal.state is the number 0, not a mapping",
  ["match.game-threshold"], (None, "invalid-deal"),
  "The state is a mapping {running, games} (INTERPRETING §6A.1); 0 is not one, and is not read as 'zeros': invalid-deal.",
  raw_deal=_raw(23, "alkupeli", state=0), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-running-60", "deal.state with running E–W 60 (running counts are 0..59)",
  ["match.game-threshold"], (None, "invalid-deal"),
  "A running count of 60 would already have won a game and restarted (INTERPRETING §6A.1: each below 60).",
  raw_deal=_raw(24, "alkupeli", state={"running": {"NS": 0, "EW": 60}, "games": _ZERO}), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-running-negative", "deal.state with running N–S −4",
  ["match.game-threshold"], (None, "invalid-deal"),
  "Running counts only grow from 0 (own tricks × level, never negative): a count below 0 is a bad state.",
  raw_deal=_raw(25, "alkupeli", state={"running": {"NS": -4, "EW": 0}, "games": _ZERO}), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-games-text", "deal.state with games N–S \"1\" (text, not a number)",
  ["match.game-bonus"], (None, "invalid-deal"),
  "Games won are whole numbers; the text \"1\" is not read as 1 (as a centre position is never read from text, "
  "INTERPRETING §4.1): invalid-deal.",
  raw_deal=_raw(26, "alkupeli", state={"running": _ZERO, "games": {"NS": "1", "EW": 0}}), pre=["N bid 1S"])
E("1944.errors.invalid-deal-state-running-true", "deal.state with running N–S true (a truth value, not a number)",
  ["match.game-threshold"], (None, "invalid-deal"),
  "A running count is a whole number; true is not one (it is not read as 1): invalid-deal.",
  raw_deal=_raw(27, "alkupeli", state={"running": {"NS": True, "EW": 0}, "games": _ZERO}), pre=["N bid 1S"])
E("1944.errors.malformed-bid-level-8", "N bid 8H: unparseable bid", ["auction.bid-levels"], (0, "malformed-action"),
  dealer="N", fix=A5["fix"], seed=0, pre=["N bid 8H"])
E("1944.errors.malformed-unknown-card-in-play", "E play 1S: unknown card", ["play.follow-suit"],
  (21, "malformed-action"), **dict(base, play=None, after=["E play 1S"]))
E("1944.errors.not-your-turn-first-call", "E bids before the dealer N", ["auction.first-speaker"], (0, "not-your-turn"),
  dealer="N", fix=A5["fix"], seed=0, pre=["E bid 1S"])
E("1944.errors.not-your-turn-defender-in-second-auction", "E (a defender) bids in the second auction",
  ["auction2.main-pair-only"], (13, "not-your-turn"), **dict(base, pre=[*base["pre"][:13], "E bid 5S"]))
E("1944.errors.not-your-turn-misere-lead-from-left",
  "4M by N: E (N's left) leads although the declarer's right (W) leads in a misère", ["play.lead"],
  (21, "not-your-turn"), **dict(ds("N", "N", "4M", fix={"N": "S:2345 H:2345 D:23"}, seed=0), play=None,
                                after=["E play 2C"]))
SCENARIOS[-1]["after"] = []
SCENARIOS[-1]["bad"] = lambda st: f"E play {sorted(st.hands['E'])[0]}"
E("1944.errors.not-your-turn-after-last-trick", "An action after the 52nd card: no seat is to act",
  ["play.trick-winner"], (73, "not-your-turn"), **dict(base, after=["N play 2S"]))
SCENARIOS[-1]["after"] = []
SCENARIOS[-1]["bad"] = "N play AH"
E("1944.errors.wrong-phase-pass-in-kitty", "N passes instead of giving four cards in the kitty", ["kitty.give-partner"],
  (9, "wrong-phase"), **dict(base, pre=[*PRE_AUCTION, "N pass"]))
E("1944.errors.choose-in-kitty", "The kitty taker N writes 'choose pakettiskruuvi' instead of giving four cards",
  ["kitty.give-partner"], (9, "wrong-phase"),
  "N bids 1H and eight passes follow: N takes the table cards and must give his partner S four cards. 'N choose "
  "pakettiskruuvi' is well formed (the verb `choose` with one lowercase option word, DESIGN §3) and N is the seat to "
  "act, but the 1944 ruleset offers no named choice at its kitty or anywhere else: wrong-phase (DESIGN §4 group 4), "
  "not malformed-action.", **dict(base, pre=[*PRE_AUCTION, "N choose pakettiskruuvi"]))
E("1944.errors.choose-in-first-auction", "E, to bid after N's 1H, writes 'choose pakettiskruuvi'", ["auction.bidders"],
  (1, "wrong-phase"),
  "N opens 1H; E is the seat to call. 'E choose pakettiskruuvi' parses (a well-formed `choose`), E is to act, but "
  "in the first auction only `bid` and `pass` have a meaning and 1944 offers nothing to choose: wrong-phase.",
  dealer="N", fix=A5["fix"], seed=0, pre=["N bid 1H", "E choose pakettiskruuvi"])
E("1944.errors.wrong-phase-pass-in-kotka-exchange", "In a kotka the partner passes instead of giving four cards back",
  ["kotka.exchange"], (10, "wrong-phase"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = [*SCENARIOS[-1]["pre"][:10], "S pass"]
E("1944.errors.wrong-phase-knock-in-pakkomisaari", "Pakkomisääri: after the exchange the forehand knocks instead of "
  "leading (no knocks in a pakkomisääri)", ["pakkomisaari.lead"], (8, "wrong-phase"),
  **dict(pakko("N", fix={}, seed=1), play=None, after=["E double"]))
E("1944.errors.wrong-phase-knock-during-pakko-exchange", "Pakkomisääri: the dealer's partner knocks when he must give "
  "the dealer a card", ["pakkomisaari.exchange"], (5, "wrong-phase"),
  **dict(pakko("W", fix={}, seed=2), pre=fa("W", P4)))
SCENARIOS[-1]["pre"] = fa("W", P4) + px("W")[:1] + ["E double"]
E("1944.errors.wrong-phase-play-in-auction", "S plays a card during the first auction", ["auction.first-speaker"],
  (2, "wrong-phase"), dealer="N", fix=A5["fix"], seed=0, pre=["N bid 1H", "E pass", "S play 2C"])
SCENARIOS[-1]["pre"] = ["N bid 1H", "E pass"]
SCENARIOS[-1]["bad"] = lambda st: f"S play {sorted(st.hands['S'])[0]}"
E("1944.errors.bid-not-higher-misere-lowest-alkupeli", "Alkupeli: after 1H, 1M is lower (misère is the lowest strain)",
  ["alkupeli.strain-order"], (1, "bid-not-higher"), dealer="N", fix=A5["fix"], seed=0, pre=["N bid 1H", "E bid 1M"])
E("1944.errors.bid-not-higher-hearts-under-misere-kotka", "Kotka: after 6M, 6H is lower (misère ranks above hearts)",
  ["kotka.strain-order"], (1, "bid-not-higher"), dealer="N", form="kotka", fix={}, seed=0,
  pre=["N bid 6M", "E bid 6H"])
E("1944.errors.bid-not-higher-second-auction", "Second auction: N repeats the first-auction contract 1H",
  ["auction.higher-bid"], (13, "bid-not-higher"), **dict(base, pre=[*base["pre"][:13], "N bid 1H"]))
E("1944.errors.bid-below-minimum-kotka-opening", "Kotka: the dealer opens 5S (below level 6)", ["kotka.min-level"],
  (0, "bid-below-minimum"), dealer="E", form="kotka", fix={}, seed=0, pre=["E bid 5S"])
E("1944.errors.bid-below-minimum-kotka-after-6", "Kotka: after 6S, W bids 1G (below 6, and not higher either)",
  ["kotka.min-level"], (2, "bid-below-minimum"), dealer="S", form="kotka", fix={}, seed=0,
  pre=["S bid 6S", "W pass", "N bid 1G"])
E("1944.errors.bid-below-minimum-kotka-second-auction", "Kotka second auction: N bids 5G (below 6)",
  ["kotka.second-auction-min-level"], (11, "bid-below-minimum"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = [*SCENARIOS[-1]["pre"][:11], "N bid 5G"]
E("1944.errors.final-contract-too-low-at-3", "Second auction stops at 3H (below the minimum level 4)",
  ["auction2.final-min-level"], (17, "final-contract-too-low"),
  **dict(base, pre=[*base["pre"][:13], "N bid 3H", "S pass", "N pass", "S pass", "N pass"]))
E("1944.errors.final-contract-too-low-no-raise", "Second auction: four passes over the first-auction 1H",
  ["auction2.final-min-level"], (16, "final-contract-too-low"), **dict(base, pre=base["pre"][:13] + sa("N", P4)))
E("1944.errors.card-not-held-kitty", "N gives S a card he does not hold", ["kitty.give-partner"], (9, "card-not-held"),
  **dict(base, pre=PRE_AUCTION))
SCENARIOS[-1]["bad"] = lambda st: "N give S " + " ".join(sorted(st.hands["E"])[:4])
E("1944.errors.card-not-held-kotka-exchange", "Kotka: S gives N back four cards, one of which he does not hold",
  ["kotka.exchange"], (10, "card-not-held"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:10]
SCENARIOS[-1]["bad"] = lambda st: "S give N " + " ".join([*sorted(st.hands["S"])[:3], "AS"])
E("1944.errors.card-not-held-play", "The leader plays a card of another hand", ["play.lead"], (21, "card-not-held"),
  **dict(base, play=None))
SCENARIOS[-1]["bad"] = "E play AH"
def revoke(st):
    """The seat to act plays a card of another suit although he holds the suit led."""
    s = st.to_act()
    led = st.cur[0][1][1]
    if not any(c[1] == led for c in st.hands[s]) or all(c[1] == led for c in st.hands[s]):
        raise Reject("no revoke possible here")
    return f"{s} play {sorted(c for c in st.hands[s] if c[1] != led)[0]}"


E("1944.errors.must-follow-suit-trump", "5H by N: the second hand to the first trick discards while holding the suit led",
  ["play.follow-suit"], (22, "must-follow-suit"), **dict(base, cut=22, bad=revoke))
E("1944.errors.must-follow-suit-misere", "4M by N: in the second trick a player discards while holding the suit led",
  ["play.follow-suit"], (26, "must-follow-suit"),
  **dict(ds("N", "N", "4M", fix={"N": "S:2345 H:2345 D:23"}, seed=0), cut=26, bad=revoke))
E("1944.errors.give-wrong-count-kitty", "N gives S three cards instead of four", ["kitty.give-partner"],
  (9, "give-wrong-count"), **dict(base, pre=PRE_AUCTION))
SCENARIOS[-1]["bad"] = lambda st: "N give S " + " ".join(sorted(c for c in st.hands["N"] if c[1] != "H")[:3])
E("1944.errors.give-wrong-count-pakko-exchange", "Pakkomisääri: the forehand gives his partner two cards",
  ["pakkomisaari.exchange"], (4, "give-wrong-count"), **dict(pakko("N", fix={}, seed=1), pre=fa("N", P4)))
SCENARIOS[-1]["bad"] = lambda st: "E give W " + " ".join(sorted(st.hands["E"])[:2])
E("1944.errors.give-wrong-recipient-kitty-order", "The kitty partner S gives his first card to N instead of W",
  ["kitty.partner-order"], (10, "give-wrong-recipient"), **dict(base, pre=base["pre"][:10]))
SCENARIOS[-1]["bad"] = lambda st: f"S give N {sorted(st.hands['S'])[0]}"
E("1944.errors.give-wrong-recipient-kotka", "Kotka: the partner gives his four cards to a defender",
  ["kotka.exchange"], (10, "give-wrong-recipient"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:10]
SCENARIOS[-1]["bad"] = lambda st: "S give E " + " ".join(sorted(st.hands["S"])[:4])
E("1944.errors.exchange-forbidden-kotka", "Kotka: E (declarer's left) offers a defenders' exchange: forbidden",
  ["defenders-exchange.banned-after-high-first-bid"], (15, "exchange-forbidden"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:15]
SCENARIOS[-1]["bad"] = lambda st: f"E give W {sorted(st.hands['E'])[0]}"
E("1944.errors.exchange-forbidden-first-bid-6", "Alkupeli, S opened 6C: W (declarer's left) gives E a card: forbidden",
  ["defenders-exchange.banned-after-high-first-bid"], (None, "exchange-forbidden"),
  **dict(ds("E", "S", "6C", first="6C", fix={"S": "C:AKQJT9 H:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:18]
SCENARIOS[-1]["error"] = (18, "exchange-forbidden")
SCENARIOS[-1]["bad"] = lambda st: f"W give E {sorted(st.hands['W'])[0]}"
E("1944.errors.return-same-card", "Defenders' exchange: W returns to E the card E has just given him",
  ["defenders-exchange.different-card"], (19, "return-same-card"), **dict(base, pre=base["pre"][:18] + dx_give()[:1],
                                                                bad=lambda st: f"W give E {st.received}"))
E("1944.errors.return-same-card-declarer-E", "Declarer E: S gives N a card and N returns the same card",
  ["defenders-exchange.different-card"], (19, "return-same-card"),
  **dict(ds("E", "E", "5S", fix={"E": "S:AKQJT9 H:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:18] + dx_give()[:1]
SCENARIOS[-1]["bad"] = lambda st: f"N give S {st.received}"
E("1944.errors.double-not-allowed-after-knock", "After E's knock, S (to counter-knock or pass) knocks again",
  ["doubling.redouble-order"], (20, "double-not-allowed"), **dict(base, pre=[*base["pre"][:19], "E double", "S double"]))
E("1944.errors.double-not-allowed-second-redoubler", "After W's knock, N passes and S knocks",
  ["doubling.redouble-order"], (22, "double-not-allowed"),
  **dict(base, pre=[*base["pre"][:19], "E pass", "W double", "N pass", "S double"]))
E("1944.errors.redouble-not-allowed-no-knock", "E counter-knocks as the first call of the knock phase",
  ["doubling.defenders-order"], (19, "redouble-not-allowed"), **dict(base, pre=[*base["pre"][:19], "E redouble"]))
E("1944.errors.redouble-not-allowed-second-defender", "E passes, W counter-knocks with no knock standing",
  ["doubling.defenders-order"], (20, "redouble-not-allowed"), **dict(base, pre=[*base["pre"][:19], "E pass", "W redouble"]))
E("1944.errors.incomplete-record-mid-play", "The record stops after 30 cards of play", ["play.trick-winner"],
  (51, "incomplete-record"), **dict(base, cut=51))
E("1944.errors.incomplete-record-kotka-after-auction", "A kotka record stops after the first auction",
  ["kotka.exchange"], (9, "incomplete-record"),
  **dict(ds("N", "N", "6S", form="kotka", fix={"N": "S:AKQJT98 H:AK D:AK"}, seed=0)))
SCENARIOS[-1]["pre"] = SCENARIOS[-1]["pre"][:9]

# ============================================================================ boundary cases (mutation testing)
# Each case below pins a ruleset value that no earlier case fixed: perturbing the value named in its remark
# changes the expected answer (or turns a legal action into an error).
S("1944.kotka.second-auction-raise-at-level-6",
  description="Kotka: N opens 6S; in the second auction N raises to 6H (a level-6 bid, higher by strain) and makes it",
  rules=["kotka.second-auction-min-level", "kotka.final-min-level", "kotka.strain-order", "auction.higher-bid"],
  **ds("W", "N", "6H", form="kotka", first="6S", fix={"N": "H:AKQJT98 S:AK D:AK"}, tricks=12),
  remark="Pins kotka.second-auction-min-level = 6: the second-auction bid 6H is at level 6 and legal (with a minimum "
         "of 7 it would be bid-below-minimum); it raises 6S by strain only (♠ < ♥ in a kotka).")
S("1944.defenders-exchange.allowed-first-bid-5",
  description="E opens 5S (the main pair's first bid is at level 5): the defenders may exchange, and S gives N a card "
              "and N returns another; E makes 5S",
  rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card",
         "defenders-exchange.different-card"],
  **ds("N", "E", "5S", first="5S", fix={"E": "S:AKQJT9 H:AK"}, dx=dx_give(), tricks=11),
  remark="Pins defenders-exchange.banned-after-high-first-bid = 6: a first bid at level 5 does not ban the exchange "
         "(with a ban from level 5, S's give would be exchange-forbidden).")
S("1944.knocks.made-knocked-winner-crown-multiplied",
  description="5S by S knocked by W and made; S holds three aces: N–S's crown 200 is multiplied with the rest, ×2",
  rules=["score.ace-crowns", "score.ace-crown-value", "score.knocks-winner-only", "score.multipliers"],
  **ds("S", "S", "5S", fix={"S": "S:AKJT98 H:A D:A"}, dbl=KNOCK, tricks=11,
       check=lambda st, res: sum(1 for c in st.play_start_hands["S"] if c[0] == "A") == 3),
  remark="Pins the knock multiplication of score.ace-crowns (multiplied: winner): the winner's crown of three aces "
         "counts 200 × 2 = 400.")
S("1944.knocks.counter-knocked-defenders-crown-multiplied",
  description="5H by N knocked by E and counter-knocked by S, one down; E's crown of three aces (the winner's) ×4, "
              "N's trump sequence (the loser's) not multiplied",
  rules=["score.ace-crowns", "score.ace-crown-value", "score.knocks-winner-only", "score.multipliers",
         "score.sequences"],
  **ds("N", "N", "5H", fix={"N": "H:AKQJT9 S:KQ", "E": "S:A D:A C:A"}, dbl=COUNTER, tricks=10,
       check=lambda st, res: sum(1 for c in st.play_start_hands["E"] if c[0] == "A") == 3),
  remark="Pins the winner-only multiplication of score.ace-crowns: the defenders defeat the contract, so E's crown "
         "of three aces counts 200 × 4 = 800.")
S("1944.honours.trump-main-exactly-seven-keeps",
  description="4H by S takes exactly 7 tricks (three down): 7 is not fewer than 7, so N–S keep their 7 honours "
              "(10 × 4 × 7) and E–W score none",
  rules=["score.honours", "score.honour-count", "score.honour-unit"],
  **ds("S", "S", "4H", fix={"S": "H:AKQJT S:A", "E": "D:AKQJ", "W": "C:AKQJ"}, tricks=7),
  remark="Pins the 7-trick boundary of score.honours: the main pair fails with exactly 7 tricks and still scores its "
         "majority of honours; its honours would be cancelled only below 7.")
S("1944.honours.grandi-main-exactly-seven-keeps",
  description="5G by W takes exactly 7 tricks (four down), aces 2–2: E–W keep their 5 honours (10 × 5 × 5); N–S "
              "score none",
  rules=["score.honours", "score.honour-count", "score.honour-unit"],
  **ds("W", "W", "5G", fix={"W": "S:A H:A", "N": "D:AKQJ", "S": "C:AKQJ"}, tricks=7),
  remark="Pins the 7-trick boundary of score.honours in grandi (compare 1944.honours.grandi-two-two-cancelled, the "
         "same design with 6 tricks).")
S("1944.honours.trump-main-exactly-six-cancelled",
  description="5S by N takes exactly 6 tricks: N–S's honours are cancelled and E–W score their own 2 (10 × 5 × 2)",
  rules=["score.honours", "score.honour-count", "score.honour-unit"],
  **ds("N", "N", "5S", fix={"N": "S:AKQJT H:A", "E": "D:AKQJ", "W": "C:AKQJ"}, tricks=6),
  remark="The other side of the 7-trick boundary of score.honours: 6 tricks cancel the main pair's majority.")
S("1944.misere.knocked-aces-winner-only",
  description="5M by N knocked by E and made: N–S's misère ace points ×2, E–W's own misère ace points not multiplied",
  rules=["score.misere-aces", "score.misere-ace-unit", "score.knocks-winner-only", "score.multipliers"],
  **ds("N", "N", "5M", fix={"N": "S:2345 H:2345 D:A", "S": "C:2345 S:A"}, dbl=KNOCK, tricks=2,
       check=lambda st, res: all(res["score"][x]["above"] > 0 for x in ("NS", "EW"))),
  remark="Pins the knock multiplication of score.misere-aces (multiplied: winner): the winner's ace points are "
         "doubled, the loser's are written as they are.")
SCENARIOS[-1]["target"] = lambda st: (st.won["NS"] == 2 and any(
    any(c[0] == "A" for _, c in t[1]) for t in st.tricks if t[2] in "NS"))
S("1944.games.running-ends-at-59-no-game",
  description="Running NS 19, EW 10: 4S by N made with 10 tricks brings NS to exactly 59: no game, counts carry over",
  rules=["match.game-threshold", "alkupeli.running-count-kept"],
  state={"running": {"NS": 19, "EW": 10}, "games": {"NS": 0, "EW": 0}},
  **ds("E", "N", "4S", fix={"N": "S:AKQJT H:AK"}, tricks=10),
  remark="Pins match.game-threshold = 60 from below: a running count of exactly 59 wins no game.")
S("1944.games.running-ends-at-60-game",
  description="Running NS 20, EW 10: 4S by N made with 10 tricks brings NS to exactly 60: first game, 200",
  rules=["match.game-threshold", "match.game-bonus"],
  state={"running": {"NS": 20, "EW": 10}, "games": {"NS": 0, "EW": 0}},
  **ds("E", "N", "4S", fix={"N": "S:AKQJT H:AK"}, tricks=10),
  remark="Pins match.game-threshold = 60 from above: a running count of exactly 60 wins the game.")

SET4_ALK = [
    ds("N", "E", "5H", fix={"E": "H:AKQJT9 S:AK D:AK"}, tricks=13),
    ds("E", "S", "4S", fix={"S": "S:AKQJT H:AK"}, tricks=10),
    ds("S", "W", "5S", fix={"W": "S:AKQJT9 D:AK C:A"}, tricks=12),
]


def set4(t0, t1, t2, t3):
    """E–W win two games in three alkupelit; then four kotkat whose trick counts were chosen (by trying the values
    around each design) so that the final difference ends in 50."""
    return [*SET4_ALK,
            ds("W", "N", "7S", form="kotka", first="6S", fix={"N": "S:AKQJT H:A"}, tricks=t0),
            ds("N", "W", "7H", form="kotka", first="6H", fix={"W": "H:AKQJT98 S:AK D:AK"}, tricks=t1),
            ds("E", "S", "6D", form="kotka", fix={"S": "D:AKQJT9 C:AK"}, tricks=t2),
            ds("S", "E", "6G", form="kotka", fix={"E": "S:AKQ H:AKQ D:AKQ C:AK", "W": "C:Q"}, tricks=t3)]


S("1944.match.set-final-half-away-negative",
  description="A whole set ending with difference −9450: book −94.5 rounded half away from zero = −95 (odd)",
  rules=["match.final-rounding", "match.final-accounting", "match.stages", "match.game-bonus"],
  match=set4(8, 10, 10, 10), check=lambda out: out[2]["difference"] == -9450 and out[2]["book"] == -95,
  remark="Pins match.final-rounding = 1 with halves away from zero: −9450 / 100 = −94.5 → −95 (rounding to 2 would "
         "give an even book; rounding halves up or to even would give −94).")
S("1944.match.set-final-half-away-positive",
  description="A whole set ending with difference +1650: book 16.5 rounded half away from zero = 17 (odd)",
  rules=["match.final-rounding", "match.final-accounting", "match.stages", "match.game-bonus"],
  match=set4(13, 11, 11, 9), check=lambda out: out[2]["difference"] == 1650 and out[2]["book"] == 17,
  remark="Pins match.final-rounding = 1 with halves away from zero: 1650 / 100 = 16.5 → 17 (rounding to 2 would give "
         "an even book; rounding halves to even or down would give 16).")

# ============================================================================ issue 17: suite gaps an outside engine showed
# (1) The attacking side's first bid (S000's exchange section) against the auction's first bid: the eventual
# defenders open low, the attacking side's first bid is at six or seven.
S("1944.defenders-exchange.banned-main-pair-6-after-defenders-opened-1",
  description="N (a defender) opens 1S, E bids 6H: the attacking side E–W's first bid is 6H, so no defenders' "
              "exchange although the auction's first bid was at level 1",
  rules=["defenders-exchange.banned-after-high-first-bid", "doubling.defenders-order"],
  dealer="N", form="alkupeli", fix={"E": "H:AKQJT9 S:AK", "W": "H:8"},
  pre=fa("N", ["1S", "6H", *P8]) + kitty("H") + sa("E", P4) + NODBL,
  remark="N opens 1S, E bids 6H, then eight passes: E–W are the attacking side. The auction's first bid was N's 1S "
         "(level 1), but S000 bans the exchange by the attacking side's first bid, E's 6H (level 6): N–S may not "
         "exchange, and after the second auction (four passes) the knocks follow at once, S (E's left) first.")
S("1944.errors.exchange-forbidden-defenders-opened-low",
  description="N opens 1S, E bids 7H: the attacking side's first bid is 7H; S (declarer E's left) tries to exchange",
  rules=["defenders-exchange.banned-after-high-first-bid"],
  dealer="N", form="alkupeli", fix={"E": "H:AKQJT9 S:AK D:AK", "W": "H:8"},
  pre=fa("N", ["1S", "7H", *P8]) + kitty("H") + sa("E", P4),
  bad=lambda st: f"S give N {sort_low(st.hands['S'])[0]}", error=(18, "exchange-forbidden"),
  remark="N's 1S is the auction's first bid (level 1); E–W's first bid is E's 7H. Actions 0–9 are the first auction, "
         "10–13 the table cards, 14–17 the second auction (four passes, 7H by E). S's give at action 18 is "
         "exchange-forbidden; an engine judging by the auction's first bid would accept it.")
# (2) The knock order when the declarer is the partner of the first auction's highest bidder.
S("1944.knocks.partner-declarer-second-defender-knocks",
  description="N takes the table cards after 1H, S bids 5H in the second auction and is declarer: W passes, E knocks",
  rules=["doubling.defenders-order", "doubling.redouble-order", "auction2.declarer", "score.multipliers"],
  dealer="N", form="alkupeli", fix={"N": "H:AKQJ S:AK", "S": "H:T98 D:AK"},
  pre=fa("N", ["1H", *P8]) + kitty("H") + sa("N", ["p", "5H", *P4]) + dx_pass()
  + [r("L", "pass"), r("R", "double"), r("D", "pass"), r("P", "pass")],
  remark="N opens 1H and eight passes follow: N takes the table cards. In the second auction N (who speaks first) "
         "passes and S bids 5H, then four passes: S made the final bid and is declarer, N is his partner. W (S's "
         "left) passes the defenders' exchange. The knocks follow the declarer: W passes, then E (S's right, not "
         "N) knocks; the counter-knock is offered to S (E's left), then N; both pass.")
S("1944.errors.knock-partner-declarer-taker-not-second",
  description="S declarer after N took the table cards: W passes the knock, then N (declarer's partner) knocks: "
              "not-your-turn, E is to act",
  rules=["doubling.defenders-order"],
  dealer="N", form="alkupeli", fix={"N": "H:AKQJ S:AK", "S": "H:T98 D:AK"},
  pre=fa("N", ["1H", *P8]) + kitty("H") + sa("N", ["p", "5H", *P4]) + dx_pass() + [r("L", "pass")],
  bad="N double", error=(21, "not-your-turn"),
  remark="Actions 0–8 the first auction (N 1H, eight passes), 9–12 the table cards, 13–18 the second auction "
         "(N pass, S 5H, four passes): S is declarer. W (S's left) passes the exchange (19) and the knock (20). The "
         "second knock turn is E's: N, the declarer's own partner, knocking at action 21 is not-your-turn.")
# (3) S000's worked and illustrative examples as single-deal cases.
S("1944.kotka.source-example-6S-nine-tricks", example=True,
  ref=REF + "Viivan alle, kotka example (6 pataa, 9 tikkiä, 54 pistettä, silti pisteenlasku aloitetaan nollasta)",
  description="S000's kotka example: team A (N–S) bids 6♠ in a kotka and takes only 9 tricks: 9 × 6 = 54 below, "
              "and the count still starts again from zero",
  rules=["kotka.running-count-reset", "score.below-tricks", "kotka.min-level"],
  **ds("W", "N", "6S", form="kotka", fix={"N": "S:AKQJ H:A"}, tricks=9),
  remark="Realisation: team A is N–S (declarer N). The kotka contract 6♠ needs 12 tricks; N–S take 9: 9 × 6 = 54 "
         "below the line, short of 60, so no game. S000 adds that the count nevertheless restarts from zero after "
         "the kotka; a single deal cannot show the next count, so the whole set 1944.match.set-third-game-in-kotka "
         "shows it (the next kotka's points do not add to these 54).")
S("1944.auction.source-example-2H-then-2G", example=True,
  ref=REF + "Maiden arvojärjestys, esimerkki (jos 2 herttaa on tarjottu, voi joku tarjota 'kaksi grandia')",
  description="S000's bidding example: after 2♥ a player may bid 2 grandi (same level, higher strain)",
  rules=["auction.higher-bid", "alkupeli.strain-order", "auction.bid-levels"],
  dealer="N", form="alkupeli", fix={"E": "S:AK H:AK D:AK C:AK"},
  pre=fa("N", ["2H", "2G", *P8]) + kitty("G") + sa("E", ["4G", *P4]) + dx_pass() + NODBL,
  remark="N opens 2♥ and E bids 2 grandi: the same number of tricks in a higher-ranking strain, which S000 gives as "
         "its example of the bidding order (grandi ranks above hearts). Eight passes follow; E–W are the attacking "
         "side, E raises to 4 grandi in the second auction (the lowest playable level is 4), and the deal is "
         "played out.")
S("1944.match.set-final-not-rounded-to-five",
  ref=REF + "Lopulliset pisteet (tulos jaetaan sadalla; lopullisen tuloksen voi pyöristää viiden tarkkuudelle)",
  description="S000's final accounting: difference −3780 / 100 = −37.8, entered as −38; rounding to the nearest five, "
              "which S000 allows, would give −40 (the alternative reading of match.final-rounding)",
  rules=["match.final-rounding", "match.final-accounting", "match.stages", "match.game-bonus"],
  match=set4(12, 10, 11, 9), check=lambda out: out[2]["difference"] == -3780 and out[2]["book"] == -38,
  remark="S000 divides the difference by 100 for the main book and adds that the result may be rounded to the nearest "
         "five. This set ends at −3780: the default (whole units) books −38; under the alternative reading "
         "(skruuvi replay --reading match.final-rounding=5) the same record books −40. The kotka trick counts were "
         "chosen so that the two readings part.")

# ============================================================================ issue 20: code-mutation gaps
# A defenders' opening at level 5, below every ban (6): the first auction's bids of both sides are at 5, so the
# main pair exchanges the table cards and the defenders exchange (an engine banning from 5 is told apart).
S("1944.defenders-exchange.allowed-defender-opened-5",
  description="N (a defender) opens 5S, E bids 5H and E–W take the table cards: no first bid at 6 or more, so the "
              "defenders exchange",
  rules=["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid",
         "defenders-exchange.one-card", "defenders-exchange.different-card", "kitty.main-pair-exchange-allowed"],
  dealer="N", form="alkupeli", fix={"E": "H:AKQJT9 S:AK", "W": "H:8"},
  pre=fa("N", ["5S", "5H", *P8]) + kitty("H") + sa("E", P4) + dx_give() + NODBL,
  remark="N opens 5S and E bids 5H, then eight passes: E–W are the attacking side, their first bid E's 5H (level "
         "5), and the defenders' first bid N's 5S (level 5). No first bid is at 6 or 7, so the main pair takes and "
         "exchanges the table cards and the defenders may exchange: S (declarer E's left) gives N one card and N "
         "returns a different one.")
