"""The ``skruuvi`` command line: its parser, made of each command's own (one module per command or group:
conformance, replay, compare, validate, serve, tools for generate and mutate, export, report), and its entry
point.

Every :class:`~skruuvi.rules.errors.InputError` ends as one line on stderr and exit code 1 (2 where the
conformance runner cannot even start), never as a traceback; Ctrl-C exits with 130.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..rules.errors import InputError
from . import compare, conformance, export, replay, report, serve, tools, validate
from .conformance import default_impl
from .options import PROG, say


class _Version(argparse.Action):
    """``--version``: the version and the data's origin on one line (argparse's own action would wrap it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option: Any = None) -> None:
        from ..rules.paths import describe_source
        from ..suite.export import release_words, suite_release

        try:
            version, released = suite_release()
            suite = f"suite {release_words(version, released)}"
            if version != __version__:
                suite += f", which is not this package's {__version__}"
        except InputError as exc:
            suite = f"no suite version ({exc.reason})"
        sys.stdout.write(f"{PROG} {__version__}: {suite}; data: {describe_source()}\n")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Skruuvi executable specification: reference interpreter, conformance runner, "
                               "case validation.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version (the package's and the suite's, one version an engine can pin, "
                             "with the suite's release date), where spec/ and conformance/ are read from (checkout, "
                             "SKRUUVI_HOME or the installed package's copy), and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    conformance.add_parser(sub)
    replay.add_parser(sub)
    compare.add_parser(sub)
    validate.add_parser(sub)
    serve.add_parser(sub)
    tools.add_parsers(sub)
    export.add_parser(sub)
    report.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skruuvi`` command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except InputError as exc:
        say(str(exc))
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
