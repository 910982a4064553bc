"""The Finnish edition of the glossary: every term of spec/glossary.yaml with its Finnish meaning (``meaning_fi``),
its English headword and its sources, anchored by the same slugs as the English glossary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import md
from .learn.language import site_href
from .reference import _headword

LANGUAGES_FI = {"fi": "suomi", "sv": "ruotsi", "ru": "venäjä", "en": "englanti"}


def finnish_glossary_page(glossary: Mapping[str, Any] | None, sources: Mapping[str, Any] | None) -> str:
    here = md.localized(md.GLOSSARY, "fi")
    english = site_href(here, md.GLOSSARY)
    out = ["# Sanasto",
           "Pelin sanat sellaisina kuin suomenkieliset lähteet niitä käyttävät, selityksineen ja englanninkielisine "
           "vastineineen. Sanat ovat suomea, ellei kieltä mainita erikseen. "
           f'<a href="{english}" hreflang="en">Glossary in English</a>.']
    if not glossary:
        return "\n\n".join([*out, "Sanastoa ei vielä ole."]) + "\n"
    rows = []
    for t in sorted(glossary.get("terms") or [], key=lambda t: md.slug(t["term"])):
        anchor = md.slug(t["term"])
        term = f'<a id="{anchor}"></a>*{t["term"]}*'
        if t.get("forms"):
            term += " (" + ", ".join(f"*{f}*" for f in t["forms"]) + ")"
        language = str(t.get("language", "fi"))
        if language != "fi":
            term += f" · {LANGUAGES_FI.get(language, language)}"
        meaning = str(t.get("meaning_fi") or "") + (f" — {t['note_fi']}" if t.get("note_fi") else "")
        headword = ", ".join(dict.fromkeys([*(t.get("english") or []), _headword(str(t.get("meaning", "")))]))
        keys = [k for k in t.get("source") or [] if sources is None or k in sources]
        cited = ", ".join(f'<a href="{site_href(here, md.SOURCES, k)}">{k}</a>' for k in keys) or "—"
        rows.append([term, meaning, headword, cited])
    out.append(md.table(["Sana", "Selitys", "Englanniksi", "Lähteet"], rows))
    out.append("Lähteiden tunnukset (S000, S001, S002 …) viittaavat lähdeluetteloon, joka on englanniksi.")
    return "\n\n".join(out) + "\n"
