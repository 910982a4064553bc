"""A match record's ``options`` (DESIGN §3, amendment match-options): the agreements its ruleset lists, each of the
shape of its rule; anything else is refused before any deal, in one line naming the option and its rule, the same
line ``skruuvi validate`` prints; and a sitsi's players are its ``players`` together with everyone seated."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from skruuvi.interpreter.match_options import options_problem, players_of
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import CaseFormatError
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.validate import RecordCheck

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
SITSI = CASES / "2016" / "match" / "sitsi-one-deal-stages.yaml"  # two one-deal stages: six deals in all
RUBBER = CASES / "1895" / "match" / "rubber-2-0.yaml"


def _record(path: Path, **options: Any) -> dict[str, Any]:
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    record["match"]["options"] = {**(record["match"].get("options") or {}), **options}
    return record


#: Options refused, each with the words its one line must hold (the option and the rule it changes).
REFUSED = [
    ({"players": ["A", "A"]}, ["option players", "sitsi.agreements", "twice"]),
    ({"players": ["A", 3]}, ["option players", "non-empty string"]),
    ({"players": "ABCD"}, ["option players", "list"]),
    ({"partnerships": []}, ["option partnerships", "sitsi.partnerships", "non-empty list"]),
    ({"partnerships": [[["A", 1], ["C", "D"]]]}, ["sitsi.partnerships", "block 0", "non-empty string"]),
    ({"partnerships": [[["A", "B"], ["A", "D"]]]}, ["sitsi.partnerships", "four different players"]),
    ({"partnerships": [[["A", "B", "C"], ["D"]]]}, ["sitsi.partnerships", "two pairs"]),
    ({"stages": [{"form": "bolsevikki", "deals": 1}]}, ["option stages", "sitsi.block", "alkupeli, kotka"]),
    ({"stages": [{"form": "bolsevikki"}]}, ["sitsi.block", "alkupeli, kotka"]),
    ({"stages": [{"form": "alkupeli", "until_games": 1}]}, ["sitsi.block", "{form: alkupeli, deals: n}"]),
    ({"stages": [{"form": "kotka", "deals": 0}]}, ["sitsi.block", "deals must be a whole number >= 1"]),
    ({"stages": [{"form": ["kotka"], "deals": 1}]}, ["sitsi.block", "stage 0"]),
    ({"stages": []}, ["sitsi.block", "non-empty list"]),
    ({"unwinding": 1}, ["option unwinding", "sitsi.unwinding", "true or false"]),
    ({"bolsevikki_round": "yes"}, ["option bolsevikki_round", "sitsi.bolsevikki-round"]),
    ({"fifth_player": True}, ["'fifth_player' is not an agreement of skruuvi-2016"]),
]


@pytest.mark.parametrize(("options", "words"), REFUSED, ids=[str(o) for o, _ in REFUSED])
def test_options_a_ruleset_does_not_allow_are_one_line_naming_the_option(options: dict[str, Any],
                                                                        words: list[str]) -> None:
    record = _record(SITSI, **options)
    problem = options_problem(get_ruleset("skruuvi-2016"), record["match"]["options"])
    assert problem is not None
    where, reason = problem
    assert where == f"/match/options/{next(iter(options))}" and "\n" not in reason
    assert all(word in reason for word in words), reason
    with pytest.raises(CaseFormatError) as raised:  # the replay refuses it before any deal, with the same reason
        replay(record)
    assert raised.value.reason == reason and raised.value.path == where
    record["id"] = "test.refused-options"
    found = [str(p) for p in RecordCheck().problems(record)]  # and so does validate, naming the case
    assert found == [f"<record>: {where}: case 'test.refused-options': {reason}"]


@pytest.mark.parametrize("options", [[], "stages", 0])
def test_options_that_are_not_a_mapping_are_refused_in_every_era(options: Any) -> None:
    for path, ruleset in ((SITSI, "skruuvi-2016"), (RUBBER, "skruuvi-1895")):
        record = _record(path)
        record["match"]["options"] = options
        assert options_problem(get_ruleset(ruleset), options) == (
            "/match/options", "match.options must be a mapping of agreements {option: value}")
        with pytest.raises(CaseFormatError):
            replay(record)


def test_the_1944_set_and_the_1895_rubber_take_no_agreement_but_an_empty_mapping_is_none() -> None:
    for ruleset in ("skruuvi-1944", "skruuvi-1895"):
        assert options_problem(get_ruleset(ruleset), {"unwinding": False}) == (
            "/match/options/unwinding", f"option 'unwinding' is not an agreement of {ruleset} (agreements: none)")
        assert options_problem(get_ruleset(ruleset), {}) is None
        assert options_problem(get_ruleset(ruleset), None) is None
    plain = replay(_record(RUBBER)).to_response()
    with_empty = _record(RUBBER)
    with_empty["match"]["options"] = {}
    with_null = copy.deepcopy(with_empty)
    with_null["match"]["options"] = None
    assert replay(with_empty).to_response() == replay(with_null).to_response() == plain


def test_a_partnership_naming_a_player_by_a_number_is_refused_not_a_type_error() -> None:
    record = _record(SITSI, partnerships=[[["A", 1], ["C", "D"]], [["A", "C"], ["B", "D"]]])
    with pytest.raises(CaseFormatError, match="block 0: each player is named by a non-empty string"):
        replay(record)


def test_allowed_shapes_pass() -> None:
    sitsi = get_ruleset("skruuvi-2016")
    for options in ({"stages": [{"form": "kotka", "deals": 2}, {"form": "alkupeli", "deals": 1}]},
                    {"players": []}, {"players": ["E", "A"]}, {"unwinding": True, "bolsevikki_round": False},
                    {"partnerships": [[["A", "E"], ["C", "D"]]]}):
        assert options_problem(sitsi, options) is None, options


def test_the_players_of_a_sitsi_are_its_named_players_and_everyone_seated() -> None:
    params = {"players": ["E", "B"], "partnerships": [[["A", "B"], ["C", "D"]], [["A", "F"], ["B", "C"]]]}
    assert players_of(params) == ["E", "B", "A", "C", "D", "F"]
    assert players_of({"partnerships": [[["A", "B"], ["C", "D"]]]}) == ["A", "B", "C", "D"]


def test_a_player_first_seated_in_a_later_block_is_on_every_sheet() -> None:
    """Hand-derived from sitsi-one-deal-stages (each block one alkupeli and one kotka), whose sheets give each
    deal's side points: deal 2 (N A, S C against E B, W D) NS +105, deal 3 NS -20. Here the agreed partnerships
    are A-B / C-D, then A-E / B-C, and ``players`` names A-D only; deal 2 seats N A, S E, E B, W C (the same
    cards and actions), so A and E score NS's +105 and -20, B and C EW's -105 and +20, and D sits out. E is a
    player of the sitsi from the first sheet on (DESIGN: the named players and everyone seated), with 0 until
    he sits; the reference had left him off the sheets of block 1."""
    record = _record(SITSI, players=["A", "B", "C", "D"],
                     partnerships=[[["A", "B"], ["C", "D"]], [["A", "E"], ["B", "C"]]])
    record["match"]["deals"] = record["match"]["deals"][:4]
    record["match"]["deals"][2]["seats"] = {"N": "A", "S": "E", "E": "B", "W": "C"}
    done = replay(record).to_response()["result"]["match"]
    assert done["sheets"] == [{"totals": {"A": 20, "B": 20, "C": -20, "D": -20, "E": 0}},
                              {"totals": {"A": 80, "B": 80, "C": -80, "D": -80, "E": 0}},
                              {"totals": {"A": 185, "B": -25, "C": -185, "D": -80, "E": 105}},
                              {"totals": {"A": 165, "B": -5, "C": -165, "D": -80, "E": 85}}]
    assert done["final"] == {"totals": {"A": 165, "B": -5, "C": -165, "D": -80, "E": 85},
                             "ranking": ["A", "E", "B", "D", "C"]}
