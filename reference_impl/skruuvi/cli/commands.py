"""The ``skruuvi`` command: conformance, replay, compare, validate, serve (generate, mutate, export elsewhere).

Every :class:`~skruuvi.rules.errors.InputError` ends as one line on stderr and exit code 1 (2 where the
conformance runner cannot even start), never as a traceback; Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .. import __version__
from ..rules.errors import InputError
from . import conformance, declaring, export, report, tools
from .conformance import default_impl
from .serve_stdio import serve_on_stdio

PROG = "skruuvi"
EXIT_USAGE = 2
READING_HELP = ("another reading of a rule: RULE=VALUE (VALUE is a YAML scalar or flow value; RULE=null is the "
                "value null) or RULE alone for the rule's first listed alternative; repeatable.")


class _Version(argparse.Action):
    """``--version``: the version and the data's origin on one line (argparse's own action would wrap it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
        from ..rules.paths import describe_source

        sys.stdout.write(f"{PROG} {__version__} (data: {describe_source()})\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Skruuvi executable specification: reference interpreter, conformance runner, "
                               "case validation.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version and where spec/ and conformance/ are read from (checkout, "
                             "SKRUUVI_HOME or the installed package's copy), and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    conformance.add_parser(sub)
    p = sub.add_parser("replay", help="replay recorded deals and print each outcome as one JSON line",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Replay each case of each FILE with the reference interpreter and print the\n"
                                   "SCP/1 response object (without seq), one compact JSON line per case.\n"
                                   "expect and justification are ignored.\n\n"
                                   "With --eras, replay each deal under several rulesets instead (cross-era replay):\n"
                                   "the results side by side, and for every score difference the scoring rules that\n"
                                   "cause it; where an action is illegal in an era, the rule that forbids it; a deal\n"
                                   "whose form an era does not have is reported as not playable there.\n"
                                   "Exit code: 0, or 1 when a file or case cannot be used (the others are still\n"
                                   "replayed), 2 for bad arguments.",
                       epilog="examples:\n"
                              "  skruuvi replay conformance/cases/2016/score/made-5H-exact.yaml\n"
                              "  skruuvi replay --eras all conformance/cases/2016/misere/made-5M-exact-two.yaml\n"
                              "  skruuvi replay --eras 2016,skruuvi-1944 --format json CASE.yaml\n"
                              "  skruuvi replay --reading score.scale conformance/cases/1895/slams/*.yaml\n"
                              "  skruuvi replay --variant 1944:older-table conformance/cases/1944/above/*.yaml\n"
                              "  skruuvi replay --eras 1944,1944:older-table CASE.yaml\n\n"
                              "A variant (a ruleset plus a set of readings, declared in the ruleset's variants:\n"
                              "section) is written RULESET:NAME wherever a ruleset is named; RULESET is an id or\n"
                              "an era. A record's own readings: are applied on top.")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a .yaml case file or a .jsonl file with one case per line; '-' reads JSON Lines from "
                        "stdin")
    p.add_argument("--eras", metavar="all|ID,ID",
                   help="replay under these rulesets (ids, eras or variants RULESET:NAME, comma-separated) or "
                        "'all' of spec/rulesets/")
    p.add_argument("--format", choices=("text", "json"), default=None,
                   help="with --eras: a side-by-side table (text, the default) or one JSON object per case")
    p.add_argument("--reading", metavar="RULE[=VALUE]", action="append", default=[],
                   help=READING_HELP + " E.g. --reading score.scale (1895's figures as printed) or "
                        "--reading kitty.choice=pakettiskruuvi. Not with --eras (name a variant there)")
    p.add_argument("--variant", metavar="RULESET:NAME", action="append", default=[],
                   help="replay the records of RULESET under its declared variant NAME (repeatable, one per "
                        "ruleset); --reading applies on top")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("compare", help="list the rule differences between two rulesets, by topic",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Compare two rulesets rule id by rule id: rules present in one only, and rules\n"
                                   "whose value, parameter, status or sources differ, grouped by topic (deal,\n"
                                   "auction, exchanges, doubling, play, scoring, match); then parameters that the\n"
                                   "two set at the same place under different rule ids. Values are written as the\n"
                                   "rule book writes them (words, not Python values or expressions). The rule\n"
                                   "book's comparison chapter shows the same data. Exit code: 0, or 2 for an\n"
                                   "unknown ruleset.",
                       epilog="examples:\n"
                              "  skruuvi compare skruuvi-2016 skruuvi-1944\n"
                              "  skruuvi compare 2016 1944 --values-only        # what the rules set, not who says it\n"
                              "  skruuvi compare 2016 1944 --format markdown > diff.md\n"
                              "  skruuvi compare 2016 1944 --json | jq '.topics.doubling'")
    p.add_argument("a", metavar="A", help="the first ruleset: its id (skruuvi-2016), its era (2016) or a "
                                          "variant RULESET:NAME (skruuvi-1944:older-table)")
    p.add_argument("b", metavar="B", help="the second ruleset (two variants of one ruleset side by side: "
                                          "compare skruuvi-1944 skruuvi-1944:older-table)")
    p.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                   help="output format (default: text)")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="the same as --format json: each side's value as the ruleset writes it and in words")
    p.add_argument("--values-only", action="store_true",
                   help="leave out the rules that differ only in their status or their sources")
    p.add_argument("--all", action="store_true", dest="include_same",
                   help="also list the rules that are the same in both")
    p.set_defaults(func=cmd_compare)
    p = sub.add_parser("validate", help="check rulesets and cases against their schemas and rules",
                       description="Validate ruleset and case files; print each problem on its own line, then a "
                                   "summary. Exit code 1 when any problem is found.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or directories to validate")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("serve", help="answer SCP/1 requests on stdin/stdout (the reference engine)",
                       description="Speak the conformance protocol SCP/1 on stdin/stdout as the reference "
                                   "engine; logs go to stderr. This is what 'skruuvi conformance' runs by "
                                   "default. A request line that is not strict JSON in UTF-8 (NaN, a duplicate "
                                   "key, a lone surrogate, an integer over 4,300 digits, deep nesting, a "
                                   "non-integer seq) is answered errored, and serving goes on. With --reading or "
                                   "--variant it is the reference under other readings (a test engine for a "
                                   "variant, declared at start unless --undeclared); case readings: on top.")
    p.add_argument("--reading", metavar="RULE[=VALUE]", action="append", default=[],
                   help=READING_HELP + " Applies to every case's ruleset; a ruleset without the rule, or "
                                       "that lists no such value for it, is not declared")
    p.add_argument("--variant", metavar="RULESET:NAME", action="append", default=[],
                   help="answer the cases of RULESET under its declared variant NAME (repeatable)")
    declaring.add_options(p)
    p.set_defaults(func=cmd_serve)
    tools.add_parsers(sub)
    export.add_parser(sub)
    report.add_parser(sub)
    return parser


# ---------------------------------------------------------------------------------------------------
# Commands


def _say(message: str) -> None:
    sys.stderr.write(f"{PROG}: {message}\n")
    sys.stderr.flush()


def _records(name: str, on_error: Callable[[InputError], None]) -> Iterator[tuple[str, str | None, Any]]:
    """``(file, location, record)`` for a case file, or for JSON Lines on stdin when ``name`` is ``-``;
    a bad JSON line goes to ``on_error`` and the next lines are still read."""
    from ..rules.yamlio import iter_json_lines, iter_records, read_lines

    if name == "-":
        stdin = getattr(sys.stdin, "buffer", sys.stdin)  # bytes when possible: a non-UTF-8 line is one error
        for location, record in iter_json_lines(read_lines(stdin, "<stdin>"), "<stdin>", on_error):
            yield "<stdin>", location, record
    else:
        yield from iter_records(name, on_error)


def _located(exc: InputError, file: str, location: str | None) -> str:
    """``file: location: path: reason`` for an error raised while replaying a record of ``file``."""
    parts = [exc.file or file]
    if location and location != exc.path:
        parts.append(location)
    if exc.path:
        parts.append(exc.path)
    return ": ".join([*parts, exc.reason])


def _known_rulesets() -> dict[str, Any]:
    from ..rules.ruleset import available_rulesets, get_ruleset

    return {rid: get_ruleset(rid) for rid in available_rulesets()}


def _pick_rulesets(names: list[str], what: str) -> list[Any] | None:
    """Rulesets by id or era, or variants ``RULESET:NAME``; None (after saying why) when one is unknown."""
    from ..rules.errors import RulesetError
    from ..rules.readings import resolve_ruleset

    known = _known_rulesets()
    picked = []
    for name in names:
        try:
            rs = resolve_ruleset(name, known)
        except RulesetError as exc:
            _say(f"{what}: {name}: {exc.reason}")
            return None
        if rs is None:
            choices = ", ".join(f"{r.id} ({r.era})" for r in known.values())
            _say(f"{what}: unknown ruleset or era {name!r} (known: {choices})")
            return None
        picked.append(rs)
    return picked


def cmd_compare(args: argparse.Namespace) -> int:
    from ..book.diff_report import diff_json, diff_markdown, diff_text
    from ..history.compare import compare_rulesets

    picked = _pick_rulesets([args.a, args.b], "compare")
    if picked is None:
        return EXIT_USAGE
    diff = compare_rulesets(picked[0], picked[1])
    if args.format == "json":
        data = diff_json(diff, args.include_same, args.values_only)
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    elif args.format == "markdown":
        sys.stdout.write(diff_markdown(diff, args.include_same, args.values_only))
    else:
        sys.stdout.write(diff_text(diff, args.include_same, args.values_only))
    return 0


def _replay_eras(args: argparse.Namespace) -> int:
    from ..history.compare import cross_era
    from ..history.compare_report import cross_era_text

    names = [n.strip() for n in args.eras.split(",") if n.strip()]
    if args.eras.strip() == "all":
        rulesets = sorted(_known_rulesets().values(), key=lambda r: (r.era, r.id), reverse=True)
    elif not names:
        _say("replay: --eras needs 'all' or ruleset ids/eras separated by commas")
        return EXIT_USAGE
    else:
        picked = _pick_rulesets(names, "replay")
        if picked is None:
            return EXIT_USAGE
        rulesets = picked
    first = True

    def show(record: dict[str, Any]) -> None:
        nonlocal first
        result = cross_era(record, rulesets)
        if args.format == "json":
            sys.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
        else:
            sys.stdout.write(("" if first else "\n") + cross_era_text(result))
        first = False

    return _each_case(args.files, show)


def _each_case(files: list[str], handle: Callable[[dict[str, Any]], None]) -> int:
    """Call ``handle`` on every case of every file; an unusable file or case is reported and skipped.

    Returns the exit status: 1 when anything was skipped, else 0.
    """
    status = 0

    def bad_line(exc: InputError) -> None:
        nonlocal status
        _say(str(exc))
        status = 1

    for name in files:
        records = _records(name, bad_line)
        file, location = name, None
        while True:
            item = None
            try:
                item = next(records, None)
                if item is None:
                    break
                file, location, record = item
                if not isinstance(record, dict):
                    raise InputError("a case must be a mapping", file=file, path=location)
                handle(record)
                sys.stdout.flush()
            except InputError as exc:
                _say(_located(exc, file, location))
                status = 1
                if item is None or location is None:  # the file itself is unusable, or it held one record
                    break
            except RecursionError:
                _say(_located(InputError("the case is nested too deep"), file, location))
                status = 1
    return status


def _parse_readings(specs: list[str], what: str = "replay") -> dict[str, Any] | None:
    """``--reading RULE[=VALUE]`` options as ``{rule id: value}``, RULE alone standing for
    :data:`~skruuvi.rules.readings.FIRST_ALTERNATIVE` (and ``RULE=null`` for the value null); None (after a
    message) if bad."""
    from ..rules.errors import YamlError
    from ..rules.readings import FIRST_ALTERNATIVE
    from ..rules.yamlio import parse_yaml

    readings: dict[str, Any] = {}
    for spec in specs:
        rule_id, eq, text = spec.partition("=")
        if not rule_id or (eq and not text):
            _say(f"{what}: --reading {spec!r}: expected RULE or RULE=VALUE, e.g. score.scale=10")
            return None
        if rule_id in readings:
            _say(f"{what}: --reading {spec!r}: rule {rule_id} is given twice")
            return None
        try:
            readings[rule_id] = parse_yaml(text, "--reading") if eq else FIRST_ALTERNATIVE
        except YamlError as exc:
            _say(f"{what}: --reading {spec!r}: {exc}")
            return None
    return readings


def _pick_variants(specs: list[str], what: str) -> dict[str, Any] | None:
    """``--variant RULESET:NAME`` options as ``{ruleset id: variant}``; None (after a message) if bad."""
    from ..rules.readings import split_spelling

    variants: dict[str, Any] = {}
    for spec in specs:
        if split_spelling(spec)[1] is None:
            _say(f"{what}: --variant {spec!r}: expected RULESET:NAME, e.g. skruuvi-1944:older-table")
            return None
        picked = _pick_rulesets([spec], what)
        if picked is None:
            return None
        if picked[0].id in variants:
            _say(f"{what}: --variant {spec!r}: a second variant of {picked[0].id}")
            return None
        variants[picked[0].id] = picked[0]
    return variants


def cmd_replay(args: argparse.Namespace) -> int:
    from ..suite.features.variants import ReadingReplay

    if args.eras is not None and (args.reading or args.variant):
        option = "--reading" if args.reading else "--variant"
        _say(f"replay: {option} cannot be combined with --eras; name variants in --eras instead "
             "(e.g. --eras 1944,1944:older-table)")
        return EXIT_USAGE
    if args.eras is not None:
        return _replay_eras(args)
    if args.format == "text":
        _say("replay: --format text needs --eras (without it every outcome is one JSON line)")
        return EXIT_USAGE
    readings = _parse_readings(args.reading)
    variants = _pick_variants(args.variant, "replay")
    if readings is None or variants is None:
        return EXIT_USAGE
    replay = ReadingReplay(readings, variants)

    def show(record: dict[str, Any]) -> None:
        response = replay(record).to_response()
        sys.stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")

    return _each_case(args.files, show)


def cmd_validate(args: argparse.Namespace) -> int:
    from ..suite.validate import validate

    found = validate(list(args.paths))
    for line in (*found.errors, *found.skipped):
        sys.stdout.write(f"{line}\n")
    sys.stdout.write(f"{found.summary}\n")
    sys.stdout.flush()
    return 0 if found.ok else 1


def cmd_serve(args: argparse.Namespace) -> int:
    readings = _parse_readings(args.reading, "serve")
    variants = _pick_variants(args.variant, "serve")
    if readings is None or variants is None:
        return EXIT_USAGE
    if (declares := declaring.declares(args, readings, variants)) is None:
        return EXIT_USAGE
    return serve_on_stdio(declaring.server(readings, variants, declares))


# ---------------------------------------------------------------------------------------------------
# Entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skruuvi`` command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except InputError as exc:
        _say(str(exc))
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `skruuvi replay ... | head`
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())


__all__ = ["build_parser", "default_impl", "main"]
