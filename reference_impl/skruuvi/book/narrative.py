"""The story of a worked example in a few sentences, bridge-column style: what the bidding meant, the moment the
play decided the contract, and how the score is made up; for a match, how the totals moved and who won.

Every fact comes from the replay (:func:`skruuvi.book.examples.walk`, :func:`skruuvi.interpreter.match.replay_match`)
and the ruleset (its phases, its multipliers, which scoring rules doubling multiplies), never from the case's
description, so the text changes when the rules do. The words are the book's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..history.compare import phase_mechanism
from ..interpreter.facts import by_seat, deal_facts
from ..interpreter.match import replay_match
from ..interpreter.outcome import Outcome
from ..rules.errors import SkruuviError
from ..rules.notation import SEATS, side_of
from ..rules.ruleset import Ruleset
from . import md
from .values import Labels, count, number, signed

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}
Step = tuple[int, str, str]  # (index, action, phase id) as :class:`skruuvi.book.examples.Walk` keeps them


def _name(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat)


def _ordinal(n: int) -> str:
    words = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth"]
    return words[n] if 0 < n < len(words) else f"{n}th"


def _groups(rs: Ruleset, steps: Sequence[Step]) -> list[tuple[str, str, list[list[str]]]]:
    """``(phase id, mechanism, actions as words)`` per phase, in the order played."""
    out: list[tuple[str, str, list[list[str]]]] = []
    for _, action, pid in steps:
        if not out or out[-1][0] != pid:
            out.append((pid, phase_mechanism(rs, pid) or "", []))
        out[-1][2].append(action.split())
    return out


def _bids(actions: Sequence[list[str]]) -> list[tuple[str, str]]:
    return [(a[0], a[2]) for a in actions if len(a) >= 3 and a[1] == "bid"]


def _deal_sentence(rs: Ruleset, form: Any, dealer: str) -> str:
    labels = Labels([rs])
    hand, centre = int(form.params.get("hand_size") or 0), int(form.params.get("centre_cards") or 0)
    what = f"*{labels.word(form.name)}*"
    if centre:
        return (f"{_name(dealer)} deals {what}: {hand} cards to each player and {centre} centre cards face down "
                "in the middle.")
    return f"{_name(dealer)} deals {what}: all {hand} cards to each player, no centre cards."


def _auction_sentences(rs: Ruleset, form: Any, groups: Sequence[tuple[str, str, list[list[str]]]],
                       contract: Mapping[str, Any] | None, alone: bool = False) -> list[str]:
    """What the calls meant; ``alone``: the declarer plays one against three (no partner)."""
    auctions = [g for g in groups if g[1] == "auction"]
    out: list[str] = []
    if not auctions:
        return out
    first = _bids(auctions[0][2])
    if not first:
        pass  # told with the form the deal turns into
    else:
        bidders = list(dict.fromkeys(s for s, _ in first))
        taker = _name(first[-1][0])
        opened = f"{_name(first[0][0])} opens {md.bid(first[0][1])}"
        if len(first) > 1:
            others = ", ".join(_name(s) for s in bidders[1:] or bidders)
            verb = "takes" if len(first) == 2 else "take"
            opened += f"; {count(len(first) - 1, 'more bid')} from {others} {verb} it to {md.bid(first[-1][1])}"
        else:
            opened += " and nobody bids over it"
        if len(auctions) > 1:
            stake = ("who takes the centre cards and which pair plays" if form.params.get("centre_cards")
                     else "which pair plays")
            opened += f". {taker} wins the first auction, which decides {stake}, not yet the contract"
        out.append(opened + ".")
    if contract and len(auctions) > 1:
        second = _bids(auctions[-1][2])
        out.append(f"In the second auction only that pair bids: {', '.join(md.bid(b) for _, b in second)}."
                   if second else "In the second auction that pair makes no new bid.")
    if contract:
        level, strain = int(contract["bid"][0]), contract["bid"][1]
        who = _name(contract["declarer"]) if alone else f"{_name(contract['declarer'])}'s side"
        goal = (f"{who} may take no trick at all" if strain == "M" and level == 7
                else f"{who} may take at most {count(7 - level, 'trick')}" if strain == "M"
                else f"{who} needs {count(6 + level, 'trick')} of thirteen")
        out.append(f"The contract is {md.bid(contract['bid'])} by {_name(contract['declarer'])}: {goal}.")
    return out


def _exchange_sentence(rs: Ruleset, groups: Sequence[tuple[str, str, list[list[str]]]]) -> str:
    parts = []
    for pid, mechanism, actions in groups:
        if mechanism in ("auction", "play", "doubling"):
            continue
        given = sum(len(a) - 3 for a in actions if len(a) >= 4 and a[1] == "give")
        if given:
            label = ((rs.raw.get("phases") or {}).get(pid) or {}).get("label", {}).get("en", pid)
            parts.append(f"{count(given, 'card')} ({label})")
    return f"Before the play {' and '.join(parts)} change hands." if parts else ""


def _doubling_sentence(rs: Ruleset, groups: Sequence[tuple[str, str, list[list[str]]]], facts: Mapping[str, Any]) \
        -> str:
    calls = [(a[0], a[1]) for g in groups if g[1] == "doubling" for a in g[2]
             if len(a) >= 2 and a[1] in ("double", "redouble")]
    if not calls:
        return ""
    said = " and ".join(f"{_name(s)} {'redoubles' if c == 'redouble' else 'doubles'}" for s, c in calls)
    return f"{said}: the points doubling multiplies now count ×{facts['multiplier']}."


def _play_sentences(end: Any, contract: Mapping[str, Any] | None, facts: Mapping[str, Any]) -> list[str]:
    tricks = end.tricks
    if not tricks:
        return []
    lead = tricks[0]
    out = [f"{_name(SEATS[lead.leader])} leads {md.card(str(lead.cards[0]))}; {_name(SEATS[lead.winner])} "
           "wins the first trick."]
    if not contract:
        return out
    declarer = SEATS.index(contract["declarer"])
    mine = (lambda seat: seat == declarer) if by_seat(end) else (lambda seat: side_of(seat) == side_of(declarer))
    level, misere = int(contract["bid"][0]), contract["bid"][1] == "M"
    side, its = (_name(contract["declarer"]), "his") if by_seat(end) else ("the declarer's side", "its")
    limit = 7 - level if misere else 6 + level  # misère: the most tricks allowed; else the tricks needed
    won = lost = 0
    for t in tricks:
        if mine(t.winner):
            won += 1
        else:
            lost += 1
        if misere and won > limit:
            out.append(f"At trick {t.number} {side} takes {its} {_ordinal(won)} trick, one too many: "
                       "the misère has failed.")
            break
        if misere and lost >= 13 - limit:
            out.append(f"At trick {t.number} the opponents take their {_ordinal(lost)} trick: the misère is safe.")
            break
        if not misere and won >= limit:
            out.append(f"At trick {t.number} {side} takes {its} {_ordinal(won)} trick: the contract is made.")
            break
        if not misere and lost > 13 - limit:
            out.append(f"At trick {t.number} the defenders take their {_ordinal(lost)} trick: the contract can no "
                       "longer be made.")
            break
    over, under = int(facts["overtricks"]), int(facts["undertricks"])
    out.append("In the end it is " + ("made exactly" if not over and not under else
                                      f"made with {count(over, 'trick')} to spare" if over else
                                      f"{count(under, 'trick')} short") + ".")
    return out


def _score_sentences(rs: Ruleset, outcome: Outcome, contract: Mapping[str, Any] | None,
                     facts: Mapping[str, Any]) -> list[str]:
    res = outcome.result or {}
    score = res.get("score") or {}
    if not score:
        return []
    party = (contract["declarer"] if contract and contract["declarer"] in score
             else side_of(SEATS.index(contract["declarer"])) if contract else next(iter(score)))
    per_rule: dict[str, dict[str, int]] = {}
    for item in outcome.breakdown:
        if item.side == party:
            per_rule.setdefault(item.rule, {}).setdefault(item.column, 0)
            per_rule[item.rule][item.column] += item.points
    columns = rs.columns != ("deal",)
    parts = []
    for rid, cols in per_rule.items():
        rule = rs.rules.get(rid)
        title = (rule.title if rule is not None and rule.title else rid).rstrip(".")
        amount = " and ".join(f"{signed(v)}" + (f" {Labels([rs]).word(c)}" if columns else "")
                              for c, v in cols.items())
        mult = rule.raw.get("multiplied") if rule is not None else None
        times = f", the ×{facts['multiplier']} included" if mult and int(facts.get("multiplier") or 1) > 1 else ""
        parts.append(f"{amount} (“{title}”{times})")
    who = _name(party) if party in SEATS else SIDE_NAMES.get(party, party)
    text = f"{who} score " + ", ".join(parts) + "." if parts else ""

    def total(v: Any) -> str:
        if isinstance(v, Mapping):
            return " and ".join(f"{number(int(n))} {Labels([rs]).word(c)}" for c, n in v.items())
        return signed(int(v))
    sheet = "The sheet reads " + ", ".join(f"{_name(p) if p in SEATS else p} {total(v)}" for p, v in score.items())
    return [text, sheet + "."] if text else [sheet + "."]


def deal_story(rs: Ruleset, start: Any, end: Any, steps: Sequence[Step], outcome: Outcome | None) -> str:
    """A few sentences telling a finished deal (empty when the record did not finish)."""
    if start is None or end is None or outcome is None or not end.finished:
        return ""
    res = outcome.result or {}
    contract = res.get("contract")
    facts = deal_facts(end)
    groups = _groups(rs, steps)
    parts = [_deal_sentence(rs, start.form, SEATS[start.dealer]),
             *_auction_sentences(rs, start.form, groups, contract, by_seat(end))]
    if end.form.name != start.form.name:
        parts.append(f"Nobody bids in the first round, so the deal is played as "
                     f"*{Labels([rs]).word(end.form.name)}*.")
    parts += [_exchange_sentence(rs, groups), _doubling_sentence(rs, groups, facts),
              *_play_sentences(end, contract, facts), *_score_sentences(rs, outcome, contract, facts)]
    return " ".join(p for p in parts if p)


def _runs(values: Sequence[str]) -> list[tuple[int, int, str]]:
    """Consecutive equal values as ``(first, last, value)``, deals numbered from 1."""
    out: list[tuple[int, int, str]] = []
    for k, v in enumerate(values, start=1):
        if out and out[-1][2] == v:
            out[-1] = (out[-1][0], k, v)
        else:
            out.append((k, k, v))
    return out


def match_story(rs: Ruleset, record: Mapping[str, Any]) -> str:
    """A few sentences telling a match record: its length, the partnerships, the biggest swing, the result."""
    try:
        outcome = replay_match(rs, record)
    except SkruuviError:
        return ""
    if not outcome.ok or outcome.result is None:
        return ""
    answer = outcome.result["match"]
    sheets: list[Mapping[str, Any]] = answer["sheets"]
    deals = [d for d in record.get("deals") or [] if isinstance(d, Mapping)]
    if not sheets:
        return ""
    if "totals" in sheets[0]:
        return _players_story(deals, sheets, answer["final"])
    return _sides_story(rs, sheets, answer["final"])


def _players_story(deals: Sequence[Mapping[str, Any]], sheets: Sequence[Mapping[str, Any]],
                   final: Mapping[str, Any]) -> str:
    seats: Mapping[str, str] = {}
    pairings = []
    for entry in deals[:len(sheets)]:
        seats = entry.get("seats") or seats
        pairs = sorted(" & ".join(sorted((str(seats.get(a, a)), str(seats.get(b, b))))) for a, b in (("N", "S"),
                                                                                                     ("E", "W")))
        pairings.append(" v ".join(pairs))
    players = list(final.get("ranking") or sorted(final["totals"]))
    runs = _runs(pairings)
    blocks = "; ".join(f"{p} in deal{'s' if a != b else ''} {a}{f'–{b}' if a != b else ''}" for a, b, p in runs)
    out = [f"{count(len(players), 'player').capitalize()} play {md.plural(len(sheets), 'deal')}. "
           "The partnerships change as the "
           f"match goes on ({blocks}); partners share each deal's score, but each player keeps his own total."]
    prev = dict.fromkeys(players, 0)
    swing = (0, 0, "")
    leaders = []
    for k, sheet in enumerate(sheets, start=1):
        totals = {p: int(v) for p, v in sheet["totals"].items()}
        for p in players:
            change = totals.get(p, 0) - prev.get(p, 0)
            if abs(change) > abs(swing[1]):
                swing = (k, change, p)
        best = max(totals.values())
        leaders.append(", ".join(sorted(p for p, v in totals.items() if v == best)))
        prev = totals
    if swing[0]:
        out.append(f"The biggest swing comes in deal {swing[0]}, {signed(swing[1])} for {swing[2]}.")
    last = _runs(leaders)[-1]
    out.append(f"{last[2]} {'leads' if ',' not in last[2] else 'lead'} from deal {last[0]} to the end.")
    totals = final["totals"]
    out.append("Final ranking: " + ", ".join(f"{p} {number(int(totals.get(p, 0)))}" for p in players) + ".")
    return " ".join(out)


def _sides_story(rs: Ruleset, sheets: Sequence[Mapping[str, Any]], final: Mapping[str, Any]) -> str:
    out = [f"The match runs over {md.plural(len(sheets), 'deal')}."]
    games_at = []
    prev = {"NS": 0, "EW": 0}
    for k, sheet in enumerate(sheets, start=1):
        for side in ("NS", "EW"):
            games = int((sheet.get(side) or {}).get("games") or 0)
            if games > prev[side]:
                games_at.append(f"{SIDE_NAMES[side]} in deal {k}")
            prev[side] = games
    if games_at:
        out.append("Games are won by " + ", ".join(games_at) + ".")
    last = sheets[-1]
    out.append("At the end " + "; ".join(
        f"{SIDE_NAMES[s]} have " + " and ".join(f"{number(int((last.get(s) or {}).get(c, 0)))} "
                                                f"{Labels([rs]).word(c)}" for c in rs.columns)
        for s in ("NS", "EW")) + ".")
    divisor = (rs.match.params.get("final_divisor") if rs.match is not None else None) or 1
    if "difference" in final and "book" in final and int(divisor) > 1:
        out.append(f"The difference, {number(int(final['difference']))} for North–South, is divided by "
                   f"{divisor} and rounded: {number(int(final['book']))}.")
    elif "difference" in final:
        out.append(f"The difference is {number(int(final['difference']))} for North–South.")
    return " ".join(out)
