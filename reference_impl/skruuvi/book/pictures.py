"""Pictures generated from a ruleset, as inline SVG (no image files, no scripts): the phase flowchart of a game form.

The chart is a column of boxes, one per phase of the form in order, each with its English and Finnish label;
a phase whose rules turn an all-pass deal into another form gets a branch to that form on the right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..interpreter import engine
from ..rules.errors import IllegalAction
from ..rules.notation import SEATS, parse_action
from ..rules.ruleset import Ruleset
from .values import Labels

BOX_W, BOX_H, GAP, LEFT, WIDTH = 200, 44, 22, 10, 340


def _branches(spec: Mapping[str, Any] | None) -> list[str]:
    """Forms this phase can turn the deal into (its ``all_pass_form`` rules), other than a plain redeal."""
    return [str(r["value"]) for r in (spec or {}).get("rules") or []
            if r.get("param") == "all_pass_form" and isinstance(r.get("value"), str)]


def phase_flow_svg(ruleset: Ruleset, form: str) -> str:
    """The flowchart of one game form's phases; empty when the form has no phases."""
    raw = ruleset.raw
    phases = (raw.get("phases") or {})
    order = list(((raw.get("forms") or {}).get(form) or {}).get("phases") or [])
    if not order:
        return ""
    labels = Labels([ruleset])
    arrow = f"sk-arrow-{escape(form)}"  # one marker id per chart: several charts share a page
    height = len(order) * (BOX_H + GAP) - GAP + 20
    parts = [f'<svg class="sk-flow" role="img" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
             f'xmlns="http://www.w3.org/2000/svg">',
             f"<title>The phases of {escape(labels.word(form))}, in order</title>",
             f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor"/></marker></defs>']
    for i, pid in enumerate(order):
        spec = phases.get(pid) or {}
        lab = spec.get("label") or {}
        y = 10 + i * (BOX_H + GAP)
        en, fi = escape(str(lab.get("en") or labels.word(pid))), escape(str(lab.get("fi") or ""))
        parts.append(f'<a href="#phase-{escape(pid)}"><rect x="{LEFT}" y="{y}" width="{BOX_W}" height="{BOX_H}" '
                     f'rx="8" class="sk-flow-box"/>'
                     f'<text x="{LEFT + BOX_W / 2}" y="{y + 19}" text-anchor="middle" class="sk-flow-en">'
                     f"{i + 1}. {en}</text>"
                     + (f'<text x="{LEFT + BOX_W / 2}" y="{y + 35}" text-anchor="middle" class="sk-flow-fi">{fi}</text>'
                        if fi else "") + "</a>")
        if i + 1 < len(order):
            parts.append(f'<line x1="{LEFT + BOX_W / 2}" y1="{y + BOX_H}" x2="{LEFT + BOX_W / 2}" '
                         f'y2="{y + BOX_H + GAP - 2}" class="sk-flow-line" marker-end="url(#{arrow})"/>')
        for target in _branches(spec)[:1]:
            tx = LEFT + BOX_W + 12
            parts.append(f'<line x1="{LEFT + BOX_W}" y1="{y + BOX_H / 2}" x2="{tx + 8}" y2="{y + BOX_H / 2}" '
                         f'class="sk-flow-line" marker-end="url(#{arrow})"/>'
                         f'<text x="{tx + 12}" y="{y + BOX_H / 2 - 4}" class="sk-flow-fi">all pass:</text>'
                         f'<text x="{tx + 12}" y="{y + BOX_H / 2 + 11}" class="sk-flow-en">'
                         f"{escape(labels.word(target))}</text>")
    parts.append("</svg>")
    return f'<figure class="sk-figure">\n{"".join(parts)}\n</figure>'


# --- the table diagram of one deal: four hands, the centre cards, and who gave what to whom --------------------
# Drawn twice, for a wide column (the four hands round a 600-unit table, each move on one legend line) and for a
# phone (a 360-unit table: the hands narrower, the ranks closer, each move on two legend lines), and shown by width
# (book.css: .sk-wide, .sk-narrow), so that its text stays at least 12 px high on a 390 px phone.

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ROWS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
RANKS = "AKQJT98765432"


@dataclass(frozen=True)
class TableWords:
    """The words of the diagram in one language (the player chapters draw it in English and in Finnish)."""

    seats: Mapping[str, str]
    gives: str = "{giver} gives {taker}"
    takes: str = "{taker} takes the centre cards"
    dealer: str = "dealer"
    centre: str = "centre cards"
    none: str = "none"
    title: str = "The deal at the table: the hands as dealt, the centre cards, and who gave what to whom"


ENGLISH = TableWords(SEAT_WORDS)


@dataclass(frozen=True)
class Layout:
    """Where the diagram puts things: each seat's box (x, y), the point of it facing the table's middle, the centre
    box and its side facing each seat, the legend's first line, and how ranks are spaced."""

    name: str
    width: int
    hand_w: int
    hand_h: int
    hand_at: Mapping[str, tuple[int, int]]
    facing: Mapping[str, tuple[int, int]]
    centre_at: tuple[int, int]
    centre_w: int
    centre_h: int
    centre_edge: Mapping[str, tuple[int, int]]
    legend_top: int
    row_h: int
    two_line_legend: bool
    rank_gap: str
    ns_w: int = 0  # North's and South's boxes, when wider than East's and West's (0: the same)

    def width_of(self, seat: str) -> int:
        return self.ns_w if seat in "NS" and self.ns_w else self.hand_w


WIDE = Layout("wide", 600, 176, 100, {"N": (212, 8), "E": (416, 166), "S": (212, 324), "W": (8, 166)},
              {"N": (300, 108), "E": (416, 216), "S": (300, 324), "W": (184, 216)}, (234, 186), 132, 60,
              {"N": (300, 186), "E": (366, 216), "S": (300, 246), "W": (234, 216)}, 438, 22, False, " ")
NARROW = Layout("narrow", 360, 118, 100, {"N": (90, 6), "E": (240, 126), "S": (90, 246), "W": (2, 126)},
                {"N": (180, 106), "E": (240, 176), "S": (180, 246), "W": (120, 176)}, (126, 146), 108, 60,
                {"N": (180, 146), "E": (234, 176), "S": (180, 206), "W": (126, 176)}, 356, 40, True, "\u2009", 180)
# kept for callers that read the wide layout's numbers
TABLE_W, HAND_W, HAND_H, CENTRE_W, CENTRE_H = WIDE.width, WIDE.hand_w, WIDE.hand_h, WIDE.centre_w, WIDE.centre_h
HAND_AT, FACING, CENTRE_AT, CENTRE_EDGE, ROW_H = WIDE.hand_at, WIDE.facing, WIDE.centre_at, WIDE.centre_edge, 22


@dataclass(frozen=True)
class Transfer:
    """Cards moving in one deal: ``giver`` None for the centre cards, with the phase it happened in."""

    giver: str | None
    taker: str
    cards: tuple[str, ...]
    phase: str


def _card_order(code: str) -> tuple[int, int]:
    return ("SHDC".index(code[1]), RANKS.index(code[0]))


def transfers(ruleset: Ruleset, record: Mapping[str, Any]) -> tuple[tuple[Sequence[str], ...], tuple[str, ...],
                                                                    int, list[Transfer]]:
    """Replay a record: the hands as dealt (N E S W), the centre cards, the dealer, and every card that changed
    hands in order (a ``give`` action, or the centre cards going to the seat that took them)."""
    state = engine.start(ruleset, record["deal"])
    hands = tuple(sorted((str(c) for c in h), key=_card_order) for h in state.hands)
    centre = tuple(str(c) for c in state.centre)
    moves: list[Transfer] = []
    pending = set(state.centre)  # the centre cards, until a seat holds them all
    for text in record.get("actions") or []:
        phase = state.phase.id if state.phase is not None else ""
        try:
            action = parse_action(text)
            state = engine.apply(state, action)
        except IllegalAction:  # a record rejected here: the picture shows what happened before
            break
        if pending:
            taker = next((SEATS[i] for i, h in enumerate(state.hands) if pending <= set(h)), None)
            if taker is not None:
                after = state.phase.id if state.phase is not None else phase
                moves.append(Transfer(None, taker, centre, after if action.verb != "give" else phase))
                pending = set()
        if action.verb == "give" and action.target is not None:
            moves.append(Transfer(SEATS[action.seat], SEATS[action.target], tuple(str(c) for c in action.cards),
                                  phase))
        if state.finished:
            break
    return hands, centre, state.dealer, moves


def _suit_text(code: str, gap: str = " ") -> str:
    return gap.join("10" if r == "T" else r for r in code)


def _hand_box(layout: Layout, words: TableWords, seat: str, hand: Sequence[str], dealer: bool) -> str:
    x, y = layout.hand_at[seat]
    out = [f'<rect x="{x}" y="{y}" width="{layout.width_of(seat)}" height="{layout.hand_h}" rx="6" '
           'class="sk-table-hand"/>',
           f'<text x="{x + 8}" y="{y + 16}" class="sk-table-seat">{escape(words.seats[seat])}'
           + (f" ({escape(words.dealer)})" if dealer else "") + "</text>"]
    for row, (s, symbol) in enumerate(SUIT_ROWS):
        ranks = "".join(c[0] for c in hand if c[1] == s)
        colour = "sk-table-red" if s in "HD" else "sk-table-black"
        out.append(f'<text x="{x + 8}" y="{y + 36 + row * 17}" class="sk-table-cards">'
                   f'<tspan class="{colour}">{symbol}</tspan> {escape(_suit_text(ranks, layout.rank_gap) or "—")}'
                   "</text>")
    return "".join(out)


def _cards_text(codes: Sequence[str]) -> str:
    """Cards as SVG text: each suit symbol in its colour."""
    parts = []
    for c in codes:
        symbol = dict(SUIT_ROWS).get(c[1], c[1])
        colour = "sk-table-red" if c[1] in "HD" else "sk-table-black"
        parts.append(f'<tspan class="{colour}">{symbol}</tspan>{escape("10" if c[0] == "T" else c[0])}')
    return " ".join(parts)


def _anchor(layout: Layout, seat: str, toward: str) -> tuple[float, float]:
    """Where an arrow between two seats meets ``seat``'s box: its side facing the table's middle, moved along
    that side toward the other seat, so the arrows of different pairs do not share an end."""
    x, y = layout.facing[seat]
    tx, ty = layout.facing[toward]
    if seat in "NS":
        return (x + (14 if tx > x else -14 if tx < x else 0), y)
    return (x, y + (14 if ty > y else -14 if ty < y else 0))


def _arrow(start: tuple[float, float], end: tuple[float, float], bend: float, number: int, marker: str,
           badges: list[tuple[float, float]]) -> str:
    """A curved arrow from ``start`` to ``end``, bent ``bend`` px to its left, with its number on the curve where
    it keeps clear of the numbers already placed (``badges``, appended to)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = max((dx * dx + dy * dy) ** 0.5, 1.0)
    cx, cy = (x0 + x1) / 2 - dy / length * bend, (y0 + y1) / 2 + dx / length * bend

    def at(t: float) -> tuple[float, float]:
        u = 1 - t
        return u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1

    spots = [at(t) for t in (0.5, 0.38, 0.62, 0.3, 0.7, 0.45, 0.55)]
    mx, my = next((p for p in spots if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= 22 ** 2 for q in badges)),
                  spots[0])
    badges.append((mx, my))
    return (f'<path d="M {x0:.0f} {y0:.0f} Q {cx:.0f} {cy:.0f} {x1:.0f} {y1:.0f}" class="sk-table-move" '
            f'marker-end="url(#{marker})"/>'
            f'<circle cx="{mx:.0f}" cy="{my:.0f}" r="10" class="sk-table-badge"/>'
            f'<text x="{mx:.0f}" y="{my + 4:.0f}" text-anchor="middle" class="sk-table-number">{number}</text>')


def _table_svg(layout: Layout, words: TableWords, phase_word: Any, hands: Sequence[Sequence[str]],
               centre: Sequence[str], dealer: int, moves: Sequence[Transfer], marker: str) -> str:
    lines_per_move = 2 if layout.two_line_legend else 1
    height = layout.legend_top + 10 + len(moves) * layout.row_h
    cx, cy = layout.centre_at
    parts = [f'<svg class="sk-table sk-{layout.name}" role="img" viewBox="0 0 {layout.width} {height}" '
             f'width="{layout.width}" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{escape(words.title)}</title>",
             f'<defs><marker id="{marker}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor"/>'
             "</marker></defs>"]
    parts += [_hand_box(layout, words, seat, hands[i], i == dealer) for i, seat in enumerate(SEATS)]
    parts.append(f'<rect x="{cx}" y="{cy}" width="{layout.centre_w}" height="{layout.centre_h}" rx="6" '
                 'class="sk-table-centre"/>'
                 f'<text x="{cx + layout.centre_w / 2}" y="{cy + 22}" text-anchor="middle" class="sk-table-seat">'
                 f"{escape(words.centre)}</text>"
                 f'<text x="{cx + layout.centre_w / 2}" y="{cy + 44}" text-anchor="middle" class="sk-table-cards">'
                 f"{_cards_text(centre) if centre else escape(words.none)}</text>")
    seen: dict[tuple[str, str], int] = {}
    badges: list[tuple[float, float]] = [(cx + layout.centre_w / 2, cy + layout.centre_h / 2)]
    for n, move in enumerate(moves, start=1):
        start: tuple[float, float]
        end: tuple[float, float]
        if move.giver is None:
            start, end, pair = layout.centre_edge[move.taker], layout.facing[move.taker], ("centre", move.taker)
        else:
            start, pair = _anchor(layout, move.giver, move.taker), (move.giver, move.taker)
            end = _anchor(layout, move.taker, move.giver)
        k = seen.get(pair, 0)
        seen[pair] = k + 1
        opposite = pair in (("N", "S"), ("S", "N"), ("E", "W"), ("W", "E"))
        wide_bend = (150 if opposite else 34) + 26 * k
        bend = (wide_bend * layout.width / WIDE.width if move.giver is not None else 0)
        parts.append(_arrow(start, end, bend, n, marker, badges))
        y = layout.legend_top + 6 + (n - 1) * layout.row_h
        who = (words.takes.format(taker=words.seats[move.taker]) if move.giver is None
               else words.gives.format(giver=words.seats[move.giver], taker=words.seats[move.taker]))
        phase = escape(str(phase_word(move.phase)))
        parts.append(f'<circle cx="20" cy="{y + 8}" r="10" class="sk-table-badge"/>'
                     f'<text x="20" y="{y + 12}" text-anchor="middle" class="sk-table-number">{n}</text>')
        if lines_per_move == 1:
            parts.append(f'<text x="38" y="{y + 13}" class="sk-table-cards">{escape(who)} {_cards_text(move.cards)}'
                         f' <tspan class="sk-table-phase">({phase})</tspan></text>')
        else:
            parts.append(f'<text x="36" y="{y + 13}" class="sk-table-cards">{escape(who)} {_cards_text(move.cards)}'
                         f'</text><text x="36" y="{y + 31}" class="sk-table-cards sk-table-phase">({phase})</text>')
    parts.append("</svg>")
    return "".join(parts)


def deal_table_svg(ruleset: Ruleset, record: Mapping[str, Any], marker: str = "sk-table-arrow",
                   words: TableWords = ENGLISH, phase_word: Any = None) -> str:
    """The table diagram of one recorded deal: the four hands as dealt around the table, the centre cards in
    the middle, and a numbered arrow for every card that changed hands (the centre cards to the seat that took
    them, each ``give`` of the kitty and the exchanges, up to an action the rules refuse), listed under the
    table in order with its phase; once for a wide column and once for a phone. ``words`` and ``phase_word`` (a
    phase id to its name) give its language."""
    hands, centre, dealer, moves = transfers(ruleset, record)
    if phase_word is None:
        phase_word = Labels([ruleset]).word
    drawn = [_table_svg(layout, words, phase_word, hands, centre, dealer, moves, f"{marker}-{layout.name}")
             for layout in (WIDE, NARROW)]
    return f'<figure class="sk-figure">\n{"".join(drawn)}\n</figure>'
