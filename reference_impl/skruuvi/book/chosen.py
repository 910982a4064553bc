"""Worked examples the book adds by itself: one case of each kind of deal a reader should see played, when no
case marked ``example: true`` shows that kind yet.

The kinds are read from each case's record and expectation, never from a hand-kept list: a failed contract (the
declarer's side took fewer tricks than the bid needs, outside misère), a doubled or redoubled contract, a deal of
a form dealt without centre cards (the kotka), and a match record (the set, rubber or sitsi). Each kind takes the
case of that kind that teaches most, read from its record (:func:`teaching_order`): a close result (one trick
either way) before a rout, a doubled contract that failed (the double paid) before one that was made, a contested
auction before a lone bid, the ruleset's first (opening) form for the contract kinds; then the first by id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules.notation import SEATS, side_of
from ..rules.ruleset import Ruleset

Predicate = Callable[[Ruleset, Mapping[str, Any]], bool]


def _result(case: Mapping[str, Any]) -> Mapping[str, Any]:
    return ((case.get("expect") or {}).get("result") or {}) if isinstance(case.get("deal"), Mapping) else {}


def margin(case: Mapping[str, Any]) -> int | None:
    """Tricks over (positive) or under (negative) what the expected contract needs; None without one. A misère
    of level n may take at most 7 − n tricks."""
    res = _result(case)
    contract, tricks = res.get("contract") or {}, res.get("tricks") or {}
    bid = str(contract.get("bid") or "")
    if len(bid) != 2 or not bid[0].isdigit() or contract.get("declarer") not in SEATS:
        return None
    side = side_of(SEATS.index(contract["declarer"]))
    if side not in tricks:
        return None
    won, level = int(tricks[side]), int(bid[0])
    return (7 - level) - won if bid[1] == "M" else won - (6 + level)


def failed(_: Ruleset, case: Mapping[str, Any]) -> bool:
    bid = str(((_result(case).get("contract") or {}).get("bid")) or "")
    found = margin(case)
    return found is not None and found < 0 and not bid.endswith("M")


def doubled(_: Ruleset, case: Mapping[str, Any]) -> bool:
    return int((_result(case).get("contract") or {}).get("doubling") or 0) > 0


def without_centre(ruleset: Ruleset, case: Mapping[str, Any]) -> bool:
    form = ruleset.forms.get(str((case.get("deal") or {}).get("form"))) if isinstance(case.get("deal"), Mapping) \
        else None
    return bool(_result(case)) and form is not None and form.dealt and not form.params.get("centre_cards")


def match(_: Ruleset, case: Mapping[str, Any]) -> bool:
    return isinstance(case.get("match"), Mapping) and "match" in (case.get("expect") or {})


KINDS: list[tuple[str, Predicate]] = [
    ("a failed contract", failed),
    ("a doubled or redoubled contract", doubled),
    ("a deal without centre cards", without_centre),
    ("a match on its score sheet", match),
]


def teaching_order(ruleset: Ruleset, case: Mapping[str, Any], kind: Predicate | None = None) -> tuple[Any, ...]:
    """Sort key: the cases a reader learns most from first (see the module's docstring); a failed contract
    undoubled (the doubled kind shows the double), a doubled one failed."""
    found = margin(case)
    deal = case.get("deal") if isinstance(case.get("deal"), Mapping) else {}
    opening = next(iter(ruleset.forms), None)
    bids = sum(1 for a in case.get("actions") or [] if str(a).split()[1:2] == ["bid"])
    doubling = int((_result(case).get("contract") or {}).get("doubling") or 0)
    down = found is not None and found < 0
    return (doubling if kind is failed else (0 if down else 1) if kind is doubled else 0,
            abs(found) if found is not None else 99,
            0 if (deal or {}).get("form") == opening else 1, -bids, str(case.get("id")))


def added_examples(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any]]]:
    """``(kind, case)`` for each kind no marked example of the ruleset shows, with the first case of that kind
    (by id; cases pinning other readings are left out, the examples show the ruleset as it stands)."""
    mine = sorted((c for c in cases if c.get("ruleset") == ruleset.id and not c.get("readings")),
                  key=lambda c: str(c.get("id")))
    marked = [c for c in mine if c.get("example") is True]
    out: list[tuple[str, Any]] = []
    for kind, test in KINDS:
        if any(test(ruleset, c) for c in marked):
            continue
        kind_cases = [c for c in mine if c.get("example") is not True and test(ruleset, c)
                      and all(c is not other for _, other in out)]
        found = min(kind_cases, key=lambda c: teaching_order(ruleset, c, test), default=None)
        if found is not None:
            out.append((kind, found))
    return out
