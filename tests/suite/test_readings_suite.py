"""The whole hand-written suite under every other reading the rulesets list: nothing crashes, and no
reading is silently ignored.

Each case of conformance/cases is replayed under each executable alternative of each rule of its ruleset
(one alternative at a time). Every replay must give an answer (no exception), and every alternative must
change the answer of at least one case, unless conformance/readings/unexercised.yaml lists it with a
reason; a listed one that does change an answer is an error in that file. The cases that pin readings
must get their hand-derived expectations from the reference.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from skruuvi.interpreter.replay import replay
from skruuvi.rules.readings import alternatives, executable, rule_field, with_readings
from skruuvi.rules.ruledoc import rule_entries
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml
from skruuvi.suite.cases.cases import Case, iter_cases
from skruuvi.suite.features.features import asks_legal
from skruuvi.suite.run.runner import compare

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these tests

ROOT = Path(__file__).resolve().parents[2]
UNEXERCISED = ROOT / "conformance" / "readings" / "unexercised.yaml"


def _cases() -> dict[str, list[Case]]:
    by_ruleset: dict[str, list[Case]] = defaultdict(list)
    for case in iter_cases([ROOT / "conformance" / "cases"]):
        by_ruleset[case.ruleset].append(case)
    return by_ruleset


def _listed() -> dict[tuple[str, str, str], str]:
    data = load_yaml(UNEXERCISED) or {}
    assert isinstance(data, dict), f"{UNEXERCISED}: expected a mapping of ruleset ids"
    out = {}
    for rid, entries in data.items():
        assert rid in available_rulesets(), f"{UNEXERCISED}: unknown ruleset {rid}"
        for entry in entries or ():
            assert set(entry) == {"rule", "value", "reason"} and entry["reason"], f"{UNEXERCISED}: {entry}"
            out[(rid, entry["rule"], repr(entry["value"]))] = entry["reason"]
    return out


def _answer(case: Case, ruleset: Any = None) -> Any:
    try:
        return replay(case.record, ruleset).to_response()
    except Exception as exc:  # the test's point: no reading may crash a replay
        raise AssertionError(f"{case.where}: replay raised {type(exc).__name__}: {exc}") from exc


def test_every_reading_replays_the_suite_and_changes_an_answer_or_is_listed() -> None:
    began = time.monotonic()
    listed = _listed()
    cases = _cases()
    silent, wrongly_listed, seen = [], [], set()
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        mine = [c for c in cases[rid] if "readings" not in c.record]  # a pinned reading would mask the one tried
        base = [_answer(c) for c in mine]
        for rule_id, alt in alternatives(ruleset):
            if not executable(alt):
                continue
            key = (rid, rule_id, repr(alt["value"]))
            seen.add(key)
            under = with_readings(ruleset, {rule_id: alt["value"], **(alt.get("requires") or {})})
            changed = sum(1 for c, b in zip(mine, base, strict=True) if _answer(c, under) != b)
            if not changed and key not in listed:
                silent.append(f"{rid} {rule_id} = {alt['value']!r}")
            if changed and key in listed:
                wrongly_listed.append(f"{rid} {rule_id} = {alt['value']!r} changes {changed} answer(s)")
    assert not silent, f"readings that change no answer (write a case, or list them in {UNEXERCISED}): {silent}"
    assert not wrongly_listed, f"listed in {UNEXERCISED} but they do change answers: {wrongly_listed}"
    stale = sorted(set(listed) - seen)
    assert not stale, f"{UNEXERCISED} lists readings no ruleset has (any more): {stale}"
    assert time.monotonic() - began < 60


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))  # table keys as text, as a case carries them


def _changes(case: Case) -> dict[str, Any]:
    """The case's pinned readings that give a rule another value than its own."""
    entries = {entry.get("id"): entry for _, entry in rule_entries(dict(get_ruleset(case.ruleset).raw))}
    return {rule_id: value for rule_id, value in case.record["readings"].items()
            if _as_json(entries[rule_id].get(rule_field(entries[rule_id]))) != _as_json(value)}


def test_the_cases_that_pin_readings_get_their_hand_derived_answers() -> None:
    pinned = [c for cs in _cases().values() for c in cs if "readings" in c.record
              and not asks_legal(c.record)]  # the legal cases that pin readings: tests/suite/test_legal_suite.py
    assert len(pinned) >= 8
    by_rule: dict[tuple[str, str], int] = defaultdict(int)
    for case in pinned:
        assert case.record["justification"]["kind"] == "hand-derived"
        answer = _answer(case)
        kind = "error" if "error" in answer else "result"
        assert compare(case.expect, kind, answer[kind]) == [], case.where
        # the reading matters: without it the same record gets another answer; a case that pins rules to
        # their own values (it tests that an engine takes a pinned default as the default) gets the same
        plain = {k: v for k, v in case.record.items() if k != "readings"}
        changes = _changes(case)
        assert (replay(plain).to_response() != answer) == bool(changes), case.where
        for rule_id in changes:
            by_rule[(case.ruleset, rule_id)] += 1
    assert len(by_rule) >= 3 and all(n >= 2 for n in by_rule.values()), dict(by_rule)


@pytest.mark.parametrize("rid", available_rulesets())
def test_non_executable_alternatives_say_why(rid: str) -> None:
    for rule_id, alt in alternatives(get_ruleset(rid)):
        if "value" in alt and not executable(alt):
            assert alt.get("why"), f"{rid} {rule_id}: executable: false needs a why"
