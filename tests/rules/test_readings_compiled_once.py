"""``with_readings`` compiles a ruleset under a set of readings once and hands every caller a copy of its own."""

from __future__ import annotations

import pytest

from skruuvi.rules import readings as readings_module
from skruuvi.rules.errors import RulesetError
from skruuvi.rules.readings import label, variant, with_readings
from skruuvi.rules.ruleset import get_ruleset


def _count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths compile_ruleset is called for from now on (the cache of compiled readings emptied first)."""
    compiled: list[str] = []
    real = readings_module.compile_ruleset

    def counting(doc: object, path: str, **options: object) -> object:
        compiled.append(path)
        return real(doc, path, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(readings_module, "compile_ruleset", counting)
    monkeypatch.setattr(readings_module, "_COMPILED", type(readings_module._COMPILED)())
    return compiled


def test_the_same_readings_are_compiled_once_and_each_caller_gets_its_own_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = get_ruleset("skruuvi-1944")
    compiled = _count_compiles(monkeypatch)
    first = with_readings(base, {"score.honours-from": "tricks-won"})
    again = with_readings(base, {"score.honours-from": "tricks-won"})
    assert len(compiled) == 1 and first is not again and first == again
    assert first.readings == again.readings == {"score.honours-from": "tricks-won"}
    object.__setattr__(again, "variant", "mine")  # what variant() does to the copy it is given
    assert with_readings(base, {"score.honours-from": "tricks-won"}).variant is None and len(compiled) == 1


def test_readings_on_top_of_readings_are_compiled_once_with_all_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """``with_readings(with_readings(r, a), b)`` sets the same values into the same document as
    ``with_readings(r, {**a, **b})``: one compile serves both, and each copy says the readings it was asked."""
    base = get_ruleset("skruuvi-2016")
    compiled = _count_compiles(monkeypatch)
    monkeypatch.setattr(readings_module, "_ORIGIN", {})
    first = {"passimisaari.return-order": "reverse"}
    second = {"score.misere-aces": "main"}
    chained = with_readings(with_readings(base, first), second)
    assert len(compiled) == 2
    direct = with_readings(base, {**first, **second})
    assert len(compiled) == 2 and direct == chained and direct is not chained
    assert direct.readings == chained.readings == {**first, **second}
    assert list(direct.readings) == list(chained.readings)
    monkeypatch.setattr(readings_module, "_COMPILED", type(readings_module._COMPILED)())
    fresh = with_readings(base, {**first, **second})  # compiled anew: the same rules, values and tables
    assert len(compiled) == 3 and fresh.raw == chained.raw and fresh.rules == chained.rules
    assert fresh.tables == chained.tables and fresh.forms == chained.forms
    back = {"passimisaari.return-order": "same"}  # the rule's own value, over the first reading
    overridden = with_readings(with_readings(base, first), back)
    assert overridden.raw == base.raw and overridden.readings == back and len(compiled) == 5  # first again, then
    assert with_readings(base, back) == overridden and len(compiled) == 5


def test_a_variant_names_only_its_own_copy() -> None:
    base = get_ruleset("skruuvi-1944")
    named = variant(base, "older-table")
    plain = with_readings(base, dict(named.readings))
    assert named.variant == "older-table" and plain.variant is None
    assert label(named) == "skruuvi-1944:older-table" and label(plain) != label(named)


def test_a_reading_the_ruleset_refuses_is_refused_every_time() -> None:
    base = get_ruleset("skruuvi-2016")
    for _ in range(2):
        with pytest.raises(RulesetError):
            with_readings(base, {"no.such-rule": 1})
