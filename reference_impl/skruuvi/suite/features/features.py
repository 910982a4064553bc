"""Feature tags: what a case needs of an engine, derived from the case and its ruleset, never hand-kept.

An engine may declare, per ruleset, the features it supports (SCP/1 ``start``, see
:mod:`skruuvi.suite.run.declare`); a case that needs a feature it does not declare is ``unsupported`` and is
not sent. The tags form a closed list per ruleset (:func:`feature_tags`), read off the ruleset's data:

* ``form:NAME`` for each game form of the ruleset (``form:alkupeli``, ``form:kotka``,
  ``form:passimisaari``, ...): a case needs the form its deal is dealt in and each form the deal turns
  into (an all-pass turning into passimisääri or a redeal);
* ``phase:ID`` for each phase of the ruleset's forms (``phase:defenders-exchange``,
  ``phase:bolsevikki-exchange``, ...): a case needs each phase in which one of its actions is taken (an
  action rejected there included), so a case that stops in the first auction does not need play;
* ``match`` (rulesets with a match structure): a match record (``match:`` instead of ``deal:``);
* ``set-position`` (rulesets whose matches have games): a deal that starts from a set position
  (``deal.state``); a ruleset without games ignores a deal's state, and its cases need no tag for it;
* ``case-readings``: the case pins readings of its own (``readings:``) and the engine must honour them (the
  runner does not ask it of a case whose pinned readings are all readings the engine plays by:
  :class:`skruuvi.suite.run.declare.Plan`);
* ``legal-actions``: the case asks the legal set (``expect.legal``) or a perft count (``expect.perft``),
  through SCP/1 ``legal``. Unlike the other tags it is never implied: only an engine whose ``features``
  list it for the case's ruleset is sent such cases (an engine of old does not know the request).

:func:`case_features` derives a case's tags by walking its actions through the reference interpreter's
step path under the ruleset the case is judged under: the phases and forms a case reaches are the ones
the reference reaches, so no tag can go stale when a rule or a case changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...rules.errors import IllegalAction, InputError
from ...rules.ruleset import Ruleset
from ..cases.cases import LEGAL_EXPECTATIONS, PLAYED_UNDER

MATCH = "match"
SET_POSITION = "set-position"
CASE_READINGS = "case-readings"
LEGAL_ACTIONS = "legal-actions"
"""The tag of the engines that answer SCP/1 ``legal``; the cases whose expectation is one of
:data:`~skruuvi.suite.cases.cases.LEGAL_EXPECTATIONS` need it."""
FORM_PREFIX = "form:"
PHASE_PREFIX = "phase:"


def feature_tags(ruleset: Ruleset) -> list[str]:
    """The closed list of feature tags of ``ruleset``, in a stable order (forms, phases, then the others)."""
    tags = [FORM_PREFIX + name for name in ruleset.forms]
    seen: set[str] = set()
    for form in ruleset.forms.values():
        for phase in form.phases:
            if phase.id not in seen:
                seen.add(phase.id)
                tags.append(PHASE_PREFIX + phase.id)
    if ruleset.match is not None:
        tags.append(MATCH)
        if ruleset.match.has_games:
            tags.append(SET_POSITION)
    tags.append(CASE_READINGS)
    tags.append(LEGAL_ACTIONS)
    return tags


def asks_legal(record: Mapping[str, Any]) -> bool:
    """Whether the case is judged through SCP/1 ``legal`` (its expectation is a legal set or a perft count)."""
    expect = record.get("expect")
    if type(expect) is dict:  # the usual case, without the abstract base class's check
        return not expect.keys().isdisjoint(LEGAL_EXPECTATIONS)
    return isinstance(expect, Mapping) and any(key in expect for key in LEGAL_EXPECTATIONS)


def _deal_features(ruleset: Ruleset, deal: Any, actions: Any, out: set[str], *, asked: bool = False) -> None:
    """Add the forms and phases one deal reaches with ``actions`` (up to the first rejected action); with
    ``asked`` (a legal case) also the phase of the position after them, where the legal set is asked."""
    from ...interpreter import engine  # here: serve's start answer reads the tags without the interpreter

    if not isinstance(deal, Mapping):
        return
    form = deal.get("form")
    if isinstance(form, str) and form in ruleset.forms and ruleset.forms[form].dealt:
        out.add(FORM_PREFIX + form)  # the deal is dealt in it, even when the deal itself is rejected
    if "state" in deal and ruleset.match is not None and ruleset.match.has_games:
        out.add(SET_POSITION)  # (a ruleset without games ignores a deal's state: nothing to declare)
    try:
        state = engine.start(ruleset, deal)
    except (IllegalAction, InputError, TypeError, ValueError):
        return
    out.add(FORM_PREFIX + state.form.name)
    for action in actions if isinstance(actions, list) else ():
        if state.to_act is not None and 0 <= state.phase_no < len(state.form.phases):
            out.add(PHASE_PREFIX + state.form.phases[state.phase_no].id)
        try:
            state = engine.apply(state, action)
        except (IllegalAction, InputError, TypeError, ValueError):
            return
        out.add(FORM_PREFIX + state.form.name)
    if asked and state.to_act is not None and 0 <= state.phase_no < len(state.form.phases):
        out.add(PHASE_PREFIX + state.form.phases[state.phase_no].id)


def case_features(record: Mapping[str, Any], ruleset: Ruleset) -> frozenset[str]:
    """The feature tags ``record`` needs, played under ``ruleset`` (the ruleset it is judged under: its own
    pinned readings, and any the engine declared, already applied)."""
    out: set[str] = set()
    if record.get("readings"):
        out.add(CASE_READINGS)
    if "match" in record:
        out.add(MATCH)
        match = record["match"]
        deals = match.get("deals") if isinstance(match, Mapping) else None
        for entry in deals if isinstance(deals, list) else ():
            if isinstance(entry, Mapping):
                _deal_features(ruleset, entry.get("deal"), entry.get("actions"), out)
    else:
        asked = asks_legal(record)
        if asked:
            out.add(LEGAL_ACTIONS)
        _deal_features(ruleset, record.get("deal"), record.get("actions"), out, asked=asked)
    return frozenset(out)


def unknown_tags(tags: Iterable[str], ruleset: Ruleset) -> list[str]:
    """The tags among ``tags`` that are not in ``ruleset``'s closed list."""
    known = set(feature_tags(ruleset))
    return [tag for tag in tags if tag not in known]


__all__ = ["CASE_READINGS", "LEGAL_ACTIONS", "MATCH", "PLAYED_UNDER", "SET_POSITION", "asks_legal", "case_features",
           "feature_tags", "unknown_tags"]
