"""Shared by every test folder: the helpers beside this file (``cases_factory``, ``strategies``) import by
their plain names from any folder of the mirror layout."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


# The slowest tests (pytest --durations), started first so that the parallel workers (pytest-xdist, see
# pyproject.toml) do not end with one long test running alone. Only the order changes; a name that no longer
# exists is harmless.
SLOW_FIRST = (
    "tests/suite/test_validate.py::test_the_real_spec_and_suite_validate",
    "tests/suite/test_case_tools.py::test_case_tool",
    "tests/test_wheel.py::",
    "tests/authoring/test_mutate.py::test_the_suite_kills_every_non_equivalent_mutant",
    "tests/suite/test_export.py::test_the_full_export",
    "tests/suite/test_generated.py::test_both_implementations_pass_the_generated_suites",
    "tests/suite/test_runner_options.py::test_shards_partition_the_suite_exactly",
    "tests/book/test_book.py::test_mkdocs_build_strict",
)


def _rank(nodeid: str) -> int:
    return next((n for n, prefix in enumerate(SLOW_FIRST) if nodeid.startswith(prefix)), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest keep their order
