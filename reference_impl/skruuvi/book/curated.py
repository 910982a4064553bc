"""The curated deals of the comparison chapter (``spec/comparison.yaml``, key ``cross_era``).

An entry names a conformance case by id, or asks for a deal generated deterministically by the seeded
bots (:mod:`skruuvi.authoring.bots`) under one ruleset and game form: the small script that builds a deal no
conformance case has yet (e.g. a kotka), or both (the case when it exists, else the generated deal).
Problems become messages for the page, never exceptions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..authoring import bots
from ..rules.errors import SkruuviError
from ..rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Curated:
    record: dict[str, Any]
    why: str
    generated: bool  # True: made by generate_record, not a conformance case


def generate_record(ruleset: Ruleset, form: str, seed: int, case_id: str, description: str = "") -> dict[str, Any]:
    """A complete legal record of ``form`` under ``ruleset``: the bots play a deal drawn from ``seed``.

    If the bots' deal turns into another form (e.g. everyone passes), the next seeds are tried, so the
    result is the first deal from ``seed`` on that stays in ``form``; the seed used is recorded.
    """
    if form not in ruleset.forms or not ruleset.forms[form].dealt:
        raise SkruuviError(f"{ruleset.id} has no dealt form {form!r}")
    for attempt in range(seed, seed + 100):
        rng = random.Random(attempt)
        deal = bots.random_deal(ruleset, rng, form=form)
        actions, state = bots.play_out(ruleset, deal, rng)
        if state.form.name == form and state.contract is not None:
            return {"id": case_id, "ruleset": ruleset.id, "description": description or f"a {form} deal",
                    "generated": {"by": "skruuvi.authoring.bots", "seed": attempt}, "deal": deal, "actions": actions}
    raise SkruuviError(f"no {form} deal with a contract from seeds {seed}..{seed + 99}")


def curated_deals(config: Mapping[str, Any] | None, cases: Sequence[Mapping[str, Any]],
                  rulesets: Sequence[Ruleset]) -> tuple[list[Curated], list[str]]:
    """The curated records in page order, and a message for every entry that could not be used."""
    by_id = {str(c.get("id")): c for c in cases}
    known = {rs.id: rs for rs in rulesets}
    out: list[Curated] = []
    problems: list[str] = []
    for i, entry in enumerate((config or {}).get("cross_era") or []):
        if not isinstance(entry, Mapping):
            problems.append(f"cross_era[{i}]: not a mapping")
            continue
        why = str(entry.get("why", ""))
        if "case" in entry:
            case = by_id.get(str(entry["case"]))
            if case is not None:
                out.append(Curated(dict(case), why, False))
                continue
            if "generate" not in entry:  # with generate, a missing case falls back to the generated deal
                problems.append(f"cross_era[{i}]: no conformance case {entry['case']!r}")
                continue
        gen = entry.get("generate") or {}
        ruleset = known.get(str(gen.get("ruleset")))
        if ruleset is None:
            problems.append(f"cross_era[{i}]: unknown ruleset {gen.get('ruleset')!r}")
            continue
        try:
            record = generate_record(ruleset, str(gen.get("form")), int(gen.get("seed", 0)),
                                     str(entry.get("id", f"generated-{i}")), str(entry.get("description", "")))
        except (SkruuviError, ValueError, TypeError) as exc:
            problems.append(f"cross_era[{i}]: {exc}")
            continue
        out.append(Curated(record, why, True))
    return out, problems
