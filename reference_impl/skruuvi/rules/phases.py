"""The phase vocabulary: the mechanisms a ruleset's phases may name, and what each needs from its rules.

A ruleset's phase says ``mechanism: play`` and sets the mechanism's parameters through its rules
(``param: lead``). This table is the language those phases are written in, as a JSON Schema dialect is a
table of keywords: the compiler (:mod:`skruuvi.rules.ruleset`) checks every phase against it, and the
interpreter's mechanisms (:mod:`skruuvi.interpreter.mechanisms`, one module per name here) read the
parameters it lists. It is data, with no interpreter in it, so that the rules layer never imports the
interpreter.

A seat reference (``declarer-left``, ``forehand``, ...) names a seat by the seat it counts from, a field of
the deal's state, and how many seats on clockwise from there (:data:`SEAT_REFS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class SeatRef(NamedTuple):
    """A seat reference as data: the seat it counts from (a field of the state) and how many seats on
    clockwise from there (1 the left-hand player, 2 the partner, 3 the right-hand player)."""

    anchor: str
    turns: int


SEAT_REFS: dict[str, SeatRef] = {
    "dealer": SeatRef("dealer", 0),
    "forehand": SeatRef("dealer", 1),
    "dealer-partner": SeatRef("dealer", 2),
    "dealer-right": SeatRef("dealer", 3),
    "highest-bidder": SeatRef("highest_bidder", 0),
    "highest-bidder-partner": SeatRef("highest_bidder", 2),
    "declarer": SeatRef("declarer", 0),
    "declarer-left": SeatRef("declarer", 1),
    "declarer-right": SeatRef("declarer", 3),
    "declarer-partner": SeatRef("declarer", 2),
    "doubler-left": SeatRef("doubler", 1),
    "doubler-left-partner": SeatRef("doubler", 3),
}

CONTRACT_KINDS = frozenset({"trump", "grand", "misere", "none"})
"""The kinds of contract a parameter may be set per (``lead: {trump: declarer-left, misere: ...}``)."""

ParamCheck = Callable[[Mapping[str, Any]], "tuple[str, str] | None"]


# ---------------------------------------------------------------------------------------- parameter kinds


class Kind(NamedTuple):
    """A kind of parameter value: what it must be (words for the error line) and the test of a value.

    The compiler refuses a parameter of the wrong kind (a list or a mapping where a number belongs), so
    that the interpreter, which computes with these values, never meets one.
    """

    words: str
    test: Callable[[Any], bool]

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is not of this kind (None when it is)."""
        return None if self.test(value) else f"must be {self.words}, got {_shown(value)}"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value: Any) -> bool:
    return type(value) is int  # not bool, not float


def _table(value: Any) -> bool:
    return _whole(value) or (isinstance(value, dict) and bool(value) and all(_table(v) for v in value.values()))


def _stages(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(stage, dict) and isinstance(stage.get("form"), str)
        and all(_whole(stage[key]) and stage[key] >= 1 for key in ("deals", "until_games") if key in stage)
        for stage in value
    )


WHOLE = Kind("a whole number", _whole)
POSITIVE = Kind("a whole number >= 1", lambda v: _whole(v) and v >= 1)
FLAG = Kind("true or false", lambda v: type(v) is bool)
WHOLE_LIST = Kind("a non-empty list of whole numbers",
                  lambda v: isinstance(v, list) and bool(v) and all(map(_whole, v)))
TABLE = Kind("a whole number, or a mapping whose every value is a whole number or such a mapping", _table)
"""A scoring table's value (``tables``): expressions compute with what they look up in it."""
STAGES = Kind("a non-empty list of stages {form: name, deals: n} or {form: name, until_games: n} (n >= 1)", _stages)

SECTION_KINDS: dict[str, dict[str, Kind]] = {
    "deal": {"centre_max_consecutive": WHOLE},
    "form": {"hand_size": WHOLE, "centre_cards": WHOLE, "resets_running": FLAG},
    "scoring": {"multipliers": WHOLE_LIST, "scale": POSITIVE},
    "match": {
        "game_threshold": WHOLE, "final_divisor": POSITIVE, "final_rounding": POSITIVE, "stages": STAGES,
        "bolsevikki_round_stages": STAGES, "bolsevikki_round": FLAG, "unwinding": FLAG,
    },
}
"""The kinds of the parameters of the sections that are not phases (``deal``, each form, ``scoring``, ``match``);
a match record's options (agreements) are checked against the same kinds."""


class PhaseVocabulary(NamedTuple):
    """What one mechanism needs from its phase's rules.

    ``params``: the parameters it cannot do without; ``seat_params``: those that are one seat reference (or
    one per contract kind); ``seat_list_params``: those that are a non-empty list of seat references;
    ``choices``: parameters with a closed set of values; ``kinds``: the kind of value (:class:`Kind`) of the
    other parameters it reads, numbers and flags; ``check``: a check of parameters that must work together,
    returning ``(param, why)`` when they do not.
    """

    params: frozenset[str]
    seat_params: frozenset[str] = frozenset()
    seat_list_params: frozenset[str] = frozenset()
    choices: Mapping[str, frozenset[str]] = {}
    kinds: Mapping[str, Kind] = {}
    check: ParamCheck | None = None


# ----------------------------------------------------------------------------------------------- the kitty

TAKER_CHOICE = "taker-choice"
"""The kitty's ``procedure`` when the taker names one of the ``procedures`` (``choose <name>``)."""

DISTRIBUTORS = frozenset({"taker", "partner"})


def member(value: Any, allowed: Any) -> bool:
    """``value in allowed``, False (not a TypeError) for an unhashable value such as a list or a mapping."""
    try:
        return value in allowed
    except TypeError:
        return False


def _procedure_problem(procedure: Any) -> str | None:
    if not isinstance(procedure, dict):
        return "must be {to_partner: n, distribution: {distributor: taker|partner, each: n}}"
    to_partner = procedure.get("to_partner")
    if not isinstance(to_partner, int) or isinstance(to_partner, bool) or to_partner < 0:
        return "to_partner must be a whole number of cards >= 0"
    distribution = procedure.get("distribution")
    if (
        not isinstance(distribution, dict)
        or not member(distribution.get("distributor"), DISTRIBUTORS)
        or not isinstance(distribution.get("each"), int)
        or distribution["each"] < 1
    ):
        return "distribution must be {distributor: taker|partner, each: a whole number of cards >= 1}"
    return None


def _level_problem(value: Any) -> str | None:
    """Why ``value`` is not a bid level 1-7 (None when it is one)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 7:
        return "must be a bid level from 1 to 7"
    return None


KITTY_BAN = "banned_if_other_side_first_bid"
"""The kitty's optional ban: ``{at_least: level, table_cards_from: seat reference}`` or null."""


def _kitty_ban_problem(ban: Any) -> str | None:
    if ban is None:
        return None
    if not isinstance(ban, dict) or set(ban) != {"at_least", "table_cards_from"}:
        return "must be null or {at_least: level, table_cards_from: seat reference}"
    if ban["table_cards_from"] not in SEAT_REFS:
        return f"table_cards_from must be one of: {', '.join(SEAT_REFS)}"
    return _level_problem(ban["at_least"])


def check_kitty(params: Mapping[str, Any]) -> tuple[str, str] | None:
    """A kitty has either ``to_partner`` and ``distribution``, or ``procedures`` and ``procedure`` (a
    procedure's name, or :data:`TAKER_CHOICE`); its optional ban is null or a level and a seat."""
    problem = _kitty_ban_problem(params.get(KITTY_BAN))
    if problem:
        return KITTY_BAN, problem
    if "procedures" in params or "procedure" in params:
        procedures = params.get("procedures")
        if not isinstance(procedures, dict) or not procedures:
            return "procedures", "must map procedure names to {to_partner, distribution}"
        for name, procedure in procedures.items():
            problem = _procedure_problem(procedure)
            if problem:
                return "procedures", f"{name}: {problem}"
        if params.get("procedure") not in (*procedures, TAKER_CHOICE):
            return "procedure", f"must be {TAKER_CHOICE} or one of the procedures ({', '.join(procedures)})"
        return None
    for name in ("to_partner", "distribution"):
        if name not in params:
            return "taker", f"needs {name} (or procedures and procedure)"
    problem = _procedure_problem({"to_partner": params["to_partner"], "distribution": params["distribution"]})
    if problem:
        return ("to_partner" if problem.startswith("to_partner") else "distribution"), problem
    return None


MAIN_FIRST_BID_BANS: dict[str, str] = {"defenders_exchange": "banned_if_main_first_bid_at_least"}
"""For a mechanism whose phase is skipped when the main pair's first bid had at least some level: the parameter that
sets the level. The main pair always has a first bid (its highest bidder's, in the form's first auction), so in a form
whose first auction takes no bid below that level the phase is never played (:func:`skruuvi.rules.reach.never_played`:
the defenders' exchange of a kotka)."""

PAIR_SWAP_BAN = "banned_if_other_side_first_bid_at_least"
"""The pair swap's optional ban: a bid level, or null."""


def check_pair_swap(params: Mapping[str, Any]) -> tuple[str, str] | None:
    """The pair swap's optional ban is null or a bid level."""
    ban = params.get(PAIR_SWAP_BAN)
    problem = None if ban is None else _level_problem(ban)
    return (PAIR_SWAP_BAN, problem) if problem else None


# ------------------------------------------------------------------------------------------ the vocabulary

PHASES: dict[str, PhaseVocabulary] = {
    "auction": PhaseVocabulary(
        params=frozenset({"first", "bidders", "end_after_passes"}),
        seat_params=frozenset({"first"}),
        choices={
            "bidders": frozenset({"all", "main-pair"}),
            "final_min_passes": frozenset({"ending-pass", "every-pass"}),
            "equal_bids": frozenset({"rejected", "first-chooses"}),
        },
        kinds={"end_after_passes": WHOLE, "min_level": WHOLE, "final_min_level": WHOLE, "single_round": FLAG},
    ),
    "kitty": PhaseVocabulary(
        params=frozenset({"taker", "distribute_order"}),
        seat_params=frozenset({"taker"}),
        choices={"distribute_order": frozenset({"clockwise-from-left", "any-order"})},
        check=check_kitty,
    ),
    "defenders_exchange": PhaseVocabulary(
        params=frozenset({"first", "return_must_differ", "banned_if_main_first_bid_at_least"}),
        seat_params=frozenset({"first"}),
        choices={"banned_by_first_bid_of": frozenset({"main", "either"}),
                 "exchange": frozenset({"optional", "compulsory"})},
        kinds={"banned_if_main_first_bid_at_least": WHOLE, "return_must_differ": FLAG},
    ),
    "doubling": PhaseVocabulary(
        params=frozenset({"doublers", "redoublers"}),
        seat_list_params=frozenset({"doublers", "redoublers"}),
    ),
    "play": PhaseVocabulary(params=frozenset({"lead"}), seat_params=frozenset({"lead"})),
    "centre_deal": PhaseVocabulary(params=frozenset({"start"}), seat_params=frozenset({"start"})),
    "partner_exchange": PhaseVocabulary(
        params=frozenset({"givers", "return_must_differ"}),
        seat_list_params=frozenset({"givers"}),
        choices={"return_order": frozenset({"same", "reverse"})},
        kinds={"return_must_differ": FLAG},
    ),
    "pair_swap": PhaseVocabulary(
        params=frozenset({"giver", "count"}), seat_params=frozenset({"giver"}), kinds={"count": WHOLE},
        check=check_pair_swap,
    ),
}
"""Every mechanism a phase may name, and what it needs (the interpreter has one mechanism per entry)."""
