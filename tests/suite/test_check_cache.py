"""The check cache (issue 16 part 6): a case file checked once is spooled from its index the next time, and the
spool is byte for byte the one a full check writes; anything that does not hold (other bytes, a changed file,
a bad index) falls back to the full check, with the same spool or the same error."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from pathlib import Path

import pytest

from fresh_process import skruuvi_modules_after
from skruuvi.rules.errors import InputError
from skruuvi.suite import check_cache
from skruuvi.suite import spool as spool_module
from skruuvi.suite.selection import Selection
from skruuvi.suite.spool import CaseSpool

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "conformance" / "generated"
RECORD = {"id": "c.0", "ruleset": "skruuvi-2016", "deal": {"form": "alkupeli", "n": [1, 2.5, None, True]},
          "justification": {"kind": "hand", "note": "päivä"}, "actions": ["S pass"],
          "expect": {"result": {"score": {"NS": 1, "EW": -1}}}}


def _lines(count: int) -> list[str]:
    """``count`` good records in many spellings: compact, spaced, members in other orders, and lines whose members'
    places are not known (a carriage return between members, a surrogate pair's escape, a key with an escape),
    with blank lines between some."""
    out: list[str] = []
    for n in range(count):
        record = {**RECORD, "id": f"c.{n}", "ruleset": ("skruuvi-2016", "skruuvi-1944")[n % 2]}
        kind = n % 7
        if kind == 0:
            line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        elif kind == 1:
            line = json.dumps(record)  # spaces, \\u escapes
        elif kind == 2:
            line = json.dumps({"expect": record["expect"], **{k: v for k, v in record.items() if k != "expect"}})
        elif kind == 3:
            line = json.dumps(record, separators=(",", ":")).replace(",", ",\r", 1)  # not spanned
        elif kind == 4:
            line = json.dumps({**record, "justification": {"note": "\ud83d\ude00"}})  # an escaped pair: not spanned
        elif kind == 5:
            line = json.dumps(record).replace('"deal"', '"de\\u0061l"')  # a key with an escape: not spanned
        else:
            line = json.dumps({k: v for k, v in record.items() if k != "justification"}) + "  "
        out.append(line)
        if n % 11 == 0:
            out.append("   ")
    return out


def _write(path: Path, lines: list[str]) -> Path:
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(data, mtime=0))
    else:
        path.write_bytes(data)
    return path


def _spool(paths: list[Path], selection: Selection | None = None) -> tuple[int, bytes, list[str]]:
    with CaseSpool(paths, selection) as spool:
        spool._file.seek(0)
        return spool.count, spool._file.read(), spool._files


def _indexes(folder: Path) -> list[Path]:
    return sorted((folder / "checked").glob("*.idx")) if (folder / "checked").is_dir() else []


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", str(folder))
    return folder


def _uncached(monkeypatch: pytest.MonkeyPatch, paths: list[Path], selection: Selection | None = None,
              ) -> tuple[int, bytes, list[str]]:
    with monkeypatch.context() as m:
        m.setenv("SKRUUVI_CACHE_DIR", "")
        return _spool(paths, selection)


@pytest.mark.parametrize("name", ["c.jsonl", "c.jsonl.gz"])
def test_a_remembered_file_spools_the_same_bytes(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 name: str) -> None:
    path = _write(tmp_path / name, _lines(500))
    full = _uncached(monkeypatch, [path])
    assert full[0] == 500 and not _indexes(cache)
    first = _spool([path])  # checked in full, and remembered
    assert first == full
    (index,) = _indexes(cache)
    assert index.name.startswith(hashlib.sha256(path.read_bytes()).hexdigest())
    calls: list[object] = []
    check_fields = spool_module.check_fields
    monkeypatch.setattr(spool_module, "check_fields", lambda *a: calls.append(a) or check_fields(*a))
    second = _spool([path])  # from the index: only the lines whose members' places were not known are parsed
    assert second == full
    assert len(calls) == sum(1 for n in range(500) if n % 7 in (3, 4, 5))


def test_the_generated_suites_spool_the_same_from_their_indexes(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 ) -> None:
    full = _uncached(monkeypatch, [GENERATED])
    assert _spool([GENERATED]) == full  # checked in full, and remembered
    assert len(_indexes(cache)) == len(list(GENERATED.rglob("*.jsonl.gz")))
    assert _spool([GENERATED]) == full  # from the indexes
    (one,) = GENERATED.glob("1944/*.jsonl.gz")
    selection = Selection(run=("*.1*",), skip=("*7",), shard=(2, 3))
    assert _spool([one], selection) == _uncached(monkeypatch, [one], selection)


def test_other_bytes_are_not_the_remembered_ones(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "c.jsonl", _lines(300))
    _spool([path])
    lines = _lines(300)
    assert "päivä" in lines[0]
    lines[0] = lines[0].replace("päivä", "yö")  # the same ids, other bytes
    _write(path, lines)
    assert _spool([path]) == _uncached(monkeypatch, [path])
    assert len(_indexes(cache)) == 2


def test_a_file_that_changes_after_it_was_hashed_is_checked_in_full(cache: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The index of the old bytes is looked up (the file was hashed before it changed); cutting the new bytes
    where it says, and hashing them again, shows the change: the spool is the full check's of the new bytes, and
    the index is removed."""
    old = _write(tmp_path / "c.jsonl", _lines(300))
    _spool([old])
    old_digest = check_cache.file_digest(old)
    lines = _lines(300)
    assert '"S pass"' in lines[7]
    lines[7] = lines[7].replace('"S pass"', '"S pass", "N pass"')
    new = _write(tmp_path / "c.jsonl", lines)
    monkeypatch.setattr(spool_module, "file_digest", lambda path: old_digest)
    (index,) = _indexes(cache)
    assert _spool([new]) == _uncached(monkeypatch, [new])
    assert not index.exists()


@pytest.mark.parametrize("damage", ["flip", "truncate", "magic", "empty", "extra"])
def test_a_bad_index_is_removed_and_the_file_checked_in_full(cache: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    path = _write(tmp_path / "c.jsonl.gz", _lines(5000))
    full = _spool([path])
    (index,) = _indexes(cache)
    data = bytearray(index.read_bytes())
    if damage == "flip":
        data[len(data) // 2] ^= 0x20
    elif damage == "truncate":
        del data[len(data) * 2 // 3:]
    elif damage == "magic":
        data[:4] = b"XXXX"
    elif damage == "empty":
        data = bytearray()
    else:
        data += b"\0"
    index.write_bytes(bytes(data))
    assert _spool([path]) == full
    assert not index.exists()
    assert _spool([path]) == full  # (the full check ran without the cache: nothing was written meanwhile)


def test_errors_and_duplicates_are_the_same_with_remembered_files(cache: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    a = _write(tmp_path / "a.jsonl", _lines(300))
    b = _write(tmp_path / "b.jsonl", _lines(300))  # the same ids: a duplicate across files
    with pytest.raises(InputError) as first:
        _spool([a, b])
    assert len(_indexes(cache)) == 1  # each file is good on its own: remembered (b's bytes are a's)
    with pytest.raises(InputError) as again:
        _spool([a, b])
    with pytest.raises(InputError) as uncached:
        _uncached(monkeypatch, [a, b])
    assert str(first.value) == str(again.value) == str(uncached.value)
    assert "duplicate case id 'c.0'" in str(first.value)
    bad = _write(tmp_path / "bad.jsonl", [*_lines(300), '{"id": "x"}'])
    for _ in range(2):
        with pytest.raises(InputError, match=r"bad\.jsonl"):
            _spool([bad])
    assert len(_indexes(cache)) == 1  # a file that does not check clean is never remembered


def test_small_files_yaml_files_and_no_cache_are_not_remembered(cache: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    small = _write(tmp_path / "s.jsonl", _lines(check_cache.MIN_RECORDS - 1))
    (tmp_path / "one.yaml").write_text(json.dumps({**RECORD, "id": "y.1"}))  # one record a file: never remembered
    (tmp_path / "one.json").write_text(json.dumps({**RECORD, "id": "j.1"}))
    assert _spool([small, tmp_path / "one.yaml", tmp_path / "one.json"])[0] == check_cache.MIN_RECORDS + 1
    assert not _indexes(cache)
    big = _write(tmp_path / "b.jsonl", _lines(check_cache.MIN_RECORDS))
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", "")
    _spool([big])
    assert not _indexes(cache)
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", str(cache))
    _spool([big])
    assert len(_indexes(cache)) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_folder_that_cannot_be_written_keeps_no_index(cache: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (cache / "checked").mkdir(parents=True)
    (cache / "checked").chmod(0o500)
    path = _write(tmp_path / "c.jsonl", _lines(300))
    try:
        assert _spool([path]) == _uncached(monkeypatch, [path])
        assert not _indexes(cache)
    finally:
        (cache / "checked").chmod(0o700)


def test_a_file_under_the_cache_folder_is_no_folder(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   ) -> None:
    cache.write_text("not a folder")  # mkdir fails: no index, no error
    path = _write(tmp_path / "c.jsonl", _lines(300))
    assert _spool([path]) == _uncached(monkeypatch, [path])


def test_prune_keeps_the_most_recently_used(tmp_path: Path) -> None:
    folder = tmp_path / "checked"
    folder.mkdir()
    for n in range(6):
        item = folder / f"{n}.x.idx"
        item.write_bytes(bytes(100))
        os.utime(item, (1_000_000 + n, 1_000_000 + n))
    stale = folder / "dead.idx.1.tmp"
    stale.write_bytes(b"")
    os.utime(stale, (1_000_000, 1_000_000))
    fresh = folder / "live.idx.2.tmp"
    fresh.write_bytes(b"")
    check_cache.prune(folder, max_files=4, max_bytes=1 << 20)
    assert sorted(p.name for p in folder.iterdir()) == ["2.x.idx", "3.x.idx", "4.x.idx", "5.x.idx", "live.idx.2.tmp"]
    check_cache.prune(folder, max_files=4, max_bytes=250)
    assert sorted(p.name for p in folder.iterdir()) == ["4.x.idx", "5.x.idx", "live.idx.2.tmp"]


def test_a_hit_refreshes_the_index_use_time(cache: Path, tmp_path: Path) -> None:
    path = _write(tmp_path / "c.jsonl", _lines(300))
    _spool([path])
    (index,) = _indexes(cache)
    os.utime(index, (1_000_000, 1_000_000))
    _spool([path])
    assert index.stat().st_mtime > 1_000_000


def test_the_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", str(tmp_path))
    assert check_cache.cache_folder() == tmp_path / "checked"
    monkeypatch.setenv("SKRUUVI_CACHE_DIR", "")
    assert check_cache.cache_folder() is None
    monkeypatch.delenv("SKRUUVI_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert check_cache.cache_folder() == tmp_path / "xdg" / "skruuvi" / "checked"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # not absolute: ignored, as the XDG rules say
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert check_cache.cache_folder() == tmp_path / "home" / ".cache" / "skruuvi" / "checked"


def test_the_sources_cover_every_module_the_checking_pass_loads() -> None:
    """An index is keyed by the code that reads, checks and cuts records: every skruuvi module that loading the
    checking pass imports is in :data:`~skruuvi.suite.check_cache.SOURCES`, or named here with why it cannot change
    an index."""
    not_keyed = {
        "skruuvi/__init__.py": "the package's docstring and version",
        "skruuvi/rules/__init__.py": "empty",
        "skruuvi/suite/__init__.py": "empty",
        "skruuvi/suite/id_hashes.py": "finds duplicate ids: an index holds no verdict on them",
        "skruuvi/suite/answer_shape.py": "read back from the spool, after the check",
        "skruuvi/rules/paths.py": "where files are: no record's text",
        "skruuvi/suite/selection.py": "applied as the spool is written, never kept in an index",
    }
    loaded = {f"skruuvi/{module}" for module in skruuvi_modules_after("import skruuvi.suite.spool")}
    keyed = {f"skruuvi/{source}" for source in check_cache.SOURCES}
    assert loaded - keyed - set(not_keyed) == set()
    assert keyed <= loaded


def test_an_index_others_could_write_is_not_used(cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "c.jsonl", _lines(300))
    full = _spool([path])
    (index,) = _indexes(cache)
    calls: list[object] = []
    check_fields = spool_module.check_fields
    monkeypatch.setattr(spool_module, "check_fields", lambda *a: calls.append(a) or check_fields(*a))
    for mode, folder_mode in ((0o666, 0o700), (0o600, 0o777), (0o620, 0o700)):
        index.chmod(mode)
        (cache / "checked").chmod(folder_mode)
        calls.clear()
        assert _spool([path]) == full
        assert len(calls) == 300  # every record parsed: the index was not used
    index.chmod(0o600)
    (cache / "checked").chmod(0o700)
    calls.clear()
    assert _spool([path]) == full
    assert len(calls) < 300


def test_an_index_is_the_users_alone_whatever_the_umask(cache: Path, tmp_path: Path) -> None:
    path = _write(tmp_path / "c.jsonl", _lines(300))
    old = os.umask(0o002)
    try:
        _spool([path])
    finally:
        os.umask(old)
    (index,) = _indexes(cache)
    assert index.stat().st_mode & 0o077 == 0 and (cache / "checked").stat().st_mode & 0o077 == 0
