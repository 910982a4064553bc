"""The long fuzz run of issue 16: the hypothesis tests of tests/cli/test_cli_trust.py with many more examples.

Usage: ``python bench/fuzz_inputs.py [EXAMPLES]`` (default 5000). It feeds random cases to replay and to the
SCP/1 server, random texts to the YAML reader and the server, and rulesets with a list or a mapping in one
of their number places to the compiler (and to replay, should one compile), and fails if any of them raises
anything but a clear input error. CI runs the same tests with 60 examples.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    examples = argv[0] if argv else "5000"
    env = {**os.environ, "SKRUUVI_FUZZ_EXAMPLES": examples}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "fuzz",
               str(ROOT / "tests" / "cli" / "test_cli_trust.py")]
    return subprocess.call(command, env=env, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
