"""The scorer: deal facts -> the ruleset's scoring rules -> a score per side (and per column).

One generic scorer for every ruleset. The form's scoring scheme is a list of rules; each rule is
evaluated for the side(s) named by ``to`` (``main``, ``defenders``, ``each``, ``NS``, ``EW``) with the
facts seen from that side (:data:`skruuvi.expr.FACTS`, plus the ruleset's derived facts). A rule's
points go to its ``column`` (rulesets without a line have the single column ``deal``), multiplied by the
ruleset's ``scale`` (1 unless the ruleset restores a source's larger figures). ``multiplied``
rules are multiplied by the ruleset's multiplier for the doubling: always (``true``) or only for the
deal's winner (``winner``). When ``defenders_receive`` is ``negation``, the other side receives the
negation of every ``to: main`` item.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import RulesetError
from .notation import SEATS, SIDES, TRUMP_STRAINS, Card, side_of
from .outcome import ScoreItem
from .state import DealState

OTHER = {"NS": "EW", "EW": "NS"}
HONOUR_RANKS = frozenset({10, 11, 12, 13, 14})


def _trick_facts(state: DealState) -> tuple[dict[str, int], dict[str, int]]:
    tricks = {"NS": 0, "EW": 0}
    ace_ordinals = {"NS": 0, "EW": 0}
    for trick in state.tricks:
        side = side_of(trick.winner)
        tricks[side] += 1
        aces = sum(1 for c in trick.cards if c.rank == 14)
        ace_ordinals[side] += aces * trick.number
    return tricks, ace_ordinals


def seat_tricks(state: DealState) -> dict[str, int]:
    """Tricks won by each seat."""
    won = dict.fromkeys(SEATS, 0)
    for trick in state.tricks:
        won[SEATS[trick.winner]] += 1
    return won


def by_seat(state: DealState) -> bool:
    """Whether the form is played one against three (tricks and scores per seat, not per side)."""
    return state.form.params.get("scoring_unit") == "seat"


def _run_from_ace(cards: list[Card]) -> int:
    ranks = {c.rank for c in cards}
    run = 0
    while 14 - run in ranks:
        run += 1
    return run


def _holding_facts(state: DealState, side: str) -> dict[str, int]:
    """Facts about the cards a side held when play began (crowns, sequences, honours)."""
    trump = state.contract.strain if state.contract is not None and state.contract.strain in TRUMP_STRAINS else None
    seats = (0, 2) if side == "NS" else (1, 3)
    hands = state.play_hands or state.hands
    facts = {"own_aces": 0, "own_trump_honours": 0, "own_three_ace_hands": 0, "own_four_ace_hands": 0,
             "own_sequence_cards": 0, "own_trump_sequence_cards": 0}
    for seat in seats:
        hand = hands[seat]
        aces = sum(1 for c in hand if c.rank == 14)
        facts["own_aces"] += aces
        facts["own_three_ace_hands"] += aces == 3
        facts["own_four_ace_hands"] += aces == 4
        for suit in "SCDH":
            extra = max(_run_from_ace([c for c in hand if c.suit == suit]) - 2, 0)
            facts["own_trump_sequence_cards" if suit == trump else "own_sequence_cards"] += extra
        if trump is not None:
            facts["own_trump_honours"] += sum(1 for c in hand if c.suit == trump and c.rank in HONOUR_RANKS)
    return facts


class Facts(dict[str, Any]):
    """The facts of one side; holding facts are computed only when a rule asks for them."""

    def __init__(self, base: dict[str, Any], holdings: Callable[[], dict[str, int]],
                 other: Callable[[], dict[str, int]]) -> None:
        super().__init__(base)
        self._holdings = holdings
        self._other = other

    def __missing__(self, key: str) -> Any:
        if key == "opp_aces":
            value = self._other()["own_aces"]
        else:
            facts = self._holdings()
            if key not in facts:
                raise KeyError(key)
            value = facts[key]
        self[key] = value
        return value


def deal_facts(state: DealState) -> dict[str, Any]:
    """The side-independent facts of a finished (or partly played) deal."""
    contract = state.contract
    multipliers = state.ruleset.scoring_params["multipliers"]
    facts: dict[str, Any] = {
        "level": 0, "kind": "none", "made": False, "overtricks": 0, "undertricks": 0,
        "doubling": state.doubling, "multiplier": multipliers[state.doubling],
    }
    if contract is not None and state.declarer is not None:
        if by_seat(state):
            won = seat_tricks(state)[SEATS[state.declarer]]
        else:
            won = _trick_facts(state)[0][side_of(state.declarer)]
        facts["level"], facts["kind"] = contract.level, contract.kind
        margin = (7 - contract.level) - won if contract.kind == "misere" else won - (6 + contract.level)
        facts["made"] = margin >= 0
        facts["overtricks"] = max(margin, 0)
        facts["undertricks"] = max(-margin, 0)
    return facts


def side_facts(state: DealState) -> dict[str, Facts]:
    """Each side's facts, derived facts included (``name`` and ``opp_name``)."""
    facts = deal_facts(state)
    tricks, ace_ordinals = _trick_facts(state)
    main = state.main_side if state.contract is not None else None
    cache: dict[str, dict[str, int]] = {}

    def holdings(side: str) -> Callable[[], dict[str, int]]:
        def get() -> dict[str, int]:
            if side not in cache:
                cache[side] = _holding_facts(state, side)
            return cache[side]
        return get

    per_side = {
        side: Facts(
            {**facts, "own_tricks": tricks[side], "opp_tricks": tricks[OTHER[side]],
             "own_ace_ordinals": ace_ordinals[side], "opp_ace_ordinals": ace_ordinals[OTHER[side]],
             "is_main": side == main},
            holdings(side), holdings(OTHER[side]),
        )
        for side in SIDES
    }
    for derived in state.ruleset.derived:
        values = {side: derived.value(per_side[side]) for side in SIDES}
        for side in SIDES:
            per_side[side][derived.name] = values[side]
            per_side[side]["opp_" + derived.name] = values[OTHER[side]]
    return per_side


def winner_side(state: DealState, facts: dict[str, Any]) -> str | None:
    """The deal's winner: the main pair if it made its contract, else the defenders (None without one)."""
    main = state.main_side if state.contract is not None else None
    if main is None:
        return None
    return main if facts["made"] else OTHER[main]


def score_items(state: DealState, only_column: str | None = None) -> list[ScoreItem]:
    """Every scoring item of the deal (``column`` of each item is its rule's column)."""
    ruleset = state.ruleset
    per_side = side_facts(state)
    facts = per_side["NS"]
    main = state.main_side if state.contract is not None else None
    winner = winner_side(state, facts)
    negate = ruleset.scoring_params["defenders_receive"] == "negation"
    scale = ruleset.scale
    items: list[ScoreItem] = []
    for rule in ruleset.schemes[state.form.scheme]:
        if only_column is not None and rule.column != only_column:
            continue
        if rule.to == "declarer-against-each":
            items.extend(_one_against_each(state, rule, facts))
            continue
        if rule.to == "each":
            sides: tuple[str, ...] = SIDES
        elif rule.to in ("main", "defenders"):
            if main is None:
                continue
            sides = (main,) if rule.to == "main" else (OTHER[main],)
        else:
            sides = (rule.to,)
        for side in sides:
            env = per_side[side]
            if rule.when is not None and not rule.when(env):
                continue
            points = rule.points(env)
            if not isinstance(points, int) or isinstance(points, bool):
                raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=ruleset.path)
            if rule.multiplied is True or (rule.multiplied == "winner" and side == winner):
                points *= facts["multiplier"]
            points *= scale
            if points == 0:
                continue
            items.append(ScoreItem(rule.id, side, points, rule.column))
            if rule.to == "main" and negate:
                items.append(ScoreItem(rule.id, OTHER[side], -points, rule.column))
    return items


def _one_against_each(state: DealState, rule: Any, facts: dict[str, Any]) -> list[ScoreItem]:
    """A one-against-three settlement: the declarer receives the points from each other player."""
    if state.declarer is None:
        return []
    seat = SEATS[state.declarer]
    won = seat_tricks(state)
    env = {**facts, "own_tricks": won[seat], "opp_tricks": 13 - won[seat] if state.tricks else 0,
           "own_ace_ordinals": 0, "opp_ace_ordinals": 0, "is_main": True}
    if rule.when is not None and not rule.when(env):
        return []
    points = rule.points(env)
    if not isinstance(points, int) or isinstance(points, bool):
        raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=state.ruleset.path)
    if rule.multiplied is True:
        points *= facts["multiplier"]
    points *= state.ruleset.scale
    others = [s for s in SEATS if s != seat]
    return [ScoreItem(rule.id, seat, points * len(others), rule.column),
            *(ScoreItem(rule.id, other, -points, rule.column) for other in others)]


def totals(ruleset_columns: tuple[str, ...], items: list[ScoreItem] | tuple[ScoreItem, ...],
           seats: bool = False) -> dict[str, Any]:
    """The score object: ``{NS: int, EW: int}`` with one column, else ``{NS: {column: int}, ...}``;
    per seat (``{N: int, E: int, S: int, W: int}``) for a form played one against three."""
    if seats:
        flat = dict.fromkeys(SEATS, 0)
        for item in items:
            flat[item.side] += item.points
        return flat
    if ruleset_columns == ("deal",):
        flat = {"NS": 0, "EW": 0}
        for item in items:
            flat[item.side] += item.points
        return flat
    table: dict[str, dict[str, int]] = {side: dict.fromkeys(ruleset_columns, 0) for side in SIDES}
    for item in items:
        table[item.side][item.column] += item.points
    return table


def tricks_of(state: DealState) -> dict[str, int]:
    """Tricks per side, or per seat for a form played one against three."""
    return seat_tricks(state) if by_seat(state) else _trick_facts(state)[0]


def score(state: DealState) -> tuple[dict[str, int], dict[str, Any], tuple[ScoreItem, ...]]:
    """``(tricks, score, breakdown)`` of a finished deal, without match effects (game bonuses)."""
    items = score_items(state)
    return tricks_of(state), totals(state.ruleset.columns, items, by_seat(state)), tuple(items)
