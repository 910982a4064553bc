"""The authoring tools' search hints (conformance/tools/search_hints.py): a stored seed and play are only tried
first. The committed hint is what the search finds; a stale hint (a wrong seed, an illegal play) is searched anew
and gives the same case as no hint at all."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "conformance" / "tools"
# A scenario of each era whose seeded fill is searched past its first seed and whose play is searched for a target.
SEARCHED = [("author_1895", "scenarios_1895", "1895.aces.no-trump-three"),
            ("author_1944", "scenarios_1944", "1944.misere.failed-undertricks")]


def _load(*names: str) -> list[ModuleType]:
    sys.path.insert(0, str(TOOLS))
    try:
        return [importlib.import_module(name) for name in names]
    finally:
        sys.path.remove(str(TOOLS))


def _hints(tmp_path: Path, stored: dict[str, Any]) -> Any:
    (search_hints,) = _load("search_hints")
    path = tmp_path / "hints.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    return search_hints.Hints(str(path))


@pytest.mark.parametrize(("tool_name", "scenarios_name", "case_id"), SEARCHED)
def test_a_stale_hint_is_searched_anew_and_gives_the_same_case(tmp_path: Path, tool_name: str,
                                                              scenarios_name: str, case_id: str) -> None:
    tool, scenarios = _load(tool_name, scenarios_name)
    sc = next(s for s in scenarios.SCENARIOS if s["id"] == case_id)
    unhinted = _hints(tmp_path, {})
    case = tool.build_case(sc, unhinted)
    found = unhinted.found[case_id]
    first = sc.get("seed", 0)
    assert found["seed"] != first and len(found["play"].split()) == 52
    era = case_id.split(".")[0]
    committed = json.loads((TOOLS / f"hints_{era}.json").read_text(encoding="utf-8"))
    assert committed[case_id] == found

    hinted = _hints(tmp_path, {case_id: found})
    assert tool.build_case(sc, hinted) == case and not hinted.stale and hinted.found[case_id] == found

    cards = found["play"].split()
    cards[-2], cards[-1] = cards[-1], cards[-2]  # two seats' cards swapped: the play is illegal
    for stale in ({"seed": found["seed"], "play": " ".join(cards)}, {"seed": first, "play": found["play"]},
                  {"seed": found["seed"], "play": " ".join(cards[:51])}):
        hints = _hints(tmp_path, {case_id: stale})
        assert tool.build_case(sc, hints) == case, stale
        assert hints.stale == [case_id] and hints.found[case_id] == found, stale
