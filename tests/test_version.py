"""One version an engine can pin (issue 31): the package's version is the suite's, with a dated release.

The suite's changelog heads each version ``## X.Y.Z (YYYY-MM-DD)``, or ``## X.Y.Z (unreleased)`` while it is
being made; the package (pyproject.toml, ``skruuvi.__version__``) carries the same version, and ``skruuvi
--version``, the export's manifest and every report header say it.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import skruuvi
from skruuvi.cli import commands as cli
from skruuvi.rules.paths import cases_dir
from skruuvi.suite.export import suite_release

ROOT = Path(__file__).resolve().parents[1]
HEADING = re.compile(r"^## (\d+\.\d+\.\d+) \((unreleased|\d{4}-\d{2}-\d{2})\)$")


def _headings() -> list[tuple[str, str]]:
    text = (ROOT / "conformance" / "CHANGELOG.md").read_text(encoding="utf-8")
    found = [line for line in text.splitlines() if line.startswith("## ")]
    parsed = [HEADING.match(line) for line in found]
    assert all(parsed), [line for line, m in zip(found, parsed, strict=True) if not m]
    return [(m.group(1), m.group(2)) for m in parsed if m]


def test_the_package_and_the_suite_carry_one_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (latest, released), *older = _headings()
    assert project["version"] == skruuvi.__version__ == latest
    assert suite_release() == (latest, None if released == "unreleased" else released)
    assert all(date != "unreleased" for _, date in older)  # only the latest may be unreleased
    dates = [date for _, date in older]
    assert dates == sorted(dates, reverse=True)


def test_version_export_manifest_and_report_header_say_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    version, released = suite_release()
    with pytest.raises(SystemExit):
        cli.main(["--version"])
    line = capsys.readouterr().out
    assert line.startswith(f"skruuvi {version}: suite {version} (")
    assert ("not yet released" if released is None else f"released {released}") in line and "data: " in line
    report = tmp_path / "r.jsonl"
    assert cli.main(["conformance", str(cases_dir() / "2016" / "score"), "-q", "--report", str(report)]) == 0
    header = json.loads(report.read_text(encoding="utf-8").splitlines()[0])
    assert header["suite"] == {"version": version, "released": released}
    assert cli.main(["export", "--no-generated", str(tmp_path / "export")]) == 0
    capsys.readouterr()
    manifest = json.loads((tmp_path / "export" / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["suite_version"], manifest["suite_released"]) == (version, released)
