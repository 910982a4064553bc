"""The SCP/1 judge of an engine's mutants (issue 34): a mutant runs without PYTHONUNBUFFERED, so a mutant that drops
the engine's flush() no longer answers as if it had flushed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from skruuvi.cli.scp_judge import mutant_env, scp_answers

ORACLE = Path(__file__).resolve().parents[2] / "conformance" / "oracle" / "oracle.py"
FLUSH = "        sys.stdout.flush()\n"
CASE = {"id": "t", "ruleset": "skruuvi-2016", "deal": {}, "actions": [], "expect": {"errored": "x"}}


def test_a_mutant_does_not_inherit_pythonunbuffered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")
    monkeypatch.setenv("SKRUUVI_KEPT", "yes")
    env = mutant_env()
    assert "PYTHONUNBUFFERED" not in env
    assert env["SKRUUVI_KEPT"] == "yes"
    assert "PYTHONUNBUFFERED" in os.environ  # this process's own environment is left as it was


def test_the_oracle_without_its_flush_no_longer_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONUNBUFFERED", "1")  # as on a machine that sets it for every process
    source = ORACLE.read_text(encoding="utf-8")
    assert source.count(FLUSH) == 1, "the oracle's SCP/1 loop flushes once per answer"
    unflushed = tmp_path / "unflushed.py"
    unflushed.write_text(source.replace(FLUSH, ""), encoding="utf-8")
    # the unmutated oracle answers the start handshake and the case, and exits on stop
    answers, how = scp_answers(["python3", str(ORACLE)], [CASE], time.monotonic() + 60)
    assert (how, len(answers)) == ("", 1)
    # without its flush, the answer to start stays in the engine's buffer: the judge times out
    answers, how = scp_answers(["python3", str(unflushed)], [CASE], time.monotonic() + 3)
    assert (how, answers) == ("timeout", [])
