"""The implementers' "Implementations" page: engines side by side on the conformance suite, as bowtie's report site and
test262.fyi show theirs.

At build time (:func:`implementation_files`, called by the mkdocs hook for the English edition) the reference
interpreter and the oracle (``conformance/oracle/oracle.py``) are run over the hand-written suite
(``conformance/cases``) with ``skruuvi conformance --explain --report``, each a subprocess, both at once: their
verdicts are never older than the build. Any report an engine's author adds to ``conformance/implementations/``
(``*.jsonl``, written by ``skruuvi conformance --report``) is shown beside them, with the suite version and date of
its own run (a run of another suite version than the current one is flagged). The page links the full compliance
page (:mod:`skruuvi.suite.reports.page`), a badge per engine and ruleset, and every report as it was read.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..rules.errors import InputError, SkruuviError
from ..suite.export import suite_version
from ..suite.reports.badge import badge_svg, rate_text
from ..suite.reports.compliance import declared_readings, ruleset_rate, rulesets_of
from ..suite.reports.page import page_html
from ..suite.reports.reading import Report, load_report
from . import md

HERE = "implementations/index.md"
FOLDER = "implementations"
COMPLIANCE = f"{FOLDER}/compliance.html"
ADDED = Path("conformance") / "implementations"
"""Where an engine's author adds its report (repository-relative)."""


def _engines(root: Path) -> dict[str, list[str]]:
    """The engines run at build time: file stem -> command."""
    return {"reference": [sys.executable, "-m", "skruuvi", "serve"],
            "oracle": [sys.executable, str(root / "conformance" / "oracle" / "oracle.py")]}


def _run(root: Path, command: list[str], report: Path) -> None:
    """``skruuvi conformance conformance/cases --impl COMMAND --report REPORT --explain``; a run that could not
    start (exit code 2) or wrote no report stops the build with its last line of stderr."""
    argv = [sys.executable, "-m", "skruuvi", "conformance", str(root / "conformance" / "cases"), "--quiet",
            "--explain", "--report", str(report), "--impl", subprocess.list2cmdline(command)]
    run = subprocess.run(argv, cwd=root, capture_output=True, text=True, timeout=1800)
    if run.returncode not in (0, 1) or not report.is_file():
        last = (run.stderr.strip().splitlines() or [f"exit code {run.returncode}"])[-1]
        raise SkruuviError(f"the Implementations page: running {command[-1]} over the suite failed: {last}")


def _slug(report: Report) -> str:
    return md.slug(report.name) or "engine"


def implementation_files(root: Path) -> dict[str, str]:
    """docs-relative path -> content: the page, the compliance page, the badges and the reports it shows."""
    added = sorted((root / ADDED).glob("*.jsonl")) if (root / ADDED).is_dir() else []
    with tempfile.TemporaryDirectory(prefix="skruuvi-book-") as folder:
        runs = {name: Path(folder) / f"{name}.jsonl" for name in _engines(root)}
        with ThreadPoolExecutor(len(runs)) as pool:
            for done in [pool.submit(_run, root, command, runs[name]) for name, command in _engines(root).items()]:
                done.result()
        reports = [load_report(path) for path in runs.values()]
        texts = {f"{FOLDER}/{name}.jsonl": path.read_text(encoding="utf-8") for name, path in runs.items()}
    for path in added:
        try:
            report = load_report(path)
        except InputError as exc:
            raise SkruuviError(f"the Implementations page: {exc}") from None
        reports.append(report)
        texts[f"{FOLDER}/{path.name}"] = path.read_text(encoding="utf-8")
    for report, name in zip(reports, texts, strict=True):
        report.path = name.rsplit("/", 1)[1]
    files = dict(texts)
    files[COMPLIANCE] = page_html(reports)
    for report in reports:
        for rid, run in report.rulesets.items():
            files[f"{FOLDER}/badges/{_slug(report)}-{rid}.svg"] = badge_svg(rid, ruleset_rate(run))
    files[HERE] = md.titled(implementations_page(reports, len(runs)))
    return files


def _current_suite() -> str | None:
    try:
        return suite_version()
    except InputError:
        return None


def implementations_page(reports: list[Report], built: int) -> str:
    """The page (markdown): the engines, then per ruleset each engine's pass rate with its badge. The first
    ``built`` reports were run at build time."""
    current = _current_suite()
    out = ["# Implementations", "",
           "Engines side by side on the conformance suite: how many of each ruleset's cases each one passes, under "
           "the readings it declares. The reference interpreter and the independent oracle are run over the "
           "hand-written suite each time this book is built; any other engine appears once its author adds the "
           "report of its own run to `conformance/implementations/` in the repository. A pass rate is the share "
           "of a ruleset's selected cases that passed: a case the engine does not declare, skips or fails in any "
           "way counts against it.", "",
           "**[Open the full compliance page](compliance.html)**: every ruleset, rule and feature side by side, the "
           "failing cases that no reading explains first, and each failing rule opened on its cases.", "",
           "## Engines", ""]
    rows = []
    for i, report in enumerate(reports):
        version = report.suite_version
        ran = f"{version or 'not recorded'}"
        if i >= built and current and version != current:
            ran += f" (not the current {current})"
        origin = "run at build time" if i < built else f"added: `conformance/implementations/{report.path}`"
        readings = "; ".join(f"{rid}: " + (", ".join(f"`{k}` = `{v}`" for k, v in declared_readings(report, rid)
                                                       .items()) or "defaults")
                             for rid in sorted(map(str, report.implementation.get("rulesets") or []), reverse=True))
        rows.append([f"**{report.name}**", ran, report.header["started"][:10], readings or "none",
                     f"[{report.path}]({report.path}) ({origin})"])
    out += [md.table(["Engine", "Suite version", "Run on", "Declared readings", "Report"], rows), ""]
    for rid in rulesets_of(reports):
        out += [f"## {rid}", ""]
        rows = []
        for report in reports:
            run = report.rulesets.get(rid)
            if run is None:
                rows.append([report.name, "not run", "", "", ""])
                continue
            not_judged = ", ".join(f"{run.counts[s]} {s}" for s in ("unsupported", "skipped", "errored", "timeout",
                                                                    "crashed") if run.counts[s]) or "none"
            badge = f"badges/{_slug(report)}-{rid}.svg"
            rows.append([report.name, f"![{rid}: {rate_text(ruleset_rate(run))}]({badge})",
                         f"{run.counts['pass']} of {run.selected}", str(run.failed), not_judged])
        out += [md.table(["Engine", "Pass rate", "Passed", "Failing", "Not judged"], rows), ""]
    out += ["## Your engine here", "",
            "Run the suite with a report, make your own page and badge, and add the report here:", "",
            "```sh",
            "skruuvi conformance --impl './my-engine' --explain --quiet --report my-engine.jsonl",
            "skruuvi report my-engine.jsonl --html compliance.html --badge badge.svg",
            "cp my-engine.jsonl conformance/implementations/   # then open a pull request",
            "```", "",
            "`conformance/INTERPRETING.md` (section 1.1) says how the page, the badge and the merging of shard "
            "reports work.", ""]
    return "\n".join(out)


__all__ = ["ADDED", "COMPLIANCE", "HERE", "implementation_files", "implementations_page"]
