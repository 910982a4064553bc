"""Safe YAML and JSON Lines reading.

YAML is read with PyYAML's safe loader (the C one when available) and restricted to the
JSON-compatible subset the design allows: anchors, aliases and explicit tags are rejected before the
document is built, so an alias-heavy document ("billion laughs") cannot blow up memory later. The
loader also refuses what JSON cannot hold or what silently loses data: a duplicate key (PyYAML keeps the
last one), an unquoted date or time (a ``datetime``), ``.nan``/``.inf``, an integer written other than in
JSON's way (YAML 1.1 also reads ``0x1F``, ``0o17``, ``017``, ``0b101``, ``1_000`` and ``1:30`` as integers, which
JSON cannot write), and nesting deeper than :data:`~skruuvi.rules.jsonsafe.MAX_DEPTH`; each names its line.
JSON Lines are parsed with :func:`skruuvi.rules.jsonsafe.loads` (the same strictness), read as bytes
with a cap on the line length, so that binary data or a file that never ends is an error, not a hang. A named
path that is not a regular file (a FIFO, a device) is refused before anything is read from it.

The records of case files also keep to the suite's rule for numbers (:mod:`skruuvi.rules.numbers`, DESIGN.md §3): a
YAML or JSON case file is walked whole; a JSON line is walked when the strict reader met a whole number written
with a fraction or an exponent in it (counted as it reads, at no cost), so that the runner refuses those; an
integer beyond ±(2^53 − 1) in a JSON line is left to ``skruuvi validate``, which walks every record.
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import yaml

from .errors import CaseFormatError, InputError, YamlError
from .files import NotRegularFile, open_regular
from .jsonsafe import MAX_DEPTH, JsonError, Spans, loads_spanned, plain_problem, whole_floats_read
from .jsonsafe import loads as strict_loads
from .numbers import number_problem
from .readahead import read_ahead

try:  # the C loader is several times faster; fall back to the pure-Python one
    _Base: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Base = yaml.SafeLoader

#: A YAML file or one JSON line longer than this is refused (a link to /dev/zero must not hang a command).
MAX_FILE_BYTES = 64 << 20
MAX_JSON_LINE_BYTES = 16 << 20


def _marked(message: str, node: Any) -> yaml.MarkedYAMLError:
    return yaml.constructor.ConstructorError(None, None, message, node.start_mark)


class _Loader(_Base):  # type: ignore[misc]  # a base chosen at import time (the C loader where PyYAML has it)
    """The safe loader, stricter: no duplicate keys, dates, NaN/infinity or oversized integers."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    key = (key_node.tag, key_node.value)
                    if key in seen:
                        raise _marked(f"duplicate key {key_node.value!r} (each key may appear once)", key_node)
                    seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_timestamp(self, node: Any) -> Any:
        raise _marked(f"{node.value!r} reads as a date or time; quote it to make it a string", node)

    def construct_yaml_float(self, node: Any) -> Any:
        value = super().construct_yaml_float(node)
        if value != value or value in (float("inf"), float("-inf")):
            raise _marked(f"{node.value!r} is not a JSON number (NaN and infinity are not allowed)", node)
        return value

    def construct_yaml_int(self, node: Any) -> Any:
        if not _JSON_INTEGER.fullmatch(node.value):
            raise _marked(f"{node.value!r}: write an integer in decimal digits, as JSON does (no hex, octal, binary, "
                          "leading zero, '+', '_' or ':'), or quote it to make it a string", node)
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise _marked(f"integer of {len(node.value)} characters is too long", node) from None


#: An integer as JSON writes it (YAML 1.1 reads more forms as integers: :meth:`_Loader.construct_yaml_int`).
_JSON_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_yaml_timestamp)
_Loader.add_constructor("tag:yaml.org,2002:float", _Loader.construct_yaml_float)
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:map", _Loader.construct_yaml_map)

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
        implicit = getattr(event, "implicit", True)  # a pair for scalars, a bool for collections
        if isinstance(implicit, tuple):
            implicit = implicit[0]
        if tag is not None and tag not in _STANDARD_TAGS and not implicit:
            raise YamlError(f"YAML tag {tag!r} is not allowed", file=file, path=where)


def _may_nest_deeply(text: str) -> bool:
    """A cheap test that ``text`` could hold more than :data:`MAX_DEPTH` nested collections (flow brackets,
    or block lines indented that far); only then are its events counted (:func:`_check_depth`)."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        return True
    return any(len(line) - len(line.lstrip(" -")) > MAX_DEPTH for line in text.splitlines())


def _check_depth(text: str, file: str) -> None:
    """Reject nesting deeper than :data:`MAX_DEPTH` from the parser's flat stream of events, before the
    composer builds it: composing a deep document recurses, and in PyYAML's C loader a deep enough one
    overflows the C stack and kills the process instead of raising."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                where = f"line {mark.line + 1}" if mark is not None else None
                raise YamlError(f"collections nested deeper than {MAX_DEPTH}", file=file, path=where)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def parse_yaml(text: str, file: str = "<string>") -> Any:
    """Parse YAML text (JSON-compatible subset) or raise :class:`YamlError` naming file and line."""
    try:
        if _may_nest_deeply(text):
            _check_depth(text, file)
        if "&" in text or "*" in text or "!" in text:
            _check_events(text, file)
        value = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else None
        raise YamlError(f"not valid YAML: {exc.problem or exc.context}", file=file, path=where) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"not valid YAML: {exc}", file=file) from None
    except RecursionError:
        raise YamlError("not usable YAML: nested too deep", file=file) from None
    problem = plain_problem(value, MAX_DEPTH, string_keys=False)
    if problem is not None:
        raise YamlError(f"not JSON-compatible data: {problem}", file=file)
    return value


def _why(exc: OSError) -> str:
    return str(exc) if isinstance(exc, NotRegularFile) else f"cannot read file: {exc.strerror or exc}"


def _read_capped(path: str | Path, error: type[InputError]) -> bytes:
    """The bytes of a file of at most :data:`MAX_FILE_BYTES`; ``error`` (naming the file) when it cannot be read,
    is no regular file or is longer."""
    file = str(path)
    try:
        with open_regular(path) as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise error(_why(exc), file=file) from None
    if len(data) > MAX_FILE_BYTES:
        raise error(f"file longer than {MAX_FILE_BYTES} bytes", file=file)
    return data


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; every failure is an :class:`~skruuvi.rules.errors.InputError`."""
    return parse_yaml_bytes(_read_capped(path, YamlError), str(path))


def parse_yaml_bytes(data: bytes, file: str) -> Any:
    """:func:`parse_yaml` of a YAML file's bytes (UTF-8), as :func:`load_yaml` reads them."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(f"not UTF-8 text (byte {exc.start}: {exc.reason})", file=file) from None
    return parse_yaml(text, file)


def read_lines(handle: IO[Any], file: str, limit: int = MAX_JSON_LINE_BYTES) -> Iterator[str]:
    """The lines of a text or binary ``handle``, each decoded as UTF-8 and at most ``limit`` long.

    A line that is not UTF-8 raises :class:`CaseFormatError` naming it; reading goes on after it when
    the caller goes on iterating. An over-long line ends the file (there is no next line to trust), and so does a
    file that cannot be read on (a ``.gz`` file that is not gzip or is cut short: :class:`CaseFormatError`).
    """
    number = 0
    while True:
        try:
            line = handle.readline(limit + 1)
        except UnicodeDecodeError as exc:
            raise CaseFormatError(f"not UTF-8 text ({exc.reason})", file=file,
                                  path=f"after line {number}") from None
        except (OSError, EOFError, zlib.error) as exc:  # e.g. a .gz file that is not gzip, or is cut short
            after = f" after line {number}" if number else ""
            raise CaseFormatError(f"cannot read the file{after}: {exc}", file=file) from None
        if not line:
            return
        number += 1
        if len(line) > limit:
            raise CaseFormatError(f"line longer than {limit} bytes; the rest of the file is not read", file=file,
                                  path=f"line {number}")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield CaseFormatError(f"not UTF-8 text (byte {exc.start}: {exc.reason})",  # type: ignore[misc]
                                      file=file, path=f"line {number}")
                continue
        yield line


def iter_json_lines(lines: Iterator[Any] | list[Any], file: str,
                    on_error: Callable[[InputError], None] | None = None, *,
                    numbers: bool = False) -> Iterator[tuple[str, Any]]:
    """Yield ``(location, object)`` for every non-blank line; a bad line raises with the line number.

    With ``on_error``, a bad line (not UTF-8, not strict JSON) is handed to it and the next lines are
    still read; an over-long line or an unreadable file always ends the iteration. With ``numbers`` (case
    records), a line holding a whole number written with a fraction is a bad line too
    (:func:`~skruuvi.rules.numbers.number_problem`, looked at only when the reader met such a number).
    """
    for number, line in enumerate(lines, start=1):
        if isinstance(line, InputError):
            if on_error is None:
                raise line
            on_error(line)
            continue
        if not line.strip():
            continue
        try:
            floats = whole_floats_read()
            value = strict_loads(line)
            problem = number_problem(value) if numbers and whole_floats_read() != floats else None
            if problem is not None:
                raise JsonError(problem)
        except JsonError as exc:
            error = CaseFormatError(str(exc), file=file, path=f"line {number}")
            if on_error is None:
                raise error from None
            on_error(error)
            continue
        yield f"line {number}", value


#: A record's JSON line and where its top-level members are in it (:func:`~skruuvi.rules.jsonsafe.loads_spanned`).
Source = tuple[str, Spans]


def iter_spanned_json_lines(lines: Iterator[Any], file: str, *, utf8: bool = False,
                            ) -> Iterator[tuple[str, Any, Source | None]]:
    """:func:`iter_json_lines` (the same values and errors, without ``on_error``) with each object's line and
    where its top-level members are in it, when that is known: ``(location, object, source)``. ``utf8``: every
    line was decoded from bytes as strict UTF-8 (:func:`read_lines` of a binary handle)."""
    for number, line in enumerate(lines, start=1):
        if isinstance(line, InputError):
            raise line
        if not line.strip():
            continue
        floats = whole_floats_read()
        try:
            value, spans = loads_spanned(line, utf8=utf8)
        except JsonError as exc:
            raise CaseFormatError(str(exc), file=file, path=f"line {number}") from None
        if whole_floats_read() != floats:  # (a whole number written with a fraction: said where)
            _check_numbers(value, file, f"line {number}")
        yield f"line {number}", value, None if spans is None else (line, spans)


def iter_spanned_records(path: str | Path) -> Iterator[tuple[str, str | None, Any, Source | None]]:
    """:func:`iter_records` (the same records and errors, without ``on_error``) with, for a JSON line, the line and
    where its top-level members are in it when that is known (else ``None``): ``(file, location, record,
    source)``."""
    if not is_json_lines(path):
        for file, location, record in iter_records(path):
            yield file, location, record, None
        return
    file = str(path)
    try:
        handle = open_binary(path)
    except OSError as exc:
        raise CaseFormatError(_why(exc), file=file) from None
    with handle:
        yield from ((file, location, record, source) for location, record, source in
                    iter_spanned_json_lines(read_lines(handle, file), file, utf8=True))


def _check_numbers(record: Any, file: str, location: str | None) -> None:
    """:class:`CaseFormatError` when a case record holds a number the suite does not write
    (:func:`~skruuvi.rules.numbers.number_problem`)."""
    problem = number_problem(record)
    if problem is not None:
        raise CaseFormatError(problem, file=file, path=location)


def is_json_lines(path: str | Path) -> bool:
    """A JSON Lines case file: ``.jsonl``, or ``.jsonl.gz`` (gzip, for the large generated suites)."""
    name = Path(path).name.lower()
    return name.endswith(".jsonl") or name.endswith(".jsonl.gz")


def open_text(path: str | Path) -> IO[str]:
    """Open a text file for reading, decompressing a ``.gz`` file on the fly."""
    if str(path).lower().endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


#: Bytes of a gzip file's text read ahead at once (:func:`open_binary`).
GZIP_BUFFER = 1 << 17


def open_binary(path: str | Path) -> IO[bytes]:
    """Open a file for reading bytes, decompressing a ``.gz`` file on the fly, ahead of its reader in a thread of
    its own (:func:`~skruuvi.rules.readahead.read_ahead`), :data:`GZIP_BUFFER` bytes at a time (the gzip file's
    own buffer is small, and its reads cost more than its lines)."""
    handle = open_regular(path)
    if str(path).lower().endswith(".gz"):
        return read_ahead(gzip.GzipFile(fileobj=handle, mode="rb"), GZIP_BUFFER, closing=handle)
    return handle


def load_json(path: str | Path) -> Any:
    """Read one strict JSON document (a ``.json`` case file); every failure is a :class:`CaseFormatError`."""
    file = str(path)
    data = _read_capped(path, CaseFormatError)
    try:
        return strict_loads(data)
    except JsonError as exc:
        raise CaseFormatError(str(exc), file=file) from None


def iter_records(path: str | Path, on_error: Callable[[InputError], None] | None = None,
                 ) -> Iterator[tuple[str, str | None, Any]]:
    """Yield ``(file, location, record)`` for a ``.yaml``/``.yml``/``.json`` case file or a ``.jsonl(.gz)`` file.

    ``location`` is ``None`` for a YAML or JSON file (one record) and ``"line N"`` for JSON Lines. With
    ``on_error``, a bad JSON line is handed to it and the other lines are still read (see
    :func:`iter_json_lines`).
    """
    file = str(path)
    suffix = ".jsonl" if is_json_lines(path) else Path(path).suffix.lower()
    if suffix in (".yaml", ".yml", ".json"):
        record = load_yaml(path) if suffix != ".json" else load_json(path)
        _check_numbers(record, file, None)
        yield file, None, record
    elif suffix == ".jsonl":
        try:
            handle = open_binary(path)
        except OSError as exc:
            raise CaseFormatError(_why(exc), file=file) from None
        with handle:
            for loc, obj in iter_json_lines(read_lines(handle, file), file, on_error, numbers=True):
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
