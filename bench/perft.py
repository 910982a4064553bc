"""The runner's perft speed: nodes per second when it counts the perft cases by asking an engine ``legal``.

    python bench/perft.py [--impl COMMAND] [--json] [PATH ...]

For every perft case under PATH (default: the ``perft-*`` cases of conformance/cases/*/legal), the runner's
walk (:class:`skruuvi.suite.run.legal_judge.PerftWalk`, the one ``skruuvi conformance`` uses) is timed against the
engine (default: the reference, ``python -m skruuvi serve``), on one engine process started before the clock
starts. Reported per case: the leaves counted (the perft count), the legal requests sent (the inner nodes),
the seconds, and leaves and requests per second; then the totals, with the CPU seconds of the walks on each
side: the runner's (this process, its threads) and the engine's (its process and children, read from
``/proc`` where there is one; the engine's start is not counted). Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.suite.cases.cases import iter_cases  # noqa: E402
from skruuvi.suite.run.legal_judge import PerftWalk, engine_asker, is_perft  # noqa: E402
from skruuvi.suite.run.runner import Engine  # noqa: E402


def engine_cpu(engine: Any) -> float | None:
    """CPU seconds (user + system) the engine's process has used so far, or ``None`` without ``/proc``."""
    proc = getattr(engine, "_proc", None)
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()
    except (AttributeError, OSError):
        return None
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime


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
    runner_began, engine_began = time.process_time(), engine_cpu(engine)
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
        runner_cpu, engine_end = time.process_time() - runner_began, engine_cpu(engine)
    finally:
        engine.stop()
    leaves, requests = sum(r["leaves"] for r in rows), sum(r["requests"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    total = {"cases": len(rows), "leaves": leaves, "requests": requests, "seconds": round(seconds, 3),
             "leaves_per_s": round(leaves / seconds) if seconds else 0,
             "requests_per_s": round(requests / seconds) if seconds else 0, "runner_cpu_s": round(runner_cpu, 3),
             "engine_cpu_s": None if engine_end is None or engine_began is None
             else round(engine_end - engine_began, 3)}
    if args.json:
        print(json.dumps({"cases": rows, "total": total}, indent=1))
        return 0
    for r in rows:
        mark = "" if r["leaves"] == r["expected"] else f"  (expected {r['expected']})"
        print(f"{r['id']:34} depth {r['depth']:2}  {r['leaves']:7} leaves  {r['requests']:6} requests  "
              f"{r['seconds']:7.2f} s  {r['leaves_per_s']:7} leaves/s  {r['requests_per_s']:5} requests/s{mark}")
    print(f"total: {total['cases']} cases, {leaves} leaves, {requests} legal requests in {seconds:.2f} s: "
          f"{total['leaves_per_s']} leaves/s, {total['requests_per_s']} requests/s")
    per = 1e6 / requests if requests else 0
    engine_side = total["engine_cpu_s"]
    side = "unknown (no /proc)" if engine_side is None else (
        f"{engine_side:.2f} s ({engine_side * per:.1f} us a request)")
    print(f"CPU: runner {runner_cpu:.2f} s ({runner_cpu * per:.1f} us a request), engine {side}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
