"""``skruuvi report --merge/--junit``: the shards of a run become one report and one JUnit file, and only when
together they ran each selected case exactly once; a refused merge is one line naming the file, exit code 2."""

from __future__ import annotations

import copy
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from report_runs import Runs, conformance, records, write_records

from skruuvi.cli import main
from skruuvi.rules.paths import schema_dir
from skruuvi.suite.cases.selection import fingerprint, id_hash, shard_of


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schemas = {name: json.loads((schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
               for name in ("report", "protocol")}
    registry = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas.values()])
    return Draft202012Validator(schemas["report"], registry=registry)


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``skruuvi report ARGS``, which must refuse with exit code 2; its one line on stderr."""
    assert main(["report", *args]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("skruuvi: report: ")
    return lines[0]


def test_the_header_says_the_shard_and_the_whole_selection(runs: Runs) -> None:
    whole = records(runs.whole)
    ids = [r["id"] for r in whole if r["type"] == "case"]
    expected_sum = sum(id_hash(i) for i in ids)
    for k, shard in enumerate(runs.shards, start=1):
        header = records(shard)[0]
        assert header["selection"]["shard"] == [k, 3]
        assert header["selection"]["cases"] == len(ids) == whole[0]["cases"]
        assert header["selection"]["ids"] == fingerprint(expected_sum) == whole[0]["selection"]["ids"]
        assert header["suite"] == whole[0]["suite"]
        assert header["cases"] == sum(1 for i in ids if shard_of(i, 3) == k)


def test_three_shards_merge_into_the_whole_run(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               validator: Draft202012Validator) -> None:
    merged, junit = tmp_path / "merged.jsonl", tmp_path / "merged.xml"
    assert main(["report", *map(str, runs.shards), "--merge", str(merged), "--junit", str(junit)]) == 0
    assert "merged 3 shards" in capsys.readouterr().out
    got, whole = records(merged), records(runs.whole)
    for record in got:
        validator.validate(record)
    cases = [r for r in got if r["type"] == "case"]
    assert sorted(r["id"] for r in cases) == sorted(r["id"] for r in whole if r["type"] == "case")
    assert got[0]["selection"]["shard"] == [1, 1] and got[0]["cases"] == len(cases)
    assert got[-1]["type"] == "summary" and got[-1]["counts"] == whole[-1]["counts"]
    assert got[-1]["exit_code"] == 0
    tree = ET.parse(junit).getroot()
    assert int(tree.get("tests", "-1")) == len(cases)
    assert {s.get("name") for s in tree.iter("testsuite")} == {r["ruleset"] for r in cases}
    assert {c.get("name") for c in tree.iter("testcase")} == {r["id"] for r in cases}


def test_a_missing_shard_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "merged.jsonl"
    line = refused(capsys, str(runs.shards[0]), str(runs.shards[2]), "--merge", str(out))
    assert "shard 2/3 missing" in line
    assert not out.exists()


def test_a_shard_given_twice_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_of = tmp_path / "again.jsonl"
    copy_of.write_bytes(runs.shards[1].read_bytes())
    line = refused(capsys, *map(str, runs.shards), str(copy_of), "--merge", str(tmp_path / "m.jsonl"))
    assert str(copy_of) in line and "shard 2/3 is given twice" in line


def test_a_case_run_twice_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shard = records(runs.shards[0])
    case = next(r for r in shard if r["type"] == "case")
    doubled = write_records(tmp_path / "shard-1.jsonl", [shard[0], case, *shard[1:]])
    out = tmp_path / "m.jsonl"
    line = refused(capsys, str(doubled), *map(str, runs.shards[1:]), "--merge", str(out), "--junit",
                   str(tmp_path / "m.xml"))
    assert f"{doubled}: line 3: case {case['id']} was run twice" in line
    assert not out.exists() and not (tmp_path / "m.xml").exists()


def test_a_case_of_another_shard_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = records(runs.shards[0]), records(runs.shards[1])
    stray = next(r for r in second if r["type"] == "case")
    moved = write_records(tmp_path / "shard-1.jsonl", [first[0], stray, *first[1:]])
    line = refused(capsys, str(moved), *map(str, runs.shards[1:]), "--merge", str(tmp_path / "m.jsonl"))
    assert f"case {stray['id']} is not of shard 1/3" in line


@pytest.mark.parametrize(("key", "value", "words"), [
    ("suite", {"version": "0.0.1", "released": None}, "its suite version differs"),
    ("runner", {"name": "skruuvi-runner", "version": "9.9.9"}, "its runner differs"),
    ("engine", {"protocol": 1, "implementation": {"name": "other", "version": "1", "rulesets": []}},
     "its engine's start answer differs"),
])
def test_shards_of_different_runs_are_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              key: str, value: Any, words: str) -> None:
    second = records(runs.shards[1])
    second[0][key] = value
    other = write_records(tmp_path / "shard-2.jsonl", second)
    line = refused(capsys, str(runs.shards[0]), str(other), str(runs.shards[2]), "--merge", str(tmp_path / "m.jsonl"))
    assert str(other) in line and words in line


def test_a_shard_of_another_selection_is_refused(runs: Runs, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "shard-2.jsonl"
    assert conformance("--shard", "2/3", "--skip", "*.two-aces-*", "--report", str(other)) == 0
    capsys.readouterr()
    line = refused(capsys, str(runs.shards[0]), str(other), str(runs.shards[2]), "--merge", str(tmp_path / "m.jsonl"))
    assert str(other) in line and "its selection differs" in line and "--skip" in line


def test_a_shard_missing_cases_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Cases left out of a shard (its header changed to match, as a hand-edited report might be): the shards no
    longer add up to the whole selection."""
    shard = records(runs.shards[0])
    cases = [r for r in shard if r["type"] == "case"]
    assert len(cases) >= 2
    short = [{**shard[0], "cases": len(cases) - 1}, *cases[1:], *[r for r in shard[1:] if r["type"] != "case"]]
    path = write_records(tmp_path / "shard-1.jsonl", short)
    line = refused(capsys, str(path), *map(str, runs.shards[1:]), "--merge", str(tmp_path / "m.jsonl"))
    whole = sum(1 for r in records(runs.whole) if r["type"] == "case")
    assert f"not the {whole} cases of the selection" in line


def test_an_interrupted_shard_is_refused(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shard = records(runs.shards[2])
    shard[-1] = {**shard[-1], "interrupted": True, "exit_code": 130, "reason": "interrupted by SIGINT"}
    path = write_records(tmp_path / "shard-3.jsonl", shard)
    line = refused(capsys, *map(str, runs.shards[:2]), str(path), "--merge", str(tmp_path / "m.jsonl"))
    assert str(path) in line and "did not finish" in line


def test_a_report_without_selection_is_refused(runs: Runs, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    shard = records(runs.shards[0])
    del shard[0]["selection"]
    path = write_records(tmp_path / "old.jsonl", shard)
    line = refused(capsys, str(path), *map(str, runs.shards[1:]), "--merge", str(tmp_path / "m.jsonl"))
    assert str(path) in line and "does not say its shard" in line


@pytest.mark.parametrize(("text", "words"), [
    ("not json\n", "line 1: not JSON"),
    ('{"type": "case"}\n', "line 1"),
    ("", "the report is empty"),
])
def test_an_unreadable_report_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                          words: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    line = refused(capsys, str(path), "--merge", str(tmp_path / "m.jsonl"))
    assert f"{path}: {words}" in line


def test_an_output_that_is_an_input_is_refused(runs: Runs, capsys: pytest.CaptureFixture[str]) -> None:
    before = runs.shards[0].read_bytes()
    line = refused(capsys, *map(str, runs.shards), "--merge", str(runs.shards[0]))
    assert "is an input" in line
    assert runs.shards[0].read_bytes() == before


def _coverage(rulesets: dict[str, Any]) -> dict[str, Any]:
    return {"type": "coverage", "required": False, "rulesets": rulesets}


def test_coverage_records_are_summed(runs: Runs, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Coverage records written by hand into the shards (the shape of issue 30's coverage record): the merged
    record sums them, and the summary's per-ruleset rule counts are worked out again from the sum."""
    per_shard = [
        {"cases": {"selected": 3, "judged": 3, "passed": 3},
         "rules": {"score.a": {"judged": 2, "passed": 2}, "score.b": {"judged": 0, "passed": 0}},
         "features": {"form:passimisaari": {"judged": 3, "passed": 3}}},
        {"cases": {"selected": 2, "judged": 2, "passed": 1},
         "rules": {"score.a": {"judged": 1, "passed": 0}, "score.b": {"judged": 1, "passed": 1}},
         "features": {"form:passimisaari": {"judged": 2, "passed": 1}}},
        {"cases": {"selected": 1, "judged": 0, "passed": 0},
         "rules": {"score.a": {"judged": 0, "passed": 0}, "score.b": {"judged": 0, "passed": 0},
                   "score.c": {"judged": 0, "passed": 0}},
         "features": {}},
    ]
    paths = []
    for k, (shard, figures) in enumerate(zip(runs.shards, per_shard, strict=True), start=1):
        items = [r for r in records(shard) if r["type"] != "coverage"]  # the run's own, replaced by hand
        items[-1]["coverage"] = {"skruuvi-2016": {"rules": 3, "rules_judged": 1, "rules_passed": 1}}
        items.insert(-1, _coverage({"skruuvi-2016": copy.deepcopy(figures)}))
        paths.append(write_records(tmp_path / f"shard-{k}.jsonl", items))
    merged = tmp_path / "merged.jsonl"
    assert main(["report", *map(str, paths), "--merge", str(merged)]) == 0
    got = records(merged)
    coverage = next(r for r in got if r["type"] == "coverage")
    assert coverage["rulesets"]["skruuvi-2016"] == {
        "cases": {"selected": 6, "judged": 5, "passed": 4},
        "rules": {"score.a": {"judged": 3, "passed": 2}, "score.b": {"judged": 1, "passed": 1},
                  "score.c": {"judged": 0, "passed": 0}},
        "features": {"form:passimisaari": {"judged": 5, "passed": 4}}}
    assert got[-1]["coverage"] == {"skruuvi-2016": {"rules": 3, "rules_judged": 2, "rules_passed": 1}}


def test_a_rule_is_unreachable_in_a_merge_only_where_every_shard_says_so(runs: Runs, tmp_path: Path) -> None:
    """Required coverage over shards: a rule no shard judged fails the merge unless every shard lists it as
    unreachable under its readings (one that could reach it leaves it a gap)."""
    def merged(unreachable: list[list[str]]) -> list[dict[str, Any]]:
        paths = []
        for k, (shard, mine) in enumerate(zip(runs.shards, unreachable, strict=True), start=1):
            items = [r for r in records(shard) if r["type"] != "coverage"]
            figures = {"cases": {"selected": 1, "judged": 1, "passed": 1},
                       "rules": {"score.a": {"judged": 1, "passed": 1}, "score.b": {"judged": 0, "passed": 0}},
                       "features": {}, "unreachable": mine}
            items.insert(-1, {"type": "coverage", "required": True, "rulesets": {"skruuvi-2016": figures}})
            paths.append(write_records(tmp_path / f"shard-{k}.jsonl", items))
        out = tmp_path / "merged.jsonl"
        main(["report", *map(str, paths), "--merge", str(out)])
        return records(out)

    everywhere = merged([["score.b"]] * len(runs.shards))
    coverage = next(r for r in everywhere if r["type"] == "coverage")
    assert coverage["rulesets"]["skruuvi-2016"]["unreachable"] == ["score.b"]
    assert everywhere[-1]["exit_code"] == 0, everywhere[-1]
    assert everywhere[-1]["coverage"]["skruuvi-2016"]["rules_unreachable"] == 1
    one_reaches_it = merged([["score.b"]] * (len(runs.shards) - 1) + [[]])
    assert next(r for r in one_reaches_it if r["type"] == "coverage")["rulesets"]["skruuvi-2016"]["unreachable"] == []
    assert one_reaches_it[-1]["exit_code"] == 1
    assert "1 rules have no judged case" in one_reaches_it[-1]["reason"]


def test_a_malformed_coverage_record_is_one_line(runs: Runs, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    items = records(runs.shards[0])
    items.insert(-1, _coverage({"skruuvi-2016": {"cases": {"selected": 1, "judged": "x", "passed": 0}}}))
    path = write_records(tmp_path / "shard-1.jsonl", items)
    line = refused(capsys, str(path), *map(str, runs.shards[1:]), "--merge", str(tmp_path / "m.jsonl"))
    assert f"{path}: line {len(items) - 1}: coverage.rulesets.skruuvi-2016.cases.judged must be a whole number" in line


def test_a_fifo_or_a_device_named_as_a_report_is_refused_not_read(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "report.jsonl"
    os.mkfifo(fifo)  # no writer ever comes: reading it would block for ever
    for path in (str(fifo), "/dev/zero"):  # /dev/zero never ends
        line = refused(capsys, path, "--html", str(tmp_path / "page.html"))
        assert path in line and "not a regular file" in line
