"""The readings cases of 1944 (conformance/cases/1944/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand).
"""
import copy


def older_table(base, side, undertricks):
    """The first 6-level undertrick 1100 instead of 1000: the defenders' above column gains 100."""
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"][side]
    further = (undertricks - 1) * 600
    step = (f"Under the reading score.undertrick-first = {{4: 400, 5: 500, 6: 1100, 7: 1700}} (the older sources' "
            f"figure that S000 reports): the contract is undoubled and fails by {undertricks}, so {side}'s "
            f"undertricks are 1100 + {undertricks - 1} × 600 = {1100 + further} instead of 1000 + "
            f"{undertricks - 1} × 600 = {1000 + further}; nothing else reads the table. {side} above: "
            f"{score['above']} + 100 = {score['above'] + 100}.")
    score["above"] += 100
    return expect, step


# table keys as strings, as JSON carries them (the export writes cases as JSON; readings read "6" as 6)
OLDER_TABLE = {"score.undertrick-first": {"4": 400, "5": 500, "6": 1100, "7": 1700}}

SPECS_OLDER_TABLE = [
    ("1944", "older-table-down-6-one", "1944/above/down-6-one.yaml", OLDER_TABLE,
     "6H one down under the older table: N–S score 1100 for the first undertrick (not 1000)",
     lambda base: older_table(base, "NS", 1)),
    ("1944", "older-table-down-6-three", "1944/above/down-6-three.yaml", OLDER_TABLE,
     "6D three down under the older table: N–S score 1100 + 2 × 600 = 2300 for the undertricks",
     lambda base: older_table(base, "NS", 3)),
]


def rescored(base, changes, step):
    """The base expectation with the score entries ``changes`` {(side, column): (base value, new value)} changed;
    the base value is checked, so a base whose answer moved no longer fits the step written here."""
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"]
    for (side, column), (old, new) in changes.items():
        assert score[side][column] == old, (base["id"], side, column, score[side][column], old)
        score[side][column] = new
    return expect, step


HONOUR_COUNT_ALT = ("own_trump_honours + own_aces if kind == 'trump' else 2 * own_aces + (1 if own_aces > opp_aces "
                    "or (own_aces == opp_aces and is_main) or (not is_main and opp_tricks < 7) else 0)")
HONOUR_COUNT = {"score.honour-count": HONOUR_COUNT_ALT}
HONOURS_FROM_TRICKS = {"score.honours-from": "tricks-won"}
MAIN_PAIR_BANNED = {"kitty.main-pair-exchange-allowed": {"at_least": 6, "table_cards_from": "forehand"}}
KOTKA_SWAP_BANNED = {"kotka.exchange-allowed": 6}
EITHER_BID_BANS = {"defenders-exchange.banned-by-whose-bid": "either"}
ROUND_TO_FIVE = {"match.final-rounding": 5}


def grandi_two_two_cancelled(base):
    return rescored(base, {("NS", "above"): (3100, 3150)}, (
        "Under the reading score.honour-count = S000's literal grandi formula (\"the number of aces times two, "
        "plus one\" for the side that alone counts its honours when the final bidder's side took fewer than 7 "
        "tricks): the main pair E–W took 6 < 7 tricks, so its honours stay cancelled and only N–S count; N–S "
        "hold 2 aces at the start of play (N ♦A, S ♣A), so they count 2 × 2 + 1 = 5 instead of 2 × 2 = 4 (no "
        "majority, not the final bidder). Honours 10 × 5 × 5 = 250 instead of 200; no knock. N–S above 2500 + "
        "200 + 200 + 250 = 3150; the tricks, the below-the-line points and E–W's entries are unchanged."))


def grandi_three_one_cancelled(base):
    return rescored(base, {("NS", "above"): (2800, 2850)}, (
        "Under the reading score.honour-count = S000's literal grandi formula (\"the number of aces times two, "
        "plus one\" for the side that alone counts its honours when the final bidder's side took fewer than 7 "
        "tricks): the main pair E–W took 6 < 7 tricks, so its honours stay cancelled and only N–S count; N–S "
        "hold 1 ace at the start of play (N ♣A), fewer than E–W's 3, so by default they count 2 × 1 = 2 (no "
        "majority, not the final bidder), and under the literal formula 2 × 1 + 1 = 3 whatever the split. "
        "Honours 10 × 5 × 3 = 150 instead of 100; no knock. N–S above 2500 + 200 + 150 = 2850; the tricks, the "
        "below-the-line points and E–W's entries (the crown of W's three aces, 400) are unchanged."))


def honours_from_tricks_source_example(base):
    return rescored(base, {("NS", "above"): (920, 880)}, (
        "Under the reading score.honours-from = tricks-won (S000's author's own preference): each side counts the "
        "aces and trump honours in the tricks it won; crowns and sequences stay those of the hands at play. E–W "
        "won T1 (E:AC S:5C W:2C N:TC), T5 (N:AH E:8S S:6H W:2H), T7 (N:KH E:9S S:TH W:3H) and T9 (N:9H E:2D "
        "S:JH W:QH): aces ♣A ♥A = 2, no spade above the 9, so E–W count 0 + 2 = 2. N–S won the other nine: aces "
        "♠A (T3) and ♦A (T13) = 2; trump honours ♠A (T3), ♠K (T4), ♠T (T8), ♠J (T10), ♠Q (T12) = 5; 5 + 2 = 7 "
        "(the ♠A counting twice) instead of the 8 held at play (the ♥A held by N went to E–W). N–S hold more "
        "(7 against 2) and took 9 ≥ 7 tricks: 10 × 4 × 7 = 280 instead of 320; no knock. N–S above 600 "
        "(sequence) + 280 = 880; E–W's 400 and the below-the-line points are unchanged."))


def honours_from_tricks_all_thirteen(base):
    return rescored(base, {("EW", "above"): (3800, 3850)}, (
        "Under the reading score.honours-from = tricks-won: E–W (5D by W) won all 13 tricks, so they count all "
        "four aces and the trump honours ♦A K Q J T: 5 + 4 = 9 (the ♦A counting twice) instead of the 8 held at "
        "play (N–S held the ♥A); N–S count none. 10 × 5 × 9 = 450 instead of 400; the crown (three aces in W's "
        "hand when play began) and the sequence stay as they were. E–W above 2000 + 400 + 200 + 800 + 450 = "
        "3850; below unchanged (65 + the first game's 200 = 265)."))


def main_pair_banned_alkupeli(base):
    assert base["actions"][13] == "N give S 2S 4S 4C 6D"
    return {"error": {"index": 13, "code": "wrong-phase"}}, (
        "Under the reading kitty.main-pair-exchange-allowed = {at_least: 6, table_cards_from: forehand} (S000's "
        "bidding section taken literally): the other side E–W's first bid was E's 6H, at level 6, so the main "
        "pair N–S exchanges no cards. After the first auction (actions 0-12) the table cards 8C 4S 8D 6D are "
        "dealt one each from the forehand E (the dealer N's left): E 8C, S 4S, W 8D, N 6D, with no action, and "
        "the second auction begins with N, the highest bidder, to call. Action 13 \"N give S 2S 4S 4C 6D\" is "
        "N's turn but a give, which the auction does not accept: wrong-phase at index 13.")


def kotka_swap_banned(base):
    assert base["actions"][14] == "W give E 6D QS QH QD"
    return {"error": {"index": 14, "code": "wrong-phase"}}, (
        "Under the reading kotka.exchange-allowed = 6 (S000's bidding section taken literally: no swap when the "
        "other side's first bid was at 6 or more): N–S's first bid is S's 6S, at level 6, so W and E do not "
        "swap. After the first auction (actions 0-13) the second auction begins with W, the highest bidder, to "
        "call. Action 14 \"W give E 6D QS QH QD\" is W's turn but a give, which the auction does not accept: "
        "wrong-phase at index 14.")


KOTKA_PLAY = [
    f"{seat} play {card}"
    for trick in ("N:JD E:4D S:7D W:6D", "N:TH E:5H S:2H W:QH", "W:AS N:2S E:5S S:4S", "W:AC N:2C E:5C S:3C",
                  "W:AD N:2D E:5D S:8D", "W:AH N:6H E:7H S:3H", "W:KS N:3S E:6S S:8S", "W:KC N:4C E:6C S:8C",
                  "W:KD N:3D E:9C S:TD", "W:KH N:7S E:9H S:4H", "W:QS N:9S E:TS S:8H", "W:QC N:7C E:JS S:TC",
                  "W:QD N:9D E:JH S:JC")
    for seat, card in (play.split(":") for play in trick.split())
]


def kotka_played_without_swap(base):
    actions = base["actions"]
    assert actions[14:16] == ["W give E 6D QS QH QD", "E give W 4D 5S 5H 5D"]
    edited = [*actions[:14], "W pass", "E pass", "W pass", "E pass", "N pass", "S pass", *KOTKA_PLAY]
    expect = {"result": {"contract": {"declarer": "W", "bid": "6G", "doubling": 0}, "tricks": {"NS": 1, "EW": 12},
                         "score": {"NS": {"below": 6, "above": 0}, "EW": {"below": 272, "above": 4740}}}}
    step = (
        "Under the reading kotka.exchange-allowed = 6, with the base's actions edited: the first auction "
        "(actions 0-13) is kept; the swap \"W give E 6D QS QH QD\" and \"E give W 4D 5S 5H 5D\" (actions 14-15), "
        "illegal under the reading (N–S's first bid 6S is at level 6, so W and E do not swap), are left out, and "
        "the rest is a new second auction, knocks and play from the dealt hands. Second auction W:pass E:pass "
        "W:pass E:pass (actions 14-17): contract 6G by W. No defenders' exchange in a kotka. N and S pass (no "
        "knock, actions 18-19). W keeps the dealt ♠AKQ ♥AKQ ♦AKQ6 ♣AKQ; N ♠9732 ♥T6 ♦J932 ♣742; E ♠JT65 "
        "♥J975 ♦54 ♣965; S ♠84 ♥8432 ♦T87 ♣JT83. Play (6G, no trumps), N leads: T1 N:JD E:4D S:7D W:6D → N "
        "(the ♦J beats W's ♦6). T2 N:TH E:5H S:2H W:QH → W. W then wins T3-T13, leading his top cards: T3 "
        "W:AS N:2S E:5S S:4S, T4 W:AC N:2C E:5C S:3C, T5 W:AD N:2D E:5D S:8D, T6 W:AH N:6H E:7H S:3H, T7 W:KS "
        "N:3S E:6S S:8S, T8 W:KC N:4C E:6C S:8C, T9 W:KD N:3D E:9C S:TD, T10 W:KH N:7S E:9H S:4H, T11 W:QS "
        "N:9S E:TS S:8H, T12 W:QC N:7C E:JS S:TC, T13 W:QD N:9D E:JH S:JC (every card follows suit while its "
        "holder has the suit led). Tricks NS 1, EW 12. Below: EW 12 × 6 = 72, NS 1 × 6 = 6; E–W reach 60 from "
        "0: their first game, 200 below, so E–W below 272. 6G needs 12 tricks: made, no overtrick. E–W above: "
        "contract 3000; crown, four aces in W's hand, 400 × 2 (grandi) = 800; sequences ♠AKQ ♥AKQ ♦AKQ ♣AKQ in "
        "W's hand, 100 × (3 − 2) each = 400; honours in grandi 2 × 4 aces + 1 = 9 against N–S's 0, the main "
        "pair took 12 ≥ 7: 10 × 6 × 9 = 540. Sum 3000 + 800 + 400 + 540 = 4740. N–S above nothing. Without the "
        "reading W must give E four cards after the first auction, and action 14 \"W pass\" is wrong-phase.")
    return expect, step, edited


def either_bid_bans_exchange(base):
    assert base["actions"][21] == "E give W 2D"
    return {"error": {"index": 21, "code": "exchange-forbidden"}}, (
        "Under the reading defenders-exchange.banned-by-whose-bid = either (the bidding section's wording: "
        "either side's opening bid at 6 or 7 forbids the defenders' exchange): the defenders E–W's first bid "
        "was E's 6H, at level 6, so the exchange is banned although the main pair's first bid (1S) was low. "
        "Actions 0-20 are as in the base; action 21 \"E give W 2D\" offers the banned exchange: "
        "exchange-forbidden at index 21.")


def round_to_five(base, quotient, book, rounded):
    expect = copy.deepcopy(base["expect"])
    final = expect["match"]["final"]
    assert final["book"] == book, (base["id"], final)
    final["book"] = rounded
    step = (f"Under the reading match.final-rounding = 5 (S000 allows rounding the result to the nearest five): "
            f"the sheets and totals are unchanged, difference {final['difference']}, quotient {quotient}; the "
            f"nearest multiple of five is {rounded} (instead of the whole number {book}), so the book entry is "
            f"{rounded}.")
    return expect, step


def plays(*tricks):
    """The play actions of tricks written "N:AS E:3S S:4S W:6S", in play order."""
    return [f"{seat} play {card}" for trick in tricks for seat, card in (p.split(":") for p in trick.split())]


EITHER_PLAY = ("E:7C S:9C W:TC N:KC", "N:AS E:3S S:5S W:2S", "N:AD E:2D S:5D W:4D", "N:KS E:7S S:TS W:6S",
               "N:KD E:3D S:6D W:7D", "N:QS E:9S S:5H W:8S", "N:AH E:8H S:6H W:2H", "N:JD E:9D S:QD W:TD",
               "S:QH W:3H N:KH E:3C", "N:AC E:4C S:QC W:JC", "N:4S E:2C S:7H W:JS", "W:4H N:8C E:6C S:TH",
               "S:JH W:9H N:8D E:5C")


def either_bid_played_without_exchange(base):
    actions = base["actions"]
    assert actions[21:25] == ["E give W 2D", "W give E 2S", "E pass", "W pass"]
    edited = [*actions[:21], "E pass", "W pass", *plays(*EITHER_PLAY)]
    step = (
        "Under the reading defenders-exchange.banned-by-whose-bid = either, with the base's actions edited: "
        "actions 0-20 (both auctions and the main pair's exchange) are kept; the defenders' exchange \"E give "
        "W 2D\", \"W give E 2S\" (actions 21-22), banned under the reading because E–W's first bid 6H was at "
        "level 6, is left out, so after the second auction come the knocks: E passes, W passes (actions 21-22, "
        "no knock). E keeps the ♦2 and W the ♠2: hands at the start of play N ♠AKQ4 ♥AK ♦AKJ8 ♣AK8; E ♠973 ♥8 "
        "♦932 ♣765432; S ♠T5 ♥QJT765 ♦Q65 ♣Q9; W ♠J862 ♥9432 ♦T74 ♣JT. The play is rewritten for these hands "
        "(6G, no trumps, E leads; every card follows suit while its holder has the suit led): T1 E:7C S:9C "
        "W:TC N:KC → N. T2 N:AS E:3S S:5S W:2S → N. T3 N:AD E:2D S:5D W:4D → N. T4 N:KS E:7S S:TS W:6S → N. "
        "T5 N:KD E:3D S:6D W:7D → N. T6 N:QS E:9S S:5H W:8S → N. T7 N:AH E:8H S:6H W:2H → N. T8 N:JD E:9D S:QD "
        "W:TD → S. T9 S:QH W:3H N:KH E:3C → N. T10 N:AC E:4C S:QC W:JC → N. T11 N:4S E:2C S:7H W:JS → W. T12 "
        "W:4H N:8C E:6C S:TH → S. T13 S:JH W:9H N:8D E:5C → S. Tricks NS 12, EW 1, as in the base. Nothing of "
        "the base's score reads E's or W's hand: the contract (6G made exactly), the below-the-line points and "
        "N–S's game, N's crown of four aces, N's ♠AKQ sequence and the grandi honours (N–S 4 aces: 9 against "
        "0) are the base's, so the result is the base's: N–S below 272 above 4440, E–W below 6 above 0. Without "
        "the reading \"E pass\" (action 21) declines the allowed exchange, the knocks then begin with E, and "
        "\"W pass\" (action 22) is not-your-turn.")
    return copy.deepcopy(base["expect"]), step, edited


MAIN_PAIR_PLAY = ("E:7C S:9C W:TC N:KC", "N:AS E:3S S:4S W:6S", "N:AD E:2D S:5D W:4D", "N:KS E:7S S:5S W:8S",
                  "N:KD E:3D S:QD W:7D", "N:QS E:9S S:TS W:JS", "N:AH E:8H S:5H W:2H", "N:JD E:9D S:6H W:8D",
                  "N:2S E:2C S:7H W:3H", "N:AC E:3C S:QC W:JC", "N:KH E:5C S:TH W:4H", "N:6D E:6C S:JH W:TD",
                  "W:9H N:4C E:8C S:QH")


def main_pair_banned_played(base):
    actions = base["actions"]
    assert actions[13:17] == ["N give S 2S 4S 4C 6D", "S give W 2S", "S give N 4S", "S give E 4C"]
    edited = [*actions[:13], "N pass", "S pass", "N pass", "S pass", "E pass", "E pass", "W pass",
              *plays(*MAIN_PAIR_PLAY)]
    step = (
        "Under the reading kitty.main-pair-exchange-allowed = {at_least: 6, table_cards_from: forehand}, with "
        "the base's actions edited: the first auction (actions 0-12) is kept; the main pair's exchange (actions "
        "13-16: \"N give S 2S 4S 4C 6D\" and S's three gifts), illegal under the reading because E–W's first "
        "bid 6H was at level 6, is left out. The table cards 8C 4S 8D 6D are dealt one each from the forehand "
        "E (the dealer N's left), with no action: E 8C, S 4S, W 8D, N 6D. Second auction N:pass S:pass N:pass "
        "S:pass (actions 13-16): contract 6G by N. The defenders' exchange is allowed (the main pair's first "
        "bid 1S is at level 1) and E declines it: E passes (action 17). No knock: E passes, W passes (actions "
        "18-19). Hands at the start of play: N ♠AKQ2 ♥AK ♦AKJ6 ♣AK4; E ♠973 ♥8 ♦932 ♣876532; S ♠T54 ♥QJT765 "
        "♦Q5 ♣Q9; W ♠J86 ♥9432 ♦T874 ♣JT. Play (6G, no trumps), E leads; every card follows suit while its "
        "holder has the suit led: T1 E:7C S:9C W:TC N:KC → N. T2 N:AS E:3S S:4S W:6S → N. T3 N:AD E:2D S:5D "
        "W:4D → N. T4 N:KS E:7S S:5S W:8S → N. T5 N:KD E:3D S:QD W:7D → N. T6 N:QS E:9S S:TS W:JS → N. T7 "
        "N:AH E:8H S:5H W:2H → N. T8 N:JD E:9D S:6H W:8D → N. T9 N:2S E:2C S:7H W:3H → N (the last spade). T10 "
        "N:AC E:3C S:QC W:JC → N. T11 N:KH E:5C S:TH W:4H → N. T12 N:6D E:6C S:JH W:TD → W. T13 W:9H N:4C E:8C "
        "S:QH → S. Tricks NS 12, EW 1. Below the line: NS 12 × 6 = 72, EW 1 × 6 = 6; N–S reach 60 from 0: "
        "their first game, 200 below, so N–S below 272, E–W 6. 6G needs 12 tricks: made, no overtrick. N–S "
        "above: contract 3000; crown, four aces in N's hand, 400 × 2 (grandi) = 800; sequence N ♠AKQ (3 from "
        "the ace; the ♥AK, ♦AK and ♣AK are too short) 100 × (3 − 2) = 100; honours in grandi N–S 4 aces: 2 × 4 "
        "+ 1 = 9 against E–W's 0, the main pair took 12 ≥ 7: 10 × 6 × 9 = 540. Sum 4440. E–W above nothing. "
        "The result equals the base's, by another exchange and play. Without the reading N must give after the "
        "first auction, and \"N pass\" (action 13) is wrong-phase.")
    return copy.deepcopy(base["expect"]), step, edited


def grandi_two_two_cancelled_at_4(base):
    actions = base["actions"]
    assert actions[13] == "W bid 5G"
    edited = [*actions[:13], "W bid 4G", *actions[14:]]
    expect = copy.deepcopy(base["expect"])
    result = expect["result"]
    result["contract"]["bid"] = "4G"
    result["score"] = {"NS": {"below": 28, "above": 2200}, "EW": {"below": 24, "above": 0}}
    step = (
        "Under the reading score.honour-count = S000's literal grandi formula, with one action of the base "
        "edited: action 13, W's second-auction bid, is \"W bid 4G\" instead of \"W bid 5G\" (legal with or "
        "without the reading: above the first auction's 1G and at the second auction's minimum level 4); every "
        "other action is the base's. Contract 4G by W; the exchanges, the hands and the play are the base's, "
        "so the tricks are NS 7, EW 6. Below the line (own tricks × level 4): NS 7 × 4 = 28, EW 6 × 4 = 24; "
        "nobody reaches 60. 4G needs 10 tricks; E–W took 6: failed by 4. N–S above: undertricks at level 4 "
        "400 + 3 × 400 = 1600; sequences N ♦AKQJ and S ♣AKQJ 200 each (no level in them); honours: the main "
        "pair E–W took 6 < 7 tricks, so its honours are cancelled and only N–S count: under the reading 2 × "
        "their 2 aces + 1 = 5 (by default 2 × 2 = 4), 10 × 4 × 5 = 200 (by default 160). No knock. N–S above "
        "1600 + 200 + 200 + 200 = 2200 (by default 2160); E–W above nothing.")
    return expect, step, edited


SPECS = [
    *SPECS_OLDER_TABLE,
    ("1944", "honour-count-grandi-two-two-cancelled", "1944/honours/grandi-two-two-cancelled.yaml", HONOUR_COUNT,
     "5G by W fails with 6 tricks, aces 2–2: under S000's literal formula N–S count 2 × 2 + 1 = 5 honours, 250",
     grandi_two_two_cancelled),
    ("1944", "honour-count-grandi-4G-two-two-cancelled", "1944/honours/grandi-two-two-cancelled.yaml",
     HONOUR_COUNT,
     "The same deal bid to 4G and failing by 4: N–S count 2 × 2 + 1 = 5 honours under S000's formula, 200",
     grandi_two_two_cancelled_at_4),
    ("1944", "honour-count-grandi-three-one-cancelled", "1944/honours/grandi-three-one-cancelled.yaml",
     HONOUR_COUNT,
     "5G by W fails with 6 tricks, aces 3–1: under S000's literal formula N–S's one ace counts 2 × 1 + 1 = 3, 150",
     grandi_three_one_cancelled),
    ("1944", "honours-from-tricks-source-example-1", "1944/below/source-example-1-4S-nine-tricks.yaml",
     HONOURS_FROM_TRICKS,
     "S000 example 1 with honours counted from the tricks won: N–S 7 honours (the ♥A went to E–W), 280",
     honours_from_tricks_source_example),
    ("1944", "honours-from-tricks-all-thirteen", "1944/above/made-5-two-overtricks.yaml", HONOURS_FROM_TRICKS,
     "5D by W with all thirteen tricks, honours from the tricks won: E–W count all 9 honours, 450",
     honours_from_tricks_all_thirteen),
    ("1944", "main-pair-exchange-banned-defender-opened-6", "1944/defenders-exchange/allowed-defender-opened-6.yaml",
     MAIN_PAIR_BANNED,
     "E–W opened 6H, so under S000's literal ban N–S exchange no table cards: N's give is wrong-phase",
     main_pair_banned_alkupeli),
    ("1944", "kotka-swap-banned-give-refused", "1944/auction/kotka-strain-order.yaml", KOTKA_SWAP_BANNED,
     "Kotka with N–S's first bid at 6: under S000's literal ban W and E may not swap, W's give is wrong-phase",
     kotka_swap_banned),
    ("1944", "kotka-swap-banned-played-without-swap", "1944/auction/kotka-strain-order.yaml", KOTKA_SWAP_BANNED,
     "The kotka-strain-order deal played without the swap under S000's literal ban: 6G by W made, E–W 4740",
     kotka_played_without_swap),
    ("1944", "either-bid-bans-exchange-defender-opened-6", "1944/defenders-exchange/allowed-defender-opened-6.yaml",
     EITHER_BID_BANS,
     "E opened 6H: when either side's opening bid bans the defenders' exchange, E's give is exchange-forbidden",
     either_bid_bans_exchange),
    ("1944", "main-pair-exchange-banned-played", "1944/defenders-exchange/allowed-defender-opened-6.yaml",
     MAIN_PAIR_BANNED,
     "E–W opened 6H: under S000's literal ban the table cards go one each from the forehand; 6G by N made",
     main_pair_banned_played),
    ("1944", "either-bid-bans-exchange-played", "1944/defenders-exchange/allowed-defender-opened-6.yaml",
     EITHER_BID_BANS,
     "E opened 6H, so the defenders may not exchange: the deal played without it, 6G by N made as in the base",
     either_bid_played_without_exchange),
    ("1944", "round-to-five-negative", "1944/match/set-final-not-rounded-to-five.yaml", ROUND_TO_FIVE,
     "The set with difference −3780: −37.8 rounded to the nearest five is −40 (not −38)",
     lambda base: round_to_five(base, "−3780 / 100 = −37.8", -38, -40)),
    ("1944", "round-to-five-positive", "1944/match/set-final-half-away-positive.yaml", ROUND_TO_FIVE,
     "The set with difference +1650: 16.5 rounded to the nearest five is 15 (not 17)",
     lambda base: round_to_five(base, "1650 / 100 = 16.5", 17, 15)),
]


# ---------------------------------------------------------------------------- code-mutation gaps
# A case may pin a rule to its stated value, the ruleset's own default (INTERPRETING §4): the answer is the base
# case's, unchanged. These kill code mutants of an engine's table of accepted values that no case pinned.
def default_pinned(base, rule, value):
    step = (f"The case pins {rule} = {value}, the value the ruleset states (spec/rulesets/skruuvi-1944.yaml), so "
            f"the record is played exactly as without the pin: the base case's answer, unchanged.")
    return copy.deepcopy(base["expect"]), step


SPECS_CODE_MUTATION = [
    ("1944", "default-table-pinned-down-6-one", "1944/above/down-6-one.yaml",
     {"score.undertrick-first": {"4": 400, "5": 500, "6": 1000, "7": 1700}},
     "6H one down with score.undertrick-first pinned to its stated table: the same answer as without the pin",
     lambda base: default_pinned(base, "score.undertrick-first", "{4: 400, 5: 500, 6: 1000, 7: 1700}")),
    ("1944", "default-rounding-pinned-half-away-positive", "1944/match/set-final-half-away-positive.yaml",
     {"match.final-rounding": 1},
     "The set with difference +1650 with match.final-rounding pinned to its stated 1: 16.5 rounds to 17, as without "
     "the pin", lambda base: default_pinned(base, "match.final-rounding", 1)),
]
SPECS += SPECS_CODE_MUTATION

