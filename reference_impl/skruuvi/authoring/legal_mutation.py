"""Which ruleset mutants change a legal set, on a fixed sample of positions (issue 19, part 5).

A mutant *changes a legal set* when the legal set (DESIGN §3, SCP/1 ``legal``) of some position differs
under it from the original ruleset's. Every position cannot be tried, so :class:`LegalSample` fixes a sample:
every prefix of a list of single-deal records (the hand-written cases, up to and including the position of
their first rejected action, and the playthroughs' records), each under the readings its record pins. The
prefixes of all records are merged into one tree per deal and set of readings, so a shared prefix is walked
once; the original's sets are worked out once, when the sample is built.

:meth:`LegalSample.first_change` walks the tree under a mutant (compiled once by the caller, its readings
sets compiled once per mutant here) and stops at the first position whose set differs: another set (an
action of the original's set refused, or one more accepted), the readings no longer compiling, or an
exception. A deal either ruleset refuses is no position: the deal checks are the deal cases' business.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..interpreter.engine import apply, legal_actions
from ..interpreter.legal import position
from ..interpreter.outcome import Outcome
from ..rules.errors import IllegalAction, InputError, SkruuviError
from ..rules.notation import Action, parse_action
from ..rules.readings import with_readings
from ..rules.ruleset import Ruleset


@dataclass(slots=True)
class Node:
    """A position of the sample: the original's legal set there (as actions, and spelt), and the positions
    after each action the records take from it."""

    actions: frozenset[Action] = frozenset()
    strings: frozenset[str] = frozenset()
    children: dict[str, tuple[Action, Node]] = field(default_factory=dict)
    where: str = ""  # the first record and index that reach this position, for the report


@dataclass(slots=True)
class Root:
    readings: dict[str, Any]
    deal: Any
    node: Node
    refused: bool = False  # the original refuses the deal: no position of the sample


def _same(got: list[Action], node: Node) -> bool:
    found = frozenset(got)
    if found == node.actions:
        return True
    return frozenset(str(action) for action in found) == node.strings  # the same actions spelt otherwise


def _readings_key(readings: Mapping[str, Any]) -> str:
    return json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr)


class LegalSample:
    """The positions of every prefix of ``records`` (single-deal records of ``original``'s ruleset), with the
    original's legal set at each."""

    def __init__(self, original: Ruleset, records: Iterable[Mapping[str, Any]]) -> None:
        self.roots: list[Root] = []
        self.positions = 0
        self.records = 0
        index: dict[tuple[str, str], Root] = {}
        under: dict[str, Ruleset] = {"{}": original}
        states: dict[int, Any] = {}  # the original's state at each node (by id), while building
        for record in records:
            readings = record.get("readings") or {}
            deal, actions = record.get("deal"), record.get("actions")
            if "match" in record or not isinstance(readings, dict) or not isinstance(actions, list):
                continue
            key = _readings_key(readings)
            try:
                if key not in under:
                    under[key] = with_readings(original, readings)
                deal_key = json.dumps(deal, sort_keys=True, ensure_ascii=False, default=repr)
            except (InputError, TypeError, ValueError):
                continue  # a record the original cannot replay at all: not a position of the sample
            self.records += 1
            root = index.get((key, deal_key))
            if root is None:
                root = index[(key, deal_key)] = Root(dict(readings), deal, Node(where=f"{record.get('id')} at 0"))
                self.roots.append(root)
                found = position(under[key], deal, [])
                if isinstance(found, Outcome):
                    root.refused = True
                else:
                    self._settle(root.node, found)
                    states[id(root.node)] = found
            if not root.refused:
                self._extend(root.node, states, record, actions)
        self.roots = sorted((root for root in self.roots if not root.refused), key=lambda r: bool(r.readings))

    def _settle(self, node: Node, state: Any) -> None:
        got = legal_actions(state)
        node.actions = frozenset(got)
        node.strings = frozenset(str(action) for action in got)
        self.positions += 1

    def _extend(self, node: Node, states: dict[int, Any], record: Mapping[str, Any], actions: list[Any]) -> None:
        """Add the record's prefixes below ``node`` (stopping at the first action the original refuses)."""
        for i, text in enumerate(actions):
            child = node.children.get(text) if isinstance(text, str) else None
            if child is None:
                try:
                    action = parse_action(text)
                    state = apply(states[id(node)], action)
                except IllegalAction:
                    return  # the original refuses it: the sample stops at this position
                new = Node(where=f"{record.get('id')} at {i + 1}")
                self._settle(new, state)
                states[id(new)] = state
                node.children[text] = (action, new)
                node = new
            else:
                node = child[1]

    def first_change(self, mutant: Ruleset, under: dict[str, Ruleset] | None = None) -> str | None:
        """Where the first position of the sample whose legal set differs under ``mutant`` is reached (a record
        id and the number of actions before it), or ``None`` when every set is the same. A deal the mutant
        refuses (a deal check, not a legal set) is passed over; the records of the default reading come first,
        so that the mutant is compiled under the readings of the others only when those sets are the same.
        ``under``: the mutant under readings compiled so far, by canonical JSON of the readings (shared with
        the caller's replays of the cases)."""
        under = {} if under is None else under
        for root in self.roots:
            key = _readings_key(root.readings)
            if not root.readings:
                ruleset = mutant
            elif key in under:
                ruleset = under[key]
            else:
                try:
                    ruleset = under[key] = with_readings(mutant, root.readings)
                except SkruuviError as exc:
                    return f"{root.node.where}: its readings do not compile: {exc}"
            try:
                found = position(ruleset, root.deal, [])
            except Exception as exc:  # a mutant may make dealing fail: that changes the answer
                return f"{root.node.where}: {type(exc).__name__}"
            if not isinstance(found, Outcome):
                change = _walk(root.node, found)
                if change is not None:
                    return change
        return None


def _walk(node: Node, state: Any) -> str | None:
    stack: list[tuple[Node, Any]] = [(node, state)]
    while stack:
        node, state = stack.pop()
        try:
            if not _same(legal_actions(state), node):
                return f"{node.where}: another legal set"
            for action, child in node.children.values():
                stack.append((child, apply(state, action)))
        except Exception as exc:  # a mutant may make a mechanism fail: that changes the answer
            return f"{node.where}: {type(exc).__name__}"
    return None


def sample_of(cases: Iterable[Mapping[str, Any]], playthroughs: Iterable[Mapping[str, Any]],
              keep: Callable[[Mapping[str, Any]], bool]) -> list[Mapping[str, Any]]:
    """The records of the sample: the single-deal ``cases`` and ``playthroughs`` that ``keep`` accepts."""
    return [record for record in (*cases, *playthroughs)
            if isinstance(record, Mapping) and "deal" in record and "match" not in record and keep(record)]


__all__ = ["LegalSample", "sample_of"]
