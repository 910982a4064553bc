"""The distribution as users get it: .ci/wheel_smoke.py builds the wheel, installs it in a fresh venv outside
the checkout and runs the commands there (see its docstring for the steps). Marked ``wheel``: it needs PyPI
(or pip's cache) and takes about 30 s on an idle machine (the script prints each step's time: building the
wheel and installing it take about 4 s each; the two conformance runs of the shipped hand-written cases take
over half, most of it the perft cases' walks of SCP/1 ``legal`` requests); deselect it with ``-m 'not wheel'``
(.ci/run runs the script itself before pytest, and deselects this copy)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SMOKE = Path(__file__).resolve().parents[1] / ".ci" / "wheel_smoke.py"


@pytest.mark.wheel
def test_the_built_wheel_works_in_a_fresh_venv_outside_the_checkout() -> None:
    proc = subprocess.run([sys.executable, str(SMOKE)], capture_output=True, text=True, timeout=900,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    assert "wheel smoke test passed" in proc.stdout
