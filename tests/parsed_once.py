"""The repository's case files parsed once per test process (the ``parse_once`` fixture of tests/suite and
tests/cli).

Several tests read the whole hand-written suite again and again (a run per shard, a conformance run per
reading, an explanation per engine); parsing its YAML is most of what loading it costs. Within
:func:`parsing_once`, a YAML file read through ``yamlio`` or ``skruuvi validate`` that has not changed since it
was last parsed (same path, size and modification time) is given back from memory: the same value, a fresh
copy each time, so no test sees another's changes. A file that fails to parse is parsed again every time (its
error is raised as before).
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from skruuvi.rules import yamlio

_PARSED: dict[tuple[str, int, int], bytes] = {}
_real_load_yaml = yamlio.load_yaml


def load_yaml_once(path: str | Path) -> Any:
    """:func:`skruuvi.rules.yamlio.load_yaml`, parsed once per unchanged file."""
    try:
        stat = os.stat(path)
    except OSError:
        return _real_load_yaml(path)
    key = (os.path.abspath(path), stat.st_size, stat.st_mtime_ns)
    kept = _PARSED.get(key)
    if kept is None:
        value = _real_load_yaml(path)
        _PARSED[key] = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        return value
    return pickle.loads(kept)  # a copy of its own: exactly the parsed value (ints stay ints, floats floats)


@contextmanager
def parsing_once() -> Iterator[None]:
    """Within: case files read through ``yamlio`` (``iter_cases``, ``iter_records``) come parsed once per
    process (for fixtures of a wider scope than a test's)."""
    from skruuvi.suite import validate

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yamlio, "load_yaml", load_yaml_once)
        patch.setattr(validate, "load_yaml", load_yaml_once)  # it holds the name itself
        yield
