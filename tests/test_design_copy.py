"""DESIGN.md in the repository is a copy of the project's shared contract; they must not drift apart."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "DESIGN.md"


@pytest.mark.skipif(not SHARED.is_file(), reason="no shared/DESIGN.md beside this checkout")
def test_design_copy_matches_the_shared_contract() -> None:
    assert (ROOT / "DESIGN.md").read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8")
