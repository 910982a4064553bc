"""The kinds of generated record, and the whole generated suite of a ruleset: ``generate_suite``.

:func:`skruuvi.authoring.generate.generate` makes the first two kinds, ``deals`` (legal deals played by the
bots) and ``invalid`` (single corrupted actions, truncations, a few corrupted deals). The kinds here follow
them, in this order, each from its own random stream (so that the records before them keep their bytes):

* ``states``: legal single deals of a ruleset with games that start from a carried ``deal.state`` (running
  counts, often near the threshold, and games won), in every shape the record may give it (both fields, one,
  a side left out);
* ``deal-checks``: :mod:`skruuvi.authoring.deal_checks`, a corrupted deal for every check of the deal
  builder (and the valid deals at its limits), ``rounds`` times each;
* ``matches``: match records played by the bots (a 1895 rubber, a 1944 set, a 2016 sitsi, under each of its
  agreements in turn), and corrupted ones: an illegal action inside a deal, a deal left incomplete, the
  match stopped early or overrun, a wrong dealer, a wrong form, a corrupted deal and, where the players
  change partners, wrong seats.

Every expectation is the reference interpreter's answer, justified as ``two-implementations`` (the oracle
must agree); the same arguments give the same bytes.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from ..interpreter.replay import replay
from ..rules.notation import DECK, SEATS
from ..rules.ruleset import Ruleset
from . import KINDS, bots, deal_checks
from .generate import JUSTIFICATION, _candidates, _code, _finish, _states, generate
from .strategies import deal_mapping, random_positions

BASE_KINDS = frozenset({"deals", "invalid"})
"""The kinds :func:`skruuvi.authoring.generate.generate` makes (together: the legal deals are the others' base)."""

SITSI_OPTIONS: tuple[dict[str, Any] | None, ...] = (
    None,
    {"stages": [{"form": "alkupeli", "deals": 2}, {"form": "kotka", "deals": 2}]},
    {"stages": [{"form": "alkupeli", "deals": 1}, {"form": "kotka", "deals": 1}], "unwinding": True},
    {"stages": [{"form": "alkupeli", "deals": 1}], "bolsevikki_round": True},
    {"players": ["A", "B", "C", "D", "E"],
     "partnerships": [[["A", "B"], ["C", "D"]], [["A", "C"], ["B", "E"]], [["A", "E"], ["B", "D"]],
                      [["A", "D"], ["C", "E"]], [["B", "C"], ["D", "E"]]],
     "stages": [{"form": "alkupeli", "deals": 1}, {"form": "kotka", "deals": 1}]},
)
"""The agreements the 2016 sitsi records take in turn (each ruleset's match takes only the ones it lists in
``agreements``): the ruleset's own structure, shorter blocks, a one-deal stage with the blocks unwound, the
bolsevikki round, five players."""


# ---------------------------------------------------------------------------------------------- states


def _running_value(rng: random.Random, threshold: int) -> int:
    """A running count below the threshold, near it more often than not (the race to it is what a state tests)."""
    return rng.randrange(max(threshold - 15, 0), threshold) if rng.random() < 0.6 else rng.randrange(threshold)


def random_state(rng: random.Random, threshold: int) -> dict[str, Any]:
    """A ``deal.state`` in one of the shapes a record may give: both fields or one, each side or one."""
    running = {"NS": _running_value(rng, threshold), "EW": _running_value(rng, threshold)}
    games = {"NS": rng.choice((0, 0, 1, 1, 2)), "EW": rng.choice((0, 0, 1, 1, 2))}
    shape = rng.randrange(6)
    if shape == 0:
        return {"running": running}
    if shape == 1:
        return {"games": games}
    if shape == 2:
        return {"running": {side: running[side] for side in [rng.choice(("NS", "EW"))]}, "games": games}
    if shape == 3:
        return {"running": running, "games": {side: games[side] for side in [rng.choice(("NS", "EW"))]}}
    return {"running": running, "games": games}


def _states_kind(ruleset: Ruleset, count: int, seed: int) -> Iterator[dict[str, Any]]:
    if ruleset.match is None or not ruleset.match.has_games:
        return
    rng = random.Random(f"{seed}-states")
    for n in range(count):
        case = bots.random_record(ruleset, rng, case_id=f"gen.{ruleset.era}.{seed}.state-{n:05d}")
        case["deal"]["state"] = random_state(rng, ruleset.game_threshold)
        yield _finish(case, ruleset, "a legal deal played by the seeded bots from a carried set position")


# ---------------------------------------------------------------------------------------------- deal checks


def _base_deal(ruleset: Ruleset, shape: str, rng: random.Random) -> dict[str, Any] | None:
    """A valid deal of the shape a check starts from (None if the ruleset has no such form)."""
    centreless = shape.startswith("centreless")
    forms = [f.name for f in ruleset.forms.values() if f.dealt and (f.params["centre_cards"] == 0) == centreless]
    if not forms:
        return None
    form = rng.choice(forms)
    if shape.endswith("hands"):
        return bots.random_deal(ruleset, rng, form=form)
    cards = [str(c) for c in DECK]
    rng.shuffle(cards)
    return deal_mapping(ruleset, rng.choice(SEATS), cards, form=form, positions=random_positions(rng, ruleset, form))


def _deal_checks_kind(ruleset: Ruleset, rounds: int, seed: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(f"{seed}-deal-checks")
    serial = 0
    for _ in range(rounds):
        for check in deal_checks.checks(ruleset):
            base = _base_deal(ruleset, check.shape, rng)
            if base is None:
                continue
            actions, _ = bots.play_out(ruleset, base, rng)
            deal = check.build(base, ruleset, rng)
            if deal is None:
                continue
            if check.valid:  # a deal at a limit: played by the bots from its own cards
                actions, _ = bots.play_out(ruleset, {k: v for k, v in deal.items() if k != "state"}, rng)
            serial += 1
            kind = "deal" if check.valid else "invalid-deal"
            case = {"id": f"gen.{ruleset.era}.{seed}.{kind}-{check.name}-{serial:05d}", "deal": deal,
                    "actions": actions}
            what = "a deal at a limit of the deal checks" if check.valid else "a deal corrupted"
            yield _finish(case, ruleset, f"{what}: {check.name}")


# ---------------------------------------------------------------------------------------------- matches


def _match_case(ruleset: Ruleset, case_id: str, match: dict[str, Any], description: str) -> dict[str, Any]:
    out = {"id": case_id, "ruleset": ruleset.id, "description": description, "rules": [],
           "justification": JUSTIFICATION, "match": match}
    response = replay(out, ruleset=ruleset).to_response()
    out["expect"] = {"match": response["result"]["match"]} if "result" in response else response
    return out


def _options(ruleset: Ruleset, n: int) -> dict[str, Any] | None:
    assert ruleset.match is not None
    allowed = set(ruleset.match.params.get("agreements") or ())
    usable = [o for o in SITSI_OPTIONS if o is None or set(o) <= allowed]
    return usable[n % len(usable)]


def _with(match: dict[str, Any], deals: list[dict[str, Any]]) -> dict[str, Any]:
    return {**match, "deals": deals}


def _corrupt_action(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    k = rng.randrange(len(deals))
    entry = deals[k]
    states = _states(ruleset, entry)
    positions = list(range(len(entry["actions"])))
    rng.shuffle(positions)
    for i in positions[:6]:  # one of the corruptions of an action that make it illegal, whatever its code
        illegal = [t for t in _candidates(states[i], entry["actions"][i], rng) if _code(states[i], t) is not None]
        if illegal:
            text = rng.choice(illegal)
            entry["actions"][i] = text
            return _with(match, deals[:k + 1]), f"deal {k}, action {i} corrupted: {text!r}"
    return None


def _cut_deal(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    k = rng.randrange(len(deals))
    cut = rng.randrange(len(deals[k]["actions"]))
    deals[k]["actions"] = deals[k]["actions"][:cut]
    return _with(match, deals[:k + 1]), f"deal {k} stops after {cut} actions"


def _stop_early(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    k = rng.randrange(len(match["deals"]))
    return _with(match, copy.deepcopy(match["deals"][:k])), f"the record stops after {k} of its deals"


def _overrun(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    last = deals[-1]["deal"]
    extra = bots.random_deal(ruleset, rng, form=last["form"])
    extra["dealer"] = SEATS[(SEATS.index(last["dealer"]) + 1) % 4]
    actions, _ = bots.play_out(ruleset, extra, rng)
    return _with(match, [*deals, {"deal": extra, "actions": actions}]), "one deal more than the match has"


def _wrong_dealer(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    if len(deals) < 2:
        return None
    k = rng.randrange(1, len(deals))
    right = SEATS[(SEATS.index(deals[k - 1]["deal"]["dealer"]) + 1) % 4]
    deals[k]["deal"]["dealer"] = rng.choice([s for s in SEATS if s != right])
    return _with(match, deals[:k + 1]), f"deal {k} dealt by {deals[k]['deal']['dealer']}, not {right}"


def _wrong_form(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    k = rng.randrange(len(deals))
    form = deals[k]["deal"]["form"]
    deals[k]["deal"]["form"] = rng.choice([name for name in ruleset.forms if name != form])
    return _with(match, deals[:k + 1]), f"deal {k} named a {deals[k]['deal']['form']}, not a {form}"


def _bad_deal(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    deals = copy.deepcopy(match["deals"])
    k = rng.randrange(len(deals))
    hands_checks = [c for c in deal_checks.checks(ruleset) if c.shape.endswith("hands") and not c.valid
                    and not c.name.startswith(("form-", "state-"))]
    for check in rng.sample(hands_checks, len(hands_checks)):
        deal = check.build(deals[k]["deal"], ruleset, rng)
        if deal is not None:
            deals[k]["deal"] = deal
            return _with(match, deals[:k + 1]), f"deal {k} corrupted: {check.name}"
    return None


def _block_starts(deals: list[dict[str, Any]]) -> list[int]:
    return [k for k, entry in enumerate(deals) if "seats" in entry]


def _wrong_seats(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    """A block's seats that split its partnerships, leave a seat out, are missing, or change within the block."""
    deals = copy.deepcopy(match["deals"])
    starts = _block_starts(deals)
    if not starts:
        return None
    k = rng.choice(starts)
    seats = deals[k]["seats"]
    how = rng.randrange(4)
    if how == 0:
        seats["S"], seats["E"] = seats["E"], seats["S"]
        what = "partners split"
    elif how == 1:
        del seats[rng.choice(SEATS)]
        what = "a seat missing"
    elif how == 2:
        del deals[k]["seats"]
        what = "no seats at the block's first deal"
    else:
        if k + 1 >= len(deals) or k + 1 in starts:
            return None
        k += 1
        deals[k]["seats"] = {**seats, "N": seats["S"], "S": seats["N"]}
        what = "partners change places within the block"
    return _with(match, deals[:k + 1]), f"deal {k}: {what}"


def _seats_repeated(ruleset: Ruleset, match: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    """The valid record with every deal of a block repeating the block's seats."""
    deals = copy.deepcopy(match["deals"])
    if not _block_starts(deals):
        return None
    seats = None
    for entry in deals:
        seats = entry.get("seats", seats)
        entry["seats"] = dict(seats or {})
    return _with(match, deals), "every deal repeats its block's seats"


MATCH_CORRUPTIONS = (_corrupt_action, _cut_deal, _stop_early, _overrun, _wrong_dealer, _wrong_form, _bad_deal,
                     _wrong_seats, _seats_repeated)
"""The changes made to a match record, in turn (a change that does not apply to a record gives ``None``)."""
PER_MATCH = 4
"""Changed records made from each played match."""


def _matches_kind(ruleset: Ruleset, count: int, seed: int) -> Iterator[dict[str, Any]]:
    if ruleset.match is None:
        return
    rng = random.Random(f"{seed}-matches")
    era = ruleset.era
    turn = 0
    for n in range(count):
        record = bots.random_match(ruleset, rng, case_id=f"gen.{era}.{seed}.match-{n:05d}",
                                   options=_options(ruleset, n))
        yield _match_case(ruleset, record["id"], record["match"], "a match played by the seeded bots")
        made = 0
        while made < PER_MATCH:
            change = MATCH_CORRUPTIONS[turn % len(MATCH_CORRUPTIONS)]
            turn += 1
            changed = change(ruleset, record["match"], rng)
            if changed is None:
                continue
            made += 1
            match, description = changed
            name = change.__name__.strip("_").replace("_", "-")
            yield _match_case(ruleset, f"gen.{era}.{seed}.match-{name}-{n:05d}-{made}", match,
                              f"a match played by the seeded bots, changed: {description}")


# ---------------------------------------------------------------------------------------------- the suite


def generate_suite(ruleset: Ruleset, count: int, seed: int, per_code: int = 200,
                   kinds: tuple[str, ...] | frozenset[str] = KINDS) -> Iterator[dict[str, Any]]:
    """Every record of the ``kinds`` asked for, in the order of :data:`KINDS`.

    ``count`` legal deals (and the invalid records made from them, ``per_code`` per error code), then
    ``count // 10`` deals from a set position, the deal checks ``max(1, per_code // 40)`` times each, and
    ``max(1, count // 250)`` played matches with :data:`PER_MATCH` changed records each."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise ValueError(f"unknown kinds {', '.join(sorted(unknown))} (kinds: {', '.join(KINDS)})")
    if BASE_KINDS & set(kinds):
        for case in generate(ruleset, count, seed, per_code if "invalid" in kinds else 0):
            if "deals" in kinds or ".legal-" not in case["id"]:
                yield case
    if "states" in kinds:
        yield from _states_kind(ruleset, max(1, count // 10), seed)
    if "deal-checks" in kinds:
        yield from _deal_checks_kind(ruleset, max(1, per_code // 40), seed)
    if "matches" in kinds:
        yield from _matches_kind(ruleset, max(1, count // 250), seed)

