"""``skruuvi conformance``: run the suite against an engine and report (terminal, JSON Lines, JUnit, markdown).

The cases are read twice, lazily: a first pass checks every record and counts the selected ones (a suite
that cannot be loaded stops the run before any engine starts, with exit code 2), the second feeds the
runner. Results are reported as they come, in case order; nothing but counts is kept, so memory stays
flat however large the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import shlex
import sys
import time
from pathlib import Path
from typing import IO, Any

from ..rules.errors import InputError
from ..rules.paths import cases_dir

EXIT_USAGE = 2


def _positive(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


def _jobs(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def _shard(text: str) -> tuple[int, int]:
    from ..suite.cases import parse_shard

    try:
        return parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "conformance", help="run the conformance suite against an engine (the reference one by default)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run conformance cases against an engine that speaks SCP/1 (see conformance/INTERPRETING.md).\n"
                    "Each case ends as pass, fail, errored, timeout, crashed, skipped, unsupported, xfail or xpass.\n"
                    "Exit code: 0 when nothing failed, 1 when any case failed, errored, timed out, crashed or\n"
                    "xpassed (unless --allow-xpass), 2 when the run could not start (bad arguments, unloadable\n"
                    "cases, no selected case, engine handshake).",
        epilog="examples:\n"
               "  skruuvi conformance\n"
               "  skruuvi conformance conformance/cases/2016 --ruleset skruuvi-2016 --jobs 4\n"
               "  skruuvi conformance --impl './my-engine --scp' --timeout 2 --report report.jsonl --quiet\n"
               "  skruuvi conformance conformance/generated --shard 2/4 --skip '*.invalid-deal-*' --junit j.xml")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="case files (.yaml, .jsonl, .jsonl.gz) or directories to search (default: conformance/cases)")
    p.add_argument("--impl", metavar="CMD",
                   help="the engine command, split like a shell would (default: the reference interpreter, "
                        "'python -m skruuvi serve')")
    p.add_argument("--ruleset", action="append", metavar="ID", dest="rulesets",
                   help="run only cases of this ruleset (repeatable)")
    p.add_argument("--run", action="append", metavar="GLOB", default=[],
                   help="run only cases whose id matches this glob (fnmatch: * ? [seq]; repeatable: any matches)")
    p.add_argument("--skip", action="append", metavar="GLOB", default=[],
                   help="leave out cases whose id matches this glob (repeatable)")
    p.add_argument("--shard", type=_shard, default=(1, 1), metavar="K/N",
                   help="run only the K-th of N shards (1 <= K <= N), split by a stable hash of the case id")
    p.add_argument("--jobs", "-j", type=_jobs, default=1, metavar="N",
                   help="number of engine processes working in parallel (default: 1)")
    p.add_argument("--timeout", type=_positive, default=10.0, metavar="S",
                   help="seconds an engine may take per case before it is killed and restarted (default: 10)")
    p.add_argument("--start-timeout", type=_positive, default=30.0, metavar="S",
                   help="seconds an engine may take to answer the start handshake (default: 30)")
    p.add_argument("--report", metavar="FILE", help="also write a JSON Lines report (header, cases, summary)")
    p.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report (one testsuite per ruleset)")
    p.add_argument("--markdown", metavar="FILE",
                   help="also write a markdown summary (counts per ruleset and status, every case that did not pass)")
    p.add_argument("--known-failures", metavar="FILE",
                   help="case ids (one per line) expected to fail: their failures count as xfail, "
                        "their passes as xpass")
    p.add_argument("--allow-xpass", action="store_true",
                   help="a known failure that passes (xpass) is reported but does not fail the run")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only cases that did not pass (and are not unsupported), plus the summary")
    p.set_defaults(func=cmd_conformance)


def _say(message: str) -> None:
    sys.stderr.write(f"skruuvi: conformance: {message}\n")
    sys.stderr.flush()


def _display_path(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it (shorter case locations)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)


def default_impl() -> list[str]:
    """The reference interpreter as a real subprocess."""
    return [sys.executable, "-m", "skruuvi", "serve"]


def cmd_conformance(args: argparse.Namespace) -> int:
    from ..suite import cases as case_files
    from ..suite import runner

    try:
        command = shlex.split(args.impl) if args.impl is not None else default_impl()
    except ValueError as exc:
        _say(f"cannot split --impl {args.impl!r}: {exc}")
        return EXIT_USAGE
    if not command:
        _say("--impl is empty")
        return EXIT_USAGE
    from ..suite.export import expand_exports

    paths = args.paths or [_display_path(cases_dir())]
    selection = case_files.Selection(rulesets=frozenset(args.rulesets or ()), run=tuple(args.run),
                                     skip=tuple(args.skip), shard=args.shard)
    try:
        known = case_files.load_known_failures(args.known_failures) if args.known_failures else set()
        # listed once: a report written below a PATH is not a case file
        files = case_files.list_case_files(expand_exports(paths))
        total = case_files.count_cases(files, selection)
    except InputError as exc:
        _say(str(exc))
        return EXIT_USAGE
    if not total:
        what = selection.describe()
        _say(f"no cases{' ' + what if what else ''} found in {' '.join(str(p) for p in paths)}")
        return EXIT_USAGE
    config = runner.RunConfig(command=command, timeout=args.timeout, start_timeout=args.start_timeout,
                              jobs=args.jobs, known_failures=frozenset(known))
    with contextlib.ExitStack() as stack:
        outputs: dict[str, IO[str]] = {}
        for name in ("report", "junit", "markdown"):
            target = getattr(args, name)
            if target is None:
                continue
            try:
                outputs[name] = stack.enter_context(open(target, "w", encoding="utf-8"))
            except OSError as exc:
                _say(f"cannot write {name} {target}: {exc.strerror or exc}")
                return EXIT_USAGE
        cases = case_files.iter_cases(files, selection, check_duplicates=False)
        return _run(cases, total, config, outputs, args)


def _run(cases: Any, total: int, config: Any, outputs: dict[str, IO[str]], args: argparse.Namespace) -> int:
    from ..suite import runner
    from ..suite.report import ReportFile, Tally, Terminal, case_record, header_record, now_iso, summary_record
    from ..suite.report_formats import JUnitWriter, MarkdownWriter

    started, began = now_iso(), time.monotonic()
    try:
        engines = runner.start_engines(config, max(1, min(config.jobs, total)))
    except runner.HandshakeError as exc:
        _say(f"the engine failed the start handshake: {exc}\n  command: {shlex.join(config.command)}")
        return EXIT_USAGE
    engine = engines[0].header or {}
    report = ReportFile(outputs["report"]) if "report" in outputs else None
    junit = JUnitWriter(outputs["junit"], allow_xpass=args.allow_xpass) if "junit" in outputs else None
    markdown = MarkdownWriter(outputs["markdown"]) if "markdown" in outputs else None
    if report is not None:
        report.write(header_record(config.command, engine, started, total))
    terminal = Terminal(sys.stdout, sys.stderr, total, quiet=args.quiet)
    tally = Tally()
    try:
        for result in runner.run_cases(cases, config, engines):
            tally.add(result)
            terminal.on_result(result)
            if report is not None:
                report.write(case_record(result))
            if junit is not None:
                junit.on_result(result)
            if markdown is not None:
                markdown.on_result(result)
    except InputError as exc:  # a case file changed or vanished after the first pass
        _say(str(exc))
        return EXIT_USAGE
    seconds = time.monotonic() - began
    code = 1 if any(tally.counts[s] for s in runner.failing_statuses(args.allow_xpass)) else 0
    terminal.finish(tally.counts, seconds)
    if report is not None:
        report.write(summary_record(tally.counts, seconds, code))
    if junit is not None:
        junit.finish(engine, config.command, seconds, started)
    if markdown is not None:
        markdown.finish(tally, engine, config.command, seconds, code)
    return code
