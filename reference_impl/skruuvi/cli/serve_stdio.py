"""``skruuvi serve`` on the process's stdin and stdout, and the quick start of the plain ``skruuvi serve``.

The plain command (no option: the reference engine the runner starts by default) is recognised before the
command line is parsed (:func:`plain_serve`), so that its first answer does not wait for the parser of every
other command and the modules they import; ``skruuvi serve`` with any option, ``--help`` among them, goes
through the whole command line (:mod:`skruuvi.cli.commands`), which ends in the same :func:`serve_on_stdio`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any


def serve_on_stdio(server: Any) -> int:
    """Answer SCP/1 on stdin/stdout with ``server`` (None: the reference) until ``stop`` or end of input."""
    from ..suite.scp.serving import serve_stdio

    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):  # a non-UTF-8 request byte becomes a surrogate: answered errored
            stream.reconfigure(encoding="utf-8", errors="surrogateescape")
    channel = sys.stdout
    sys.stdout = sys.stderr  # a stray print() must not corrupt the protocol channel
    try:
        serve_stdio(sys.stdin, channel, server)
    finally:
        sys.stdout = channel
    return 0


def plain_serve(argv: Sequence[str]) -> int | None:
    """The exit code of ``skruuvi serve`` when ``argv`` is exactly ``["serve"]`` (served here, as the whole
    command line would: the reference, declaring nothing beyond its rulesets and their features), else None."""
    if list(argv) != ["serve"]:
        return None
    try:
        return serve_on_stdio(None)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the runner went away
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), sys.stdout.fileno())
        return 1
