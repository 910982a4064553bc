"""A deliberately unreliable SCP/1 engine for testing the conformance runner.

Usage: ``python fake_engine.py [--mode MODE] [--start MODE] [--rulesets A,B] [--exit-after N]
[--poison FILE] [--deaf]``.

Each run request is answered according to a mode: the first dotted segment of the case id that names a
mode (``t.crash.3`` -> ``crash``), otherwise ``--mode`` (default ``correct``). ``correct`` answers with
the case's ``canned`` field (a response body such as ``{"result": {...}}``; default ``{"result": {}}``).
``--start`` picks how the start handshake goes; ``--exit-after N`` answers N runs, then exits cleanly on the next one;
``--poison FILE``: the ``crash`` mode creates FILE, and a start while FILE exists crashes.
``--deaf``: after the handshake, stop reading stdin altogether (so a big request fills the pipe).
``--starts FILE``: append the engine's pid to FILE at every start.
``--on-stop MODE``: what ``stop`` does: ``exit`` (the default), ``ignore`` (read on, exit at the end of input),
``hang`` (stop reading and never exit), or a number (exit with that status).
``--orphan FILE``: at start, leave a background child (``sleep 300``) holding stdout and stderr open, and
write its own pid and the child's to FILE (what ``sleep 300 & exec engine`` does in a shell script).
Start modes ``bigint``, ``deep``, ``surrogate``, ``bool-protocol``, ``nan`` send a start answer the runner
cannot use; run modes ``surrogate``, ``control``, ``nan``, ``float-seq`` (a seq with a fraction), ``bool-seq``,
``dupkey`` send answers that are not strict SCP/1 (or, for ``control``, carry terminal escapes in an errored text).
``compact`` answers as ``correct`` does, in compact JSON; ``whole-floats`` as ``correct`` does, every whole number
written with a fraction (``7.0``), as some languages' JSON writers write them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

RUN_MODES = ("correct", "crash", "hang", "garbage", "partial", "partial-exit", "wrong-seq", "huge", "exit",
             "errored", "skipped", "nokind", "badbody", "slow", "twokinds", "surrogate", "control", "nan",
             "float-seq", "bool-seq", "dupkey", "compact", "whole-floats")
START_MODES = ("ok", "crash", "garbage", "hang", "wrong-protocol", "errored", "exit", "bigint", "deep", "surrogate",
               "bool-protocol", "nan")
IMPL = '"implementation": {"name": "fake", "version": "0", "rulesets": ["skruuvi-2016"]}'


def send(text: str, newline: bool = True) -> None:
    sys.stdout.write(text + ("\n" if newline else ""))
    sys.stdout.flush()


def hang() -> None:
    time.sleep(3600)


def mode_of(case: dict[str, Any], default: str) -> str:
    for part in str(case.get("id", "")).split("."):
        if part in RUN_MODES:
            return part
    return default


def _floats(value: Any) -> Any:
    """``value`` with every integer written as a float (``7`` as ``7.0``); booleans stay booleans."""
    if isinstance(value, dict):
        return {k: _floats(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_floats(v) for v in value]
    return float(value) if type(value) is int else value


def answer(mode: str, seq: Any, case: dict[str, Any], poison: str | None) -> None:
    """Answer one run request according to ``mode`` (some modes never return)."""
    canned = case.get("canned", {"result": {}})
    if mode == "slow":
        time.sleep(0.2)
        mode = "correct"
    if mode == "correct":
        send(json.dumps({"seq": seq, **canned}))
    elif mode == "compact":  # as correct, in compact JSON (no spaces, non-ASCII as it is), as the reference writes
        send(json.dumps({"seq": seq, **canned}, separators=(",", ":"), ensure_ascii=False))
    elif mode == "crash":
        if poison:
            open(poison, "w").close()
        sys.stderr.write("fake engine: boom, something broke\n")
        sys.stderr.flush()
        os._exit(3)
    elif mode == "hang":
        hang()
    elif mode == "garbage":
        send("this is not JSON at all")
    elif mode == "partial":
        send(f'{{"seq": {seq}, "resu', newline=False)
        hang()
    elif mode == "partial-exit":
        send(f'{{"seq": {seq}, "resu', newline=False)
        os._exit(0)
    elif mode == "wrong-seq":
        send(json.dumps({"seq": seq + 1000, **canned}))
    elif mode == "huge":
        send(json.dumps({"seq": seq, "result": {"padding": "x" * (2 << 20)}}))
    elif mode == "exit":
        os._exit(0)
    elif mode == "errored":
        send(json.dumps({"seq": seq, "errored": "fake engine failed on purpose"}))
    elif mode == "skipped":
        send(json.dumps({"seq": seq, "skipped": "fake engine does not do this"}))
    elif mode == "nokind":
        send(json.dumps({"seq": seq}))
    elif mode == "badbody":
        send(json.dumps({"seq": seq, "result": [1, 2, 3]}))
    elif mode == "surrogate":
        send(f'{{"seq": {seq}, "skipped": "bad \\ud800 text"}}')
    elif mode == "control":
        send(json.dumps({"seq": seq, "errored": "ESC\x1b[31mred\x1b]0;title\x07 NUL\x00 end"}))
    elif mode == "nan":
        send(f'{{"seq": {seq}, "result": {{"score": {{"NS": NaN, "EW": Infinity}}}}}}')
    elif mode == "float-seq":
        send(json.dumps({"seq": seq + 0.5, **canned}))
    elif mode == "whole-floats":
        send(json.dumps(_floats({"seq": seq, **canned})))
    elif mode == "bool-seq":
        send(json.dumps({"seq": True, **canned}))
    elif mode == "dupkey":
        send(f'{{"seq": {seq}, "result": {{}}, "result": {{}}}}')
    elif mode == "twokinds":
        send(json.dumps({"seq": seq, "result": {}, "error": {"index": 0, "code": "x"}}))


def start(mode: str, rulesets: list[str]) -> None:
    """Answer the start request according to ``mode`` (some modes never return)."""
    if mode == "crash":
        sys.stderr.write("fake engine: cannot start, missing config\n")
        sys.stderr.flush()
        os._exit(4)
    if mode == "exit":
        os._exit(0)
    if mode == "hang":
        hang()
    if mode == "bigint":
        send('{"protocol": ' + "1" * 5000 + ", " + IMPL + "}")
    elif mode == "deep":
        send("[" * 100_000 + "]" * 100_000)
    elif mode == "surrogate":
        send('{"protocol": 1, "implementation": {"name": "\\ud800", "version": "0", "rulesets": ["skruuvi-2016"]}}')
    elif mode == "bool-protocol":
        send('{"protocol": true, ' + IMPL + "}")
    elif mode == "nan":
        send('{"protocol": 1, "x": NaN, ' + IMPL + "}")
    elif mode == "garbage":
        send("Welcome to FakeEngine 1.0!")
    elif mode == "wrong-protocol":
        send(json.dumps({"protocol": 99, "implementation": {"name": "fake", "version": "0", "rulesets": []}}))
    elif mode == "errored":
        send(json.dumps({"errored": "no rulesets configured"}))
    else:
        send(json.dumps({"protocol": 1, "implementation": {"name": "fake", "version": "0.0.1",
                                                           "rulesets": rulesets}}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="correct", choices=RUN_MODES)
    parser.add_argument("--start", default="ok", choices=START_MODES)
    parser.add_argument("--rulesets", default="skruuvi-2016,fake-1")
    parser.add_argument("--exit-after", type=int, default=0)
    parser.add_argument("--poison")
    parser.add_argument("--deaf", action="store_true")
    parser.add_argument("--orphan")
    parser.add_argument("--starts")
    parser.add_argument("--on-stop", default="exit")
    args = parser.parse_args()
    if args.starts:
        with open(args.starts, "a") as handle:
            handle.write(f"{os.getpid()}\n")
    if args.orphan:
        import subprocess

        child = subprocess.Popen(["sleep", "300"])  # inherits stdout and stderr: they stay open after we exit
        with open(args.orphan, "a") as handle:
            handle.write(f"{os.getpid()} {child.pid}\n")
    answered = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "stop":
            if args.on_stop == "ignore":
                continue
            if args.on_stop == "hang":
                hang()
            sys.exit(0 if args.on_stop == "exit" else int(args.on_stop))
        if request.get("cmd") == "start":
            start("crash" if args.poison and os.path.exists(args.poison) else args.start,
                  [r for r in args.rulesets.split(",") if r])
            if args.deaf:
                hang()
            continue
        if args.exit_after and answered >= args.exit_after:
            return  # exit upon the next request, unanswered
        case = request["case"]
        answer(mode_of(case, args.mode), request["seq"], case, args.poison)
        answered += 1


if __name__ == "__main__":
    main()
