"""Playthroughs (conformance/playthroughs/): every set written is exactly what the reference's verify step
accepts over the finite action universe of its position (tests/legal_universe.py), the last set of each
record is empty, and the tool writes the files as they are."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
from pathlib import Path

import skruuvi
from legal_universe import check_position, options_of
from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import record_ruleset

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "conformance" / "playthroughs"


def _lines() -> list[dict]:
    out = []
    for path in sorted(FOLDER.glob("*.playthrough.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            out += [json.loads(line) for line in handle]
    return out


def test_every_playthrough_set_is_the_accepted_universe() -> None:
    lines = _lines()
    assert {line["ruleset"] for line in lines} == {"skruuvi-1895", "skruuvi-1944", "skruuvi-2016"}
    rng = random.Random(19)
    for line in lines:
        ruleset = record_ruleset(line)
        options = options_of(ruleset)
        sets = line["legal"]
        assert len(sets) == len(line["actions"]) + 1 and sets[-1] == [], line["id"]
        state = engine.start(ruleset, line["deal"])
        for k, written in enumerate(sets):
            if k < len(line["actions"]):
                assert line["actions"][k] in written, (line["id"], k)  # the record's own action is legal
            check_position(state, rng, options)  # the reference's set is its accepted universe
            assert written == skruuvi.legal_actions(state), (line["id"], k)
            if k < len(line["actions"]):
                state = engine.apply(state, line["actions"][k])


def test_the_tool_writes_the_files_as_they_are() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "conformance" / "tools" / "playthroughs.py"), "--check"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
