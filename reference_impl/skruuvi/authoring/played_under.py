"""Records played under other readings: for every executable alternative, every named variant and every
combination of the alternatives that decide what is legal in one game form, seeded bot deals played *under*
that reading.

The suite's other records are played under the rulesets as they stand. An engine that declares another reading
(``passimisaari.return-order=reverse``) is judged on them under its reading, and a record whose actions its
reading forbids is judged as that error: its game form's results are not judged at all. These records close
that gap. Each is played legally under its readings by :mod:`skruuvi.authoring.bots`, carries them in
``readings`` with ``played_under_readings: true`` (the runner sends it only to an engine that declares those
readings, or that lists ``case-readings``: :mod:`skruuvi.suite.run.declare`), and expects what the reference
answers under them (the oracle must agree: tests/authoring/test_played_under.py).

:func:`reading_sets` lists the readings played, in a fixed order:

* each executable alternative of each rule, alone (with the readings its ``requires:`` names);
* each named variant of the ruleset;
* for each game form a deal can end in, every combination of two or more alternatives of the rules that decide
  what is legal on the way to it (the rules of its phases and of its forms): an engine that declares several of
  them still gets records of that form that it can play to the end.

For each set :func:`played_under` plays deals of every dealt form (and all-pass deals) and keeps those whose answer
under the readings differs from the answer under the ruleset as it stands, up to a few per form the deal ends
in (so a reading gets records of exactly the forms it touches), and for a single reading or a variant one match
record whose answer differs, where the ruleset has matches. Where no answer differs although the readings decide
what is legal (they forbid what the bots would not do), the first records played are kept all the same: an engine
that declares them can play them to the end. Deal rules are played with deck deals (the centre
positions are what they decide). The same arguments give the same bytes.

Last, for a single reading or a variant, the scoring rules no record of it scored yet are looked for
(:func:`_scoring`): every rule of a scoring scheme the readings can reach
(:func:`skruuvi.rules.reach.reachable_scoring`) is to be scored by one of its records. The records played under
the ruleset as it stands are judged under the readings as the errors the readings make of them, and so may the
hand-written cases of a rare score (a slam, say). More deals are played for them, up to :data:`SCORING_ATTEMPTS`:
random deals, and deals in which one pair holds the top cards (bid as a pre-emptive six, eagerly or timidly, so that
slams are bid, made, failed and taken unbid); a deal is kept when it scores a rule none had. A rule no deal reached
within them stays unscored (tests/authoring/test_played_under.py names it).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..interpreter import engine
from ..interpreter.replay import replay
from ..interpreter.settle import score
from ..rules.errors import RulesetError, SkruuviError
from ..rules.notation import DECK, SEATS
from ..rules.reach import reachable_scoring
from ..rules.readings import alternatives, executable, resolve_values, ruleset_under, variants
from ..rules.ruleset import Ruleset
from . import bots
from .generate import JUSTIFICATION
from .kinds import _options
from .strategies import deal_mapping, random_positions

MARKER = "played_under_readings"
"""The key (value ``true``) of a record played under its ``readings``, for engines that declare them."""

PER_FORM = 3
"""Records kept per reading set and per form the deal ends in (single readings and variants)."""
PER_COMBINATION = 2
"""Records kept per combination of readings and per form it is made for."""
ATTEMPTS = 24
"""Deals played per reading set, dealt form and kind of deal (contract or all-pass) before giving up."""
RARE_ATTEMPTS = 200
"""And, with bolder bidding, up to this many where no deal of the readings' forms differed (rare positions)."""
MATCH_ATTEMPTS = 4
"""Match records played per single reading or variant before giving up."""
SCORING_ATTEMPTS = 1000
"""Deals played per single reading or variant looking for the scoring rules within reach its records did not score."""
TOP_CARDS = (16, 20, 24)
"""How many of the highest cards one pair holds in the deals that look for rare scores (slams)."""


@dataclass(frozen=True)
class ReadingSet:
    """Readings to play records under: ``slug`` names them in case ids, ``forms`` the forms a combination is made
    for (``None``: any form the readings touch, and a match)."""

    slug: str
    readings: Mapping[str, Any]
    forms: frozenset[str] | None = None

    def text(self) -> str:
        return ", ".join(f"{rule}={_json(value)}" for rule, value in self.readings.items())


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _as_json(readings: Mapping[str, Any]) -> dict[str, Any]:
    """The readings as a JSON record carries them (a table by level keyed by strings)."""
    return dict(json.loads(json.dumps(dict(readings), ensure_ascii=False)))


def _digest(readings: Mapping[str, Any]) -> str:
    return hashlib.sha256(_json(_as_json(readings)).encode("utf-8")).hexdigest()[:6]


def _compiles(ruleset: Ruleset, readings: Mapping[str, Any]) -> bool:
    try:
        resolve_values(ruleset, readings)
        ruleset_under(ruleset.id, readings)
    except (RulesetError, SkruuviError):
        return False
    return True


def end_forms(ruleset: Ruleset) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every form a deal can end in: ``{form: (the dealt form it starts as, the phases on the way)}``; an
    all-pass form goes through its dealt form's phases up to the one that turns into it."""
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name, form in ruleset.forms.items():
        if not form.dealt:
            continue
        out.setdefault(name, (name, tuple(p.id for p in form.phases)))
        for i, phase in enumerate(form.phases):
            target = phase.params.get("all_pass_form")
            if isinstance(target, str) and target in ruleset.forms and target not in out:
                out[target] = (name, (*(p.id for p in form.phases[:i + 1]),
                                      *(p.id for p in ruleset.forms[target].phases)))
    return out


def _legality_rules(ruleset: Ruleset, dealt: str, end: str, phases: tuple[str, ...]) -> list[str]:
    """The rules with executable alternatives that decide what is legal on the way to form ``end``: those of its
    phases and of its forms."""
    prefixes = (*(f"/phases/{p}/" for p in phases), f"/forms/{dealt}/", f"/forms/{end}/")
    listed = {rule_id for rule_id, alt in alternatives(ruleset) if executable(alt)}
    return [r.id for r in ruleset.rules.values() if r.id in listed and r.pointer.startswith(prefixes)]


def with_required(ruleset: Ruleset, readings: dict[str, Any]) -> dict[str, Any]:
    """``readings`` and every reading their alternatives' ``requires:`` name, over and over (alternatives that
    require one another, such as ANY's bolsevikki scoring, are played together)."""
    listed = [(rule_id, alt) for rule_id, alt in alternatives(ruleset) if executable(alt)]
    out = dict(readings)
    while True:
        needed = {other: value for rule_id, alt in listed if rule_id in out and out[rule_id] == alt["value"]
                  for other, value in (alt.get("requires") or {}).items() if other not in out}
        if not needed:
            return out
        out.update(needed)


def reading_sets(ruleset: Ruleset) -> list[ReadingSet]:
    """Every set of readings records are played under (see the module docstring), in a fixed order; a
    combination that cannot hold together (an alternative's ``requires`` or ``excludes``) is left out."""
    out: list[ReadingSet] = []
    values: dict[str, list[Any]] = {}
    for rule_id, alt in alternatives(ruleset):
        if not executable(alt):
            continue
        values.setdefault(rule_id, []).append(alt["value"])
        readings = with_required(ruleset, {rule_id: alt["value"]})
        if _compiles(ruleset, readings):
            out.append(ReadingSet(f"{rule_id}-{_digest(readings)}", readings))
    for name, declared in variants(ruleset).items():
        readings = dict(declared.get("readings") or {})
        if readings and _compiles(ruleset, readings):
            out.append(ReadingSet(f"variant-{name}", readings))
    combinations: dict[str, tuple[dict[str, Any], set[str]]] = {}
    for end, (dealt, phases) in end_forms(ruleset).items():
        rules = [r for r in _legality_rules(ruleset, dealt, end, phases) if r in values]
        for choice in itertools.product(*([None, *values[r]] for r in rules)):
            readings = {r: v for r, v in zip(rules, choice, strict=True) if v is not None}
            if len(readings) < 2:
                continue
            key = _json(_as_json(readings))
            if key not in combinations:
                if not _compiles(ruleset, readings):
                    continue
                combinations[key] = (readings, set())
            combinations[key][1].add(end)
    for readings, forms in combinations.values():
        out.append(ReadingSet(f"combination-{_digest(readings)}", readings, frozenset(forms)))
    return out


def _answer(record: Mapping[str, Any], ruleset: Ruleset | None = None) -> dict[str, Any]:
    return replay(record, ruleset).to_response()


def _deal(ruleset: Ruleset, rng: random.Random, form: str, deck: bool) -> dict[str, Any]:
    if not deck:
        return bots.random_deal(ruleset, rng, form=form)
    cards = [str(c) for c in DECK]
    rng.shuffle(cards)
    return deal_mapping(ruleset, rng.choice(SEATS), cards, form=form,
                        positions=random_positions(rng, ruleset, form))


def _finished(record: dict[str, Any], ruleset: Ruleset, readings: ReadingSet, what: str) -> dict[str, Any]:
    out = {"id": record["id"], "ruleset": ruleset.id, "readings": _as_json(readings.readings), MARKER: True,
           "description": f"{what} played by the seeded bots under {readings.text()}", "rules": [],
           "justification": JUSTIFICATION}
    out.update({k: v for k, v in record.items() if k in ("deal", "actions", "match")})
    out["expect"] = _expect(out, _answer(out))
    return out


def _expect(record: Mapping[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    found = {"match": response["result"]["match"]} if "match" in record and "result" in response else response
    return _whole(found)


def _whole(value: Any) -> Any:
    """``value`` with each whole number written as an integer (a shared score's thirds can add up to -55.0): case
    files write every whole number so (DESIGN §3)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


def _differs(case: Mapping[str, Any], ruleset: Ruleset) -> bool:
    """Whether the ruleset as it stands answers ``case`` otherwise than under the case's readings."""
    return case["expect"] != _expect(case, _answer(case, ruleset))


def _deals(ruleset: Ruleset, under: Ruleset, readings: ReadingSet, rng: random.Random,
           prefix: str) -> Iterator[dict[str, Any]]:
    """The single deals played under ``readings``, a few per form the deal ends in: those whose answer differs
    from the ruleset's; where none does within :data:`RARE_ATTEMPTS` (the readings decide a rare position, or
    only forbid what the bots would not do), for the forms whose legality the readings decide, the first ones
    played (legal under the readings by construction: an engine that declares them can play them to the end)."""
    deck = any(ruleset.rules[r].pointer.startswith("/deal/") for r in readings.readings)
    wanted = PER_FORM if readings.forms is None else PER_COMBINATION
    kept: dict[str, int] = {}
    plain: dict[str, list[dict[str, Any]]] = {}
    ends = end_forms(under)  # (an all-pass form may only be reached under the readings)
    decided = {end for end, (start, phases) in ends.items()
               if deck or set(readings.readings) & set(_legality_rules(ruleset, start, end, phases))}
    for dealt in [name for name, form in ruleset.forms.items() if form.dealt]:
        for all_pass in (False, True):
            targets = [end for end, (start, _) in ends.items() if start == dealt
                       and (readings.forms is None or end in readings.forms)]
            for attempt in range(RARE_ATTEMPTS if targets else 0):
                if all(kept.get(end, 0) >= wanted for end in targets):
                    break
                if attempt >= ATTEMPTS and (kept or not decided & set(targets)):
                    break  # the rare positions are looked for only where nothing was found
                deal = _deal(under, rng, dealt, deck)
                temper = replace(bots.random_temper(rng), all_pass=all_pass)
                if attempt >= ATTEMPTS:  # bolder bidding: the high first bids that bans and exchanges turn on
                    temper = replace(temper, eagerness=1.0, jump_rate=0.3)
                actions, state = bots.play_out(under, deal, rng, temper)
                end = state.form.name
                if end not in targets or kept.get(end, 0) >= wanted:
                    continue
                n = kept.get(end, 0) + 1
                case = _finished({"id": f"{prefix}-{end}-{n}", "deal": deal, "actions": actions}, ruleset,
                                 readings, f"a {end}")
                if not _differs(case, ruleset):
                    if end in decided and len(plain.setdefault(end, [])) < wanted:
                        plain[end].append(case)
                    continue  # the readings change nothing here: the suite's other records judge it
                kept[end] = n
                yield case
    for end, cases in plain.items():
        if not kept.get(end):
            for n, case in enumerate(cases, 1):
                yield {**case, "id": f"{prefix}-{end}-{n}"}


def _match(ruleset: Ruleset, under: Ruleset, readings: ReadingSet, rng: random.Random,
           prefix: str) -> Iterator[dict[str, Any]]:
    """One match record played under ``readings`` whose answer differs from the ruleset's; where none does within
    :data:`MATCH_ATTEMPTS` and the readings decide what is legal, the first one played (legal under them)."""
    if ruleset.match is None or readings.forms is not None:
        return
    first = None
    for n in range(MATCH_ATTEMPTS):
        record = bots.random_match(under, rng, case_id=f"{prefix}-match", options=_options(under, n))
        case = _finished(record, ruleset, readings, "a match")
        if _differs(case, ruleset):
            yield case
            return
        first = first or case
    if first is not None and not all(ruleset.rules[r].pointer.startswith("/scoring/") for r in readings.readings):
        yield first


def _scored(under: Ruleset, record: Mapping[str, Any]) -> set[str]:
    """The scoring rules the items of a single deal's score come from (none for a match record, or a deal that
    ends in an error)."""
    if "deal" not in record or "result" not in record["expect"]:
        return set()
    state = engine.start(under, record["deal"])
    for action in record["actions"]:
        state = engine.apply(state, action)
    return {item.rule for item in score(state)[2]}


def _top_heavy(ruleset: Ruleset, rng: random.Random, form: str) -> dict[str, Any]:
    """A deal of ``form`` in which one pair holds the highest cards (:data:`TOP_CARDS` of them, ties drawn at random),
    the others and the centre the rest."""
    spec = ruleset.forms[form]
    size = spec.params["hand_size"]
    cards = list(DECK)
    rng.shuffle(cards)
    cards.sort(key=lambda c: -c.rank)
    top = min(rng.choice(TOP_CARDS), 2 * size)
    strong, rest = cards[:top], cards[top:]
    rng.shuffle(rest)
    first = rng.randrange(2)  # N-S or E-W
    hands: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for i, card in enumerate(strong):
        hands[SEATS[first + 2 * (i % 2)]].append(str(card))
    for seat in SEATS:
        while len(hands[seat]) < size:
            hands[seat].append(str(rest.pop()))
    deal: dict[str, Any] = {"form": form, "dealer": rng.choice(SEATS),
                            "hands": {seat: sorted(hand) for seat, hand in hands.items()}}
    if spec.params["centre_cards"]:
        deal["centre"] = [str(c) for c in rest]
    return deal


_STYLES: tuple[bots.Temper | None, ...] = (
    None,  # a random deal in a random temper
    bots.Temper(eagerness=1.0, misere_taste=0.0, double_rate=0.0, skill=1.0, all_pass=False, jump_rate=1.0),  # six
    bots.Temper(eagerness=1.0, misere_taste=0.0, double_rate=0.0, skill=1.0, all_pass=False, jump_rate=0.0),  # eager
    bots.Temper(eagerness=0.2, misere_taste=0.0, double_rate=0.0, skill=1.0, all_pass=False, jump_rate=0.0),  # timid
)
"""How the deals that look for rare scores are played: the top-heavy ones bid as a pre-emptive six, eagerly or
timidly (doubled at random)."""


def _scoring(ruleset: Ruleset, under: Ruleset, readings: ReadingSet, rng: random.Random, prefix: str,
             scored: set[str]) -> Iterator[dict[str, Any]]:
    """Deals played under ``readings`` that score a rule within reach that ``scored`` (what its records scored)
    lacks, each kept for the first such rule it scores (see the module docstring)."""
    missing = set(reachable_scoring(under)) - scored
    deck = any(ruleset.rules[r].pointer.startswith("/deal/") for r in readings.readings)
    dealt = [name for name, form in under.forms.items() if form.dealt]
    kept = 0
    for attempt in range(SCORING_ATTEMPTS if missing else 0):
        form = dealt[attempt % len(dealt)]
        style = _STYLES[(attempt // len(dealt)) % len(_STYLES)]
        if style is None or deck:
            deal, temper = _deal(under, rng, form, deck), bots.random_temper(rng)
        else:
            deal, temper = _top_heavy(under, rng, form), replace(style, double_rate=rng.choice((0.0, 0.5)))
        actions, state = bots.play_out(under, deal, rng, temper)
        found = {item.rule for item in score(state)[2]} & missing
        if not found:
            continue
        kept += 1
        missing -= found
        yield _finished({"id": f"{prefix}-scores-{kept}", "deal": deal, "actions": actions}, ruleset, readings,
                        f"a {state.form.name} scoring {', '.join(sorted(found))}")
        if not missing:
            return


def records_under(ruleset: Ruleset, readings: ReadingSet, seed: int) -> Iterator[dict[str, Any]]:
    """The records of one set of readings, from its own random stream (so that adding a set keeps the others)."""
    under = ruleset_under(ruleset.id, readings.readings)
    rng = random.Random(f"{seed}-{readings.slug}")
    prefix = f"gen.{ruleset.era}.{seed}.under-{readings.slug}"
    scored: set[str] = set()
    for record in (*_deals(ruleset, under, readings, rng, prefix), *_match(ruleset, under, readings, rng, prefix)):
        scored |= _scored(under, record)
        yield record
    if readings.forms is None:
        yield from _scoring(ruleset, under, readings, rng, prefix, scored)


def played_under(ruleset: Ruleset, seed: int) -> Iterator[dict[str, Any]]:
    """Every record played under the readings of :func:`reading_sets`, in their order, as finished cases."""
    for readings in reading_sets(ruleset):
        yield from records_under(ruleset, readings, seed)


__all__ = ["MARKER", "ReadingSet", "end_forms", "played_under", "reading_sets", "records_under"]
