"""Remembered positions: the state after a deal's prefix, kept so that the same prefix one action longer
costs one action instead of a replay from the deal.

A runner counts perft by asking ``legal`` at every node of the tree, level by level (suite/run/legal_judge.py):
every request of a level is the prefix of a request of the level before with one action more. A
:class:`Positions` keeps the states it has answered (at most :data:`KEPT`, the oldest forgotten first: a
level is asked in the order of the level before it, so a parent is read soon after its level was asked, and
a level of a perft tree of the suite holds fewer than :data:`KEPT` nodes). ``after(ruleset, deal, actions)``
finds the longest remembered prefix of ``actions`` under the same ruleset and deal and plays the rest with
:func:`~skruuvi.interpreter.engine.play_on`, the loop :func:`~skruuvi.interpreter.engine.play_deal` runs
after the deal: the same batch paths, the same step path, the same errors, indexes and messages as the
replay from the deal (tests/suite/test_legal_positions.py holds the two equal over every legal and perft
case of the suite and random prefixes).

Only states are remembered, never an Outcome: a prefix that fails is replayed from the deal each time. A
deal is remembered by its JSON text (one parsed from a request line: by its marshal bytes), and only when it
is plain JSON data (dicts with string keys, lists, strings, numbers, booleans, null), so that two deals under
one key are the same input; actions only when every one is a string. Anything else is replayed from the deal,
as without the cache. States are kept apart by the ruleset object (kept with them, so its id is not reused
while they are kept) and by whether :func:`~skruuvi.interpreter.engine.step_path_only` is in force. The cache
holds no code: an engine whose mechanisms change (a mutant) needs a fresh one, which is why the serving engine
owns one per server.
"""

from __future__ import annotations

import json
import marshal
from collections import OrderedDict
from typing import Any

from ..rules.ruleset import Ruleset
from .engine import on_step_path, play_deal, play_on
from .outcome import Outcome
from .state import DealState

KEPT = 12_288
"""How many states a :class:`Positions` keeps: more than the largest level of the suite's perft trees (9,612 nodes),
about 19 MiB when full (some 1.6 KB a state with its key)."""

DEALS_KEPT = 256
"""How many distinct deals a :class:`Positions` tells apart before it forgets everything and starts again."""

_STRINGS = {str}


def _refuse(value: Any) -> Any:
    raise TypeError(type(value).__name__)


def _deal_text(deal: Any, parsed: bool) -> str | bytes | None:
    """The deal's key: its JSON text, or ``None`` when it is not plain JSON data: unless the deal was ``parsed``
    from JSON (plain by construction), what the text reads back as must equal it (so a tuple for a list, NaN or a
    value JSON has not are not remembered). The keys keep their order: the same deal written with its keys in
    another order is only another key, remembered apart. A ``parsed`` deal is keyed by its :mod:`marshal` bytes
    instead (some five times quicker to make than the JSON text): as exact (bytes read back as one value, each
    part of its own type, ``true`` not ``1`` nor ``1.0``, the keys in their order), and the same for every
    parse of the same text (the same structure of new objects each time)."""
    if parsed:
        try:
            return marshal.dumps(deal)
        except (ValueError, RecursionError):  # not plain data after all: not remembered
            return None
    try:
        text = json.dumps(deal, ensure_ascii=False, separators=(",", ":"), default=_refuse)
    except (TypeError, ValueError, RecursionError):
        return None
    return text if json.loads(text) == deal else None


class Positions:
    """A bounded memory of the states after deals' prefixes (see the module's text)."""

    def __init__(self, kept: int = KEPT, *, parsed: bool = False) -> None:
        """``parsed``: every deal it is given was parsed from JSON text (a request's), so is plain data."""
        self._kept = kept
        self._parsed = parsed
        #: key -> (ruleset, state, the key itself: a longer prefix's key goes on from its strings)
        self._states: OrderedDict[tuple[Any, ...], tuple[Ruleset, DealState, tuple[Any, ...]]] = OrderedDict()
        self._deals: dict[str | bytes, int] = {}
        self._words: dict[str, str] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._states)

    def clear(self) -> None:
        self._states.clear()
        self._deals.clear()
        self._words.clear()

    def after(self, ruleset: Ruleset, deal: Any, actions: list[Any]) -> DealState | Outcome:
        """``play_deal(ruleset, deal, actions, to_the_end=False)``, from the longest prefix of ``actions``
        remembered under ``ruleset`` and ``deal``."""
        head = self._head(ruleset, deal, actions)
        if head is None:
            return play_deal(ruleset, deal, actions, to_the_end=False)
        states, full, size = self._states, (*head, *actions), len(head)
        for end in range(len(actions), -1, -1):
            kept = states.get(full[:size + end])
            if kept is not None and kept[0] is ruleset:
                break
        else:
            self.misses += 1
            result = play_deal(ruleset, deal, actions, to_the_end=False)
            if isinstance(result, DealState):
                self._keep(head, actions, ruleset, result)
            return result
        self.hits += 1
        if end == len(actions):
            return kept[1]
        result = play_on(kept[1], actions, end, to_the_end=False)
        if isinstance(result, DealState):
            self._keep(kept[2], actions[end:], ruleset, result)
        return result

    def _head(self, ruleset: Ruleset, deal: Any, actions: list[Any]) -> tuple[Any, ...] | None:
        """The part of the key before the actions, or ``None`` when this input is not remembered."""
        if actions and not set(map(type, actions)) <= _STRINGS:
            return None
        text = _deal_text(deal, self._parsed)
        if text is None:
            return None
        number = self._deals.get(text)
        if number is None:
            if len(self._deals) >= DEALS_KEPT:
                self.clear()
            number = self._deals[text] = len(self._deals)
        return (id(ruleset), on_step_path(), number)

    def _keep(self, known: tuple[Any, ...], rest: list[str], ruleset: Ruleset, state: DealState) -> None:
        """Remember ``state`` under the key ``known`` (a head, or a remembered key) and the actions ``rest``,
        each spelling kept once (the key's strings are shared with the keys before it)."""
        words = self._words
        if len(words) > 4 * KEPT:
            words.clear()
        key = (*known, *map(words.setdefault, rest, rest))
        states = self._states
        states[key] = (ruleset, state, key)
        while len(states) > self._kept:
            states.popitem(last=False)


__all__ = ["DEALS_KEPT", "KEPT", "Positions"]
