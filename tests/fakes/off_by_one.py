"""An SCP/1 engine that wraps another and scores every all-pass deal one point off.

``python off_by_one.py -- CMD ARGS...`` starts ``CMD ARGS...`` and passes the conversation through both ways, with
one change: an answer to ``run`` that is a single deal's result with no contract (a passimisääri, or a redeal,
which scores nothing) and a score other than zero on each side gets one point taken off each side. Its start answer
is the wrapped engine's (its declarations included). Issue 30: such an engine, the reference under both passimisääri
readings, passed the whole hand-written suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any


def _wrong(answer: dict[str, Any]) -> dict[str, Any]:
    result = answer.get("result")
    if not isinstance(result, dict) or "match" in result or result.get("contract") is not None:
        return answer
    score = result.get("score")
    if isinstance(score, dict) and score and all(isinstance(v, int) and v != 0 for v in score.values()):
        result["score"] = {side: value - 1 for side, value in score.items()}
    return answer


def main(argv: list[str]) -> int:
    command = argv[argv.index("--") + 1:] if "--" in argv else argv
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert child.stdin is not None and child.stdout is not None

    def forward() -> None:
        assert child.stdin is not None
        for line in sys.stdin:
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()

    threading.Thread(target=forward, daemon=True).start()
    for line in child.stdout:
        try:
            answer = json.loads(line)
        except ValueError:
            sys.stdout.write(line)
        else:
            sys.stdout.write(json.dumps(_wrong(answer) if isinstance(answer, dict) else answer) + "\n")
        sys.stdout.flush()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
