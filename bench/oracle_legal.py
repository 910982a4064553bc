"""The longer sweep of tests/suite/test_oracle_legal.py's reference check: at random states of every form,
under the rules as they stand and under each alternative of the rules that govern a phase's legal set,
the reference's replay (a black box, on the prefix plus one action) must accept an action of the finite
universe exactly when it is in the independent oracle's `legal` set.

    python bench/oracle_legal.py [--deals 1] [--cuts 4] [--seeds 5 6] [--out FILE]

Prints, per seed, the states checked, the actions tried, the legal ones among them and the
disagreements; `--out` writes the disagreements (case, action, in the set?, the reference's answer) as
JSON Lines. Exit code 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the test module it runs imports the tests' own helpers

import loaded_files  # noqa: E402


def _test_module():  # the universe, the walker and the sweep live with the test
    path = ROOT / "tests" / "suite" / "test_oracle_legal.py"
    return loaded_files.load_file("oracle_legal_test", path)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1, help="deals of each form per readings and seed")
    parser.add_argument("--cuts", type=int, default=4, help="random cuts of each record (besides phases)")
    parser.add_argument("--seeds", type=int, nargs="+", default=[5, 6])
    parser.add_argument("--out", type=Path, help="write the disagreements here (JSON Lines)")
    args = parser.parse_args(argv)
    test = _test_module()
    readings_of: dict[str, list] = {rs: [None] for rs in sorted(test.ORACLE.ERAS)}
    for rs, rule, value in test._alternatives():
        if rule in test.REACHES:
            readings_of[rs].append({rule: value})
    bad = 0
    out = args.out.open("w", encoding="utf-8") if args.out else None
    for seed in args.seeds:
        start = time.perf_counter()
        states, tried, legal, disagreements = test.reference_sweep(random.Random(seed), readings_of,
                                                                   args.deals, args.cuts)
        bad += len(disagreements)
        print(f"seed {seed}: {states} states, {tried} actions tried, {legal} legal, "
              f"{len(disagreements)} disagreements, {time.perf_counter() - start:.0f} s", flush=True)
        for d in disagreements:
            if out:
                out.write(json.dumps(d) + "\n")
    if out:
        out.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
