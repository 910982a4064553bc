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
from .notation import DECK, SEATS, SIDES, SUITS, TRUMP_STRAINS, Card, side_of
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
    return {side: _holding_facts(hands[k], hands[k + 2], trump) for k, side in enumerate(SIDES)}


def _holding_facts(first: frozenset[Card], second: frozenset[Card], trump: int) -> dict[str, int]:
    """The holding facts of one side from its two hands (``trump``: the trump suit's index, or -1)."""
    aces = honours = three_ace_hands = four_ace_hands = runs = trump_runs = 0
    for hand in (first, second):
        mask = card_mask(hand)
        hand_aces = (mask & ACE_BITS).bit_count()
        aces += hand_aces
        three_ace_hands += hand_aces == 3
        four_ace_hands += hand_aces == 4
        if hand_aces:  # a run from the ace down needs the ace: SEQUENCE_EXTRA is 0 for a suit without it
            runs += (SEQUENCE_EXTRA[mask & SUIT_BITS] + SEQUENCE_EXTRA[(mask >> 13) & SUIT_BITS]
                     + SEQUENCE_EXTRA[(mask >> 26) & SUIT_BITS] + SEQUENCE_EXTRA[mask >> 39])
        if trump >= 0:
            trumps = (mask >> 13 * trump) & SUIT_BITS
            honours += (trumps & HONOUR_BITS).bit_count()
            trump_runs += SEQUENCE_EXTRA[trumps]
    return {"own_aces": aces, "own_trump_honours": honours, "own_three_ace_hands": three_ace_hands,
            "own_four_ace_hands": four_ace_hands, "own_sequence_cards": runs - trump_runs,
            "own_trump_sequence_cards": trump_runs}


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


def main_side(state: DealState) -> str | None:
    """The main pair: the declarer's side (None when no contract was played)."""
    return state.main_side if state.contract is not None else None


def side_facts(state: DealState, tricks: dict[str, int] | None = None) -> dict[str, Facts]:
    """Each side's facts, derived facts included (``name`` and ``opp_name``); ``tricks``: the deal's
    :func:`side_tricks`, when already counted.

    The holding facts are filled in up front when a derived fact reads them (derived facts are computed for
    every deal: :attr:`~skruuvi.ruleset.Ruleset.derived_reads`), else computed only if a rule asks for them,
    like the ace ordinals.
    """
    if tricks is None:
        tricks = side_tricks(state)
    facts = deal_facts(state, tricks)
    main = main_side(state)
    on_demand = _OnDemand(state)
    holdings = not HOLDING_READS.isdisjoint(state.ruleset.derived_reads)
    per_side = {}
    for side in SIDES:
        env = Facts(facts, side, on_demand)
        env["own_tricks"], env["opp_tricks"], env["is_main"] = tricks[side], tricks[OTHER[side]], side == main
        if holdings:
            env.update(on_demand.holding(side), opp_aces=on_demand.holding(OTHER[side])["own_aces"])
        per_side[side] = env
    ns, ew = per_side["NS"], per_side["EW"]
    for derived in state.ruleset.derived:
        name, opp_name = derived.name, "opp_" + derived.name
        ns[name] = ew[opp_name] = derived.value(ns)
        ew[name] = ns[opp_name] = derived.value(ew)
    return per_side


def winner_side(state: DealState, facts: dict[str, Any]) -> str | None:
    """The deal's winner: the main pair if it made its contract, else the defenders (None without one)."""
    main = main_side(state)
    if main is None:
        return None
    return main if facts["made"] else OTHER[main]


def _targets(main: str | None) -> dict[str, tuple[str, ...]]:
    """The sides each ``to`` of a rule scores, given the deal's main pair (``declarer-against-each``
    aside)."""
    pairs: tuple[str, ...] = () if main is None else (main,)
    defenders: tuple[str, ...] = () if main is None else (OTHER[main],)
    return {"each": SIDES, "main": pairs, "defenders": defenders, "NS": ("NS",), "EW": ("EW",)}


TARGETS = {main: _targets(main) for main in (None, *SIDES)}
"""Per main pair (None without a contract), the sides scored by each ``to`` of a rule."""


def score_items(state: DealState, only_column: str | None = None,
                tricks: dict[str, int] | None = None) -> list[ScoreItem]:
    """Every scoring item of the deal (``column`` of each item is its rule's column); ``tricks``: the
    deal's :func:`side_tricks`, when already counted."""
    ruleset = state.ruleset
    per_side = side_facts(state, tricks)
    facts = per_side["NS"]
    winner = winner_side(state, facts)
    targets = TARGETS[main_side(state)]
    negate = ruleset.scoring_params["defenders_receive"] == "negation"
    multiplier, scale = facts["multiplier"], ruleset.scale
    items: list[ScoreItem] = []
    for rule in ruleset.schemes[state.form.scheme]:
        if only_column is not None and rule.column != only_column:
            continue
        if rule.to == "declarer-against-each":
            items.extend(_one_against_each(state, rule, facts))
            continue
        for side in targets[rule.to]:
            env = per_side[side]
            if rule.when is not None and not rule.when(env):
                continue
            points = rule.points(env)
            if type(points) is not int:  # not a bool either
                raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=ruleset.path)
            if rule.multiplied is True or (rule.multiplied == "winner" and side == winner):
                points *= multiplier
            points *= scale
            if points == 0:
                continue
            items.append(ScoreItem(rule.id, side, points, rule.column))
            if negate and rule.to == "main":
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
