"""The export stands alone (issue 31): a README at its root, and the skeleton engine it shows, run against it.

The skeleton (``engine-skeleton.js``, Node.js) speaks SCP/1 and plays nothing: the runner sends it the cases
its declarations cover, it answers each ``skipped``, and the run ends as the README says (exit 1, no case
judged). The test skips where ``node`` is not installed, and says so.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi.cli import commands as cli
from skruuvi.rules.paths import conformance_dir

NODE = shutil.which("node")


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("front-door") / "suite"
    assert cli.main(["export", "--no-generated", str(target)]) == 0
    return target


def test_the_export_has_a_readme_and_what_interpreting_points_to(export: Path) -> None:
    readme = (export / "README.md").read_text(encoding="utf-8")
    manifest = json.loads((export / "manifest.json").read_text(encoding="utf-8"))
    listed = {entry["path"] for entry in manifest["files"]}
    assert {"README.md", "engine-skeleton.js", "INTERPRETING.md", "CHANGELOG.md"} <= listed
    for name in re.findall(r"^(\S+)\s{2,}", readme.split("```")[1], re.MULTILINE):  # the layout block
        pattern = name.replace("<ruleset>", "*").replace("<topic>", "*").replace("<name>", "*")
        if name.startswith("generated/"):
            continue  # an export made with --no-generated has none
        assert list(export.glob(pattern)), f"the README's layout names {name}, which the export lacks"
    counts = [n for n in re.findall(r"\b\d{3,}\b", readme) if n not in ("1895", "1944", "2016")]  # eras, not counts
    assert not counts, f"the README holds counts that would drift ({counts}); the manifest has them"
    skeleton = (export / "engine-skeleton.js").read_text(encoding="utf-8")
    assert 20 <= len(skeleton.splitlines()) <= 40 and skeleton == (conformance_dir() / "export" /
                                                                   "engine-skeleton.js").read_text(encoding="utf-8")


@pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed: the skeleton engine cannot be run here")
def test_the_skeleton_engine_runs_against_the_export_as_the_readme_shows(export: Path) -> None:
    report = export.parent / "skeleton-report.jsonl"
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", ".", "--impl", "node engine-skeleton.js",
                           "--report", str(report)], cwd=export, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    header, cases, summary = records[0], [r for r in records if r["type"] == "case"], records[-1]
    declared = header["engine"]["implementation"]
    assert declared["name"] == "skeleton" and declared["readings"] and declared["features"]
    statuses = {r["status"] for r in cases}
    assert statuses == {"skipped", "unsupported"}  # answered one by one, in frame; nothing errored or crashed
    skipped = [r for r in cases if r["status"] == "skipped"]
    assert skipped and all(r["detail"] == f"not implemented yet: {r['id']}" for r in skipped)
    assert summary["counts"]["skipped"] == len(skipped)
    readme = (export / "README.md").read_text(encoding="utf-8")
    assert 'skruuvi conformance . --impl "node engine-skeleton.js"' in readme
    assert "no case was judged" in proc.stderr and "no case was judged" in readme
    first = skipped[0]["id"]
    assert f"SKIPPED {first}" in proc.stdout and f"SKIPPED {first}" in readme  # the README shows this very run
