"""``skruuvi compare``: the rule differences between two rulesets, by topic."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .options import EXIT_USAGE, pick_rulesets


def add_parser(sub: Any) -> None:
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


def cmd_compare(args: argparse.Namespace) -> int:
    from ..book.diff_report import diff_json, diff_markdown, diff_text
    from ..history.compare import compare_rulesets

    picked = pick_rulesets([args.a, args.b], "compare")
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


__all__ = ["add_parser", "cmd_compare"]
