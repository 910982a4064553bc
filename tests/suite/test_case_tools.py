"""The hand-written cases are what their authoring tools derive, and meet the coverage the issues ask for.

The authoring tools (conformance/tools/author*.py) re-derive every case with their own rule engines, written
without the interpreter; the checkers recount tricks and scores from the ruleset tables and report coverage
(every rule id in a valid case, every reachable error code in two or more invalid cases, every scoring
table entry used). Each exits non-zero on any mismatch or gap. The authoring tools' stored search hints
(conformance/tools/hints_*.json, search_hints.py) must be fresh: a stale one is searched anew, slowly.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "conformance" / "tools"


@pytest.mark.parametrize("command", [
    ["author.py", "--check"], ["check_2016.py"], ["author_1944.py", "--check"], ["check_1944.py"],
    ["author_1895.py", "--check"], ["check_1895.py"], ["author_readings.py", "--check"],
])
def test_case_tool(command: list[str]) -> None:
    proc = subprocess.run([sys.executable, *command], cwd=TOOLS, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "stale search hints" not in proc.stdout, (  # correct but slow: the searches ran again
        f"run `python3 conformance/tools/{command[0]}` to write its hints anew: " + proc.stdout[-3000:])
