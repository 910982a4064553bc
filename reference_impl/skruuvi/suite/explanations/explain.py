"""Explaining a conformance run's failures rule by rule (``skruuvi conformance --explain``).

A failing case is one the engine answered with a result or an error that differs from the expectation.
For each, the reference replays the case under each listed, executable alternative of its ruleset's rules
(:func:`~skruuvi.rules.readings.alternatives`; an alternative's ``requires:`` come with it, the case's own
pinned ``readings:`` stay on top): a reading *explains* the failure when the reference's answer under it is
the engine's answer, judged as the runner judges (only the expectation's keys). A case that no single
reading explains is tried under pairs of readings, whether or not each changes the answer alone: every pair
on the path where the engine and the reference part (each reading's rules reached by the replay under the
other: a reading the other's replay never reads cannot change its answer), at most :data:`MAX_PAIRS` per case,
those whose readings' answers come nearest the engine's first; a cut is said in the output and the report.
The cases that nothing explains are listed first, as likely bugs, grouped by pattern (ruleset, form, contract
kind, where they part, the size of the difference), with where the engine and the reference part
(:mod:`skruuvi.suite.explanations.explain_trace`). Each reading that explains failures is given with its exact
value, ready to play (``serve``'s ``--reading`` options) or to declare (the start answer's readings).

The parts, one job each: the readings and where each can act (:mod:`.explain_readings`); the search for what
explains one case (:mod:`.explain_search`); where the engine and the reference part when nothing does
(:mod:`.explain_trace`, with the phases and their deciding rules in :mod:`.explain_phases` and the score
items in :mod:`.explain_score`); the rows and the patterns (:mod:`.explain_summary`); a row's ready lines to
declare (:mod:`.explain_declare`); the terminal text (:mod:`.explain_print`). This module runs the search over
a run's failures: ``jobs`` > 1 splits them over that many processes, every reading's ruleset compiled once
beforehand and shared by the forks.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Iterable, Mapping
from typing import Any

from ...rules.readings import with_readings
from ...rules.ruleset import Ruleset, get_ruleset
from ..cases.cases import Case
from .explain_print import explain_lines
from .explain_readings import Reading, candidates
from .explain_search import BOUND, MAX_PAIRS, Explainer, Verdict, distance
from .explain_summary import Explanation, Pattern, summarise

PARALLEL_FROM = 50
"""With ``jobs`` > 1, the failures are split over processes only when there are more than this many."""

_STATE: dict[str, Any] = {}


def _worker_signals() -> None:
    """A worker of the explaining pool leaves the signals of an interrupt to the runner: it ignores SIGINT (a
    Ctrl-C reaches the whole terminal group) and dies by the others, as the runner then terminates it anyway."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT"):
        signal.signal(getattr(signal, name), signal.SIG_DFL)


def _explain_chunk(items: list[tuple[Case, dict[str, Any]]]) -> list[Verdict]:
    explainer = _STATE.get("explainer") or Explainer()
    return [explainer.explain(case, got) for case, got in items]


def explain(failures: Iterable[tuple[Case, Mapping[str, Any]]], variants: Mapping[str, Ruleset] | None = None,
            jobs: int = 1) -> Explanation:
    """Explain ``(case, engine answer {kind: body})`` failures; ``variants`` are the rulesets the run judged
    under (the explanations are readings on top of them)."""
    began = time.monotonic()
    items = [(case, dict(got)) for case, got in failures]
    explainer = Explainer(variants)
    _STATE["explainer"] = explainer
    if jobs > 1 and len(items) > PARALLEL_FROM:
        for ruleset_id in dict.fromkeys(case.ruleset for case, _ in items):  # compiled once, shared by the forks
            for reading in explainer.candidates(ruleset_id):
                explainer.compiled(ruleset_id, reading.readings)
        size = -(-len(items) // (jobs * 4))
        chunks = [items[i:i + size] for i in range(0, len(items), size)]
        # (leaving the block terminates the workers, also when a signal interrupts the wait: no process is left)
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_signals) as pool:
            verdicts = [v for part in pool.map(_explain_chunk, chunks) for v in part]
    else:
        verdicts = _explain_chunk(items)
    _STATE.clear()
    return summarise(verdicts, explainer, time.monotonic() - began)


def explain_bases(variants: Any, plan: Any) -> dict[str, Ruleset] | None:
    """The ruleset each failing case of a run is explained from: the variant ``--ruleset`` names (``variants``), else
    the ruleset under the readings the engine declares (``plan``: a reading is looked for beyond what it already
    says it plays)."""
    bases = dict(variants.variants) if variants is not None and variants.variants else {}
    for rid, changes in plan.declarations.changes.items():
        if rid not in bases and changes:
            bases[rid] = with_readings(get_ruleset(rid), changes)
    return bases or None


__all__ = [
    "BOUND",
    "MAX_PAIRS",
    "Explainer",
    "Explanation",
    "Pattern",
    "Reading",
    "Verdict",
    "candidates",
    "distance",
    "explain",
    "explain_bases",
    "explain_lines",
    "summarise",
]
