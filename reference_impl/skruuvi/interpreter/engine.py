"""The generic phase machine: one engine for every ruleset, driven by the ruleset's phases.

PokerKit-style stepwise API for engines and tools:

* :func:`start` — the state after the deal (automatic phases already run);
* :func:`verify` — raise :class:`~skruuvi.rules.errors.IllegalAction` with the error code, or return;
* :func:`can_apply` — the same as a bool;
* :func:`apply` — the new (immutable) state;
* :func:`legal_actions` — every legal action of the seat to act (empty when the deal is over).

For replaying records, :func:`apply_run` applies a run of actions at once through the phase mechanisms'
batch paths (:mod:`skruuvi.interpreter.fast`), phase after phase; it stops before any action it is not sure of,
which the caller then hands to :func:`apply`.

The turn is checked here (``not-your-turn``, DESIGN §4 group 2); everything else is the mechanism's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from types import MappingProxyType
from typing import Any

from ..rules.errors import CaseFormatError, IllegalAction
from ..rules.notation import SEATS, Action, parse_action
from ..rules.ruleset import PhaseSpec, Ruleset
from .deal import deal_values
from .fast import BatchPath, batch_path_for
from .mechanisms import MECHANISMS
from .outcome import Outcome
from .state import DealState, dealt_values, entered, tuple_new


def _advance(state: DealState) -> DealState:
    """Enter the next phases until one needs an action, or mark the deal finished.

    A mechanism's ``enter`` returns the fields it sets; they go into the state together with the new phase
    number, one copy of the state per phase entered.
    """
    return _entering(state, list(state), state.phase_no + 1)


def _entering(state: DealState, values: list[Any], nxt: int) -> DealState:
    """:func:`_advance` from phase ``nxt`` on, ``values`` being ``state``'s values as a list (changed in place,
    see :func:`~skruuvi.interpreter.state.entered`: one list for all the phases entered)."""
    phases = state.form.phases
    while nxt < len(phases):
        phase = phases[nxt]
        changes, done = _ENTER[phase.mechanism](state, phase.params)
        state = entered(values, nxt, changes)
        if not done:
            return state
        nxt += 1
    return entered(values, nxt, _FINISHED)


_ENTER = {name: mechanism.enter for name, mechanism in MECHANISMS.items()}
"""Each mechanism's ``enter``."""

_FINISHED = MappingProxyType({"step": None, "to_act": None, "finished": True})
"""The changes of entering the end of the deal (past the last phase)."""


def start(ruleset: Ruleset, deal: Mapping[str, Any]) -> DealState:
    """The position after dealing; raises ``invalid-deal``."""
    values = dealt_values(ruleset, deal_values(deal, ruleset))
    return _entering(tuple_new(DealState, values), values, 0)  # the dealt state, and its values as a list


def _verified(state: DealState, action: Action) -> tuple[Any, Any]:
    """Check ``action``; return the phase and its mechanism (looked up once per action: the hot path)."""
    if state.to_act is None:
        raise IllegalAction("not-your-turn", "the deal is over; nobody is to act")
    if action.seat != state.to_act:
        raise IllegalAction("not-your-turn", f"{SEATS[state.to_act]} is to act, not {SEATS[action.seat]}")
    phase = state.form.phases[state.phase_no]
    mechanism = MECHANISMS[phase.mechanism]
    mechanism.verify(state, phase.params, action)
    return phase, mechanism


def verify(state: DealState, action: Action) -> None:
    _verified(state, action)


def can_apply(state: DealState, action: object) -> bool:
    try:
        verify(state, action if isinstance(action, Action) else parse_action(action))
    except IllegalAction:
        return False
    return True


def apply(state: DealState, action: object) -> DealState:
    """The state after ``action`` (a parsed :class:`Action` or its string); raises :class:`IllegalAction`."""
    act = action if isinstance(action, Action) else parse_action(action)
    phase, mechanism = _verified(state, act)
    new, done = mechanism.apply(state, phase.params, act)
    return _advance(new) if done else new


def apply_run(state: DealState, actions: Sequence[object], start: int) -> tuple[DealState, int]:
    """Apply ``actions[start:]`` through the phases' batch paths for as long as they accept them.

    Each phase's batch path (:func:`_batch_path`) consumes what it can; when it
    ends its phase, the next phases are entered and the next batch path goes on. Returns the new state and the index of
    the first action not applied (``start`` when the phase has no batch path, the deal is over, or the
    batch path is unsure of ``actions[start]``). The state is the one :func:`apply` would reach action by
    action; the first action not applied is for :func:`apply` to apply or reject. When entering the next
    phase fails (a seat it names is not known yet), the :class:`IllegalAction` carries the index of the
    action that ended the phase before, as :func:`apply` would reject that action.
    """
    index = start
    while state.to_act is not None:
        phase = state.form.phases[state.phase_no]
        state, index, done = _batch_path(phase)(state, phase.params, actions, index)
        if not done:
            break
        try:
            state = _entering(state, list(state), state.phase_no + 1)  # _advance(state), without its call
        except IllegalAction as exc:  # entering failed (a seat not known yet): the phase's last action's fault,
            raise exc.at_index(max(index - 1, start)) from None  # as on the step path, where apply enters them
    return state, index


def apply_run_noting(state: DealState, actions: Sequence[object], start: int,
                     acted: set[str]) -> tuple[DealState, int]:
    """:func:`apply_run`, also adding to ``acted`` the id of each phase in which the run took an action (what a
    case's feature tags and coverage are read off: :mod:`skruuvi.suite.features.coverage`)."""
    index = start
    while state.to_act is not None:
        phase = state.form.phases[state.phase_no]
        state, after, done = _batch_path(phase)(state, phase.params, actions, index)
        if after > index:
            acted.add(phase.id)
        index = after
        if not done:
            break
        try:
            state = _entering(state, list(state), state.phase_no + 1)
        except IllegalAction as exc:  # as apply_run
            raise exc.at_index(max(index - 1, start)) from None
    return state, index


def _verified_run(
    mechanism: Any, state: DealState, params: Mapping[str, Any], actions: Sequence[object], start: int
) -> tuple[DealState, int, bool]:
    """The batch path of a mechanism without its own ``apply_many``: each action read, checked by the
    mechanism's own ``verify`` and applied by its ``apply``, without the engine's per-action overhead. It
    stops before the first action that is malformed, out of turn or rejected, for :func:`apply` to judge."""
    verify, apply = mechanism.verify, mechanism.apply
    index, count = start, len(actions)
    while index < count:
        try:
            action = parse_action(actions[index])
            if action.seat != state.to_act:
                break
            verify(state, params, action)
        except IllegalAction:
            break
        state, done = apply(state, params, action)
        index += 1
        if done:
            return state, index, True
    return state, index, False


_PHASE_PATHS: dict[int, tuple[PhaseSpec, BatchPath]] = {}
"""Each phase's batch path (kept by the phase's identity, with the phase, as :func:`~.state.kept_plan` keeps
plans): its mechanism's (:func:`~skruuvi.interpreter.fast.batch_path_for`), or :func:`_verified_run` with the
mechanism's ``verify`` and ``apply`` when there is none for its parameters."""

_STEP_PATH_ONLY = [False]


def _batch_path(phase: PhaseSpec) -> BatchPath:
    kept = _PHASE_PATHS.get(id(phase))
    if kept is not None and kept[0] is phase:
        return kept[1]
    path = None if _STEP_PATH_ONLY[0] else batch_path_for(phase.mechanism, phase.params)
    if path is None:
        path = partial(_verified_run, MECHANISMS[phase.mechanism])
    _PHASE_PATHS[id(phase)] = (phase, path)
    return path


@contextmanager
def step_path_only() -> Iterator[None]:
    """Within the block, every phase runs on its step path (:func:`_verified_run` with the mechanism's own
    ``verify`` and ``apply``) instead of its batch path: how the batch paths are proven equal to the rule
    (``bench/dump.py --step-path``, and the sampled test over the generated suite)."""
    _PHASE_PATHS.clear()
    _STEP_PATH_ONLY[0] = True
    try:
        yield
    finally:
        _STEP_PATH_ONLY[0] = False
        _PHASE_PATHS.clear()


def on_step_path() -> bool:
    """Whether :func:`step_path_only` is in force (what a cache of states keeps its states apart by)."""
    return _STEP_PATH_ONLY[0]


def legal_actions(state: DealState) -> list[Action]:
    phase = state.phase
    if state.to_act is None or phase is None:
        return []
    return list(MECHANISMS[phase.mechanism].legal(state, phase.params))


def play_deal(ruleset: Ruleset, deal: Any, actions: Any, *, to_the_end: bool = True) -> DealState | Outcome:
    """Play a record's actions from the deal: the finished state, or the Outcome of the first problem (error
    index ``None`` for the deal). The batch paths go as far as they can, the step path judges the rest.
    Without ``to_the_end`` the actions are a prefix: the state after them is the answer, finished or not."""
    if not isinstance(actions, list):
        raise CaseFormatError("'actions' must be a list of strings", path="/actions")
    try:
        state = start(ruleset, deal)
    except IllegalAction as exc:
        return Outcome(error_code=exc.code, error_index=None, message=exc.message)
    return play_on(state, actions, 0, to_the_end=to_the_end)


def play_on(state: DealState, actions: list[Any], index: int, *, to_the_end: bool = True) -> DealState | Outcome:
    """:func:`play_deal` from ``state``, the position after ``actions[:index]``: the rest of the actions
    applied and judged exactly as :func:`play_deal` does after the deal (the batch paths as far as they go,
    the step path for the rest). :func:`skruuvi.interpreter.positions.Positions` goes on from a remembered
    prefix with it."""
    count = len(actions)
    while True:
        try:
            state, index = apply_run(state, actions, index)  # the batch path, as far as it goes
        except IllegalAction as exc:
            bad = exc.index if exc.index is not None else index
            return Outcome(error_code=exc.code, error_index=bad, message=f"{actions[bad]!r}: {exc.message}")
        if index == count:
            break
        action = actions[index]
        try:
            state = apply(state, action)
        except IllegalAction as exc:
            return Outcome(error_code=exc.code, error_index=index, message=f"{action!r}: {exc.message}")
        index += 1
    if to_the_end and not state.finished:
        return Outcome(
            error_code="incomplete-record",
            error_index=len(actions),
            message="the record ends before the deal is complete",
        )
    return state
