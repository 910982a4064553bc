"""What several commands read alike: the ``--reading`` and ``--variant`` options, rulesets named by id, era or
variant ``RULESET:NAME``, and a message on stderr."""

from __future__ import annotations

import sys
from typing import Any

PROG = "skruuvi"
EXIT_USAGE = 2
READING_HELP = ("another reading of a rule: RULE=VALUE (VALUE is a YAML scalar or flow value; RULE=null is the "
                "value null) or RULE alone for the rule's first listed alternative; repeatable.")


def say(message: str) -> None:
    sys.stderr.write(f"{PROG}: {message}\n")
    sys.stderr.flush()


def known_rulesets() -> dict[str, Any]:
    from ..rules.ruleset import available_rulesets, get_ruleset

    return {rid: get_ruleset(rid) for rid in available_rulesets()}


def pick_rulesets(names: list[str], what: str) -> list[Any] | None:
    """Rulesets by id or era, or variants ``RULESET:NAME``; None (after saying why) when one is unknown."""
    from ..rules.errors import RulesetError
    from ..rules.readings import resolve_ruleset

    known = known_rulesets()
    picked = []
    for name in names:
        try:
            rs = resolve_ruleset(name, known)
        except RulesetError as exc:
            say(f"{what}: {name}: {exc.reason}")
            return None
        if rs is None:
            choices = ", ".join(f"{r.id} ({r.era})" for r in known.values())
            say(f"{what}: unknown ruleset or era {name!r} (known: {choices})")
            return None
        picked.append(rs)
    return picked


def parse_readings(specs: list[str], what: str = "replay") -> dict[str, Any] | None:
    """``--reading RULE[=VALUE]`` options as ``{rule id: value}``, RULE alone standing for
    :data:`~skruuvi.rules.readings.FIRST_ALTERNATIVE` (and ``RULE=null`` for the value null); None (after a
    message) if bad."""
    from ..rules.errors import YamlError
    from ..rules.readings import FIRST_ALTERNATIVE
    from ..rules.yamlio import parse_yaml

    readings: dict[str, Any] = {}
    for spec in specs:
        rule_id, eq, text = spec.partition("=")
        if not rule_id or (eq and not text):
            say(f"{what}: --reading {spec!r}: expected RULE or RULE=VALUE, e.g. score.scale=10")
            return None
        if rule_id in readings:
            say(f"{what}: --reading {spec!r}: rule {rule_id} is given twice")
            return None
        try:
            readings[rule_id] = parse_yaml(text, "--reading") if eq else FIRST_ALTERNATIVE
        except YamlError as exc:
            say(f"{what}: --reading {spec!r}: {exc}")
            return None
    return readings


def pick_variants(specs: list[str], what: str) -> dict[str, Any] | None:
    """``--variant RULESET:NAME`` options as ``{ruleset id: variant}``; None (after a message) if bad."""
    from ..rules.readings import split_spelling

    variants: dict[str, Any] = {}
    for spec in specs:
        if split_spelling(spec)[1] is None:
            say(f"{what}: --variant {spec!r}: expected RULESET:NAME, e.g. skruuvi-1944:older-table")
            return None
        picked = pick_rulesets([spec], what)
        if picked is None:
            return None
        if picked[0].id in variants:
            say(f"{what}: --variant {spec!r}: a second variant of {picked[0].id}")
            return None
        variants[picked[0].id] = picked[0]
    return variants


__all__ = ["EXIT_USAGE", "PROG", "READING_HELP", "known_rulesets", "parse_readings", "pick_rulesets",
           "pick_variants", "say"]
