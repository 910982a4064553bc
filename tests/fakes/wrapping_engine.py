"""An SCP/1 engine that wraps another, and changes what it declares or how it scores all-pass deals.

``python wrapping_engine.py [--off-by-one] [--declare JSON] -- CMD ARGS...`` starts ``CMD ARGS...`` and passes the
conversation through both ways, with these changes:

* ``--off-by-one``: an answer to ``run`` that is a single deal's result with no contract (a passimisääri, or a
  redeal, whose tricks are none) gets one point taken off each side of its score. Issue
  30: such an engine, the reference under both passimisääri readings, passed the whole hand-written suite.
* ``--declare JSON``: the start answer's ``implementation`` keys ``rulesets``, ``readings`` and ``features`` are
  replaced by those of the JSON object (a key it leaves out is dropped).
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
    score, tricks = result.get("score"), result.get("tricks")
    played = isinstance(tricks, dict) and any(isinstance(v, int) and v for v in tricks.values())
    if played and isinstance(score, dict) and all(isinstance(v, int) for v in score.values()):
        result["score"] = {side: value - 1 for side, value in score.items()}
    return answer


def main(argv: list[str]) -> int:
    options, command = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else ([], argv)
    off_by_one = "--off-by-one" in options
    declare = json.loads(options[options.index("--declare") + 1]) if "--declare" in options else None
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
            if isinstance(answer, dict) and "implementation" in answer and declare is not None:
                implementation = {k: v for k, v in answer["implementation"].items()
                                  if k not in ("rulesets", "readings", "features")}
                answer["implementation"] = {**implementation, **declare}
            elif isinstance(answer, dict) and off_by_one:
                answer = _wrong(answer)
            sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
