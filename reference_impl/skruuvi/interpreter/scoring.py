"""The scorer: deal facts (:mod:`skruuvi.interpreter.facts`) -> the ruleset's scoring rules -> a score per
side (and per column).

One generic scorer for every ruleset. The form's scoring scheme is a list of rules; each rule is
evaluated for the side(s) named by ``to`` (``main``, ``defenders``, ``each``, ``NS``, ``EW``) with the
facts seen from that side (:data:`skruuvi.rules.expr.FACTS`, plus the ruleset's derived facts). A rule's
points go to its ``column`` (rulesets without a line have the single column ``deal``), multiplied by the
ruleset's ``scale`` (1 unless the ruleset restores a source's larger figures). ``multiplied``
rules are multiplied by the ruleset's multiplier for the doubling: always (``true``) or only for the
deal's winner (``winner``). When ``defenders_receive`` is ``negation``, the other side receives the
negation of every item of the contract-point rules (``contract_points``: 2016's made value, overtricks and
undertricks); it receives the negation of every item of the rules the optional ``zero_sum`` lists, too
(e.g. a ``to: each`` rule whose costs the two sides then net). Any other item is the scoring side's alone.

The kind and level of the contract, whether it was made and which side is the main pair are the same for
every deal with that contract: each scheme is specialised to them once (:func:`specialised_scheme`), with
those facts folded into the rules' expressions, and the specialised rules are what a deal is scored with.
With the doubling and the tricks each side took as well, every fact is known but the cards held (holdings,
ace ordinals, derived facts): the items of the rules that read none of those are worked out once for each
such deal and kept (:func:`deal_plan`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from ..rules.errors import RulesetError
from ..rules.expr import FACTS, Compiled, Folded, function_of
from ..rules.notation import SEATS, SIDES
from ..rules.ruleset import ONE_AGAINST_THREE
from .facts import (
    HOLDING_FACTS,
    HOLDING_READS,
    KINDS,
    ONE_COLUMN,
    ORDINAL_READS,
    OTHER,
    TARGETS,
    ace_ordinals,
    add_holding_facts,
    by_seat,
    deal_facts,
    main_side,
    seat_tricks,
    side_tricks,
    winner_of,
)
from .one_against_three import one_against_each
from .outcome import ScoreItem
from .state import DealState, tuple_new
from .totals import add_points, add_to_columns, totals

if TYPE_CHECKING:
    from ..rules.ruleset import Ruleset, ScoringRule


class Step(NamedTuple):
    """One scoring rule scored for one side of a deal, as :class:`ContractScheme` lists them."""

    rule: ScoringRule
    side: str | None  # None for a rule settled one against three (``declarer-against-each``)
    when: Compiled | None  # None when the rule applies whenever it is reached
    points: Compiled
    multiplied: bool  # by the ruleset's multiplier for the doubling
    negation_to: str | None  # the side that receives the negation of the points (``defenders_receive``)
    pending: bool  # scored deal by deal: it reads a fact the contract and the tricks leave open (see DealPlan)
    # A pending step's points are kept by the values of the facts its specialised ``when`` and ``points`` read
    # (a settled step is scored once per DealPlan: None for both). The expressions read nothing else, so equal
    # values give equal points; only a fact that is a bool in one deal and an int in another could tell
    # equal keys apart, and then by the "not a whole number" error alone.
    facts_read: Compiled | None  # those values, a key
    known_points: dict[Any, int | None] | None  # per key, the points before any factor (None: does not apply)


class ContractScheme(NamedTuple):
    """A scoring scheme specialised to one contract: its kind, level, whether it was made, and the main pair.

    These facts are the same for every deal with that contract, so they are folded into the rules'
    expressions once (:meth:`~skruuvi.rules.expr.Formula.specialised`): a rule whose ``when`` they decide is
    dropped or always applies, and what remains reads fewer facts. The steps are the rules in the scheme's
    order, each for the sides it scores in order, so the items come out in the order of the plain rules."""

    steps: tuple[Step, ...]
    derived: tuple[tuple[str, str, Compiled, Compiled], ...]  # name, opp_name, its value for NS and for EW;
    # the ruleset's derived facts, or none when no step reads one
    holdings: bool  # whether a derived fact or a step reads the holding facts (see _side_facts)
    ordinals: bool  # whether one reads the ace ordinals
    unset: dict[str, None]  # None for each fact set deal by deal (:func:`_open_facts`), for a DealPlan's sides


def specialised_scheme(state: DealState, facts: dict[str, Any], main: str | None) -> ContractScheme:
    """The deal's scheme specialised to its contract (``facts``: its :func:`deal_facts`; ``main``: its
    :func:`main_side`); specialised the first time a contract is scored, then kept with the ruleset."""
    ruleset = state.ruleset
    key = (state.form.scheme, facts["kind"], facts["level"], facts["made"], main)
    found: ContractScheme | None = ruleset.specialised.get(key)
    if found is None:
        found = ruleset.specialised[key] = _specialise(ruleset, *key)
    return found


def _specialise(ruleset: Ruleset, scheme: str, kind: str, level: int, made: bool, main: str | None) -> ContractScheme:
    """The :class:`ContractScheme` of ``scheme`` for a contract (no contract: kind ``none``, level 0, not
    made, no main pair)."""
    winner = winner_of(main, made)
    negate = ruleset.scoring_params["defenders_receive"] == "negation"
    negated = frozenset(ruleset.scoring_params.get("contract_points", ()) if negate else ())
    negated |= frozenset(ruleset.scoring_params.get("zero_sum", ()))
    known = {side: {"kind": kind, "level": level, "made": made, "is_main": side == main} for side in SIDES}
    names = {fact.name for fact in ruleset.derived} | {"opp_" + fact.name for fact in ruleset.derived}
    unsettled = HOLDING_READS | ORDINAL_READS | names  # the facts the contract and the tricks leave open
    facts = FACTS.keys() | names
    steps = []
    for rule in ruleset.schemes[scheme]:
        if rule.to in ONE_AGAINST_THREE:
            steps.append(Step(rule, None, None, rule.points.compiled, False, None, True, None, None))
            continue
        pending = not rule.reads.isdisjoint(unsettled)  # see DealPlan
        for side in TARGETS[main][rule.to]:
            when = None if rule.when is None else rule.when.specialised(known[side])
            if isinstance(when, Folded):
                if not when.value:
                    continue  # the rule never applies to this contract
                when = None
            multiplied = rule.multiplied is True or (rule.multiplied == "winner" and side == winner)
            negation_to = OTHER[side] if rule.id in negated else None
            points = function_of(rule.points.specialised(known[side]))
            facts_read: Compiled | None = None
            known_points: dict[Any, int | None] | None = None
            if pending:  # it reads a fact the plan leaves open, so ``read`` is never empty
                read = sorted((rule.reads & facts).difference(known[side]))
                facts_read, known_points = itemgetter(*read), {}
            steps.append(Step(rule, side, when, points, multiplied, negation_to, pending, facts_read, known_points))
    reads = frozenset().union(*(step.rule.reads for step in steps if step.side is not None))
    derived: tuple[tuple[str, str, Compiled, Compiled], ...] = ()
    if any(not names.isdisjoint(step.rule.reads) for step in steps):  # a derived fact may read another: all
        reads |= ruleset.derived_reads  # are computed, or none
        derived = tuple(
            (
                fact.name,
                "opp_" + fact.name,
                function_of(fact.value.specialised(known["NS"])),
                function_of(fact.value.specialised(known["EW"])),
            )
            for fact in ruleset.derived
        )
    holdings, ordinals = not HOLDING_READS.isdisjoint(reads), not ORDINAL_READS.isdisjoint(reads)
    return ContractScheme(
        tuple(steps), derived, holdings, ordinals, dict.fromkeys(_open_facts(holdings, ordinals, derived))
    )


class Pending(NamedTuple):
    """A step of a :class:`DealPlan` that is scored deal by deal: a :class:`Step` with its multiplier and the
    ruleset's scale made one factor, and the items of the settled steps just before it."""

    before: tuple[ScoreItem, ...]  # the items of the settled steps between the previous pending step and this
    rule: ScoringRule
    side: str | None  # None for a rule settled one against three (``declarer-against-each``)
    when: Compiled | None
    points: Compiled
    factor: int  # the ruleset's scale, times the multiplier for the doubling when the step is multiplied
    negation_to: str | None
    facts_read: Compiled | None  # as in Step
    known_points: dict[Any, int | None] | None  # the Step's own: shared by every plan of its scheme


class DealPlan(NamedTuple):
    """A :class:`ContractScheme` specialised further to a deal's doubling and the tricks each side took.

    The contract, the doubling and the tricks decide every fact but the holdings, the ace ordinals and the
    derived facts, so a step that reads none of those gives the same items for every deal with them: its
    items are worked out once and kept: with each pending step, the items of the settled steps before it,
    and the items of the settled steps after the last one; and the totals of all those items, to which a deal
    adds only the items of its pending steps (:func:`scored`)."""

    pending: tuple[Pending, ...]  # in the scheme's order
    last: tuple[ScoreItem, ...]  # the items after the last pending step (all the items when none is pending)
    sides: dict[str, dict[str, Any]]  # each side's facts that the contract and tricks decide, and None for each
    # fact set deal by deal (:func:`_open_facts`): a deal fills in a copy, which then never grows (no resizing)
    scheme: ContractScheme
    settled_score: dict[str, Any] | None  # the :func:`totals` of the items of the settled steps (before, last),
    # None when made for a form scored per seat


def deal_plan(state: DealState, tricks: dict[str, int]) -> DealPlan:
    """The deal's :class:`DealPlan` (``tricks``: its :func:`side_tricks`): made the first time a scheme is
    scored with a contract level and kind, declaring side, doubling and trick count, then kept with the
    ruleset (there are a few thousand at most: the tricks of a side run from 0 to 13). The trump suit is not
    part of the key: only the holdings depend on it, and they are read deal by deal."""
    contract, declarer = state.contract, state.declarer
    ns, ew = tricks["NS"], tricks["EW"]
    if contract is None or declarer is None:
        main = main_side(state)
        key: tuple[Any, ...] = (state.form.scheme, None, None, main, state.doubling, ns, ew, None)
    else:
        main = SIDES[declarer % 2]  # main_side(state), without its calls
        won = seat_tricks(state)[SEATS[declarer]] if by_seat(state) else (ns if declarer % 2 == 0 else ew)
        key = (state.form.scheme, contract.level, KINDS[contract.strain], main, state.doubling, ns, ew, won)
    plans = state.ruleset.deal_plans
    found: DealPlan | None = plans.get(key)
    if found is None:
        found = plans[key] = _plan(state, tricks, main)
    return found


def _plan(state: DealState, tricks: dict[str, int], main: str | None) -> DealPlan:
    """The :class:`DealPlan` of the deal (see :func:`deal_plan`)."""
    ruleset = state.ruleset
    facts = deal_facts(state, tricks)
    scheme = specialised_scheme(state, facts, main)
    unset = scheme.unset
    sides = {
        "NS": {**facts, "own_tricks": tricks["NS"], "opp_tricks": tricks["EW"], "is_main": main == "NS", **unset},
        "EW": {**facts, "own_tricks": tricks["EW"], "opp_tricks": tricks["NS"], "is_main": main == "EW", **unset},
    }
    scale, multiplier = ruleset.scale, facts["multiplier"]
    pending: list[Pending] = []
    run: list[Pending] = []  # the settled steps since the last pending one: scored here
    for rule, side, when, points, multiplied, negation_to, is_pending, facts_read, known_points in scheme.steps:
        factor = multiplier * scale if multiplied else scale
        # tuple_new builds a Pending in C (a named tuple's own __new__ is a Python function)
        if not is_pending:
            run.append(tuple_new(Pending, ((), rule, side, when, points, factor, negation_to, None, None)))
            continue
        before: tuple[ScoreItem, ...] = ()
        if run:
            before = tuple(_score_parts(state, run, sides))
            run.clear()
        pending.append(
            tuple_new(Pending, (before, rule, side, when, points, factor, negation_to, facts_read, known_points))
        )
    last = tuple(_score_parts(state, run, sides)) if run else ()
    settled = None
    if not by_seat(state):
        settled = totals(ruleset.columns, [*(item for step in pending for item in step.before), *last])
    return tuple_new(DealPlan, (tuple(pending), last, sides, scheme, settled))  # in C, as each Pending


def _open_facts(holdings: bool, ordinals: bool, derived: tuple[tuple[str, str, Compiled, Compiled], ...]) -> list[str]:
    """The facts :func:`_side_facts` sets deal by deal for a scheme: the holding facts and ``opp_aces``, the
    ace ordinals and the derived facts, each only when the scheme reads it (see :class:`ContractScheme`)."""
    names = [*HOLDING_FACTS, "opp_aces"] if holdings else []
    if ordinals:
        names += ("own_ace_ordinals", "opp_ace_ordinals")
    for name, opp_name, _, _ in derived:
        names += (name, opp_name)
    return names


def _side_facts(state: DealState, plan: DealPlan) -> dict[str, dict[str, Any]]:
    """Each side's facts, from the deal's :class:`DealPlan`; the derived facts (``name`` and ``opp_name``)
    included when a step of the specialised scheme reads one.

    The holding facts and the ace ordinals cost more than the rest: they are computed only when a step of
    the specialised scheme, or a derived fact computed for it, reads them (a rule settled one against three
    is scored from the deal's facts and the declarer's tricks, :mod:`skruuvi.interpreter.one_against_three`).
    """
    scheme = plan.scheme
    ns, ew = plan.sides["NS"].copy(), plan.sides["EW"].copy()
    if scheme.holdings:
        add_holding_facts(state, ns, ew)
    if scheme.ordinals:
        ordinals = ace_ordinals(state)
        ns["own_ace_ordinals"] = ew["opp_ace_ordinals"] = ordinals["NS"]
        ew["own_ace_ordinals"] = ns["opp_ace_ordinals"] = ordinals["EW"]
    for name, opp_name, ns_value, ew_value in scheme.derived:
        ns[name] = ew[opp_name] = ns_value(ns)
        ew[name] = ns[opp_name] = ew_value(ew)
    return {"NS": ns, "EW": ew}


def score_items(
    state: DealState, only_column: str | None = None, tricks: dict[str, int] | None = None
) -> list[ScoreItem]:
    """Every scoring item of the deal (``column`` of each item is its rule's column); ``tricks``: the
    deal's :func:`side_tricks`, when already counted."""
    if tricks is None:
        tricks = side_tricks(state)
    plan = deal_plan(state, tricks)
    if plan.pending:
        items = _score_parts(state, plan.pending, _side_facts(state, plan))
        items += plan.last
    else:
        items = list(plan.last)
    if only_column is not None:
        return [item for item in items if item.column == only_column]
    return items


def scored(state: DealState, tricks: dict[str, int]) -> tuple[list[ScoreItem], dict[str, Any]]:
    """The deal's items (:func:`score_items`) and their :func:`totals`, for a form not scored per seat
    (``tricks``: the deal's :func:`side_tricks`). The totals start from the plan's ``settled_score``: only the
    items of its pending steps are added deal by deal."""
    plan = deal_plan(state, tricks)
    settled = plan.settled_score
    if settled is None:  # a plan made for a form scored per seat, shared by this one's scheme
        items = score_items(state, tricks=tricks)
        return items, totals(state.ruleset.columns, items)
    fresh: list[ScoreItem] = []
    if plan.pending:
        items = _score_parts(state, plan.pending, _side_facts(state, plan), fresh)
        items += plan.last
    else:
        items = list(plan.last)
    if state.ruleset.columns == ONE_COLUMN:
        return items, add_points(settled.copy(), fresh)
    return items, add_to_columns({"NS": settled["NS"].copy(), "EW": settled["EW"].copy()}, fresh)


def _score_parts(
    state: DealState,
    steps: Sequence[Pending],
    per_side: dict[str, dict[str, Any]],
    fresh: list[ScoreItem] | None = None,
) -> list[ScoreItem]:
    """The items of a plan's steps, in order: each step's ``before`` items, then the step scored for its side
    (``per_side``: each side's facts). ``fresh``, when given, also receives the items the steps scored (not
    their ``before`` items)."""
    items: list[ScoreItem] = []
    for before, rule, side, when, points_of, factor, negation_to, facts_read, known_points in steps:
        items += before
        if side is None:
            settlement = one_against_each(state, rule, per_side["NS"])
            items += settlement
            if fresh is not None:
                fresh += settlement
            continue
        env = per_side[side]
        if known_points is None or facts_read is None:  # a settled step, scored once for its plan (both None)
            points = _step_points(state, rule, when, points_of, env)
        else:
            key = facts_read(env)
            try:
                points = known_points[key]
            except KeyError:  # (rare: most deals meet values scored before)
                points = known_points[key] = _step_points(state, rule, when, points_of, env)
        if not points:  # None (the rule does not apply) or 0: no item
            continue
        points *= factor
        if points == 0:
            continue
        # tuple_new builds the ScoreItem in C: a named tuple's own __new__ is a Python function
        item = tuple_new(ScoreItem, (rule.id, side, points, rule.column))
        items.append(item)
        if fresh is not None:
            fresh.append(item)
        if negation_to is not None:
            item = tuple_new(ScoreItem, (rule.id, negation_to, -points, rule.column))
            items.append(item)
            if fresh is not None:
                fresh.append(item)
    return items


def _step_points(
    state: DealState, rule: ScoringRule, when: Compiled | None, points_of: Compiled, env: Any
) -> int | None:
    """A step's points before any factor, from its side's facts ``env`` (None when the rule does not apply)."""
    if when is not None and not when(env):
        return None
    points = points_of(env)
    if type(points) is not int:  # not a bool either
        raise RulesetError(f"scoring rule {rule.id} gave {points!r}, not a whole number", file=state.ruleset.path)
    return points
