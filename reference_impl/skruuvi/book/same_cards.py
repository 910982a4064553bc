"""The same cards in every era: one deal's hands and centre cards, bid and played by the seeded bots under each
ruleset's own rules, with each era's contract, tricks and score side by side.

A recorded deal rarely replays in every era (the oldest has one auction and the taker's choice, the later ones a
second auction), so the cross-era page also compares eras on the cards: the deal is drawn once, and each ruleset
that deals the form with the same hand size and centre cards plays it out (:func:`skruuvi.authoring.bots.play_out`,
the same seed for every era). Every answer is the reference's, when the book is built.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..authoring import bots
from ..interpreter.settle import result_of
from ..rules.errors import SkruuviError
from ..rules.notation import SEATS
from ..rules.ruleset import Ruleset
from . import md
from .cases import side_score
from .examples import SEAT_NAMES, _Example

# (form, seed): deals searched so that every era reaches a contract on them.
SAME_CARDS = [("alkupeli", 37), ("alkupeli", 3)]


def played(rulesets: Sequence[Ruleset], form: str, seed: int) -> tuple[dict[str, Any], list[tuple[Ruleset, Any]]]:
    """The deal (drawn under the last ruleset) and, per ruleset that deals ``form`` alike, its bots' record and
    result, or the reason it cannot play it."""
    shape = None
    out: list[tuple[Ruleset, Any]] = []
    base = next((rs for rs in reversed(rulesets) if form in rs.forms and rs.forms[form].dealt), None)
    if base is None:
        return {}, []
    deal = bots.random_deal(base, random.Random(seed), form=form)
    shape = (base.forms[form].params["hand_size"], base.forms[form].params["centre_cards"])
    for rs in rulesets:
        spec = rs.forms.get(form)
        if spec is None or not spec.dealt or (spec.params["hand_size"], spec.params["centre_cards"]) != shape:
            out.append((rs, f"no {form} dealt {shape[0]} cards each with {shape[1]} centre cards"))
            continue
        try:
            actions, state = bots.play_out(rs, deal, random.Random(seed))
        except SkruuviError as exc:
            out.append((rs, str(exc)))
            continue
        record = {"deal": deal, "actions": actions}
        out.append((rs, (record, result_of(state).result or {}, state.form.name)))
    return deal, out


def _verdict(results: Sequence[tuple[Ruleset, Any]]) -> str:
    """One sentence on what the table shows: the same contract everywhere, or which eras differ."""
    bids = {rs.era: (got[1].get("contract") or {}).get("bid") for rs, got in results if not isinstance(got, str)}
    if not bids:
        return "No era could play these cards."
    if len(set(bids.values())) == 1:
        bid = next(iter(bids.values()))
        return (f"Every era that can play the cards ends in {md.bid(bid)}: what differs is the play and the score."
                if bid else "No era reaches a contract.")
    return "The auctions end differently: " + "; ".join(
        f"{era} {md.bid(bid) if bid else 'no contract'}" for era, bid in bids.items()) + "."


def same_cards_section(rulesets: Sequence[Ruleset], here: str) -> list[str]:
    """Markdown blocks: for each configured deal, the hands once and every era's play of them."""
    rulesets = sorted(rulesets, key=lambda r: r.era)
    if len(rulesets) < 2:
        return []
    out = ["## The same cards in every era {#same-cards}",
           "A record of one era is rarely legal in another, so here the eras meet on the cards instead: one deal, "
           "the same hands and centre cards, bid and played by the seeded bots under each era's own rules."]
    for n, (form, seed) in enumerate(SAME_CARDS, start=1):
        deal, results = played(rulesets, form, seed)
        if not deal:
            continue
        ex = _Example(rulesets[-1], {"deal": deal}, None)
        ex.here = here
        hands = [deal["hands"][s] for s in SEATS]
        out += [f"### Deal {n} {{#same-cards-{n}}}",
                ex.diagram(hands, deal.get("centre") or [], SEATS.index(deal["dealer"]), "centre cards")]
        rows = []
        for rs, got in results:
            era = md.link(rs.era, here, md.rules_page(rs.id))
            if isinstance(got, str):
                rows.append([era, f"cannot be played: {got}", "", ""])
                continue
            _, res, final_form = got
            contract = res.get("contract")
            said = (f"{md.bid(contract['bid'])} by {SEAT_NAMES[contract['declarer']]}"
                    + ["", ", doubled", ", redoubled"][int(contract.get("doubling") or 0)]) if contract \
                else f"no contract ({final_form})"
            tricks = ", ".join(f"{k} {v}" for k, v in (res.get("tricks") or {}).items())
            score = "; ".join(f"{k} {side_score(v)}" for k, v in (res.get("score") or {}).items())
            rows.append([era, said, tricks, score])
        out += [md.table(["Era", "Contract", "Tricks", "Score"], rows), _verdict(results)]
        calls = [f"- **{rs.era}**: " + " · ".join(f"`{a}`" for a in got[0]["actions"])
                 for rs, got in results if not isinstance(got, str)]
        if calls:
            out.append(md.admonition("abstract", f"Deal {n}: each era's actions", "\n".join(calls), collapsible=True))
    return out
