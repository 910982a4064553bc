"""The suite as plain files for engines in any language (``skruuvi export DIR``), and reading such an export back.

Layout of an export (every path relative to ``DIR``; JSON Lines are UTF-8, one compact JSON object a line)::

    README.md                           what the export holds, the formats in brief, how to run it (with and
                                        without the runner), from conformance/export/README.md
    engine-skeleton.js                  an SCP/1 engine that speaks the protocol and plays nothing yet
    manifest.json                       format, suite version and release date, counts, sha256 of every other file
    INTERPRETING.md                     the runner's and the protocol's documentation
    CHANGELOG.md                        the cases added, changed and retired per suite version
    errors.yaml                         the error codes
    schema/<name>.schema.json           the JSON Schemas (case format, protocol SCP/1, report, ruleset, ...)
    rulesets/<ruleset>.yaml             the rulesets the cases are played under
    cases/<ruleset>/<topic>.jsonl       hand-written cases: one file per ruleset and per case directory
    generated/<ruleset>/<name>.jsonl    generated cases: one file per ruleset and per generated file

The hand-written cases are split by ruleset and by their directory (``conformance/cases/2016/score`` gives
``cases/skruuvi-2016/score.jsonl``) so that an implementer can start with one topic of one era; records keep
their file order, and a record is written exactly as loaded (a YAML case that JSON cannot hold unchanged is
refused). The export is deterministic: the same suite gives the same bytes (no time stamp).

A directory with a ``manifest.json`` of this format is run by ``skruuvi conformance DIR`` (and the pytest
plugin's ``--skruuvi-cases DIR``) through :func:`expand_exports`: the manifest's case files, in its order,
each checked against its sha256 first, since ``errors.yaml`` and the rulesets must not be read as cases.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .. import __version__
from ..rules import paths
from ..rules.errors import InputError
from ..rules.yamlio import load_json
from .cases.cases import Case, iter_cases

FORMAT = "skruuvi-suite-export"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
HAND_WRITTEN, GENERATED = "hand-written", "generated"
_VERSION_HEADING = re.compile(r"^## \[?(\d+\.\d+\.\d+)\]?(?: \((unreleased|\d{4}-\d{2}-\d{2})\))?", re.MULTILINE)


def suite_release(changelog: Path | None = None) -> tuple[str, str | None]:
    """The suite's latest version and its release date (None while unreleased), from the changelog's first
    ``## X.Y.Z (YYYY-MM-DD)`` or ``## X.Y.Z (unreleased)`` heading."""
    changelog = changelog or paths.changelog_file()
    try:
        text = changelog.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read the suite changelog: {exc.strerror or exc}", file=str(changelog)) from None
    found = _VERSION_HEADING.search(text)
    if found is None:
        raise InputError("no '## X.Y.Z (YYYY-MM-DD)' version heading", file=str(changelog))
    released = found.group(2)
    return found.group(1), None if released in (None, "unreleased") else released


def suite_version(changelog: Path | None = None) -> str:
    """The latest version in the suite's changelog (its first ``## X.Y.Z`` heading)."""
    return suite_release(changelog)[0]


def release_words(version: str, released: str | None) -> str:
    """``0.6.0 (released 2026-12-20)`` or ``0.6.0 (not yet released)``."""
    return f"{version} (released {released})" if released else f"{version} (not yet released)"


def kind_of(case: Case) -> str:
    """``invalid`` for a case that expects an error, ``legal`` for one that asks SCP/1 ``legal`` (a legal set or a
    perft count), ``valid`` for one that expects a result or a match."""
    if "error" in case.expect:
        return "invalid"
    return "legal" if "legal" in case.expect or "perft" in case.expect else "valid"


# ---------------------------------------------------------------------------------------------------
# Writing


@dataclass
class _Output:
    """The case files being written, opened on first use."""

    root: Path
    handles: dict[str, IO[str]] = field(default_factory=dict)
    meta: dict[str, dict[str, Any]] = field(default_factory=dict)

    def write(self, rel: str, line: str, meta: dict[str, Any]) -> None:
        handle = self.handles.get(rel)
        if handle is None:
            target = _writable(self.root / rel)
            try:
                handle = self.handles[rel] = open(target, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            except OSError as exc:
                raise InputError(f"cannot write: {exc.strerror or exc}", file=str(target)) from None
            self.meta[rel] = {**meta, "cases": 0}
        handle.write(line)
        self.meta[rel]["cases"] += 1

    def close(self) -> None:
        for handle in self.handles.values():
            handle.close()


def _writable(target: Path) -> Path:
    """``target`` after creating its folder; :class:`InputError` (one line) when that fails."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the folder: {exc.strerror or exc}", file=str(target.parent)) from None
    return target


def _copy(source: Path, root: Path, rel: str) -> str:
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", file=str(source)) from None
    target = _writable(root / rel)
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", file=str(target)) from None
    return rel


def _json_line(case: Case) -> str:
    """The record as one JSON line; :class:`InputError` when JSON cannot hold it unchanged. ASCII only: a
    character such as U+2028, which many line readers take for a line end, travels as its escape."""
    try:
        line = json.dumps(case.record, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InputError(f"case {case.id!r} cannot be written as JSON: {exc}", file=case.file) from None
    if json.loads(line) != case.record:
        raise InputError(f"case {case.id!r} changes when written as JSON (a key that is not a string?)",
                         file=case.file)
    return line + "\n"


def _case_file(case: Case, roots: dict[str, Path]) -> tuple[str, str]:
    """``(origin, path in the export)`` of a case, from the file it was read from."""
    source = Path(case.file).resolve()
    for origin, root in roots.items():
        try:
            rel = source.relative_to(root)
        except ValueError:
            continue
        if origin == HAND_WRITTEN:
            topic = "-".join(rel.parent.parts[1:]) or (rel.parent.parts[0] if rel.parent.parts else "cases")
            return origin, f"cases/{case.ruleset}/{topic}.jsonl"
        name = rel.name.split(".", 1)[0]
        return origin, f"generated/{case.ruleset}/{name}.jsonl"
    raise InputError("a case file outside the suite's folders", file=case.file)  # pragma: no cover


def _check_target(target: Path, force: bool) -> None:
    if target.exists() and not target.is_dir():
        raise InputError("not a directory", file=str(target))
    if target.is_dir() and any(target.iterdir()) and not force:
        raise InputError("the directory is not empty (use --force to write into it anyway)", file=str(target))
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the directory: {exc.strerror or exc}", file=str(target)) from None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def export_suite(target: str | Path, *, force: bool = False, generated: bool = True) -> dict[str, Any]:
    """Write the suite (hand-written cases, and generated ones unless ``generated`` is false) under ``target``
    as described in the module docstring; return the manifest. :class:`InputError` for a non-empty
    ``target`` without ``force``, an unwritable path or a case that cannot be exported."""
    root = Path(target)
    _check_target(root, force)
    version, released = suite_release()
    front = paths.conformance_dir() / "export"  # the export's own README and the skeleton engine it shows
    copied = [_copy(front / "README.md", root, "README.md"),
              _copy(front / "engine-skeleton.js", root, "engine-skeleton.js"),
              _copy(paths.conformance_dir() / "INTERPRETING.md", root, "INTERPRETING.md"),
              _copy(paths.changelog_file(), root, "CHANGELOG.md"),
              _copy(paths.spec_dir() / "errors.yaml", root, "errors.yaml")]
    copied += [_copy(p, root, f"schema/{p.name}") for p in sorted(paths.schema_dir().glob("*.schema.json"))]
    copied += [_copy(p, root, f"rulesets/{p.name}") for p in sorted(paths.rulesets_dir().glob("*.yaml"))]
    roots = {HAND_WRITTEN: paths.cases_dir().resolve()}
    if generated:
        roots[GENERATED] = paths.generated_dir().resolve()
    counts: dict[str, Counter[str]] = {}
    output = _Output(root)
    where: dict[tuple[str, str], tuple[str, str]] = {}  # by (case file, ruleset): a file holds many cases
    try:
        for case in iter_cases(list(roots.values())):
            key = (case.file, case.ruleset)
            found = where.get(key)
            if found is None:
                found = where[key] = _case_file(case, roots)
            origin, rel = found
            output.write(rel, _json_line(case), {"ruleset": case.ruleset, "origin": origin})
            tally = counts.setdefault(case.ruleset, Counter())
            tally["cases"] += 1
            tally[kind_of(case)] += 1
            tally[origin] += 1
            tally[f"{origin} {kind_of(case)}"] += 1
    finally:
        output.close()
    files = [{"path": rel, "sha256": _sha256(root / rel), "bytes": (root / rel).stat().st_size}
             for rel in copied]
    files += [{"path": rel, **output.meta[rel], "sha256": _sha256(root / rel), "bytes": (root / rel).stat().st_size}
              for rel in sorted(output.meta)]
    manifest = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "suite_version": version, "suite_released": released,
        "generated_by": f"skruuvi export (skruuvi-spec {__version__})", "protocol": "SCP/1",
        "kinds": {"valid": "expect.result or expect.match: a legal record and its outcome",
                  "invalid": "expect.error: the index and code of the first illegal action",
                  "legal": "expect.legal or expect.perft: asked through SCP/1 legal (feature legal-actions)"},
        "counts": _counts(counts),
        "files": files,
    }
    _write_manifest(root, manifest)
    return manifest


def _counts(counts: dict[str, Counter[str]]) -> dict[str, Any]:
    """Per ruleset and in total: cases, valid/invalid, hand-written/generated, and each origin by kind."""
    def block(tally: Counter[str]) -> dict[str, Any]:
        return {"cases": tally["cases"], "valid": tally["valid"], "invalid": tally["invalid"], "legal": tally["legal"],
                **{origin: {"cases": tally[origin], "valid": tally[f"{origin} valid"],
                            "invalid": tally[f"{origin} invalid"], "legal": tally[f"{origin} legal"]}
                   for origin in (HAND_WRITTEN, GENERATED)}}

    total: Counter[str] = Counter()
    for tally in counts.values():
        total.update(tally)
    return {"total": block(total), "rulesets": {rid: block(counts[rid]) for rid in sorted(counts)}}


def _write_manifest(root: Path, manifest: dict[str, Any]) -> None:
    target = root / MANIFEST
    try:
        target.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", file=str(target)) from None


# ---------------------------------------------------------------------------------------------------
# Reading


def load_manifest(directory: str | Path) -> dict[str, Any] | None:
    """The manifest of the export ``directory``; None when it is no export (no ``manifest.json``)."""
    path = Path(directory) / MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = load_json(path)  # the strict reader: capped, no duplicate key, no nesting beyond its limit
    except InputError as exc:
        raise InputError(f"cannot read the export manifest: {exc.reason}", file=str(path), path=exc.path) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return None
    if manifest.get("format_version") != FORMAT_VERSION or not isinstance(manifest.get("files"), list):
        raise InputError(f"unsupported export format version {manifest.get('format_version')!r} "
                         f"(this skruuvi reads {FORMAT_VERSION})", file=str(path))
    return manifest


def export_case_files(directory: str | Path) -> list[Path] | None:
    """The case files of the export ``directory`` in manifest order, each checked against its sha256;
    None when ``directory`` is no export."""
    manifest = load_manifest(directory)
    if manifest is None:
        return None
    root = Path(directory)
    where = str(root / MANIFEST)
    found = []
    for entry in manifest["files"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) or "origin" not in entry:
            continue
        rel = Path(entry["path"])
        if rel.is_absolute() or ".." in rel.parts:
            raise InputError(f"file path {entry['path']!r} leaves the export", file=where)
        path = root / rel
        if not path.is_file():
            raise InputError(f"lists {entry['path']}, which is missing", file=where)
        if _sha256(path) != entry.get("sha256"):
            raise InputError(f"the sha256 of {entry['path']} does not match: the file changed after the export "
                             "(export again)", file=where)
        found.append(path)
    return found


def export_manifests(targets: Iterable[str | Path]) -> list[Path]:
    """The manifest of each export directory among ``targets`` (an input of a run, as its case files are)."""
    return [Path(t) / MANIFEST for t in targets if Path(t).is_dir() and (Path(t) / MANIFEST).is_file()]


def expand_exports(targets: Iterable[str | Path]) -> list[str | Path]:
    """``targets`` with every export directory replaced by its case files (see :func:`export_case_files`)."""
    expanded: list[str | Path] = []
    for target in targets:
        files = export_case_files(target) if Path(target).is_dir() else None
        expanded.extend([target] if files is None else files)
    return expanded
