"""The ``skruuvi`` command line: one module per group of commands (the top layer: it imports every other).

:func:`main` serves the plain ``skruuvi serve`` (the reference engine the runner starts) without building the
whole command line (:func:`skruuvi.cli.serve_stdio.plain_serve`), so that its first answer comes sooner; every
other command line goes to :func:`skruuvi.cli.commands.main`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``skruuvi`` command line; return the exit code."""
    from .serve_stdio import plain_serve

    code = plain_serve(sys.argv[1:] if argv is None else argv)
    if code is not None:
        return code
    from .commands import main as command_line

    return command_line(argv)


__all__ = ["main"]
