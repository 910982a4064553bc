"""``skruuvi mutate --engine-source FILE --score-excluded``: the functions the equivalents file leaves out of the
score (``exclude``: an engine's SCP/1 loop, its command line) are mutated too and scored apart, not hidden.

Each of their mutants runs as an SCP/1 engine (``python3 MUTANT``) through the runner's own engine handling, on the
selected cases but the perft walks: it is killed when a judged answer changes, when it crashes or hangs, or when,
asked to ``stop`` after its last answer, it does not exit within the runner's bound or exits with a status other
than 0 (what ``skruuvi conformance`` now checks and reports of every engine). What survives is reported with its
function, so the closing note can say which an engine's own tests should catch (its command line, the end of its
input) and which the runner checks. The score above does not count them.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..authoring.code_mutation_run import Outcome


def add_arguments(g: argparse._ArgumentGroup) -> None:
    g.add_argument("--score-excluded", action="store_true",
                   help="also mutate the functions the equivalents file excludes and score them apart, each mutant "
                        "an SCP/1 engine through the runner (perft cases left out); not counted in the score")


def score_excluded(args: argparse.Namespace, text: str, excluded: dict[str, str],
                   records: list[tuple[str, dict[str, Any]]], base: list[str], timeout: float, workdir: Path,
                   show: Any) -> tuple[list[Outcome], int]:
    """The outcomes of the excluded functions' mutants (in source order), and the number of cases they answered."""
    from ..authoring.code_mutation import mutants
    from ..authoring.code_mutation_run import request_of, run_mutants
    from .scp_judge import ScpJudge

    chosen = [m for m in mutants(text) if any(m.function == f or m.function.startswith(f + ".") for f in excluded)]
    kept = [(item, b) for item, b in zip(records, base, strict=True) if request_of(item[1]["expect"]) != "perft"]
    judge = ScpJudge([item for item, _ in kept], [b for _, b in kept], timeout, workdir)
    return run_mutants(chosen, judge, args.jobs, show), len(kept)


def apart_json(outcomes: list[Outcome], cases: int) -> dict[str, Any]:
    by_function: dict[str, dict[str, int]] = {}
    for o in outcomes:
        row = by_function.setdefault(o.mutant.function, {"mutants": 0, "killed": 0, "survived": 0})
        row["mutants"] += 1
        row["killed" if o.killed else "survived"] += 1
    return {"cases": cases, "mutants": len(outcomes), "killed": sum(o.killed for o in outcomes),
            "kills": dict(Counter(o.how for o in outcomes if o.killed)), "functions": by_function,
            "survived": [{"function": o.mutant.function, "line": o.mutant.line, "key": o.mutant.key,
                          "before": o.mutant.before, "after": o.mutant.after} for o in outcomes if not o.killed]}


def apart_lines(outcomes: list[Outcome], cases: int, source: Path) -> list[str]:
    found = apart_json(outcomes, cases)
    hows = ", ".join(f"{how} {n}" for how, n in sorted(found["kills"].items()))
    lines = [f"  scored apart (not in the score): the excluded functions' {found['mutants']} mutants, each an SCP/1 "
             f"engine on {cases} cases (perft left out): {found['killed']} killed ({hows or 'none'}), "
             f"{found['mutants'] - found['killed']} survive"]
    for function, row in found["functions"].items():
        lines.append(f"    {function:<32} {row['mutants']:>4} mutants {row['killed']:>4} killed "
                     f"{row['survived']:>4} survive")
    lines += [f"  APART SURVIVED  {source}:{s['line']}  {s['key']}\n      after: {s['after']}"
              for s in found["survived"]]
    return lines
