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

Usage: python3 conformance/oracle/selfcheck_readings.py [REPO_ROOT]    (exit status 1 on any failure)
"""
from __future__ import annotations

import json
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
        for case in mine:
            base = answer(case, None)
            if answer(case, json.loads(json.dumps(defaults))) != base:
                failures.append(f"{case['id']}: the defaults spelled out change the answer")
        for rule, values in rules.items():
            for value, _ in values[1:]:
                changed = 0
                reading = json.loads(json.dumps({rule: value}))
                for case in mine:
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


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else HERE.parent.parent
    cases = load_cases(root)
    print(f"{len(cases)} hand-written cases")
    failures = check_alternatives(cases)
    n, more = check_derivations(cases)
    failures += more
    print(f"{n} derivations checked, {len(more)} disagree")
    failures += check_refusals(cases)
    for f in failures:
        print("FAIL", f)
    print("OK" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
