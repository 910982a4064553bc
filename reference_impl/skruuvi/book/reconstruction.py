"""The reconstruction notes of one era (spec/reconstruction.yaml, source key RN) as a book page.

The page gives the era's method, then each open question with the sources that would settle it and, under it,
every inferred or conflict rule that rests on it: its status, sources and note (the evidence), linked to the
rule's anchor in the era's book. Inferred or conflict rules the notes do not file are listed at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.ruleset import Ruleset
from . import md


def reconstruction_path(ruleset_id: str) -> str:
    return f"reconstruction/{ruleset_id}.md"


def open_rules(rs: Ruleset) -> list[str]:
    """Ids of the rules the ruleset marks inferred or conflict, in file order."""
    return [rid for rid, rule in rs.rules.items() if rule.status in ("inferred", "conflict")]


def reconstruction_page(rs: Ruleset, notes: Mapping[str, Any] | None,
                        sources: Mapping[str, Any] | None = None) -> str:
    here = reconstruction_path(rs.id)
    era = ((notes or {}).get("eras") or {}).get(rs.id)
    out = [f"# Reconstruction notes: {rs.era}"]
    if not era:
        out.append(md.admonition("note", "No notes yet", f"`spec/reconstruction.yaml` has no entry for `{rs.id}`."))
        return "\n\n".join(out) + "\n"
    rules_page = md.rules_page(rs.id)
    out.append(f"*{era['title']}.* The project's own notes (source key {md.source_links(['RN'], here, sources)}) "
               f"for {md.link(rs.title, here, rules_page)}: how the era was reconstructed, the open questions, "
               "and for each rule the ruleset marks inferred or conflict, the evidence it rests on.")
    out.append("## Method")
    out.extend(str(p) for p in era.get("method") or [])
    filed: set[str] = set()
    out.append("## Open questions")
    for q in era.get("questions") or []:
        out.append(f"### {q['question']} {{#{q['id']}}}")
        if q.get("why_open"):
            out.append(str(q["why_open"]))
        settle = []
        for s in q.get("settled_by") or []:
            key = f" ({md.source_links([s['key']], here, sources)})" if s.get("key") else ""
            settle.append(f"- **{s['source']}**{key}: {s['look_for']}")
        out.append("**What would settle it:**\n\n" + "\n".join(settle))
        rows = []
        for rid in q.get("rules") or []:
            filed.add(rid)
            rule = rs.rules.get(rid)
            if rule is None:
                rows.append([f"`{rid}`", "", "", "not a rule of this ruleset"])
                continue
            raw = rule.raw
            rows.append([md.link(rule.title or rid, here, rules_page, rid), md.badge(rule.status),
                         md.source_links(rule.source, here, sources), str(raw.get("note", ""))])
        out.append(md.table(["Rule", "Status", "Sources", "Evidence (the rule's note)"], rows))
    missing = [rid for rid in open_rules(rs) if rid not in filed]
    if missing:
        out.append("## Not yet filed under a question")
        out.append(", ".join(md.link(rid, here, rules_page, rid) for rid in missing))
    return "\n\n".join(out) + "\n"
