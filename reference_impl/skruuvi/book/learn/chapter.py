"""One "Learn to play" chapter: the era's rules in the order a player meets them, numbered, then its example deals,
in English or in Finnish."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from ...rules.ruleset import Ruleset
from .. import md
from ..reconstruction import reconstruction_path
from .auctions import first_auction, second_auction
from .deals import ExampleDeal, example_deals, examples_section
from .exchanges import defenders_exchange, doubling, kitty
from .facts import Game
from .language import Prose
from .scoring import score
from .sections import Section, deal, play, players
from .whole_game import whole_game

SECTIONS = (players, deal, first_auction, kitty, second_auction, defenders_exchange, doubling, play, score,
            whole_game)


def learn_path(ruleset_id: str, language: str = md.DEFAULT_LANGUAGE) -> str:
    return md.localized(md.learn_path(ruleset_id), language)


def sections(ruleset: Ruleset, p: Prose) -> list[Section]:
    """The chapter's rule sections in order, those the era's game has."""
    g = Game(ruleset)
    return [s for s in (make(g, p) for make in SECTIONS) if s is not None]


def learn_page(ruleset: Ruleset, language: str = md.DEFAULT_LANGUAGE,
               deals: Sequence[tuple[ExampleDeal, Mapping[str, Any]]] | None = None,
               traces: MutableMapping[str, str] | None = None) -> str:
    """The chapter of one era in one language (``deals``: its example deals, drawn from the ruleset if not given;
    ``traces``: the build's generated files, into which each example deal's step-through viewer writes its trace)."""
    here = learn_path(ruleset.id, language)
    p = Prose(ruleset, language, here)
    era = ruleset.era
    deals = example_deals(ruleset) if deals is None else deals
    other = "fi" if language == "en" else "en"
    out = [f"# {p(f'Learn to play Skruuvi: {era}', f'Opi pelaamaan skruuvia: {era}')}",
           p(f"*Suomeksi:* {p.page_link(f'Opi pelaamaan skruuvia: {era}', learn_path(ruleset.id, other))}",
             f"*In English:* {p.page_link(f'Learn to play Skruuvi: {era}', learn_path(ruleset.id, other))}")]
    rules = p.page_link(p(f"the {era} rule page", f"vuoden {era} sääntösivulle (englanniksi)"),
                        md.rules_page(ruleset.id))
    glossary = p.page_link(p("glossary", "sanastossa"), md.localized(md.GLOSSARY, language))
    intro = p(f"This chapter teaches the game of {era} to a player who knows whist or bridge: first the rules in the "
              f"order you meet them at the table, then {len(deals)} example deals played through. Each paragraph ends "
              f"with a small “sources” link to the rules behind it, on {rules} with their sources. The Finnish "
              f"words are explained in the {glossary}.",
              f"Tämä luku opettaa vuoden {era} pelin pelaajalle, joka tuntee whistin tai bridgen: ensin säännöt "
              f"siinä järjestyksessä, jossa ne pelipöydässä tulevat vastaan, sitten {len(deals)} esimerkkijakoa "
              f"alusta loppuun. Jokaisen kappaleen lopussa pieni ”lähteet”-linkki vie kappaleen sääntöihin "
              f"lähteineen {rules}. Sanat on selitetty {glossary}.")
    card = p.page_link(p(f"Reference card: {era}", f"Muistikortti: {era}"), md.refcard_path(ruleset.id, language))
    out.append(intro + " " + p(f"The whole game fits on one printable page, the {card}, to keep on the table while "
                               "you play.",
                               f"Koko peli mahtuu yhdelle tulostettavalle sivulle: {card} pöydälle pelin ajaksi."))
    if ruleset.status != "documented":
        notes = p.page_link(p("the reconstruction notes", "rekonstruktiomuistiinpanoissa (englanniksi)"),
                            reconstruction_path(ruleset.id))
        out.append(p("Much of this game had to be reconstructed: the sources that survive say little about it. "
                     f"Where they are silent, this book plays the likeliest rule and says so; {notes} say how the "
                     "era was pieced together.",
                     "Suuri osa tästä pelistä on jouduttu päättelemään, sillä säilyneet lähteet kertovat siitä "
                     "vähän. Missä lähteet vaikenevat, tämä kirja pelaa todennäköisimmän säännön ja sanoo sen; "
                     f"aikakauden kokoamisesta kerrotaan {notes}."))
    paragraphs: list[tuple[str, str]] = []  # (section, paragraph) of the rules, for the list of sources
    for n, section in enumerate(sections(ruleset, p), start=1):
        out.append(f"## {n}. {section.title} {{#{section.anchor}}}")
        out += section.blocks
        paragraphs += [(f"{n}. {section.title}", block) for block in section.blocks]
    out += examples_section(p, deals, traces)
    out += p.sources_list(paragraphs)
    return "\n\n".join(out) + "\n"
