"""The differential corpus (skruuvi.suite.corpus): valid inputs only, the same for the same seed, and the two
implementations agree on every one of them (DESIGN: one answer for every record that validates).

The corruptions are where the reference and the oracle used to part (a 1895 rubber with ``options: []``, sitsi
players named twice, a pinned value no rule lists): validate now refuses those, and every corruption it accepts
must get the same answer from both, asked as ``run`` and, for a single deal, as ``legal``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import loaded_files
import skruuvi.interpreter.replay as replay_module
from skruuvi.rules.errors import CaseFormatError
from skruuvi.suite.cases.cases import iter_cases
from skruuvi.suite.corpus import corpus, corruptions, prefix_items
from skruuvi.suite.scp.protocol import Server
from skruuvi.suite.validate import RecordCheck

ROOT = Path(__file__).resolve().parents[2]
ORACLE = loaded_files.ORACLE


@pytest.fixture(scope="module")
def records() -> list[tuple[str, dict[str, Any]]]:
    return [(case.id, case.record) for case in iter_cases([ROOT / "conformance" / "cases"])]


@pytest.fixture(scope="module")
def oracle() -> ModuleType:
    return loaded_files.oracle()


def _kind(item_id: str) -> str:
    return item_id.split("+corrupt-")[1].split(".")[1]


def test_the_same_seed_gives_the_same_corpus_and_every_corruption_validates(records: list) -> None:
    first, again = corruptions(records, 400, seed=7), corruptions(records, 400, seed=7)
    assert [(i.id, i.request, i.case) for i in first.items] == [(i.id, i.request, i.case) for i in again.items]
    assert first.items != corruptions(records, 400, seed=8).items
    assert first.unanswered == []
    check = RecordCheck()
    made = {}
    for item in first.items:
        if item.request == "run":
            made[item.id] = item.case
    assert len(made) == first.corruptions_kept > 300
    justified = dict(records)
    for item_id, case in list(made.items())[::10]:
        original = justified[item_id.split("+corrupt-")[0]]
        record = {**case, "justification": original["justification"],
                  "expect": replay_module.replay(case).to_response()}
        record["expect"] = {"match": record["expect"]["result"]["match"]} if "match" in case and \
            "result" in record["expect"] else record["expect"]
        assert check.problems(record) == [], item_id
    kinds = Counter(_kind(i) for i in made)
    for kind in ("readings", "other-legal", "dealer", "state", "seats", "drop-deal"):  # every place changes
        assert kinds[kind], kinds
    assert sum(n for kind, n in kinds.items() if kind.startswith("options-")), kinds


def test_prefixes_ask_legal_after_every_action_a_legal_case_could_ask_about(records: list) -> None:
    played = next(r for _, r in records if "match" not in r and "result" in r["expect"] and len(r["actions"]) > 3)
    items = list(prefix_items([("x", played)]))
    assert [len(i.case["actions"]) for i in items] == list(range(len(played["actions"]) + 1))
    assert {i.request for i in items} == {"legal"} and all("expect" not in i.case for i in items)
    # up to the first action the reference rejects, and none of a deal it refuses: no legal case asks past them
    rejected = next(r for _, r in records if "match" not in r and r["expect"].get("error", {}).get("index") == 5)
    assert [len(i.case["actions"]) for i in prefix_items([("y", rejected)])] == [0, 1, 2, 3, 4, 5]
    invalid = next(r for _, r in records if "match" not in r and r["expect"].get("error", {}).get("code")
                   == "invalid-deal")
    assert list(prefix_items([("z", invalid)])) == []


def test_a_valid_corruption_the_reference_cannot_answer_is_reported(records: list,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(case: Any, ruleset: Any = None) -> Any:
        raise CaseFormatError("not answered")

    monkeypatch.setattr(replay_module, "replay", refuse)
    found = corruptions(records, 60, seed=3)
    assert found.items == [] and len(found.unanswered) > 40


def _by_value(data: Any) -> Any:
    """Numbers by their value, as the runner reads them (DESIGN, amendment numbers-by-value): ``14.0`` is 14."""
    if isinstance(data, float) and data.is_integer():
        return int(data)
    if isinstance(data, dict):
        return {k: _by_value(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_by_value(v) for v in data]
    return data


def _norm(answer: dict[str, Any]) -> str:
    kind = next(iter(k for k in answer if k != "seq"))
    if kind in ("errored", "skipped"):
        return kind
    if kind == "legal":
        return json.dumps(["legal", sorted(answer["legal"])])
    return json.dumps([kind, _by_value(answer[kind])], sort_keys=True)


def test_the_reference_and_the_oracle_agree_on_the_corpus(records: list, oracle: ModuleType) -> None:
    """The records, legal after every prefix of one record in ten, and 1,000 seeded corruptions validate
    accepts (bench/equivalence_gate.py: the full corpus, every prefix, through skruuvi mutate's gate)."""
    built = corpus(records, prefixes_of=records[::10], corrupted=1000, seed=11)
    assert built.unanswered == []
    server = Server()
    differ = []
    for item in built.items:
        ours = server.handle(json.dumps({"cmd": item.request, "seq": 1, "case": item.case}))
        theirs = (oracle.respond if item.request == "run" else oracle.respond_legal)(item.case)
        assert ours is not None
        if _norm(ours) != _norm(theirs):
            differ.append(f"{item.id}: reference {_norm(ours)[:150]} oracle {_norm(theirs)[:150]}")
    assert not differ, f"{len(differ)} of {len(built.items)} differ:\n" + "\n".join(differ[:10])
    assert built.corruptions_kept > 800 and built.prefixes > 2500
