"""rules.paths: one module decides where spec/ and conformance/ are read from (SKRUUVI_HOME, a checkout, the wheel)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources  # what paths reads the shipped copy through (imported there when needed)
from pathlib import Path

import pytest

from skruuvi.rules import paths
from skruuvi.rules.errors import InputError

CHECKOUT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test decides anew, and the rest of the session gets the real answer back."""
    monkeypatch.delenv("SKRUUVI_HOME", raising=False)
    paths.data_source.cache_clear()
    yield
    paths.data_source.cache_clear()


def _data_tree(root: Path) -> Path:
    (root / "spec" / "rulesets").mkdir(parents=True)
    (root / "conformance" / "cases").mkdir(parents=True)
    return root


def test_a_checkout_reads_its_own_files() -> None:
    assert paths.data_source() == ("checkout", CHECKOUT)
    assert paths.in_checkout()
    assert paths.rulesets_dir() == CHECKOUT / "spec" / "rulesets"
    assert paths.cases_dir() == CHECKOUT / "conformance" / "cases"
    assert paths.generated_dir() == CHECKOUT / "conformance" / "generated"
    assert paths.equivalent_file().is_file() and paths.changelog_file().is_file()


def test_skruuvi_home_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    home = _data_tree(tmp_path / "home")
    monkeypatch.setenv("SKRUUVI_HOME", str(home))
    assert paths.data_source() == ("SKRUUVI_HOME", home.resolve())
    assert paths.spec_dir() == home.resolve() / "spec"


def test_a_skruuvi_home_without_spec_is_one_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SKRUUVI_HOME", str(tmp_path))
    with pytest.raises(InputError) as info:
        paths.repo_root()
    assert "SKRUUVI_HOME" in str(info.value) and "\n" not in str(info.value)


def test_installed_reads_the_shipped_copy_through_importlib_resources(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "skruuvi"
    shipped = _data_tree(package / paths.DATA_PACKAGE_DIR)
    monkeypatch.setattr(paths, "_checkout_root", lambda: None)
    monkeypatch.setattr(resources, "files", lambda name: package if name == "skruuvi" else None)
    assert paths.data_source() == ("installed", shipped)
    assert not paths.in_checkout()
    assert paths.cases_dir() == shipped / "conformance" / "cases"
    assert paths.describe_source() == f"installed {shipped}"


def test_no_data_at_all_is_one_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(paths, "_checkout_root", lambda: None)
    monkeypatch.setattr(resources, "files", lambda name: tmp_path)
    with pytest.raises(InputError) as info:
        paths.schema_dir()
    message = str(info.value)
    assert "no data" in message and "SKRUUVI_HOME" in message and "\n" not in message
    assert paths.describe_source().startswith("no data (")


def test_a_copy_of_the_package_outside_reference_impl_is_not_a_checkout(monkeypatch: pytest.MonkeyPatch,
                                                                        tmp_path: Path) -> None:
    # site-packages/skruuvi/rules/paths.py in a venv inside a checkout must not pick the checkout up
    fake = tmp_path / "venv" / "lib" / "site-packages" / "skruuvi" / "rules" / "paths.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("")
    _data_tree(tmp_path / "venv" / "lib")
    monkeypatch.setattr(paths, "__file__", str(fake))
    assert paths._checkout_root() is None
