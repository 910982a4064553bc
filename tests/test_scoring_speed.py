"""The cheaper scoring paths give the values of the plain definitions.

* holding facts (crowns, sequences, honours) read from card masks, both sides at once, against a direct
  count over the cards;
* the expression compiler's constant folding and specialised closures against the same expressions with
  every constant hidden behind a fact (no folding possible), and the evaluation-time errors they keep;
* the facts the derived facts read, which the scorer fills in up front.
"""

from __future__ import annotations

import random

import pytest

from skruuvi.batch import card_mask
from skruuvi.errors import RulesetError
from skruuvi.expr import compile_expression, expression_names
from skruuvi.notation import DECK, RANKS, SEATS, SUITS, Bid
from skruuvi.ruleset import available_rulesets, get_ruleset
from skruuvi.scoring import HOLDING_FACTS, _holding_facts_of_sides
from skruuvi.state import DealState


def _reference_holdings(hands: tuple[frozenset, ...], trump: str | None) -> dict[str, dict[str, int]]:
    """The holding facts counted card by card, as FACTS defines them."""
    out = {side: dict.fromkeys(HOLDING_FACTS, 0) for side in ("NS", "EW")}
    for seat, hand in enumerate(hands):
        facts = out["NS" if seat % 2 == 0 else "EW"]
        aces = sum(1 for card in hand if card.rank == 14)
        facts["own_aces"] += aces
        facts["own_three_ace_hands"] += aces == 3
        facts["own_four_ace_hands"] += aces == 4
        for suit in SUITS:
            run = 0
            for rank in range(14, 1, -1):
                if not any(card.suit == suit and card.rank == rank for card in hand):
                    break
                run += 1
            key = "own_trump_sequence_cards" if suit == trump else "own_sequence_cards"
            facts[key] += max(run - 2, 0)
        if trump is not None:
            facts["own_trump_honours"] += sum(1 for card in hand if card.suit == trump and card.rank >= 10)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_holding_facts_match_a_direct_count(seed: int) -> None:
    rng = random.Random(seed)
    ruleset = get_ruleset("skruuvi-1944")
    cards = list(DECK)
    rng.shuffle(cards)
    if seed % 4 == 0:  # long runs from the ace and many aces in one hand
        cards.sort(key=lambda c: (c.suit, -c.rank))
    hands = tuple(frozenset(cards[13 * k:13 * (k + 1)]) for k in range(4))
    strain = "SCDHGM"[seed % 6]
    contract = None if seed % 7 == 3 else Bid(5, strain)
    state = DealState(ruleset=ruleset, form=ruleset.forms["alkupeli"], dealer=0, hands=hands, centre=(),
                      contract=contract, declarer=None if contract is None else 1, play_hands=hands)
    trump = contract.strain if contract is not None and contract.strain in SUITS else None
    assert _holding_facts_of_sides(state) == _reference_holdings(hands, trump)


def test_card_bits_are_the_codes() -> None:
    assert all(card.bit == 1 << card.code for card in DECK)
    assert card_mask(DECK) == (1 << 52) - 1
    assert [str(c) for c in DECK][:2] == [RANKS[0] + SUITS[0], RANKS[1] + SUITS[0]]


TABLES = {"bonus": {4: 1000, 5: 2000}, "unit": 10, "slam": {"bid": 500, "unbid": 250}}
FORMULAS = [
    "bonus[level]", "slam['bid'] * 2", "-unit", "-(unit * level)", "level * unit + 1", "1 + level * unit",
    "level == 5", "5 == level", "level >= 4 and not made", "max(level, unit)", "min(3, level)",
    "abs(-level)", "(1 if made else 2) * slam['unbid']", "level in (4, 5)", "kind == 'trump' or level > 6",
    "level - 1 - 1", "unit // 3 % 2", "-true", "-false", "4 <= level < 6",
]


@pytest.mark.parametrize("source", FORMULAS)
@pytest.mark.parametrize("level", [4, 5, 7])
def test_folded_expressions_keep_their_values(source: str, level: int) -> None:
    env = {"level": level, "made": level == 5, "kind": "trump", "own_tricks": 3}
    folded = compile_expression(source, TABLES)
    # the same formula with the tables read through a fact-like mapping: no constant can be folded
    hidden = compile_expression(source, {}, extra=frozenset(TABLES))
    got, want = _value(folded, env), _value(hidden, {**env, **TABLES})
    assert got == want
    assert type(got) is type(want)


def _value(fn, env):  # type: ignore[no-untyped-def]
    """The value, or the error message (a missing table entry is an error of the evaluation)."""
    try:
        return fn(env)
    except RulesetError as exc:
        return f"error: {exc}"


def test_a_missing_constant_entry_fails_when_evaluated_not_when_compiled() -> None:
    fn = compile_expression("slam['none'] + level", TABLES, file="r.yaml", path="/p")
    with pytest.raises(RulesetError, match="no entry"):
        fn({"level": 1})
    lookup = compile_expression("bonus[level]", TABLES)
    with pytest.raises(RulesetError, match="no entry for 9"):
        lookup({"level": 9})


def test_expression_names() -> None:
    assert expression_names("bonus[level] * (own_aces + opp_honours)") == {"bonus", "level", "own_aces",
                                                                          "opp_honours"}
    assert expression_names(3) == frozenset()
    assert expression_names(None) == frozenset()


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_derived_reads_cover_the_derived_facts(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.derived_reads == frozenset().union(*(d.reads for d in ruleset.derived))
    for scheme in ruleset.schemes.values():
        for rule in scheme:
            assert rule.reads, rule.id  # every shipped rule reads something
    assert set(SEATS) == {"N", "E", "S", "W"}
