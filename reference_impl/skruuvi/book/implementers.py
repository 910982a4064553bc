"""The implementer's part of the case-format page: the deal's fields in full, the shape of ``result.score`` and of
a match answer in each ruleset, and the match record with ``expect.match``.

The shapes are read from each ruleset (its score columns, the forms scored per seat, its match totals), so a new
ruleset gets its row; the words about the deal say what :mod:`skruuvi.interpreter.deal` and the set position
(:func:`skruuvi.interpreter.games.position_from`) do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.readings import alternatives
from ..rules.ruleset import Ruleset
from . import md

HERE = md.CASE_FORMAT

# What each field of a deal means, where the schema has no description of its own.
DEAL_FIELDS = {
    "form": "The game form dealt, one of the ruleset's dealt forms (its rule book's *Game forms* section).",
    "dealer": "The dealer's seat, `N`, `E`, `S` or `W`; who speaks and leads first follows from it.",
    "hands": "`N`, `E`, `S`, `W` → the cards each player is dealt, before any exchange (as many as the form's "
             "hand size). Goes with `centre`.",
    "centre": "The centre cards (the kitty), as many as the form has; `[]` in a form without them.",
    "deck": "The 52 cards in dealing order, **top card first** (index 0 is the top card, 51 the bottom one). "
            "The cards at `centre_positions` become the centre cards; the rest are dealt one at a time, "
            "clockwise, the first to the dealer's left. Goes with `centre_positions`.",
    "centre_positions": "The deck indices of the centre cards, **counted from 0**: distinct, in any order (they "
                        "are read in increasing order). The ruleset's deal rules say which positions the dealer "
                        "may not choose (e.g. the top and bottom card, or four consecutive cards).",
    "state": "Only for a ruleset that plays games: the set position before this deal, `running` (each side's "
             "below-the-line count towards the next game, `{NS, EW}`, each below the game threshold) and `games` "
             "(games each side has won in the set so far, `{NS, EW}`). Either may be left out (0).",
}


def deal_rows(props: Mapping[str, Any], required: Sequence[str]) -> list[list[str]]:
    """The schema's deal properties, each with the schema's description or, failing it, the book's."""
    rows = []
    for name, spec in props.items():
        desc = spec.get("description", "") if isinstance(spec, Mapping) else ""
        rows.append([f"`deal.{name}`", "yes" if name in required else "",
                     DEAL_FIELDS.get(name) or desc or "(not described)"])
    return rows


def _score_shape(rs: Ruleset) -> str:
    """``result.score`` in one ruleset: by side and column, or by seat in forms played one against three."""
    columns = tuple(rs.columns)
    if columns == ("deal",):
        side = "an integer per side, `{NS: 25, EW: -25}`"
    else:
        cols = ", ".join(f"{c}: …" for c in columns)
        side = f"per side, a mapping of the score columns, `{{NS: {{{cols}}}, EW: {{{cols}}}}}`"
    seat_forms = [f for f in rs.forms.values() if f.params.get("scoring_unit") == "seat" and f.phases]
    if seat_forms:
        names = ", ".join(f"`{f.name}`" for f in seat_forms)
        side += f"; in {names} (one against three) an integer per seat, `{{N: …, E: …, S: …, W: …}}`"
        shared = any(alt.get("value") == "declarer-shared" and alt.get("field") == "to"
                     for _, alt in alternatives(rs))
        if shared:
            side += (" (under a reading whose bolshevik shares his score with the other three, each share is a "
                     "third of it: a fraction where it does not divide, written as the nearest double, "
                     "`2.6666666666666665`)")
    return side


def _match_shape(rs: Ruleset) -> str:
    if rs.match is None:
        return "no match records"
    columns = ", ".join(tuple(rs.columns))
    if rs.match.params.get("totals") == "individual":
        return ("`sheets`: after each deal `{totals: {A: …, B: …, …}}` (each player's running total); "
                "`final`: `{totals: {…}, ranking: [best first]}`")
    return (f"`sheets`: after each deal, per side `{{{columns}, games, running}}` (the columns summed so far, "
            "games won, the running count); `final`: `{NS, EW, difference, book}`")


def shapes_section(rulesets: Sequence[Ruleset]) -> list[str]:
    """The shapes of ``result.score`` and of a match answer in each ruleset, and the match record."""
    if not rulesets:
        return []
    rows = [[md.link(f"`{rs.id}`", HERE, md.rules_page(rs.id)), _score_shape(rs), _match_shape(rs)]
            for rs in sorted(rulesets, key=lambda r: r.era)]
    return [
        "## Result shapes by ruleset {#shapes}",
        "`result` holds `contract` (`{declarer, bid, doubling}`, doubling 0, 1 or 2; `null` when no "
        "contract is played, as in an all-pass form), `tricks` (per side, or per seat in a one-against-three "
        "form) and `score`, shaped as below. "
        "A match answer is `result.match`.",
        md.table(["Ruleset", "`result.score`", "`result.match` / `expect.match`"], rows),
        "## Match records {#match}",
        "A match case has `match` instead of `deal` and `actions`: `match.deals` lists the deals of the whole "
        "set, rubber or sitsi in order, each `{deal, actions}` as a single record has them (in a sitsi also "
        "`seats`, the player at each seat, at the first deal of each block). The reference replays them in "
        "order, checking that each deal is the form the match needs next and that the deal passes to the "
        "previous dealer's left. `expect.match` is `{sheets, final}`: the score sheet after every deal and "
        "the final result, shaped as the table above says; an error names the 0-based `deal` it is in "
        "besides `index` and `code`. The scoring cards draw a match of each era on its score sheet: "
        + ", ".join(md.link(rs.era, HERE, f"card/{rs.id}.md")
                    for rs in sorted(rulesets, key=lambda r: r.era) if rs.match is not None) + ".",
    ]
