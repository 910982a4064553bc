"""The story that leads the comparison chapter: what changed from one era to the next, one sentence per change.

Each era's features are read from its ruleset the way the feature table reads them (:mod:`.features`), as played
under the book's own readings (:mod:`skruuvi.rules.reach`): the game forms dealt and their hands, the auctions of
each form, the lowest final contract, the ranking of the bids, what an all-pass deal turns into, the exchanges,
doubling, the score sheet and the match. Two eras next to each other in time are compared feature by feature, and
every difference becomes a sentence with its values in words, through the book's formatter (:mod:`.values`): "a game
is won at 60 below the line", never a parameter name or a literal.
Nothing here knows an era.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.reach import played_phases
from ..rules.ruleset import FormSpec, Ruleset
from . import md
from .values import Labels, count

EXCHANGES = ("kitty", "pair_swap", "defenders_exchange", "partner_exchange")
STRAIN_WORDS = {"G": "grandi", "M": "misère"}


@dataclass
class Era:
    """What one era's game has, in the terms the sentences compare."""

    rs: Ruleset
    labels: Labels
    forms: dict[str, FormSpec] = field(default_factory=dict)  # the forms dealt, by name

    @classmethod
    def of(cls, rs: Ruleset) -> Era:
        return cls(rs, Labels([rs]), {f.name: f for f in rs.forms.values() if f.dealt and f.phases})

    @property
    def name(self) -> str:
        return self.rs.era

    def form(self, name: str) -> str:
        """A form's name as the reader meets it: its Finnish label in italics, and its English one."""
        lab = ((self.rs.raw.get("forms") or {}).get(name) or {}).get("label") or {}
        fi, en = str(lab.get("fi") or self.labels.word(name)), str(lab.get("en") or "")
        en = en.split(" (")[0]
        return f"*{fi}* ({en})" if en and en != fi else f"*{fi}*"

    def phase(self, pid: str) -> str:
        lab = ((self.rs.raw.get("phases") or {}).get(pid) or {}).get("label") or {}
        return str(lab.get("en") or self.labels.word(pid))

    def size(self, form: FormSpec) -> str:
        hand, centre = form.params.get("hand_size"), int(form.params.get("centre_cards") or 0)
        return f"{hand} cards each and " + (count(centre, "centre card") if centre else "no centre cards")

    def auctions(self, form: FormSpec) -> list[str]:
        return [p.id for p in form.phases if p.mechanism == "auction"]

    def lowest(self, form: FormSpec) -> int | None:
        """The lowest final contract: the last auction's minimum."""
        auctions = [p for p in form.phases if p.mechanism == "auction"]
        if not auctions:
            return None
        last = auctions[-1]
        for param in ("final_min_level", "min_level"):
            if param in last.params:
                return int(last.params[param])
        return 1

    def all_pass(self, form: FormSpec) -> str | None:
        """What an all-pass first auction turns the form into (None: not said)."""
        for phase in form.phases:
            target = phase.params.get("all_pass_form")
            if isinstance(target, str):
                return target
        return None

    def all_pass_words(self, target: str | None) -> str:
        if target is None:
            return "nothing is said"
        reached = self.rs.forms.get(target)
        if reached is None or not reached.phases:
            return "the cards are dealt again"
        return f"it is played as {self.form(target)}"

    def exchanges(self, form: FormSpec) -> dict[str, str]:
        """mechanism -> phase id, for the exchanges the form plays (:func:`skruuvi.rules.reach.played_phases`: not
        the defenders' exchange of a kotka, whose bids start at six)."""
        return {p.mechanism: p.id for p in played_phases(self.rs, form.name) if p.mechanism in EXCHANGES}

    def param(self, name: str, where: str = "") -> Any:
        return next((r.value for r in self.rs.rules.values() if r.param == name and r.pointer.startswith(where)),
                    None)

    def ranking(self, form: FormSpec) -> str:
        order = form.params.get("strain_order") or []
        return " < ".join(md.suit(s) if s in md.SUIT_SYMBOL else STRAIN_WORDS.get(s, s) for s in order)


def _series(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _kitty_words(era: Era, form: FormSpec) -> str | None:
    kitty = next((p for p in form.phases if p.mechanism == "kitty"), None)
    if kitty is None:
        return None
    procedures = kitty.params.get("procedures")
    if isinstance(procedures, Mapping):
        names = [f"*{n}*" for n in procedures]
        return f"the taker chooses how to pass the centre cards on ({_series(names)})"
    parts = []
    to_partner = int(kitty.params.get("to_partner") or 0)
    if to_partner:
        parts.append(f"the taker gives his partner {count(to_partner, 'card')}")
    distribution = kitty.params.get("distribution")
    if isinstance(distribution, Mapping):
        parts.append(era.labels.show(distribution, "distribution"))
    return ", then ".join(parts) if parts else None


def _forms(a: Era, b: Era) -> list[str]:
    out = []
    for name, form in b.forms.items():
        if name not in a.forms:
            out.append(f"{b.name} adds {b.form(name)}, a deal of {b.size(form)}.")
    for name in a.forms:
        if name not in b.forms:
            out.append(f"{a.form(name)} of {a.name} is not played in {b.name}.")
    for name in a.forms.keys() & b.forms.keys():
        old, new = a.form(name).split(" (")[0], b.form(name).split(" (")[0]
        if old != new:
            out.append(f"The deal {a.name} calls {old} is called {new} in {b.name}.")
        if a.size(a.forms[name]) != b.size(b.forms[name]):
            out.append(f"In {new} each player now gets {b.size(b.forms[name])}, where {a.name} dealt "
                       f"{a.size(a.forms[name])}.")
    return out


def _auctions(a: Era, b: Era) -> list[str]:
    out = []
    passed: dict[tuple[str, str], list[str]] = {}
    for name in [n for n in b.forms if n in a.forms]:
        fa, fb = a.forms[name], b.forms[name]
        na, nb = len(a.auctions(fa)), len(b.auctions(fb))
        form = b.form(name).split(" (")[0]
        if na != nb:
            phases = _series([b.phase(p) for p in b.auctions(fb)])
            out.append(f"In {form} there are now {count(nb, 'auction')} ({phases}); {a.name} had "
                       f"{count(na, 'auction')}.")
        la, lb = a.lowest(fa), b.lowest(fb)
        if la != lb and lb is not None:
            rise = "rises" if la is not None and lb > la else "falls"
            out.append(f"The lowest final contract in {form} {rise} from level {la} to level {lb}." if la is not None
                       else f"The final contract in {form} must now be at least level {lb}.")
        ra, rb = a.ranking(fa), b.ranking(fb)
        if ra != rb and rb:
            if "M" in (fb.params.get("strain_order") or []) and "M" not in (fa.params.get("strain_order") or []):
                out.append(f"Misère can now be bid in {form}; the bids rank {rb}.")
            else:
                out.append(f"In {form} the bids now rank {rb} (in {a.name}: {ra}).")
        pa, pb = a.all_pass(fa), b.all_pass(fb)
        if a.all_pass_words(pa) != b.all_pass_words(pb):
            passed.setdefault((b.all_pass_words(pb), a.all_pass_words(pa)), []).append(form)
    for (now, before), forms in passed.items():  # one sentence for the forms that changed alike
        out.append(f"When everybody passes in the first auction of {_series(forms)}, {now}; in {a.name} {before}.")
    return out


def _exchanges(a: Era, b: Era) -> list[str]:
    out = []
    for name in [n for n in b.forms if n in a.forms]:
        fa, fb = a.forms[name], b.forms[name]
        ea, eb = a.exchanges(fa), b.exchanges(fb)
        form = b.form(name).split(" (")[0]
        added = [b.phase(pid) for mech, pid in eb.items() if mech not in ea]
        gone = [a.phase(pid) for mech, pid in ea.items() if mech not in eb]
        if added:
            out.append(f"{b.name} adds the {_series(added)} to {form}.")
        if gone:
            out.append(f"The {_series(gone)} of {a.name} is gone from {form} in {b.name}.")
        ka, kb = _kitty_words(a, fa), _kitty_words(b, fb)
        if ka and kb and ka != kb:
            out.append(f"In {form} {kb}; in {a.name} {ka}.")
    return out


def _doubling(a: Era, b: Era) -> list[str]:
    ma, mb = a.param("multipliers"), b.param("multipliers")
    if ma == mb or mb is None:
        return []
    words = b.labels.show(mb, "multipliers")
    if not isinstance(ma, list) or len(ma) <= 1:
        return [f"Doubling comes into the game: {words}."]
    if not isinstance(mb, list) or len(mb) <= 1:
        return [f"{b.name} has no doubling; {a.name} doubled ({a.labels.show(ma, 'multipliers')})."]
    return [f"Doubling now counts {words}, where {a.name} counted {a.labels.show(ma, 'multipliers')}."]


def _score(a: Era, b: Era) -> list[str]:
    out = []
    if a.rs.columns != b.rs.columns:
        def sheet(era: Era) -> str:
            if tuple(era.rs.columns) == ("deal",):
                return "writes one score for each deal"
            return "writes its points " + " and ".join(era.labels.word(c) for c in era.rs.columns)
        out.append(f"The score sheet changes: {b.name} {sheet(b)}, where {a.name} {sheet(a)}.")
    ra, rb = a.param("defenders_receive"), b.param("defenders_receive")
    if ra != rb and rb is not None:
        out.append(f"The defenders now receive {b.labels.word(rb)} (in {a.name}: {a.labels.word(ra)}).")
    return out


def _match(a: Era, b: Era) -> list[str]:
    out = []
    pa = a.rs.match.params if a.rs.match is not None else {}
    pb = b.rs.match.params if b.rs.match is not None else {}
    ga, gb = pa.get("game_threshold"), pb.get("game_threshold")
    if ga != gb:
        if gb is None:
            out.append(f"{b.name} has no games below the line; in {a.name} a game is won at {ga} below the line.")
        elif ga is None:
            out.append(f"{b.name} brings in games: a game is won at {gb} below the line.")
        else:
            out.append(f"A game is now won at {gb} below the line instead of {ga}.")
    sa, sb = pa.get("stages"), pb.get("stages")
    if sa != sb and sb:
        shown = b.labels.show(sb, "stages")
        blocks = pb.get("partnerships") or ()
        if blocks:
            out.append(f"A whole game is played in blocks of {shown}, each block with new partners, "
                       f"{count(len(blocks), 'block')} in all, so that everyone partners everyone once.")
        else:
            out.append(f"A match is {shown}" + (f" (in {a.name}: {a.labels.show(sa, 'stages')})." if sa else "."))
    ta, tb = pa.get("totals"), pb.get("totals")
    if ta != tb and tb is not None:
        out.append(f"The totals are kept for {b.labels.word(tb)} (in {a.name}: {a.labels.word(ta)}).")
    return out


SECTIONS = (("The deal", _forms), ("The bidding", _auctions), ("The exchanges", _exchanges),
            ("Doubling", _doubling), ("The score", _score), ("The match", _match))


def change_sentences(a: Ruleset, b: Ruleset) -> list[tuple[str, list[str]]]:
    """``(topic, sentences)`` of what changed from ruleset ``a`` to ruleset ``b``, topics without change left out."""
    ea, eb = Era.of(a), Era.of(b)
    return [(title, said) for title, sentences in SECTIONS if (said := sentences(ea, eb))]


def change_story(rulesets: Sequence[Ruleset]) -> list[str]:
    """The chapter's opening: for each era and the one before it, what changed, as markdown blocks."""
    eras = sorted(rulesets, key=lambda r: (r.era, r.id))
    if len(eras) < 2:
        return []
    out = [f"## What changed, {' → '.join(rs.era for rs in eras)} {{#story}}",
           "The game as each era's sources describe it, compared with the era before, one sentence per change. "
           "The table after this story shows every era side by side, and the sections after it every rule."]
    for a, b in itertools.pairwise(eras):
        out.append(f"### From {a.era} to {b.era} {{#story-{a.era}-{b.era}}}")
        changes = change_sentences(a, b)
        if not changes:
            out.append("The rulesets set the same features.")
        for title, sentences in changes:
            out.append(f"**{title}.** " + " ".join(sentences))
    return out
