"""Properties over random complete legal records (tests/strategies.py).

The expected result is recomputed here from the action strings alone — contract, doubling, trick winners,
and the 2016 scoring formulas written out below — without calling skruuvi.interpreter.scoring.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.interpreter.settle import result_of
from skruuvi.rules.errors import IllegalAction
from skruuvi.rules.notation import BIDS, CARDS, DECK, SEATS, parse_action
from skruuvi.rules.ruleset import get_ruleset
from strategies import deals, legal_records

RS = get_ruleset("skruuvi-2016")
PROPS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ----------------------------------------------------------------------------------- the 2016 formulas
MADE = {"trump": {5: 25, 6: 35, 7: 50}, "grand": {5: 25, 6: 35, 7: 50}, "misere": {5: 10, 6: 20, 7: 35}}
OVERTRICK = {5: 2, 6: 2, 7: 0}
FIRST_UNDER = {"trump": {5: 5, 6: 10, 7: 15}, "grand": {5: 5, 6: 10, 7: 15}, "misere": {5: 10, 6: 15, 7: 20}}
FURTHER_UNDER = 5
MULTIPLIER = [1, 2, 3]
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
RANK = "23456789TJQKA"


def _winner(plays, trump):
    """Index (0-3) of the winning card of a trick: the highest trump, else the highest card of the suit led."""
    def strength(card):
        suit_bonus = 200 if card[1] == trump else 100 if card[1] == plays[0][1] else 0
        return suit_bonus + RANK.index(card[0])
    return max(range(4), key=lambda k: strength(plays[k]))


def expected_result(actions):
    """The result of a complete legal record, from its action strings only."""
    words = [a.split() for a in actions]
    bids = [(w[0], w[2]) for w in words if w[1] == "bid"]
    doubling = sum(1 for w in words if w[1] in ("double", "redouble"))
    plays = [(w[0], w[2]) for w in words if w[1] == "play"]
    assert len(plays) == 52
    declarer, bid = bids[-1] if bids else (None, None)
    trump = bid[1] if bid is not None and bid[1] in "SCDH" else None
    tricks = {"NS": 0, "EW": 0}
    aces = {"NS": 0, "EW": 0}  # trick ordinals, once per ace
    for number in range(1, 14):
        trick = plays[4 * (number - 1):4 * number]
        w = _winner([c for _, c in trick], trump)
        side = SIDE[trick[w][0]]
        tricks[side] += 1
        aces[side] += number * sum(1 for _, c in trick if c[0] == "A")
        if number < 13:
            assert plays[4 * number][0] == trick[w][0], "the winner leads the next trick"
    mult = MULTIPLIER[doubling]
    if bid is None:  # passimisääri: -(own tricks) * multiplier - own ace ordinals
        score = {s: -tricks[s] * mult - aces[s] for s in ("NS", "EW")}
        return {"contract": None, "tricks": tricks, "score": score}
    level, strain = int(bid[0]), bid[1]
    kind = "grand" if strain == "G" else "misere" if strain == "M" else "trump"
    main = SIDE[declarer]
    other = "EW" if main == "NS" else "NS"
    won = tricks[main]
    # misère: at most 7 - level tricks; trump and grand: at least 6 + level
    margin = (7 - level) - won if kind == "misere" else won - (6 + level)
    if margin >= 0:
        points = (MADE[kind][level] + margin * OVERTRICK[level]) * mult
    else:
        points = -(FIRST_UNDER[kind][level] + (-margin - 1) * FURTHER_UNDER) * mult
    score = {main: points, other: -points}
    if kind == "misere":
        for s in ("NS", "EW"):
            score[s] -= aces[s]
    return {"contract": {"declarer": declarer, "bid": bid, "doubling": doubling}, "tricks": tricks, "score": score}


def states_of(record):
    """The state before each action, and the final state."""
    state = engine.start(RS, record["deal"])
    out = [state]
    for action in record["actions"]:
        state = engine.apply(state, action)
        out.append(state)
    return out


def _played(state):
    return [c for t in state.tricks for c in t.cards] + list(state.current)


# ------------------------------------------------------------------------------------------ properties


@PROPS
@given(deals())
def test_every_random_deal_is_valid_and_starts_with_the_dealer(deal):
    state = engine.start(RS, deal)
    assert state.to_act == SEATS.index(deal["dealer"]) and state.phase.id == "first-auction"
    assert [len(h) for h in state.hands] == [12, 12, 12, 12] and len(state.centre) == 4
    assert len(frozenset().union(*state.hands, state.centre)) == 52


@PROPS
@given(legal_records())
def test_cards_are_conserved_and_one_seat_acts_at_a_time(record):
    states = states_of(record)
    centre = set(states[0].centre)
    for i, state in enumerate(states):
        held = [c for h in state.hands for c in h]
        played = _played(state)
        cards = held + played
        assert len(cards) == len(set(cards)), f"a card is in two places before action {i}"
        if len(cards) == 48:  # the centre cards are not taken yet
            assert set(cards).isdisjoint(centre)
        else:
            assert len(cards) == 52
        assert set(cards) | centre == set(DECK)
        if i == len(record["actions"]):
            break
        # exactly one seat may act
        seat = state.to_act
        assert seat is not None and not state.finished
        action = parse_action(record["actions"][i])
        assert action.seat == seat
        legal = engine.legal_actions(state)
        assert legal and all(a.seat == seat for a in legal)
        for other in range(4):
            if other != seat:
                moved = type(action)(other, action.verb, action.bid, action.target, action.cards)
                try:
                    engine.verify(state, moved)
                except IllegalAction as exc:
                    assert exc.code == "not-your-turn"
                else:
                    raise AssertionError(f"{moved} accepted while {SEATS[seat]} is to act")
    final = states[-1]
    assert final.finished and final.to_act is None and engine.legal_actions(final) == []
    assert len(final.tricks) == 13 and [t.number for t in final.tricks] == list(range(1, 14))
    assert all(len(h) == 0 for h in final.hands)
    assert sorted(c.code for c in _played(final)) == list(range(52))
    for a in ("N pass", "E play AS", "S bid 7G", "W double"):
        assert not engine.can_apply(final, a)


@PROPS
@given(legal_records())
def test_the_score_matches_the_2016_tables(record):
    out = replay(record)
    assert out.ok, out
    expected = expected_result(record["actions"])
    assert out.result == expected
    tricks, score, contract = out.result["tricks"], out.result["score"], out.result["contract"]
    assert tricks["NS"] + tricks["EW"] == 13
    if contract is not None and not contract["bid"].endswith("M"):
        assert score["NS"] + score["EW"] == 0
    elif contract is not None:  # misère: zero-sum except the ace points (1+...+13 at most 4 times)
        state = states_of(record)[-1]
        ace_points = sum(t.number for t in state.tricks for c in t.cards if c.rank == 14)
        assert score["NS"] + score["EW"] == -ace_points


@PROPS
@given(legal_records())
def test_replay_is_deterministic_and_equals_stepwise_play(record):
    first, second = replay(record), replay(record)
    assert first == second
    assert first.to_response() == second.to_response()
    assert result_of(states_of(record)[-1]) == first


def _random_action(data):
    seat = data.draw(st.sampled_from(SEATS))
    verb = data.draw(st.sampled_from(["bid", "pass", "give", "double", "redouble", "play", "fold"]))
    if verb == "bid":
        return f"{seat} bid {data.draw(st.sampled_from(sorted(BIDS)))}"
    if verb == "play":
        return f"{seat} play {data.draw(st.sampled_from(sorted(CARDS)))}"
    if verb == "give":
        cards = data.draw(st.lists(st.sampled_from(sorted(CARDS)), min_size=1, max_size=4, unique=True))
        return f"{seat} give {data.draw(st.sampled_from(SEATS))} {' '.join(cards)}"
    return f"{seat} {verb}"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_records(), st.data())
def test_a_corrupted_action_is_caught_at_or_before_its_index(record, data):
    actions = record["actions"]
    i = data.draw(st.integers(0, len(actions) - 1), label="index")
    original = parse_action(actions[i])
    how = data.draw(st.sampled_from(["random", "other-seat", "card-not-held", "garbage"]), label="how")
    states = states_of(record)
    before = states[i]
    if how == "random":
        corrupted = _random_action(data)
    elif how == "other-seat":
        seat = data.draw(st.sampled_from([s for k, s in enumerate(SEATS) if k != original.seat]))
        corrupted = " ".join([seat, *actions[i].split()[1:]])
    elif how == "card-not-held":
        hand = before.hands[original.seat]
        card = data.draw(st.sampled_from([c for c in DECK if c not in hand]))
        if original.verb == "give":
            corrupted = f"{actions[i]} {card}" if card not in original.cards else actions[i] + " XX"
        else:
            corrupted = f"{SEATS[original.seat]} play {card}"
    else:
        corrupted = data.draw(st.sampled_from(["", "N", "N fold", "E bid 8S", "S play 1S", "W give", "X pass"]))
    bad = {**record, "actions": [*actions[:i], corrupted, *actions[i + 1:]]}
    out = replay(bad)
    if engine.can_apply(before, corrupted):
        assert out.ok or out.error_index > i, (corrupted, out)
    else:
        try:
            engine.verify(before, parse_action(corrupted))
        except IllegalAction as exc:
            code = exc.code
        assert not out.ok
        assert out.error_index is not None and out.error_index <= i, (corrupted, out)
        assert (out.error_index, out.error_code) == (i, code)
        if how == "other-seat":
            assert out.error_code == "not-your-turn"
        if how == "garbage":
            assert out.error_code == "malformed-action"


def test_the_random_bot_covers_every_kind_of_deal():
    """Not hypothesis: a seeded run of the same bot, to show the bias produces every kind of deal."""
    import random

    from strategies import random_record

    rng = random.Random(2016)
    kinds: Counter[str] = Counter()
    for _ in range(250):
        record = random_record(rng)
        states = states_of(record)
        final = states[-1]
        out = replay(record)
        assert out.ok
        contract = out.result["contract"]
        if contract is None:
            kinds["passimisaari"] += 1
            kinds[f"passimisaari-doubling-{final.doubling}"] += 1
            continue
        kinds[f"doubling-{contract['doubling']}"] += 1
        kinds["misere" if contract["bid"].endswith("M") else "trump-or-grand"] += 1
        if contract["bid"].endswith("G"):
            kinds["grand"] += 1
        expected = expected_result(record["actions"])
        main = "NS" if contract["declarer"] in "NS" else "EW"
        level, won = int(contract["bid"][0]), expected["tricks"][main]
        made = won <= 7 - level if contract["bid"].endswith("M") else won >= 6 + level
        kinds["made" if made else "failed"] += 1
        if final.exchange_banned:
            kinds["exchange-banned"] += 1
        phases = [(s.phase.id, a) for s, a in zip(states, record["actions"], strict=False)]
        exch = [a for p, a in phases if p == "defenders-exchange"]
        if exch:
            kinds["exchange-passed" if exch[0].endswith("pass") else "exchange-done"] += 1
        first_high = next(s.highest_bidder for s in states if s.phase.id == "second-auction")
        if any(p == "second-auction" and " bid " in a and SEATS.index(a[0]) != first_high for p, a in phases):
            kinds["raised-by-partner"] += 1
    for kind in ("passimisaari", "passimisaari-doubling-1", "made", "failed", "doubling-0", "doubling-1",
                 "doubling-2", "misere", "grand", "raised-by-partner", "exchange-done", "exchange-passed",
                 "exchange-banned"):
        assert kinds[kind] >= 3, (kind, kinds)
