"""Ruleset documents read and passed by the JSON Schema check, remembered between processes
(rules/ruleset_cache.py): the same ruleset as reading and checking the file, the reading and the check skipped only
while every key holds, a refusal never remembered, and a bad entry harmless."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import marshal
import shutil
from collections.abc import Mapping
from functools import cache as remembered
from pathlib import Path
from typing import Any

import pytest

from fresh_process import run, skruuvi_modules_after
from skruuvi.interpreter.replay import replay
from skruuvi.rules import ruleset as ruleset_module
from skruuvi.rules import ruleset_cache, schemas, yamlio
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.expr import Formula
from skruuvi.rules.paths import cases_dir, rulesets_dir, schema_dir
from skruuvi.rules.ruleset import Ruleset, available_rulesets, load_ruleset
from skruuvi.suite.cases.cases import load_cases


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    path = tmp_path / "cache"
    monkeypatch.setattr(ruleset_cache, "cache_folder", lambda: path)
    return path


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("ruleset-*.marshal"))


def passed(data: bytes) -> bool:
    return ruleset_cache.checked_document(data) is not None


def remember(data: bytes) -> None:
    snapshot = ruleset_cache.snapshot(yamlio.parse_yaml_bytes(data, "x.yaml"))
    assert snapshot is not None
    ruleset_cache.remember(data, snapshot)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = schemas.check

    def counted(instance: Any, schema: str, **options: Any) -> None:
        seen.append(schema)
        real(instance, schema, **options)

    monkeypatch.setattr(schemas, "check", counted)
    return seen


def _copy(tmp_path: Path, rid: str) -> Path:
    target = tmp_path / "rulesets" / f"{rid}.yaml"
    target.parent.mkdir(exist_ok=True)
    shutil.copyfile(rulesets_dir() / f"{rid}.yaml", target)
    return target


def _data(value: Any) -> Any:
    """``value`` with each compiled formula (a function) as a mark: the data a compilation makes of a document."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,  # its compared fields: not the caches a play fills
                *((f.name, _data(getattr(value, f.name))) for f in dataclasses.fields(value) if f.compare))
    if isinstance(value, Mapping):
        return {key: _data(item) for key, item in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return (type(value).__name__, *(_data(item) for item in (sorted(value, key=repr) if isinstance(
            value, frozenset | set) else value)))
    if isinstance(value, Formula):  # the expression as written, and what compiling it was given
        return ("Formula", _data(value._source), _data(value._context), _data(value.reads))
    if callable(value):
        return "<compiled>"
    return value


@remembered
def _cases(rid: str) -> list[dict[str, Any]]:
    return [case.record for case in load_cases([cases_dir()], [rid])][:60]


def _same(one: Ruleset, other: Ruleset) -> None:
    """Two compilations of one document: the same data (the compiled formulas are made from it), the same play."""
    assert _data(one) == _data(other)
    cases = _cases(one.id)
    assert cases
    for case in cases:
        assert replay(case, ruleset=one).to_response() == replay(case, ruleset=other).to_response()


@pytest.mark.parametrize("rid", available_rulesets())
def test_a_remembered_pass_gives_the_checked_ruleset_and_skips_the_check(
    rid: str, cache: Path, checks: list[str], tmp_path: Path
) -> None:
    path = _copy(tmp_path, rid)
    first = ruleset_module._load_checked(path)  # no entry yet: read and checked, then remembered
    assert checks == ["ruleset"] and len(entries(cache)) == 1
    second = ruleset_module._load_checked(path)
    assert checks == ["ruleset"]  # remembered: not checked again
    _same(first, second)
    _same(first, load_ruleset(path))  # the plain way, checked
    assert checks == ["ruleset", "ruleset"]


def test_a_ruleset_that_fails_the_check_is_never_remembered(cache: Path, checks: list[str], tmp_path: Path) -> None:
    path = _copy(tmp_path, "skruuvi-2016")
    path.write_text(path.read_text(encoding="utf-8").replace("status:", "statuz:", 1), encoding="utf-8")
    with pytest.raises(RulesetError) as plain:
        load_ruleset(path)
    for _ in range(2):
        with pytest.raises(RulesetError) as cached:
            ruleset_module._load_checked(path)
        assert str(cached.value) == str(plain.value)
    assert len(checks) == 3
    assert not passed(path.read_bytes()) and not entries(cache)


def test_a_changed_file_is_checked_again(cache: Path, checks: list[str], tmp_path: Path) -> None:
    path = _copy(tmp_path, "skruuvi-1944")
    ruleset_module._load_checked(path)
    path.write_bytes(path.read_bytes() + b"\n# a comment changes the bytes\n")
    ruleset_module._load_checked(path)
    assert len(checks) == 2
    ruleset_module._load_checked(path)
    assert len(checks) == 2  # both kept
    assert len(entries(cache)) == 2


@pytest.mark.parametrize("stale", ["format", "python", "schema_dir", "code", "schemas", "libraries"])
def test_an_entry_under_a_key_that_no_longer_holds_is_never_used(
    cache: Path, stale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (rulesets_dir() / "skruuvi-2016.yaml").read_bytes()
    remember(data)
    assert passed(data)
    real = ruleset_cache.code_keys

    def changed() -> dict[str, Any] | None:
        keys = real()
        assert keys is not None
        value = keys[stale]
        keys[stale] = [[*value[0][:-1], "0" * 64], *value[1:]] if isinstance(value, list) else value + "x"
        return keys

    monkeypatch.setattr(ruleset_cache, "code_keys", changed)
    assert not passed(data)
    monkeypatch.setattr(ruleset_cache, "code_keys", lambda: None)  # a key that cannot be read
    assert not passed(data)


def test_an_entry_holds_the_document_as_read(cache: Path) -> None:
    for rid in available_rulesets():
        data = (rulesets_dir() / f"{rid}.yaml").read_bytes()
        doc = yamlio.parse_yaml_bytes(data, "x.yaml")
        remember(data)
        back = ruleset_cache.checked_document(data)
        assert back == doc and _typed(back) == _typed(doc)  # 1 is not 1.0 nor True, keys of every type kept
    assert ruleset_cache.snapshot({"a": object()}) is None


def _typed(value: Any) -> Any:
    if isinstance(value, dict):
        return [(type(k).__name__, k, _typed(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return (type(value).__name__, value)


def test_a_changed_schema_file_or_library_file_is_a_miss(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = (rulesets_dir() / "skruuvi-2016.yaml").read_bytes()
    copy = tmp_path / "schema"
    shutil.copytree(schema_dir(), copy)
    monkeypatch.setattr(ruleset_cache, "schema_dir", lambda: copy)
    remember(data)
    assert passed(data)
    schema_file = copy / "ruleset.schema.json"
    schema_file.write_text(schema_file.read_text(encoding="utf-8") + " ", encoding="utf-8")
    assert not passed(data)
    remember(data)
    assert passed(data)
    real = ruleset_cache._library_files
    monkeypatch.setattr(ruleset_cache, "_library_files",
                        lambda name: [[f, size + 1, time] for f, size, time in real(name)])  # a library reinstalled
    assert not passed(data)


@pytest.mark.parametrize("damage", ["empty", "cut", "flipped", "not marshal", "other shape", "other format",
                                    "long"])
def test_an_entry_that_is_not_one_is_a_miss(cache: Path, damage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = (rulesets_dir() / "skruuvi-2016.yaml").read_bytes()
    remember(data)
    (entry,) = entries(cache)
    blob = entry.read_bytes()

    def signed(payload: bytes) -> bytes:
        return hashlib.sha256(payload).digest() + payload

    keys = json.dumps(ruleset_cache.code_keys(), separators=(",", ":"))
    damaged = {
        "empty": b"",
        "cut": blob[:-10],
        "flipped": blob[:-1] + bytes([blob[-1] ^ 1]),
        "not marshal": signed(b"\xff\xfe not marshal"),
        "other shape": signed(marshal.dumps([ruleset_cache.FORMAT, keys, blob])),
        "other format": signed(marshal.dumps(("skruuvi-ruleset-cache/0", keys, marshal.dumps({"id": "x"})))),
        "long": blob,
    }[damage]
    with monkeypatch.context() as patch:
        if damage == "long":
            patch.setattr(ruleset_cache, "MAX_KEY_FILE_BYTES", len(blob) - 1)
        entry.write_bytes(damaged)
        assert not passed(data)
    remember(data)  # written anew
    assert passed(data)


def test_at_most_so_many_entries_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ruleset_cache, "MAX_ENTRIES", 2)
    data = (rulesets_dir() / "skruuvi-2016.yaml").read_bytes()
    versions = [data + f"\n# version {n}\n".encode() for n in range(4)]
    for version in versions:
        remember(version)
    assert len(entries(cache)) == 2
    assert passed(versions[-1])


def test_a_cache_that_cannot_be_written_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, checks: list[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setattr(ruleset_cache, "cache_folder", lambda: blocker / "sub")
    path = _copy(tmp_path, "skruuvi-1895")
    _same(ruleset_module._load_checked(path), load_ruleset(path))
    ruleset_module._load_checked(path)
    assert len(checks) == 3  # nothing remembered: checked every time
    assert not list(tmp_path.glob("**/*.tmp"))


def test_an_unreadable_or_over_long_file_fails_as_the_yaml_reader_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cache: Path
) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(yamlio.YamlError) as plain:
        load_ruleset(missing)
    with pytest.raises(yamlio.YamlError) as cached:
        ruleset_module._load_checked(missing)
    assert str(cached.value) == str(plain.value)
    monkeypatch.setattr(ruleset_cache, "MAX_RULESET_BYTES", 10)
    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 10)
    with pytest.raises(yamlio.YamlError, match="longer than 10 bytes"):
        ruleset_module._load_checked(_copy(tmp_path, "skruuvi-2016"))


def test_the_keyed_sources_are_every_module_the_check_runs(tmp_path: Path) -> None:
    """:data:`ruleset_cache.SOURCES` holds each ``skruuvi`` module that reading a ruleset file and checking it
    loads, in a fresh process: a module it does not list could change the check's answer unseen."""
    loaded = skruuvi_modules_after(
        "from skruuvi.rules import schemas, yamlio, ruleset_cache\n"
        "from skruuvi.rules.paths import rulesets_dir\n"
        "schemas.check(yamlio.load_yaml(rulesets_dir() / 'skruuvi-2016.yaml'), 'ruleset', file='x')\n"
        "ruleset_cache.code_keys()\n")
    assert "rules/schemas.py" in loaded and "rules/schema_fast.py" in loaded
    assert loaded <= set(ruleset_cache.SOURCES)
    libraries = {name.split(".")[0] for name in ruleset_cache.LIBRARIES}
    assert {"yaml", "jsonschema", "referencing"} <= libraries


def test_a_second_process_plays_without_importing_jsonschema(tmp_path: Path) -> None:
    """Once a pass is remembered, a fresh process gets its ruleset (and plays by it) without the validator."""
    code = ("import sys\n"
            "from skruuvi.rules.ruleset import get_ruleset\n"
            "get_ruleset('skruuvi-2016')\n"
            "print('jsonschema' in sys.modules)\n")
    runs = [run(code) for _ in range(2)]
    assert runs[1] == "False"


def test_the_cache_reads_no_more_of_a_ruleset_file_than_the_yaml_reader() -> None:
    assert ruleset_cache.MAX_RULESET_BYTES == yamlio.MAX_FILE_BYTES


def test_a_process_that_compiles_remembered_documents_never_imports_the_yaml_reader() -> None:
    code = ("import sys\n"
            "from skruuvi.rules.ruleset import available_rulesets, get_ruleset\n"
            "for rid in available_rulesets():\n"
            "    get_ruleset(rid)\n"
            "print(sorted(m for m in ('yaml', 'skruuvi.rules.yamlio', 'jsonschema') if m in sys.modules))\n")
    runs = [run(code) for _ in range(2)]
    assert runs[1] == "[]"
