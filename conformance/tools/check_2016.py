"""Coverage and consistency checker for conformance/cases/2016 (standard library + PyYAML).

Independent of author.py: it re-reads the YAML files, re-counts tricks from the play actions with its own
trick evaluation, recomputes the score from the 2016 tables, and reports coverage of the ruleset's rule
ids, of the error codes, and of the score-table entries.  Exit status 1 on any inconsistency.
"""
import collections
import glob
import json
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CASES = sorted(glob.glob(os.path.join(ROOT, "conformance", "cases", "2016", "*", "*.yaml")))
RULESET = os.path.join(ROOT, "spec", "rulesets", "skruuvi-2016.yaml")
CODES = ["invalid-deal", "malformed-action", "not-your-turn", "wrong-phase", "bid-not-higher",
         "final-contract-too-low", "card-not-held", "must-follow-suit", "give-wrong-count", "give-wrong-recipient",
         "exchange-forbidden", "return-same-card", "double-not-allowed", "redouble-not-allowed", "incomplete-record"]
R = "23456789TJQKA"


def ruleset_ids(rs):
    ids = []
    for r in rs["deal"]["rules"]:
        ids.append(r["id"])
    for f in rs["forms"].values():
        ids += [r["id"] for r in f.get("rules", [])]
    for p in rs["phases"].values():
        ids += [r["id"] for r in p.get("rules", [])]
    sc = rs["scoring"]
    ids += [r["id"] for r in sc.get("rules", [])] + [t["id"] for t in sc.get("tables", [])]
    for sch in sc["schemes"].values():
        ids += [r["id"] for r in sch]
    return ids


def tricks_of(case):
    plays = [a.split() for a in case["actions"] if isinstance(a, str) and a.split()[1] == "play"]
    c = case["expect"]["result"]["contract"]
    trump = c["bid"][1] if c and c["bid"][1] in "SCDH" else None
    out = []
    for i in range(0, 52, 4):
        t = [(p[0], p[2]) for p in plays[i:i + 4]]
        t[0][1][1]
        best = t[0]
        for sc in t[1:]:
            x, b = sc[1], best[1]
            if (trump and x[1] == trump and b[1] != trump) or (x[1] == b[1] and R.index(x[0]) > R.index(b[0])):
                best = sc
        out.append((t, "NS" if best[0] in "NS" else "EW"))
    return out


def main():
    with open(RULESET, encoding="utf-8") as handle:
        rs = yaml.safe_load(handle)
    tables = {t["name"]: t["value"] for t in rs["scoring"]["tables"]}
    all_ids = ruleset_ids(rs)
    bad = []
    seen, per_area = set(), collections.Counter()
    rules_valid = collections.Counter()
    codes = collections.Counter()
    entries = collections.Counter()
    n_valid = n_example = 0
    scores = {}
    for path in CASES:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if "&" in text.split("note:")[0] or "!!" in text:
            bad.append(f"{path}: anchors/tags?")
        case = yaml.safe_load(text)
        json.dumps(case)
        area = os.path.basename(os.path.dirname(path))
        per_area[area] += 1
        for k in ("id", "ruleset", "description", "rules", "justification", "deal", "actions", "expect"):
            if k not in case:
                bad.append(f"{path}: missing {k}")
        if case["id"] in seen:
            bad.append(f"duplicate id {case['id']}")
        seen.add(case["id"])
        if case["id"] != f"2016.{area}.{os.path.basename(path)[:-5]}":
            bad.append(f"{path}: id/path mismatch")
        for rid in case["rules"]:
            if rid not in all_ids:
                bad.append(f"{path}: unknown rule id {rid}")
        e = case["expect"]
        if "error" in e:
            codes[e["error"]["code"]] += 1
            idx = e["error"]["index"]
            if not (idx is None or 0 <= idx <= len(case["actions"])):
                bad.append(f"{path}: index out of range")
            if idx is not None and idx < len(case["actions"]) - 1:
                bad.append(f"{path}: actions after the illegal one")
            continue
        n_valid += 1
        n_example += bool(case.get("example"))
        for rid in case["rules"]:
            rules_valid[rid] += 1
        res = e["result"]
        tr = tricks_of(case)
        won = collections.Counter(w for _, w in tr)
        if dict(NS=won["NS"], EW=won["EW"]) != res["tricks"]:
            bad.append(f"{path}: tricks {dict(won)} != {res['tricks']}")
        aces = {"NS": 0, "EW": 0}
        for i, (t, w) in enumerate(tr, 1):
            aces[w] += i * sum(1 for _, c in t if c[0] == "A")
        c = res["contract"]
        if c is None:
            m = [1, 2, 3][int(any(a.split()[1] == "double" for a in case["actions"])) +
                          int(any(a.split()[1] == "redouble" for a in case["actions"]))]
            exp = {sd: -res["tricks"][sd] * tables["passimisaari_trick_cost"] * m - aces[sd] for sd in ("NS", "EW")}
            entries["passimisaari trick cost 1"] += 1
            entries[f"multiplier x{m}"] += 1
            if any(aces.values()):
                entries["ace ordinals (passimisaari)"] += 1
        else:
            m = [1, 2, 3][c["doubling"]]
            lvl, st = int(c["bid"][0]), c["bid"][1]
            kind = "trump" if st in "SCDH" else ("grand" if st == "G" else "misere")
            ms = "NS" if c["declarer"] in "NS" else "EW"
            ds = "EW" if ms == "NS" else "NS"
            mt = res["tricks"][ms]
            if kind == "misere":
                made, over, under = mt <= 7 - lvl, 7 - lvl - mt, mt - (7 - lvl)
            else:
                made, over, under = mt >= 6 + lvl, mt - 6 - lvl, 6 + lvl - mt
            if made:
                pts = (tables["made_value"][kind][lvl] + over * tables["overtrick_value"][lvl]) * m
                entries[f"made_value {kind} {lvl} = {tables['made_value'][kind][lvl]}"] += 1
                if over:
                    entries[f"overtrick_value {lvl} = {tables['overtrick_value'][lvl]}"] += 1
            else:
                pts = -(tables["first_undertrick"][kind][lvl] + (under - 1) * tables["further_undertrick"]) * m
                entries[f"first_undertrick {kind} {lvl} = {tables['first_undertrick'][kind][lvl]}"] += 1
                if under > 1:
                    entries["further_undertrick 5"] += 1
            entries[f"multiplier x{m}"] += 1
            exp = {ms: pts, ds: -pts}
            if kind == "misere":
                exp = {sd: exp[sd] - aces[sd] for sd in exp}
                if any(aces.values()):
                    entries["ace ordinals (misere)"] += 1
        if exp != res["score"]:
            bad.append(f"{path}: score {res['score']} != recomputed {exp}")
        scores[case["id"]] = res["score"]
    # digest worked examples
    digest = {"2016.score.made-6H-13-tricks-D3": {"NS": 37, "EW": -37},
              "2016.score.down-6H-three-D3": {"NS": -20, "EW": 20},
              "2016.score.down-6H-three-doubled-D3": {"NS": -40, "EW": 40},
              "2016.score.down-6H-three-redoubled-D3": {"NS": -60, "EW": 60}}
    for k, v in digest.items():
        if scores.get(k) != v:
            bad.append(f"digest {k}: {scores.get(k)} != {v}")
    d4 = scores.get("2016.misere.made-5M-no-tricks-D4")
    if not d4 or d4["NS"] != 14:
        bad.append(f"D4: {d4}")
    print(f"{len(CASES)} cases ({n_valid} valid, {len(CASES) - n_valid} invalid, {n_example} examples)")
    print("per area:", ", ".join(f"{a} {n}" for a, n in sorted(per_area.items())))
    missing = [i for i in all_ids if i not in rules_valid]
    print(f"rule ids: {len(all_ids)} in the ruleset, {len(all_ids) - len(missing)} covered by valid cases;"
          f" missing: {missing or 'none'}")
    print("error codes:", ", ".join(f"{c} {codes[c]}" for c in CODES))
    few = [c for c in CODES if codes[c] < 2]
    if few:
        bad.append(f"codes with < 2 cases: {few}")
    print("table entries exercised:")
    for k in sorted(entries):
        print(f"  {k}: {entries[k]}")
    want = ([f"made_value {k} {l} = {tables['made_value'][k][l]}" for k in ("trump", "grand", "misere") for l in (5, 6, 7)]
            + [f"first_undertrick {k} {l} = {tables['first_undertrick'][k][l]}" for k in ("trump", "grand", "misere")
               for l in (5, 6, 7)]
            + ["overtrick_value 5 = 2", "overtrick_value 6 = 2", "further_undertrick 5", "multiplier x2",
               "multiplier x3", "passimisaari trick cost 1", "ace ordinals (passimisaari)", "ace ordinals (misere)"])
    miss_e = [w for w in want if w not in entries]
    print("table entries missing:", miss_e or "none")
    if missing or miss_e:
        bad.append("coverage incomplete")
    for b in bad:
        print("PROBLEM:", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
