"""Build step: ship ``spec/`` and the suite's run-time data inside the package, as ``skruuvi/_data/``.

Why a build step and not a second copy: the data's one home is the repository's ``spec/`` and
``conformance/`` (the tests, the rule book and the developers edit them there), and ``package-data`` can only
name files below a package folder. So ``build_py`` copies them into the build tree as ``skruuvi/_data/`` at
build time, and only there: git keeps one copy, the wheel gets the other, and ``skruuvi.rules.paths`` reads
the wheel's copy through importlib.resources when the package is not running from a checkout. An editable
install (``pip install -e .``) copies nothing: it reads the checkout. ``MANIFEST.in`` puts the same
folders in the sdist, so a wheel built from the sdist gets them too.

Everything else about the distribution is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# What the commands read at run time (rules.paths): all of spec/, the hand-written and generated cases, the
# mutation equivalents, the suite changelog (its version), the runner documentation and the export's README and
# skeleton engine.
DATA = ("spec", "conformance/cases", "conformance/generated", "conformance/mutation", "conformance/export",
        "conformance/CHANGELOG.md", "conformance/INTERPRETING.md")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


class BuildPyWithData(build_py):
    """``build_py`` that also copies :data:`DATA` to ``<build_lib>/skruuvi/_data/`` (not for editable installs)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "skruuvi" / "_data"
        if target.exists():
            shutil.rmtree(target)
        for name in DATA:
            source = ROOT / name
            if not source.exists():
                raise SystemExit(f"setup.py: {source} is missing: the package data cannot be built without it")
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=IGNORE)
            else:
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildPyWithData})
