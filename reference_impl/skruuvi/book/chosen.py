"""Worked examples the book adds by itself: one case of each kind of deal a reader should see played, when no
case marked ``example: true`` shows that kind yet.

The kinds are read from each case's record and expectation, never from a hand-kept list: a failed contract (the
declarer's side took fewer tricks than the bid needs, outside misère), a doubled or redoubled contract, a deal of
a form dealt without centre cards (the kotka), and a match record (the set, rubber or sitsi). Each kind takes the
first such case by id that the ruleset has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..rules.notation import SEATS, side_of
from ..rules.ruleset import Ruleset

Predicate = Callable[[Ruleset, Mapping[str, Any]], bool]


def _result(case: Mapping[str, Any]) -> Mapping[str, Any]:
    return ((case.get("expect") or {}).get("result") or {}) if isinstance(case.get("deal"), Mapping) else {}


def failed(_: Ruleset, case: Mapping[str, Any]) -> bool:
    res = _result(case)
    contract, tricks = res.get("contract") or {}, res.get("tricks") or {}
    bid = str(contract.get("bid") or "")
    if len(bid) != 2 or not bid[0].isdigit() or bid[1] == "M" or contract.get("declarer") not in SEATS:
        return False
    side = side_of(SEATS.index(contract["declarer"]))
    return side in tricks and int(tricks[side]) < 6 + int(bid[0])


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


def added_examples(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any]]]:
    """``(kind, case)`` for each kind no marked example of the ruleset shows, with the first case of that kind
    (by id; cases pinning other readings are left out, the examples show the ruleset as it stands)."""
    mine = sorted((c for c in cases if c.get("ruleset") == ruleset.id and not c.get("readings")),
                  key=lambda c: str(c.get("id")))
    marked = [c for c in mine if c.get("example") is True]
    out = []
    for kind, test in KINDS:
        if any(test(ruleset, c) for c in marked):
            continue
        found = next((c for c in mine if c.get("example") is not True and test(ruleset, c)), None)
        if found is not None:
            out.append((kind, found))
    return out
