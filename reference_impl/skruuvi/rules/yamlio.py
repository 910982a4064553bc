"""Safe YAML and JSON Lines reading.

YAML is read with PyYAML's safe loader (the C one when available) and restricted to the
JSON-compatible subset the design allows: anchors, aliases and explicit tags are rejected before the
document is built, so an alias-heavy document ("billion laughs") cannot blow up memory later.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import yaml

from .errors import CaseFormatError, YamlError

try:  # the C loader is several times faster; fall back to the pure-Python one
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

_STANDARD_TAGS = {
    None,
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "!",
}


def _check_events(text: str, file: str) -> None:
    """Reject anchors, aliases and non-standard tags, naming the line."""
    for event in yaml.parse(text, Loader=_Loader):
        mark = event.start_mark
        where = f"line {mark.line + 1}" if mark is not None else None
        if isinstance(event, yaml.AliasEvent):
            raise YamlError("YAML aliases (*name) are not allowed; write the value out", file=file, path=where)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise YamlError("YAML anchors (&name) are not allowed; write the value out", file=file, path=where)
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in _STANDARD_TAGS and not getattr(event, "implicit", (True,))[0]:
            raise YamlError(f"YAML tag {tag!r} is not allowed", file=file, path=where)


def parse_yaml(text: str, file: str = "<string>") -> Any:
    """Parse YAML text (JSON-compatible subset) or raise :class:`YamlError` naming file and line."""
    try:
        if "&" in text or "*" in text or "!" in text:
            _check_events(text, file)
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else None
        raise YamlError(f"not valid YAML: {exc.problem or exc.context}", file=file, path=where) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"not valid YAML: {exc}", file=file) from None


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; every failure is an :class:`~skruuvi.rules.errors.InputError`."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlError(f"cannot read file: {exc.strerror or exc}", file=file) from None
    except UnicodeDecodeError as exc:
        raise YamlError(f"not UTF-8 text ({exc.reason})", file=file) from None
    return parse_yaml(text, file)


def iter_json_lines(lines: Iterator[str] | list[str], file: str) -> Iterator[tuple[str, Any]]:
    """Yield ``(location, object)`` for every non-blank line; bad JSON raises with the line number."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield f"line {number}", json.loads(line)
        except json.JSONDecodeError as exc:
            raise CaseFormatError(f"not valid JSON: {exc.msg} (column {exc.colno})", file=file,
                                  path=f"line {number}") from None


def is_json_lines(path: str | Path) -> bool:
    """A JSON Lines case file: ``.jsonl``, or ``.jsonl.gz`` (gzip, for the large generated suites)."""
    name = Path(path).name.lower()
    return name.endswith(".jsonl") or name.endswith(".jsonl.gz")


def open_text(path: str | Path) -> IO[str]:
    """Open a text file for reading, decompressing a ``.gz`` file on the fly."""
    if str(path).lower().endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def iter_records(path: str | Path) -> Iterator[tuple[str, str | None, Any]]:
    """Yield ``(file, location, record)`` for a ``.yaml``/``.yml`` case file or a ``.jsonl(.gz)`` file.

    ``location`` is ``None`` for a YAML file (one record) and ``"line N"`` for JSON Lines.
    """
    file = str(path)
    suffix = ".jsonl" if is_json_lines(path) else Path(path).suffix.lower()
    if suffix in (".yaml", ".yml"):
        yield file, None, load_yaml(path)
    elif suffix in (".jsonl", ".json"):
        try:
            handle = open_text(path) if suffix == ".jsonl" else open(path, encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise CaseFormatError(f"cannot read file: {exc.strerror or exc}", file=file) from None
        with handle:
            if suffix == ".json":
                for loc, obj in iter_json_lines([handle.read().replace("\n", " ")], file):
                    yield file, None if loc == "line 1" else loc, obj
            else:
                for loc, obj in iter_json_lines(handle, file):
                    yield file, loc, obj
    else:
        raise CaseFormatError("unknown file type: expected .yaml, .yml, .json or .jsonl", file=file)


def find_case_files(paths: list[str | Path]) -> list[Path]:
    """Expand directories into their case files (sorted); keep explicit files as given."""
    found: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found.extend(sorted(q for q in path.rglob("*")
                                if (q.suffix.lower() in (".yaml", ".yml") or is_json_lines(q)) and q.is_file()))
        else:
            found.append(path)
    return found
