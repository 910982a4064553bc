"""Where the project's data lives: the repository holding ``spec/`` and ``conformance/``.

The package is installed in development mode (``pip install -e .``) from the repository, so the data
sits two levels above this package. ``SKRUUVI_HOME`` overrides the guess (e.g. for a packaged copy).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path


@cache
def repo_root() -> Path:
    env = os.environ.get("SKRUUVI_HOME")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "spec" / "rulesets").is_dir():
            return parent
    return here.parents[2]


def spec_dir() -> Path:
    return repo_root() / "spec"


def rulesets_dir() -> Path:
    return spec_dir() / "rulesets"


def schema_dir() -> Path:
    return spec_dir() / "schema"


def cases_dir() -> Path:
    return repo_root() / "conformance" / "cases"
