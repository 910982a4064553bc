"""``skruuvi report``: a compliance page and badges from JSON Lines reports, and the shards of a run merged.

Every output is written beside its target and renamed into place (:mod:`skruuvi.suite.reports.outputs`); an output
that names an input is refused. A report that cannot be read, or shards that do not together run each selected case
exactly once, stop the command with one line naming the file and what is wrong (exit code 2).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any, cast

from ..rules.errors import InputError
from ..suite.reports.outputs import OutputError, OutputFile, check_targets

EXIT_USAGE = 2


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "report", help="a compliance page and badges from conformance reports; merge the reports of shards",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Read JSON Lines reports of `skruuvi conformance --report FILE` and write:\n"
                    "  --html: one static page (no server, no network) with each engine side by side: per ruleset,\n"
                    "    rule and feature the pass rate, the declared readings, the unexplained failures first;\n"
                    "  --badge: a shields-style SVG badge of a ruleset's pass rate (the share of its selected\n"
                    "    cases that passed), one per ruleset (OUT-RULESET.svg) or OUT.svg for --ruleset;\n"
                    "  --merge / --junit: the reports of one run's shards (--shard K/N) as one report and one JUnit\n"
                    "    file, after checking that together they ran each selected case exactly once.\n"
                    "With --merge or --junit the reports must be the shards of one run, and --html and --badge show\n"
                    "the merged run. Exit code 0, or 2 when a report cannot be read, the shards cannot be merged, or\n"
                    "an output cannot be written (one line says which file and why).",
        epilog="examples:\n"
               "  skruuvi report reference.jsonl oracle.jsonl mine.jsonl --html compliance.html\n"
               "  skruuvi report mine.jsonl --badge badge.svg --ruleset skruuvi-2016\n"
               "  skruuvi report shard-*.jsonl --merge all.jsonl --junit all.xml --html all.html")
    p.add_argument("reports", nargs="+", metavar="REPORT.jsonl", help="JSON Lines reports (one engine each)")
    p.add_argument("--html", metavar="OUT.html", help="write the compliance page")
    p.add_argument("--badge", metavar="OUT.svg",
                   help="write a badge per ruleset (OUT-RULESET.svg), or OUT.svg for the --ruleset given")
    p.add_argument("--ruleset", metavar="ID", help="the ruleset of --badge")
    p.add_argument("--merge", metavar="OUT.jsonl", help="merge the reports of one run's shards into one report")
    p.add_argument("--junit", metavar="OUT.xml", help="the merged shards as one JUnit XML file")
    p.set_defaults(func=cmd_report)


def _say(message: str) -> None:
    sys.stderr.write(f"skruuvi: report: {message}\n")
    sys.stderr.flush()


def cmd_report(args: argparse.Namespace) -> int:
    if not (args.html or args.badge or args.merge or args.junit):
        _say("nothing to write: give --html, --badge, --merge or --junit")
        return EXIT_USAGE
    if args.ruleset and not args.badge:
        _say("--ruleset chooses the badge's ruleset: give --badge too")
        return EXIT_USAGE
    try:
        return _report(args)
    except (InputError, OutputError) as exc:
        _say(str(exc))
        return EXIT_USAGE


def _targets(args: argparse.Namespace, rulesets: list[str]) -> dict[str, str]:
    targets = {name: getattr(args, name) for name in ("merge", "junit", "html") if getattr(args, name)}
    if args.badge:
        for rid in rulesets:
            targets[f"badge ({rid})"] = badge_path(args.badge, rid, bool(args.ruleset))
    return targets


def badge_path(badge: str, rid: str, chosen: bool) -> str:
    """The file of ``rid``'s badge: ``--badge`` itself for a chosen ruleset, else ``STEM-RULESET.svg`` beside it."""
    if chosen:
        return badge
    path = Path(badge)
    return str(path.with_name(f"{path.stem}-{rid}{path.suffix or '.svg'}"))


def _report(args: argparse.Namespace) -> int:
    from ..suite.reports.reading import load_report

    if not (args.merge or args.junit):
        return _page_and_badges(args, [load_report(path) for path in args.reports])
    with tempfile.TemporaryDirectory(prefix="skruuvi-report-") as folder:
        merged = _merge(args, str(Path(folder) / "merged.jsonl"))
        if not (args.html or args.badge):
            return 0
        report = load_report(merged)
        report.path = args.merge or f"{len(args.reports)} shards merged"
        return _page_and_badges(args, [report])


def _merge(args: argparse.Namespace, scratch: str) -> str:
    """Check and merge the shards, writing --merge (or ``scratch``) and --junit as the cases are read; the merged
    report's path. Nothing is put in place unless the whole merge holds."""
    from ..suite.reports.merge import RecordedResult, check_shards, merge, merged_header
    from ..suite.reports.report import ReportFile
    from ..suite.reports.report_formats import JUnitWriter

    shards = check_shards(args.reports)
    clash = check_targets({n: getattr(args, n) for n in ("merge", "junit", "html") if getattr(args, n)}, args.reports)
    if clash is not None:
        raise OutputError(clash)
    outputs = {"merge": OutputFile("merge", args.merge or scratch)}
    if args.junit:
        outputs["junit"] = OutputFile("junit", args.junit)
    try:
        report = ReportFile(outputs["merge"])
        header = merged_header(shards)
        report.write(header)
        junit = JUnitWriter(cast(Any, outputs["junit"])) if args.junit else None

        def on_case(record: dict[str, Any]) -> None:
            report.write(record)
            if junit is not None:
                junit.on_result(cast(Any, RecordedResult.of(record)))  # a CaseResult's fields, read off the record

        merged = merge(shards, on_case)
        for extra in (merged.explain, merged.coverage, merged.summary):
            if extra is not None:
                report.write(extra)
        if junit is not None:
            junit.finish(header["engine"], header["impl"], merged.summary["seconds"], header["started"])
        for output in outputs.values():
            output.commit()
    finally:
        for output in outputs.values():
            output.abort()
    wrote = [t for t in (args.merge, args.junit) if t]
    print(f"merged {len(shards)} shard{'s' if len(shards) > 1 else ''}: {merged.summary['total']} cases, each run "
          f"once{'; wrote ' + ', '.join(wrote) if wrote else ''}")
    return args.merge or scratch


def _page_and_badges(args: argparse.Namespace, reports: list[Any]) -> int:
    from ..suite.reports.badge import badge_svg, pass_rate
    from ..suite.reports.page import page_html

    if args.badge:
        if len(reports) != 1:
            raise InputError(f"--badge shows one engine: give one report (or the shards of one run with --merge), "
                             f"not {len(reports)}")
        report = reports[0]
        rulesets = [args.ruleset] if args.ruleset else sorted(report.rulesets)
        if args.ruleset and args.ruleset not in report.rulesets:
            raise InputError(f"--ruleset {args.ruleset}: the report has no case of it (it has "
                             f"{', '.join(sorted(report.rulesets)) or 'no case'})", file=report.path)
    else:
        rulesets = []
    targets = {k: v for k, v in _targets(args, rulesets).items() if k not in ("merge", "junit")}
    clash = check_targets(targets, args.reports)
    if clash is not None:
        raise OutputError(clash)
    if args.html:
        _write("html", args.html, page_html(reports))
    for rid in rulesets:
        run = reports[0].rulesets[rid]
        _write("badge", badge_path(args.badge, rid, bool(args.ruleset)),
               badge_svg(rid, pass_rate(run.counts["pass"], run.selected)))
    return 0


def _write(option: str, target: str, text: str) -> None:
    output = OutputFile(option, target)
    try:
        output.write(text)
        output.commit()
    finally:
        output.abort()
    print(f"wrote {target}")


__all__ = ["add_parser", "badge_path", "cmd_report"]
