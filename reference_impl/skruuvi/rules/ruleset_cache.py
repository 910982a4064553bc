"""Ruleset files read and passed by the JSON Schema check, remembered between processes (as a ``.pyc`` is kept).

:func:`~skruuvi.rules.ruleset.get_ruleset` reads a ruleset's YAML and checks the document against
``ruleset.schema.json`` before compiling it. Reading the three rulesets' YAML takes some 40 ms; the check imports
``jsonschema`` and ``referencing`` and builds the validator, some 60 ms more: together most of what the first
``run`` requests of a fresh ``skruuvi serve`` (and every fresh process that plays a deal) wait for. Both depend
only on the file's bytes and the code that reads and checks them, and the check either passes or raises. So a
document that passed is written (:mod:`marshal`: exact for plain data, integer keys and ``1`` against ``1.0`` and
``True`` included) to a small file of its own (:func:`cache_folder`), under the keys it depends on:

* the sha256 of the ruleset file's bytes (the file's name: the document was parsed from these very bytes);
* the schema folder, and the sha256 of each ``*.schema.json`` file in it (the registry holds them all);
* the sha256 of the source of each ``skruuvi`` module that reads and checks it (:data:`SOURCES`);
* the Python version, and the size and modification time of the files of the libraries they use
  (:data:`LIBRARIES`: PyYAML, ``jsonschema`` and what it loads the schemas with).

:func:`checked_document` gives a document back only when its file is whole (a sha256 of its contents heads it)
and every key holds; anything else (no file, a stale key, a file that is not such an entry, unreadable, cut short
or odd in any way) is a miss: the YAML is read and checked, as without the cache. A document that fails the check
is never remembered (it is checked again and raises its own error), so the answer is never a different one.
Writing is best effort (a read-only folder keeps nothing) and atomic (a temporary file renamed over the old one);
at most :data:`MAX_ENTRIES` files are kept, the oldest removed first.
"""

from __future__ import annotations

import json
import marshal
import os
import sys
from contextlib import suppress
from hashlib import sha256
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from .keyed_files import read_capped, source_digests, write_whole
from .paths import schema_dir

#: The entries' format; an entry of another format is a miss.
FORMAT = "skruuvi-ruleset-cache/1"
#: Entries kept (other versions of the files, e.g. another ``SKRUUVI_HOME``'s): the oldest are removed.
MAX_ENTRIES = 24
#: A ruleset file longer than this is never read here (:data:`skruuvi.rules.yamlio.MAX_FILE_BYTES`, which refuses
#: it with its own error; not imported from there: a process that compiles from remembered documents never
#: imports the YAML reader and PyYAML).
MAX_RULESET_BYTES = 64 << 20
#: The largest file read for a key (a source or a schema file) or as an entry; a longer one is a miss.
MAX_KEY_FILE_BYTES = 16 << 20
#: The sources that read a ruleset's document and check it (below the package folder): the YAML reader and the
#: strict JSON data it keeps to, the schema check and its quick check, the loader that asks for them, this.
SOURCES = (
    "__init__.py", "rules/__init__.py", "rules/errors.py", "rules/jsonsafe.py", "rules/keyed_files.py",
    "rules/files.py", "rules/numbers.py",
    "rules/paths.py", "rules/ruleset.py", "rules/readahead.py", "rules/ruleset_cache.py", "rules/schema_fast.py",
    "rules/schemas.py", "rules/yamlio.py",
)
#: The libraries whose files (the ``.py`` and extension files of each package folder, and its module) key an entry.
LIBRARIES = ("yaml", "_yaml", "jsonschema", "jsonschema_specifications", "referencing", "rpds")
_DIGEST_BYTES = 32


def cache_folder() -> Path:
    """Where the entries are kept: beside this module's ``.pyc`` (``__pycache__``)."""
    return Path(__file__).resolve().parent / "__pycache__"


def read_ruleset(path: Path) -> bytes | None:
    """The bytes of the ruleset file ``path``, or ``None`` when it cannot be read or is longer than the YAML reader
    reads (then the reader says why)."""
    return read_capped(path, MAX_RULESET_BYTES)


def _entry_path(folder: Path, data: bytes) -> Path:
    return folder / f"ruleset-{sha256(data).hexdigest()}.{sys.implementation.cache_tag}.marshal"


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
    """Every key an entry is kept under but the ruleset's own bytes; ``None`` when one of them cannot be read."""
    folder = schema_dir()
    try:
        schema_files = sorted(path for path in Path(folder).glob("*.schema.json"))
    except OSError:
        return None
    code = source_digests(SOURCES, MAX_KEY_FILE_BYTES)
    if code is None:
        return None
    schemas = []
    for path in schema_files:
        data = read_capped(path, MAX_KEY_FILE_BYTES)
        if data is None:
            return None
        schemas.append([path.name, sha256(data).hexdigest()])
    keys: dict[str, Any] = {"format": FORMAT, "python": sys.version, "schema_dir": str(folder), "code": code,
                            "schemas": schemas}
    keys["libraries"] = [entry for library in LIBRARIES for entry in _library_files(library)]
    return keys


def _keys_text() -> str | None:
    keys = code_keys()
    return None if keys is None else json.dumps(keys, separators=(",", ":"))


def checked_document(data: bytes, folder: Path | None = None) -> Any:
    """The document parsed from the ruleset file holding ``data`` when it is remembered to have passed the check
    under the keys of now (in ``folder``, default :func:`cache_folder`); ``None`` on a miss."""
    try:
        with open(_entry_path(folder or cache_folder(), data), "rb") as handle:
            blob = handle.read(MAX_KEY_FILE_BYTES + 1)
    except OSError:
        return None
    payload = blob[_DIGEST_BYTES:]
    if len(blob) > MAX_KEY_FILE_BYTES or sha256(payload).digest() != blob[:_DIGEST_BYTES]:
        return None  # cut short, changed or too long: not an entry this module wrote
    try:
        entry = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):  # pragma: no cover - a whole file is one this module wrote
        return None
    if not (type(entry) is tuple and len(entry) == 3 and entry[0] == FORMAT and type(entry[1]) is str
            and type(entry[2]) is bytes):
        return None
    keys = _keys_text()
    if keys is None or entry[1] != keys:
        return None
    try:
        return marshal.loads(entry[2])
    except (ValueError, EOFError, TypeError):  # pragma: no cover - a whole file is one this module wrote
        return None


def snapshot(document: Any) -> bytes | None:
    """The document as an entry keeps it (its :mod:`marshal` bytes), or ``None`` when it is not plain data."""
    try:
        return marshal.dumps(document)
    except ValueError:
        return None


def remember(data: bytes, document: bytes, folder: Path | None = None) -> None:
    """Remember that the document (its :func:`snapshot`) parsed from the ruleset file holding ``data`` passed the
    check (best effort: nothing when the keys cannot be read or the entry cannot be written)."""
    keys = _keys_text()
    if keys is None:
        return
    payload = marshal.dumps((FORMAT, keys, document))
    folder = folder or cache_folder()
    if write_whole(_entry_path(folder, data), sha256(payload).digest() + payload):
        _forget_old(folder)


def _forget_old(folder: Path) -> None:
    """Remove the oldest entries beyond :data:`MAX_ENTRIES`."""
    with suppress(OSError):
        entries = sorted(folder.glob("ruleset-*.marshal"), key=lambda entry: entry.stat().st_mtime_ns)
        for old in entries[:-MAX_ENTRIES]:
            old.unlink()


__all__ = ["FORMAT", "LIBRARIES", "SOURCES", "cache_folder", "checked_document", "code_keys", "read_ruleset",
           "remember", "snapshot"]
