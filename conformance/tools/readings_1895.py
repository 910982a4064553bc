"""The readings cases of 1895 (conformance/cases/1895/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand).
"""
import copy


def times(value, k):
    """Every point figure of a score times ``k`` (the 1895 scale: games and the book are counts, kept)."""
    if isinstance(value, dict):
        return {key: (v if key in ("games", "book") else times(v, k)) for key, v in value.items()}
    return value * k if isinstance(value, int) and not isinstance(value, bool) else value


def scale_ten(base):
    expect = copy.deepcopy(base["expect"])
    expect["result"]["score"] = times(expect["result"]["score"], 10)
    shown = expect["result"]["score"]
    step = ("Under the reading score.scale = 10 (the figures as printed in the 1895 manual, PSW): every point "
            "figure of the ruleset is multiplied by 10 and the game threshold becomes 600, so the same running "
            "counts win the same games (none here); the contract, the tricks and the play are unchanged. Each "
            "score entry of the base derivation times 10: "
            + "; ".join(f"{side} below {s['below']} above {s['above']}" for side, s in shown.items()) + ".")
    return expect, step


SPECS_SCALE = [
    ("1895", "scale-ten-three-trump", "1895/aces/three-trump.yaml", {"score.scale": 10},
     "The base three-trump deal with the 1895 manual's printed figures (score.scale 10): every point × 10",
     scale_ten),
    ("1895", "scale-ten-four-trump-two-hands", "1895/aces/four-trump-two-hands.yaml", {"score.scale": 10},
     "The four-aces-in-two-hands deal with the printed figures (score.scale 10): every point × 10",
     scale_ten),
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


FLAT = {"score.honours-and-aces-per-card": 0}
PARLETT = {"match.rubber": [{"form": "alkupeli", "until_games": 2}, {"form": "alkupeli", "deals": 4}]}
TWELVE_PASSES = {"auction.end-eight-passes": 12}
PASSIMISAARI = {"auction.all-pass": "passimisaari"}
OSTOSKRUUVI = {"kitty.choice": "ostoskruuvi"}
PAKETTISKRUUVI = {"kitty.choice": "pakettiskruuvi"}


def flat_no_trump_four(base):
    return rescored(base, {("NS", "above"): (100, 25)}, (
        "Under the reading score.honours-and-aces-per-card = 0 (PSW's figure as it stands: the majority side "
        "scores the unit × the level once, however many cards it holds): no honours at no trump; N–S hold all "
        "four aces, so they score the no-trump ace unit 25 × level 1 once = 25 instead of 25 × 1 × 4 = 100. N–S "
        "above 25; below the line (9 and 4) and E–W unchanged."))


def flat_both_sides(base):
    return rescored(base, {("NS", "above"): (60, 20), ("EW", "above"): (640, 620)}, (
        "Under the reading score.honours-and-aces-per-card = 0: N–S hold 3 honours (♠K Q J) against 2, so they "
        "score honours 10 × 2 once = 20 instead of 10 × 2 × 3 = 60; the aces are 2–2 and E–W took the odd "
        "trick, so E–W score aces 10 × 2 once = 20 instead of 10 × 2 × 2 = 40; their undertricks 100 × 2 × 3 = "
        "600 stay. N–S above 20; E–W above 600 + 20 = 620; below the line unchanged."))


FLAT_UNDER = {"score.undertricks-per-trick": 0}
FLAT_UNDER_READING = ("Under the reading score.undertricks-per-trick = 0 (PSW's \"Undertricks 100 × level of bid\" "
                      "taken as it stands): a failed contract gives the opponents 100 × the level once, however many "
                      "tricks it is short.")


def flat_undertricks(base, side, level, short, rest):
    """The base's undertricks (100 × level × short, in ``side``'s above column, besides ``rest``) scored once."""
    per = 100 * level * short
    return rescored(base, {(side, "above"): (per + rest, 100 * level + rest)}, (
        f"{FLAT_UNDER_READING} The contract is at level {level} and {short} tricks short: {side} score 100 × "
        f"{level} = {100 * level} once instead of 100 × {level} × {short} = {per}; the rest of {side}'s above "
        f"({rest}) and everything else stay the base's. {side} above {rest} + {100 * level} = {100 * level + rest}."))


def parlett(base, deals, games_step):
    assert len(base["match"]["deals"]) == deals
    return {"error": {"deal": deals, "index": None, "code": "incomplete-record"}}, (
        f"Under the reading match.rubber = two won games, then four extra deals (Parlett's rubber of Estonian "
        f"Vint): {games_step} By default the rubber ends there; under the reading four extra deals follow the "
        f"second game, and the record ends after deal {deals - 1}, before the first of them: the set is not "
        f"complete, incomplete-record at deal {deals} (the number of deals given), index null.")


def twelve_passes_refused(base, bid_index, next_seat):
    actions = base["actions"]
    passes = actions[bid_index + 1:bid_index + 9]
    assert len(passes) == 8 and all(a.endswith(" pass") for a in passes)
    nxt = actions[bid_index + 9]
    assert not nxt.startswith(next_seat + " ")
    return {"error": {"index": bid_index + 9, "code": "not-your-turn"}}, (
        f"Under the reading auction.end-eight-passes = 12 (the 1886 Moscow rule book as PV reports it): the "
        f"last bid is action {bid_index} ({actions[bid_index]}); actions {bid_index + 1}-{bid_index + 8} are "
        f"its eight passes, which no longer end the auction: it needs twelve consecutive passes, so the auction "
        f"goes on with {next_seat} to call (the seat after the eighth passer, {passes[-1].split()[0]}). Action "
        f"{bid_index + 9} \"{nxt}\" is not {next_seat}'s: not-your-turn at index {bid_index + 9}.")


def twelve_passes_played(base, bid_index, extra):
    actions = base["actions"]
    assert all(a.endswith(" pass") for a in actions[bid_index + 1:bid_index + 9])
    edited = [*actions[:bid_index + 9], *extra, *actions[bid_index + 9:]]
    quoted = ", ".join('"' + a + '"' for a in extra)
    return copy.deepcopy(base["expect"]), (
        f"Under the reading auction.end-eight-passes = 12, with the base's actions edited: after the eight "
        f"passes that end the base's auction (actions {bid_index + 1}-{bid_index + 8}), four more passes "
        f"{quoted} are inserted (actions {bid_index + 9}-{bid_index + 12}), each by the seat whose "
        f"turn it is, clockwise; with them twelve consecutive passes follow the last bid "
        f"({actions[bid_index]}) and the auction ends with the same contract and declarer. Every later action "
        f"is the base's, shifted by four, and nothing after the auction reads the number of passes: the play "
        f"and the score are the base's. Without the reading the auction ends at the eighth pass and action "
        f"{bid_index + 9} \"{extra[0]}\" is refused."), edited


def passimisaari_waits(base, forehand, partner):
    assert base["actions"] == [f"{base['deal']['dealer']} pass", *base["actions"][1:]] and len(base["actions"]) == 4
    return {"error": {"index": 4, "code": "incomplete-record"}}, (
        f"Under the reading auction.all-pass = passimisaari (the all-pass misère, NF 1917, S002): the four "
        f"passes do not throw the deal in; it is played as an all-pass misère. The four centre cards are dealt "
        f"one each, the forehand {forehand} (the dealer's left) first, with no action; then the exchange waits "
        f"for the forehand {forehand} to give his partner {partner} one card. The record ends after the four "
        f"passes: incomplete-record at index 4 (the number of actions).")


def choose_refused(base, reading):
    actions = base["actions"]
    index = next(i for i, a in enumerate(actions) if " choose " in a)
    return {"error": {"index": index, "code": "wrong-phase"}}, (
        f"Under the reading kitty.choice = {reading} (a table that played only that procedure): the procedure "
        f"is fixed, so after taking the centre cards the taker has nothing to choose and must give at once. "
        f"Action {index} \"{actions[index]}\" is the taker's turn but a choose where nothing is to be chosen: "
        f"wrong-phase at index {index} (as the entry choice-not-offered of spec/errors.yaml says).")


def choose_left_out(base, reading):
    actions = base["actions"]
    index = next(i for i, a in enumerate(actions) if " choose " in a)
    assert actions[index].endswith(" choose " + reading)
    edited = actions[:index] + actions[index + 1:]
    return copy.deepcopy(base["expect"]), (
        f"Under the reading kitty.choice = {reading}, with the base's actions edited: the procedure is fixed, "
        f"so action {index} \"{actions[index]}\", which would be wrong-phase under the reading, is left out; "
        f"the taker then gives at once (\"{actions[index + 1]}\" becomes action {index}), by the same "
        f"procedure the base chose, and every later action is the base's, shifted by one. The gifts, the play "
        f"and the score are the base's. Without the reading the taker must choose first, and the give at "
        f"index {index} is wrong-phase."), edited


PASSIMISAARI_PLAY = ("S:4S W:TS N:2S E:6S", "W:2C N:4D E:3C S:4C", "S:5S W:5C N:3S E:KS", "E:2H S:3H W:9H N:4H",
                     "W:7C N:9D E:6C S:TC", "S:8S W:8C N:7S E:5D", "S:JS W:JC N:9S E:TD", "S:QS W:AC N:AS E:JD",
                     "N:8H E:5H S:6H W:2D", "N:JH E:7H S:TH W:6D", "N:QH E:AH S:KH W:7D", "E:9C S:QC W:8D N:QD",
                     "S:3D W:KD N:AD E:KC")


def passimisaari_played(base):
    actions = base["actions"]
    assert actions == ["E pass", "S pass", "W pass", "N pass"] and base["deal"]["centre"] == ["4S", "2D", "JH", "KC"]
    plays = [f"{seat} play {card}" for trick in PASSIMISAARI_PLAY for seat, card in (p.split(":") for p in trick.split())]
    edited = [*actions, "S give N 3D", "W give E 2D", "N give S 3D", "E give W 2D", *plays]
    expect = {"result": {"contract": None, "tricks": {"NS": 9, "EW": 4},
                         "score": {"NS": {"below": 0, "above": 0}, "EW": {"below": 0, "above": 500}}}}
    step = (
        "Under the reading auction.all-pass = passimisaari, with actions added after the base's four passes "
        "(actions 0-3, kept): the deal is not thrown in but played as an all-pass misère. The centre cards "
        "4S 2D JH KC are dealt one each, the forehand S (the dealer E's left) first, then clockwise, with no "
        "action: S 4S, W 2D, N JH, E KC. Exchange (passimisaari.exchange): the forehand S gives his partner N "
        "one card, \"S give N 3D\" (action 4); the dealer's partner W gives the dealer E one, \"W give E 2D\" "
        "(5); then the forehand's partner N and the dealer E each give one back, \"N give S 3D\" (6) and \"E "
        "give W 2D\" (7): the card given back may be the one received (passimisaari.same-card-may-return), so "
        "the hands stay as dealt. Hands at the start of play: N ♠A9732 ♥QJ84 ♦AQ94; E ♠K6 ♥A752 ♦JT5 ♣K963; S "
        "♠QJ854 ♥KT63 ♦3 ♣QT4; W ♠T ♥9 ♦K8762 ♣AJ8752. Play (no trumps), the forehand S leads; every card "
        "follows suit while its holder has the suit led (actions 8-59): T1 S:4S W:TS N:2S E:6S → W. T2 W:2C "
        "N:4D E:3C S:4C → S. T3 S:5S W:5C N:3S E:KS → E. T4 E:2H S:3H W:9H N:4H → W. T5 W:7C N:9D E:6C S:TC "
        "→ S. T6 S:8S W:8C N:7S E:5D → S. T7 S:JS W:JC N:9S E:TD → S. T8 S:QS W:AC N:AS E:JD → N. T9 N:8H "
        "E:5H S:6H W:2D → N. T10 N:JH E:7H S:TH W:6D → N. T11 N:QH E:AH S:KH W:7D → E. T12 E:9C S:QC W:8D "
        "N:QD → S. T13 S:3D W:KD N:AD E:KC → N. Tricks NS 9, EW 4. Scoring (the passimisaari scheme, "
        "score.passimisaari-difference, alone): nobody scores below the line; E–W took fewer tricks, 4 against "
        "9, and score 100 × (9 − 4) = 500 above; N–S nothing. No contract. Result: N–S below 0 above 0; E–W "
        "below 0 above 500. Without the reading the four passes are a redeal and action 4 comes after the "
        "deal is over (not-your-turn).")
    return expect, step, edited


ROTATE = {"N": "E", "E": "S", "S": "W", "W": "N"}


def passimisaari_played_rotated(base):
    """passimisaari_played with every seat moved one place clockwise: the sides' tricks swap."""
    expect, _, actions = passimisaari_played(base)
    deal = copy.deepcopy(base["deal"])
    deal["dealer"] = ROTATE[deal["dealer"]]
    deal["hands"] = {ROTATE[seat]: cards for seat, cards in base["deal"]["hands"].items()}
    deal["hands"] = {seat: deal["hands"][seat] for seat in "NESW"}
    moved = []
    for action in actions:
        words = action.split()
        words[0] = ROTATE[words[0]]
        if words[1] == "give":
            words[2] = ROTATE[words[2]]
        moved.append(" ".join(words))
    expect = {"result": {"contract": None, "tricks": {"NS": 4, "EW": 9},
                         "score": {"NS": {"below": 0, "above": 500}, "EW": {"below": 0, "above": 0}}}}
    step = (
        "Under the reading auction.all-pass = passimisaari: the deal of 1895.readings.passimisaari-played with every "
        "seat moved one place clockwise (N's cards to E, E's to S, S's to W, W's to N; the dealer E becomes S) and "
        "every action's seats moved the same way (\"E pass\" becomes \"S pass\", \"S give N 3D\" becomes \"W "
        "give E 3D\", \"S play 4S\" becomes \"W play 4S\", ...). Every rule of the all-pass misère counts seats "
        "from the dealer (the centre dealt from the forehand, the gifts of the forehand and the dealer's "
        "partner, the forehand's lead), so each action is legal exactly where its unmoved one was, and each "
        "trick is won by the seat after the one that won it there: N–S's 9 tricks become E–W's, E–W's 4 become "
        "N–S's. Tricks NS 4, EW 9. Scoring (score.passimisaari-difference alone): N–S took fewer tricks, 4 "
        "against 9, and score 100 × (9 − 4) = 500 above; E–W nothing. Result: N–S below 0 above 500; E–W below "
        "0 above 0. Without the reading the four passes are a redeal and action 4 is not-your-turn.")
    return expect, step, {"deal": deal, "actions": moved}


SEATS = "NESW"
# the cards of 1895.auction.redeal-four-passes (a seeded shuffle, seed 0), dealt again in the passed-out deals below
REDEAL_HANDS = {
    "hands": {"N": ["AS", "9S", "7S", "3S", "2S", "QH", "8H", "4H", "AD", "QD", "9D", "4D"],
              "E": ["KS", "6S", "AH", "7H", "5H", "2H", "JD", "TD", "5D", "9C", "6C", "3C"],
              "S": ["QS", "JS", "8S", "5S", "KH", "TH", "6H", "3H", "3D", "QC", "TC", "4C"],
              "W": ["TS", "9H", "KD", "8D", "7D", "6D", "AC", "JC", "8C", "7C", "5C", "2C"]},
    "centre": ["4S", "2D", "JH", "KC"],
}


def parlett_four_redeals(base, redeal_hands):
    """The base rubber with four passed-out deals after its last: under Parlett's rubber, the four extra deals."""
    match = copy.deepcopy(base["match"])
    last = match["deals"][-1]["deal"]["dealer"]
    extra = []
    for k in range(1, 5):
        dealer = SEATS[(SEATS.index(last) + k) % 4]
        deal = {"form": "alkupeli", "dealer": dealer, **copy.deepcopy(redeal_hands)}
        extra.append({"deal": deal, "actions": [f"{SEATS[(SEATS.index(dealer) + i) % 4]} pass" for i in range(4)]})
    match["deals"] += extra
    expect = copy.deepcopy(base["expect"])
    sheets = expect["match"]["sheets"]
    sheets += [copy.deepcopy(sheets[-1]) for _ in extra]
    dealers = ", ".join(e["deal"]["dealer"] for e in extra)
    step = (
        f"Under the reading match.rubber = two won games, then four extra deals, with four deals added to the "
        f"base's record: after N–S's second game (deal {len(base['match']['deals']) - 1}) the rubber goes on for "
        f"four extra deals, deals {len(base['match']['deals'])}-{len(match['deals']) - 1}, dealt by {dealers} "
        f"(match.dealer-rotation: each deal, a redeal included, by the previous dealer's left). Each added deal "
        f"holds the cards of 1895.auction.redeal-four-passes with its own dealer, and its four calls are passes, "
        f"the dealer first: a redeal (auction.all-pass), which scores nothing and leaves the running counts and "
        f"games as they were (redeal.scores-nothing); as the reading's note says, a redeal counts as one of the "
        f"four extra deals. So the sheet after each added deal is the sheet after the base's last deal, the "
        f"rubber is complete after the fourth, and the final accounting is the base's: NS {expect['match']['final']['NS']}, "
        f"EW {expect['match']['final']['EW']}, difference {expect['match']['final']['difference']}, book "
        f"{expect['match']['final']['book']}. Without the reading the first added deal overruns the rubber "
        f"(match-overrun at deal {len(base['match']['deals'])}).")
    return expect, step, {"match": match}


SPECS = [
    *SPECS_SCALE,
    ("1895", "flat-honours-no-trump-four-aces", "1895/aces/no-trump-four.yaml", FLAT,
     "1G by N with all four aces, scored flat (PSW as it stands): 25 once, not 25 × 4", flat_no_trump_four),
    ("1895", "flat-honours-both-sides-score", "1895/aces/two-two-defenders-odd-trick.yaml", FLAT,
     "2S fails: N–S's honours and E–W's aces both scored flat, 10 × 2 once each", flat_both_sides),
    ("1895", "flat-undertricks-four-down", "1895/score/failed-level-5-four-down.yaml", FLAT_UNDER,
     "5D by W four down, undertricks scored flat (PSW as it stands): N–S score 500 once, not 2000",
     lambda base: flat_undertricks(base, "NS", 5, 4, 0)),
    ("1895", "flat-undertricks-two-down", "1895/score/failed-two-undertricks-level-4.yaml", FLAT_UNDER,
     "4H by E two down, undertricks scored flat: N–S score 400 once besides their sequence, not 800",
     lambda base: flat_undertricks(base, "NS", 4, 2, 100)),
    ("1895", "parlett-rubber-two-nil-four-deals-owed", "1895/match/rubber-2-0.yaml", PARLETT,
     "N–S win 2–0 in three deals; under Parlett's rubber four extra deals are owed: incomplete-record",
     lambda base: parlett(base, 3, "N–S win their second game in deal 2 (the third deal), so the base's "
                                   "rubber is complete after it.")),
    ("1895", "parlett-rubber-two-one-four-deals-owed", "1895/match/rubber-2-1.yaml", PARLETT,
     "N–S win 2–1 in four deals; under Parlett's rubber four extra deals are owed: incomplete-record",
     lambda base: parlett(base, 4, "games E–W 1 (deal 0), N–S 1 (deal 1), none (deal 2), N–S 2 (deal 3): "
                                   "N–S win their second game in the fourth deal.")),
    ("1895", "parlett-rubber-two-nil-four-redeals", "1895/match/rubber-2-0.yaml", PARLETT,
     "N–S win 2–0, then four passed-out deals complete Parlett's rubber: the final is the base's",
     lambda base: parlett_four_redeals(base, REDEAL_HANDS)),
    ("1895", "twelve-passes-fourth-hand-opens", "1895/auction/fourth-hand-opens.yaml", TWELVE_PASSES,
     "W's 1H and eight passes: under the twelve-pass rule the auction goes on, W's choose is not-your-turn",
     lambda base: twelve_passes_refused(base, 3, "N")),
    ("1895", "twelve-passes-last-bidder-raises-own", "1895/auction/last-bidder-raises-own.yaml", TWELVE_PASSES,
     "N's 2S and eight passes: under the twelve-pass rule E is still to call, N's choose is not-your-turn",
     lambda base: twelve_passes_refused(base, 8, "E")),
    ("1895", "twelve-passes-played", "1895/auction/fourth-hand-opens.yaml", TWELVE_PASSES,
     "W's 1H followed by twelve passes: the auction ends under the twelve-pass rule, the deal is the base's",
     lambda base: twelve_passes_played(base, 3, ["N pass", "E pass", "S pass", "W pass"])),
    ("1895", "passimisaari-four-passes", "1895/auction/redeal-four-passes.yaml", PASSIMISAARI,
     "Four passes under the all-pass misère: no redeal, the record stops before the forehand's gift",
     lambda base: passimisaari_waits(base, "S", "N")),
    ("1895", "passimisaari-four-passes-dealer-W", "1895/auction/redeal-keeps-state.yaml", PASSIMISAARI,
     "Dealer W, four passes under the all-pass misère: the record stops before N's gift to S",
     lambda base: passimisaari_waits(base, "N", "S")),
    ("1895", "passimisaari-played", "1895/auction/redeal-four-passes.yaml", PASSIMISAARI,
     "The four-pass deal played as an all-pass misère: N–S take 9 tricks, E–W 4; E–W score 100 × 5 = 500",
     passimisaari_played),
    ("1895", "passimisaari-played-rotated", "1895/auction/redeal-four-passes.yaml", PASSIMISAARI,
     "The same all-pass misère one seat on (dealer S): N–S take 4 tricks, E–W 9; N–S score 100 × 5 = 500",
     passimisaari_played_rotated),
    ("1895", "ostoskruuvi-only-choose-refused", "1895/auction/fourth-hand-opens.yaml", OSTOSKRUUVI,
     "Only ostoskruuvi: W's choose is wrong-phase (nothing to choose)",
     lambda base: choose_refused(base, "ostoskruuvi")),
    ("1895", "ostoskruuvi-only-played", "1895/auction/fourth-hand-opens.yaml", OSTOSKRUUVI,
     "Only ostoskruuvi: W gives at once without choosing; the deal is the base's",
     lambda base: choose_left_out(base, "ostoskruuvi")),
    ("1895", "pakettiskruuvi-only-choose-refused", "1895/deal/deck-first-four-pakettiskruuvi.yaml", PAKETTISKRUUVI,
     "Only pakettiskruuvi: S's choose is wrong-phase (nothing to choose)",
     lambda base: choose_refused(base, "pakettiskruuvi")),
    ("1895", "pakettiskruuvi-only-played", "1895/deal/deck-pairs-pakettiskruuvi.yaml", PAKETTISKRUUVI,
     "Only pakettiskruuvi: E gives his partner four cards at once without choosing; the deal is the base's",
     lambda base: choose_left_out(base, "pakettiskruuvi")),
]


# ---------------------------------------------------------------------------- code-mutation gaps
# A case may pin rules to their stated values, the ruleset's own defaults (INTERPRETING §4): the answer is the
# base case's, unchanged. This kills code mutants of an engine's table of accepted values that no case pinned.
def defaults_pinned(base, pins, played="the rubber is played"):
    step = (f"The case pins {pins}, as the ruleset states (spec/rulesets/skruuvi-1895.yaml), so {played} "
            f"exactly as with no reading pinned: the base case's answer, unchanged.")
    return copy.deepcopy(base["expect"]), step


STATED = {"auction.end-eight-passes": 8, "score.scale": 1, "score.honours-and-aces-per-card": 1,
          "match.rubber": [{"form": "alkupeli", "until_games": 2}]}
SPECS_CODE_MUTATION = [
    ("1895", "defaults-pinned-rubber-with-redeals", "1895/match/rubber-with-redeals.yaml", STATED,
     "The rubber with redeals with four rules pinned to their stated values: the same answer as without the pins",
     lambda base: defaults_pinned(base, "auction.end-eight-passes = 8, score.scale = 1, "
                                        "score.honours-and-aces-per-card = 1 and match.rubber = one stage of alkupelit "
                                        "until two games")),
]
SPECS += SPECS_CODE_MUTATION


# A whole rubber under score.scale = 10 (issue 20, code-mutation gaps): the reading's game threshold 600, game value
# 2000 and book divisor 1000 are reached only by a match record, and the trick-by-trick race only when both sides pass
# the threshold in one deal.
def scale_ten_rubber(base):
    expect = copy.deepcopy(base["expect"])
    match = expect["match"]
    match["sheets"] = [times(sheet, 10) for sheet in match["sheets"]]
    match["final"] = times(match["final"], 10)
    final = expect["match"]["final"]
    step = ("Under the reading score.scale = 10 (the figures as printed in the 1895 manual, PSW): every point figure "
            "is multiplied by 10, the game threshold becomes 600 and a side's k-th game is worth k × 2000, and the "
            "difference is divided by 1000 for the book. Every deal's points, running counts and steps trick by trick "
            "are the base's times 10, so the same deals win the same games (a count reaches 600 exactly when the "
            "base's reached 60, and the same side first), and each sheet's below, above and running figures are the "
            "base's times 10, its games the base's. Final: NS " + str(final["NS"]) + ", EW " + str(final["EW"])
            + ", difference " + str(final["difference"]) + " / 1000 rounded halves away from zero = "
            + str(final["book"]) + ", the base's book (the difference / 100 before).")
    return expect, step


SPECS_CODE_MUTATION += [
    ("1895", "scale-ten-rubber-2-0", "1895/match/rubber-2-0.yaml", {"score.scale": 10},
     "The rubber won 2–0 with the 1895 manual's printed figures (score.scale 10): every point × 10, games at 600",
     scale_ten_rubber),
    ("1895", "scale-ten-rubber-both-reach-600", "1895/match/rubber-both-reach-60.yaml", {"score.scale": 10},
     "The rubber in which both sides pass the threshold in one deal, with the printed figures (score.scale 10): "
     "E–W still reach 600 first, trick by trick",
     scale_ten_rubber),
]
SPECS += SPECS_CODE_MUTATION[-2:]


# ---------------------------------------------------------------------------- issue 34: the last killable survivors
# score.undertricks-per-trick pinned to its stated value, 1 (INTERPRETING §4: the answer is the base's, unchanged), on
# a deal whose undertricks are scored per trick short: it holds an engine's table of accepted values to the stated one.
SPECS += [
    ("1895", "stated-undertricks-per-trick-pinned", "1895/score/failed-level-5-four-down.yaml",
     {"score.undertricks-per-trick": 1},
     "5D by W four down with undertricks pinned to their stated per-trick scoring: N–S score 2000, as without the pin",
     lambda base: defaults_pinned(base, "score.undertricks-per-trick = 1 (undertricks scored per trick short)",
                                  "the deal is played and scored")),
]
