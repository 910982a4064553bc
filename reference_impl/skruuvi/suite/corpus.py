"""The differential corpus: valid inputs on which an engine and a copy of it that claims to be equivalent (a listed
equivalent mutant) must answer alike, and on which two implementations must agree.

Every input is one a conformance run can send: a record that ``skruuvi validate`` accepts, asked as the runner asks
it. The corpus holds

* the suite's records themselves, each asked ``run`` (a legal or perft case is asked ``legal`` of its prefix);
* ``legal`` after every prefix of each single-deal record's actions that a legal case could ask about
  (:func:`prefix_items`: the deal valid, every action of the prefix accepted), the empty prefix too;
* seeded corruptions of the records (:func:`corruptions`): one change each, in the places where a valid record
  can differ (the readings it pins, the dealer, the form, the cards, a deck's centre positions, a set position, an
  action dropped, moved, replaced or cut off, another legal action taken, a match's agreements, seats and deals),
  each kept only when validate accepts it (:class:`~skruuvi.suite.validate.RecordCheck`, the record given the
  reference's own answer as its ``expect``: what validate asks of an answer does not depend on which answer it
  is), and asked ``run`` and, for a single deal, ``legal`` when a legal case could ask it (the reference answers
  it with a legal set, not an error).

Each input is asked once (the first of the items asking the same request of the same case, ids aside). The same
records, count and seed give the same corpus. A corruption the reference cannot answer (``errored``)
while validate accepts it would break DESIGN's promise of one answer for every valid record:
:attr:`Corpus.unanswered` lists such records (none is expected).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import paths
from ..rules.errors import InputError
from ..rules.notation import SEATS
from .scp.protocol import LEGAL_CASE_FIELDS, public_case

CARDS = tuple(r + s for s in "SCDH" for r in "23456789TJQKA")
NAMES = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class Item:
    """One input of the corpus: an id (where it came from), the request (``run`` or ``legal``) and the case as
    the engine is sent it."""

    id: str
    request: str
    case: dict[str, Any]


def legal_case(record: Mapping[str, Any], actions: list[Any] | None = None) -> dict[str, Any]:
    """A record as ``legal`` sends it (:data:`~skruuvi.suite.scp.protocol.LEGAL_CASE_FIELDS`), with ``actions``."""
    case = {k: record[k] for k in LEGAL_CASE_FIELDS if k in record}
    if actions is not None:
        case["actions"] = actions
    return case


def is_single(record: Mapping[str, Any]) -> bool:
    return "match" not in record and isinstance(record.get("deal"), dict) and isinstance(record.get("actions"), list)


def record_items(records: Iterable[tuple[str, Mapping[str, Any]]]) -> Iterator[Item]:
    """Each record as the runner asks it (a legal or perft case: ``legal`` of its prefix; perft counts are the
    suite's own business, each walks thousands of sets)."""
    for case_id, record in records:
        raw = record.get("expect")
        expect: Mapping[str, Any] = raw if isinstance(raw, dict) else {}
        if "legal" in expect or "perft" in expect:
            yield Item(case_id, "legal", legal_case(record))
        else:
            yield Item(case_id, "run", public_case(dict(record)))


def legal_prefix_length(record: Mapping[str, Any]) -> int | None:
    """How many leading actions of a single-deal record the reference accepts (all of them when it answers a result
    or ``incomplete-record``), or None when its deal is invalid or it pins readings no case may pin: the prefixes a
    legal case may ask about (DESIGN §3: a legal case's actions are a prefix of the deal, its set that of the
    position after them; validate refuses a legal case whose deal is invalid)."""
    from ..interpreter.replay import replay

    try:
        answer = replay(record)
    except InputError:
        return None
    if answer.error_code is None:
        return len(record["actions"])
    return answer.error_index if answer.error_index is not None else None


def prefix_items(records: Iterable[tuple[str, Mapping[str, Any]]]) -> Iterator[Item]:
    """``legal`` after every prefix of each single-deal record that a legal case could ask about: from no action to
    the last the reference accepts (:func:`legal_prefix_length`)."""
    for case_id, record in records:
        if is_single(record) and (upto := legal_prefix_length(record)) is not None:
            actions = record["actions"]
            for k in range(upto + 1):
                yield Item(f"{case_id}@{k}", "legal", legal_case(record, actions[:k]))


# ----------------------------------------------------------------------------------------------- corruptions


@dataclass
class _Tools:
    """What the corruptions draw from: each ruleset's pinnable readings and forms, and the reference's legal sets."""

    rng: random.Random
    pins: dict[str, dict[str, list[Any]]] = field(default_factory=dict)
    forms: dict[str, list[str]] = field(default_factory=dict)
    legal: Callable[[dict[str, Any]], Any] | None = None

    def of(self, ruleset_id: str) -> None:
        if ruleset_id in self.pins:
            return
        from ..rules.pinned import pinnable
        from ..rules.ruleset import get_ruleset

        ruleset = get_ruleset(ruleset_id)
        self.pins[ruleset_id] = {rid: values for rid in ruleset.rules if (values := pinnable(ruleset, rid))}
        self.forms[ruleset_id] = sorted(ruleset.forms)


def _random_action(rng: random.Random) -> str:
    seat = rng.choice(SEATS)
    verb = rng.choice(("bid", "bid", "pass", "play", "play", "give", "double", "redouble", "choose"))
    if verb == "bid":
        return f"{seat} bid {rng.randint(0, 8)}{rng.choice('SCDHGM')}"
    if verb == "play":
        return f"{seat} play {rng.choice(CARDS)}"
    if verb == "give":
        return f"{seat} give {rng.choice(SEATS)} " + " ".join(rng.sample(CARDS, rng.choice((1, 1, 1, 3, 4))))
    if verb == "choose":
        return f"{seat} choose {rng.choice(('ostoskruuvi', 'pakettiskruuvi', 'other'))}"
    return f"{seat} {verb}"


def _deal_change(tools: _Tools, record: dict[str, Any], deal: dict[str, Any]) -> str | None:
    """Change one thing of a deal in place; what changed (None: nothing to change)."""
    rng = tools.rng
    kinds = ["dealer", "form", "state"]
    if isinstance(deal.get("hands"), dict):
        kinds += ["swap-cards", "swap-cards"]
    if isinstance(deal.get("centre_positions"), list) and deal["centre_positions"]:
        kinds += ["centre-position", "centre-position"]
    kind = rng.choice(kinds)
    if kind == "dealer":
        deal["dealer"] = rng.choice([s for s in SEATS if s != deal.get("dealer")])
    elif kind == "form":
        forms = [f for f in tools.forms.get(record.get("ruleset", ""), []) if f != deal.get("form")]
        if not forms:
            return None
        deal["form"] = rng.choice(forms)
    elif kind == "state":
        deal["state"] = {"running": {"NS": rng.choice((0, 10, 30, 50, 59, 60)), "EW": rng.choice((0, 20, 45, 59))},
                         "games": {"NS": rng.choice((0, 0, 1, 2)), "EW": rng.choice((0, 1))}}
    elif kind == "swap-cards":
        hands = deal["hands"]
        places = [(s, i) for s in SEATS if isinstance(hands.get(s), list) for i in range(len(hands[s]))]
        centre = deal.get("centre")
        places += [("centre", i) for i in range(len(centre))] if isinstance(centre, list) else []
        if len(places) < 2:
            return None
        (a, i), (b, j) = rng.sample(places, 2)
        lists = {**hands, "centre": centre}
        lists[a][i], lists[b][j] = lists[b][j], lists[a][i]
    else:
        positions = deal["centre_positions"]
        positions[rng.randrange(len(positions))] = rng.choice((0, 1, 2, 49, 50, 51, rng.randrange(52)))
    return kind


def _actions_change(tools: _Tools, record: dict[str, Any], owner: dict[str, Any]) -> str | None:
    """Change the actions of a deal (``owner`` holds ``actions``) in place; what changed."""
    rng = tools.rng
    actions = owner.get("actions")
    if not isinstance(actions, list):
        return None
    kind = rng.choice(("cut", "drop", "swap", "replace", "seat", "other-legal", "other-legal", "other-legal"))
    if not actions and kind != "replace":
        return None
    k = rng.randrange(len(actions)) if actions else 0
    if kind == "cut":
        del actions[k:]
    elif kind == "drop":
        del actions[k]
    elif kind == "swap":
        if k + 1 >= len(actions):
            return None
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif kind == "replace":
        actions[k:k + 1] = [_random_action(rng)]
    elif kind == "seat":
        words = str(actions[k]).split(" ")
        actions[k] = " ".join([rng.choice([s for s in SEATS if s != words[0]]), *words[1:]])
    else:  # another legal action at a prefix, then the record cut there or played on as it was
        if tools.legal is None or "deal" not in owner:
            return None
        found = tools.legal({**legal_case(record), "deal": owner["deal"], "actions": actions[:k]})
        others = [a for a in found if a != actions[k]] if isinstance(found, list) else []
        if not others:
            return None
        actions[k] = rng.choice(others)
        if rng.random() < 0.5:
            del actions[k + 1:]
    return kind


def _options_change(tools: _Tools, record: dict[str, Any], match: dict[str, Any]) -> str:
    """Give a match record other agreements (many of them ones validate refuses: those are not kept)."""
    rng = tools.rng
    options = dict(match.get("options") or {}) if isinstance(match.get("options"), dict) else {}
    key = rng.choice(("stages", "stages", "partnerships", "players", "players", "unwinding", "bolsevikki_round",
                      "drop", "not-a-mapping"))
    if key == "stages":  # mostly of the right shape: a wrong one only tests the filter
        forms = ("alkupeli", "kotka") if rng.random() < 0.85 else ("alkupeli", "kotka", "bolsevikki")
        options["stages"] = [{"form": rng.choice(forms), "deals": rng.randint(1 if rng.random() < 0.9 else 0, 3)}
                             for _ in range(rng.randint(1 if rng.random() < 0.9 else 0, 3))]
    elif key == "partnerships":
        blocks = []
        for _ in range(rng.randint(1 if rng.random() < 0.9 else 0, 3)):
            names: list[Any] = rng.sample(NAMES[:rng.choice((4, 4, 5, 6))], 4)
            if rng.random() < 0.1:
                names[rng.randrange(4)] = rng.choice((1, "", names[0]))
            blocks.append([names[:2], names[2:]])
        options["partnerships"] = blocks
    elif key == "players":
        options["players"] = rng.sample(NAMES, rng.randint(0, 5)) if rng.random() < 0.85 \
            else [rng.choice(NAMES) for _ in range(rng.randint(1, 5))]
    elif key in ("unwinding", "bolsevikki_round"):
        options[key] = rng.choice((True, False, 1))
    elif key == "drop" and options:
        del options[rng.choice(sorted(options))]
    if key == "not-a-mapping":
        match["options"] = rng.choice(([], None, {}))
    else:
        match["options"] = options
    return f"options-{key}"


def _match_change(tools: _Tools, record: dict[str, Any]) -> str | None:
    rng = tools.rng
    match = record["match"]
    deals = match.get("deals")
    if not isinstance(deals, list) or not deals:
        return None
    kind = rng.choice(("options", "options", "seats", "seats", "drop-deal", "cut-deals", "repeat-deal", "deal",
                       "actions"))
    k = rng.randrange(len(deals))
    entry = deals[k]
    if kind == "options":
        return _options_change(tools, record, match)
    if kind == "seats":
        seats = entry.get("seats")
        if isinstance(seats, dict) and seats and rng.random() < 0.7:
            seat = rng.choice(sorted(seats))
            seats[seat] = rng.choice((*NAMES, 7, ""))
        elif "seats" in entry and rng.random() < 0.5:
            del entry["seats"]
        else:
            entry["seats"] = dict(zip(SEATS, rng.sample(NAMES[:4], 4), strict=True))
    elif kind == "drop-deal":
        del deals[k]
    elif kind == "cut-deals":
        del deals[k + 1:]
    elif kind == "repeat-deal":
        deals.insert(k, copy.deepcopy(entry))
    elif kind == "deal":
        return _deal_change(tools, record, entry["deal"]) if isinstance(entry.get("deal"), dict) else None
    else:
        return _actions_change(tools, record, entry)
    return kind


def _corrupt(tools: _Tools, record: dict[str, Any]) -> str | None:
    """One change to a copy of a record, in place; what changed (None: nothing was changed)."""
    rng = tools.rng
    tools.of(str(record.get("ruleset")))
    pins = tools.pins.get(str(record.get("ruleset")), {})
    if pins and rng.random() < 0.15:
        readings = dict(record.get("readings") or {})
        if readings and rng.random() < 0.3:
            del readings[rng.choice(sorted(readings))]
        else:
            rule = rng.choice(sorted(pins))
            readings[rule] = copy.deepcopy(rng.choice(pins[rule]))
        record["readings"] = readings
        if not readings:
            del record["readings"]
        return "readings"
    if "match" in record:
        return _match_change(tools, record) if isinstance(record.get("match"), dict) else None
    if not is_single(record):
        return None
    return _deal_change(tools, record, record["deal"]) if rng.random() < 0.35 \
        else _actions_change(tools, record, record)


@dataclass
class Corpus:
    """The corpus's items, and what building it found."""

    items: list[Item]
    records: int = 0
    prefixes: int = 0
    corruptions_made: int = 0
    corruptions_kept: int = 0
    unanswered: list[str] = field(default_factory=list)
    """Ids of corruptions validate accepts that the reference answered ``errored`` (DESIGN's promise broken)."""


def _expect_of(answer: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any] | None:
    if "error" in answer:
        return {"error": answer["error"]}
    if "result" in answer:
        result = answer["result"]
        return {"match": result["match"]} if "match" in record else {"result": result}
    return None


def _some_expect(record: Mapping[str, Any]) -> dict[str, Any]:
    """An ``expect`` of the right shape for a record the reference did not answer, so that validate judges the
    record itself (it checks an expected error's shape, not that the record earns it)."""
    if "match" in record:
        return {"error": {"deal": 0, "index": None, "code": "match-overrun"}}
    actions = record.get("actions")
    return {"error": {"index": len(actions) if isinstance(actions, list) else 0, "code": "incomplete-record"}}


def corruptions(records: Sequence[tuple[str, Mapping[str, Any]]], count: int, seed: int = 1) -> Corpus:
    """``count`` seeded corruptions of the records (see the module's docstring), those validate accepts kept."""
    from ..interpreter.legal import legal_for
    from ..interpreter.replay import replay
    from .validate import RecordCheck

    check = RecordCheck()

    def legal(case: dict[str, Any]) -> Any:
        try:
            return legal_for(case)
        except InputError:
            return None

    tools = _Tools(random.Random(seed), legal=legal)
    found = Corpus([])
    known = set(paths.ruleset_ids())  # a record of another engine's ruleset has nothing to corrupt here
    sources = [(cid, r) for cid, r in records if isinstance(r.get("expect"), dict) and r.get("ruleset") in known
               and not ({"legal", "perft"} & set(r["expect"]))]
    matches = [item for item in sources if "match" in item[1]]
    for n in range(count if sources else 0):  # one in three from the match records (a few dozen of hundreds)
        pool = matches if matches and tools.rng.random() < 1 / 3 else sources
        case_id, original = pool[tools.rng.randrange(len(pool))]
        record = copy.deepcopy(dict(original))
        what = _corrupt(tools, record)
        if what is None:
            continue
        found.corruptions_made += 1
        record["id"] = f"{case_id}+corrupt-{n}.{what}"
        try:
            answer = replay(record).to_response()
        except InputError:
            answer = {"errored": "refused"}
        expect = _expect_of(answer, record)
        record["expect"] = expect if expect is not None else _some_expect(record)
        if check.problems(record):
            continue
        if expect is None:
            found.unanswered.append(record["id"])
            continue
        found.corruptions_kept += 1
        found.items.append(Item(record["id"], "run", public_case(dict(record))))
        if is_single(record) and isinstance(legal(legal_case(record)), list):  # a legal case could ask it
            found.items.append(Item(record["id"] + ".legal", "legal", legal_case(record)))
    return found


def corpus(records: Sequence[tuple[str, Mapping[str, Any]]], *, prefixes_of: Sequence[tuple[str, Mapping[str, Any]]],
           corrupted: int, seed: int = 1) -> Corpus:
    """The whole corpus: the records, ``legal`` after every prefix of ``prefixes_of``, and ``corrupted`` seeded
    corruptions of the records (those validate accepts)."""
    made = corruptions(records, corrupted, seed)
    own, prefixes = _distinct(record_items(records)), _distinct(prefix_items(prefixes_of))
    made.items = _distinct([*own, *prefixes, *made.items])
    made.records, made.prefixes = len(own), len(prefixes)
    return made


def _distinct(items: Iterable[Item]) -> list[Item]:
    """The items, each input once: the first of those asking the same request of the same case (its id aside)."""
    seen: set[str] = set()
    out = []
    for item in items:
        key = json.dumps([item.request, {k: v for k, v in item.case.items() if k != "id"}], sort_keys=True,
                         default=str)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out
