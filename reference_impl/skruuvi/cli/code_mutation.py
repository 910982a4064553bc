"""``skruuvi mutate --engine-source FILE``: the suite's strength against first-order code mutants of an engine.

Makes every mutant of :mod:`skruuvi.authoring.code_mutation`, replays the selected cases (the hand-written suite,
and a sample of the generated one with ``--generated-sample N``) against each, and reports the kill rate per rule
area and every survivor. Each case is asked as the runner asks it: ``run``, or for a legal or perft case SCP/1
``legal`` (a perft count walked through it; on the fast path through ``--legal-entry``). A survivor that cannot
change any answer is listed, with the reason, in an equivalents file (default
``conformance/mutation/<stem>-equivalent.yaml``); any other survivor is a gap in the suite, and makes the exit
code 1.

Equivalents file: ``exclude`` (functions not mutated, each with a reason: e.g. the protocol layer that the
fast path bypasses) and ``equivalent`` (each entry: ``function``, ``operator``, ``source`` (the mutated
node's original text, as the report prints it), ``occurrence`` (when the same text mutates alike more than
once in a function; default 1), ``reason``; ``line`` is for the reader only).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules import paths
from ..rules.errors import InputError

if TYPE_CHECKING:  # imported where used: every skruuvi command builds this parser (serve must start at once)
    from ..authoring.code_mutation_run import Outcome
    from .equivalence_gate import GateRun

HOWS = ("answer", "crash", "timeout", "import", "stop")
"""How a mutant can be killed: a judged answer changed, it raised, it hung, its file did not import, or (over
SCP/1) it did not exit on ``stop`` as the runner checks."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("code mutation (--engine-source)")
    g.add_argument("--engine-source", type=Path, metavar="FILE",
                   help="mutate this engine's Python source instead of a ruleset (see above)")
    g.add_argument("--entry", metavar="FUNC", default=None,
                   help="fast path: import each mutant and call FUNC(case) for the answer (the oracle: respond); "
                        "without it each mutant runs as an SCP/1 engine (python3 MUTANT)")
    g.add_argument("--legal-entry", metavar="FUNC", default=None,
                   help="fast path: the function answering SCP/1 legal, called for the legal and perft cases (the "
                        "oracle: respond_legal); without it the fast path leaves those cases out")
    g.add_argument("--equivalents", type=Path, metavar="YAML", default=None,
                   help="the equivalent mutants and excluded functions (default "
                        "conformance/mutation/<stem>-equivalent.yaml when it exists)")
    g.add_argument("--no-perft", action="store_true",
                   help="leave the perft cases out (each walks thousands of legal sets for every mutant it judges; "
                        "the report says how many were left out)")
    g.add_argument("--generated-sample", type=int, metavar="N", default=0,
                   help="also replay 1 in N of the generated records (chosen by a hash of the id; default none)")
    g.add_argument("--mutant-sample", type=int, metavar="K", default=0,
                   help="judge only K mutants drawn with --seed (while developing; the score is then a sample)")
    g.add_argument("--seed", type=int, default=1, help="seed of --mutant-sample (default 1)")
    g.add_argument("--function", action="append", default=[], metavar="NAME",
                   help="only mutants in this function (qualified name or prefix; repeatable)")
    g.add_argument("--jobs", type=int, default=1, help="mutants judged at a time (default 1)")
    g.add_argument("--timeout", type=float, default=0.0,
                   help="seconds per mutant (default: 10 + 5 x the unmutated engine's time)")
    from .equivalence_gate import add_arguments as gate_arguments
    from .mutate_apart import add_arguments as apart_arguments

    gate_arguments(g)
    apart_arguments(g)


def _fail(text: str) -> int:
    sys.stderr.write(f"skruuvi: mutate: {text}\n")
    return 2


def _load_equivalents(file: Path) -> tuple[dict[str, str], dict[str, str]]:
    """``({function: reason} excluded, {mutant key: reason} equivalent)``; InputError names a bad entry."""
    from ..rules.yamlio import load_yaml

    if not file.is_file():
        return {}, {}
    doc = load_yaml(file)
    if not isinstance(doc, dict):
        raise InputError(f"{file}: expected a mapping with 'exclude' and 'equivalent'")
    excluded: dict[str, str] = {}
    for n, entry in enumerate(doc.get("exclude") or []):
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("function", "reason")):
            raise InputError(f"{file}: exclude[{n}]: an entry is a mapping with text 'function' and 'reason'")
        excluded[entry["function"]] = entry["reason"]
    equivalent: dict[str, str] = {}
    for n, entry in enumerate(doc.get("equivalent") or []):
        keys = ("function", "operator", "source", "reason")
        occurrence = entry.get("occurrence", 1) if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in keys) \
                or type(occurrence) is not int or occurrence < 1:
            raise InputError(f"{file}: equivalent[{n}]: an entry is a mapping with text 'function', 'operator', "
                             f"'source' and 'reason' (and an optional 'occurrence' >= 1), as the report prints them")
        suffix = f" #{occurrence}" if occurrence > 1 else ""
        equivalent[f"{entry['function']} | {entry['operator']} | {entry['source']}{suffix}"] = entry["reason"]
    return excluded, equivalent


def _records(args: argparse.Namespace) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, dict[str, Any]]]]:
    """The selected records (perft cases last), and the hand-written ones among them."""
    from ..authoring.code_mutation_run import request_of
    from ..rules.yamlio import find_case_files, iter_records

    roots = args.paths or [paths.cases_dir()]
    found = [(case["id"], case) for f in find_case_files(roots) for _, _, case in iter_records(f)
             if isinstance(case, dict) and isinstance(case.get("id"), str) and isinstance(case.get("expect"), dict)]
    hand = list(found)
    if args.generated_sample > 0:
        for f in find_case_files([paths.generated_dir()]):
            found += [(case["id"], case) for _, _, case in iter_records(f)
                      if isinstance(case, dict) and isinstance(case.get("id"), str)
                      and zlib.crc32(case["id"].encode()) % args.generated_sample == 0]
    # perft walks cost thousands of legal sets: asked last, so that a mutant another case kills never walks one
    return sorted(found, key=lambda item: request_of(item[1]["expect"]) == "perft"), hand


def _engine_case(record: dict[str, Any]) -> dict[str, Any]:
    """The case as the engine sees it: a run request's case, or a legal request's (LEGAL_CASE_FIELDS)."""
    from ..authoring.code_mutation_run import public, request_of
    from ..suite.scp.protocol import LEGAL_CASE_FIELDS
    if request_of(record["expect"]) == "run":
        return public(record)
    return {k: record[k] for k in LEGAL_CASE_FIELDS if k in record}


def _report(args: argparse.Namespace, source: Path, outcomes: list[Outcome], equivalent: dict[str, str],
            excluded: dict[str, str], cases: int, checked: str, gate: GateRun | None = None,
            apart: tuple[list[Outcome], int] | None = None) -> int:
    from .mutate_apart import apart_json, apart_lines

    not_equivalent = {o.mutant.key for o in gate.failed} if gate is not None else set()
    if not_equivalent:  # a listed equivalent that fails the gate is a survivor like any other
        equivalent = {k: v for k, v in equivalent.items() if k not in not_equivalent}
    killed = [o for o in outcomes if o.killed]
    listed = [o for o in outcomes if not o.killed and o.mutant.key in equivalent]
    gaps = [o for o in outcomes if not o.killed and o.mutant.key not in equivalent]
    killable = len(outcomes) - len(listed)
    score = len(killed) / killable if killable else 1.0
    # a listed equivalent the suite kills, or (every mutant judged) one that is no mutant of the file any more
    whole = not (args.mutant_sample or args.function or args.gate_only)
    stale = sorted({o.mutant.key for o in killed if o.mutant.key in equivalent}
                   | ((set(equivalent) - {o.mutant.key for o in outcomes}) if whole else set()))
    areas: dict[str, list[int]] = {}
    for o in outcomes:
        row = areas.setdefault(o.mutant.area, [0, 0, 0, 0])
        row[0] += 1
        row[1 if o.killed else 2 if o.mutant.key in equivalent else 3] += 1

    def survivor(o: Outcome) -> dict[str, Any]:
        m = o.mutant
        return {"file": f"{source}:{m.line}", "area": m.area, "function": m.function, "operator": m.operator,
                "source": m.original, "occurrence": m.occurrence, "key": m.key, "before": m.before, "after": m.after}

    if args.format == "json":
        json.dump({"engine_source": str(source), "cases": cases, "mutants": len(outcomes), "killed": len(killed),
                   "equivalent": len(listed), "survived": [survivor(o) for o in gaps],
                   "score": round(score, 4), "checked": checked, "excluded": sorted(excluded),
                   "areas": {a: dict(zip(("mutants", "killed", "equivalent", "survived"), r, strict=True))
                             for a, r in areas.items()},
                   "kills": {how: sum(o.how == how for o in killed) for how in HOWS},
                   "gate": gate.json() if gate is not None else None,
                   "apart": apart_json(*apart) if apart is not None else None,
                   "stale_equivalents": stale}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return 1 if gaps else 0
    out = sys.stdout
    sample = f" (a sample of {args.mutant_sample})" if args.mutant_sample else ""
    out.write(f"{source}: {len(killed)}/{len(outcomes)} code mutants{sample} killed by {cases} cases; "
              f"{len(listed)} equivalent; score {score:.1%} of the killable; {len(gaps)} unexplained survivors\n")
    out.write(f"  {checked}\n")
    hows = ", ".join(f"{how} {n}" for how in HOWS
                     if (n := sum(o.how == how for o in killed)))
    out.write(f"  killed by: {hows or 'nothing'}\n")
    if excluded:
        out.write(f"  not mutated: {', '.join(sorted(excluded))} (reasons in the equivalents file)\n")
    if gate is not None:
        from .equivalence_gate import gate_lines

        out.write("\n".join(gate_lines(gate, source)) + "\n")
    elif listed and args.no_gate:
        out.write(f"  equivalence gate left out (--no-gate): {len(listed)} listed equivalents admitted on their "
                  "written reasons alone\n")
    if apart is not None:
        out.write("\n".join(apart_lines(*apart, source)) + "\n")
    out.write(f"  {'area':<34} {'mutants':>7} {'killed':>7} {'equiv':>6} {'survived':>8} {'score':>7}\n")
    for area, (total, k, e, s) in areas.items():
        rate = k / (total - e) if total - e else 1.0
        out.write(f"  {area:<34} {total:>7} {k:>7} {e:>6} {s:>8} {rate:>7.1%}\n")
    for o in gaps:
        m = o.mutant
        out.write(f"SURVIVED  {source}:{m.line}  [{m.area}] {m.key}\n    before: {m.before}\n    after:  {m.after}\n")
    for key in stale:
        out.write(f"  stale equivalent (not a survivor of this run): {key}\n")
    return 1 if gaps else 0


def cmd_mutate_code(args: argparse.Namespace) -> int:
    from ..authoring.code_mutation import mutants
    from ..authoring.code_mutation_run import baseline_fast, judged, request_of, run_fast, run_mutants, scratch_dir
    from .scp_judge import ScpJudge, scp_answers
    source: Path = args.engine_source
    if not source.is_file():
        return _fail(f"--engine-source {source}: no such file")
    file = args.equivalents or paths.conformance_dir() / "mutation" / f"{source.stem}-equivalent.yaml"
    try:
        excluded, equivalent = _load_equivalents(file)
        text = source.read_text(encoding="utf-8")
        all_mutants = list(mutants(text, frozenset(excluded)))
        records, hand = _records(args)
    except (InputError, OSError, SyntaxError, UnicodeDecodeError) as exc:
        return _fail(str(exc))
    if args.gate_only:
        all_mutants = [m for m in all_mutants if m.key in equivalent]
    if args.function:
        all_mutants = [m for m in all_mutants
                       if any(m.function == f or m.function.startswith(f + ".") for f in args.function)]
    if args.mutant_sample:
        all_mutants = sorted(random.Random(args.seed).sample(all_mutants, min(args.mutant_sample, len(all_mutants))),
                             key=lambda m: m.number)
    left_out, no_perft = 0, 0
    if args.no_perft:
        kept = [(cid, r) for cid, r in records if request_of(r["expect"]) != "perft"]
        no_perft, records = len(records) - len(kept), kept
    if args.entry and not args.legal_entry:
        kept = [(cid, r) for cid, r in records if request_of(r["expect"]) == "run"]
        left_out, records = len(records) - len(kept), kept
    if not records:
        return _fail("no cases found")
    start = time.monotonic()
    scp, how = scp_answers([sys.executable, str(source)], [r for _, r in records], time.monotonic() + 600)
    if how:
        return _fail(f"the unmutated engine failed over SCP/1 ({how})")
    base = [judged(r["expect"], a) for (_, r), a in zip(records, scp, strict=True)]
    timeout = args.timeout or 10 + 5 * (time.monotonic() - start)
    with scratch_dir() as tmp:
        if args.entry:
            cases = [(cid, request_of(r["expect"]), _engine_case(r), r["expect"], b)
                     for (cid, r), b in zip(records, base, strict=True)]
            try:
                fast = baseline_fast(source, args.entry, cases, args.legal_entry)
            except RuntimeError as exc:
                return _fail(str(exc))
            differ = [cid for (cid, r), a, b in zip(records, fast, base, strict=True) if judged(r["expect"], a) != b]
            if differ:
                return _fail(f"the fast path ({args.entry}) is not equivalent to SCP/1 on {len(differ)} cases, "
                             f"e.g. {differ[0]}: run without --entry")
            legal = f" and {args.legal_entry}()" if args.legal_entry else ""
            checked = (f"fast path {args.entry}(){legal} checked equivalent to SCP/1 on all {len(records)} cases "
                       f"of the unmutated engine")
            if left_out:
                checked += f"; {left_out} legal and perft cases left out (no --legal-entry)"
            judge = None
        else:
            checked = "each mutant run as an SCP/1 engine"
            judge = ScpJudge(records, base, timeout, Path(tmp))
        if no_perft:
            checked += f"; {no_perft} perft cases left out (--no-perft)"
        tty = sys.stderr.isatty()

        def show(done: int, total: int, what: str = "mutants") -> None:  # on a terminal each, else every 100th
            if tty:
                sys.stderr.write(f"\r{what} {done}/{total}" + ("\n" if done == total else ""))
            elif done % 100 == 0 or done == total:
                sys.stderr.write(f"{what} {done}/{total}\n")
            sys.stderr.flush()
        outcomes = run_fast(all_mutants, cases, args.entry, timeout, args.jobs, show,
                            legal_entry=args.legal_entry) if judge is None \
            else run_mutants(all_mutants, judge, args.jobs, show)
        listed = [o.mutant for o in outcomes if not o.killed and o.mutant.key in equivalent]
        gate = None
        if listed and not args.no_gate:
            from .equivalence_gate import run_gate

            try:
                gate = run_gate(args, source, listed, records, hand, Path(tmp),
                                lambda done, total: show(done, total, "equivalence gate: listed equivalents"))
            except RuntimeError as exc:
                return _fail(str(exc))
        apart = None
        if args.score_excluded and excluded:
            from .mutate_apart import score_excluded

            apart = score_excluded(args, text, excluded, records, base, timeout, Path(tmp),
                                   lambda done, total: show(done, total, "excluded functions' mutants"))
    return _report(args, source, outcomes, equivalent, excluded, len(records), checked, gate, apart)
