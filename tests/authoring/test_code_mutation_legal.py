"""``skruuvi mutate --engine-source``: legal and perft cases are asked as the runner asks them (SCP/1 ``legal``,
a perft count walked through it), over SCP/1 and over the fast path's ``--legal-entry``.

The tiny engine's legal set after a prefix is ``deal.a - len(actions)`` numbered passes (a legal request
carries only the id, ruleset, deal, actions and readings); its ``run`` answer ignores
the actions. A legal case (a = 2) and a perft case (a = 3, depth 2: 3 x 2 = 6 lines) tell its legal mutants
apart; the run case alone does not.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from skruuvi.authoring.code_mutation_run import judged, perft_answer
from skruuvi.cli.commands import main

ENGINE = textwrap.dedent('''\
    """A tiny SCP/1 engine that answers legal."""
    import json
    import sys


    def respond(case):
        return {"result": {"v": case["deal"]["a"]}}


    def respond_legal(case):
        left = case["deal"]["a"] - len(case["actions"])
        return {"legal": [f"N pass {i}" for i in range(left)]}


    def serve():
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["cmd"] == "stop":
                return
            if msg["cmd"] == "start":
                out = {"protocol": 1, "implementation": {"name": "tiny", "version": "1", "rulesets": ["t"]}}
            elif msg["cmd"] == "legal":
                out = {"seq": msg["seq"], **respond_legal(msg["case"])}
            else:
                out = {"seq": msg["seq"], **respond(msg["case"])}
            print(json.dumps(out), flush=True)


    if __name__ == "__main__":
        serve()
    ''')

CASES = {"run.yaml": "{id: run, ruleset: t, deal: {a: 1}, actions: [], expect: {result: {v: 1}}}\n",
         "legal.yaml": "{id: legal, ruleset: t, deal: {a: 2}, actions: [], "
                       "expect: {legal: ['N pass 0', 'N pass 1']}}\n",
         "perft.yaml": "{id: perft, ruleset: t, deal: {a: 3}, actions: [], expect: {perft: {depth: 2, count: 6}}}\n"}

#: The mutant of the legal set's size that only a legal or perft case kills.
LEGAL_MUTANT = 'respond_legal | binop - -> + | case["deal"]["a"] - len(case["actions"])'


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    (tmp_path / "tiny.py").write_text(ENGINE, encoding="utf-8")
    (tmp_path / "cases").mkdir()
    for name, text in CASES.items():
        (tmp_path / "cases" / name).write_text(text, encoding="utf-8")
    (tmp_path / "eq.yaml").write_text("exclude:\n- {function: serve, reason: the protocol layer}\n", encoding="utf-8")
    return tmp_path


def _run(tiny: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> dict:
    main(["mutate", "--engine-source", str(tiny / "tiny.py"), "--equivalents", str(tiny / "eq.yaml"),
          "--format", "json", "--timeout", "5", "--jobs", "2", *extra, str(tiny / "cases")])
    return json.loads(capsys.readouterr().out)


def test_perft_answer_counts_the_last_level() -> None:
    legal = lambda case: {"legal": [f"N pass {i}" for i in range(case["a"] - len(case["actions"]))]}  # noqa: E731
    assert perft_answer(legal, {"a": 3, "actions": []}, 2) == {"perft": 6}
    assert perft_answer(legal, {"a": 3, "actions": []}, 3) == {"perft": 6}
    assert perft_answer(legal, {"a": 1, "actions": []}, 2) == {"perft": 0}  # the line ends after one action
    assert "errored" in perft_answer(lambda case: {"error": {"index": 0, "code": "x"}}, {"actions": []}, 1)


def test_a_legal_set_is_judged_as_a_set() -> None:
    expect = {"legal": ["N pass 0", "N pass 1"]}
    assert judged(expect, {"legal": ["N pass 1", "N pass 0"]}) == judged(expect, {"legal": ["N pass 0", "N pass 1"]})
    assert judged(expect, {"legal": ["N pass 0"]}) != judged(expect, {"legal": ["N pass 0", "N pass 1"]})
    assert judged(expect, {"legal": ["N pass 0", "N pass 0"]}) == json.dumps(["garbage"])


def test_legal_cases_kill_legal_mutants_on_both_paths(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fast = _run(tiny, capsys, "--entry", "respond", "--legal-entry", "respond_legal")
    assert fast["cases"] == 3 and "respond_legal()" in fast["checked"]
    assert LEGAL_MUTANT not in {s["key"] for s in fast["survived"]}
    scp = _run(tiny, capsys)
    assert {s["key"] for s in scp["survived"]} == {s["key"] for s in fast["survived"]}
    assert scp["killed"] == fast["killed"]


def test_without_a_legal_entry_the_fast_path_says_what_it_left_out(tiny: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(tiny, capsys, "--entry", "respond")
    assert report["cases"] == 1 and "2 legal and perft cases left out (no --legal-entry)" in report["checked"]
    assert LEGAL_MUTANT in {s["key"] for s in report["survived"]}


def test_no_perft_leaves_the_perft_cases_out_and_says_so(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(tiny, capsys, "--entry", "respond", "--legal-entry", "respond_legal", "--no-perft")
    assert report["cases"] == 2 and "1 perft cases left out (--no-perft)" in report["checked"]
    # with an empty prefix a - 0 and a + 0 agree: only the perft walk, whose prefixes grow, told this mutant apart
    assert LEGAL_MUTANT in {s["key"] for s in report["survived"]}
