"""DESIGN.md in the repository is the shared contract with the amendments recorded in design-amendments.yaml.

The shared contract (../shared/DESIGN.md) is read-only to this project; an issue that explicitly asks for a
contract change is carried out here and recorded as an amendment, so the two can never drift apart silently.
"""

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "DESIGN.md"
DESIGN = ROOT / "DESIGN.md"
AMENDMENTS = ROOT / "design-amendments.yaml"


def _amendments() -> list[dict]:
    with AMENDMENTS.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle)["amendments"]


def _apply(text: str, amendments: list[dict]) -> str:
    for amendment in amendments:
        for number, edit in enumerate(amendment["edits"]):
            found = text.count(edit["before"])
            assert found == 1, (
                f"amendment {amendment['id']!r}, edit {number}: its `before` text occurs {found} times "
                "in the shared contract, not once"
            )
            text = text.replace(edit["before"], edit["after"])
    return text


def test_every_amendment_is_recorded_with_its_issue_and_suite_version() -> None:
    changelog = (ROOT / "conformance" / "CHANGELOG.md").read_text(encoding="utf-8")
    ids = [amendment["id"] for amendment in _amendments()]
    assert len(ids) == len(set(ids))
    for amendment in _amendments():
        assert isinstance(amendment["issue"], int)
        assert amendment["summary"].strip()
        assert amendment["edits"]
        assert f"## {amendment['suite_version']}" in changelog


def _as_amended_later(text: str, later: list[dict]) -> str:
    """``text`` with the edits of the later amendments that rewrite a part of it (one amendment may amend
    another's text, as a list that grows)."""
    for amendment in later:
        for edit in amendment["edits"]:
            text = text.replace(edit["before"], edit["after"])
    return text


def test_design_has_every_amendment_applied() -> None:
    design = DESIGN.read_text(encoding="utf-8")
    amendments = _amendments()
    for n, amendment in enumerate(amendments):
        for edit in amendment["edits"]:
            after = _as_amended_later(edit["after"], amendments[n + 1:])
            assert after in design, f"amendment {amendment['id']!r} is not in DESIGN.md"
            if edit["before"] not in edit["after"]:
                assert edit["before"] not in design, f"DESIGN.md still has text amendment {amendment['id']!r} replaces"


@pytest.mark.skipif(not SHARED.is_file(), reason="no shared/DESIGN.md beside this checkout")
def test_design_is_the_shared_contract_with_the_recorded_amendments() -> None:
    shared = SHARED.read_text(encoding="utf-8")
    design = DESIGN.read_text(encoding="utf-8")
    if design == shared:  # the shared contract has adopted every amendment
        return
    assert _apply(shared, _amendments()) == design
