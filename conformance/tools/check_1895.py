"""Coverage and consistency checker for conformance/cases/1895 (standard library + PyYAML).

Independent of author_1895.py: it re-reads the case files and spec/rulesets/skruuvi-1895.yaml, rebuilds
the hands at the start of play by dealing the deck (or taking the hands), giving the centre cards to the
taker and moving every `give` of the record, re-evaluates the tricks from the play actions (checking that
suit was followed), and recomputes each deal's score by evaluating the ruleset's own `contract` scoring
scheme (its `when` / `points` / `to` / `column` expressions, with the named tables) over the deal facts,
with a small whitelisted expression evaluator (Python's `ast`, never `eval`).  Games come from the
ruleset's match parameters (threshold, bonus expression, first-to-reach), match records are re-summed
into sheets and the final accounting.  It then reports the coverage of rule ids by valid cases, of the
contract scoring rules (non-zero in >= 2 valid deals each) and of the reachable error codes (>= 2
invalid cases each), and checks that the note of every case states a "Reading <id>:" for each
inferred/conflict rule it lists.  Exit status 1 on any inconsistency or missing coverage.
"""
import ast
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
CASES = sorted(p for p in glob.glob(os.path.join(ROOT, "conformance", "cases", "1895", "*", "*.yaml"))
               if os.sep + "readings" + os.sep not in p and os.sep + "legal" + os.sep not in p)
RULESET = os.path.join(ROOT, "spec", "rulesets", "skruuvi-1895.yaml")
RK = "23456789TJQKA"
SEAT = "NESW"

REACHABLE = ["invalid-deal", "malformed-action", "not-your-turn", "wrong-phase", "bid-not-allowed", "bid-not-higher",
             "give-wrong-recipient", "give-wrong-count", "card-not-held", "must-follow-suit", "choice-not-offered",
             "incomplete-record", "wrong-deal-form", "wrong-dealer", "match-overrun",
             "wrong-seating"]  # a deal's `seats`: DESIGN §3, amendment match-seat-names
UNREACHABLE = {
    "bid-below-minimum": "the lowest level is 1 and a level below 1 does not parse (malformed-action)",
    "final-contract-too-low": "there is no second auction and no minimum final level",
    "exchange-forbidden": "there is no defenders' exchange; a defender's give is not-your-turn or wrong-phase",
    "return-same-card": "no 1895 gift has a different-card rule (the partner may pass on received cards)",
    "double-not-allowed": "there are no knocks: `double` is wrong-phase wherever the seat is to act",
    "redouble-not-allowed": "there are no knocks: `redouble` is wrong-phase wherever the seat is to act",
}
UNEXERCISABLE = {
    "passimisaari.when": "applies only under auction.all-pass = passimisaari (alternative reading)",
    "passimisaari.centre-cards": "passimisääri procedure, alternative reading only",
    "passimisaari.exchange": "passimisääri procedure, alternative reading only",
    "passimisaari.same-card-may-return": "passimisääri procedure, alternative reading only",
    "passimisaari.lead": "passimisääri procedure, alternative reading only",
    "score.passimisaari-difference": "passimisääri scoring scheme, alternative reading only",
}
# score.scale itself (value 1) is exercised by every scored deal; its alternative (scale 10) is not.


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


# ----------------------------------------------------------------------------- expressions
OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
       ast.Div: lambda a, b: a / b, ast.Mod: lambda a, b: a % b}
CMP = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
       ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b}


def ev(node, env):
    if isinstance(node, ast.Expression):
        return ev(node.body, env)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        return OPS[type(node.op)](ev(node.left, env), ev(node.right, env))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not ev(node.operand, env)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -ev(node.operand, env)
    if isinstance(node, ast.BoolOp):
        vals = (ev(v, env) for v in node.values)
        return all(vals) if isinstance(node.op, ast.And) else any(vals)
    if isinstance(node, ast.Compare):
        left = ev(node.left, env)
        for op, c in zip(node.ops, node.comparators, strict=True):
            right = ev(c, env)
            if not CMP[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return ev(node.body, env) if ev(node.test, env) else ev(node.orelse, env)
    if isinstance(node, ast.Subscript):
        return ev(node.value, env)[ev(node.slice, env)]
    raise ValueError(f"expression node not allowed: {ast.dump(node)}")


def evaluate(text, env):
    return ev(ast.parse(str(text), mode="eval"), env)


# ----------------------------------------------------------------------------- replay by moving cards
def deal_hands(deal):
    dealer = deal["dealer"]
    if "hands" in deal:
        return {s: set(deal["hands"][s]) for s in SEAT}, list(deal["centre"])
    pos = sorted(deal["centre_positions"])
    hands = {s: set() for s in SEAT}
    seat = nxt(dealer)
    for i, c in enumerate(deal["deck"]):
        if i not in pos:
            hands[seat].add(c)
            seat = nxt(seat)
    return hands, [deal["deck"][p] for p in pos]


def replay_cards(deal, actions, problems, where):
    """(None for a redeal | dict with contract, start hands, plays)."""
    hands, centre = deal_hands(deal)
    acts = [a.split() for a in actions]
    if all(a[1] == "pass" for a in acts[:4]) and len(acts) == 4:
        return None
    bids = [(a[0], a[2]) for a in acts if a[1] == "bid"]
    decl, bid = bids[-1]
    hands[decl] |= set(centre)
    choice = next(a[2] for a in acts if a[1] == "choose")
    chooser = next(a[0] for a in acts if a[1] == "choose")
    if chooser != decl:
        problems.append(f"{where}: the chooser {chooser} is not the last bidder {decl}")
    gives = [a for a in acts if a[1] == "give"]
    P = nxt(decl, 2)
    want = ([(decl, nxt(decl), 1), (decl, P, 1), (decl, nxt(decl, 3), 1)] if choice == "ostoskruuvi"
            else [(decl, P, 4), (P, nxt(P), 1), (P, decl, 1), (P, nxt(P, 3), 1)])
    if [(g[0], g[2], len(g) - 3) for g in gives] != want:
        problems.append(f"{where}: gifts {gives} do not follow {choice}")
    for g in gives:
        for c in g[3:]:
            hands[g[0]].remove(c)
            hands[g[2]].add(c)
    start = {s: set(v) for s, v in hands.items()}
    if any(len(v) != 13 for v in start.values()):
        problems.append(f"{where}: hands at the start of play are not 13 each")
    plays = [(a[0], a[2]) for a in acts if a[1] == "play"]
    return {"decl": decl, "bid": bid, "start": start, "plays": plays, "choice": choice}


def tricks(rec, trump, problems, where):
    hands = {s: set(v) for s, v in rec["start"].items()}
    out = []
    leader = nxt(rec["decl"])
    for i in range(0, 52, 4):
        t = rec["plays"][i:i + 4]
        if t[0][0] != leader or [p[0] for p in t] != [nxt(leader, k) for k in range(4)]:
            problems.append(f"{where}: trick {i // 4 + 1} out of turn")
        led = t[0][1][1]
        for s, c in t:
            if c not in hands[s]:
                problems.append(f"{where}: {s} plays {c} not held")
            elif c[1] != led and any(x[1] == led for x in hands[s]):
                problems.append(f"{where}: {s} revokes with {c}")
            hands[s].discard(c)
        w = t[0]
        for p in t[1:]:
            if (trump and p[1][1] == trump and w[1][1] != trump) or (p[1][1] == w[1][1] and RK.index(p[1][0]) >
                                                                      RK.index(w[1][0])):
                w = p
        out.append((t, team(w[0])))
        leader = w[0]
    return out


def run_from_ace(cards, su):
    n = 0
    while n < 13 and RK[12 - n] + su in cards:
        n += 1
    return n


class Scorer:
    def __init__(self, rs):
        self.tables = {t["name"]: t["value"] for t in rs["scoring"]["tables"]}
        self.scheme = rs["scoring"]["schemes"]["contract"]
        params = {r["id"]: r.get("value") for r in all_rules(rs)}
        self.threshold = params["match.game-threshold"]
        self.bonus_expr = params["match.game-bonus"]
        self.games_to_win = params["match.rubber"][0]["until_games"]
        self.scale = params["score.scale"]

    def score(self, deal, actions, problems, where, nonzero):
        """Recomputed {contract, tricks, below, above, seq} of one complete valid deal."""
        rec = replay_cards(deal, actions, problems, where)
        if rec is None:
            z = {"NS": 0, "EW": 0}
            return {"contract": None, "tricks": dict(z), "below": dict(z), "above": dict(z), "seq": [],
                    "redeal": True}
        L, strain = int(rec["bid"][0]), rec["bid"][1]
        trump = strain if strain in "SCDH" else None
        kind = "trump" if trump else "grand"
        tr = tricks(rec, trump, problems, where)
        won = collections.Counter(w for _, w in tr)
        won = {"NS": won["NS"], "EW": won["EW"]}
        M = team(rec["decl"])
        st = rec["start"]
        side_cards = {"NS": st["N"] | st["S"], "EW": st["E"] | st["W"]}
        made = won[M] >= 6 + L
        facts = {}
        for x in ("NS", "EW"):
            seats = "NS" if x == "NS" else "EW"
            seq = tseq = 0
            for s in seats:
                for su in "SHDC":
                    n = max(run_from_ace(st[s], su) - 2, 0)
                    if su == trump:
                        tseq += n
                    else:
                        seq += n
            facts[x] = {
                "own_tricks": won[x], "opp_tricks": won[opp(x)], "is_main": x == M,
                "honours": sum(1 for c in side_cards[x] if trump and c[1] == trump and c[0] in "AKQJT"),
                "own_aces": sum(1 for c in side_cards[x] if c[0] == "A"),
                "own_three_ace_hands": sum(1 for s in seats if sum(1 for c in st[s] if c[0] == "A") == 3),
                "own_four_ace_hands": sum(1 for s in seats if sum(1 for c in st[s] if c[0] == "A") == 4),
                "own_sequence_cards": seq, "own_trump_sequence_cards": tseq}
        below = {"NS": 0, "EW": 0}
        above = {"NS": 0, "EW": 0}
        for x in ("NS", "EW"):
            env = dict(self.tables)
            env.update(facts[x])
            env.update({"opp_honours": facts[opp(x)]["honours"], "opp_aces": facts[opp(x)]["own_aces"],
                        "level": L, "kind": kind, "made": made, "undertricks": max(6 + L - won[M], 0),
                        "overtricks": max(won[M] - 6 - L, 0)})
            for rule in self.scheme:
                to = rule.get("to", "each")
                if (to == "main" and x != M) or (to == "defenders" and x == M):
                    continue
                if "when" in rule and not evaluate(rule["when"], env):
                    continue
                pts = evaluate(rule["points"], env) * self.scale
                if pts:
                    nonzero[rule["id"]].add(where)
                (below if rule["column"] == "below" else above)[x] += pts
        return {"contract": {"declarer": rec["decl"], "bid": rec["bid"], "doubling": 0}, "tricks": won,
                "below": below, "above": above, "seq": [(w, L) for _, w in tr], "redeal": False}

    def games(self, r, run, gms, entries):
        bonus = {"NS": 0, "EW": 0}
        if r["redeal"]:
            return bonus, dict(run), dict(gms)
        new = {x: run[x] + r["below"][x] for x in run}
        hit = [x for x in new if new[x] >= self.threshold]
        w = hit[0] if len(hit) == 1 else None
        if len(hit) == 2:
            entries["both reach the threshold: decided trick by trick"] += 1
            c = dict(run)
            for x, p in r["seq"]:
                c[x] += p
                if c[x] >= self.threshold:
                    w = x
                    break
        gms = dict(gms)
        if w:
            gms[w] += 1
            bonus[w] = evaluate(self.bonus_expr.replace("game_number", str(gms[w])), {})
            entries[f"game bonus {bonus[w]}"] += 1
            new = {"NS": 0, "EW": 0}
        return bonus, new, gms


def main():
    with open(RULESET, encoding="utf-8") as f:
        rs = case_files.load_yaml(f)
    rules = all_rules(rs)
    ids = [r["id"] for r in rules]
    soft = {r["id"] for r in rules if r["status"] != "stated"}
    scheme_ids = [r["id"] for r in rs["scoring"]["schemes"]["contract"]]
    T = Scorer(rs)
    bad, seen = [], set()
    per_area = collections.Counter()
    valid_rules = collections.Counter()
    codes = collections.Counter()
    entries = collections.Counter()
    nonzero = collections.defaultdict(set)
    n_valid = 0
    for path in CASES:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if "!!" in text or "<<:" in text or "&" in text.split("note:")[0]:
            bad.append(f"{path}: tags, anchors or merge keys")
        c = case_files.load_yaml(text)
        area = os.path.basename(os.path.dirname(path))
        per_area[area] += 1
        for k in ("id", "ruleset", "description", "rules", "justification", "expect"):
            if k not in c:
                bad.append(f"{path}: missing {k}")
        if c["id"] in seen or c["id"] != f"1895.{area}.{os.path.basename(path)[:-5]}":
            bad.append(f"{path}: duplicate id or id/path mismatch")
        seen.add(c["id"])
        if c["ruleset"] != "skruuvi-1895" or "\n" in c["description"]:
            bad.append(f"{path}: ruleset or description")
        j = c["justification"]
        if j.get("kind") != "hand-derived" or not j.get("note"):
            bad.append(f"{path}: justification must be hand-derived with a note")
        for rid in c["rules"]:
            if rid not in ids:
                bad.append(f"{path}: unknown rule id {rid}")
            elif rid in soft and f"Reading {rid}:" not in j.get("note", ""):
                bad.append(f"{path}: no 'Reading {rid}:' in the note")
        e = c["expect"]
        if "error" in e:
            code = e["error"]["code"]
            codes[code] += 1
            if code not in REACHABLE:
                bad.append(f"{path}: code {code} should not be reachable")
            if "match" in c:
                if e["error"]["deal"] < len(c["match"]["deals"]) - 1:
                    bad.append(f"{path}: deals after the failing one")
            else:
                idx = e["error"]["index"]
                n = len(c["actions"])
                if (idx is None) != (code == "invalid-deal") or (idx is not None and idx != n - 1 and
                                                                  not (code == "incomplete-record" and idx == n)):
                    bad.append(f"{path}: the error index {idx} is not the last action ({n} actions)")
            continue
        n_valid += 1
        for rid in c["rules"]:
            valid_rules[rid] += 1
        if "match" in c:
            if "options" in c["match"]:
                bad.append(f"{path}: match options are not allowed in 1895")
            run, gms = {"NS": 0, "EW": 0}, {"NS": 0, "EW": 0}
            tot = {x: {"below": 0, "above": 0} for x in run}
            sheets = []
            deals = c["match"]["deals"]
            for k, item in enumerate(deals):
                d = item["deal"]
                if max(gms.values()) >= T.games_to_win:
                    bad.append(f"{path}: deal {k} after the end of the rubber")
                if d["form"] != "alkupeli" or "state" in d:
                    bad.append(f"{path}: deal {k} form/state")
                if k and d["dealer"] != nxt(deals[k - 1]["deal"]["dealer"]):
                    bad.append(f"{path}: deal {k} dealer")
                r = T.score(d, item["actions"], bad, f"{path}#{k}", nonzero)
                entries["redeal in a match" if r["redeal"] else "match deal"] += 1
                bonus, run, gms = T.games(r, run, gms, entries)
                for x in run:
                    tot[x]["below"] += r["below"][x] + bonus[x]
                    tot[x]["above"] += r["above"][x]
                sheets.append({x: {"below": tot[x]["below"], "above": tot[x]["above"], "games": gms[x],
                                   "running": run[x]} for x in run})
            if max(gms.values()) != T.games_to_win:
                bad.append(f"{path}: not a whole rubber")
            entries[f"rubber {max(gms.values())}-{min(gms.values())}"] += 1
            ts = {x: tot[x]["below"] + tot[x]["above"] for x in tot}
            dif = ts["NS"] - ts["EW"]
            book = (abs(dif) // 100 + (abs(dif) % 100 >= 50)) * (1 if dif >= 0 else -1)
            fin = {"NS": ts["NS"], "EW": ts["EW"], "difference": dif, "book": book}
            if sheets != e["match"]["sheets"]:
                bad.append(f"{path}: sheets differ")
            if fin != e["match"]["final"]:
                bad.append(f"{path}: final {e['match']['final']} != {fin}")
            continue
        r = T.score(c["deal"], c["actions"], bad, path, nonzero)
        st = c["deal"].get("state", {})
        # default zeros part by part (INTERPRETING §6A.1): a missing field or side counts 0
        run = {side: (st.get("running") or {}).get(side, 0) for side in ("NS", "EW")}
        gms = {side: (st.get("games") or {}).get(side, 0) for side in ("NS", "EW")}
        if "deck" in c["deal"]:
            entries[f"deck deal ({'pakettiskruuvi' if 'choose pakettiskruuvi' in ' '.join(c['actions']) else 'ostoskruuvi'})"] += 1
        for proc in ("ostoskruuvi", "pakettiskruuvi"):
            if any(a.endswith(f"choose {proc}") for a in c["actions"]):
                entries[f"single deal with {proc}"] += 1
        if r["redeal"]:
            entries["redeal (single deal)"] += 1
        if st:
            entries["deal.state given"] += 1
        bonus, _, _ = T.games(r, run, gms, entries)
        res = {"contract": r["contract"], "tricks": r["tricks"],
               "score": {x: {"below": r["below"][x] + bonus[x], "above": r["above"][x]} for x in ("NS", "EW")}}
        if res != e["result"]:
            bad.append(f"{path}: result {e['result']} != recomputed {res}")
    print(f"{len(CASES)} cases ({n_valid} valid, {len(CASES) - n_valid} invalid)")
    print("per area:", ", ".join(f"{a} {n}" for a, n in sorted(per_area.items())))
    need = [i for i in ids if i not in UNEXERCISABLE]
    missing = [i for i in need if not valid_rules[i]]
    print(f"rule ids: {len(ids)} in the ruleset; {len(need)} exercisable under the default readings, "
          f"{len(need) - len(missing)} covered by valid cases; missing: {missing or 'none'}")
    print("not exercisable by a default-ruleset case:")
    for i, why in UNEXERCISABLE.items():
        print(f"  {i}: {why}")
    print("  score.scale (alternative value 10): the cases use the default scale 1")
    few = {i: len(nonzero[i]) for i in scheme_ids if i not in UNEXERCISABLE and len(nonzero[i]) < 2}
    print("contract scoring rules, valid deals in which they are non-zero:")
    for i in scheme_ids:
        print(f"  {i}: {len(nonzero[i])}")
    print("error codes in invalid cases:", ", ".join(f"{k} {codes[k]}" for k in REACHABLE))
    print("error codes not reachable in 1895:")
    for k, why in UNREACHABLE.items():
        print(f"  {k}: {why}")
    lowc = [k for k in REACHABLE if codes[k] < 2]
    print("exercised situations:")
    for k in sorted(entries):
        print(f"  {k}: {entries[k]}")
    if missing or few or lowc:
        bad.append(f"coverage: missing rule ids {missing}, scoring rules non-zero in < 2 deals {few}, "
                   f"codes in < 2 cases {lowc}")
    for b in bad:
        print("PROBLEM:", b)
    print("check_1895:", "OK" if not bad else f"{len(bad)} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
