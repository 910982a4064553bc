"""Writes the 2016 sitsi match records (conformance/cases/2016/match/sitsi-*.yaml).

Each record is a whole sitsi played by the seeded bots of the reference package (skruuvi.authoring.bots): three
blocks of four alkupelit and four kotkat with the partnerships AB–CD, AC–BD, AD–BC (or the agreed options).
Its expectation is the reference interpreter's running individual totals. That expectation is justified
by two independent checks, both run by the test suite:

* tests/interpreter/test_sitsi.py recomputes every sheet from the single-deal replays of the deals and the seating,
  with its own summation, and checks that every player partners every other once;
* the independent oracle (conformance/oracle) replays the whole record and must give the same answer.

Usage: python3 conformance/tools/make_sitsi.py           (deterministic: rewrites the same files)
       python3 conformance/tools/make_sitsi.py --check   (compares instead of writing)
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import yaml

from skruuvi.authoring.bots import random_match
from skruuvi.interpreter.replay import replay
from skruuvi.rules.ruleset import get_ruleset

OUT = Path(__file__).resolve().parents[1] / "cases" / "2016" / "match"
SHORT = {"stages": [{"form": "alkupeli", "deals": 2}, {"form": "kotka", "deals": 2}], "unwinding": True}
RECORDS = [
    ("sitsi-seed-1", 1, None, "A whole sitsi: three blocks of 4 alkupelit + 4 kotkat (24 deals)"),
    ("sitsi-seed-2", 2, None, "A whole sitsi: three blocks of 4 alkupelit + 4 kotkat (24 deals), another seed"),
    ("sitsi-short-unwinding", 3, SHORT,
     "A sitsi by agreement: blocks of 2 alkupelit + 2 kotkat, unwound in reverse order (24 deals)"),
    ("sitsi-bolsevikki-round", 4, {"bolsevikki_round": True},
     "A whole sitsi followed by the agreed round of four bolsevikki deals (28 deals)"),
    ("sitsi-unwinding", 5, {"unwinding": True},
     "A whole sitsi unwound: six blocks of 4 alkupelit + 4 kotkat, the last three in reverse order (48 deals)"),
    ("sitsi-five-players", 6, {
        "players": ["A", "B", "C", "D", "E"],
        "partnerships": [[["A", "B"], ["C", "D"]], [["A", "C"], ["B", "E"]], [["A", "E"], ["B", "D"]],
                         [["A", "D"], ["C", "E"]], [["B", "C"], ["D", "E"]]],
        "stages": [{"form": "alkupeli", "deals": 2}, {"form": "kotka", "deals": 2}]},
     "Five players by agreement: five blocks of 2 alkupelit + 2 kotkat, one player sitting out each (20 deals)"),
    ("sitsi-one-deal-stages", 7, {"stages": [{"form": "alkupeli", "deals": 1}, {"form": "kotka", "deals": 1}]},
     "A sitsi by agreement: blocks of 1 alkupeli + 1 kotka, so every stage is one deal (6 deals)"),
    ("sitsi-player-in-no-block", 8, {"players": ["A", "B", "C", "D", "E"]},
     "Five players named by agreement with the three usual blocks: E sits in no block and ends with 0 (24 deals)"),
]
NOTES = {
    "sitsi-one-deal-stages": (" With stages of one deal each, every deal ends its stage and every second deal its block: "
                              "deals 0, 2 and 4 open the blocks AB–CD, AC–BD and AD–BC and carry their seats; deals 1, "
                              "3 and 5 are the blocks' kotkat."),
    "sitsi-player-in-no-block": (" options.players names E, who sits in no block of the default partnerships (A, B, C, "
                                 "D only): E is a player of the sitsi who plays no deal, so E's total is 0 on every "
                                 "sheet and E is ranked by that 0 like anyone else (ties by name). The agreement does "
                                 "not make the record wrong: the ruleset lets the players and the partnerships be "
                                 "agreed separately (sitsi.agreements), and nothing requires every named player to "
                                 "sit."),
}
RULES = ["sitsi.players", "sitsi.partnerships", "sitsi.block", "sitsi.individual-totals", "match.dealer-rotation"]


def build(name: str, seed: int, options: dict | None, description: str) -> dict:
    ruleset = get_ruleset("skruuvi-2016")
    record = random_match(ruleset, random.Random(seed), case_id=f"2016.match.{name}", options=options)
    outcome = replay(record)
    assert outcome.ok and outcome.result is not None, outcome.message
    rules = RULES + ([*(["sitsi.unwinding"] if options.get("unwinding") else []), "sitsi.agreements",
                      *(["sitsi.bolsevikki-round", "sitsi.bolsevikki-round-deals", "bolsevikki.one-against-three"]
                        if options.get("bolsevikki_round") else [])] if options else [])
    return {
        "id": record["id"], "ruleset": ruleset.id, "description": description, "rules": rules,
        "justification": {
            "kind": "two-implementations",
            "note": (f"Played by the seeded bots (skruuvi.authoring.bots.random_match, seed {seed}). The running totals are "
                     "the reference interpreter's; tests/interpreter/test_sitsi.py recomputes each sheet from the single-deal "
                     "replays and the seating (partners share a deal's score), checks that every player partners "
                     "every other once, and the independent oracle must give the same answer." + NOTES.get(name, "")),
        },
        "match": record["match"],
        "expect": {"match": outcome.result["match"]},
    }


def _variant(base: dict, name: str, description: str, rules: list[str], deals: list, error: dict,
             why: str) -> dict:
    return {
        "id": f"2016.match.{name}", "ruleset": base["ruleset"], "description": description, "rules": rules,
        "justification": {"kind": "hand-derived", "note": why},
        "match": {"deals": deals}, "expect": {"error": error},
    }


def invalid_variants(base: dict) -> list[dict]:
    """Hand-derived invalid records made from a valid sitsi by one structural change each."""
    deals = base["match"]["deals"]
    out = []
    block2 = copy.deepcopy(deals)
    seats = block2[8]["seats"]
    a_seat = next(s for s, p in seats.items() if p == "A")
    b_seat = next(s for s, p in seats.items() if p == "B")
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[a_seat]
    seats[opposite], seats[b_seat] = "B", seats[opposite]
    out.append(_variant(base, "error-block-2-same-partners", "The second block seats A opposite B again",
                        ["sitsi.partnerships"], block2, {"deal": 8, "index": None, "code": "wrong-seating"},
                        "Deal 8 (0-based) opens block 2, whose partnerships are A–C and B–D (sitsi.partnerships). "
                        "Its seats put B opposite A, so the partners are A–B and C–D again: wrong-seating at deal 8, "
                        "before the deal itself is looked at. Deals 0-7 are a valid first block."))
    moved = copy.deepcopy(deals)
    first = moved[0]["seats"]
    moved[3]["seats"] = {"N": first["E"], "E": first["N"], "S": first["W"], "W": first["S"]}
    out.append(_variant(base, "error-seats-change-within-block", "Players change seats in the middle of block 1",
                        ["sitsi.partnerships"], moved, {"deal": 3, "index": None, "code": "wrong-seating"},
                        "Deal 3 is inside block 1 (deals 0-7) but names other seats than deal 0 (each player moved "
                        "one seat): players keep their seats within a block, so wrong-seating at deal 3."))
    no_seats = copy.deepcopy(deals)
    del no_seats[16]["seats"]
    out.append(_variant(base, "error-block-3-not-seated", "The first deal of block 3 does not seat the players",
                        ["sitsi.partnerships"], no_seats, {"deal": 16, "index": None, "code": "wrong-seating"},
                        "Deal 16 opens block 3 (A–D against B–C) and must seat the players; it has no seats: "
                        "wrong-seating at deal 16."))
    form = copy.deepcopy(deals)
    form[4] = copy.deepcopy(deals[3])
    form[4]["deal"]["dealer"] = deals[4]["deal"]["dealer"]
    out.append(_variant(base, "error-fifth-deal-alkupeli", "A fifth alkupeli where the first kotka is due",
                        ["sitsi.block"], form, {"deal": 4, "index": None, "code": "wrong-deal-form"},
                        "A block is four alkupelit then four kotkat (sitsi.block); deal 4 is the fifth deal of "
                        "block 1 and names form alkupeli (a copy of deal 3 with the right dealer): wrong-deal-form."))
    dealer = copy.deepcopy(deals)
    dealer[9]["deal"]["dealer"] = deals[8]["deal"]["dealer"]
    out.append(_variant(base, "error-dealer-twice", "The same player deals twice in a row",
                        ["match.dealer-rotation"], dealer, {"deal": 9, "index": None, "code": "wrong-dealer"},
                        "Deal 9 names the dealer of deal 8; the deal passes to the previous dealer's left "
                        "(match.dealer-rotation): wrong-dealer at deal 9."))
    over = [*copy.deepcopy(deals), copy.deepcopy(deals[0])]
    over[24]["deal"]["dealer"] = {"N": "E", "E": "S", "S": "W", "W": "N"}[deals[23]["deal"]["dealer"]]
    out.append(_variant(base, "error-twenty-fifth-deal", "A deal after the third block",
                        ["sitsi.partnerships", "sitsi.block"], over,
                        {"deal": 24, "index": None, "code": "match-overrun"},
                        "Three blocks of eight deals make 24 deals (0-23); deal 24 comes after the end: "
                        "match-overrun."))
    unseated = copy.deepcopy(deals)
    del unseated[0]["seats"]["W"]
    out.append(_variant(base, "error-first-deal-seat-missing", "The first deal's seats name N, E and S but not W",
                        ["sitsi.partnerships"], unseated, {"deal": 0, "index": None, "code": "wrong-seating"},
                        "Deal 0 opens block 1 and must seat the four players (INTERPRETING §6.10; DESIGN §3, "
                        "amendment match-seat-names: all four seats N, E, S, W). Its seats leave W out, so the "
                        "block's partnerships are not given: wrong-seating at deal 0, index null, before the deal "
                        "itself is looked at."))
    listed = copy.deepcopy(deals)
    listed[0]["seats"]["W"] = [listed[0]["seats"]["W"]]
    out.append(_variant(base, "error-first-deal-seat-a-list", "The first deal's seats give W as a list, not a name",
                        ["sitsi.partnerships"], listed, {"deal": 0, "index": None, "code": "wrong-seating"},
                        "Deal 0 opens block 1 and must seat the four players by name (DESIGN §3, amendment "
                        "match-seat-names: each seat's player is a non-empty text). W's entry is the list [B], the "
                        "right player wrapped in a list, which is not a name: wrong-seating at deal 0, index null, "
                        "before the deal itself is looked at."))
    short = copy.deepcopy(deals)[:20]
    out.append(_variant(base, "error-stops-in-block-3", "The record stops after 20 deals",
                        ["sitsi.block"], short, {"deal": 20, "index": None, "code": "incomplete-record"},
                        "Every given deal is legal but the sitsi needs 24 deals; the record ends after 20: "
                        "incomplete-record with deal 20 (the number of deals given) and index null."))
    return out


def unwinding_variant(base: dict) -> dict:
    """Block 4 of an unwound 2 + 2 sitsi (the first block played again in reverse order) seats A opposite B."""
    deals = copy.deepcopy(base["match"]["deals"])
    seats = deals[12]["seats"]  # blocks of 4 deals: block 4 (0-based 3) starts at deal 12
    a_seat = next(s for s, p in seats.items() if p == "A")
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[a_seat]
    b_seat = next(s for s, p in seats.items() if p == "B")
    seats[opposite], seats[b_seat] = "B", seats[opposite]
    case = _variant(base, "error-unwinding-block-4-partners",
                    "Unwinding: the fourth block seats A opposite B instead of A opposite D",
                    ["sitsi.unwinding", "sitsi.agreements", "sitsi.partnerships"], deals,
                    {"deal": 12, "index": None, "code": "wrong-seating"},
                    "With blocks of 2 alkupelit + 2 kotkat (4 deals) unwound, the blocks are AB–CD, AC–BD, AD–BC, "
                    "then AD–BC, AC–BD, AB–CD. Deal 12 opens the fourth block, whose partners are A–D and B–C; its "
                    "seats put B opposite A: wrong-seating at deal 12.")
    case["match"]["options"] = base["match"]["options"]
    return case


def one_deal_stage_variants(base: dict) -> list[dict]:
    """Two hand-derived errors in a sitsi whose stages are one deal each (1 alkupeli + 1 kotka per block)."""
    out = []
    deals = copy.deepcopy(base["match"]["deals"])
    deals[1] = copy.deepcopy(base["match"]["deals"][0])
    deals[1]["deal"]["dealer"] = base["match"]["deals"][1]["deal"]["dealer"]
    del deals[1]["seats"]
    deals = deals[:2]
    case = _variant(base, "error-one-deal-stage-second-alkupeli", "Blocks of 1 alkupeli + 1 kotka: deal 1 is a "
                    "second alkupeli", ["sitsi.block", "sitsi.agreements"], deals,
                    {"deal": 1, "index": None, "code": "wrong-deal-form"},
                    "With stages [alkupeli × 1, kotka × 1] the alkupeli stage ends after deal 0, so deal 1 must be "
                    "the block's kotka. Deal 1 names form alkupeli (a copy of deal 0 with the right dealer and no "
                    "seats, which within a block may be omitted): wrong-deal-form at deal 1.")
    case["match"]["options"] = base["match"]["options"]
    out.append(case)
    deals = copy.deepcopy(base["match"]["deals"])
    del deals[2]["seats"]
    case = _variant(base, "error-one-deal-stage-block-2-not-seated", "Blocks of 1 alkupeli + 1 kotka: deal 2 opens "
                    "block 2 without seats", ["sitsi.block", "sitsi.agreements", "sitsi.partnerships"], deals,
                    {"deal": 2, "index": None, "code": "wrong-seating"},
                    "With blocks of two deals (1 alkupeli + 1 kotka), block 1 is deals 0-1 and deal 2 opens block 2 "
                    "(A–C against B–D), which must seat the players. Deal 2 has no seats: wrong-seating at deal 2 "
                    "(deals 0 and 1 are legal).")
    case["match"]["options"] = base["match"]["options"]
    out.append(case)
    return out


def bolsevikki_round_variants(base: dict) -> list[dict]:
    """Two hand-derived errors in the agreed bolsevikki round (deals 24-27) of a whole sitsi."""
    out = []
    deals = copy.deepcopy(base["match"]["deals"])
    kotka = copy.deepcopy(deals[23])
    kotka["deal"]["dealer"] = deals[25]["deal"]["dealer"]
    deals[25] = kotka
    case = _variant(base, "error-bolsevikki-round-kotka", "A kotka where the round of bolsevikit is under way",
                    ["sitsi.bolsevikki-round", "sitsi.bolsevikki-round-deals", "sitsi.agreements"], deals,
                    {"deal": 25, "index": None, "code": "wrong-deal-form"},
                    "With bolsevikki_round agreed, deals 24-27 follow the three blocks (deals 0-23) and are all "
                    "bolsevikit. Deal 25 names form kotka (a copy of deal 23 with the right dealer): "
                    "wrong-deal-form at deal 25.")
    case["match"]["options"] = base["match"]["options"]
    out.append(case)
    deals = copy.deepcopy(base["match"]["deals"])
    last = next(e["seats"] for e in reversed(deals[:24]) if "seats" in e)
    deals[26]["seats"] = {"N": last["E"], "E": last["S"], "S": last["W"], "W": last["N"]}
    case = _variant(base, "error-bolsevikki-round-seats-moved", "Players change seats during the bolsevikki round",
                    ["sitsi.bolsevikki-round", "sitsi.bolsevikki-round-deals", "sitsi.agreements",
                     "sitsi.partnerships"], deals,
                    {"deal": 26, "index": None, "code": "wrong-seating"},
                    "The bolsevikki round keeps the seats of the last block (deal 16's seats). Deal 26 names seats "
                    "with every player moved one place: wrong-seating at deal 26 (deals 24 and 25 are legal).")
    case["match"]["options"] = base["match"]["options"]
    out.append(case)
    return out


CHECK = "--check" in sys.argv
DIFFER: list[str] = []


def _write(case: dict) -> None:
    name = case["id"].split(".", 2)[2]
    text = yaml.safe_dump(case, sort_keys=False, allow_unicode=True, width=120, default_flow_style=None)
    path = OUT / f"{name}.yaml"
    if CHECK:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            DIFFER.append(name)
            print(f"DIFFERS: {name}.yaml")
        return
    path.write_text(text, encoding="utf-8")
    print(f"wrote {name}.yaml: {len(case['match']['deals'])} deals")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, seed, options, description in RECORDS:
        case = build(name, seed, options, description)
        _write(case)
        if name == "sitsi-seed-1":
            for variant in invalid_variants(case):
                _write(variant)
        if name == "sitsi-short-unwinding":
            _write(unwinding_variant(case))
        if name == "sitsi-bolsevikki-round":
            for variant in bolsevikki_round_variants(case):
                _write(variant)
        if name == "sitsi-one-deal-stages":
            for variant in one_deal_stage_variants(case):
                _write(variant)
    if CHECK:
        print("check:", "all equal" if not DIFFER else f"{len(DIFFER)} differ")
        sys.exit(1 if DIFFER else 0)


if __name__ == "__main__":
    main()
