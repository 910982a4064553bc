"""Python run in a fresh process, for the tests that ask what a cold start loads: the caches are keyed by the
sources of every ``skruuvi`` module their work loads, and some starts must not import a library at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import skruuvi

#: The ``skruuvi`` package folder (the one the tests import).
PACKAGE = Path(skruuvi.__file__).resolve().parent


def run(code: str) -> str:
    """The stripped standard output of ``code`` run by this Python in a fresh process (which must succeed)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def skruuvi_modules_after(code: str) -> set[str]:
    """The ``skruuvi`` modules loaded once ``code`` has run in a fresh process, as paths below the package folder
    (``rules/yamlio.py``)."""
    listing = ("\nimport sys as _sys\nprint(' '.join(sorted(m.__file__ for n, m in _sys.modules.items()\n"
               "                       if n.split('.')[0] == 'skruuvi' and getattr(m, '__file__', None))))\n")
    return {Path(file).resolve().relative_to(PACKAGE).as_posix() for file in run(code + listing).split()}
