"""Ten rule questions a whist player who does not know Skruuvi asks, and where the player pages answer them, in
English and in Finnish: for each question, the chapter section that answers it and the words of the answer, with
the numbers read from the ruleset (so a changed rule that the prose did not follow fails here). The 2016 and the
1944 game are asked; the answers must be on the learn chapter (rules part) of each language, and the numbers on the
era's reference card too."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from skruuvi.book.learn import learn_page
from skruuvi.book.refcard import refcard_page
from skruuvi.rules.ruleset import Ruleset, get_ruleset


def _hand(rs: Ruleset, form: str) -> int:
    return int(rs.forms[form].params["hand_size"])


def _centre(rs: Ruleset) -> int:
    return int(rs.forms["alkupeli"].params["centre_cards"])


def _passes(rs: Ruleset) -> int:
    return int(next(p for p in rs.forms["alkupeli"].phases if p.mechanism == "auction").params["end_after_passes"])


def _multipliers(rs: Ruleset) -> list[int]:
    return list(rs.scoring_params["multipliers"])


def _table(rs: Ruleset, name: str) -> Any:
    return next(t["value"] for t in rs.raw["scoring"]["tables"] if t["name"] == name)


# question -> (section anchor, a function of the ruleset giving the English and the Finnish words of the answer)
QUESTIONS: dict[str, tuple[str, Callable[[Ruleset], tuple[list[str], list[str]]]]] = {
    "How many cards does each player get?": ("deal", lambda rs: (
        [f"each player gets {_hand(rs, 'alkupeli')} cards and {_centre(rs)} go face down",
         f"each player gets {_hand(rs, 'kotka')} cards and there are no centre cards"],
        [f"kukin saa {_hand(rs, 'alkupeli')} korttia, ja {_centre(rs)} korttia jää",
         f"kukin saa {_hand(rs, 'kotka')} korttia, eikä"])),
    "Who speaks first in the auction?": ("first-auction", lambda rs: (
        ["The dealer speaks first, then each player in turn, clockwise"],
        ["Jakaja tarjoaa ensin, sitten kukin vuorollaan myötäpäivään"])),
    "What does a bid promise?": ("first-auction", lambda rs: (
        ["5♦ promises at least 11 of the 13 tricks", "5 misère promises to take at most 2 tricks"],
        ["5♦ lupaa vähintään 11 tikkiä 13:sta", "5 misääriä lupaa ottaa enintään 2 tikkiä"])),
    "What beats what in the bidding?": ("first-auction", lambda rs: (
        ["A higher level always beats a lower one; at the same level the higher strain wins",
         "| *alkupeli* | misère < "],
        ["Korkeampi taso voittaa aina matalamman; samalla tasolla korkeampi pelilaji voittaa",
         "| *alkupeli* | misääri < "])),
    "When does the auction end, and what if everybody passes?": ("first-auction", lambda rs: (
        [f"until {_passes(rs)} calls in a row are passes", "If the first 4 calls are all passes"],
        [f"kunnes on tullut {_passes(rs)} passia peräkkäin", "Jos 4 ensimmäistä vuoroa ovat kaikki passeja"])),
    "Who leads to the first trick?": ("play", lambda rs: (
        ["on the declarer's left leads to the first trick"],
        ["vasemmalla puolella istuva aloittaa ensimmäisen tikin"])),
    "Must I follow suit, must I trump?": ("play", lambda rs: (
        ["You must follow suit", "there is no duty to trump"],
        ["Maata on tunnustettava", "valttipakkoa ja ylimenopakkoa ei ole"])),
    "What does a double do?": ("doubling", lambda rs: (
        [f"multiplies the points by {_multipliers(rs)[1]}", f"by {_multipliers(rs)[2]}"],
        [f"kertoo pisteet {_multipliers(rs)[1]}:lla", f"{_multipliers(rs)[2]}:lla"])),
    "What does a misère score?": ("score", lambda rs: (
        (["| Made: misère | " + " | ".join(str(v) for v in _table(rs, "made_value")["misere"].values()) + " |"]
         if rs.columns == ("deal",) else
         [f"In a bid misère each side scores {_table(rs, 'misere_ace_unit')} × the trick's number"]),
        (["| Läpi: maalattu misääri | " + " | ".join(str(v) for v in _table(rs, "made_value")["misere"].values())
          + " |"] if rs.columns == ("deal",) else
         [f"Tarjotussa misäärissä kumpikin puoli saa {_table(rs, 'misere_ace_unit')} × tikin järjestysluku"]))),
    "When does the game end?": ("whole-game", lambda rs: (
        (["The usual game is 3 × 8 = 24 deals."] if rs.columns == ("deal",) else
         ["and then come exactly 4 *kotkat*, whoever is ahead."]),
        (["Tavallinen peli on 3 × 8 = 24 jakoa."] if rs.columns == ("deal",) else
         ["ja sen jälkeen aina tasan 4 *kotkaa*"]))),
}


def _section(page: str, anchor: str) -> str:
    head = re.search(rf"^## .*\{{#{anchor}\}}$", page, re.M)
    assert head, anchor
    rest = page[head.end():]
    nxt = re.search(r"^## ", rest, re.M)
    return rest[:nxt.start()] if nxt else rest


def _plain(text: str) -> str:
    return re.sub(r"</?[a-zA-Z][^>]*>", "", text)


@pytest.mark.parametrize("rid", ["skruuvi-2016", "skruuvi-1944"])
@pytest.mark.parametrize("question", list(QUESTIONS))
def test_a_whist_players_question_is_answered_in_both_languages(rid: str, question: str) -> None:
    rs = get_ruleset(rid)
    anchor, answer = QUESTIONS[question]
    english, finnish = answer(rs)
    for lang, words in (("en", english), ("fi", finnish)):
        section = _plain(_section(learn_page(rs, lang, []), anchor))
        missing = [w for w in words if w not in section]
        assert missing == [], (rid, lang, question)


@pytest.mark.parametrize("rid", ["skruuvi-2016", "skruuvi-1944"])
def test_the_card_answers_the_number_questions_too(rid: str) -> None:
    """The numbers a player looks up at the table are on the printed card as well: the cards dealt, the passes that
    end the auction, the multipliers and the score of a made contract."""
    rs = get_ruleset(rid)
    for lang in ("en", "fi"):
        card = _plain(refcard_page(rs, lang))
        found = set(re.findall(r"\d+", card))
        wanted = {_hand(rs, "alkupeli"), _hand(rs, "kotka"), _centre(rs), _passes(rs), *_multipliers(rs)[1:]}
        made = _table(rs, "made_value" if rs.columns == ("deal",) else "contract_bonus")
        wanted |= {int(v) for row in made.values() for v in (row.values() if isinstance(row, dict) else [row])}
        assert {str(n) for n in wanted} <= found, (rid, lang, {str(n) for n in wanted} - found)


def test_a_question_whose_answer_is_missing_fails() -> None:
    """The check itself: a chapter without the follow-suit rule does not answer the question."""
    rs = get_ruleset("skruuvi-2016")
    _, answer = QUESTIONS["Must I follow suit, must I trump?"]
    page = learn_page(rs, "en", []).replace("You must follow suit", "You may play any card")
    assert any(w not in _plain(_section(page, "play")) for w in answer(rs)[0])
