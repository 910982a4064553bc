"""The deal viewer's traces (skruuvi.book.viewer), held to the records they replay.

Each expectation is read off the record itself (its deal, its actions, its expected result), not from the
interpreter that builds the trace: the hands at the start are the record's hands, every give and every card played
is the record's action in order, the score is the case's expected score. The browser test
(test_viewer_browser.py) clicks through the same traces as a reader does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

import pytest
from test_book import recorded_deal
from test_book_reader import literals

from skruuvi.book import examples_page
from skruuvi.book.cases import cases_of
from skruuvi.book.chosen import added_examples
from skruuvi.book.values import signed
from skruuvi.book.viewer import WORDS, deal_trace, deal_viewer, trace_path
from skruuvi.rules.notation import SEATS
from skruuvi.rules.ruleset import available_rulesets, get_ruleset


def _shown_examples(ruleset_id: str, cases: list[dict[str, Any]]) -> list[Mapping[str, Any]]:
    """The single-deal examples the examples page shows (marked, then the ones the book adds)."""
    rs = get_ruleset(ruleset_id)
    chosen = [c for c in cases_of(rs, cases) if c.get("example") is True]
    return [c for c in [*chosen, *(c for _, c in added_examples(rs, cases))] if "deal" in c]


def _words(trace: Mapping[str, Any]) -> list[str]:
    """Every text of a trace a reader sees or hears (captions, phase names, statuses, calls, score cells)."""
    out = [*trace["words"].values(), *(s["name"] for s in trace["seats"])]
    out += [p["name"] for p in trace["phases"]] + [p["fi"] or "" for p in trace["phases"]]
    out += [c for p in trace["phases"] for c in p["columns"] or []]
    out += [c["text"] for c in trace["cards"].values()] + [c["say"] for c in trace["cards"].values()]
    for step in trace["steps"]:
        out += [step["text"], step["say"], step.get("status") or "", (step.get("call") or {}).get("text", "")]
        out += [str(x) for row in (step.get("tricks") or []) for x in row]
        sheet = step.get("score")
        if sheet:
            out += sheet["head"] + [c for row in sheet["rows"] + sheet["totals"] for c in row]
    return out


@pytest.fixture(scope="module")
def examples(suite_cases) -> list[tuple[str, Mapping[str, Any]]]:
    cases, _ = suite_cases
    return [(rid, case) for rid in available_rulesets() for case in _shown_examples(rid, cases)]


def test_every_example_deal_is_traced_as_its_record_says(examples) -> None:
    assert len(examples) >= 20
    for rid, case in examples:
        rs = get_ruleset(rid)
        trace = deal_trace(rs, case)
        steps = trace["steps"]
        deal = case["deal"]
        if "hands" in deal:  # the hands as dealt are the record's
            assert [set(h) for h in steps[0]["hands"]] == [set(deal["hands"][s]) for s in SEATS], case["id"]
            assert set(steps[0]["centre"]) == set(deal.get("centre") or []), case["id"]
        assert trace["seats"][SEATS.index(deal["dealer"])]["dealer"] is True
        actions = [a.split() for a in case["actions"]]
        # every card played, in the record's order, by the record's seat; each leaves that hand, the others keep theirs
        played = [(SEATS.index(a[0]), a[2]) for a in actions if a[1] == "play"]
        shown = [(s["seat"], s["played"]) for s in steps if "played" in s]
        assert shown == played, case["id"]
        for before, step in pairwise(steps):
            if "played" in step:
                seat = step["seat"]
                assert set(before["hands"][seat]) - set(step["hands"][seat]) == {step["played"]}
                assert step["played"] in step["trick"]["cards"]
                assert all(before["hands"][i] == step["hands"][i] for i in range(4) if i != seat)
        # every give, with its giver, taker and cards; the taker holds them after the step
        gives = [(SEATS.index(a[0]), SEATS.index(a[2]), set(a[3:])) for a in actions if a[1] == "give"]
        moved = [(s["move"]["from"], s["move"]["to"], set(s["move"]["cards"])) for s in steps
                 if "move" in s and s["move"]["from"] >= 0]
        assert moved == gives, case["id"]
        for step in steps:
            if "move" in step:
                assert set(step["move"]["cards"]) <= set(step["hands"][step["move"]["to"]])
        # the centre cards reach the hands in a step of their own (taken by one player, or dealt out)
        centre = set(deal.get("centre") or [])
        if centre and case["actions"]:
            taken = [s for s in steps if ("move" in s and s["move"]["from"] < 0) or "moves" in s]
            assert len(taken) == 1, case["id"]
            got = taken[0].get("moves") or [taken[0]["move"]]
            assert set().union(*(set(m["cards"]) for m in got)) == centre
        # thirteen tricks in a finished deal, numbered in order, each shown when complete with its winner
        finished = [s["trick"] for s in steps if "trick" in s and s["trick"]["winner"] is not None]
        assert [t["number"] for t in finished] == list(range(1, 14)), case["id"]
        assert all(len(t["cards"]) == 4 for t in finished)
        assert steps[-1]["hands"] == [[], [], [], []]


def test_the_last_step_gives_the_cases_expected_score(examples) -> None:
    checked = 0
    for rid, case in examples:
        score = ((case.get("expect") or {}).get("result") or {}).get("score")
        if not score:
            continue
        sheet = deal_trace(get_ruleset(rid), case)["steps"][-1]["score"]
        parties = list(score)
        for k, total in enumerate(sheet["totals"]):
            values = total[1:] if sheet["columns"] else total
            column = None if not sheet["columns"] else list(score[parties[0]])[k]
            expected = [score[p][column] if column else score[p] for p in parties]
            assert values == [signed(int(v)) for v in expected], case["id"]
        checked += 1
    assert checked >= 15


def test_a_trace_shows_no_id_and_no_literal(examples) -> None:
    ids: set[str] = set()
    for rid in available_rulesets():
        rs = get_ruleset(rid)
        ids |= {r for r in rs.rules if "." in r} | {p for p in rs.raw.get("phases") or {} if "-" in p}
    for rid, case in examples:
        texts = _words(deal_trace(get_ruleset(rid), case))
        joined = "\n".join(texts)
        assert str(case["id"]) not in joined
        found = sorted(i for i in ids if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", joined))
        assert found == [], (case["id"], found)
        assert literals(joined) == [], case["id"]
        assert not re.search(r"\b(?:record|interpreter|engine)\b", joined), case["id"]


def test_the_auction_is_laid_out_in_columns_by_seat() -> None:
    rs = get_ruleset("skruuvi-2016")
    case = recorded_deal(rs, ["N bid 1H", "E pass", "S bid 5H"])
    trace = deal_trace(rs, case)
    first = trace["phases"][1]
    assert first["columns"] == ["North", "East", "South", "West"]  # the dealer speaks first, then clockwise
    calls = [s for s in trace["steps"] if s["phase"] == 1 and "call" in s]
    assert [c["call"]["text"] for c in calls[:3]] == ["1♥", "pass", "5♥"]
    assert [(c["call"]["row"], c["call"]["col"]) for c in calls[:5]] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    assert calls[0]["say"] == "North bids 1 hearts." and calls[0]["status"] == "Highest bid: 1♥ by North"
    assert trace["steps"][-1]["status"].startswith("Contract: ")


def test_an_all_pass_deal_turns_into_its_form_and_deals_the_centre_cards_out() -> None:
    rs = get_ruleset("skruuvi-2016")
    case = recorded_deal(rs, [], seed=3)
    assert case["actions"][:4] == ["N pass", "E pass", "S pass", "W pass"]
    steps = deal_trace(rs, case)["steps"]
    assert "turns into a passimisääri" in steps[5]["text"]
    dealt = steps[6]
    assert [m["to"] for m in dealt["moves"]] == [0, 1, 2, 3] and all(len(m["cards"]) == 1 for m in dealt["moves"])
    assert {m["cards"][0] for m in dealt["moves"]} == set(case["deal"]["centre"])
    assert [len(h) for h in dealt["hands"]] == [13, 13, 13, 13] and dealt["centre"] == []
    assert steps[-1]["status"] == "No contract: passimisääri"


def test_a_rejected_action_ends_the_trace_and_an_unfinished_one_says_so() -> None:
    rs = get_ruleset("skruuvi-2016")
    case = recorded_deal(rs, ["N bid 1H", "E pass", "S bid 5H"])
    case["actions"] = [*case["actions"][:3], "W play AS"]
    steps = deal_trace(rs, case)["steps"]
    assert len(steps) == 5 and steps[-1]["bad"] is True and steps[-1]["text"].startswith("✗ West")
    assert "score" not in steps[-1]
    case["actions"] = case["actions"][:3]
    steps = deal_trace(rs, case)["steps"]
    assert len(steps) == 4 and steps[-1]["text"].endswith("before the deal is over.")


def test_the_block_writes_its_trace_and_returns_markup_without_ids() -> None:
    rs = get_ruleset("skruuvi-2016")
    case = recorded_deal(rs, ["N bid 1H"], case_id="2016.some.case-id")
    traces: dict[str, str] = {}
    markup = deal_viewer(rs, case, key=case["id"], traces=traces, title="Example 4")
    path = trace_path(rs.id, case["id"])
    assert list(traces) == [path] and path.startswith("viewer/skruuvi-2016/") and path.endswith(".json")
    assert json.loads(traces[path]) == deal_trace(rs, case)
    assert f'data-trace="{path}"' in markup
    visible = re.sub(r'data-trace="[^"]*"', "", markup)
    assert "case-id" not in visible and "Example 4" in visible and WORDS["en"]["nojs"] in visible
    bad = {**case, "deal": {**case["deal"], "hands": {**case["deal"]["hands"], "N": []}}}
    assert deal_viewer(rs, bad, key="x", traces=traces, title="t") == "" and len(traces) == 1


def test_the_examples_page_puts_a_viewer_over_each_deal_and_folds_the_drawn_deal(suite_cases) -> None:
    cases, _ = suite_cases
    rs = get_ruleset("skruuvi-2016")
    traces: dict[str, str] = {}
    page = examples_page(rs, cases, traces=traces)
    shown = _shown_examples(rs.id, cases)
    assert sorted(re.findall(r'data-trace="([^"]+)"', page)) == sorted(traces) and len(traces) == len(shown)
    assert page.count('??? example "The whole deal on one page"') == len(shown)
    assert "### Example 1 · The deal, step by step" in page and "### Example 1 · First auction" not in page
    assert 'class="sk-deal"' in page and "**First auction · *ensimmäinen tarjousvaihe***" in page
    assert "### Example 1 · Score sheet" in page  # the score sheet, with its rule links, stays on the page
    plain = examples_page(rs, cases)  # without traces: no viewer, the deal drawn as before
    assert "sk-viewer" not in plain and "### Example 1 · First auction" in plain


# --- the learn-to-play chapters' deals, stepped through in English and in Finnish --------------------------------

_NUMBER = re.compile(r"\d+")


def _shape(step: Mapping[str, Any]) -> dict[str, Any]:
    """What a step shows that is not a word: the hands, the cards moved, the trick, the counts, the call's place."""
    out = {k: step[k] for k in ("phase", "hands", "seat", "played", "centre", "move", "moves", "bad") if k in step}
    out["trick"] = step.get("trick")
    out["tricks"] = [n for _, n in step.get("tricks") or []]
    out["call"] = {k: v for k, v in (step.get("call") or {}).items() if k != "text"}
    return out


@pytest.fixture(scope="module")
def chapter_deals() -> list[tuple[str, str, Mapping[str, Any]]]:
    from skruuvi.book.learn import example_deals

    return [(rid, ex.anchor, record) for rid in available_rulesets()
            for ex, record in example_deals(get_ruleset(rid))]


def test_a_chapter_deal_steps_through_in_finnish_as_in_english(chapter_deals) -> None:
    """Both traces come from the one replay: the same steps, hands, cards, tricks and call places; every caption,
    spoken line, status and score cell says the same numbers; only the words differ, and the Finnish ones are
    Finnish."""
    assert len(chapter_deals) >= 8
    english_verbs = re.compile(r"\b(?:bids|passes|plays|gives|doubles|knocks|wins trick|deals|takes)\b")
    for rid, anchor, record in chapter_deals:
        rs = get_ruleset(rid)
        en, fi = deal_trace(rs, record, "en"), deal_trace(rs, record, "fi")
        assert fi["language"] == "fi" and en["words"] == WORDS["en"]
        assert fi["words"] == {**WORDS["fi"], "centre": fi["words"]["centre"]}  # the centre cards: the era's word
        assert len(fi["steps"]) == len(en["steps"]) and len(fi["phases"]) == len(en["phases"]), (rid, anchor)
        assert [p["start"] for p in fi["phases"]] == [p["start"] for p in en["phases"]]
        played = [(SEATS.index(a.split()[0]), a.split()[2]) for a in record["actions"] if a.split()[1] == "play"]
        assert [(s["seat"], s["played"]) for s in fi["steps"] if "played" in s] == played  # the record's play
        for n, (e, f) in enumerate(zip(en["steps"], fi["steps"], strict=True)):
            assert _shape(e) == _shape(f), (rid, anchor, n)
            for key in ("text", "say", "status"):
                assert sorted(_NUMBER.findall(e.get(key) or "")) == sorted(_NUMBER.findall(f.get(key) or "")), \
                    (rid, anchor, n, key, e.get(key), f.get(key))
            assert not english_verbs.search(f["text"]), (rid, anchor, f["text"])
        sheets = en["steps"][-1]["score"], fi["steps"][-1]["score"]
        assert [row[-2:] for row in sheets[0]["rows"]] == [row[-2:] for row in sheets[1]["rows"]]
        assert [t[-2:] for t in sheets[0]["totals"]] == [t[-2:] for t in sheets[1]["totals"]]
        joined = "\n".join(_words(fi))
        assert re.search(r"\b(?:Pohjoinen|Itä|Etelä|Länsi)\b", joined) and literals(joined) == []
        assert not re.search(r"\b(?:North|East|South|West)\b", joined), (rid, anchor)


def test_the_finnish_words_say_each_eras_own_terms(chapter_deals) -> None:
    """The 1940s doubling is a knock (*koputus*) and its centre cards are *pöytäkortit*; 2016 doubles (*kahdennus*)
    and has *keskikortit*: as each era's Finnish source words them (seeds 000, 001)."""
    said: dict[str, str] = {}
    for rid, _, record in chapter_deals:
        said[rid] = said.get(rid, "") + "\n".join(_words(deal_trace(get_ruleset(rid), record, "fi")))
    assert "koputtaa" in said["skruuvi-1944"] and "kahdentaa" not in said["skruuvi-1944"]
    assert "pöytäkortit" in said["skruuvi-1944"].lower() and "kahdentaa" in said["skruuvi-2016"]
    assert "keskikortit" in said["skruuvi-2016"].lower() and "pöytäkortit" not in said["skruuvi-2016"].lower()
    assert "keskikortit" not in said["skruuvi-1944"].lower()  # the viewer's own label of the middle too


def test_a_language_without_a_word_stops_the_build_with_one_line(chapter_deals) -> None:
    from skruuvi.book import player_words
    from skruuvi.book.viewer_words import MissingWords

    rid, _, record = next(d for d in chapter_deals if d[0] == "skruuvi-2016")
    saved = dict(player_words.SCORE_WORDS)
    try:
        player_words.SCORE_WORDS.clear()
        with pytest.raises(MissingWords, match=r"^skruuvi-2016: the deal viewer has no fi words for the scoring rule"):
            deal_viewer(get_ruleset(rid), record, key="k", traces={}, title="t", language="fi")
        assert deal_viewer(get_ruleset(rid), record, key="k", traces={}, title="t", language="en")  # English: titles
    finally:
        player_words.SCORE_WORDS.update(saved)


def test_the_viewer_s_score_says_the_chapter_s_rows(chapter_deals) -> None:
    """One vocabulary: each chapter deal's score in the viewer has the very rows (names, doubling factors, cells)
    of the chapter's own score table under it, in both languages."""
    from skruuvi.book.learn import example_deals, learn_page

    for rid in available_rulesets():
        rs = get_ruleset(rid)
        deals = example_deals(rs)
        for lang in ("en", "fi"):
            page = learn_page(rs, lang, deals)
            for example, record in deals:
                part = page.split(f"{{#{example.anchor}}}")[1].split("\n### ")[0].split("\n## ")[0]
                table = "| " + part.rsplit("\n\n| ", 1)[1]
                rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table.splitlines()[2:]
                        if line.startswith("|") and not line.startswith("| **")]
                sheet = deal_trace(rs, record, lang)["steps"][-1]["score"]
                assert sheet["rows"] == rows, (rid, lang, example.anchor)
