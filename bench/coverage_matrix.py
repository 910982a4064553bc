"""The reference's coverage under every reading an engine can declare: each era as it stands, each executable
alternative (with the readings it requires) and each named variant, run with ``--require-coverage``.

    python bench/coverage_matrix.py [--era 1895] [--jobs 2] [--json]

For each ruleset and each set of readings (:func:`skruuvi.authoring.played_under.reading_sets`, the single readings
and the variants), ``skruuvi conformance --ruleset RULESET --require-coverage`` over the hand-written and the
generated cases, against ``skruuvi serve --reading RULE=VALUE...`` (``--variant RULESET:NAME`` for a variant). Prints
one line per run: its exit code and the run's summary line (the coverage note: ``rules judged: skruuvi-1895 63/63
(1 unreachable under the readings judged: redeal.scores-nothing)``), and exits 1 when any run did not pass. About
45 runs of 5-20 s each on an idle machine; CI runs a sample (tests/suite/reports/test_coverage_matrix.py).
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.authoring.played_under import reading_sets  # noqa: E402
from skruuvi.rules.ruleset import available_rulesets, get_ruleset  # noqa: E402

SUITE = [ROOT / "conformance" / "cases", ROOT / "conformance" / "generated"]


def engines(rid: str) -> list[tuple[str, list[str]]]:
    """``(label, serve arguments)`` for the ruleset as it stands and for each single reading and variant."""
    out: list[tuple[str, list[str]]] = [("as it stands", [])]
    for readings in reading_sets(get_ruleset(rid)):
        if readings.forms is not None:
            continue  # (a combination of the alternatives of one form: not a reading an engine is listed under)
        if readings.slug.startswith("variant-"):
            name = readings.slug.removeprefix("variant-")
            out.append((f"variant {name}", ["--variant", f"{rid}:{name}"]))
        else:
            args = [f"--reading={rule}={json.dumps(value, ensure_ascii=False)}"
                    for rule, value in readings.readings.items()]
            out.append((readings.text(), args))
    return out


def run(rid: str, serve: list[str], jobs: int) -> tuple[int, str]:
    """The exit code and the last line of ``skruuvi conformance`` of ``rid`` against the reference under ``serve``."""
    impl = shlex.join([sys.executable, "-m", "skruuvi", "serve", *serve])
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", "--ruleset", rid, "--impl", impl,
                           "--require-coverage", "--quiet", "--jobs", str(jobs), *map(str, SUITE)],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    lines = proc.stdout.strip().splitlines()
    return proc.returncode, (lines[-1] if lines else proc.stderr.strip()[-500:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--era", action="append", help="only this era (repeatable; default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="engine processes per run (default 2)")
    parser.add_argument("--json", action="store_true", help="one JSON object per run instead of text")
    args = parser.parse_args(argv)
    failed = 0
    for rid in available_rulesets():
        if args.era and get_ruleset(rid).era not in args.era:
            continue
        for label, serve in engines(rid):
            began = time.monotonic()
            code, line = run(rid, serve, args.jobs)
            failed += code != 0
            seconds = round(time.monotonic() - began, 1)
            if args.json:
                print(json.dumps({"ruleset": rid, "readings": label, "exit": code, "seconds": seconds,
                                  "summary": line}, ensure_ascii=False), flush=True)
            else:
                print(f"{rid} | {label} | exit {code} | {seconds} s | {line}", flush=True)
    print(f"{failed} run(s) did not pass", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
