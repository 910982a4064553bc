"""What a ruleset plays under its own readings (skruuvi.rules.reach): the phases a form never plays, and the forms a
deal can be in only under another reading. The expectations are read from the ruleset files as the docstrings say."""

from __future__ import annotations

import copy

import pytest

from skruuvi.rules.reach import forms_under_other_readings, never_played, played_phases, reachable_forms
from skruuvi.rules.ruleset import compile_ruleset, get_ruleset


@pytest.mark.parametrize("rid", ["skruuvi-1944", "skruuvi-2016"])
def test_a_kotka_never_plays_the_defenders_exchange(rid: str) -> None:
    """kotka.min-level: a kotka's first auction takes no bid below 6; defenders-exchange.banned-after-high-first-bid:
    no defenders' exchange when the main pair's first bid was at 6 or more. So never in a kotka; in an alkupeli
    (bids from 1) it is played."""
    rs = get_ruleset(rid)
    assert never_played(rs, "kotka") == {"defenders-exchange": "defenders-exchange.banned-after-high-first-bid"}
    assert never_played(rs, "alkupeli") == {}
    kotka = [p.id for p in played_phases(rs, "kotka")]
    assert "defenders-exchange" not in kotka and kotka == [p.id for p in rs.forms["kotka"].phases
                                                           if p.id != "defenders-exchange"]
    assert "defenders-exchange" in [p.id for p in played_phases(rs, "alkupeli")]


def test_a_kotka_opened_lower_than_the_ban_plays_the_exchange() -> None:
    """The same 2016 file with the kotka's first auction opened at 5 (one below the ban's 6): a main pair may then
    open at 5, and the exchange can take place."""
    doc = copy.deepcopy(dict(get_ruleset("skruuvi-2016").raw))
    doc["id"], doc["era"] = "skruuvi-lower-kotka", "2099"
    rule = next(r for r in doc["phases"]["kotka-first-auction"]["rules"] if r.get("param") == "min_level")
    rule["value"] = 5
    lower = compile_ruleset(doc, "<test>")
    assert never_played(lower, "kotka") == {}


def test_the_1895_passimisaari_is_played_only_under_another_reading() -> None:
    """auction.all-pass is 'redeal' in the 1895 file, its listed alternative 'passimisaari': under the file's own
    reading an all-pass deal is thrown in, under the alternative it is played as the passimisääri. The later eras
    reach their all-pass form under their own readings."""
    rs = get_ruleset("skruuvi-1895")
    assert reachable_forms(rs) == {"alkupeli", "redeal"}
    assert forms_under_other_readings(rs) == {"passimisaari": ("auction.all-pass", "passimisaari")}
    for rid in ("skruuvi-1944", "skruuvi-2016"):
        assert forms_under_other_readings(get_ruleset(rid)) == {}, rid
