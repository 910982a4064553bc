"""The start answer's feature tags kept between processes (suite/features/feature_cache.py): the same answer as working
them out, used only while every key holds, and a bad cache file harmless."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from fresh_process import skruuvi_modules_after
from skruuvi.rules import yamlio
from skruuvi.rules.paths import rulesets_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.suite.features import feature_cache
from skruuvi.suite.features.feature_cache import every_feature, load_entries
from skruuvi.suite.features.features import feature_tags

BOGUS = ["form:not-a-form"]


def checked_tags() -> dict[str, list[str]]:
    """The tags of the schema-checked rulesets: what the cache must give back."""
    return {rid: feature_tags(get_ruleset(rid)) for rid in available_rulesets()}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the rulesets the cache reads (so that a test may change one)."""
    copy = tmp_path / "rulesets"
    shutil.copytree(rulesets_dir(), copy)
    monkeypatch.setattr(feature_cache, "rulesets_dir", lambda: copy)
    return copy


def doc_of(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def with_bogus_tags(path: Path, **changes: Any) -> None:
    """Rewrite a cache file written by :func:`every_feature`: every entry's tags :data:`BOGUS`, and ``changes``."""
    doc = doc_of(path)
    doc["rulesets"] = [[rid, digest, BOGUS] for rid, digest, _ in doc["rulesets"]]
    doc.update(changes)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_the_cached_tags_are_the_worked_out_ones_and_a_second_start_reads_them(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache" / "tags.json"
    rulesets = available_rulesets()
    first = every_feature(rulesets, cache)
    assert first == checked_tags()
    assert len(load_entries(cache)) == len(rulesets)

    def no_working_out(*_: Any) -> None:
        raise AssertionError("worked out although cached")

    monkeypatch.setattr(feature_cache, "_worked_out", no_working_out)
    assert every_feature(rulesets, cache) == first


def test_entries_whose_keys_hold_are_used(folder: Path, tmp_path: Path) -> None:
    """The control of the tests below: bogus tags under keys that hold are what the cache gives."""
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    with_bogus_tags(cache)
    assert every_feature(available_rulesets(), cache) == dict.fromkeys(available_rulesets(), BOGUS)


@pytest.mark.parametrize("stale", ["python", "code", "libraries", "format"])
def test_an_entry_under_a_key_that_no_longer_holds_is_never_used(folder: Path, tmp_path: Path, stale: str) -> None:
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    doc = doc_of(cache)
    changed = {"python": doc["python"] + " (another)", "format": "skruuvi-feature-cache/0",
               "code": [[source, "0" * 64 if n == 3 else digest] for n, (source, digest) in enumerate(doc["code"])],
               "libraries": [[file, size + 1, mtime] for file, size, mtime in doc["libraries"]]}
    with_bogus_tags(cache, **{stale: changed[stale]})
    assert every_feature(available_rulesets(), cache) == checked_tags()
    assert every_feature(available_rulesets(), cache) == checked_tags()  # and the file was written anew


def test_a_changed_ruleset_file_is_worked_out_again(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    with_bogus_tags(cache)
    changed = available_rulesets()[0]
    with open(folder / f"{changed}.yaml", "a", encoding="utf-8") as handle:
        handle.write("\n# one more line\n")  # the same tags, other bytes
    found = every_feature(available_rulesets(), cache)
    assert found[changed] == checked_tags()[changed]
    assert all(found[rid] == BOGUS for rid in available_rulesets() if rid != changed)


def test_a_ruleset_that_does_not_compile_is_left_out_and_not_cached(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "tags.json"
    broken = available_rulesets()[-1]
    (folder / f"{broken}.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    for _ in range(2):
        found = every_feature(available_rulesets(), cache)
        assert broken not in found
        assert found == {rid: tags for rid, tags in checked_tags().items() if rid != broken}
    assert all(rid != broken for rid, _ in load_entries(cache))


@pytest.mark.parametrize("content", [
    b"", b"\x00\xff garbage", b"[1, 2]", b'{"format": "skruuvi-feature-cache/1"}', b'{"rulesets": ',
    b"[" * 100_000, "skruuvi-feature-cache/1 \udc80".encode("utf-8", "surrogateescape"),
])
def test_a_cache_file_that_is_not_one_is_a_miss(folder: Path, tmp_path: Path, content: bytes) -> None:
    cache = tmp_path / "tags.json"
    cache.write_bytes(content)
    assert load_entries(cache) == {}
    assert every_feature(available_rulesets(), cache) == checked_tags()


@pytest.mark.parametrize("entry", [
    ["skruuvi-2016"], [1, "d", []], ["skruuvi-2016", "d", "form:x"], ["skruuvi-2016", "d", [1]], "entry",
])
def test_a_cache_file_with_an_odd_entry_is_a_miss(folder: Path, tmp_path: Path, entry: Any) -> None:
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    doc = doc_of(cache)
    doc["rulesets"].append(entry)
    cache.write_text(json.dumps(doc), encoding="utf-8")
    assert load_entries(cache) == {}
    assert every_feature(available_rulesets(), cache) == checked_tags()


def test_a_cache_that_cannot_be_written_changes_nothing(folder: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    cache = blocker / "tags.json"  # its folder cannot be made
    assert every_feature(available_rulesets(), cache) == checked_tags()
    assert not list(tmp_path.glob("**/*.tmp"))


def test_the_keyed_sources_are_every_module_the_tags_are_worked_out_by(tmp_path: Path) -> None:
    """:data:`feature_cache.SOURCES` holds each ``skruuvi`` module that working the tags out loads, in a fresh
    process: a module it does not list could change the tags unseen."""
    loaded = skruuvi_modules_after(
        "from pathlib import Path\n"
        "from skruuvi.rules.paths import ruleset_ids\n"
        "from skruuvi.suite.features import feature_cache\n"
        f"found = feature_cache.every_feature(ruleset_ids(), Path({str(tmp_path / 'tags.json')!r}))\n"
        "assert found, 'no ruleset compiled'\n")
    assert "rules/ruleset.py" in loaded and "suite/features/features.py" in loaded
    assert loaded <= set(feature_cache.SOURCES)


def test_the_cache_reads_no_more_of_a_ruleset_file_than_the_yaml_reader() -> None:
    assert feature_cache.MAX_RULESET_BYTES == yamlio.MAX_FILE_BYTES
