"""The readings cases of 2016 (conformance/cases/2016/readings/), for author_readings.py.

Each entry of SPECS is (era, new name, base case path, readings, description, derive), where
derive(base case) -> (expected answer, the derivation step under the reading, written by hand), or the same
with a third item {"actions": [...]} (or "match") when the new case edits the base's record: its step then
names each changed action and why the reading makes it legal or illegal. Every expectation here is worked out
from the base's derivation and the rule's text; expect_actions() checks that the base's actions are the ones
the step speaks of.
"""
import copy


def centre_two_each_end(base, position):
    step = (f"Under the reading deal.centre-not-top-or-bottom = [0, 1, 50, 51] (S001's plural \"not the first "
            f"cards, not the last cards\" read as two at each end): the record's centre_positions "
            f"{base['deal']['centre_positions']} include position {position}, one of the two "
            f"{'first' if position < 26 else 'last'} cards of the pack, which may not be a centre card, so the "
            f"deal itself is invalid: invalid-deal, index null, before any action.")
    return {"error": {"index": None, "code": "invalid-deal"}}, step


def defenders_nothing(base):
    expect = copy.deepcopy(base["expect"])
    score = expect["result"]["score"]
    main = "NS" if expect["result"]["contract"]["declarer"] in "NS" else "EW"
    other = "EW" if main == "NS" else "NS"
    step = (f"Under the reading score.defenders-receive = nothing (S002: only the main pair's score is written): "
            f"the main pair {main} keeps its {score[main]}; the defenders {other} receive nothing instead of the "
            f"negation {score[other]} (a suit contract, so no rule scores the defenders on their own): "
            f"{other} 0.")
    score[other] = 0
    return expect, step


def first_end_position(base):
    return min(p for p in base["deal"]["centre_positions"] if p in (1, 50))


# --- helpers for the derivations below -----------------------------------------------------------------------

def err(index, code):
    return {"error": {"index": index, "code": code}}


def same(base):
    """The base case's own answer (the reading leaves the record's outcome as it was)."""
    return copy.deepcopy(base["expect"])


def expect_actions(base, index, *actions):
    """Check that the base's actions from ``index`` on are ``actions``: the step's text relies on them."""
    got = base["actions"][index:index + len(actions)]
    assert got == list(actions), f"{base['id']}: actions {index}.. are {got}, the derivation says {list(actions)}"


def scored(base, score):
    expect = copy.deepcopy(base["expect"])
    expect["result"]["score"] = score
    return expect


# --- auction2.final-min-passes = every-pass (ANY) ---------------------------------------------------------

EVERY_PASS = {"auction2.final-min-passes": "every-pass"}
EVERY_PASS_READING = ("Under the reading auction2.final-min-passes = every-pass (ANY's practice): every pass of the "
                      "second auction that would leave the contract below the final minimum (level 5, "
                      "auction2.final-min-level) is illegal, not only the pass that would end the auction.")


def every_pass_partner_raises(base):
    expect_actions(base, 13, "N pass", "S bid 5H")
    return err(13, "final-contract-too-low"), (
        f"{EVERY_PASS_READING} Actions 0-8 (the first auction) and 9-12 (the kitty) are unchanged and legal; the "
        "second auction opens at 13 with N's pass while the contract is still N's 2H, below level 5: "
        "final-contract-too-low at 13. (By default that pass is legal because it does not end the auction, and "
        "S's 5H at 14 follows.)")


def every_pass_after_4h(base):
    expect_actions(base, 13, "N bid 4H", "S pass")
    return err(14, "final-contract-too-low"), (
        f"{EVERY_PASS_READING} N's 4H at 13 is a bid and legal; S's pass at 14 comes while the contract is 4H, "
        "below level 5: final-contract-too-low at 14, before the fourth consecutive pass at 17 that the default "
        "refuses.")


def every_pass_before_4g(base):
    expect_actions(base, 13, "N pass", "S bid 4G")
    return err(13, "final-contract-too-low"), (
        f"{EVERY_PASS_READING} The second auction opens at 13 with N's pass while the contract is N's 1H, below "
        "level 5: final-contract-too-low at 13 (by default S's 4G at 14 follows and only the pass at 18, which "
        "would end the auction at 4G, is refused).")


# --- auction2.end-four-passes = 2 (S001) ------------------------------------------------------------------

TWO_PASSES = {"auction2.end-four-passes": 2}
TWO_PASSES_READING = ("Under the reading auction2.end-four-passes = 2 (S001's \"their two passes\" read as one pass "
                      "each): two consecutive passes end the second auction.")


def two_passes_end(base, first, bid, main, other, defender):
    """The base's second auction is [bid, pass, pass, pass, pass] from ``first``; the first two passes end it."""
    expect_actions(base, first, f"{main} bid {bid}", f"{other} pass", f"{main} pass", f"{other} pass",
                   f"{main} pass", f"{defender} pass")
    return err(first + 3, "not-your-turn"), (
        f"{TWO_PASSES_READING} {main}'s {bid} at {first} is followed by {other}'s pass ({first + 1}) and {main}'s "
        f"pass ({first + 2}): the second auction is over with {bid} by {main} (level 5, at the final minimum). "
        f"The defenders' exchange follows, where {defender} (the declarer's left) acts first; the base's "
        f"'{other} pass' at {first + 3} is not his: not-your-turn at {first + 3}.")


def two_passes_played(base, first, bid, main, other, defender):
    """The base with the second auction's last two passes removed: the base's answer."""
    expect_actions(base, first, f"{main} bid {bid}", f"{other} pass", f"{main} pass", f"{other} pass",
                   f"{main} pass", f"{defender} pass")
    actions = [*base["actions"][:first + 3], *base["actions"][first + 5:]]
    return same(base), (
        f"{TWO_PASSES_READING} The record is the base's with its actions {first + 3} ('{other} pass') and "
        f"{first + 4} ('{main} pass') removed: {main}'s {bid} at {first}, {other}'s pass ({first + 1}) and "
        f"{main}'s pass ({first + 2}) end the second auction with {bid} by {main}, as the base's four passes "
        f"did. The base's later actions follow unchanged from {first + 3} on ({defender} first in the "
        "defenders' exchange, then the doubling and the play), so the hands, the tricks and the score are the "
        f"base case's. (By default the auction is still open after two passes and {other} is to act at "
        f"{first + 3}: '{defender} pass' there is not-your-turn.)"), {"actions": actions}


# --- passimisaari.return-order = reverse (ANY) ------------------------------------------------------------

REVERSE = {"passimisaari.return-order": "reverse"}
REVERSE_READING = ("Under the reading passimisaari.return-order = reverse (ANY's practice): the forehand gives "
                   "first, then the dealer's partner, then the dealer gives his card back before the forehand's "
                   "partner does.")


def reverse_returns_base_order(base):
    expect_actions(base, 4, "E give W 2H", "S give N 2D", "W give E 2C", "N give S 2S")
    return err(6, "not-your-turn"), (
        f"{REVERSE_READING} Dealer N: E (forehand) gives W 2H at 4, S (dealer's partner) gives N 2D at 5; now "
        "the dealer N is to give back, so W's 'W give E 2C' at 6 is out of turn: not-your-turn at 6.")


def reverse_returns_dealer_first(base):
    expect_actions(base, 4, "E give W 2H", "S give N 2D", "W give E 2C", "N give S 2S")
    actions = list(base["actions"])
    actions[6], actions[7] = actions[7], actions[6]
    return same(base), (
        f"{REVERSE_READING} The record is the base's with actions 6 and 7 swapped: E gives W 2H (4), S gives N "
        "2D (5), the dealer N gives S 2S back (6, legal: it is his turn under the reading, and 2S is not the "
        "2D he received), then W gives E 2C back (7, legal: the last return, and not the 2H he received). The "
        "same four cards move between the same seats as in the base case, so the hands at play, the doubling "
        "(8-9), the tricks and the score are the base case's: NS -8, EW -35. (By default W gives back before "
        "N, so 'N give S 2S' at 6 is not-your-turn.)"), {"actions": actions}


# --- passimisaari.doubling-order = all four, the dealer first (ANY) ----------------------------------------

FOUR_DOUBLERS = {"passimisaari.doubling-order": ["dealer", "forehand", "dealer-partner", "dealer-right"]}
FOUR_READING = ("Under the reading passimisaari.doubling-order = [dealer, forehand, dealer-partner, dealer-right] "
                "(ANY's practice): all four seats may double in turn, the dealer first, then the forehand (the "
                "dealer's left), the dealer's partner and the dealer's right.")


def four_doublers_base(base):
    expect_actions(base, 8, "N pass", "S pass")
    return err(9, "not-your-turn"), (
        f"{FOUR_READING} Dealer N passes the double at 8; the forehand E is next, so S's pass at 9 is out of "
        "turn: not-your-turn at 9. (By default S, the dealer's partner, is the second and last who may double.)")


def four_doublers_forehand_doubles(base):
    expect_actions(base, 8, "N pass", "S pass", "E play 2C")
    actions = [*base["actions"][:9], "E double", "S pass", "N pass", *base["actions"][10:]]
    return ({"result": {"contract": None, "tricks": {"NS": 5, "EW": 8}, "score": {"NS": -13, "EW": -43}}}, (
        f"{FOUR_READING} The record is the base's with its action 9 ('S pass') replaced by three: E doubles (9, "
        "legal: the forehand is the second in the order under the reading), then the redouble turn is the "
        "doubler's opponents', his left S (10) then S's partner N (11), as when the dealer doubles: both pass. "
        "Doubled, ×2; the play from 12 on is the base's (the hands do not change), NS 5 tricks, EW 8. NS: 5 "
        "tricks × 1 × 2 = 10 plus the ace of trick 3 (3, not multiplied): -13. EW: 8 × 2 = 16 plus the aces of "
        "tricks 6, 9 and 12 (27, not multiplied): -43. (By default S is to act at 9: 'E double' is "
        "not-your-turn.)"), {"actions": actions})


def four_doublers_all_pass(base):
    expect_actions(base, 8, "N pass", "S pass", "E play 2C")
    actions = [*base["actions"][:9], "E pass", "S pass", "W pass", *base["actions"][10:]]
    return same(base), (
        f"{FOUR_READING} The record is the base's with its action 9 ('S pass') replaced by 'E pass', 'S pass', "
        "'W pass' (9-11): with N's pass at 8 all four seats pass the double in the order of the reading, so the "
        "deal is undoubled and the play from 12 on is the base's: its tricks and score. (By default S is to "
        "act at 9: 'E pass' is not-your-turn.)"), {"actions": actions}


# --- score.zero-sum: passimisääri costs netted; misère ace points zero-sum (ANY) ----------------------------

NETTED = {"score.zero-sum": ["score.passimisaari-tricks", "score.passimisaari-aces"]}
NETTED_READING = ("Under the reading score.zero-sum = [score.passimisaari-tricks, score.passimisaari-aces] (ANY's "
                  "practice): what each side pays for its tricks and aces the other side gains, so each side "
                  "scores the other's costs minus its own.")


def netted(base, ns_cost, ew_cost, ns_text, ew_text):
    assert base["expect"]["result"]["score"] == {"NS": -ns_cost, "EW": -ew_cost}
    return scored(base, {"NS": ew_cost - ns_cost, "EW": ns_cost - ew_cost}), (
        f"{NETTED_READING} The base case's costs: NS {ns_text} = {ns_cost}, EW {ew_text} = {ew_cost}. Netted: NS "
        f"-{ns_cost} + {ew_cost} = {ew_cost - ns_cost}, EW -{ew_cost} + {ns_cost} = {ns_cost - ew_cost}.")


MISERE_ZERO = {"score.zero-sum": ["score.misere-aces"]}
MISERE_ZERO_READING = ("Under the reading score.zero-sum = [score.misere-aces] (ANY's practice): the ace points "
                       "one side pays in misère the other side gains; the contract points are as before.")


def misere_zero_sum(base, contract_ns, ns_aces, ew_aces, ns_text, ew_text):
    ns = contract_ns - ns_aces + ew_aces
    return scored(base, {"NS": ns, "EW": -ns}), (
        f"{MISERE_ZERO_READING} The base case: contract points NS {contract_ns}, EW {-contract_ns}; aces in NS's "
        f"tricks {ns_text} = {ns_aces}, in EW's tricks {ew_text} = {ew_aces}. Zero-sum aces: NS {contract_ns} - "
        f"{ns_aces} + {ew_aces} = {ns}, EW {-contract_ns} - {ew_aces} + {ns_aces} = {-ns}.")


# --- score.misere-aces to = main (RN) -------------------------------------------------------------------

MAIN_ACES = {"score.misere-aces": "main"}
MAIN_ACES_READING = ("Under the reading score.misere-aces, to = main (the project's reading kept to test): only "
                     "the main pair pays for the aces in the tricks it wins; the defenders' aces cost nothing.")


def main_aces(base, contract_ns, ns_aces, ew_aces):
    return scored(base, {"NS": contract_ns - ns_aces, "EW": -contract_ns}), (
        f"{MAIN_ACES_READING} The main pair is NS (declarer {base['expect']['result']['contract']['declarer']}). "
        f"The base case: contract points NS {contract_ns}, "
        f"EW {-contract_ns}; aces in NS's tricks {ns_aces}, in EW's {ew_aces}. NS {contract_ns} - {ns_aces} = "
        f"{contract_ns - ns_aces}; EW keep {-contract_ns} (their {ew_aces} ace points are not charged).")


# --- bolsevikki.lead = declarer-right (ANY) ------------------------------------------------------------------

RIGHT_LEADS = {"bolsevikki.lead": "declarer-right"}
RIGHT_READING = "Under the reading bolsevikki.lead = declarer-right (ANY): the bolshevik's right-hand opponent leads."


def right_leads(base, bolshevik, right, first_lead):
    expect_actions(base, 7, first_lead)
    return err(7, "not-your-turn"), (
        f"{RIGHT_READING} {bolshevik} is the bolshevik; after the call (0-3) and his three gifts (4-6), {right} "
        f"(on his right) leads, so '{first_lead}' at 7 is out of turn: not-your-turn at 7.")


def right_leads_played(base):
    expect_actions(base, 7, "E play AS", "S play 8S", "W play 6S", "N play 5S", "E play KS")
    actions = [*base["actions"][:7], "W play 6S", "N play 5S", "E play AS", "S play 8S", *base["actions"][11:]]
    return same(base), (
        f"{RIGHT_READING} The record is the base's with trick 1 (actions 7-10) led by W, N's right: W 6S, N 5S, "
        "E AS, S 8S, the base's four cards of trick 1 in the new playing order (W leads, then clockwise; all "
        "follow in spades). E's ace wins it and E leads trick 2 at 11 ('E play KS') as in the base, so the "
        "rest of the play and the score are the base case's: N takes no trick, N +105, E, S, W -35 each. (By "
        "default E, N's left, leads: 'W play 6S' at 7 is not-your-turn.)"), {"actions": actions}


# --- bolsevikki.several-callers = first-chooses (CAC, ANY), now the rule's own value -----------------------
# These cases were written when the default was `rejected`; they pin the value that is now the default, so their
# answers are the plain record's too (tests/suite/test_readings_suite.py accepts a pinned default). The cases that
# pin the alternative `rejected` follow them.

SEVERAL = {"bolsevikki.several-callers": "first-chooses"}
SEVERAL_READING = ("The case pins bolsevikki.several-callers = first-chooses, the rule's own value (CAC, ANY): "
                   "several players may call 7M in the one round of calls; then the first caller chooses, and the "
                   "other callers after him in turn, each keeping it (bid 7M again: he is the bolshevik) or "
                   "withdrawing (pass); when one caller is left he is the bolshevik.")


def several(base, calls, choices, text, expect=None, reading=None):
    """The base's one round of calls (actions 0-3) replaced by ``calls`` and the ``choices`` after them."""
    actions = [*calls, *choices, *base["actions"][4:]]
    return (same(base) if expect is None else expect), (
        f"{reading or SEVERAL_READING} The record is the base's with its calls (actions 0-3) replaced by "
        f"{', '.join(repr(a) for a in calls + choices)} (0-{len(calls + choices) - 1}); the base's actions from 4 "
        f"on follow. {text}"), {"actions": actions}


# --- bolsevikki.call-first = forehand (CAC) ----------------------------------------------------------------

FOREHAND = {"bolsevikki.call-first": "forehand"}
FOREHAND_READING = ("Under the reading bolsevikki.call-first = forehand (CAC): the player on the dealer's left "
                    "calls first, then each in turn clockwise, the dealer last.")


def forehand_dealer_calls(base):
    expect_actions(base, 0, "N bid 7M")
    return err(0, "not-your-turn"), (
        f"{FOREHAND_READING} Dealer N; E is the first to call, so N's 7M at 0 is out of turn: not-your-turn at 0.")


def forehand_rotated(base, dealer, order):
    calls = base["actions"][:4]
    assert calls[0].startswith(dealer + " ")
    actions = [*calls[1:], calls[0], *base["actions"][4:]]
    return same(base), (
        f"{FOREHAND_READING} The record is the base's with its four calls (actions 0-3) rotated so that the "
        f"dealer {dealer}'s call comes last: {', '.join(repr(a) for a in actions[:4])}, the order {order} of the "
        "reading, each seat calling once. The same seat calls 7M and the others pass, so the same player is the "
        "bolshevik, and the base's gifts (4-6) and play follow: the base case's answer. (By default the dealer "
        f"calls first: '{actions[0]}' at 0 is not-your-turn.)"), {"actions": actions}


# --- bolsevikki.gift-order / kitty.partner-order = any-order (ANY) -----------------------------------------

BOLSHEVIK_ANY = {"bolsevikki.gift-order": "any-order"}
KITTY_ANY = {"kitty.partner-order": "any-order"}


def any_order(base, rule, giver, start, order, default_first):
    gifts = base["actions"][start:start + 3]
    assert all(g.startswith(f"{giver} give ") for g in gifts), gifts
    new = [gifts[k] for k in order]
    actions = [*base["actions"][:start], *new, *base["actions"][start + 3:]]
    return same(base), (
        f"Under the reading {rule} = any-order (ANY's practice): {giver} gives his three single cards, one to "
        f"each other player, in any order. The record is the base's with its gifts {start}-{start + 2} "
        f"reordered: {', '.join(repr(g) for g in new)}. Each is legal: one card to a player who has not yet "
        "received one. The same three cards reach the same players, so the hands at play and everything after "
        f"are the base case's. (By default {default_first} must receive first: '{new[0]}' at {start} is "
        "give-wrong-recipient.)"), {"actions": actions}


# --- passimisaari.different-card / defenders-exchange.different-card = false (ANY) -------------------------

PASSIMI_SAME = {"passimisaari.different-card": False}
DEFENDERS_SAME = {"defenders-exchange.different-card": False}


def same_card_allowed(base, rule, what):
    n = len(base["actions"])
    return err(n, "incomplete-record"), (
        f"Under the reading {rule} = false (ANY's practice): the partner may give back the card he has just "
        f"received. {what} is therefore legal, the record has no more actions and the deal is not over: "
        f"incomplete-record at {n} (the number of actions).")


def same_card_defenders_played(base):
    expect_actions(base, 18, "E pass", "E pass", "W pass")
    actions = [*base["actions"][:18], "E give W 9S", "W give E 9S", *base["actions"][19:]]
    return same(base), (
        "Under the reading defenders-exchange.different-card = false (ANY's practice): the partner may give "
        "back the card he has just received. The record is the base's with its action 18 (E's pass: no "
        "exchange) replaced by 'E give W 9S' (18, legal: E holds ♠JT98 and the exchange is allowed after the "
        "first bid 1H) and 'W give E 9S' (19, legal under the reading, though it is the card W received). The "
        "9S is back in E's hand, so all hands are as in the base case, where no exchange took place; the "
        "doubling round (E, W pass) and the play follow as in the base: 5H by N made with 13 tricks, NS 29, "
        "EW -29. (By default W's return of 9S at 19 is return-same-card.)"), {"actions": actions}


# --- defenders-exchange.kind = compulsory (ANY) --------------------------------------------------

COMPULSORY = {"defenders-exchange.kind": "compulsory"}


def compulsory(base, defender, index):
    expect_actions(base, index, f"{defender} pass")
    return err(index, "wrong-phase"), (
        "Under the reading defenders-exchange.kind = compulsory (ANY's practice: the exchange is compulsory "
        f"where it is allowed): the main pair's first bid is at level 1, so the exchange is allowed, and "
        f"{defender}, on the declarer's left, must give; his pass at {index} is a pass where a give is "
        f"mandatory: wrong-phase at {index} (DESIGN §4).")


# --- no centre-position rules (ANY) ---------------------------------------------------------------------------

NO_ENDS = {"deal.centre-not-top-or-bottom": []}
NO_RUN = {"deal.centre-not-consecutive": 4}


def centre_valid(base, reading_text):
    n = len(base["actions"])
    where = (f"N's 1H and E's pass ({n} actions) are legal in the first auction and the record ends there"
             if n else "the record has no actions")
    return err(n, "incomplete-record"), (
        f"{reading_text} The deal is therefore valid: {where}, before the deal is over: incomplete-record at "
        f"{n}.")


# --- bolsevikki.strain = any strain (S002, ANY) -------------------------------------------------------------

STRAINS = {"bolsevikki.strain": ["M", "S", "C", "D", "H", "G"]}
STRAIN_READING = ("Under the reading bolsevikki.strain = [M, S, C, D, H, G] (S002's ranking, ANY): seven in a "
                  "suit or grandi may be called as well as seven misère.")


def strain_call(base, index, call):
    expect_actions(base, index, call)
    n = len(base["actions"])
    return err(n, "incomplete-record"), (
        f"{STRAIN_READING} '{call}' at {index} is a seven-level call in an offered strain and the first call "
        f"of the round: legal. The record ends there, with the call not over: incomplete-record at {n}.")


def strain_below_minimum(base):
    expect_actions(base, 0, "N bid 7M", "E bid 6S")
    return err(1, "bid-below-minimum"), (
        f"{STRAIN_READING} So 6S names an offered strain; it is at level 6, below the bolsevikki's level 7 "
        "(bolsevikki.level), and not higher than 7M. Of DESIGN §4's order (bid-not-allowed, bid-below-minimum, "
        "bid-not-higher) the first that now applies is bid-below-minimum: at 1.")


# --- sitsi.block = two alkupelit and two kotkat (S002) ------------------------------------------------------

SHORT_BLOCKS = {"sitsi.block": [{"form": "alkupeli", "deals": 2}, {"form": "kotka", "deals": 2}]}


def short_blocks(base):
    forms = [d["deal"]["form"] for d in base["match"]["deals"][:3]]
    assert forms == ["alkupeli"] * 3, forms
    return {"error": {"deal": 2, "index": None, "code": "wrong-deal-form"}}, (
        "Under the reading sitsi.block = two alkupelit then two kotkat per block (S002's shorter agreement): "
        "block 1 is deals 0-1 (alkupeli) and 2-3 (kotka). Deals 0 and 1 are the base's, legal as before (the "
        "same seats, dealers and forms). Deal 2 names form alkupeli where the block's third deal is a kotka: "
        "wrong-deal-form at deal 2, index null.")


def several_first_withdraws(base):
    return several(base, ["N bid 7M", "E bid 7M", "S pass", "W pass"], ["N pass"],
                   "N and E call (0, 1), S and W pass; N, the first caller, withdraws (4): E, the one caller left, "
                   "is the bolshevik. He takes the centre and gives first, so the base's 'N give E 7C', now at "
                   "5, is out of turn: not-your-turn at 5. (Under the alternative rejected, E's 7M at 1 is bid-not-higher.)",
                   err(5, "not-your-turn"))


SEVERAL_CASES = [
    ("several-callers-first-keeps", "bolsevikki/made-N-dealer-first-caller",
     "N and E both call bolsevikki; N, the first caller, keeps it and plays the base case's deal",
     lambda base: several(base, ["N bid 7M", "E bid 7M", "S pass", "W pass"], ["N bid 7M"],
                          "N and E call (0, 1), S and W pass; N, the first caller, chooses first and keeps it "
                          "(4, 'N bid 7M'): N is the bolshevik and the rest is the base case (N +105, E, S, W "
                          "-35). (Under the alternative rejected, E's 7M at 1 is not higher than N's: bid-not-higher.)")),
    ("several-callers-first-withdraws", "bolsevikki/made-N-dealer-first-caller",
     "N and E both call bolsevikki; N withdraws, so E is the bolshevik and N's gift is out of turn",
     several_first_withdraws),
    ("several-callers-two-withdraw", "bolsevikki/made-W-third-caller",
     "E, S and W all call bolsevikki; E and S withdraw, so W plays the base case's deal",
     lambda base: several(base, ["E bid 7M", "S bid 7M", "W bid 7M", "N pass"], ["E pass", "S pass"],
                          "Dealer E, then S and W call 7M, N passes; E withdraws (4), then S (5): W, the last "
                          "caller left, is the bolshevik without choosing, and the base's gifts, play and score "
                          "follow (W +105). (Under the alternative rejected, S's 7M at 1 is bid-not-higher.)")),
    ("several-callers-fourth-calls", "bolsevikki/made-W-third-caller",
     "W calls third and N fourth; W, the first caller, keeps it and plays the base case's deal",
     lambda base: several(base, ["E pass", "S pass", "W bid 7M", "N bid 7M"], ["W bid 7M"],
                          "W calls third (2) and N fourth (3); W, the first caller, keeps it (4): the base case. "
                          "(Under the alternative rejected, N's 7M at 3 is bid-not-higher.)")),
    ("several-callers-first-chooses-first", "bolsevikki/made-N-dealer-first-caller",
     "N and E both call bolsevikki; E may not choose before N, the first caller",
     lambda base: several(base, ["N bid 7M", "E bid 7M", "S pass", "W pass"], ["E bid 7M"],
                          "N called first, so N chooses first: E's keep at 4 is out of turn: not-your-turn at 4. "
                          "(Under the alternative rejected, E's 7M at 1 is bid-not-higher.)", err(4, "not-your-turn"))),
    ("several-callers-choice-is-keep-or-withdraw", "bolsevikki/made-N-dealer-first-caller",
     "N and E both call bolsevikki; in the choice N may only call 7M again or pass, not 6M",
     lambda base: several(base, ["N bid 7M", "E bid 7M", "S pass", "W pass"], ["N bid 6M"],
                          "In the choice a caller may only call the contract again (keep) or pass (withdraw): "
                          "N's 6M at 4 is neither: bid-not-allowed at 4. (Under the alternative rejected, E's 7M at 1 is "
                          "bid-not-higher.)", err(4, "bid-not-allowed"))),
]


def cac_procedure(base):
    actions = ["S pass", "W bid 7M", "N bid 7M", "E pass", "W bid 7M", *base["actions"][4:]]
    return same(base), (
        "Under the reading bolsevikki.call-first = forehand, with bolsevikki.several-callers = first-chooses (the "
        "rule's own value, pinned too): CAC's procedure, the dealer's left calls first, several players may call, "
        "and the first caller chooses first. The record is the base's with its calls (actions 0-3) replaced by 'S pass', 'W "
        "bid 7M', 'N bid 7M', 'E pass', 'W bid 7M' (0-4): dealer E, so S calls first and passes, W calls, N "
        "calls too, the dealer E passes last; W, the first caller, keeps it (4). W is the bolshevik and the "
        "base's gifts and play follow from 5 on: the base case's answer. (By default the dealer E calls "
        "first: 'S pass' at 0 is not-your-turn.)"), {"actions": actions}


# --- bolsevikki.several-callers = rejected (the project's earlier default) -----------------------------------

REJECTED = {"bolsevikki.several-callers": "rejected"}
REJECTED_READING = ("Under the reading bolsevikki.several-callers = rejected (only one player can call: the "
                    "general rule that each bid must be higher, auction.higher-bid, applied to the call): once a "
                    "player has called 7M, a later 7M is not higher, and nothing is higher than 7M in a form whose "
                    "only strain is M.")


def rejected_second_call(base):
    expect_actions(base, 0, "N bid 7M", "E pass", "S pass", "W pass")
    actions = ["N pass", "E bid 7M", "S bid 7M"]
    return err(2, "bid-not-higher"), (
        f"{REJECTED_READING} The record is the base's deal with the calls 'N pass', 'E bid 7M', 'S bid 7M' (0-2): N "
        "passes, E calls 7M, and S's 7M at 2 is not higher: bid-not-higher at 2. (By default S's 7M is a second "
        "call, legal; W has still to call when the record ends: incomplete-record at 3.)"), {"actions": actions}


def rejected_fourth_call(base):
    expect_actions(base, 0, "E pass", "S pass", "W bid 7M", "N pass", "W give N TD")
    return several(base, ["E pass", "S pass", "W bid 7M", "N bid 7M"], [],
                   "E and S pass, W calls 7M (2); N's 7M at 3 is not higher: bid-not-higher at 3. (By default N's 7M "
                   "is a second call and the round ends with two callers: W, the first, must keep or withdraw, so "
                   "the base's 'W give N TD' at 4 is wrong-phase.)", err(3, "bid-not-higher"), REJECTED_READING)


REJECTED_SPECS = [
    ("2016", "several-callers-rejected-second-call", "2016/bolsevikki/made-N-dealer-first-caller.yaml", REJECTED,
     "Only one may call: N passes, E calls 7M, S's 7M is not higher", rejected_second_call),
    ("2016", "several-callers-rejected-fourth-call", "2016/bolsevikki/made-W-third-caller.yaml", REJECTED,
     "Only one may call: after W's call, N's 7M as the fourth caller is not higher", rejected_fourth_call),
]


SPECS = [
    ("2016", "centre-two-each-end-second-card", "2016/deal/deck-next-to-ends.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading a centre card at position 1 or 50 makes the deal invalid",
     lambda base: centre_two_each_end(base, first_end_position(base))),
    ("2016", "centre-two-each-end-dealer-E", "2016/deal/deck-positions-dealer-E.yaml",
     {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]},
     "Under the two-at-each-end reading the dealer-E deck's centre positions are not allowed",
     lambda base: centre_two_each_end(base, first_end_position(base))),
    ("2016", "defenders-nothing-made-5C", "2016/auction/bid-after-passes-in-first-round.yaml",
     {"score.defenders-receive": "nothing"},
     "5C made by S with the defenders receiving nothing: N–S 25, E–W 0",
     defenders_nothing),
    ("2016", "defenders-nothing-made-5D-all-tricks", "2016/auction/competitive-highest-bidder-W.yaml",
     {"score.defenders-receive": "nothing"},
     "5D by W taking all thirteen with the defenders receiving nothing: E–W 29, N–S 0",
     defenders_nothing),
    # auction2.final-min-passes = every-pass
    ("2016", "every-pass-partner-raises", "2016/second-auction/partner-raises-declarer-partner.yaml", EVERY_PASS,
     "Every pass below the final minimum is refused: N's opening pass of the second auction at 2H",
     every_pass_partner_raises),
    ("2016", "every-pass-after-4H", "2016/errors/final-contract-too-low-at-4.yaml", EVERY_PASS,
     "Every pass below the final minimum is refused: S's pass after N's 4H, not only the fourth",
     every_pass_after_4h),
    ("2016", "every-pass-before-4G", "2016/errors/final-contract-too-low-partner-4G.yaml", EVERY_PASS,
     "Every pass below the final minimum is refused: N's pass at 1H before S's 4G",
     every_pass_before_4g),
    # auction2.end-four-passes = 2
    ("2016", "two-passes-end-5C", "2016/auction/bid-after-passes-in-first-round.yaml", TWO_PASSES,
     "Two passes end the second auction: after S 5C, N and S pass, and N's third pass is out of turn",
     lambda base: two_passes_end(base, 15, "5C", "S", "N", "W")),
    ("2016", "two-passes-end-5D", "2016/auction/competitive-highest-bidder-W.yaml", TWO_PASSES,
     "Two passes end the second auction: after W 5D, E and W pass, and E's third pass is out of turn",
     lambda base: two_passes_end(base, 18, "5D", "W", "E", "N")),
    ("2016", "two-passes-played-5C", "2016/auction/bid-after-passes-in-first-round.yaml", TWO_PASSES,
     "Two passes end the second auction: 5C by S with two passes, then the base case's play",
     lambda base: two_passes_played(base, 15, "5C", "S", "N", "W")),
    ("2016", "two-passes-played-5D", "2016/auction/competitive-highest-bidder-W.yaml", TWO_PASSES,
     "Two passes end the second auction: 5D by W with two passes, then the base case's play",
     lambda base: two_passes_played(base, 18, "5D", "W", "E", "N")),
    # passimisaari.return-order = reverse
    ("2016", "reverse-returns-base-order", "2016/passimisaari/basic-dealer-N.yaml", REVERSE,
     "Passimisääri returns, dealer first: W's return before the dealer N's is out of turn",
     reverse_returns_base_order),
    ("2016", "reverse-returns-dealer-first", "2016/passimisaari/basic-dealer-N.yaml", REVERSE,
     "Passimisääri returns, dealer first: N gives back before W, and the base case's play follows",
     reverse_returns_dealer_first),
    # passimisaari.doubling-order = all four
    ("2016", "four-doublers-base", "2016/passimisaari/basic-dealer-N.yaml", FOUR_DOUBLERS,
     "Passimisääri, all four may double: after the dealer N, the forehand E is to act, not S",
     four_doublers_base),
    ("2016", "four-doublers-forehand-doubles", "2016/passimisaari/basic-dealer-N.yaml", FOUR_DOUBLERS,
     "Passimisääri, all four may double: the forehand E doubles, and the costs are doubled",
     four_doublers_forehand_doubles),
    ("2016", "four-doublers-all-pass", "2016/passimisaari/basic-dealer-N.yaml", FOUR_DOUBLERS,
     "Passimisääri, all four may double: all four pass, and the base case's play follows undoubled",
     four_doublers_all_pass),
    # score.zero-sum = passimisääri netted
    ("2016", "netted-basic", "2016/passimisaari/basic-dealer-N.yaml", NETTED,
     "Passimisääri netted: NS cost 8, EW 35, so NS +27 and EW -27",
     lambda base: netted(base, 8, 35, "5 tricks + the ace of trick 3 (3)", "8 tricks + aces 6 + 9 + 12 (27)")),
    ("2016", "netted-doubled", "2016/passimisaari/d5-doubled.yaml", NETTED,
     "Passimisääri netted, doubled: NS cost 23, EW 35, so NS +12 and EW -12",
     lambda base: netted(base, 23, 35, "5 tricks × 2 + the ace of trick 13 (13)",
                         "8 tricks × 2 + aces 4 + 6 + 9 (19)")),
    ("2016", "netted-partner-doubles", "2016/passimisaari/dealer-partner-doubles.yaml", NETTED,
     "Passimisääri netted, doubled by S: NS cost 29, EW 12, so NS -17 and EW +17",
     lambda base: netted(base, 29, 12, "8 tricks × 2 + aces 1 + 4 + 8 (13)", "5 tricks × 2 + the ace of trick 2 (2)")),
    # score.zero-sum = misère aces
    ("2016", "misere-aces-zero-sum-made", "2016/misere/made-5M-exact-two.yaml", MISERE_ZERO,
     "5M made with zero-sum ace points: NS +32, EW -32",
     lambda base: misere_zero_sum(base, 10, 8, 30, "(trick 8)", "(tricks 7 + 11 + 12)")),
    ("2016", "misere-aces-zero-sum-down", "2016/misere/down-6M-one.yaml", MISERE_ZERO,
     "6M one down with zero-sum ace points: NS +7, EW -7",
     lambda base: misere_zero_sum(base, -15, 0, 22, "(none)", "(tricks 1 + 3 + 6 + 12)")),
    # score.misere-aces to = main
    ("2016", "misere-aces-main-kotka-made", "2016/kotka/made-6M-no-tricks.yaml", MAIN_ACES,
     "Kotka 6M made without a trick, only the main pair pays for aces (it took none): NS 22, EW -22",
     lambda base: main_aces(base, 22, 0, 20)),
    ("2016", "misere-aces-main-down-three", "2016/misere/down-6M-three.yaml", MAIN_ACES,
     "6M three down, only the main pair pays for aces (it took none): NS -25, EW +25",
     lambda base: main_aces(base, -25, 0, 22)),
    ("2016", "misere-aces-main-down", "2016/misere/down-6M-one.yaml", MAIN_ACES,
     "6M one down, only the main pair pays for aces (it took none): NS -15, EW +15",
     lambda base: main_aces(base, -15, 0, 22)),
    ("2016", "misere-aces-main-made-ace-won", "2016/misere/made-5M-exact-two.yaml", MAIN_ACES,
     "5M made, the main pair pays for the ace in its trick 8; the defenders receive only the contract's negation: "
     "NS 2, EW -10",
     lambda base: main_aces(base, 10, 8, 30)),
    # bolsevikki.lead = declarer-right
    ("2016", "bolshevik-right-leads-N", "2016/bolsevikki/made-N-dealer-first-caller.yaml", RIGHT_LEADS,
     "The bolshevik's right leads: W, not E, leads against N",
     lambda base: right_leads(base, "N", "W", "E play AS")),
    ("2016", "bolshevik-right-leads-W", "2016/bolsevikki/made-W-third-caller.yaml", RIGHT_LEADS,
     "The bolshevik's right leads: S, not N, leads against W",
     lambda base: right_leads(base, "W", "S", "N play QS")),
    ("2016", "bolshevik-right-leads-W-played", "2016/bolsevikki/made-N-dealer-first-caller.yaml", RIGHT_LEADS,
     "The bolshevik's right leads: W leads the base case's first trick against N, and the play follows",
     right_leads_played),
    # bolsevikki.several-callers = first-chooses
    *[("2016", name, f"2016/{base}.yaml", SEVERAL, description, derive)
      for name, base, description, derive in SEVERAL_CASES],
    ("2016", "several-callers-cac-forehand-first", "2016/bolsevikki/made-W-third-caller.yaml",
     {**SEVERAL, **FOREHAND},
     "CAC's procedure: the dealer's left calls first, W and N call, W keeps it and plays the base case's deal",
     cac_procedure),
    *REJECTED_SPECS,
    # bolsevikki.call-first = forehand
    ("2016", "forehand-calls-first-dealer-out-of-turn", "2016/bolsevikki/made-N-dealer-first-caller.yaml",
     FOREHAND, "The dealer's left calls first: the dealer N's call at 0 is out of turn",
     forehand_dealer_calls),
    ("2016", "forehand-calls-first-N", "2016/bolsevikki/made-N-dealer-first-caller.yaml", FOREHAND,
     "The dealer's left calls first: E, S, W pass and the dealer N calls last, then the base case's deal",
     lambda base: forehand_rotated(base, "N", "E, S, W, N")),
    ("2016", "forehand-calls-first-W", "2016/bolsevikki/made-W-third-caller.yaml", FOREHAND,
     "The dealer's left calls first: S passes, W calls, N and the dealer E pass, then the base case's deal",
     lambda base: forehand_rotated(base, "E", "S, W, N, E")),
    # bolsevikki.gift-order = any-order
    ("2016", "bolshevik-any-order-N", "2016/bolsevikki/made-N-dealer-first-caller.yaml", BOLSHEVIK_ANY,
     "The bolshevik N gives W, E, S their cards in that order: the base case's answer",
     lambda base: any_order(base, "bolsevikki.gift-order", "N", 4, (2, 0, 1), "E (N's left)")),
    ("2016", "bolshevik-any-order-W", "2016/bolsevikki/made-W-third-caller.yaml", BOLSHEVIK_ANY,
     "The bolshevik W gives S, E, N their cards in that order: the base case's answer",
     lambda base: any_order(base, "bolsevikki.gift-order", "W", 4, (2, 1, 0), "N (W's left)")),
    # kitty.partner-order = any-order
    ("2016", "kitty-any-order-N", "2016/kitty/taker-N.yaml", KITTY_ANY,
     "The kitty partner S gives E, W, N their cards in that order: the base case's answer",
     lambda base: any_order(base, "kitty.partner-order", "S", 13, (2, 0, 1), "W (S's left)")),
    ("2016", "kitty-any-order-E", "2016/kitty/taker-E.yaml", KITTY_ANY,
     "The kitty partner W gives S, E, N their cards in that order: the base case's answer",
     lambda base: any_order(base, "kitty.partner-order", "W", 11, (2, 1, 0), "N (W's left)")),
    # passimisaari.different-card = false
    ("2016", "same-card-passimisaari-dealer", "2016/errors/return-same-card-passimisaari-dealer.yaml",
     PASSIMI_SAME, "Passimisääri: the dealer N may give back the card he received; the record then ends",
     lambda base: same_card_allowed(base, "passimisaari.different-card",
                                    "N's 'N give S 3H' at 7, the card S gave him at 5,")),
    ("2016", "same-card-passimisaari-forehand-partner",
     "2016/errors/return-same-card-passimisaari-forehand-partner.yaml", PASSIMI_SAME,
     "Passimisääri: the forehand's partner W may give back the card he received; the record then ends",
     lambda base: same_card_allowed(base, "passimisaari.different-card",
                                    "W's 'W give E 3S' at 6, the card E gave him at 4,")),
    # defenders-exchange.different-card = false
    ("2016", "same-card-defenders", "2016/errors/return-same-card-defenders.yaml", DEFENDERS_SAME,
     "Defenders' exchange: W may give back the card E gave him; the record then ends",
     lambda base: same_card_allowed(base, "defenders-exchange.different-card",
                                    "W's 'W give E 9S' at 19, the card E gave him at 18,")),
    ("2016", "same-card-defenders-played", "2016/defenders-exchange/passed.yaml", DEFENDERS_SAME,
     "Defenders' exchange: E gives W 9S and W gives it back; the hands and play are the base case's",
     same_card_defenders_played),
    # defenders-exchange.kind: compulsory
    ("2016", "compulsory-exchange-E-passes", "2016/defenders-exchange/passed.yaml", COMPULSORY,
     "The defenders' exchange is compulsory: E, on the declarer N's left, may not pass it",
     lambda base: compulsory(base, "E", 18)),
    ("2016", "compulsory-exchange-W-passes", "2016/defenders-exchange/passed-then-second-defender-doubles.yaml",
     COMPULSORY, "The defenders' exchange is compulsory: W, on the declarer S's left, may not pass it",
     lambda base: compulsory(base, "W", 18)),
    # deal.centre-not-top-or-bottom = [] and deal.centre-not-consecutive = 4
    ("2016", "no-centre-rules-top-card", "2016/errors/invalid-deal-centre-position-0.yaml", NO_ENDS,
     "Without the centre-position rules the top card may be a centre card: the deal is valid",
     lambda base: centre_valid(base, "Under the reading deal.centre-not-top-or-bottom = [] (ANY: no "
                               "centre-position rules): position 0 of centre_positions [0, 17, 30, 44] may be a "
                               "centre card, and the other rules hold (no four in a row).")),
    ("2016", "no-centre-rules-bottom-card", "2016/errors/invalid-deal-centre-position-51.yaml", NO_ENDS,
     "Without the centre-position rules the bottom card may be a centre card: the deal is valid",
     lambda base: centre_valid(base, "Under the reading deal.centre-not-top-or-bottom = [] (ANY: no "
                               "centre-position rules): position 51 of centre_positions [5, 17, 30, 51] may be a "
                               "centre card, and the other rules hold (no four in a row).")),
    ("2016", "no-centre-rules-four-in-a-row", "2016/errors/invalid-deal-four-consecutive.yaml", NO_RUN,
     "Without the centre-position rules four consecutive cards may be the centre: the deal is valid",
     lambda base: centre_valid(base, "Under the reading deal.centre-not-consecutive = 4 (ANY: no "
                               "centre-position rules; at most four in a row, that is any four): centre_positions "
                               "[20, 21, 22, 23] are allowed, and none is the top or bottom card.")),
    ("2016", "no-centre-rules-four-in-a-row-unsorted", "2016/errors/invalid-deal-four-consecutive-unsorted.yaml",
     NO_RUN, "Without the centre-position rules the unsorted run 33, 31, 32, 30 is allowed: the deal is valid",
     lambda base: centre_valid(base, "Under the reading deal.centre-not-consecutive = 4 (ANY: no "
                               "centre-position rules; at most four in a row, that is any four): centre_positions "
                               "[33, 31, 32, 30] (30-33 sorted) are allowed, and none is the top or bottom card.")),
    ("2016", "no-centre-rules-both", "2016/errors/invalid-deal-centre-position-0.yaml", {**NO_ENDS, **NO_RUN},
     "With neither centre-position rule (the whole reading) the top card may be a centre card",
     lambda base: centre_valid(base, "Under the readings deal.centre-not-top-or-bottom = [] and "
                               "deal.centre-not-consecutive = 4 together (ANY: no centre-position rules at all): "
                               "position 0 of centre_positions [0, 17, 30, 44] may be a centre card.")),
    # bolsevikki.strain = any strain
    ("2016", "any-strain-7S", "2016/errors/bolsevikki-bid-not-allowed-7S.yaml", STRAINS,
     "Bolsevikki in any strain: the dealer N's 7S is a legal call; the record then ends",
     lambda base: strain_call(base, 0, "N bid 7S")),
    ("2016", "any-strain-7G", "2016/errors/bolsevikki-bid-not-allowed-7G.yaml", STRAINS,
     "Bolsevikki in any strain: E's 7G after N's pass is a legal call; the record then ends",
     lambda base: strain_call(base, 1, "E bid 7G")),
    ("2016", "any-strain-6S-below-minimum", "2016/errors/bolsevikki-bid-not-allowed-6S-after-7M.yaml", STRAINS,
     "Bolsevikki in any strain: E's 6S after 7M is an offered strain but below level 7",
     strain_below_minimum),
    # sitsi.block = 2 + 2
    ("2016", "short-blocks-third-deal-alkupeli", "2016/match/error-fifth-deal-alkupeli.yaml", SHORT_BLOCKS,
     "Blocks of two alkupelit and two kotkat: the record's third deal, an alkupeli, has the wrong form",
     short_blocks),
    ("2016", "short-blocks-stops-in-block-3", "2016/match/error-stops-in-block-3.yaml", SHORT_BLOCKS,
     "Blocks of two alkupelit and two kotkat: the long blocks' third deal, an alkupeli, has the wrong form",
     short_blocks),
]


# ---------------------------------------------------------------------------- code-mutation gaps
# Cases that kill code mutants of an engine's table of accepted readings values (issue 20): each forbidden position of
# the two-at-each-end reading on its own, the stated values pinned (INTERPRETING §4: the answer is the base's,
# unchanged), and the short sitsi blocks played to the end.
TWO_EACH_END = {"deal.centre-not-top-or-bottom": [0, 1, 50, 51]}


def centre_end_alone(base, positions, position):
    """The base's deck with centre_positions ``positions``: only ``position`` of 0, 1, 50, 51 among them."""
    old = base["deal"]["centre_positions"]
    assert [p for p in positions if p in (0, 1, 50, 51)] == [position], positions
    deal = {**copy.deepcopy(base["deal"]), "centre_positions": list(positions)}
    expect, step = centre_two_each_end({**base, "deal": deal}, position)
    edit = (f"The record is the base's with centre_positions {old} changed to {positions} (the same deck): under the "
            f"stated rules these positions are allowed (neither 0 nor 51, and no four in a row), and of the four end "
            f"positions the reading forbids only {position} is among them, so this case fails on that position alone. "
            if positions != old else "")
    return expect, edit + step, {"deal": deal}


def stated_pinned(base, pins):
    step = (f"The case pins {pins}, each the value the ruleset states (spec/rulesets/skruuvi-2016.yaml), so the record "
            f"is played exactly as without the pins: the base case's answer, unchanged.")
    return copy.deepcopy(base["expect"]), step


def short_blocks_by_reading(base):
    """The base's sitsi with options.stages taken out: the reading sitsi.block gives the same two + two blocks."""
    match = copy.deepcopy(base["match"])
    stages = match["options"].pop("stages")
    assert stages == SHORT_BLOCKS["sitsi.block"], stages
    step = ("Under the reading sitsi.block = two alkupelit then two kotkat per block (S002's shorter agreement), with "
            "the base's match option `stages` (the same two + two blocks, sitsi.agreements) left out of the record: "
            "the reading gives every block the stages the option gave, so each deal has the form, seats and dealer "
            "it had, and every sheet and the final result are the base's, unchanged.")
    return copy.deepcopy(base["expect"]), step, {"match": match}


SPECS_CODE_MUTATION = [
    ("2016", "centre-two-each-end-second-card-alone", "2016/deal/deck-positions-dealer-E.yaml", TWO_EACH_END,
     "Under the two-at-each-end reading centre positions [1, 17, 30, 49] are invalid by position 1 alone",
     lambda base: centre_end_alone(base, [1, 17, 30, 49], 1)),
    ("2016", "centre-two-each-end-next-to-last-alone", "2016/deal/deck-positions-dealer-E.yaml", TWO_EACH_END,
     "Under the two-at-each-end reading centre positions [2, 17, 30, 50] are invalid by position 50 alone",
     lambda base: centre_end_alone(base, [2, 17, 30, 50], 50)),
    ("2016", "stated-deal-and-second-auction-pinned", "2016/deal/deck-positions-dealer-E.yaml",
     {"deal.centre-not-top-or-bottom": ["first", "last"], "deal.centre-not-consecutive": 3,
      "auction2.end-four-passes": 4},
     "The dealer-E deck with the centre rules and the second auction's end pinned to their stated values: the same "
     "answer as without the pins",
     lambda base: stated_pinned(base, "deal.centre-not-top-or-bottom = [first, last], deal.centre-not-consecutive = "
                                      "3 and auction2.end-four-passes = 4")),
    ("2016", "stated-sitsi-block-pinned", "2016/match/sitsi-seed-1.yaml",
     {"sitsi.block": [{"form": "alkupeli", "deals": 4}, {"form": "kotka", "deals": 4}]},
     "The seed-1 sitsi with sitsi.block pinned to its stated four alkupelit and four kotkat: the same answer",
     lambda base: stated_pinned(base, "sitsi.block = four alkupelit then four kotkat per block")),
    ("2016", "short-blocks-sitsi-played", "2016/match/sitsi-short-unwinding.yaml", SHORT_BLOCKS,
     "Blocks of two alkupelit and two kotkat by the reading instead of the match option: the base's whole sitsi",
     short_blocks_by_reading),
]
SPECS += SPECS_CODE_MUTATION


# ---------------------------------------------------------------------------- code-mutation gaps: several callers
# The calls of several callers (bolsevikki.several-callers = first-chooses) that kill code mutants of an engine's
# round of calls: a call below the level among equal calls, a lower strain after a higher one, a higher call that
# starts the callers over (one caller left: no choice), and a play where a caller must choose.
SEVERAL_STRAINS = {**SEVERAL, **STRAINS}


def several_call_below_level(base):
    return several(base, ["N bid 7M", "E bid 7M", "S bid 6M", "W pass"], [],
                   "N calls (0) and E makes the equal call (1), which joins it; S's 6M at 2 names the offered strain "
                   "M at level 6, below the bolsevikki's level 7 (bolsevikki.level): of DESIGN §4's order "
                   "(bid-not-allowed, bid-below-minimum, bid-not-higher) the first that applies is "
                   "bid-below-minimum, at 2. (Under the alternative rejected, E's 7M at 1 is bid-not-higher.)",
                   err(2, "bid-below-minimum"))


def several_lower_after_higher(base):
    return several(base, ["N bid 7G", "E bid 7S", "S pass", "W pass"], [],
                   f"{STRAIN_READING} N calls 7G (0), the highest strain; E's 7S at 1 is a seven-level call in an "
                   "offered strain but lower than 7G (spades rank below grandi), and only an equal call joins or a "
                   "higher one overcalls: bid-not-higher at 1. (With neither reading N's 7G at 0 is bid-not-allowed.)",
                   err(1, "bid-not-higher"))


def several_higher_starts_over(base):
    actions = ["N bid 7M", "E bid 7G", "S pass", "W pass", "E give S 7C"]
    return err(5, "incomplete-record"), (
        f"{SEVERAL_READING} {STRAIN_READING} The record is the base's deal with the actions 'N bid 7M', 'E bid 7G', "
        "'S pass', 'W pass', 'E give S 7C' (0-4). N calls 7M (0); E's 7G (1) is higher (grandi ranks above misère), "
        "so it overcalls, and E is the only caller of the highest call: when the round of four calls ends (3) "
        "there is no choice to make, and E is the bolshevik at 7G. He takes the centre (4C 5C 6C 7C) and gives "
        "first, to his left S: 'E give S 7C' (4) is legal (E now holds 7C). The record ends there, with E's other "
        "gifts not made: incomplete-record at 5. (With neither reading E's 7G at 1 is bid-not-allowed.)"), \
        {"actions": actions}


def several_choice_not_a_play(base):
    return several(base, ["N bid 7M", "E bid 7M", "S pass", "W pass"], ["N play 5S"],
                   "N and E call (0, 1), S and W pass: N, the first caller, is to choose, and the choice is made only "
                   "by calling 7M again or passing; a play at 4 belongs to no phase of the choice: wrong-phase at 4. "
                   "(Under the alternative rejected, E's 7M at 1 is bid-not-higher.)", err(4, "wrong-phase"))


SPECS_SEVERAL_CODE_MUTATION = [
    ("2016", "several-callers-call-below-level", "2016/bolsevikki/made-N-dealer-first-caller.yaml", SEVERAL,
     "Several callers: after N's and E's equal calls, S's 6M is below the bolsevikki's level",
     several_call_below_level),
    ("2016", "several-callers-lower-strain-after-grandi", "2016/bolsevikki/made-N-dealer-first-caller.yaml",
     SEVERAL_STRAINS, "Several callers in any strain: E's 7S after N's 7G is neither equal nor higher",
     several_lower_after_higher),
    ("2016", "several-callers-higher-call-starts-over", "2016/bolsevikki/made-N-dealer-first-caller.yaml",
     SEVERAL_STRAINS, "Several callers in any strain: E's 7G overcalls N's 7M, so E alone is the bolshevik",
     several_higher_starts_over),
    ("2016", "several-callers-choice-not-a-play", "2016/bolsevikki/made-N-dealer-first-caller.yaml", SEVERAL,
     "Several callers: N, the first caller, must keep or withdraw; a play is the wrong phase",
     several_choice_not_a_play),
]
SPECS += SPECS_SEVERAL_CODE_MUTATION


# ---------------------------------------------------------------------------- issue 34: killable survivors
# Cases a second, independent mutant generator found missing: the two-at-each-end reading's own first and last
# positions (0 and 51, forbidden by the stated rules too, so only an engine's table of the reading's values tells
# them apart), and any-order gifts whose last gift goes to a player who already has his card.

def centre_end_of_pack(base, positions, position):
    """The base's deck with centre_positions ``positions``: of 0, 1, 50, 51 only ``position`` (0 or 51)."""
    old = base["deal"]["centre_positions"]
    assert position in (0, 51) and [p for p in positions if p in (0, 1, 50, 51)] == [position], positions
    deal = {**copy.deepcopy(base["deal"]), "centre_positions": list(positions)}
    expect, step = centre_two_each_end({**base, "deal": deal}, position)
    edit = (f"The record is the base's with centre_positions {old} changed to {positions} (the same deck): of the "
            f"four end positions the reading forbids only {position} is among them, and no four are in a row. "
            f"The same answer without the reading: {'the top' if position == 0 else 'the bottom'} card is forbidden "
            "by the stated rule too (deal.centre-not-top-or-bottom = [first, last]); the reading keeps it forbidden "
            "and adds the second card from that end, so the case holds an engine's list of the reading's positions to "
            "the ends it shares with the stated rule. ")
    return expect, edit + step, {"deal": deal}


def any_order_last_gift_wrong(base, giver, start, first_two, last):
    gifts = base["actions"][start:start + 3]
    assert all(g.startswith(f"{giver} give ") for g in gifts), gifts
    new = [gifts[k] for k in first_two] + [last]
    given = [g.split(" ")[2] for g in new[:2]]
    actions = [*base["actions"][:start], *new, *base["actions"][start + 3:]]
    to = last.split(" ")[2]
    assert to in given, (to, given)
    return err(start + 2, "give-wrong-recipient"), (
        f"Under the reading bolsevikki.gift-order = any-order (ANY's practice): {giver} gives his three single "
        f"cards, one to each other player, in any order. The record is the base's with its gifts {start}-{start + 2} "
        f"changed to {', '.join(repr(g) for g in new)}: the first two are legal (one card each to {given[0]} and "
        f"{given[1]}, who had none), but the last goes to {to}, who has already received his card; the one player "
        f"still owed a card is the third. A give to a player the exchange does not give to now is "
        f"give-wrong-recipient (DESIGN §4, group 5: give-wrong-recipient before give-wrong-count and card-not-held): "
        f"index {start + 2}."), {"actions": actions}


SPECS_ISSUE_34 = [
    ("2016", "centre-two-each-end-first-card", "2016/deal/deck-positions-dealer-E.yaml", TWO_EACH_END,
     "Under the two-at-each-end reading centre positions [0, 17, 30, 44] are invalid by position 0 alone",
     lambda base: centre_end_of_pack(base, [0, 17, 30, 44], 0)),
    ("2016", "centre-two-each-end-last-card", "2016/deal/deck-positions-dealer-E.yaml", TWO_EACH_END,
     "Under the two-at-each-end reading centre positions [2, 17, 30, 51] are invalid by position 51 alone",
     lambda base: centre_end_of_pack(base, [2, 17, 30, 51], 51)),
    ("2016", "bolshevik-any-order-last-gift-wrong", "2016/bolsevikki/made-N-dealer-first-caller.yaml", BOLSHEVIK_ANY,
     "In any order, the bolshevik's last gift must go to the one player still owed a card",
     lambda base: any_order_last_gift_wrong(base, "N", 4, (2, 0), "N give E 6C")),
]
SPECS += SPECS_ISSUE_34


# ---------------------------------------------------------------------------- issue 34: the last killable survivors
# ANY's bolsevikki scoring is four readings that require one another (bolsevikki.scoring-made, .scoring-failed,
# .first-trick, .aces). A case's readings are a mapping: the order of its keys means nothing, so a record that pins the
# four in another order is answered as the base case, which pins them in the order made, failed, first trick, aces.
# An engine that applies the pins one after another, each setting the whole scoring, and lets a later pin undo an
# earlier one answers otherwise when the pin it mishandles comes last: the cases below put each of the other three
# last (the base cases already end with bolsevikki.aces). And the bolsevikki scoring pinned to its stated
# values (INTERPRETING §4: the answer is the base's, unchanged) holds an engine's table of accepted values to them.
ANY_SCORING = "declarer-shared"
ANY_BOLSEVIKKI = {"bolsevikki.scoring-made": ANY_SCORING, "bolsevikki.scoring-failed": ANY_SCORING,
                  "bolsevikki.first-trick": 20, "bolsevikki.aces": 1}  # in the base cases' order


def any_pinned_last(rule):
    """ANY's four bolsevikki readings with ``rule`` moved to the end, the others in the base cases' order."""
    return {**{k: v for k, v in ANY_BOLSEVIKKI.items() if k != rule}, rule: ANY_BOLSEVIKKI[rule]}


ANY_MADE_LAST = any_pinned_last("bolsevikki.scoring-made")
ANY_FAILED_LAST = any_pinned_last("bolsevikki.scoring-failed")
ANY_FIRST_TRICK_LAST = any_pinned_last("bolsevikki.first-trick")


def any_readings_reordered(base, readings):
    own = base["readings"]
    assert own == readings and list(own) != list(readings), (own, readings)
    last = list(readings)[-1]
    return copy.deepcopy(base["expect"]), (
        f"This case pins the base's four readings with the same values in another order: {', '.join(readings)} "
        f"({last} last). A case's readings are a mapping from rule id to value (DESIGN §3), whose order means "
        "nothing, and these four require one another: together they are ANY's bolsevikki scoring, whichever is "
        "named first or last. The record is the base's: the base case's answer, unchanged.")


STATED_BOLSEVIKKI = {"bolsevikki.scoring-made": "declarer-against-each",
                     "bolsevikki.scoring-failed": "declarer-against-each",
                     "bolsevikki.first-trick": 35, "bolsevikki.aces": 0}
SPECS_ISSUE_34_SCORING = [
    ("2016", "any-bolsevikki-made-N-made-pinned-last", "2016/readings/any-bolsevikki-made-N.yaml", ANY_MADE_LAST,
     "ANY's bolsevikki scoring with bolsevikki.scoring-made pinned last: the same 48 to N, -16 to each other",
     lambda base: any_readings_reordered(base, ANY_MADE_LAST)),
    ("2016", "any-bolsevikki-failed-four-tricks-N-failed-pinned-last",
     "2016/readings/any-bolsevikki-failed-four-tricks-N.yaml", ANY_FAILED_LAST,
     "ANY's bolsevikki scoring with bolsevikki.scoring-failed pinned last: the same -42 to N, +14 to each other",
     lambda base: any_readings_reordered(base, ANY_FAILED_LAST)),
    ("2016", "any-bolsevikki-failed-one-trick-N-first-trick-pinned-last",
     "2016/readings/any-bolsevikki-failed-one-trick-N.yaml", ANY_FIRST_TRICK_LAST,
     "ANY's bolsevikki scoring with bolsevikki.first-trick pinned last: the same -8 to N, 8/3 to each other",
     lambda base: any_readings_reordered(base, ANY_FIRST_TRICK_LAST)),
    ("2016", "stated-bolsevikki-scoring-pinned", "2016/bolsevikki/failed-four-tricks-N.yaml", STATED_BOLSEVIKKI,
     "A failed bolsevikki with its scoring pinned to the stated values (35 for the first trick, no ace points): the "
     "same answer as without the pins",
     lambda base: stated_pinned(base, "bolsevikki.scoring-made and bolsevikki.scoring-failed = declarer-against-each, "
                                      "bolsevikki.first-trick = 35 and bolsevikki.aces = 0")),
]
SPECS += SPECS_ISSUE_34_SCORING
