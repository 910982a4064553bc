"""Running an engine's code mutants against the suite, and judging them.

A mutant is *killed* when, on some case, what the suite judges of its answer differs from what it judges of
the unmutated engine's answer (:func:`judged`), or when it crashes, hangs past the timeout, or cannot be
imported; otherwise it *survives*. Comparing with the unmutated engine rather than with ``expect`` counts
a case the engine already fails for what it is: a mutant that fails it differently is still told apart.

The fast path forks one child per mutant, which executes the mutant's text and calls its answer function
(``respond`` for the oracle) on every case, stopping at the first changed answer: a legal case calls the
legal-set function instead (``respond_legal``), and a perft case is counted through it, as the runner counts
one through SCP/1 ``legal`` (:func:`perft_answer`); the child is killed at the
timeout and capped in memory, so that an endless loop or a runaway allocation costs one mutant and nothing
else, and the cases are read once. The general
path (an engine spoken to over SCP/1) is supplied by the caller as a :data:`Judge`.
"""

from __future__ import annotations

import json
import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .code_mutation import Mutant

PRIVATE_FIELDS = ("expect", "justification")
REQUESTS = ("run", "legal", "perft")
"""How a case is asked: SCP/1 ``run``, ``legal`` (a legal set), or a perft count walked through ``legal``."""


def request_of(expect: dict[str, Any]) -> str:
    """The request a case with this ``expect`` is judged through (as the runner asks it)."""
    return "perft" if "perft" in expect else "legal" if "legal" in expect else "run"


def perft_answer(legal: Callable[[dict[str, Any]], Any], case: dict[str, Any], depth: int) -> dict[str, Any]:
    """A perft count as the runner takes it: ``legal`` asked level by level from the case's prefix, the sizes of
    the last level's sets summed (a line that ends earlier counts nothing); ``errored`` when a node's answer is
    not a legal set."""
    level = [list(case.get("actions") or [])]
    for d in range(depth):
        answers = []
        for prefix in level:
            got = legal({**case, "actions": prefix})
            body = got.get("legal") if isinstance(got, dict) else None
            if not isinstance(body, list):
                return {"errored": f"perft walk: no legal set after {len(prefix)} actions"}
            answers.append(body)
        if d == depth - 1:
            return {"perft": sum(len(a) for a in answers)}
        level = [[*p, a] for p, body in zip(level, answers, strict=True) for a in body]
    return {"perft": 1}


def answer_with(run: Callable[[Any], Any], legal: Callable[[Any], Any] | None, request: str,
                case: dict[str, Any], expect: dict[str, Any]) -> Any:
    """An engine's answer to a case through its answer functions (``legal`` for legal and perft cases)."""
    if request == "run":
        return run(case)
    if legal is None:
        raise RuntimeError("a legal case needs the engine's legal-set function")
    return legal(case) if request == "legal" else perft_answer(legal, case, expect["perft"]["depth"])


def public(record: dict[str, Any]) -> dict[str, Any]:
    """A case as an engine sees it (what SCP/1 sends): without ``expect`` and ``justification``."""
    return {k: v for k, v in record.items() if k not in PRIVATE_FIELDS}


def _plain(value: Any) -> Any:
    """JSON value with integral floats as ints (the runner compares ``3`` and ``3.0`` as equal)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def judged(expect: dict[str, Any], answer: Any) -> str:
    """What the runner's comparison looks at in an answer, as canonical JSON: the answer's kind and, for an
    error, its ``index`` and ``code`` (and ``deal`` when ``expect`` has one); for a result, the keys of
    ``expect.result`` (or ``match``); a legal set as a set; a perft count. Messages, and keys the case does not
    judge, are left out."""
    if not isinstance(answer, dict):
        return json.dumps(["garbage", repr(answer)])
    kind = next((k for k in ("result", "error", "legal", "perft", "skipped", "errored") if k in answer), "garbage")
    body = answer.get(kind)
    if kind == "legal":
        ok = isinstance(body, list) and all(isinstance(a, str) for a in body) and len(set(body)) == len(body)
        return json.dumps(["legal", sorted(body)] if ok and isinstance(body, list) else ["garbage"])
    if kind == "perft":
        return json.dumps(["perft", body])
    if kind in ("skipped", "errored", "garbage") or not isinstance(body, dict):
        return json.dumps([kind])
    if kind == "error":
        wanted = expect.get("error")
        keys: Sequence[str] = ("deal", "index", "code") if isinstance(wanted, dict) and "deal" in wanted \
            else ("index", "code")
    elif "match" in expect:
        keys = ("match",)
    else:
        keys = tuple(expect.get("result") or ())
    return json.dumps([kind, {k: _plain(body.get(k, "<missing>")) for k in keys}], sort_keys=True)


@dataclass(frozen=True)
class Outcome:
    """What became of one mutant: ``killed`` (with the case and how) or ``survived``."""

    mutant: Mutant
    killed: bool
    how: str = ""
    """``answer`` (a judged answer changed), ``crash``, ``timeout`` or ``import``."""
    case: str = ""


Judge = Callable[[Mutant], Outcome]

Case = tuple[str, str, dict[str, Any], dict[str, Any], str]
"""A case as the fast path holds it: id, its request (:data:`REQUESTS`), the case as the engine sees it, its
expect, the unmutated engine's judged answer."""


def _judge_here(mutant: Mutant, cases: list[Case], entry: str, legal_entry: str | None,
                first: list[int]) -> dict[str, str]:
    """In the forked child: import the mutant and answer the cases (the latest killers first) until one
    judged answer changes."""
    module = types.ModuleType("mutant_engine")
    module.__file__ = f"<mutant {mutant.number}>"
    sys.modules["mutant_engine"] = module
    try:
        exec(compile(mutant.source, module.__file__, "exec"), module.__dict__)
        answer = getattr(module, entry)
        legal = getattr(module, legal_entry) if legal_entry else None
    except BaseException as exc:
        return {"how": "import", "case": "", "detail": repr(exc)[:200]}
    seen = set(first)  # each case is answered once in this child, so a mutant that edits it harms no other
    for n in [*first, *(i for i in range(len(cases)) if i not in seen)]:
        case_id, request, case, expect, base = cases[n]
        try:
            got = judged(expect, json.loads(json.dumps(answer_with(answer, legal, request, case, expect))))
        except BaseException as exc:
            return {"how": "crash", "case": case_id, "detail": repr(exc)[:200]}
        if got != base:
            return {"how": "answer", "case": case_id, "detail": got[:200]}
    return {"how": "", "case": ""}


def _child(mutant: Mutant, cases: list[Case], entry: tuple[str, str | None], first: list[int], out: int,
           memory: int) -> None:
    """The forked child's whole life: never returns, never runs the parent's exit handlers."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        verdict = _judge_here(mutant, cases, entry[0], entry[1], first)
        os.write(out, json.dumps(verdict).encode("utf-8"))
    finally:
        os._exit(0)


def run_fast(mutants: list[Mutant], cases: list[Case], entry: str, timeout: float, jobs: int,
             progress: Callable[[int, int], None] | None = None, memory_bytes: int = 2 << 30,
             legal_entry: str | None = None) -> list[Outcome]:
    """Judge mutants by forking one child per mutant (``jobs`` at a time) that execs the mutant's text and calls
    ``entry(case)`` (``legal_entry(case)`` for a legal or perft case); a child past ``timeout`` seconds is killed
    (an endless loop), one that dies without a verdict crashed. The cases are loaded once, in the parent. POSIX
    only (``os.fork``)."""
    index = {case[0]: n for n, case in enumerate(cases)}
    recent: list[int] = []  # the latest killing cases, newest first (neighbouring mutants die alike)
    todo = list(reversed(mutants))
    running: dict[int, tuple[Mutant, int, float]] = {}
    outcomes: dict[int, Outcome] = {}
    while todo or running:
        while todo and len(running) < max(1, jobs):
            mutant = todo.pop()
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read_end)
                _child(mutant, cases, (entry, legal_entry), list(recent), write_end, memory_bytes)
            os.close(write_end)
            running[pid] = (mutant, read_end, time.monotonic())
        select.select([r for _, r, _ in running.values()], [], [], 0.05)
        for pid, (mutant, read_end, started) in list(running.items()):
            done, _ = os.waitpid(pid, os.WNOHANG)
            if not done and time.monotonic() - started < timeout:
                continue
            if not done:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            chunks = []
            while chunk := os.read(read_end, 65536):
                chunks.append(chunk)
            os.close(read_end)
            del running[pid]
            try:
                verdict = json.loads(b"".join(chunks))
            except ValueError:
                verdict = {"how": "crash" if done else "timeout", "case": ""}
            if verdict["case"] in index:
                n = index[verdict["case"]]
                recent = [n, *(i for i in recent if i != n)][:8]
            outcomes[mutant.number] = Outcome(mutant, bool(verdict["how"]), verdict["how"], verdict["case"])
            if progress is not None:
                progress(len(outcomes), len(mutants))
    return [outcomes[m.number] for m in mutants]


def baseline_fast(source: Path, entry: str, cases: list[Case], legal_entry: str | None = None) -> list[Any]:
    """The unmutated engine's raw answers through the fast path (in a fresh process, as the mutants run)."""
    script = ("import importlib.util, json, sys\n"
              "from skruuvi.authoring.code_mutation_run import answer_with\n"
              "spec = importlib.util.spec_from_file_location('engine_under_test', sys.argv[1])\n"
              "m = importlib.util.module_from_spec(spec); sys.modules['engine_under_test'] = m\n"
              "spec.loader.exec_module(m)\n"
              "run, legal = getattr(m, sys.argv[2]), getattr(m, sys.argv[3]) if sys.argv[3] else None\n"
              "cases = json.load(sys.stdin)\n"
              "print(json.dumps([answer_with(run, legal, r, c, e) for r, c, e in cases]))\n")
    done = subprocess.run([sys.executable, "-c", script, str(source), entry, legal_entry or ""], capture_output=True,
                          text=True, input=json.dumps([[r, c, e] for _, r, c, e, _ in cases]), check=False)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"the unmutated engine's {entry}() failed: {tail[0]}")
    return json.loads(done.stdout)


def run_mutants(mutants: list[Mutant], judge: Judge, jobs: int,
                progress: Callable[[int, int], None] | None = None) -> list[Outcome]:
    """Judge every mutant, ``jobs`` at a time; outcomes in the mutants' order."""
    outcomes: list[Outcome] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for n, outcome in enumerate(pool.map(judge, mutants), 1):
            outcomes.append(outcome)
            if progress is not None:
                progress(n, len(mutants))
    return outcomes


def scratch_dir() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="skruuvi-code-mutants-")
