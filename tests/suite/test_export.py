"""``skruuvi export DIR``: the suite as plain files with a manifest, and ``skruuvi conformance DIR`` on it.

The expected counts are read here straight from the case files (YAML and gzip JSON Lines), not from the
exporter; the suite version from the changelog's first ``## `` heading."""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from parsed_once import parsing_once
from skruuvi.cli import commands as cli
from skruuvi.suite.export import expand_exports, export_case_files

ROOT = Path(__file__).resolve().parents[2]
CASES, GENERATED = ROOT / "conformance" / "cases", ROOT / "conformance" / "generated"


def _kind(record: dict) -> str:
    if "error" in record["expect"]:
        return "invalid"
    return "legal" if "legal" in record["expect"] or "perft" in record["expect"] else "valid"


@functools.cache
def _hand_written() -> dict[str, dict]:
    records = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for path in sorted(CASES.rglob("*.yaml")):
        record = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # a safe loader
        records[record["id"]] = {"record": record, "topic": path.parent.name}
    return records


def _changelog_version() -> str:
    for line in (ROOT / "conformance" / "CHANGELOG.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            return line[3:].split()[0]  # "## 0.6.0 (unreleased)", "## 0.5.0 (2026-12-03)"
    raise AssertionError("no version heading")


def _skruuvi(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "skruuvi", *args], capture_output=True, text=True, timeout=600,
                          cwd=cwd)


@pytest.fixture(scope="session")  # once per test process: xdist interleaves this module's tests with others
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("export") / "suite"
    with parsing_once():
        assert cli.main(["export", "--no-generated", str(target)]) == 0
    return target


def test_manifest_counts_version_and_sums(export: Path) -> None:
    manifest = json.loads((export / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["format"] == "skruuvi-suite-export" and manifest["format_version"] == 1
    assert manifest["suite_version"] == _changelog_version()
    records = _hand_written()
    per: dict[str, Counter[str]] = {}
    for entry in records.values():
        tally = per.setdefault(entry["record"]["ruleset"], Counter())
        tally["cases"] += 1
        tally[_kind(entry["record"])] += 1
    counts = manifest["counts"]
    assert counts["total"]["cases"] == len(records)
    assert counts["total"]["generated"] == {"cases": 0, "valid": 0, "invalid": 0, "legal": 0}
    for rid, tally in per.items():
        block = counts["rulesets"][rid]
        assert (block["cases"], block["valid"], block["invalid"], block["legal"]) == (
            tally["cases"], tally["valid"], tally["invalid"], tally["legal"])
        assert block["hand-written"] == {"cases": tally["cases"], "valid": tally["valid"], "invalid": tally["invalid"],
                                         "legal": tally["legal"]}
    listed = {entry["path"]: entry for entry in manifest["files"]}
    on_disk = {p.relative_to(export).as_posix() for p in export.rglob("*") if p.is_file()} - {"manifest.json"}
    assert set(listed) == on_disk
    for rel, entry in listed.items():
        data = (export / rel).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest() and entry["bytes"] == len(data), rel
    assert {"errors.yaml", "INTERPRETING.md", "schema/case.schema.json", "schema/protocol.schema.json",
            "rulesets/skruuvi-1944.yaml"} <= set(listed)
    assert (export / "errors.yaml").read_bytes() == (ROOT / "spec" / "errors.yaml").read_bytes()


def test_every_case_is_exported_unchanged_in_its_ruleset_and_topic_file(export: Path) -> None:
    records = _hand_written()
    seen = {}
    for path in sorted((export / "cases").rglob("*.jsonl")):
        ruleset, topic = path.parent.name, path.stem
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            assert record["ruleset"] == ruleset and records[record["id"]]["topic"] == topic, record["id"]
            seen[record["id"]] = record
    assert seen == {case_id: entry["record"] for case_id, entry in records.items()}


def test_conformance_runs_an_export_like_the_checkout(export: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["conformance", "--quiet", str(export)])  # the runner here, the reference engine a process
    out, err = capsys.readouterr()
    assert code == 0, out[-2000:] + err[-2000:]
    assert out.splitlines()[-1].startswith(f"conformance: {len(_hand_written())} passed, 0 failed, 0 errored")


def test_an_export_lists_its_case_files_not_its_errors_or_rulesets(export: Path) -> None:
    files = export_case_files(export)
    assert files and all(p.suffix == ".jsonl" and p.parts[-3] == "cases" for p in files)
    assert expand_exports([export, "x.yaml"]) == [*files, "x.yaml"]
    assert export_case_files(export / "cases") is None  # no manifest: an ordinary folder


def test_a_changed_export_is_refused_with_one_line(export: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(export), str(copy)], check=True)
    victim = next((copy / "cases" / "skruuvi-2016").glob("*.jsonl"))
    victim.write_text(victim.read_text(encoding="utf-8").replace('"N"', '"S"', 1), encoding="utf-8")
    proc = _skruuvi("conformance", str(copy))
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "sha256" in proc.stderr and victim.name in proc.stderr, proc.stderr


@pytest.mark.usefixtures("parse_once")
def test_export_is_deterministic(export: Path, tmp_path: Path) -> None:
    assert cli.main(["export", "--no-generated", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / "manifest.json").read_bytes() == (export / "manifest.json").read_bytes()


@pytest.mark.usefixtures("parse_once")
def test_a_non_empty_folder_needs_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    assert cli.main(["export", "--no-generated", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path) in err and "--force" in err
    assert cli.main(["export", "--no-generated", "--force", str(tmp_path)]) == 0
    assert (tmp_path / "keep.txt").read_text() == "mine" and (tmp_path / "manifest.json").is_file()


@pytest.mark.parametrize("where", ["file", "below-a-file"])
def test_unwritable_targets_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    target = blocker if where == "file" else blocker / "sub"
    assert cli.main(["export", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skruuvi: ") and str(target) in err


@pytest.mark.usefixtures("parse_once")
def test_the_full_export_counts_the_generated_cases_and_runs(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    expected: dict[str, Counter[str]] = {}
    for path in sorted(GENERATED.rglob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                tally = expected.setdefault(record["ruleset"], Counter())
                tally["cases"] += 1
                tally[_kind(record)] += 1
    target = tmp_path / "suite"
    assert cli.main(["export", str(target)]) == 0
    manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    for rid, tally in expected.items():
        assert manifest["counts"]["rulesets"][rid]["generated"] == {
            "cases": tally["cases"], "valid": tally["valid"], "invalid": tally["invalid"], "legal": tally["legal"]}
    generated = [e for e in manifest["files"] if e.get("origin") == "generated"]
    assert sum(e["cases"] for e in generated) == sum(t["cases"] for t in expected.values())
    assert all(e["path"].startswith(f"generated/{e['ruleset']}/") for e in generated)
    # one shard of the whole export through the runner (run here, as python -m skruuvi runs it; the reference
    # engine a process): the generated files are read from the export
    capsys.readouterr()
    code = cli.main(["conformance", "--quiet", "--shard", "1/40", str(target)])
    out, err = capsys.readouterr()
    assert code == 0, out[-2000:] + err[-2000:]
    assert " 0 failed, 0 errored" in out
