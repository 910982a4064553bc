"""How much the plan works per case (issue 16 part 6): the rulesets of pinned readings compiled once per set,
and no case read back whole for an engine that declares every feature and no reading."""

from __future__ import annotations

from typing import Any

import pytest

from skruuvi.rules import readings as readings_module
from skruuvi.rules.paths import cases_dir
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.cases.cases import load_cases
from skruuvi.suite.features.features import feature_tags
from skruuvi.suite.run import declare
from skruuvi.suite.run.declare import plan_for
from skruuvi.suite.scp.protocol import Server

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these tests

CASES = cases_dir()


def header(rulesets: list[str], **declares: Any) -> dict[str, Any]:
    return {"protocol": 1, "implementation": {"name": "x", "version": "1", "rulesets": rulesets, **declares}}


def test_the_reference_engine_needs_no_case_read_back() -> None:
    assert not plan_for(Server().header()).reads_records
    every = feature_tags(get_ruleset("skruuvi-2016"))
    assert plan_for(header(["skruuvi-2016"], features={"skruuvi-2016": every})).reads_records is False
    fewer = [t for t in every if t != "case-readings"]
    assert plan_for(header(["skruuvi-2016"], features={"skruuvi-2016": fewer})).reads_records
    assert plan_for(header(["skruuvi-2016"], readings={"skruuvi-2016": {"score.defenders-receive": "nothing"}})
                    ).reads_records


def test_without_reading_the_records_the_plan_decides_as_with_them() -> None:
    """For the reference's declarations, every hand-written case is decided the same whether the plan looks
    into the case or not (the shortcut changes nothing)."""
    plan = plan_for(Server().header())
    slow = plan_for(Server().header())
    slow._reads = True  # as if it had to look into every case
    for case in load_cases([CASES]):
        assert plan(case) is case
        assert slow(case) is case, case.id


def test_each_set_of_pinned_readings_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    original = readings_module.with_readings

    def counting(ruleset: Any, chosen: Any) -> Any:
        compiled.append(repr(sorted(chosen.items())))
        return original(ruleset, chosen)

    monkeypatch.setattr(declare, "with_readings", counting)
    every = feature_tags(get_ruleset("skruuvi-2016"))
    partial = [t for t in every if t != "match"]  # fewer than every tag: the plan derives each case's features
    plan = plan_for(header(["skruuvi-2016"], features={"skruuvi-2016": partial}))
    pinned = [c for c in load_cases([CASES / "2016"]) if c.record.get("readings")]
    assert len(pinned) >= 2
    first = [plan(c) for c in pinned]
    assert len(compiled) == len(set(compiled)), "no set of readings compiled twice"
    assert [plan(c) for c in pinned] == first and len(compiled) == len(set(compiled)), "decided again, the same"
