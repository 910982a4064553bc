"""The built book read as a reader sees it: no Python or JSON literal, no bare ``None``/``True``/``False``, no empty
section, and a page title that names its era. One build per session (``built_book`` in conftest.py).

Code blocks (``<pre>``) are left out: the case-format page shows JSON on purpose, as an implementer's example.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from skruuvi.rules.ruleset import available_rulesets

HEADING = re.compile(r"h([1-6])")
# A literal as Python's repr or json.dumps writes it: {"k": / {'k': / {4: , [[ / ['x' / ["x", and the three
# Python constants as words. A bracketed list of numbers is left alone: case descriptions (written by their
# authors, e.g. "centre positions [0, 1, 2, 3]") use it as prose.
LITERALS = [
    (re.compile(r"\{\s*(?:['\"][^'\"]*['\"]|\d+)\s*:"), "a dict or JSON object"),
    (re.compile(r"\[\s*[\['\"]"), "a list"),
    (re.compile(r"\b(?:True|False|None)\b"), "a Python constant"),
    (re.compile(r"[A-Za-z_] \*{1,2} \w|\w \*{1,2} [A-Za-z_]|\w [=!]= \S"), "a Python operator"),
]
CONTENT_TAGS = {"img", "svg", "table", "pre", "hr", "input"}


class Reader(HTMLParser):
    """The text of the page's article (outside code blocks) and its outline: headings and what follows them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_article = 0
        self.hidden = 0
        self.in_heading = 0
        self.text: list[str] = []
        self.outline: list[tuple[str, int, str]] = []  # ("h", level, text) or ("c", 0, text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        if not self.in_article:
            return
        if tag in ("pre", "script", "style"):
            self.hidden += 1
        m = HEADING.fullmatch(tag)
        if m:
            self.in_heading = int(m.group(1))
            self.outline.append(("h", self.in_heading, ""))
        elif tag in CONTENT_TAGS:
            self.outline.append(("c", 0, f"<{tag}>"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if tag in ("pre", "script", "style") and self.hidden:
            self.hidden -= 1
        if HEADING.fullmatch(tag):
            self.in_heading = 0

    def handle_data(self, data: str) -> None:
        if not self.in_article:
            return
        if not self.hidden:
            self.text.append(data)
        if self.in_heading and self.outline and self.outline[-1][0] == "h":
            kind, level, text = self.outline[-1]
            self.outline[-1] = (kind, level, text + data)
        elif data.strip() and data.strip() != "¶":
            self.outline.append(("c", 0, data.strip()))


@functools.cache  # the built site does not change during a run: each page is parsed once for every test that reads it
def read(path: Path) -> Reader:
    reader = Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader


def literals(text: str) -> list[str]:
    found = []
    for pattern, what in LITERALS:
        for m in pattern.finditer(text):
            found.append(f"{what}: …{text[max(0, m.start() - 40):m.end() + 30]}…".replace("\n", " "))
    return found


def empty_sections(outline: list[tuple[str, int, str]]) -> list[str]:
    """Headings followed directly by a heading of the same or a higher level (or by the end of the page), and
    lead-ins ending in a colon followed by nothing but a heading."""
    found = []
    for i, (kind, level, text) in enumerate(outline):
        after = outline[i + 1] if i + 1 < len(outline) else None
        if kind == "h" and (after is None or (after[0] == "h" and after[1] <= level)):
            found.append(f"h{level} {text.strip().rstrip('¶')!r} has nothing under it")
        if kind == "c" and text.endswith(":") and (after is None or after[0] == "h"):
            found.append(f"{text[-60:]!r} introduces nothing")
    return found


def pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if "search" not in p.parts)


def test_the_reader_checks_catch_what_they_are_for():
    assert len(literals("partnerships = [['A', 'B'], ['C', 'D']]")) >= 1
    assert literals('{"distributor": "partner", "each": 1}') and literals("{4: 400}") and literals('["fi", "en"]')
    assert literals("a game at None below the line") and literals("grand slam: True")
    assert literals("game_bonus: 200 * game number") and literals("kind == 'trump'") and not literals("200 × n")
    assert literals("The bid ['N bid 8S'] is bad") and not literals("'N bid 8S': levels go from 1 to 7")
    assert not literals("North–South [below the line] {#anchor}: no: Nonesuch, Truely")
    outline = [("h", 2, "A"), ("h", 2, "B"), ("c", 0, "text"), ("h", 3, "C"), ("c", 0, "Its phases:"),
               ("h", 3, "D")]
    assert empty_sections(outline) == ["h2 'A' has nothing under it", "'Its phases:' introduces nothing",
                                       "h3 'D' has nothing under it"]


def test_no_page_shows_a_literal_or_an_empty_section(built_book):
    problems = []
    for path in pages(built_book.site):
        reader = read(path)
        rel = path.relative_to(built_book.site).as_posix()
        problems += [f"{rel}: {p}" for p in literals("".join(reader.text))]
        problems += [f"{rel}: {p}" for p in empty_sections(reader.outline)]
    assert problems == [], "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def test_every_page_title_is_distinct_and_era_pages_name_their_era(built_book):
    titles = {}
    for path in pages(built_book.site):
        m = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S)
        assert m, path
        titles[path.relative_to(built_book.site).as_posix()] = m.group(1).strip()
    repeated = [t for t, n in Counter(titles.values()).items() if n > 1]
    assert repeated == []
    for rid in available_rulesets():
        era = rid.rsplit("-", 1)[-1]
        era_titles = {rel: t for rel, t in titles.items() if f"/{rid}/" in f"/{rel}"}
        assert len(era_titles) >= 3, era_titles
        assert all(era in t for t in era_titles.values()), era_titles


@pytest.mark.parametrize("rid", available_rulesets())
def test_era_pages_read_rule_values_as_words(built_book, rid):
    text = "".join(read(built_book.site / "rules" / rid / "index.html").text)
    assert "mechanism" not in text and "Scheme none" not in text
    assert "To: declarer-against-each" not in text and 'kind = "misere"' not in text
