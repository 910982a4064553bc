"""How to play Skruuvi: one deal of an era told as a story, bridge-column style, for a player learning the game.

The deal is the seeded bots' (``STORY_SEED`` below, chosen because the decisions matter: a contest in the first
auction, the kitty, a second auction that climbs to five, a defenders' exchange, a double and a contract that
fails by one trick). The prose is the book's own; every card, call, trick count and point in it comes from
replaying the record with the reference engine when the book is built, so the chapter changes when the rules do.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..interpreter.deal import build_deal
from ..rules.notation import SEATS, side_of
from ..rules.ruleset import Ruleset
from . import md
from .curated import generate_record
from .era import label
from .examples import SEAT_NAMES, Walk, _Example, walk
from .pictures import deal_table_svg
from .values import WORDS, count, signed

STORY_PATH = "play/how-to-play.md"
STORY_RULESET = "skruuvi-2016"
STORY_SEED = 6  # searched: an opening deal with a defenders' exchange, a double and a close result
# The chapters: (ruleset, seed, page). The 1940s deal (seed 1, searched the same way): a contested first
# auction, a defenders' exchange, 5 grandi knocked and two tricks short.
STORIES = [(STORY_RULESET, STORY_SEED, STORY_PATH), ("skruuvi-1944", 1, "play/how-to-play-1944.md")]


def _name(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat)


def _calls(steps: Sequence[tuple[int, str, str]]) -> str:
    said = []
    for _, action, _ in steps:
        words = action.split()
        if len(words) >= 3 and words[1] == "bid":
            said.append(f"{_name(words[0])} {md.bid(words[2])}")
        elif len(words) >= 2:
            said.append(f"{_name(words[0])} {words[1]}")
    return ", ".join(said)


def _bids(steps: Sequence[tuple[int, str, str]]) -> list[tuple[str, str]]:
    return [(a.split()[0], a.split()[2]) for _, a, _ in steps if len(a.split()) >= 3 and a.split()[1] == "bid"]


def _gives(steps: Sequence[tuple[int, str, str]]) -> list[str]:
    out = []
    for _, action, _ in steps:
        words = action.split()
        if len(words) >= 4 and words[1] == "give":
            out.append(f"{_name(words[0])} gives {_name(words[2])} {md.cards(words[3:])}")
        elif len(words) >= 2:
            out.append(f"{_name(words[0])} {'passes' if words[1] == 'pass' else words[1] + 's'}")
    return out


def ordinal(n: int) -> str:
    words = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "thirteenth"]
    return words[n] if 0 <= n < len(words) else f"{n}th"


def _phase(w: Walk, pid: str) -> list[tuple[int, str, str]]:
    return [s for s in w.steps if s[2] == pid]


def _score_words(value: object) -> str:
    """One side's score: ``+25``, or by column (``45 below the line and 350 above``)."""
    if isinstance(value, dict):
        return " and ".join(f"{v} {WORDS.get(str(k), str(k))}" for k, v in value.items())
    return signed(value) if isinstance(value, int) else str(value)


def table_practice(rs: Ruleset, here: str) -> list[str]:
    """The deal section's table practice (who deals first, the shuffle, the cut) and the dealer's rotation, in the
    ruleset's words, as one list; nothing when the ruleset has none of them."""
    practice = [r for r in rs.rules.values() if r.pointer.startswith("/deal/") and r.raw.get("enforced") is False]
    practice += [r for r in rs.rules.values() if r.param == "dealer_rotation"]
    if not practice:
        return []
    return ["Before and after the deal, at the table:",
            "\n".join(f"- **{r.title}.** {str(r.raw.get('text', '')).strip()} "
                      + md.link("§", here, md.rules_page(rs.id), r.id) for r in practice)]


def story_page(rulesets: Sequence[Ruleset], ruleset_id: str = STORY_RULESET, seed: int = STORY_SEED,
               here: str = STORY_PATH) -> str:
    """The chapter of one era, or a short note when its ruleset is not there."""
    rs = next((r for r in rulesets if r.id == ruleset_id), None)
    era = rs.era if rs is not None else ruleset_id.rsplit("-", 1)[-1]
    out = [f"# How to play Skruuvi ({era})"]
    if rs is None:
        return "\n\n".join([*out, f"The story needs the ruleset `{ruleset_id}`, which is not in spec/."]) + "\n"
    rec = generate_record(rs, "alkupeli", seed, "story", "the story deal")
    w = walk(rs, rec)
    if w.outcome is None or w.end is None or w.start is None:
        return "\n\n".join([*out, "The story deal no longer replays to a finished deal under these rules."]) + "\n"
    ex = _Example(rs, rec, None)
    ex.here = here
    deal = build_deal(rec["deal"], rs)
    dealer = SEATS[deal.dealer]
    first, kitty, second = _phase(w, "first-auction"), _phase(w, "kitty"), _phase(w, "second-auction")
    exchange, doubling = _phase(w, "defenders-exchange"), _phase(w, "doubling")
    res = w.outcome.result or {}
    contract = res["contract"]
    declarer, bid = contract["declarer"], contract["bid"]
    side = side_of(SEATS.index(declarer))
    other = "EW" if side == "NS" else "NS"
    need = 6 + int(bid[0])
    got = res["tricks"][side]
    taker = _bids(first)[-1][0] if _bids(first) else dealer
    mult = next((list(r.value) for r in rs.rules.values() if r.param == "multipliers"), [1, 2, 4])
    minimum = next((int(r.value) for r in rs.rules.values() if r.param == "final_min_level"
                    and r.pointer.startswith("/phases/second-auction/")), None)
    doubler = next((a.split()[0] for _, a, _ in doubling if a.split()[1:2] == ["double"]), None)
    form = rs.forms["alkupeli"]
    hand, n_centre = int(form.params["hand_size"]), int(form.params["centre_cards"])

    def heading(pid: str) -> str:
        en, fi = label((rs.raw.get("phases") or {}).get(pid), pid)
        return f"## {en[0].upper()}{en[1:]}" + (f" · *{fi}*" if fi else "") + f" {{#{pid}}}"
    out += [
        "Four players, two partnerships, partners facing each other: North–South against East–West. This chapter "
        "follows one *alkupeli* (opening deal) from the shuffle to the score sheet, the way a bridge column tells a "
        "hand. The cards and the calls were played by the book's seeded bots; the engine replays them whenever the "
        "book is built, so every number below is the rules' own answer. The rules themselves are in "
        + md.link(f"the {rs.era} rule book", here, md.rules_page(rs.id)) + ", the points on "
        + md.link("the scoring card", here, f"card/{rs.id}.md") + ".",
        "## Dealing {#dealing}",
        f"{_name(dealer)} deals {count(hand, 'card').split(' ', 1)[0]} cards to each player, one at a time, and "
        f"{count(n_centre, 'card')} go face down in the middle: the centre cards, the kitty. Nobody sees them "
        "yet: they belong to whoever wins the first auction.",
        ex.diagram(deal.hands, deal.centre, deal.dealer, "centre cards"),
        *table_practice(rs, here),
        heading("first-auction"),
        f"The dealer speaks first. The calls: {_calls(first)}. A bid here competes for the centre cards; "
        "the contract itself is settled later, in the second auction. "
        f"{_name(taker)} is the highest bidder, the taker; with his partner "
        f"{_name(SEATS[(SEATS.index(taker) + 2) % 4])} he forms the main pair.",
        heading("kitty"),
        f"{_name(taker)} picks up the centre cards and passes cards to his partner ("
        + (_gives(kitty)[0] if kitty else "") + "). The partner, now with "
        f"{hand + n_centre}, gives one card to each other player ("
        + "; ".join(_gives(kitty)[1:]) + "), so everyone again holds thirteen.",
        heading("second-auction"),
        "Now only the main pair bids, and for real"
        + (f": the final contract must be at least {count(minimum, 'level').split()[0]}" if minimum else "")
        + ". The calls: "
        f"{_calls(second)}. The contract is {md.bid(bid)} by {_name(declarer)}: "
        f"{count(need, 'trick')} of thirteen, "
        + (f"with {md.bid(bid)[1:]} as trumps." if bid[1] in md.SUIT_SYMBOL else f"in {md.bid(bid)[2:]}."),
        heading("defenders-exchange"),
        ("The defenders may now swap one card each way, the player on the declarer's left first: "
         + "; ".join(_gives(exchange)) + "." if exchange else "The defenders keep their cards."),
        "Around the table, the hands as dealt and every card that changed hands before the play, in order:",
        deal_table_svg(rs, rec),
        heading("doubling"),
        ("; ".join(_gives(doubling)) + ". "
         + ["Nobody doubles.",
            f"The defenders think the contract will fail: it is doubled, ×{mult[1]} on the points the rules "
            "multiply.",
            f"It is doubled and redoubled: ×{mult[min(2, len(mult) - 1)]} on the points the rules multiply."][
                int(contract.get("doubling") or 0)]),
        heading("play"),
    ]
    tricks = w.end.tricks
    lead = tricks[0]
    won = {"NS": 0, "EW": 0}
    first_def, decided = None, None
    for t in tricks:
        won[side_of(t.winner)] += 1
        if first_def is None and side_of(t.winner) == other:
            first_def = t.number
        if decided is None and (won[side] >= need or won[other] > 13 - need):
            decided = (t.number, dict(won))
    story = [f"{_name(SEATS[lead.leader])} leads {md.card(str(lead.cards[0]))} to the first trick; "
             f"{_name(SEATS[lead.winner])} wins it."]
    if first_def is not None:
        story.append(f"The defenders take their first trick at trick {first_def}.")
    if decided is not None:
        n, at = decided
        if at[side] >= need:
            story.append(f"At trick {n} the main pair takes its {ordinal(need)} trick: the contract is safe.")
        else:
            story.append(f"At trick {n} the defenders take their {ordinal(at[other])} trick: "
                         f"{_name(declarer)} can no longer make {need}.")
    story.append(f"In all the main pair takes {got} tricks, "
                 + ("the contract is made" + (f" with {count(got - need, 'overtrick')}" if got > need else "")
                    if got >= need else f"{count(need - got, 'trick')} short") + ".")
    out += [" ".join(story), ex.tricks_table(w.end, w.steps, None)]
    out.append("## The score {#score}")
    ex.out = []
    ex.score_sheet(w.outcome)
    out += [b for b in ex.out if b != "### Score sheet"]
    score = res["score"]
    level = int(contract.get("doubling") or 0)
    out.append(f"{_name(side[0])}–{_name(side[1])} write {_score_words(score[side])}, "
               f"{_name(other[0])}–{_name(other[1])} {_score_words(score[other])}. "
               + (f"{_name(doubler)}'s double paid: the multiplied points counted ×{mult[min(level, len(mult) - 1)]}."
                  if doubler and level and got < need else ""))
    return "\n\n".join(out) + "\n"
