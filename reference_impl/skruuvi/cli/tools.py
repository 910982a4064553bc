"""The suite-building commands of the command line: ``generate`` and ``mutate``."""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from ..authoring import KINDS
from ..rules import paths
from ..rules.errors import InputError
from . import code_mutation, mutate_legal


def add_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "generate", help="write seeded bot-played records (legal and corrupted) as JSON Lines",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play COUNT legal deals with the seeded bots, then make corrupted variants (each error code\n"
                    "the ruleset can produce, up to --per-code times) and truncated records; then deals from a\n"
                    "carried deal.state, a corrupted deal for every deal check, and played and changed match\n"
                    "records (--kinds); write them with their expectations (the reference interpreter's answers,\n"
                    "kind two-implementations: the oracle must agree) to OUT/<era>/seed-<SEED>.jsonl.gz. Same\n"
                    "arguments, same bytes.",
        epilog="examples:\n  skruuvi generate --ruleset skruuvi-2016 --count 10000 --seed 3\n"
               "  skruuvi generate --ruleset skruuvi-2016 --readings --seed 3")
    p.add_argument("--ruleset", required=True, help="ruleset id, e.g. skruuvi-2016")
    p.add_argument("--count", type=int, default=1000, help="legal deals to play (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--per-code", type=int, default=200, help="corrupted records per error code (default 200)")
    p.add_argument("--out", type=Path, default=None,
                   help="an existing output folder; the file goes to OUT/<era>/seed-SEED.jsonl.gz (default: the "
                        "checkout's conformance/generated; required when installed)")
    p.add_argument("--kinds", default=",".join(KINDS),
                   help=f"the kinds of record to write, comma-separated, always in this order: {','.join(KINDS)} "
                        "(default: all). deals: the legal deals; invalid: corrupted actions, truncations and a few "
                        "corrupted deals; states: deals from a carried deal.state; deal-checks: a corrupted deal "
                        "for every deal check; matches: played and corrupted match records")
    p.add_argument("--readings", action="store_true",
                   help="instead, write the records played under other readings (every executable alternative, "
                        "every variant, every combination of the alternatives that decide one game form's legal "
                        "actions) to OUT/<era>/readings-SEED.jsonl.gz; --count, --per-code and --kinds do not apply")
    p.set_defaults(func=cmd_generate)

    p = sub.add_parser(
        "mutate", help="mutation score of a ruleset against the suite, and rule coverage",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Perturb every executable value of the ruleset (numbers, table neighbours, booleans, enums,\n"
                    "list orders, expression constants and operators) and replay the suite's cases of that\n"
                    "ruleset against each mutant. Reports killed / total, the mutants listed as equivalent in\n"
                    "conformance/mutation/equivalent.yaml, the unexplained survivors, and how many cases\n"
                    "exercise each rule id. Exit code 1 when a survivor is unexplained.\n\n"
                    "With --legal, also the legal-set measure: a mutant changes a legal set when a legal or\n"
                    "perft case's answer changes, or the legal set at a prefix of the single-deal cases or the\n"
                    "era's playthrough records (conformance/playthroughs); of those mutants, how many the legal\n"
                    "and perft cases alone kill. A changing mutant they do not kill is a gap (exit code 1)\n"
                    "unless conformance/mutation/legal-equivalent.yaml lists it with a reason.\n\n"
                    "With --engine-source FILE, mutate an engine's Python code instead (operator, comparison and\n"
                    "boolean swaps, constants +-1, negated conditions, removed statements, index offsets) and\n"
                    "report the kill rate per rule area and the survivors; the equivalent ones are listed in\n"
                    "conformance/mutation/<stem>-equivalent.yaml.",
        epilog="examples:\n  skruuvi mutate --ruleset skruuvi-1944\n"
               "  skruuvi mutate --ruleset skruuvi-2016 --legal --format json\n"
               "  skruuvi mutate --engine-source conformance/oracle/oracle.py --entry respond "
               "--legal-entry respond_legal --jobs 2")
    p.add_argument("--ruleset", help="ruleset id (required unless --engine-source)")
    p.add_argument("paths", nargs="*", metavar="PATH", help="case files or folders (default conformance/cases)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    mutate_legal.add_arguments(p)
    code_mutation.add_arguments(p)
    p.set_defaults(func=cmd_mutate)


def _progress(label: str) -> Any:
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        sys.stderr.write(f"\r{label} {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def cmd_generate(args: argparse.Namespace) -> int:
    from ..authoring.generate import to_json_lines
    from ..authoring.kinds import generate_suite
    from ..rules.ruleset import get_ruleset

    ruleset = get_ruleset(args.ruleset)
    if args.count < 1 or args.per_code < 0:
        sys.stderr.write("skruuvi: --count must be at least 1 and --per-code at least 0\n")
        return 2
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        sys.stderr.write(f"skruuvi: generate: --kinds {args.kinds!r}: unknown kind "
                         f"{', '.join(unknown) or '(none given)'} (kinds: {', '.join(KINDS)})\n")
        return 2
    if args.out is None and not paths.in_checkout():
        sys.stderr.write("skruuvi: generate: the installed package's data is read-only: give --out DIR\n")
        return 2
    root = args.out or paths.generated_dir()
    if not Path(root).is_dir():
        why = "is not a directory" if Path(root).exists() else "does not exist (create the folder first)"
        sys.stderr.write(f"skruuvi: generate: --out {root} {why}\n")
        return 2
    out_dir = Path(root) / ruleset.era
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{'readings' if args.readings else 'seed'}-{args.seed}.jsonl.gz"
    try:
        out_dir.mkdir(exist_ok=True)
        raw_out = open(target, "wb")  # noqa: SIM115
    except OSError as exc:
        sys.stderr.write(f"skruuvi: generate: cannot write {target}: {exc.strerror or exc}\n")
        return 2
    codes: Counter[str] = Counter()
    show = _progress(f"generating {ruleset.id}")
    # mtime=0 and no file name in the gzip header: the same arguments give the same bytes
    with raw_out as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as handle:
        if args.readings:
            from ..authoring.played_under import played_under

            records = played_under(ruleset, args.seed)
        else:
            records = generate_suite(ruleset, args.count, args.seed, args.per_code, kinds)
        for n, line in enumerate(to_json_lines(records), 1):
            handle.write(line.encode("utf-8"))
            expect = json.loads(line)["expect"]
            codes[expect["error"]["code"] if "error" in expect else next(iter(expect))] += 1  # or result, match
            if show is not None and n % 200 == 0:
                show(n, n)
    total = sum(codes.values())
    detail = ", ".join(f"{code} {n}" for code, n in sorted(codes.items()))
    sys.stdout.write(f"wrote {total} records to {target}: {detail}\n")
    return 0


def _rule_coverage(cases: list[dict[str, Any]], rule_ids: frozenset[str]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for case in cases:
        for rid in case.get("rules") or ():
            counts[rid] += 1
    return {rid: counts[rid] for rid in sorted(rule_ids)}


def _equivalents(file: Path, ruleset_id: str) -> dict[tuple[str, str], str] | None:
    """The equivalent mutants listed for a ruleset, ``{(pointer, mutation): reason}``; None (after one line on
    stderr) when the file is not shaped as a list of entries with those three keys."""
    from ..rules.yamlio import load_yaml

    if not file.is_file():
        return {}
    try:
        listed = load_yaml(file)
    except InputError as exc:
        sys.stderr.write(f"skruuvi: {exc}\n")
        return None
    entries = listed.get(ruleset_id, []) if isinstance(listed, dict) else None
    reasons: dict[tuple[str, str], str] = {}
    for n, entry in enumerate(entries if isinstance(entries, list) else [None]):
        keys = ("pointer", "mutation", "reason")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in keys):
            sys.stderr.write(f"skruuvi: {file}: {ruleset_id}[{n}]: an equivalent mutant is a mapping with text "
                             f"'pointer', 'mutation' and 'reason' (the pointer as mutate --format json prints it)\n")
            return None
        reasons[(entry["pointer"], entry["mutation"])] = entry["reason"]
    return reasons


def cmd_mutate(args: argparse.Namespace) -> int:
    from ..authoring.kill_hints import load_hints
    from ..authoring.mutate import run_mutation
    from ..rules.ruleset import get_ruleset
    from ..rules.yamlio import find_case_files, iter_records, load_yaml

    if args.engine_source is not None:
        return code_mutation.cmd_mutate_code(args)
    if not args.ruleset:
        sys.stderr.write("skruuvi: mutate: give --ruleset ID (or --engine-source FILE)\n")
        return 2
    ruleset = get_ruleset(args.ruleset)
    roots = args.paths or [paths.cases_dir()]
    cases = [case for f in find_case_files(roots) for _, _, case in iter_records(f)
             if isinstance(case, dict) and case.get("ruleset") == ruleset.id]
    if not cases:
        sys.stderr.write(f"skruuvi: no cases of {ruleset.id} found\n")
        return 2
    reasons = _equivalents(paths.equivalent_file(), ruleset.id)  # checked before the long run
    unpinned = _equivalents(mutate_legal.legal_file(), ruleset.id) if args.legal else {}
    if reasons is None or unpinned is None:
        return 2
    try:
        sample = mutate_legal.sample_records(cases, ruleset.era) if args.legal else None
    except InputError as exc:
        sys.stderr.write(f"skruuvi: {exc}\n")
        return 2
    doc = load_yaml(ruleset.path)
    rules = tuple(args.rule)
    report = run_mutation(doc, ruleset.path, cases, progress=_progress(f"mutating {ruleset.id}"), legal_sample=sample,
                          select=(lambda m: m.rule.startswith(rules)) if rules else None, first=load_hints(ruleset.id))
    equivalent = [m for m in report.survived if (m.pointer, m.description) in reasons]
    unexplained = [m for m in report.survived if (m.pointer, m.description) not in reasons]
    coverage = _rule_coverage(cases, ruleset.rule_ids)
    effective = report.total - len(equivalent)
    score = (len(report.killed) / effective) if effective else 1.0
    if args.format == "json":
        json.dump({
            "ruleset": ruleset.id, "cases": len(cases), "mutants": report.total, "killed": len(report.killed),
            "equivalent": [{"rule": m.rule, "pointer": m.pointer, "mutation": m.description,
                            "reason": reasons[(m.pointer, m.description)]} for m in equivalent],
            "survived": [{"rule": m.rule, "pointer": m.pointer, "mutation": m.description} for m in unexplained],
            "stillborn": len(report.stillborn), "score": round(score, 4), "rule_coverage": coverage,
            **({"legal": mutate_legal.legal_json(report.legal, unpinned)} if report.legal is not None else {}),
        }, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        out = sys.stdout
        out.write(f"{ruleset.id}: {len(report.killed)}/{report.total} mutants killed by {len(cases)} cases; "
                  f"{len(equivalent)} equivalent; score {score:.1%} of the non-equivalent "
                  f"({len(report.stillborn)} stillborn mutants not counted)\n")
        for m in unexplained:
            out.write(f"  SURVIVED  {m.rule}  {m.pointer}  {m.description}\n")
        for m in equivalent:
            out.write(f"  equivalent  {m.rule}  {m.pointer}  {m.description}: {reasons[(m.pointer, m.description)]}\n")
        thin = {rid: n for rid, n in coverage.items() if n < 3}
        out.write(f"rule coverage: {len(coverage) - len(thin)}/{len(coverage)} rule ids in 3 or more cases\n")
        for rid, n in thin.items():
            out.write(f"  {rid}: {n} case(s)\n")
        if report.legal is not None:
            mutate_legal.legal_text(out, ruleset.id, report.legal, unpinned)
    legal_gaps = mutate_legal.gaps(report.legal, unpinned) if report.legal is not None else 0
    return 1 if unexplained or legal_gaps else 0
