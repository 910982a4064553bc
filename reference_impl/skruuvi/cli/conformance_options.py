"""The options of ``skruuvi conformance`` (:mod:`skruuvi.cli.conformance` runs it): the engine, the selection of
cases, the timeouts, the reports, the known failures and ``--explain``, with their help and examples."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any


def _positive(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive finite number of seconds, got {text}")
    return value


def _jobs(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def _shard(text: str) -> tuple[int, int]:
    from ..suite.cases.cases import parse_shard

    try:
        return parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_parser(sub: Any, command: Callable[[argparse.Namespace], int]) -> None:
    """The ``conformance`` command's parser, run by ``command``."""
    p = sub.add_parser(
        "conformance", help="run the conformance suite against an engine (the reference one by default)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run conformance cases against an engine that speaks SCP/1 (see INTERPRETING.md: in\n"
                    "conformance/ of the checkout, at the root of an export).\n"
                    "Each case ends as pass, fail, errored, timeout, crashed, skipped, unsupported, xfail or xpass.\n"
                    "Exit code: 0 when nothing failed and at least one case was judged (pass, fail, xfail,\n"
                    "xpass); 1 when any case failed, errored, timed out, crashed or xpassed (unless\n"
                    "--allow-xpass), or when no case was judged (all skipped, or none sent because the engine\n"
                    "declares none of their rulesets: --allow-unsupported accepts the latter); 2 when the run\n"
                    "could not start (bad arguments, unloadable cases, no selected case, an output that is an\n"
                    "input, any failure of the engine's start handshake) or a report cannot be written;\n"
                    "128 + the signal when interrupted: 130 SIGINT, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT, 141 when\n"
                    "standard output is a pipe whose reader went away (the reports then hold the cases judged so far).",
        epilog="examples (each runs anywhere; an export holds the generated cases too):\n"
               "  skruuvi conformance\n"
               "  skruuvi conformance --ruleset skruuvi-2016 --jobs 4\n"
               "  skruuvi conformance --impl './my-engine --scp' --timeout 2 --report report.jsonl --quiet\n"
               "  skruuvi conformance --run '2016.score.*' --skip '*-doubled*' --junit j.xml\n"
               "  skruuvi export suite && skruuvi conformance suite --shard 2/4 --skip '*.invalid-deal-*'\n"
               "  skruuvi conformance --ruleset skruuvi-2016 --explain -q --impl './my-engine'\n"
               "  skruuvi conformance --ruleset skruuvi-1944:older-table \\\n"
               "      --impl 'python -m skruuvi serve --variant skruuvi-1944:older-table'\n\n"
               "A variant RULESET:NAME (declared in the ruleset's variants: section) in --ruleset runs that\n"
               "ruleset's cases with the expectations the reference works out under the variant (the case\n"
               "files hold the default reading's), to judge an engine that implements the variant; the\n"
               "summary says how many cases were judged that way.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="case files (.yaml, .jsonl, .jsonl.gz), directories to search, or an export's folder "
                        "(default: the suite's hand-written cases, conformance/cases)")
    p.add_argument("--impl", metavar="CMD",
                   help="the engine command, split like a shell would (default: the reference interpreter, "
                        "'python -m skruuvi serve')")
    p.add_argument("--ruleset", action="append", metavar="ID[:VARIANT]", dest="rulesets",
                   help="run only cases of this ruleset (repeatable); with :VARIANT, judge them under that "
                        "declared variant")
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
    p.add_argument("--allow-unsupported", action="store_true",
                   help="a run in which every case is unsupported (none sent) exits 0 instead of 1")
    p.add_argument("--require-coverage", action="store_true",
                   help="fail the run (exit 1) when a rule of a declared ruleset with selected cases has no judged "
                        "case (with --shard: checked when the shards are merged); CI jobs should use it")
    p.add_argument("--explain", action="store_true",
                   help="after the run, group the failing cases by cause: the readings (listed alternatives of "
                        "the rules, then pairs of them) under which the reference gives the engine's answer, "
                        "and first the cases no reading explains, with where the engine and the reference part "
                        "(also an explain record in --report; see INTERPRETING.md)")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only cases that did not pass (and are not unsupported), plus the summary")
    p.set_defaults(func=command)


__all__ = ["add_parser"]
