"""The oracle's code-mutation score in full, with the equivalence gate and the excluded functions scored apart
(issue 34). CI runs the gate on a sample (tests/cli/test_equivalence_gate.py); this runs it on every listed
equivalent, against the whole differential corpus.

Usage: ``python bench/equivalence_gate.py [--jobs N] [--gate-only] [--json FILE]``. It runs

    skruuvi mutate --engine-source conformance/oracle/oracle.py --entry respond --legal-entry respond_legal
        --generated-sample 20 --score-excluded --jobs N --format json

(with ``--gate-only``: only the listed equivalents, each against the suite and then the gate) and prints, per rule
area, the mutants, killed, listed equivalents (those that passed the gate), survivors and the score of the killable;
the gate's corpus and verdicts; the excluded functions' mutants scored apart; the wall and CPU time (the machine is
shared: say how loaded it was when quoting them). Exit code: mutate's (1 when any survivor is unexplained or any
listed equivalent fails the gate).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--gate-only", action="store_true")
    parser.add_argument("--json", type=Path, help="also keep mutate's JSON report here")
    args = parser.parse_args(argv)
    command = [sys.executable, "-m", "skruuvi", "mutate", "--engine-source", "conformance/oracle/oracle.py",
               "--entry", "respond", "--legal-entry", "respond_legal", "--generated-sample", "20", "--jobs",
               str(args.jobs), "--format", "json"]
    command += ["--gate-only"] if args.gate_only else ["--score-excluded"]
    began, load = time.monotonic(), os.getloadavg()[0]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.monotonic() - began
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not done.stdout.strip():
        sys.stderr.write(done.stderr)
        return done.returncode or 2
    report = json.loads(done.stdout)
    if args.json:
        args.json.write_text(done.stdout, encoding="utf-8")
    print(f"{report['engine_source']}: {report['killed']}/{report['mutants'] - report['equivalent']} killable killed "
          f"({report['score']:.1%}), {report['equivalent']} listed equivalents admitted, "
          f"{len(report['survived'])} unexplained survivors; {report['cases']} cases")
    print(f"  {'area':<34} {'mutants':>7} {'killed':>7} {'equiv':>6} {'survived':>8} {'score':>7}")
    for area, row in report["areas"].items():
        killable = row["mutants"] - row["equivalent"]
        rate = row["killed"] / killable if killable else 1.0
        print(f"  {area:<34} {row['mutants']:>7} {row['killed']:>7} {row['equivalent']:>6} {row['survived']:>8} "
              f"{rate:>7.1%}")
    gate = report.get("gate")
    if gate:
        print(f"  equivalence gate: {gate['passed']}/{gate['equivalents']} listed equivalents answer all "
              f"{gate['inputs']} inputs as the unmutated oracle ({gate['records']} records, legal after "
              f"{gate['prefixes']} prefixes, {gate['corruptions_kept']} of {gate['corruptions_made']} corruptions)")
        for failed in gate["failed"]:
            print(f"    NOT EQUIVALENT line {failed['line']} [{failed['area']}] {failed['key']}: {failed['how']} on "
                  f"{failed['input']}")
    apart = report.get("apart")
    if apart:
        print(f"  scored apart: {apart['killed']}/{apart['mutants']} mutants of the excluded functions killed "
              f"through SCP/1 ({', '.join(f'{k} {v}' for k, v in sorted(apart['kills'].items()))})")
        for function, row in apart["functions"].items():
            print(f"    {function:<20} {row['mutants']:>4} mutants {row['killed']:>4} killed "
                  f"{row['survived']:>4} survive")
    for survivor in report["survived"]:
        print(f"  SURVIVED {survivor['file']} [{survivor['area']}] {survivor['key']}")
    print(f"  {wall / 60:.1f} min wall, {(cpu.ru_utime + cpu.ru_stime) / 60:.1f} CPU-min; load average {load:.1f} "
          "at the start")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
