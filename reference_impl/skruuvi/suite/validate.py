"""``skruuvi validate``: check rulesets, the bibliography, the error list, the schemas and cases.

Every problem becomes one :class:`~skruuvi.rules.errors.InputError` naming the file, the place inside it (a JSON
pointer such as ``/actions/17`` or ``/forms/alkupeli/rules/2/status``, prefixed by ``line N`` in JSON Lines)
and what is wrong. Nothing stops at the first error: :func:`validate_paths` reports them all.

Files are classified by name and place: ``sources.yaml``, ``errors.yaml``, ``*.yaml`` in a ``rulesets``
directory, ``*.json`` in a ``schema`` directory (or named ``*.schema.json``); every YAML or JSON Lines file
under ``conformance/cases`` or ``conformance/generated`` is a case, and so is any other one that holds
``actions`` or ``match`` (``.yaml``, ``.yml``, ``.json`` or ``.jsonl``, as ``skruuvi conformance`` and ``replay``
read them). Every case must pass the suite lint (description, rules, justification, expect, no unknown key)
wherever its file sits: the rules do not depend on the folder. A case file without a record (empty, or only
comments) is an error, as it is for the runner. Every number of a case keeps to the suite's rule for numbers
(:mod:`skruuvi.rules.numbers`). Every case that passes the lint is then replayed by the reference interpreter
(under its ruleset as validated here and the readings it pins), and an expectation the reference does not give
is an error naming the file and the case: ``validate`` is as strict as a run of the suite.

A YAML or JSON file met in a folder that is none of these kinds is never dropped silently: in a folder that holds
cases it is an error (the runner would refuse that folder: it reads every such file as a case); elsewhere it is
listed as skipped, with why. A run that validates no file at all fails. Cross-references (source
keys, ruleset ids, rule ids, error codes) are resolved against the validated files first, then against
``spec/`` of the repository.

Over 400 lines: every kind of file the suite is made of is checked in one pass sharing one context (the
rulesets, sources and error codes loaded so far), and each check is a small function beside the others.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import paths, schemas
from ..rules.errors import CaseFormatError, IllegalAction, InputError, RulesetError
from ..rules.expr import FACTS as _FACTS
from ..rules.expr import compile_expression
from ..rules.files import NotRegularFile, open_regular
from ..rules.notation import canonical
from ..rules.numbers import number_problem
from ..rules.ruledoc import pointer, rule_entries
from ..rules.yamlio import is_json_lines, iter_json_lines, load_json, load_yaml, open_binary, read_lines

#: The deal facts a scoring expression may name (DESIGN §5; documented in skruuvi.rules.expr).
FACTS: frozenset[str] = frozenset(_FACTS)

_SKIP_DIRS = frozenset({".git", ".github", "node_modules", "site", "docs", "bench", "build", "dist", "__pycache__",
                        ".venv", "venv", ".pytest_cache", ".ruff_cache", ".hypothesis", ".mypy_cache"})
_SKIP_FILES = frozenset({"mkdocs.yml", "mkdocs.yaml", ".pre-commit-config.yaml"})
_CASE_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")


# --------------------------------------------------------------------------------------------------------------
# file discovery and classification


@dataclass(frozen=True)
class _File:
    path: Path
    kind: str  # ruleset | sources | errors | schema | case | unknown
    explicit: bool


def _classify(path: Path) -> str:
    name, parts = path.name, path.parts
    if name == "sources.yaml":
        return "sources"
    if name == "errors.yaml":
        return "errors"
    if path.suffix in (".yaml", ".yml") and path.parent.name == "rulesets":
        return "ruleset"
    if path.suffix == ".json" and (path.parent.name == "schema" or name.endswith(".schema.json")):
        return "schema"
    if path.suffix in (".yaml", ".yml") and path.parent.name == "spec" and _document_schema(path.stem):
        return "document"
    if path.suffix in _CASE_SUFFIXES or is_json_lines(path):
        in_suite = "conformance" in parts[:-1] and ("cases" in parts[:-1] or "generated" in parts[:-1])
        return "case" if in_suite else "maybe-case"
    return "unknown"


def _document_schema(stem: str) -> bool:
    """Whether ``spec/<stem>.yaml`` is a document of the spec with a schema of its own (the reconstruction notes,
    the glossary, ...): every ``*.schema.json`` but those of the kinds checked apart."""
    return stem not in _OWN_CHECKS and (paths.schema_dir() / f"{stem}.schema.json").is_file()


#: The schemas of the kinds validated by checks of their own, not as plain documents.
_OWN_CHECKS = frozenset({"case", "protocol", "report", "ruleset", "sources", "errors"})


def _walk(directory: Path) -> Iterator[Path]:
    for entry in sorted(directory.iterdir()):
        if entry.is_dir():
            if entry.name not in _SKIP_DIRS and not entry.name.startswith(".") and not entry.name.endswith(
                    ".egg-info"):
                yield from _walk(entry)
        elif entry.is_file() and entry.name not in _SKIP_FILES and (
                entry.suffix in (*_CASE_SUFFIXES, ".json") or is_json_lines(entry)):
            yield entry


def _discover(paths_: Iterable[str | Path]) -> tuple[list[_File], list[InputError]]:
    files: list[_File] = []
    problems: list[InputError] = []
    for raw in paths_:
        path = Path(raw)
        if path.is_dir():
            files.extend(_File(p, _classify(p), False) for p in _walk(path))
        elif path.is_file():
            files.append(_File(path, _classify(path), True))
        elif path.exists():
            try:
                open_regular(path).close()  # says what it is instead
            except OSError as exc:
                problems.append(InputError(str(exc) if isinstance(exc, NotRegularFile) else f"cannot read: {exc}",
                                           file=str(path)))
        else:
            problems.append(InputError("no such file or directory", file=str(path)))
    return files, problems


# --------------------------------------------------------------------------------------------------------------
# rule ids and references inside a raw ruleset document


def _entries(value: Any) -> list[tuple[int, Any]]:
    return list(enumerate(value)) if isinstance(value, list) else []


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def iter_rule_entries(doc: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(JSON pointer, entry)`` for every rule-like entry of a ruleset (see :func:`ruledoc.rule_entries`)."""
    for path, entry in rule_entries(doc):
        yield pointer(path), entry


def rule_ids(doc: Any) -> set[str]:
    """The rule ids a ruleset document defines (cases and errors.yaml may cite them)."""
    return {e["id"] for _, e in iter_rule_entries(doc) if isinstance(e, dict) and isinstance(e.get("id"), str)}


def table_names(doc: Any) -> list[str]:
    tables = _mapping(_mapping(doc).get("scoring")).get("tables")
    return [t["name"] for _, t in _entries(tables) if isinstance(t, dict) and isinstance(t.get("name"), str)]


# --------------------------------------------------------------------------------------------------------------
# expressions


def expression_problem(text: Any, names: set[str] | frozenset[str]) -> str | None:
    """Why ``text`` is not a valid scoring expression over ``names`` (tables, facts), or ``None``.

    The interpreter's own compiler (:func:`skruuvi.rules.expr.compile_expression`) decides, so validation and
    execution accept exactly the same language.
    """
    try:
        compile_expression(text, {}, extra=frozenset(names))
    except RulesetError as exc:
        return exc.reason
    return None


# --------------------------------------------------------------------------------------------------------------
# the validation context


@dataclass
class _Context:
    errors: list[InputError] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)
    source_keys: set[str] | None = None
    error_codes: set[str] | None = None
    rulesets: dict[str, dict[str, Any]] = field(default_factory=dict)
    compiled: dict[str, Any] = field(default_factory=dict)
    case_ids: dict[str, str] = field(default_factory=dict)
    known_rules: dict[str, set[str]] = field(default_factory=dict)
    under: dict[tuple[str, str], Any] = field(default_factory=dict)
    skipped: list[InputError] = field(default_factory=list)
    """Files met in a folder that are none of the kinds validated, each with why (never dropped silently)."""
    case_folders: set[Path] = field(default_factory=set)
    """The folders that hold at least one case file (a file there that is no case is an error)."""

    def rules_of(self, ruleset_id: str) -> set[str]:
        """:func:`rule_ids` of a loaded ruleset, worked out once per run (every case asks it)."""
        if ruleset_id not in self.known_rules:
            self.known_rules[ruleset_id] = rule_ids(self.rulesets[ruleset_id])
        return self.known_rules[ruleset_id]

    def with_readings(self, ruleset_id: str, ruleset: Any, readings: dict[str, Any]) -> Any:
        """``with_readings(ruleset, readings)``, compiled once per ruleset and readings (in their order) for
        the run; the :class:`InputError` it raises is raised again for every case that asks the same."""
        from ..rules.readings import with_readings

        key = (ruleset_id, repr(readings))
        if key not in self.under:
            try:
                self.under[key] = with_readings(ruleset, readings)
            except InputError as exc:
                self.under[key] = exc
        found = self.under[key]
        if isinstance(found, InputError):
            raise found
        return found

    def add(self, error: InputError) -> None:
        self.errors.append(error)

    def extend(self, errors: Iterable[InputError]) -> None:
        self.errors.extend(errors)


def _load(path: Path, ctx: _Context) -> Any:
    try:
        return load_yaml(path)
    except InputError as exc:
        ctx.add(exc)
        return None


def _default_sources() -> set[str]:
    try:
        data = load_yaml(paths.spec_dir() / "sources.yaml")
    except InputError:
        return set()
    return set(data) if isinstance(data, dict) else set()


def _codes_of(data: Any) -> set[str]:
    return {e["code"] for e in _mapping(data).get("errors") or [] if isinstance(e, dict) and "code" in e}


def _default_codes() -> set[str]:
    try:
        return _codes_of(load_yaml(paths.spec_dir() / "errors.yaml"))
    except InputError:
        return set()


def _default_rulesets(ctx: _Context) -> None:
    directory = paths.rulesets_dir()
    if not directory.is_dir():
        return
    for path in sorted(directory.glob("*.yaml")):
        try:
            doc = load_yaml(path)
        except InputError:
            continue
        if isinstance(doc, dict) and isinstance(doc.get("id"), str):
            ctx.rulesets.setdefault(doc["id"], doc)


# --------------------------------------------------------------------------------------------------------------
# rulesets


def _ruleset_errors(doc: Any, file: str, sources: set[str] | None) -> Iterator[RulesetError]:
    if not isinstance(doc, dict):
        yield RulesetError("a ruleset must be a mapping", file=file)
        return
    found = [RulesetError(e.reason, file=e.file, path=e.path) for e in schemas.iter_errors(doc, "ruleset", file=file)]
    stem = Path(file).stem
    if isinstance(doc.get("id"), str) and doc["id"] != stem:
        found.append(RulesetError(f"id {doc['id']!r} differs from the file name {stem!r}", file=file, path="/id"))
    found += [*_duplicate_rule_ids(doc, file), *_unknown_sources(doc, file, sources), *_structure_errors(doc, file),
             *_expression_errors(doc, file)]
    yield from found
    if not found:
        yield from _interpreter_errors(doc, file)


def _interpreter_errors(doc: dict[str, Any], file: str) -> Iterator[RulesetError]:
    """What the interpreter's compiler rejects (unknown mechanism or param, ...) once the format is right."""
    try:
        from ..rules.ruleset import compile_ruleset
    except ImportError:  # pragma: no cover - the interpreter ships ruleset.py
        return
    try:
        compiled = compile_ruleset(doc, file)
    except InputError as exc:
        yield RulesetError(exc.reason, file=exc.file or file, path=exc.path)
        return
    yield from _readings_errors(compiled, file)


def _readings_errors(ruleset: Any, file: str) -> Iterator[RulesetError]:
    """Each alternative's ``requires:``/``excludes:`` name rules of the ruleset, and each declared variant
    compiles under its readings (which must hold together)."""
    from ..rules.readings import alternatives, variant, variants

    for rule_id, alt in alternatives(ruleset):
        for other in [*(alt.get("requires") or {}), *(alt.get("excludes") or ())]:
            if other not in ruleset.rules:
                yield RulesetError(f"an alternative of {rule_id} refers to unknown rule {other!r}", file=file,
                                   path=ruleset.rules[rule_id].pointer + "/alternatives")
    for i, name in enumerate(variants(ruleset)):
        try:
            variant(ruleset, name)
        except InputError as exc:
            yield RulesetError(f"variant {name!r}: {exc.reason}", file=file, path=f"/variants/{i}")


def _duplicate_rule_ids(doc: dict[str, Any], file: str) -> Iterator[RulesetError]:
    seen: dict[str, str] = {}
    for where, entry in iter_rule_entries(doc):
        rid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(rid, str):
            continue
        if rid in seen:
            yield RulesetError(f"rule id {rid!r} is already used at {seen[rid]}", file=file, path=f"{where}/id")
        else:
            seen[rid] = where


def _source_lists(doc: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    yield "/sources", doc.get("sources")
    for where, entry in iter_rule_entries(doc):
        if not isinstance(entry, dict):
            continue
        yield f"{where}/source", entry.get("source")
        for i, alt in _entries(entry.get("alternatives")):
            if isinstance(alt, dict):
                yield f"{where}/alternatives/{i}/source", alt.get("source")


def _unknown_sources(doc: dict[str, Any], file: str, sources: set[str] | None) -> Iterator[RulesetError]:
    if sources is None:
        return
    for where, keys in _source_lists(doc):
        for i, key in _entries(keys):
            if isinstance(key, str) and key not in sources:
                yield RulesetError(f"unknown source key {key!r} (not in spec/sources.yaml)", file=file,
                                   path=f"{where}/{i}")


def _structure_errors(doc: dict[str, Any], file: str) -> Iterator[RulesetError]:
    phases = _mapping(doc.get("phases"))
    schemes = _mapping(_mapping(doc.get("scoring")).get("schemes"))
    for name, form in _mapping(doc.get("forms")).items():
        form = _mapping(form)
        for i, phase in _entries(form.get("phases")):
            if isinstance(phase, str) and phase not in phases:
                yield RulesetError(f"form {name!r} uses unknown phase {phase!r}", file=file,
                                   path=f"/forms/{name}/phases/{i}")
        scheme = form.get("scoring")
        if isinstance(scheme, str) and scheme not in schemes:
            yield RulesetError(f"form {name!r} uses unknown scoring scheme {scheme!r}", file=file,
                               path=f"/forms/{name}/scoring")
    yield from _extends_errors(phases, file)
    seen: set[str] = set()
    for i, table in _entries(_mapping(doc.get("scoring")).get("tables")):
        name = _mapping(table).get("name")
        if isinstance(name, str):
            if name in seen:
                yield RulesetError(f"table name {name!r} is used twice", file=file, path=f"/scoring/tables/{i}/name")
            seen.add(name)


def _extends_errors(phases: dict[Any, Any], file: str) -> Iterator[RulesetError]:
    for name, phase in phases.items():
        target = _mapping(phase).get("extends")
        if not isinstance(target, str):
            continue
        if target not in phases:
            yield RulesetError(f"phase {name!r} extends unknown phase {target!r}", file=file,
                               path=f"/phases/{name}/extends")
            continue
        chain = [name]
        while isinstance(target, str) and target in phases and target not in chain:
            chain.append(target)
            target = _mapping(phases[target]).get("extends")
        if isinstance(target, str) and target in chain:
            yield RulesetError(f"phase {name!r} extends itself through {' -> '.join(chain)}", file=file,
                               path=f"/phases/{name}/extends")


def derived_names(doc: Any) -> set[str]:
    """The ruleset's derived facts, each usable as ``name`` and ``opp_name``."""
    derived = _mapping(_mapping(doc).get("scoring")).get("derived")
    names = {d["name"] for _, d in _entries(derived) if isinstance(d, dict) and isinstance(d.get("name"), str)}
    return names | {"opp_" + n for n in names}


def _expression_errors(doc: dict[str, Any], file: str) -> Iterator[RulesetError]:
    names = set(table_names(doc)) | FACTS | derived_names(doc)
    for name, scheme in _mapping(_mapping(doc.get("scoring")).get("schemes")).items():
        for i, rule in _entries(scheme):
            for key in ("when", "points"):
                if isinstance(rule, dict) and key in rule:
                    problem = expression_problem(rule[key], names)
                    if problem:
                        yield RulesetError(problem, file=file, path=f"/scoring/schemes/{name}/{i}/{key}")


# --------------------------------------------------------------------------------------------------------------
# sources, errors and schema files


def _errors_file_errors(data: Any, file: str, rulesets: dict[str, dict[str, Any]]) -> Iterator[InputError]:
    yield from schemas.iter_errors(data, "errors", file=file)
    known = set().union(*(rule_ids(doc) for doc in rulesets.values())) if rulesets else None
    seen: set[str] = set()
    last_group = 0
    for i, entry in _entries(_mapping(data).get("errors")):
        entry = _mapping(entry)
        code = entry.get("code")
        if isinstance(code, str):
            if code in seen:
                yield InputError(f"code {code!r} is listed twice", file=file, path=f"/errors/{i}/code")
            seen.add(code)
        group = entry.get("precedence")
        if isinstance(group, int) and not isinstance(group, bool):
            if group < last_group:
                yield InputError(f"precedence {group} after {last_group}: list the codes in precedence order",
                                 file=file, path=f"/errors/{i}/precedence")
            last_group = max(last_group, group)
        for j, rid in _entries(entry.get("rules")):
            if known is not None and isinstance(rid, str) and rid not in known:
                yield InputError(f"unknown rule id {rid!r} (no ruleset defines it)", file=file,
                                 path=f"/errors/{i}/rules/{j}")


def _schema_file_errors(path: Path) -> Iterator[InputError]:
    file = str(path)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        yield InputError(f"cannot read file: {exc}", file=file)
        return
    except json.JSONDecodeError as exc:
        yield InputError(f"not valid JSON: {exc.msg}", file=file, path=f"line {exc.lineno}")
        return
    for problem in schemas.schema_problems(document):
        yield InputError(f"not a valid draft 2020-12 schema: {problem}", file=file)


# --------------------------------------------------------------------------------------------------------------
# cases


def _records(item: _File, ctx: _Context) -> Iterator[tuple[str, Any]]:
    """``(location prefix, record)`` for each record of a case file ('' for a YAML file)."""
    if is_json_lines(item.path):
        try:
            with open_binary(item.path) as handle:
                yield from ((loc, obj) for loc, obj in
                            iter_json_lines(read_lines(handle, str(item.path)), str(item.path), ctx.add,
                                            numbers=True))
        except InputError as exc:
            ctx.add(exc)
        except (OSError, EOFError, zlib.error) as exc:
            ctx.add(CaseFormatError(f"cannot read file: {exc}", file=str(item.path)))
        return
    if item.path.suffix.lower() == ".json":
        try:
            yield "", load_json(item.path)
        except InputError as exc:
            ctx.add(exc)
        return
    data = _load(item.path, ctx)
    if data is not None:
        yield "", data


def _is_case(record: Any) -> bool:
    return isinstance(record, dict) and ("actions" in record or "match" in record)


def _case_error(reason: str, file: str, prefix: str, pointer: str) -> CaseFormatError:
    path = f"{prefix} {pointer}".strip()
    return CaseFormatError(reason, file=file, path=path or None)


def _compiled_ruleset(ruleset_id: str, ctx: _Context) -> Any:
    """The interpreter's compiled ruleset (``None`` if it cannot be compiled: that is reported elsewhere)."""
    if ruleset_id not in ctx.compiled:
        try:
            from ..rules.ruleset import compile_ruleset

            ctx.compiled[ruleset_id] = compile_ruleset(ctx.rulesets[ruleset_id], f"{ruleset_id}.yaml")
        except Exception:  # a broken ruleset is reported by its own validation
            ctx.compiled[ruleset_id] = None
    return ctx.compiled[ruleset_id]


def _deal_problem(deal: Any, ruleset_id: str, ctx: _Context, single: bool,
                  readings: Any = None) -> tuple[bool, str] | None:
    """``(valid, message)`` from the interpreter's deal builder (and, for a single-deal record of a ruleset
    with games, its ``deal.state``), under the record's ``readings``, or ``None`` if it cannot be asked."""
    ruleset = _compiled_ruleset(ruleset_id, ctx)
    if ruleset is None:
        return None
    if isinstance(readings, dict) and readings:
        try:
            ruleset = ctx.with_readings(ruleset_id, ruleset, readings)
        except InputError:  # reported by _case_readings_errors
            return None
    try:
        from ..interpreter.deal import build_deal
        from ..interpreter.games import position_from
    except ImportError:  # pragma: no cover - the interpreter ships deal.py and games.py
        return None
    from ..rules.errors import IllegalAction

    try:
        build_deal(deal, ruleset)
        if single and ruleset.match is not None and ruleset.match.has_games:
            position_from(deal.get("state"), ruleset.game_threshold)
    except IllegalAction as exc:
        return False, exc.message
    return True, ""


def _case_deals(record: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """``(pointer, deal, actions)`` of a single-deal record or of each deal of a match record."""
    if "match" in record:
        for i, entry in _entries(_mapping(record.get("match")).get("deals")):
            yield f"/match/deals/{i}", _mapping(entry).get("deal"), _mapping(entry).get("actions")
    else:
        yield "", record.get("deal"), record.get("actions")


def _case_errors(record: Any, file: str, prefix: str, suite: bool, ctx: _Context) -> Iterator[CaseFormatError]:
    if not isinstance(record, dict):
        yield _case_error("a case must be a mapping", file, prefix, "")
        return
    found = 0
    problem = number_problem(record)  # (every record walked: a JSON line's big integers are found here only)
    if problem is not None:
        found += 1
        yield _case_error(problem, file, prefix, "")
    defs = None if suite else "protocol-case"
    for err in schemas.iter_errors(record, "case", file=file, defs=defs, prefix=prefix):
        found += 1
        yield CaseFormatError(err.reason, file=err.file, path=err.path)
    yield from _case_id_errors(record, file, prefix, ctx)
    ruleset_id = record.get("ruleset")
    if not isinstance(ruleset_id, str):
        return
    if ruleset_id not in ctx.rulesets:
        known = ", ".join(sorted(ctx.rulesets)) or "none"
        yield _case_error(f"unknown ruleset {ruleset_id!r} (known: {known})", file, prefix, "/ruleset")
        return
    known_rules = ctx.rules_of(ruleset_id)
    for i, rid in _entries(record.get("rules")):
        if isinstance(rid, str) and rid not in known_rules:
            found += 1
            yield _case_error(f"unknown rule id {rid!r} (not a rule of {ruleset_id})", file, prefix, f"/rules/{i}")
    for check in (_case_readings_errors, _expect_errors, _legal_errors, _deal_errors):
        for error in check(record, ruleset_id, file, prefix, ctx):
            found += 1
            yield error
    if not found:  # a case the lint accepts: its expectation must be the reference's answer
        yield from _reference_errors(record, ruleset_id, file, prefix, ctx)


def _reference_errors(record: dict[str, Any], ruleset_id: str, file: str, prefix: str,
                      ctx: _Context) -> Iterator[CaseFormatError]:
    """The case replayed by the reference interpreter under its ruleset (as validated here) and its readings:
    one error when its ``expect`` is not what the reference answers (judged as the runner judges an engine's
    answer), naming the case and the first differences."""
    ruleset = _compiled_ruleset(ruleset_id, ctx)
    if ruleset is None:
        return  # the ruleset's own errors are reported elsewhere
    readings = record.get("readings")
    try:
        if isinstance(readings, dict) and readings:
            ruleset = ctx.with_readings(ruleset_id, ruleset, readings)
        diff = _reference_diff(record, ruleset)
    except InputError:
        return  # a reading or a record the lint reports itself
    except Exception as exc:  # a defect of the reference must not stop the validation, nor pass for an answer
        yield _case_error(f"case {record.get('id')!r}: the reference could not replay it ({type(exc).__name__}: "
                          f"{exc})", file, prefix, "/expect")
        return
    if diff:
        shown = "; ".join(diff[:3]) + (f"; and {len(diff) - 3} more" if len(diff) > 3 else "")
        yield _case_error(f"case {record.get('id')!r}: the reference answers otherwise: {shown}", file, prefix,
                          "/expect")


def _reference_diff(record: dict[str, Any], ruleset: Any) -> list[str]:
    """The differences between the record's ``expect`` and the reference's answer under ``ruleset``."""
    from ..interpreter.legal import legal_for, perft_for
    from ..interpreter.outcome import Outcome
    from ..interpreter.replay import replay
    from .run.runner import compare

    expect = record["expect"]
    if "legal" in expect:
        found = legal_for(record, ruleset)
        if isinstance(found, Outcome):
            return [f"expected a legal set, the reference answers {json.dumps(found.to_response())}"]
        missing, extra = sorted(set(expect["legal"]) - set(found)), sorted(set(found) - set(expect["legal"]))
        return ([f"legal: the reference also allows {', '.join(extra)}"] if extra else []) + (
            [f"legal: the reference does not allow {', '.join(missing)}"] if missing else [])
    if "perft" in expect:
        count = perft_for(record, expect["perft"]["depth"], ruleset)
        if isinstance(count, Outcome):
            return [f"expected a perft count, the reference answers {json.dumps(count.to_response())}"]
        return [] if count == expect["perft"]["count"] else [
            f"perft.count: expected {expect['perft']['count']}, the reference counts {count}"]
    response = replay(record, ruleset).to_response()
    kind = "error" if "error" in response else "result"
    return compare(expect, kind, response[kind])


def _legal_errors(record: dict[str, Any], _ruleset_id: str, file: str, prefix: str,
                  _ctx: _Context) -> Iterator[CaseFormatError]:
    """A legal case asks a single deal, and writes each action of its set once, in canonical spelling."""
    expect = _mapping(record.get("expect"))
    if ("legal" in expect or "perft" in expect) and "match" in record:
        yield _case_error("legal and perft cases ask a single deal, not a match record", file, prefix, "/match")
    legal = expect.get("legal")
    for i, text in _entries(legal if isinstance(legal, list) else []):
        try:
            spelled = canonical(text)
        except IllegalAction as exc:
            yield _case_error(exc.message, file, prefix, f"/expect/legal/{i}")
            continue
        if spelled != text:
            yield _case_error(f"{text!r} is not in canonical spelling: write {spelled!r}", file, prefix,
                              f"/expect/legal/{i}")


def _case_readings_errors(record: dict[str, Any], ruleset_id: str, file: str, prefix: str,
                          ctx: _Context) -> Iterator[CaseFormatError]:
    """A case's ``readings`` must be readings the ruleset can execute together (one error naming the rule)."""
    readings = record.get("readings")
    if not isinstance(readings, dict) or not readings:
        return
    ruleset = _compiled_ruleset(ruleset_id, ctx)
    if ruleset is None:
        return
    case = f"case {record.get('id')!r}: readings"
    for rule_id in readings:
        if rule_id not in ruleset.rules:
            yield _case_error(f"{case}: no rule {rule_id!r} in {ruleset_id}", file, prefix, f"/readings/{rule_id}")
            return
    try:
        ctx.with_readings(ruleset_id, ruleset, readings)
    except InputError as exc:
        named = next((r for r in readings if r in exc.reason), next(iter(readings)))
        yield _case_error(f"{case}: {exc.reason}", file, prefix, f"/readings/{named}")


def _case_id_errors(record: dict[str, Any], file: str, prefix: str, ctx: _Context) -> Iterator[CaseFormatError]:
    case_id = record.get("id")
    if not isinstance(case_id, str):
        return
    here = f"{file} {prefix}".strip()
    if case_id in ctx.case_ids:
        yield _case_error(f"duplicate case id {case_id!r} (first in {ctx.case_ids[case_id]})", file, prefix, "/id")
    else:
        ctx.case_ids[case_id] = here


def _expected_error(record: dict[str, Any]) -> dict[str, Any]:
    return _mapping(_mapping(record.get("expect")).get("error"))


def _expect_errors(record: dict[str, Any], _ruleset_id: str, file: str, prefix: str,
                   ctx: _Context) -> Iterator[CaseFormatError]:
    error = _expected_error(record)
    code, index = error.get("code"), error.get("index")
    if isinstance(code, str) and ctx.error_codes is not None and code not in ctx.error_codes:
        yield _case_error(f"unknown error code {code!r} (not in spec/errors.yaml)", file, prefix,
                          "/expect/error/code")
    actions = record.get("actions")
    if not isinstance(actions, list) or "code" not in error:
        return
    if code == "invalid-deal" and index is not None:
        yield _case_error("invalid-deal has index null", file, prefix, "/expect/error/index")
    elif code == "incomplete-record" and index != len(actions):
        yield _case_error(f"incomplete-record has index len(actions) = {len(actions)}", file, prefix,
                          "/expect/error/index")
    elif code not in ("invalid-deal", "incomplete-record") and isinstance(index, int) and index >= len(actions):
        yield _case_error(f"index {index} is past the last action ({len(actions) - 1})", file, prefix,
                          "/expect/error/index")


def _deal_errors(record: dict[str, Any], ruleset_id: str, file: str, prefix: str,
                 ctx: _Context) -> Iterator[CaseFormatError]:
    expected = _expected_error(record)
    expects_invalid = expected.get("code") == "invalid-deal"
    stop = expected.get("deal") if isinstance(expected.get("deal"), int) else None
    for k, (where, deal, _actions) in enumerate(_case_deals(record)):
        if not isinstance(deal, dict):
            continue
        if where and stop is not None and k >= stop:
            break  # the match record is expected to stop at an earlier deal (its form, dealer, ...)
        answer = _deal_problem(deal, ruleset_id, ctx, single=not where, readings=record.get("readings"))
        if answer is None:
            continue
        valid, message = answer
        if not valid and not expects_invalid:
            yield _case_error(f"invalid deal: {message}", file, prefix, f"{where}/deal")
        elif valid and expects_invalid and not where:
            yield _case_error("expects invalid-deal but the deal is valid", file, prefix, "/expect/error")


# --------------------------------------------------------------------------------------------------------------
# driver


def _prepare(files: list[_File], ctx: _Context) -> dict[Path, Any]:
    """Load sources, errors and rulesets first, so that cases and rulesets can be cross-checked."""
    loaded = {item.path: _load(item.path, ctx) for item in files if item.kind in ("sources", "errors", "ruleset")}
    of_kind = {kind: [loaded[f.path] for f in files if f.kind == kind and loaded[f.path] is not None]
               for kind in ("sources", "errors", "ruleset")}
    sources = [d for d in of_kind["sources"] if isinstance(d, dict)]
    ctx.source_keys = set().union(*(set(d) for d in sources)) if sources else _default_sources()
    codes = of_kind["errors"]
    ctx.error_codes = set().union(*(_codes_of(d) for d in codes)) if codes else _default_codes()
    for doc in of_kind["ruleset"]:
        if isinstance(doc, dict) and isinstance(doc.get("id"), str):
            ctx.rulesets[doc["id"]] = doc
    _default_rulesets(ctx)
    return loaded


def _validate_file(item: _File, loaded: dict[Path, Any], ctx: _Context) -> None:
    file = str(item.path)
    if item.kind in ("sources", "errors", "ruleset"):
        data = loaded.get(item.path)
        if data is None:
            ctx.counts[item.kind] += 1
            return
        if item.kind == "ruleset":
            ctx.extend(_ruleset_errors(data, file, ctx.source_keys))
        elif item.kind == "sources":
            ctx.extend(schemas.iter_errors(data, "sources", file=file))
        else:
            ctx.extend(_errors_file_errors(data, file, ctx.rulesets))
        ctx.counts[item.kind] += 1
    elif item.kind == "schema":
        ctx.extend(_schema_file_errors(item.path))
        ctx.counts["schema"] += 1
    elif item.kind == "document":
        data = _load(item.path, ctx)
        if data is not None:
            ctx.extend(schemas.iter_errors(data, item.path.stem, file=file))
        ctx.counts["document"] += 1
    elif item.kind in ("case", "maybe-case"):
        _validate_case_file(item, ctx)
    elif item.explicit:
        ctx.add(InputError("not a ruleset, sources, errors, schema or case file", file=file))


def _validate_case_file(item: _File, ctx: _Context,
                        read: tuple[list[tuple[str, Any]], bool] | None = None) -> None:
    """Validate one case file; ``read``: its records and whether reading them found errors, when read already."""
    file = str(item.path)
    errors_before = len(ctx.errors)
    records = list(_records(item, ctx)) if read is None else read[0]
    if read is not None and read[1]:
        errors_before = -1  # (the reading's errors were reported when it was read)
    if item.kind == "maybe-case" and not item.explicit and not any(_is_case(r) for _, r in records):
        why = ("not a case (it has neither 'actions' nor 'match'), nor a ruleset, sources, errors or schema file, "
               "nor a spec document with a schema of its own")
        if item.path.parent in ctx.case_folders:
            ctx.add(CaseFormatError(f"{why}, in a folder of cases: the runner reads every such file there as a case "
                                    "and would refuse the folder; move it out, or make it a case", file=file))
        else:
            ctx.skipped.append(InputError(f"skipped: {why}", file=file))
        return
    ctx.counts["file"] += 1
    if not records and len(ctx.errors) == errors_before and not is_json_lines(item.path):
        ctx.add(CaseFormatError("the file holds no record (it is empty or only comments); a case file holds one "
                                "case", file=file))
        return
    for prefix, record in records:
        if item.kind == "maybe-case" and not _is_case(record):
            if item.explicit:
                ctx.add(_case_error("not a case: it has neither 'actions' nor 'match'", file, prefix, ""))
            continue
        ctx.counts["case"] += 1
        ctx.extend(_case_errors(record, file, prefix, True, ctx))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _summary(ctx: _Context, n_files: int) -> str:
    parts = []
    if ctx.counts["ruleset"]:
        parts.append(_plural(ctx.counts["ruleset"], "ruleset"))
    if ctx.counts["case"] or ctx.counts["file"]:
        parts.append(_plural(ctx.counts["case"], "case"))
    parts.extend(name for name in ("sources", "errors") if ctx.counts[name])
    if ctx.counts["schema"]:
        parts.append(_plural(ctx.counts["schema"], "schema"))
    if ctx.counts["document"]:
        parts.append(_plural(ctx.counts["document"], "spec document"))
    what = ", ".join(parts) if parts else "nothing to check"
    return f"validated {_plural(n_files, 'file')}: {what}; {_plural(len(ctx.errors), 'error')}"


@dataclass(frozen=True)
class Validation:
    """What :func:`validate` found: every error, the files skipped (each with why), how many files were
    validated, and the one-line summary."""

    errors: list[InputError]
    skipped: list[InputError]
    files: int
    summary: str

    @property
    def ok(self) -> bool:
        """No error, and at least one file validated (a run that checked nothing is not a pass)."""
        return not self.errors and self.files > 0


def validate(paths_: list[str]) -> Validation:
    """Validate files and directories (see the module)."""
    files, problems = _discover(paths_)
    ctx = _Context(errors=list(problems))
    loaded = _prepare(files, ctx)
    read: dict[Path, tuple[list[tuple[str, Any]], bool]] = {}
    for item in files:  # which folders hold cases is known before any file in them is judged
        if item.kind == "case" or (item.kind == "maybe-case" and is_json_lines(item.path)):
            ctx.case_folders.add(item.path.parent)  # (a JSON Lines file is read once, below)
        elif item.kind == "maybe-case":  # one record: read once, here
            before = len(ctx.errors)
            records = list(_records(item, ctx))
            read[item.path] = (records, len(ctx.errors) > before)
            if any(_is_case(r) for _, r in records):
                ctx.case_folders.add(item.path.parent)
    for item in files:
        if item.path in read:
            _validate_case_file(item, ctx, read.pop(item.path))
        else:
            _validate_file(item, loaded, ctx)
    n_files = sum(ctx.counts[k] for k in ("ruleset", "sources", "errors", "schema", "document", "file"))
    summary = _summary(ctx, n_files)
    if ctx.skipped:
        summary = summary.replace("; ", f"; {_plural(len(ctx.skipped), 'file')} skipped; ", 1)
    return Validation(ctx.errors, ctx.skipped, n_files, summary)


def validate_paths(paths_: list[str]) -> tuple[list[InputError], str]:
    """Validate files and directories; return every error found and a one-line summary (:func:`validate`)."""
    found = validate(paths_)
    return found.errors, found.summary
