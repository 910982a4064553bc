"""The cheaper scoring paths give the values of the plain definitions.

* holding facts (crowns, sequences, honours) read from card masks, both sides at once, against a direct
  count over the cards;
* the expression compiler's constant folding and specialised closures against the same expressions with
  every constant hidden behind a fact (no folding possible), and the evaluation-time errors they keep;
* the facts the derived facts read, which the scorer fills in up front;
* expressions specialised to known facts (:meth:`~skruuvi.rules.expr.Formula.specialised`) against the plain ones;
* the schemes specialised to each deal's contract (:func:`~skruuvi.interpreter.scoring.specialised_scheme`) against the
  rules evaluated as written, for random deals of every ruleset and dealt form.
"""

from __future__ import annotations

import random

import pytest

from skruuvi.authoring import bots
from skruuvi.interpreter import engine
from skruuvi.interpreter.cards import card_mask
from skruuvi.interpreter.facts import HOLDING_FACTS, OTHER, ace_ordinals, add_holding_facts, deal_facts, side_tricks
from skruuvi.interpreter.one_against_three import one_against_each
from skruuvi.interpreter.outcome import ScoreItem
from skruuvi.interpreter.scoring import score_items
from skruuvi.interpreter.state import DealState
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.expr import Folded, Formula, compile_expression, expression_names
from skruuvi.rules.notation import DECK, RANKS, SEATS, SIDES, SUITS, Bid
from skruuvi.rules.ruleset import available_rulesets, get_ruleset


def _holding_facts_of_sides(state: DealState) -> dict[str, dict[str, int]]:
    """Per side, the holding facts scoring adds to the side's facts (without ``opp_aces``, the other side's)."""
    ns: dict[str, int] = {}
    ew: dict[str, int] = {}
    add_holding_facts(state, ns, ew)
    del ns["opp_aces"], ew["opp_aces"]
    return {"NS": ns, "EW": ew}


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
    hands = tuple(frozenset(cards[13 * k : 13 * (k + 1)]) for k in range(4))
    masks = tuple(card_mask(hand) for hand in hands)
    strain = "SCDHGM"[seed % 6]
    contract = None if seed % 7 == 3 else Bid(5, strain)
    state = DealState(
        ruleset=ruleset,
        form=ruleset.forms["alkupeli"],
        dealer=0,
        hand_masks=masks,
        centre=(),
        contract=contract,
        declarer=None if contract is None else 1,
        play_masks=masks,
    )
    trump = contract.strain if contract is not None and contract.strain in SUITS else None
    assert _holding_facts_of_sides(state) == _reference_holdings(hands, trump)


def test_card_bits_are_the_codes() -> None:
    assert all(card.bit == 1 << card.code for card in DECK)
    assert card_mask(DECK) == (1 << 52) - 1
    assert [str(c) for c in DECK][:2] == [RANKS[0] + SUITS[0], RANKS[1] + SUITS[0]]


TABLES = {"bonus": {4: 1000, 5: 2000}, "unit": 10, "slam": {"bid": 500, "unbid": 250}}
FORMULAS = [
    "bonus[level]",
    "slam['bid'] * 2",
    "-unit",
    "-(unit * level)",
    "level * unit + 1",
    "1 + level * unit",
    "level == 5",
    "5 == level",
    "level >= 4 and not made",
    "max(level, unit)",
    "min(3, level)",
    "abs(-level)",
    "(1 if made else 2) * slam['unbid']",
    "level in (4, 5)",
    "kind == 'trump' or level > 6",
    "level - 1 - 1",
    "unit // 3 % 2",
    "-true",
    "-false",
    "4 <= level < 6",
    "true and level > 4",
    "false or made",
    "made and true",
    "level > 4 and false",
    "false and bonus[9]",
    "(2 if true else 3) * level",
    "not false",
    "2 * 3 + level",
    "level if 1 < 2 else 0",
    "7 // 2 + level",
    "max(2, 3) + level",
]

#: Formulas that would fail when evaluated (a division by zero, arithmetic on text, ``in`` a number): refused when
#: compiled, folded or not, with their tables given or hidden behind names (issue 28: nothing that compiles fails).
REFUSED = ["level + 1 // 0", "unit % 0", "'x' * 2 == level", "unit in 5", "made or 1 in 5"]


@pytest.mark.parametrize("source", REFUSED)
def test_formulas_that_would_fail_when_evaluated_are_refused_when_compiled(source: str) -> None:
    with pytest.raises(RulesetError):
        compile_expression(source, TABLES)
    with pytest.raises(RulesetError):
        compile_expression(source, {}, extra=frozenset(TABLES))


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
    """The value, or the error (a missing table entry, a division by zero: errors of the evaluation)."""
    try:
        return fn(env)
    except (RulesetError, ArithmeticError, TypeError) as exc:
        return f"error: {type(exc).__name__}: {exc}"


KNOWN = [{"level": 5}, {"level": 4, "made": True}, {"made": False, "kind": "trump"}, {"kind": "grand"}]


@pytest.mark.parametrize("source", FORMULAS)
@pytest.mark.parametrize("known", KNOWN)
def test_specialised_expressions_keep_their_values(source: str, known: dict) -> None:
    formula = Formula(source, TABLES, file="r.yaml", path="/p")
    specialised = formula.specialised(known)
    assert formula.specialised(dict(reversed(known.items()))) is specialised  # compiled once
    env = {"level": 7, "made": True, "kind": "misere", "own_tricks": 3, **known}
    want = _value(formula.compiled, env)
    if isinstance(specialised, Folded):  # the tables and known facts decide its value
        assert specialised.value == want
        assert type(specialised.value) is type(want)
    else:
        got = _value(specialised, env)
        assert got == want
        assert type(got) is type(want)


@pytest.mark.parametrize(
    "source",
    [
        "false and nothing",
        "true or level.real",
        "1 if true else nothing",
        "level > 4 and false and nothing",
        "not (true or nothing)",
    ],
)
def test_folding_checks_the_operands_it_never_reads(source: str) -> None:
    with pytest.raises(RulesetError, match=r"not allowed|unknown name"):
        compile_expression(source, TABLES)


@pytest.mark.parametrize(
    "source",
    [
        "level == 5",
        "5 == level",
        "level in (4, 5)",
        "kind < 'z'",
        "bonus[5] == unit",
        "slam['bid'] != 3",
        "made == 1",
        "level >= 4 and not made",
        "made or level > 6",
        "level == 5 and kind == 'trump'",
        "made and level",
    ],
)
def test_comparisons_and_connectives_give_bools(source: str) -> None:
    for env in ({"level": 5, "made": True, "kind": "trump"}, {"level": 7, "made": False, "kind": "misere"}):
        assert type(compile_expression(source, TABLES)(env)) is bool


def test_a_missing_constant_entry_fails_when_evaluated_not_when_compiled() -> None:
    fn = compile_expression("slam['none'] + level", TABLES, file="r.yaml", path="/p")
    with pytest.raises(RulesetError, match="no entry"):
        fn({"level": 1})
    lookup = compile_expression("bonus[level]", TABLES)
    with pytest.raises(RulesetError, match="no entry for 9"):
        lookup({"level": 9})


def test_expression_names() -> None:
    assert expression_names("bonus[level] * (own_aces + opp_honours)") == {"bonus", "level", "own_aces", "opp_honours"}
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


def _plain_items(state: DealState) -> list[ScoreItem]:
    """The items of a deal by the rules as written: every fact computed, every rule's plain compiled
    expressions evaluated for each side it names, in the scheme's order."""
    ruleset = state.ruleset
    tricks = side_tricks(state)
    facts = deal_facts(state, tricks)
    main = state.main_side if state.contract is not None else None
    holdings, ordinals = _holding_facts_of_sides(state), ace_ordinals(state)
    env = {
        side: {
            **facts,
            "own_tricks": tricks[side],
            "opp_tricks": tricks[OTHER[side]],
            "is_main": side == main,
            **holdings[side],
            "opp_aces": holdings[OTHER[side]]["own_aces"],
            "own_ace_ordinals": ordinals[side],
            "opp_ace_ordinals": ordinals[OTHER[side]],
        }
        for side in SIDES
    }
    for derived in ruleset.derived:
        values = {side: derived.value.compiled(env[side]) for side in SIDES}
        for side in SIDES:
            env[side][derived.name], env[side]["opp_" + derived.name] = values[side], values[OTHER[side]]
    winner = None if main is None else main if facts["made"] else OTHER[main]
    negate = ruleset.scoring_params["defenders_receive"] == "negation"
    items = []
    for rule in ruleset.schemes[state.form.scheme]:
        if rule.to == "declarer-against-each":
            items.extend(one_against_each(state, rule, env["NS"]))
            continue
        sides = {"each": SIDES, "main": (main,), "defenders": (OTHER.get(main),)}.get(rule.to, (rule.to,))
        for side in sides:
            if side is None or (rule.when is not None and not rule.when.compiled(env[side])):
                continue
            points = rule.points.compiled(env[side])
            if rule.multiplied is True or (rule.multiplied == "winner" and side == winner):
                points *= facts["multiplier"]
            points *= ruleset.scale
            if points:
                items.append(ScoreItem(rule.id, side, points, rule.column))
                if rule.to == "main" and negate:
                    items.append(ScoreItem(rule.id, OTHER[side], -points, rule.column))
    return items


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_specialised_schemes_score_as_the_plain_rules(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(ruleset_id)
    for _ in range(300):
        record = bots.random_record(ruleset, rng)
        state = engine.start(ruleset, record["deal"])
        for action in record["actions"]:
            state = engine.apply(state, action)
        assert score_items(state) == _plain_items(state), record
        if state.tricks:  # part of the deal, as the race to a game replays it
            partial = state.evolve(tricks=state.tricks[: rng.randrange(len(state.tricks))])
            assert score_items(partial) == _plain_items(partial), record
