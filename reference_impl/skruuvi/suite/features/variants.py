"""Judging engines under other readings: variant expectations for the runner, a reference server under readings.

A case file holds the expectations of the default reading (or of the readings the case pins). To judge an
engine that implements a variant, :func:`expect_under` maps a :class:`~skruuvi.suite.cases.cases.Case` to the
same case with its ``expect`` worked out by the reference interpreter under the variant (the case's own
``readings`` on top). :class:`ReadingReplay` is the reference interpreter under some readings, for
``skruuvi serve --reading/--variant``: a test engine that implements another reading.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...interpreter.legal import legal_for, perft_for
from ...interpreter.outcome import Outcome
from ...interpreter.replay import replay
from ...rules.errors import CaseFormatError
from ...rules.readings import FIRST_ALTERNATIVE, label, with_readings
from ...rules.ruleset import Ruleset, get_ruleset
from ..cases.cases import Case

VARIANT_JUSTIFICATION = "reference-under-variant"
"""The justification kind of a case whose expectation :func:`expect_under` worked out under a variant."""


def _case_readings(record: Mapping[str, Any]) -> dict[str, Any]:
    readings = record.get("readings")
    if readings is None:
        return {}
    if not isinstance(readings, dict):
        raise CaseFormatError("readings must be a mapping {rule id: value}", path="/readings")
    return dict(readings)


def _expect_from(old: Mapping[str, Any], response: Mapping[str, Any]) -> dict[str, Any]:
    """The expectation that ``response`` (a replay answer) satisfies, in the shape of ``old``: the same keys of
    a result (the runner compares only those), ``index`` and ``code`` of an error (and ``deal``, the deal
    of a match that went wrong), or a match's sheets."""
    if "error" in response:
        error = response["error"]
        keys = ("deal", "index", "code") if "deal" in error else ("index", "code")  # a match's error: which deal
        return {"error": {key: error.get(key) for key in keys}}
    result = response["result"]
    if "match" in old:
        return {"match": result["match"]}
    wanted = list(old["result"]) if isinstance(old.get("result"), dict) else list(result)
    return {"result": {k: result[k] for k in wanted if k in result} or dict(result)}


def _legal_expect(record: Mapping[str, Any], old: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """The legal set or the perft count the reference works out under ``ruleset`` (or the prefix's error)."""
    if "perft" in old:
        depth = old["perft"]["depth"]
        count = perft_for(record, depth, ruleset)
        if isinstance(count, Outcome):
            return _expect_from(old, count.to_response())
        return {"perft": {"depth": depth, "count": count}}
    found = legal_for(record, ruleset)
    return {"legal": found} if isinstance(found, list) else _expect_from(old, found.to_response())


def expect_under(case: Case, variant: Ruleset) -> Case:
    """``case`` with the expectation of the reference interpreter under ``variant`` (the case's own readings
    applied on top), for judging an engine that implements the variant."""
    ruleset = with_readings(variant, _case_readings(case.record))
    if "legal" in case.expect or "perft" in case.expect:
        expect = _legal_expect(case.record, case.expect, ruleset)
    else:
        expect = _expect_from(case.expect, replay(case.record, ruleset).to_response())
    record = {**case.record, "expect": expect}
    record["justification"] = {"kind": VARIANT_JUSTIFICATION,
                               "note": f"expected answer worked out by the reference under {label(variant)}"}
    return replace(case, record=record)


@dataclass
class VariantCases:
    """The cases of a run with those of a variant's ruleset judged under the variant; counts them."""

    variants: Mapping[str, Ruleset]
    """The variant to judge each ruleset's cases under, by ruleset id."""
    judged: int = 0

    def apply(self, cases: Iterable[Case]) -> Iterator[Case]:
        for case in cases:
            variant = self.variants.get(case.ruleset)
            if variant is None:
                yield case
            else:
                self.judged += 1
                yield expect_under(case, variant)

    def summary(self) -> str:
        names = ", ".join(label(v) for v in self.variants.values())
        return f"{self.judged} judged under {names} (expectations worked out by the reference)"


_UNDER_KEPT = 256
"""How many (ruleset, readings) pairs :func:`_under` keeps."""

_UNDER: OrderedDict[tuple[int, str], tuple[Ruleset, Ruleset]] = OrderedDict()


def _under(base: Ruleset, readings: Mapping[str, Any]) -> Ruleset:
    """``with_readings(base, readings)``, the same object for the same ``base`` and ``readings`` (kept with
    ``base``, so its id stays its own): the case's own readings on top of it then hit with_readings' cache of
    compiled rulesets, keyed by the id of the ruleset they go on, rather than compiling again for every
    :class:`ReadingReplay` (a fresh copy from with_readings each time had a fresh id)."""
    key = (id(base), json.dumps(readings, sort_keys=True, ensure_ascii=False, default=repr))
    kept = _UNDER.get(key)
    if kept is None or kept[0] is not base:
        kept = _UNDER[key] = (base, with_readings(base, readings))
        while len(_UNDER) > _UNDER_KEPT:
            _UNDER.popitem(last=False)
    else:
        _UNDER.move_to_end(key)
    return kept[1]


@dataclass
class ReadingReplay:
    """The reference interpreter under readings: ``readings`` apply to every record's ruleset (a value of
    :data:`~skruuvi.rules.readings.FIRST_ALTERNATIVE` means that rule's first alternative), ``variants`` to
    the records of their ruleset; the record's own ``readings`` on top. A ruleset compiled once per set."""

    readings: Mapping[str, Any] = field(default_factory=dict)
    variants: Mapping[str, Ruleset] = field(default_factory=dict)
    _compiled: dict[tuple[str, str], Ruleset] = field(default_factory=dict, repr=False)

    def ruleset_for(self, record: Mapping[str, Any]) -> Ruleset | None:
        own = _case_readings(record)
        rid = record.get("ruleset")
        if not isinstance(rid, str):
            return None  # replay says what is wrong
        if not self.readings and not own and rid not in self.variants:
            return None
        key = (rid, repr(sorted(own.items(), key=lambda kv: kv[0])))
        if key not in self._compiled:
            base = self.variants.get(rid) or get_ruleset(rid)
            self._compiled[key] = with_readings(_under(base, self.readings), own)
        return self._compiled[key]

    def __call__(self, record: Mapping[str, Any]) -> Outcome:
        return replay(record, self.ruleset_for(record))


__all__ = ["FIRST_ALTERNATIVE", "VARIANT_JUSTIFICATION", "ReadingReplay", "VariantCases", "expect_under"]
