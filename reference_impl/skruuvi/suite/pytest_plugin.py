"""A pytest plugin for implementers: every conformance case becomes a test item.

    pytest --skruuvi-impl "./my-engine --scp" [--skruuvi-cases PATH ...] [--skruuvi-ruleset ID ...]
           [--skruuvi-timeout S] [--skruuvi-known-failures FILE]

Registered through the ``pytest11`` entry point of the ``skruuvi-spec`` distribution; without
``--skruuvi-impl`` it does nothing. One engine (SCP/1) is started for the session and reused; a case
that kills or confuses it restarts it, as in ``skruuvi conformance``. A failing case shows its diff;
``errored``, ``timeout`` and ``crashed`` fail with the runner's detail; ``skipped`` and ``unsupported``
cases are skipped; ids in the known-failures file are strict ``xfail`` (a pass fails the test).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

_ENGINE = pytest.StashKey["Any"]()
_SKIPPING = frozenset({"skipped", "unsupported"})


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("skruuvi", "Skruuvi conformance cases as tests")
    group.addoption("--skruuvi-impl", metavar="CMD", default=None,
                    help="engine command speaking SCP/1 (split like a shell would); turns every case into a test")
    group.addoption("--skruuvi-cases", metavar="PATH", action="append", default=[],
                    help="case files, directories or 'skruuvi export' folders (repeatable; default: the "
                         "hand-written cases of the checkout or of the installed package)")
    group.addoption("--skruuvi-ruleset", metavar="ID", action="append", default=[],
                    help="only cases of this ruleset (repeatable)")
    group.addoption("--skruuvi-timeout", metavar="S", type=float, default=10.0,
                    help="seconds the engine may take per case (default: 10)")
    group.addoption("--skruuvi-known-failures", metavar="FILE", default=None,
                    help="case ids expected to fail: strict xfail")


class CaseFailure(Exception):
    """A case that did not pass; the text is the runner's explanation."""


class SkruuviSession:
    """The engine shared by every case item of the session (started lazily, restarted by the worker)."""

    def __init__(self, command: list[str], timeout: float) -> None:
        from .run.runner import RunConfig, Worker

        self.config = RunConfig(command=command, timeout=timeout)
        self.worker = Worker(self.config)
        self.header: dict[str, Any] | None = None
        self.plan: Any = None
        self.seq = 0

    def run(self, case: Any) -> Any:
        from .run.declare import plan_for
        from .run.runner import CaseResult, Engine, HandshakeError

        if self.header is None:
            engine = Engine(self.config.command)
            try:
                self.header = engine.start(self.config.start_timeout)
            except HandshakeError as exc:
                return CaseResult(case, "crashed", detail=f"the engine failed the start handshake: {exc}")
            self.worker.engine = engine
            self.plan = plan_for(self.header)  # the start checked the declarations
        decided = self.plan(case)  # the ruleset and the features it declares, the readings it plays by
        if isinstance(decided, str):
            return CaseResult(case, "unsupported", detail=decided)
        self.seq += 1
        return self.worker.run(self.seq, decided)

    def close(self) -> None:
        self.worker.close()


class CaseItem(pytest.Item):
    """One conformance case."""

    def __init__(self, *, case: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        from .reports.report_formats import explanation

        session: SkruuviSession = self.config.stash[_ENGINE]
        result = session.run(self.case)
        if result.status in _SKIPPING:
            pytest.skip(f"{result.status}: {result.detail}")
        if result.status != "pass":
            raise CaseFailure(f"{result.status.upper()} {self.case.id}\n{explanation(result)}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, CaseFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path | str, int | None, str]:
        return self.case.file, None, f"{self.case.ruleset}: {self.case.id}"


class RulesetCollector(pytest.Collector):
    """The cases of one ruleset (a node in the test ids: ``skruuvi/<ruleset>::<case id>``)."""

    def __init__(self, *, cases: list[Any], known: set[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cases, self.known = cases, known

    def collect(self) -> list[pytest.Item]:
        items: list[pytest.Item] = []
        for case in self.cases:
            item = CaseItem.from_parent(self, name=case.id, case=case)
            if case.id in self.known:
                item.add_marker(pytest.mark.xfail(reason="listed in the known-failures file", strict=True))
            items.append(item)
        return items


def _cases(config: pytest.Config) -> list[Any]:
    from ..rules.errors import InputError
    from ..rules.paths import cases_dir
    from .cases.cases import Selection, iter_cases
    from .export import expand_exports

    paths = config.getoption("skruuvi_cases") or [cases_dir()]
    selection = Selection(rulesets=frozenset(config.getoption("skruuvi_ruleset")))
    try:
        return list(iter_cases(expand_exports(paths), selection))
    except InputError as exc:
        raise pytest.UsageError(f"--skruuvi-cases: {exc}") from None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Add one item per case (before -k/-m deselection runs, so they apply to cases too)."""
    impl = config.getoption("skruuvi_impl")
    if impl is None:
        return
    command = shlex.split(impl)
    if not command:
        raise pytest.UsageError("--skruuvi-impl is empty")
    from .cases.cases import load_known_failures

    known_file = config.getoption("skruuvi_known_failures")
    known = load_known_failures(known_file) if known_file else set()
    by_ruleset: dict[str, list[Any]] = {}
    for case in _cases(config):
        by_ruleset.setdefault(case.ruleset, []).append(case)
    config.stash[_ENGINE] = SkruuviSession(command, config.getoption("skruuvi_timeout"))
    for ruleset, cases in by_ruleset.items():
        name = f"skruuvi/{ruleset}"
        collector = RulesetCollector.from_parent(session, name=name, nodeid=name, cases=cases, known=known)
        collector.ihook.pytest_collectstart(collector=collector)
        collected = collector.collect()
        # reported like any collection, so that "collected N items" and --collect-only count the cases
        collector.ihook.pytest_collectreport(report=pytest.CollectReport(name, "passed", None, list(collected)))
        items.extend(collected)


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(_ENGINE, None)
    if session is not None:
        session.close()
