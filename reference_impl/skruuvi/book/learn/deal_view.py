"""One example deal of a player chapter as it is played, told and drawn in English or in Finnish from its replay:
the story phase by phase, the hands as dealt, the auctions in columns, who gave which cards to whom (the table
diagram), the tricks and the score."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from ...interpreter.facts import by_seat
from ...rules.notation import SEATS, side_of
from ...rules.ruleset import Ruleset
from .. import md
from ..deal_score import labelled, party_cells, score_rows
from ..examples import Walk, walk
from ..pictures import TableWords, deal_table_svg
from ..player_words import COLUMN_WORDS, SEATS_EN, SEATS_FI, doubling_words, knocks, score_words
from ..trick_table import Tally, trick_cells
from ..viewer import deal_viewer
from .language import Prose, cap

# --- one deal as it is played ------------------------------------------------------------------------------------

INITIALS_FI = {"N": "P", "E": "I", "S": "E", "W": "L"}


def _groups(w: Walk) -> list[tuple[str, list[list[str]]]]:
    out: list[tuple[str, list[list[str]]]] = []
    for _, action, pid in w.steps:
        if not out or out[-1][0] != pid:
            out.append((pid, []))
        out[-1][1].append(action.split())
    return out


def _mechanism(rs: Ruleset, pid: str) -> str:
    return str(((rs.raw.get("phases") or {}).get(pid) or {}).get("mechanism") or "") or next(
        (p.mechanism for f in rs.forms.values() for p in f.phases if p.id == pid), "")


class DealView:
    """One example deal told and drawn in the language of ``p``."""

    def __init__(self, p: Prose, example: Any, record: Mapping[str, Any], number: int) -> None:
        """``example``: the :class:`~.deals.ExampleDeal` (its anchor, forms and title word)."""
        self.p = p
        self.rs = p.rs
        self.example = example
        self.record = record
        self.number = number
        self.w = walk(self.rs, record)
        self.auctions = 0  # how many auctions the deal has (the story says "the first auction" when two)

    # --- words -------------------------------------------------------------------------------------------------

    def call(self, words: list[str]) -> str:
        p = self.p
        verb = words[1] if len(words) > 1 else ""
        if verb == "bid" and len(words) > 2:
            return p.bid(words[2])
        if verb == "choose" and len(words) > 2:
            return f"*{words[2]}*"
        double, redouble = doubling_words(self.rs, p.lang)
        return {"pass": p("pass", "passi"), "double": double, "redouble": redouble}.get(verb, verb)

    def gift(self, words: list[str]) -> str:
        p = self.p
        return p(f"{p.seat(words[0])} gives {p.seat(words[2])} {md.cards(words[3:])}",
                 f"{p.seat(words[0])} antaa {p.seat(words[2], 'all')} {md.cards(words[3:])}")

    # --- the story -------------------------------------------------------------------------------------------------

    def story(self) -> str:
        """The deal in a few sentences, phase by phase, in the order it was played."""
        p, w = self.p, self.w
        assert w.start is not None and w.end is not None and w.outcome is not None
        out = [p(f"{p.seat(SEATS[w.start.dealer])} deals.", f"{p.seat(SEATS[w.start.dealer])} jakaa.")]
        groups = _groups(w)
        auctions = [i for i, (pid, _) in enumerate(groups) if _mechanism(self.rs, pid) == "auction"]
        self.auctions = len(auctions)
        contract = (w.outcome.result or {}).get("contract")
        for i, (pid, acts) in enumerate(groups):
            mech = _mechanism(self.rs, pid)
            gifts = [a for a in acts if len(a) > 3 and a[1] == "give"]
            if mech == "auction":
                if i == auctions[0] and w.end.form.name != w.start.form.name and not any(
                        len(a) > 2 and a[1] == "bid" for a in acts):
                    out.append(p(f"All {len(acts)} players pass, so the deal is played as "
                                 f"{p.form(w.end.form.name, 'a')}.",
                                 f"Kaikki {len(acts)} pelaajaa passaavat, joten jako pelataan "
                                 f"{p.form(w.end.form.name, 'ess')}."))
                else:
                    out += self.auction_story(acts, first=i == auctions[0])
                if i == auctions[-1] and contract:
                    out.append(self.contract_story(contract))
            elif mech in ("kitty", "pair_swap", "partner_exchange"):
                chose = [a for a in acts if len(a) > 2 and a[1] == "choose"]
                text = ""
                if chose:
                    text = p(f"{p.seat(chose[0][0])} takes the centre cards and chooses *{chose[0][2]}*: ",
                             f"{p.seat(chose[0][0])} ottaa {p.centre()} ja valitsee tavan *{chose[0][2]}*: ")
                elif mech == "kitty" and gifts:
                    text = p(f"{p.seat(gifts[0][0])} takes the centre cards; ",
                             f"{p.seat(gifts[0][0])} ottaa {p.centre()}; ")
                if gifts:
                    out.append(cap(text + "; ".join(self.gift(a) for a in gifts)) + ".")
            elif mech == "defenders_exchange":
                out.append(p("The defenders swap a card: ", "Puolustajat vaihtavat kortin: ")
                           + "; ".join(self.gift(a) for a in gifts) + "." if gifts else
                           p("The defenders keep their cards.", "Puolustajat pitävät korttinsa."))
            elif mech == "doubling":
                calls = [a for a in acts if len(a) > 1 and a[1] in ("double", "redouble")]
                knock = knocks(self.rs)
                verbs = {"double": p("knocks" if knock else "doubles", "koputtaa" if knock else "kahdentaa"),
                         "redouble": p("counter-knocks" if knock else "redoubles",
                                       "vastakoputtaa" if knock else "kolmentaa"),
                         "pass": p("passes", "passaa")}
                said = p.listing([f"{p.seat(a[0])} {verbs.get(a[1], a[1])}" for a in acts if len(a) > 1])
                out.append(cap(said) + "." if calls else
                           p("Nobody knocks: " if knock else "Nobody doubles: ",
                             "Kukaan ei koputa: " if knock else "Kukaan ei kahdenna: ") + said + ".")
        out += self.play_story(contract)
        return " ".join(o for o in out if o)

    def calls_said(self, acts: Sequence[list[str]]) -> str:
        """Every call of an auction in order, a run of passes counted: ``North 1 misère, East passes, South 1
        grandi, then 8 passes`` (nothing left out: the calls said add up to the auction's calls)."""
        p = self.p
        parts: list[str] = []
        run: list[str] = []

        def flush() -> None:
            if len(run) == 1:
                parts.append(p(f"{p.seat(run[0])} passes", f"{p.seat(run[0])} passaa"))
            elif run:
                parts.append(p(f"{len(run)} passes", f"{len(run)} passia"))
            run.clear()

        for a in acts:
            if len(a) > 1 and a[1] == "pass":
                run.append(a[0])
                continue
            flush()
            parts.append(f"{p.seat(a[0])} {self.call(a)}")
        flush()
        if len(parts) > 1:
            return ", ".join(parts[:-1]) + p(", then ", ", sitten ") + parts[-1]
        return "".join(parts)

    def auction_story(self, acts: Sequence[list[str]], first: bool) -> list[str]:
        p = self.p
        bids = [a for a in acts if len(a) > 2 and a[1] == "bid"]
        said = self.calls_said(acts)
        if not first:
            return [p(f"The second auction: {said}." if bids else f"The second auction: {said}; nobody bids again.",
                      f"Toinen tarjousvaihe: {said}." if bids else f"Toinen tarjousvaihe: {said}; kukaan ei "
                      "tarjoa uudelleen.")]
        if not bids:
            return [p(f"The auction: {said}.", f"Tarjousvaihe: {said}.")]
        last = bids[-1]
        return [p(f"The {'first ' if self.auctions > 1 else ''}auction: {said}. {p.seat(last[0])} wins it with "
                  f"{p.bid(last[2])}.",
                  f"{'Ensimmäinen tarjousvaihe' if self.auctions > 1 else 'Tarjousvaihe'}: {said}. "
                  f"{p.seat(last[0])} voittaa sen tarjouksella {p.bid(last[2])}.")]

    def contract_story(self, contract: Mapping[str, Any]) -> str:
        p = self.p
        level, strain = int(contract["bid"][0]), contract["bid"][1]
        need = 7 - level if strain == "M" else 6 + level
        goal = p(f"at most {need} tricks", f"enintään {need} tikkiä") if strain == "M" else \
            p(f"at least {need} tricks", f"vähintään {need} tikkiä")
        return p(f"The contract is {p.bid(contract['bid'])} by {p.seat(contract['declarer'])}: {goal} for his side.",
                 f"Sopimus on {p.bid(contract['bid'])}, pelinviejänä {p.seat(contract['declarer'])}: hänen puolensa "
                 f"tavoite on {goal}.")

    def play_story(self, contract: Mapping[str, Any] | None) -> list[str]:
        p, w = self.p, self.w
        assert w.end is not None and w.outcome is not None
        tricks = w.end.tricks
        if not tricks:
            return []
        lead = tricks[0]
        out = [p(f"{p.seat(SEATS[lead.leader])} leads {md.card(str(lead.cards[0]))}.",
                 f"{p.seat(SEATS[lead.leader])} aloittaa kortilla {md.card(str(lead.cards[0]))}.")]
        res = w.outcome.result or {}
        if contract and not by_seat(w.end):
            side = side_of(SEATS.index(contract["declarer"]))
            level, misere = int(contract["bid"][0]), contract["bid"][1] == "M"
            limit = 7 - level if misere else 6 + level
            won = lost = 0
            for t in tricks:
                mine = side_of(t.winner) == side
                won, lost = won + mine, lost + (not mine)
                if not misere and won == limit:
                    out.append(p(f"At trick {t.number} the main pair takes its {p.ordinal(won)} trick: the contract "
                                 "is made.",
                                 f"{t.number}. tikissä pääpari ottaa {won}. tikkinsä: sopimus on läpi."))
                    break
                if not misere and lost == 13 - limit + 1:
                    out.append(p(f"At trick {t.number} the defenders take their {p.ordinal(lost)} trick: the "
                                 "contract can no longer be made.",
                                 f"{t.number}. tikissä puolustajat ottavat {lost}. tikkinsä: sopimus ei voi enää "
                                 "onnistua."))
                    break
                if misere and won == limit + 1:
                    out.append(p(f"At trick {t.number} the main pair takes its {p.ordinal(won)} trick, one too "
                                 "many: the misère has failed.",
                                 f"{t.number}. tikissä pääpari ottaa {won}. tikkinsä, yhden liikaa: misääri on "
                                 "kaatunut."))
                    break
                if misere and lost == 13 - limit:
                    out.append(p(f"At trick {t.number} the defenders take their {p.ordinal(lost)} trick: the misère "
                                 "is safe.",
                                 f"{t.number}. tikissä puolustajat ottavat {lost}. tikkinsä: misääri on turvassa."))
                    break
            got = res["tricks"][side]
            over = (limit - got) if misere else (got - limit)
            if over > 0:
                end = p(f"made with {over} to spare", f"läpi {over} ylitikillä")
            elif over == 0:
                end = p("made exactly", "läpi täsmälleen")
            elif misere:  # too many tricks: each one over the allowance counts as a trick short
                end = p(f"{-over} more than the misère allows, which score as {-over} "
                        f"{'trick' if over == -1 else 'tricks'} short",
                        f"{-over} enemmän kuin misääri sallii, ja ne lasketaan {-over} pietiksi")
            else:
                end = p(f"{-over} short", f"{-over} pieti" if over == -1 else f"{-over} pietiä")
            out.append(p(f"In all the main pair takes {got} tricks: {end}.",
                         f"Kaikkiaan pääpari ottaa {got} tikkiä: {end}."))
        else:
            tally = res.get("tricks") or {}
            out.append(cap(p.listing([p(f"{self._party(k)} take {v} tricks", f"{self._party(k)} ottaa {v} tikkiä")
                                      for k, v in tally.items()])) + ".")
        score = res.get("score") or {}
        out.append(p("On the score sheet: ", "Pisteet: ") + "; ".join(
            f"{self._party(k)} {self._total(v)}" for k, v in score.items()) + ".")
        return out

    def _party(self, key: str) -> str:
        return self.p.seat(key) if key in SEATS else self.p.side(key)

    def _total(self, value: Any) -> str:
        p = self.p
        if isinstance(value, Mapping):
            return p.listing([f"{_signed(int(v))} {p(*COLUMN_WORDS.get(str(c), (str(c), str(c))))}"
                              for c, v in value.items()])
        return _signed(int(value))

    # --- the pictures ----------------------------------------------------------------------------------------------

    def hands(self) -> str:
        p, w = self.p, self.w
        start = w.start
        assert start is not None

        def seat(i: int) -> str:
            s = SEATS[i]
            tag = p(" (dealer)", " (jakaja)") if i == start.dealer else ""
            return f"<strong>{p.seat(s)}</strong>{tag}<br>" + "<br>".join(md.holding(str(c) for c in start.hands[i]))

        centre = start.centre
        label = p("centre cards", p.centre())
        mid = f"<em>{label}</em><br>{md.cards(str(c) for c in centre)}" if centre else \
            f"<em>{p('no centre cards', 'ei ' + p.centre('par'))}</em>"
        return ('<table class="sk-deal"><tbody>\n'
                f"<tr><td></td><td>{seat(0)}</td><td></td></tr>\n"
                f'<tr><td>{seat(3)}</td><td class="sk-centre">{mid}</td><td>{seat(1)}</td></tr>\n'
                f"<tr><td></td><td>{seat(2)}</td><td></td></tr>\n"
                "</tbody></table>")

    def calls_tables(self) -> list[str]:
        out = []
        for pid, acts in _groups(self.w):
            if _mechanism(self.rs, pid) not in ("auction", "doubling"):  # the calls: bids, passes, doubles
                continue
            seats: list[str] = []
            for a in acts:
                if a and a[0] not in seats:
                    seats.append(a[0])
            rows: list[list[str]] = []
            last = len(seats)
            for a in acts:
                col = seats.index(a[0])
                if col <= last:
                    rows.append([""] * len(seats))
                last = col
                rows[-1][col] = self.call(a)
            out += [f"**{cap(self.p.phase(pid))}**", md.table([self.p.seat(s) for s in seats], rows)]
        return out

    def exchanges(self) -> str:
        p = self.p
        if not any(a.split()[1:2] == ["give"] for _, a, _ in self.w.steps) and (
                self.w.start is None or not self.w.start.centre):
            return ""
        if p.fi:
            words = TableWords({s: SEATS_FI[s]["nom"] for s in SEATS}, gives="{giver} → {taker}",
                               takes="{taker} ottaa " + p.centre(), dealer="jakaja", centre=p.centre(), none="ei",
                               title="Jako pöydässä: kädet jaettuina, " + p.centre() + " ja kuka antoi mitä kenelle")
        else:
            words = TableWords(dict(SEATS_EN), gives="{giver} gives {taker}")
        return deal_table_svg(self.rs, self.record, marker=f"sk-learn-{self.example.anchor}-{p.lang}", words=words,
                              phase_word=p.phase)

    def tricks(self) -> str:
        p, w = self.p, self.w
        assert w.end is not None
        initials = INITIALS_FI if p.fi else {s: s for s in SEATS}
        per_seat = by_seat(w.end)
        tally = Tally(per_seat)
        rows = []
        for trick in w.end.tricks:
            cells = trick_cells(trick, p("wins the trick", "voittaa tikin"))
            tally.add(trick)
            rows.append([str(trick.number), *cells, initials[SEATS[trick.winner]], str(tally)])
        pair = "–".join(initials[s] for s in SEATS) if per_seat else \
            f"{initials['N']}{initials['S']}–{initials['E']}{initials['W']}"
        head = ["#", *(initials[s] for s in SEATS), p("Won", "Voitti"), pair]
        table = md.table(head, rows)
        key = ", ".join(f"{initials[s]} {p.seat(s)}" for s in SEATS)
        return (f'<div class="sk-tricks" markdown>\n\n{table}\n\n</div>\n\n'
                + p(f"The card led is in bold and the card that wins the trick is framed; \"Won\" is the seat that "
                    f"wins it and \"{pair}\" the tricks each side has won so far ({key}).",
                    f"Aloituskortti on lihavoitu ja tikin voittava kortti kehystetty; \"Voitti\" on tikin voittaja ja "
                    f"\"{pair}\" kummankin puolen tikit siihen mennessä ({key})."))

    def score(self) -> str:
        """The deal's score, one row per item: where a double multiplied an item, its points before the double and
        the factor (``−5 × 2 = −10``), so that the sum can be followed."""
        p, w = self.p, self.w
        assert w.outcome is not None and w.end is not None
        res = w.outcome.result or {}
        score = res.get("score") or {}
        parties = list(score) or ["NS", "EW"]
        columns = self.rs.columns != ("deal",)
        body = []
        for row in score_rows(w.end, w.outcome):
            name = labelled(cap(p(*score_words(self.rs, row.rule))), w.end, row, p.fi)
            where = [p(*COLUMN_WORDS.get(str(row.column), (str(row.column), str(row.column))))] if columns else []
            body.append([name, *where, *party_cells(row, parties, _signed)])
        for column in (self.rs.columns if columns else ("",)):
            total = {k: (score.get(k) or {}).get(column, 0) if columns else score.get(k, 0) for k in parties}
            where = [f"**{p(*COLUMN_WORDS.get(column, (column, column)))}**"] if columns else []
            body.append([f"**{p('Total', 'Yhteensä')}**", *where, *(f"**{_signed(int(total[k]))}**" for k in parties)])
        head = [p("Item", "Erä"), *([p("Where", "Missä")] if columns else []), *(self._party(k) for k in parties)]
        return md.table(head, body)

    # --- the whole example -----------------------------------------------------------------------------------------

    def render(self, traces: MutableMapping[str, str] | None = None) -> str:
        """The example as markdown; with ``traces`` (the build's generated files, written into) the step-through
        viewer leads it and the deal drawn on one page is folded under it."""
        p, w = self.p, self.w
        form = self.example.becomes or self.example.dealt
        title = p(f"Example {self.number}: {p.form(form, 'a')}", f"Esimerkki {self.number}: {p.form(form)}")
        if self.example.shows:
            title += p(f" with *{self.example.shows}*", f", *{self.example.shows}*")
        if self.example.strain == "M":
            title += p(" played as a bid misère", ", pelattuna maalattuna misäärinä")
        out = [f"### {title} {{#{self.example.anchor}}}"]
        if w.outcome is None or w.end is None or w.start is None:
            return "\n\n".join([*out, p("This deal no longer plays to its end under the rules of this book.",
                                        "Tämä jako ei enää pelaudu loppuun tämän kirjan säännöillä.")])
        out.append(self.story())
        viewer = "" if traces is None else deal_viewer(
            self.rs, self.record, key=f"learn-{self.example.anchor}", traces=traces, language=p.lang,
            title=p(f"Example {self.number}", f"Esimerkki {self.number}"))
        drawn = [f"**{p('The hands as dealt', 'Kädet jaon jälkeen')}**", self.hands(), *self.calls_tables()]
        pictured = self.exchanges()
        if pictured:
            drawn += [p("Who gave which cards to whom, in order, round the table:",
                        "Kuka antoi mitkä kortit kenelle, järjestyksessä, pöydän ympärillä:"), pictured]
        drawn += [f"**{p('The play', 'Pelaaminen')}**", self.tricks()]
        score = [f"**{p('The score', 'Pisteet')}**", self.score()]
        if not viewer:
            return "\n\n".join([*out, *drawn, *score])
        out += [p("Step through the deal below, one card or call at a time: with the buttons, the arrow keys or a "
                  "swipe across the table.",
                  "Käy jako alla läpi kortti ja tarjous kerrallaan: painikkeilla, nuolinäppäimillä tai pyyhkäisemällä "
                  "pöydän yli."), viewer,
                md.admonition("example", p("The whole deal on one page", "Koko jako yhdellä sivulla"),
                              "\n\n".join(drawn), collapsible=True), *score]
        return "\n\n".join(out)


def _signed(n: int) -> str:
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


