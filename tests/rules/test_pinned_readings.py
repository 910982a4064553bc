"""Which reading values a case may pin (DESIGN §3, amendment pinned-readings): a rule's own value or one of its
executable alternatives, equal to it as JSON data; a rule without an executable alternative not at all. Anything
else is refused by the replay (answered ``errored``) and by validate, with the same one line naming the rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import InputError
from skruuvi.rules.pinned import pinnable, pinned_problem, same_data
from skruuvi.rules.readings import alternatives, executable, rule_field
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.suite.scp.protocol import Server
from skruuvi.suite.validate import RecordCheck

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"
RUBBER = CASES / "1895" / "match" / "rubber-2-0.yaml"


def test_same_data_compares_as_json() -> None:
    assert same_data({4: 400, 6: 1100}, {"6": 1100, "4": 400})
    assert same_data([["A", "B"], []], [["A", "B"], []])
    assert not same_data(1, True) and not same_data(True, 1)
    assert not same_data(1, 1.0) and not same_data(0, False)
    assert not same_data(["first", "last"], ["last", "first"])  # lists in order
    assert not same_data({"6": 1100}, {"6": 1100, "7": 1700})
    assert not same_data({4: 1, "4": 1}, {"4": 1})  # two keys that JSON writes alike
    assert not same_data(None, []) and same_data(None, None)


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_rule_with_an_executable_alternative_pins_its_value_and_those(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    with_alternatives = {rule for rule, alt in alternatives(ruleset) if executable(alt)}
    assert with_alternatives, ruleset_id
    for rule_id in ruleset.rules:
        values = pinnable(ruleset, rule_id)
        if rule_id not in with_alternatives:
            assert values == [], rule_id
            continue
        entry = ruleset.rules[rule_id].raw
        listed = [alt["value"] for alt in entry["alternatives"] if executable(alt)]
        assert values == [entry[rule_field(entry)], *listed], rule_id
        assert all(pinned_problem(ruleset, rule_id, json.loads(json.dumps(v))) is None for v in values), rule_id


#: Pins refused, each with words its line must hold: a value of the rule's shape that the rule does not list is
#: refused by the pin rule; a value of another shape is refused first by what any reading is checked for (its shape).
REFUSED = [
    ("skruuvi-1895", "auction.end-eight-passes", 10, "is neither the rule's own value nor one of its executable "
     "alternatives (a case pins one of: 8; 12)"),
    ("skruuvi-1944", "score.undertrick-first", {"4": 400, "5": 500, "6": 1200, "7": 1700}, "is neither"),
    ("skruuvi-2016", "deal.centre-not-top-or-bottom", [51, 0], "is neither"),
    ("skruuvi-2016", "passimisaari.doubling-order", ["dealer-partner", "dealer"], "is neither"),
    ("skruuvi-2016", "bolsevikki.call-once", True, "lists no executable alternative"),
    ("skruuvi-2016", "sitsi.partnerships", [[["A", "B"], ["C", "D"]]], "lists no executable alternative"),
    ("skruuvi-1895", "score.scale", True, "a boolean cannot stand for this rule's value"),
    ("skruuvi-1895", "score.scale", 10.0, "is not a whole number"),
    ("skruuvi-2016", "no.such-rule", 1, "no rule 'no.such-rule' in skruuvi-2016"),
]


@pytest.mark.parametrize(("ruleset_id", "rule_id", "value", "words"), REFUSED,
                         ids=[f"{r}-{v}" for _, r, v, _ in REFUSED])
def test_a_pin_of_any_other_value_is_refused_alike_by_replay_serve_and_validate(ruleset_id: str, rule_id: str,
                                                                               value: Any, words: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert pinned_problem(ruleset, rule_id, value) is not None  # none of them may be pinned
    record = yaml.safe_load(RUBBER.read_text(encoding="utf-8"))
    record.update(ruleset=ruleset_id, id="test.pinned", readings={rule_id: value})
    with pytest.raises(InputError) as raised:
        replay(record)
    reason = raised.value.reason
    assert words in reason and "\n" not in reason
    answer = Server().handle(json.dumps({"cmd": "run", "seq": 3, "case": record}))
    assert answer is not None and answer["seq"] == 3 and reason in answer["errored"]
    found = [str(p) for p in RecordCheck().problems(record)]
    assert any(f"<record>: /readings/{rule_id}: case 'test.pinned': readings: " in line and reason in line
               for line in found), found


def test_a_json_table_pin_with_text_keys_is_the_listed_table() -> None:
    """{"6": 1100} over JSON is the 1944 older table's {6: 1100}: pinned, and answered as the YAML case is."""
    path = CASES / "1944" / "readings" / "older-table-down-6-one.yaml"
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    as_json = json.loads(json.dumps(record))
    assert next(iter(as_json["readings"]["score.undertrick-first"])) == "4"
    assert replay(as_json).to_response() == replay(record).to_response()
    assert RecordCheck().problems(as_json) == []
