"""Write the legal-set and perft cases (conformance/cases/<era>/legal/), from justified cases of the suite.

Standard library + PyYAML; it never runs the interpreter. Each case takes an existing hand-derived case (its
deal, the derivation of its hands and a prefix of its actions, sometimes with a few actions of our own
appended) and asks what the seat to act may do there. The answer is derived here by the rule that applies
at that position, stated in words in the case's justification after the base case's derivation:

* the hands at the position are followed card by card from the deal (:func:`hands_after`: a give moves its
  cards, a play removes its card, the centre cards go where the base derivation says);
* the set is then written out by the rule (:func:`bids_above`, :func:`gives`, :func:`follow`), each action
  in canonical spelling (DESIGN §3: a give's cards in pack order, suits S C D H, ranks 2 to A).

Perft cases count the action sequences of a depth from a position: by a formula over the same rules (the
kitty gives), by the small auction model below (:func:`auction_lines`: bids higher than the highest in the
form's strain order, passes, the final minimum), or by the small trick-play model below (:func:`play_lines`:
follow suit, highest trump else highest of the suit led wins, the winner leads), written here on their own,
apart from the interpreter. The reference must agree (tests/suite/test_legal_suite.py). A set of more than
:data:`LARGE` actions and every perft count are justified by two implementations as well (kind
``two-implementations``, the hand derivation kept in the note): the oracle answers them too.

    python3 author_legal.py          (writes the files)
    python3 author_legal.py --check  (exit 1 when a file differs from what this script writes)
"""
import os
import sys
from itertools import combinations
from math import comb

from case_files import load_yaml, to_yaml, write_or_check

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.normpath(os.path.join(HERE, "..", "cases"))
SEATS = "NESW"
SUITS = "SCDH"
RANKS = "23456789TJQKA"


def pack_key(card):
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def left(seat, k=1):
    return SEATS[(SEATS.index(seat) + k) % 4]


def load(path):
    with open(os.path.join(CASES, path), encoding="utf-8") as f:
        return load_yaml(f)


def hands_after(base, actions, centre=None):
    """The hands after ``actions`` from the base deal. ``centre``: ``("take", index, seat)`` (the seat takes
    the centre cards before action ``index``) or ``("deal", index, seat)`` (dealt one each from that seat on,
    clockwise, before action ``index``)."""
    hands = {seat: list(cards) for seat, cards in base["deal"]["hands"].items()}

    def centre_now():
        kind, _, seat = centre
        for k, card in enumerate(base["deal"]["centre"]):
            hands[left(seat, k) if kind == "deal" else seat].append(card)

    for i, action in enumerate(actions):
        if centre is not None and centre[1] == i:
            centre_now()
        words = action.split(" ")
        seat, verb = words[0], words[1]
        if verb == "give":
            for card in words[3:]:
                hands[seat].remove(card)
                hands[words[2]].append(card)
        elif verb == "play":
            hands[seat].remove(words[2])
    if centre is not None and centre[1] == len(actions):
        centre_now()
    return {seat: sorted(cards, key=pack_key) for seat, cards in hands.items()}


def show(cards):
    """A hand by suit for the notes: ``S 4 9 | C 2 | D - | H K A``."""
    return " | ".join(f"{s} {' '.join(c[0] for c in cards if c[1] == s) or '-'}" for s in SUITS)


def bids_above(seat, highest, order, min_level=1):
    """Every bid higher than ``highest`` (None: any) in the form's strain order, from ``min_level`` on."""
    out = []
    for level in range(min_level, 8):
        for strain in order:
            if highest is None or (level, order.index(strain)) > (int(highest[0]), order.index(highest[1])):
                out.append(f"{seat} bid {level}{strain}")
    return out


def gives(seat, cards, to, count, but=None):
    """Every give of ``count`` of ``cards`` (not ``but``) to each seat of ``to``, canonical."""
    held = sorted((c for c in cards if c != but), key=pack_key)
    return [f"{seat} give {t} {' '.join(combo)}" for t in to for combo in combinations(held, count)]


def follow(seat, cards, led):
    suit = [c for c in cards if c[1] == led] if led else []
    return [f"{seat} play {c}" for c in (suit or cards)]


def winner(trick, trump):
    """The index in ``trick`` of the winning card: the highest trump, else the highest of the suit led."""
    def strength(card):
        return (2 if card[1] == trump else 1 if card[1] == trick[0][1] else 0, RANKS.index(card[0]))
    return max(range(4), key=lambda k: strength(trick[k]))


def play_lines(hands, leader, trump, depth, current=()):
    """Sequences of ``depth`` plays from a trick's start (or within one: ``current`` the cards so far, led by
    ``leader``): follow suit if able; the highest trump, else the highest card of the suit led, wins and
    leads next. A deal that ends before ``depth`` plays counts nothing."""
    if depth == 0:
        return 1
    seat = left(leader, len(current))
    if not hands[seat]:
        return 0
    led = current[0][1] if current else None
    total = 0
    for action in follow(seat, hands[seat], led):
        card = action.split(" ")[2]
        rest = {**hands, seat: [c for c in hands[seat] if c != card]}
        trick = (*current, card)
        if len(trick) < 4:
            total += play_lines(rest, leader, trump, depth - 1, trick)
        else:
            total += play_lines(rest, left(leader, winner(trick, trump)), trump, depth - 1, ())
    return total


def auction_lines(highest, passes, order, depth, end_after, final_min):
    """Sequences of ``depth`` calls in a two-seat auction (each calls in turn) that stay in it: a bid higher
    than ``highest``, or a pass; the pass that would end the auction below ``final_min`` is refused; a pass
    that ends it ends the line (counted only when ``depth`` calls are made by then)."""
    if depth == 0:
        return 1
    total = 0
    ending = passes + 1 >= end_after
    if not (ending and int(highest[0]) < final_min):
        total += 1 if depth == 1 else (0 if ending else auction_lines(highest, passes + 1, order, depth - 1,
                                                                       end_after, final_min))
    for bid in bids_above("X", highest, order):
        total += auction_lines(bid.split(" ")[2], 0, order, depth - 1, end_after, final_min)
    return total


# ------------------------------------------------------------------------------------------------ the cases
# Each spec: era, name, base case, prefix (n: the base's first n actions; or (n, [actions appended])),
# readings, description, rules, centre (see hands_after), derive(hands, actions) -> (expect, step).

A16 = "2016/defenders-exchange/allowed-defender-bid-6-first.yaml"  # dealer N; N 5H E 6S S 6H; S takes the kitty
B16 = "2016/second-auction/partner-raises-declarer-partner.yaml"  # N 2H; N takes; second auction N first
C16 = "2016/defenders-exchange/banned-first-bid-6.yaml"  # N 6H first bid: exchange banned
D16 = "2016/doubling/redouble-by-doublers-left.yaml"  # N 1H, then 5H; E doubles, S redoubles
E16 = "2016/bolsevikki/made-W-third-caller.yaml"  # dealer E; W calls 7M; W takes the centre
F16 = "2016/passimisaari/basic-dealer-N.yaml"  # four passes; forehand E
G16 = "2016/kotka/made-6H-overtrick.yaml"  # kotka, dealer N, N 6H
A44 = "1944/defenders-exchange/allowed-defender-opened-6.yaml"  # N 1S, E 6H, N 6G; N takes the kitty
B44 = "1944/second-auction/final-at-level-4.yaml"  # N 1D; second auction N first
G44 = "1944/kotka/six-misere.yaml"  # kotka, dealer N, E 6M
A95 = "1895/aces/two-two-declarer-odd-trick.yaml"  # dealer N; N takes the centre and chooses
N95 = "1895/aces/no-trump-four.yaml"  # dealer E; N 1G; N takes the centre, chooses pakettiskruuvi; E leads
S95 = "1895/auction/strain-order-overcalls.yaml"  # dealer W; W 1S N 1C E 1D S 1H W 1G
R95 = "1895/auction/redeal-four-passes.yaml"  # dealer E; four passes: a redeal
P95 = "1895/readings/passimisaari-played.yaml"  # four passes, dealer E, under auction.all-pass=passimisaari
SO16 = "2016/auction/strain-order-one-level.yaml"  # dealer N; N 1M E 1S S 1C W 1D N 1H E 1G
KS16 = "2016/kotka/strain-order-6S-to-6G.yaml"  # kotka, dealer S; S 6S W 6C N 6D E 6H S 6M W 6G
KG16 = "2016/kotka/made-6G-exact.yaml"  # kotka, dealer W; E 6G
KR16 = "2016/kotka/exchange-returns-all-four.yaml"  # kotka, dealer N; N 6H; second auction N, S, N pass
BS16 = "2016/bolsevikki/failed-five-tricks-S.yaml"  # bolsevikki, dealer S; S calls 7M
BN16 = "2016/bolsevikki/failed-four-tricks-N.yaml"  # bolsevikki, dealer E; N calls 7M
CW16 = "2016/auction/competitive-highest-bidder-W.yaml"  # dealer S; W 5D; N passes the doubling
LO16 = "2016/errors/final-contract-too-low-partner-4G.yaml"  # dealer N; N 1H; second auction S 4G, 3 passes
WD16 = "2016/doubling/second-defender-doubles.yaml"  # dealer N; N 5H; W doubles; N, S pass
ED16 = "2016/defenders-exchange/done-then-first-defender-doubles.yaml"  # dealer N; N 5H; E doubles; S passes
AS44 = "1944/auction/alkupeli-strain-order.yaml"  # dealer N; N 1M E 1S S 1C W 1D N 1H E 1G; E 5G
KS44 = "1944/auction/kotka-strain-order.yaml"  # kotka, dealer S; S 6S W 6C N 6D E 6H S 6M W 6G
KX44 = "1944/kotka/exchange-returns-received-cards.yaml"  # kotka, dealer E; E 6H
TE44 = "1944/kitty/taker-E.yaml"  # dealer N; E 1C takes; second auction E 5C; S and N pass the knocks
LOW44 = "1944/errors/final-contract-too-low-at-3.yaml"  # dealer N; N 1H; second auction N 3H, three passes
L444 = "1944/second-auction/final-at-level-4.yaml"  # dealer N; N 1D; second auction N 4D, three passes
DP44 = "1944/defenders-exchange/passed.yaml"  # dealer S; W 1S, W 5S; N (W's left) passes the exchange
DD44 = "1944/defenders-exchange/done.yaml"  # dealer N; N 1H, N 5H; E gives W 3D
D544 = "1944/defenders-exchange/allowed-first-bid-5.yaml"  # dealer N; E's first bid 5S
CK44 = "1944/knocks/counter-knocked-defenders-crown-multiplied.yaml"  # dealer N; N 5H; E knocks, S counters
CF44 = "1944/knocks/counter-knocked-failed.yaml"  # dealer W; W 6S; S knocks, W counters
CT44 = "1944/above/crown-four-aces-trump.yaml"  # dealer E; S 1S, S 4S; W leads
MF44 = "1944/below/misere-failed-both-score-opponents-tricks.yaml"  # dealer N; N 5M; W (N's right) leads
MS44 = "1944/below/source-example-2-4M-three-tricks.yaml"  # dealer S; W 4M; S (W's right) leads
PK44 = "1944/pakkomisaari/alkupeli-difference.yaml"  # four passes, dealer N: pakkomisääri, E the forehand

MB44 = "1944/readings/main-pair-exchange-banned-defender-opened-6.yaml"  # dealer N; N 1S, E 6H, N 6G
EITHER_1944 = {"defenders-exchange.banned-by-whose-bid": "either"}
MAIN_PAIR_BAN = {"kitty.main-pair-exchange-allowed": {"at_least": 6, "table_cards_from": "forehand"}}
STATE_1944_INVALID = {"running": {"NS": 65, "EW": 20}, "games": {"NS": 1, "EW": 0}}
OPENED_5 = ["E bid 5H", "S pass", "W pass", "N bid 6G", *["E pass", "S pass", "W pass", "N pass"] * 2]

ORDER_2016 = "MSCDHG"
KOTKA = "SCDHMG"
ORDER_1895 = "SCDHG"


def s(text):
    return " ".join(text.split())


def set_case(actions_set, step):
    return {"legal": sorted(actions_set)}, step


def d_first_auction_end(h, a):
    bids = bids_above("S", "6H", ORDER_2016)
    return set_case(["S pass", *bids], s(f"""Position: after {len(a)} actions, S to act in the first auction
        (dealer first, clockwise): the last bid is S's 6H, followed by seven passes (W N E S W N E). The eighth
        consecutive pass after the last bid ends the auction (auction.end-eight-passes): S may pass, which ends
        it, or bid higher than 6H (auction.higher-bid) in the strain order M S C D H G: {', '.join(bids)}.
        {len(bids) + 1} actions."""))


def d_kitty_taker(h, a):
    return set_case(gives("S", h["S"], "N", 4), s(f"""Position: S, the highest bidder, has taken the four
        centre cards (kitty.take) and holds 16: {show(h['S'])}. He gives his partner N four of them in one
        action (kitty.give-partner): every 4-card subset of the 16, all C(16,4) = {comb(16, 4)}, each written
        with its cards in pack order."""))


def d_kitty_partner(h, a):
    return set_case(gives("N", h["N"], "E", 1), s(f"""Position: N, the taker's partner, holds 16 after the
        taker's four: {show(h['N'])}. He gives one card to each other player, clockwise from his left
        (kitty.partner-gives-one-each, kitty.partner-order): first to E. The set is a give to E of each of
        his 16 cards."""))


def d_kitty_partner_any(h, a):
    return set_case(gives("N", h["N"], "ESW", 1), s(f"""Position: as in 2016.legal.kitty-partner-gives-left,
        N holds 16: {show(h['N'])}. Under kitty.partner-order=any-order he gives one card to each of the other
        three in any order: his first gift may go to E, S or W, any of his 16 cards: 3 x 16 = 48 actions."""))


def d_second_auction_first(h, a):
    bids = bids_above("S", "6H", ORDER_2016)
    return set_case(["S pass", *bids], s(f"""Position: the second auction begins; the highest bidder S speaks
        first (auction2.first-speaker), the highest bid is 6H, at least the final minimum level 5
        (auction2.final-min-level), so S may pass, or bid higher than 6H: {', '.join(bids)}. {len(bids) + 1}
        actions."""))


def d_defenders_first(h, a):
    return set_case(["W pass", *gives("W", h["W"], "E", 1)], s(f"""Position: contract 6H by S; the main pair's
        first bid was N's 5H (level 5 < 6), so the defenders' exchange is allowed
        (defenders-exchange.banned-after-high-first-bid). W, the declarer's left, acts first: he may pass
        (defenders-exchange.kind) or give his partner E one card (defenders-exchange.one-card); W holds
        {show(h['W'])}: pass and 13 gives."""))


def d_defenders_compulsory(h, a):
    return set_case(gives("W", h["W"], "E", 1), s(f"""Position: as in 2016.legal.defenders-exchange-first, W
        holds {show(h['W'])}. Under defenders-exchange.kind = compulsory, W may not
        pass: only the 13 gives to E."""))


def d_defenders_return(h, a):
    return set_case(gives("E", h["E"], "W", 1, but="2C"), s(f"""Position: W has given E 2C; E gives one card
        back (defenders-exchange.one-card), not the card he just received (defenders-exchange.different-card):
        E holds 14, {show(h['E'])}: 13 gives to W, every card but 2C."""))


def d_defenders_return_same(h, a):
    return set_case(gives("E", h["E"], "W", 1), s(f"""Position: as in 2016.legal.defenders-exchange-return,
        E holds {show(h['E'])}. Under defenders-exchange.different-card=false he may give back 2C too: all 14
        of his cards."""))


def d_doubling_first(h, a):
    return set_case(["W pass", "W double"], s("""Position: the exchange is over (E has given his card back,
        and no more cards are exchanged); the doubling follows, the declarer's left W first (doubling.defenders-order): W may pass or
        double. No double stands, so no redouble."""))


def d_doubling_second(h, a):
    return set_case(["E pass", "E double"], s("""Position: W passed at the doubling; E, the declarer's right,
        may double or pass (doubling.defenders-order)."""))


def d_follow(h, a):
    return set_case(follow("N", h["N"], "D"), s(f"""Position: W led AD; N holds {show(h['N'])}. N must follow
        suit (play.follow-suit): his four diamonds."""))


def d_void(h, a):
    return set_case(follow("E", h["E"], "D"), s(f"""Position: W led AD, N followed; E holds {show(h['E'])}: no
        diamond, so any of his 13 cards (play.follow-suit)."""))


def d_min_ending(h, a):
    bids = bids_above("S", "2H", ORDER_2016)
    return set_case(bids, s(f"""Position: the second auction after N pass, S pass, N pass (three passes; our
        own actions, each legal: none ends the auction, which ends at the fourth consecutive pass,
        auction2.end-four-passes). The highest bid is still N's 2H, below the final minimum level 5: the
        fourth pass would end the auction below it and is refused (auction2.final-min-level, ending-pass).
        S must bid higher than 2H (the second auction sets no lowest level of its own): 2G, then every bid of
        levels 3 to 7: {len(bids)} bids, no pass."""))


def d_min_every(h, a):
    bids = bids_above("N", "2H", ORDER_2016)
    return set_case(bids, s(f"""Position: the second auction begins, N (the highest bidder) first, the
        highest bid 2H. Under auction2.final-min-passes=every-pass no pass is allowed while the highest bid is
        below the final minimum level 5: N must bid higher than 2H: {len(bids)} bids."""))


def d_min_open(h, a):
    bids = bids_above("N", "2H", ORDER_2016)
    return set_case(["N pass", *bids], s(f"""Position: the second auction begins, N first, the highest bid 2H
        below the final minimum 5. Only the pass that would end the auction below it is refused
        (auction2.final-min-passes: ending-pass); N's pass is the first: N may pass or bid higher than 2H:
        1 + {len(bids)} actions."""))


def d_banned(h, a):
    return set_case(["E pass", "E double"], s("""Position: the second auction is over (contract 6H by N). The
        main pair's first bid was N's 6H, level 6: the defenders' exchange is banned
        (defenders-exchange.banned-after-high-first-bid), the phase takes no action, and the doubling begins:
        E, the declarer's left, may pass or double. No give (exchange-forbidden)."""))


def d_ending_pass_high(h, a):
    bids = bids_above("S", "6H", ORDER_2016)
    return set_case(["S pass", *bids], s(f"""Position: the second auction after N pass, S pass, N pass, the
        highest bid N's 6H (at least 5): S's pass, the fourth, ends it and is allowed; or S bids higher:
        {', '.join(bids)}."""))


def d_redouble(h, a):
    return set_case(["S pass", "S redouble"], s("""Position: E doubled (contract 5H by N). The redouble is the
        doubler's left's, S, first (doubling.redouble-order): S may pass or redouble; no second double."""))


def d_bols_first(h, a):
    return set_case(["E pass", "E bid 7M"], s("""Position: a bolsevikki deal, dealer E. The call: each player
        once, the dealer first (bolsevikki.call-first, bolsevikki.call-once); the only call is 7M
        (bolsevikki.level, bolsevikki.strain). E may pass or call 7M."""))


def d_bols_after(h, a):
    return set_case(["N pass", "N bid 7M"], s("""Position: W has called 7M; N, the last to call, still calls
        once (bolsevikki.call-once). Several may call (bolsevikki.several-callers, after CAC): a second 7M is a
        call for the same deal, not a bid that must be higher, so N may pass or call 7M too; no other bid is
        offered (7M only: bolsevikki.level, bolsevikki.strain)."""))


def d_bols_after_rejected(h, a):
    return set_case(["N pass"], s("""Position: as in 2016.legal.bolsevikki-after-a-call. Under
        bolsevikki.several-callers=rejected only one may call: a call must be higher, and there is nothing
        above 7M in a form whose only strain is M, so N may only pass."""))


def d_bols_choice(h, a):
    return set_case(["N pass", "N bid 7M"], s("""Position: W and E passed, N and S called 7M, and the round of
        calls is over (bolsevikki.call-once). With two callers the first, N, chooses first
        (bolsevikki.several-callers): he keeps it by calling 7M again or withdraws with a pass; no other bid is
        a choice, and S's turn comes only if N withdraws."""))


def d_bols_forehand(h, a):
    return set_case(["S pass", "S bid 7M"], s("""Position: the first call. Under bolsevikki.call-first=forehand
        the dealer's left calls first: the dealer is E, so S (not E) may pass or call 7M."""))


def d_bols_strains(h, a):
    bids = bids_above("E", None, "MSCDHG", 7)
    return set_case(["E pass", *bids], s(f"""Position: the first call, dealer E. Under
        bolsevikki.strain=[M S C D H G] a call is at level 7 (bolsevikki.level) in any of the six strains:
        E may pass or call {', '.join(b.split(' ')[2] for b in bids)}."""))


def d_bols_gift(h, a):
    return set_case(gives("W", h["W"], "N", 1), s(f"""Position: W called 7M and took the four centre cards
        (bolsevikki.centre-cards); W holds 16: {show(h['W'])}. He gives one card to each other player,
        clockwise from his left (bolsevikki.gives-each, bolsevikki.gift-order): first to N, any of his 16."""))


def d_bols_gift_any(h, a):
    return set_case(gives("W", h["W"], "NES", 1), s(f"""Position: as in 2016.legal.bolsevikki-gift-left, W
        holds 16: {show(h['W'])}. Under bolsevikki.gift-order=any-order his first gift may go to N, E or S:
        3 x 16 = 48 actions."""))


def d_passi_first(h, a):
    return set_case(gives("E", h["E"], "W", 1), s(f"""Position: four passes made the deal a passimisääri; the
        centre cards were dealt one to each player from the forehand E on (passimisaari.centre-cards). The
        forehand E gives his partner W one card first (passimisaari.partner-exchange): E holds 13,
        {show(h['E'])}: 13 gives."""))


def d_passi_return(h, a):
    return set_case(gives("W", h["W"], "E", 1, but="2H"), s(f"""Position: E gave W 2H, S gave N 2D; the
        returns go in the same order (passimisaari.return-order): W gives E one card back, not 2H
        (passimisaari.different-card): W holds 14, {show(h['W'])}: 13 gives."""))


def d_passi_return_same(h, a):
    return set_case(gives("W", h["W"], "E", 1), s(f"""Position: as in 2016.legal.passimisaari-return, W holds
        {show(h['W'])}. Under passimisaari.different-card=false W may give back 2H too: 14 gives."""))


def d_passi_return_reverse(h, a):
    return set_case(gives("N", h["N"], "S", 1, but="2D"), s(f"""Position: as in 2016.legal.passimisaari-return.
        Under passimisaari.return-order=reverse the returns go in the reverse order: the last to receive, N
        (from S: 2D), gives back first, not 2D: N holds 14, {show(h['N'])}: 13 gives to S."""))


def d_kotka_open(h, a):
    bids = bids_above("N", None, KOTKA, 6)
    return set_case(["N pass", *bids], s(f"""Position: a kotka deal, dealer N speaks first. The lowest bid is
        at level 6 (kotka.min-level), strain order S C D H M G (kotka.strain-order): N may pass or bid any of
        {', '.join(b.split(' ')[2] for b in bids)}."""))


def d_kotka_swap(h, a):
    return set_case(gives("N", h["N"], "S", 4), s(f"""Position: N, the highest bidder, gives his partner S four
        cards (kotka.exchange, kotka.exchange-giver); kotka has no centre cards: N holds 13, {show(h['N'])}:
        every 4-card subset, C(13,4) = {comb(13, 4)}."""))


def d_kotka_second(h, a):
    bids = bids_above("N", "6H", KOTKA)
    return set_case(["N pass", *bids], s(f"""Position: the kotka second auction, N first; the highest bid 6H
        is at the final minimum 6 (kotka.final-min-level): N may pass, or bid higher than 6H in the order
        S C D H M G: {', '.join(bids)}."""))


def d44_defenders(h, a):
    return set_case(["E pass", *gives("E", h["E"], "W", 1)], s(f"""Position: contract 6G by N. The main pair's
        first bid was N's 1S; E's 6H is the other side's. Only the main pair's first bid counts
        (defenders-exchange.banned-by-whose-bid), level 1 < 6: the exchange is allowed. E, the declarer's
        left, may pass or give W one card: E holds {show(h['E'])}: pass and 13 gives."""))


def d44_defenders_either(h, a):
    return set_case(["E pass", "E double"], s("""Position: as in 1944.legal.defenders-exchange-allowed. Under
        defenders-exchange.banned-by-whose-bid=either, E's first bid 6H (level 6) bans the exchange: the
        doubling begins, E (the declarer's left) may pass or double."""))


def d44_kitty(h, a):
    return set_case(gives("N", h["N"], "S", 4), s(f"""Position: N, the highest bidder (6G), took the four centre
        cards (kitty.take): N holds 16, {show(h['N'])}. He gives his partner S four
        (kitty.give-partner): C(16,4) = {comb(16, 4)} gives. (kitty.main-pair-exchange-allowed: the exchange
        is not banned in this reading.)"""))


def d44_kitty_banned(h, a):
    bids = bids_above("N", "6G", "MSCDHG")
    return set_case(["N pass", *bids], s(f"""Position: as in 1944.legal.kitty-taker-gives. Under
        kitty.main-pair-exchange-allowed={{at_least: 6, ...}} the other side's first bid (E's 6H, level 6) bans
        the main pair's exchange: the centre cards are dealt out and the kitty takes no action; the second
        auction begins, N first, the highest bid 6G (at least the final minimum 4): N may pass or bid higher:
        {', '.join(bids)}."""))


def d44_min(h, a):
    bids = bids_above("S", "1D", "MSCDHG")
    return set_case(bids, s(f"""Position: the second auction after N pass, S pass, N pass (our own three
        passes: none ends it, auction2.end-four-passes). The highest bid is N's 1D, below the final minimum 4
        (auction2.final-min-level): the fourth pass would end it below that and is refused. S must bid higher
        than 1D in the order M S C D H G: {len(bids)} bids, no pass."""))


def d44_kotka_swap(h, a):
    return set_case(gives("E", h["E"], "W", 4), s(f"""Position: a kotka deal; E, the highest bidder (6M), gives
        his partner W four cards (kotka.exchange): E holds 13, {show(h['E'])}: C(13,4) = {comb(13, 4)}."""))


def d95_choose(h, a):
    return set_case(["N choose ostoskruuvi", "N choose pakettiskruuvi"], s("""Position: N, the highest
        bidder, has taken the centre cards; he names the procedure (kitty.choice: the taker chooses;
        kitty.procedures): ostoskruuvi or pakettiskruuvi."""))


def d95_osto(h, a):
    return set_case(gives("N", h["N"], "E", 1), s(f"""Position: as in 1895.legal.kitty-choice. Under
        kitty.choice=ostoskruuvi that procedure applies without a choice: the taker N gives one card to each
        other player, clockwise from his left (kitty.order): first to E, any of his 16 cards
        ({show(h['N'])})."""))


def d95_paketti(h, a):
    return set_case(gives("N", h["N"], "S", 4), s(f"""Position: as in 1895.legal.kitty-choice. Under
        kitty.choice=pakettiskruuvi the taker N gives his partner S four cards first: N holds 16,
        {show(h['N'])}: C(16,4) = {comb(16, 4)} gives."""))


def d95_open(h, a):
    bids = bids_above("N", None, ORDER_1895)
    return set_case(["N pass", *bids], s(f"""Position: the first call, dealer N (auction.first-speaker). 1895
        knows no misère: the strains are S C D H G (auction.bid-levels); N may pass or make any of the
        {len(bids)} bids."""))


def d95_above(seat, highest, before):
    def derive(h, a):
        bids = bids_above(seat, highest, ORDER_1895)
        lower = [x for x in ORDER_1895 if ORDER_1895.index(x) < ORDER_1895.index(highest[1])]
        higher = [x for x in ORDER_1895 if ORDER_1895.index(x) > ORDER_1895.index(highest[1])]
        return set_case([f"{seat} pass", *bids], s(f"""Position: {before}; {seat} to call, the highest bid
            {highest}. A bid must be of a higher level, or of the same level in a higher strain
            (auction.higher-bid), in the order S < C < D < H < G (alkupeli.strain-order): at level
            {highest[0]} only {', '.join(highest[0] + x for x in higher)} outbid {highest} (not
            {', '.join(highest[0] + x for x in lower)}), then every bid of levels {int(highest[0]) + 1} to 7.
            {seat} may pass or make one of those {len(bids)} bids: {len(bids) + 1} actions."""))
    return derive


def d95_taker_not_dealer(h, a):
    return set_case(["N choose ostoskruuvi", "N choose pakettiskruuvi"], s("""Position: the auction is over,
        N's 1G the highest bid; the dealer is E. The highest bidder N (not the dealer) has taken the centre
        cards (kitty.take) and names the procedure (kitty.choice): ostoskruuvi or pakettiskruuvi."""))


def d95_first_lead(h, a):
    return set_case(follow("E", h["E"], None), s(f"""Position: the gifts are over (contract 1G by N, dealer
        E). The player on the declarer's left leads to the first trick (play.lead): E, not the forehand S (the
        dealer's left). Any card may be led: E holds {show(h['E'])}: {len(h['E'])} actions."""))


PASSI_1895 = """Under auction.all-pass=passimisaari the four passes make the deal an all-pass misère: the
    centre cards 4S 2D JH KC are dealt one each, the forehand S (the dealer E's left) first, then clockwise
    (passimisaari.centre-cards): S 4S, W 2D, N JH, E KC."""


def d95_passi_forehand(h, a):
    return set_case(gives("S", h["S"], "N", 1), s(f"""Position: {PASSI_1895} The forehand S gives his partner
        N one card first (passimisaari.exchange): S holds {show(h['S'])}: {len(h['S'])} gives."""))


def d95_passi_dealer_partner(h, a):
    return set_case(gives("W", h["W"], "E", 1), s(f"""Position: {PASSI_1895} S has given N 3D; then the
        dealer's partner W gives the dealer E one card (passimisaari.exchange): W holds {show(h['W'])}:
        {len(h['W'])} gives."""))


def d95_passi_return(h, a):
    return set_case(gives("N", h["N"], "S", 1), s(f"""Position: {PASSI_1895} S gave N 3D and W gave E 2D; now
        the forehand's partner N gives S one card back (passimisaari.exchange). No rule requires the card
        given back to differ from the one received (passimisaari.same-card-may-return): N holds 14,
        {show(h['N'])}, 3D among them: {len(h['N'])} gives."""))


def d95_passi_lead(h, a):
    return set_case(follow("S", h["S"], None), s(f"""Position: {PASSI_1895} The exchange is over (S gave N 3D,
        W gave E 2D, N gave S 3D back, E gave W 2D back). The forehand S leads to the first trick
        (passimisaari.lead); any card: S holds {show(h['S'])}: {len(h['S'])} actions."""))


def d_bids(seat, highest, order, min_level, may_pass, why):
    """The calls of ``seat``: a pass (when ``may_pass``) and every bid above ``highest`` from ``min_level``."""
    def derive(h, a):
        bids = bids_above(seat, highest, order, min_level)
        spelt = " ".join(order)
        above = f"higher than {highest}" if highest else f"from level {min_level}"
        return set_case([f"{seat} pass"] * may_pass + bids, s(f"""Position: {why} {seat} may
            {'pass or ' if may_pass else 'not pass; he must '}bid {above} in the strain order {spelt}:
            {', '.join(b.split(' ')[2] for b in bids)}. {len(bids) + may_pass} actions."""))
    return derive


def d_gives(seat, to, count, why, but=None):
    """Every give of ``count`` cards of ``seat``'s hand to each seat of ``to`` (not the card ``but``)."""
    def derive(h, a):
        held = [c for c in h[seat] if c != but]
        n = len(gives(seat, h[seat], to, count, but))
        shown = f"C({len(held)},{count}) = {n}" if count > 1 else f"{len(to)} x {len(held)} = {n}"
        return set_case(gives(seat, h[seat], to, count, but), s(f"""Position: {why} {seat} holds
            {len(h[seat])}: {show(h[seat])}; {'every card but ' + but if but else 'any card'}
            {'(sets of ' + str(count) + ')' if count > 1 else ''} to {' or '.join(to)}: {shown} gives."""))
    return derive


def d_pass_or_give(seat, to, why, but=None):
    def derive(h, a):
        out = gives(seat, h[seat], to, 1, but)
        return set_case([f"{seat} pass", *out], s(f"""Position: {why} {seat} may pass or give {to} one
            card: he holds {show(h[seat])}: pass and {len(out)} gives."""))
    return derive


def d_lead(seat, why):
    def derive(h, a):
        return set_case(follow(seat, h[seat], None), s(f"""Position: {why} Any card may be led: {seat} holds
            {show(h[seat])}: {len(h[seat])} actions."""))
    return derive


def d_calls(calls, why):
    def derive(h, a):
        return set_case(calls, s(f"Position: {why}"))
    return derive


def d_over(why):
    """A position after the deal is over: no seat is to act, and the set is empty (DESIGN §3)."""
    def derive(h, a):
        return set_case([], s(f"""Position: after {len(a)} actions, {why} The deal is over: no seat is to act,
            and DESIGN §3 (and INTERPRETING §2.2) define the legal set of a finished deal as empty: []."""))
    return derive


PAKKO_1944 = """four passes at the start make the deal a pakkomisääri (pakkomisaari.when); the table cards 6S JH
    QD TS are dealt one each, the forehand E (the dealer N's left) first, then clockwise
    (pakkomisaari.table-cards): E 6S, S JH, W QD, N TS."""
RULES_K44 = ["kotka.min-level", "kotka.strain-order", "auction.higher-bid"]


# perft ----------------------------------------------------------------------------------------------------


def perft_case(depth, count, step):
    return {"perft": {"depth": depth, "count": count}}, step


def p_kitty(h, a):
    n = comb(16, 4) * 16
    return perft_case(2, n, s(f"""Perft 2 from the kitty: S gives N any 4 of his 16 cards (C(16,4) = 1820
        gives); then N, holding 16 again, gives E one card (kitty.partner-order, clockwise from his left):
        16 for every first give. 1820 x 16 = {n}."""))


def p_kitty_1895(h, a):
    osto = 16 * 15
    paketti = comb(16, 4) * 16
    return perft_case(3, osto + paketti, s(f"""Perft 3 from the taker's choice (kitty.choice). Ostoskruuvi:
        N gives one card to each other player clockwise from his left (kitty.order): E any of his 16, then S
        any of the 15 left: 16 x 15 = {osto} lines. Pakettiskruuvi: N gives his partner S four of his 16
        (C(16,4) = 1820), then S, holding 16, gives one card to each other player clockwise from his left: W
        first, any of 16: 1820 x 16 = {paketti}. In all {osto + paketti}."""))


def p_second_auction(h, a):
    n = auction_lines("2H", 0, ORDER_2016, 4, 4, 5)
    return perft_case(4, n, s(f"""Perft 4 from the start of the second auction (N, S alternate; the highest
        bid N's 2H): each call is a pass or a bid higher than the highest in the order M S C D H G; the
        auction ends at the fourth consecutive pass, and that pass is refused while the highest bid is below
        level 5 (auction2.final-min-level). No line of four calls ends the auction: four passes in a row are
        refused at 2H, and after a bid the passes count again from nought. Counted call by call by the
        auction model of conformance/tools/author_legal.py: {n}."""))


def p_play(seat, trump, depth, tricks_left):
    def derive(h, a):
        n = play_lines(h, seat, trump, depth)
        return perft_case(depth, n, s(f"""Perft {depth} from the start of a trick with {tricks_left} tricks
            to play, {seat} to lead, trumps {trump or 'none'}. Hands: N {show(h['N'])}; E {show(h['E'])};
            S {show(h['S'])}; W {show(h['W'])}. Counted play by play by the trick-play model of
            conformance/tools/author_legal.py (follow suit if able, play.follow-suit; the highest trump, else
            the highest card of the suit led, wins and leads next, play.trick-winner): {n}."""))
    return derive


RULES_AUCTION = ["auction.end-eight-passes", "auction.higher-bid", "auction.bid-levels"]
RULES_2ND = ["auction2.first-speaker", "auction2.final-min-level", "auction2.final-min-passes",
             "auction2.end-four-passes"]
RULES_DX = ["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card",
            "defenders-exchange.kind", "defenders-exchange.different-card"]
RULES_BOLS = ["bolsevikki.call-first", "bolsevikki.call-once", "bolsevikki.level", "bolsevikki.strain",
              "bolsevikki.several-callers"]
RULES_PASSI = ["passimisaari.centre-cards", "passimisaari.partner-exchange", "passimisaari.return-order",
               "passimisaari.different-card"]

SPECS = [
    ("2016", "first-auction-ending-pass", A16, 10, {}, "S may end the first auction or bid above 6H",
     RULES_AUCTION, None, d_first_auction_end),
    ("2016", "kitty-taker-gives-partner", A16, 11, {}, "the taker gives his partner any 4 of his 16 cards",
     ["kitty.take", "kitty.give-partner"], ("take", 11, "S"), d_kitty_taker),
    ("2016", "kitty-partner-gives-left", A16, 12, {}, "the partner gives his left one card first",
     ["kitty.partner-gives-one-each", "kitty.partner-order"], ("take", 11, "S"), d_kitty_partner),
    ("2016", "kitty-partner-any-order", A16, 12, {"kitty.partner-order": "any-order"},
     "in any order, the partner's first gift may go to any other player",
     ["kitty.partner-gives-one-each", "kitty.partner-order"], ("take", 11, "S"), d_kitty_partner_any),
    ("2016", "second-auction-first-call", A16, 15, {}, "the second auction's first call at 6H",
     RULES_2ND, ("take", 11, "S"), d_second_auction_first),
    ("2016", "defenders-exchange-first", A16, 19, {}, "the first defender may pass or give one card",
     RULES_DX, ("take", 11, "S"), d_defenders_first),
    ("2016", "defenders-exchange-compulsory", A16, 19, {"defenders-exchange.kind": "compulsory"},
     "a compulsory exchange: no pass", RULES_DX, ("take", 11, "S"), d_defenders_compulsory),
    ("2016", "defenders-exchange-return", A16, 20, {}, "the card back may not be the card received",
     RULES_DX, ("take", 11, "S"), d_defenders_return),
    ("2016", "defenders-exchange-return-same-card", A16, 20, {"defenders-exchange.different-card": False},
     "the card received may go back", RULES_DX, ("take", 11, "S"), d_defenders_return_same),
    ("2016", "doubling-first-defender", A16, 21, {}, "the first doubler may pass or double",
     ["doubling.defenders-order"], ("take", 11, "S"), d_doubling_first),
    ("2016", "doubling-second-defender", A16, 22, {}, "the second doubler may pass or double",
     ["doubling.defenders-order"], ("take", 11, "S"), d_doubling_second),
    ("2016", "play-must-follow", A16, 24, {}, "N must follow diamonds", ["play.follow-suit"],
     ("take", 11, "S"), d_follow),
    ("2016", "play-void", A16, 25, {}, "E has no diamond: any card", ["play.follow-suit"],
     ("take", 11, "S"), d_void),
    ("2016", "second-auction-min-ending-pass", B16, (13, ["N pass", "S pass", "N pass"]), {},
     "below level 5 the ending pass is refused", RULES_2ND, ("take", 9, "N"), d_min_ending),
    ("2016", "second-auction-min-first-pass", B16, 13, {}, "below level 5 a pass that does not end it is allowed",
     RULES_2ND, ("take", 9, "N"), d_min_open),
    ("2016", "second-auction-min-every-pass", B16, 13, {"auction2.final-min-passes": "every-pass"},
     "no pass at all below level 5", RULES_2ND, ("take", 9, "N"), d_min_every),
    ("2016", "second-auction-ending-pass-at-6", C16, 16, {}, "at 6H the fourth pass may end the second auction",
     RULES_2ND, ("take", 9, "N"), d_ending_pass_high),
    ("2016", "defenders-exchange-banned", C16, 17, {}, "the exchange is banned: the doubling begins",
     ["defenders-exchange.banned-after-high-first-bid", "doubling.defenders-order"], ("take", 9, "N"),
     d_banned),
    ("2016", "redouble", D16, 20, {}, "after a double the doubler's left may redouble",
     ["doubling.redouble-order"], ("take", 9, "N"), d_redouble),
    ("2016", "bolsevikki-first-call", E16, 0, {}, "the dealer may pass or call 7M", RULES_BOLS, None,
     d_bols_first),
    ("2016", "bolsevikki-after-a-call", E16, 3, {}, "after a call of 7M a later seat may call it too",
     RULES_BOLS, None, d_bols_after),
    ("2016", "bolsevikki-callers-choice", "2016/bolsevikki/two-callers-first-keeps.yaml", 4, {},
     "two callers: the first keeps it or withdraws", RULES_BOLS, None, d_bols_choice),
    ("2016", "bolsevikki-after-a-call-rejected", E16, 3, {"bolsevikki.several-callers": "rejected"},
     "only one may call: after a call of 7M only a pass", RULES_BOLS, None, d_bols_after_rejected),
    ("2016", "bolsevikki-forehand-calls-first", E16, 0, {"bolsevikki.call-first": "forehand"},
     "the forehand calls first", RULES_BOLS, None, d_bols_forehand),
    ("2016", "bolsevikki-any-strain", E16, 0, {"bolsevikki.strain": ["M", "S", "C", "D", "H", "G"]},
     "a call at level 7 in any strain", RULES_BOLS, None, d_bols_strains),
    ("2016", "bolsevikki-gift-left", E16, 4, {}, "the bolshevik's first gift goes to his left",
     ["bolsevikki.gives-each", "bolsevikki.gift-order"], ("take", 4, "W"), d_bols_gift),
    ("2016", "bolsevikki-gift-any-order", E16, 4, {"bolsevikki.gift-order": "any-order"},
     "in any order the first gift may go to anyone", ["bolsevikki.gives-each", "bolsevikki.gift-order"],
     ("take", 4, "W"), d_bols_gift_any),
    ("2016", "passimisaari-first-gift", F16, 4, {}, "the forehand gives his partner one card", RULES_PASSI,
     ("deal", 4, "E"), d_passi_first),
    ("2016", "passimisaari-return", F16, 6, {}, "the return may not be the card received", RULES_PASSI,
     ("deal", 4, "E"), d_passi_return),
    ("2016", "passimisaari-return-same-card", F16, 6, {"passimisaari.different-card": False},
     "the card received may go back", RULES_PASSI, ("deal", 4, "E"), d_passi_return_same),
    ("2016", "passimisaari-return-reverse", F16, 6, {"passimisaari.return-order": "reverse"},
     "the returns in reverse order", RULES_PASSI, ("deal", 4, "E"), d_passi_return_reverse),
    ("2016", "kotka-first-call", G16, 0, {}, "kotka bids start at level 6", ["kotka.min-level", "kotka.strain-order"],
     None, d_kotka_open),
    ("2016", "kotka-swap", G16, 9, {}, "the kotka giver gives any 4 of his 13", ["kotka.exchange",
                                                                                  "kotka.exchange-giver"],
     None, d_kotka_swap),
    ("2016", "kotka-second-auction", G16, 11, {}, "the kotka second auction at 6H",
     ["kotka.second-auction-min-level", "kotka.final-min-level", "kotka.strain-order"], None, d_kotka_second),
    ("1944", "defenders-exchange-allowed", A44, 21, {}, "the other side's 6H does not ban the exchange",
     ["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid",
      "defenders-exchange.one-card"], ("take", 13, "N"), d44_defenders),
    ("1944", "defenders-exchange-banned-by-either", A44, 21, {"defenders-exchange.banned-by-whose-bid": "either"},
     "either side's first bid at 6 bans the exchange",
     ["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid",
      "doubling.defenders-order"], ("take", 13, "N"), d44_defenders_either),
    ("1944", "kitty-taker-gives", A44, 13, {}, "the taker gives his partner any 4 of his 16",
     ["kitty.take", "kitty.give-partner", "kitty.main-pair-exchange-allowed"], ("take", 13, "N"), d44_kitty),
    ("1944", "kitty-banned", A44, 13, {"kitty.main-pair-exchange-allowed": {"at_least": 6,
                                                                           "table_cards_from": "forehand"}},
     "the other side's 6H bans the kitty exchange: the second auction begins",
     ["kitty.main-pair-exchange-allowed", "auction2.first-speaker"], None, d44_kitty_banned),
    ("1944", "second-auction-min-ending-pass", B44, (13, ["N pass", "S pass", "N pass"]), {},
     "below level 4 the ending pass is refused", ["auction2.final-min-level", "auction2.end-four-passes"],
     ("take", 9, "N"), d44_min),
    ("1944", "kotka-swap", G44, 10, {}, "the kotka giver gives any 4 of his 13", ["kotka.exchange"], None,
     d44_kotka_swap),
    ("2016", "bid-above-spades", SO16, 2, {}, "over 1S only 1C, 1D, 1H, 1G at level one",
     ["alkupeli.strain-order", "auction.higher-bid"], None,
     d_bids("S", "1S", ORDER_2016, 1, True, """N bid 1M, E bid 1S; S to call. A bid must be of a higher level,
     or of the same level in a higher strain (auction.higher-bid), in the order M < S < C < D < H < G
     (alkupeli.strain-order).""")),
    ("2016", "bid-above-clubs", SO16, 3, {}, "over 1C only 1D, 1H, 1G at level one",
     ["alkupeli.strain-order", "auction.higher-bid"], None,
     d_bids("W", "1C", ORDER_2016, 1, True, """N bid 1M, E bid 1S, S bid 1C; W to call, in the order
     M < S < C < D < H < G (alkupeli.strain-order).""")),
    ("2016", "kotka-bid-above-clubs", KS16, 2, {}, "over 6C in the kotka order",
     ["kotka.min-level", "kotka.strain-order", "auction.higher-bid"], None,
     d_bids("N", "6C", KOTKA, 6, True, """a kotka deal, dealer S: S bid 6S, W bid 6C; N to call; in the kotka
     order S C D H M G (kotka.strain-order) 6S is below 6C, and no kotka bid is below level 6
     (kotka.min-level).""")),
    ("2016", "kotka-bid-above-misere", KS16, 5, {}, "over 6M in the kotka order: 6G",
     ["kotka.min-level", "kotka.strain-order", "auction.higher-bid"], None,
     d_bids("W", "6M", KOTKA, 6, True, """S 6S, W 6C, N 6D, E 6H, S 6M; W to call; in the kotka order
     S C D H M G (kotka.strain-order) only 6G outbids 6M at level 6.""")),
    ("2016", "kotka-giver-not-dealer", KG16, 11, {}, "the highest bidder gives first, not the dealer",
     ["kotka.exchange", "kotka.exchange-giver"], None,
     d_gives("E", "W", 4, """a kotka deal, dealer W; E's 6G is the highest bid. The highest bidder E (not
     the dealer W) gives his partner W four cards (kotka.exchange-giver, kotka.exchange).""")),
    ("2016", "kotka-second-auction-ending-pass", KR16, 14, {}, "at 6H the fourth pass ends the kotka auction",
     ["kotka.final-min-level", "auction2.end-four-passes"], None,
     d_bids("S", "6H", KOTKA, 6, True, """the kotka second auction (N and S); the highest bid is N's 6H, and
     N, S, N have passed. S's pass, the fourth, ends it (auction2.end-four-passes): allowed, since 6H is at
     the kotka final minimum, level 6 (kotka.final-min-level).""")),
    ("2016", "bolsevikki-lead-bolshevik-dealer", BS16, 7, {}, "the bolshevik's left leads", ["bolsevikki.lead"],
     ("take", 4, "S"), d_lead("W", """a bolsevikki deal, dealer S; S called 7M, took the centre cards and gave
     one card to each other player. The player on the bolshevik's left leads (bolsevikki.lead): W.""")),
    ("2016", "bolsevikki-lead-not-forehand", BN16, 7, {}, "the bolshevik's left leads, not the forehand",
     ["bolsevikki.lead"], ("take", 4, "N"), d_lead("E", """a bolsevikki deal, dealer E; N called 7M, took the
     centre cards and gave one card to each other player. The player on the bolshevik's left leads
     (bolsevikki.lead): E (the dealer; the forehand is S).""")),
    ("2016", "second-auction-ending-pass-at-4", LO16, 18, {}, "at 4G the ending pass is refused",
     ["auction2.final-min-level", "auction2.end-four-passes"], ("take", 9, "N"),
     d_bids("S", "4G", ORDER_2016, 1, False, """the second auction (N and S); S bid 4G, then N, S and N
     passed: a fourth pass would end it at 4G, below the final minimum level 5 (auction2.final-min-level),
     and is refused.""")),
    ("2016", "doubling-second-defender-not-forehand", CW16, 25, {}, "the declarer's right doubles second",
     ["doubling.defenders-order"], ("take", 14, "W"),
     d_calls(["S double", "S pass"], """contract 5D by W, dealer S; the declarer's left N passed the
     doubling. Then the declarer's right (doubling.defenders-order): S (the forehand is W, the declarer)
     may pass or double.""")),
    ("2016", "first-lead-not-dealer-right", CW16, 26, {}, "the declarer's left leads", ["play.lead"],
     ("take", 14, "W"), d_lead("N", """contract 5D by W, dealer S, undoubled. The declarer's left leads
     (play.lead): N (the dealer's right is E).""")),
    ("2016", "redouble-declarer-after-second-defender", WD16, 21, {}, "W doubled: his left, the declarer, may redouble",
     ["doubling.redouble-order"], ("take", 9, "N"),
     d_calls(["N pass", "N redouble"], """contract 5H by N, dealer N; E passed, W doubled. The redouble is
     the doubler's left's first (doubling.redouble-order): N, the declarer, may pass or redouble.""")),
    ("2016", "redouble-second-after-second-defender", WD16, 22, {}, "then the doubler's left's partner",
     ["doubling.redouble-order"], ("take", 9, "N"),
     d_calls(["S pass", "S redouble"], """as in 2016.legal.redouble-declarer-after-second-defender, and N
     passed: the doubler's left's partner S may pass or redouble (doubling.redouble-order).""")),
    ("2016", "redouble-second-after-first-defender", ED16, 22, {}, "E doubled, S passed: N may redouble",
     ["doubling.redouble-order"], ("take", 9, "N"),
     d_calls(["N pass", "N redouble"], """contract 5H by N, dealer N; E doubled and his left S passed: the
     doubler's left's partner N may pass or redouble (doubling.redouble-order).""")),
    ("2016", "passimisaari-dealer-doubles-first", F16, 8, {}, "the dealer doubles first",
     ["passimisaari.doubling-order"], ("deal", 4, "E"),
     d_calls(["N double", "N pass"], """four passes made the deal a passimisääri, dealer N; the exchange is
     over (E gave W 2H, S gave N 2D; W gave E 2C and N gave S 2S back). The dealer doubles first, then his partner
     (passimisaari.doubling-order): N may pass or double.""")),
    ("2016", "passimisaari-dealer-partner-doubles", F16, 9, {}, "then the dealer's partner",
     ["passimisaari.doubling-order"], ("deal", 4, "E"),
     d_calls(["S double", "S pass"], """as in 2016.legal.passimisaari-dealer-doubles-first, and N passed:
     the dealer's partner S may pass or double (passimisaari.doubling-order).""")),
    ("2016", "passimisaari-forehand-leads", F16, 10, {}, "the forehand leads to the first trick",
     ["passimisaari.lead"], ("deal", 4, "E"),
     d_lead("E", """a passimisääri, dealer N; the exchange is over and N and S passed the doubling. The
     forehand E (the dealer's left) leads (passimisaari.lead).""")),
    ("1944", "bid-above-spades", AS44, 2, {}, "over 1S only 1C, 1D, 1H, 1G at level one",
     ["alkupeli.strain-order", "auction.higher-bid"], None,
     d_bids("S", "1S", "MSCDHG", 1, True, """N bid 1M, E bid 1S; S to call. A bid must be of a higher level,
     or of the same level in a higher strain (auction.higher-bid), in the order M < S < C < D < H < G
     (alkupeli.strain-order): 1M does not outbid 1S.""")),
    ("1944", "kotka-first-call", KS44, 0, {}, "kotka bids start at level 6, in the kotka strain order",
     RULES_K44, None, d_bids("S", None, KOTKA, 6, True, """a kotka deal, dealer S, who calls first. The lowest
     kotka bid is at level 6 (kotka.min-level), in the strain order S C D H M G (kotka.strain-order).""")),
    ("1944", "kotka-bid-above-clubs", KS44, 2, {}, "over 6C in the kotka order", RULES_K44, None,
     d_bids("N", "6C", KOTKA, 6, True, """S bid 6S, W bid 6C; N to call; in the kotka order S C D H M G
     (kotka.strain-order) 6S is below 6C.""")),
    ("1944", "kotka-bid-above-hearts", KS44, 4, {}, "over 6H in the kotka order: 6M, 6G", RULES_K44, None,
     d_bids("S", "6H", KOTKA, 6, True, """S 6S, W 6C, N 6D, E 6H; S to call; in the kotka order
     S C D H M G (kotka.strain-order) only 6M and 6G outbid 6H at level 6.""")),
    ("1944", "kotka-bid-above-misere", KS44, 5, {}, "over 6M in the kotka order: 6G", RULES_K44, None,
     d_bids("W", "6M", KOTKA, 6, True, """S 6S, W 6C, N 6D, E 6H, S 6M; W to call; in the kotka order
     S C D H M G (kotka.strain-order) only 6G outbids 6M at level 6.""")),
    ("1944", "kotka-second-auction-ending-pass", KS44, 19, {}, "at 6G the fourth pass ends the kotka auction",
     ["kotka.final-min-level", "auction2.end-four-passes"], None,
     d_bids("E", "6G", KOTKA, 6, True, """the kotka second auction (W and E, the main pair): the highest bid
     is W's 6G, and W, E, W have passed. E's pass, the fourth, ends it: allowed, since 6G is at the kotka
     final minimum, level 6 (kotka.final-min-level).""")),
    ("1944", "kotka-second-auction-at-6", KX44, 11, {}, "the kotka second auction at 6H: 6M and 6G still bid",
     ["kotka.second-auction-min-level", "kotka.strain-order"], None,
     d_bids("E", "6H", KOTKA, 6, True, """the kotka second auction after the exchange; E, the highest bidder,
     speaks first, the highest bid his 6H. Kotka bids stay at level 6 or more
     (kotka.second-auction-min-level).""")),
    ("1944", "kotka-giver-not-forehand", KX44, 9, {}, "the highest bidder gives first, not the forehand",
     ["kotka.exchange", "kotka.exchange-giver"], None,
     d_gives("E", "W", 4, """a kotka deal, dealer E; E's 6H is the highest bid. The highest bidder (not the
     forehand S) gives his partner W four cards (kotka.exchange-giver, kotka.exchange).""")),
    ("1944", "kitty-taker-not-dealer", TE44, 10, {}, "the highest bidder takes the table cards, not the dealer",
     ["kitty.take", "kitty.give-partner"], ("take", 10, "E"),
     d_gives("E", "W", 4, """dealer N; E's 1C is the highest bid: E, not the dealer, takes the four table
     cards (kitty.take) and gives his partner W four (kitty.give-partner).""")),
    ("1944", "kitty-partner-gives-left", TE44, 11, {}, "the partner's first single card goes to his left",
     ["kitty.partner-gives-one-each", "kitty.partner-order"], ("take", 10, "E"),
     d_gives("W", "N", 1, """E gave his partner W four cards; W gives one card to each other player,
     clockwise from his left (kitty.partner-gives-one-each, kitty.partner-order): first to N.""")),
    ("1944", "second-auction-highest-bidder-first", TE44, 14, {}, "the highest bidder speaks first, not the dealer",
     ["auction2.first-speaker", "auction2.final-min-level"], ("take", 10, "E"),
     d_bids("E", "1C", "MSCDHG", 1, True, """the second auction (the main pair E and W); dealer N. The
     highest bidder E speaks first (auction2.first-speaker); the highest bid is still his 1C, and a first
     pass does not end the auction (only the fourth does).""")),
    ("1944", "doubling-declarer-left-first", TE44, 20, {}, "the declarer's left knocks first, not the forehand",
     ["doubling.defenders-order"], ("take", 10, "E"),
     d_calls(["S double", "S pass"], """contract 5C by E, dealer N; S (the declarer's left) passed the
     defenders' exchange. The knocks: the declarer's left first (doubling.defenders-order): S (the
     forehand is E, the declarer) may pass or knock (double).""")),
    ("1944", "doubling-declarer-right-second", TE44, 21, {}, "then the declarer's right, not the dealer's right",
     ["doubling.defenders-order"], ("take", 10, "E"),
     d_calls(["N double", "N pass"], """as in 1944.legal.doubling-declarer-left-first, S passed: the
     declarer's right N (not W, the dealer's right) may pass or knock (doubling.defenders-order).""")),
    ("1944", "second-auction-ending-pass-below-4", LOW44, 17, {}, "at 3H the ending pass is refused",
     ["auction2.final-min-level", "auction2.end-four-passes"], ("take", 9, "N"),
     d_bids("N", "3H", "MSCDHG", 1, False, """the second auction (N and S); N bid 3H, then S, N and S passed:
     a fourth pass would end the auction at 3H, below the final minimum level 4 (auction2.final-min-level),
     and is refused.""")),
    ("1944", "second-auction-ending-pass-at-4", L444, 17, {}, "at 4D the ending pass is allowed",
     ["auction2.final-min-level", "auction2.end-four-passes"], ("take", 9, "N"),
     d_bids("N", "4D", "MSCDHG", 1, True, """the second auction (N and S); N bid 4D, then S, N and S passed:
     N's pass, the fourth, ends the auction at 4D, the final minimum level 4 itself (playable,
     auction2.final-min-level).""")),
    ("1944", "defenders-exchange-declarer-left", DP44, 19, {}, "the declarer's left, not the forehand, exchanges first",
     ["defenders-exchange.one-card"], ("take", 10, "W"),
     d_pass_or_give("N", "S", """contract 5S by W, dealer S; W's first bid 1S (level 1 < 6) allows the
     exchange. The declarer's left N (the forehand is W, the declarer) acts first
     (defenders-exchange.one-card).""")),
    ("1944", "defenders-exchange-return-other-card", DD44, 19, {}, "the card given back must be another card",
     ["defenders-exchange.one-card", "defenders-exchange.different-card"], ("take", 9, "N"),
     d_gives("W", "E", 1, """contract 5H by N; E (the declarer's left) gave W 3D. W gives one card back,
     not the card he received (defenders-exchange.different-card).""", but="3D")),
    ("1944", "defenders-exchange-first-bid-5", D544, 18, {}, "a first bid at level 5 allows the exchange",
     ["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.one-card"], ("take", 10, "E"),
     d_pass_or_give("S", "N", """contract 5S by E; the main pair's first bid was E's 5S, level 5: only a
     first bid at 6 or 7 bans the exchange (defenders-exchange.banned-after-high-first-bid). The declarer's
     left S acts first.""")),
    ("1944", "redouble-doubler-left", CK44, 20, {}, "after E's knock his left, S, may counter-knock",
     ["doubling.redouble-order"], ("take", 9, "N"),
     d_calls(["S pass", "S redouble"], """contract 5H by N, dealer N; E knocked. The attacking side may
     counter-knock, the knocker's left first (doubling.redouble-order): S may pass or redouble.""")),
    ("1944", "redouble-doubler-left-partner", CK44, (20, ["S pass"]), {}, "then the knocker's left's partner",
     ["doubling.redouble-order"], ("take", 9, "N"),
     d_calls(["N pass", "N redouble"], """as in 1944.legal.redouble-doubler-left, and S passed (our own
     action, legal there): his partner N may counter-knock (doubling.redouble-order).""")),
    ("1944", "redouble-after-second-defender", CF44, 21, {}, "after S's knock his left, W, may counter-knock",
     ["doubling.redouble-order"], ("take", 9, "W"),
     d_calls(["W pass", "W redouble"], """contract 6S by W, dealer W; N passed the knocks and S knocked. The
     knocker's left W (the declarer) may pass or counter-knock (doubling.redouble-order).""")),
    ("1944", "redouble-after-second-defender-partner", CF44, (21, ["W pass"]), {},
     "then the declarer's partner", ["doubling.redouble-order"], ("take", 9, "W"),
     d_calls(["E pass", "E redouble"], """as in 1944.legal.redouble-after-second-defender, and W passed (our
     own action): his partner E may pass or counter-knock (doubling.redouble-order).""")),
    ("1944", "first-lead-trump", CT44, 22, {}, "in a trump contract the declarer's left leads",
     ["play.lead"], ("take", 10, "S"),
     d_lead("W", """contract 4S by S, dealer E, no knocks. In a trump contract the declarer's left leads
     (play.lead): W.""")),
    ("1944", "first-lead-trump-dealer-declares", CK44, 21, {}, "the declarer's left leads when the dealer declares",
     ["play.lead"], ("take", 9, "N"),
     d_lead("E", """contract 5H by N (the dealer), counter-knocked. The declarer's left leads (play.lead):
     E.""")),
    ("1944", "first-lead-grandi", AS44, 26, {}, "in grandi the declarer's left leads", ["play.lead"],
     ("take", 14, "E"),
     d_lead("S", """contract 5G by E, dealer N, no knocks. In grandi the declarer's left leads (play.lead):
     S (the forehand is E, the declarer).""")),
    ("1944", "first-lead-misere", MF44, 21, {}, "in a bid misère the declarer's right leads", ["play.lead"],
     ("take", 9, "N"),
     d_lead("W", """contract 5M by N (the dealer), no knocks. In a bid misère the declarer's right leads
     (play.lead): W.""")),
    ("1944", "first-lead-misere-dealer-leads", MS44, 22, {},
     "in a bid misère the declarer's right, here the dealer, leads",
     ["play.lead"], ("take", 10, "W"),
     d_lead("S", """contract 4M by W, dealer S, no knocks. In a bid misère the declarer's right leads
     (play.lead): S, the dealer.""")),
    ("1944", "pakkomisaari-forehand-gives", PK44, 4, {}, "the forehand gives his partner one card first",
     ["pakkomisaari.table-cards", "pakkomisaari.exchange"], ("deal", 4, "E"),
     d_gives("E", "W", 1, PAKKO_1944 + " The forehand E gives his partner W one card first (pakkomisaari.exchange).")),
    ("1944", "pakkomisaari-dealer-partner-gives", PK44, 5, {}, "then the dealer's partner gives the dealer one",
     ["pakkomisaari.table-cards", "pakkomisaari.exchange"], ("deal", 4, "E"),
     d_gives("S", "N", 1, PAKKO_1944 + """ E gave W AS; then the dealer's partner S gives the dealer N one
     card (pakkomisaari.exchange).""")),
    ("1944", "pakkomisaari-return-any-card", PK44, 6, {}, "the card given back may be the one received",
     ["pakkomisaari.exchange", "pakkomisaari.same-card-may-return"], ("deal", 4, "E"),
     d_gives("W", "E", 1, PAKKO_1944 + """ E gave W AS, S gave N AC; the forehand's partner W gives E one
     card back, and it may be the one he received (pakkomisaari.same-card-may-return).""")),
    ("1944", "pakkomisaari-forehand-leads", PK44, 8, {}, "the forehand leads to the first trick",
     ["pakkomisaari.lead"], ("deal", 4, "E"),
     d_lead("E", PAKKO_1944 + """ The exchange is over (E gave W AS, S gave N AC, W gave E AS back, N gave S
     AH back). The forehand E leads (pakkomisaari.lead).""")),
    ("1895", "kitty-choice", A95, 9, {}, "the taker names the procedure", ["kitty.choice", "kitty.procedures"],
     ("take", 9, "N"), d95_choose),
    ("1895", "kitty-ostoskruuvi", A95, 9, {"kitty.choice": "ostoskruuvi"}, "ostoskruuvi without a choice",
     ["kitty.choice", "kitty.order"], ("take", 9, "N"), d95_osto),
    ("1895", "kitty-pakettiskruuvi", A95, 9, {"kitty.choice": "pakettiskruuvi"},
     "pakettiskruuvi without a choice", ["kitty.choice", "kitty.procedures"], ("take", 9, "N"), d95_paketti),
    ("1895", "first-call", A95, 0, {}, "no misère in 1895", ["auction.bid-levels", "auction.first-speaker"],
     None, d95_open),
    ("1895", "bid-above-clubs", S95, 2, {}, "over 1C only 1D, 1H, 1G at level one",
     ["alkupeli.strain-order", "auction.higher-bid"], None, d95_above("E", "1C", "W bid 1S, N bid 1C")),
    ("1895", "bid-above-hearts", S95, 4, {}, "over 1H only 1G at level one",
     ["alkupeli.strain-order", "auction.higher-bid"], None,
     d95_above("W", "1H", "W bid 1S, N bid 1C, E bid 1D, S bid 1H")),
    ("1895", "kitty-choice-taker-not-dealer", N95, 12, {}, "the highest bidder, not the dealer, names the procedure",
     ["kitty.take", "kitty.choice"], ("take", 12, "N"), d95_taker_not_dealer),
    ("1895", "first-lead-declarer-left", N95, 17, {}, "the declarer's left leads, not the forehand",
     ["play.lead"], ("take", 12, "N"), d95_first_lead),
    ("1895", "passimisaari-forehand-gives", P95, 4, {"auction.all-pass": "passimisaari"},
     "the forehand gives his partner one card first",
     ["passimisaari.centre-cards", "passimisaari.exchange"], ("deal", 4, "S"), d95_passi_forehand),
    ("1895", "passimisaari-dealer-partner-gives", P95, 5, {"auction.all-pass": "passimisaari"},
     "then the dealer's partner gives the dealer one card",
     ["passimisaari.centre-cards", "passimisaari.exchange"], ("deal", 4, "S"), d95_passi_dealer_partner),
    ("1895", "passimisaari-return-any-card", P95, 6, {"auction.all-pass": "passimisaari"},
     "the card given back may be the one received",
     ["passimisaari.exchange", "passimisaari.same-card-may-return"], ("deal", 4, "S"), d95_passi_return),
    ("1895", "passimisaari-forehand-leads", P95, 8, {"auction.all-pass": "passimisaari"},
     "the forehand leads to the first trick", ["passimisaari.lead"], ("deal", 4, "S"), d95_passi_lead),
    # issue 34: the positions a second mutant generator found no legal case at
    ("2016", "first-auction-opening", SO16, 0, {}, "the dealer opens: a pass or any bid from level 1",
     ["auction.first-speaker", "auction.bid-levels", "alkupeli.strain-order"], None,
     d_bids("N", None, ORDER_2016, 1, True, """the first call of an alkupeli, dealer N, who calls first
     (auction.first-speaker); no bid has been made. Bids run from level 1 to 7 (auction.bid-levels), none lower,
     in the order M < S < C < D < H < G (alkupeli.strain-order).""")),
    ("2016", "first-auction-opening-state-ignored", (SO16, {"state": STATE_1944_INVALID}), 0, {},
     "a deal.state changes nothing in 2016: the dealer opens as ever",
     ["auction.first-speaker", "auction.bid-levels", "alkupeli.strain-order"], None,
     d_bids("N", None, ORDER_2016, 1, True, """the base's deal carries deal.state {running: {NS: 65, EW: 20},
     games: {NS: 1, EW: 0}} (a running count of 60 or more, which the 1944 set position refuses as invalid-deal).
     The 2016 ruleset has no set position and ignores a deal's state (INTERPRETING §4.1): the position is the
     first call of the alkupeli, dealer N (auction.first-speaker), no bid made; bids from level 1 to 7
     (auction.bid-levels) in the order M < S < C < D < H < G (alkupeli.strain-order).""")),
    ("1944", "first-auction-opening", AS44, 0, {}, "the dealer opens: a pass or any bid from level 1",
     ["auction.first-speaker", "auction.bid-levels", "alkupeli.strain-order"], None,
     d_bids("N", None, "MSCDHG", 1, True, """the first call of an alkupeli, dealer N, who calls first
     (auction.first-speaker); no bid has been made. Bids run from level 1 to 7 (auction.bid-levels), none lower,
     in the order M < S < C < D < H < G (alkupeli.strain-order).""")),
    ("1944", "defenders-exchange-either-defenders-silent", DD44, 18, EITHER_1944,
     "either side's first bid at 6 bans the exchange: here neither side's did, and the defenders never bid",
     ["defenders-exchange.banned-after-high-first-bid", "defenders-exchange.banned-by-whose-bid",
      "defenders-exchange.one-card"], ("take", 9, "N"),
     d_pass_or_give("E", "W", """contract 5H by N, dealer N; under defenders-exchange.banned-by-whose-bid=either
     a first bid at 6 or 7 by either side bans the exchange. The main pair's first bid was N's 1H; the defenders
     E and W never bid (every call of theirs a pass), so no first bid of either side is at 6 or more: the
     exchange is allowed, and the declarer's left E acts first (defenders-exchange.one-card). The same answer
     without the reading (by default only the main pair's first bid counts, and it is below 6): the case holds an
     engine's reading to the side that did bid.""")),
    ("1944", "kitty-allowed-defender-opened-5", MB44, (1, OPENED_5), MAIN_PAIR_BAN,
     "the other side's first bid at 5 does not ban the main pair's exchange",
     ["kitty.main-pair-exchange-allowed", "kitty.take", "kitty.give-partner"], ("take", 13, "N"),
     d_gives("N", "S", 4, """our own auction on the base's deal: N bid 1S, E bid 5H, S and W passed, N bid 6G,
     then eight passes end the first auction (auction.end-eight-passes); N's 6G is the highest bid, so N and S
     are the main pair. Under kitty.main-pair-exchange-allowed = {at_least: 6} the main pair may not exchange
     when the defenders' first bid was at 6 or 7; E's first bid 5H is below 6, so the exchange is allowed:
     N takes the four table cards (kitty.take) and gives his partner S four (kitty.give-partner). The same answer
     without the reading (by default nothing bans the main pair's exchange): the case holds an engine's reading
     to its level, 6.""")),
    # issue 34: a legal request on a deal that is over (DESIGN §3: the set is empty), played out or redealt
    ("2016", "deal-over-played-out", A16, len(load(A16)["actions"]), {},
     "after the thirteenth trick the deal is over: nobody may act", ["play.trick-winner"], ("take", 11, "S"),
     d_over("""the base's whole record: the thirteenth trick has been played and taken (play.trick-winner), and
     contract 6H by S has its result.""")),
    ("1944", "deal-over-played-out", A44, len(load(A44)["actions"]), {},
     "after the thirteenth trick the deal is over: nobody may act", ["play.trick-winner"], ("take", 13, "N"),
     d_over("""the base's whole record: the thirteenth trick has been played and taken (play.trick-winner), and
     contract 6G by N has its result.""")),
    ("1895", "deal-over-redeal", R95, 4, {}, "four passes at the start redeal the cards: nobody may act",
     ["auction.all-pass", "redeal.scores-nothing"], None,
     d_over("""the base's whole record: the first four calls are passes, so the deal is redealt
     (auction.all-pass) and scores nothing (redeal.scores-nothing); no phase follows.""")),
    # perft
    ("2016", "perft-kitty-gives", A16, 11, {}, "perft 2 from the kitty gives", ["kitty.give-partner",
                                                                                "kitty.partner-order"],
     ("take", 11, "S"), p_kitty),
    ("2016", "perft-second-auction", B16, 13, {}, "perft 4 in the second auction", RULES_2ND, ("take", 9, "N"),
     p_second_auction),
    ("1895", "perft-kitty-choice", A95, 9, {}, "perft 3 from the taker's choice", ["kitty.choice",
                                                                                   "kitty.procedures"],
     ("take", 9, "N"), p_kitty_1895),
]


def play_specs():
    """Perft cases in play, a few tricks before the end of a base record whose play is written out."""
    out = []
    for era, name, base, take, first_play, trump, tricks_left, depth in PLAY_PERFT:
        n = first_play + 4 * (13 - tricks_left)
        rec = load(base)
        seat = rec["actions"][n].split(" ")[0]
        out.append((era, name, base, n, {}, f"perft {depth} with {tricks_left} tricks to play",
                    ["play.follow-suit", "play.trick-winner"], take, p_play(seat, trump, depth, tricks_left)))
    return out


# era, name, base, centre, index of the first play, trumps, tricks left, depth
PLAY_PERFT = [
    ("2016", "perft-last-tricks", A16, ("take", 11, "S"), 23, "H", 4, 10),
    ("1944", "perft-last-tricks", A44, ("take", 13, "N"), 25, None, 4, 12),
    ("1895", "perft-last-tricks", A95, ("take", 9, "N"), 13, "H", 4, 10),
]


#: A legal set of more actions than this, and every perft count, is also justified by two implementations.
LARGE = 20
AGREED = ("Two implementations agree: the reference interpreter and the independent oracle "
          "(conformance/oracle/oracle.py, asked over SCP/1 legal by tests/suite/test_oracle_agreement.py; "
          "for a perft case the runner's walk asks it at every node) answer this {what} too.")


def justification(expect, note):
    """Hand-derived; a large set or a perft count is checked by two implementations as well (the derivation
    above stays in the note)."""
    if "perft" in expect:
        return {"kind": "two-implementations", "note": f"{note} {AGREED.format(what='count')}"}
    if len(expect["legal"]) > LARGE:
        return {"kind": "two-implementations", "note": f"{note} {AGREED.format(what='set')}"}
    return {"kind": "hand-derived", "note": note}


def build(era, name, base_path, prefix, readings, description, rules, centre, derive):
    base_path, deal_extra = base_path if isinstance(base_path, tuple) else (base_path, {})
    base = load(base_path)
    if deal_extra:  # the base's deal with keys added (its derivation says what they change)
        base = {**base, "deal": {**base["deal"], **deal_extra}}
    n, extra = prefix if isinstance(prefix, tuple) else (prefix, [])
    actions = [*base["actions"][:n], *extra]
    hands = hands_after(base, actions, centre)
    expect, step = derive(hands, actions)
    appended = f" The prefix is the base's first {n} actions" + (f", then {', '.join(extra)}." if extra else ".")
    note = (f"Base case {base['id']} ({base_path}), whose derivation follows; then the position. "
            f"{base['justification']['note']}{appended} {step}")
    case = {"id": f"{era}.legal.{name}", "ruleset": base["ruleset"]}
    if readings:
        case["readings"] = readings
    case.update({"description": description, "rules": list(dict.fromkeys([*readings, *rules])),
                 "justification": justification(expect, note),
                 "deal": base["deal"], "actions": actions, "expect": expect})
    return os.path.join(CASES, era, "legal", name + ".yaml"), case



def main():
    check = "--check" in sys.argv
    bad = 0
    specs = SPECS + play_specs()
    for spec in specs:
        path, case = build(*spec)
        bad += not write_or_check(path, to_yaml(case), check)
    print(len(specs), "legal cases;", "all equal" if check and not bad else f"{bad} differ" if check else "written")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
