"""Reports for CI and people: JUnit XML (``--junit FILE``) and a markdown summary (``--markdown FILE``).

Both writers stream: each result is written at once to a temporary spool (one per ruleset for JUnit,
whose ``testsuite`` element must carry its counts before its test cases), and :meth:`finish` assembles
the file. Memory stays flat however many cases run.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from typing import IO, Any
from xml.sax.saxutils import escape, quoteattr

from ..run.runner import STATUSES, CaseResult, failing_statuses
from .report import Tally, printable

#: Characters XML 1.0 cannot hold (an engine may answer with any bytes): replaced by U+FFFD.
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ERROR_STATUSES = frozenset({"errored", "timeout", "crashed"})
_SKIP_STATUSES = frozenset({"skipped", "unsupported", "xfail"})
_ALWAYS = ("pass", "fail", "errored")


def _xml_text(text: str) -> str:
    return escape(_NOT_XML.sub("\ufffd", text))


def _xml_attr(text: str) -> str:
    return quoteattr(_NOT_XML.sub("\ufffd", text))


def explanation(result: CaseResult) -> str:
    """Where the case is, then its diff and detail lines: the text a failure shows."""
    lines = [f"in {result.case.where}", *result.diff]
    if result.detail:
        lines.extend(result.detail.splitlines())
    return "\n".join(lines)


def _message(result: CaseResult) -> str:
    """A one-line summary of a non-passing result."""
    first = result.diff[0] if result.diff else (result.detail or "").split("\n", 1)[0]
    return f"{result.status}: {first}" if first else result.status


def engine_name(engine: dict[str, Any]) -> str:
    impl = engine.get("implementation") or {}
    return f"{impl.get('name', '?')} {impl.get('version', '?')}".strip()


# ---------------------------------------------------------------------------------------------------
# JUnit XML


class _Suite:
    def __init__(self) -> None:
        self.spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.tests = self.failures = self.errors = self.skipped = 0
        self.seconds = 0.0


class JUnitWriter:
    """JUnit XML: one ``testsuite`` per ruleset, one ``testcase`` per case.

    ``fail`` and ``xpass`` (unless allowed) are ``failure`` elements, ``errored``/``timeout``/``crashed``
    are ``error`` elements, ``skipped``/``unsupported``/``xfail`` are ``skipped`` elements; each carries
    the case's location, diff and detail as its text.
    """

    def __init__(self, handle: IO[str], *, allow_xpass: bool = False) -> None:
        self.handle = handle
        self.failing = failing_statuses(allow_xpass)
        self.suites: dict[str, _Suite] = {}

    def on_result(self, result: CaseResult) -> None:
        case = result.case
        suite = self.suites.get(case.ruleset)
        if suite is None:
            suite = self.suites[case.ruleset] = _Suite()
        suite.tests += 1
        suite.seconds += result.seconds
        attrs = (f"classname={_xml_attr(case.ruleset)} name={_xml_attr(case.id)} file={_xml_attr(case.file)} "
                 f"time=\"{result.seconds:.6f}\"")
        status = result.status
        if status in self.failing and status not in _ERROR_STATUSES:
            suite.failures += 1
            element = "failure"
        elif status in _ERROR_STATUSES:
            suite.errors += 1
            element = "error"
        elif status in _SKIP_STATUSES:
            suite.skipped += 1
            element = "skipped"
        else:  # pass, or an allowed xpass
            element = "system-out" if status != "pass" else ""
        if not element:
            suite.spool.write(f"    <testcase {attrs}/>\n")
            return
        body = _xml_text(explanation(result))
        if element == "system-out":
            inner = f"<system-out>{_xml_text(_message(result))}\n{body}</system-out>"
        else:
            inner = (f"<{element} type={_xml_attr(status)} message={_xml_attr(_message(result)[:1000])}>"
                     f"{body}</{element}>")
        suite.spool.write(f"    <testcase {attrs}>\n      {inner}\n    </testcase>\n")

    def finish(self, engine: dict[str, Any], command: list[str], seconds: float, started: str) -> None:
        totals = {k: sum(getattr(s, k) for s in self.suites.values())
                  for k in ("tests", "failures", "errors", "skipped")}
        out = self.handle
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write(f"<testsuites name=\"skruuvi conformance\" tests=\"{totals['tests']}\" "
                  f"failures=\"{totals['failures']}\" errors=\"{totals['errors']}\" "
                  f"skipped=\"{totals['skipped']}\" time=\"{seconds:.3f}\">\n")
        for name, suite in self.suites.items():
            out.write(f"  <testsuite name={_xml_attr(name)} tests=\"{suite.tests}\" failures=\"{suite.failures}\" "
                      f"errors=\"{suite.errors}\" skipped=\"{suite.skipped}\" time=\"{suite.seconds:.3f}\" "
                      f"timestamp={_xml_attr(started.removesuffix('Z'))}>\n")
            out.write("    <properties>\n"
                      f"      <property name=\"engine\" value={_xml_attr(engine_name(engine))}/>\n"
                      f"      <property name=\"impl\" value={_xml_attr(' '.join(command))}/>\n"
                      "    </properties>\n")
            suite.spool.seek(0)
            shutil.copyfileobj(suite.spool, out)
            suite.spool.close()
            out.write("  </testsuite>\n")
        out.write("</testsuites>\n")
        out.flush()
        self.suites.clear()


# ---------------------------------------------------------------------------------------------------
# Markdown


def _cell(text: str) -> str:
    return printable(text).replace("|", "\\|").replace("\n", " ")


class MarkdownWriter:
    """A markdown summary: a table of statuses per ruleset, then every case that did not pass (except the
    ``unsupported`` ones, which are only counted) with its location, diff and detail."""

    def __init__(self, handle: IO[str]) -> None:
        self.handle = handle
        self.spool: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.listed = 0

    def on_result(self, result: CaseResult) -> None:
        if result.status in ("pass", "unsupported"):
            return
        self.listed += 1
        text = printable(explanation(result)).replace("```", "'''")
        self.spool.write(f"### {result.status.upper()} `{_cell(result.case.id).replace('`', chr(39))}` "
                         f"({_cell(result.case.ruleset)})\n\n"
                         f"```text\n{text}\n```\n\n")

    def finish(self, tally: Tally, engine: dict[str, Any], command: list[str], seconds: float,
               code: int, *, interrupted: bool = False, reason: str | None = None) -> None:
        out = self.handle
        shown = [s for s in STATUSES if s in _ALWAYS or tally.counts.get(s, 0)]
        out.write("# Conformance report\n\n")
        out.write(f"- engine: {_cell(engine_name(engine))} (`{_cell(' '.join(command))}`)\n"
                  f"- cases: {tally.total} in {seconds:.1f} s\n"
                  f"- result: {'interrupted' if interrupted else 'passed' if code == 0 else 'failed'} "
                  f"(exit code {code})\n")
        if interrupted:
            out.write("- the run was interrupted: only the cases judged before the signal are counted\n")
        if reason:
            out.write(f"- {_cell(reason)}\n")
        out.write("\n")
        out.write("## Summary\n\n")
        out.write("| ruleset | " + " | ".join(shown) + " | total |\n")
        out.write("|---|" + "---:|" * (len(shown) + 1) + "\n")
        rows = [(f"`{name}`", counts) for name, counts in sorted(tally.by_ruleset.items())]
        rows.append(("**all**", tally.counts))
        for label, counts in rows:
            cells = [str(counts.get(s, 0)) for s in shown]
            out.write(f"| {label} | " + " | ".join(cells) + f" | {sum(counts.values())} |\n")
        out.write("\n## Cases that did not pass\n\n")
        if not self.listed:
            out.write("None.\n")
        else:
            self.spool.seek(0)
            shutil.copyfileobj(self.spool, out)
        self.spool.close()
        out.flush()
