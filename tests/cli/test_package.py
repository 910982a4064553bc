"""The command line as an installed package sees it: ``--version`` names the data, ``generate`` needs --out
when installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi import __version__
from skruuvi.cli import commands as cli
from skruuvi.rules import paths

CHECKOUT = Path(__file__).resolve().parents[2]


def test_version_names_the_data_it_reads() -> None:
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "--version"], capture_output=True, text=True,
                          timeout=60, env={"PATH": "", "PYTHONPATH": str(CHECKOUT / "reference_impl")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"skruuvi {__version__}: suite {__version__} (")
    assert proc.stdout.endswith(f"; data: checkout {CHECKOUT}\n")


def test_generate_refuses_to_write_into_the_installed_package(monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(paths, "in_checkout", lambda: False)
    assert cli.main(["generate", "--ruleset", "skruuvi-2016", "--count", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "skruuvi: generate: the installed package's data is read-only: give --out DIR\n"
