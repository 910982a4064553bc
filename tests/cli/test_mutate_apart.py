"""``skruuvi mutate --score-excluded``: the functions an equivalents file excludes (here the tiny engine's SCP/1 loop)
are mutated and scored apart, each mutant an SCP/1 engine through the runner, the stop check included; the score of
the rest is unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from skruuvi.authoring.code_mutation import mutants
from skruuvi.cli.commands import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "authoring"))
from test_code_mutation import CASES, ENGINE, EQUIVALENTS


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    (tmp_path / "tiny.py").write_text(ENGINE, encoding="utf-8")
    (tmp_path / "cases").mkdir()
    for name, text in CASES.items():
        (tmp_path / "cases" / name).write_text(text, encoding="utf-8")
    (tmp_path / "eq.yaml").write_text(EQUIVALENTS, encoding="utf-8")
    return tmp_path


def test_the_excluded_protocol_loop_is_scored_apart(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["mutate", "--engine-source", str(tiny / "tiny.py"), "--equivalents", str(tiny / "eq.yaml"), "--entry",
            "respond", "--timeout", "3", "--jobs", "2", "--no-gate", "--format", "json", str(tiny / "cases")]
    main(args)
    plain = json.loads(capsys.readouterr().out)
    main([*args, "--score-excluded"])
    report = json.loads(capsys.readouterr().out)
    assert plain["apart"] is None
    assert {k: report[k] for k in ("mutants", "killed", "score")} == {k: plain[k] for k in ("mutants", "killed",
                                                                                            "score")}
    apart = report["apart"]
    serve = [m for m in mutants(ENGINE) if m.function == "serve"]
    assert apart["mutants"] == len(serve) and apart["cases"] == 2
    assert apart["functions"]["serve"]["mutants"] == len(serve)
    # without the `return` on stop the loop answers the stop request as a run: it has no seq, the engine raises
    # and exits with status 1, which the runner's stop check reports
    assert apart["kills"].get("stop", 0) >= 1
    survived = {s["key"] for s in apart["survived"]}
    assert "serve | remove statement | return" not in survived
    assert apart["killed"] + len(survived) == len(serve)
