"""Small markdown helpers shared by the page renderers: links, badges, cards, tables."""

from __future__ import annotations

import functools
import json
import posixpath
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# Where each page lives in the site (paths relative to the docs directory).
INDEX = "index.md"
ERRORS = "reference/errors.md"
CASE_FORMAT = "reference/case-format.md"
SOURCES = "reference/sources.md"
GLOSSARY = "reference/glossary.md"
COMPARISON = "comparison/rules.md"
CROSS_ERA = "comparison/cross-era.md"


DEFAULT_LANGUAGE = "en"  # the language of every page; the player pages have a Finnish edition under fi/


def localized(path: str, language: str) -> str:
    """Where a page of the given language lives: the English page itself, its Finnish edition under ``fi/``."""
    return path if language == DEFAULT_LANGUAGE else f"{language}/{path}"


def learn_path(ruleset_id: str) -> str:
    return f"learn/{ruleset_id}.md"


def refcard_path(ruleset_id: str, language: str = DEFAULT_LANGUAGE) -> str:
    """Where the reference card of one era lives in one language (the English at the root, another under its
    folder, as the i18n plugin's folder structure has it)."""
    return localized(f"refcard/{ruleset_id}.md", language)


def rules_page(ruleset_id: str) -> str:
    return f"rules/{ruleset_id}.md"


def examples_path(ruleset_id: str) -> str:
    return f"examples/{ruleset_id}.md"


def cases_path(ruleset_id: str) -> str:
    return f"cases/{ruleset_id}.md"


def href(here: str, target: str, anchor: str | None = None) -> str:
    """A link from page ``here`` to page ``target`` (docs-relative ``.md`` paths), optionally to an anchor."""
    frag = f"#{anchor}" if anchor else ""
    if target == here:
        return frag or posixpath.basename(target)
    return _relative(target, posixpath.dirname(here) or ".") + frag


@functools.lru_cache(maxsize=4096)
def _relative(target: str, folder: str) -> str:
    """``posixpath.relpath``, remembered: a page links to the same few pages thousands of times."""
    return posixpath.relpath(target, folder)


def served_href(here: str, target: str, anchor: str | None = None) -> str:
    """The served link from page ``here`` to page ``target`` (docs-relative ``.md`` paths, directory URLs:
    ``learn/skruuvi-2016.md`` is served at ``learn/skruuvi-2016/``), for raw HTML: a link between the English and the
    Finnish edition cannot be a markdown link, as each language is built on its own."""

    def folder(path: str) -> str:
        stem = path.removesuffix(".md")
        if stem == "index" or stem.endswith("/index"):
            return stem.removesuffix("index").rstrip("/") or "."
        return stem

    rel = posixpath.relpath(folder(target), folder(here))
    url = "./" if rel == "." else rel + "/"
    return url + (f"#{anchor}" if anchor else "")


def link(text: str, here: str, target: str, anchor: str | None = None) -> str:
    return f"[{text}]({href(here, target, anchor)})"


def ident(text: str) -> str:
    """An id in code font that a narrow column breaks after its dots, slashes and hyphens (``<wbr>``), never in the
    middle of a word."""
    from html import escape as _escape

    shown = _escape(str(text))
    for mark in (".", "/", "-"):
        shown = shown.replace(mark, mark + "<wbr>")
    return f'<code class="sk-id">{shown}</code>'


def short_title(ruleset: Any) -> str:
    """The short name of an era's rules for headings and tabs ("Skruuvi 2016"); the ruleset's full title, which
    says where the rules come from, goes under it (:func:`provenance`)."""
    return f"Skruuvi {ruleset.era}"


def provenance(ruleset: Any) -> str:
    """The line under a page's short title: the ruleset's own title, saying which sources the era's rules follow."""
    return f'<p class="sk-provenance">{ruleset.title}</p>'


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count with its noun in the right number: ``1 action``, ``2 actions`` (``many`` for irregular plurals)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def cell(text: Any) -> str:
    """Text safe inside a markdown table cell (one line, no bare pipes)."""
    return " ".join(str(text).split()).replace("|", "\\|")


def table(header: Sequence[str], rows: Iterable[Sequence[Any]], align: str | None = None) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join((align or "---") for _ in header) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line if line.strip() else "" for line in text.splitlines())


def admonition(kind: str, title: str, body: str, collapsible: bool = False) -> str:
    head = "???" if collapsible else "!!!"
    return f'{head} {kind} "{title.replace(chr(34), chr(39))}"\n\n{indent(body)}\n'


def link_list(title: str, links: Sequence[str], fold_above: int = 6) -> str:
    """``**Title (n):** a, b`` or, for long lists, a folded box with one link per line."""
    if len(links) <= fold_above:
        return f"**{title} ({len(links)}):** " + ", ".join(links)
    return admonition("example", f"{title} ({len(links)})", "\n".join(f"- {x}" for x in links), collapsible=True)


def titled(page: str) -> str:
    """The page with a front-matter ``title`` taken from its first heading, so the browser tab and the search
    results name the page's era (the navigation keeps its short labels: "Rules", "Cases")."""
    if page.startswith("---\n"):
        return page
    first = next((line for line in page.splitlines() if line.startswith("# ")), None)
    if first is None:
        return page
    text = re.sub(r"\s*\{#[^}]*\}\s*$", "", first[2:])
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).replace("`", "").replace("*", "").strip()
    return "---\ntitle: " + json.dumps(text, ensure_ascii=False) + "\n---\n\n" + page


def slug(text: str) -> str:
    """An ASCII anchor from a term: ``maalattu misääri`` -> ``maalattu-misaari``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in ascii_text.lower()).split())


STATUS_HELP = {
    "stated": "a source says so explicitly",
    "inferred": "reconstructed from related statements, another era or a related game; the note says why",
    "conflict": "the sources disagree; the rule gives each version and says which one this book plays",
}


def badge(status: str) -> str:
    title = STATUS_HELP.get(status, status)
    return f'<span class="sk-badge sk-badge-{slug(status) or "none"}" title="{title}">{status or "no status"}</span>'


def source_links(keys: Iterable[str], here: str, sources: Mapping[str, Any] | None) -> str:
    """Source keys as links to the bibliography (plain code when the key is not listed there)."""
    out = []
    for key in keys:
        if sources is not None and key in sources:
            out.append(link(key, here, SOURCES, key))
        else:
            out.append(f"`{key}`")
    return ", ".join(out) if out else "none given"


# --- cards -----------------------------------------------------------------------------------

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
DISPLAY_SUITS = "SHDC"  # alternating colours
RANK_TEXT = {"T": "10"}
STRAIN_TEXT = {"G": "grandi", "M": "misère"}


def suit(s: str) -> str:
    cls = "sk-red" if s in "HD" else "sk-black"
    return f'<span class="{cls}">{SUIT_SYMBOL[s]}</span>'


def card(code: str) -> str:
    """``TH`` -> a red ♥ followed by 10."""
    code = str(code)
    if len(code) != 2 or code[1] not in SUIT_SYMBOL:
        return f"`{code}`"
    return suit(code[1]) + RANK_TEXT.get(code[0], code[0])


def cards(codes: Iterable[str]) -> str:
    return " ".join(card(c) for c in codes)


def bid(code: str) -> str:
    """``5H`` -> 5♥, ``6G`` -> 6 grandi, ``5M`` -> 5 misère."""
    code = str(code)
    if len(code) == 2 and code[0].isdigit():
        if code[1] in SUIT_SYMBOL:
            return code[0] + suit(code[1])
        if code[1] in STRAIN_TEXT:
            return f"{code[0]} {STRAIN_TEXT[code[1]]}"
    return f"`{code}`"


def holding(hand: Iterable[str]) -> list[str]:
    """One line per suit, high cards first: ``♠ A K 5``; a void shows as a dash."""
    ranks = "AKQJT98765432"
    by_suit: dict[str, list[str]] = {s: [] for s in DISPLAY_SUITS}
    for c in hand:
        c = str(c)
        if len(c) == 2 and c[1] in by_suit:
            by_suit[c[1]].append(c[0])
    lines = []
    for s in DISPLAY_SUITS:
        held = sorted(by_suit[s], key=ranks.index)
        lines.append(suit(s) + " " + (" ".join(RANK_TEXT.get(r, r) for r in held) or "—"))
    return lines
