"""Explain benchmark: how long ``skruuvi conformance --explain`` takes to explain N failures.

    python bench/explain.py [--count 10000] [--broken 0.02] [--pairs 0.05] [--jobs 1 2] [--json]

The failures are made from the generated suites (conformance/generated, every era), as an engine that reads
some rules otherwise would fail them: each case is answered by the reference under one listed alternative
of its ruleset (the alternatives taken in turn, the first one that changes the case's answer), a share
``--pairs`` of them under two alternatives, and a share ``--broken`` get an answer no reading gives (the
score of NS off by 7, or an error index one early), until ``--count`` failures are collected. Making them is
not timed. Then :func:`skruuvi.suite.explanations.explain.explain` runs over all of them with each ``--jobs`` value,
from a fresh process each time (no ruleset compiled beforehand), and the wall time and the CPU time (of all
its processes: on a shared machine the wall time also holds the waits for a core) are printed with how many
failures were explained by one reading, by a pair and by none. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.suite.cases.cases import Selection, iter_cases, list_case_files  # noqa: E402
from skruuvi.suite.explanations.explain import Explainer  # noqa: E402


def make_failures(count: int, broken: float, pairs: float, seed: int = 2016) -> tuple[list[Any], dict[str, int]]:
    rng = random.Random(seed)
    explainer = Explainer()
    cases = list(iter_cases(list_case_files([ROOT / "conformance" / "generated"]), Selection()))
    rng.shuffle(cases)
    failures: list[Any] = []
    made = {"one": 0, "pair": 0, "broken": 0}
    turn = 0
    for case in cases:
        if len(failures) >= count:
            break
        found = explainer.candidates(case.ruleset)
        roll = rng.random()
        if roll < broken:
            answer = explainer._answer(case, {}, {})
            if answer is None or "match" in answer:
                continue
            kind, body = next(iter(answer.items()))
            body = json.loads(json.dumps(body))
            if kind == "result" and isinstance((body.get("score") or {}).get("NS"), int):
                body["score"]["NS"] += 7
            elif kind == "error" and isinstance(body.get("index"), int) and body["index"] > 0:
                body["index"] -= 1
            else:
                continue
            failures.append((case, {kind: body}))
            made["broken"] += 1
            continue
        tries = [found[(turn + k) % len(found)] for k in range(len(found))]
        turn += 1
        readings: list[dict[str, Any]] = [r.readings for r in tries]
        if roll < broken + pairs:
            readings = [{**a.readings, **b.readings} for a, b in itertools.pairwise(tries)
                        if not set(a.readings) & set(b.readings)]
        for reading in readings:
            answer = explainer._answer(case, reading, {})
            if answer is not None and answer != case.expect:
                kind, body = next(iter(answer.items()))
                got = {"result": body} if kind == "match" else {kind: body}
                failures.append((case, got))
                made["pair" if len(reading) > 1 and roll >= broken else "one"] += 1
                break
    return failures, made


def _timed(path: str, jobs: int) -> dict[str, Any]:
    code = ("import json, pickle, resource, sys, time\n"
            f"sys.path.insert(0, {str(ROOT / 'reference_impl')!r})\n"
            "from skruuvi.suite.explanations.explain import explain\n"
            f"items = pickle.load(open({path!r}, 'rb'))\n"
            "began, cpu = time.monotonic(), time.process_time()\n"
            f"e = explain(items, jobs={jobs})\n"
            "cpu = time.process_time() - cpu + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime\n"
            "print(json.dumps({'seconds': time.monotonic() - began, 'cpu': cpu, 'failures': e.failures, "
            "'one': e.by_single, 'pair': e.by_pair, 'none': len(e.unexplained), 'rows': len(e.rows)}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--broken", type=float, default=0.02)
    parser.add_argument("--pairs", type=float, default=0.05)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    began = time.monotonic()
    failures, made = make_failures(args.count, args.broken, args.pairs)
    setup = time.monotonic() - began
    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as handle:
        pickle.dump(failures, handle)
    figures = {"failures": len(failures), "made": made, "setup_seconds": round(setup, 1), "runs": {}}
    for jobs in args.jobs:
        figures["runs"][jobs] = _timed(handle.name, jobs)
    Path(handle.name).unlink()
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{len(failures)} failures made in {setup:.1f} s (answered under one reading: {made['one']}, "
          f"a pair: {made['pair']}, broken: {made['broken']})")
    for jobs, run in figures["runs"].items():
        print(f"  --jobs {jobs}: explained in {run['seconds']:.1f} s wall, {run['cpu']:.1f} s CPU "
              f"({run['failures'] / run['seconds']:.0f} failures/s): one reading {run['one']}, "
              f"a pair {run['pair']}, none {run['none']}; {run['rows']} rows")


if __name__ == "__main__":
    main()
