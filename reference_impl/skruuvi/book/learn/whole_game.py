"""The whole game, from the ruleset's match: the 2016 sitsi (blocks of deals with rotating partners, individual
totals, the agreed extras, and the bolsevikki played one against three) or a match of games (the 1940s set of
alkupelit and kotkat, the 1895 rubber), with its threshold, game bonuses and final accounting."""

from __future__ import annotations

from typing import Any

from ...rules.ruleset import FormSpec
from .facts import Game
from .language import Prose, cap
from .sections import Section


def whole_game(g: Game, p: Prose) -> Section | None:
    if g.rs.match is None:
        return None
    totals, _ = g.match("totals")
    blocks = _sitsi(g, p) if totals == "individual" else _games(g, p)
    solo = g.solo()
    if solo is not None:
        blocks += bolsevikki(g, p, solo)
    return Section("whole-game", p("The whole game", "Koko peli"), blocks)


def _stage_words(p: Prose, stages: Any, ordered: bool = False) -> str:
    """The stages of a block in words: ``4 alkupelit and 4 kotkat``, or with ``ordered`` (the order they are played
    in) ``first 4 alkupelit, then 4 kotkat``."""
    parts = []
    for stage in stages or []:
        if "deals" in stage:
            parts.append(p(f"{stage['deals']} {p.form(stage['form'], 'pl')}", f"{stage['deals']} "
                           f"{p.form(stage['form'], 'num')}") if int(stage["deals"]) != 1 else
                         p(f"1 {p.form(stage['form'])}", f"1 {p.form(stage['form'])}"))
    if ordered and len(parts) > 1:
        return p("first ", "ensin ") + p(", then ", ", sitten ").join(parts)
    return p.listing(parts)


def _sitsi(g: Game, p: Prose) -> list[str]:
    stages, stages_rule = g.match("stages")
    pairings, pair_rule = g.match("partnerships")
    block = g.stages_deals(stages)
    blocks_n = len(pairings) if isinstance(pairings, list) else 1
    out = []
    if block:
        pairs = []
        if isinstance(pairings, list):
            for pairing in pairings:
                pairs.append(p(" against ", " vastaan ").join("–".join(map(str, pair)) for pair in pairing))
        out.append(p(f"A whole game is a *sitsi*. It is played in blocks (*jakso*): with one partner you play "
                     f"{block} deals, {_stage_words(p, stages, ordered=True)}. Then the players change places, and "
                     f"the next block is played with another partner. Calling the players A, B, C and D, the "
                     f"{blocks_n} blocks are {p.listing(pairs)}, so everyone partners everyone else once. The usual "
                     f"game is {blocks_n} × {block} = {blocks_n * block} deals.",
                     f"Koko peli on *sitsi*. Se pelataan jaksoissa: saman parin kanssa pelataan {block} jakoa, "
                     f"{_stage_words(p, stages, ordered=True)}. Sitten pelaajat vaihtavat paikkaa, ja seuraava "
                     f"jakso pelataan toisen parin kanssa. Kun pelaajat ovat A, B, C ja D, {blocks_n} jaksoa ovat "
                     f"{p.listing(pairs)}, joten jokainen pelaa kerran jokaisen kanssa. Tavallinen peli on "
                     f"{blocks_n} × {block} = {blocks_n * block} jakoa.") + p.src(stages_rule, pair_rule,
                                                                                  "sitsi.players"))
    _, trule = g.match("totals")
    rotation, rrule = g.match("dealer_rotation")
    text = p("Both partners of a side write the side's points of each deal, but each player keeps his own running "
             "total over the whole sitsi, and the player with the most points wins.",
             "Parin kumpikin pelaaja merkitsee puolensa jakopisteet itselleen, mutta jokainen pitää omaa "
             "yhteispistemääräänsä koko sitsin ajan, ja eniten pisteitä saanut pelaaja voittaa.")
    if rotation == "clockwise":
        text += " " + p("The deal passes on to the left from block to block, without a break.",
                        "Jakovuoro kiertää vasemmalle jaksosta toiseen katkeamatta.")
    out.append(text + p.src(trule, rrule))
    agreed = []
    alt = [a for a in g.alternatives(stages_rule) if isinstance(a, list)]
    if alt and g.stages_deals(alt[0]):
        agreed.append(p(f"a shorter block: {g.stages_deals(alt[0])} deals ({_stage_words(p, alt[0])}) with each "
                        "partner;",
                        f"lyhyempi jakso: {g.stages_deals(alt[0])} jakoa ({_stage_words(p, alt[0])}) kunkin parin "
                        "kanssa;"))
    unwinding, urule = g.match("unwinding")
    if unwinding is False and urule:
        agreed.append(p(f"unwinding (*purkaminen*): the {blocks_n} blocks are played once more afterwards, in "
                        "reverse order;",
                        f"*purkaminen*: {blocks_n} jaksoa pelataan sen jälkeen vielä kerran käänteisessä "
                        "järjestyksessä;"))
    rounds, brule = g.match("bolsevikki_round")
    stages_b, sbrule = g.match("bolsevikki_round_stages")
    if rounds is False and brule and isinstance(stages_b, list) and g.stages_deals(stages_b):
        agreed.append(p(f"a round of {g.stages_deals(stages_b)} *bolsevikit* at the end, time permitting "
                        "(see below).",
                        f"{g.stages_deals(stages_b)} bolsevikin kierros lopuksi, jos aikaa on (katso alla)."))
    if agreed:
        out.append(p("Players may also agree on any of these:", "Pelaajat voivat myös sopia näistä:")
                   + p.src(stages_rule, urule, brule, sbrule, g.rule_with("agreements", "/match/")))
        out.append("\n".join(f"- {item}" for item in agreed))
    return out


def _games(g: Game, p: Prose) -> list[str]:
    stages, stages_rule = g.match("stages")
    threshold, trule = g.match("game_threshold")
    out = []
    games_stage = next((s for s in stages or [] if "until_games" in s), None)
    rest = [s for s in stages or [] if "deals" in s]
    if games_stage is not None:
        n = int(games_stage["until_games"])
        text = p(f"The deals are played until one side has won {n} games: {n} times {threshold} below the line. "
                 f"That is a rubber (*robberi*).",
                 f"Jakoja pelataan, kunnes sama puoli on saanut {n} ulosmenoa: {n} kertaa {threshold} pistettä "
                 "viivan alle. Se on robberi.") if not rest else \
            p(f"The whole match is a set (*pelierä*). It is won by games, like the rubber of whist, but it goes "
              f"on after them: it begins with {p.form(games_stage['form'], 'pl')}, played until "
              f"the same side has won {n} games, and then come exactly {_stage_words(p, rest)}, whoever is ahead.",
              f"Koko ottelu on *pelierä*. Se ratkeaa ulosmenoilla kuten whistin robberi, mutta jatkuu "
              f"niiden jälkeen: ensin pelataan {p.form(games_stage['form'], 'plpar')}, kunnes sama "
              f"puoli on saanut {n} ulosmenoa, ja sen jälkeen aina tasan {_stage_words(p, rest)}, olipa tilanne "
              "mikä tahansa.")
        out.append(text + p.src(stages_rule, trule))
    spec = g.rs.match
    if spec is not None and spec.game_bonus is not None:
        # the games a side can win: the rubber's count when the match ends with it, more when deals follow
        most = 4 if rest or games_stage is None else int(games_stage["until_games"])
        values = [int(spec.game_bonus({"game_number": k})) * g.rs.scale for k in range(1, most + 1)]
        _, brule = g.match("game_bonus")
        en = ["first", "second", "third", "fourth"]
        fi = ["ensimmäisestä ulosmenosta", "toisesta", "kolmannesta", "neljännestä"]
        text = p("A game is worth a bonus written in front of the points below the line that won it: "
                 + p.listing([f"{v} for a side's {en[k]} game" if k == 0 else f"{v} for its {en[k]}"
                              for k, v in enumerate(values)]),
                 "Ulosmenosta saa palkkion, joka merkitään sen tuottaneiden viivan alle merkittävien pisteiden "
                 "eteen: " + p.listing([f"{fi[k]} {v}" for k, v in enumerate(values)]))
        step = values[0]
        if rest and all(v == (k + 1) * step for k, v in enumerate(values)):  # the n-th game: n times the first
            later = p.form(rest[0]["form"], "pl")
            text += p(f": n × {step} for a side's n-th game in the set (the games are counted over the whole set, "
                      f"the {later} included).",
                      f": n × {step} puolen n:nnestä ulosmenosta pelierässä (ulosmenot lasketaan koko pelierän "
                      f"ajalta, {later} mukaan lukien).")
        else:
            text += "."
        out.append(text + " " + p(f"So 66 points that win a first game are written as {values[0] + 66}.",
                                  f"Ensimmäisen ulosmenon tuottavat 66 pistettä merkitään siis {values[0] + 66}.")
                   + p.src(brule))
    simultaneous, srule = g.match("simultaneous_games")
    if simultaneous == "first-by-trick":
        out.append(p(f"If both sides pass {threshold} in the same deal, the game goes to the side that reached "
                     f"{threshold} first, counting the deal's tricks in the order they were played.",
                     f"Jos molemmat puolet ylittävät {threshold} samassa jaossa, ulosmeno kuuluu sille, joka saavutti "
                     f"{threshold} ensin, kun jaon tikit lasketaan pelijärjestyksessä.") + p.src(srule))
    resets = [f for f in g.with_phases() if f.params.get("resets_running") is True]
    keeps = [f for f in g.rs.forms.values() if f.params.get("resets_running") is False and not f.dealt]
    _, brule = g.match("game_bonus")
    reading = brule in g.rs.rules and g.rs.rules[brule].status != "stated"
    for form in resets:
        text = p(f"After every {p.form(form.name)} both running counts below the line start again from nothing, even "
                 f"when nobody reached {threshold}: what a side scores below the line in a {p.form(form.name)} "
                 "never carries over to the next deal.",
                 f"Jokaisen {p.form(form.name, 'gen')} jälkeen kummankin puolen laskenta viivan alla alkaa alusta, "
                 f"vaikka kukaan ei saavuttanut {threshold}:tä: {p.form(form.name, 'ine')} viivan alle saadut "
                 "pisteet eivät siirry seuraavaan jakoon.")
        low = int(g.value(g.phase(form, "auction"), "min_level", 1))
        if isinstance(threshold, int) and spec is not None and spec.game_bonus is not None and low > 0:
            tricks = -(-threshold // low)
            text += " " + p(f"A {p.form(form.name)} can still win a game on its own: a side whose tricks in that one "
                            f"deal reach {threshold} below the line ({tricks} tricks at level {low} make "
                            f"{tricks * low}) wins a game and writes its bonus, and the games are counted over the "
                            "whole set: a side's third game is worth "
                            f"{int(spec.game_bonus({'game_number': 3})) * g.rs.scale}.",
                            f"{cap(p.form(form.name))} voi silti tuottaa ulosmenon yksinään: puoli, jonka tikit "
                            f"siinä jaossa tuovat viivan alle {threshold} ({tricks} tikkiä tasolla {low} on "
                            f"{tricks * low}), saa ulosmenon ja sen palkkion, ja ulosmenot lasketaan koko pelierän "
                            "ajalta: puolen kolmas "
                            f"ulosmeno on {int(spec.game_bonus({'game_number': 3})) * g.rs.scale}.")
            if reading:
                text += " " + p("(The source shows only the count starting again after a kotka; that a kotka can "
                                "win a game by itself, and how such a game is counted, is this book's choice.)",
                                "(Lähde kertoo vain, että laskenta alkaa kotkan jälkeen alusta; se, että kotka voi "
                                "tuottaa ulosmenon yksinään, ja miten se lasketaan, on tämän kirjan valinta.)")
        if keeps:
            text += " " + p(f"{cap(p.form(keeps[0].name, 'a'))} played among the kotkat leaves the counts alone.",
                            f"Kotkien aikana pelattu {p.form(keeps[0].name)} ei nollaa laskentaa.")
        out.append(text + p.src(g.form_rule(form, "resets_running"), g.form_rule(keeps[0] if keeps else None,
                                                                                 "resets_running"), brule))
    divisor, drule = g.match("final_divisor")
    rounding, rnd_rule = g.match("final_rounding")
    if isinstance(divisor, int):
        after = p("After the kotkat", "Kotkien jälkeen") if rest else p("At the end", "Lopuksi")
        text = p(f"{after} all points above and below the line are added up for each side. The difference is "
                 f"divided by {divisor * g.rs.scale} and rounded to a whole number, and the result is what the winning "
                 "side takes: Skruuvi was often played for small stakes.",
                 f"{after} kummankin puolen kaikki pisteet viivan ylä- ja alapuolella lasketaan yhteen. Erotus "
                 f"jaetaan {divisor * g.rs.scale}:lla ja pyöristetään kokonaisluvuksi, ja tulos on voittajapuolen "
                 "saalis: skruuvia pelattiin usein pienistä panoksista.")
        alt = [a for a in g.alternatives(rnd_rule) if isinstance(a, int)]
        if alt and isinstance(rounding, int):
            text += " " + p(f"(The source allows rounding to the nearest {alt[0]} as well; this book rounds to the "
                            "nearest whole number.)",
                            f"(Lähteen mukaan tuloksen voi pyöristää myös {alt[0]}:n tarkkuudelle; tämä kirja "
                            "pyöristää kokonaisluvuksi.)")
        out.append(text + p.src(drule, rnd_rule))
    if rest and "match.stages" in g.rs.rules:
        text = p("Then the players change seats, and a new set starts with a fresh score sheet.",
                 "Sitten pelaajat vaihtavat paikkoja, ja uusi pelierä alkaa puhtaalta pöydältä.")
        if "deal.first-dealer" not in g.rs.rules:
            text += " " + p("The source does not say how many sets make an evening, nor who deals first: each set is "
                            "settled on its own, and the players agree on both.",
                            "Lähde ei kerro, montako pelierää illassa pelataan, eikä kuka jakaa ensin: jokainen "
                            "pelierä tilitetään erikseen, ja pelaajat sopivat molemmista itse.")
        out.append(text + p.src(stages_rule))
    return out


def bolsevikki(g: Game, p: Prose, form: FormSpec) -> list[str]:
    """The form played one against three: how it is called, exchanged, played and (with unsourced figures) scored."""
    call = g.phase(form, "auction")
    swap = g.phase(form, "kitty")
    play = g.phase(form, "play")
    hand, centre = int(form.params.get("hand_size") or 0), int(form.params.get("centre_cards") or 0)
    out = [f"### {cap(p.form(form.name))} {{#bolsevikki}}"]
    text = p(f"{cap(p.form(form.name, 'a'))} sets one player against the other three, his partner included. It is "
             f"dealt like an alkupeli, {hand} cards each and {centre} centre cards. ",
             f"{cap(p.form(form.name, 'ine'))} yksi pelaaja pelaa kolmea muuta vastaan, myös omaa pariaan. Se "
             f"jaetaan kuten alkupeli, {hand} korttia kullekin ja {centre} keskikorttia. ")
    if g.value(call, "first") == "dealer" and g.value(call, "single_round"):
        text += p("The dealer speaks first, and each player calls once: *bolsevikki*, a promise to take no trick at "
                  "all (7 misère), or pass. The first to call it is the *bolsevikki*; if all 4 pass, the cards are "
                  "dealt again by the next dealer.",
                  "Jakaja puhuu ensin, ja kukin sanoo kerran: *bolsevikki*, eli lupaus olla ottamatta yhtään tikkiä "
                  "(7 misääriä), tai passi. Ensimmäinen sen sanonut on bolsevikki; jos kaikki 4 passaavat, seuraava "
                  "jakaja jakaa uudelleen.")
    out.append(text + p.src(g.form_rule(form, "hand_size"), g.rule(call, "first"), g.rule(call, "single_round"),
                            g.form_rule(form, "strain_order"), g.rule(call, "all_pass_form")))
    conflicts = [r for r in (g.rule(call, "first"), g.rule(call, "single_round"), g.form_rule(form, "strain_order"),
                             g.rule(play, "lead")) if g.conflict(r)]
    if conflicts:
        out.append(p("The sources differ on much of the bolsevikki: who speaks first, whether several players may "
                     "call, whether other bids are allowed and who leads. This book plays the general rules of the "
                     "2016 game, as told here.",
                     "Lähteet eroavat bolsevikin säännöissä monessa: kuka puhuu ensin, saako useampi tarjota, "
                     "sallitaanko muita tarjouksia ja kuka aloittaa. Tämä kirja pelaa vuoden 2016 pelin yleisten "
                     "sääntöjen mukaan, kuten tässä kerrotaan.") + p.src(*conflicts))
    dist = g.value(swap, "distribution") or {}
    if dist.get("distributor") == "taker":
        out.append(p("The bolsevikki shows the centre cards, takes them, and gives one card of his choice to each "
                     "other player, starting on his left; nobody else exchanges. The player on his left leads, and "
                     "there are no trumps.",
                     "Bolsevikki näyttää keskikortit, ottaa ne ja antaa yhden valitsemansa kortin kullekin muulle "
                     "pelaajalle vasemmalta alkaen; muut eivät vaihda kortteja. Hänen vasemmalla puolellaan istuva "
                     "aloittaa, eikä valttia ole.")
                   + p.src(g.rule(swap, "distribution"), g.rule(swap, "distribute_order"), g.rule(swap, "to_partner"),
                           g.rule(play, "lead")))
    value, vrule = g.table("bolsevikki_value")
    further, frule = g.table("bolsevikki_further")
    first, first_rule = g.table("bolsevikki_first")
    first = first if isinstance(first, int) else value
    aces, arule = g.table("bolsevikki_aces")
    if isinstance(value, int) and isinstance(further, int) and isinstance(first, int):
        ids = [str(e["id"]) for e in g.scheme(form)]
        text = p(f"No source gives the points of a bolsevikki; this book plays them so: if he takes no "
                 f"trick, each of the other three pays him {value} ({3 * value} in all); if he takes a trick, he "
                 f"pays each of them {first}, and {further} more for each further trick.",
                 f"Mikään lähde ei kerro bolsevikin pisteitä; tämä kirja laskee ne näin: jos hän ei "
                 f"ota yhtään tikkiä, kukin kolmesta muusta maksaa hänelle {value} (yhteensä {3 * value}); jos "
                 f"hän ottaa tikin, hän maksaa kullekin {first} ja {further} lisää jokaisesta seuraavasta "
                 "tikistä.")
        if aces == 0:
            text += " " + p("The aces cost nothing in a bolsevikki.", "Ässät eivät maksa bolsevikissa mitään.")
        elif isinstance(aces, int):
            text += " " + p(f"Each ace also counts {aces} × its trick's number, against the side that took it.",
                            f"Jokainen ässä lasketaan lisäksi {aces} × tikin järjestysluku sen ottaneen puolen "
                            "vahingoksi.")
        out.append(text + p.src(vrule, first_rule, frule, arule, *ids, g.form_rule(form, "scoring_unit")))
    return out
