"""The learn-to-play chapters (skruuvi.book.learn): the ten steps of each era's game, told from the ruleset, every
paragraph linked to its rules, every scoring rule told, the example deals replayed, in English and in Finnish."""

from __future__ import annotations

import copy
import re
from itertools import pairwise

import pytest

from skruuvi.book.examples import walk
from skruuvi.book.learn import EXAMPLES, LANGUAGES, example_deals, learn_page
from skruuvi.book.learn.chapter import sections
from skruuvi.book.learn.facts import Game
from skruuvi.book.learn.language import Prose
from skruuvi.rules.ruleset import available_rulesets, compile_ruleset, get_ruleset

STEPS = ["players", "deal", "first-auction", "kitty", "second-auction", "defenders-exchange", "doubling", "play",
         "score", "whole-game"]


@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], str]:
    """Every chapter in every language, rendered once for the tests below."""
    return {(rid, lang): learn_page(get_ruleset(rid), lang) for rid in available_rulesets() for lang in LANGUAGES}


def _rules_part(page: str) -> str:
    return page.split("{#examples}")[0]


def _paragraphs(page: str) -> list[str]:
    """The prose paragraphs of a chapter's rules part: no heading, table, list, or the lines under the title."""
    body = _rules_part(page).split("\n## ", 1)[1]  # from the first section on (the title and the intro before)
    blocks = [b.strip() for b in body.split("\n\n") if b.strip()]
    return [b for b in blocks[1:] if not b.startswith(("#", "|", "- ", "<"))]


@pytest.mark.parametrize("rid", ["skruuvi-2016", "skruuvi-1944"])
def test_the_chapters_of_the_two_auction_eras_tell_the_ten_steps_in_order(pages, rid):
    for lang in LANGUAGES:
        page = pages[rid, lang]
        at = [page.index(f"{{#{anchor}}}") for anchor in STEPS]
        assert at == sorted(at), (rid, lang)
        assert [int(n) for n in re.findall(r"^## (\d+)\. ", page, re.M)] == list(range(1, len(STEPS) + 1))


def test_the_1895_chapter_says_what_its_game_has_not(pages):
    en = pages["skruuvi-1895", "en"]
    assert "{#second-auction}" not in en and "{#defenders-exchange}" not in en
    assert "There is no second auction" in en and "There is no doubling in this era's game" in en
    assert "Misère cannot be bid in this era's game." in en
    assert "*ostoskruuvi*" in en and "*pakettiskruuvi*" in en
    assert "Much of this game had to be reconstructed" in en


@pytest.mark.parametrize("rid", available_rulesets())
def test_every_paragraph_of_the_rules_links_to_its_rules(pages, rid):
    for lang in LANGUAGES:
        bare = [p[:80] for p in _paragraphs(pages[rid, lang]) if 'class="sk-src"' not in p]
        assert bare == [], (rid, lang)


@pytest.mark.parametrize("rid", available_rulesets())
def test_every_scoring_rule_of_the_forms_played_is_told(pages, rid):
    rs = get_ruleset(rid)
    g = Game(rs)
    forms = [*g.dealt, *(f for f in (g.all_pass(d)[0] for d in g.dealt) if f is not None)]
    ids = {str(e["id"]) for f in forms for e in g.scheme(f)}
    for lang in LANGUAGES:
        linked = set(re.findall(r'class="sk-rule" href="[^"#]*#([^"]+)"', pages[rid, lang]))
        assert ids - linked == set(), (rid, lang)
        assert linked <= set(rs.rules), (rid, lang)  # every source listed is a rule of the era


def test_the_2016_chapter_answers_a_whist_player_s_questions(pages):
    rs = get_ruleset("skruuvi-2016")
    en = pages["skruuvi-2016", "en"]
    order = rs.forms["alkupeli"].params["strain_order"]
    assert "| *alkupeli* | misère < " in en and en.count(" < ") >= 2 * (len(order) - 1)
    assert "You must follow suit" in en and "no duty to trump" in en
    assert "If the first 4 calls are all passes" in en and "*passimisääri*" in en
    assert "The exchange is not allowed when the main pair's first bid in the first auction was at level 6" in en
    assert "A double multiplies the points by 2, a redouble by 3" in en
    assert "The usual game is 3 × 8 = 24 deals." in en
    assert "fixed partnerships" not in en and "Partners do not stay together for the whole game" in en
    assert "No source gives the points of a bolsevikki" in en


def test_the_numbers_of_the_chapter_are_the_ruleset_s():
    """Change the rules and the chapter changes with them, in both languages."""
    rs = get_ruleset("skruuvi-2016")
    doc = copy.deepcopy(dict(rs.raw))
    for rule in doc["scoring"]["rules"]:
        if rule.get("param") == "multipliers":
            rule["value"] = [1, 5, 7]
    for rule in doc["phases"]["second-auction"]["rules"]:
        if rule.get("param") == "final_min_level":
            rule["value"] = 4
    for table in doc["scoring"]["tables"]:
        if table.get("name") == "made_value":
            table["value"]["trump"][5] = table["value"]["grand"][5] = 26
    changed = compile_ruleset(doc, "<test>")
    before = learn_page(rs, "en", [])
    after = learn_page(changed, "en", [])
    after_fi = learn_page(changed, "fi", [])
    assert "A double multiplies the points by 2, a redouble by 3" in before
    assert "A double multiplies the points by 5, a redouble by 7" in after
    assert "Kahdennus kertoo pisteet 5:lla, kolmennus 7:lla" in after_fi
    assert "at least at level 5 (in a *kotka*, 6)" in before and "at least at level 4 (in a *kotka*, 6)" in after
    assert "| Made: suit or grandi | 26 | 35 | 50 |" in after and "| Made: suit or grandi | 25 | 35 | 50 |" in before
    assert "25 + 2 = 27" in before and "26 + 2 = 28" in after


def test_the_2016_example_deal_is_replayed_and_its_score_follows_from_the_tables(pages):
    """The chapter's first deal is 5♦ doubled, one down: by hand from the 2016 tables, the first undertrick of a
    level-5 suit contract times the doubled multiplier, to the main pair, and the negation to the defenders."""
    rs = get_ruleset("skruuvi-2016")
    [(_, record), *_] = example_deals(rs)
    assert record["generated"]["seed"] == EXAMPLES[rs.id][0].seed  # the seed's own deal, not a later one
    tables = {t["name"]: t["value"] for t in rs.raw["scoring"]["tables"]}
    points = tables["first_undertrick"]["trump"][5] * rs.scoring_params["multipliers"][1]
    first = pages[rs.id, "en"].split("{#example-alkupeli}")[1].split("\n### ")[0]
    assert "The contract is 5" in first and "West doubles, " in first and "1 short" in first
    assert f"On the score sheet: North–South −{points}; East–West +{points}." in first
    fi = pages[rs.id, "fi"].split("{#example-alkupeli}")[1].split("\n### ")[0]
    assert "Länsi kahdentaa, " in fi and f"Pisteet: Pohjoinen–Etelä −{points}; Itä–Länsi +{points}." in fi


def _misere_aces_by_hand(record: dict) -> dict[str, int]:
    """Each side's trick numbers summed over the aces in its own tricks, from the record's plays alone: a misère has
    no trumps, so a trick goes to the highest card of the suit led (ranks 2..A)."""
    ranks = "23456789TJQKA"
    plays = [a.split() for a in record["actions"] if a.split()[1] == "play"]
    side = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    cost = {"NS": 0, "EW": 0}
    for number, start in enumerate(range(0, len(plays), 4), 1):
        trick = [(seat, card.replace("10", "T")) for seat, _, card in plays[start:start + 4]]
        led = trick[0][1][-1]
        winner = max((c for c in trick if c[1][-1] == led), key=lambda c: ranks.index(c[1][0]))[0]
        cost[side[winner]] += number * sum(card[0] == "A" for _, card in trick)
    return cost


def test_the_bid_misere_example_charges_each_side_the_aces_in_its_own_tricks(pages):
    """2016 Example 4 is a bid misère: by hand from its plays, each side pays the trick's number for every ace in the
    tricks it won (score.misere-aces, 1 a trick number in 2016, not multiplied); the chapter's score table says the
    same for both sides, and its story says how many tricks too many the main pair took."""
    rs = get_ruleset("skruuvi-2016")
    [(example, record)] = [(ex, r) for ex, r in example_deals(rs) if ex.strain == "M"]
    expected = _misere_aces_by_hand(record)
    assert expected["NS"] and expected["EW"]  # both sides pay: the example shows it
    rows = {r[0]: r for r in _score_table(pages[rs.id, "en"], example.anchor)}
    assert rows["Aces in misère"][1:] == [f"−{expected['NS']}", f"−{expected['EW']}"]
    story = pages[rs.id, "en"].split(f"{{#{example.anchor}}}")[1].split("\n### ")[0]
    assert "more than the misère allows" in story and "played as a bid misère" in pages[rs.id, "en"]


@pytest.mark.parametrize("rid", available_rulesets())
def test_each_example_deal_keeps_its_anchor_and_plays_to_its_end(pages, rid):
    rs = get_ruleset(rid)
    deals = example_deals(rs)
    assert [ex.anchor for ex, _ in deals] == [ex.anchor for ex in EXAMPLES[rid]]
    for lang in LANGUAGES:
        for example, record in deals:
            told = pages[rid, lang].split(f"{{#{example.anchor}}}")[1].split("\n### ")[0]
            assert "no longer plays" not in told and "ei enää pelaudu" not in told
            assert 'class="sk-deal"' in told and 'class="sk-tricks"' in told
            assert record["deal"]["form"] == example.dealt


def test_the_finnish_chapter_uses_the_sources_words():
    fi = learn_page(get_ruleset("skruuvi-2016"), "fi", [])
    for word in ("keskikortit", "passimisääri", "kahdennus", "kolmennus", "pelinviejä", "valttipakkoa",
                 "maalattu misääri", "pieti", "sitsi", "etumie"):
        assert word in fi, word
    fi44 = learn_page(get_ruleset("skruuvi-1944"), "fi", [])
    for word in ("pöytäkortit", "pakkomisääri", "koputus", "vastakoputus", "ulosmeno", "arvokortit", "kruunu"):
        assert word in fi44, word
    assert "keskikort" not in fi44.split("{#deal}")[1].split("{#first-auction}")[0]


def test_a_language_the_book_has_not_is_refused():
    with pytest.raises(ValueError, match="no player chapters in language 'sv'"):
        Prose(get_ruleset("skruuvi-2016"), "sv", "learn/x.md")


def test_sections_are_none_only_where_the_game_lacks_the_step():
    rs = get_ruleset("skruuvi-1895")
    anchors = [s.anchor for s in sections(rs, Prose(rs, "en", "learn/skruuvi-1895.md"))]
    assert anchors == ["players", "deal", "first-auction", "kitty", "doubling", "play", "score", "whole-game"]


def _story(page: str, anchor: str) -> str:
    """The first paragraph under an example deal's heading: its story."""
    return page.split(f"{{#{anchor}}}")[1].strip().split("\n\n")[0]


_CALLS = {"en": (r"(\d+) passes", r"\b(?:North|East|South|West) (?:passes|\d (?:misère|grandi)|\d<span)"),
          "fi": (r"(\d+) passia", r"\b(?:Pohjoinen|Itä|Etelä|Länsi) (?:passaa|\d (?:misääri|grandi)|\d<span)")}


@pytest.mark.parametrize("rid", available_rulesets())
def test_an_example_s_story_says_every_call_of_its_auctions_passes_included(pages, rid):
    """Every call of each auction is in the story, a run of passes counted: the calls said add up to the record's
    auction calls (a story that left the passes out, "North 2♦, South 3♦", would say fewer)."""
    rs = get_ruleset(rid)
    for example, record in example_deals(rs):
        w = walk(rs, record)
        auction = {p.id for f in rs.forms.values() for p in f.phases if p.mechanism == "auction"}
        calls = [a for _, a, pid in w.steps if pid in auction]
        all_pass = all(a.endswith(" pass") for a in calls) and example.becomes
        for lang in LANGUAGES:
            story = _story(pages[rid, lang], example.anchor)
            if all_pass:
                assert f" {len(calls)} " in story, (rid, example.anchor, lang)
                continue
            runs, single = _CALLS[lang]
            story = story.split(" The contract is ")[0].split(" Sopimus on ")[0]  # the auctions, not the doubling
            counted = sum(int(n) for n in re.findall(runs, story)) + len(re.findall(single, story))
            assert counted == len(calls), (rid, example.anchor, lang, counted, len(calls), story[:300])


def test_the_whole_deal_on_one_page_shows_the_doubling_calls(pages):
    """Example 1 of 2016 is doubled by West: the fold's calls include the doubling phase, in both languages (and
    the 1940s deal's knock). (Rendered without traces, the drawn deal stands on the page, not in a fold.)"""
    for rid, lang, head, cell in (("skruuvi-2016", "en", "**Doubling and redoubling**", "| double | pass | pass |"),
                                  ("skruuvi-2016", "fi", "**Kahdennus ja kolmennus**", "| kahdennus | passi | passi |"),
                                  ("skruuvi-1944", "en", "**Knocks**", "| knock | pass | pass |")):
        fold = pages[rid, lang].split("{#example-alkupeli}")[1].split("\n### ")[0]
        assert head in fold and cell in fold, (rid, lang)


def _score_table(page: str, anchor: str) -> list[list[str]]:
    """The rows of an example's score table (the last table of its part of the page)."""
    part = page.split(f"{{#{anchor}}}")[1].split("\n### ")[0].split("\n## ")[0]
    table = part.rsplit("\n\n| ", 1)[1]
    return [[c.strip() for c in line.strip("|").split("|")] for line in ("| " + table).splitlines()[2:]
            if line.startswith("|")]


def test_a_doubled_item_shows_its_points_before_the_double_and_the_factor(pages):
    """2016 Example 1 is 5♦ doubled, one short. By hand from the tables: the first trick short at level 5 in a suit
    (5), times the double's multiplier (2): the row says both factors and the product, for each side, in both
    languages; an undoubled deal (Example 2) shows its points alone."""
    rs = get_ruleset("skruuvi-2016")
    tables = {t["name"]: t["value"] for t in rs.raw["scoring"]["tables"]}
    base, factor = tables["first_undertrick"]["trump"][5], rs.scoring_params["multipliers"][1]
    for lang, name in (("en", f"Tricks short (doubled: × {factor})"), ("fi", f"Pietit (kahdennettu: × {factor})")):
        rows = _score_table(pages[rs.id, lang], "example-alkupeli")
        assert rows[0] == [name, f"−{base} × {factor} = −{base * factor}", f"+{base} × {factor} = +{base * factor}"]
        assert all("×" not in c for r in _score_table(pages[rs.id, lang], "example-kotka") for c in r)


def test_a_knock_multiplies_only_the_winner_s_items_on_the_1940s_sheet(pages):
    """1944 Example 1: 5 grandi knocked, two short. A knock multiplies the winner's points only (the defenders'
    tricks short, ×2); the losing side's honours stand as they are."""
    rs = get_ruleset("skruuvi-1944")
    factor = rs.scoring_params["multipliers"][1]
    rows = {r[0]: r for r in _score_table(pages[rs.id, "en"], "example-alkupeli")}
    short = rows[f"Tricks short (knocked: × {factor})"]
    base = int(short[3].split(" × ")[0].lstrip("+"))
    assert short[2] == "0" and short[3] == f"+{base} × {factor} = +{base * factor}"
    assert rows["Honours"][2].startswith("+") and "×" not in rows["Honours"][2]


@pytest.mark.parametrize("rid", available_rulesets())
def test_each_paragraph_has_one_labelled_sources_link_and_its_entry_lists_the_rules(pages, rid):
    """No bare § marks: each paragraph of the rules has exactly one small link labelled *sources* (*lähteet*), it
    leads to its own entry of the chapter's list of sources, that entry links at least one rule of the era and
    links back; the links count the paragraphs, in both languages."""
    rs = get_ruleset(rid)
    for lang, label in (("en", "sources"), ("fi", "lähteet")):
        page = pages[rid, lang]
        rules = _rules_part(page)
        assert ">§<" not in page, (rid, lang)
        paragraphs = _paragraphs(page)
        assert all(p.count('class="sk-src"') == 1 for p in paragraphs), (rid, lang)
        links = re.findall(r'<a class="sk-src" id="sources-from-(\d+)" href="#sources-(\d+)"[^>]*>([^<]+)</a>', rules)
        assert len(links) >= len(paragraphs) > 10, (rid, lang)
        assert [int(a) for a, _, _ in links] == list(range(1, len(links) + 1))
        assert all(a == b and text == label for a, b, text in links), (rid, lang)
        listed = page.split("{#sources}")[1]
        for n, _, _ in links:
            entry = re.search(rf'<span id="sources-{n}"></span>(.*)', listed)
            assert entry, (rid, lang, n)
            ids = re.findall(r'class="sk-rule" href="[^"#]*#([^"]+)"', entry.group(1))
            assert ids and set(ids) <= set(rs.rules), (rid, lang, n)
            assert f'href="#sources-from-{n}"' in entry.group(1)


def _first_example_at(rs, reached):
    """Example 1 of the chapter replayed up to the first phase ``reached`` accepts."""
    from skruuvi.interpreter import engine

    _, record = example_deals(rs)[0]
    state = engine.start(rs, record["deal"])
    for action in record["actions"]:
        if state.phase is not None and reached(state.phase):
            break
        state = engine.apply(state, action)
    return state


def test_the_second_auction_goes_on_from_the_first_as_the_engine_plays_it(pages):
    """The chapter says the first auction's highest bid stands in the second and names the lowest bid after 1 grandi;
    2016 Example 1 won the first auction with 1 grandi, so the engine, at its second auction, takes that bid and
    refuses 1 grandi again."""
    from skruuvi.interpreter import engine
    from skruuvi.rules.errors import IllegalAction
    from skruuvi.rules.notation import SEATS

    rs = get_ruleset("skruuvi-2016")
    en = _rules_part(pages[rs.id, "en"]).split("{#second-auction}")[1].split("\n## ")[0]
    assert "The bidding goes on from the first auction: its highest bid stands" in en
    lowest = re.search(r"won with 1 grandi, the lowest bid now is (\d) (misère|grandi)", en)
    assert lowest
    assert "sen korkein tarjous on voimassa" in pages[rs.id, "fi"]
    state = _first_example_at(rs, lambda phase: phase.id == "second-auction")
    assert str(state.highest) == "1G" and state.phase.id == "second-auction"
    seat = SEATS[state.to_act]
    with pytest.raises(IllegalAction):
        engine.apply(state, f"{seat} bid 1G")
    code = {"misère": "M", "grandi": "G"}[lowest.group(2)]
    assert str(engine.apply(state, f"{seat} bid {lowest.group(1)}{code}").highest) == f"{lowest.group(1)}{code}"


def test_the_2016_chapter_lists_the_whole_sitsi_deal_by_deal(pages):
    """The order of the whole game, from the match's stages and partnerships: every block's alkupelit and kotkat in
    order, the deals numbered up to the usual game's length."""
    rs = get_ruleset("skruuvi-2016")
    stages, pairings = rs.match.params["stages"], rs.match.params["partnerships"]
    total = len(pairings) * sum(int(s["deals"]) for s in stages)
    whole = _rules_part(pages[rs.id, "en"]).split("{#players}")[1].split("{#deal}")[0]  # where blocks are first met
    rows = re.findall(r"^\| (\d+)–(\d+) \| ([A-D]–[A-D] against [A-D]–[A-D]) \| \*(\w+)\* \|$", whole, re.M)
    assert len(rows) == len(pairings) * len(stages) and int(rows[-1][1]) == total
    assert [r[3] for r in rows[:len(stages)]] == ["alkupelit", "kotkat"]
    assert all(int(b[0]) == int(a[1]) + 1 for a, b in pairwise(rows))


def test_a_chapter_says_what_its_game_does_not_score_and_that_mistakes_have_no_rule(pages):
    """2016 scores no honours, slams or rubber (no such table or match setting); the 1940s game has honours, so its
    chapter says no such thing. No ruleset has a rule for a misdeal or a revoke: every chapter says its sources are
    silent there, in both languages."""
    assert "there are no points for honours" in pages["skruuvi-2016", "en"]
    assert "pisteitä ei saa arvokorteista" in pages["skruuvi-2016", "fi"]
    assert "Nothing else is scored" not in pages["skruuvi-1944", "en"]
    for rid in available_rulesets():
        assert "say nothing about a misdeal, a revoke" in _rules_part(pages[rid, "en"])
        assert "eivät kerro tämän pelin jakovirheestä" in _rules_part(pages[rid, "fi"])


@pytest.mark.parametrize("rid", ["skruuvi-2016", "skruuvi-1944"])
def test_the_chapter_says_the_first_defender_may_pass_as_the_engine_lets_him(pages, rid):
    """The defenders' exchange is optional (no ruleset makes it compulsory): the chapter says the first defender may
    pass, and the engine, at Example 1's exchange, takes his pass and goes on to the next phase."""
    from skruuvi.interpreter import engine
    from skruuvi.rules.notation import SEATS

    rs = get_ruleset(rid)
    assert "gives his partner one card face down, or passes, and then there is no exchange" in pages[rid, "en"]
    assert "tai passaa, jolloin vaihtoa ei tehdä" in pages[rid, "fi"]
    state = _first_example_at(rs, lambda phase: phase.mechanism == "defenders_exchange")
    assert state.phase.mechanism == "defenders_exchange"
    after = engine.apply(state, f"{SEATS[state.to_act]} pass")
    assert after.phase is not None and after.phase.mechanism != "defenders_exchange"


def test_the_1940s_game_bonus_is_told_for_every_game_of_a_set_and_a_rubber_only_for_its_own(pages):
    """The n-th game of a side is worth the ruleset's game bonus for n: the 1944 set, which goes on after its games,
    tells the first four and the rule for the n-th; the 1895 rubber, which ends at its games, only those."""
    for rid, most in (("skruuvi-1944", 4), ("skruuvi-1895", None)):
        rs = get_ruleset(rid)
        if most is None:
            most = next(int(s["until_games"]) for s in rs.match.params["stages"] if "until_games" in s)
        values = [int(rs.match.game_bonus({"game_number": n})) * rs.scale for n in range(1, most + 2)]
        whole = _rules_part(pages[rid, "en"]).split("{#whole-game}")[1]
        said = re.search(r"A game is worth a bonus [^:]*: ([^.]*)\.", whole).group(1)
        listed = said.split(": n ×")[0]
        assert [int(n) for n in re.findall(r"\b(\d+) for (?:a side's|its)", listed)] == values[:most], (rid, said)
        assert (f"n × {values[0]} for a side's n-th game" in said) == (rid == "skruuvi-1944")


def test_the_1940s_crowns_say_what_doubles_in_numbers_and_the_set_is_told_against_the_rubber(pages):
    rs = get_ruleset("skruuvi-1944")
    tables = {t["name"]: t["value"] for t in rs.raw["scoring"]["tables"]}
    seq, crown = tables["sequence_card"], tables.get("ace_crown") or tables["ace_coronet"]
    score = _rules_part(pages[rs.id, "en"]).split("{#score}")[1]
    three, four = (crown.get(n, crown.get(str(n))) for n in (3, 4))
    assert f"double in grandi ({2 * three} and {2 * four})" in score
    assert f"and double, {2 * seq} a card, when the sequence is in the trump suit" in score
    assert "twice as much in trumps" not in pages[rs.id, "en"]
    assert "It is won by games, like the rubber of whist, but it goes on after them" in pages[rs.id, "en"]
