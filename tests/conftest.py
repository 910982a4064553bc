"""Shared by every test folder: the helpers beside this file (``cases_factory``, ``strategies``) import by
their plain names from any folder of the mirror layout."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


# The slowest tests, longest first (pytest --durations=0 of the whole run, 1 December 2026), started first so that
# the parallel workers (pytest-xdist, see pyproject.toml) do not end with one long test running alone: xdist's
# load scheduling then hands each free worker the longest test left (longest processing time first). Only the
# order changes; a name that no longer exists is harmless.
SLOW_FIRST = (
    "tests/suite/test_case_tools.py::test_case_tool[command2]",  # author_1944.py --check: its searches
    "tests/suite/test_validate.py::test_the_real_spec_and_suite_validate",
    "tests/authoring/test_mutate.py::test_the_suite_kills_every_non_equivalent_mutant[skruuvi-2016]",
    "tests/suite/test_explain.py::test_every_single_alternative_is_named_as_the_cause_of_all_its_failures[2016]",
    "tests/test_wheel.py::",
    "tests/suite/test_case_tools.py::test_case_tool[command4]",
    "tests/authoring/test_mutate.py::test_the_suite_kills_every_non_equivalent_mutant",
    "tests/suite/test_generated.py::test_the_new_kinds_follow_the_committed_records_as_the_generator_writes_them",
    "tests/suite/test_explain.py::test_an_engine_under",
    "tests/suite/test_declare_runs.py::test_the_reference_under_readings_passes_all_when_it_declares_them",
    "tests/suite/test_explain.py::test_trying_readings_only_where_they_can_touch_changes_no_explanation",
    "tests/suite/test_explain.py::test_parallel_explanation_is_the_same_as_serial",
    "tests/suite/test_oracle_agreement.py::test_the_oracle_passes_the_hand_written_suite_over_scp",
    "tests/suite/test_export.py::test_conformance_runs_an_export_like_the_checkout",
    "tests/suite/test_explain.py::test_a_real_bug_is_listed_first_as_explained_by_no_reading",
    "tests/suite/test_runner_options.py::test_shards_partition_the_suite_exactly",
    "tests/suite/test_export.py::test_the_full_export",
    "tests/suite/test_generated.py::test_both_implementations_pass_the_generated_suites",
    "tests/suite/test_explain.py::",
    "tests/authoring/test_playthrough.py::test_every_playthrough_set_is_the_accepted_universe",
    "tests/suite/test_declare_runs.py::",
    "tests/cli/test_cli_trust.py::test_fuzz_a_list_or_mapping_in_a_ruleset_number_place_never_raises",
    "tests/cli/test_cli.py::test_reference_passes_the_repository_suite",
    "tests/cli/test_cli_trust.py::test_every_number_place_of_every_ruleset_refuses_a_list_and_a_mapping",
    "tests/suite/test_case_tools.py::test_case_tool",
    "tests/book/test_book.py::test_mkdocs_build_strict",  # builds the book for the worker that runs it first
)


def _rank(nodeid: str) -> int:
    return next((n for n, prefix in enumerate(SLOW_FIRST) if nodeid.startswith(prefix)), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest keep their order
