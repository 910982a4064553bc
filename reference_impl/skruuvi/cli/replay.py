"""``skruuvi replay``: each case replayed by the reference, one JSON line led by its id; or, with ``--eras``, each
deal under several rulesets side by side."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from ..rules.errors import InputError
from .options import EXIT_USAGE, READING_HELP, known_rulesets, parse_readings, pick_rulesets, pick_variants, say


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help="replay recorded deals and print each outcome as one JSON line",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Replay each case of each FILE with the reference interpreter and print the\n"
                                   "SCP/1 response object (without seq), one compact JSON line per case, led by\n"
                                   "the case's id: {\"id\": ..., \"result\": ...} or {\"id\": ..., \"error\": ...}.\n"
                                   "expect and justification are ignored.\n\n"
                                   "With --eras, replay each deal under several rulesets instead (cross-era replay):\n"
                                   "the results side by side, and for every score difference the scoring rules that\n"
                                   "cause it; where an action is illegal in an era, the rule that forbids it; a deal\n"
                                   "whose form an era does not have is reported as not playable there.\n"
                                   "Exit code: 0, or 1 when a file or case cannot be used (the others are still\n"
                                   "replayed), 2 for bad arguments.",
                       epilog="examples (each runs anywhere: with no FILE, --run and --ruleset select the suite's\n"
                              "own hand-written cases, those skruuvi conformance runs by default):\n"
                              "  skruuvi replay --run 2016.score.made-5H-exact\n"
                              "  skruuvi replay --ruleset skruuvi-2016 --run '2016.play.*'\n"
                              "  skruuvi replay --eras all --run 2016.misere.made-5M-exact-two\n"
                              "  skruuvi replay --eras 2016,skruuvi-1944 --format json --run 2016.score.made-5H-exact\n"
                              "  skruuvi replay --reading score.scale --run '1895.slams.*'\n"
                              "  skruuvi replay --variant 1944:older-table --run '1944.above.*'\n"
                              "  skruuvi replay --eras 1944,1944:older-table --run '1944.above.crown-*'\n"
                              "  skruuvi export --no-generated suite\n"
                              "  skruuvi replay suite/cases/skruuvi-2016/play.jsonl\n\n"
                              "A variant (a ruleset plus a set of readings, declared in the ruleset's variants:\n"
                              "section) is written RULESET:NAME wherever a ruleset is named; RULESET is an id or\n"
                              "an era. A record's own readings: are applied on top.")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="a .yaml case file or a .jsonl file with one case per line; '-' reads JSON Lines from "
                        "stdin (default, with --run or --ruleset: the suite's hand-written cases)")
    p.add_argument("--run", action="append", metavar="GLOB", default=[],
                   help="replay only cases whose id matches this glob (fnmatch: * ? [seq]; repeatable: any "
                        "matches)")
    p.add_argument("--ruleset", action="append", metavar="ID", default=[], dest="rulesets",
                   help="replay only cases of this ruleset (an id or an era; repeatable)")
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


def cmd_replay(args: argparse.Namespace) -> int:
    from ..suite.features.variants import ReadingReplay

    if args.eras is not None and (args.reading or args.variant):
        option = "--reading" if args.reading else "--variant"
        say(f"replay: {option} cannot be combined with --eras; name variants in --eras instead "
             "(e.g. --eras 1944,1944:older-table)")
        return EXIT_USAGE
    if args.eras is not None:
        return _replay_eras(args)
    if args.format == "text":
        say("replay: --format text needs --eras (without it every outcome is one JSON line)")
        return EXIT_USAGE
    readings = parse_readings(args.reading)
    variants = pick_variants(args.variant, "replay")
    if readings is None or variants is None:
        return EXIT_USAGE
    replay = ReadingReplay(readings, variants)
    refused: dict[Any, str | None] = {}

    def show(record: dict[str, Any]) -> None:
        rid = record.get("ruleset")
        if readings and isinstance(rid, str):
            if rid not in refused:
                from ..rules.ruleset import available_rulesets
                from ..suite.run.declare import unlisted

                refused[rid] = unlisted(readings, [rid]) if rid in available_rulesets() else None
            if refused[rid] is not None:
                raise InputError(str(refused[rid]), path="/ruleset")
        response = replay(record).to_response()
        case_id = record.get("id")
        if isinstance(case_id, str):  # which case each line answers, first: a file holds many
            response = {"id": case_id, **response}
        sys.stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")

    return _each_case(args, show)


def _replay_eras(args: argparse.Namespace) -> int:
    from ..history.compare import cross_era
    from ..history.compare_report import cross_era_text

    names = [n.strip() for n in args.eras.split(",") if n.strip()]
    if args.eras.strip() == "all":
        rulesets = sorted(known_rulesets().values(), key=lambda r: (r.era, r.id), reverse=True)
    elif not names:
        say("replay: --eras needs 'all' or ruleset ids/eras separated by commas")
        return EXIT_USAGE
    else:
        picked = pick_rulesets(names, "replay")
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

    return _each_case(args, show)


def _chosen(args: argparse.Namespace) -> tuple[list[str], Any] | None:
    """The files to read and the selection of ``--run`` and ``--ruleset`` (None when nothing selects); None
    (after a message) when neither a FILE nor a selection is given, or a ruleset is unknown."""
    from ..rules.paths import cases_dir
    from ..suite.cases.cases import Selection, list_case_files

    if not args.files and not (args.run or args.rulesets):
        say("replay: name a FILE, or select the suite's own cases with --run GLOB or --ruleset ID")
        return None
    picked = pick_rulesets(args.rulesets, "replay")
    if picked is None:
        return None
    if any(ruleset.variant for ruleset in picked):
        say("replay: --ruleset takes a ruleset id or era; replay under a variant with --variant RULESET:NAME")
        return None
    selection = Selection(rulesets=frozenset(r.id for r in picked), run=tuple(args.run)) \
        if args.run or args.rulesets else None
    files = list(args.files) or [str(path) for path in list_case_files([cases_dir()])]
    return files, selection


def _each_case(args: argparse.Namespace, handle: Callable[[dict[str, Any]], None]) -> int:
    """Call ``handle`` on every selected case of every file; an unusable file or case is reported and skipped.

    Returns the exit status: 1 when anything was skipped, 2 when a selection matched no case, else 0.
    """
    status = 0

    def bad_line(exc: InputError) -> None:
        nonlocal status
        say(str(exc))
        status = 1

    chosen = _chosen(args)
    if chosen is None:
        return EXIT_USAGE
    files, selection = chosen
    matched = 0
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
                if selection is not None and not selection.accepts_id(str(record.get("id")),
                                                                      str(record.get("ruleset"))):
                    continue
                matched += 1
                handle(record)
                sys.stdout.flush()
            except InputError as exc:
                say(_located(exc, file, location))
                status = 1
                if item is None or location is None:  # the file itself is unusable, or it held one record
                    break
            except RecursionError:
                say(_located(InputError("the case is nested too deep"), file, location))
                status = 1
    if selection is not None and not matched and not status:
        say(f"replay: no cases {selection.describe()} found in {' '.join(files) if args.files else 'the suite'}")
        return EXIT_USAGE
    return status


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




__all__ = ["add_parser", "cmd_replay"]
