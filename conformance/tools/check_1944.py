"""Coverage and consistency checker for conformance/cases/1944 (standard library + PyYAML).

Independent of author_1944.py: it re-reads the YAML files, rebuilds the hands at the start of play by
moving the table cards and every `give` of the record (no legality checks: the records are legal by
construction), re-evaluates the tricks from the play actions, recomputes the two-column score from the
tables of spec/rulesets/skruuvi-1944.yaml (contract bonus, overtricks, undertricks, crowns, sequences,
honours, misère aces, pakkomisääri), the games from the running counts and, for match records, the
sheets and the final accounting.  It checks S000's worked examples, then reports the coverage of rule
ids, of scoring rules (>= 2 valid cases each), of error codes (>= 2 invalid cases each) and of the
readings of every `inferred` / `conflict` rule.  Exit status 1 on any inconsistency.
"""
import collections
import glob
import os
import sys

import case_files

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
# Cases that pin readings (<era>/readings/) are the base cases under another reading of a rule; this checker
# knows only the default readings, so they are left out here and checked by author_readings.py --check and
# tests/suite/test_readings_suite.py (the reference must reach each hand-derived expectation).
CASES = sorted(p for p in glob.glob(os.path.join(ROOT, "conformance", "cases", "1944", "*", "*.yaml"))
               if os.sep + "readings" + os.sep not in p and os.sep + "legal" + os.sep not in p)
RULESET = os.path.join(ROOT, "spec", "rulesets", "skruuvi-1944.yaml")
CODES = ["invalid-deal", "malformed-action", "not-your-turn", "wrong-phase", "bid-not-higher", "bid-below-minimum",
         "final-contract-too-low", "card-not-held", "must-follow-suit", "give-wrong-count", "give-wrong-recipient",
         "exchange-forbidden", "return-same-card", "double-not-allowed", "redouble-not-allowed", "incomplete-record",
         "wrong-deal-form", "wrong-dealer", "match-overrun"]
RK = "23456789TJQKA"
SEAT = "NESW"


def nxt(s, k=1):
    return SEAT[(SEAT.index(s) + k) % 4]


def team(s):
    return "NS" if s in "NS" else "EW"


def opp(t):
    return "EW" if t == "NS" else "NS"


def all_rules(rs):
    out = list(rs["deal"]["rules"])
    for f in rs["forms"].values():
        out += f.get("rules", [])
    for p in rs["phases"].values():
        out += p.get("rules", [])
    sc = rs["scoring"]
    out += sc["rules"] + sc["tables"] + sc["derived"]
    for sch in sc["schemes"].values():
        out += sch
    return out + rs["match"]["rules"]


class Tables:
    def __init__(self, rs):
        t = {x["name"]: x["value"] for x in rs["scoring"]["tables"]}
        self.bonus, self.over = t["contract_bonus"], t["overtrick_value"]
        self.u1, self.un = t["undertrick_first"], t["undertrick_further"]
        self.crown, self.seq, self.hon = t["ace_crown"], t["sequence_card"], t["honour_unit"]
        self.mace, self.pakko = t["misere_ace_unit"], t["pakko_unit"]
        params = {r["id"]: r.get("value") for r in all_rules(rs)}
        self.mult = params["score.multipliers"]
        self.threshold = params["match.game-threshold"]


def replay_cards(deal, actions):
    """(form, hands at start of play, plays, bids, doubling) from the record, by moving cards only."""
    dealer = deal["dealer"]
    if "hands" in deal:
        hands = {s: set(deal["hands"][s]) for s in SEAT}
        centre = list(deal.get("centre", []))
    else:
        pos = sorted(deal.get("centre_positions", []))
        centre = [deal["deck"][p] for p in pos]
        hands = {s: set() for s in SEAT}
        seat = nxt(dealer)
        for i, c in enumerate(deal["deck"]):
            if i not in pos:
                hands[seat].add(c)
                seat = nxt(seat)
    acts = [a.split() for a in actions]
    pakko = all(a[1] == "pass" for a in acts[:4])
    if pakko:
        for i, c in enumerate(centre):
            hands[nxt(dealer, 1 + i)].add(c)
    bids = [(a[0], a[2]) for a in acts if a[1] == "bid"]
    taken = False
    plays = []
    start = None
    for a in acts:
        if a[1] == "give":
            if not pakko and not taken and centre:
                hands[a[0]] |= set(centre)      # the giver of the first give is the highest bidder
            taken = True
            for c in a[3:]:
                hands[a[0]].remove(c)
                hands[a[2]].add(c)
        elif a[1] == "play":
            if start is None:
                start = {s: set(v) for s, v in hands.items()}
            plays.append((a[0], a[2]))
    dbl = 2 if any(a[1] == "redouble" for a in acts) else (1 if any(a[1] == "double" for a in acts) else 0)
    return ("pakkomisaari" if pakko else deal["form"]), start, plays, bids, dbl


def tricks(plays, trump):
    out = []
    for i in range(0, 52, 4):
        t = plays[i:i + 4]
        w = t[0]
        for p in t[1:]:
            if (trump and p[1][1] == trump and w[1][1] != trump) or (p[1][1] == w[1][1] and RK.index(p[1][0]) >
                                                                      RK.index(w[1][0])):
                w = p
        out.append((t, team(w[0])))
    return out


def sequences(start, trump, T):
    pts = {"NS": 0, "EW": 0}
    for s in SEAT:
        for su in "SHDC":
            n = 0
            while n < 13 and RK[12 - n] + su in start[s]:
                n += 1
            if n >= 3:
                pts[team(s)] += T.seq * (n - 2) * (2 if su == trump else 1)
    return pts


def score_one(deal, actions, T, entries):
    """Recomputed {result, trick sequence} for a complete valid deal."""
    form, start, plays, bids, dbl = replay_cards(deal, actions)
    if form == "pakkomisaari":
        tr = tricks(plays, None)
        won = collections.Counter(w for _, w in tr)
        won = {"NS": won["NS"], "EW": won["EW"]}
        above = sequences(start, None, T)
        lo = "NS" if won["NS"] < won["EW"] else "EW"
        above[lo] += T.pakko * (won[opp(lo)] - won[lo])
        entries["pakko difference"] += 1
        if any(sequences(start, None, T).values()):
            entries["pakko sequence"] += 1
        return {"contract": None, "tricks": won, "below": {"NS": 0, "EW": 0}, "above": above, "seq": None}
    decl, bid = bids[-1]
    lvl, strain = int(bid[0]), bid[1]
    trump = strain if strain in "SCDH" else None
    kind = "trump" if trump else ("grand" if strain == "G" else "misere")
    tr = tricks(plays, trump)
    won = collections.Counter(w for _, w in tr)
    won = {"NS": won["NS"], "EW": won["EW"]}
    M, D = team(decl), opp(team(decl))
    if kind == "misere":
        below = {x: won[opp(x)] * lvl for x in won}
        seq = [(opp(w), lvl) for _, w in tr]
        made, over, under = won[M] <= 7 - lvl, 7 - lvl - won[M], won[M] - (7 - lvl)
    else:
        below = {x: won[x] * lvl for x in won}
        seq = [(w, lvl) for _, w in tr]
        made, over, under = won[M] >= 6 + lvl, won[M] - 6 - lvl, 6 + lvl - won[M]
    ab = {"NS": 0, "EW": 0}
    if made:
        ab[M] += T.bonus[lvl] + over * T.over[lvl]
        entries[f"made {kind} level {lvl}"] += 1
        if over:
            entries[f"overtricks level {lvl} ({T.over[lvl]} each)"] += 1
    else:
        ab[D] += T.u1[lvl] + (under - 1) * T.un[lvl]
        entries[f"down level {lvl} {'one' if under == 1 else 'several'}"] += 1
    hands_of = {"NS": start["N"] | start["S"], "EW": start["E"] | start["W"]}
    if kind != "misere":
        for s in SEAT:
            a = sum(1 for c in start[s] if c[0] == "A")
            if a >= 3:
                ab[team(s)] += T.crown[a] * (2 if kind == "grand" else 1)
                entries[f"crown {a} aces {kind}"] += 1
        aces = {x: sum(1 for c in hands_of[x] if c[0] == "A") for x in ab}
        if kind == "trump":
            h = {x: aces[x] + sum(1 for c in hands_of[x] if c[1] == trump and c[0] in "TJQKA") for x in ab}
        else:
            h = {x: 2 * aces[x] + (aces[x] > aces[opp(x)] or (aces[x] == aces[opp(x)] and x == M)) for x in ab}
            entries[f"grandi honours {h[M]} to the main pair"] += 1
        if won[M] < 7:
            ab[D] += T.hon * lvl * h[D]
            entries["honours cancelled"] += 1
        else:
            x = "NS" if h["NS"] > h["EW"] else "EW"
            ab[x] += T.hon * lvl * h[x]
            if kind == "trump" and any(c == "A" + trump for c in hands_of[x]):
                entries["trump ace counted twice by the scoring side"] += 1
    else:
        for i, (t, w) in enumerate(tr, 1):
            n = sum(1 for _, c in t if c[0] == "A")
            ab[opp(w)] += T.mace * i * n
            if n:
                entries[f"misere ace points to {'main' if opp(w) == M else 'defenders'}"] += 1
        if any(sum(1 for c in start[s] if c[0] == "A") >= 3 for s in SEAT):
            entries["three aces in misere: no crown"] += 1
    sq = sequences(start, trump, T)
    for x in sq:
        ab[x] += sq[x]
        if sq[x] and trump and any(RK[12 - k] + trump in start[s] for s in SEAT for k in range(3)):
            pass
    if any(sq.values()):
        entries[f"sequence in {kind}"] += 1
    winner = M if made else D
    if dbl:
        entries[f"multiplier x{T.mult[dbl]}"] += 1
        if ab[opp(winner)]:
            entries["loser's above not multiplied"] += 1
    ab[winner] *= T.mult[dbl]
    return {"contract": {"declarer": decl, "bid": bid, "doubling": dbl}, "tricks": won, "below": below, "above": ab,
            "seq": seq}


def games(r, kotka, run, gms, T, entries):
    """Apply a deal to (running, games); returns bonus per side."""
    bonus = {"NS": 0, "EW": 0}
    if r["contract"] is None:
        return bonus, run, gms
    new = {x: run[x] + r["below"][x] for x in run}
    hit = [x for x in new if new[x] >= T.threshold]
    w = None
    if len(hit) == 1:
        w = hit[0]
    elif len(hit) == 2:
        entries["both reach 60: trick by trick"] += 1
        c = dict(run)
        for x, p in r["seq"]:
            c[x] += p
            if c[x] >= T.threshold:
                w = x
                break
    if w:
        gms = dict(gms)
        gms[w] += 1
        bonus[w] = 200 * gms[w]
        entries[f"game bonus {bonus[w]}"] += 1
        new = {"NS": 0, "EW": 0}
    if kotka:
        new = {"NS": 0, "EW": 0}
    return bonus, new, gms


def main():
    with open(RULESET, encoding="utf-8") as f:
        rs = case_files.load_yaml(f)
    T = Tables(rs)
    rules = all_rules(rs)
    ids = [r["id"] for r in rules]
    soft = {r["id"]: r["status"] for r in rules if r["status"] != "stated"}
    bad, seen = [], set()
    per_area = collections.Counter()
    valid_rules = collections.Counter()
    codes = collections.Counter()
    entries = collections.Counter()
    readings = collections.defaultdict(list)
    n_valid = 0
    got = {}
    for path in CASES:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "!!" in text or "<<:" in text:
            bad.append(f"{path}: tags or merge keys")
        c = case_files.load_yaml(text)
        area = os.path.basename(os.path.dirname(path))
        per_area[area] += 1
        for k in ("id", "ruleset", "description", "rules", "justification", "expect"):
            if k not in c:
                bad.append(f"{path}: missing {k}")
        if c["id"] in seen or c["id"] != f"1944.{area}.{os.path.basename(path)[:-5]}":
            bad.append(f"{path}: duplicate id or id/path mismatch")
        seen.add(c["id"])
        if c["ruleset"] != "skruuvi-1944":
            bad.append(f"{path}: ruleset")
        for rid in c["rules"]:
            if rid not in ids:
                bad.append(f"{path}: unknown rule id {rid}")
        j = c["justification"]
        if j["kind"] == "source-example" and not j.get("ref", "").startswith("seed 000_45d715f71bbb7e55.txt, "):
            bad.append(f"{path}: source-example without a seed 000 ref")
        for rid in c["rules"]:
            if rid in soft and f"Reading {rid}:" in j.get("note", ""):
                readings[rid].append(c["id"])
        e = c["expect"]
        if "error" in e:
            codes[e["error"]["code"]] += 1
            if "match" in c:
                k = e["error"]["deal"]
                if k < len(c["match"]["deals"]) - 1:
                    bad.append(f"{path}: deals after the failing one")
            else:
                idx = e["error"]["index"]
                if idx is not None and idx < len(c["actions"]) - 1:
                    bad.append(f"{path}: actions after the illegal one")
            continue
        n_valid += 1
        for rid in c["rules"]:
            valid_rules[rid] += 1
        if "match" in c:
            run, gms = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
            tot = {x: {"below": 0, "above": 0} for x in run}
            sheets = []
            forms = []
            for k, item in enumerate(c["match"]["deals"]):
                d = item["deal"]
                forms.append(d["form"])
                if k and d["dealer"] != nxt(c["match"]["deals"][k - 1]["deal"]["dealer"]):
                    bad.append(f"{path}: deal {k} dealer")
                if d["form"] != ("alkupeli" if max(gms.values()) < 2 else "kotka"):
                    bad.append(f"{path}: deal {k} form")
                r = score_one(d, item["actions"], T, entries)
                bonus, run, gms = games(r, d["form"] == "kotka", run, gms, T, entries)
                for x in run:
                    tot[x]["below"] += r["below"][x] + bonus[x]
                    tot[x]["above"] += r["above"][x]
                sheets.append({x: {"below": tot[x]["below"], "above": tot[x]["above"], "games": gms[x],
                                   "running": run[x]} for x in run})
            if forms.count("kotka") != 4 or forms[-1] != "kotka":
                bad.append(f"{path}: not a whole set")
            ts = {x: tot[x]["below"] + tot[x]["above"] for x in tot}
            dif = ts["NS"] - ts["EW"]
            book = (abs(dif) // 100 + (abs(dif) % 100 >= 50)) * (1 if dif >= 0 else -1)
            fin = {"NS": ts["NS"], "EW": ts["EW"], "difference": dif, "book": book}
            if sheets != e["match"]["sheets"]:
                bad.append(f"{path}: sheets differ")
            if fin != e["match"]["final"]:
                bad.append(f"{path}: final {e['match']['final']} != {fin}")
            got[c["id"]] = sheets
            continue
        r = score_one(c["deal"], c["actions"], T, entries)
        st = c["deal"].get("state", {})
        # default zeros part by part (INTERPRETING §6A.1): a missing field or side counts 0
        run = {side: (st.get("running") or {}).get(side, 0) for side in ("NS", "EW")}
        gms = {side: (st.get("games") or {}).get(side, 0) for side in ("NS", "EW")}
        bonus, _, _ = games(r, c["deal"]["form"] == "kotka", run, gms, T, entries)
        res = {"contract": r["contract"], "tricks": r["tricks"],
               "score": {x: {"below": r["below"][x] + bonus[x], "above": r["above"][x]} for x in ("NS", "EW")}}
        if res != e["result"]:
            bad.append(f"{path}: result {e['result']} != recomputed {res}")
        got[c["id"]] = res
    # S000's worked examples
    ex = {"1944.below.source-example-1-4S-nine-tricks": ("NS", 36, "EW", 16),
          "1944.below.source-example-2-4M-three-tricks": ("EW", 40, "NS", 12)}
    for k, (a, va, b, vb) in ex.items():
        sc = got.get(k, {}).get("score", {})
        if sc.get(a, {}).get("below") != va or sc.get(b, {}).get("below") != vb:
            bad.append(f"source example {k}: {sc}")
    if got.get("1944.below.source-table-1-66-wins-first-game", {}).get("score", {}).get("EW", {}).get("below") != 266:
        bad.append("source example 266")
    s1 = got.get("1944.match.set-third-game-in-kotka")
    if not s1 or s1[3]["NS"]["below"] - s1[2]["NS"]["below"] != 54 or s1[3]["NS"]["running"] != 0 \
            or s1[4]["NS"]["games"] != s1[3]["NS"]["games"]:
        bad.append("source example kotka 54 / reset")
    g3 = got.get("1944.honours.source-grandi-three-aces-seven", {}).get("score", {})
    g2 = got.get("1944.honours.source-grandi-aces-two-two-final-bidder", {}).get("score", {})
    if not g3 or not g2:
        bad.append("grandi honour examples missing")
    print(f"{len(CASES)} cases ({n_valid} valid, {len(CASES) - n_valid} invalid)")
    print("per area:", ", ".join(f"{a} {n}" for a, n in sorted(per_area.items())))
    missing = [i for i in ids if not valid_rules[i]]
    print(f"rule ids: {len(ids)} in the ruleset, {len(ids) - len(missing)} covered by valid cases; missing: "
          f"{missing or 'none'}")
    sc_ids = [i for i in ids if i.startswith("score.")]
    few = {i: valid_rules[i] for i in sc_ids if valid_rules[i] < 2}
    print(f"scoring rule ids: {len(sc_ids)}, each in >= 2 valid cases: {few if few else 'yes'}"
          f" (min {min(valid_rules[i] for i in sc_ids)})")
    print("error codes:", ", ".join(f"{k} {codes[k]}" for k in CODES))
    lowc = [k for k in CODES if codes[k] < 2]
    print("inferred/conflict rules and the cases whose note states the reading:")
    for rid, stt in soft.items():
        print(f"  {rid} ({stt}): {len(readings[rid])} cases, e.g. {readings[rid][0] if readings[rid] else '-'}")
    noread = [r for r in soft if not readings[r]]
    print("scoring items exercised:")
    for k in sorted(entries):
        print(f"  {k}: {entries[k]}")
    if missing or few or lowc or noread:
        bad.append(f"coverage: missing {missing}, few {few}, codes {lowc}, readings {noread}")
    for b in bad:
        print("PROBLEM:", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
