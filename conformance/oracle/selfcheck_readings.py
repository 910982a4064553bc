#!/usr/bin/env python3
"""Self-check of the oracle's readings (not part of the oracle; needs PyYAML to read the cases).

1. Replays every hand-written case under conformance/cases under each single implemented alternative
   of its ruleset (READINGS in oracle.py, every value but the default) and fails on a traceback or an
   `errored` answer. It also replays each case with its ruleset's default values spelled out as
   readings and fails unless the answer is the same as with no readings at all.
2. Checks the hand derivations of readings-derivations.md: each ```json block there is
   {"case": id, "readings": {...}, "expect": {...}} (or "expect_patch": {dotted.path: value}, the case's
   own `expect` with those values replaced) and the oracle's answer to that case under those readings
   must equal it.
3. Checks that an unknown rule id, an unimplemented value and a non-mapping `readings` are answered
   `errored` with a message naming the rule.
4. Walks random legal deals under each single alternative (a random player on the oracle's own `Game`:
   it tries random actions and keeps the first one the game accepts), replays each finished record
   through the protocol with that reading and fails unless it gets a `result` with 13 tricks.

Usage: python3 conformance/oracle/selfcheck_readings.py [REPO_ROOT] [--walk N]
       (N random deals per alternative value and dealt form, default 10; exit status 1 on any failure)
"""
from __future__ import annotations

import copy
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import oracle  # noqa: E402  (the file next to this one)


def load_cases(root: Path) -> dict[str, dict[str, Any]]:
    cases: dict[str, dict[str, Any]] = {}
    for path in sorted((root / "conformance" / "cases").rglob("*.yaml")):
        with path.open(encoding="utf-8") as handle:
            doc = yaml.safe_load(handle)
        for case in doc if isinstance(doc, list) else [doc]:
            if isinstance(case, dict) and "id" in case:
                cases[str(case["id"])] = json.loads(json.dumps(case))    # as JSON data, like SCP/1
    return cases


def answer(case: dict[str, Any], readings: dict[str, Any] | None) -> dict[str, Any]:
    run = dict(case)
    run.pop("expect", None)
    run.pop("justification", None)
    if readings is not None:
        run["readings"] = readings
    out = oracle.handle_line(json.dumps({"cmd": "run", "seq": 1, "case": run}))
    assert out is not None
    out.pop("seq", None)
    return out


def check_alternatives(cases: dict[str, dict[str, Any]]) -> list[str]:
    failures: list[str] = []
    for rs, rules in oracle.READINGS.items():
        mine = [c for c in cases.values() if c.get("ruleset") == rs]
        defaults = {rule: values[0][0] for rule, values in rules.items()}
        for case in mine:                                  # a case's own readings stay on top
            base = answer(case, None)
            spelled = json.loads(json.dumps({**defaults, **(case.get("readings") or {})}))
            if answer(case, spelled) != base:
                failures.append(f"{case['id']}: the defaults spelled out change the answer")
        for rule, values in rules.items():
            for value, _ in values[1:]:
                changed = 0
                reading = json.loads(json.dumps({rule: value}))
                for case in mine:
                    if "readings" in case:                 # pinned cases: their own reading holds
                        continue
                    try:
                        out = answer(case, reading)
                    except Exception as e:  # a traceback is a failure, not a crash of the check
                        failures.append(f"{case['id']} under {reading}: {type(e).__name__}: {e}")
                        continue
                    if "errored" in out:
                        failures.append(f"{case['id']} under {reading}: errored: {out['errored']}")
                    elif out != answer(case, None):
                        changed += 1
                print(f"  {rs} {rule} = {json.dumps(value)}: {len(mine)} cases, {changed} answers differ "
                      f"from the default")
    return failures


def _patched(expect: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The case's own expect with each dotted path of `patch` replaced (the path must exist)."""
    out = json.loads(json.dumps(expect))
    for path, value in patch.items():
        *parents, last = path.split(".")
        node = out
        for key in parents:
            node = node[key]
        if last not in node:
            raise KeyError(f"expect_patch path {path} is not in the case's expect")
        node[last] = value
    return {"result": out} if "match" in out else out       # a match case's expect: {match: ...}


def check_derivations(cases: dict[str, dict[str, Any]]) -> tuple[int, list[str]]:
    text = (HERE / "readings-derivations.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    failures: list[str] = []
    for raw in blocks:
        spec = json.loads(raw)
        case = cases.get(spec["case"])
        if case is None:
            failures.append(f"derivation names an unknown case {spec['case']}")
            continue
        got = answer(case, spec["readings"])
        expect = spec["expect"] if "expect" in spec else _patched(case["expect"], spec["expect_patch"])
        if got != expect:
            failures.append(f"{spec['case']} under {spec['readings']}: oracle {json.dumps(got)}, "
                            f"derivation {json.dumps(expect)}")
    return len(blocks), failures


def check_refusals(cases: dict[str, dict[str, Any]]) -> list[str]:
    failures: list[str] = []
    some = {rs: next(c for c in cases.values() if c.get("ruleset") == rs) for rs in oracle.READINGS}
    probes = [("skruuvi-1895", {"no.such-rule": 1}, "no.such-rule"),
              ("skruuvi-1895", {"score.scale": 100}, "score.scale"),
              ("skruuvi-1895", {"score.scale": True}, "score.scale"),
              ("skruuvi-1944", {"score.undertrick-first": {"4": 400}}, "score.undertrick-first"),
              ("skruuvi-2016", {"deal.centre-not-top-or-bottom": "unspecified number of first and last cards"},
               "deal.centre-not-top-or-bottom"),
              ("skruuvi-2016", {"score.scale": 10}, "score.scale"),       # a rule of another ruleset
              ("skruuvi-2016", ["score.misere-aces"], "readings")]
    for rs, readings, named in probes:
        out = answer(some[rs], readings)                   # type: ignore[arg-type]
        if "errored" not in out or named not in out["errored"]:
            failures.append(f"{rs} readings {readings}: expected errored naming {named}, got {out}")
    return failures


FORMS = {"skruuvi-2016": ("alkupeli", "kotka", "bolsevikki"), "skruuvi-1944": ("alkupeli", "kotka"),
         "skruuvi-1895": ("alkupeli",)}


def _random_deal(rng: random.Random, form: str) -> dict[str, Any]:
    deck = sorted(oracle.ALL_CARDS)
    rng.shuffle(deck)
    size = 13 if form == "kotka" else 12
    hands = {s: deck[i * size:(i + 1) * size] for i, s in enumerate(oracle.SEATS)}
    return {"form": form, "dealer": rng.choice(oracle.SEATS), "hands": hands, "centre": deck[4 * size:]}


def _candidates(rng: random.Random, game: oracle.Game) -> list[str]:
    seat = game.to_act
    assert seat is not None
    hand = sorted(game.hands[seat])
    if game.phase in ("first-auction", "call", "callers-choose", "second-auction"):
        low = game.era.min_bid_level[game.dealt_form]
        ladder = [(lv, st) for lv in range(low, 8) for st in oracle.STRAINS if st in game.order]
        ladder.sort(key=game.bid_key)
        above = [b for b in ladder if game.high is None or game.bid_key(b) > game.bid_key(game.high)]
        jump = rng.choice((0, 0, 1, 4, 8))                              # mostly the next few bids up
        calls = [f"{seat} bid {lv}{st}" for lv, st in above[jump:jump + 3]] + [f"{seat} pass"] * 5
        calls += [f"{seat} bid {lv}{st}" for lv in "1234567" for st in oracle.STRAINS]   # and the rest
        head = calls[:8]
        rng.shuffle(head)
        return head + calls[8:]
    if game.phase == "choice":
        return [f"{seat} choose {w}" for w in rng.sample(list(oracle.ERA_1895.kitty_choices), 2)]
    if game.phase in ("kitty", "gifts", "partner-exchange"):
        _giver, to, count = game.steps[0]
        return [f"{seat} give {to} {' '.join(rng.sample(hand, count))}" for _ in range(20)]
    if game.phase == "defenders-exchange":
        return [f"{seat} pass", f"{seat} give {oracle.partner(seat)} {rng.choice(hand)}",
                f"{seat} give {oracle.partner(seat)} {rng.choice(hand)}"]
    if game.phase == "doubling":
        return [f"{seat} {v}" for v in rng.sample(["pass", "pass", "pass", "double", "redouble"], 5)]
    return [f"{seat} play {c}" for c in rng.sample(hand, len(hand))]


def walk(rng: random.Random, era: oracle.Era, form: str) -> tuple[dict[str, Any], list[str]]:
    """A random legal record of one deal on the oracle's own Game under `era`."""
    for _attempt in range(50):
        deal = _random_deal(rng, form)
        game = oracle.Game(era, oracle.read_deal(era, deal))
        actions: list[str] = []
        while not game.complete and len(actions) < 400:
            for raw in _candidates(rng, game):
                trial = copy.deepcopy(game)
                try:
                    trial.apply(raw)
                except oracle.RecordError:
                    continue
                game = trial
                actions.append(raw)
                break
            else:
                break                                      # stuck (an auction going nowhere): retry
        if game.complete:
            return deal, actions
    raise AssertionError(f"no random legal {era.ruleset} {form} deal found")


def check_walks(n: int, seed: int = 1) -> list[str]:
    failures: list[str] = []
    rng = random.Random(seed)
    for rs, rules in oracle.READINGS.items():
        for rule, values in rules.items():
            for value, _ in values[1:]:
                reading = json.loads(json.dumps({rule: value}))
                era = oracle.apply_readings(oracle.ERAS[rs], reading)
                for form in FORMS[rs]:
                    for _ in range(n):
                        deal, actions = walk(rng, era, form)
                        out = answer({"id": "walk", "ruleset": rs, "deal": deal, "actions": actions}, reading)
                        tricks = out.get("result", {}).get("tricks", {})
                        redeal = out.get("result", {}).get("contract", 0) is None and sum(tricks.values()) == 0
                        if "result" not in out or (sum(tricks.values()) != 13 and not redeal):
                            failures.append(f"walk {rs} {form} under {reading}: {json.dumps(out)[:300]}")
                print(f"  walked {n} x {len(FORMS[rs])} random deals under {rs} {rule} = {json.dumps(value)}")
    return failures


def main(argv: list[str]) -> int:
    n_walk = 10
    if "--walk" in argv:
        i = argv.index("--walk")
        n_walk = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    root = Path(argv[0]) if argv else HERE.parent.parent
    cases = load_cases(root)
    print(f"{len(cases)} hand-written cases")
    failures = check_alternatives(cases)
    n, more = check_derivations(cases)
    failures += more
    print(f"{n} derivations checked, {len(more)} disagree")
    failures += check_refusals(cases)
    failures += check_walks(n_walk)
    for f in failures:
        print("FAIL", f)
    print("OK" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
