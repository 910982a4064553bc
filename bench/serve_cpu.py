"""CPU seconds of ``skruuvi serve`` answering recorded SCP/1 request files, tree against tree (A/B, alternated).

Usage::

    python bench/serve_cpu.py --tree A=/work/main:/tmp/venv-main/bin/python \\
        --tree B=.:/tmp/venv-b/bin/python --rounds 3 REQUESTS.jsonl [MORE.jsonl ...]

Each round runs every tree once on every request file (``python -m skruuvi serve < FILE``, run in the tree's
folder, its answers thrown away unless ``--answers DIR``), the trees in turn, so that a load on the shared machine
falls on all of them alike. A run's cost is the user + system CPU seconds of the process (its children's rusage):
wall time on a shared machine says little. Prints each run, then per tree and file the minimum and the median.
``--answers DIR`` keeps each tree's answers of its first round (``DIR/NAME-FILE``), to ``cmp`` them.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path


def _cpu_of(python: str, folder: str, requests: Path, answers: Path | None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(requests, "rb") as stdin, open(answers or os.devnull, "wb") as stdout:
        subprocess.run([python, "-m", "skruuvi", "serve"], stdin=stdin, stdout=stdout, cwd=folder, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requests", nargs="+", type=Path, help="SCP/1 request files (JSON lines)")
    parser.add_argument("--tree", action="append", required=True, metavar="NAME=FOLDER:PYTHON",
                        help="a tree to run: its name, its folder and the python of its venv (repeatable)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--answers", type=Path, default=None, help="keep the first round's answers here")
    args = parser.parse_args(argv)
    trees = []
    for spec in args.tree:
        name, _, rest = spec.partition("=")
        folder, _, python = rest.partition(":")
        if not (name and folder and python):
            parser.error(f"--tree {spec!r}: expected NAME=FOLDER:PYTHON")
        trees.append((name, folder, python))
    if args.answers is not None:
        args.answers.mkdir(parents=True, exist_ok=True)
    costs: dict[tuple[str, str], list[float]] = {}
    for round_no in range(args.rounds):
        for requests in args.requests:
            for name, folder, python in trees:
                keep = args.answers / f"{name}-{requests.name}" if args.answers and round_no == 0 else None
                cost = _cpu_of(python, folder, requests.resolve(), keep)
                costs.setdefault((name, requests.name), []).append(cost)
                print(f"round {round_no + 1} {name} {requests.name}: {cost:.2f} CPU-s", flush=True)
    for (name, file), runs in costs.items():
        print(f"{name} {file}: min {min(runs):.2f}  median {statistics.median(runs):.2f} CPU-s ({len(runs)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
