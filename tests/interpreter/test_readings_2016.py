"""The 2016 readings: what the pinned cases (conformance/cases/2016/readings/) cannot say themselves.

The answers under each alternative are pinned by hand-derived cases, written by
conformance/tools/author_readings.py from the specs in conformance/tools/readings_2016.py and replayed by
tests/suite/test_readings_suite.py, which checks each against its derivation and that the reading changes
the answer. Here:

- every executable alternative of skruuvi-2016 is pinned by at least two of those cases;
- where a case edits its base's actions, its answer without the reading is the one its derivation states
  (:data:`DEFAULTS`; the suite only checks that it differs);
- the batch paths give every pinned case the step path's answer (they fall back for a reading they do not
  know);
- readings that leave an answer as it was (:data:`READINGS`: a record cannot pin them, since a pinned
  case's reading must matter), each against its derivation in ``why``: the record is a hand-written case of
  conformance/cases/2016/ named by ``base``, with the actions changed as ``actions`` says;
- a reading the ruleset refuses.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.paths import repo_root
from skruuvi.rules.readings import alternatives, executable, rule_field, with_readings
from skruuvi.rules.ruledoc import rule_entries
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.rules.yamlio import load_yaml

CASES = repo_root() / "conformance" / "cases" / "2016"
RS = get_ruleset("skruuvi-2016")


def case(base: str) -> dict[str, Any]:
    data = load_yaml(Path(CASES / f"{base}.yaml"))
    assert isinstance(data, dict)
    return data


def pinned() -> list[dict[str, Any]]:
    return [case(f"readings/{path.stem}") for path in sorted((CASES / "readings").glob("*.yaml"))]


def error(index: int | None, code: str) -> dict[str, Any]:
    return {"error": {"index": index, "code": code}}


def replaced(actions: list[str], index: int, *new: str) -> list[str]:
    return [*actions[:index], *new, *actions[index + 1 :]]


def reordered(actions: list[str], start: int, order: tuple[int, ...]) -> list[str]:
    """``actions`` with ``actions[start:start + len(order)]`` taken in ``order`` (offsets from ``start``)."""
    run = [actions[start + k] for k in order]
    return [*actions[:start], *run, *actions[start + len(order) :]]


def record(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry's record: its base case's ruleset and deal, and the base's actions changed by ``actions``
    (a function of the base's actions; None keeps them)."""
    base = case(entry["base"])
    edit = entry.get("actions")
    actions = list(base["actions"]) if edit is None else edit(list(base["actions"]))
    return {"ruleset": base["ruleset"], "deal": base["deal"], "actions": actions}


SAME = "the base case's answer"
PINNED_DEFAULT = "the case's own answer: its readings pin only rules' own values"

# The answer without the reading of each pinned case that edits its base's actions (the "By default ..." of
# its derivation): the base's answer is the base case's business, this one is the edited record's.
DEFAULTS: dict[str, dict[str, Any]] = {
    "two-passes-played-5C": error(18, "not-your-turn"),
    "two-passes-played-5D": error(21, "not-your-turn"),
    "reverse-returns-dealer-first": error(6, "not-your-turn"),
    "four-doublers-forehand-doubles": error(9, "not-your-turn"),
    "four-doublers-all-pass": error(9, "not-your-turn"),
    "bolshevik-right-leads-W-played": error(7, "not-your-turn"),
    # several callers: first-chooses is the rule's own value, so these records (which pin it) get their answers
    # without the pin too; the "By default" of their derivations is now the alternative rejected's
    "several-callers-first-keeps": PINNED_DEFAULT,
    "several-callers-first-withdraws": PINNED_DEFAULT,
    "several-callers-two-withdraw": PINNED_DEFAULT,
    "several-callers-fourth-calls": PINNED_DEFAULT,
    "several-callers-first-chooses-first": PINNED_DEFAULT,
    "several-callers-choice-is-keep-or-withdraw": PINNED_DEFAULT,
    "several-callers-rejected-second-call": error(3, "incomplete-record"),
    "several-callers-rejected-fourth-call": error(4, "wrong-phase"),
    "several-callers-cac-forehand-first": error(0, "not-your-turn"),
    "forehand-calls-first-N": error(0, "not-your-turn"),
    "forehand-calls-first-W": error(0, "not-your-turn"),
    "bolshevik-any-order-N": error(4, "give-wrong-recipient"),
    "bolshevik-any-order-W": error(4, "give-wrong-recipient"),
    "kitty-any-order-N": error(13, "give-wrong-recipient"),
    "kitty-any-order-E": error(11, "give-wrong-recipient"),
    "same-card-defenders-played": error(19, "return-same-card"),
    "several-callers-call-below-level": PINNED_DEFAULT,
    "several-callers-lower-strain-after-grandi": error(0, "bid-not-allowed"),
    "several-callers-higher-call-starts-over": error(1, "bid-not-allowed"),
    "several-callers-choice-not-a-play": PINNED_DEFAULT,
    "any-strain-7S-made-by-ruffing": error(0, "bid-not-allowed"),
    # without the reading a block is four alkupelit then four kotkat: deal 2, the record's first kotka, is wrong
    "short-blocks-sitsi-played": {"error": {"deal": 2, "index": None, "code": "wrong-deal-form"}},
}

#: Pinned cases written whole, not edited from a base case: their notes derive the deal from the start, and the
#: record's answer without the reading is in DEFAULTS.
STANDALONE = {"any-strain-7S-made-by-ruffing"}

READINGS: list[dict[str, Any]] = [
    {
        "name": "kitty-any-order-twice-to-one",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "kitty/taker-E",
        "actions": lambda a: replaced(a, 12, "W give N 2D"),
        "default": error(12, "give-wrong-recipient"),
        "expect": error(12, "give-wrong-recipient"),
        "why": "Any order, but one card to each: a second gift to N (12) is still give-wrong-recipient.",
    },
    {
        "name": "kitty-any-order-leaves-the-bolshevik",
        "readings": {"kitty.partner-order": "any-order"},
        "base": "bolsevikki/made-W-third-caller",
        "actions": lambda a: reordered(a, 4, (2, 1, 0)),
        "default": error(4, "give-wrong-recipient"),
        "expect": error(4, "give-wrong-recipient"),
        "why": "The kitty's reading does not change the bolshevik's order (bolsevikki.gift-order).",
    },
    {
        "name": "compulsory-exchange-made",
        "readings": {"defenders-exchange.kind": "compulsory"},
        "base": "defenders-exchange/done",
        "default": SAME,
        "expect": SAME,
        "why": "The defenders exchange in the base case: nothing changes.",
    },
    {
        "name": "compulsory-exchange-banned",
        "readings": {"defenders-exchange.kind": "compulsory"},
        "base": "defenders-exchange/banned-first-bid-6",
        "default": SAME,
        "expect": SAME,
        "why": "The exchange is banned (first bid at 6): compulsory only where it is allowed; nothing changes.",
    },
]


def expected(entry: dict[str, Any], key: str) -> dict[str, Any]:
    value = entry[key]
    if value == SAME:
        return dict(case(entry["base"])["expect"])
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("entry", READINGS, ids=lambda e: e["name"])
def test_reading_leaves_the_answer_as_derived(entry: dict[str, Any]) -> None:
    rec = record(entry)
    assert replay(rec).to_response() == expected(entry, "default")
    ruleset = with_readings(RS, entry["readings"])
    assert replay(rec, ruleset=ruleset).to_response() == expected(entry, "expect")
    with engine.step_path_only():  # the batch paths fall back to the step path for a reading they do not know
        assert replay(rec, ruleset=ruleset).to_response() == expected(entry, "expect")


def test_every_executable_alternative_is_pinned_by_two_cases() -> None:
    count = {(rule_id, repr(alt["value"])): 0 for rule_id, alt in alternatives(RS) if executable(alt)}
    own = {entry.get("id"): entry.get(rule_field(entry)) for _, entry in rule_entries(dict(RS.raw))}
    for data in pinned():
        for rule_id, value in data["readings"].items():
            key = (rule_id, repr(value))
            if rule_id in own and own[rule_id] == value:  # pinned to the rule's own value: the default, pinned
                continue
            assert key in count, f"{data['id']}: {rule_id} = {value!r} is no executable alternative"
            count[key] += 1
    assert all(n >= 2 for n in count.values()), sorted(k for k, n in count.items() if n < 2)


def test_an_edited_record_gets_its_derived_answer_without_the_reading() -> None:
    cases = {data["id"].removeprefix("2016.readings."): data for data in pinned()}
    assert set(DEFAULTS) <= set(cases), sorted(set(DEFAULTS) - set(cases))
    for name, data in cases.items():
        plain = {k: v for k, v in data.items() if k != "readings"}
        found = re.match(r"Base case \S+ \(2016/(.+?)\.yaml\)", data["justification"]["note"])
        if name in STANDALONE:
            assert not found and replay(plain).to_response() == DEFAULTS[name], name
            continue
        assert found, f"{name}: the note does not start by naming its base case"
        base = case(found.group(1))
        edited = any(data.get(k) != base.get(k) for k in ("actions", "match"))
        assert edited == (name in DEFAULTS), f"{name}: edited {edited}, listed {name in DEFAULTS}"
        if edited and DEFAULTS[name] == PINNED_DEFAULT:
            own = {e.get("id"): e.get(rule_field(e)) for _, e in rule_entries(dict(RS.raw))}
            assert all(own[rule] == value for rule, value in data["readings"].items()), name
            assert replay(plain).to_response() == data["expect"], name
        elif edited:
            assert replay(plain).to_response() == DEFAULTS[name], name


@pytest.mark.parametrize("data", pinned(), ids=lambda d: d["id"])
def test_the_batch_paths_give_a_pinned_case_the_step_paths_answer(data: dict[str, Any]) -> None:
    ruleset = with_readings(RS, data["readings"])
    with engine.step_path_only():
        stepped = replay(data, ruleset=ruleset).to_response()
    assert replay(data, ruleset=ruleset).to_response() == stepped


def test_zero_sum_names_scoring_rules_only() -> None:
    with pytest.raises(RulesetError, match=r"zero_sum: 'score\.nothing' is not a scoring rule"):
        with_readings(RS, {"score.zero-sum": ["score.nothing"]})
