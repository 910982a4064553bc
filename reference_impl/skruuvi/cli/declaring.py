"""The options of ``skruuvi serve`` that say what the reference engine declares at start (DESIGN §6).

``serve --reading/--variant`` plays under other readings and declares them, with only the rulesets that
hold them all (:func:`skruuvi.suite.run.declare.serve_declarations`); ``--undeclared`` plays under them
without declaring them; ``--features TAG,...`` declares a feature list. Test engines for the runner's
judging under declared readings, its ``unsupported`` cases, and its explanations of failures.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..rules.errors import InputError


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--undeclared", action="store_true",
                   help="play under --reading/--variant without declaring them at start (an engine that "
                        "reads rules otherwise and does not say so); it still declares only the rulesets "
                        "that hold the readings")
    p.add_argument("--features", metavar="TAG,...",
                   help="declare only these feature tags (comma-separated, e.g. form:alkupeli,phase:play; "
                        "see conformance/INTERPRETING.md), for each ruleset the tags it has: cases needing "
                        "another feature are unsupported")


def declares(args: argparse.Namespace, readings: dict[str, Any], variants: dict[str, Any]) -> dict[str, Any] | None:
    """The keys ``serve`` adds to its start answer's ``implementation`` (empty: it declares nothing, as an
    engine of old); None, after one line on stderr, when no ruleset holds the readings or a tag is unknown."""
    try:
        return _declares(args, readings, variants)
    except InputError as exc:
        sys.stderr.write(f"skruuvi: serve: {exc}\n")
        return None


def _declares(args: argparse.Namespace, readings: dict[str, Any], variants: dict[str, Any]) -> dict[str, Any]:
    features = None
    if args.features is not None:
        features = [tag.strip() for tag in args.features.split(",") if tag.strip()]
    if not (readings or variants) and features is None:
        return {}
    from ..suite.run.declare import serve_declarations  # here: the plain reference starts without it
    declared = serve_declarations(readings, variants, features)
    if not declared["rulesets"]:
        from ..suite.run.declare import unlisted

        raise InputError(unlisted(readings) or f"no ruleset holds the readings {', '.join(readings)} (each as "
                         "the rule's value or a listed alternative)")
    if args.undeclared:
        declared.pop("readings", None)  # played under them all the same: only the rulesets are said
    return declared


def server(readings: Any, variants: Any, declares: Any) -> Any:
    """The :class:`~skruuvi.suite.scp.protocol.Server` of ``skruuvi serve``: None for the plain reference, whose
    interpreter is imported at the first run request, so that the start answer comes at once."""
    if not (readings or variants or declares):
        return None
    from ..suite.features.variants import ReadingReplay
    from ..suite.scp.protocol import Server

    replay = ReadingReplay(readings, variants) if readings or variants else None
    return Server(replay=replay, declares=declares)
