"""The score as the players write it on their sheet, after the chapter's prose (:mod:`.scoring`) has told each
item: one small table per era, a row per item and whose side writes it (2016: the main pair's and the defenders'
columns; the 1940s and 1895: who writes what, how much, below or above the line). The figures are the ruleset's
scoring tables; the reference card shows the same tables, since it shows the chapter's score section."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import md
from .facts import Game
from .language import Prose, cap


def levels(*tables: Any) -> list[int]:
    levels: set[int] = set()
    for t in tables:
        if isinstance(t, Mapping):
            for k, v in t.items():
                if isinstance(v, Mapping):
                    levels |= {int(x) for x in v}
                elif str(k).isdigit():
                    levels.add(int(k))
    return sorted(levels)


def value_at(table: Any, kind: str, level: int) -> int | None:
    if not isinstance(table, Mapping):
        return None
    row = table.get(kind, table) if kind in table else table
    value = row.get(level, row.get(str(level))) if isinstance(row, Mapping) else None
    return int(value) if isinstance(value, int) else None


def sheet_per_deal(g: Game, p: Prose) -> list[str]:
    """Who writes what after a deal, as the players keep the sheet: one row per item, a column per side."""
    made, made_rule = g.table("made_value")
    over, over_rule = g.table("overtrick_value")
    first_rule = g.table("first_undertrick")[1]
    further, _ = g.table("further_undertrick")
    multipliers, _ = g.scoring("multipliers")
    negation, _ = g.scoring("defenders_receive")
    found = levels(made)
    if not found or not isinstance(further, int) or negation != "negation":
        return []
    lv = found[0]
    made_pts, over_pts = value_at(made, "trump", lv), value_at(over, "", lv)
    if made_pts is None or over_pts is None:
        return []
    ids = {str(e["id"]) for e in g.scheme(g.main)}
    main, defenders = p("Main pair", "Pääpari"), p("Defenders", "Puolustajat")
    rows = [[p("Contract made", "Sopimus läpi"), p("+ its points, + each overtrick", "+ sen pisteet, + ylitikit"),
             p("the same with a minus", "samat miinusmerkkisinä")],
            [p("Contract failed", "Sopimus kaatui"), p("− the first trick short, − each further",
                                                       "− ensimmäinen pieti, − seuraavat pietit"),
             p("the same with a plus", "samat plusmerkkisinä")]]
    if "score.misere-aces" in ids:
        rows.append([p("Misère: each ace in a side's own tricks", "Misääri: jokainen ässä omissa tikeissä"),
                     p("− the trick's number", "− tikin järjestysluku"), p("− the trick's number",
                                                                           "− tikin järjestysluku")])
    target, _ = g.all_pass(g.main)
    cost, _ = g.table("passimisaari_trick_cost")
    if target is not None and g.scheme(target) and isinstance(cost, int):
        name = cap(p.form(target.name))
        rows.append([p(f"{name}: each trick a side takes", f"{name}: jokainen oma tikki"), f"−{cost}", f"−{cost}"])
        rows.append([p(f"{name}: each ace in a side's own tricks", f"{name}: jokainen ässä omissa tikeissä"),
                     p("− the trick's number", "− tikin järjestysluku"), p("− the trick's number",
                                                                           "− tikin järjestysluku")])
    out = [p("On the score sheet each side writes, after every deal:", "Pistelistaan kumpikin puoli merkitsee "
             "jokaisen jaon jälkeen:") + p.src(g.scoring("defenders_receive")[1], made_rule, first_rule),
           md.table([p("What happened", "Mitä tapahtui"), main, defenders], rows)]
    if isinstance(multipliers, list) and len(multipliers) > 1:
        double = multipliers[1]
        won = (made_pts + over_pts) * double
        out.append(p(f"For example, {lv}{md.suit('H')} doubled and made with {6 + lv + 1} tricks: the main pair writes "
                     f"({made_pts} + {over_pts}) × {double} = +{won}, the defenders −{won}.",
                     f"Esimerkiksi {lv}{md.suit('H')} kahdennettuna läpi {6 + lv + 1} tikillä: pääpari merkitsee "
                     f"({made_pts} + {over_pts}) × {double} = +{won}, puolustajat −{won}.")
                   + p.src(made_rule, over_rule, g.scoring("multipliers")[1]))
    return out


def sheet_below_and_above(g: Game, p: Prose, ids: Mapping[str, Any]) -> list[str]:
    """Who writes what, below or above the line, as the players keep the sheet: a row per item."""
    below, above = p("below", "alle"), p("above", "päälle")
    both, declarers, defenders = p("each side", "kumpikin puoli"), p("the declarer's side", "pelinviejän puoli"), \
        p("the defenders", "puolustajat")
    rows = [[p("Tricks in a trump contract or grandi", "Tikit valttipelissä ja grandissa"), both,
             p("tricks × level", "tikit × taso"), below]]
    if "score.below-misere" in ids:
        rows.append([p("Tricks in a bid misère", "Tikit tarjotussa misäärissä"), both,
                     p("the opponents' tricks × level", "vastustajien tikit × taso"), below])
    spec = g.rs.match
    if spec is not None and spec.game_bonus is not None:
        first = int(spec.game_bonus({"game_number": 1})) * g.rs.scale
        rows.append([p("A game won", "Ulosmeno"), p("the side that won it", "sen saanut puoli"),
                     p(f"{first} × the game's number", f"{first} × ulosmenon järjestysluku"), below])
    bonus, _ = g.table("contract_bonus")
    if isinstance(bonus, Mapping):
        rows.append([p("Contract made", "Sopimus läpi"), declarers, p("bonus by level, + overtricks",
                                                                     "tason palkkio, + ylitikit"), above])
        rows.append([p("Contract failed", "Sopimus kaatui"), defenders, p("first trick short + each further",
                                                                         "ensimmäinen pieti + seuraavat"), above])
    unit, _ = g.table("undertrick_unit")
    if isinstance(unit, int) and "score.undertricks" in ids:
        rows.append([p("Contract failed", "Sopimus kaatui"), defenders,
                     p(f"{unit} × level for each trick short", f"{unit} × taso jokaisesta pietistä"), above])
    honour, _ = g.table("honour_unit")
    if "score.honours" in ids and isinstance(honour, int):
        rows.append([p("Honours", "Arvokortit"), p("the side with more", "se, jolla on enemmän"),
                     p(f"{honour} × level × honours", f"{honour} × taso × arvokortit"), above])
    aces, _ = g.table("ace_unit")
    if "score.aces" in ids and isinstance(aces, Mapping):
        rows.append([p("Aces", "Ässät"), p("the side with more", "se, jolla on enemmän"),
                     p(f"{aces.get('trump')} × level each ({aces.get('grand')} × level in grandi)",
                       f"{aces.get('trump')} × taso kustakin ({aces.get('grand')} × taso grandissa)"), above])
    slam, _ = g.table("small_slam")
    if isinstance(slam, Mapping):
        rows.append([p("Slams", "Slammit"), p("the side that takes 12 or 13", "12 tai 13 tikkiä ottanut puoli"),
                     p("see above", "katso yllä"), above])
    crown, _ = g.table("ace_crown")
    if not isinstance(crown, Mapping):
        crown, _ = g.table("ace_coronet")
    if isinstance(crown, Mapping):
        rows.append([p("Crowns: 3 or 4 aces, sequences", "Kruunut: 3 tai 4 ässää, sarjat"),
                     p("the side holding them", "niiden haltija"), p("see above", "katso yllä"), above])
    u, _ = g.table("misere_ace_unit")
    if "score.misere-aces" in ids and isinstance(u, int):
        rows.append([p("Aces in a bid misère", "Ässät tarjotussa misäärissä"), both,
                     p(f"{u} × trick's number, for aces in the opponents' tricks",
                       f"{u} × tikin järjestysluku vastustajien tikkien ässistä"), above])
    target, _ = g.all_pass(g.main)
    pu, _ = g.table("pakko_unit")
    if target is not None and g.scheme(target) and isinstance(pu, int):
        rows.append([cap(p.form(target.name)), p("the side with fewer tricks", "vähemmän tikkejä ottanut puoli"),
                     p(f"{pu} × the difference", f"{pu} × erotus"), above])
    return [p("On the score sheet, in short:", "Pistelistaan lyhyesti:") + p.src(g.scoring("columns")[1]),
            md.table([p("What", "Mitä"), p("Who writes it", "Kuka merkitsee"), p("How much", "Paljonko"),
                      p("The line", "Viivan")], rows)]
