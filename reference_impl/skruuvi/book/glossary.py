"""The glossary (spec/glossary.yaml) in both languages: Finnish terms with their meaning, then (English) the English
words back to the Finnish terms. One renderer serves both editions; the words of each language are in ``WORDS``.

The glossary is a player's page: it shows no source keys. The bibliography lists, for each source, the glossary
words it gives (``words_by_source``), and the rule pages keep each rule's sources. ``glossary_faults`` names the
kinds of junk a glossary can carry (a definition where a word belongs, one word twice, a bracket left open); the
build refuses a glossary with any.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..rules.ruleset import Ruleset
from . import md

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Glossary: Finnish–English",
        "intro": "The words of the game as the Finnish sources use them, each with its meaning. The rule book links "
                 "the Finnish terms of each rule here. Every term is Finnish unless its language is named. Where the "
                 "sources disagree on a word, the note says which word this book uses.",
        "columns": ["Term", "Meaning"],
        "languages": {"fi": "Finnish", "sv": "Swedish", "ru": "Russian", "en": "English"},
        "meaning": "meaning", "note": "note",
        "back_title": "English to Finnish", "back_intro": "The English words of the book, each with the Finnish "
                                                           "term it stands for.",
        "back_columns": ["English", "Finnish"],
        "sources": "Where each rule comes from is on the rule pages; the {bibliography} says what each source is "
                   "and lists the words of this glossary it gives.",
        "bibliography": "bibliography",
        "empty": "There is no glossary yet.",
    },
    "fi": {
        "title": "Sanasto",
        "intro": "Pelin sanat sellaisina kuin suomenkieliset lähteet niitä käyttävät, selityksineen ja "
                 "englanninkielisine vastineineen. Sanat ovat suomea, ellei kieltä mainita erikseen. Kun lähteet "
                 "käyttävät eri sanoja, huomautus kertoo, mitä sanaa tämä kirja käyttää.",
        "columns": ["Sana", "Selitys", "Englanniksi"],
        "languages": {"fi": "suomi", "sv": "ruotsi", "ru": "venäjä", "en": "englanti"},
        "meaning": "meaning_fi", "note": "note_fi",
        "sources": "Kunkin säännön lähteet ovat englanninkielisillä sääntösivuilla; {bibliography} (englanniksi) "
                   "kertoo, mikä kukin lähde on ja mitkä tämän sanaston sanat se antaa.",
        "bibliography": "lähdeluettelo",
        "empty": "Sanastoa ei vielä ole.",
    },
}

#: Words that open a definition, not a word: "in bidding, …", "a game form of …".
DEFINITION_OPENERS = frozenset({"a", "an", "in", "of", "to", "when", "as", "by", "for", "with"})
#: Longest English word (in words) the English-to-Finnish list takes: a longer one is a definition.
LONGEST_WORD = 5
_BRACKETS = {"(": ")", "[": "]", "{": "}"}


def terms(glossary: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    """The glossary's terms in the order of their anchors (ASCII slugs)."""
    return sorted((glossary or {}).get("terms") or [], key=lambda t: md.slug(t["term"]))


def english_words(term: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(English word, Finnish word it stands for)`` of a term: the term itself, or the form the entry names."""
    out = []
    for entry in term.get("english") or []:
        if isinstance(entry, Mapping):
            out.append((str(entry["word"]), str(entry["fi"])))
        else:
            out.append((str(entry), str(term["term"])))
    return out


def normal(word: str) -> tuple[str, ...]:
    """A word's comparable form: lower case, no leading article, no bracketed remark, each word without its
    -ing or plural -s ("following suit" and "follow suit", "defenders" and "defender" are the same word)."""
    text = re.sub(r"\([^)]*\)", " ", word.lower())
    parts = [p for p in re.split(r"[^\wäöå]+", text) if p]
    if parts and parts[0] in ("the", "a", "an"):
        parts = parts[1:]
    stemmed = []
    for p in parts:
        if p.endswith("ing") and len(p) > 5:
            p = p[:-3]
        elif p.endswith("s") and not p.endswith("ss") and len(p) > 3:
            p = p[:-1]
        stemmed.append(p)
    return tuple(stemmed)


def _unbalanced(text: str) -> bool:
    stack: list[str] = []
    for ch in text:
        if ch in _BRACKETS:
            stack.append(_BRACKETS[ch])
        elif ch in _BRACKETS.values() and (not stack or stack.pop() != ch):
            return True
    return bool(stack) or text.count('"') % 2 == 1


def glossary_faults(glossary: Mapping[str, Any] | None) -> list[str]:
    """Every kind of junk the glossary pages would show, one line each naming the term: an English word that is a
    definition (it opens with "in", "a", … or runs past ``LONGEST_WORD`` words), an English word given twice (after
    ``normal``), or by one term once more with a tail ("the cut", "the cut of the pack"), a form named by an
    English word that the term does not have, and a bracket or quotation mark left open in any text."""
    faults: list[str] = []
    seen: dict[tuple[str, ...], str] = {}
    for t in (glossary or {}).get("terms") or []:
        name = str(t.get("term"))
        known = {name, *(str(f) for f in t.get("forms") or [])}
        for key in ("term", "meaning", "meaning_fi", "note", "note_fi", *(["forms"] if t.get("forms") else [])):
            values = t.get(key)
            for text in values if isinstance(values, list) else [values] if values is not None else []:
                if _unbalanced(str(text)):
                    faults.append(f"{name}: {key} leaves a bracket or quotation mark open: {text!r}")
        for word, fi in english_words(t):
            words = normal(word)
            if _unbalanced(word):
                faults.append(f"{name}: the English word {word!r} leaves a bracket open")
            if not words or words[0] in DEFINITION_OPENERS or len(word.split()) > LONGEST_WORD:
                faults.append(f"{name}: {word!r} is a definition, not an English word (it belongs in meaning)")
            if fi not in known:
                faults.append(f"{name}: the English word {word!r} names {fi!r}, which is not the term or one of its "
                              "forms")
            for other, owner in seen.items():
                tail = owner == name and (words[:len(other)] == other or other[:len(words)] == words)
                if words == other or tail:
                    faults.append(f"{name}: the English word {word!r} repeats {' '.join(other)!r} of {owner}")
            seen[words] = name
    return faults


def rule_sources(rulesets: Sequence[Ruleset]) -> dict[str, list[str]]:
    """Glossary word (lower case) -> the sources of the rules that give it as their Finnish term."""
    found: dict[str, list[str]] = {}
    for rs in rulesets:
        for rule in rs.rules.values():
            for word in str(rule.raw.get("fi") or "").split(","):
                if word.strip():
                    keys = found.setdefault(word.strip().lower(), [])
                    keys += [k for k in rule.source if k not in keys]
    return found


def term_sources(term: Mapping[str, Any], by_rule: Mapping[str, list[str]]) -> tuple[list[str], bool]:
    """A term's sources and whether they are its own (else those of the rules that use it)."""
    if term.get("source"):
        return list(term["source"]), True
    used = [k for w in [term["term"], *(term.get("forms") or [])] for k in by_rule.get(str(w).lower(), [])]
    return list(dict.fromkeys(used)), False


def words_by_source(glossary: Mapping[str, Any] | None, rulesets: Sequence[Ruleset]) -> dict[str, list[str]]:
    """Source key -> the glossary terms it gives (its own, or through the rules that use the term)."""
    by_rule = rule_sources(rulesets)
    found: dict[str, list[str]] = {}
    for t in terms(glossary):
        keys, _ = term_sources(t, by_rule)
        for key in keys:
            found.setdefault(key, []).append(str(t["term"]))
    return found


def _term_cell(t: Mapping[str, Any], names: Mapping[str, str]) -> str:
    cell = f'<a id="{md.slug(t["term"])}"></a>*{t["term"]}*'
    if t.get("forms"):
        cell += " (" + ", ".join(f"*{f}*" for f in t["forms"]) + ")"
    language = str(t.get("language", "fi"))
    if language != "fi":
        cell += f" · {names.get(language, language)}"
    return cell


def _joined(words: Iterable[str]) -> str:
    return ", ".join(dict.fromkeys(words))


def glossary_page(glossary: Mapping[str, Any] | None, language: str = md.DEFAULT_LANGUAGE) -> str:
    """The glossary of one edition: a table of the terms (the Finnish edition adds their English words), and in
    English the English words back to the terms."""
    words = WORDS[language]
    here = md.localized(md.GLOSSARY, language)
    out = [f"# {words['title']}", words["intro"]]
    if language != md.DEFAULT_LANGUAGE:
        out[-1] += f' <a href="{md.served_href(here, md.GLOSSARY)}" hreflang="en">Glossary in English</a>.'
    if not glossary:
        return "\n\n".join([*out, words["empty"]]) + "\n"
    rows, back = [], []
    for t in terms(glossary):
        meaning = str(t.get(words["meaning"]) or "").strip()
        if t.get(words["note"]):
            meaning += f" — {str(t[words['note']]).strip()}"
        row = [_term_cell(t, words["languages"]), meaning]
        if language != md.DEFAULT_LANGUAGE:
            row.append(_joined(w for w, _ in english_words(t)))
        rows.append(row)
        for word, fi in english_words(t):
            back.append((word.lower(), word, md.link(f"*{fi}*", here, here, md.slug(t["term"]))))
    out.append(md.table(words["columns"], rows))
    if language == md.DEFAULT_LANGUAGE:
        bibliography = md.link(words["bibliography"], here, md.SOURCES)
    else:  # the bibliography is in the English build: a raw link across the editions
        bibliography = f'<a href="{md.served_href(here, md.SOURCES)}" hreflang="en">{words["bibliography"]}</a>'
    out.append(words["sources"].format(bibliography=bibliography))
    if language == md.DEFAULT_LANGUAGE:
        out += [f"## {words['back_title']} {{#english}}", words["back_intro"],
                md.table(words["back_columns"], [[word, link] for _, word, link in sorted(back)])]
    return "\n\n".join(out) + "\n"
