"""``skruuvi export DIR``: the suite as plain files for engines in other languages (see :mod:`skruuvi.suite.export`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "export", help="write the suite as plain files (JSON Lines cases, schemas, errors, manifest)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write the conformance suite under DIR as plain files, for engines in any language:\n"
                    "  manifest.json                      suite version, counts per ruleset and kind, sha256 sums\n"
                    "  cases/<ruleset>/<topic>.jsonl      hand-written cases, one file per ruleset and directory\n"
                    "  generated/<ruleset>/<name>.jsonl   generated cases, one file per ruleset and source file\n"
                    "  schema/*.schema.json, errors.yaml, rulesets/*.yaml, INTERPRETING.md\n"
                    "'skruuvi conformance DIR' runs an export like the suite it came from. DIR must be empty\n"
                    "or new unless --force (which overwrites same-named files and leaves others alone).\n"
                    "Exit code: 0, or 1 when the export cannot be written.",
        epilog="examples:\n"
               "  skruuvi export /tmp/skruuvi-suite\n"
               "  skruuvi export --no-generated suite/ && skruuvi conformance suite/")
    p.add_argument("dir", metavar="DIR", help="the folder to write (new or empty)")
    p.add_argument("--force", action="store_true", help="write into a non-empty folder")
    p.add_argument("--no-generated", action="store_false", dest="generated",
                   help="only the hand-written cases (the generated ones are ~72 MB as plain JSON Lines)")
    p.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    from ..suite.export import export_suite

    manifest = export_suite(args.dir, force=args.force, generated=args.generated)
    total = manifest["counts"]["total"]
    per = ", ".join(f"{rid} {block['cases']}" for rid, block in manifest["counts"]["rulesets"].items())
    sys.stdout.write(f"exported suite {manifest['suite_version']} to {args.dir}: {total['cases']} cases "
                     f"({total['valid']} valid, {total['invalid']} invalid, {total['legal']} legal and perft; {per}) "
                     f"in {len(manifest['files'])} "
                     "files\n")
    return 0
