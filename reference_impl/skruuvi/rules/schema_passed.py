"""Ruleset files that passed the JSON Schema check, remembered between processes (as a ``.pyc`` is kept).

:func:`~skruuvi.rules.ruleset.get_ruleset` checks a ruleset against ``ruleset.schema.json`` before compiling it:
the check imports ``jsonschema`` and ``referencing`` and builds the validator, the larger part of what the first
``run`` request of a fresh ``skruuvi serve`` (and every fresh process that plays a deal) waits for. The check
either passes or raises, and a pass depends only on the document and the checking code. So a pass is written to a
small JSON file (:func:`cache_file`) under the keys it depends on:

* the sha256 of the ruleset file's bytes (the document checked is parsed from these very bytes);
* the schema folder, and the sha256 of each ``*.schema.json`` file in it (the registry holds them all);
* the sha256 of the source of each ``skruuvi`` module the reading and the check run (:data:`SOURCES`);
* the Python version, and the size and modification time of the files of the libraries they use
  (:data:`LIBRARIES`: PyYAML, ``jsonschema`` and what it loads the schemas with).

:func:`passed` says yes only when an entry holds under every key; anything else (no file, a stale key, a file
that is not such a cache, unreadable or odd in any way) is no: the check runs, as without the cache. A refusal
is never remembered (the check runs again and raises its own error), so the answer is never a different one.
Writing is best effort (a read-only folder keeps nothing) and atomic (a temporary file renamed over the old one).
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import suppress
from hashlib import sha256
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from .paths import schema_dir

#: The cache file's format; a file of another format is no cache.
FORMAT = "skruuvi-schema-passed/1"
#: Ruleset digests kept (of other versions of the files, e.g. another ``SKRUUVI_HOME``): the newest first.
MAX_ENTRIES = 24
#: The largest file read for a key (a source or a schema file); a longer one keeps nothing.
MAX_KEY_FILE_BYTES = 16 << 20
#: The package folder: module sources are keyed by their path below it.
_PACKAGE = Path(__file__).resolve().parents[1]
#: The sources that read a ruleset's document and check it (below the package folder): the YAML reader and the
#: strict JSON data it keeps to, the schema check and its quick check, the loader that asks for the check, this.
SOURCES = (
    "__init__.py", "rules/__init__.py", "rules/errors.py", "rules/jsonsafe.py", "rules/paths.py", "rules/ruleset.py",
    "rules/schema_fast.py", "rules/schema_passed.py", "rules/schemas.py", "rules/yamlio.py",
)
#: The libraries whose files (the ``.py`` and extension files of each package folder, and its module) key a pass.
LIBRARIES = ("yaml", "_yaml", "jsonschema", "jsonschema_specifications", "referencing", "rpds")


def cache_file() -> Path:
    """Where the passes are kept: beside this module's ``.pyc`` (``__pycache__``), named for the Python version."""
    return Path(__file__).resolve().parent / "__pycache__" / f"schema-passed.{sys.implementation.cache_tag}.json"


def _digest_of(path: Path) -> str | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_KEY_FILE_BYTES + 1)
    except OSError:
        return None
    return sha256(data).hexdigest() if len(data) <= MAX_KEY_FILE_BYTES else None


def _library_files(name: str) -> list[list[Any]]:
    """``[file, size, mtime_ns]`` of each ``.py``/extension file of library ``name`` (its package folder's, or its
    module's), found without importing it; ``[[name, -1, -1]]`` when it is not there."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return [[name, -1, -1]]
    folders = list(spec.submodule_search_locations or [])
    files = [spec.origin] if not folders and isinstance(spec.origin, str) else []
    for folder in folders:
        try:
            files += sorted(entry.path for entry in os.scandir(folder)
                            if entry.name.endswith((".py", ".so", ".pyd")) and entry.is_file())
        except OSError:
            files.append(folder)
    keys: list[list[Any]] = []
    for file in files:
        try:
            info = os.stat(file)
        except OSError:
            keys.append([file, -1, -1])
        else:
            keys.append([file, info.st_size, info.st_mtime_ns])
    return keys


def code_keys() -> dict[str, Any] | None:
    """Every key a pass is kept under but the ruleset's own bytes; ``None`` when one of them cannot be read."""
    folder = schema_dir()
    try:
        schema_files = sorted(path for path in Path(folder).glob("*.schema.json"))
    except OSError:
        return None
    keys: dict[str, Any] = {"format": FORMAT, "python": sys.version, "schema_dir": str(folder)}
    for name, paths in (("code", [_PACKAGE / source for source in SOURCES]), ("schemas", schema_files)):
        digests = []
        for path in paths:
            digest = _digest_of(path)
            if digest is None:
                return None
            digests.append([path.name if name == "schemas" else str(path.relative_to(_PACKAGE)), digest])
        keys[name] = digests
    keys["libraries"] = [entry for library in LIBRARIES for entry in _library_files(library)]
    return keys


def _kept(path: Path, keys: dict[str, Any]) -> list[str]:
    """The ruleset digests of the cache file ``path`` when it was written under ``keys``, else none."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(1 << 20)
        doc = json.loads(data)
    except (OSError, ValueError, RecursionError):
        return []
    if not isinstance(doc, dict) or set(doc) != {*keys, "passed"}:
        return []
    if any(doc[name] != value for name, value in keys.items()):
        return []
    passed = doc["passed"]
    if not isinstance(passed, list) or not all(isinstance(digest, str) for digest in passed):
        return []
    return passed


def passed(data: bytes, path: Path | None = None) -> bool:
    """Whether the ruleset file holding ``data`` is remembered to have passed the check under the keys of now
    (cache file ``path``, default :func:`cache_file`)."""
    keys = code_keys()
    return keys is not None and sha256(data).hexdigest() in _kept(path or cache_file(), keys)


def remember(data: bytes, path: Path | None = None) -> None:
    """Remember that the ruleset file holding ``data`` passed the check (best effort; nothing when the keys
    cannot be read or the file cannot be written)."""
    keys = code_keys()
    if keys is None:
        return
    path = path or cache_file()
    digest = sha256(data).hexdigest()
    kept = [digest, *(other for other in _kept(path, keys) if other != digest)][:MAX_ENTRIES]
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_text(json.dumps({**keys, "passed": kept}, separators=(",", ":")), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        with suppress(OSError):
            temporary.unlink()


__all__ = ["FORMAT", "LIBRARIES", "SOURCES", "cache_file", "code_keys", "passed", "remember"]
