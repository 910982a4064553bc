"""What a worked example says to its two readers: a heading a player reads (the game form, the contract and how it
went, from the replay), and, folded under the example and marked for implementers, the case behind it (its id and
file, the rules it exercises, its own description, why its expected result is right, and the reference's check).

The worked-example pages are read by players too, so their visible text carries no rule id, case id, file path or
case notation; the apparatus is one click away in the fold, beside the deal it justifies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..interpreter.outcome import Outcome
from ..rules.notation import SEATS, side_of
from ..rules.ruleset import Ruleset
from . import md
from .values import Labels, bid_text

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
FOLD_TITLE = "For implementers: the case behind this example"
FOLD_KIND = "abstract"  # the admonition's kind: its class on the page (tests find the fold by it)


def _article(word: str) -> str:
    return ("an" if word[:1].lower() in "aeiou" else "a") + f" *{word}*"


def _how_it_went(contract: Mapping[str, Any], tricks: Mapping[str, int]) -> str:
    bid = str(contract.get("bid") or "")
    seat = str(contract.get("declarer") or "")
    if len(bid) != 2 or not bid[0].isdigit() or seat not in SEATS:
        return ""
    level, misere = int(bid[0]), bid[1] == "M"
    took = tricks.get(side_of(SEATS.index(seat)), tricks.get(seat))
    if took is None:
        return ""
    spare = (7 - level - took) if misere else (took - 6 - level)
    if spare == 0:
        return "made exactly"
    if spare > 0:
        return f"made with {md.plural(spare, 'trick')} to spare"
    return f"{md.plural(-spare, 'trick')} short"


def reader_title(ruleset: Ruleset, case: Mapping[str, Any], outcome: Outcome | None, form: str | None) -> str:
    """The example's heading for a player: the form, the contract and how it went (``form``: the form played, as the
    replay ended it), or the whole match; never the case's own description, which is written in case notation."""
    labels = Labels([ruleset])
    if not isinstance(case.get("deal"), Mapping):
        match = ruleset.raw.get("match") or {}
        name = str((match.get("label") or {}).get("fi") or "")
        deals = [d for d in (case.get("match") or {}).get("deals") or [] if isinstance(d, Mapping)]
        what = f"A whole *{name}*" if name else "A whole match"
        return f"{what} of {md.plural(len(deals), 'deal')}" if deals else what
    word = labels.word(form) if form else ""
    where = _article(word) if word else "a deal"
    if outcome is None or outcome.result is None:
        return f"{where[:1].upper()}{where[1:]} that a rule stops"
    res = outcome.result
    contract = res.get("contract")
    if not contract:
        return f"Everybody passes, and {where} is played"
    doubling = contract.get("doubling", 0)
    doubled = ["", ", doubled", ", redoubled"][doubling] if doubling in (0, 1, 2) else ""
    went = _how_it_went(contract, res.get("tricks") or {})
    who = SEAT_NAMES.get(str(contract.get("declarer")), str(contract.get("declarer")))
    text = f"{bid_text(str(contract.get('bid')))} by {who} in {where}{doubled}"
    return text + (f", {went}" if went else "")


def implementers_fold(case: Mapping[str, Any], rules: str, cases_link: str, checked: list[str],
                      justification: Callable[[], str]) -> str:
    """The fold under an example for implementers: the case's id and file, the rules it exercises (``rules``, already
    linked), a link into the case list, the case's own description, why its expected result is right and
    ``checked``, what the reference's replay said of it."""
    cid = str(case.get("id"))
    body = [f"Case `{cid}`" + (f" (`{case['_file']}`)" if case.get("_file") else "")
            + f" · exercises {rules or 'no listed rule'} · {cases_link}"]
    if case.get("description"):
        body.append(f"**The case's description:** {md.cell(case['description'])}")
    why = justification()
    if why:
        body.append(f"**Why the expected result is right.** {why}")
    body += checked
    return md.admonition(FOLD_KIND, FOLD_TITLE, "\n\n".join(body), collapsible=True)


def justification_text(case: Mapping[str, Any]) -> str:
    just = case.get("justification") or {}
    if not just:
        return ""
    return (f"Kind: **{just.get('kind')}**." + (f" Reference: {just['ref']}." if just.get("ref") else "")
            + ("\n\n" + str(just["note"]) if just.get("note") else ""))
