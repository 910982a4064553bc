"""Shared by every test folder: the helpers beside this file (``cases_factory``, ``strategies``) import by
their plain names from any folder of the mirror layout."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def _bytecode_for_subprocesses() -> None:
    """Under ``PYTHONDONTWRITEBYTECODE`` (set on the development machine, and so in its CI), every Python process
    the tests start (each ``skruuvi serve`` engine, each command-line run: hundreds in a run) compiled the
    package's ~70 modules from source, about 0.2 s of CPU each start. Those processes keep their bytecode in a
    cache folder outside the checkout instead (``PYTHONPYCACHEPREFIX``, one per user, reused by later runs: a
    ``.pyc`` is checked against its source as always), so nothing is written in the checkout and each module is
    compiled once. The test processes themselves, and a run with either variable set otherwise, are left as
    they are."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    folder = Path(tempfile.gettempdir()) / f"skruuvi-tests-pycache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.is_symlink() or folder.stat().st_uid != os.getuid():
            return  # not ours: leave the processes as they were
    except OSError:
        return
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)


_bytecode_for_subprocesses()


# The slowest tests, longest first (pytest --durations of the whole run, 1 December 2026, after the eleventh
# session's cuts), started first so that the parallel workers (pytest-xdist, see pyproject.toml) do not end with
# one long test running alone: xdist's load scheduling then hands each free worker the longest test left (longest
# processing time first). Only the order changes; a name that no longer exists is harmless.
SLOW_FIRST = (
    # one process at a time (build, install, two conformance runs): started first, it overlaps the rest
    "tests/test_wheel.py::",
    "tests/suite/test_oracle_agreement.py::test_the_oracle_passes_the_hand_written_suite_over_scp",
    "tests/suite/test_generated.py::test_both_implementations_pass_the_generated_suites[oracle]",
    "tests/authoring/test_mutate.py::test_the_suite_kills_every_non_equivalent_mutant[skruuvi-2016]",
    "tests/authoring/test_playthrough.py::test_every_playthrough_set_is_the_accepted_universe",
    "tests/suite/test_generated.py::test_both_implementations_pass_the_generated_suites",
    "tests/book/test_book.py::test_mkdocs_build_strict",  # builds the book that every book test waits for
    "tests/suite/run/test_declare_runs.py::test_the_reference_under_readings_passes_all_when_it_declares_them",
    "tests/suite/test_export.py::test_the_full_export",
    "tests/authoring/test_code_mutation.py::test_scp_path_judges_alike",
    "tests/suite/test_export.py::test_conformance_runs_an_export_like_the_checkout",
    "tests/suite/test_validate.py::test_the_real_spec_and_suite_validate",
    "tests/cli/test_cli.py::test_reference_passes_the_repository_suite",
    "tests/authoring/test_mutate.py::test_the_suite_kills_every_non_equivalent_mutant",
    "tests/suite/explanations/test_explain.py::test_an_engine_under",
    "tests/suite/explanations/test_explain.py::test_a_real_bug_is_listed_first_as_explained_by_no_reading",
    "tests/suite/test_generated.py::test_the_new_kinds_follow_the_committed_records_as_the_generator_writes_them",
    "tests/suite/explanations/test_explain.py::",
    "tests/suite/cases/test_checking_pass.py::test_every_generated_case_is_sent_as_before",
    "tests/suite/run/test_runner.py::test_all_misbehaviours_mixed_no_case_lost",
    "tests/book/test_book_browser.py::test_era_page_loads_without_console_errors",
    "tests/authoring/test_code_mutation.py::test_fast_path_kills_what_the_cases_tell_apart",
    "tests/suite/test_oracle_readings.py::test_the_oracle_and_the_reference_agree_under_each_alternative",
)


def _rank(nodeid: str) -> int:
    return next((n for n, prefix in enumerate(SLOW_FIRST) if nodeid.startswith(prefix)), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest keep their order
