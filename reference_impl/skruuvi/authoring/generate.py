"""Generated conformance records: seeded bots play legal deals, and single corruptions make illegal ones.

``generate(ruleset, count, seed)`` yields complete cases (DESIGN §3, JSON-ready) in a fixed order:

* ``count`` legal deals played by :mod:`skruuvi.authoring.bots` (every kind of contract and outcome occurs);
* invalid variants: for each error code the ruleset can produce, up to ``per_code`` records whose first
  illegal action is a single corrupted action (or a corrupted deal, or a truncation), found by trying
  corruptions of the legal records and keeping those whose first error has the wanted code.

These are the first two kinds of :data:`skruuvi.authoring.KINDS`; :func:`skruuvi.authoring.kinds.generate_suite`
(what ``skruuvi generate`` writes) follows them with deals from a carried ``deal.state``, a corrupted deal for
every deal check, and match records.

The expectation of every generated case is the reference interpreter's answer; its justification is
``two-implementations`` because the suite requires the independent oracle to give the same answer
(tests/suite/test_oracle_agreement.py). The output is deterministic: the same arguments give the same bytes.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ..interpreter import engine
from ..interpreter.cards import card_list
from ..interpreter.replay import replay
from ..interpreter.state import DealState
from ..rules.errors import IllegalAction
from ..rules.notation import DECK, SEATS, parse_action
from ..rules.ruleset import Ruleset
from .bots import random_record

JUSTIFICATION = {
    "kind": "two-implementations",
    "note": "Expected answer of the reference interpreter; the independent oracle (conformance/oracle) must agree.",
}
CARD_NAMES = [str(c) for c in DECK]
MAX_PER_RECORD = 4  # corrupted variants taken from one legal record


def _expect(case: dict[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    return replay(case, ruleset=ruleset).to_response()


def _finish(case: dict[str, Any], ruleset: Ruleset, description: str) -> dict[str, Any]:
    out = {"id": case["id"], "ruleset": ruleset.id, "description": description, "rules": [],
           "justification": JUSTIFICATION, "deal": case["deal"], "actions": case["actions"]}
    out["expect"] = _expect(out, ruleset)
    return out


def _states(ruleset: Ruleset, case: dict[str, Any]) -> list[DealState]:
    """The state before each action of a legal record."""
    state = engine.start(ruleset, case["deal"])
    states = []
    for action in case["actions"]:
        states.append(state)
        state = engine.apply(state, action)
    return states


def _candidates(state: DealState, legal: str, rng: random.Random) -> Iterator[str]:
    """Corruptions of the legal action ``legal`` in ``state`` (any of them may still be legal)."""
    seat, verb, *args = legal.split()
    others = [s for s in SEATS if s != seat]
    yield f"{rng.choice(others)} {verb} {' '.join(args)}".strip()
    for other_verb in ("pass", "double", "redouble", "bid 4S", "bid 1M", "bid 6H", "bid 7G", "play AS",
                       "give N 2C", "give E 2C 3C"):
        yield f"{seat} {other_verb}"
    hand = card_list(state.hand_masks[SEATS.index(seat)])
    if verb == "play" and hand:
        yield f"{seat} play {rng.choice(hand)}"
        yield f"{seat} play {rng.choice(CARD_NAMES)}"
    if verb == "give":
        target, cards = args[0], args[1:]
        yield f"{seat} give {rng.choice(others)} {' '.join(cards)}"
        yield f"{seat} give {target} {' '.join(cards[:-1] or [str(hand[0])])}"
        yield f"{seat} give {target} {' '.join([*cards, *[str(c) for c in hand if str(c) not in cards][:1]])}"
        yield f"{seat} give {target} {' '.join([*cards[:-1], rng.choice(CARD_NAMES)])}"
        if state.step is not None and getattr(state.step, "received", None) is not None:
            yield f"{seat} give {target} {state.step.received}"
    if verb == "bid":
        level = int(args[0][0])
        for lower in range(1, level + 1):
            yield f"{seat} bid {lower}{rng.choice('SCDHGM')}"
    if verb == "choose":  # a named choice (1895's procedures): an option not offered, or no option at all
        yield f"{seat} choose {rng.choice(['kotkaskruuvi', 'ostos', 'paketti'])}"
        yield f"{seat} choose"
    yield rng.choice([f"{seat} play", f"{seat} bid 8S", "X pass", f"{seat} shout", f"{seat} give {seat}", ""])


def _code(state: DealState, text: str) -> str | None:
    try:
        engine.verify(state, parse_action(text) if isinstance(text, str) else text)
    except IllegalAction as exc:
        return exc.code
    return None


def _bad_deals(case: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    deal = copy.deepcopy(case["deal"])
    hands = deal["hands"]
    a, b = rng.sample(SEATS, 2)
    hands[a][0] = hands[b][0]
    yield deal
    deal = copy.deepcopy(case["deal"])
    deal["hands"][rng.choice(SEATS)].pop()
    yield deal
    deal = copy.deepcopy(case["deal"])
    deal["dealer"] = "X"
    yield deal


def generate(ruleset: Ruleset, count: int, seed: int, per_code: int = 200) -> Iterator[dict[str, Any]]:
    """Legal records, then invalid variants (see the module docstring), as finished cases."""
    rng = random.Random(seed)
    era = ruleset.era
    legal = []
    for n in range(count):
        case = random_record(ruleset, rng, case_id=f"gen.{era}.{seed}.legal-{n:05d}")
        legal.append(case)
        yield _finish(case, ruleset, "a legal deal played by the seeded bots")
    if not legal or per_code <= 0:
        return
    found: Counter[str] = Counter()
    corrupt_rng = random.Random(seed + 1)
    serial = 0
    for case in legal:
        states = _states(ruleset, case)
        positions = list(range(len(case["actions"])))
        corrupt_rng.shuffle(positions)
        kept = 0
        for i in positions:  # every position, so that rare phases (doubling, exchanges) are reached
            if kept >= MAX_PER_RECORD:
                break
            for text in _candidates(states[i], case["actions"][i], corrupt_rng):
                code = _code(states[i], text)
                if code is None or found[code] >= per_code:
                    continue
                found[code] += 1
                serial += 1
                kept += 1
                bad = {"id": f"gen.{era}.{seed}.{code}-{serial:05d}", "deal": case["deal"],
                       "actions": [*case["actions"][:i], text, *case["actions"][i + 1:]]}
                yield _finish(bad, ruleset, f"action {i} corrupted: {text!r}")
                break
        if found["incomplete-record"] < per_code:
            found["incomplete-record"] += 1
            serial += 1
            cut = corrupt_rng.randrange(len(case["actions"]))
            bad = {"id": f"gen.{era}.{seed}.incomplete-record-{serial:05d}", "deal": case["deal"],
                   "actions": case["actions"][:cut]}
            yield _finish(bad, ruleset, f"the record stops after {cut} actions")
        if found["invalid-deal"] < per_code:
            found["invalid-deal"] += 1
            serial += 1
            deal = list(_bad_deals(case, corrupt_rng))[found["invalid-deal"] % 3]
            bad = {"id": f"gen.{era}.{seed}.invalid-deal-{serial:05d}", "deal": deal, "actions": case["actions"]}
            yield _finish(bad, ruleset, "a corrupted deal")


def to_json_lines(cases: Iterator[dict[str, Any]]) -> Iterator[str]:
    for case in cases:
        yield json.dumps(case, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n"
