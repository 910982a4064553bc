"""The case-format page for implementers: every deal field described, the score and match shapes per ruleset
(checked against the hand-written cases' expectations), and the deck's order and 0-based centre positions
(checked against the reference's dealing)."""

from __future__ import annotations

import pytest

from skruuvi.book import case_format_page
from skruuvi.book.implementers import DEAL_FIELDS
from skruuvi.book.site import optional_json
from skruuvi.interpreter.deal import build_deal
from skruuvi.rules.notation import DECK
from skruuvi.rules.paths import repo_root
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

ROOT = repo_root()


@pytest.fixture(scope="module")
def page():
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    return case_format_page(optional_json(ROOT / "spec/schema/case.schema.json"),
                            optional_json(ROOT / "spec/schema/protocol.schema.json"), rulesets)


@pytest.fixture(scope="module")
def cases(suite_cases):
    return suite_cases[0]  # read once per session (conftest.py)


def test_every_deal_field_of_the_schema_is_described(page):
    schema = optional_json(ROOT / "spec/schema/case.schema.json")
    for name in schema["$defs"]["deal"]["properties"]:
        row = next(line for line in page.splitlines() if line.startswith(f"| `deal.{name}` |"))
        assert row.rstrip(" |").split(" | ")[-1] not in ("", "(not described)"), name
    assert "DESIGN" not in page  # the book points to its own pages, not into the design document


def shape_row(page: str, rid: str) -> str:
    return next(line for line in page.splitlines() if line.startswith(f"| [`{rid}`]"))


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_score_shape_said_is_the_shape_the_cases_expect(page, cases, rid):
    rs = get_ruleset(rid)
    row = shape_row(page, rid)
    results = [c for c in cases if c.get("ruleset") == rid and "result" in (c.get("expect") or {})
               and "score" in (c["expect"]["result"] or {})]
    assert results
    for case in results:
        score = case["expect"]["result"]["score"]
        if set(score) == {"N", "E", "S", "W"}:
            shares = "declarer-shared" in (case.get("readings") or {}).values()  # a third each: maybe a fraction
            assert "an integer per seat" in row and all(isinstance(v, int) or shares for v in score.values())
            assert not shares or "a third of it" in row
        elif "an integer per side" in row:
            assert set(score) == {"NS", "EW"} and all(isinstance(v, int) for v in score.values()), case["id"]
        else:
            assert all(set(v) == set(rs.columns) for v in score.values()), case["id"]


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_match_shape_said_is_the_shape_the_match_cases_expect(page, cases, rid):
    row = shape_row(page, rid)
    matches = [c for c in cases if c.get("ruleset") == rid and "match" in (c.get("expect") or {})]
    for case in matches:
        sheet, final = case["expect"]["match"]["sheets"][0], case["expect"]["match"]["final"]
        if "totals" in sheet:
            assert "{totals: {A: …" in row and set(final) == {"totals", "ranking"}
        else:
            assert set(sheet["NS"]) == {*get_ruleset(rid).columns, "games", "running"}
            assert set(final) == {"NS", "EW", "difference", "book"} and "{NS, EW, difference, book}" in row


def test_the_deck_is_top_card_first_and_centre_positions_count_from_zero():
    assert "**top card first**" in DEAL_FIELDS["deck"] and "**counted from 0**" in DEAL_FIELDS["centre_positions"]
    rs = get_ruleset("skruuvi-2016")
    deck = [str(c) for c in DECK]
    deal = build_deal({"form": "alkupeli", "dealer": "N", "deck": deck, "centre_positions": [30, 2, 10, 20]}, rs)
    assert [str(c) for c in deal.centre] == [deck[2], deck[10], deck[20], deck[30]]
    rest = [c for i, c in enumerate(deck) if i not in (2, 10, 20, 30)]
    east = {str(c) for c in deal.hands[1]}  # the first card left goes to the dealer's left (N deals: East)
    assert rest[0] in east and rest[4] in east
