"""The scoring expression language: a whitelist of Python expression nodes, never eval."""

from __future__ import annotations

import pytest

from skruuvi.rules.errors import RulesetError
from skruuvi.rules.expr import FACTS, compile_expression
from skruuvi.rules.ruleset import get_ruleset

TABLES = {
    "made_value": {"trump": {5: 25, 6: 35, 7: 50}, "misere": {5: 10, 6: 20, 7: 35}},
    "overtrick_value": {5: 2, 6: 2, 7: 0},
    "further_undertrick": 5,
}
ENV = {
    "level": 6, "kind": "trump", "made": True, "overtricks": 1, "undertricks": 0, "doubling": 1,
    "multiplier": 2, "own_tricks": 13, "opp_tricks": 0, "own_ace_ordinals": 7, "opp_ace_ordinals": 0,
    "is_main": True, "own_aces": 3, "opp_aces": 1, "own_trump_honours": 4, "own_three_ace_hands": 1,
    "own_four_ace_hands": 0, "own_sequence_cards": 1, "own_trump_sequence_cards": 2,
}


def ev(source, env=ENV, tables=TABLES):
    return compile_expression(source, tables, file="r.yaml", path="/scoring/x")(env)


@pytest.mark.parametrize(
    ("source", "construct"),
    [
        ("lambda: 1", "Lambda"),
        ("(lambda x: x)(level)", "call"),
        ("level.real", "Attribute"),
        ("made_value.get(5)", "call"),
        ("().__class__", "Attribute"),
        ("foo(1)", "call 'foo'"),
        ("print(level)", "call 'print'"),
        ("eval('1')", "call 'eval'"),
        ("getattr(level, 'real')", "call 'getattr'"),
        ("__import__('os')", "call '__import__'"),
        ("__import__('os').system('true')", "__import__('os').system"),
        ("max(level, key=abs)", "call 'max'"),
        ("[x for x in made_value]", "ListComp"),
        ("{x for x in made_value}", "SetComp"),
        ("{x: 1 for x in made_value}", "DictComp"),
        ("sum(x for x in made_value)", "call 'sum'"),
        ("min(x for x in made_value)", "GeneratorExp"),
        ("f'{level}'", "JoinedStr"),
        ("(x := 1)", "NamedExpr"),
        ("level if (y := 2) else 0", "NamedExpr"),
        ("[1, 2]", "List"),
        ("{1: 2}", "Dict"),
        ("{1}", "Set"),
        ("min(*made_value)", "Starred"),
        ("made_value[1:2]", "Slice"),
        ("2 ** level", "Pow"),
        ("level / 2", "Div"),
        ("level & 1", "BitAnd"),
        ("level << 1", "LShift"),
        ("~level", "Invert"),
        ("level is 6", "Is"),
        ("level not in made_value", "NotIn"),
        ("1.5", "1.5"),
        ("None", "None"),
        ("b'x'", "b'x'"),
        ("...", "Ellipsis"),
        ("undefined_name", "unknown name 'undefined_name'"),
        ("__builtins__", "unknown name"),
        ("level +", "does not parse"),
        ("level = 1", "does not parse"),
    ],
)
def test_rejected_constructs_name_the_construct(source, construct):
    with pytest.raises(RulesetError) as info:
        compile_expression(source, TABLES, file="r.yaml", path="/scoring/schemes/x/0/points")
    err = info.value
    assert construct in str(err)
    assert err.file == "r.yaml"
    assert err.path == "/scoring/schemes/x/0/points"


@pytest.mark.parametrize("source", ["", "   ", None, [1], {"a": 1}, 1.5])
def test_not_an_expression(source):
    with pytest.raises(RulesetError):
        compile_expression(source, TABLES)


def test_too_long():
    with pytest.raises(RulesetError, match="longer than 500"):
        compile_expression("1 + " * 200 + "1", TABLES)


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("7 // 2", 3),
        ("-7 // 2", -4),
        ("7 % 3", 1),
        ("-level", -6),
        ("+level", 6),
        ("level - 10", -4),
        ("own_tricks - opp_tricks", 13),
        ("own_tricks * multiplier", 26),
        ("-(own_tricks + own_ace_ordinals)", -20),
        ("level == 6", True),
        ("level != 6", False),
        ("level < 7", True),
        ("level <= 5", False),
        ("level > 5", True),
        ("level >= 7", False),
        ("5 <= level < 7", True),
        ("5 <= level < 6", False),
        ("kind == 'trump'", True),
        ("kind in ('trump', 'grand')", True),
        ("kind in ('misere',)", False),
        ("made and overtricks > 0", True),
        ("made and undertricks > 0", False),
        ("not made or is_main", True),
        ("not made", False),
        ("true", True),
        ("false", False),
        ("10 if made else -10", 10),
        ("10 if not made else -10", -10),
        ("min(level, 5)", 5),
        ("max(level, 7)", 7),
        ("abs(level - 10)", 4),
        ("made_value[kind][level]", 35),
        ("made_value['misere'][level + 1]", 35),
        ("overtricks * overtrick_value[level]", 2),
        ("further_undertrick * 3", 15),
        ("(made_value[kind][level] + overtricks * overtrick_value[level]) * multiplier", 74),
        ("42", 42),
        ("'x'", "x"),
    ],
)
def test_allowed_expressions_evaluate(source, value):
    assert ev(source) == value


def test_numbers_and_booleans_are_expressions():
    assert compile_expression(3, TABLES)({}) == 3
    assert compile_expression(True, TABLES)({}) is True


def test_missing_table_entry_is_a_ruleset_error_at_evaluation():
    fn = compile_expression("made_value[kind][level]", TABLES, file="r.yaml", path="/p")
    with pytest.raises(RulesetError, match="no entry"):
        fn({**ENV, "level": 4})
    with pytest.raises(RulesetError, match="no entry"):
        fn({**ENV, "kind": "grand"})


def test_facts_vocabulary_is_documented():
    assert set(ENV) == set(FACTS)
    assert all(isinstance(text, str) and text for text in FACTS.values())


def test_the_2016_undertrick_formula():
    rs = get_ruleset("skruuvi-2016")
    fn = compile_expression(
        "-(first_undertrick[kind][level] + (undertricks - 1) * further_undertrick)", rs.tables
    )
    # trump 6 down 3: -(10 + 2 * 5) = -20 ; misère 7 down 1: -(20 + 0) = -20 ; grand 5 down 2: -(5 + 5) = -10
    assert fn({**ENV, "kind": "trump", "level": 6, "undertricks": 3}) == -20
    assert fn({**ENV, "kind": "misere", "level": 7, "undertricks": 1}) == -20
    assert fn({**ENV, "kind": "grand", "level": 5, "undertricks": 2}) == -10
