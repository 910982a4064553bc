"""The equivalence gate of ``skruuvi mutate --engine-source``: a listed equivalent is admitted by a test, not by its
written reason alone.

Every mutant listed as equivalent that the suite does not kill is asked every input of the differential corpus
(:mod:`skruuvi.suite.corpus`: the suite's records, ``legal`` after every prefix of the hand-written single deals,
and seeded corruptions that ``skruuvi validate`` accepts) and must answer each exactly as the unmutated engine does:
the whole answer's kind and body (a legal set as a set; messages are free). One that answers any input differently,
raises, hangs or does not import fails the gate: it is no equivalent, and counts as a survivor the suite does not
kill. The written proof stays in the equivalents file, for the reader.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..authoring.code_mutation import Mutant
    from ..authoring.code_mutation_run import Outcome

DEFAULT_CORRUPTIONS = 5000
"""Seeded corruptions tried for the corpus (those validate accepts are kept; about 19 in 20)."""


def add_arguments(g: argparse._ArgumentGroup) -> None:
    g.add_argument("--gate-corruptions", type=int, default=DEFAULT_CORRUPTIONS, metavar="N",
                   help="seeded corruptions of the records tried for the equivalence gate's corpus; those skruuvi "
                        f"validate accepts are kept (default {DEFAULT_CORRUPTIONS})")
    g.add_argument("--gate-seed", type=int, default=1, metavar="S", help="seed of the corruptions (default 1)")
    g.add_argument("--gate-prefix-sample", type=int, default=1, metavar="N",
                   help="ask legal after every prefix of 1 in N hand-written single deals (default 1: all of them)")
    g.add_argument("--gate-only", action="store_true",
                   help="judge only the listed equivalents: each against the suite, then through the gate")
    g.add_argument("--no-gate", action="store_true",
                   help="leave the equivalence gate out (the listed equivalents are then admitted on their written "
                        "reasons alone, and the report says so)")


@dataclass
class GateRun:
    """The gate's verdicts (an outcome ``killed`` is a listed equivalent that failed) and its corpus."""

    outcomes: list[Outcome]
    inputs: int
    records: int
    prefixes: int
    corruptions_kept: int
    corruptions_made: int
    left_out: int = 0
    unanswered: list[str] = field(default_factory=list)
    base: dict[str, str] = field(default_factory=dict)

    @property
    def failed(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.killed]

    def summary(self) -> str:
        passed = len(self.outcomes) - len(self.failed)
        text = (f"equivalence gate: {passed}/{len(self.outcomes)} listed equivalents answer all {self.inputs} inputs "
                f"as the unmutated engine ({self.records} records, legal after {self.prefixes} prefixes, "
                f"{self.corruptions_kept} of {self.corruptions_made} corruptions that validate accepts)")
        if self.left_out:
            text += f"; {self.left_out} legal inputs left out (no --legal-entry)"
        return text

    def json(self) -> dict[str, Any]:
        return {"equivalents": len(self.outcomes), "passed": len(self.outcomes) - len(self.failed),
                "inputs": self.inputs, "records": self.records, "prefixes": self.prefixes,
                "corruptions_kept": self.corruptions_kept, "corruptions_made": self.corruptions_made,
                "left_out": self.left_out, "unanswered": self.unanswered,
                "failed": [{"key": o.mutant.key, "line": o.mutant.line, "area": o.mutant.area, "how": o.how,
                            "input": o.case, "unmutated": self.base.get(o.case, ""), "mutant": o.detail}
                           for o in self.failed]}


def run_gate(args: argparse.Namespace, source: Path, mutants: list[Mutant],
             records: list[tuple[str, dict[str, Any]]], hand: list[tuple[str, dict[str, Any]]],
             workdir: Path, show: Any) -> GateRun:
    """Ask every mutant (listed equivalents the suite did not kill) the corpus built from ``records`` (prefixes of
    the ``hand``-written ones), on the fast path with ``--entry``, else each as an SCP/1 engine."""
    from ..authoring.code_mutation_run import baseline_fast, judged, run_fast, run_mutants, whole_expect
    from ..suite.corpus import corpus
    from .scp_judge import ScpJudge, scp_answers

    built = corpus(records, prefixes_of=hand[::max(1, args.gate_prefix_sample)],
                   corrupted=max(0, args.gate_corruptions),
                   seed=args.gate_seed)
    items = built.items
    left_out = 0
    if args.entry and not args.legal_entry:
        left_out = sum(item.request == "legal" for item in items)
        items = [item for item in items if item.request == "run"]
    expects = [whole_expect(item.request) for item in items]
    start = time.monotonic()
    if args.entry:
        raw = baseline_fast(source, args.entry, [(item.id, item.request, item.case, e, "")
                                                  for item, e in zip(items, expects, strict=True)], args.legal_entry)
    else:
        raw, how = scp_answers([sys.executable, str(source)], [{**item.case, "expect": e}
                                                                for item, e in zip(items, expects, strict=True)],
                                time.monotonic() + 3600)
        if how:
            raise RuntimeError(f"the unmutated engine failed over SCP/1 on the gate's corpus ({how})")
    base = [judged(e, a) for e, a in zip(expects, raw, strict=True)]
    timeout = args.timeout or 10 + 5 * (time.monotonic() - start)
    if args.entry:
        cases = [(item.id, item.request, item.case, e, b) for item, e, b in zip(items, expects, base, strict=True)]
        outcomes = run_fast(mutants, cases, args.entry, timeout, args.jobs, show, legal_entry=args.legal_entry)
    else:
        judge = ScpJudge([(item.id, {**item.case, "expect": e}) for item, e in zip(items, expects, strict=True)],
                         base, timeout, workdir)
        outcomes = run_mutants(mutants, judge, args.jobs, show)
    failed_inputs = {o.case for o in outcomes if o.killed}
    return GateRun(outcomes=outcomes, inputs=len(items), records=built.records,
                   prefixes=built.prefixes if args.legal_entry or not args.entry else 0,
                   corruptions_kept=built.corruptions_kept,
                   corruptions_made=built.corruptions_made, left_out=left_out, unanswered=built.unanswered,
                   base={i.id: b for i, b in zip(items, base, strict=True) if i.id in failed_inputs})


def gate_lines(gate: GateRun, source: Path) -> list[str]:
    """The gate's report: its summary, each failed equivalent with the input it answers differently."""
    lines = [f"  {gate.summary()}"]
    for o in gate.failed:
        m = o.mutant
        lines.append(f"NOT EQUIVALENT  {source}:{m.line}  [{m.area}] {m.key}\n    {o.how} on input {o.case}"
                     + (f"\n    unmutated: {gate.base[o.case][:300]}" if gate.base.get(o.case) else "")
                     + (f"\n    mutant:    {o.detail[:300]}" if o.detail else ""))
    if gate.unanswered:
        lines.append(f"  note: validate accepts {len(gate.unanswered)} corrupted records the reference does not "
                     f"answer (DESIGN promises one answer for every valid record), e.g. {gate.unanswered[0]}")
    return lines
