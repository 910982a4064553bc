"""The rules of one era in the order a player meets them: the players and the pack, the deal, the first auction,
the kitty, the second auction, the defenders' exchange, doubling and the play. Each section is a function of the
ruleset (through :class:`~.facts.Game`) and the page's :class:`~.language.Prose`, and returns ``None`` when the era's
game has no such step; every paragraph ends with its links to the rules it tells.

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


def _level_word(p: Prose, n: int) -> str:
    return p(f"level {n}", f"taso {n}")


def _strain_scale(p: Prose, order: Sequence[str]) -> str:
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
    forms = []
    for form in g.with_phases():
        hand, centre = int(form.params.get("hand_size") or 0), int(form.params.get("centre_cards") or 0)
        if centre:
            forms.append(p(f"In {p.form(form.name, 'a')} each player gets {hand} cards and {centre} go face down in "
                           "the middle of the table: the centre cards.",
                           f"{cap(p.form(form.name, 'ine'))} kukin saa {hand} korttia, ja {centre} korttia jää "
                           f"kuvapuoli alaspäin pöydän keskelle: ne ovat *{p.centre()}*."))
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


# --- 3. the first auction ----------------------------------------------------------------------------------------


def first_auction(g: Game, p: Prose) -> Section | None:
    main = g.main
    auction = g.phase(main, "auction")
    if main is None or auction is None:
        return None
    second = g.phase(main, "auction", 1)
    blocks: list[str] = []
    first = g.value(auction, "first")
    text = p("The auction decides who plays and in what. ", "Tarjousvaihe ratkaisee, kuka pelaa ja mitä. ")
    if first == "dealer":
        text += p("The dealer speaks first, then each player in turn, clockwise. ",
                  "Jakaja tarjoaa ensin, sitten kukin vuorollaan myötäpäivään. ")
    text += p("A call is a bid or a pass.", "Vuorollaan pelaaja tarjoaa tai passaa.")
    blocks.append(text + p.src(g.rule(auction, "first"), g.rule(auction, "bidders")))
    order = list(main.params.get("strain_order") or [])
    low = int(g.value(auction, "min_level", 1))
    example_suit = next((s for s in ("D", "H", "S", "C") if s in order), None)
    text = p(f"A bid names a level from {low} to 7 and a strain: a trump suit, ",
             f"Tarjouksessa on taso {low}–7 ja pelilaji: valttimaa, ")
    has_misere = "M" in order
    text = (text + p("*grandi* (no trumps) or misère. ", "*grandi* (ei valttia) tai misääri. ") if has_misere
            else text.removesuffix(", ") + p(" or *grandi* (no trumps). ", " tai *grandi* (ei valttia). "))
    if example_suit:
        text += p(f"In a trump suit or grandi the level counts the tricks above six that the bidding side promises to "
                  f"take: 5{md.suit(example_suit)} promises at least {6 + 5} of the 13 tricks with "
                  f"{p.suit_name(example_suit)} as trumps.",
                  f"Valttipelissä ja grandissa taso kertoo, montako tikkiä yli kuuden tarjoava puoli lupaa ottaa: "
                  f"5{md.suit(example_suit)} lupaa vähintään {6 + 5} tikkiä 13:sta, kun {p.suit_name(example_suit)} on "
                  "valttia.")
    if has_misere:
        text += " " + p(f"In misère the level counts the tricks below seven: 5 misère promises to take at most "
                        f"{7 - 5} tricks, 7 misère to take none at all.",
                        f"Misäärissä taso kertoo tikit alle seitsemän: 5 misääriä lupaa ottaa enintään {7 - 5} "
                        "tikkiä, 7 misääriä ei yhtään.")
    else:
        text += " " + p("Misère cannot be bid in this era's game.", "Misääriä ei tämän aikakauden pelissä tarjota.")
    blocks.append(text + p.src(g.rule(auction, "min_level"), g.form_rule(main, "strain_order")))
    kinds = p("*Grandi* is played without trumps. ", "*Grandi* pelataan ilman valttia. ")
    if has_misere:
        kinds += p("*Misère* is played without trumps too, and the side that bid it tries to take few tricks; a "
                   "misère won in the auction is called *maalattu misääri*, painted misère (to bid is *maalata*, "
                   "to paint). ",
                   "Myös *misääri* pelataan ilman valttia, ja sen tarjonnut puoli yrittää välttää tikkejä; "
                   "tarjouksella saatu misääri on *maalattu misääri* (tarjota on *maalata*). ")
    blocks.append(kinds.strip() + p.src("play.trumps"))
    rows = []
    for form in g.dealt:
        fa = g.phase(form, "auction")
        strains = form.params.get("strain_order")
        if fa is None or not strains:
            continue
        lowest = int(g.value(fa, "min_level", 1))
        rows.append([p.form(form.name), _strain_scale(p, strains),
                     p(f"{lowest}", f"{lowest}")])
    scale = p("At each level the strains rank as below (lowest first). A higher level always beats a lower one; at "
              "the same level the higher strain wins.",
              "Samalla tasolla pelilajit ovat alla olevassa järjestyksessä (alin ensin). Korkeampi taso voittaa aina "
              "matalamman; samalla tasolla korkeampi pelilaji voittaa.")
    if len(order) >= 2:
        a, b = order[-2], order[-1]
        scale += " " + p(f"After {p.bid('2' + a)} a player may still bid {p.bid('2' + b)}.",
                         f"Kun on tarjottu {p.bid('2' + a)}, voi vielä tarjota {p.bid('2' + b)}.")
    blocks += [scale + p.src(*(g.form_rule(f, "strain_order") for f in g.dealt)),
               md.table([p("Deal", "Jako"), p("Strains, lowest to highest", "Pelilajit alimmasta ylimpään"),
                         p("Lowest level", "Alin taso")], rows)]
    text = p("Every bid must be higher than the one before. A player who has passed may bid again when his turn "
             "comes round, and the highest bidder may raise his own bid.",
             "Jokaisen tarjouksen on oltava edellistä korkeampi. Passannut pelaaja saa tarjota taas seuraavalla "
             "vuorollaan, ja korkeimman tarjouksen tekijä saa korottaa omaa tarjoustaan.")
    end = g.value(auction, "end_after_passes")
    if isinstance(end, int):
        text += " " + p(f"Once somebody has bid, the auction goes on until {end} calls in a row are passes",
                        f"Kun joku on tarjonnut, tarjoamista jatketaan, kunnes {end} peräkkäistä pelaajaa on "
                        "passannut")
        text += (p(f", {end // 4} from each player.", f", kukin {end // 4} kertaa.") if end % 4 == 0 else ".")
    blocks.append(text + p.src("auction.higher-bid", g.rule(auction, "end_after_passes")))
    if second is not None:
        blocks.append(p(
            "The last and highest bidder wins the auction. He is the *nostopakan ottaja*, the one who takes the "
            "centre cards, and he and his partner are the main pair (*pääpelaajat*); the other two are the "
            "defenders (*sivupelaajat*). This first auction decides who takes the centre cards and which pair "
            "plays; the contract itself is settled in the second auction.",
            "Viimeisen ja korkeimman tarjouksen tekijä voittaa tarjousvaiheen. Hän on *nostopakan ottaja*, joka "
            f"saa {p.centre()}, ja hän ja hänen parinsa ovat *pääpelaajat*; kaksi muuta ovat *sivupelaajat* "
            f"eli puolustajat. Ensimmäinen tarjousvaihe ratkaisee, kuka ottaa {p.centre()} ja kumpi pari pelaa; itse "
            "sopimus sovitaan toisessa tarjousvaiheessa.") + p.src(g.rule(g.phase(main, "kitty"), "taker")))
    else:
        blocks.append(p("The last and highest bid is the contract, and the player who made it is the declarer: he "
                        "takes the centre cards, and with his partner he plays against the other two. There is no "
                        "second auction.",
                        "Viimeinen ja korkein tarjous on sopimus, ja sen tekijä on pelinviejä: hän ottaa "
                        f"{p.centre()}, ja hän ja hänen parinsa pelaavat kahta muuta vastaan. Toista "
                        "tarjousvaihetta ei ole.") + p.src(g.rule(auction, "end_after_passes"),
                                                          g.rule(g.phase(main, "kitty"), "taker")))
        if g.conflict(g.rule(auction, "end_after_passes")):
            other = [a for a in g.alternatives(g.rule(auction, "end_after_passes")) if isinstance(a, int)]
            if other and isinstance(end, int):
                blocks.append(p(f"The sources disagree on how many passes end this auction, {end} or "
                                f"{', '.join(map(str, other))}; this book plays {end}.",
                                f"Lähteet eroavat siinä, montako passia päättää tarjoamisen, {end} vai "
                                f"{', '.join(map(str, other))}; tämä kirja pelaa {end} passilla.")
                              + p.src(g.rule(auction, "end_after_passes")))
    for form in g.with_phases()[1:]:
        fa = g.phase(form, "auction")
        lowest = int(g.value(fa, "min_level", 1))
        strains = list(form.params.get("strain_order") or [])
        if fa is None or not strains:
            continue
        text = p(f"In {p.form(form.name, 'a')} the lowest bid is {lowest}{p.strain(strains[0])}: every bid is at "
                 f"level {lowest} or more",
                 f"{cap(p.form(form.name, 'ine'))} alin tarjous on {lowest}{p.strain(strains[0])}: jokainen "
                 f"tarjous on vähintään tasolla {lowest}")
        if "M" in strains and "M" in order and strains.index("M") > order.index("M"):
            text += p(", and misère ranks above the trump suits, below grandi.",
                      ", ja misääri on valttimaita korkeampi mutta grandia matalampi.")
        else:
            text += "."
        blocks.append(text + p.src(g.rule(fa, "min_level"), g.form_rule(form, "strain_order")))
    blocks += all_pass(g, p)
    return Section("first-auction", p("The first auction", "Ensimmäinen tarjousvaihe"), blocks)


def all_pass(g: Game, p: Prose) -> list[str]:
    """What happens when the first four calls are passes: the all-pass form and how it is played."""
    target, rid = g.all_pass(g.main)
    if target is None:
        return []
    out = [f"### {p('When everybody passes', 'Kun kaikki passaavat')} {{#all-pass}}"]
    if not target.phases:
        text = p("If the first 4 calls are all passes, nobody plays: the cards are thrown in, the deal scores "
                 "nothing, and the next dealer deals.",
                 "Jos 4 ensimmäistä vuoroa ovat kaikki passeja, kukaan ei pelaa: kortit kerätään pois, jako ei "
                 "tuota pisteitä, ja seuraava jakaja jakaa.")
        alternatives = [a for a in g.alternatives(rid) if isinstance(a, str) and a in g.rs.forms]
        if alternatives:
            text += " " + p(f"(The sources do not say; another reading plays {p.form(alternatives[0])} instead, as "
                            "the later game did. This book plays the redeal.)",
                            f"(Lähteet eivät kerro; toisen tulkinnan mukaan pelataan {p.form(alternatives[0])} kuten "
                            "myöhemmässä pelissä. Tämä kirja jakaa uudelleen.)")
        return [*out, text + p.src(rid, *(r.id for r in g.rs.rules.values()
                                          if r.pointer.startswith(f"/forms/{target.name}/")))]
    out.append(p("If the first 4 calls are all passes, nobody has bid, and the deal becomes "
                 f"{p.form(target.name, 'a')}: a "
                 "misère that both sides play, each trying to take as few tricks as possible. Nobody can bid it on "
                 "purpose.",
                 f"Jos 4 ensimmäistä vuoroa ovat kaikki passeja, kukaan ei ole tarjonnut, ja jako pelataan "
                 f"{p.form(target.name, 'ess')}: misäärinä, jossa kumpikin puoli yrittää ottaa mahdollisimman vähän "
                 "tikkejä. Sitä ei voi tarjota tarkoituksella.")
               + p.src(rid, *(r.id for r in g.rs.rules.values() if r.pointer.startswith(f"/forms/{target.name}/"))))
    steps = []
    centre = g.phase(target, "centre_deal")
    n = int(g.main.params.get("centre_cards") or 0) if g.main is not None else 0
    if centre is not None and g.value(centre, "start") == "forehand" and n:
        steps.append(p(f"The dealer deals the {n} centre cards out face down, one to each player, starting with the "
                       "player on his left (the forehand, *etumies*).",
                       f"Jakaja jakaa {n} {p.centre('num')} kuvapuoli alaspäin, yhden kullekin pelaajalle, "
                       "vasemmasta naapuristaan eli *etumiehestä* alkaen."))
    swap = g.phase(target, "partner_exchange")
    if swap is not None:
        text = p("Then partners swap one card: the forehand gives his partner one card and the dealer's partner "
                 "gives the dealer one; then the forehand's partner and the dealer, in that order, each give one "
                 "card back",
                 "Sitten parit vaihtavat yhden kortin: etumies antaa parilleen yhden kortin ja jakajan pari "
                 "jakajalle yhden; sen jälkeen etumiehen pari ja jakaja, tässä järjestyksessä, antavat kumpikin "
                 "yhden kortin takaisin")
        if g.value(swap, "return_order") == "reverse":
            text = text.replace(p("the forehand's partner and the dealer, in that order", "etumiehen pari ja "
                                  "jakaja, tässä järjestyksessä"), p("the dealer and the forehand's partner, in that "
                                                                      "order", "jakaja ja etumiehen pari, tässä "
                                                                      "järjestyksessä"))
        text += (p(", which must be a different card from the one received.", ", ja sen on oltava eri kortti kuin "
                   "juuri saatu.") if g.value(swap, "return_must_differ") else
                 p(" (it may be the card just received).", " (se saa olla juuri saatu kortti)."))
        steps.append(text)
    dbl = g.phase(target, "doubling")
    if dbl is not None:
        doublers = list(g.value(dbl, "doublers") or [])
        if doublers[:2] == ["dealer", "dealer-partner"]:
            steps.append(p("The dealer may double, and if he passes, his partner may; after a double the player on "
                           "the doubler's left may redouble, and if he passes, his partner.",
                           "Jakaja saa kahdentaa, ja jos hän passaa, hänen parinsa; kahdennuksen jälkeen "
                           "kahdentajan vasemmalla puolella istuva saa kolmentaa, ja jos hän passaa, hänen "
                           "parinsa."))
    else:
        steps.append(p("Nobody doubles.", "Kukaan ei koputa."))
    play = g.phase(target, "play")
    if play is not None and g.value(play, "lead") == "forehand":
        steps.append(p("The forehand leads to the first trick, and the play goes as in any deal, without trumps.",
                       "Etumies aloittaa ensimmäisen tikin, ja pelataan kuten muulloinkin, ilman valttia."))
    out.append(" ".join(steps) + p.src(g.rule(centre, "start"), g.rule(swap, "givers"), g.rule(swap, "return_order"),
                                       g.rule(swap, "return_must_differ"), g.rule(dbl, "doublers"),
                                       g.rule(play, "lead")))
    for form in g.with_phases()[1:]:
        other, orid = g.all_pass(form)
        if other is not None and other.name == target.name:
            out.append(p(f"In {p.form(form.name, 'a')} four passes at the start lead to "
                         f"{p.form(target.name, 'a')} too; there are no centre cards to deal out, but the partners "
                         "still swap their card.",
                         f"Myös {p.form(form.name, 'ine')} neljä passia alussa johtaa "
                         f"{p.form(target.name, 'ill')}; {p.centre('par')} ei ole jaettavana, mutta parit vaihtavat "
                         "silti kortin.")
                       + p.src(orid))
    return out


# --- 4. the kitty and the partners' exchange ---------------------------------------------------------------------


def kitty(g: Game, p: Prose) -> Section | None:
    main = g.main
    phase = g.phase(main, "kitty")
    if main is None or phase is None:
        return None
    hand, centre = int(main.params.get("hand_size") or 0), int(main.params.get("centre_cards") or 0)
    blocks = []
    if g.value(phase, "taker") == "highest-bidder":
        blocks.append(p(f"The highest bidder turns the {centre} centre cards face up for everyone to see and "
                        f"takes them into his hand: he now holds {hand + centre} cards.",
                        f"Korkeimman tarjouksen tekijä kääntää {centre} {p.centre('num')} kaikkien nähtäväksi ja "
                        f"ottaa ne käteensä: hänellä on nyt {hand + centre} korttia.") + p.src(g.rule(phase, "taker")))
    procedures = g.value(phase, "procedures")
    if isinstance(procedures, dict):
        parts = []
        for name, proc in procedures.items():
            give = int(proc.get("to_partner") or 0)
            if give:
                parts.append(p(f"in *{name}* he gives his partner {give} cards face down, and the partner, now with "
                               f"{hand + give}, gives one card to each of the other three",
                               f"*{name}ssa* hän antaa parilleen {give} korttia kuvapuoli alaspäin, ja pari, jolla on "
                               f"nyt {hand + give} korttia, antaa yhden kortin kullekin kolmelle muulle"))
            else:
                parts.append(p(f"in *{name}* he gives one card to each of the other three players himself",
                               f"*{name}ssa* hän antaa itse yhden kortin kullekin kolmelle muulle pelaajalle"))
        text = p("Then he passes cards on, in one of two ways, which he chooses each time after taking the centre "
                 "cards: ", "Sitten hän antaa kortteja eteenpäin jommallakummalla kahdesta tavasta, jonka hän "
                 f"valitsee joka kerta otettuaan {p.centre()}: ") + "; ".join(parts) + "."
        text += " " + p(f"Either way everyone ends with {hand + 1} cards. The one-card gifts go to the giver's left "
                        "first, then round the table clockwise.",
                        f"Kummin tahansa jokaisella on lopuksi {hand + 1} korttia. Yhden kortin lahjat annetaan ensin "
                        "vasemmalle ja sitten myötäpäivään.")
        blocks.append(text + p.src(g.rule(phase, "procedures"), g.rule(phase, "procedure"),
                                   g.rule(phase, "distribute_order")))
        if g.conflict(g.rule(phase, "procedure")) or (g.rs.rules.get(g.rule(phase, "procedure")) is not None \
                and g.alternatives(g.rule(phase, "procedure"))):
            blocks.append(p("The sources do not say whether the taker chooses freely each time; this book lets him "
                            "choose.", "Lähteet eivät kerro, valitseeko ottaja tavan vapaasti joka kerta; tämä kirja "
                            "antaa hänen valita.") + p.src(g.rule(phase, "procedure")))
    else:
        give = int(g.value(phase, "to_partner") or 0)
        dist = g.value(phase, "distribution") or {}
        text = p(f"He gives his partner exactly {give} cards of his choice, face down.",
                 f"Hän antaa parilleen tasan {give} valitsemaansa korttia kuvapuoli alaspäin.")
        if dist.get("distributor") == "partner":
            text += " " + p(f"The partner, now with {hand + give}, gives one card to each of the other 3 players, "
                            f"the one on his left first and then clockwise, so that everyone again holds "
                            f"{hand + 1}. A good partner gives the taker what he needs for the contract: in a trump "
                            "game his trumps, and a high card in a suit where the taker holds the ace.",
                            f"Pari, jolla on nyt {hand + give} korttia, antaa yhden kortin kullekin 3 muulle "
                            f"pelaajalle, ensin vasemmalle ja sitten myötäpäivään, niin että jokaisella on taas "
                            f"{hand + 1} korttia. Ottajalle kannattaa antaa sitä, mitä sopimus vaatii: valttipelissä "
                            "valtit ja korkea kortti maasta, jonka ässä ottajalla on.")
        blocks.append(text + p.src(g.rule(phase, "to_partner"), g.rule(phase, "distribution"),
                                   g.rule(phase, "distribute_order")))
    for rid in (g.rule(phase, "banned_if_other_side_first_bid"),):
        if g.conflict(rid):
            blocks.append(p("The source can also be read so that the main pair may not exchange at all when the other "
                            "side opened at level 6 or 7; this book lets the main pair always exchange.",
                            "Lähteen voi lukea myös niin, ettei pääpari saa vaihtaa lainkaan, jos vastapuoli avasi "
                            "tasolla 6 tai 7; tämä kirja antaa pääparin vaihtaa aina.") + p.src(rid))
    for form in g.with_phases()[1:]:
        swap = g.phase(form, "pair_swap")
        if swap is None:
            continue
        n = int(g.value(swap, "count") or 0)
        blocks.append(p(f"In {p.form(form.name, 'a')} there are no centre cards. Instead the highest bidder gives "
                        f"his partner {n} cards face down, and the partner gives him {n} cards back, again unseen by "
                        "the others.",
                        f"{cap(p.form(form.name, 'ine'))} {p.centre('par')} ei ole. Sen sijaan korkeimman "
                        f"tarjouksen tekijä antaa parilleen {n} korttia kuvapuoli alaspäin, ja pari antaa hänelle "
                        f"{n} korttia takaisin, taaskaan muille näyttämättä.")
                      + p.src(g.rule(swap, "count"), g.rule(swap, "giver")))
        rid = g.rule(swap, "banned_if_other_side_first_bid_at_least")
        if g.conflict(rid):
            blocks.append(p("(Here too the source can be read so that a high opening by the other side stops the "
                            "swap; this book always lets the main pair swap.)",
                            "(Tässäkin lähteen voi lukea niin, että vastapuolen korkea avaus estää vaihdon; tämä "
                            "kirja antaa pääparin vaihtaa aina.)") + p.src(rid))
    title = p("The kitty and the partners' exchange", cap(p.centre("gen")) + " vaihto")
    return Section("kitty", title, blocks)


# --- 5. the second auction ---------------------------------------------------------------------------------------


def second_auction(g: Game, p: Prose) -> Section | None:
    main = g.main
    phase = g.phase(main, "auction", 1)
    if main is None or phase is None:
        return None
    blocks = []
    text = p("Now only the main pair bids, and for real: the two partners tell each other more about their hands "
             "and settle the contract, while the defenders stay silent.",
             "Nyt tarjoavat vain pääpelaajat, ja tosissaan: he kertovat toisilleen lisää käsistään ja sopivat "
             "lopullisesta sopimuksesta, kun puolustajat ovat hiljaa.")
    if g.value(phase, "first") == "highest-bidder":
        text += " " + p("The highest bidder of the first auction speaks first.",
                        "Ensimmäisen vaiheen korkeimman tarjouksen tekijä aloittaa.")
    end = g.value(phase, "end_after_passes")
    if isinstance(end, int):
        text += " " + p(f"The auction ends after {end} passes in a row.",
                        f"Tarjoaminen päättyy {end} peräkkäiseen passiin.")
    blocks.append(text + p.src(g.rule(phase, "bidders"), g.rule(phase, "first"), g.rule(phase, "end_after_passes")))
    rid = g.rule(phase, "end_after_passes")
    other = [a for a in g.alternatives(rid) if isinstance(a, int)]
    if g.conflict(rid) and other and isinstance(end, int):
        blocks.append(p(f"The sources disagree here: one says the auction ends when each of the two has passed twice "
                        f"in a row, {end} passes, another after their {other[0]} passes; this book plays {end}.",
                        f"Lähteet eroavat tässä: toisen mukaan tarjoaminen päättyy, kun kumpikin on passannut "
                        f"kahdesti peräkkäin, {end} passia, toisen mukaan {other[0]} passin jälkeen; tämä kirja "
                        f"pelaa {end} passilla.") + p.src(rid))
    mins = []
    for form in g.with_phases():
        sa = g.phase(form, "auction", 1)
        low = g.value(sa, "final_min_level")
        if isinstance(low, int):
            mins.append((form, low, g.rule(sa, "final_min_level")))
    if mins:
        form, low, _ = mins[0]
        text = p(f"The final contract must be at least at level {low}",
                 f"Lopullisen sopimuksen on oltava vähintään tasolla {low}")
        text += "".join(p(f" (in {p.form(f.name, 'a')}, {n})", f" ({p.form(f.name, 'ine')} {n})")
                        for f, n, _ in mins[1:])
        text += p(f", so a pair that won the first auction with a lower bid must raise it to at least {low}. A pass is "
                  f"allowed while the bid is still lower, as long as the partner can still raise; only the pass that "
                  f"would end the auction below {low} is not.",
                  f", joten pari, joka voitti ensimmäisen vaiheen matalammalla tarjouksella, joutuu korottamaan "
                  f"vähintään tasolle {low}. Passata saa, vaikka tarjous on vielä liian matala, kunhan pari voi vielä "
                  f"korottaa; vain passi, joka päättäisi tarjoamisen alle tason {low}, on kielletty.")
        blocks.append(text + p.src(*(r for _, _, r in mins), g.rule(phase, "final_min_passes")))
    blocks.append(p("The player who made the last bid is the declarer (*pelinviejä*); with his partner he forms the "
                    "main pair, and the other two are the defenders. To make the contract his side needs 6 + the "
                    "level tricks in a trump suit or grandi, and may take at most 7 − the level in misère.",
                    "Viimeisen tarjouksen tekijä on *pelinviejä*; hän ja hänen parinsa ovat pääpari, ja kaksi muuta "
                    "ovat puolustajat. Sopimus onnistuu, kun pelinviejän puoli ottaa valttipelissä ja grandissa "
                    "vähintään 6 + taso tikkiä ja misäärissä enintään 7 − taso tikkiä.")
                  + p.src("auction2.declarer", "auction.bid-levels"))
    return Section("second-auction", p("The second auction", "Toinen tarjousvaihe"), blocks)


# --- 6. the defenders' exchange ----------------------------------------------------------------------------------


def defenders_exchange(g: Game, p: Prose) -> Section | None:
    phase = g.phase(g.main, "defenders_exchange")
    if phase is None:
        return None
    blocks = []
    text = p("Once the contract is settled the defenders may swap one card each way.",
             "Kun sopimus on selvä, puolustajat saavat vaihtaa yhden kortin kumpaankin suuntaan.")
    if g.value(phase, "first") == "declarer-left":
        text += " " + p("The defender on the declarer's left gives his partner one card face down",
                        "Pelinviejän vasemmalla puolella istuva puolustaja antaa parilleen yhden kortin kuvapuoli "
                        "alaspäin")
        text += (p(", or passes, and then there is no exchange; if he gave one, his partner must give him back "
                   "one card", " tai passaa, jolloin vaihtoa ei tehdä; jos hän antoi kortin, parin on annettava "
                   "hänelle yksi kortti takaisin") if g.value(phase, "compulsory") is False else
                 p(", and his partner gives him back one card", ", ja pari antaa hänelle yhden kortin takaisin"))
        text += (p(", a different one.", ", eri kortti.") if g.value(phase, "return_must_differ") else ".")
    text += " " + p("It is the defenders' chance to gather their trumps, or a suit, in one hand.",
                    "Näin puolustajat voivat koota valttinsa tai jonkin maan samaan käteen.")
    blocks.append(text + p.src(g.rule(phase, "first"), g.rule(phase, "compulsory"),
                               g.rule(phase, "return_must_differ")))
    ban = g.value(phase, "banned_if_main_first_bid_at_least")
    if isinstance(ban, int):
        text = p(f"The exchange is not allowed when the main pair's first bid in the first auction was at level {ban} "
                 "or higher.",
                 f"Vaihto on kielletty, jos pääparin ensimmäinen tarjous ensimmäisessä vaiheessa oli tasolla {ban} tai "
                 "korkeampi.")
        for form in g.with_phases()[1:]:
            low = int(g.value(g.phase(form, "auction"), "min_level", 1))
            if low >= ban and g.phase(form, "defenders_exchange") is not None:
                text += " " + p(f"So in {p.form(form.name, 'a')}, where every bid is at least {low}, the defenders "
                                "never exchange.",
                                f"Siksi {p.form(form.name, 'ine')}, jossa jokainen tarjous on vähintään {low}, "
                                "puolustajat eivät koskaan vaihda.")
        blocks.append(text + p.src(g.rule(phase, "banned_if_main_first_bid_at_least"), "kotka.no-defenders-exchange"))
    rid = g.rule(phase, "banned_by_first_bid_of")
    if g.conflict(rid):
        blocks.append(p("The source can also be read so that a high opening by either side bans the exchange; this "
                        "book lets only the main pair's own first bid ban it.",
                        "Lähteen voi lukea myös niin, että kumman tahansa puolen korkea avaus estää vaihdon; tämä "
                        "kirja antaa vain pääparin oman ensimmäisen tarjouksen estää sen.") + p.src(rid))
    if "defenders-exchange.before-doubling" in g.rs.rules and g.phase(g.main, "doubling") is not None:
        blocks.append(p("The exchange comes before doubling.", "Vaihto tehdään ennen kahdentamista.")
                      + p.src("defenders-exchange.before-doubling"))
    return Section("defenders-exchange", p("The defenders' exchange", "Puolustajien vaihto"), blocks)


# --- 7. doubling -------------------------------------------------------------------------------------------------


def _double_words(g: Game, p: Prose) -> tuple[str, str]:
    """The era's words for double and redouble: the 2016 *kahdennus*, *kolmennus*; the 1940s *koputus*."""
    _, rid = g.scoring("multipliers")
    fi = [w.strip() for w in str((g.rs.rules[rid].raw.get("fi") if rid else "") or "").split(",") if w.strip()]
    if len(fi) >= 2 and fi[0] == "koputus":
        return p("knock", "koputus"), p("counter-knock", "vastakoputus")
    return p("double", "kahdennus"), p("redouble", "kolmennus")


def doubling(g: Game, p: Prose) -> Section | None:
    multipliers, mrule = g.scoring("multipliers")
    phase = g.phase(g.main, "doubling")
    if phase is None or not isinstance(multipliers, list) or len(multipliers) < 2:
        if isinstance(multipliers, list) and len(multipliers) <= 1:
            return Section("doubling", p("Doubling", "Kahdentaminen"),
                           [p("There is no doubling in this era's game: every contract counts at its face value.",
                              "Tämän aikakauden pelissä ei kahdenneta: jokainen sopimus lasketaan sellaisenaan.")
                            + p.src(mrule)])
        return None
    double, redouble = _double_words(g, p)
    knock = double in ("knock", "koputus")
    doublers = list(g.value(phase, "doublers") or [])
    redoublers = list(g.value(phase, "redoublers") or [])
    blocks = []
    if doublers[:2] == ["declarer-left", "declarer-right"]:
        act_en, act_fi = ("knock on the table", "koputtaa pöytään") if knock else ("double", "kahdentaa")
        blocks.append(p(f"If the defenders think the contract will fail, they may {act_en}"
                        f" (*{'koputus' if knock else 'kahdennus'}*): first the defender on the declarer's left, and "
                        "if he passes, his partner.",
                        f"Jos puolustajat uskovat, ettei sopimus onnistu, he voivat {act_fi}"
                        f" (*{'koputus' if knock else 'kahdennus'}*): ensin pelinviejän vasemmalla puolella istuva, ja "
                        "jos hän passaa, hänen parinsa.") + p.src(g.rule(phase, "doublers")))
    if redoublers[:2] == ["doubler-left", "doubler-left-partner"] and len(multipliers) > 2:
        blocks.append(p(f"After a {double} the main pair may {'counter-knock' if knock else 'redouble'} "
                        f"(*{'vastakoputus' if knock else 'kolmennus'}*): first the player on the "
                        f"{'knocker' if knock else 'doubler'}'s left, and if he passes, his partner.",
                        f"{'Koputuksen' if knock else 'Kahdennuksen'} jälkeen pääpari voi "
                        f"{'vastakoputtaa' if knock else 'kolmentaa'} (*{'vastakoputus' if knock else 'kolmennus'}*): "
                        f"ensin {'koputtajan' if knock else 'kahdentajan'} vasemmalla puolella istuva, ja jos hän "
                        "passaa, hänen parinsa.") + p.src(g.rule(phase, "redoublers")))
    by = multipliers[1], multipliers[2] if len(multipliers) > 2 else multipliers[1]
    text = p(f"A {double} multiplies the points by {by[0]}, a {redouble} by {by[1]}",
             f"{double.capitalize()} kertoo pisteet {by[0]}:lla, {redouble} {by[1]}:lla")
    winner_only = any(e.get("multiplied") == "winner" for entries in
                      ((g.rs.raw.get("scoring") or {}).get("schemes") or {}).values() for e in entries)
    aces_not = [e for entries in ((g.rs.raw.get("scoring") or {}).get("schemes") or {}).values() for e in entries
                if "ace_ordinals" in str(e.get("points")) and e.get("multiplied") is False]
    if winner_only:
        text += p(": but only the points the winning side writes above the line, the side that made its contract or "
                  "the side that beat it. The losing side writes its points as usual, and the points below the line "
                  "are never multiplied.",
                  ": mutta vain ne viivan päälle merkittävät pisteet, jotka voittaja saa, eli sopimuksen "
                  "läpi pelannut tai sen kaatanut puoli. Hävinnyt puoli merkitsee omat pisteensä tavalliseen tapaan, "
                  "eikä viivan alle tulevia pisteitä koskaan kerrota.")
    else:
        text += "."
    if aces_not:
        text += " " + p("Ace points are never multiplied.", "Ässäpisteitä ei koskaan kerrota.")
    blocks.append(text + p.src(mrule, "score.knocks-winner-only", *(str(e["id"]) for e in aces_not)))
    title = p("Knocking", "Koputukset") if knock else p("Doubling", "Kahdennus ja kolmennus")
    return Section("doubling", title, blocks)


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
    return Section("play", p("The play", "Pelaaminen"), blocks)
