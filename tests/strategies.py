"""Random deals and random complete legal records of skruuvi-2016 shape, for the project's property tests.

Outside implementers: use :mod:`skruuvi.authoring.strategies` (generic over every ruleset); the deal helpers here
come from it. This module adds a bot biased towards rare situations, used by the project's own tests.

Two layers:

* plain functions driven by any :class:`random.Random` — :func:`random_deal`, :func:`random_actions`,
  :func:`random_record` — so a seeded generator can produce records without hypothesis;
* hypothesis strategies :func:`deals` and :func:`legal_records` built on them. ``legal_records`` draws a
  ``st.randoms(use_true_random=False)`` instance, so every choice the bot makes is a hypothesis draw and
  failing records shrink.

The bot plays legal actions only. It is biased so that every kind of deal occurs often: all-pass
passimisääri, made and failed contracts (some deals are *stacked* so that the main pair can make its
contract), doubled and redoubled deals, misère, a raise by the highest bidder's partner in the second
auction, and the defenders' exchange done, passed or banned (an opening jump to level six or seven).

A 4-card kitty give from 16 cards has 1820 legal variants: the bot draws the cards directly instead of
asking :func:`skruuvi.interpreter.engine.legal_actions` for the list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import count
from typing import Any

from hypothesis import strategies as st

from skruuvi.authoring import strategies
from skruuvi.authoring.strategies import CARD_NAMES
from skruuvi.interpreter import engine
from skruuvi.interpreter.mechanisms import kitty as kitty_mechanism
from skruuvi.interpreter.state import DealState
from skruuvi.rules.notation import DECK, SEATS, TRUMP_STRAINS, Action, Card, left, partner
from skruuvi.rules.ruleset import FormSpec, Ruleset, get_ruleset

_ids = count()


def chance(rng: random.Random, p: float) -> bool:
    """True with probability ``p``.

    Hypothesis's random floats lean heavily on 0.0 and its integers on small values, which would make every
    "rare" choice frequent. An integer draw scattered by a fixed permutation of 0..999 keeps roughly the
    intended proportions, and the value hypothesis shrinks towards (0) maps to 999: "no".
    """
    return (rng.randrange(1000) * 7919 + 999) % 1000 < int(p * 1000)


def pick(rng: random.Random, seq: list[Any]) -> Any:
    """An element of ``seq``, spread like :func:`chance` (hypothesis's small-integer bias would always pick the
    first, e.g. misère among the bids of a level)."""
    n = len(seq)
    return seq[(rng.randrange(n) * 7919 + n // 2) % n]


# ---------------------------------------------------------------------------------------------- deals


def dealt_form(ruleset: Ruleset) -> FormSpec:
    """The first dealt form of the ruleset (``alkupeli``): the deals these tests draw."""
    return strategies.dealt_form(ruleset)


def deal_mapping(ruleset: Ruleset, dealer: str, cards: list[str], *, positions: list[int] | None = None) -> dict:
    """A deal mapping of the first dealt form from a permutation of the 52 cards (see skruuvi.authoring.strategies)."""
    return strategies.deal_mapping(ruleset, dealer, cards, positions=positions)


def random_positions(rng: random.Random, ruleset: Ruleset) -> list[int]:
    return strategies.random_positions(rng, ruleset)


def random_deal(rng: random.Random, ruleset_id: str = "skruuvi-2016", *, deck_share: float = 0.3) -> dict:
    """A random deal mapping: random dealer, random permutation; sometimes the deck + centre_positions form."""
    ruleset = get_ruleset(ruleset_id)
    dealer = rng.choice(SEATS)
    cards = list(CARD_NAMES)
    rng.shuffle(cards)
    if chance(rng, deck_share):
        return deal_mapping(ruleset, dealer, cards, positions=random_positions(rng, ruleset))
    return deal_mapping(ruleset, dealer, cards)


def deals(ruleset_id: str = "skruuvi-2016") -> st.SearchStrategy[dict]:
    """A random deal mapping of the ruleset's first dealt form (both the hands and the deck form)."""
    return strategies.deals(ruleset_id, form=dealt_form(get_ruleset(ruleset_id)).name)


# ------------------------------------------------------------------------------------------------ bot


@dataclass(frozen=True)
class Plan:
    """What the bot aims at in one deal (drawn at the start, so that every kind of deal is frequent)."""

    all_pass: bool = False  # pass the first four calls
    jump: bool = False  # open at level 6 or 7 (bans the defenders' exchange if the opener's side plays)
    only_bidder: int | None = None  # stacked deals: only this seat bids in the first auction
    strain: str | None = None  # stacked deals: bid only this strain
    first_bids: int = 2  # at most this many bids in the first auction (a fixed budget keeps auctions short)
    second_bids: int = 1  # bids in the second auction beyond those forced by the final minimum level
    misere: float = 0.15  # chance to prefer a misère bid in the second auction
    exchange_pass: float = 0.4
    double_p: float = 0.35
    redouble_p: float = 0.45
    greedy: bool = False  # play to win (or to lose) tricks instead of at random
    keep: frozenset[Card] = frozenset()  # stacked deals: cards the main pair should keep


def _draw_plan(rng: random.Random) -> Plan:
    return Plan(
        all_pass=chance(rng, 0.15),
        jump=chance(rng, 0.2),
        first_bids=rng.choice((1, 1, 2, 2, 3, 5)),
        second_bids=rng.choice((0, 1, 1, 2, 3)),
        misere=rng.choice((0.0, 0.2, 0.6)),
        exchange_pass=rng.choice((0.2, 0.6)),
        double_p=rng.choice((0.1, 0.4, 0.7)),
        redouble_p=rng.choice((0.2, 0.6)),
        greedy=chance(rng, 0.5),
    )


def stacked_deal(rng: random.Random, ruleset_id: str = "skruuvi-2016") -> tuple[dict, Plan]:
    """A deal where the pair of a chosen seat is strong in a trump suit (or weak, for misère), and a plan
    that lets that seat's pair play the contract. Hands form, 2016-shaped (12 each + 4 centre)."""
    ruleset = get_ruleset(ruleset_id)
    dealer = rng.choice(SEATS)
    taker = rng.randrange(4)
    misere = chance(rng, 0.4)
    if misere:
        strain = "M"
        good = [c for c in DECK if c.rank <= 7]  # 24 low cards
    else:
        strain = rng.choice("SH")
        other = "H" if strain == "S" else "S"
        good = [c for c in DECK if c.suit in (strain, other)]  # both majors: 26 cards
        rng.shuffle(good)
        good = good[:24]
    rest = [c for c in DECK if c not in set(good)]
    rng.shuffle(good)
    rng.shuffle(rest)
    hands: list[list[Card]] = [[], [], [], []]
    hands[taker], hands[partner(taker)] = good[:12], good[12:24]
    hands[left(taker)], hands[left(partner(taker))] = rest[:12], rest[12:24]
    centre = rest[24:28]
    deal = {
        "form": dealt_form(ruleset).name,
        "dealer": dealer,
        "hands": {s: [str(c) for c in hands[i]] for i, s in enumerate(SEATS)},
        "centre": [str(c) for c in centre],
    }
    plan = Plan(
        jump=chance(rng, 0.3), only_bidder=taker, strain=strain, misere=1.0 if misere else 0.0,
        second_bids=rng.choice((0, 1, 2)), exchange_pass=rng.choice((0.2, 0.6)), double_p=rng.choice((0.2, 0.6)),
        redouble_p=0.5, greedy=chance(rng, 0.85), keep=frozenset(good),
    )
    return deal, plan


def _bid_rank(state: DealState, action: Action) -> tuple[int, int]:
    assert action.bid is not None
    return action.bid.level, state.form.params["strain_order"].index(action.bid.strain)


def _auction(rng: random.Random, state: DealState, plan: Plan) -> Action:
    legal = engine.legal_actions(state)
    seat = state.to_act
    passes = [a for a in legal if a.verb == "pass"]
    bids = sorted((a for a in legal if a.verb == "bid"), key=lambda a: _bid_rank(state, a))
    if plan.strain is not None:
        bids = [a for a in bids if a.bid is not None and a.bid.strain == plan.strain] or bids
    step = state.step
    first_auction = state.phase is not None and state.phase.params.get("bidders") == "all"
    if first_auction:
        if plan.only_bidder is not None:
            if seat != plan.only_bidder or state.highest_bidder == seat or not bids:
                return passes[0]
            bid_now = True
        elif state.highest is None:
            if plan.all_pass:
                return passes[0]
            bid_now = chance(rng, 0.45) or step.passes == 3
        else:
            bid_now = step.bids < plan.first_bids and (chance(rng, 0.3) or step.passes >= 5)
        if not bid_now or not bids:
            return passes[0]
        if state.highest is None and plan.jump:
            high = [a for a in bids if a.bid is not None and a.bid.level >= 6]
            return pick(rng, high)
        if chance(rng, 0.1):
            return pick(rng, bids)
        return pick(rng, bids[:4])
    # second auction: the main pair raises towards the final minimum level (either of them may bid)
    if passes and (not bids or step.bids >= plan.second_bids or not chance(rng, 0.5)):
        return passes[0]
    current = state.highest.level if state.highest is not None else 0
    final_min = state.phase.params.get("final_min_level", 1) if state.phase is not None else 1
    cap = max(final_min, current + (1 if chance(rng, 0.3) else 0))
    near = [a for a in bids if a.bid is not None and a.bid.level <= cap] or bids[:1]
    misere = [a for a in near if a.bid is not None and a.bid.strain == "M"]
    if misere and chance(rng, plan.misere):
        return pick(rng, misere)
    return pick(rng, near)


def _kitty(rng: random.Random, state: DealState, plan: Plan) -> Action:
    phase = state.phase
    assert phase is not None
    gift = kitty_mechanism.expected_gift(state)
    hand = sorted(state.hands[gift.giver], key=lambda c: c.code)
    to_main = gift.receiver == partner(gift.giver)
    if plan.keep and not to_main:
        spare = [c for c in hand if c not in plan.keep]
        if len(spare) >= gift.size:
            hand = spare
    picks = sorted(rng.sample(range(len(hand)), gift.size))
    return Action(gift.giver, "give", target=gift.receiver, cards=tuple(hand[i] for i in picks))


def _beats(card: Card, best: Card, trump: str | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def _play(rng: random.Random, state: DealState, plan: Plan) -> Action:
    legal = engine.legal_actions(state)
    if not plan.greedy:
        return rng.choice(legal)
    seat = state.to_act
    assert seat is not None
    contract = state.contract
    trump = contract.strain if contract is not None and contract.strain in TRUMP_STRAINS else None
    want = contract is not None and contract.kind != "misere"  # win tricks; else duck
    cards = sorted(legal, key=lambda a: a.cards[0].rank)
    if not state.current:
        return cards[-1] if want else cards[0]
    best_i = 0
    for i in range(1, len(state.current)):
        if _beats(state.current[i], state.current[best_i], trump):
            best_i = i
    best = state.current[best_i]
    leader = state.leader if state.leader is not None else seat
    partner_wins = (leader + best_i) % 4 == partner(seat)
    winning = [a for a in cards if _beats(a.cards[0], best, trump)]
    losing = [a for a in cards if not _beats(a.cards[0], best, trump)]
    if want:
        if partner_wins or not winning:
            return cards[0]
        return winning[0] if len(state.current) == 3 else winning[-1]
    return losing[-1] if losing else cards[-1]


def choose_action(rng: random.Random, state: DealState, plan: Plan) -> Action:
    """One legal action for the seat to act, following ``plan``."""
    phase = state.phase
    assert phase is not None and state.to_act is not None
    mech = phase.mechanism
    if mech == "auction":
        return _auction(rng, state, plan)
    if mech == "kitty":
        return _kitty(rng, state, plan)
    if mech == "play":
        return _play(rng, state, plan)
    legal = engine.legal_actions(state)
    if mech == "doubling":
        p = plan.redouble_p if state.step.redouble else plan.double_p
        return legal[1] if chance(rng, p) else legal[0]
    if mech == "defenders_exchange":
        passes = [a for a in legal if a.verb == "pass"]
        gives = [a for a in legal if a.verb == "give"]
        if passes and chance(rng, plan.exchange_pass):
            return passes[0]
        return rng.choice(gives)
    return rng.choice(legal)


def random_actions(rng: random.Random, ruleset: Ruleset, deal: dict, plan: Plan | None = None) -> list[str]:
    """The action strings of a complete legal deal, chosen by the biased bot."""
    state = engine.start(ruleset, deal)
    plan = plan if plan is not None else _draw_plan(rng)
    actions: list[str] = []
    while not state.finished:
        action = choose_action(rng, state, plan)
        state = engine.apply(state, action)
        actions.append(str(action))
    return actions


def random_record(rng: random.Random, ruleset_id: str = "skruuvi-2016", *, stacked_share: float = 0.25) -> dict:
    """A complete legal recorded deal (``id``, ``ruleset``, ``deal``, ``actions``) from ``rng``."""
    ruleset = get_ruleset(ruleset_id)
    if chance(rng, stacked_share):
        deal, plan = stacked_deal(rng, ruleset_id)
    else:
        deal, plan = random_deal(rng, ruleset_id), None
    actions = random_actions(rng, ruleset, deal, plan)
    return {"id": f"random.{next(_ids)}", "ruleset": ruleset_id, "deal": deal, "actions": actions}


def legal_records(ruleset_id: str = "skruuvi-2016", *, stacked_share: float = 0.25) -> st.SearchStrategy[dict]:
    """Complete legal recorded deals; every random choice is a hypothesis draw (shrinks)."""
    return st.randoms(use_true_random=False).map(
        lambda rng: random_record(rng, ruleset_id, stacked_share=stacked_share)
    )
