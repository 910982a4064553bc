"""How a run ends on a signal: the signals that interrupt it, and a standard output whose reader went away.

``skruuvi conformance`` turns SIGTERM, SIGHUP and SIGQUIT into :class:`Interrupted` (SIGINT is Python's
``KeyboardInterrupt``) for as long as it runs, so that every engine is killed and the reports are finished with
what was judged, whatever the run was doing: checking the cases, running them, explaining the failures.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any


class Interrupted(BaseException):
    """SIGTERM, SIGHUP or SIGQUIT arrived (or SIGINT, or the terminal's pipe closed): the run stops, its reports
    are finished with what was judged."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that end a run as SIGINT does (reports finished and marked interrupted, every engine killed, exit
#: 128 + the signal): a closed terminal or a dropped ssh (HUP) and a quit from the keyboard (QUIT) as a TERM.
#: SIGPIPE stays ignored, as Python sets it: a closed standard output is met as a write error instead.
INTERRUPTING = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """Turn :data:`INTERRUPTING` into :class:`Interrupted` in the main thread for the duration of the command."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise Interrupted(signum)

    previous = {signum: signal.signal(signum, handler) for signum in INTERRUPTING}
    try:
        yield
    finally:
        for signum, before in previous.items():
            signal.signal(signum, before)


def quiet_stdout() -> None:
    """Standard output is a closed pipe: point it at /dev/null, so that nothing more (nor the flush at exit)
    fails on it."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


__all__ = ["INTERRUPTING", "Interrupted", "quiet_stdout", "signals_interrupt"]
