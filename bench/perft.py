"""The runner's perft speed: nodes per second when it counts the perft cases by asking an engine ``legal``.

    python bench/perft.py [--impl COMMAND] [--json] [PATH ...]

For every perft case under PATH (default: the ``perft-*`` cases of conformance/cases/*/legal), the runner's
walk (:class:`skruuvi.suite.legal_judge.PerftWalk`, the one ``skruuvi conformance`` uses) is timed against the
engine (default: the reference, ``python -m skruuvi serve``), on one engine process started before the clock
starts. Reported per case: the leaves counted (the perft count), the legal requests sent (the inner nodes),
the seconds, and leaves and requests per second; then the totals. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.suite.cases import iter_cases  # noqa: E402
from skruuvi.suite.legal_judge import PerftWalk, engine_asker, is_perft  # noqa: E402
from skruuvi.suite.runner import Engine  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(p) for p in sorted(ROOT.glob("conformance/cases/*/legal"))])
    parser.add_argument("--impl", default=shlex.join([sys.executable, "-m", "skruuvi", "serve"]))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cases = [case for case in iter_cases(args.paths) if is_perft(case)]
    engine = Engine(shlex.split(args.impl))
    engine.start(30)
    rows = []
    try:
        for case in cases:
            walk = PerftWalk(engine_asker(engine, case, 30))
            began = time.perf_counter()
            count, _ = walk.count(list(case.record["actions"]), case.expect["perft"]["depth"])
            seconds = time.perf_counter() - began
            rows.append({"id": case.id, "depth": case.expect["perft"]["depth"], "leaves": count,
                         "expected": case.expect["perft"]["count"], "requests": walk.requests,
                         "seconds": round(seconds, 3), "leaves_per_s": round(count / seconds),
                         "requests_per_s": round(walk.requests / seconds)})
    finally:
        engine.stop()
    leaves, requests = sum(r["leaves"] for r in rows), sum(r["requests"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    total = {"cases": len(rows), "leaves": leaves, "requests": requests, "seconds": round(seconds, 3),
             "leaves_per_s": round(leaves / seconds) if seconds else 0,
             "requests_per_s": round(requests / seconds) if seconds else 0}
    if args.json:
        print(json.dumps({"cases": rows, "total": total}, indent=1))
        return 0
    for r in rows:
        mark = "" if r["leaves"] == r["expected"] else f"  (expected {r['expected']})"
        print(f"{r['id']:34} depth {r['depth']:2}  {r['leaves']:7} leaves  {r['requests']:6} requests  "
              f"{r['seconds']:7.2f} s  {r['leaves_per_s']:7} leaves/s  {r['requests_per_s']:5} requests/s{mark}")
    print(f"total: {total['cases']} cases, {leaves} leaves, {requests} legal requests in {seconds:.2f} s: "
          f"{total['leaves_per_s']} leaves/s, {total['requests_per_s']} requests/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
