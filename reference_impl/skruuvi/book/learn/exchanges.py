"""The exchanges and doubling of a player chapter: the kitty and the partners' exchange, the defenders' exchange and
when it is banned, and doubling (the 2016 *kahdennus* and *kolmennus*, the 1940s knocks)."""

from __future__ import annotations

from ...rules.reach import lowest_first_bid, never_played
from ..player_words import doubling_words
from .facts import Game
from .language import Prose, cap
from .sections import Section, open_reading

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
                        f"Kummalla tavalla tahansa jokaisella on lopuksi {hand + 1} korttia. Yksittäiset kortit "
                        "annetaan ensin vasemmalle ja sitten myötäpäivään.")
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
        blocks += open_reading(g, p, g.rule(swap, "banned_if_other_side_first_bid_at_least"),
                               "(Here too the source can be read so that a high opening by the other side stops the "
                               "swap; this book always lets the main pair swap.)",
                               "(Tässäkin lähteen voi lukea niin, että vastapuolen korkea avaus estää vaihdon; tämä "
                               "kirja antaa pääparin vaihtaa aina.)")
    title = p("The kitty and the partners' exchange", cap(p.centre("gen")) + " vaihto")
    return Section("kitty", title, blocks)


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
                   "hänelle yksi kortti takaisin") if g.value(phase, "exchange", "optional") != "compulsory" else
                 p(", and his partner gives him back one card", ", ja pari antaa hänelle yhden kortin takaisin"))
        text += (p(", a different one.", ", eri kortti.") if g.value(phase, "return_must_differ") else ".")
    text += " " + p("It is the defenders' chance to gather their trumps, or a suit, in one hand.",
                    "Näin puolustajat voivat koota valttinsa tai jonkin maan samaan käteen.")
    blocks.append(text + p.src(g.rule(phase, "first"), g.rule(phase, "exchange"),
                               g.rule(phase, "return_must_differ")))
    ban = g.value(phase, "banned_if_main_first_bid_at_least")
    if isinstance(ban, int):
        text = p(f"The exchange is not allowed when the main pair's first bid in the first auction was at level {ban} "
                 "or higher.",
                 f"Vaihto on kielletty, jos pääparin ensimmäinen tarjous ensimmäisessä vaiheessa oli tasolla {ban} tai "
                 "korkeampi.")
        for form in g.with_phases()[1:]:
            low, skipped = lowest_first_bid(form), never_played(g.rs, form.name)
            if any(ph.mechanism == "defenders_exchange" and ph.id in skipped for ph in form.phases):
                text += " " + p(f"So in {p.form(form.name, 'a')}, where every bid is at least {low}, the defenders "
                                "never exchange.",
                                f"Siksi {p.form(form.name, 'ine')}, jossa jokainen tarjous on vähintään {low}, "
                                "puolustajat eivät koskaan vaihda.")
        blocks.append(text + p.src(g.rule(phase, "banned_if_main_first_bid_at_least"), "kotka.no-defenders-exchange"))
    blocks += open_reading(g, p, g.rule(phase, "banned_by_first_bid_of"),
                           "The source can also be read so that a high opening by either side bans the exchange; "
                           "this book lets only the main pair's own first bid ban it.",
                           "Lähteen voi lukea myös niin, että kumman tahansa puolen korkea avaus estää vaihdon; "
                           "tämä kirja antaa vain pääparin oman ensimmäisen tarjouksen estää sen.")
    if "defenders-exchange.before-doubling" in g.rs.rules and g.phase(g.main, "doubling") is not None:
        blocks.append(p("The exchange comes before doubling.", "Vaihto tehdään ennen kahdentamista.")
                      + p.src("defenders-exchange.before-doubling"))
    return Section("defenders-exchange", p("The defenders' exchange", "Puolustajien vaihto"), blocks)


# --- 7. doubling -------------------------------------------------------------------------------------------------


def _double_words(g: Game, p: Prose) -> tuple[str, str]:
    """The era's words for double and redouble: the 2016 *kahdennus*, *kolmennus*; the 1940s *koputus*."""
    return doubling_words(g.rs, p.lang)


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


