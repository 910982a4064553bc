"""The 2016 alternatives (issue 15, part 2) replayed under ``with_readings``, each against a hand derivation.

Each reading is a table entry (:data:`READINGS`) that can be turned into a conformance case mechanically: the
record (``ruleset``, ``deal``, ``actions``: a hand-written case of conformance/cases/2016/ named by ``base``,
with the actions changed as ``actions`` says), the ``readings`` ({rule id: value}), the answer under them
(``expect``) and the default answer (``default``), with the derivation of both in ``why``. The base cases are
hand-derived; their notes give the hands, tricks and points the derivations below start from. The default
answer of every record is checked too: where it is the base case's own, the case's ``expect`` is reused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.paths import repo_root
from skruuvi.rules.readings import with_readings
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml

CASES = repo_root() / "conformance" / "cases" / "2016"
RS = get_ruleset("skruuvi-2016")


def case(base: str) -> dict[str, Any]:
    data = load_yaml(Path(CASES / f"{base}.yaml"))
    assert isinstance(data, dict)
    return data


def error(index: int | None, code: str) -> dict[str, Any]:
    return {"error": {"index": index, "code": code}}


def swapped(actions: list[str], i: int, j: int) -> list[str]:
    out = list(actions)
    out[i], out[j] = out[j], out[i]
    return out


def replaced(actions: list[str], index: int, *new: str) -> list[str]:
    return [*actions[:index], *new, *actions[index + 1 :]]


def reordered(actions: list[str], start: int, order: tuple[int, ...]) -> list[str]:
    """``actions`` with ``actions[start:start + len(order)]`` taken in ``order`` (offsets from ``start``)."""
    run = [actions[start + k] for k in order]
    return [*actions[:start], *run, *actions[start + len(order) :]]


def record(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry's record: its base case's ruleset and deal, and the base's actions changed by ``actions``
    (a function of the base's actions; None keeps them)."""
    base = case(entry["base"])
    edit = entry.get("actions")
    actions = list(base["actions"]) if edit is None else edit(list(base["actions"]))
    return {"ruleset": base["ruleset"], "deal": base["deal"], "actions": actions}


def base_expect(base: str) -> dict[str, Any]:
    return dict(case(base)["expect"])


SAME = "the base case's answer"

READINGS: list[dict[str, Any]] = [
    # --- second auction: every pass below the final minimum is refused (ANY) ---------------------------------
    {
        "name": "every-pass-partner-raises",
        "readings": {"auction2.final-min-passes": "every-pass"},
        "base": "second-auction/partner-raises-declarer-partner",
        "default": SAME,
        "expect": error(13, "final-contract-too-low"),
        "why": "Actions 0-8 are the first auction (N 1H and eight passes), 9-12 the kitty. The second auction "
        "opens at 13 with N's pass while the contract is 2H, below level 5: refused under every-pass. By default "
        "it is allowed (it does not end the auction) and S's 5H follows (the base case).",
    },
    {
        "name": "every-pass-after-4H",
        "readings": {"auction2.final-min-passes": "every-pass"},
        "base": "errors/final-contract-too-low-at-4",
        "default": SAME,
        "expect": error(14, "final-contract-too-low"),
        "why": "N bids 4H at 13 (a bid, legal); S's pass at 14 comes while the contract is 4H < 5: refused. By "
        "default only the fourth consecutive pass (17) is refused.",
    },
    {
        "name": "every-pass-before-4G",
        "readings": {"auction2.final-min-passes": "every-pass"},
        "base": "errors/final-contract-too-low-partner-4G",
        "default": SAME,
        "expect": error(13, "final-contract-too-low"),
        "why": "N's pass at 13 comes while the contract is 1H < 5: refused. By default S's 4G at 14 follows and "
        "only the pass at 18, which would end the auction at 4G, is refused.",
    },
    # --- passimisääri: the dealer gives back before the forehand's partner (ANY) ------------------------------
    {
        "name": "reverse-returns-base-order",
        "readings": {"passimisaari.return-order": "reverse"},
        "base": "passimisaari/basic-dealer-N",
        "default": SAME,
        "expect": error(6, "not-your-turn"),
        "why": "Dealer N. E (forehand) gives W 2H (4), S (dealer's partner) gives N 2D (5). Under reverse, the "
        "dealer N gives back first; at 6 W gives: not his turn.",
    },
    {
        "name": "reverse-returns-dealer-first",
        "readings": {"passimisaari.return-order": "reverse"},
        "base": "passimisaari/basic-dealer-N",
        "actions": lambda a: swapped(a, 6, 7),
        "default": error(6, "not-your-turn"),
        "expect": base_expect("passimisaari/basic-dealer-N"),
        "why": "The returns in the other order: N gives S 2S (6), then W gives E 2C (7). The same cards move as "
        "in the base case, so the hands at play, the tricks and the score are the base case's (NS 5 tricks and "
        "the ace of trick 3: -8; EW 8 tricks and aces of tricks 6, 9, 12: -35). By default W (the forehand's "
        "partner) gives back first: N at 6 is not to act.",
    },
    # --- passimisääri: all four seats may double in turn, the dealer first (ANY) ------------------------------
    {
        "name": "four-doublers-base",
        "readings": {"passimisaari.doubling-order": ["dealer", "forehand", "dealer-partner", "dealer-right"]},
        "base": "passimisaari/basic-dealer-N",
        "default": SAME,
        "expect": error(9, "not-your-turn"),
        "why": "Dealer N passes the double (8); under the reading the forehand E is next, so S's pass at 9 is "
        "out of turn. By default S is the second and last doubler.",
    },
    {
        "name": "four-doublers-forehand-doubles",
        "readings": {"passimisaari.doubling-order": ["dealer", "forehand", "dealer-partner", "dealer-right"]},
        "base": "passimisaari/basic-dealer-N",
        "actions": lambda a: replaced(a, 9, "E double", "S pass", "N pass"),
        "default": error(9, "not-your-turn"),
        "expect": {"result": {"contract": None, "tricks": {"NS": 5, "EW": 8}, "score": {"NS": -13, "EW": -43}}},
        "why": "N passes, E (forehand) doubles; the redouble turn is the doubler's left S, then S's partner N: "
        "both pass. Doubled ×2. Same play as the base case: NS 5 tricks × 1 × 2 = 10 plus the ace of trick 3 "
        "(3, not multiplied): -13; EW 8 × 2 = 16 plus aces 6 + 9 + 12 = 27: -43. By default E may not double "
        "(S is to act at 9).",
    },
    {
        "name": "four-doublers-all-pass",
        "readings": {"passimisaari.doubling-order": ["dealer", "forehand", "dealer-partner", "dealer-right"]},
        "base": "passimisaari/basic-dealer-N",
        "actions": lambda a: replaced(a, 9, "E pass", "S pass", "W pass"),
        "default": error(9, "not-your-turn"),
        "expect": base_expect("passimisaari/basic-dealer-N"),
        "why": "All four pass the double in turn (N, E, S, W): undoubled, and the base case's play and score.",
    },
    # --- passimisääri: the two sides' costs are netted (ANY) -------------------------------------------------
    {
        "name": "netted-basic",
        "readings": {"score.zero-sum": ["score.passimisaari-tricks", "score.passimisaari-aces"]},
        "base": "passimisaari/basic-dealer-N",
        "default": SAME,
        "expect": {"result": {"contract": None, "tricks": {"NS": 5, "EW": 8}, "score": {"NS": 27, "EW": -27}}},
        "why": "The base case's costs: NS 5 + 3 = 8, EW 8 + 27 = 35. Netted, each side receives the other's "
        "costs: NS -8 + 35 = 27, EW -35 + 8 = -27.",
    },
    {
        "name": "netted-doubled",
        "readings": {"score.zero-sum": ["score.passimisaari-tricks", "score.passimisaari-aces"]},
        "base": "passimisaari/d5-doubled",
        "default": SAME,
        "expect": {"result": {"contract": None, "tricks": {"NS": 5, "EW": 8}, "score": {"NS": 12, "EW": -12}}},
        "why": "The base case's costs (doubled): NS 5 × 2 + 13 = 23, EW 8 × 2 + 19 = 35. Netted: NS -23 + 35 = 12, "
        "EW -35 + 23 = -12.",
    },
    {
        "name": "netted-partner-doubles",
        "readings": {"score.zero-sum": ["score.passimisaari-tricks", "score.passimisaari-aces"]},
        "base": "passimisaari/dealer-partner-doubles",
        "default": SAME,
        "expect": {"result": {"contract": None, "tricks": {"NS": 8, "EW": 5}, "score": {"NS": -17, "EW": 17}}},
        "why": "The base case's costs: NS 8 × 2 + 13 = 29, EW 5 × 2 + 2 = 12. Netted: NS -29 + 12 = -17, "
        "EW -12 + 29 = 17.",
    },
    # --- misère ace points are zero-sum (ANY) ------------------------------------------------------------------
    {
        "name": "misere-aces-zero-sum-made",
        "readings": {"score.zero-sum": ["score.misere-aces"]},
        "base": "misere/made-5M-exact-two",
        "default": SAME,
        "expect": {"result": {"contract": {"declarer": "N", "bid": "5M", "doubling": 0}, "tricks": {"NS": 2, "EW": 11},
                              "score": {"NS": 32, "EW": -32}}},
        "why": "The base case: contract NS +10, EW -10; aces NS 8 (trick 8), EW 7 + 11 + 12 = 30. Zero-sum aces: "
        "NS 10 - 8 + 30 = 32, EW -10 - 30 + 8 = -32.",
    },
    {
        "name": "misere-aces-zero-sum-down",
        "readings": {"score.zero-sum": ["score.misere-aces"]},
        "base": "misere/down-6M-one",
        "default": SAME,
        "expect": {"result": {"contract": {"declarer": "N", "bid": "6M", "doubling": 0}, "tricks": {"NS": 2, "EW": 11},
                              "score": {"NS": 7, "EW": -7}}},
        "why": "The base case: contract NS -15, EW +15; aces NS none, EW 1 + 3 + 6 + 12 = 22. Zero-sum aces: "
        "NS -15 + 22 = 7, EW 15 - 22 = -7.",
    },
    # --- bolsevikki: the bolshevik's right-hand opponent leads (ANY) -------------------------------------------
    {
        "name": "bolshevik-right-leads-N",
        "readings": {"bolsevikki.lead": "declarer-right"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "default": SAME,
        "expect": error(7, "not-your-turn"),
        "why": "N is the bolshevik; after the call (0-3) and his gifts (4-6) the player on his right, W, leads; "
        "E's lead at 7 is out of turn.",
    },
    {
        "name": "bolshevik-right-leads-W",
        "readings": {"bolsevikki.lead": "declarer-right"},
        "base": "bolsevikki/made-W-third-caller",
        "default": SAME,
        "expect": error(7, "not-your-turn"),
        "why": "W is the bolshevik; the player on his right, S, leads; N's lead at 7 is out of turn.",
    },
    {
        "name": "bolshevik-right-leads-W-played",
        "readings": {"bolsevikki.lead": "declarer-right"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: [*a[:7], "W play 6S", "N play 5S", "E play AS", "S play 8S", *a[11:]],
        "default": error(7, "not-your-turn"),
        "expect": base_expect("bolsevikki/made-N-dealer-first-caller"),
        "why": "The first trick led by W (N's right): W 6S, N 5S, E AS, S 8S, the base case's four cards of "
        "trick 1; E wins it with the ace and leads trick 2 as in the base case, so the rest of the play and the "
        "score are the base case's (N takes no trick: +105, each opponent -35). By default E leads: W at 7 is "
        "out of turn.",
    },
    # --- bolsevikki: several may call, the first caller chooses (CAC, ANY) -----------------------------------
    {
        "name": "several-callers-first-keeps",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: ["N bid 7M", "E bid 7M", "S pass", "W pass", "N bid 7M", *a[4:]],
        "default": error(1, "bid-not-higher"),
        "expect": base_expect("bolsevikki/made-N-dealer-first-caller"),
        "why": "N and E call 7M in the round (0-3); N, the first caller, chooses first and keeps it (4): N is the "
        "bolshevik and the rest is the base case. By default E's 7M (1) is not higher than N's.",
    },
    {
        "name": "several-callers-first-withdraws",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: ["N bid 7M", "E bid 7M", "S pass", "W pass", "N pass", *a[4:]],
        "default": error(1, "bid-not-higher"),
        "expect": error(5, "not-your-turn"),
        "why": "N withdraws (4): E, the one caller left, is the bolshevik; he takes the centre and gives first, "
        "so the base case's 'N give E 7C' at 5 is out of turn.",
    },
    {
        "name": "several-callers-two-withdraw",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: ["E bid 7M", "S bid 7M", "W bid 7M", "N pass", "E pass", "S pass", *a[4:]],
        "default": error(1, "bid-not-higher"),
        "expect": base_expect("bolsevikki/made-W-third-caller"),
        "why": "Dealer E, S and W all call 7M, N passes; E withdraws (4), then S (5): W, the last caller left, "
        "is the bolshevik without a further call, and the base case follows (W's gifts, play, W +105). By "
        "default S's 7M (1) is not higher than E's.",
    },
    {
        "name": "several-callers-fourth-calls",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: [*a[:3], "N bid 7M", "W bid 7M", *a[4:]],
        "default": error(3, "bid-not-higher"),
        "expect": base_expect("bolsevikki/made-W-third-caller"),
        "why": "W calls third, N fourth (3); W chooses first and keeps it (4): the base case.",
    },
    {
        "name": "several-callers-first-chooses-first",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: ["N bid 7M", "E bid 7M", "S pass", "W pass", "E bid 7M", *a[4:]],
        "default": error(1, "bid-not-higher"),
        "expect": error(4, "not-your-turn"),
        "why": "N called first, so N chooses first: E's keep at 4 is out of turn.",
    },
    {
        "name": "several-callers-choice-is-keep-or-withdraw",
        "readings": {"bolsevikki.several-callers": "first-chooses"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: ["N bid 7M", "E bid 7M", "S pass", "W pass", "N bid 6M", *a[4:]],
        "default": error(1, "bid-not-higher"),
        "expect": error(4, "bid-not-allowed"),
        "why": "In the choice a caller may only bid the contract again (keep) or pass (withdraw): N's 6M at 4 is "
        "bid-not-allowed.",
    },
    {
        "name": "several-callers-cac-forehand-first",
        "readings": {"bolsevikki.several-callers": "first-chooses", "bolsevikki.call-first": "forehand"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: ["S pass", "W bid 7M", "N bid 7M", "E pass", "W bid 7M", *a[4:]],
        "default": error(0, "not-your-turn"),
        "expect": base_expect("bolsevikki/made-W-third-caller"),
        "why": "CAC's procedure: the dealer E's left (S) calls first: S passes, W calls, N calls too, E passes; "
        "W, the first caller, keeps it (4); the rest is the base case. By default the dealer E calls first.",
    },
    # --- the kitty partner's gifts in any order (ANY) ------------------------------------------------------------
    {
        "name": "kitty-any-order-N",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "kitty/taker-N",
        "actions": lambda a: reordered(a, 13, (2, 0, 1)),
        "default": error(13, "give-wrong-recipient"),
        "expect": base_expect("kitty/taker-N"),
        "why": "S gives E 3S, then W 2S, then N 2D: the base case's three gifts in another order, so the same "
        "hands and the base case's answer. By default S's left (W) must receive first.",
    },
    {
        "name": "kitty-any-order-E",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "kitty/taker-E",
        "actions": lambda a: reordered(a, 11, (2, 1, 0)),
        "default": error(11, "give-wrong-recipient"),
        "expect": base_expect("kitty/taker-E"),
        "why": "W gives S 3D, E 2D, N 2H (the base case's gifts, reversed): the base case's answer. By default N "
        "(W's left) receives first.",
    },
    {
        "name": "kitty-any-order-twice-to-one",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "kitty/taker-E",
        "actions": lambda a: replaced(a, 12, "W give N 2D"),
        "default": error(12, "give-wrong-recipient"),
        "expect": error(12, "give-wrong-recipient"),
        "why": "Any order, but one card to each: a second gift to N (12) is still give-wrong-recipient.",
    },
    # --- the bolshevik's gifts in any order (ANY) -----------------------------------------------------------------
    {
        "name": "bolshevik-any-order-N",
        "readings": {"bolsevikki.gift-order": "any-order"},
        "base": "bolsevikki/made-N-dealer-first-caller",
        "actions": lambda a: reordered(a, 4, (2, 0, 1)),
        "default": error(4, "give-wrong-recipient"),
        "expect": base_expect("bolsevikki/made-N-dealer-first-caller"),
        "why": "N gives W 5C, E 7C, S 6C: the base case's gifts in another order; the base case's answer.",
    },
    {
        "name": "bolshevik-any-order-W",
        "readings": {"bolsevikki.gift-order": "any-order"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: reordered(a, 4, (2, 1, 0)),
        "default": error(4, "give-wrong-recipient"),
        "expect": base_expect("bolsevikki/made-W-third-caller"),
        "why": "W gives S 8D, E TC, N TD: the base case's gifts reversed; the base case's answer.",
    },
    {
        "name": "kitty-any-order-leaves-the-bolshevik",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: reordered(a, 4, (2, 1, 0)),
        "default": error(4, "give-wrong-recipient"),
        "expect": error(4, "give-wrong-recipient"),
        "why": "The kitty's reading does not change the bolshevik's order (bolsevikki.gift-order).",
    },
    # --- returns may be the same card (ANY) -----------------------------------------------------------------------
    {
        "name": "same-card-passimisaari-dealer",
        "readings": {"passimisaari.different-card": False},
        "base": "errors/return-same-card-passimisaari-dealer",
        "default": SAME,
        "expect": error(8, "incomplete-record"),
        "why": "N gives back 3H, the card S gave him (7): allowed; the exchange is over and the record ends "
        "before the doubling: incomplete-record at 8 (the number of actions).",
    },
    {
        "name": "same-card-passimisaari-forehand-partner",
        "readings": {"passimisaari.different-card": False},
        "base": "errors/return-same-card-passimisaari-forehand-partner",
        "default": SAME,
        "expect": "incomplete",
        "why": "The forehand's partner gives back the card he received: allowed; the record ends there: "
        "incomplete-record at the number of actions.",
    },
    {
        "name": "same-card-defenders",
        "readings": {"defenders-exchange.different-card": False},
        "base": "errors/return-same-card-defenders",
        "default": SAME,
        "expect": error(20, "incomplete-record"),
        "why": "W gives back 9S, the card E gave him (19): allowed; the record ends before the doubling: "
        "incomplete-record at 20.",
    },
    {
        "name": "same-card-defenders-done",
        "readings": {"defenders-exchange.different-card": False},
        "base": "defenders-exchange/passed",
        "actions": lambda a: [*a[:18], "E give W 9S", "W give E 9S"],
        "default": error(19, "return-same-card"),
        "expect": error(20, "incomplete-record"),
        "why": "Deal A again (as errors/return-same-card-defenders, dealt by N, 5H by N): E gives W 9S (18), W "
        "gives it back (19): allowed under the reading, incomplete-record at 20; by default return-same-card at 19.",
    },
    # --- the defenders' exchange is compulsory (ANY) --------------------------------------------------------------
    {
        "name": "compulsory-exchange-E-passes",
        "readings": {"defenders-exchange.optional": True},
        "base": "defenders-exchange/passed",
        "default": SAME,
        "expect": error(18, "wrong-phase"),
        "why": "The exchange is allowed (first bid 1H) and now compulsory: E's pass at 18 is a pass where a give "
        "is mandatory (wrong-phase, DESIGN §4).",
    },
    {
        "name": "compulsory-exchange-W-passes",
        "readings": {"defenders-exchange.optional": True},
        "base": "defenders-exchange/passed-then-second-defender-doubles",
        "default": SAME,
        "expect": error(18, "wrong-phase"),
        "why": "W (S's left) must give; his pass at 18 is wrong-phase.",
    },
    {
        "name": "compulsory-exchange-made",
        "readings": {"defenders-exchange.optional": True},
        "base": "defenders-exchange/done",
        "default": SAME,
        "expect": SAME,
        "why": "The defenders exchange in the base case: nothing changes.",
    },
    {
        "name": "compulsory-exchange-banned",
        "readings": {"defenders-exchange.optional": True},
        "base": "defenders-exchange/banned-first-bid-6",
        "default": SAME,
        "expect": SAME,
        "why": "The exchange is banned (first bid at 6): compulsory only where it is allowed; nothing changes.",
    },
    # --- no centre-position rules (ANY) -----------------------------------------------------------------------------
    {
        "name": "no-centre-rules-top-card",
        "readings": {"deal.centre-not-top-or-bottom": []},
        "base": "errors/invalid-deal-centre-position-0",
        "default": SAME,
        "expect": error(2, "incomplete-record"),
        "why": "Position 0 may be a centre card; the deal is valid, N 1H and E's pass are legal, and the record "
        "ends in the first auction: incomplete-record at 2.",
    },
    {
        "name": "no-centre-rules-bottom-card",
        "readings": {"deal.centre-not-top-or-bottom": []},
        "base": "errors/invalid-deal-centre-position-51",
        "default": SAME,
        "expect": error(2, "incomplete-record"),
        "why": "Position 51 may be a centre card: incomplete-record at 2, as above.",
    },
    {
        "name": "no-centre-rules-four-in-a-row",
        "readings": {"deal.centre-not-consecutive": 4},
        "base": "errors/invalid-deal-four-consecutive",
        "default": SAME,
        "expect": error(2, "incomplete-record"),
        "why": "Positions 20-23 may all be centre cards: incomplete-record at 2.",
    },
    {
        "name": "no-centre-rules-four-in-a-row-unsorted",
        "readings": {"deal.centre-not-consecutive": 4},
        "base": "errors/invalid-deal-four-consecutive-unsorted",
        "default": SAME,
        "expect": "incomplete",
        "why": "Four consecutive positions, unsorted: valid without the centre rules; the record ends early.",
    },
    {
        "name": "no-centre-rules-both",
        "readings": {"deal.centre-not-top-or-bottom": [], "deal.centre-not-consecutive": 4},
        "base": "errors/invalid-deal-centre-position-0",
        "default": SAME,
        "expect": error(2, "incomplete-record"),
        "why": "The whole reading (both rules): position 0 is allowed, as with the first alone.",
    },
]


def expected(entry: dict[str, Any], key: str, rec: dict[str, Any]) -> dict[str, Any]:
    value = entry[key]
    if value == SAME:
        return base_expect(entry["base"])
    if value == "incomplete":
        return error(len(rec["actions"]), "incomplete-record")
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("entry", READINGS, ids=lambda e: e["name"])
def test_reading_changes_the_answer_as_derived(entry: dict[str, Any]) -> None:
    rec = record(entry)
    assert replay(rec).to_response() == expected(entry, "default", rec)
    ruleset = with_readings(RS, entry["readings"])
    assert replay(rec, ruleset=ruleset).to_response() == expected(entry, "expect", rec)
    with engine.step_path_only():  # the batch paths fall back to the step path for a reading they do not know
        assert replay(rec, ruleset=ruleset).to_response() == expected(entry, "expect", rec)


def test_every_new_alternative_changes_at_least_two_answers() -> None:
    changed: dict[str, int] = {}
    for entry in READINGS:
        rec = record(entry)
        if len(entry["readings"]) == 1 and expected(entry, "default", rec) != expected(entry, "expect", rec):
            (rule_id,) = entry["readings"]
            changed[rule_id] = changed.get(rule_id, 0) + 1
    assert all(n >= 2 for n in changed.values()), sorted(changed.items())
    assert len(changed) == 13, sorted(changed)


def test_zero_sum_names_scoring_rules_only() -> None:
    with pytest.raises(RulesetError, match=r"zero_sum: 'score\.nothing' is not a scoring rule"):
        with_readings(RS, {"score.zero-sum": ["score.nothing"]})
