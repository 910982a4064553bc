"""Match score sheets: a match case's record replayed by the reference engine and drawn as the players keep it.

A match scored by sides (the 1895 rubber, the 1944 set) is drawn as a paper score sheet: a column per side, the
points above the line stacked upward from it, the points below the line written downward deal by deal, a line
ruled across when a side wins a game, and the final accounting under it. A match scored by players (the 2016
sitsi) is drawn as each player's running total after every deal, with the final ranking. Every number is the
reference's answer (:func:`skruuvi.interpreter.match.replay_match`) when the book is built; the page says
whether it equals the case's ``expect.match``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..interpreter.engine import play_deal
from ..interpreter.match import replay_match
from ..interpreter.outcome import Outcome
from ..interpreter.settle import result_of
from ..rules.errors import SkruuviError
from ..rules.notation import SIDES
from ..rules.ruleset import Ruleset
from . import md
from .player_words import reader_rule_title
from .values import Labels, number

SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}
SHEET_W, ROW, LABEL_W = 360, 18, 34
COL_X = {"NS": LABEL_W + (SHEET_W - LABEL_W) / 4, "EW": LABEL_W + 3 * (SHEET_W - LABEL_W) / 4}


def match_cases(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The ruleset's match cases that expect a finished match, examples first, then the longest record."""
    found = [c for c in cases if c.get("ruleset") == ruleset.id and isinstance(c.get("match"), Mapping)
             and "match" in (c.get("expect") or {}) and not c.get("readings")]
    return sorted(found, key=lambda c: (c.get("example") is not True, -len(c["match"].get("deals") or []),
                                        str(c.get("id"))))


def _deal_line(ruleset: Ruleset, labels: Labels, entry: Mapping[str, Any]) -> str:
    """One deal of the record in words: its form, dealer and contract with the tricks."""
    deal = entry.get("deal") or {}
    text = f"*{labels.word(deal.get('form'))}*, dealt by {labels.word(str(deal.get('dealer')))}"
    try:
        played = play_deal(ruleset, deal, entry.get("actions") or [])
    except SkruuviError:
        return text
    if isinstance(played, Outcome):
        return text
    res = result_of(played).result or {}
    contract = res.get("contract")
    tricks = res.get("tricks") or {}
    if contract:
        text += f": {md.bid(contract.get('bid'))} by {contract.get('declarer')}"
        text += ["", " doubled", " redoubled"][int(contract.get("doubling") or 0)]
    elif "contract" in res:
        text += ": no contract"
    if tricks:
        text += ", tricks " + ", ".join(f"{k} {v}" for k, v in tricks.items())
    return text


def _steps(sheets: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> list[dict[str, dict[str, int]]]:
    """Each deal's points by side and column (the difference of two cumulative sheets)."""
    out, before = [], {s: dict.fromkeys(columns, 0) for s in SIDES}
    for sheet in sheets:
        out.append({s: {c: int(sheet[s].get(c, 0)) - before[s][c] for c in columns} for s in SIDES})
        before = {s: {c: int(sheet[s].get(c, 0)) for c in columns} for s in SIDES}
    return out


def side_sheet_svg(sheets: Sequence[Mapping[str, Any]], final: Mapping[str, Any], columns: Sequence[str]) -> str:
    """The paper score sheet of a match scored by sides (``columns`` as the ruleset writes them)."""
    steps = _steps(sheets, columns)
    above_col, below_col = (columns[-1], columns[0]) if len(columns) > 1 else (None, columns[0])
    above = {s: [(k + 1, st[s][above_col]) for k, st in enumerate(steps) if above_col and st[s][above_col]]
             for s in SIDES}
    rows_above = max((len(v) for v in above.values()), default=0)
    line_y = 44 + rows_above * ROW
    body: list[str] = []
    for s in SIDES:  # above the line: the first entry just over it, later ones higher up
        for i, (k, pts) in enumerate(above[s]):
            y = line_y - 6 - i * ROW
            body.append(_entry(COL_X[s], y, pts, k))
    y = line_y + 14
    games = [0, 0]
    for k, (st, sheet) in enumerate(zip(steps, sheets, strict=True)):
        if not any(st[s][below_col] for s in SIDES):
            continue
        y += ROW
        body.append(f'<text x="4" y="{y}" class="sk-sheet-deal">deal {k + 1}</text>')
        for s in SIDES:
            if st[s][below_col]:
                body.append(_entry(COL_X[s], y, st[s][below_col], None))
        now = [int(sheet[s].get("games", 0)) for s in SIDES]
        for i, s in enumerate(SIDES):
            if now[i] > games[i]:
                y += 8
                body.append(f'<line x1="{LABEL_W}" y1="{y}" x2="{SHEET_W - 4}" y2="{y}" class="sk-sheet-game"/>'
                            f'<text x="{COL_X[s]}" y="{y + 13}" text-anchor="middle" class="sk-sheet-note">'
                            f"game {now[i]} to {SIDE_NAMES[s]}</text>")
                y += 10
        games = now
    y += 14
    body.append(f'<line x1="0" y1="{y}" x2="{SHEET_W}" y2="{y}" class="sk-sheet-line"/>'
                f'<line x1="0" y1="{y + 3}" x2="{SHEET_W}" y2="{y + 3}" class="sk-sheet-line"/>')
    y += 22
    body.append(f'<text x="4" y="{y}" class="sk-sheet-deal">total</text>')
    for s in SIDES:
        body.append(f'<text x="{COL_X[s]}" y="{y}" text-anchor="middle" class="sk-sheet-total">'
                    f"{number(int(final.get(s, 0)))}</text>")
    book = int(final.get("book", 0))
    winner = "NS" if book > 0 else "EW"
    y += 22
    body.append(f'<text x="{SHEET_W / 2}" y="{y}" text-anchor="middle" class="sk-sheet-note">difference '
                f"{number(int(final.get('difference', 0)))}: "
                + (f"{SIDE_NAMES[winner]} wins {number(abs(book))}" if book else "nobody wins anything")
                + "</text>")
    height = y + 12
    head = [f'<svg class="sk-sheet" role="img" viewBox="0 0 {SHEET_W} {height}" width="{SHEET_W}" '
            'xmlns="http://www.w3.org/2000/svg">',
            "<title>The match score sheet: points above and below the line, side by side</title>",
            f'<rect x="0.5" y="0.5" width="{SHEET_W - 1}" height="{height - 1}" class="sk-sheet-paper"/>']
    head += [f'<text x="{COL_X[s]}" y="20" text-anchor="middle" class="sk-sheet-head">{SIDE_NAMES[s]}</text>'
             for s in SIDES]
    head.append(f'<line x1="{(COL_X["NS"] + COL_X["EW"]) / 2}" y1="28" x2="{(COL_X["NS"] + COL_X["EW"]) / 2}" '
                f'y2="{y - 36}" class="sk-sheet-line"/>'
                f'<line x1="0" y1="{line_y}" x2="{SHEET_W}" y2="{line_y}" class="sk-sheet-line sk-sheet-the-line"/>'
                f'<text x="4" y="{line_y - 4}" class="sk-sheet-deal">above</text>'
                f'<text x="4" y="{line_y + 14}" class="sk-sheet-deal">below</text>')
    return '<figure class="sk-figure">\n' + "".join(head + body) + "</svg>\n</figure>"


def _entry(x: float, y: float, points: int, deal: int | None) -> str:
    tag = f'<tspan class="sk-sheet-deal" dx="4">({deal})</tspan>' if deal is not None else ""
    return f'<text x="{x}" y="{y}" text-anchor="middle" class="sk-sheet-points">{number(points)}{tag}</text>'


PLAYER_COLOURS = 6


def _ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Round values for an axis from ``low`` to ``high``, widened out to the round values just beyond them (0 among
    them when the range holds it), about ``most`` at most: a step of 1, 2 or 5 times a power of ten."""
    span = max(high - low, 1)
    step = 1
    while span / step > most:
        for factor in (2, 5, 10):
            if span / (step * factor) <= most:
                step *= factor
                break
        else:
            step *= 10
    first, last = (low // step) * step, -(-high // step) * step  # widened out to round values
    return list(range(first, last + 1, step))


def players_chart_svg(sheets: Sequence[Mapping[str, Any]], players: Sequence[str]) -> str:
    """Each player's running total after every deal of a match scored by players, as lines."""
    width, height, left, top, bottom = 360, 240, 44, 14, 30
    values = [int(s["totals"].get(p, 0)) for s in sheets for p in players] + [0]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    span = max(high - low, 1)
    n = max(len(sheets), 1)

    def xy(k: int, v: int) -> tuple[float, float]:
        return (left + (width - left - 8) * k / n, top + (height - top - bottom) * (high - v) / span)

    parts = [f'<svg class="sk-sheet" role="img" viewBox="0 0 {width} {height + 18 * len(players)}" '
             f'width="{width}" xmlns="http://www.w3.org/2000/svg">',
             "<title>Each player's running total after every deal</title>"]
    zero = xy(0, 0)[1]
    parts.append(f'<line x1="{left}" y1="{zero:.0f}" x2="{width - 8}" y2="{zero:.0f}" class="sk-sheet-line"/>')
    for value in ticks:  # the axis marked at round numbers, 0 among them
        y = xy(0, value)[1]
        parts.append(f'<line x1="{left - 3}" y1="{y:.0f}" x2="{left}" y2="{y:.0f}" class="sk-sheet-line"/>'
                     f'<text x="{left - 5}" y="{y + 4:.0f}" text-anchor="end" class="sk-sheet-deal">'
                     f"{number(value)}</text>")
    parts.append(f'<text x="10" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" class="sk-sheet-deal" '
                 f'transform="rotate(-90 10 {(top + height - bottom) / 2:.0f})">points</text>')
    parts.append(f'<text x="{(left + width) / 2:.0f}" y="{height - 8}" text-anchor="middle" class="sk-sheet-deal">'
                 f"after deal 1 … {len(sheets)}</text>")
    for i, p in enumerate(players):
        points = [xy(0, 0)] + [xy(k + 1, int(s["totals"].get(p, 0))) for k, s in enumerate(sheets)]
        path = " ".join(f"{'M' if j == 0 else 'L'} {x:.1f} {y:.1f}" for j, (x, y) in enumerate(points))
        colour = f"sk-sheet-player-{i % PLAYER_COLOURS}"
        parts.append(f'<path d="{path}" class="sk-sheet-run {colour}"/>')
        final = int(sheets[-1]["totals"].get(p, 0)) if sheets else 0
        y = height + 12 + 18 * i
        parts.append(f'<line x1="{left}" y1="{y - 4}" x2="{left + 24}" y2="{y - 4}" class="sk-sheet-run {colour}"/>'
                     f'<text x="{left + 30}" y="{y}" class="sk-sheet-points">player {escape(p)}: '
                     f"{number(final)}</text>")
    parts.append("</svg>")
    return '<figure class="sk-figure">\n' + "".join(parts) + "\n</figure>"


def _sheet_key(ruleset: Ruleset) -> str:
    """How to read a side sheet: the deal numbers in brackets and the final line (the difference over the match's
    divisor, what the winner takes)."""
    params = ruleset.match.params if ruleset.match is not None else {}
    text = ("Above the line each entry is followed by the number of the deal it was scored in, in brackets: (8) is "
            "the 8th deal; below the line each row names its deal.")
    divisor = params.get("final_divisor")
    if isinstance(divisor, int):
        text += (f" Under the double line come each side's total and their difference; the difference divided by "
                 f"{divisor * ruleset.scale} and rounded is what the side ahead wins, the figure the players write "
                 "in their ledger (*pääkirja*) and pay out.")
    return text


def _why_below_zero(ruleset: Ruleset, totals: Mapping[str, Any]) -> str:
    """Why every player ends below zero, when they do: the scoring rules whose points a side pays and nobody
    receives (``to: each`` and not settled zero-sum), named by their titles; otherwise nothing."""
    if not totals or any(int(v) >= 0 for v in totals.values()):
        return ""
    settled = set(ruleset.scoring_params.get("zero_sum") or ())
    costs = [reader_rule_title(ruleset.rules[r.id].title or "").lower() for rules in ruleset.schemes.values()
             for r in rules if r.to == "each" and r.id not in settled and r.id in ruleset.rules]
    if not costs or ruleset.scoring_params.get("defenders_receive") != "negation":
        return ""
    named = "; ".join(dict.fromkeys(costs))
    return ("Every player ends below zero, and that is the rules at work: a contract's points are won by one side "
            "and lost by the other, so they add up to nothing over the game, but some points are costs a side pays "
            f"and nobody receives ({named}). Those only ever take points away, so all the totals drift down; the "
            "winner is the player who lost least.")


def match_sheet(ruleset: Ruleset, case: Mapping[str, Any], here: str, checked: list[str] | None = None) -> list[str]:
    """A match case replayed and drawn: its deals in words, the score sheet, and whether the answer is the
    case's expectation. Markdown blocks. A player reads the match; what the case is and whether the replay agrees
    with it go into ``checked`` (the caller's fold for implementers), or, without it, into a fold of their own."""
    labels = Labels([ruleset])
    cid = str(case.get("id"))
    record = case.get("match") or {}
    deals = [d for d in record.get("deals") or [] if isinstance(d, Mapping)]
    notes: list[str] = []
    folded = checked is None
    if checked is None:
        checked = notes
    checked.append(f"{md.link(str(case.get('description') or cid), here, md.cases_path(ruleset.id), cid)} "
                   f"(case `{cid}`, {md.plural(len(deals), 'deal')}), replayed by the reference engine.")

    def fold() -> list[str]:
        return [md.admonition("abstract", "For implementers: the case behind this match", "\n\n".join(notes),
                              collapsible=True)] if folded else []

    try:
        outcome = replay_match(ruleset, record)
    except SkruuviError as exc:
        return [f"This match cannot be replayed under these rules: {exc}.", *fold()]
    intro = f"A match of {md.plural(len(deals), 'deal')}, replayed under the rules when the book is built."
    if not outcome.ok or outcome.result is None:
        return [intro, f"The replay stops at deal {(outcome.error_deal or 0) + 1}: {outcome.message}.", *fold()]
    answer = outcome.result["match"]
    same = answer == (case.get("expect") or {}).get("match")
    out = [intro]
    if same:
        checked.append("Its sheet equals the case's expected one.")
    else:
        out.append("**The replayed sheet differs from the case's expected one.**")
    if "totals" in (answer["sheets"][0] if answer["sheets"] else {}):
        players = sorted({p for s in answer["sheets"] for p in s["totals"]})
        out.append(players_chart_svg(answer["sheets"], players))
        drift = _why_below_zero(ruleset, answer["final"]["totals"])
        if drift:
            out.append(drift)
        ranking = answer["final"].get("ranking") or players
        out.append(md.table(["Place", "Player", "Total"],
                            [[str(i + 1), p, number(int(answer["final"]["totals"].get(p, 0)))]
                             for i, p in enumerate(ranking)]))
        rows = [[str(k + 1), _deal_line(ruleset, labels, d),
                 ", ".join(f"{p} {number(int(s['totals'].get(p, 0)))}" for p in players)]
                for k, (d, s) in enumerate(zip(deals, answer["sheets"], strict=False))]
        out.append(md.admonition("example", "Deal by deal: each player's running total",
                                 md.table(["Deal", "Deal played", "Running totals"], rows), collapsible=True))
    else:
        out.append(side_sheet_svg(answer["sheets"], answer["final"], ruleset.columns))
        out.append(_sheet_key(ruleset))
        lines = [f"{k + 1}. {_deal_line(ruleset, labels, d)}" for k, d in enumerate(deals)]
        out.append(md.admonition("example", "The deals of the match", "\n".join(lines), collapsible=True))
    return out + fold()
