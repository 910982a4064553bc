"""Corrupted deals, one for each check the deal builder makes (DESIGN §3, INTERPRETING §4.1).

:func:`skruuvi.interpreter.deal.deal_values` and, in rulesets with games, :func:`skruuvi.interpreter.games.
position_from` judge a record's ``deal`` before any action is read. Each check has a corruption here that
reaches it (a deal that passes every earlier check and fails this one), and a few deals sit just inside a
limit (a centre position the ruleset allows at the edge of the pack, the longest run of centre positions
it allows, a ``deal.state`` running count one below the threshold). :func:`checks` lists them in a fixed
order; each entry names the corruption, says whether the deal it makes is valid, and builds it from a valid
deal (the hands form or the deck form, whichever it needs), or gives ``None`` where the ruleset offers no
such deal (e.g. no forbidden position, or no form without centre cards).

The checks, in the order the builder makes them (:func:`checks` lists the corruptions in that order): the
form is a dealt form; the dealer a seat; exactly one of ``hands`` and ``deck``, with no field of the other;
``hands`` names N E S W; every card a card name; a deck of 52; ``centre_positions`` as many distinct integers
0-51 as the form has centre cards (not ``5.0``, ``"5"``, ``true`` or ``null``), none forbidden, no run longer
than allowed; each hand and the centre the form's size; the 52 different cards; and, in a ruleset with
games, ``deal.state``: mappings of whole numbers 0 or more, running counts below the threshold (a ruleset
without games ignores the state).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from ..rules.notation import SEATS
from ..rules.ruleset import Ruleset
from .strategies import positions_ok

Deal = dict[str, Any]
Build = Callable[[Deal, Ruleset, random.Random], Deal | None]


class Check(NamedTuple):
    """A corruption: its name, whether the deal it makes is valid, which shape of valid deal it starts from
    (``hands`` or ``deck``: a dealt form with centre cards in either form; ``centreless-hands`` or
    ``centreless-deck``: one without, a kotka) and how it is made."""

    name: str
    valid: bool
    shape: str
    build: Build


def _forbidden(ruleset: Ruleset) -> set[int]:
    named = {"first": 0, "last": 51}
    return {named.get(p, p) for p in ruleset.deal_params.get("centre_forbidden_positions", [])}


def _edit(change: Callable[[Deal, Ruleset, random.Random], bool | None]) -> Build:
    """A build that changes a copy of the deal in place (``False`` from ``change``: not applicable)."""

    def build(deal: Deal, ruleset: Ruleset, rng: random.Random) -> Deal | None:
        out = copy.deepcopy(deal)
        return None if change(out, ruleset, rng) is False else out

    return build


def _set(key: str, value: Any) -> Build:
    def change(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
        deal[key] = value

    return _edit(change)


def _form_not_dealt(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    names = [name for name, form in ruleset.forms.items() if not form.dealt]
    if not names:
        return False
    deal["form"] = rng.choice(names)
    return None


def _form_sizes_differ(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    """The deal named as another dealt form whose hands are another size (alkupeli cards named a kotka)."""
    size = ruleset.forms[deal["form"]].params["hand_size"]
    others = [n for n, f in ruleset.forms.items() if f.dealt and f.params["hand_size"] != size]
    if not others:
        return False
    deal["form"] = others[0]
    return None


def _hands_seat_lowercase(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    seat = rng.choice(SEATS)
    deal["hands"][seat.lower()] = deal["hands"].pop(seat)


def _hand_not_a_card(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    hand = deal["hands"][rng.choice(SEATS)]
    card = hand[0]
    hand[0] = rng.choice([card.lower(), "10" + card[1], card[0] + "X", "", card[::-1]])


def _hand_long(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    """A card moved from one hand to another: the hands still hold the 52 cards, two are the wrong size."""
    a = rng.choice(SEATS)
    deal["hands"][a].append(deal["hands"][rng.choice([s for s in SEATS if s != a])].pop())


def _hand_takes_centre_card(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal.get("centre"):
        return False
    deal["hands"][rng.choice(SEATS)].append(deal["centre"].pop())
    return None


def _duplicate_across_hands(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    a, b = rng.sample(SEATS, 2)
    hands = deal["hands"]
    hands[a][rng.randrange(len(hands[a]))] = hands[b][rng.randrange(len(hands[b]))]


def _duplicate_in_hand(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    hand = deal["hands"][rng.choice(SEATS)]
    hand[1] = hand[0]


def _centre_short(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal.get("centre"):
        return False
    deal["centre"].pop(rng.randrange(len(deal["centre"])))
    return None


def _centre_long(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if "centre" not in deal:
        return False
    deal["centre"].append(deal["hands"][rng.choice(SEATS)][0])  # a card of a hand dealt again, as a fifth
    return None


def _centre_missing(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if "centre" not in deal:
        return False
    del deal["centre"]
    return None


def _centre_in_centreless(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if "centre" in deal:
        return False
    deal["centre"] = [deal["hands"][s][0] for s in SEATS]  # a kotka's four hands of 13 plus a centre
    return None


def _centre_not_a_card(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal.get("centre"):
        return False
    deal["centre"][0] = rng.choice(["XX", "1S", "as"])
    return None


def _duplicate_centre(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal.get("centre"):
        return False
    deal["centre"][0] = deal["hands"][rng.choice(SEATS)][0]
    return None


def _both_forms(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    cards = [c for s in SEATS for c in deal["hands"][s]] + deal.get("centre", [])
    deal["deck"] = cards
    deal["centre_positions"] = list(range(48, 48 + len(deal.get("centre", []))))


def _deck_with_centre(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    deal["centre"] = [deal["deck"][p] for p in deal["centre_positions"]]


def _neither_form(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    del deal["hands"]
    deal.pop("centre", None)


def _hands_with_positions(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    deal["centre_positions"] = sorted(rng.sample(range(1, 51), len(deal.get("centre", []))))


def _deck_duplicate(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    a, b = rng.sample(range(52), 2)
    deal["deck"][a] = deal["deck"][b]


def _positions_missing(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal["centre_positions"]:
        return False
    del deal["centre_positions"]
    return None


def _free_position(deal: Deal, ruleset: Ruleset, rng: random.Random) -> int:
    """A position that keeps the positions valid when added (not forbidden, no run made longer)."""
    while True:
        p = rng.randrange(52)
        if p not in deal["centre_positions"] and positions_ok(ruleset, [*deal["centre_positions"], p]):
            return p


def _positions_too_many(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    deal["centre_positions"].append(_free_position(deal, ruleset, rng))


def _deck_not_a_card(deal: Deal, ruleset: Ruleset, rng: random.Random) -> None:
    deal["deck"][rng.randrange(52)] = rng.choice(["XX", "1S", "as", "10H"])


def _positions_too_few(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if not deal["centre_positions"]:
        return False
    deal["centre_positions"].pop(rng.randrange(len(deal["centre_positions"])))
    return None


def _replace_position(value: Callable[[int, random.Random], Any]) -> Build:
    def change(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
        positions = deal["centre_positions"]
        if not positions:
            return False
        i = rng.randrange(len(positions))
        positions[i] = value(positions[i], rng)
        return None

    return _edit(change)


def _position_duplicate(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    positions = deal["centre_positions"]
    if len(positions) < 2:
        return False
    positions[1] = positions[0]
    return None


def _positions_in_centreless(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    if deal["centre_positions"]:
        return False
    deal["centre_positions"] = [rng.randrange(1, 51)]
    return None


def _position_at(edge: int, valid: bool) -> Build:
    """One position moved to ``edge`` (0 or 51): where the ruleset forbids it (``valid`` false) or allows it."""

    def change(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
        positions = deal["centre_positions"]
        if not positions or (edge in _forbidden(ruleset)) == valid:
            return False
        for i in rng.sample(range(len(positions)), len(positions)):
            trial = [*positions[:i], edge, *positions[i + 1:]]
            if edge not in positions and (not valid or positions_ok(ruleset, trial)):
                positions[i] = edge
                return None
        return False

    return _edit(change)


def _run(longer: bool) -> Build:
    """Centre positions with a run one longer than the ruleset allows (``longer``), or exactly as long."""

    def change(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
        n = len(deal["centre_positions"])
        limit = int(ruleset.deal_params.get("centre_max_consecutive", 52))
        length = limit + 1 if longer else limit
        if n == 0 or length > n or length < 2:
            return False
        forbidden = _forbidden(ruleset)
        for _ in range(200):
            start = rng.randrange(52 - length + 1)
            run = list(range(start, start + length))
            rest = [p for p in range(52) if p not in run and abs(p - start) > 1 and abs(p - run[-1]) > 1]
            chosen = run + rng.sample(rest, n - length)
            ok_rest = positions_ok(ruleset, chosen[length:]) if n > length else True
            if not forbidden & set(chosen) and ok_rest and (longer or positions_ok(ruleset, chosen)):
                deal["centre_positions"] = chosen
                return None
        return False

    return _edit(change)


# ---------------------------------------------------------------------------------------------- deal.state


def _state(value: dict[str, Any] | Callable[[int], Any], *, games: bool = True) -> Callable[[Ruleset], Build]:
    """A ``deal.state`` (a mapping, or made from the ruleset's game threshold) added to the deal; ``games``:
    only in a ruleset whose matches have games."""

    def for_ruleset(ruleset: Ruleset) -> Build:
        def change(deal: Deal, rs: Ruleset, rng: random.Random) -> bool | None:
            has_games = rs.match is not None and rs.match.has_games
            if has_games != games:
                return False
            threshold = rs.game_threshold if has_games else 60
            deal["state"] = value(threshold) if callable(value) else copy.deepcopy(value)
            return None

        return _edit(change)

    return for_ruleset


def _running(ns: Any) -> Callable[[int], Any]:
    return lambda threshold: {"running": {"NS": ns(threshold) if callable(ns) else ns, "EW": 0}}


_STATES: list[tuple[str, bool, Callable[[Ruleset], Build]]] = [
    ("state-running-not-mapping", False, _state({"running": 30})),
    ("state-running-at-threshold", False, _state(_running(lambda t: t))),
    ("state-running-above-threshold", False, _state(_running(lambda t: t + 15))),
    ("state-running-below-threshold", True, _state(lambda t: {"running": {"NS": t - 1, "EW": t - 1}})),
    ("state-running-negative", False, _state(_running(-1))),
    ("state-running-fraction", False, _state(_running(5.5))),  # (not 5.0: a reader may take it for 5, DESIGN §3)
    ("state-running-string", False, _state(_running("5"))),
    ("state-running-bool", False, _state(_running(True))),
    ("state-games-not-mapping", False, _state({"running": {"NS": 0, "EW": 0}, "games": 1})),
    ("state-games-negative", False, _state({"games": {"NS": 0, "EW": -1}})),
    ("state-games-fraction", False, _state({"games": {"NS": 1.5, "EW": 0}})),
    ("state-ignored", True, _state({"running": 30, "games": {"NS": -1}}, games=False)),
]


def checks(ruleset: Ruleset) -> list[Check]:
    """The corruptions (and the valid deals at the limits) for ``ruleset``, in a fixed order."""
    out = [
        Check("form-unknown", False, "hands", _set("form", "skruuvi")),
        Check("form-not-dealt", False, "hands", _edit(_form_not_dealt)),
        Check("form-wrong-case", False, "hands", _edit(lambda d, r, g: d.update(form=d["form"].upper()))),
        Check("dealer-unknown", False, "hands", _set("dealer", "X")),
        Check("dealer-lowercase", False, "deck", _edit(lambda d, r, g: d.update(dealer=d["dealer"].lower()))),
        Check("dealer-empty", False, "hands", _set("dealer", "")),
        Check("both-forms", False, "hands", _edit(_both_forms)),
        Check("neither-form", False, "hands", _edit(_neither_form)),
        Check("hands-with-positions", False, "hands", _edit(_hands_with_positions)),
        Check("deck-with-centre", False, "deck", _edit(_deck_with_centre)),
        Check("hands-missing-seat", False, "hands", _edit(lambda d, r, g: d["hands"].pop(g.choice(SEATS)))),
        Check("hands-extra-seat", False, "hands", _edit(lambda d, r, g: d["hands"].update(X=[]))),
        Check("hands-seat-lowercase", False, "hands", _edit(_hands_seat_lowercase)),
        Check("hand-not-a-card", False, "hands", _edit(_hand_not_a_card)),
        Check("centre-not-a-card", False, "hands", _edit(_centre_not_a_card)),
        Check("deck-not-a-card", False, "deck", _edit(_deck_not_a_card)),
        Check("deck-short", False, "deck", _edit(lambda d, r, g: d["deck"].pop())),
        Check("deck-long", False, "deck", _edit(lambda d, r, g: d["deck"].append(d["deck"][g.randrange(52)]))),
        Check("positions-missing", False, "deck", _edit(_positions_missing)),
        Check("positions-too-few", False, "deck", _edit(_positions_too_few)),
        Check("positions-too-many", False, "deck", _edit(_positions_too_many)),
        Check("position-negative", False, "deck", _replace_position(lambda p, g: g.choice([-1, -5, p - 52]))),
        Check("position-52", False, "deck", _replace_position(lambda p, g: g.choice([52, 53, p + 52]))),
        Check("position-fraction", False, "deck", _replace_position(lambda p, g: p + 0.5)),
        Check("position-string", False, "deck", _replace_position(lambda p, g: str(p))),
        Check("position-bool", False, "deck", _replace_position(lambda p, g: True)),
        Check("position-null", False, "deck", _replace_position(lambda p, g: None)),
        Check("position-duplicate", False, "deck", _edit(_position_duplicate)),
        Check("positions-in-centreless-form", False, "centreless-deck", _edit(_positions_in_centreless)),
        Check("position-forbidden-first", False, "deck", _position_at(0, valid=False)),
        Check("position-forbidden-last", False, "deck", _position_at(51, valid=False)),
        Check("positions-consecutive", False, "deck", _run(longer=True)),
        Check("hand-short", False, "hands", _edit(lambda d, r, g: d["hands"][g.choice(SEATS)].pop())),
        Check("hand-long", False, "hands", _edit(_hand_long)),
        Check("hand-takes-centre-card", False, "hands", _edit(_hand_takes_centre_card)),
        Check("form-sizes-differ", False, "hands", _edit(_form_sizes_differ)),
        Check("centre-short", False, "hands", _edit(_centre_short)),
        Check("centre-long", False, "hands", _edit(_centre_long)),
        Check("centre-missing", False, "hands", _edit(_centre_missing)),
        Check("centre-in-centreless-form", False, "centreless-hands", _edit(_centre_in_centreless)),
        Check("duplicate-across-hands", False, "hands", _edit(_duplicate_across_hands)),
        Check("duplicate-in-hand", False, "hands", _edit(_duplicate_in_hand)),
        Check("duplicate-centre", False, "hands", _edit(_duplicate_centre)),
        Check("deck-duplicate", False, "deck", _edit(_deck_duplicate)),
        Check("position-allowed-first", True, "deck", _position_at(0, valid=True)),
        Check("position-allowed-last", True, "deck", _position_at(51, valid=True)),
        Check("positions-longest-run", True, "deck", _run(longer=False)),
        Check("deck-centreless-no-positions", True, "centreless-deck", _edit(_positions_missing_ok)),
    ]
    out += [Check(name, valid, "hands", make(ruleset)) for name, valid, make in _STATES]
    return out


def _positions_missing_ok(deal: Deal, ruleset: Ruleset, rng: random.Random) -> bool | None:
    """A deck deal of a form without centre cards that leaves out ``centre_positions`` (none are needed)."""
    if deal["centre_positions"]:
        return False
    del deal["centre_positions"]
    return None


__all__ = ["Check", "checks"]
