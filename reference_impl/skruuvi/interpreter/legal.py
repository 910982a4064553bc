"""The legal set of a position (DESIGN §3 "Legal actions", SCP/1 ``legal``): every action the seat to act may
take now, each written once in its canonical spelling.

The set comes from the phases' mechanisms (:func:`skruuvi.interpreter.engine.legal_actions`: each mechanism's
``legal`` enumerates every action its ``verify`` accepts). The canonical spelling is the one
:class:`~skruuvi.rules.notation.Action` prints: words separated by one ASCII space, a give's cards in pack
order (:data:`~skruuvi.rules.notation.DECK`: suits S C D H, ranks 2 to A), declining anything optional
``pass``. The answer is sorted by the strings' code points, so that two answers are byte-comparable.

:func:`legal_for` answers a record (``ruleset``, ``deal``, ``actions`` as the prefix, ``readings``): the legal
set after the prefix, or the :class:`~skruuvi.interpreter.outcome.Outcome` a ``run`` of the prefix would give
when the deal or an action of the prefix is rejected.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.errors import CaseFormatError, IllegalAction
from ..rules.ruleset import Ruleset
from .engine import apply, legal_actions, play_deal
from .games import position_from
from .outcome import Outcome
from .positions import Positions
from .replay import record_ruleset
from .state import DealState


def legal_strings(state: DealState) -> list[str]:
    """The legal set of ``state`` in canonical spelling, sorted by code point (``[]`` when the deal is over)."""
    return sorted(set(map(str, legal_actions(state))))


def position(ruleset: Ruleset, deal: Any, actions: Any, remembered: Positions | None = None) -> DealState | Outcome:
    """The state after the prefix ``actions`` from ``deal``, or the Outcome of the first problem, exactly as
    :func:`~skruuvi.interpreter.replay.replay_deal` reports it (error index ``None`` for the deal). A prefix
    that ends before the deal does is no problem here: that is the position asked about. With ``remembered``
    the play goes on from the longest prefix it keeps (the same answer, see
    :mod:`~skruuvi.interpreter.positions`)."""
    if not isinstance(actions, list):
        raise CaseFormatError("'actions' must be a list of strings", path="/actions")
    is_mapping = type(deal) is dict or isinstance(deal, Mapping)
    if is_mapping and "state" in deal and ruleset.match is not None and ruleset.match.has_games:
        try:
            position_from(deal["state"], ruleset.game_threshold)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    if remembered is not None:
        return remembered.after(ruleset, deal, actions)
    return play_deal(ruleset, deal, actions, to_the_end=False)


def perft(state: DealState, depth: int) -> int:
    """The number of legal action sequences of exactly ``depth`` actions from ``state``, as chess programmers
    count perft: a line on which the deal ends before ``depth`` actions counts nothing (its last state has an
    empty legal set)."""
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, action), depth - 1) for action in actions)


def legal_for(case: Mapping[str, Any], ruleset: Ruleset | None = None,
              remembered: Positions | None = None) -> list[str] | Outcome:
    """The legal set after a record's ``actions`` (its ruleset and pinned readings, or ``ruleset``), or the
    Outcome of the deal's or the prefix's first problem. Raises :class:`CaseFormatError` for a record that is
    not a single deal. ``remembered``: the positions to go on from (:func:`position`)."""
    if type(case) is not dict and not isinstance(case, Mapping):
        raise CaseFormatError("a case must be a mapping")
    if "match" in case:
        raise CaseFormatError("legal is asked of single deals only, not of match records", path="/match")
    if ruleset is None:
        ruleset = record_ruleset(case)
    if "deal" not in case or "actions" not in case:
        missing = "deal" if "deal" not in case else "actions"
        raise CaseFormatError(f"missing {missing!r}", path=f"/{missing}")
    found = position(ruleset, case["deal"], case["actions"], remembered)
    return found if isinstance(found, Outcome) else legal_strings(found)


def perft_for(case: Mapping[str, Any], depth: int, ruleset: Ruleset | None = None) -> int | Outcome:
    """:func:`perft` from the position after a record's ``actions``, or the Outcome of its first problem."""
    if ruleset is None:
        ruleset = record_ruleset(case)
    found = position(ruleset, case.get("deal"), case.get("actions"))
    return found if isinstance(found, Outcome) else perft(found, depth)


__all__ = ["legal_for", "legal_strings", "perft", "perft_for", "position"]
