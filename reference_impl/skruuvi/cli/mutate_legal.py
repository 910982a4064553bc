"""``skruuvi mutate --ruleset ID --legal``: the legal-set measure of the ruleset mutants (issue 19, part 5).

Of the mutants that change a legal set (a legal or perft case's answer, or the legal set of a position of
the sample: every prefix of the single-deal cases and of the era's playthrough records), how many the legal
and perft cases alone kill. A changing mutant they do not kill is a gap in those cases, unless it is listed
with a reason in ``conformance/mutation/legal-equivalent.yaml`` (same shape as ``equivalent.yaml``: per
ruleset id, entries with ``rule``, ``pointer``, ``mutation`` and ``reason``): a change only reachable in
positions no legal case should pin.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..rules import paths
from ..rules.errors import InputError

if TYPE_CHECKING:  # names of annotations only: the command line of every other command does not import mutate
    from ..authoring.mutate import LegalMeasure, Mutant


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--legal", action="store_true",
                   help="also measure the legal sets: of the mutants that change one (a legal or perft case's "
                        "answer, or the legal set at a prefix of the single-deal cases and the era's playthrough "
                        "records), how many the legal and perft cases kill (slower: minutes per ruleset)")
    p.add_argument("--rule", action="append", default=[], metavar="ID",
                   help="only the mutants of this rule id (or of the ids it starts; repeatable): while writing cases "
                        "(the scores then cover those mutants only)")


def legal_file() -> Path:
    return paths.conformance_dir() / "mutation" / "legal-equivalent.yaml"


def playthrough_records(era: str) -> list[dict[str, Any]]:
    """The era's playthrough records (``conformance/playthroughs/<era>.playthrough.gz``; none when absent)."""
    path = paths.conformance_dir() / "playthroughs" / f"{era}.playthrough.gz"
    if not path.is_file():
        return []
    out: list[dict[str, Any]] = []
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the playthroughs: {exc}", file=str(path)) from None
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise InputError(f"line {n}: not JSON: {exc}", file=str(path)) from None
        if not isinstance(record, dict):
            raise InputError(f"line {n}: a playthrough record is a JSON object", file=str(path))
        out.append(record)
    return out


def sample_records(cases: list[dict[str, Any]], era: str) -> list[dict[str, Any]]:
    """The records whose prefixes are the sample: the single-deal cases, then the playthroughs."""
    return [r for r in (*cases, *playthrough_records(era)) if "deal" in r and "match" not in r]


def _split(measure: LegalMeasure, reasons: dict[tuple[str, str], str]) -> tuple[list[Any], list[Any]]:
    listed = [(m, where) for m, where in measure.survived if (m.pointer, m.description) in reasons]
    gaps = [(m, where) for m, where in measure.survived if (m.pointer, m.description) not in reasons]
    return listed, gaps


def _score(measure: LegalMeasure, listed: list[Any]) -> float:
    counted = measure.changing - len(listed)
    return len(measure.killed) / counted if counted else 1.0


def _entry(m: Mutant, **more: str) -> dict[str, str]:
    return {"rule": m.rule, "pointer": m.pointer, "mutation": m.description, **more}


def legal_json(measure: LegalMeasure, reasons: dict[tuple[str, str], str]) -> dict[str, Any]:
    listed, gaps = _split(measure, reasons)
    return {
        "cases": measure.cases, "sample_records": measure.records, "sample_positions": measure.positions,
        "changing": measure.changing, "killed": len(measure.killed),
        "unpinned": [_entry(m, reason=reasons[(m.pointer, m.description)]) for m, _ in listed],
        "survived": [_entry(m, first_change=where) for m, where in gaps],
        "score": round(_score(measure, listed), 4),
    }


def legal_text(out: IO[str], ruleset_id: str, measure: LegalMeasure, reasons: dict[tuple[str, str], str]) -> None:
    listed, gaps = _split(measure, reasons)
    out.write(f"{ruleset_id}: legal sets: {measure.changing} mutants change one; {len(measure.killed)} killed by "
              f"{measure.cases} legal/perft cases, {len(listed)} listed as unpinned "
              f"({_score(measure, listed):.1%} of the others; sample: {measure.positions} positions of "
              f"{measure.records} records)\n")
    for m, where in gaps:
        out.write(f"  LEGAL SURVIVED  {m.rule}  {m.pointer}  {m.description}  (first change: {where})\n")
    for m, _ in listed:
        out.write(f"  unpinned  {m.rule}  {m.pointer}  {m.description}: {reasons[(m.pointer, m.description)]}\n")


def gaps(measure: LegalMeasure, reasons: dict[tuple[str, str], str]) -> int:
    return len(_split(measure, reasons)[1])


__all__ = ["add_arguments", "gaps", "legal_file", "legal_json", "legal_text", "sample_records"]
