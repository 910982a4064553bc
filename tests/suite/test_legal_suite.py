"""The hand-written legal and perft cases (conformance/cases/<era>/legal/): the reference answers every one as
the case's hand derivation does, the authoring script writes them as they are, and the readings they pin
matter (without them the set or the count differs). A set of more than 20 actions and every perft count are
justified by two implementations as well (the oracle answers every legal case in
tests/suite/test_oracle_agreement.py), the hand derivation kept in the note."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi.interpreter.legal import legal_for, perft_for
from skruuvi.rules.ruleset import available_rulesets
from skruuvi.suite.cases.cases import iter_cases
from skruuvi.suite.features.features import asks_legal

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"

pytestmark = pytest.mark.usefixtures("parse_once")  # the suite's files parsed once for all these tests


def _legal_cases() -> list:
    return [c for c in iter_cases([CASES]) if asks_legal(c.record)]


def _answer(record: dict) -> object:
    expect = record["expect"]
    if "perft" in expect:
        count = perft_for(record, expect["perft"]["depth"])
        return {"perft": {"depth": expect["perft"]["depth"], "count": count}}
    found = legal_for(record)
    return {"legal": sorted(found)} if isinstance(found, list) else found.to_response()


def test_the_reference_answers_every_legal_case_as_derived() -> None:
    cases = _legal_cases()
    assert {c.ruleset for c in cases} == set(available_rulesets())
    assert sum("perft" in c.expect for c in cases) >= 6
    for case in cases:
        justification = case.record["justification"]
        large = "perft" in case.expect or len(case.expect["legal"]) > 20
        assert justification["kind"] == ("two-implementations" if large else "hand-derived"), case.where
        assert "Position:" in justification["note"] or "Perft " in justification["note"], case.where
        if large:  # the hand derivation stays, and the note says the oracle agrees
            assert "the independent oracle" in justification["note"], case.where
        expect = case.expect
        got = _answer(case.record)
        want = {"legal": sorted(expect["legal"])} if "legal" in expect else expect
        assert got == want, case.where


def test_the_pinned_readings_change_the_answer() -> None:
    """A case pins a reading where it changes the set, or says that it does not (it holds an engine's reading to
    a position where the reading and the rule agree): either way its word is checked."""
    pinned = [c for c in _legal_cases() if c.record.get("readings")]
    assert len(pinned) >= 12
    for case in pinned:
        plain = {k: v for k, v in case.record.items() if k != "readings"}
        same = SAME_WITHOUT_READING in case.record["justification"]["note"]
        assert (_answer(plain) == _answer(case.record)) == same, case.where


#: What a case pinning a reading says when the reading leaves its answer as it was.
SAME_WITHOUT_READING = "The same answer without the reading"


def test_perft_positions_are_in_the_chosen_range() -> None:
    """10,000 to 200,000 leaves: big enough to reach past one level, small enough for a run."""
    for case in _legal_cases():
        if "perft" in case.expect:
            assert 10_000 <= case.expect["perft"]["count"] <= 200_000, case.where


def test_the_authoring_script_writes_the_cases_as_they_are() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "conformance" / "tools" / "author_legal.py"), "--check"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_rule_book_publishes_a_perft_table_per_ruleset() -> None:
    from skruuvi.book.cases import cases_page
    from skruuvi.book.site import load_cases
    from skruuvi.rules.ruleset import get_ruleset

    cases, _ = load_cases(ROOT)
    perft = [c for c in _legal_cases() if "perft" in c.expect]
    for rid in available_rulesets():
        page = cases_page(get_ruleset(rid), cases)
        table = page[page.index("## Perft {#perft}"):]
        for case in (c for c in perft if c.ruleset == rid):
            row = next(line for line in table.splitlines() if line.startswith(f"| `{case.id}` |"))
            assert f"| {case.expect['perft']['depth']} | {case.expect['perft']['count']:,} |" in row, row
