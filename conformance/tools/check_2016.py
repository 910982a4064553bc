"""Coverage and consistency checker for conformance/cases/2016 (standard library + PyYAML).

Independent of author.py: it re-reads the YAML files, re-counts tricks from the play actions with its own
trick evaluation, recomputes the score from the 2016 tables, and reports coverage of the ruleset's rule
ids, of the error codes, and of the score-table entries.  Exit status 1 on any inconsistency.

Kotka deals (``deal.form: kotka``) get an extra, independent replay of everything before the score
(``kotka_problems``): the deal shape (13 cards each, no centre cards), every bid at level 6 or more and higher in
the kotka order S < C < D < H < M < G, the 4-for-4 exchange (H to P, then P to H), the second auction, no
defenders' exchange, the opening lead by the declarer's left (passimisääri: the dealer's left, after the
partners' exchange), following suit, and for invalid kotka cases that the named code fits the action at the
index.  Every kotka.* rule id must be named by at least two valid cases.

Bolsevikki deals (``deal.form: bolsevikki``) are replayed by a separate small engine (``bolsevikki_replay``), written
from the brief's addendum alone: the alkupeli deal shape, one round of calls from the dealer (`bid 7M` or `pass`,
bid-not-allowed / bid-below-minimum in that order; a second 7M is a call too), the redeal on four passes, the
callers' choice when several called (in call order each keeps it with `bid 7M` or withdraws with `pass`; any other
bid is bid-not-allowed, any other verb wrong-phase; the last caller left plays), the bolshevik's
three one-card gifts clockwise from his left, the lead by his left, no trumps, tricks and scores per seat from the
ruleset's tables ``bolsevikki_value`` / ``bolsevikki_further`` (checked against the brief's 35 / 5).  Its answer
(result, or index and code) must equal the case's ``expect``.  Every bolsevikki.* rule id must be named by at least
two valid cases.
"""
import collections
import glob
import json
import os
import sys

import case_files

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
# Single-deal cases only: the sitsi match records (cases/2016/match/) are checked by tests/interpreter/test_sitsi.py.
# Cases that pin readings (<era>/readings/) are the base cases under another reading of a rule; this checker
# knows only the default readings, so they are left out here and checked by author_readings.py --check and
# tests/suite/test_readings_suite.py (the reference must reach each hand-derived expectation).
CASES = sorted(p for p in glob.glob(os.path.join(ROOT, "conformance", "cases", "2016", "*", "*.yaml"))
               if all(os.sep + d + os.sep not in p for d in ("match", "readings", "legal")))
RULESET = os.path.join(ROOT, "spec", "rulesets", "skruuvi-2016.yaml")
CODES = ["invalid-deal", "malformed-action", "not-your-turn", "wrong-phase", "bid-not-allowed", "bid-below-minimum",
         "bid-not-higher",
         "final-contract-too-low", "card-not-held", "must-follow-suit", "give-wrong-count", "give-wrong-recipient",
         "exchange-forbidden", "return-same-card", "double-not-allowed", "redouble-not-allowed", "incomplete-record"]
R = "23456789TJQKA"
SEATS = "NESW"
KOTKA_ORDER = "SCDHMG"


def _left(s):
    return SEATS[(SEATS.index(s) + 1) % 4]


def _partner(s):
    return SEATS[(SEATS.index(s) + 2) % 4]


def _kkey(b):
    return int(b[0]), KOTKA_ORDER.index(b[1])


def kotka_hands(deal):
    """The 13-card hands of a kotka record, or None when the deal is not a well-formed kotka."""
    cards = [r + s for s in "SHDC" for r in R]
    if "hands" in deal and "deck" not in deal:
        h = deal["hands"]
        if deal.get("centre", []) != [] or sorted(h) != sorted(SEATS) or any(len(h[s]) != 13 for s in SEATS):
            return None
        if sorted(c for s in SEATS for c in h[s]) != sorted(cards):
            return None
        return {s: set(h[s]) for s in SEATS}
    if "deck" in deal and "hands" not in deal:
        if deal.get("centre_positions", []) != [] or sorted(deal["deck"]) != sorted(cards):
            return None
        h, seat = {s: set() for s in SEATS}, _left(deal["dealer"])
        for c in deal["deck"]:
            h[seat].add(c)
            seat = _left(seat)
        return h
    return None


def kotka_problems(case):
    """Independent replay of a kotka case up to the score (see the module docstring); a list of problems."""
    deal, acts, e = case["deal"], [a.split() for a in case["actions"]], case["expect"]
    hands = kotka_hands(deal)
    if "error" in e and e["error"]["code"] == "invalid-deal":
        return [] if hands is None else ["invalid-deal but the kotka deal is well formed"]
    if hands is None:
        return ["malformed kotka deal"]
    out = []
    idx = e["error"]["index"] if "error" in e else len(acts)
    code = e["error"]["code"] if "error" in e else None
    bad = acts[idx] if idx < len(acts) else None
    # bid checks on the calls before the error index: level >= 6, each higher in the kotka order
    high = None
    for a in acts[:idx]:
        if a[1] == "bid":
            if int(a[2][0]) < 6 or (high and _kkey(a[2]) <= _kkey(high)):
                out.append(f"illegal kotka bid {' '.join(a)} before the error index")
            high = a[2]
    if code == "bid-below-minimum" and not (bad and bad[1] == "bid" and int(bad[2][0]) < 6):
        out.append("bid-below-minimum on an action that is no bid below six")
    if code == "bid-not-higher" and not (bad and bad[1] == "bid" and int(bad[2][0]) >= 6 and high
                                         and _kkey(bad[2]) <= _kkey(high)):
        out.append("bid-not-higher on a bid that is higher in the kotka order")
    calls = [a for a in acts[:idx] if a[1] in ("bid", "pass")]
    if code is None:
        first = calls[:4]
        if all(a[1] == "pass" for a in first) and len(first) == 4:      # passimisääri without centre cards
            if case["expect"]["result"]["contract"] is not None:
                out.append("all-pass kotka with a contract")
            d, f = deal["dealer"], _left(deal["dealer"])
            gives = [a for a in acts if a[1] == "give"]
            want = [(f, _partner(f)), (_partner(d), d), (_partner(f), f), (d, _partner(d))]
            if [(g[0], g[2]) for g in gives] != want or any(len(g) != 4 for g in gives):
                out.append("kotka passimisääri: partner exchange not as F→F', D'→D, F'→F, D→D'")
            if gives[2][3] == gives[0][3] or gives[3][3] == gives[1][3]:
                out.append("kotka passimisääri: a card given straight back")
            lead = f
        else:
            bids = [a for a in acts if a[1] == "bid"]
            gives = [a for a in acts if a[1] == "give"]
            H = [a for a in acts[:acts.index(gives[0])] if a[1] == "bid"][-1][0] if gives else None
            if len(gives) != 2 or gives[0][0] != H or gives[0][2] != _partner(H) or gives[1][0] != _partner(H) \
                    or gives[1][2] != H or len(gives[0]) != 7 or len(gives[1]) != 7:
                out.append("kotka exchange is not H→P four cards, then P→H four cards")
            D = bids[-1][0]
            c = case["expect"]["result"]["contract"]
            if c["declarer"] != D or c["bid"] != bids[-1][2]:
                out.append(f"contract {c} is not the last bid {bids[-1]}")
            lead = _left(D)
            if any(a[1] == "give" and a[0] not in (H, _partner(H)) for a in acts):
                out.append("a defender gives in a kotka")
        # replay the gives and plays: cards held, follow suit, first lead
        cur, n = [], 0
        for a in acts:
            if a[1] == "give":
                for card in a[3:]:
                    if card not in hands[a[0]]:
                        out.append(f"{' '.join(a)}: card not held")
                    hands[a[0]].discard(card)
                    hands[a[2]].add(card)
            elif a[1] == "play":
                if n == 0 and a[0] != lead:
                    out.append(f"first lead by {a[0]}, expected {lead}")
                card = a[2]
                if card not in hands[a[0]]:
                    out.append(f"{' '.join(a)}: card not held")
                if cur and card[1] != cur[0][1] and any(x[1] == cur[0][1] for x in hands[a[0]]):
                    out.append(f"{' '.join(a)}: revoke")
                hands[a[0]].discard(card)
                cur = [] if len(cur) == 3 else [*cur, card]
                n += 1
        if n != 52:
            out.append(f"{n} plays")
    elif code == "exchange-forbidden":
        gives_before = [a for a in acts[:idx] if a[1] == "give"]
        if not (bad and bad[1] == "give" and len(gives_before) == 2 and bad[0] not in (gives_before[0][0], gives_before[0][2])):
            out.append("exchange-forbidden on an action that is not a defender's give after the kotka exchange")
    return out


class _BErr(Exception):
    pass


def _bdeal(deal):
    """(dealer, hands{seat: set}, centre list) of a well-formed bolsevikki (alkupeli-shaped) deal, else _BErr."""
    cards = sorted(r + s for s in "SHDC" for r in R)
    if not isinstance(deal, dict) or deal.get("dealer") not in list(SEATS) or ("hands" in deal) == ("deck" in deal):
        raise _BErr
    if "hands" in deal:
        h, centre = deal["hands"], deal.get("centre")
        if not isinstance(h, dict) or sorted(h) != sorted(SEATS) or not isinstance(centre, list) or len(centre) != 4:
            raise _BErr
        if any(not isinstance(h[s], list) or len(h[s]) != 12 for s in SEATS):
            raise _BErr
        if sorted([c for s in SEATS for c in h[s]] + centre) != cards:
            raise _BErr
        return deal["dealer"], {s: set(h[s]) for s in SEATS}, list(centre)
    deck, pos = deal["deck"], deal.get("centre_positions")
    if not isinstance(deck, list) or sorted(deck) != cards or not isinstance(pos, list) or len(set(pos)) != 4 \
            or len(pos) != 4 or not all(isinstance(p, int) and 1 <= p <= 50 for p in pos):
        raise _BErr
    pos = sorted(pos)
    if pos[3] - pos[0] == 3:
        raise _BErr
    h, seat = {s: set() for s in SEATS}, _left(deal["dealer"])
    for i, c in enumerate(deck):
        if i not in pos:
            h[seat].add(c)
            seat = _left(seat)
    return deal["dealer"], h, [deck[p] for p in pos]


def bolsevikki_replay(deal, actions, value, further):
    """('result', result) or ('error', index, code) for a bolsevikki record (see the module docstring)."""
    try:
        dealer, hands, centre = _bdeal(deal)
    except _BErr:
        return ("error", None, "invalid-deal")
    phase, turn, calls, D, gifts, cur, won, plays = "call", dealer, [], None, [], [], dict.fromkeys(SEATS, 0), 0
    callers = []
    for i, a in enumerate(actions):
        if D is not None and phase in ("call", "choose"):   # the bolshevik is known: he takes the centre
            hands[D] |= set(centre)
            phase, turn = "gifts", D
        t = a.split() if isinstance(a, str) else []
        ok = len(t) >= 2 and t[0] in list(SEATS) and (
            (t[1] == "bid" and len(t) == 3 and len(t[2]) == 2 and t[2][0] in "1234567" and t[2][1] in "SCDHGM")
            or (t[1] in ("pass", "double", "redouble") and len(t) == 2)
            or (t[1] == "play" and len(t) == 3 and t[2] in set(cards_all()))
            or (t[1] == "give" and len(t) >= 4 and t[2] in list(SEATS) and set(t[3:]) <= set(cards_all())
                and len(set(t[3:])) == len(t[3:])))
        if not ok:
            return ("error", i, "malformed-action")
        if t[0] != turn:
            return ("error", i, "not-your-turn")
        seat, verb = t[0], t[1]
        if phase == "call":
            if verb == "bid":
                if t[2][1] != "M":
                    return ("error", i, "bid-not-allowed")
                if int(t[2][0]) < 7:
                    return ("error", i, "bid-below-minimum")
                callers.append(seat)            # 7M is the only call: a later 7M is a call for the same deal
            elif verb != "pass":
                return ("error", i, "wrong-phase")
            calls.append(seat)
            turn = _left(seat)
            if len(calls) == 4:
                if not callers:
                    phase, turn = "over", None
                elif len(callers) == 1:
                    D = callers[0]
                else:
                    phase, turn = "choose", callers[0]
        elif phase == "choose":                 # the first caller left keeps it (bid 7M) or withdraws (pass)
            if verb == "bid":
                if t[2] != "7M":
                    return ("error", i, "bid-not-allowed")
                D = seat
            elif verb == "pass":
                callers.pop(0)
                if len(callers) == 1:
                    D = callers[0]
                else:
                    turn = callers[0]
            else:
                return ("error", i, "wrong-phase")
        elif phase == "gifts":
            want = [_left(D), _partner(D), _left(_partner(D))][len(gifts)]
            if verb != "give":
                return ("error", i, "wrong-phase")
            if t[2] != want:
                return ("error", i, "give-wrong-recipient")
            if len(t) != 4:
                return ("error", i, "give-wrong-count")
            if t[3] not in hands[D]:
                return ("error", i, "card-not-held")
            hands[D].remove(t[3])
            hands[want].add(t[3])
            gifts.append(t[3])
            if len(gifts) == 3:
                phase, turn = "play", _left(D)
        else:   # play
            if verb != "play":
                return ("error", i, "wrong-phase")
            card = t[2]
            if card not in hands[seat]:
                return ("error", i, "card-not-held")
            if cur and card[1] != cur[0][1][1] and any(c[1] == cur[0][1][1] for c in hands[seat]):
                return ("error", i, "must-follow-suit")
            hands[seat].remove(card)
            cur.append((seat, card))
            plays += 1
            turn = _left(seat)
            if len(cur) == 4:
                led = cur[0][1][1]
                w = max((x for x in cur if x[1][1] == led), key=lambda x: R.index(x[1][0]))[0]
                won[w] += 1
                cur, turn = [], w
                if plays == 52:
                    phase, turn = "over", None
    if phase != "over":
        return ("error", len(actions), "incomplete-record")
    if D is None:
        return ("result", {"contract": None, "tricks": dict.fromkeys(SEATS, 0), "score": dict.fromkeys(SEATS, 0)})
    k = won[D]
    each = -value if k == 0 else value + further * (k - 1)
    score = {s: (-3 * each if s == D else each) for s in SEATS}
    return ("result", {"contract": {"declarer": D, "bid": "7M", "doubling": 0}, "tricks": won, "score": score})


def cards_all():
    return [r + s for s in "SHDC" for r in R]


def ruleset_ids(rs):
    ids = []
    for r in rs["deal"]["rules"]:
        if r.get("enforced") is False:  # table practice no record can show (deal.shuffled-top-card)
            continue
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


def _made(res, bid):
    c = res["contract"]
    mt = res["tricks"]["NS" if c["declarer"] in "NS" else "EW"]
    return mt <= 7 - int(bid[0]) if bid[1] == "M" else mt >= 6 + int(bid[0])


def main():
    with open(RULESET, encoding="utf-8") as handle:
        rs = case_files.load_yaml(handle)
    tables = {t["name"]: t["value"] for t in rs["scoring"]["tables"]}
    all_ids = ruleset_ids(rs)
    bad = []
    seen, per_area = set(), collections.Counter()
    rules_valid = collections.Counter()
    codes = collections.Counter()
    entries = collections.Counter()
    n_valid = n_example = 0
    scores = {}
    kotka = collections.Counter()
    bolse = collections.Counter()
    bvalue, bfurther = tables.get("bolsevikki_value"), tables.get("bolsevikki_further")
    if (bvalue, bfurther) != (35, 5):
        bad.append(f"bolsevikki tables {bvalue}/{bfurther} differ from the brief's unsourced 35/5")
    for path in CASES:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        if "&" in text.split("note:")[0] or "!!" in text:
            bad.append(f"{path}: anchors/tags?")
        case = case_files.load_yaml(text)
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
        if isinstance(case.get("deal"), dict) and case["deal"].get("form") == "kotka":
            kotka["valid" if "result" in e else "invalid"] += 1
            bad += [f"{path}: {p}" for p in kotka_problems(case)]
            if "result" in e and e["result"]["contract"] is not None:
                b = e["result"]["contract"]["bid"]
                kotka[f"contract {b[0]} {'misere' if b[1] == 'M' else 'grand' if b[1] == 'G' else 'trump'} "
                      f"{'made' if _made(e['result'], b) else 'failed'} x{[1, 2, 3][e['result']['contract']['doubling']]}"] += 1
            elif "result" in e:
                kotka["all-pass passimisääri"] += 1
        if isinstance(case.get("deal"), dict) and case["deal"].get("form") == "bolsevikki":
            bolse["valid" if "result" in e else "invalid"] += 1
            got = bolsevikki_replay(case["deal"], case["actions"], bvalue, bfurther)
            want = ("result", e["result"]) if "result" in e else ("error", e["error"]["index"], e["error"]["code"])
            if got != want:
                bad.append(f"{path}: bolsevikki replay gives {got[1:] if got[0] == 'error' else got[1]}, case {want[1:]}")
            if "result" in e:
                n_valid += 1
                n_example += bool(case.get("example"))
                for rid in case["rules"]:
                    rules_valid[rid] += 1
                res = e["result"]
                if res["contract"] is None:
                    bolse["redeal"] += 1
                    entries["bolsevikki redeal: all zero"] += 1
                else:
                    k = res["tricks"][res["contract"]["declarer"]]
                    bolse[f"bolshevik {res['contract']['declarer']} " + ("made" if k == 0 else f"failed ({k} tricks)")] += 1
                    entries[f"bolsevikki_value {bvalue} ({'made' if k == 0 else 'failed'})"] += 1
                    if k > 1:
                        entries[f"bolsevikki_further {bfurther}"] += 1
                    if sum(res["score"].values()) != 0:
                        bad.append(f"{path}: bolsevikki score does not sum to zero")
                scores[case["id"]] = res["score"]
                continue
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
    kids = [i for i in all_ids if i.startswith("kotka.")]
    print(f"kotka: {kotka['valid']} valid and {kotka['invalid']} invalid cases; rule ids in valid cases: "
          + ", ".join(f"{i} {rules_valid[i]}" for i in kids))
    for k in sorted(k for k in kotka if k not in ("valid", "invalid")):
        print(f"  kotka {k}: {kotka[k]}")
    bids = [i for i in all_ids if i.startswith("bolsevikki.")]
    print(f"bolsevikki: {bolse['valid']} valid and {bolse['invalid']} invalid cases; rule ids in valid cases: "
          + ", ".join(f"{i} {rules_valid[i]}" for i in bids))
    for k in sorted(k for k in bolse if k not in ("valid", "invalid")):
        print(f"  bolsevikki {k}: {bolse[k]}")
    if not bids:
        bad.append("no bolsevikki.* rule ids in the ruleset")
    thin = [i for i in kids + bids if rules_valid[i] < 2]
    if thin:
        bad.append(f"kotka/bolsevikki rule ids in < 2 valid cases: {thin}")
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
               "multiplier x3", "passimisaari trick cost 1", "ace ordinals (passimisaari)", "ace ordinals (misere)",
               f"bolsevikki_value {bvalue} (made)", f"bolsevikki_value {bvalue} (failed)", f"bolsevikki_further {bfurther}",
               "bolsevikki redeal: all zero"])
    miss_e = [w for w in want if w not in entries]
    print("table entries missing:", miss_e or "none")
    if missing or miss_e:
        bad.append("coverage incomplete")
    for b in bad:
        print("PROBLEM:", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
