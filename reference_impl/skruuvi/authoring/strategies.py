"""Hypothesis strategies for implementers: random legal deals and complete legal records of any ruleset.

    from hypothesis import given
    from skruuvi.authoring.strategies import deals, legal_records

    @given(legal_records("skruuvi-1944"))
    def test_my_engine_agrees(record):
        assert my_engine.replay(record) == skruuvi.interpreter.replay.replay(record).to_response()

Both are generic over the ruleset: a deal is drawn among the ruleset's *dealt* forms (``alkupeli``,
``kotka``, ...), with the hand and centre sizes the form declares, written either as ``hands`` (+
``centre``) or as a ``deck`` (+ ``centre_positions`` that respect the ruleset's forbidden positions and
run limit). A record is such a deal played to its end by the bots of :mod:`skruuvi.authoring.bots`, driven by a
``random.Random`` that hypothesis seeds (reproducible; a failing record shrinks through its deal).

Hypothesis is a test dependency (``pip install 'skruuvi-spec[test]'``); it is imported only when a
strategy is built, and a missing hypothesis is reported with that advice. The plain helpers
(:func:`deal_mapping`, :func:`positions_ok`, :func:`random_positions`, :func:`random_deal`) need no
hypothesis.
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from ..rules.notation import DECK, SEATS
from ..rules.ruleset import FormSpec, Ruleset, get_ruleset

CARD_NAMES: tuple[str, ...] = tuple(str(c) for c in DECK)


def _hypothesis() -> Any:
    """``hypothesis.strategies``, or an :class:`ImportError` that says how to get it."""
    try:
        from hypothesis import strategies
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("skruuvi.authoring.strategies needs hypothesis: pip install 'skruuvi-spec[test]' "
                          "(or pip install hypothesis)") from exc
    return strategies


# ---------------------------------------------------------------------------------------------- deals


def dealt_forms(ruleset: Ruleset) -> list[FormSpec]:
    """The forms a record may name as its deal (in the ruleset's order)."""
    return [f for f in ruleset.forms.values() if f.dealt]


def dealt_form(ruleset: Ruleset, name: str | None = None) -> FormSpec:
    """The dealt form ``name``, or the ruleset's first dealt form."""
    forms = dealt_forms(ruleset)
    if name is None:
        return forms[0]
    for form in forms:
        if form.name == name:
            return form
    raise ValueError(f"{name!r} is not a dealt form of {ruleset.id} ({', '.join(f.name for f in forms)})")


def positions_ok(ruleset: Ruleset, positions: list[int]) -> bool:
    """Whether centre positions respect the ruleset's forbidden positions and consecutive-run limit."""
    named = {"first": 0, "last": 51}
    forbidden = {named.get(p, p) for p in ruleset.deal_params.get("centre_forbidden_positions", [])}
    if forbidden & set(positions):
        return False
    ordered = sorted(positions)
    run = longest = 1 if ordered else 0
    for a, b in pairwise(ordered):
        run = run + 1 if b == a + 1 else 1
        longest = max(longest, run)
    return longest <= ruleset.deal_params.get("centre_max_consecutive", 52)


def deal_mapping(ruleset: Ruleset, dealer: str, cards: list[str] | tuple[str, ...], *, form: str | None = None,
                 positions: list[int] | None = None) -> dict[str, Any]:
    """A deal mapping of ``form`` (default: the first dealt form) from a permutation of the 52 cards.

    Without ``positions``: the hands N, E, S, W in blocks of the form's hand size, the rest the centre
    (omitted when the form has none). With ``positions``: the ``deck`` + ``centre_positions`` form.
    """
    spec = dealt_form(ruleset, form)
    if positions is not None:
        return {"form": spec.name, "dealer": dealer, "deck": list(cards), "centre_positions": list(positions)}
    size = spec.params["hand_size"]
    deal: dict[str, Any] = {"form": spec.name, "dealer": dealer,
                            "hands": {s: list(cards[i * size:(i + 1) * size]) for i, s in enumerate(SEATS)}}
    if spec.params["centre_cards"]:
        deal["centre"] = list(cards[4 * size:])
    return deal


def random_positions(rng: random.Random, ruleset: Ruleset, form: str | None = None) -> list[int]:
    """Centre positions for the deck form of ``form`` that the ruleset allows."""
    n = dealt_form(ruleset, form).params["centre_cards"]
    while True:
        positions = rng.sample(range(52), n)
        if positions_ok(ruleset, positions):
            return positions


def random_deal(rng: random.Random, ruleset_id: str, *, form: str | None = None,
                deck_share: float = 0.3) -> dict[str, Any]:
    """A random deal of ``form`` (default: any dealt form); in the deck form with chance ``deck_share``."""
    ruleset = get_ruleset(ruleset_id)
    name = form or rng.choice(dealt_forms(ruleset)).name
    dealer = rng.choice(SEATS)
    cards = list(CARD_NAMES)
    rng.shuffle(cards)
    if rng.random() < deck_share:
        return deal_mapping(ruleset, dealer, cards, form=name, positions=random_positions(rng, ruleset, name))
    return deal_mapping(ruleset, dealer, cards, form=name)


# ---------------------------------------------------------------------------------------------- records


def play_record(ruleset_id: str, deal: dict[str, Any], rng: random.Random, *,
                case_id: str = "random") -> dict[str, Any]:
    """``deal`` played to its end by the bots of :mod:`skruuvi.authoring.bots`: a complete legal record."""
    from . import bots

    actions, _ = bots.play_out(get_ruleset(ruleset_id), deal, rng)
    return {"id": case_id, "ruleset": ruleset_id, "deal": deal, "actions": actions}


# ---------------------------------------------------------------------------------------------- strategies


def deals(ruleset_id: str = "skruuvi-2016", *, form: str | None = None) -> Any:
    """Deal mappings of the ruleset's dealt forms (or of ``form`` only), in the hands and the deck shape."""
    st = _hypothesis()
    ruleset = get_ruleset(ruleset_id)
    names = [form] if form is not None else [f.name for f in dealt_forms(ruleset)]
    for name in names:
        dealt_form(ruleset, name)  # a wrong form name fails now, not inside a test

    @st.composite
    def draw_deal(draw: Any) -> dict[str, Any]:
        name = draw(st.sampled_from(names))
        dealer = draw(st.sampled_from(SEATS))
        cards = draw(st.permutations(CARD_NAMES))
        if draw(st.booleans()):
            n = dealt_form(ruleset, name).params["centre_cards"]
            positions = draw(st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
                             .filter(lambda p: positions_ok(ruleset, p)))
            return deal_mapping(ruleset, dealer, cards, form=name, positions=positions)
        return deal_mapping(ruleset, dealer, cards, form=name)

    return draw_deal()


def legal_records(ruleset_id: str = "skruuvi-2016", *, form: str | None = None) -> Any:
    """Complete legal recorded deals (``id``, ``ruleset``, ``deal``, ``actions``) of the ruleset."""
    st = _hypothesis()
    return st.builds(lambda deal, rng: play_record(ruleset_id, deal, rng), deals(ruleset_id, form=form),
                     st.randoms(use_true_random=True))


__all__ = [
    "CARD_NAMES",
    "deal_mapping",
    "deals",
    "dealt_form",
    "dealt_forms",
    "legal_records",
    "play_record",
    "positions_ok",
    "random_deal",
    "random_positions",
]
