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

from typing import Any

from .batch import card_mask
from .errors import RulesetError
from .notation import DECK, SEATS, SIDES, SUITS, TRUMP_STRAINS, side_of
from .outcome import ScoreItem
from .state import DealState

OTHER = {"NS": "EW", "EW": "NS"}
ACES = frozenset(card for card in DECK if card.rank == 14)


def side_tricks(state: DealState) -> dict[str, int]:
    """Tricks won by each side."""
    ns = [trick.winner % 2 for trick in state.tricks].count(0)  # seats 0 and 2 are NS
    return {"NS": ns, "EW": len(state.tricks) - ns}


def _ace_ordinals(state: DealState) -> dict[str, int]:
    """Per side, the sum of the numbers of the tricks it won, once per ace in the trick."""
    ordinals = [0, 0]  # NS, EW
    for trick in state.tricks:
        if not ACES.isdisjoint(trick.cards):
            ordinals[trick.winner % 2] += trick.number * len(ACES.intersection(trick.cards))
    return {"NS": ordinals[0], "EW": ordinals[1]}


def seat_tricks(state: DealState) -> dict[str, int]:
    """Tricks won by each seat."""
    won = dict.fromkeys(SEATS, 0)
    for trick in state.tricks:
        won[SEATS[trick.winner]] += 1
    return won


def by_seat(state: DealState) -> bool:
    """Whether the form is played one against three (tricks and scores per seat, not per side)."""
    return state.form.params.get("scoring_unit") == "seat"


SUIT_BITS = 0x1FFF  # a suit's 13 bits in a card mask (bit 0 the two, bit 12 the ace)
HONOUR_BITS = 0x1F00  # the ten, jack, queen, king and ace of a suit
ACE_BITS = card_mask(ACES)


def _run_from_ace(suit_bits: int) -> int:
    """How many cards run from the ace down in one suit's 13 bits (0 without the ace)."""
    return 13 - (~suit_bits & SUIT_BITS).bit_length()  # the highest card missing ends the run


SEQUENCE_EXTRA: tuple[int, ...] = tuple(max(_run_from_ace(bits) - 2, 0) for bits in range(SUIT_BITS + 1))
"""Per suit's 13 bits, the cards from the third on of its run from the ace down (a table: read once per suit
of every hand that is scored)."""

HOLDING_FACTS = ("own_aces", "own_trump_honours", "own_three_ace_hands", "own_four_ace_hands",
                 "own_sequence_cards", "own_trump_sequence_cards")


def _holding_facts_of_sides(state: DealState) -> dict[str, dict[str, int]]:
    """Per side, facts about the cards it held when play began (crowns, sequences, honours).

    Both sides at once: each hand is read once, as a card mask (a card's code is 13 * its suit's index +
    its rank - 2, so a suit is 13 consecutive bits)."""
    contract = state.contract
    trump = SUITS.index(contract.strain) if contract is not None and contract.strain in TRUMP_STRAINS else -1
    hands = state.play_hands or state.hands
    counts = [[0] * len(HOLDING_FACTS), [0] * len(HOLDING_FACTS)]  # NS, EW; in the order of HOLDING_FACTS
    for seat in range(4):
        mask = card_mask(hands[seat])
        own = counts[seat % 2]  # seats 0 and 2 are NS
        aces = (mask & ACE_BITS).bit_count()
        own[0] += aces
        own[2] += aces == 3
        own[3] += aces == 4
        ace_bits = mask & ACE_BITS
        while ace_bits:  # a run from the ace down needs the ace: only the suits whose ace the hand holds
            ace = ace_bits & -ace_bits
            ace_bits ^= ace
            i = ace.bit_length() // 13 - 1  # the ace of suit i is bit 13 * i + 12
            extra = SEQUENCE_EXTRA[(mask >> 13 * i) & SUIT_BITS]
            if extra:
                own[5 if i == trump else 4] += extra
        if trump >= 0:
            own[1] += ((mask >> 13 * trump) & HONOUR_BITS).bit_count()
    return {side: dict(zip(HOLDING_FACTS, counts[k], strict=True)) for k, side in enumerate(SIDES)}


class _OnDemand:
    """The facts of a deal that few rules use, computed the first time a rule asks for them: the hands
    when play began (per side) and the ace ordinals of the tricks."""

    def __init__(self, state: DealState) -> None:
        self.state = state
        self.holdings: dict[str, dict[str, int]] = {}
        self.ordinals: dict[str, int] | None = None

    def holding(self, side: str) -> dict[str, int]:
        if not self.holdings:
            self.holdings = _holding_facts_of_sides(self.state)
        return self.holdings[side]

    def fact(self, side: str, key: str) -> Any:
        """The fact ``key`` seen from ``side``; ``KeyError`` if it is none of these."""
        if key in ("own_ace_ordinals", "opp_ace_ordinals"):
            if self.ordinals is None:
                self.ordinals = _ace_ordinals(self.state)
            return self.ordinals[side if key == "own_ace_ordinals" else OTHER[side]]
        if key == "opp_aces":
            return self.holding(OTHER[side])["own_aces"]
        return self.holding(side)[key]


class Facts(dict[str, Any]):
    """The facts of one side; holding facts and ace ordinals are computed only when a rule asks for them."""

    def __init__(self, base: dict[str, Any], side: str, on_demand: _OnDemand) -> None:
        super().__init__(base)
        self._side = side
        self._on_demand = on_demand

    def __missing__(self, key: str) -> Any:
        value = self._on_demand.fact(self._side, key)
        self[key] = value
        return value


def deal_facts(state: DealState, tricks: dict[str, int] | None = None) -> dict[str, Any]:
    """The side-independent facts of a finished (or partly played) deal (``tricks``: its
    :func:`side_tricks`, when already counted)."""
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
            won = (side_tricks(state) if tricks is None else tricks)[side_of(state.declarer)]
        facts["level"], facts["kind"] = contract.level, contract.kind
        margin = (7 - contract.level) - won if contract.kind == "misere" else won - (6 + contract.level)
        facts["made"] = margin >= 0
        facts["overtricks"] = max(margin, 0)
        facts["undertricks"] = max(-margin, 0)
    return facts


HOLDING_READS = frozenset(HOLDING_FACTS) | {"opp_aces"}


def side_facts(state: DealState) -> dict[str, Facts]:
    """Each side's facts, derived facts included (``name`` and ``opp_name``).

    The holding facts are filled in up front when a derived fact reads them (derived facts are computed for
    every deal: :attr:`~skruuvi.ruleset.Ruleset.derived_reads`), else computed only if a rule asks for them,
    like the ace ordinals.
    """
    tricks = side_tricks(state)
    facts = deal_facts(state, tricks)
    main = state.main_side if state.contract is not None else None
    on_demand = _OnDemand(state)
    holdings = not HOLDING_READS.isdisjoint(state.ruleset.derived_reads)
    per_side = {}
    for side in SIDES:
        base = {**facts, "own_tricks": tricks[side], "opp_tricks": tricks[OTHER[side]], "is_main": side == main}
        if holdings:
            base.update(on_demand.holding(side), opp_aces=on_demand.holding(OTHER[side])["own_aces"])
        per_side[side] = Facts(base, side, on_demand)
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
    return seat_tricks(state) if by_seat(state) else side_tricks(state)


def score(state: DealState) -> tuple[dict[str, int], dict[str, Any], tuple[ScoreItem, ...]]:
    """``(tricks, score, breakdown)`` of a finished deal, without match effects (game bonuses)."""
    items = score_items(state)
    return tricks_of(state), totals(state.ruleset.columns, items, by_seat(state)), tuple(items)
