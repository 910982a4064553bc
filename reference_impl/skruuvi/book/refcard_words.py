"""The words of the reference card (:mod:`.refcard`), one table per language: English, and Finnish in the sources'
own terms (seeds 000, 001 and 002: *jakaja* the dealer, *pelinviejä* the declarer, *pääpari* the main pair,
*paritoveri* the partner, *nostopakan ottaja* the taker of the centre cards, *keskikortit* the centre cards,
*kahdennus* and *kolmennus* doubling and redoubling, *tikki* a trick, *pieti* an undertrick, *ylitikki* an overtrick,
*viivan alle* below the line). Every language has every key (a test holds them equal); the numbers are never here:
the card reads them from the ruleset.
"""

from __future__ import annotations

from typing import Any

CARD_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Reference card: {era}",
        "other_edition": "Suomeksi:",
        "learn": "The game explained step by step:",
        "intro": "The game of {era} on one page, to print on one side of A4 or Letter and keep on the table.",
        "basics": "Four players; partners sit opposite. A pack of 52 cards, in each suit the ace high and the two low. "
                  "The deal and the turn pass clockwise.",
        "order": "Order of play",
        "ranking": "Ranking of the bids",
        "form_dealt": "{hand} cards each, {centre} centre cards",
        "form_dealt_none": "{hand} cards each, no centre cards",
        "form_reached": "played when everybody passes in {forms}",
        "bid_levels": "A bid is a level from 1 to 7 and a strain. A trump or grandi (no trumps) bid of level n "
                      "promises 6 + n tricks; a misère (no trumps, few tricks) of level n promises at most 7 − n. A "
                      "new bid must be higher: a higher level, or the same level and a higher strain.",
        "bid_levels_no_misere": "A bid is a level from 1 to 7 and a strain (a trump suit or grandi, no trumps); a "
                                "bid of level n promises 6 + n tricks. A new bid must be higher: a higher level, or "
                                "the same level and a higher strain.",
        "strains": {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "G": "grandi", "M": "misère"},
        "roles": {
            "dealer": "the dealer", "dealer-partner": "the dealer's partner",
            "declarer-left": "the declarer's left-hand opponent",
            "declarer-right": "the declarer's right-hand opponent",
            "highest-bidder": "the highest bidder", "forehand": "the dealer's left-hand player", "taker": "the taker",
            "partner": "the taker's partner", "doubler-left": "the player on the doubler's left",
            "doubler-left-partner": "his partner", "all": "all four", "main-pair": "the main pair",
        },
        "first": "{who} speaks first",
        "main_pair_bids": "only the main pair (the highest bidder and his partner) bids",
        "main_pair_bids_again": "only the main pair bids",
        "min_level": "bids from level {n}",
        "end_passes": "ends after {n} passes in a row",
        "final_min": "the final contract is at least level {n}; its maker is the declarer",
        "single_round": "one round of calls",
        "all_pass": "if all pass: {form}",
        "redeal": "a new deal",
        "takes_centre": "{who} takes the centre cards",
        "to_partner": "gives his partner {n} cards",
        "distribution": "{who} gives one card to each other player",
        "procedures": "the taker chooses: {choices}",
        "procedure": "{name} ({what})",
        "swap": "{who} gives his partner {n} cards and gets {n} back",
        "defenders": "{who} may give his partner one card and get {back} back",
        "a_different": "a different one",
        "one": "one",
        "banned_from": "not when the main pair's first bid was at level {n} or higher",
        "defenders_never": "never: it is banned when the main pair's first bid is at level {n} or higher, and "
                           "no bid here is lower",
        "doublers": "{who} may double",
        "redoublers": "after a double {who} may redouble",
        "if_passes": "; if he passes, {who}",
        "lead": "{who} leads",
        "lead_in": "in {kind}, {who} leads",
        "play": "follow suit if you can; the highest trump wins the trick, else the highest card of the suit led",
        "play_no_trumps": "follow suit if you can; there are no trumps: the highest card of the suit led wins the "
                          "trick",
        "centre_deal": "the centre cards are dealt out, one to each player, from {who}",
        "partner_exchange": "both pairs swap one card: {who} each give their partner one card and get {back} "
                            "back",
        "maybe_same": "one, maybe the same card,",
        "or": " or ",
        "and": " and ",
        "as_in": "as in {form}",
        "then": ", then ",
        "constants": {"trump": "a trump contract", "grand": "grandi", "misere": "a bid misère"},
    },
    "fi": {
        "title": "Muistikortti: {era}",
        "other_edition": "In English:",
        "learn": "Peli selitettynä vaihe vaiheelta:",
        "intro": "Vuoden {era} peli yhdellä sivulla: tulosta A4- tai Letter-arkin yhdelle puolelle pöydälle.",
        "basics": "Neljä pelaajaa; vastakkain istuvat ovat pari. 52 kortin pakka, kussakin maassa ässä korkein ja "
                  "kakkonen heikoin. Jako ja vuoro kiertävät myötäpäivään.",
        "order": "Pelin vaiheet",
        "ranking": "Tarjousten arvojärjestys",
        "form_dealt": "{hand} korttia kullekin, {centre} keskikorttia",
        "form_dealt_none": "{hand} korttia kullekin, ei keskikortteja",
        "form_reached": "pelataan, kun kaikki passaavat {forms}",
        "bid_levels": "Tarjouksessa on taso 1–7 ja pelilaji. Valtissa ja grandissa (ei valttia) taso n lupaa 6 + "
                      "n tikkiä; misäärissä (ei valttia, vähän tikkejä) taso n sallii enintään 7 − n tikkiä. Uuden "
                      "tarjouksen on oltava korkeampi: korkeampi taso tai sama taso ja korkeampi pelilaji.",
        "bid_levels_no_misere": "Tarjouksessa on taso 1–7 ja pelilaji (valtti tai grandi, ei valttia); taso n "
                                "lupaa 6 + n tikkiä. Uuden "
                                "tarjouksen on oltava korkeampi: korkeampi taso tai sama taso ja korkeampi pelilaji.",
        "strains": {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "G": "grandi", "M": "misääri"},
        "roles": {
            "dealer": "jakaja", "dealer-partner": "jakajan paritoveri",
            "declarer-left": "pelinviejän vasemmalla istuva", "declarer-right": "pelinviejän oikealla istuva",
            "highest-bidder": "korkeimman tarjouksen tehnyt", "forehand": "jakajan vasemmalla istuva",
            "taker": "nostopakan ottaja", "partner": "ottajan paritoveri",
            "doubler-left": "kahdentajan vasemmalla istuva", "doubler-left-partner": "hänen paritoverinsa",
            "all": "kaikki neljä", "main-pair": "pääpari",
        },
        "first": "{who} aloittaa",
        "main_pair_bids": "vain pääpari (korkeimman tarjouksen tehnyt ja hänen paritoverinsa) tarjoaa",
        "main_pair_bids_again": "vain pääpari tarjoaa",
        "min_level": "tarjoukset tasolta {n} alkaen",
        "end_passes": "päättyy, kun {n} passia on peräkkäin",
        "final_min": "lopullinen sopimus on vähintään tasoa {n}; sen tehnyt on pelinviejä",
        "single_round": "yksi tarjouskierros",
        "all_pass": "jos kaikki passaavat: {form}",
        "redeal": "uusi jako",
        "takes_centre": "{who} ottaa keskikortit",
        "to_partner": "antaa paritoverilleen {n} korttia",
        "distribution": "{who} antaa yhden kortin kullekin muulle pelaajalle",
        "procedures": "ottaja valitsee: {choices}",
        "procedure": "{name} ({what})",
        "swap": "{who} antaa paritoverilleen {n} korttia ja saa {n} takaisin",
        "defenders": "{who} voi antaa paritoverilleen yhden kortin ja saada takaisin {back}",
        "a_different": "eri kortin",
        "one": "yhden",
        "banned_from": "ei, jos pääparin ensimmäinen tarjous oli tasoa {n} tai korkeampi",
        "defenders_never": "ei koskaan: vaihto on kielletty, kun pääparin ensimmäinen tarjous on tasoa {n} tai "
                           "korkeampi, eikä tässä voi tarjota matalammin",
        "doublers": "{who} voi kahdentaa",
        "redoublers": "kahdennuksen jälkeen {who} voi kolmentaa",
        "if_passes": "; jos hän passaa, {who}",
        "lead": "{who} aloittaa pelin",
        "lead_in": "{kind} {who} aloittaa",
        "play": "maata on tunnustettava; tikin voittaa korkein valtti, muuten aloitetun maan korkein kortti",
        "play_no_trumps": "maata on tunnustettava; valttia ei ole: tikin voittaa aloitetun maan korkein kortti",
        "centre_deal": "keskikortit jaetaan yksi kullekin, ensimmäisenä {who}",
        "partner_exchange": "kumpikin pari vaihtaa yhden kortin: {who} antavat kumpikin paritoverilleen yhden "
                            "kortin ja saavat takaisin {back}",
        "maybe_same": "yhden, vaikka saman kortin",
        "or": " tai ",
        "and": " ja ",
        "as_in": "kuten {form}",
        "then": ", sitten ",
        "constants": {"trump": "valttipelissä", "grand": "grandissa", "misere": "misäärissä"},
    },
}

# The words of an era whose Finnish source knocks (*koputus*, *vastakoputus*: the 1940s) instead of doubling, laid
# over the card's words for that era (:func:`.player_words.knocks` reads it from the ruleset).
KNOCK_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "doublers": "{who} may knock", "redoublers": "after a knock {who} may counter-knock",
        "roles": {"doubler-left": "the player on the knocker's left"},
    },
    "fi": {
        "doublers": "{who} voi koputtaa", "redoublers": "koputuksen jälkeen {who} voi vastakoputtaa",
        "roles": {"doubler-left": "koputtajan vasemmalla istuva"},
    },
}
