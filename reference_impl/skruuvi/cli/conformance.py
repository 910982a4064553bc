"""``skruuvi conformance``: run the suite against an engine and report (terminal, JSON Lines, JUnit, markdown).

The suite is read once: a checking pass reads every record, counts the selected ones and keeps them in a
temporary file (:class:`~skruuvi.suite.cases.spool.CaseSpool`; a suite that cannot be loaded stops the run before
any engine starts, with exit code 2), and the runner is fed from that file. Results are reported as they
come, in case order; nothing but counts is kept, so memory stays flat however large the suite. The report
files are written beside their targets and renamed into place at the end (:mod:`skruuvi.suite.reports.outputs`; one that
cannot be written does not stop the others). SIGINT, SIGTERM, SIGHUP or SIGQUIT (:mod:`skruuvi.cli.interrupts`),
or a standard output whose reader went away, ends the run with the reports finished on what was judged so far,
marked interrupted (exit code 128 + the signal), and every engine killed, also while ``--explain`` works.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..rules.errors import InputError
from ..rules.paths import cases_dir
from ..suite.reports.outputs import GuardedWriter, OutputError, OutputFile, check_targets, command_files
from . import conformance_options
from .interrupts import Interrupted, quiet_stdout, signals_interrupt

EXIT_USAGE = 2


def add_parser(sub: Any) -> None:
    conformance_options.add_parser(sub, cmd_conformance)


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
    try:
        with signals_interrupt():
            return _cmd_conformance(args)
    except (KeyboardInterrupt, Interrupted) as exc:  # a second signal while the reports were being finished
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        _say(f"interrupted again by {signal.Signals(signum).name} while finishing: the reports were not all "
             "written (an older report is left as it was)")
        return 128 + signum


def _cmd_conformance(args: argparse.Namespace) -> int:
    from ..suite.cases import cases as case_files
    from ..suite.cases.spool import CaseSpool
    from ..suite.features.coverage_index import CoverageIndex

    try:
        command = shlex.split(args.impl) if args.impl is not None else default_impl()
    except ValueError as exc:
        _say(f"cannot split --impl {args.impl!r}: {exc}")
        return EXIT_USAGE
    if not command:
        _say("--impl is empty")
        return EXIT_USAGE
    from ..suite.export import expand_exports, export_manifests

    paths = args.paths or [_display_path(cases_dir())]
    rulesets, variants = _rulesets_and_variants(args.rulesets or [])
    if variants is None:
        return EXIT_USAGE
    selection = case_files.Selection(rulesets=frozenset(rulesets), run=tuple(args.run),
                                     skip=tuple(args.skip), shard=args.shard)
    try:
        known = case_files.load_known_failures(args.known_failures) if args.known_failures else set()
        # listed once: a report written below a PATH is not a case file
        files = case_files.list_case_files(expand_exports(paths))
        inputs = [*files, *export_manifests(paths), *([args.known_failures] if args.known_failures else []),
                  *command_files(command)]
        # the checking pass; the run reads the cases back from it, each with what it covers
        spool = CaseSpool(files, selection, coverage=CoverageIndex())
    except InputError as exc:
        _say(str(exc))
        return EXIT_USAGE
    except (KeyboardInterrupt, Interrupted) as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        _say(f"interrupted by {signal.Signals(signum).name} during the checking pass, before any case was sent: "
             "no report was written (an older report is left as it was)")
        return 128 + signum
    with spool:
        return _conformance(args, command, paths, inputs, selection, known, variants, spool)


def _conformance(args: argparse.Namespace, command: list[str], paths: list[str], inputs: list[Any],
                 selection: Any, known: set[str], variants: Any, spool: Any) -> int:
    from ..suite.run import runner

    total = spool.count
    if not total:
        what = selection.describe()
        _say(f"no cases{' ' + what if what else ''} found in {' '.join(str(p) for p in paths)}")
        return EXIT_USAGE
    config = runner.RunConfig(command=command, timeout=args.timeout, start_timeout=args.start_timeout,
                              jobs=args.jobs, known_failures=frozenset(known))
    targets = {name: getattr(args, name) for name in ("report", "junit", "markdown") if getattr(args, name)}
    clash = check_targets(targets, inputs)
    if clash is not None:
        _say(clash)
        return EXIT_USAGE
    outputs: dict[str, OutputFile] = {}
    try:
        try:
            for name, target in targets.items():
                outputs[name] = OutputFile(name, target)
        except OutputError as exc:  # a report that cannot even be created: the run does not start
            _say(str(exc))
            return EXIT_USAGE

        def read_cases(whole: bool) -> Any:
            """The spooled cases; whole records where the runner replays them itself (a variant's
            expectations, an engine's declared readings and features, --explain)."""
            cases = spool.cases(full_records=whole or bool(variants.variants))
            return variants.apply(cases) if variants.variants else cases

        code = _run(read_cases, total, config, outputs, args, variants, (selection, spool))
        if code == EXIT_USAGE:
            return code
        failed = []
        for output in outputs.values():  # every output that can be written is put in place
            try:
                output.commit()
            except OutputError as exc:
                failed.append(str(exc))
        for why in failed:
            _say(why)
        return EXIT_USAGE if failed else code
    finally:
        for output in outputs.values():
            output.abort()  # a no-op for a committed file


def _rulesets_and_variants(names: list[str]) -> tuple[list[str], Any]:
    """``--ruleset`` values as the ruleset ids to select and the variants to judge under (None after a
    message when a variant is unknown)."""
    from ..rules.errors import RulesetError
    from ..rules.readings import resolve_ruleset, split_spelling
    from ..rules.ruleset import available_rulesets, get_ruleset

    ids, chosen = [], {}
    for name in names:
        base, variant = split_spelling(name)
        ids.append(base)
        if variant is None:
            continue
        try:
            found = resolve_ruleset(name, {rid: get_ruleset(rid) for rid in available_rulesets()})
        except RulesetError as exc:
            _say(f"--ruleset {name}: {exc.reason}")
            return ids, None
        if found is None or found.id != base:
            _say(f"--ruleset {name}: name the variant by ruleset id (e.g. skruuvi-1944:older-table)")
            return ids, None
        chosen[base] = found
    if not chosen:
        return ids, _NoVariants()
    from ..suite.features.variants import (
        VariantCases,  # the interpreter: imported only to work out variant expectations
    )

    return ids, VariantCases(chosen)


class _NoVariants:
    """No variant asked for: the cases are judged on their own expectations."""

    variants: dict[str, Any] = {}  # noqa: RUF012 - read only, as VariantCases.variants


def _run(read_cases: Callable[[bool], Any], total: int, config: Any, outputs: dict[str, Any],
         args: argparse.Namespace, variants: Any = None, chosen: tuple[Any, Any] | None = None) -> int:
    from ..suite.reports.coverage_report import CoverageTally, run_coverage
    from ..suite.reports.report import (
        ReportFile,
        Tally,
        Terminal,
        case_record,
        header_record,
        now_iso,
        printable,
        summary_record,
    )
    from ..suite.run import runner
    from ..suite.run.declare import plan_for

    started, began = now_iso(), time.monotonic()
    try:
        engines = runner.start_engines(config, max(1, min(config.jobs, total)))
    except runner.HandshakeError as exc:
        _say(printable(f"the engine failed the start handshake: {exc}\n  command: {shlex.join(config.command)}"))
        return EXIT_USAGE
    engine = engines[0].header or {}
    plan = plan_for(engine)  # the start checked the declarations
    cases = read_cases(bool(args.explain) or plan.reads_records)
    report = ReportFile(outputs["report"]) if "report" in outputs else None
    junit: Any = None
    markdown: Any = None
    if "junit" in outputs or "markdown" in outputs:  # (their module imports xml and, through it, urllib and email)
        from ..suite.reports.report_formats import JUnitWriter, MarkdownWriter

        if "junit" in outputs:
            junit = GuardedWriter(JUnitWriter(outputs["junit"], allow_xpass=args.allow_xpass), outputs["junit"])
        if "markdown" in outputs:
            markdown = GuardedWriter(MarkdownWriter(outputs["markdown"]), outputs["markdown"])
    terminal = Terminal(sys.stdout, sys.stderr, total, quiet=args.quiet)
    tally = Tally()
    coverage_tally = CoverageTally()
    interrupted: int | None = None
    stdout_closed = False
    failures: list[Any] = []  # (case, answer) of each failing case, for --explain
    results = runner.run_cases(cases, config, engines, plan)
    try:
        if report is not None:
            report.write(header_record(config.command, engine, started, total, *(chosen or ())))
        count, cover, show, explain = tally.add, coverage_tally.add, terminal.on_result, bool(args.explain)
        writers = [writer.on_result for writer in (junit, markdown) if writer is not None]
        for result in results:
            count(result)
            cover(result)
            if explain and result.status == "fail" and result.got is not None:
                failures.append((result.case, result.got))
            if report is not None:
                report.write(case_record(result))
            for write in writers:
                write(result)
            show(result)
    except InputError as exc:  # a case that cannot be used after all (the spool is read back as written)
        _say(str(exc))
        return EXIT_USAGE
    except KeyboardInterrupt:
        interrupted = signal.SIGINT
    except Interrupted as exc:
        interrupted = exc.signum
    except BrokenPipeError:  # the terminal's reader went away (`... | head`): stop as a SIGPIPE would
        interrupted, stdout_closed = signal.SIGPIPE, True
        quiet_stdout()
    finally:
        results.close()  # stops the workers and kills every engine, also on an interrupt or an output error
    explanation = None
    if args.explain and interrupted is None:
        try:
            from ..suite.explanations import explain as why

            explanation = why.explain(failures, why.explain_bases(variants, plan), jobs=config.jobs)
        except KeyboardInterrupt:
            interrupted = signal.SIGINT
        except Interrupted as exc:
            interrupted = exc.signum
    seconds = time.monotonic() - began
    if interrupted is None:
        code, reason = runner.verdict(tally.counts, allow_xpass=args.allow_xpass,
                                      allow_unsupported=args.allow_unsupported)
    else:
        code, reason = 128 + interrupted, f"interrupted by {signal.Signals(interrupted).name}"
    covered = run_coverage(coverage_tally, engine, tally.counts, tally.by_ruleset, code, reason,
                           required=args.require_coverage, interrupted=interrupted is not None,
                           sharded=chosen is not None and chosen[0].shard[1] > 1,
                           declared=plan.declarations.changes)
    code, reason = covered.code, covered.reason
    notes = [variants.summary() if variants is not None and variants.variants else "", plan.summary(), covered.note]
    note = "; ".join(n for n in notes if n)
    # the reports first, then the terminal: nothing that happens to the terminal can cost a report
    if report is not None:
        if explanation is not None:
            report.write(explanation.record())
        report.write(covered.record)
        report.write(summary_record(tally.counts, seconds, code, interrupted=interrupted is not None, reason=reason,
                                    judged_under=plan.counts(), coverage=covered.summary))
    if junit is not None:
        junit.finish(engine, config.command, seconds, started)
    if markdown is not None:
        markdown.finish(tally, engine, config.command, seconds, code, interrupted=interrupted is not None,
                        reason=reason)
    if not stdout_closed:
        try:
            if explanation is not None:
                from ..suite.explanations.explain import explain_lines

                sys.stdout.write("\n".join(explain_lines(explanation, printable)) + "\n")
            terminal.finish(tally.counts, seconds, reason, note=note)
            if covered.last is not None:
                sys.stdout.write(covered.last + "\n")
                sys.stdout.flush()
        except BrokenPipeError:
            quiet_stdout()
    for line in ([reason] if reason and interrupted is None else []) + runner.stop_lines(config.stop_problems):
        _say(line)
    return code

