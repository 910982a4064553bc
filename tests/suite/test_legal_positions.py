"""Remembered positions (skruuvi.interpreter.positions) answer exactly what the replay from the deal answers.

The replay from the deal is :func:`~skruuvi.interpreter.engine.play_deal` (``to_the_end=False``), the path
``legal`` took before positions were remembered. Held equal: the state or the Outcome (error code, index and
message) of every legal and perft case of the hand-written suite (each asked after its shorter prefixes, so
that it is answered from a remembered one), every node of every perft tree walked as the runner walks it
(level by level), with illegal actions tried after a sample of the nodes, and every prefix of random and
corrupted bot records.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from parsed_once import parsing_once
from skruuvi.authoring.bots import random_record
from skruuvi.interpreter.engine import apply, legal_actions, play_deal, step_path_only
from skruuvi.interpreter.legal import legal_for, position
from skruuvi.interpreter.outcome import Outcome
from skruuvi.interpreter.positions import Positions, _deal_text
from skruuvi.interpreter.state import DealState
from skruuvi.rules.paths import cases_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.suite.cases.cases import Case, iter_cases
from skruuvi.suite.features.features import asks_legal
from skruuvi.suite.run.legal_judge import is_perft, judged_ruleset

#: Actions that are illegal (or not actions) after almost any prefix: tried after sampled nodes.
ODD = ["N play AS", "E play 2C", "S bid 7NT", "W pass", "N double", "E give S AH", "S choose kitty", "junk",
       "W bid 1S", "N give E 2S 3S"]


ERAS = sorted(p.name for p in Path(cases_dir()).iterdir() if p.is_dir())


@pytest.fixture(scope="module")
def legal_cases() -> list[Case]:
    """Every hand-written case that asks ``legal`` (a legal set or a perft count)."""
    with parsing_once():
        return [c for c in iter_cases([cases_dir()]) if asks_legal(c.record)]


def _fresh(ruleset: Any, deal: Any, actions: list[Any]) -> DealState | Outcome:
    return play_deal(ruleset, deal, actions, to_the_end=False)


def test_the_suite_has_legal_and_perft_cases(legal_cases: list[Case]) -> None:
    assert len(legal_cases) > 50 and sum(map(is_perft, legal_cases)) >= 6
    assert {c.id.split(".")[0] for c in legal_cases if is_perft(c)} == set(ERAS)


def test_every_legal_case_is_answered_as_from_the_deal(legal_cases: list[Case]) -> None:
    remembered = Positions()
    for case in legal_cases:
        ruleset = judged_ruleset(case)
        deal, actions = case.record.get("deal"), case.record.get("actions")
        if not isinstance(actions, list):
            continue
        for end in (0, len(actions) // 2, len(actions) - 1, len(actions)):
            prefix = actions[:max(end, 0)]
            assert position(ruleset, deal, prefix, remembered) == position(ruleset, deal, prefix), (case.id, end)
        record = {**case.record, "actions": actions}
        assert legal_for(record, ruleset, remembered) == legal_for(record, ruleset), case.id
    assert remembered.hits > len(legal_cases)


@pytest.mark.parametrize("era", ERAS)
def test_every_node_of_a_perft_tree_is_answered_as_from_the_deal(era: str, legal_cases: list[Case]) -> None:
    """Each perft case of the era, level by level as the runner asks: each node's state is its parent's with
    the action applied (the step path); one node in 257 (and the first of each level) is also replayed from
    the deal, and each of :data:`ODD` after it is answered with the Outcome the replay from the deal gives."""
    cases = [c for c in legal_cases if is_perft(c) and c.id.split(".")[0] == era]
    assert cases
    for case in cases:
        _walk(case)


def _walk(case: Case) -> None:
    ruleset, deal = judged_ruleset(case), case.record["deal"]
    remembered = Positions()
    root = list(case.record["actions"])
    level: list[tuple[list[str], DealState]] = [(root, _fresh(ruleset, deal, root))]  # type: ignore[list-item]
    depth, count, n = case.expect["perft"]["depth"], 0, 0
    for d in range(depth):
        following: list[tuple[list[str], DealState]] = []
        for k, (prefix, expected) in enumerate(level):
            got = remembered.after(ruleset, deal, prefix)
            assert got == expected, (case.id, prefix)
            n += 1
            if k == 0 or n % 257 == 0:
                assert got == _fresh(ruleset, deal, prefix), (case.id, prefix)
                for odd in ODD:
                    longer = [*prefix, odd]
                    assert remembered.after(ruleset, deal, longer) == _fresh(ruleset, deal, longer), (case.id, odd)
            actions = legal_actions(got)
            if d == depth - 1:
                count += len(actions)
            else:
                following += [([*prefix, str(a)], apply(got, a)) for a in actions]
        level = following
    assert count == case.expect["perft"]["count"]
    assert remembered.misses <= 1 and remembered.hits >= n - 1


def _corrupted(actions: list[str], rng: random.Random, vocabulary: list[str]) -> list[Any]:
    out = list(actions)
    i = rng.randrange(len(out)) if out else 0
    kind = rng.randrange(4)
    if kind == 0 and out:
        out[i] = rng.choice(vocabulary)
    elif kind == 1 and out:
        del out[i]
    elif kind == 2:
        out.insert(i, rng.choice([*vocabulary, 7, None]))
    elif out:
        out[i] = out[i].replace(" ", "  ", 1)
    return out


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_every_prefix_of_random_and_corrupted_records_is_answered_as_from_the_deal(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(f"positions-{ruleset_id}")
    remembered = Positions(kept=64)  # small: old prefixes are forgotten on the way
    vocabulary = sorted({*ODD, *(a for _ in range(3) for a in random_record(ruleset, rng)["actions"])})
    outcomes = set()
    for k in range(24):
        record = random_record(ruleset, rng, case_id=f"p-{k}")
        actions = record["actions"] if k % 2 == 0 else _corrupted(record["actions"], rng, vocabulary)
        for end in range(len(actions) + 1):
            got = remembered.after(ruleset, record["deal"], actions[:end])
            assert got == _fresh(ruleset, record["deal"], actions[:end]), (k, end)
            if isinstance(got, Outcome):
                outcomes.add(got.error_code)
    assert remembered.hits > 0 and len(remembered) <= 64
    assert outcomes  # the corrupted records did fail somewhere


def test_the_step_path_keeps_its_own_states(legal_cases: list[Case]) -> None:
    case = next(c for c in legal_cases if is_perft(c))
    ruleset, deal, actions = judged_ruleset(case), case.record["deal"], list(case.record["actions"])
    remembered = Positions()
    batch = remembered.after(ruleset, deal, actions)
    with step_path_only():
        hits = remembered.hits
        assert remembered.after(ruleset, deal, actions) == batch
        assert remembered.hits == hits  # replayed on the step path, not read back from the batch path's state
    assert remembered.after(ruleset, deal, actions) is batch


def test_a_deal_that_is_not_plain_data_is_replayed_from_the_deal(legal_cases: list[Case]) -> None:
    case = next(c for c in legal_cases if is_perft(c))
    ruleset, actions = judged_ruleset(case), list(case.record["actions"])
    deal = {**case.record["deal"], "dealer": (case.record["deal"]["dealer"],)}  # a tuple is no JSON value
    remembered = Positions()
    assert remembered.after(ruleset, deal, actions) == _fresh(ruleset, deal, actions)
    assert len(remembered) == 0 and remembered.hits == remembered.misses == 0


def test_a_parsed_deal_is_known_again_by_its_value_of_the_same_types_and_key_order(legal_cases: list[Case]) -> None:
    """A deal parsed from a request line is keyed by its marshal bytes: every parse of the same text is the same
    deal (its states read back), while values Python calls equal but JSON writes apart are different deals."""
    case = next(c for c in legal_cases if is_perft(c))
    ruleset, actions, text = judged_ruleset(case), list(case.record["actions"]), json.dumps(case.record["deal"])
    remembered = Positions(parsed=True)
    first = remembered.after(ruleset, json.loads(text), actions)
    assert first == _fresh(ruleset, json.loads(text), actions) and remembered.misses == 1
    assert remembered.after(ruleset, json.loads(text), [*actions]) is first and remembered.hits == 1
    deal = json.loads(text)
    assert _deal_text(json.loads(text), True) == _deal_text(deal, True)
    keys = {_deal_text({**deal, "x": value}, True) for value in (1, 1.0, True, "1", [1], None, 0.0, -0.0)}
    assert len(keys) == 8
    assert _deal_text(dict(reversed(deal.items())), True) != _deal_text(deal, True)  # equal dicts, other text
    assert _deal_text({**deal, "x": (1,)}, True) != _deal_text({**deal, "x": [1]}, True)
