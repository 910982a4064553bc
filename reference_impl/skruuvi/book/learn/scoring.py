"""The score, as a player keeps it: the contract's points in a small table drawn from the ruleset's scoring tables,
then each other item in a sentence with its figures. Two ways of scoring are told: a fixed score per deal (the
2016 game, whose ruleset has one column) and the rubber scoring below and above the line (the 1940s and 1895
games, two columns). Every scoring rule of the schemes the chapter explains is linked from the paragraph that
tells it (a test holds the chapter to that)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import md
from .facts import Game
from .language import Prose, cap
from .score_sheet import levels as _levels
from .score_sheet import sheet_below_and_above, sheet_per_deal
from .score_sheet import value_at as _at
from .sections import Section


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def score(g: Game, p: Prose) -> Section:
    blocks = _per_deal(g, p) if g.rs.columns == ("deal",) else _below_and_above(g, p)
    return Section("score", p("The score", "Pisteet"), blocks)


# --- a fixed score per deal --------------------------------------------------------------------------------------


def _per_deal(g: Game, p: Prose) -> list[str]:
    made, made_rule = g.table("made_value")
    over, over_rule = g.table("overtrick_value")
    first, first_rule = g.table("first_undertrick")
    further, further_rule = g.table("further_undertrick")
    ids = {str(e["id"]): e for e in g.scheme(g.main)}
    out = [p("Each deal is scored on its own and the scores are added up. A made contract earns a fixed number of "
             "points by its level and kind; every trick short costs points instead:",
             "Jokainen jako lasketaan erikseen, ja pisteet lasketaan yhteen. Onnistunut sopimus antaa kiinteät "
             "pisteet tason ja pelilajin mukaan; jokainen puuttuva tikki maksaa pisteitä:")
           + p.src(*(r for r in ("score.made", "score.undertricks") if r in ids), made_rule, first_rule)]
    same = isinstance(made, Mapping) and made.get("trump") == made.get("grand") and \
        isinstance(first, Mapping) and first.get("trump") == first.get("grand")
    kinds = [("trump", p("suit or grandi", "valtti tai grandi"))] if same else \
        [("trump", p("suit", "valtti")), ("grand", "grandi")]
    if isinstance(made, Mapping) and "misere" in made:
        kinds.append(("misere", p("misère", "maalattu misääri")))
    levels = _levels(made, first, over)
    rows = [[p(f"Made: {name}", f"Läpi: {name}"), *(_num(_at(made, k, lv) or 0) for lv in levels)] for k, name in kinds]
    rows += [[p(f"First trick short: {name}", f"Ensimmäinen pieti: {name}"),
              *(_num(-(_at(first, k, lv) or 0)) for lv in levels)] for k, name in kinds]
    rows.append([p("Each overtrick", "Ylitikki"), *(_num(_at(over, "", lv) or 0) for lv in levels)])
    out.append(md.table([p("Level", "Taso"), *map(str, levels)], rows))
    text = ""
    if isinstance(further, int):
        text += p(f"Each trick short after the first costs {further} more. ",
                  f"Jokainen seuraava pieti maksaa {further} lisää. ")
    text += p("A trick short (*pieti*) is a trick fewer than the contract needs; in misère, a trick more than it "
              "allows. An overtrick is a trick more than the contract needs; in misère, a trick fewer than it allows.",
              "Pieti on tikki, joka puuttuu sopimuksen vaatimasta; misäärissä tikki yli sen, minkä sopimus sallii. "
              "Ylitikki on tikki yli sopimuksen; misäärissä tikki vähemmän kuin sopimus sallii.")
    out.append(text + p.src(further_rule, over_rule, "score.overtricks" if "score.overtricks" in ids else ""))
    level = _levels(made)[0] if _levels(made) else 0
    if level and _at(made, "trump", level) is not None and _at(over, "", level) is not None \
            and isinstance(further, int) and _at(first, "grand", level + 1) is not None:
        gain = (_at(made, "trump", level) or 0) + (_at(over, "", level) or 0)
        loss = (_at(first, "grand", level + 1) or 0) + further
        out.append(p(f"So {level}{md.suit('H')} made with {6 + level + 1} tricks scores "
                     f"{_at(made, 'trump', level)} + {_at(over, '', level)} = {gain}, and {level + 1} grandi "
                     f"{2} tricks short scores −({_at(first, 'grand', level + 1)} + {further}) = −{loss}.",
                     f"Esimerkiksi {level}{md.suit('H')} läpi {6 + level + 1} tikillä antaa "
                     f"{_at(made, 'trump', level)} + {_at(over, '', level)} = {gain} pistettä, ja {level + 1} grandia "
                     f"{2} tikkiä vajaana −({_at(first, 'grand', level + 1)} + {further}) = −{loss}.")
                   + p.src(made_rule, over_rule, first_rule, further_rule))
    multipliers, mrule = g.scoring("multipliers")
    if isinstance(multipliers, list) and len(multipliers) > 2:
        out.append(p(f"A double multiplies all these points by {multipliers[1]}, a redouble by {multipliers[2]}.",
                     f"Kahdennus kertoo kaikki nämä pisteet {multipliers[1]}:lla, kolmennus {multipliers[2]}:lla.")
                   + p.src(mrule))
    if "score.misere-aces" in ids:
        out.append(p("In a misère the aces cost extra: each ace in a trick costs the side that won the trick that "
                     "trick's number, 1 for the first trick up to 13 for the last: an ace in trick 9 costs 9. "
                     "Both sides pay for the aces in their own tricks, and doubling does not change ace points.",
                     "Misäärissä ässät maksavat lisää: jokainen tikissä oleva ässä maksaa tikin saaneelle puolelle "
                     "tikin järjestysluvun verran, ensimmäisestä tikistä 1 ja viimeisestä 13: 9. tikin ässä maksaa 9. "
                     "Kumpikin puoli maksaa omien tikkiensä ässät, eikä kahdennus muuta ässäpisteitä.")
                   + p.src("score.misere-aces"))
    target, _ = g.all_pass(g.main)
    pas = {str(e["id"]): e for e in g.scheme(target)}
    if pas and target is not None:
        cost, cost_rule = g.table("passimisaari_trick_cost")
        out.append(p(f"In {p.form(target.name, 'a')} each side loses {cost} point for every trick it takes, "
                     "multiplied by any double or redouble, and for every ace in its tricks the trick's number, never "
                     "multiplied.",
                     f"{cap(p.form(target.name, 'ine'))} kumpikin puoli menettää {cost} pisteen jokaisesta "
                     "ottamastaan tikistä, kerrottuna mahdollisella kahdennuksella tai kolmennuksella, ja jokaisesta "
                     "tikeissään olevasta ässästä tikin järjestysluvun verran, kertomatta.")
                   + p.src(cost_rule, *pas))
    out += _zero_sum(g, p)
    out += _nothing_else(g, p, ids)
    out += sheet_per_deal(g, p)
    return out


def _nothing_else(g: Game, p: Prose, ids: Mapping[str, Any]) -> list[str]:
    """What a whist or bridge player looks for and this score has not: honours, slams, a game bonus (each said only
    when the ruleset has no table or match setting for it)."""
    absent = []
    if not g.table("honour_unit")[1] and not any("honour" in r for r in ids):
        absent.append(p("honours (the high trumps held)", "arvokorteista (kädessä olevista korkeista valteista)"))
    if not g.table("small_slam")[1] and not any("slam" in r for r in ids):
        absent.append(p("slams", "slammeista"))
    if g.rs.match is None or g.rs.match.game_bonus is None:
        absent.append(p("winning a rubber", "robberin voittamisesta"))
    if not absent:
        return []
    return [p(f"Nothing else is scored: unlike whist or bridge, there are no points for "
              f"{p.listing(absent, ('or', 'or'))}.",
              f"Muuta ei lasketa: toisin kuin whistissä ja bridgessä, pisteitä ei saa "
              f"{p.listing(absent, ('or', 'eikä'))}.")
            + p.src(*ids, g.scoring("contract_points")[1])]


def _zero_sum(g: Game, p: Prose) -> list[str]:
    """When a deal's points add up to zero and when not: the contract's points are passed to the defenders with the
    sign turned (``defenders_receive: negation``); a cost a side pays for itself (a scoring rule ``to: each`` that
    ``zero_sum`` does not settle) is received by nobody, so a deal with such a cost never adds up to zero."""
    negation, neg_rule = g.scoring("defenders_receive")
    if negation != "negation":
        return []
    settled, zrule = g.scoring("zero_sum")
    settled = set(settled) if isinstance(settled, list) else set()
    main = {str(e["id"]) for e in g.scheme(g.main)}
    target, _ = g.all_pass(g.main)
    own = [str(e["id"]) for e in g.scheme(g.main) if e.get("to") == "each" and str(e["id"]) not in settled]
    passed = [str(e["id"]) for e in g.scheme(target) if e.get("to") == "each" and str(e["id"]) not in settled]
    text = p("The defenders write the main pair's contract points with the sign turned: when the main pair scores "
             "+25, they score −25. So a trump or grandi contract adds up to zero.",
             "Puolustajat merkitsevät pääparin sopimuspisteet vastakkaisella etumerkillä: kun pääpari saa +25, "
             "puolustajat saavat −25. Valtti- tai grandisopimus on siis nollasumma.")
    costs = []
    if "score.misere-aces" in own:
        costs.append(p("the aces in a misère", "misäärin ässät"))
    if passed and target is not None:
        costs.append(p(f"the tricks and aces of {p.form(target.name, 'a')}", f"{p.form(target.name, 'gen')} tikit ja "
                       "ässät"))
    if costs:
        aces = "score.misere-aces" in own
        text += " " + p(f"But {p.listing(costs)} are costs each side pays for itself, and nobody receives them: "
                        + ("all 4 aces are always in somebody's tricks, so a misère never adds up to zero"
                           if aces else "such a deal never adds up to zero")
                        + (f", nor does {p.form(target.name, 'a')}, where both sides lose points" if passed and
                           target is not None else "") + ".",
                        f"Mutta {p.listing(costs)} ovat kuluja, jotka kumpikin puoli maksaa itse, eikä niitä saa "
                        "kukaan: " + ("kaikki 4 ässää ovat aina jonkun tikeissä, joten misääri ei koskaan ole "
                                      "nollasumma" if aces else "sellainen jako ei koskaan ole nollasumma")
                        + (f", eikä {p.form(target.name)}, jossa kumpikin puoli menettää pisteitä" if passed and
                           target is not None else "") + ".")
    text += p.about_sources("(The sources give only the playing side's points; giving the defenders the opposite is "
                            "this book's choice, so that the players' totals stay fair when partners change.)",
                            "(Lähteet kertovat vain pelaavan puolen pisteet; vastaluku puolustajille on tämän kirjan "
                            "valinta, jotta pelaajien pisteet pysyvät vertailukelpoisina parien vaihtuessa.)")
    return [text + p.src(neg_rule, g.scoring("contract_points")[1], zrule,
                         *(r for r in own if r in main), *passed)]


# --- below and above the line ------------------------------------------------------------------------------------


def _below_and_above(g: Game, p: Prose) -> list[str]:
    ids = {str(e["id"]): e for e in g.scheme(g.main)}
    game = g.rs.match is not None and g.rs.match.game_bonus is not None
    out = [p("The score sheet has a line across it. Points for tricks are written below the line"
             + (", and so is the bonus for a game won (see below)" if game else "")
             + "; every other bonus and every penalty above it. Each side "
             "writes its own points; nobody's score is taken off the other's.",
             "Pistelistassa on poikkiviiva. Tikeistä saatavat pisteet merkitään viivan alle"
             + (", samoin ulosmenon palkkio (katso alla)" if game else "")
             + "; kaikki muut palkkiot ja sakot viivan päälle. Kumpikin "
             "puoli merkitsee omat pisteensä; kenenkään pisteitä ei vähennetä toiselta.")
           + p.src(g.scoring("columns")[1], g.scoring("defenders_receive")[1], g.match("game_bonus")[1])]
    below = [r for r in ("score.below-tricks", "score.below-misere") if r in ids]
    text = p("Below the line, in a trump contract or grandi, both sides score for every trick they take, whether the "
             "contract was made or not: tricks × the level of the contract. With 4♠ played and 9 tricks to the "
             f"declarer's side, it writes {9 * 4} and the other side {4 * 4}.",
             "Viivan alle kumpikin puoli saa valttipelissä ja grandissa pisteitä kaikista ottamistaan tikeistä, "
             "onnistui sopimus tai ei: tikit × sopimuksen taso. Kun pelataan 4♠ ja pelinviejän puoli saa 9 tikkiä, "
             f"se merkitsee {9 * 4} ja toinen puoli {4 * 4}.")
    if "score.below-misere" in ids:
        text += " " + p("In a bid misère each side scores the opponents' tricks instead.",
                        "Tarjotussa misäärissä kumpikin puoli saa pisteet vastustajien tikeistä.")
    out.append(text + p.src(*below))
    threshold, trule = g.match("game_threshold")
    if isinstance(threshold, int):
        out.append(p(f"A side whose points below the line reach {threshold} wins a game (*ulosmeno*): a line is drawn "
                     "under both sides' counts and both start again from nothing. How games make up the whole match "
                     "is told in [the whole game](#whole-game).",
                     f"Kun puolen pisteet viivan alla nousevat {threshold}:een, se saa ulosmenon: pisteiden alle "
                     "vedetään viiva ja kummankin laskenta alkaa alusta. Miten ulosmenot muodostavat koko pelin, "
                     "kerrotaan kohdassa [koko peli](#whole-game).") + p.src(trule))
    bonus, bonus_rule = g.table("contract_bonus")
    over, over_rule = g.table("overtrick_value")
    first, first_rule = g.table("undertrick_first")
    further, further_rule = g.table("undertrick_further")
    if isinstance(bonus, Mapping):
        levels = _levels(bonus, over, first, further)
        out.append(p("Above the line the side that made its contract scores a bonus by the level, and each overtrick "
                     "of a 5- or 6-level contract; when a contract fails, the defenders score for each trick short "
                     "(*pieti*):",
                     "Viivan päälle sopimuksen läpi pelannut puoli saa tason mukaisen palkkion ja ylitikeistä 5:n ja "
                     "6:n peleissä; kun sopimus kaatuu, puolustajat saavat pisteet jokaisesta pietistä:")
                   + p.src(*(r for r in ("score.contract-made", "score.overtricks", "score.undertricks") if r in ids),
                           bonus_rule, over_rule, first_rule, further_rule))
        out.append(md.table([p("Level", "Taso"), p("Made", "Läpi"), p("Each overtrick", "Ylitikki"),
                             p("First trick short", "Ensimmäinen pieti"), p("Each further", "Seuraavat")],
                            [[str(lv), _num(_at(bonus, "", lv) or 0), _num(_at(over, "", lv) or 0),
                              _num(_at(first, "", lv) or 0), _num(_at(further, "", lv) or 0)] for lv in levels]))
        alt = [a for a in g.alternatives(first_rule) if isinstance(a, Mapping)]
        if g.conflict(first_rule) and alt:
            changed = [(lv, _at(alt[0], "", lv)) for lv in levels if _at(alt[0], "", lv) != _at(first, "", lv)]
            if changed:
                lv, v = changed[0]
                out.append(p(f"The sources disagree on the first trick short at level {lv}: {_at(first, '', lv)} or, "
                             f"in older sources, {v}; this book plays {_at(first, '', lv)}.",
                             f"Lähteet eroavat ensimmäisen pietin arvosta tasolla {lv}: {_at(first, '', lv)} vai "
                             f"vanhemmissa lähteissä {v}; tämä kirja käyttää arvoa {_at(first, '', lv)}.")
                           + p.src(first_rule))
    unit, unit_rule = g.table("undertrick_unit")
    if isinstance(unit, int) and "score.undertricks" in ids:
        out.append(p(f"When a contract fails, the defenders score {unit} × the level above the line for every trick "
                     "short.",
                     f"Kun sopimus kaatuu, puolustajat saavat viivan päälle {unit} × taso jokaisesta pietistä.")
                   + p.src("score.undertricks", unit_rule))
    out += _honours(g, p, ids)
    out += _slams(g, p, ids)
    out += _crowns(g, p, ids)
    if "score.misere-aces" in ids:
        u, urule = g.table("misere_ace_unit")
        out.append(p(f"In a bid misère each side scores {u} × the trick's number for every ace in a trick the other "
                     f"side won: an ace in the 9th trick taken by the opponents is worth {u * 9}.",
                     f"Tarjotussa misäärissä kumpikin puoli saa {u} × tikin järjestysluku jokaisesta ässästä, joka on "
                     f"vastapuolen voittamassa tikissä: vastustajien 9. tikissä oleva ässä on {u * 9} pistettä.")
                   + p.src("score.misere-aces", urule))
    out += _multiplied(g, p)
    target, _ = g.all_pass(g.main)
    pas = {str(e["id"]): e for e in g.scheme(target)}
    if pas and target is not None:
        unit_name = next((n for n in ("pakko_unit",) if g.table(n)[1]), "")
        u, urule = g.table(unit_name) if unit_name else (100, "")
        text = p(f"In {p.form(target.name, 'a')} nobody scores below the line. The side that took fewer tricks "
                 f"scores {u} × the difference above the line: 5 tricks against 8 is worth {u * 3}.",
                 f"{cap(p.form(target.name, 'ine'))} kukaan ei saa pisteitä viivan alle. Vähemmän tikkejä "
                 f"ottanut puoli saa viivan päälle {u} × erotus: 5 tikkiä 8:aa vastaan on {u * 3} pistettä.")
        if any("sequence" in r for r in pas):
            text += " " + p("Sequences count as in other deals; crowns of aces do not.",
                            "Sarjat lasketaan kuten muulloinkin, ässäkruunut eivät.")
        out.append(text + p.src(*pas, urule))
    out += sheet_below_and_above(g, p, ids)
    return out


def _honours(g: Game, p: Prose, ids: Mapping[str, Any]) -> list[str]:
    out = []
    unit, unit_rule = g.table("honour_unit")
    if "score.honours" in ids and isinstance(unit, int) and g.table("misere_ace_unit")[1]:
        out.append(p(f"Honours (*arvokortit*) are the 10, J, Q, K and A of trumps and all four aces, the ace of trumps "
                     f"counting twice: 9 in all. In a trump contract or grandi the side holding more honours, counted "
                     f"in the hands as the play begins, scores {unit} × the level × its honours above the line. In "
                     "grandi a side's honours are twice its aces, plus one for the side with more aces (with the aces "
                     "2–2, for the side that made the final bid). If the declarer's side takes fewer than 7 tricks, "
                     "its honours do not count, and only the other side counts its own.",
                     f"Arvokortteja ovat valttimaan 10, J, Q, K ja A sekä kaikki ässät, ja valttiässä lasketaan "
                     f"kahdesti: yhteensä 9. Valttipelissä ja grandissa se puoli, jolla on enemmän arvokortteja "
                     f"käsissään pelin alkaessa, saa viivan päälle {unit} × taso × arvokorttien määrä. Grandissa "
                     "arvokortteja on kaksi kertaa ässien määrä, ja enemmän ässiä saaneelle puolelle yksi lisää "
                     "(ässien jakautuessa 2–2 lopputarjouksen tehneelle puolelle). Jos pelinviejän puoli saa alle 7 "
                     "tikkiä, sen arvokortit mitätöidään ja vain vastapuoli laskee omansa.")
                   + p.src("score.honours", unit_rule, "score.honour-count", g.scoring("honours_from")[1]))
    elif "score.honours" in ids and isinstance(unit, int):
        out.append(p(f"Honours are the A, K, Q, J and 10 of trumps. In a trump contract the side holding most of them "
                     f"scores {unit} × the level for each honour it holds, whether or not the contract is made.",
                     f"Arvokortteja ovat valttimaan A, K, Q, J ja 10. Valttipelissä se puoli, jolla niitä on enemmän, "
                     f"saa {unit} × taso jokaisesta arvokortistaan, onnistui sopimus tai ei.")
                   + p.src("score.honours", unit_rule, "score.honour-count"))
    aces, aces_rule = g.table("ace_unit")
    if "score.aces" in ids and isinstance(aces, Mapping):
        out.append(p(f"Aces are counted apart from honours (the ace of trumps is both). The side holding 3 or 4 aces "
                     f"scores {aces.get('trump')} × the level for each ({aces.get('grand')} × the level in grandi); "
                     "with the aces 2–2, the side that takes 7 tricks or more scores for its 2.",
                     f"Ässät lasketaan erikseen (valttiässä on molempia). Puoli, jolla on 3 tai 4 ässää, saa "
                     f"{aces.get('trump')} × taso kustakin ({aces.get('grand')} × taso grandissa); ässien ollessa 2–2 "
                     "se puoli, joka ottaa vähintään 7 tikkiä, saa pisteet 2 ässästään.")
                   + p.src("score.aces", aces_rule))
    return out


def _slams(g: Game, p: Prose, ids: Mapping[str, Any]) -> list[str]:
    slam, srule = g.table("small_slam")
    factor, frule = g.table("grand_slam_factor")
    if not isinstance(slam, Mapping) or not isinstance(factor, int):
        return []
    bid, unbid = int(slam.get("bid", 0)), int(slam.get("unbid", 0))
    return [p(f"Slams score above the line: 12 tricks (a small slam) are worth {bid} when the side bid 6 and "
              f"{unbid} when it did not; all 13 (a grand slam) are worth {factor} times as much, {bid * factor} bid "
              f"at 7 and {unbid * factor} unbid. A side that bid 6 and takes all 13 scores {bid} + {unbid * factor}. "
              f"When a 6 or 7 contract fails, the defenders score what the slam would have been worth ({bid} for 6, "
              f"{bid * factor} for 7), as well as their points for the tricks short.",
              f"Slammit merkitään viivan päälle: 12 tikkiä (pieni slammi) on {bid} pistettä, kun puoli tarjosi 6, ja "
              f"{unbid}, kun se ei tarjonnut; kaikki 13 (iso slammi) on {factor}-kertainen, tarjottuna 7:llä "
              f"{bid * factor} ja tarjoamatta {unbid * factor}. Puoli, joka tarjosi 6 ja ottaa kaikki 13, saa "
              f"{bid} + {unbid * factor}. Kun 6:n tai 7:n sopimus kaatuu, puolustajat saavat slammin arvon "
              f"(6:sta {bid}, 7:stä {bid * factor}) pietien pisteiden lisäksi.")
            + (p.about_sources("(The sources say only that the defenders score a failed slam; that they score it "
                               "as well as the tricks short is this book's choice.)",
                               "(Lähteet sanovat vain, että puolustajat saavat kaatuneen slammin pisteet; että ne "
                               "tulevat pietien lisäksi, on tämän kirjan valinta.)")
               if ids.get("score.failed-slam", {}).get("status") != "stated" and "score.failed-slam" in ids else "")
            + p.src(*(r for r in ids if "slam" in r), srule, frule)]


def _crowns(g: Game, p: Prose, ids: Mapping[str, Any]) -> list[str]:
    crown, crule = g.table("ace_crown")
    if not isinstance(crown, Mapping):
        crown, crule = g.table("ace_coronet")
    seq, seq_rule = g.table("sequence_card")
    rules = [r for r in ids if r in ("score.ace-crowns", "score.ace-coronets", "score.sequences",
                                     "score.sequence-coronets")]
    if not rules or not isinstance(crown, Mapping) or not isinstance(seq, int):
        return []
    three, four = crown.get(3, crown.get("3")), crown.get(4, crown.get("4"))
    misere = "score.ace-crowns" in ids and "misere" in str(ids["score.ace-crowns"].get("when"))
    return [p(f"Crowns (*kruunu*, *karonkka*) are remembered from the hands as the play begins and claimed after it: "
              f"3 aces in one hand score {three}, 4 aces {four}, and double in grandi ({2 * three} and {2 * four})"
              + (", not counted in a bid misère" if misere else "")
              + f"; a sequence from the ace down in one hand (A K Q …) scores {seq} for its third card and each "
              f"further one, and double, {2 * seq} a card, when the sequence is in the trump suit.",
              f"Kruunut eli karonkat painetaan mieleen pelin alkaessa ja vaaditaan sen jälkeen: 3 ässää samassa "
              f"kädessä on {three}, 4 ässää {four}, grandissa kaksinkertaisena ({2 * three} ja {2 * four})"
              + (", ei tarjotussa misäärissä" if misere else "")
              + f"; ässästä alaspäin kulkeva sarja samassa kädessä (A K Q …) antaa {seq} kolmannesta ja jokaisesta "
              f"seuraavasta kortista, ja kaksinkertaisena, {2 * seq} kortilta, kun sarja on valttimaata.")
            + p.src(*rules, crule, seq_rule)]


def _multiplied(g: Game, p: Prose) -> list[str]:
    multipliers, mrule = g.scoring("multipliers")
    if not isinstance(multipliers, list) or len(multipliers) < 3:
        return []
    return [p(f"A knock multiplies the winner's points above the line by {multipliers[1]}, a counter-knock by "
              f"{multipliers[2]} (see [knocking](#doubling)).",
              f"Koputus kertoo voittajan viivan päälle merkitsemät pisteet {multipliers[1]}:lla, vastakoputus "
              f"{multipliers[2]}:lla (katso [koputukset](#doubling)).") + p.src(mrule, "score.knocks-winner-only")]
