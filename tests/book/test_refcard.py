"""The reference card of each era (skruuvi.book.refcard): read from the ruleset, the same in English and Finnish.

The expectations are read off the ruleset files themselves (their forms, phases, strain orders, tables and scoring
rules), and the Finnish card is held to the English one number by number. The browser test
(test_refcard_browser.py) prints the cards to PDF.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from test_book_reader import literals

from skruuvi.book.learn import learn_page
from skruuvi.book.refcard import CARD_WORDS, missing_words, refcard_page
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import available_rulesets, get_ruleset
from skruuvi.rules.yamlio import load_yaml

NUMBER = re.compile(r"\d+")


def _raw(rid: str) -> Mapping[str, Any]:
    return load_yaml(spec_dir() / "rulesets" / f"{rid}.yaml")


def _numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, Mapping):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


def _played(raw: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The forms dealt with phases, and the forms their auctions turn an all-pass deal into (by default)."""
    forms = raw["forms"]
    dealt = [n for n, f in forms.items() if f.get("phases") and (f.get("hand_size") or _param(f, "hand_size"))]
    reached = []
    for name in dealt:
        for pid in forms[name]["phases"]:
            target = _phase_param(raw, pid, "all_pass_form")
            if target in forms and forms[target].get("phases") and target not in reached:
                reached.append(target)
    return dealt, reached


def _param(spec: Mapping[str, Any], param: str) -> Any:
    return next((r.get("value") for r in spec.get("rules") or [] if r.get("param") == param), None)


def _phase_param(raw: Mapping[str, Any], pid: str, param: str) -> Any:
    seen = set()
    while pid and pid not in seen:
        seen.add(pid)
        spec = raw["phases"].get(pid) or {}
        value = _param(spec, param)
        if value is not None:
            return value
        pid = spec.get("extends")
    return None


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_card_lists_every_phase_of_the_forms_played_in_order(rid: str) -> None:
    raw = _raw(rid)
    page = refcard_page(get_ruleset(rid))
    dealt, reached = _played(raw)
    assert dealt, rid
    for name in [*dealt, *reached]:
        fi = raw["forms"][name]["label"]["fi"]
        block = page.split(f"***{fi}*")[1].split("\n\n***")[0]
        labels = [raw["phases"][p]["label"]["en"] for p in raw["forms"][name]["phases"]]
        found = [block.find(f"**{lab[:1].upper()}{lab[1:]}**") for lab in labels]
        assert all(i >= 0 for i in found) and found == sorted(found), (name, labels)
    not_played = [n for n, f in raw["forms"].items() if f.get("phases") and n not in dealt and n not in reached]
    for name in not_played:  # e.g. 1895's passimisääri, played only under another reading
        assert f"***{raw['forms'][name]['label']['fi']}*" not in page


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_ranking_follows_each_forms_strain_order(rid: str) -> None:
    raw = _raw(rid)
    page = refcard_page(get_ruleset(rid))
    shown = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "G": "grandi", "M": "misère"}
    ranking = page.split("## Ranking of the bids")[1].split("\n## ")[0]
    for name in _played(raw)[0]:
        order = _param(raw["forms"][name], "strain_order")
        line = next(x for x in ranking.splitlines() if x.startswith(f"- *{raw['forms'][name]['label']['fi']}*"))
        text = re.sub(r"</?span[^>]*>", "", line.split(": ", 1)[1])
        assert text.split(" < ") == [shown[s] for s in order], (name, text)


def _strip_links(text: str) -> str:
    """Markdown without its source links, its sentences about the sources (the card names no sources) and its
    links (a link's text kept), and without heading anchors."""
    text = re.sub(r'\u00a0<span class="sk-srcs">.*?</span>', "", text)
    text = re.sub(r' <span class="sk-about-sources">.*?</span>', "", text)
    text = re.sub(r"<a [^>]*>(.*?)</a>", r"\1", text)
    text = re.sub(r"\[([^\]]+)\]\(#[\w-]+\)", r"\1", text)
    return re.sub(r"\s*\{#[^}]*\}", "", text)


def _section(page: str, anchor: str) -> str:
    """The text of one ``## ... {#anchor}`` section of a page, up to the next ``## `` heading."""
    head = re.search(rf"^## .*\{{#{anchor}\}}$", page, re.M)
    assert head, anchor
    rest = page[head.end():]
    nxt = re.search(r"^## ", rest, re.M)
    return rest[:nxt.start()] if nxt else rest.split("</div>")[0]


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_the_card_scores_as_its_chapter_does(rid: str, lang: str) -> None:
    """The card's score and whole game are the chapter's sections, word for word and number for number (the
    chapter's § links aside): the card cannot say a different score from the chapter."""
    rs = get_ruleset(rid)
    card, chapter = refcard_page(rs, lang), learn_page(rs, lang, [])
    for anchor in ("score", "whole-game"):
        on_card = _strip_links(_section(card, anchor)).split("</div>")[0].strip()
        in_chapter = _strip_links(_section(chapter, anchor)).strip()
        assert on_card == in_chapter, (rid, lang, anchor)
        assert NUMBER.findall(on_card), (rid, anchor)
    assert "sk-about-sources" not in card


@pytest.mark.parametrize("rid", available_rulesets())
def test_every_number_of_the_order_of_play_is_the_chapter_s(rid: str) -> None:
    """Hand sizes, centre cards, the levels that bound the auctions, the passes that end them, the level that bans
    the defenders' exchange and each form's ranking of the strains: whatever the card's order of play and ranking
    state, the chapter states too (a number on the card the chapter never says is a contradiction waiting)."""
    rs = get_ruleset(rid)
    for lang in sorted(CARD_WORDS):
        card, chapter = refcard_page(rs, lang), learn_page(rs, lang, [])
        told = set(NUMBER.findall(_strip_links(chapter.split("{#examples}")[0])))
        for anchor in ("order", "ranking"):
            stated = set(NUMBER.findall(_strip_links(_section(card, anchor))))
            assert stated and stated <= told, (rid, lang, anchor, stated - told)
        for line in _section(card, "ranking").splitlines():
            if line.startswith("- *"):
                scale = line.split(": ", 1)[1]
                assert f"| {scale} |" in chapter or scale in chapter, (rid, lang, scale)


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_whole_score_is_on_the_card(rid: str) -> None:
    """Every figure of every scoring table the era's forms use is on the card, and none of the interpreter's
    notation (no variable names, no formulas written as code, no "unsourced" marks)."""
    raw = _raw(rid)
    page = refcard_page(get_ruleset(rid))
    score = page.split("{#score}")[1]
    dealt, reached = _played(raw)
    schemes = {raw["forms"][n].get("scoring") for n in [*dealt, *reached]}
    entries = [e for name, es in raw["scoring"]["schemes"].items() if name in schemes for e in es or []]
    assert entries
    used = " ".join(str(e.get("points")) + " " + str(e.get("when")) for e in entries)
    got = Counter(int(n) for n in NUMBER.findall(score))
    for table in raw["scoring"]["tables"]:
        if re.search(rf"\b{table['name']}\b", used):
            figures = {n for n in _numbers(table["value"]) if n > 1}  # 1 and 0 are said in words ("a point")
            assert not figures - set(got), (table["id"], figures - set(got))
    for word in ("UNSOURCED", "unsourced", "own_tricks", "kind =", "kind ≠", "when made", "(level)", "is_main"):
        assert word not in page, word
    assert "On the score sheet" in score  # the score as a player keeps it: who writes what
    match = raw.get("match") or {}
    threshold = _param(match, "game_threshold")
    if threshold is not None:
        assert f"points below the line reach {threshold} wins a game" in score


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_finnish_card_has_the_same_numbers_and_a_word_for_everything(rid: str) -> None:
    rs = get_ruleset(rid)
    english, finnish = refcard_page(rs, "en"), refcard_page(rs, "fi")
    assert missing_words(rs, "fi") == [] and missing_words(rs, "en") == []
    # the same figures wherever the card writes them from the rules' data; the English card also titles the tables
    # and scoring rules with the ruleset's own (English) titles, which may name a figure worked out ("scores 1000")
    titles = re.compile(r"^(?:- )?\*\*[^*]+\*\*", re.M)  # a scoring rule's or a table's title, at a line's start
    assert sorted(NUMBER.findall(titles.sub("", finnish))) == sorted(NUMBER.findall(titles.sub("", english)))
    for line in ("^- ", "^\\d+\\. ", "^\\| ", "^<div"):  # the same scoring rules, phases, table rows and tables
        assert len(re.findall(line, finnish, re.M)) == len(re.findall(line, english, re.M)), line
    assert finnish.startswith(f"# {CARD_WORDS['fi']['title'].format(era=rs.era)}")
    for english_word in ("Order of play", "Ranking of the bids", "The score", " the dealer ", " to the main pair",
                         "when made", "doubling multiplies"):
        assert english_word not in finnish
    for term in ("Pelin vaiheet", "Pisteet", "jakaja"):
        assert term in finnish
    assert len(re.findall(r"^#+ ", finnish, re.M)) == len(re.findall(r"^#+ ", english, re.M))


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_the_card_reads_as_words(rid: str, lang: str) -> None:
    rs = get_ruleset(rid)
    page = refcard_page(rs, lang)
    text = re.sub(r"\{#[^}]*\}", "", page)
    assert literals(text) == []
    ids = [r for r in rs.rules if re.search(rf"(?<![\w.-]){re.escape(r)}(?![\w-])", text)]
    assert ids == [] and "_" not in re.sub(r"<[^>]+>", "", text)
    assert set(CARD_WORDS[lang]) == set(CARD_WORDS["en"])  # every language says every part of the card


def test_each_card_says_its_eras_own_words() -> None:
    """The 1940s source knocks (*koputus*, *vastakoputus*) and calls the centre cards *pöytäkortit*; the 2016 sources
    double (*kahdennus*, *kolmennus*) and say *keskikortit* (seeds 000, 001, 002): each card in its era's words."""
    old, new = refcard_page(get_ruleset("skruuvi-1944"), "fi"), refcard_page(get_ruleset("skruuvi-2016"), "fi")
    assert "voi koputtaa" in old and "vastakoputtaa" in old and "pöytäkortit" in old
    assert "kahdent" not in old and "kolment" not in old and "keskikort" not in old
    assert "voi kahdentaa" in new and "keskikortit" in new and "koput" not in new and "pöytäkort" not in new
    english = refcard_page(get_ruleset("skruuvi-1944"), "en")
    assert "may knock" in english and "may double" not in english and "counter-knock by 4" in english


# --- what the reader found on the cards (issue 29): each form's block says what happens in that form ---------------

def _form_blocks(page: str, lang: str) -> dict[str, str]:
    """The order of play's block of each form, by the form's Finnish label (the block's bold heading)."""
    order = page.split("{#order}")[1].split("{#ranking}")[0]
    blocks = re.split(r"^\*\*\*([^*]+)\*", order, flags=re.M)
    return {name: text for name, text in zip(blocks[1::2], blocks[2::2], strict=True)}


def _label(raw: Mapping[str, Any], form: str) -> str:
    return str(((raw["forms"][form].get("label") or {}).get("fi")) or form)


SUITS = {"S", "H", "D", "C"}
TRUMP_WORDS = {"en": "highest trump", "fi": "korkein valtti"}
NO_TRUMP_WORDS = {"en": "there are no trumps", "fi": "valttia ei ole"}


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_a_form_without_trumps_is_not_told_that_the_highest_trump_wins(rid: str, lang: str) -> None:
    """A form whose strains include no suit (a passimisääri has none, a bolsevikki only misère) is played without
    trumps: its play line says so and speaks of no trump; a form with a trump suit keeps the trump."""
    raw = _raw(rid)
    dealt, reached = _played(raw)
    blocks = _form_blocks(refcard_page(get_ruleset(rid), lang), lang)
    for form in [*dealt, *reached]:
        block = blocks[_label(raw, form)]
        last = [line for line in block.splitlines() if line.strip()][-1]
        if re.search(r"\*\*(?:Play|Pelaaminen|Pelin kulku)\*\*: (?:as in|kuten) ", last):
            continue  # its play is "as in" a form above, told there
        trumps = bool(SUITS & set(_param(raw["forms"][form], "strain_order") or []))
        assert (TRUMP_WORDS[lang] in block) == trumps, (form, block)
        assert (NO_TRUMP_WORDS[lang] in block) == (not trumps), (form, block)


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_a_defenders_exchange_that_can_never_happen_is_not_offered(rid: str, lang: str) -> None:
    """The defenders' exchange is banned from a level; a form whose every bid is at that level or higher (a kotka:
    bids from 6, the ban from 6) never has one, and its card says never instead of "may give"."""
    raw, rs = _raw(rid), get_ruleset(rid)
    blocks = _form_blocks(refcard_page(rs, lang), lang)
    may = {"en": "may give his partner one card", "fi": "voi antaa paritoverilleen yhden kortin"}[lang]
    never = {"en": "never", "fi": "ei koskaan"}[lang]
    checked = 0
    for form in _played(raw)[0]:
        spec = rs.forms[form]
        exchange = next((ph for ph in spec.phases if ph.mechanism == "defenders_exchange"), None)
        if exchange is None:
            continue
        ban = exchange.params.get("banned_if_main_first_bid_at_least")
        lowest = min(int(ph.params.get("min_level") or 1) for ph in spec.phases if ph.mechanism == "auction")
        block = blocks[_label(raw, form)]
        line = next(li for li in block.splitlines() if li.startswith("4.") or may in li or never in li)
        if ban and lowest >= int(ban):
            assert may not in block and f"{never}:" in line, (form, block)
            checked += 1
        else:
            assert may in block, (form, block)
    assert checked == (1 if any(f == "kotka" for f in _played(raw)[0]) else 0)


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_the_all_pass_exchange_is_a_swap_of_both_pairs(rid: str, lang: str) -> None:
    raw = _raw(rid)
    blocks = _form_blocks(refcard_page(get_ruleset(rid), lang), lang)
    for form in _played(raw)[1]:
        if any(_phase_param(raw, pid, "givers") for pid in raw["forms"][form]["phases"]):
            both = {"en": "both pairs swap one card", "fi": "kumpikin pari vaihtaa yhden kortin"}[lang]
            assert both in blocks[_label(raw, form)], form


LEFTOVERS = [
    (re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twice|double)\s+\d+\b", re.I),
     "a number word followed by a figure"),
    (re.compile(r"≠|[^\W\d]\s*=|=\s*[^\W\d]|\bkind\b|\blaji\b"), "a formula's sign or variable"),
    (re.compile(r"\bno trump\b(?!s)|\bodd trick\b|\btable cards\b", re.I), "a word the book does not define"),
    (re.compile(r"×\s*\d+\s+(?:doubled|redoubled)"), "a formula of doubling"),
    (re.compile(r"\|\s*(\d+)\s*\|\s*\1\s*\|"), "a table header repeating a figure"),
]


def test_the_leftovers_check_finds_what_it_is_for() -> None:
    text = ("Each further undertrick costs five 5. points(kind, level) when kind = misère. 25 at no trump; "
            "×2 doubled. | 3 | 3 | 4 |")
    assert {what for pattern, what in LEFTOVERS if pattern.search(text)} == {what for _, what in LEFTOVERS}


@pytest.mark.parametrize("lang", sorted(CARD_WORDS))
@pytest.mark.parametrize("rid", available_rulesets())
def test_no_card_carries_leftover_figures_formulas_or_undefined_words(rid: str, lang: str) -> None:
    text = re.sub(r"\{#[^}]*\}|<[^>]+>|\]\([^)]*\)", "", refcard_page(get_ruleset(rid), lang))
    found = [f"{what}: …{text[max(0, m.start() - 30):m.end() + 30]}…" for pattern, what in LEFTOVERS
             for m in pattern.finditer(text)]
    assert found == []
