"""The immutable state of one deal, and how a seat reference resolves in it.

A :class:`DealState` is a frozen value; every action produces a new one (see :mod:`skruuvi.interpreter.engine`).
What a phase needs beyond the shared facts lives in ``step``, a small frozen value owned by the
phase's mechanism.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from ..rules.errors import IllegalAction
from ..rules.notation import Bid, Card, side_of
from ..rules.phases import SEAT_REFS
from .cards import card_mask, cards_of

if TYPE_CHECKING:
    from ..rules.ruleset import FormSpec, PhaseSpec, Ruleset


class Trick(NamedTuple):
    """A completed trick: its number (1-13), who led, the cards in play order, who won it.

    A named tuple, like :class:`DealState`: thirteen are built in every deal played."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int


class DealState(NamedTuple):
    """The immutable position of one deal. A tuple underneath, so that copying it with a few fields
    changed (:meth:`evolve`, once per action on the hot path of every replay) is cheap.

    The hands are kept as card masks (``hand_masks``: an int per seat, bit ``card.code`` set for each card
    held, see :func:`~skruuvi.interpreter.cards.card_mask`): the mechanisms test, give and play cards with
    int operations, and no set of cards is built on the path of a replay. :attr:`hands` gives them as sets of cards."""

    ruleset: Ruleset
    form: FormSpec
    dealer: int
    hand_masks: tuple[int, ...]
    centre: tuple[Card, ...]
    phase_no: int = -1
    step: Any = None
    to_act: int | None = None
    highest: Bid | None = None
    highest_bidder: int | None = None
    side_first_bid: tuple[Bid | None, Bid | None] = (None, None)
    declarer: int | None = None
    contract: Bid | None = None
    doubling: int = 0
    doubler: int | None = None
    exchange_banned: bool = False
    tricks: tuple[Trick, ...] = ()
    current: tuple[Card, ...] = ()
    leader: int | None = None
    finished: bool = False
    play_masks: tuple[int, ...] = ()  # the hands when play began, as card masks (crowns and honours count them)

    def evolve(self, **changes: Any) -> DealState:
        """A copy with ``changes`` applied (the state itself never changes)."""
        values = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return tuple_new(DealState, values)

    def entering(self, phase_no: int, changes: Mapping[str, Any]) -> DealState:
        """A copy in phase ``phase_no`` with the ``changes`` its mechanism makes on entering it: :meth:`evolve`
        taking the changes as they come from ``enter``, without unpacking them into keywords again."""
        return entered(list(self), phase_no, changes)

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        """The four hands (N E S W) as sets of cards, built from :attr:`hand_masks` at each read."""
        return tuple(map(cards_of, self.hand_masks))

    @property
    def play_hands(self) -> tuple[frozenset[Card], ...]:
        """The hands when play began (``()`` before play), as sets of cards built from :attr:`play_masks`."""
        return tuple(map(cards_of, self.play_masks))

    @property
    def phase(self) -> PhaseSpec | None:
        phases = self.form.phases
        return phases[self.phase_no] if 0 <= self.phase_no < len(phases) else None

    @property
    def main_side(self) -> str | None:
        seat = self.declarer if self.declarer is not None else self.highest_bidder
        return None if seat is None else side_of(seat)


def dealt_values(ruleset: Ruleset, deal: tuple[FormSpec, int, tuple[int, ...], tuple[Card, ...]]) -> list[Any]:
    """The values of ``DealState(ruleset, form, dealer, hand_masks, centre)``, the position after dealing
    (before the first phase), as a list, from the ruleset and the deal's form, dealer, hands and centre: the
    engine builds the state from them without the call of the generated ``__new__`` with its sixteen defaults,
    and enters the first phase by changing the list (:func:`entered`) instead of copying the state into one."""
    return [ruleset, *deal, *_DEFAULTS]


def entered(values: list[Any], phase_no: int, changes: Mapping[str, Any]) -> DealState:
    """The state whose values are ``values`` (a state's, as a list; changed in place) in phase ``phase_no`` with
    the ``changes`` its mechanism makes on entering it (:meth:`DealState.entering`). The list then holds the
    new state's values: the engine enters the next phase, if this one needs no action, from it without copying
    the state into a list again."""
    values[_PHASE_NO] = phase_no
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return tuple_new(DealState, values)


_DEFAULTS = tuple(DealState._field_defaults.values())
if tuple(DealState._field_defaults) != DealState._fields[5:]:  # pragma: no cover - a guard for changes to DealState
    raise ImportError("state.dealt_values needs every DealState field after the first five to have a default")
_FIELD_INDEX = {name: i for i, name in enumerate(DealState._fields)}
_PHASE_NO, _HAND_MASKS, _STEP, _TO_ACT = (_FIELD_INDEX[name] for name in ("phase_no", "hand_masks", "step", "to_act"))
tuple_new = tuple.__new__
"""``tuple.__new__``, looked up once: ``tuple_new(DealState, values)`` builds a state (a copy of one),
``tuple_new(Gift, values)`` a gift, and so on for any named tuple, from all its values, without the call of
the generated ``__new__`` (a Python function, with defaults), at about a third of its cost. The project's one
name for it, used where named tuples are built on the hot path of a replay."""


def moved(hands: tuple[int, ...], giver: int, receiver: int, cards: tuple[Card, ...]) -> tuple[int, ...]:
    """The hands (card masks) after ``giver`` has given ``cards`` (which it holds) to ``receiver``."""
    new = list(hands)
    give(new, giver, receiver, card_mask(cards))
    return tuple(new)


def give(hands: list[int], giver: int, receiver: int, given: int) -> None:
    """:func:`moved` on a list of hands, changed in place (a batch path keeps the hands in a list), the cards
    given as their card mask (``given``: the batch
    paths' :func:`~skruuvi.interpreter.fast.exchanges.read_action`, or
    :func:`~skruuvi.interpreter.cards.card_mask`)."""
    hands[giver] &= ~given
    hands[receiver] |= given


def with_step(state: DealState, hand_masks: tuple[int, ...], step: Any, to_act: int | None) -> DealState:
    """``state.evolve(hand_masks=hand_masks, step=step, to_act=to_act)`` without the keywords (at about
    half the cost): the one copy of the state a batch path makes at its end."""
    values = list(state)
    values[_HAND_MASKS] = hand_masks
    values[_STEP] = step
    values[_TO_ACT] = to_act
    return tuple_new(DealState, values)


_Plan = TypeVar("_Plan")


def kept_plan(
    plans: dict[int, tuple[Mapping[str, Any], Mapping[str, Any] | None, _Plan]],
    make: Callable[[Mapping[str, Any], Mapping[str, Any] | None], _Plan],
    params: Mapping[str, Any],
    form_params: Mapping[str, Any] | None = None,
) -> _Plan:
    """``make(params, form_params)``: what a mechanism works out from a phase's parameters (and, if it needs
    them, its form's), made once and kept in ``plans`` instead of read again in every deal. Kept by the
    identity of ``params`` (a ruleset's parameters do not change once it is loaded); the parameters are kept
    with the plan, so that their identities are not reused while it is kept. A phase shared by forms whose
    parameters its plan reads is planned again when the form changes."""
    kept = plans.get(id(params))
    if kept is not None and kept[0] is params and kept[1] is form_params:
        return kept[2]
    plan = make(params, form_params)
    plans[id(params)] = (params, form_params, plan)
    return plan


_ANCHOR_NAMES = {"dealer": "dealer", "highest_bidder": "highest bidder", "declarer": "declarer", "doubler": "doubler"}

_SEAT_FIELDS = {ref: (_FIELD_INDEX[anchor], turns) for ref, (anchor, turns) in SEAT_REFS.items()}
"""Each seat reference as the index of its anchor's field in :class:`DealState` and its turns (an index
read instead of ``getattr`` by name)."""


def seat_ref(state: DealState, ref: str) -> int:
    """Resolve a ruleset's seat reference (``declarer-left``, ``forehand``, ...) to a seat; ``wrong-phase``
    when the seat it counts from is not known yet (no declarer before the auction has ended, ...)."""
    field, turns = _SEAT_FIELDS[ref]
    seat = cast("int | None", state[field])  # the field an index names: a seat, or None
    if seat is None:
        raise IllegalAction("wrong-phase", f"no {_ANCHOR_NAMES[DealState._fields[field]]} yet")
    return (seat + turns) % 4
