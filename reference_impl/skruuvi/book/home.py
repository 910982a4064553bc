"""The home page, in English and in Finnish: what the book is, who it is for and where each reader starts (learn to
play, the reference cards, the eras compared, for implementers), and the eras with their counts (generated: the rules
of each ruleset, the worked examples its examples page shows, its cases)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.ruleset import Ruleset
from . import md
from .card import card_path
from .cases import cases_of
from .chosen import added_examples
from .learn.chapter import learn_path
from .md import served_href as site_href
from .refcard import refcard_path

# How far an era's rules are known, in words (a ruleset's ``status``).
ERA_STATUS = {"documented": "from its sources", "partly-reconstructed": "partly reconstructed",
              "reconstructed": "reconstructed"}


def worked_examples(ruleset: Ruleset, cases: Sequence[Mapping[str, Any]]) -> int:
    """How many worked examples the era's examples page shows: the cases marked as examples and those it adds."""
    return sum(1 for c in cases_of(ruleset, cases) if c.get("example") is True) + len(added_examples(ruleset, cases))


def _eras(rulesets: Sequence[Ruleset]) -> list[Ruleset]:
    return sorted(rulesets, key=lambda r: r.era, reverse=True)


def index_page(rulesets: Sequence[Ruleset], cases: Sequence[Mapping[str, Any]] = ()) -> str:
    """The English home page."""
    here = md.INDEX
    eras = _eras(rulesets)
    learn = ", ".join(md.link(rs.era, here, learn_path(rs.id)) for rs in eras)
    refcards = ", ".join(md.link(rs.era, here, refcard_path(rs.id)) for rs in eras)
    cards = ", ".join(md.link(rs.era, here, card_path(rs.id)) for rs in eras)
    rules = ", ".join(md.link(rs.era, here, md.rules_page(rs.id)) for rs in eras)
    newest = eras[0] if eras else None
    rows = []
    for rs in sorted(rulesets, key=lambda r: r.era):
        mine = cases_of(rs, cases)
        rows.append([f"**{rs.era}**", md.link(md.short_title(rs), here, md.rules_page(rs.id))
                     + f"<br>*{ERA_STATUS.get(rs.status, rs.status.replace('-', ' '))}*",
                     md.plural(len(rs.rules), "rule") + "<br>"
                     + md.link(md.plural(worked_examples(rs, cases), "worked example"), here, md.examples_path(rs.id))
                     + "<br>" + md.link(md.plural(len(mine), "case"), here, md.cases_path(rs.id))])
    out = ["# Skruuvi: the rule book",
           "Skruuvi is the Finnish partnership card game that grew out of the Russian whist game Vint: four players "
           "in two partnerships, an auction in two rounds, cards passed between partners and across the table, and "
           "whist play. This book tells it in three eras, from the first printed rules of 1895 through the 1940s to "
           "the game as it is played today, codified in 2016.",
           "## Who this book is for {#start}",
           "It is written for three kinds of reader: card players who want to learn Skruuvi, readers of the game's "
           "history, and programmers who build a Skruuvi program and want to check it. Each starts in a different "
           "place:",
           "\n".join([
               "- **You want to play.** Start with *Learn to play*: " + (
                   md.link(f"the {newest.era} game", here, learn_path(newest.id)) + ", the one played today, " if newest
                   else "") + f"or an older one ({learn}). Each chapter teaches a player who knows whist or bridge the "
               "rules in the order you meet them at the table, then plays example deals through, one card at a time. "
               f"Print the reference card of your era ({refcards}) and keep it on the table: the order of play, the "
               "ranking of the bids and the whole score on one page. The " + md.link("glossary", here, md.GLOSSARY)
               + " explains the Finnish words.",
               "- **Suomeksi.** Pelaajan sivut (opi pelaamaan, muistikortit, sanasto) ovat myös suomeksi: "
               f'<a href="{site_href(here, md.localized(md.INDEX, "fi"))}" hreflang="fi">skruuvin sääntökirja '
               "suomeksi</a>.",
               "- **You study the game's history.** " + md.link("The eras compared", here, md.COMPARISON)
               + " tells what changed from 1895 to 1944 to 2016 and sets the rules of the three eras side by side; "
               + md.link("the cross-era replay", here, md.CROSS_ERA)
               + " plays the same cards under each era's rules; the " + md.link("bibliography", here, md.SOURCES)
               + " says what each source is and how far it can be trusted.",
               f"- **You implement Skruuvi.** The rule pages ({rules}) give every rule with its sources, how sure "
               "the book is of it, and the test cases that pin it down; the scoring cards (" + cards + ") gather "
               "every scoring rule of an era with its formulas on one page (a player wants the reference card "
               "instead); then the worked examples and the cases of each era, "
               + md.link("the case format and the protocol a test runner speaks", here, md.CASE_FORMAT)
               + " and " + md.link("the error codes", here, md.ERRORS) + "."]),
           "## The eras {#eras}",
           md.table(["Era", "Rule book (status)", "Contents"], rows) if rows
           else "*No era has its rules in this book yet.*",
           "On the rule pages every rule is marked with how sure the book is of it: "
           + ", ".join(f"{md.badge(s)} {h}" for s, h in md.STATUS_HELP.items()) + ".",
           "## How this book is made {#building}",
           "The book is generated every time the site is built from the project's rules, written down in a form a "
           "program can run, and from its test deals: every rule, number and example deal in it comes from there, "
           "and nothing is copied by hand."
           " The example deals are replayed under the rules as the book is built, so the prose, the tables and "
           "the deals cannot disagree."]
    return "\n\n".join(out) + "\n"


def finnish_index_page(rulesets: Sequence[Ruleset]) -> str:
    """The Finnish home page: the player pages of the Finnish edition, and where the English-only parts are."""
    here = md.localized(md.INDEX, "fi")
    eras = _eras(rulesets)

    def link(text: str, target: str, anchor: str | None = None) -> str:
        return f'<a href="{site_href(here, target, anchor)}">{text}</a>'

    newest = eras[0] if eras else None
    chapters = "\n".join(f"- {link(f'Opi pelaamaan skruuvia: {rs.era}', learn_path(rs.id, 'fi'))}"
                         + (" – nykyään pelattava peli" if rs is newest else "") for rs in eras)
    refcards = ", ".join(link(rs.era, refcard_path(rs.id, "fi")) for rs in eras)
    out = ["# Skruuvin sääntökirja",
           "Skruuvi on suomalainen parikorttipeli, joka kehittyi venäläisestä vintistä: neljä pelaajaa kahtena "
           "parina, kaksivaiheinen tarjoaminen, korttien vaihdot parin kesken ja pöydän yli sekä whistin tapainen "
           "pelaaminen. Tämä kirja kertoo pelin kolmelta aikakaudelta: vuoden 1895 ensimmäisistä painetuista "
           "säännöistä 1940-luvun kautta nykypeliin, jonka säännöt koottiin vuonna 2016.",
           "## Kenelle kirja on {#start}",
           "Kirja on kirjoitettu kolmenlaisille lukijoille: pelaajille, jotka haluavat oppia skruuvin, pelin "
           "historiasta kiinnostuneille sekä ohjelmoijille, jotka tekevät skruuviohjelman ja haluavat tarkistaa sen. "
           "Kukin aloittaa eri paikasta.",
           "**Haluat oppia pelaamaan.** Aloita *Opi pelaamaan* -luvusta. Kukin luku opettaa whistin tai bridgen "
           "tuntevalle pelaajalle säännöt siinä järjestyksessä, jossa ne pelipöydässä tulevat vastaan, ja käy "
           "sitten esimerkkijakoja läpi kortti kerrallaan:",
           chapters,
           f"Tulosta oman aikakautesi muistikortti ({refcards}) pöydälle: pelin kulku, tarjousten arvojärjestys ja "
           f"koko pistelasku yhdellä sivulla. Pelin sanat selityksineen ovat "
           f"{link('sanastossa', md.localized(md.GLOSSARY, 'fi'))}.",
           "**Suomeksi** ovat tämä etusivu, Opi pelaamaan -luvut, muistikortit ja sanasto: kaikki, mitä pelaaja "
           "tarvitsee. **Historiasta kiinnostuneille** ja **toteuttajille** kirjoitetut osat ovat englanniksi:",
           "\n".join([
               f"- {link('aikakausien vertailu', md.COMPARISON)} kertoo, mikä muuttui vuodesta 1895 vuoteen 1944 ja "
               "vuoteen 2016, ja asettaa kolmen aikakauden säännöt rinnakkain;",
               f"- {link('lähdeluettelo', md.SOURCES)} kertoo, mikä kukin lähde on ja kuinka paljon siihen voi "
               "luottaa;",
               "- toteuttajille sääntösivut, joilla on jokainen sääntö lähteineen ("
               + ", ".join(link(rs.era, md.rules_page(rs.id)) for rs in eras) + "), ja pistekortit, joilla on "
               "aikakauden koko pistelasku kaavoineen ("
               + ", ".join(link(rs.era, card_path(rs.id)) for rs in eras) + "; pelaajalle muistikortti riittää);",
               f"- toteuttajille {link('testitapausten muoto ja testiajurin protokolla', md.CASE_FORMAT)}."]),
           f"{link('In English', md.INDEX)}: the whole book."]
    return "\n\n".join(out) + "\n"
