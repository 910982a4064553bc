"""Replaying a match record: the deals of a set or sitsi in order, with the running score sheet.

The ruleset's ``match`` section gives the structure, as parameters:

* ``stages``: the deals of one block, e.g. alkupelit until a side has two games then four kotkat (1944),
  or four alkupelit then four kotkat (2016);
* ``partnerships`` (optional): one block per partnership, e.g. AB–CD, AC–BD, AD–BC; the record seats
  the players (``seats``) at the first deal of each block, and the partners must be that block's
  (``unwinding`` repeats the blocks in reverse order); without it the match is one block with fixed seats;
* ``totals``: ``side`` (two sides' below/above totals and games, the final difference in the book) or
  ``individual`` (each player scores his side's points; the final ranking);
* ``dealer_rotation``: the deal passes to the previous dealer's left.

A record may change the parameters the ruleset lists in ``agreements`` (house agreements such as two
alkupelit and two kotkat per block) with ``match.options``, each of the shape
:mod:`~skruuvi.interpreter.match_options` checks (a record with other options is refused before any deal).
Each deal is replayed like a single deal, from the match position (running counts, games); the answer is the
sheet after every deal and the final result, or the first problem with the 0-based ``deal`` it is in.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..rules.errors import CaseFormatError
from ..rules.notation import SEAT_INDEX, SEATS, SIDES, left
from ..rules.ruleset import Ruleset
from .engine import play_deal
from .games import Position
from .match_options import agreed, options_problem, players_of
from .outcome import Outcome
from .settle import settled_result


def _round_half_away(value: Fraction) -> int:
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def side_final(params: Mapping[str, Any], totals: Mapping[str, int], scale: int = 1) -> dict[str, int]:
    """The final accounting: totals, their difference and the book entry (the divisor is at the ruleset's
    ``scale``, so the book is the same whichever scale the points are written in)."""
    difference = totals["NS"] - totals["EW"]
    step = params["final_rounding"]
    book = _round_half_away(Fraction(difference, params["final_divisor"] * scale * step)) * step
    return {"NS": totals["NS"], "EW": totals["EW"], "difference": difference, "book": book}


def _fail(k: int, code: str, message: str, index: int | None = None) -> Outcome:
    return Outcome(error_code=code, error_index=index, error_deal=k, message=message)


class MatchPlan:
    """Which block, which form the match requires next, and when it is over."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        blocks = [tuple(tuple(pair) for pair in p) for p in params.get("partnerships") or ()]
        if blocks and params.get("unwinding"):
            blocks += blocks[::-1]
        self.blocks: list[tuple[tuple[str, ...], ...] | None] = list(blocks) or [None]
        self.block_stages: list[list[dict[str, Any]]] = [list(params["stages"])] * len(self.blocks)
        if params.get("bolsevikki_round"):  # one more block, seats kept (its stages are ruleset data)
            self.blocks.append(None)
            self.block_stages.append(list(params["bolsevikki_round_stages"]))
        self.block = 0
        self.stage = 0
        self.dealt = 0  # deals played in the current stage

    @property
    def over(self) -> bool:
        return self.block >= len(self.blocks)

    @property
    def stages(self) -> list[dict[str, Any]]:
        return self.block_stages[self.block]

    @property
    def form(self) -> str:
        return str(self.stages[self.stage]["form"])

    @property
    def partnership(self) -> tuple[tuple[str, ...], ...] | None:
        return self.blocks[self.block]

    @property
    def block_start(self) -> bool:
        return self.stage == 0 and self.dealt == 0

    def after_deal(self, games: tuple[int, int]) -> None:
        stage = self.stages[self.stage]
        self.dealt += 1
        done = max(games) >= stage["until_games"] if "until_games" in stage else self.dealt >= stage["deals"]
        if done:
            self.stage += 1
            self.dealt = 0
            if self.stage >= len(self.stages):
                self.stage = 0
                self.block += 1


def _params(ruleset: Ruleset, match: Mapping[str, Any]) -> dict[str, Any]:
    options = match.get("options")
    problem = options_problem(ruleset, options)
    if problem is not None:
        where, reason = problem
        raise CaseFormatError(reason, path=where)
    return agreed(ruleset, options)


def _seating(entry: Mapping[str, Any], plan: MatchPlan, current: dict[str, str] | None) -> dict[str, str] | str:
    """The seats of this deal, or why they are wrong."""
    seats = entry.get("seats")
    if seats is None:
        if plan.partnership is not None and (plan.block_start or current is None):
            return "the first deal of a block must seat the players (seats: {N: ..., E: ..., S: ..., W: ...})"
        return current or {}
    if not isinstance(seats, Mapping) or set(seats) != set(SEATS):
        return "seats must map N, E, S and W to players"
    names = [seats[s] for s in SEATS]
    if not all(isinstance(name, str) and name for name in names) or len(set(names)) != len(SEATS):
        return "seats must name four different players, each by a non-empty string"
    seats = {s: str(seats[s]) for s in SEATS}
    if plan.partnership is None:  # seats are kept (e.g. the bolsevikki round after the blocks)
        if current and seats != current:
            return "the players keep their seats here"
        return seats
    if not plan.block_start and seats != current:
        return "the players keep their seats within a block"
    pairs = {frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))}
    if pairs != {frozenset(p) for p in plan.partnership}:
        wanted = " – ".join("".join(p) for p in plan.partnership)
        return f"block {plan.block + 1} is played by the partnerships {wanted}"
    return seats


def replay_match(ruleset: Ruleset, match: Any) -> Outcome:
    if ruleset.match is None:
        raise CaseFormatError(f"ruleset {ruleset.id} has no match structure", path="/match")
    if not isinstance(match, Mapping) or not isinstance(match.get("deals"), list):
        raise CaseFormatError("match must be a mapping with a list of 'deals'", path="/match")
    params = _params(ruleset, match)
    individual = params["totals"] == "individual"
    plan = MatchPlan(params)
    position = Position()
    sums = {side: {column: 0 for column in ruleset.columns} for side in SIDES}
    players: dict[str, int] = dict.fromkeys(players_of(params), 0)
    sheets: list[dict[str, Any]] = []
    previous_dealer: int | None = None
    seats: dict[str, str] | None = None
    for k, entry in enumerate(match["deals"]):
        if not isinstance(entry, Mapping) or "deal" not in entry or "actions" not in entry:
            raise CaseFormatError("each deal needs 'deal' and 'actions'", path=f"/match/deals/{k}")
        if plan.over:
            return _fail(k, "match-overrun", "the match is over; no more deals")
        deal = entry["deal"]
        if not isinstance(deal, Mapping):
            return _fail(k, "invalid-deal", "deal must be a mapping")
        if deal.get("form") != plan.form:
            return _fail(k, "wrong-deal-form", f"the match requires a {plan.form} here, not {deal.get('form')!r}")
        dealer_name = deal.get("dealer")
        dealer = SEAT_INDEX.get(dealer_name) if isinstance(dealer_name, str) else None
        if previous_dealer is not None and dealer != left(previous_dealer):
            return _fail(k, "wrong-dealer", "the deal passes to the previous dealer's left")
        seating = _seating(entry, plan, seats)
        if isinstance(seating, str):
            return _fail(k, "wrong-seating", seating)
        seats = seating
        played = play_deal(ruleset, deal, entry["actions"])
        if isinstance(played, Outcome):
            return _fail(k, played.error_code or "invalid-deal", played.message, played.error_index)
        outcome, after = settled_result(played, position)
        assert outcome.result is not None
        for item in outcome.breakdown:
            if item.side in sums:  # side totals (seat items of a one-against-three deal go to players below)
                sums[item.side][item.column] += item.points
        position = after or position
        if individual:
            for seat, player in seats.items():
                side = SIDES[SEAT_INDEX[seat] % 2]
                won = sum(i.points for i in outcome.breakdown if i.side in (side, seat))  # side or seat items
                players[player] = players.get(player, 0) + won
            sheets.append({"totals": dict(sorted(players.items()))})
        else:
            sheets.append({
                side: {**sums[side], "games": position.get("games", side), "running": position.get("running", side)}
                for side in SIDES
            })
        plan.after_deal(position.games)
        previous_dealer = dealer
    if not plan.over:
        return _fail(len(match["deals"]), "incomplete-record", "the record ends before the match is complete")
    if individual:
        ranking = sorted(players, key=lambda p: (-players[p], p))
        final: dict[str, Any] = {"totals": dict(sorted(players.items())), "ranking": ranking}
    else:
        final = side_final(params, {side: sum(sums[side].values()) for side in SIDES}, ruleset.scale)
    return Outcome(result={"match": {"sheets": sheets, "final": final}})
