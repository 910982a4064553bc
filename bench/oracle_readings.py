"""The longer sweep of tests/suite/test_oracle_readings.py: every executable alternative, replayed under
that single reading by the reference and by the independent oracle, on larger samples and more seeds.

    python bench/oracle_readings.py [--n 200] [--seeds 1 2 3] [--rule GLOB] [--out FILE] [--pairs]

Per alternative it prints the records replayed, how many answers the reading changes (the oracle's
answer with and without it) and how many the two implementations disagree on; `--out` writes the
disagreements (record, both answers) as JSON Lines. With `--pairs`, every pair of alternatives of two
different rules of one ruleset instead (a pair the reference refuses to compose is listed and skipped).
Exit code 1 when any alternative disagrees outside
the test's KNOWN_DISAGREEMENTS.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the test module it runs imports the tests' own helpers

import loaded_files  # noqa: E402


def _test_module():  # the sample and the check live with the test
    path = ROOT / "tests" / "suite" / "test_oracle_readings.py"
    return loaded_files.load_file("oracle_readings_test", path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="records of each kind per alternative and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--rule", default="*", help="only alternatives whose rule id matches this glob")
    parser.add_argument("--out", type=Path, help="write the disagreements here (JSON Lines)")
    parser.add_argument("--pairs", action="store_true", help="pairs of alternatives of two rules")
    args = parser.parse_args(argv)
    test = _test_module()
    unexpected = 0
    out = args.out.open("w", encoding="utf-8") if args.out else None
    chosen = [a for a in test.ALTERNATIVES if fnmatchcase(a[1], args.rule)]
    if args.pairs:
        runs = [(a[0], {a[1]: a[2], b[1]: b[2]}) for i, a in enumerate(chosen) for b in chosen[i + 1:]
                if a[0] == b[0] and a[1] != b[1]]
    else:
        runs = [(a[0], {a[1]: a[2]}) for a in chosen]
    try:
        for ruleset, readings in runs:
            start = time.perf_counter()
            total = changed = disagree = 0
            try:
                test.rd.with_readings(test.get_ruleset(ruleset), readings)
            except test.rd.RulesetError as e:
                print(f"{ruleset} {json.dumps(readings)[:80]}: refused by the reference: {e}", flush=True)
                continue
            for seed in args.seeds:
                dis, t, c = test.check(ruleset, readings, n=args.n, seed=seed)
                total, changed, disagree = total + t, changed + c, disagree + len(dis)
                for d in dis:
                    if out:
                        out.write(json.dumps({"ruleset": ruleset, "readings": readings, **d}) + "\n")
            known = any((ruleset, rule) in test.KNOWN_DISAGREEMENTS for rule in readings)
            unexpected += bool(disagree) and not known
            print(f"{ruleset} {json.dumps(readings)[:90]}: {total} records, {changed} changed, "
                  f"{disagree} disagree{' (known)' if known and disagree else ''} "
                  f"[{time.perf_counter() - start:.1f} s]", flush=True)
    finally:
        if out:
            out.close()
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
