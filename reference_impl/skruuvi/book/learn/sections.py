"""The rules of one era in the order a player meets them, one function per step: this module has the section type,
the players and the pack, the deal and the play; :mod:`.auctions` has the two auctions (and what happens when all
pass), :mod:`.exchanges` the kitty, the defenders' exchange and doubling. Each section is a function of the ruleset
(through :class:`~.facts.Game`) and the page's :class:`~.language.Prose`, and returns ``None`` when the era's game
has no such step; every paragraph ends with its links to the rules it tells.

The prose is written in both languages side by side from the same values. A reading the sources leave open is said
once, where it matters: "the sources disagree on X; this book plays Y".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import md
from .facts import Game
from .language import Prose, cap


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    blocks: list[str]


def order_table(p: Prose, stages: Any, pairs: list[str]) -> str:
    """The whole sitsi deal by deal: each block's stages in order, with the deals' numbers and the partners."""
    rows = []
    first = 1
    for pairing in pairs:
        for stage in stages or []:
            n = int(stage.get("deals") or 0)
            if not n:
                continue
            kind = p.form(stage["form"], "pl") if n != 1 else p.form(stage["form"])
            rows.append([f"{first}–{first + n - 1}" if n > 1 else str(first), pairing, kind])
            first += n
    return md.table([p("Deals", "Jaot"), p("Partners", "Parit"), p("Kind of deal", "Jaon laji")], rows)


def open_reading(g: Game, p: Prose, rid: str, en: str, fi: str) -> list[str]:
    """The sentence that says a reading the sources leave open (``en``/``fi``), linked to its rule, when the rule is
    a conflict; else nothing."""
    return [p(en, fi) + p.src(rid)] if g.conflict(rid) else []


def strain_scale(p: Prose, order: Sequence[str]) -> str:
    return " < ".join(p.strain(s) for s in order)


def _suits(order: Sequence[str]) -> list[str]:
    return [s for s in order if s in md.SUIT_SYMBOL]


# --- 1. players, partners and the pack ---------------------------------------------------------------------------


def players(g: Game, p: Prose) -> Section:
    blocks = [p(
        "Skruuvi is a trick-taking game for four players in two partnerships, a cousin of whist and bridge. Partners "
        "sit opposite each other. This book names the seats North, East, South and West, so North–South play "
        "against East–West. Everyone holds and plays his own cards: unlike bridge, there is no dummy.",
        "Skruuvi on neljän pelaajan tikkipeli, whistin ja bridgen sukulainen, ja sitä pelataan kahtena parina. "
        "Parit istuvat vastakkain. Tässä kirjassa paikat ovat Pohjoinen, Itä, Etelä ja Länsi, joten Pohjoinen–Etelä "
        "pelaa Itä–Länttä vastaan. Jokainen pelaa omilla korteillaan: toisin kuin bridgessä, lepääjän kättä ei ole.")
        + p.src("deal.players")]
    partnerships, rid = g.match("partnerships")
    stages, _ = g.match("stages")
    block = g.stages_deals(stages)
    if isinstance(partnerships, list) and len(partnerships) > 1 and block:
        blocks.append(p(
            f"Partners do not stay together for the whole game: after each block of {block} deals the players change "
            f"places, and after {len(partnerships)} blocks everyone has partnered everyone else once (see "
            "[the whole game](#whole-game)).",
            f"Parit eivät pysy samoina koko peliä: jokaisen {block} jaon jakson jälkeen pelaajat vaihtavat paikkaa, "
            f"ja {len(partnerships)} jakson jälkeen jokainen on pelannut kerran jokaisen muun parina (katso "
            "[koko peli](#whole-game)).") + p.src(rid))
        pairs = [p(" against ", " vastaan ").join("–".join(map(str, pair)) for pair in pairing)
                 for pairing in partnerships]
        kinds = [p.form(name, "pl") for name in dict.fromkeys(str(st["form"]) for st in stages or [])]
        blocks.append(p(f"The whole game, deal by deal (the players called A, B, C and D; the kinds of deal, "
                        f"{p.listing(kinds)}, are explained in [the next section](#deal)):",
                        f"Koko peli jako jaolta (pelaajat A, B, C ja D; jakojen lajit, {p.listing(kinds)}, "
                        "selitetään [seuraavassa kohdassa](#deal)):") + p.src(rid, g.match("stages")[1]))
        blocks.append(order_table(p, stages, pairs))
    order = g.main.params.get("strain_order") if g.main is not None else None
    suits = _suits(order or [])
    text = p("The game uses a standard pack of 52 cards without jokers. In every suit the ace is high and the two "
             "low: A K Q J 10 9 8 7 6 5 4 3 2.",
             "Pelissä käytetään tavallista 52 kortin pakkaa ilman jokereita. Kussakin maassa ässä on korkein ja "
             "kakkonen matalin: A K Q J 10 9 8 7 6 5 4 3 2.")
    if suits:
        text += " " + p("For bidding the suits rank too, from the lowest: ",
                        "Tarjouksissa myös maat ovat arvojärjestyksessä alimmasta alkaen: ") + \
            ", ".join(f"{md.suit(s)} {p.suit_name(s)}" for s in suits) + "."
    blocks.append(text + p.src("deal.pack", g.form_rule(g.main, "strain_order")))
    return Section("players", p("Players, partners and the pack", "Pelaajat, parit ja kortit"), blocks)


# --- 2. the deal and the centre cards ----------------------------------------------------------------------------


def _forbidden(p: Prose, positions: Sequence[Any]) -> list[str]:
    words = []
    for pos in positions:
        if pos == "first":
            words.append(p("the top card of the pack (the first dealt)", "pakan päällimmäistä korttia (ensimmäistä)"))
        elif pos == "last":
            words.append(p("the bottom card (the last dealt)", "alimmaista korttia (viimeistä)"))
        elif isinstance(pos, int):
            words.append(p(f"card {pos + 1} of the pack", f"pakan {pos + 1}. korttia"))
    return words


def deal(g: Game, p: Prose) -> Section:
    rs = g.rs
    blocks: list[str] = []
    rotation, rot_rule = g.match("dealer_rotation")
    start = []
    if "deal.first-dealer" in rs.rules:
        start.append(p("Before the first deal one player is chosen to keep the score (the *kirjanpitäjä*); he keeps "
                       "his seat for the whole game, and the player on his left deals first.",
                       "Ennen ensimmäistä jakoa valitaan *kirjanpitäjä*, joka pitää kirjaa pisteistä ja istuu "
                       "samalla paikalla koko pelin; hänen vasemmalla puolellaan istuva pelaaja jakaa ensin."))
    if rotation == "clockwise":
        start.append(p("After every deal the deal passes to the left.",
                       "Jokaisen jaon jälkeen jakovuoro siirtyy vasemmalle."))
    if start:
        blocks.append(" ".join(start) + p.src("deal.first-dealer", rot_rule))
    if "deal.shuffled-top-card" in rs.rules or "deal.cut" in rs.rules:
        text = p("Two packs of different colours are used in turn. While one is dealt, the dealer's partner shuffles "
                 "the other, the one just played, and lays it face up on his right, ready for the next deal; its top "
                 "card must not be an ace or a two. The dealer takes the pack from his left, turns it face down and "
                 "hands it to the player on his right, who cuts it about in the middle; the dealer joins the two "
                 "parts and deals.",
                 "Vuorotellen käytetään kahta eriväristä pakkaa. Kun toisella jaetaan, jakajan pari sekoittaa "
                 "juuri pelatun pakan ja asettaa sen oikealle puolelleen kuvapuoli ylöspäin seuraavaa jakoa varten; "
                 "päällimmäinen kortti ei saa olla ässä eikä kakkonen. Jakaja ottaa pakan vasemmalta puoleltaan, "
                 "kääntää sen kuvapuoli alaspäin ja antaa oikealla puolellaan istuvan nostaa sen suunnilleen "
                 "keskeltä; jakaja yhdistää osat ja jakaa.")
        if g.conflict("deal.shuffled-top-card"):
            text += " " + p("(The sources disagree on the top card: one forbids an ace, king, two or three; this book "
                            "follows the Finnish source, an ace or a two.)",
                            "(Lähteet eroavat päällimmäisestä kortista: yksi kieltää ässän, kuninkaan, kakkosen ja "
                            "kolmosen; tämä kirja seuraa suomenkielistä lähdettä, ässä tai kakkonen.)")
        blocks.append(text + p.src("deal.shuffled-top-card", "deal.cut"))
    order = rs.deal_params.get("deal_order")
    dealt = p("The dealer deals the cards face down, one at a time", "Jakaja jakaa kortit kuvapuoli alaspäin yksi "
                                                                    "kerrallaan")
    if order == "clockwise-from-dealer-left":
        dealt += p(", clockwise, starting with the player on his left.",
                   " myötäpäivään vasemmasta naapuristaan alkaen.")
    else:
        dealt += "."
    kinds = g.with_phases()
    english = {f.name: str((((rs.raw.get("forms") or {}).get(f.name) or {}).get("label") or {}).get("en") or "")
               for f in kinds}
    named = [p(f"{p.form(f.name)} ({english[f.name]})" if english[f.name] else p.form(f.name), p.form(f.name))
             for f in kinds]
    if len(kinds) > 1:  # the reader meets the forms' names here: say what they are before their hands
        dealt = p(f"A game has {len(kinds)} kinds of deal, called by their Finnish names: {p.listing(named)}; "
                  "[the whole game](#whole-game) tells when each is played. ",
                  f"Pelissä on {len(kinds)} erilaista jakoa: {p.listing(named)}; [koko peli](#whole-game) kertoo, "
                  f"milloin {'kumpaakin' if len(kinds) == 2 else 'kutakin'} pelataan. ") + dealt
    forms = []
    for form in kinds:
        hand, centre = int(form.params.get("hand_size") or 0), int(form.params.get("centre_cards") or 0)
        if centre:
            forms.append(p(f"In {p.form(form.name, 'a')} each player gets {hand} cards and {centre} go face down in "
                           "the middle of the table: the centre cards (the kitty), which the winner of the auction "
                           "will take.",
                           f"{cap(p.form(form.name, 'ine'))} kukin saa {hand} korttia, ja {centre} korttia jää "
                           f"kuvapuoli alaspäin pöydän keskelle: ne ovat *{p.centre()}*, jotka tarjouksen voittaja "
                           "ottaa."))
        else:
            forms.append(p(f"In {p.form(form.name, 'a')} each player gets {hand} cards and there are no centre "
                           "cards.",
                           f"{cap(p.form(form.name, 'ine'))} kukin saa {hand} korttia, eikä {p.centre('par')} "
                           "ole."))
    blocks.append(" ".join([dealt, *forms]) + p.src(g.rule_with("deal_order"),
                                                    *(g.form_rule(f, "hand_size") for f in g.with_phases()),
                                                    *(g.form_rule(f, "centre_cards") for f in g.with_phases())))
    centre = int(g.main.params.get("centre_cards") or 0) if g.main is not None else 0
    if centre:
        forbidden = _forbidden(p, rs.deal_params.get("centre_forbidden_positions") or [])
        run = rs.deal_params.get("centre_max_consecutive")
        limits = list(forbidden)
        if isinstance(run, int) and run < centre:
            limits.append(p(f"{centre} cards in a row" if run == centre - 1 else f"more than {run} cards in a row",
                            f"{centre} peräkkäistä korttia" if run == centre - 1 else
                            f"yli {run} peräkkäistä korttia"))
        text = p(f"The dealer chooses, as he deals, which {centre} cards of the pack become centre cards.",
                 f"Jakaja valitsee jakaessaan, mitkä {centre} pakan korttia tulevat {p.centre('tra')}.")
        if limits:
            text += " " + p("They may not be ", "Niiksi ei kuitenkaan saa valita ") \
                + p.listing(limits, ("or", "eikä")) + "."
        if isinstance(run, int) and run >= centre:
            text += " " + p("They may be consecutive cards of the pack.", "Ne saavat olla pakan peräkkäisiä kortteja.")
        rid = g.rule_with("centre_forbidden_positions")
        if g.conflict(rid):
            text += " " + p("(One source says only \"not the first cards, not the last cards\", without a number; "
                            "this book reads it as the top and the bottom card, as the other Finnish source says.)",
                            "(Yksi lähde sanoo vain \"ei pakan ensimmäisiä eikä viimeisiä kortteja\" kertomatta "
                            "määrää; tämä kirja lukee sen päällimmäiseksi ja alimmaiseksi kortiksi kuten toinen "
                            "suomenkielinen lähde.)")
        blocks.append(text + p.src(rid, g.rule_with("centre_max_consecutive")))
    return Section("deal", p("The deal and the centre cards", f"Jako ja {p.centre()}"), blocks)


# --- 8. the play -------------------------------------------------------------------------------------------------


def play(g: Game, p: Prose) -> Section | None:
    phase = g.phase(g.main, "play")
    if phase is None:
        return None
    lead = g.value(phase, "lead")
    blocks = []
    if lead == "declarer-left":
        text = p("The player on the declarer's left leads to the first trick", "Pelinviejän vasemmalla puolella "
                 "istuva aloittaa ensimmäisen tikin")
        text += (p(", whatever the contract.", " sopimuksesta riippumatta.")
                 if g.main is not None and "M" in (g.main.params.get("strain_order") or []) else ".")
    elif isinstance(lead, dict):
        text = p("In a trump contract or grandi the player on the declarer's left leads to the first trick",
                 "Valttipelissä ja grandissa pelinviejän vasemmalla puolella istuva aloittaa ensimmäisen tikin")
        if lead.get("misere") == "declarer-right":
            text += p("; in a bid misère the player on his right.", "; tarjotussa misäärissä hänen oikealla "
                      "puolellaan istuva.")
        else:
            text += "."
    else:
        text = p("The first trick is led as the rules say.", "Ensimmäisen tikin aloittaa sääntöjen mukainen pelaaja.")
    text += " " + p("Then each player in turn, clockwise, plays one card.",
                    "Sitten kukin vuorollaan myötäpäivään lyö yhden kortin.")
    blocks.append(text + p.src(g.rule(phase, "lead")))
    blocks.append(p("You must follow suit: play a card of the suit led if you have one. If you have none, you may "
                    "play any card you like; there is no duty to trump, nor to play higher than the cards already "
                    "played.",
                    "Maata on tunnustettava: jos kädessäsi on aloitettua maata, sinun on lyötävä sitä. Jos sitä ei "
                    "ole, saat lyödä minkä tahansa kortin; valttipakkoa ja ylimenopakkoa ei ole.")
                  + p.src("play.follow-suit"))
    misere = g.main is not None and "M" in (g.main.params.get("strain_order") or [])
    blocks.append(p("In a suit contract the suit named in the contract is trumps; grandi"
                    + (" and misère are" if misere else " is") + " played without trumps. The highest trump in the "
                    "trick wins it; if no trump was played, the highest card of the suit led wins. The winner of a "
                    "trick leads to the next, until all 13 tricks are played.",
                    "Valttipelissä sopimuksen maa on valttia; grandi" + (" ja misääri" if misere else "")
                    + " pelataan ilman valttia. Tikin voittaa korkein valtti; jos valttia ei lyöty, aloitetun maan "
                    "korkein kortti. Tikin voittaja aloittaa seuraavan, kunnes kaikki 13 tikkiä on pelattu.")
                  + p.src("play.trumps", "play.trick-winner"))
    if not any(word in r for r in g.rs.rules for word in ("misdeal", "revoke", "irregular", "penalt")):
        sources = p.page_link(p("the sources this book follows", "kirjan lähteet (englanniksi)"), md.SOURCES)
        blocks.append(p(f"Mistakes at the table: {sources} for this game say nothing about a misdeal, a revoke (not "
                        "following suit when you could) or any other irregularity, so this book gives no rule or "
                        "penalty for them; it tells only the rules above, which a mistake breaks.",
                        f"Virheet pöydässä: {sources} eivät kerro tämän pelin jakovirheestä, maantuntopakon "
                        "rikkomisesta eikä muista sääntörikkeistä mitään, joten tämä kirja ei anna niille sääntöä "
                        "eikä rangaistusta; se kertoo vain yllä olevat säännöt, joita virhe rikkoo.")
                      + p.src(g.rule_with("deal_order"), "play.follow-suit"))
    return Section("play", p("The play", "Pelaaminen"), blocks)
