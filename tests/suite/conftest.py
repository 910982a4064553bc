"""Fixtures of the suite tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from parsed_once import parsing_once


@pytest.fixture
def parse_once() -> Iterator[None]:
    """The test's case files read through ``yamlio`` come parsed once per process (:mod:`parsed_once`)."""
    with parsing_once():
        yield
