"""Collecting the book: read spec/ and conformance/ from a repository root and render every page of one language.

The English edition is the whole book; the Finnish edition (under ``fi/``) is the player pages: the home page, the
learn-to-play chapters and the glossary. Missing optional files (errors, sources, glossary, schemas, cases) are
tolerated: the pages say so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..rules import schemas
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
from .glossary import glossary_faults, glossary_page
from .home import finnish_index_page, index_page
from .implementations import HERE as IMPLEMENTATIONS
from .learn import LANGUAGES, learn_page, learn_path
from .learn.deals import example_deals
from .reconstruction import reconstruction_page, reconstruction_path
from .refcard import refcard_page, refcard_path
from .reference import case_format_page, errors_page, sources_page

DEFAULT_LANGUAGE = md.DEFAULT_LANGUAGE


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


def player_pages(rulesets: list[Ruleset], language: str) -> list[str]:
    """The pages that have an edition in every language (docs-relative, in ``language``)."""
    return [md.localized(md.INDEX, language), *(learn_path(rs.id, language) for rs in _by_era(rulesets)),
            *(refcard_path(rs.id, language) for rs in _by_era(rulesets)), md.localized(md.GLOSSARY, language)]


def _by_era(rulesets: list[Ruleset]) -> list[Ruleset]:
    return sorted(rulesets, key=lambda r: r.era, reverse=True)  # the game played today first


def build_pages(root: Path, language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """docs-relative path -> content, for every generated file of ``language``: the pages (markdown) and the deal
    viewer's traces (JSON, under ``viewer/``)."""
    if language not in LANGUAGES:
        raise SkruuviError(f"the book has no {language!r} edition (its languages: {', '.join(LANGUAGES)})")
    spec = root / "spec"
    rulesets = load_rulesets(root)
    sources = optional_yaml(spec / "sources.yaml")
    glossary = optional_yaml(spec / "glossary.yaml")
    if glossary is not None:  # an unusable glossary stops the build with one line (file, place, reason)
        schemas.check(glossary, "glossary", file="spec/glossary.yaml")
        faults = glossary_faults(glossary)
        if faults:
            more = f" (and {md.plural(len(faults) - 1, 'more fault')})" if len(faults) > 1 else ""
            raise SkruuviError(f"spec/glossary.yaml: {faults[0]}{more}")
    traces: dict[str, str] = {}  # the deal viewer's traces (JSON), beside the pages
    if language != DEFAULT_LANGUAGE:
        pages = {md.localized(md.INDEX, language): finnish_index_page(rulesets),
                 md.localized(md.GLOSSARY, language): glossary_page(glossary, language)}
        for rs in _by_era(rulesets):
            pages[learn_path(rs.id, language)] = learn_page(rs, language, example_deals(rs), traces)
            pages[refcard_path(rs.id, language)] = refcard_page(rs, language)
        return {**{rel: md.titled(text) for rel, text in pages.items()}, **traces}
    errors = optional_yaml(spec / "errors.yaml")
    cases, problems = load_cases(root)
    codes = {e["code"] for e in (errors or {}).get("errors", [])} if errors else None
    pages = {md.INDEX: index_page(rulesets, cases)}
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
    for rs in _by_era(rulesets):
        pages[learn_path(rs.id)] = learn_page(rs, DEFAULT_LANGUAGE, example_deals(rs), traces)
    pages[md.COMPARISON] = comparison_page(rulesets, notes, sources)
    curated, curated_problems = curated_deals(notes, cases, rulesets)
    pages[md.CROSS_ERA] = cross_era_page(rulesets, curated, curated_problems)
    pages[md.ERRORS] = errors_page(errors, rulesets, cases)
    pages[md.CASE_FORMAT] = case_format_page(optional_json(spec / "schema" / "case.schema.json"),
                                             optional_json(spec / "schema" / "protocol.schema.json"), rulesets)
    pages[md.SOURCES] = sources_page(sources, rulesets, glossary)
    pages[md.GLOSSARY] = glossary_page(glossary)
    return {**{rel: md.titled(text) for rel, text in pages.items()}, **traces}


#: The navigation's sections for players: a page reached from these is written for a reader of the game, with no
#: rule ids and no formulas (the scoring cards, rule pages and cases are the implementers', under FOR_IMPLEMENTERS).
FOR_PLAYERS = ("Home", "Learn to play", "For players")
FOR_HISTORIANS = "The eras compared"
FOR_IMPLEMENTERS = "For implementers"


def nav(rulesets: list[Ruleset], language: str = DEFAULT_LANGUAGE) -> list[Any]:
    """The site navigation of one language, in the order of the home page's readers: players (home, learn to play,
    the reference cards and the glossary), historians (the eras compared), then (English) the implementers' pages,
    one group per era: its rules, scoring card, worked examples, reconstruction notes and cases."""
    if language != DEFAULT_LANGUAGE:
        return [{"Etusivu": md.localized(md.INDEX, language)},
                {"Opi pelaamaan": [{rs.era: learn_path(rs.id, language)} for rs in _by_era(rulesets)]},
                {"Muistikortit": [{rs.era: refcard_path(rs.id, language)} for rs in _by_era(rulesets)]},
                {"Sanasto": md.localized(md.GLOSSARY, language)}]
    home, learn, players = FOR_PLAYERS
    items: list[Any] = [{home: md.INDEX}]
    items.append({learn: [{rs.era: learn_path(rs.id)} for rs in _by_era(rulesets)]})
    items.append({players: [*({f"Reference card {rs.era}": refcard_path(rs.id)} for rs in _by_era(rulesets)),
                            {"Glossary": md.GLOSSARY}]})
    items.append({FOR_HISTORIANS: [{"What changed, rule by rule": md.COMPARISON}, {"Cross-era replay": md.CROSS_ERA},
                                   {"Bibliography": md.SOURCES}]})
    eras = [{f"Era {rs.era}": [{"Rules": md.rules_page(rs.id)}, {"Scoring card": card_path(rs.id)},
                               {"Worked examples": md.examples_path(rs.id)},
                               {"Reconstruction notes": reconstruction_path(rs.id)},
                               {"Cases": md.cases_path(rs.id)}]} for rs in _by_era(rulesets)]
    items.append({FOR_IMPLEMENTERS: [*eras, {"Error codes": md.ERRORS}, {"Case format and SCP/1": md.CASE_FORMAT},
                                     {"Implementations": IMPLEMENTATIONS}]})
    return items


def counterpart(path: str, language: str) -> str | None:
    """The other edition of a player page (``learn/x.md`` <-> ``fi/learn/x.md``), or None for a page in one language."""
    if language != DEFAULT_LANGUAGE:
        prefix = f"{language}/"
        return path[len(prefix):] if path.startswith(prefix) else None
    shared = path in (md.INDEX, md.GLOSSARY) or path.startswith(("learn/", "refcard/"))
    return md.localized(path, "fi") if shared else None


#: How the header's language switch names a language whose edition has no page like the one shown: the switch then
#: leads to that edition's home page, and says so.
TO_HOME = {"fi": "etusivu", "en": "home page"}

_ALTERNATE_LINK = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*')


def mark_language(file: Any, path: str, language: str) -> None:
    """Make a generated page a page of the i18n plugin (mkdocs-static-i18n): its ``locale`` and its ``alternates``,
    itself and, for a player page, its other edition (``learn/x.md`` <-> ``fi/learn/x.md``). The plugin sets the
    header's language switch from these on every page (its page context): to the other edition of the page, or, for a
    page in one language, to the other edition's home page (:func:`name_switch` says so). The plugin's sitemap lists the
    pairs. The plugin does this for the pages it reads from docs/; the book's pages are generated, so the hook marks
    them."""
    from mkdocs.structure.files import File

    other = counterpart(path, language)
    file.locale = file.locale_alternate_of = language
    file.alternates = {language: file}
    if other is not None:
        twin = File(other, src_dir=None, dest_dir="", use_directory_urls=True)
        file.alternates["fi" if language == DEFAULT_LANGUAGE else DEFAULT_LANGUAGE] = twin


def name_switch(alternates: Any, file: Any) -> None:
    """On a page without an edition in some language, the header's switch to that language leads to its home page:
    its entry says so ("Suomi (etusivu)"). Every entry's link is given so that it leads from the page
    (:func:`relative_link`). ``alternates`` is the theme's ``extra.alternate`` as the i18n plugin set it for this page
    (it sets it afresh for every page)."""
    for entry in alternates or ():
        lang = str(entry.get("lang"))
        if lang not in getattr(file, "alternates", {lang: None}) and lang in TO_HOME:
            entry["name"] = f"{entry['name']} ({TO_HOME[lang]})"
        entry["link"] = relative_link(str(entry.get("link", "")))


def relative_link(link: str) -> str:
    """``link`` given from the site's root without the leading slash, as the theme wants it: the theme passes each of
    the switch's links through mkdocs' ``url`` filter, which makes such a link relative to the page shown, and leaves a
    link that starts with ``/`` as it is. Without a site_url the i18n plugin writes the switch to an edition's home
    page as ``/fi/`` or ``/``, which leads nowhere once the book is published under a folder
    (``https://host/book/``) or opened from disk; as ``fi/`` the reader on ``rules/skruuvi-2016/`` gets
    ``../../fi/``. A link with a host (the plugin's, when the site_url is set) is left as it is."""
    if not link.startswith("/") or link.startswith("//"):
        return link
    return link.lstrip("/") or "./"


#: The sitemap the build writes when mkdocs.yml names no site_url: a sitemap lists absolute addresses, and without the
#: address the book is published at the theme's would list ``None/`` ones. Set site_url for a full one.
EMPTY_SITEMAP = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                 '<!-- No pages are listed: mkdocs.yml names no site_url, the address the book is published at. -->\n'
                 '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n')


def sitemap(output: str, site_url: str | None) -> str:
    """The theme's sitemap as it is when the book knows its address, and :data:`EMPTY_SITEMAP` when it does not."""
    return output if site_url else EMPTY_SITEMAP


def without_alternate_links(html: str) -> str:
    """A page's HTML without the ``<link rel="alternate" hreflang=...>`` elements the theme writes into its head from
    the language switch's entries. The theme (Material) fetches a ``sitemap.xml`` under each of them and, on a click
    on the switch, may send the reader to a place it reads from that sitemap instead of the link's own (its language
    lookup assumes each language in a folder of its own, and a site_url, which the book has neither of): with the
    plugin's links to the page's other edition it would fetch sitemaps that do not exist, and with links to the
    editions' roots it would send a reader whose English edition is the site's root to a home page. Without them the
    switch's links, set per page by the plugin, are followed as they are."""
    return _ALTERNATE_LINK.sub("", html)


def write_pages(pages: Mapping[str, str], out: Path) -> None:
    """Write pages to a directory (for inspection; the mkdocs hook never writes into docs/)."""
    for rel, text in pages.items():
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
