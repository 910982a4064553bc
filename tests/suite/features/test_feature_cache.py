"""The start answer's feature tags kept between processes (suite/features/feature_cache.py): the same answer as
working them out, used only while every key holds, and a bad cache file harmless: cut short, changed in any byte,
another file's or another version's put in its place, a ruleset changed while it is read, unreadable."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from fresh_process import skruuvi_modules_after
from skruuvi.rules import yamlio
from skruuvi.rules.paths import rulesets_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset, outline_of
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


def whole(payload: bytes) -> bytes:
    """A cache file holding ``payload`` as the module writes one: its sha256 (hex) on the first line (worked out
    here, with hashlib, not by the module)."""
    return hashlib.sha256(payload).hexdigest().encode("ascii") + b"\n" + payload


def doc_of(path: Path) -> dict[str, Any]:
    digest, _, payload = path.read_bytes().partition(b"\n")
    assert digest.decode("ascii") == hashlib.sha256(payload).hexdigest()
    return json.loads(payload)


def write_doc(path: Path, doc: Any) -> None:
    path.write_bytes(whole(json.dumps(doc).encode("utf-8")))


def with_bogus_tags(path: Path, **changes: Any) -> None:
    """Rewrite a cache file written by :func:`every_feature` as a whole file (its digest right): every entry's tags
    :data:`BOGUS`, and ``changes``."""
    doc = doc_of(path)
    doc["rulesets"] = [[rid, digest, BOGUS] for rid, digest, _ in doc["rulesets"]]
    doc.update(changes)
    write_doc(path, doc)


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
@pytest.mark.parametrize("framed", [False, True], ids=["as-is", "with-its-digest"])
def test_a_cache_file_that_is_not_one_is_a_miss(folder: Path, tmp_path: Path, content: bytes, framed: bool) -> None:
    cache = tmp_path / "tags.json"
    cache.write_bytes(whole(content) if framed else content)
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
    write_doc(cache, doc)
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


# ------------------------------------------------------------------------------- every way a cache file goes bad


def _cut(data: bytes) -> list[bytes]:
    return [data[:n] for n in (0, 1, 63, 64, 65, len(data) // 2, len(data) - 1)]


def _flipped(data: bytes) -> list[bytes]:
    """``data`` with one byte changed: in the digest line, at the newline, in the payload's keys and its tags."""
    places = [0, 63, 64, data.index(b'"rulesets"') + 3, data.rindex(b"form:") + 2, len(data) - 2]
    return [data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1:] for i in places]


def test_a_cache_file_cut_short_or_changed_in_any_byte_gives_the_uncached_answer(folder: Path,
                                                                                 tmp_path: Path) -> None:
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    with_bogus_tags(cache)  # a whole file whose entries hold: only its own digest tells a changed byte
    good = cache.read_bytes()
    assert every_feature(available_rulesets(), cache) == dict.fromkeys(available_rulesets(), BOGUS)
    for bad in [*_cut(good), *_flipped(good)]:
        cache.write_bytes(bad)
        assert load_entries(cache) == {}, bad[:80]
        assert every_feature(available_rulesets(), cache) == checked_tags()


def test_another_files_entries_put_in_place_give_the_uncached_answer(folder: Path, tmp_path: Path) -> None:
    """A cache file written for other ruleset bytes (another checkout's), renamed over this one, and a file whose
    entries name one ruleset's bytes under another ruleset's id: no entry is keyed by these bytes."""
    other = tmp_path / "other-rulesets"
    shutil.copytree(folder, other)
    for path in other.glob("*.yaml"):
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("\n# another checkout's copy\n")
    other_cache = tmp_path / "other.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(feature_cache, "rulesets_dir", lambda: other)
        every_feature(available_rulesets(), other_cache)
    with_bogus_tags(other_cache)
    cache = tmp_path / "tags.json"
    os.replace(other_cache, cache)
    assert every_feature(available_rulesets(), cache) == checked_tags()

    every_feature(available_rulesets(), cache)
    doc = doc_of(cache)
    ids = [rid for rid, _, _ in doc["rulesets"]]
    rotated = ids[1:] + ids[:1]  # each ruleset's digest and tags under the next one's id
    doc["rulesets"] = [[rid, digest, BOGUS] for rid, (_, digest, _) in zip(rotated, doc["rulesets"], strict=True)]
    write_doc(cache, doc)
    assert every_feature(available_rulesets(), cache) == checked_tags()


@pytest.mark.parametrize("version", ["format", "python", "cache-tag"])
def test_a_cache_file_of_another_version_gives_the_uncached_answer(folder: Path, tmp_path: Path,
                                                                   version: str) -> None:
    cache = tmp_path / "tags.json"
    every_feature(available_rulesets(), cache)
    if version == "format":
        with_bogus_tags(cache, format="skruuvi-feature-cache/1")
    elif version == "python":
        with_bogus_tags(cache, python="3.11.0 (another build)")
    else:  # another interpreter's file, renamed to this one's name
        assert sys.implementation.cache_tag in feature_cache.cache_file().name
        with_bogus_tags(cache, python=sys.version.replace(".", "-", 1))
    assert every_feature(available_rulesets(), cache) == checked_tags()


def test_a_ruleset_changed_while_it_is_read_is_answered_from_the_bytes_read(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tags answered and the entry kept are those of the bytes whose hash keys it; the next start reads the
    file as it now is (here: no longer a ruleset) and answers for it, as without the cache."""
    cache = tmp_path / "tags.json"
    changed = "skruuvi-2016"
    path = folder / f"{changed}.yaml"
    after = b"id: [unclosed\n"
    real = feature_cache.read_capped

    def read_then_change(target: Any, limit: int) -> bytes | None:
        data = real(target, limit)
        if Path(target) == path:
            path.write_bytes(after)  # the file changes right after its bytes were read
        return data

    monkeypatch.setattr(feature_cache, "read_capped", read_then_change)
    assert every_feature(available_rulesets(), cache) == checked_tags()  # the bytes read: the checked-in ruleset's
    monkeypatch.setattr(feature_cache, "read_capped", real)
    with pytest.raises(Exception):  # noqa: B017 - the uncached answer: the changed file does not compile
        outline_of(changed, after)
    now = every_feature(available_rulesets(), cache)
    assert changed not in now
    assert now == {rid: tags for rid, tags in checked_tags().items() if rid != changed}


@pytest.mark.parametrize("how", ["a-folder", "a-dangling-link", "a-link-loop"])
def test_an_unreadable_cache_file_gives_the_uncached_answer(folder: Path, tmp_path: Path, how: str) -> None:
    cache = tmp_path / "tags.json"
    if how == "a-folder":
        cache.mkdir()
    elif how == "a-dangling-link":
        cache.symlink_to(tmp_path / "nowhere")
    else:
        cache.symlink_to(cache)
    assert load_entries(cache) == {}
    assert every_feature(available_rulesets(), cache) == checked_tags()
