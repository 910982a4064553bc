"""The project's README is one screen (issue 31): what the project is, the two commands, and which document each
reader goes to next; no count that would drift, and every document it points to exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_one_screen_with_the_two_commands() -> None:
    assert len(README.splitlines()) <= 40
    assert "python3 -m pip install -e '.[test,docs]' && skruuvi conformance" in README
    assert "python3 -m pytest" in README


def test_the_readme_holds_no_number_that_drifts() -> None:
    numbers = [n.rstrip(",.") for n in re.findall(r"(?<![\w.])\d[\d,.]*(?![\w])", README)]
    kept = {"1895", "1944", "2016", "3.11", "1"}  # the eras, the Python version, SCP/1's protocol number
    assert set(numbers) <= kept, sorted(set(numbers) - kept)


def test_every_document_the_readme_names_exists() -> None:
    for target in re.findall(r"\]\(([^)]+)\)", README):
        assert (ROOT / target).exists(), target
    for readers in ("engine", "rules", "work on this project"):
        assert readers in README
