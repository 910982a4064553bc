"""``skruuvi mutate --engine-source``'s equivalence gate: a listed equivalent is admitted only when it answers every
input of the differential corpus as the unmutated engine does.

A suite of one 2016 case does not tell the oracle's ``min_bid_level`` 1 -> 0 apart (no run answer changes: a bid
of level 0 cannot be written), so with a false proof listed it survives as "equivalent"; the corpus asks ``legal``
before the first bid, where the mutant offers ``bid 0C`` and the like, and the gate fails it, on both paths. A
true equivalent (the partner two seats away either way round) passes. In CI the gate runs on a sample of the real
listed equivalents; ``bench/equivalence_gate.py`` runs it on all of them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from skruuvi.cli.commands import main

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "conformance" / "oracle" / "oracle.py"
CASE = ROOT / "conformance" / "cases" / "2016" / "score" / "down-5G-one-doubled.yaml"

FALSE = "<module> | const 1 -> 0 | 1 #2"  # ERA_2016.min_bid_level["alkupeli"] 1 -> 0
TRUE = "partner | binop + -> - | SEATS.index(seat) + 2"
EQUIVALENTS = """\
exclude:
- {function: handle_line, reason: the SCP/1 layer}
- {function: serve, reason: the SCP/1 loop}
- {function: load_cases, reason: the CLI}
- {function: replay_files, reason: the CLI}
- {function: main, reason: the CLI}
equivalent:
- {function: partner, operator: binop + -> -, source: SEATS.index(seat) + 2, reason: two seats away either way}
- {function: <module>, operator: const 1 -> 0, source: '1', occurrence: 2,
   reason: a false proof (parse_bid refuses level 0, but legal() offers it)}
"""


@pytest.fixture
def small(tmp_path: Path) -> Path:
    (tmp_path / "cases").mkdir()
    shutil.copy(CASE, tmp_path / "cases")
    (tmp_path / "eq.yaml").write_text(EQUIVALENTS, encoding="utf-8")
    return tmp_path


def _mutate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    capsys.readouterr()
    code = main(["mutate", "--engine-source", str(ORACLE), "--format", "json", "--jobs", "2", *args])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("path", ["fast", "scp"])
def test_the_gate_fails_a_false_equivalent_and_admits_a_true_one(small: Path, path: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    entry = ["--entry", "respond", "--legal-entry", "respond_legal"] if path == "fast" else []
    code, report = _mutate(capsys, "--equivalents", str(small / "eq.yaml"), "--gate-only", "--gate-corruptions",
                           "20", *entry, str(small / "cases"))
    assert code == 1
    gate = report["gate"]
    assert gate["equivalents"] == 2 and gate["passed"] == 1
    actions = yaml.safe_load(CASE.read_text(encoding="utf-8"))["actions"]
    assert gate["records"] == 1 and gate["prefixes"] == len(actions) + 1
    (failed,) = gate["failed"]
    assert failed["key"] == FALSE and failed["how"] == "answer"
    assert failed["input"] == "2016.score.down-5G-one-doubled@0"  # legal before any action
    assert "bid 0C" in failed["mutant"] and "bid 0C" not in failed["unmutated"]
    assert [s["key"] for s in report["survived"]] == [FALSE]  # no equivalent: a survivor like any other
    assert report["equivalent"] == 1


def test_without_the_gate_the_report_says_what_was_admitted_unchecked(small: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    code = main(["mutate", "--engine-source", str(ORACLE), "--equivalents", str(small / "eq.yaml"), "--gate-only",
                 "--no-gate", "--entry", "respond", "--legal-entry", "respond_legal", str(small / "cases")])
    out = capsys.readouterr().out
    assert code == 0
    assert "equivalence gate left out (--no-gate): 2 listed equivalents admitted on their written reasons alone" in out


def test_a_sample_of_the_listed_equivalents_passes_the_gate(capsys: pytest.CaptureFixture[str]) -> None:
    """The CI sample: three of conformance/mutation/oracle-equivalent.yaml's listed equivalents, each against the
    hand-written suite (perft walks left out) and then a corpus of the records, legal after every prefix of one
    hand-written single deal in four, and 300 seeded corruptions that validate accepts."""
    code, report = _mutate(capsys, "--entry", "respond", "--legal-entry", "respond_legal", "--gate-only",
                           "--mutant-sample", "3", "--seed", "34", "--no-perft", "--gate-prefix-sample", "4",
                           "--gate-corruptions", "300")
    gate = report["gate"]
    assert code == 0, gate["failed"] or report["survived"]
    assert gate["equivalents"] == gate["passed"] == 3 and gate["failed"] == []
    assert gate["prefixes"] > 6000 and gate["corruptions_kept"] > 250


def test_every_listed_equivalent_names_the_mutant_at_its_recorded_line() -> None:
    """An entry is matched by function, operator, source text and occurrence; the line is for the reader. When an
    edit above a module-level constant shifts the occurrence numbers, an entry can silently come to name another
    mutant (the OVERTRICK_1944[7] proof once named a reading's default value, and the gate caught it). The line
    keeps them honest: an entry whose mutant moved is to be read again and its line refreshed."""
    from skruuvi.authoring.code_mutation import mutants

    lines = {m.key: m.line for m in mutants(ORACLE.read_text(encoding="utf-8"))}
    listed = yaml.safe_load((ROOT / "conformance" / "mutation" / "oracle-equivalent.yaml").read_text(encoding="utf-8"))
    moved = []
    for entry in listed["equivalent"]:
        occurrence = entry.get("occurrence", 1)
        key = f"{entry['function']} | {entry['operator']} | {entry['source']}" + (
            f" #{occurrence}" if occurrence > 1 else "")
        if lines.get(key) != entry["line"]:
            moved.append(f"{key}: listed at line {entry['line']}, now at {lines.get(key, 'no such mutant')}")
    assert moved == []
