"""Seeded bots that play legal deals: for benchmarks, differential tests and generators.

The bots are deliberately simple but not uniform-random (uniform bidding would end every deal in
7 grandi, uniform play would fail every contract). Each deal draws a *temper* (how eager the table
is to bid, double and play well) so that, over many deals, every kind of outcome occurs: all-pass
deals, made and failed contracts at each level, misères, doubles and redoubles, exchanges done,
passed and banned. Everything is driven by one :class:`random.Random`, so a seed fixes the deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..interpreter import engine
from ..interpreter.cards import card_list
from ..interpreter.games import Position
from ..interpreter.mechanisms import kitty, pair_swap
from ..interpreter.mechanisms.play import trick_winner, trump_suit
from ..interpreter.settle import settled_result
from ..interpreter.state import DealState
from ..rules.notation import DECK, SEATS, STRAINS, Action, Card, partner
from ..rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Temper:
    """Per-deal character of the table."""

    eagerness: float  # 0..1: how readily players bid
    misere_taste: float  # chance to prefer a misère bid when one is available
    double_rate: float  # chance to double / redouble when allowed
    skill: float  # chance to play the sensible card rather than a random legal one
    all_pass: bool  # everyone passes the first round
    jump_rate: float  # chance that an opening bid jumps to level six (which bans the defenders' exchange)


def random_temper(rng: random.Random) -> Temper:
    return Temper(
        eagerness=rng.uniform(0.2, 1.0),
        misere_taste=rng.choice((0.0, 0.1, 0.3)),
        double_rate=rng.choice((0.0, 0.15, 0.5)),
        skill=rng.choice((0.5, 0.8, 0.95, 1.0)),
        all_pass=rng.random() < 0.1,
        jump_rate=rng.choice((0.0, 0.0, 0.1, 0.3)),
    )


def random_deal(ruleset: Ruleset, rng: random.Random, form: str | None = None) -> dict[str, Any]:
    """A random deal mapping of a dealt form (hands + centre)."""
    dealt = [f for f in ruleset.forms.values() if f.dealt]
    spec = next(f for f in dealt if f.name == form) if form else rng.choice(dealt)
    cards = [str(c) for c in DECK]
    rng.shuffle(cards)
    size = spec.params["hand_size"]
    deal: dict[str, Any] = {
        "form": spec.name,
        "dealer": rng.choice(SEATS),
        "hands": {s: sorted(cards[i * size:(i + 1) * size]) for i, s in enumerate(SEATS)},
    }
    if spec.params["centre_cards"]:
        deal["centre"] = cards[4 * size:]
    return deal


def _strength(hand: list[Card]) -> int:
    """High-card points (A 4, K 3, Q 2, J 1) of a hand."""
    return sum(max(c.rank - 10, 0) for c in hand)


def _bid(state: DealState, legal: list[Action], rng: random.Random, temper: Temper) -> Action:
    passes = [a for a in legal if a.verb == "pass"]
    bids = [a for a in legal if a.verb == "bid"]
    if temper.all_pass and state.highest is None and passes:
        return passes[0]
    seat = legal[0].seat
    pair = card_list(state.hand_masks[seat] | state.hand_masks[partner(seat)])
    cap = 1 + int((_strength(pair) / 40) * 7 * temper.eagerness + rng.random() * 2)
    order = state.form.params["strain_order"]
    bids.sort(key=lambda a: (a.bid.level, order.index(a.bid.strain)))  # type: ignore[union-attr]
    if state.highest is None and bids and rng.random() < temper.jump_rate:  # a pre-emptive opening at six
        sixes = [a for a in bids if a.bid.level == 6]  # type: ignore[union-attr]
        if sixes:
            return rng.choice(sixes)
    affordable = [a for a in bids if a.bid.level <= cap]  # type: ignore[union-attr]
    eager = 0.5 + 0.5 * temper.eagerness if state.highest is None else temper.eagerness * 0.6
    if passes and (not affordable or rng.random() > eager):
        return passes[0]
    pool = affordable or bids
    misere = [a for a in pool[:8] if a.bid.strain == "M"]  # type: ignore[union-attr]
    if misere and rng.random() < temper.misere_taste:
        return misere[0]
    suits = {s: sum(1 for c in pair if c.suit == s) for s in "SCDH"}
    longest = max(suits, key=lambda s: suits[s])
    liked = "G" if suits[longest] < 8 else longest
    preferred = [a for a in pool if a.bid.strain == liked]  # type: ignore[union-attr]
    if preferred and rng.random() < 0.8:
        return preferred[0]
    others = [a for a in pool if a.bid.strain != "M"] or pool  # type: ignore[union-attr]
    return others[min(len(others) - 1, int(rng.expovariate(1.2)))]


def _play(state: DealState, legal: list[Action], rng: random.Random, temper: Temper) -> Action:
    if rng.random() >= temper.skill:
        return rng.choice(legal)
    by_rank = sorted(legal, key=lambda a: a.cards[0].rank)
    seat = legal[0].seat
    avoid = state.contract is None or state.contract.strain == "M"
    trump = trump_suit(state)
    if not state.current:
        if avoid:
            return by_rank[0]
        trumps = [a for a in by_rank if a.cards[0].suit == trump]
        declaring = state.declarer is not None and state.declarer % 2 == seat % 2
        return trumps[-1] if trumps and declaring else by_rank[-1]
    leader = state.leader
    assert leader is not None
    if not avoid and trick_winner(state.current, leader, trump) == partner(seat):
        return by_rank[0]
    winning = [a for a in by_rank if trick_winner((*state.current, a.cards[0]), leader, trump) == seat]
    if avoid:
        losing = [a for a in by_rank if a not in winning]
        return losing[-1] if losing else by_rank[0]
    return winning[0] if winning else by_rank[0]


_GIFT_PHASES = {"kitty": kitty.open_gifts, "pair_swap": pair_swap.open_gifts}
"""The phases whose legal gives are every set of a gift's count of the giver's cards, and their open gifts."""

_GIVE_WEIGHTS: dict[str | None, list[int]] = {
    strain: [c.rank + (20 if c.suit == strain else 0) for c in DECK] for strain in (None, *STRAINS)}
"""How much a bot would rather keep each card, by card code, for each strain of the highest bid (None: no bid)."""


def choose(state: DealState, rng: random.Random, temper: Temper) -> Action:
    """One legal action for the seat to act, in the bot's style."""
    give = _choose_give(state, rng, temper)
    if give is not None:
        return give
    legal = engine.legal_actions(state)
    phase = state.phase
    mechanism = phase.mechanism if phase is not None else ""
    if mechanism == "auction":
        bids = [a for a in legal if a.verb == "bid"]
        if bids and phase is not None and phase.params.get("single_round") and rng.random() < 0.4:
            return bids[0]  # a one-round call (the bolsevikki): someone usually takes it on
        return _bid(state, legal, rng, temper)
    if mechanism == "play":
        return _play(state, legal, rng, temper)
    if mechanism == "doubling":
        strong = [a for a in legal if a.verb in ("double", "redouble")]
        if strong and rng.random() < temper.double_rate:
            return strong[0]
        return next(a for a in legal if a.verb == "pass")
    gives = [a for a in legal if a.verb == "give"]
    if gives and rng.random() < temper.skill:
        weight = _give_weights(state)
        return min(gives, key=lambda a: sum([weight[c.code] for c in a.cards]))
    return rng.choice(legal)


def _give_weights(state: DealState) -> list[int]:
    """How much the bot would rather keep each card, by card code: its rank, 20 more in the highest bid's strain."""
    return _GIVE_WEIGHTS[state.highest.strain if state.highest is not None else None]


def _choose_give(state: DealState, rng: random.Random, temper: Temper) -> Action | None:
    """:func:`choose`'s give in a phase whose legal set is every set of a gift's count of the giver's cards
    (:data:`_GIFT_PHASES`), without listing them: the cheapest such give when the bot plays well (the first of
    the cheapest in the legal set's order, as ``min`` over the set finds it), else a random legal action,
    drawn as ``choose`` draws them. None where that does not hold (another phase; a gift of more cards than
    the giver holds)."""
    phase = state.phase
    open_gifts = _GIFT_PHASES.get(phase.mechanism) if phase is not None and state.to_act is not None else None
    gifts = open_gifts(state, phase.params) if open_gifts is not None and phase is not None and state.step else ()
    hands = [card_list(state.hand_masks[gift.giver]) for gift in gifts]
    if not gifts or any(gift.size > len(hand) for gift, hand in zip(gifts, hands, strict=True)):
        return None
    if rng.random() >= temper.skill:
        return rng.choice(engine.legal_actions(state))
    weight = _give_weights(state)
    best: tuple[int, Action] | None = None
    for gift, hand in zip(gifts, hands, strict=True):
        # the cheapest cards, and of equally cheap ones the first in the hand: the first cheapest combination
        kept = sorted(sorted(range(len(hand)), key=lambda i: weight[hand[i].code])[:gift.size])
        cost = sum(weight[hand[i].code] for i in kept)
        if best is None or cost < best[0]:
            best = (cost, Action(gift.giver, "give", target=gift.receiver, cards=tuple(hand[i] for i in kept)))
    assert best is not None
    return best[1]


def play_out(ruleset: Ruleset, deal: dict[str, Any], rng: random.Random,
             temper: Temper | None = None) -> tuple[list[str], DealState]:
    """Play a deal to its end in a freshly drawn temper (or ``temper``): the actions and the final state."""
    temper = random_temper(rng) if temper is None else temper
    state = engine.start(ruleset, deal)
    actions: list[str] = []
    while not state.finished:
        action = choose(state, rng, temper)
        actions.append(str(action))
        state = engine.apply(state, action)
    return actions, state


def random_record(ruleset: Ruleset, rng: random.Random, *, case_id: str = "random") -> dict[str, Any]:
    """A complete, legal recorded deal (DESIGN §3 without ``expect``)."""
    deal = random_deal(ruleset, rng)
    actions, _ = play_out(ruleset, deal, rng)
    return {"id": case_id, "ruleset": ruleset.id, "deal": deal, "actions": actions}


def _seat_block(partnership: Any, rng: random.Random) -> dict[str, str]:
    """Seats for a block: the two partnerships opposite each other, in a random arrangement."""
    first, second = (list(pair) for pair in partnership)
    rng.shuffle(first)
    rng.shuffle(second)
    if rng.random() < 0.5:
        first, second = second, first
    return {"N": first[0], "S": first[1], "E": second[0], "W": second[1]}


def random_match(ruleset: Ruleset, rng: random.Random, *, case_id: str = "random-match",
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A complete, legal match record following the ruleset's match structure (DESIGN §3)."""
    from ..interpreter.match import MatchPlan  # the match module imports the replay machinery; import it when needed

    spec = ruleset.match
    if spec is None:
        raise ValueError(f"{ruleset.id} has no match structure")
    plan = MatchPlan({**spec.params, **(options or {})})
    dealer = rng.randrange(4)
    deals: list[dict[str, Any]] = []
    position = Position()
    while not plan.over:
        deal = random_deal(ruleset, rng, form=plan.form)
        deal["dealer"] = SEATS[dealer]
        actions, state = play_out(ruleset, deal, rng)
        entry: dict[str, Any] = {"deal": deal, "actions": actions}
        if plan.partnership is not None and plan.block_start:
            entry["seats"] = _seat_block(plan.partnership, rng)
        deals.append(entry)
        if spec.has_games:
            _, after = settled_result(state, position)
            assert after is not None
            position = after
        plan.after_deal(position.games)
        dealer = (dealer + 1) % 4
    record: dict[str, Any] = {"id": case_id, "ruleset": ruleset.id, "match": {"deals": deals}}
    if options:
        record["match"]["options"] = options
    return record
