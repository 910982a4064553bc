"""Judging an engine's mutants over SCP/1: each mutant runs as an engine process, ``python3 MUTANT``, and is asked
the cases as the runner asks them (``run``, ``legal``, or a perft walk of ``legal`` requests). Used by
``skruuvi mutate --engine-source`` without a fast entry, by the equivalence gate and by the excluded functions'
score (issue 34).

A mutant starts without ``PYTHONUNBUFFERED``: with it set, Python flushes every write on its own, and a mutant that
drops the engine's ``flush()`` would answer as if it had flushed; an engine on a user's machine cannot count on it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..authoring.code_mutation import Mutant
    from ..authoring.code_mutation_run import Outcome
    from ..suite.run.runner import Engine

UNSET = ("PYTHONUNBUFFERED",)
"""Environment variables a mutant does not inherit: each would hide a mutant that changes what the engine does."""


def mutant_env() -> dict[str, str]:
    """The environment an engine's mutant runs in: this process's, less :data:`UNSET`."""
    return {k: v for k, v in os.environ.items() if k not in UNSET}


def _scp_answer(engine: Engine, seq: int, record: dict[str, Any], deadline: float) -> tuple[Any, str, int]:
    """One case's answer over SCP/1 (``run``, ``legal``, or a perft walk of ``legal`` requests), '' or how the
    engine failed, and the next sequence number."""
    from ..authoring.code_mutation_run import request_of
    from ..suite.scp.protocol import (
        ProtocolError,
        check_legal_response,
        check_response,
        legal_request,
        run_request,
    )
    request = request_of(record["expect"])

    def ask(message: dict[str, Any], check: Any) -> tuple[Any, str]:
        reply = engine.request(message, max(0.01, deadline - time.monotonic()))
        if reply.kind != "line":
            return None, "timeout" if reply.kind == "timeout" else "crash"
        try:
            kind, body = check(json.loads(reply.line), message["seq"])
        except (ProtocolError, ValueError):
            return None, "crash"
        return {kind: body}, ""

    if request == "run":
        return (*ask(run_request(seq, record), check_response), seq + 1)
    if request == "legal":
        return (*ask(legal_request(seq, record), check_legal_response), seq + 1)
    level, depth = [list(record.get("actions") or [])], record["expect"]["perft"]["depth"]
    for d in range(depth):
        answers = []
        for prefix in level:
            got, how = ask(legal_request(seq, record, prefix), check_legal_response)
            seq += 1
            if how:
                return None, how, seq
            if "legal" not in got:
                return {"errored": f"perft walk: no legal set after {len(prefix)} actions"}, "", seq
            answers.append(got["legal"])
        if d == depth - 1:
            return {"perft": sum(len(a) for a in answers)}, "", seq
        level = [[*p, a] for p, body in zip(level, answers, strict=True) for a in body]
    return {"perft": 1}, "", seq


def scp_answers(command: list[str], records: list[dict[str, Any]], deadline: float,
                 stop_when: Any = None) -> tuple[list[Any], str]:
    """Answers of an SCP/1 engine to the cases (``{kind: body}``); stops early when ``stop_when(i, answer)``
    is true. Returns the answers and '' or how the engine failed (``crash``, ``timeout``, or ``stop``: asked to
    stop after its last answer, it did not exit in time or exited with a status other than 0, as the runner
    checks)."""
    from ..suite.run.runner import STOP_GRACE, Engine, HandshakeError

    engine = Engine(command, env=mutant_env())
    answers: list[Any] = []
    try:
        engine.start(max(0.1, deadline - time.monotonic()))
    except HandshakeError as exc:
        return answers, "timeout" if "no answer within" in str(exc) else "crash"
    try:
        seq = 1
        for i, record in enumerate(records):
            answer, how, seq = _scp_answer(engine, seq, record, deadline)
            if how:
                return answers, how
            answers.append(answer)
            if stop_when is not None and stop_when(i, answers[-1]):
                return answers, ""
        if engine.stop(STOP_GRACE):
            return answers, "stop"
    finally:
        engine.kill()
    return answers, ""


class ScpJudge:
    """Judge mutants by running each as an SCP/1 engine, ``python3 MUTANT``."""

    def __init__(self, records: list[tuple[str, dict[str, Any]]], base: list[str], timeout: float,
                 workdir: Path) -> None:
        self.records, self.base, self.timeout, self.workdir = records, base, timeout, workdir

    def __call__(self, mutant: Mutant) -> Outcome:
        from ..authoring.code_mutation_run import Outcome, judged
        path = self.workdir / f"mutant_{mutant.number}.py"
        path.write_text(mutant.source, encoding="utf-8")
        expects = [r["expect"] for _, r in self.records]
        changed = lambda i, answer: judged(expects[i], answer) != self.base[i]  # noqa: E731
        try:
            answers, how = scp_answers([sys.executable, str(path)], [r for _, r in self.records],
                                        time.monotonic() + self.timeout, changed)
        finally:
            path.unlink(missing_ok=True)
        if how:
            return Outcome(mutant, True, how, self.records[len(answers)][0] if len(answers) < len(self.records) else "")
        if answers and changed(len(answers) - 1, answers[-1]):
            last = len(answers) - 1
            return Outcome(mutant, True, "answer", self.records[last][0], judged(expects[last], answers[-1])[:200])
        return Outcome(mutant, False)
