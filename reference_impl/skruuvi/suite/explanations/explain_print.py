"""The terminal text of an explanation: a summary line, the unexplained cases grouped by pattern (capped: all
are in the report), then the table of readings with a ready line to declare each."""

from __future__ import annotations

import json
from typing import Any

from .explain_search import BOUND, MAX_PAIRS
from .explain_summary import Explanation

MAX_PATTERNS_SHOWN = 10
"""The printed output shows at most this many patterns of unexplained failures (all are in the report)."""

MAX_CASES_SHOWN = 3
"""... and per pattern the trace of its first case and the ids of at most this many."""


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def explain_lines(explanation: Explanation, printable: Any = str) -> list[str]:
    """The terminal text: a summary line, the unexplained cases grouped by pattern, then the table of readings
    with a ready line to declare each."""
    e = explanation
    if not e.failures:
        return ["explain: no failing case to explain"]
    lines = [f"explain: {_count(e.failures, 'failing case')}: {e.by_single:,} explained by "
             f"one reading, {e.by_pair:,} by a pair, {len(e.unexplained):,} by none ({BOUND}) in {e.seconds:.1f} s"]
    if e.unexplained:
        lines.append(f"no reading explains {_count(len(e.unexplained), 'case')}, likely bugs, in "
                     f"{_count(len(e.patterns), 'pattern')} (ruleset, form, contract, where they part, difference):")
        for pattern in e.patterns[:MAX_PATTERNS_SHOWN]:
            first = pattern.cases[0]
            lines.append(printable(f"  {_count(len(pattern.cases), 'case')}: {pattern.words}"))
            lines.append(f"    e.g. {printable(first.id)}  ({printable(first.where)})")
            for line in (first.trace or {}).get("lines", ["the reference could not replay it"]):
                lines.append(f"        {printable(line)}")
            more = [v.id for v in pattern.cases[1:MAX_CASES_SHOWN]]
            if more:
                rest = len(pattern.cases) - 1 - len(more)
                lines.append(printable("    also " + ", ".join(more) + (f" and {rest:,} more" if rest else "")))
        hidden = e.patterns[MAX_PATTERNS_SHOWN:]
        if hidden:
            lines.append(f"  ... and {_count(sum(len(p.cases) for p in hidden), 'case')} in "
                         f"{_count(len(hidden), 'more pattern')} (every one in the report's explain record, "
                         "--report FILE)")
        cut = e.pair_search_cut
        if cut:
            lines.append(f"pair search cut for {_count(len(cut), 'case')} (first {printable(cut[0].id)}: "
                         f"{cut[0].pairs_on_path} pairs of readings on the path where they part, the {MAX_PAIRS} "
                         "nearest the engine's answer tried): a pair further off may explain them")
    for problem in e.problems:
        lines.append(printable(f"the reference itself failed under {problem['reading']} on {problem['cases']} "
                               f"case(s), first {problem['first_case']}: {problem['first']}"))
    if e.rows:
        lines.append("readings that explain failures (a case several readings explain counts in each row; "
                     "'only': the cases no other reading explains):")
        table = [("#", "explains", "only", "reading", "rule", "ruleset", "source")]
        table += [(str(n), str(len(r.cases)), str(r.only), r.words, " + ".join(r.rules), r.ruleset,
                   ", ".join(r.source)) for n, r in enumerate(e.rows, 1)]
        widths = [max(len(row[i]) for row in table) for i in range(7)]
        for row in table:
            cells = [*(c.rjust(w) for c, w in zip(row[:3], widths[:3], strict=True)),
                     *(c.ljust(w) for c, w in zip(row[3:], widths[3:], strict=True))]
            lines.append(printable("  " + "  ".join(cells).rstrip()))
        lines.append("to play or declare a reading (#: serve's options; the start answer's implementation.readings):")
        for n, r in enumerate(e.rows, 1):
            lines.append(printable(f"  {n:>{widths[0]}}  {r.options}"))
            lines.append(printable(f"  {'':>{widths[0]}}  \"readings\": "
                                   + json.dumps(r.declaration, ensure_ascii=False, separators=(", ", ": "))))
    return lines


__all__ = ["MAX_CASES_SHOWN", "MAX_PATTERNS_SHOWN", "explain_lines"]
