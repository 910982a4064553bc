"""The type check: mypy over the whole package, as pyproject.toml configures it (strict on skruuvi.rules and
skruuvi.interpreter, the default level elsewhere). Run as a test so that ``python3 -m pytest`` (and so .ci/run)
fails on a type error like on any other."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_type_checks() -> None:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: it is in the test extra (pip install -e '.[test]')")
    cache = Path(tempfile.gettempdir()) / f"skruuvi-tests-mypy-{os.getuid()}"  # nothing written in the checkout
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_the_configuration_is_strict_where_the_issue_asks() -> None:
    """The strict flags stay on for rules/ and interpreter/, and no module of the package is ignored whole."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["packages"] == ["skruuvi"]
    assert not config.get("ignore_errors") and not config.get("ignore_missing_imports")
    strict = [o for o in config["overrides"] if "skruuvi.rules.*" in o["module"]]
    assert strict and "skruuvi.interpreter.*" in strict[0]["module"]
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "disallow_untyped_calls",
                 "no_implicit_reexport", "check_untyped_defs"):
        assert strict[0][flag] is True, flag
    for override in config["overrides"]:
        assert not override.get("ignore_errors"), override["module"]
