"""The glossary both ways (Finnish -> English, English -> Finnish), the language named only where it is not
Finnish, every term with a source or the sources of the rules using it, and English terms explained at first use."""

from __future__ import annotations

import re

from skruuvi.book import era_page, glossary_page
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml

GLOSSARY = {"terms": [
    {"term": "valtti", "language": "fi", "meaning": "trump, the suit that beats the others"},
    {"term": "skruf", "language": "sv", "meaning": "screw (the Swedish name)", "source": ["S002"]},
    {"term": "maalattu misääri", "english": ["painted misère"], "language": "fi",
     "meaning": "the misère bid in an auction", "source": ["S001"]},
]}
SOURCES = {"S001": {}, "S002": {}}


def test_no_language_column_the_language_is_named_where_it_is_not_finnish():
    page = glossary_page(GLOSSARY, SOURCES, [])
    assert "| Term | Meaning | Sources |" in page and "Language" not in page
    assert "*skruf* · Swedish" in page and "*valtti* · " not in page


def test_english_to_finnish_lists_each_headword_and_the_english_words_of_the_rules():
    page = glossary_page(GLOSSARY, SOURCES, [])
    back = page.split("{#english}")[1]
    assert "| trump | [*valtti*](#valtti) |" in back
    assert "| painted misère | [*maalattu misääri*](#maalattu-misaari) |" in back
    assert back.index("| painted") < back.index("| screw") < back.index("| trump")


def test_a_term_without_sources_shows_those_of_the_rules_that_use_it():
    rs = get_ruleset("skruuvi-2016")
    rule = next(r for r in rs.rules.values() if "valtti" in str(r.raw.get("fi") or "").split(", ")
                or str(r.raw.get("fi")) == "valtti")
    row = next(line for line in glossary_page(GLOSSARY, SOURCES, [rs]).splitlines() if "*valtti*" in line[:60])
    assert "in the rules citing" in row and all(k in row for k in rule.source)
    lone = {"terms": [{"term": "sana", "meaning": "a word"}]}
    assert "no source given yet" in glossary_page(lone, SOURCES, [rs])


def test_every_term_of_the_real_glossary_has_a_source_or_a_rule_that_cites_one():
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    page = glossary_page(glossary, load_yaml(spec_dir() / "sources.yaml"),
                         [get_ruleset(r) for r in available_rulesets()])
    rows = [line for line in page.split("{#english}")[0].splitlines() if line.startswith('| <a id="')]
    assert len(rows) == len(glossary["terms"])
    unsourced = [line.split("</a>")[1].split(" |")[0] for line in rows if line.endswith("| no source given yet |")]
    assert unsourced == [], unsourced  # the issue counted four; a term no source uses is not in the glossary


def test_painted_misere_is_explained_where_the_rules_first_use_it():
    rs = get_ruleset("skruuvi-2016")
    page = era_page(rs, glossary=load_yaml(spec_dir() / "glossary.yaml"))
    first = page.lower().index("painted misère")
    explained = page.index("*Painted misère* ([*maalattu misääri*]")
    assert page.count("*Painted misère* ([*maalattu misääri*]") == 1
    assert first < explained and "{#" not in page[first:explained]  # right under the rule that first uses it


def _one_letter_lines(page: str) -> list[str]:
    """Lines of a rendered page that explain or list a glossary word of one letter: ``*S* ([*kirjanpitäjä*]…`` under
    a rule, or ``| S | [*kirjanpitäjä*]…`` in the English-to-Finnish table."""
    explained = re.compile(r"^\*(.)\* \(\[\*")
    listed = re.compile(r"^\| (.) \| \[\*")
    return [line for line in page.splitlines() if explained.match(line) or listed.match(line)]


def test_the_one_letter_check_finds_what_it_is_for():
    broken = {"terms": [{"term": "kirjanpitäjä", "english": "scorekeeper", "language": "fi", "meaning": "x"}]}
    assert len(_one_letter_lines(glossary_page(broken, SOURCES, []))) >= 5


def test_no_page_shows_a_glossary_word_of_one_letter():
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    pages = {rid: era_page(get_ruleset(rid), glossary=glossary) for rid in available_rulesets()}
    pages["glossary"] = glossary_page(glossary, load_yaml(spec_dir() / "sources.yaml"),
                                      [get_ruleset(r) for r in available_rulesets()])
    found = {name: _one_letter_lines(page) for name, page in pages.items()}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_every_glossary_term_and_english_word_is_more_than_one_letter():
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    words = [w for t in glossary["terms"] for w in [t["term"], *t.get("forms", []), *t.get("english", [])]]
    assert [w for w in words if len(str(w).strip()) <= 1] == []


def test_the_glossary_matches_its_schema_and_the_schema_refuses_a_string_for_english():
    from skruuvi.rules import schemas
    from skruuvi.rules.errors import InputError

    glossary = load_yaml(spec_dir() / "glossary.yaml")
    schemas.check(glossary, "glossary", file="glossary.yaml")
    term = {"term": "kirjanpitäjä", "language": "fi", "meaning": "the scorekeeper", "meaning_fi": "pisteiden kirjaaja"}
    for bad in ({**term, "english": "scorekeeper"}, {**term, "english": ["S"]}, {**term, "term": "S"},
                {key: v for key, v in term.items() if key != "meaning_fi"}):
        try:
            schemas.check({"terms": [bad]}, "glossary", file="glossary.yaml")
        except InputError as exc:
            assert exc.file == "glossary.yaml" and exc.path.startswith("/terms/0"), exc
        else:
            raise AssertionError(f"the schema accepts {bad}")
