"""``skruuvi mutate --engine-source``: code mutants of a tiny engine, judged over the fast path and SCP/1.

The engine doubles a number above 2 and loops while it is above 100. Its two cases (1 -> 1, 4 -> 8) kill
every mutant of the doubling except those no case tells apart (the boundary at 2 and 3); an endless loop
is a timeout; the unused assignment's removal is listed as equivalent.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from skruuvi.authoring.code_mutation import mutants
from skruuvi.cli.commands import main

ENGINE = textwrap.dedent('''\
    """A tiny SCP/1 engine."""
    import json
    import sys


    def respond(case):
        a = case["a"]
        unused = 0
        while a > 100:
            a -= 1
        if a > 2:
            return {"result": {"v": a * 2}}
        return {"result": {"v": a}}


    def serve():
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["cmd"] == "stop":
                return
            if msg["cmd"] == "start":
                out = {"protocol": 1, "implementation": {"name": "tiny", "version": "1", "rulesets": ["t"]}}
            else:
                out = {"seq": msg["seq"], **respond(msg["case"])}
            print(json.dumps(out), flush=True)


    if __name__ == "__main__":
        serve()
    ''')

CASES = {"one.yaml": "{id: one, ruleset: t, a: 1, expect: {result: {v: 1}}}\n",
         "four.yaml": "{id: four, ruleset: t, a: 4, expect: {result: {v: 8}}}\n"}

EQUIVALENTS = textwrap.dedent('''\
    exclude:
    - {function: serve, reason: the protocol layer}
    equivalent:
    - {function: respond, operator: remove statement, source: unused = 0, reason: the name is never read}
    ''')

#: What no case tells apart: the boundary (2 -> 1 or 3, > -> >=), the loop body and bound that never run
#: (100 +- 1, -= -> +=, 1 +- 1), and the unused constant.
SURVIVORS = {
    "respond | const 0 -> 1 | 0", "respond | const 0 -> -1 | 0",
    "respond | compare > -> >= | a > 100", "respond | const 100 -> 101 | 100", "respond | const 100 -> 99 | 100",
    "respond | binop -= -> += | a -= 1", "respond | const 1 -> 2 | 1", "respond | const 1 -> 0 | 1",
    "respond | remove statement | a -= 1", "respond | remove statement | while a > 100:",
    "respond | compare > -> >= | a > 2", "respond | const 2 -> 3 | 2", "respond | const 2 -> 1 | 2",
}


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    (tmp_path / "tiny.py").write_text(ENGINE, encoding="utf-8")
    (tmp_path / "cases").mkdir()
    for name, text in CASES.items():
        (tmp_path / "cases" / name).write_text(text, encoding="utf-8")
    (tmp_path / "eq.yaml").write_text(EQUIVALENTS, encoding="utf-8")
    return tmp_path


def _run(tiny: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict]:
    code = main(["mutate", "--engine-source", str(tiny / "tiny.py"), "--equivalents", str(tiny / "eq.yaml"),
                 "--format", "json", "--timeout", "3", "--jobs", "2", *extra, str(tiny / "cases")])
    return code, json.loads(capsys.readouterr().out)


def test_mutants_are_one_change_each_and_keep_line_numbers() -> None:
    found = list(mutants(ENGINE, frozenset({"serve"})))
    assert all(m.function == "respond" for m in found)
    lines = ENGINE.splitlines()
    for m in found:
        assert len(m.source.splitlines()) == len(lines)
        changed = [n for n, (a, b) in enumerate(zip(lines, m.source.splitlines(), strict=True), 1) if a != b]
        assert changed[0] == m.line, m.key  # then only the blank lines that pad a multi-line span
        assert all(not m.source.splitlines()[n - 1].strip() for n in changed[1:]), m.key
    keys = [m.key for m in found]
    assert len(set(keys)) == len(keys)
    assert "respond | negate condition | a > 2" in keys
    assert "respond | binop * -> // | a * 2" in keys
    assert not any("docstring" in m.before or "tiny SCP/1" in m.before for m in found)


def test_fast_path_kills_what_the_cases_tell_apart(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # one second per mutant (a forked child answers the two cases in milliseconds): the two endless loops
    # below spin a core each until the timeout
    code, report = _run(tiny, capsys, "--entry", "respond", "--timeout", "1")
    assert code == 1  # survivors that are not listed
    assert report["checked"].startswith("fast path respond() checked equivalent to SCP/1 on all 2 cases")
    assert {s["key"] for s in report["survived"]} == SURVIVORS
    assert report["equivalent"] == 1
    total = len(list(mutants(ENGINE, frozenset({"serve"}))))
    assert report["mutants"] == total and report["killed"] == total - len(SURVIVORS) - 1
    assert report["score"] == round(report["killed"] / (total - 1), 4)
    # `while not (a > 100)` and `while a <= 100` never end on a = 1 or 4
    assert report["kills"]["timeout"] == 2
    survivor = next(s for s in report["survived"] if s["key"] == "respond | compare > -> >= | a > 2")
    assert survivor["before"] == "if a > 2:" and survivor["after"] == "if (a) >= (2):"
    assert survivor["file"].endswith("tiny.py:11")
    assert report["areas"] == {"respond": {"mutants": total, "killed": report["killed"], "equivalent": 1,
                                           "survived": len(SURVIVORS)}}


def test_scp_path_judges_alike(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, fast = _run(tiny, capsys, "--entry", "respond", "--mutant-sample", "8", "--seed", "3")
    _, scp = _run(tiny, capsys, "--mutant-sample", "8", "--seed", "3")
    assert scp["checked"] == "each mutant run as an SCP/1 engine"
    assert {s["key"] for s in scp["survived"]} == {s["key"] for s in fast["survived"]}
    assert (scp["killed"], scp["equivalent"]) == (fast["killed"], fast["equivalent"])


def test_a_bad_equivalents_entry_is_one_line(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tiny / "eq.yaml").write_text("equivalent:\n- {function: respond, reason: no operator}\n", encoding="utf-8")
    code = main(["mutate", "--engine-source", str(tiny / "tiny.py"), "--equivalents", str(tiny / "eq.yaml"),
                 str(tiny / "cases")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "equivalent[0]" in err
