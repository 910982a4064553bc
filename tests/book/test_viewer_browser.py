"""The deal viewer used as a reader uses it: in Chromium at 1280 and 390 px, clicked through a whole deal.

Every check reads the page as drawn (the hands, the trick on the table, the step counter, the announcement) and
holds it to the record of the deal: the hands at the start are the record's, the cards played appear in the
record's order, one at a time, each leaving its player's hand. Screenshots of the start, a trick in play, a gift and
the end, at both widths, go to ``test-artifacts/screenshots/``. Skipped without Chromium and Playwright, as the
other browser tests are (test_book_browser.py), except under CI.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from test_book_browser import SHOTS, page_path
from test_viewer import _shown_examples

from skruuvi.book import md
from skruuvi.rules.notation import SEATS
from skruuvi.rules.ruleset import available_rulesets, get_ruleset

RULESET = "skruuvi-2016"

# What the viewer shows now, read off the page: the step counter, the hands (card codes per seat), the trick on the
# table (card codes in play order), the arrows drawn, the announcement and the box sizes.
_STATE = """(box) => ({
  count: box.querySelector('.sk-v-count').textContent,
  caption: box.querySelector('.sk-v-caption').textContent,
  live: box.querySelector('.sk-v-live').textContent,
  hands: [...box.querySelectorAll('.sk-v-hand')]
    .map(h => [...h.querySelectorAll('[data-card]')].map(c => c.dataset.card)),
  trick: [...box.querySelectorAll('.sk-v-trick [data-card]')].map(c => c.dataset.card),
  trickTitle: (box.querySelector('.sk-v-trick-no') || {}).textContent || '',
  winner: [...box.querySelectorAll('.sk-v-trick .sk-v-win')].map(c => c.dataset.card),
  arrowsNow: box.querySelectorAll('path.sk-v-arrow-now').length,
  calls: box.querySelectorAll('.sk-v-calls-table td').length,
  score: box.querySelectorAll('.sk-v-score-table tr').length,
  text: box.innerText,
  overflow: box.scrollWidth - box.clientWidth,
  page: document.documentElement.scrollWidth - innerWidth,
  buttons: [...box.querySelectorAll('button')].map(b => ({label: b.getAttribute('aria-label') || '',
    text: b.innerText.trim(), height: b.getBoundingClientRect().height, width: b.getBoundingClientRect().width})),
  step: Number(box.querySelector('input[type=range]').value),
  steps: Number(box.querySelector('input[type=range]').max) + 1,
})"""


@pytest.fixture
def viewer_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": request.param, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(f"exception: {exc}"))
    page.problems = problems
    try:
        yield page
    finally:
        context.close()


def _first_example(suite_cases: Any) -> Mapping[str, Any]:
    cases, _ = suite_cases
    return _shown_examples(RULESET, cases)[0]


def _open_viewer(page: Any, base_url: str, index: int = 0) -> Any:
    response = page.goto(base_url + page_path(md.examples_path(RULESET)), wait_until="load")
    assert response is not None and response.ok
    box = page.locator(".sk-viewer").nth(index)
    box.scroll_into_view_if_needed()
    page.wait_for_function("(i) => document.querySelectorAll('.sk-viewer')[i].dataset.ready", arg=index)
    assert box.get_attribute("data-ready") == "1"
    return box


def _shot(box: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("viewer_page", [1280, 390], indirect=True, ids=["1280", "390"])
def test_clicking_through_a_whole_deal_plays_the_record(viewer_page: Any, base_url: str,
                                                        suite_cases: Any) -> None:
    page, width = viewer_page, viewer_page.viewport_size["width"]
    case = _first_example(suite_cases)
    box = _open_viewer(page, base_url)
    seen = box.evaluate(_STATE)
    assert seen["step"] == 0 and seen["count"] == f"Step 1 of {seen['steps']}"
    assert [set(h) for h in seen["hands"]] == [set(case["deal"]["hands"][s]) for s in SEATS]
    assert seen["overflow"] <= 0 and seen["page"] <= 0, "the viewer fits its column"
    middle = box.locator(".sk-v-mid").inner_text()  # the centre cards lie face down: shown, and said to be
    assert "Centre cards" in middle and "face down" in middle
    for button in seen["buttons"]:  # labelled, and big enough for a finger
        assert button["label"] and button["text"], button
        assert button["height"] >= 44 and button["width"] >= 44, button
    _shot(box, f"viewer-start-{width}")
    played = [a.split() for a in case["actions"] if a.split()[1] == "play"]
    plays: list[tuple[int, str]] = []
    tricks: list[str] = []
    lives: set[str] = set()
    shots = {"trick": False, "gift": False}
    before = seen
    next_button = box.locator("button.sk-v-next")
    for _ in range(seen["steps"] - 1):
        next_button.click()
        now = box.evaluate(_STATE)
        assert now["step"] == before["step"] + 1 and now["count"] == f"Step {now['step'] + 1} of {now['steps']}"
        assert now["live"] != before["live"] and now["caption"].strip() in now["text"]
        gone = [(seat, card) for seat in range(4) for card in set(before["hands"][seat]) - set(now["hands"][seat])]
        if now["trick"] and now["trick"] != before["trick"]:  # a card played: it left its player's hand
            assert len(gone) == 1 and gone[0][1] == now["trick"][-1], (before["trick"], now["trick"], gone)
            plays.append(gone[0])
            if now["trickTitle"] not in tricks:
                tricks.append(now["trickTitle"])
            if len(now["trick"]) == 4:
                assert len(now["winner"]) == 1
                if not shots["trick"] and len(plays) > 8:
                    _shot(box, f"viewer-trick-{width}")
                    shots["trick"] = True
        if now["arrowsNow"]:
            assert now["hands"] != before["hands"], "a gift moves cards between the hands"
            if not shots["gift"]:
                _shot(box, f"viewer-gift-{width}")
                shots["gift"] = True
        assert now["overflow"] <= 0 and now["page"] <= 0
        lives.add(now["live"])
        before = now
    assert [(SEATS[s], c) for s, c in plays] == [(a[0], a[2]) for a in played]
    assert len(tricks) == 13 and tricks[0] != tricks[-1]
    assert before["hands"] == [[], [], [], []] and before["score"] >= 2
    assert len(lives) == seen["steps"] - 1
    assert shots == {"trick": True, "gift": True}
    _shot(box, f"viewer-end-{width}")
    assert page.problems == []


@pytest.mark.parametrize("viewer_page", [1280], indirect=True, ids=["1280"])
def test_the_keyboard_and_a_swipe_step_through_the_deal(viewer_page: Any, base_url: str) -> None:
    page = viewer_page
    box = _open_viewer(page, base_url)
    box.focus()
    steps = box.evaluate(_STATE)["steps"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert box.evaluate(_STATE)["step"] == 2
    page.keyboard.press("ArrowLeft")
    assert box.evaluate(_STATE)["step"] == 1
    page.keyboard.press("End")
    assert box.evaluate(_STATE)["step"] == steps - 1
    page.keyboard.press("ArrowRight")  # stays at the end
    assert box.evaluate(_STATE)["step"] == steps - 1
    page.keyboard.press("Home")
    assert box.evaluate(_STATE)["step"] == 0
    table = box.locator(".sk-v-table").bounding_box()
    y = table["y"] + table["height"] / 2
    page.mouse.move(table["x"] + table["width"] * 0.8, y)
    page.mouse.down()
    page.mouse.move(table["x"] + table["width"] * 0.2, y, steps=5)
    page.mouse.up()
    assert box.evaluate(_STATE)["step"] == 1, "a swipe to the left goes forward"
    box.locator("select").select_option(label="Play")
    state = box.evaluate(_STATE)
    assert state["trick"] and len(state["trick"]) == 1 and "Play" in state["live"]
    assert page.problems == []


@pytest.mark.parametrize("viewer_page", [390], indirect=True, ids=["390"])
def test_every_worked_deal_has_a_viewer_that_shows_no_id(viewer_page: Any, base_url: str,
                                                          suite_cases: Any) -> None:
    page = viewer_page
    cases, _ = suite_cases
    ids = {str(c["id"]) for c in cases}
    for rid in available_rulesets():
        rules = {r for r in get_ruleset(rid).rules if "." in r}
        shown = _shown_examples(rid, cases)
        response = page.goto(base_url + page_path(md.examples_path(rid)), wait_until="load")
        assert response is not None and response.ok
        boxes = page.locator(".sk-viewer")
        assert boxes.count() == len(shown) >= 6
        for i in range(boxes.count()):
            boxes.nth(i).scroll_into_view_if_needed()
            page.wait_for_function("(i) => document.querySelectorAll('.sk-viewer')[i].dataset.ready", arg=i)
            boxes.nth(i).focus()
            page.keyboard.press("End")
            state = boxes.nth(i).evaluate(_STATE)
            assert state["hands"] == [[], [], [], []] and state["score"] >= 2, (rid, i)
            words = set(re.findall(r"[\w.-]+", state["text"] + " " + state["live"]))
            assert not words & ids and not words & rules, (rid, i, words & (ids | rules))
            assert state["overflow"] <= 0 and state["page"] <= 0, (rid, i)
    assert page.problems == []


@pytest.mark.parametrize("viewer_page", [1280, 390], indirect=True, ids=["1280", "390"])
def test_a_finnish_chapter_steps_through_its_deal_in_finnish(viewer_page: Any, base_url: str) -> None:
    """The Finnish 2016 chapter's first example deal, clicked through to its end: the record's cards, one at a time,
    each leaving its player's hand, the counter, the seats and every caption in Finnish, and nothing wider than the
    column. Screenshots of the start and the end at both widths."""
    from skruuvi.book.learn import example_deals, learn_path

    page, width = viewer_page, viewer_page.viewport_size["width"]
    _, record = example_deals(get_ruleset(RULESET))[0]
    response = page.goto(base_url + page_path(learn_path(RULESET, "fi")), wait_until="load")
    assert response is not None and response.ok
    box = page.locator(".sk-viewer").first
    box.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('.sk-viewer').dataset.ready")
    seen = box.evaluate(_STATE)
    assert seen["count"] == f"Askel 1/{seen['steps']}" and "Pohjoinen" in seen["text"] and "North" not in seen["text"]
    assert [set(h) for h in seen["hands"]] == [set(record["deal"]["hands"][s]) for s in SEATS]
    assert [b["text"] for b in seen["buttons"]] == ["« Alkuun", "◀ Edellinen", "Seuraava ▶", "Loppuun »"]
    _shot(box, f"viewer-fi-start-{width}")
    plays: list[tuple[int, str]] = []
    captions: list[str] = []
    before = seen
    for _ in range(seen["steps"] - 1):
        box.locator("button.sk-v-next").click()
        now = box.evaluate(_STATE)
        assert now["count"] == f"Askel {now['step'] + 1}/{now['steps']}"
        gone = [(seat, card) for seat in range(4) for card in set(before["hands"][seat]) - set(now["hands"][seat])]
        if now["trick"] and now["trick"] != before["trick"]:
            assert len(gone) == 1 and gone[0][1] == now["trick"][-1]
            plays.append(gone[0])
        assert now["overflow"] <= 0 and now["page"] <= 0
        captions.append(now["caption"])
        before = now
    played = [a.split() for a in record["actions"] if a.split()[1] == "play"]
    assert [(SEATS[s], c) for s, c in plays] == [(a[0], a[2]) for a in played]
    assert before["hands"] == [[], [], [], []] and before["score"] >= 2 and "Yhteensä" in before["text"]
    english = re.compile(r"\b(?:bids|passes|plays|gives|wins|deals|Step|Score|North|South|East|West)\b")
    assert not [c for c in captions if english.search(c)]
    assert any("tarjoaa" in c for c in captions) and any("pelaa" in c for c in captions)
    _shot(box, f"viewer-fi-end-{width}")
    assert page.problems == []


def _learn_viewers(page: Any, base_url: str, rid: str, language: str = "en") -> Any:
    from skruuvi.book.learn import learn_path

    response = page.goto(base_url + page_path(learn_path(rid, language)), wait_until="load")
    assert response is not None and response.ok
    return page.locator(".sk-viewer")


def _ready(page: Any, index: int) -> None:
    page.locator(".sk-viewer").nth(index).scroll_into_view_if_needed()
    page.wait_for_function("(i) => document.querySelectorAll('.sk-viewer')[i].dataset.ready", arg=index)


@pytest.mark.parametrize("viewer_page", [1280], indirect=True, ids=["1280"])
def test_the_arrow_keys_step_the_deal_in_sight_before_any_click(viewer_page: Any, base_url: str) -> None:
    """A reader scrolls to a deal and presses →: the deal in sight steps, though nothing was clicked (the focus is on
    the page); a click on the table (not a button) gives the viewer the keyboard, so Home and End work too; the hint
    that says so is visible. Another deal out of sight does not move."""
    page = viewer_page
    boxes = _learn_viewers(page, base_url, RULESET)
    _ready(page, 1)
    _ready(page, 0)
    first, second = boxes.nth(0), boxes.nth(1)
    first.evaluate("(b) => b.scrollIntoView({block: 'start'})")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    assert page.evaluate("() => document.activeElement === document.body")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert first.evaluate(_STATE)["step"] == 2 and second.evaluate(_STATE)["step"] == 0
    page.keyboard.press("ArrowLeft")
    assert first.evaluate(_STATE)["step"] == 1
    hint = first.locator(".sk-v-keys")
    assert hint.is_visible() and "←" in hint.inner_text() and "→" in hint.inner_text()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    table = first.locator(".sk-v-table").bounding_box()
    page.mouse.click(table["x"] + table["width"] / 2, table["y"] + table["height"] / 2)
    assert first.evaluate("(b) => document.activeElement === b")
    page.keyboard.press("End")
    state = first.evaluate(_STATE)
    assert state["step"] == state["steps"] - 1
    page.keyboard.press("Home")
    assert first.evaluate(_STATE)["step"] == 0
    assert page.problems == []


# The 2016 chapter's longest deal in steps (the one with the longest auctions), where the viewer was tallest.
# Each step: the viewer's height, and whether the current call (if the step shows one) is inside the calls panel.
_HEIGHTS = """(box) => { const r = box.querySelector('input[type=range]'); const out = [];
  const panel = box.querySelector('.sk-v-panel');
  for (let k = 0; k <= Number(r.max); k++) { r.value = k; r.dispatchEvent(new Event('input'));
    const now = panel.querySelector('.sk-v-now'), p = panel.getBoundingClientRect();
    const c = now ? now.getBoundingClientRect() : null;
    out.push([box.getBoundingClientRect().height, c ? c.top >= p.top - 1 && c.bottom <= p.bottom + 1 : null]); }
  return out; }"""


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["1280", "390"])
def test_the_viewer_fits_one_screen_through_the_whole_of_the_longest_deal(browser: Any, base_url: str,
                                                                         size: tuple[int, int]) -> None:
    """At every step of the chapters' longest deal (two auctions of many calls, then the score) the viewer is no
    taller than the screen under the page's header: the calls scroll in their own panel of fixed height, which keeps
    the latest call in sight."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    try:
        boxes = _learn_viewers(page, base_url, RULESET)
        steps = []
        for i in range(boxes.count()):
            _ready(page, i)
            steps.append(boxes.nth(i).evaluate(_STATE)["steps"])
        longest = steps.index(max(steps))
        box = boxes.nth(longest)
        measured = box.evaluate(_HEIGHTS)
        heights = [h for h, _ in measured]
        room = page.evaluate("() => innerHeight - document.querySelector('.md-header').getBoundingClientRect().height")
        assert max(heights) <= room, (size, max(heights), room)
        assert box.locator(".sk-v-panel").evaluate("(p) => getComputedStyle(p).overflowY") == "auto"
        shown = [seen for _, seen in measured if seen is not None]
        assert len(shown) > 20 and all(shown), "the latest call is kept in sight in the calls panel"
        _shot(box, f"viewer-learn-longest-{size[0]}")
    finally:
        context.close()
