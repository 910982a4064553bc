"""An SCP/1 engine with one known bug, for the report page's tests: the reference engine (``python -m skruuvi
serve``, its arguments passed on), except that every deal played without a contract (a passimisääri) is scored one
point low for both sides, as the wrapped engine of issue 30 was.

Usage: ``python buggy_engine.py [SERVE ARGUMENTS...]``. It answers each request in turn (it reads one request,
passes it on, reads the answer back), so it needs no thread; the name it declares at start is ``buggy``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def _bug(answer: dict[str, Any]) -> dict[str, Any]:
    result = answer.get("result")
    if isinstance(result, dict) and "contract" in result and result["contract"] is None:
        score = result.get("score")
        if isinstance(score, dict) and all(isinstance(v, int) for v in score.values()):
            result["score"] = {side: points - 1 for side, points in score.items()}
    implementation = answer.get("implementation")
    if isinstance(implementation, dict):
        implementation["name"], implementation["version"] = "buggy", "1.0"
    return answer


def main(argv: list[str]) -> int:
    engine = subprocess.Popen([sys.executable, "-m", "skruuvi", "serve", *argv], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert engine.stdin is not None and engine.stdout is not None
    for line in sys.stdin:
        if not line.strip():
            continue
        engine.stdin.write(line)
        engine.stdin.flush()
        answer = engine.stdout.readline()
        if not answer:
            return 1
        sys.stdout.write(json.dumps(_bug(json.loads(answer))) + "\n")
        sys.stdout.flush()
    engine.stdin.close()
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
