"""``skruuvi serve``: the reference engine on stdin/stdout, speaking SCP/1, under other readings when asked
(:mod:`skruuvi.cli.declaring` says what it declares; the plain ``serve`` is answered sooner by
:mod:`skruuvi.cli.serve_stdio`)."""

from __future__ import annotations

import argparse
from typing import Any

from . import declaring
from .options import EXIT_USAGE, READING_HELP, parse_readings, pick_variants
from .serve_stdio import serve_on_stdio


def add_parser(sub: Any) -> None:
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


def cmd_serve(args: argparse.Namespace) -> int:
    readings = parse_readings(args.reading, "serve")
    variants = pick_variants(args.variant, "serve")
    if readings is None or variants is None:
        return EXIT_USAGE
    if (declares := declaring.declares(args, readings, variants)) is None:
        return EXIT_USAGE
    return serve_on_stdio(declaring.server(readings, variants, declares))


__all__ = ["add_parser", "cmd_serve"]
