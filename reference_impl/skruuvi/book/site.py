"""Collecting the book: read spec/ and conformance/ from a repository root and render every page.

Missing optional files (errors, sources, glossary, schemas, cases) are tolerated: the pages say so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..rules.errors import SkruuviError
from ..rules.ruleset import Ruleset, load_ruleset
from ..rules.yamlio import find_case_files, iter_records, load_yaml
from . import md
from .card import card_page, card_path
from .cases import cases_page
from .comparison import comparison_page
from .cross_era import cross_era_page
from .curated import curated_deals
from .era import era_page
from .examples import examples_page
from .reconstruction import reconstruction_page, reconstruction_path
from .refcard import refcard_page, refcard_path
from .reference import case_format_page, errors_page, glossary_page, index_page, sources_page
from .story import STORIES, story_page


def optional_yaml(path: Path) -> Any:
    return load_yaml(path) if path.is_file() else None


def optional_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def load_cases(root: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Every record under conformance/cases/ with ``_file`` (repo-relative) added; unreadable files listed."""
    base = root / "conformance" / "cases"
    cases: list[dict[str, Any]] = []
    problems: list[str] = []
    if not base.is_dir():
        return cases, problems
    for path in find_case_files([base]):
        rel = path.relative_to(root).as_posix()
        try:
            for _, loc, record in iter_records(path):
                if isinstance(record, dict) and "id" in record:
                    cases.append({**record, "_file": rel + (f" ({loc})" if loc else "")})
                else:
                    problems.append(f"{rel}{f' {loc}' if loc else ''}: not a case (no id)")
        except SkruuviError as exc:
            problems.append(f"{rel}: {exc}")
    return cases, problems


def load_rulesets(root: Path) -> list[Ruleset]:
    return [load_ruleset(p) for p in sorted((root / "spec" / "rulesets").glob("*.yaml"))]


def build_pages(root: Path) -> dict[str, str]:
    """docs-relative path -> content, for every generated file: the pages (markdown) and the deal viewer's traces
    (JSON, under ``viewer/``)."""
    spec = root / "spec"
    rulesets = load_rulesets(root)
    errors = optional_yaml(spec / "errors.yaml")
    sources = optional_yaml(spec / "sources.yaml")
    glossary = optional_yaml(spec / "glossary.yaml")
    cases, problems = load_cases(root)
    codes = {e["code"] for e in (errors or {}).get("errors", [])} if errors else None
    pages = {md.INDEX: index_page(rulesets, cases)}
    traces: dict[str, str] = {}  # the deal viewer's traces (JSON), beside the pages
    for rs in rulesets:
        pages[md.rules_page(rs.id)] = era_page(rs, sources=sources, glossary=glossary, cases=cases)
        pages[md.examples_path(rs.id)] = examples_page(rs, cases, error_codes=codes, traces=traces)
        pages[md.cases_path(rs.id)] = cases_page(rs, cases, error_codes=codes, problems=problems)
        pages[card_path(rs.id)] = card_page(rs, cases)
        pages[refcard_path(rs.id)] = refcard_page(rs)
    recon = optional_yaml(spec / "reconstruction.yaml")
    for rs in rulesets:
        pages[reconstruction_path(rs.id)] = reconstruction_page(rs, recon, sources)
    notes = optional_yaml(spec / "comparison.yaml")
    for ruleset_id, seed, path in STORIES:
        pages[path] = story_page(rulesets, ruleset_id, seed, path)
    pages[md.COMPARISON] = comparison_page(rulesets, notes, sources)
    curated, curated_problems = curated_deals(notes, cases, rulesets)
    pages[md.CROSS_ERA] = cross_era_page(rulesets, curated, curated_problems)
    pages[md.ERRORS] = errors_page(errors, rulesets, cases)
    pages[md.CASE_FORMAT] = case_format_page(optional_json(spec / "schema" / "case.schema.json"),
                                             optional_json(spec / "schema" / "protocol.schema.json"), rulesets)
    pages[md.SOURCES] = sources_page(sources, rulesets)
    pages[md.GLOSSARY] = glossary_page(glossary, sources, rulesets)
    return {**{rel: md.titled(text) for rel, text in pages.items()}, **traces}


def nav(rulesets: list[Ruleset]) -> list[Any]:
    """The site navigation: home, one section per era, the reference pages."""
    items: list[Any] = [{"Home": md.INDEX}]
    items.append({"For players": [*({f"How to play ({rid.rsplit('-', 1)[-1]})": path}
                                    for rid, _, path in STORIES if rid in {rs.id for rs in rulesets}),
                                  *({f"Scoring card {rs.era}": card_path(rs.id)}
                                    for rs in sorted(rulesets, key=lambda r: r.era, reverse=True)),
                                  *({f"Reference card {rs.era}": refcard_path(rs.id)}
                                    for rs in sorted(rulesets, key=lambda r: r.era, reverse=True))]})
    for rs in sorted(rulesets, key=lambda r: r.era):
        items.append({f"Era {rs.era}": [{"Rules": md.rules_page(rs.id)},
                                        {"Worked examples": md.examples_path(rs.id)},
                                        {"Reconstruction notes": reconstruction_path(rs.id)},
                                        {"Cases": md.cases_path(rs.id)}]})
    items.append({"Comparison": [{"Rules by era": md.COMPARISON}, {"Cross-era replay": md.CROSS_ERA}]})
    items.append({"Reference": [{"Error codes": md.ERRORS}, {"Case format and SCP/1": md.CASE_FORMAT},
                                {"Bibliography": md.SOURCES}, {"Glossary": md.GLOSSARY}]})
    return items


def write_pages(pages: Mapping[str, str], out: Path) -> None:
    """Write pages to a directory (for inspection; the mkdocs hook never writes into docs/)."""
    for rel, text in pages.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
