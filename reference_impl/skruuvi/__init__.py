"""skruuvi: the reference interpreter of the Skruuvi specification (rulesets as data).

The layers, lowest first; a module imports only from its own layer or lower ones (a test holds it):

* :mod:`skruuvi.rules`: notation, errors, data paths, YAML/JSON, schemas, the expression language, the
  phase vocabulary and the ruleset compiler;
* :mod:`skruuvi.interpreter`: deal, engine, phase mechanisms, scoring, games, replay of deals and matches
  (with the speed paths apart in :mod:`skruuvi.interpreter.fast`);
* :mod:`skruuvi.suite` (cases, protocol, runner, reports, pytest plugin, validation),
  :mod:`skruuvi.authoring` (bots, generator, mutation, strategies) and :mod:`skruuvi.history` (comparison,
  cross-era replay), side by side;
* :mod:`skruuvi.book`, the rule book;
* :mod:`skruuvi.cli`, the command line.

``skruuvi.replay(record)`` replays one recorded deal or match (:func:`skruuvi.interpreter.replay.replay`);
``skruuvi.legal_actions(state)`` is the legal set of a position in canonical spelling, sorted
(:func:`skruuvi.interpreter.legal.legal_strings`).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.6.0"
"""The package's version is the suite's (conformance/CHANGELOG.md's latest heading; a test holds them equal)."""

__all__ = ["__version__", "legal_actions", "replay"]


def __getattr__(name: str) -> Any:
    # The entry point is imported on first use, so that ``import skruuvi`` (and the command line's --help)
    # does not load the interpreter.
    if name == "replay":
        from .interpreter.replay import replay

        return replay
    if name == "legal_actions":
        from .interpreter.legal import legal_strings

        return legal_strings
    raise AttributeError(f"module 'skruuvi' has no attribute {name!r}")
