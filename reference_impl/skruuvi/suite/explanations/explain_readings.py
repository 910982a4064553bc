"""The readings ``--explain`` tries: every executable alternative of a ruleset's rules, with what it can touch.

A :class:`Reading` is one listed alternative (with the readings its ``requires:`` name), in words for the
table (``rule = value (title, shortened)``), with its sources and the deal forms whose phases or scheme it
changes, so that it is replayed only on cases that can feel it (:mod:`skruuvi.suite.explanations.explain_search`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...rules.readings import alternatives, executable, rule_field
from ...rules.ruledoc import rule_entries
from ...rules.ruleset import Ruleset, get_ruleset


@dataclass(frozen=True)
class Reading:
    """One candidate reading of a ruleset: one alternative (with the readings it requires)."""

    ruleset: str
    rule: str
    readings: Mapping[str, Any]
    words: str
    source: tuple[str, ...]
    forms: frozenset[str] | None
    """The deal forms whose phases or scheme the reading changes (None: any form)."""
    match_only: bool = False
    """A match rule: only match records and deals with a set position can feel it."""
    phases: frozenset[str] | None = None
    """The phases whose parameters the reading sets (None: not a phase rule): it is on a replay's path only when
    the replay reaches one of them (:func:`on_path`)."""
    schemes: frozenset[str] | None = None
    """The scoring schemes the reading changes (None: not a scheme's rule): on a replay's path only when the deal
    is scored by one of them."""

    @property
    def values(self) -> dict[str, Any]:
        """The exact readings, ``{rule id: value}`` (the alternative's value and those its ``requires:`` name)."""
        return dict(self.readings)


@dataclass(frozen=True)
class ReplayPath:
    """What a replay of one case went through, for the pair search: the phases it reached (up to the action that
    decided its answer) and the schemes that scored it; ``everything``: any rule may have been read (a match
    record, a legal case, a replay that could not be traced)."""

    phases: frozenset[str] = frozenset()
    schemes: frozenset[str] = frozenset()
    state: bool = False
    """The deal carries a set position (a match rule may read it)."""
    everything: bool = False


EVERYTHING = ReplayPath(everything=True)


def on_path(reading: Reading, path: ReplayPath) -> bool:
    """Whether the rules ``reading`` changes can have been read by a replay that went ``path``'s way: if not, the
    reading cannot change that replay's answer (the same answer with it as without it)."""
    if path.everything or len(reading.readings) > 1:
        return True
    if reading.match_only:
        return path.state
    if reading.phases is not None:
        return bool(reading.phases & path.phases)
    if reading.schemes is not None:
        return bool(reading.schemes & path.schemes)
    return True  # a deal, form, table or fact rule: read by every replay


def _shorten(text: str, width: int = 60) -> str:
    text = " ".join(str(text).split())
    first = text.split(". ")[0].rstrip(".")
    text = first if len(first) <= width else first[: width - 1].rstrip() + "…"
    return text


def _value_text(value: Any, width: int = 32) -> str:
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return shown if len(shown) <= width else shown[: width - 1] + "…"


def _strings(value: Any) -> Iterator[str]:
    """Every string in a parameter's value, through lists and mappings."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def reach(ruleset: Ruleset, start: str) -> frozenset[str]:
    """The forms a deal of form ``start`` can become: any phase parameter naming a form (anywhere in its
    value) leads there."""
    seen, todo = {start}, [start]
    while todo:
        form = ruleset.forms.get(todo.pop())
        for phase in form.phases if form is not None else ():
            for value in phase.params.values():
                for name in _strings(value):
                    if name in ruleset.forms and name not in seen:
                        seen.add(name)
                        todo.append(name)
    return frozenset(seen)


def _scope(ruleset: Ruleset, rule_id: str, path: Sequence[Any]) -> tuple[frozenset[str] | None, bool]:
    """The forms a rule can change, and whether it is a match rule: a phase parameter's rule the forms with a
    phase it sets a parameter of (a phase may take another's rules), a scheme's rule the forms that scheme
    scores; any other rule (deal, form, scoring tables and facts) any form."""
    head = path[0] if path else None
    phased = frozenset(f.name for f in ruleset.forms.values()
                       if any(rule_id in p.rule_of_param.values() for p in f.phases))
    if phased or head == "phases":
        return phased, False
    if head == "scoring" and len(path) > 2 and path[1] == "schemes":
        return frozenset(f.name for f in ruleset.forms.values() if f.scheme == path[2]), False
    return None, head == "match"


def _places(ruleset: Ruleset, rule_id: str, path: Sequence[Any]) -> tuple[frozenset[str] | None,
                                                                            frozenset[str] | None]:
    """The phases whose parameters a rule sets, or the scheme it belongs to (each None where it is not one)."""
    phases = frozenset(p.id for f in ruleset.forms.values() for p in f.phases if rule_id in p.rule_of_param.values())
    if phases or (path and path[0] == "phases"):
        return phases | ({str(path[1])} if len(path) > 1 and path[0] == "phases" else set()), None
    if path and path[0] == "scoring" and len(path) > 2 and path[1] == "schemes":
        return None, frozenset({str(path[2])})
    return None, None


def candidates(base: Ruleset) -> list[Reading]:
    """Every executable alternative of ``base``'s rules as a :class:`Reading`, in file order (alternatives that
    require one another, the same readings listed on each rule they change, once); an alternative
    that ``base`` already reads (a variant's own reading) is left out, and for each rule a variant reads
    otherwise, the ruleset's own value is a reading too."""
    paths = {str(entry.get("id")): path for path, entry in rule_entries(dict(base.raw))}
    out: list[Reading] = []
    for rule_id, alt in alternatives(base):
        if not executable(alt) or (rule_id in base.readings and base.readings[rule_id] == alt["value"]):
            continue
        readings = {rule_id: alt["value"], **(alt.get("requires") or {})}
        if any(dict(r.readings) == readings for r in out):
            continue  # one reading listed on each rule it changes (the alternatives require one another): once
        forms, match_only = _scope(base, rule_id, paths.get(rule_id, ()))
        phases, schemes = _places(base, rule_id, paths.get(rule_id, ()))
        if len(readings) > 1:
            forms, match_only, phases, schemes = None, False, None, None
        title = alt.get("title") or alt.get("note") or ""
        words = f"{rule_id} = {_value_text(alt['value'])}" + (f" ({_shorten(title)})" if title else "")
        source = alt.get("source") or ()
        out.append(Reading(base.id, rule_id, readings, words,
                           tuple(source) if isinstance(source, list) else (str(source),), forms, match_only,
                           phases, schemes))
    if base.readings:  # under a variant, each rule it reads otherwise may be read as the ruleset writes it
        written = get_ruleset(base.id)
        entries = {str(entry.get("id")): entry for _, entry in rule_entries(dict(written.raw))}
        for rule_id in base.readings:
            entry = entries.get(rule_id)
            if entry is None or rule_field(entry) not in entry:
                continue
            value = entry[rule_field(entry)]
            forms, match_only = _scope(written, rule_id, paths.get(rule_id, ()))
            phases, schemes = _places(written, rule_id, paths.get(rule_id, ()))
            out.append(Reading(base.id, rule_id, {rule_id: value},
                               f"{rule_id} = {_value_text(value)} (as the ruleset writes it, not the variant's)",
                               tuple(written.rules[rule_id].source), forms, match_only, phases, schemes))
    return out


__all__ = ["EVERYTHING", "Reading", "ReplayPath", "candidates", "on_path", "reach"]
