"""Replaying a match record: the deals of one set in order, with the running score sheet.

The ruleset's ``match`` section gives the structure: ``stages`` (e.g. alkupelit until a side has two
games, then four kotkat), the dealer's rotation and the final accounting. Each deal is replayed like
a single deal, starting from the set's position (running counts, games); the answer is the sheet
after every deal and the final result, or the first problem with the 0-based ``deal`` it is in.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .errors import CaseFormatError
from .games import Position
from .notation import SEAT_INDEX, SIDES, left
from .outcome import Outcome
from .replay import play_deal, settled_result
from .ruleset import Ruleset


def _round_half_away(value: Fraction) -> int:
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def final_result(ruleset: Ruleset, totals: Mapping[str, int]) -> dict[str, int]:
    assert ruleset.match is not None
    params = ruleset.match.params
    difference = totals["NS"] - totals["EW"]
    step = params["final_rounding"]
    book = _round_half_away(Fraction(difference, params["final_divisor"] * step)) * step
    return {"NS": totals["NS"], "EW": totals["EW"], "difference": difference, "book": book}


def _fail(k: int, code: str, message: str, index: int | None = None) -> Outcome:
    return Outcome(error_code=code, error_index=index, error_deal=k, message=message)


class _Stages:
    """Which form the set requires next, and when it is over."""

    def __init__(self, stages: list[dict[str, Any]]) -> None:
        self.stages = stages
        self.index = 0
        self.dealt = 0  # deals played in the current stage

    @property
    def over(self) -> bool:
        return self.index >= len(self.stages)

    @property
    def form(self) -> str:
        return str(self.stages[self.index]["form"])

    def after_deal(self, games: tuple[int, int]) -> None:
        stage = self.stages[self.index]
        self.dealt += 1
        done = max(games) >= stage["until_games"] if "until_games" in stage else self.dealt >= stage["deals"]
        if done:
            self.index += 1
            self.dealt = 0


def replay_match(ruleset: Ruleset, match: Any) -> Outcome:
    if ruleset.match is None:
        raise CaseFormatError(f"ruleset {ruleset.id} has no match structure", path="/match")
    if not isinstance(match, Mapping) or not isinstance(match.get("deals"), list):
        raise CaseFormatError("match must be a mapping with a list of 'deals'", path="/match")
    stages = _Stages(list(ruleset.match.params["stages"]))
    position = Position()
    sums = {side: {"below": 0, "above": 0} for side in SIDES}
    sheets: list[dict[str, Any]] = []
    previous_dealer: int | None = None
    for k, entry in enumerate(match["deals"]):
        if not isinstance(entry, Mapping) or "deal" not in entry or "actions" not in entry:
            raise CaseFormatError("each deal needs 'deal' and 'actions'", path=f"/match/deals/{k}")
        if stages.over:
            return _fail(k, "match-overrun", "the set is over; no more deals")
        deal = entry["deal"]
        if not isinstance(deal, Mapping):
            return _fail(k, "invalid-deal", "deal must be a mapping")
        form = deal.get("form")
        if form != stages.form:
            return _fail(k, "wrong-deal-form", f"the set requires a {stages.form} here, not {form!r}")
        dealer = SEAT_INDEX.get(deal.get("dealer"))
        if previous_dealer is not None and dealer != left(previous_dealer):
            return _fail(k, "wrong-dealer", "the deal passes to the previous dealer's left")
        played = play_deal(ruleset, deal, entry["actions"])
        if isinstance(played, Outcome):
            return _fail(k, played.error_code or "invalid-deal", played.message, played.error_index)
        outcome, after = settled_result(played, position)
        assert outcome.result is not None and after is not None
        for item in outcome.breakdown:
            sums[item.side][item.column] += item.points
        position = after
        sheets.append({
            side: {**sums[side], "games": position.get("games", side), "running": position.get("running", side)}
            for side in SIDES
        })
        stages.after_deal(position.games)
        previous_dealer = dealer
    if not stages.over:
        return _fail(len(match["deals"]), "incomplete-record", "the record ends before the set is complete")
    totals = {side: sum(sums[side].values()) for side in SIDES}
    return Outcome(result={"match": {"sheets": sheets, "final": final_result(ruleset, totals)}})
