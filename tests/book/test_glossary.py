"""The glossary both ways (Finnish -> English, English -> Finnish), the language named only where it is not
Finnish, every term with a source or the sources of the rules using it, and English terms explained at first use."""

from __future__ import annotations

import re

from skruuvi.book import era_page, glossary_page, sources_page
from skruuvi.book.glossary import english_words, glossary_faults, normal, rule_sources, term_sources
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml

GLOSSARY = {"terms": [
    {"term": "valtti", "english": ["trump suit"], "language": "fi", "meaning": "trump, the suit that beats the others"},
    {"term": "skruf", "english": ["screw"], "language": "sv", "meaning": "screw (the Swedish name)",
     "source": ["S002"]},
    {"term": "maalattu misääri", "english": ["painted misère"], "language": "fi",
     "meaning": "the misère bid in an auction", "source": ["S001"]},
    {"term": "jako", "forms": ["jakaja"], "english": ["deal", {"word": "dealer", "fi": "jakaja"}], "language": "fi",
     "meaning": "the deal", "meaning_fi": "jako", "source": ["S001"]},
]}
SOURCES = {"S001": {}, "S002": {}}
SOURCE_KEY = re.compile(r"\b(?:S\d{3}|[A-Z]{2,4})\b")


def _glossary() -> dict:
    return load_yaml(spec_dir() / "glossary.yaml")


def test_no_language_column_the_language_is_named_where_it_is_not_finnish():
    page = glossary_page(GLOSSARY)
    assert "| Term | Meaning |\n" in page and "Language" not in page
    assert "*skruf* · Swedish" in page and "*valtti* · " not in page


def test_english_to_finnish_lists_each_english_word_with_the_finnish_word_it_stands_for():
    back = glossary_page(GLOSSARY).split("{#english}")[1]
    assert "| the misère bid in an auction |" not in back  # the term's own English words stand for it
    assert "| trump suit | [*valtti*](#valtti) |" in back
    assert "| painted misère | [*maalattu misääri*](#maalattu-misaari) |" in back
    assert "| dealer | [*jakaja*](#jako) |" in back and "| deal | [*jako*](#jako) |" in back  # a form's word: the form
    assert back.index("| painted") < back.index("| screw") < back.index("| trump")


def test_the_finnish_glossary_gives_each_terms_english_words_once():
    page = glossary_page(GLOSSARY, "fi")
    row = next(line for line in page.splitlines() if 'id="jako"' in line)
    assert row.endswith("| deal, dealer |"), row
    assert "{#english}" not in page and "| Sana | Selitys | Englanniksi |" in page


def test_the_glossary_pages_show_no_source_keys_the_bibliography_lists_each_sources_words():
    """A player cannot read S000 or KPO: the glossary (both editions) shows none; each source's entry in the
    bibliography lists the glossary words it gives, its own or through the rules that use the word."""
    glossary, sources = _glossary(), load_yaml(spec_dir() / "sources.yaml")
    rulesets = [get_ruleset(r) for r in available_rulesets()]
    for lang in ("en", "fi"):
        text = re.sub(r"<[^>]+>|\([^)]*\.md[^)]*\)", "", glossary_page(glossary, lang))
        keys = [k for k in SOURCE_KEY.findall(text) if k in sources]
        assert keys == [], (lang, keys)
        assert "| Lähteet |" not in text and "| Sources |" not in text
    bibliography = sources_page(sources, rulesets, glossary)
    s000 = bibliography.split("{#S000}")[1].split("\n### ")[0]
    assert "**Words of the glossary it gives:**" in s000 and "[*koputus*](glossary.md#koputus)" in s000
    # valtti has no source of its own: the sources of the rules that name it give it
    valtti = next(t for t in glossary["terms"] if t["term"] == "valtti")
    bare = {k: v for k, v in valtti.items() if k != "source"}
    keys, own = term_sources(bare, rule_sources(rulesets))
    assert not own and keys
    bibliography = sources_page(sources, rulesets, {"terms": [bare]})
    assert all("#valtti)" in bibliography.split(f"{{#{k}}}")[1].split("\n### ")[0] for k in keys)


def test_every_term_of_the_real_glossary_has_a_source_or_a_rule_that_cites_one():
    by_rule = rule_sources([get_ruleset(r) for r in available_rulesets()])
    unsourced = [t["term"] for t in _glossary()["terms"] if not term_sources(t, by_rule)[0]]
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
    assert len(_one_letter_lines(glossary_page(broken))) >= 5


def test_no_page_shows_a_glossary_word_of_one_letter():
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    pages = {rid: era_page(get_ruleset(rid), glossary=glossary) for rid in available_rulesets()}
    pages["glossary"] = glossary_page(glossary)
    pages["sanasto"] = glossary_page(glossary, "fi")
    found = {name: _one_letter_lines(page) for name, page in pages.items()}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_every_glossary_term_and_english_word_is_more_than_one_letter():
    glossary = load_yaml(spec_dir() / "glossary.yaml")
    words = [w for t in glossary["terms"] for w in [t["term"], *t.get("forms", []),
                                                    *(w for pair in english_words(t) for w in pair)]]
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


def _italic_terms(text: str) -> set[str]:
    """The words a page sets in italics (the book's Finnish terms), lower case, links and markup aside."""
    text = re.sub(r"</?[a-zA-Z][^>]*>", "", text)
    return {w.lower() for w in re.findall(r"(?<![*\w])\*([^*\n]+?)\*(?!\*)", text)}


def test_every_finnish_term_of_a_player_chapter_or_card_is_in_the_glossary():
    """A reader who meets a Finnish word in a chapter or on a card finds it in the glossary: every term the English
    player pages set in italics, and every Finnish term of the Finnish pages in its dictionary form (the inflected
    forms the Finnish chapters use are those of the glossary's words: *kotkassa* is *kotka*)."""
    from skruuvi.book.learn import learn_page
    from skruuvi.book.player_words import FORMS_FI
    from skruuvi.book.refcard import refcard_page

    terms = load_yaml(spec_dir() / "glossary.yaml")["terms"]
    known = {w.lower() for t in terms for w in [t["term"], *(t.get("forms") or []),
                                                 *(w for pair in english_words(t) for w in pair)]}
    inflected = {form: word for word, forms in FORMS_FI.items() for form in forms.values()}
    inflected |= {"ostoskruuvissa": "ostoskruuvi", "pakettiskruuvissa": "pakettiskruuvi", "etumiehestä": "etumies",
                  "pelierässä": "pelierä"}
    missing = {}
    for rid in available_rulesets():
        rs = get_ruleset(rid)
        for lang in ("en", "fi"):
            pages = learn_page(rs, lang, []).split("{#examples}")[0] + refcard_page(rs, lang)
            found = {inflected.get(w, w) for w in _italic_terms(pages)} - {"suomeksi:", "in english:"}
            if lang == "en":
                found -= {"misère"}  # the English word itself, explained where the chapter first uses it
            gaps = sorted(w for w in found if w not in known)
            if gaps:
                missing[(rid, lang)] = gaps
    assert missing == {}


# --- junk the English-to-Finnish list and the Finnish column must never show --------------------------------------

def _term(**fields) -> dict:
    return {"term": "sana", "language": "fi", "english": ["word"], "meaning": "a word", "meaning_fi": "sana",
            **fields}


def test_the_real_glossary_has_no_junk():
    assert glossary_faults(_glossary()) == []


def test_a_definition_where_an_english_word_belongs_is_a_fault():
    for junk in ("in bidding", "in this book", "a game form of one player against three",
                 "when all four players pass in the first round"):
        faults = glossary_faults({"terms": [_term(english=[junk])]})
        assert any("is a definition" in f for f in faults), junk


def test_one_english_word_twice_after_normalising_is_a_fault():
    """Across terms the same word (case, article, -ing, plural -s aside); within one term a word and the same
    word with a tail as well."""
    assert normal("Following suit") == normal("follow suit") and normal("the defenders") == normal("defender")
    pairs = [(["follow suit"], ["following suit"]), (["scorekeeper"], ["the scorekeeper"]),
             (["defender"], ["Defenders"])]
    for first, second in pairs:
        faults = glossary_faults({"terms": [_term(english=first), _term(term="toinen", english=second)]})
        assert any("repeats" in f for f in faults), (first, second)
    for words in (["the cut", "the cut of the pack"], ["scorekeeper", "the scorekeeper"]):
        assert any("repeats" in f for f in glossary_faults({"terms": [_term(english=words)]})), words
    distinct = {"terms": [_term(english=["trick"]), _term(term="trikki", english=["trick above six"]),
                          _term(term="jako", forms=["jakaja"], english=["deal", {"word": "dealer", "fi": "jakaja"}])]}
    assert glossary_faults(distinct) == []


def test_a_bracket_or_quotation_mark_left_open_is_a_fault():
    for field, text in (("meaning", 'the misère played when all pass ("pass misère"'),
                        ("note_fi", "lähteet (S001 ja S002"), ("meaning", "a word)")):
        faults = glossary_faults({"terms": [_term(**{field: text})]})
        assert any("open" in f and field in f for f in faults), (field, text)
    assert any("open" in f for f in glossary_faults({"terms": [_term(english=['("pass misère"'])]}))


def test_an_english_word_for_a_form_the_term_lacks_is_a_fault():
    faults = glossary_faults({"terms": [_term(english=[{"word": "dealer", "fi": "jakaja"}])]})
    assert any("not the term or one of its forms" in f for f in faults)


def test_the_build_refuses_a_junk_glossary_in_one_line(tmp_path):
    import shutil

    from skruuvi.book.site import build_pages
    from skruuvi.rules.errors import SkruuviError

    root = tmp_path / "repo"
    shutil.copytree(spec_dir(), root / "spec")
    glossary = _glossary()
    glossary["terms"][0]["english"] = [*glossary["terms"][0]["english"], "in bidding"]
    import yaml

    (root / "spec" / "glossary.yaml").write_text(yaml.safe_dump(glossary, allow_unicode=True), encoding="utf-8")
    try:
        build_pages(root, "fi")
    except SkruuviError as exc:
        assert str(exc).startswith("spec/glossary.yaml: ") and "'in bidding' is a definition" in str(exc)
        assert "\n" not in str(exc)
    else:
        raise AssertionError("the build took a glossary with a definition for an English word")


def test_a_rule_page_explains_an_english_word_with_the_finnish_word_it_stands_for():
    """'dealer' stands for *jakaja*, a form of *jako*: the rule page shows *jakaja*, linked to *jako*'s entry."""
    page = era_page(get_ruleset("skruuvi-1944"), glossary=_glossary())
    assert "*Dealer* ([*jakaja*](../reference/glossary.md#jako))" in page
    assert "*Counter-knock* ([*vastakoputus*](../reference/glossary.md#koputus))" in page
