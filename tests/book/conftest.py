"""One build of the rule book per test session (``mkdocs build --strict`` into a tmp dir), shared by the build test,
the reader checks and the browser tests."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from skruuvi.rules.paths import repo_root

ROOT = repo_root()


@dataclass(frozen=True)
class Build:
    site: Path
    stderr: str
    seconds: float


@pytest.fixture(scope="session")
def built_book(tmp_path_factory: pytest.TempPathFactory) -> Build:
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]')")
    site = tmp_path_factory.mktemp("book") / "site"
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(site)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return Build(site, run.stderr, time.monotonic() - started)
