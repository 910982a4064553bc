"""A reading that explains failures, ready to act on: its exact value, as ``skruuvi serve``'s (or ``replay``'s)
``--reading`` options and as the start answer's ``implementation.readings``."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import Any

from ...rules.errors import InputError


def reading_option(rule_id: str, value: Any) -> str:
    """``--reading RULE=VALUE`` as a shell word that ``skruuvi serve``/``replay`` read back as exactly ``value``:
    a plain word where YAML reads it back as the same string, else the value as JSON (which YAML reads too)."""
    text = value if isinstance(value, str) and _plain(value) else json.dumps(value, ensure_ascii=False,
                                                                              separators=(",", ":"))
    return "--reading " + shlex.quote(f"{rule_id}={text}")


def _plain(text: str) -> bool:
    """Whether YAML reads ``text`` back as this very string (a word such as ``reverse``, not ``true`` or ``5``)."""
    from ...rules.yamlio import parse_yaml

    try:
        return bool(text) and text.strip() == text and parse_yaml(text, "--reading") == text
    except InputError:
        return False


@dataclass
class Row:
    """One reading (or pair) and the failures it explains."""

    ruleset: str
    """The ruleset (or variant, ``RULESET:NAME``) the reading is taken on top of."""
    readings: tuple[int, ...]
    words: str
    rules: tuple[str, ...]
    source: tuple[str, ...]
    values: dict[str, Any] = field(default_factory=dict)
    """The exact readings, ``{rule id: value}`` (a pair's two, and what an alternative requires)."""
    ruleset_id: str = ""
    """The ruleset's id (without a variant's name)."""
    under: dict[str, Any] = field(default_factory=dict)
    """The variant's own readings, when the run judged the ruleset under a variant."""
    cases: list[str] = field(default_factory=list)
    only: int = 0

    @property
    def options(self) -> str:
        """The readings as ``skruuvi serve`` (or ``replay``) options, ready to paste."""
        return " ".join(reading_option(rule, value) for rule, value in self.values.items())

    @property
    def declaration(self) -> dict[str, Any]:
        """The start answer's ``implementation.readings`` that declares the readings (with a variant's own)."""
        return {self.ruleset_id: {**self.under, **self.values}}


__all__ = ["Row", "reading_option"]
