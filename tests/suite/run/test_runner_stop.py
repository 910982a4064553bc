"""The runner checks how an engine ends: SCP/1 asks an engine to exit when it reads ``stop`` (DESIGN §6), not only
when its input ends. An engine that does not exit within the bound (its stdin still open) is killed and the run
says so on stderr; so is one that exits with a status other than 0. A clean engine gets no such line. The answers
are judged as before: the run's verdict does not change.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from test_runner_trust import FAKE, fake_impl, run, suite

from skruuvi.suite.run import runner
from skruuvi.suite.run.runner import Engine


@pytest.mark.parametrize(("on_stop", "said"), [
    ("exit", None),
    ("ignore", "the engine did not exit within 0.5 s of stop (it was killed)"),
    ("hang", "the engine did not exit within 0.5 s of stop (it was killed)"),
    ("3", "the engine exited with status 3 after stop"),
])
def test_the_run_says_when_an_engine_does_not_end_on_stop(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch, on_stop: str,
                                                          said: str | None) -> None:
    monkeypatch.setattr(runner, "STOP_GRACE", 0.5)
    monkeypatch.setattr(Engine.stop, "__defaults__", (0.5,))
    cases = suite(tmp_path, "t.one", "t.two")
    code, out, err = run(capsys, str(cases), "--quiet", "--jobs", "2", "--impl", fake_impl("--on-stop", on_stop))
    assert code == 0 and "2 passed" in out  # the answers were right: the verdict is theirs
    lines = [line for line in err.splitlines() if "stop" in line]
    if said is None:
        assert lines == []
    else:
        assert lines == [f"skruuvi: conformance: {said} (2 engines); an SCP/1 engine exits when it reads stop"]


def test_an_engine_that_exits_at_the_end_of_its_input_is_told_apart_from_one_that_exits_on_stop() -> None:
    """The stop check waits with the engine's stdin open: closing it first would let an engine that ignores stop
    exit at the end of its input and pass."""
    for on_stop, problem in (("exit", None), ("ignore", "did not exit within 0.3 s of stop")):
        engine = Engine([sys.executable, str(FAKE), "--on-stop", on_stop])
        engine.start(30)
        began = time.monotonic()
        found = engine.stop(0.3)
        assert (found is None) if problem is None else (found is not None and problem in found)
        assert engine.stop_problem == found and time.monotonic() - began < 5
        assert not engine.alive
