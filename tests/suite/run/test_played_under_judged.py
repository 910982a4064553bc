"""No declared reading leaves a game form unjudged (issue 30, part 1).

The suite's records are played under the rulesets as they stand; an engine that declares another reading is
judged on them under its reading, and a record whose actions that reading forbids is judged as an error. The
records played under each reading (conformance/generated/<era>/readings-<seed>.jsonl.gz) close the gap. For every
executable alternative of every rule, and every named variant:

* the forms it touches are the forms of the hand-written cases whose answer it changes (the reference decides:
  the form each is in under the reading when it ends or is rejected);
* an engine that declares it (and nothing else) is sent, of the hand-written cases and those records, at least one
  whose expected answer (worked out under its reading, as the runner does) is a result of each form it touches, so
  an engine that scores that form wrongly fails: shown by taking one point off each side of the reference's
  answer under the reading.

And end to end, the issue's engine: the reference under both passimisääri readings, every passimisääri score
one point off, fails on passimisääri records; without the records played under readings it passed.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from skruuvi.authoring.played_under import with_required
from skruuvi.interpreter.engine import apply, play_deal, start
from skruuvi.interpreter.replay import replay
from skruuvi.interpreter.state import DealState
from skruuvi.rules.errors import IllegalAction, InputError
from skruuvi.rules.readings import alternatives, executable, variants, with_readings
from skruuvi.rules.ruleset import Ruleset, available_rulesets, get_ruleset
from skruuvi.suite.cases.cases import Case, iter_cases
from skruuvi.suite.features.features import asks_legal
from skruuvi.suite.run.declare import Plan, check_declarations
from skruuvi.suite.run.runner import compare

pytestmark = pytest.mark.usefixtures("parse_once")

ROOT = Path(__file__).resolve().parents[3]
HAND = ROOT / "conformance" / "cases"
GENERATED = ROOT / "conformance" / "generated"
FAKE = ROOT / "tests" / "fakes" / "wrapping_engine.py"


def _played_files(rid: str) -> list[Path]:
    era = get_ruleset(rid).era
    return sorted((GENERATED / era).glob("readings-*.jsonl.gz"))


def _cases(rid: str) -> tuple[list[Case], list[Case]]:
    hand = [c for c in iter_cases([HAND / get_ruleset(rid).era]) if c.ruleset == rid and not asks_legal(c.record)]
    return hand, [c for c in iter_cases(_played_files(rid)) if c.ruleset == rid]


def _form(record: Mapping[str, Any], ruleset: Ruleset) -> str | None:
    """The form a single deal ends in (``match`` for a match record), None when it is rejected."""
    if "match" in record:
        return "match"
    own = record.get("readings") or {}
    played = play_deal(with_readings(ruleset, own) if own else ruleset, record["deal"], record["actions"])
    return played.form.name if isinstance(played, DealState) else None


def _reached(record: Mapping[str, Any], ruleset: Ruleset) -> str | None:
    """The form a single deal is in when it ends or its first illegal action is rejected (``match`` for a match
    record), None when the deal itself is rejected."""
    if "match" in record:
        return "match"
    own = record.get("readings") or {}
    try:
        state = start(with_readings(ruleset, own) if own else ruleset, record["deal"])
    except (IllegalAction, InputError):
        return None
    for action in record["actions"]:
        try:
            state = apply(state, action)
        except (IllegalAction, InputError):
            break
    return state.form.name


def _answer(record: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    own = record.get("readings") or {}
    return replay(record, with_readings(ruleset, own) if own else ruleset).to_response()


def _touched(hand: list[Case], base: Ruleset, under: Ruleset) -> set[str]:
    """The forms of the hand-written cases whose answer ``under`` changes (cases that pin a reading of their own
    are left out: it would mask the one tried)."""
    forms = set()
    for case in hand:
        if case.record.get("readings"):
            continue
        if _answer(case.record, base) != _answer(case.record, under):
            form = _reached(case.record, under)
            if form is not None:
                forms.add(form)
    return forms


def _off_by_one(response: dict[str, Any]) -> dict[str, Any]:
    """The answer with one point taken off each side of every score it holds."""
    wrong = copy.deepcopy(response)

    def shift(score: Any) -> None:
        if isinstance(score, dict):
            for side, value in score.items():
                if isinstance(value, int):
                    score[side] = value - 1
                else:
                    shift(value)

    result = wrong.get("result") or {}
    if "score" in result:
        shift(result["score"])
    for sheet in (result.get("match") or {}).get("sheets") or ():
        shift(sheet)
    if "match" in result:
        shift(result["match"].get("final"))
    return wrong


def _readings_to_check() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for rid in available_rulesets():
        ruleset = get_ruleset(rid)
        for rule_id, alt in alternatives(ruleset):
            if executable(alt):  # (with what it requires: ANY's bolsevikki scoring is four readings together)
                readings = with_required(ruleset, {rule_id: alt["value"]})
                out.append((rid, f"{rule_id}={json.dumps(alt['value'])}", readings))
        for name, declared in variants(ruleset).items():
            out.append((rid, f"variant {name}", dict(declared.get("readings") or {})))
    return out


READINGS = _readings_to_check()


@pytest.mark.parametrize(("rid", "label", "readings"), READINGS, ids=[f"{r}:{label}" for r, label, _ in READINGS])
def test_an_engine_declaring_a_reading_is_judged_on_every_form_the_reading_touches(
        rid: str, label: str, readings: dict[str, Any]) -> None:
    hand, played = _cases(rid)
    base = get_ruleset(rid)
    under = with_readings(base, readings)
    touched = _touched(hand, base, under)
    plan = Plan(check_declarations({"protocol": 1, "implementation": {
        "name": "declaring", "version": "1", "rulesets": [rid],
        "readings": {rid: json.loads(json.dumps(readings))}}}))
    judged: dict[str, int] = defaultdict(int)
    caught: dict[str, int] = defaultdict(int)
    for case in [*hand, *played]:
        sent = plan(case)
        if isinstance(sent, str):
            continue
        expect = sent.expect
        if "result" not in expect and "match" not in expect:
            continue
        form = _form(sent.record, under)
        if form is None:
            continue
        judged[form] += 1
        honest = _answer(sent.record, under)
        kind, body = next(iter(honest.items()))
        assert not compare(expect, kind, body), f"{case.id}: the reference under {label} fails its own expectation"
        kind, body = next(iter(_off_by_one(honest).items()))
        caught[form] += bool(compare(expect, kind, body))
    missing = sorted(form for form in touched if not caught[form])
    assert not missing, (f"{rid} under {label}: no judged result of {', '.join(missing)} (judged: {dict(judged)}); "
                         f"the forms it touches: {sorted(touched)}")


def _run(paths: list[Path], impl: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "skruuvi", "conformance", *map(str, paths), "--quiet", "--ruleset",
               "skruuvi-2016", "--impl", " ".join(impl), *extra]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)


PASSIMISAARI_READINGS = ["--reading", "passimisaari.return-order=reverse", "--reading",
                         "passimisaari.doubling-order=[dealer, forehand, dealer-partner, dealer-right]"]


def test_the_reference_under_both_passimisaari_readings_one_point_off_fails_on_passimisaari_records() -> None:
    engine = [sys.executable, str(FAKE), "--off-by-one", "--", sys.executable, "-m", "skruuvi", "serve",
              *PASSIMISAARI_READINGS]
    quoted = [json.dumps(word) if " " in word else word for word in engine]
    hand_only = _run([HAND / "2016"], quoted)
    assert hand_only.returncode == 0, hand_only.stdout[-2000:] + hand_only.stderr[-2000:]  # the wrong pass
    both = _run([HAND / "2016", *_played_files("skruuvi-2016")], quoted)
    assert both.returncode == 1, both.stdout[-2000:] + both.stderr[-2000:]
    failed = [line.split()[1] for line in both.stdout.splitlines() if line.startswith("FAIL ")]
    assert failed and all("passimisaari" in case_id for case_id in failed), both.stdout[-3000:]
