"""The export stands alone (issue 31): a README at its root, and the skeleton engine it shows, run against it.

The skeleton (``engine-skeleton.js``, Node.js) speaks SCP/1 and plays nothing: the runner sends it the cases
its declarations cover, it answers each ``skipped``, and the run ends as the README says (exit 1, no case
judged). The test skips where ``node`` is not installed, and says so.
"""

from __future__ import annotations

import json
import re
import shlex
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


CHECKOUT_ONLY = ("conformance/", "spec/", "bench/", "tests/", "DESIGN.md")
"""Paths only a checkout has: INTERPRETING.md names them only where it says so (the word "checkout" near)."""


def _commands(text: str) -> list[list[str]]:
    """The ``skruuvi`` command lines of a text's examples (a ``$`` prompt, a comment, continuations dropped),
    each split like a shell would, ``&&`` splitting one line into two commands."""
    lines = []
    for line in text.replace("\\\n", " ").splitlines():
        line = line.strip().removeprefix("$ ")
        if line.startswith("skruuvi "):
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words:
                    lines.append(words)
    return lines


def _examples_hold(export: Path, commands: list[list[str]], where: str) -> None:
    """Each example parses and names only paths that exist beside the export; ``replay`` and ``validate`` run
    there and exit 0. An example's ``skruuvi export DIR`` is not run again: DIR stands for this export."""
    parser = cli.build_parser()
    made: set[str] = set()
    for words in commands:
        assert words[0] == "skruuvi", (where, words)
        args = parser.parse_args(words[1:])
        if args.command == "export":
            made.add(args.dir)
            continue
        named = [*getattr(args, "paths", []), *getattr(args, "files", [])]
        mapped = {path: path.split("/", 1)[1] if path.split("/", 1)[0] in made and "/" in path
                  else "." if path in made else path for path in named}
        for path in named:
            assert (export / mapped[path]).exists(), f"{where}: {shlex.join(words)} names {path}, which is not there"
        if args.command in ("replay", "validate"):
            argv = [mapped.get(word, word) for word in words[1:]]
            proc = subprocess.run([sys.executable, "-m", "skruuvi", *argv], cwd=export, capture_output=True,
                                  text=True, timeout=600)
            assert proc.returncode == 0 and proc.stdout, (where, words, proc.stderr[-1000:])


def test_interpreting_names_export_paths_and_says_which_are_the_checkouts(export: Path) -> None:
    text = (export / "INTERPRETING.md").read_text(encoding="utf-8")
    for match in re.finditer(r"`([\w.<>*-]+(?:/[\w.<>*-]+)+/?|[\w-]+\.(?:yaml|json|md))`", text):
        path = match.group(1)
        if path.startswith(CHECKOUT_ONLY):
            assert "checkout" in text[max(0, match.start() - 300):match.end() + 60], \
                f"INTERPRETING.md names the checkout's {path} without saying so"
        elif not path.startswith("generated/"):  # an export made with --no-generated has none
            pattern = re.sub(r"<\w+>", "*", path).rstrip("/")
            assert list(export.glob(pattern)), f"INTERPRETING.md names {path}, which the export lacks"


def test_interpreting_and_the_help_examples_run_in_an_export_outside_the_checkout(export: Path) -> None:
    """Issue 31: the examples of INTERPRETING.md and of ``conformance --help`` and ``replay --help`` select cases by
    ``--ruleset`` and ``--run`` (or name an export's files), so they hold in an export, outside the checkout."""
    assert not (export / "conformance").exists() and not (export / "spec").exists()
    blocks = re.findall(r"```(?:sh|text)\n(.*?)```", (export / "INTERPRETING.md").read_text(encoding="utf-8"), re.S)
    _examples_hold(export, [c for block in blocks for c in _commands(block)], "INTERPRETING.md")
    for command in ("conformance", "replay"):
        proc = subprocess.run([sys.executable, "-m", "skruuvi", command, "--help"], cwd=export, capture_output=True,
                              text=True, timeout=120)
        epilog = proc.stdout[proc.stdout.index("\nexamples"):]
        commands = _commands(epilog)
        assert len(commands) >= 5
        _examples_hold(export, commands, f"skruuvi {command} --help")
