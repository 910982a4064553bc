"""Helpers of the report tests: runs of: the reference over a small part of the
suite, whole and in three shards, and an engine with a known bug (``tests/fakes/buggy_engine.py``: every deal
without a contract scored one point low) with ``--explain``; ``runs`` is made once per test process (conftest.py)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skruuvi.cli import main
from skruuvi.rules.paths import repo_root

ROOT = repo_root()
#: 2016 passimisääri (which the buggy engine gets wrong) and the 1944 kotka deals: two rulesets, a few dozen cases.
PATHS = [str(ROOT / "conformance" / "cases" / "2016" / "passimisaari"),
         str(ROOT / "conformance" / "cases" / "1944" / "kotka")]
BUGGY = f"{sys.executable} {ROOT / 'tests' / 'fakes' / 'buggy_engine.py'}"


def conformance(*args: str) -> int:
    return main(["conformance", *PATHS, "--quiet", *args])


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_records(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in items), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Runs:
    whole: Path
    shards: list[Path]
    buggy: Path
