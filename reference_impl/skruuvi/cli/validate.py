"""``skruuvi validate``: rulesets and cases checked against their schemas and rules."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("validate", help="check rulesets and cases against their schemas and rules",
                       description="Validate ruleset and case files; print each problem on its own line, then a "
                                   "summary. Exit code 1 when any problem is found.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or directories to validate")
    p.set_defaults(func=cmd_validate)


def cmd_validate(args: argparse.Namespace) -> int:
    from ..suite.validate import validate

    found = validate(list(args.paths))
    for line in (*found.errors, *found.skipped):
        sys.stdout.write(f"{line}\n")
    sys.stdout.write(f"{found.summary}\n")
    sys.stdout.flush()
    return 0 if found.ok else 1


__all__ = ["add_parser", "cmd_validate"]
