"""Where the project's data lives: a checkout's own ``spec/`` and ``conformance/``, or the copy in the wheel.

This module alone decides, once per process, in this order:

1. ``SKRUUVI_HOME=DIR``: ``DIR`` holds ``spec/`` and ``conformance/`` (another checkout, an unpacked copy).
2. A checkout: this file is ``<root>/reference_impl/skruuvi/rules/paths.py`` and ``<root>/spec/rulesets``
   exists (an editable install, or running from the source tree): the commands read the checkout's own
   files, so a developer's edit takes effect at once.
3. Installed (``pip install skruuvi-spec`` or a built wheel): the copy the wheel ships as package data under
   ``skruuvi/_data/`` (``setup.py`` copies it there at build time), found through :mod:`importlib.resources`.

Both layouts are the same below the root (``spec/...``, ``conformance/cases``, ``conformance/generated``,
``conformance/mutation``, ``conformance/CHANGELOG.md``), so every caller only joins names to
:func:`repo_root`.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from .errors import InputError

DATA_PACKAGE_DIR = "_data"


def _checkout_root() -> Path | None:
    """The source tree this module runs from, when it runs from one."""
    here = Path(__file__).resolve()
    root = here.parents[3]
    if here.parents[2].name == "reference_impl" and (root / "spec" / "rulesets").is_dir():
        return root
    return None


def _shipped_root() -> Path | None:
    """``skruuvi/_data`` of the installed package, when it is a real folder holding ``spec/``."""
    from importlib import resources  # here: a checkout (and serve's start) does not need it

    data = resources.files("skruuvi").joinpath(DATA_PACKAGE_DIR)
    if isinstance(data, Path) and (data / "spec" / "rulesets").is_dir():
        return data
    return None


@cache
def data_source() -> tuple[str, Path]:
    """``(kind, root)``: kind is ``SKRUUVI_HOME``, ``checkout`` or ``installed``.

    Raises :class:`InputError` (one line) when none applies: a package installed without its data, or
    run from a zip archive.
    """
    env = os.environ.get("SKRUUVI_HOME")
    if env:
        root = Path(env).resolve()
        if not (root / "spec" / "rulesets").is_dir():
            raise InputError("SKRUUVI_HOME must be a folder holding spec/rulesets and conformance/",
                             file=str(root))
        return "SKRUUVI_HOME", root
    checkout = _checkout_root()
    if checkout is not None:
        return "checkout", checkout
    shipped = _shipped_root()
    if shipped is not None:
        return "installed", shipped
    raise InputError("the skruuvi package has no data: it is neither in a checkout nor installed from a wheel "
                     "that ships skruuvi/_data (reinstall it, or set SKRUUVI_HOME to a checkout)",
                     file=str(Path(__file__).resolve().parents[1]))


def describe_source() -> str:
    """``"checkout /path"`` etc., for ``skruuvi --version``; never raises."""
    try:
        kind, root = data_source()
    except InputError as exc:
        return f"no data ({exc.reason})"
    return f"{kind} {root}"


def repo_root() -> Path:
    """The folder holding ``spec/`` and ``conformance/`` (a checkout, ``SKRUUVI_HOME`` or ``skruuvi/_data``)."""
    return data_source()[1]


def in_checkout() -> bool:
    """True when the data is a checkout's or ``SKRUUVI_HOME``'s (writable by its owner), not the wheel's."""
    return data_source()[0] != "installed"


def spec_dir() -> Path:
    return repo_root() / "spec"


def rulesets_dir() -> Path:
    return spec_dir() / "rulesets"


def ruleset_ids() -> list[str]:
    """Ids of the rulesets in :func:`rulesets_dir` (file name ``<id>.yaml``), sorted."""
    return sorted(p.stem for p in rulesets_dir().glob("*.yaml"))


def schema_dir() -> Path:
    return spec_dir() / "schema"


def conformance_dir() -> Path:
    return repo_root() / "conformance"


def cases_dir() -> Path:
    """The hand-written cases."""
    return conformance_dir() / "cases"


def generated_dir() -> Path:
    """The generated cases (gzip JSON Lines)."""
    return conformance_dir() / "generated"


def equivalent_file() -> Path:
    """The mutants listed as equivalent (``skruuvi mutate``)."""
    return conformance_dir() / "mutation" / "equivalent.yaml"


def changelog_file() -> Path:
    """The suite's changelog; its latest ``## X.Y.Z`` heading is the suite version."""
    return conformance_dir() / "CHANGELOG.md"
