"""The two auctions of a player chapter: the first (what a bid is, the ranking of the strains in each deal form,
misère and grandi, when it ends, and what happens when everybody passes) and the second (the main pair's, to the
minimum contract)."""

from __future__ import annotations

from .. import md
from .facts import Game
from .language import Prose, cap
from .sections import Section, strain_scale

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
    text = (text + p("*grandi* (no trumps) or misère (a promise to take few tricks). ",
                     "*grandi* (ei valttia) tai *misääri* (lupaus ottaa vähän tikkejä). ") if has_misere
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
    for form in g.with_phases():  # the bolsevikki's one bid is told with it, in the whole game
        fa = g.phase(form, "auction")
        strains = form.params.get("strain_order")
        if fa is None or not strains:
            continue
        lowest = int(g.value(fa, "min_level", 1))
        rows.append([p.form(form.name), strain_scale(p, strains),
                     p(f"{lowest}", f"{lowest}")])
    scale = p("At each level the strains rank as below (lowest first). A higher level always beats a lower one; at "
              "the same level the higher strain wins.",
              "Samalla tasolla pelilajit ovat alla olevassa järjestyksessä (alin ensin). Korkeampi taso voittaa aina "
              "matalamman; samalla tasolla korkeampi pelilaji voittaa.")
    if len(order) >= 2:
        a, b = order[-2], order[-1]
        scale += " " + p(f"After {p.bid('2' + a)} a player may still bid {p.bid('2' + b)}.",
                         f"Kun on tarjottu {p.bid('2' + a)}, voi vielä tarjota {p.bid('2' + b)}.")
    blocks += [scale + p.src(*(g.form_rule(f, "strain_order") for f in g.with_phases())),
               md.table([p("Deal", "Jako"), p("Strains, lowest to highest", "Pelilajit alimmasta ylimpään"),
                         p("Lowest level", "Alin taso")], rows)]
    text = p("Every bid must be higher than the one before. A player who has passed may bid again when his turn "
             "comes round, and the highest bidder may raise his own bid.",
             "Jokaisen tarjouksen on oltava edellistä korkeampi. Passannut pelaaja saa tarjota taas seuraavalla "
             "vuorollaan, ja korkeimman tarjouksen tekijä saa korottaa omaa tarjoustaan.")
    end = g.value(auction, "end_after_passes")
    if isinstance(end, int):
        text += " " + p(f"Once somebody has bid, the auction goes on until {end} calls in a row are passes",
                        f"Kun joku on tarjonnut, tarjoamista jatketaan, kunnes on tullut {end} passia peräkkäin")
        text += (p(f", {end // 4} from each player.", f", {end // 4} kultakin pelaajalta.") if end % 4 == 0 else ".")
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
    title = p("The first auction", "Ensimmäinen tarjousvaihe") if second is not None else \
        p("The auction", "Tarjousvaihe")
    return Section("first-auction", title, blocks)


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
            text += " " + p(f"(The sources do not say; the later game plays {p.form(alternatives[0], 'a')} instead. "
                            "This book deals again.)",
                            f"(Lähteet eivät kerro; myöhemmässä pelissä pelataan {p.form(alternatives[0])}. Tämä "
                            "kirja jakaa uudelleen.)")
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
    order = [str(s) for s in main.params.get("strain_order") or []]
    higher = "auction.higher-bid" if "auction.higher-bid" in g.rs.rules else ""
    if order and higher:  # the main pair goes on bidding: the first auction's highest bid stands
        top, next_bid = f"1{order[-1]}", f"2{order[0]}"
        text += " " + p(f"The bidding goes on from the first auction: its highest bid stands, and every bid must be "
                        f"higher than it, as before. If the first auction was won with {p.bid(top)}, the lowest bid "
                        f"now is {p.bid(next_bid)}; passing keeps the bid that stands.",
                        f"Tarjoaminen jatkuu ensimmäisestä vaiheesta: sen korkein tarjous on voimassa, ja jokaisen "
                        f"tarjouksen on oltava sitä korkeampi kuten ennenkin. Jos ensimmäinen vaihe voitettiin "
                        f"tarjouksella {p.bid(top)}, alin mahdollinen tarjous on nyt {p.bid(next_bid)}; passi jättää "
                        "voimassa olevan tarjouksen ennalleen.")
    blocks.append(text + p.src(g.rule(phase, "bidders"), g.rule(phase, "first"), g.rule(phase, "end_after_passes"),
                               higher))
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


