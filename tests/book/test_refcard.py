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
        found = [block.find(f"**{lab[:1].upper()}{lab[1:]} (") for lab in labels]
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


@pytest.mark.parametrize("rid", available_rulesets())
def test_the_whole_score_is_on_the_card(rid: str) -> None:
    raw = _raw(rid)
    page = refcard_page(get_ruleset(rid))
    score = page.split("## The score")[1]
    dealt, reached = _played(raw)
    schemes = {raw["forms"][n].get("scoring") for n in [*dealt, *reached]}
    entries = [e for name, es in raw["scoring"]["schemes"].items() if name in schemes for e in es or []]
    assert entries
    for entry in entries:  # every scoring rule of the forms played, by its title
        assert f"**{entry['title']}**" in score, entry["id"]
    used = " ".join(str(e.get("points")) + " " + str(e.get("when")) for e in entries)
    for table in raw["scoring"]["tables"]:
        if re.search(rf"\b{table['name']}\b", used):
            assert f"**{table['title']}**" in score, table["id"]
            got = Counter(int(n) for n in NUMBER.findall(score.split(f"**{table['title']}**")[1].split("</div>")[0]))
            assert not Counter(_numbers(table["value"])) - got, table["id"]  # every figure of the table
    match = raw.get("match") or {}
    threshold = _param(match, "game_threshold")
    if threshold is not None:
        assert f"A game is won at {threshold} below the line." in score


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
    for term in ("Pelin kulku", "Pistelasku", "jakaja"):
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
    assert "may knock" in english and "may double" not in english and "A knock ×2" in english
