"""Reference pages: error codes, case format and SCP/1, and the bibliography."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.paths import spec_dir
from ..rules.ruleset import Ruleset
from ..rules.yamlio import load_yaml
from . import md
from .glossary import words_by_source
from .implementers import deal_rows, shapes_section
from .values import Labels

#: Default for the data arguments: read the file from the repository's spec/ directory.
FROM_SPEC: Any = object()


def _spec_file(value: Any, name: str) -> Any:
    if value is not FROM_SPEC:
        return value
    path = spec_dir() / name
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8")) if name.endswith(".json") else load_yaml(path)


def _missing(path: str, what: str) -> str:
    return md.admonition("note", f"{path} is not there yet", f"This page is generated from `{path}`; {what}")


def _rule_link(rid: str, here: str, rulesets: Sequence[Ruleset]) -> str:
    """A rule id linked to every era that defines it."""
    eras = [rs for rs in rulesets if rid in rs.rules]
    if not eras:
        return f"`{rid}`"
    return f"`{rid}` (" + ", ".join(md.link(rs.era, here, md.rules_page(rs.id), rid) for rs in eras) + ")"


def errors_page(errors: Mapping[str, Any] | None = FROM_SPEC, rulesets: Sequence[Ruleset] = (),
                cases: Sequence[Mapping[str, Any]] = ()) -> str:
    """The closed list of error codes (spec/errors.yaml), in precedence order, each anchored by its code."""
    errors = _spec_file(errors, "errors.yaml")
    here = md.ERRORS
    out = ["# Error codes",
           "An implementation is judged on the index and the code of the **first** illegal action; messages are free. "
           "When one action breaks several rules, the code is the first that applies: precedence group 1 before 2 "
           "… before 5, and inside a group the order of this list."]
    if errors is None:
        return "\n\n".join([*out, _missing("spec/errors.yaml", "the codes will be listed once it exists.")]) + "\n"
    if errors.get("description"):
        out.append(str(errors["description"]))
    entries = errors.get("errors") or []
    out.append(md.table(["Code", "Precedence", "Index", "Meaning"],
                        [[md.link(f"`{e['code']}`", here, here, e["code"]), e.get("precedence") or "—",
                          e.get("index") or "null", e.get("title", "")] for e in entries]))
    by_code: dict[str, list[Mapping[str, Any]]] = {}
    for case in cases:
        err = (case.get("expect") or {}).get("error")
        if isinstance(err, Mapping):
            by_code.setdefault(str(err.get("code")), []).append(case)
    for e in entries:
        code = e["code"]
        out += [f"## {code} {{#{code}}}", f"**{e.get('title', '')}.** {e.get('meaning', '')}",
                f"Index: `{e.get('index') or 'null'}` · precedence group: "
                f"{e.get('precedence') or 'none (whole record)'}"]
        if e.get("rules"):
            out.append("Rules enforced: " + ", ".join(_rule_link(r, here, rulesets) for r in e["rules"]))
        if e.get("examples"):
            out.append("Examples:\n\n" + "\n".join(f"- {md.cell(x)}" for x in e["examples"]))
        hits = [c for c in by_code.get(code, []) if any(c.get("ruleset") == rs.id for rs in rulesets)]
        if hits:
            out.append(md.link_list("Cases expecting it", [
                md.link(f"`{c['id']}`", here, md.cases_path(str(c["ruleset"])), str(c["id"])) for c in hits]))
    return "\n\n".join(out) + "\n"


def sources_page(sources: Mapping[str, Any] | None = FROM_SPEC, rulesets: Sequence[Ruleset] = (),
                 glossary: Mapping[str, Any] | None = None) -> str:
    """The bibliography (spec/sources.yaml): one anchored entry per key; unreliable sources set apart. Each entry
    lists the rules citing it and the glossary words it gives (the player's glossary shows no source keys)."""
    sources = _spec_file(sources, "sources.yaml")
    words = words_by_source(glossary, rulesets)
    here = md.SOURCES
    out = ["# Bibliography",
           "Every source a rule may cite, by key. *Consulted* says which part the project actually read; "
           "rules that a source's unread part would settle are marked inferred."]
    if sources is None:
        return "\n\n".join([*out, _missing("spec/sources.yaml", "the sources will be listed once it exists.")]) + "\n"
    cited: dict[str, list[str]] = {}
    for rs in rulesets:
        for rule in rs.rules.values():
            for key in rule.source:
                cited.setdefault(key, []).append(md.link(f"`{rule.id}`", here, md.rules_page(rs.id), rule.id))
            for alt in rule.raw.get("alternatives") or []:
                for key in alt.get("source") or []:
                    cited.setdefault(key, []).append(
                        md.link(f"`{rule.id}`", here, md.rules_page(rs.id), rule.id) + " (alternative)")

    def entry(key: str, s: Mapping[str, Any]) -> list[str]:
        urls = s.get("url") or []
        urls = [urls] if isinstance(urls, str) else urls
        language = Labels().generic(s.get("language", "?"))
        lines = [f"### {key}: {s.get('title', '')} {{#{key}}}",
                 f"{s.get('author', 'unknown')}, {s.get('year', 'unknown')} · language {language} · "
                 f"reliability **{s.get('reliability', '?')}**"
                 + (f" · file `{s['file']}`" if s.get("file") else "")
                 + "".join(f" · <{u}>" for u in urls),
                 f"**Covers:** {s.get('covers', '')}", f"**Consulted:** {s.get('consulted', '')}"]
        if s.get("caveats"):
            unreliable = s.get("reliability") == "unreliable"
            lines.append(md.admonition("danger" if unreliable else "warning",
                                       "Contradicts the Finnish sources, point by point" if unreliable else "Caveats",
                                       "\n".join(f"- {c}" for c in s["caveats"])))
        refs = cited.get(key)
        lines.append(md.link_list("Cited by", refs, fold_above=8) if refs else "*Not cited by any rule.*")
        if words.get(key):
            lines.append("**Words of the glossary it gives:** " + ", ".join(
                md.link(f"*{w}*", here, md.GLOSSARY, md.slug(w)) for w in words[key]))
        return lines

    groups = [("Primary sources", "primary"), ("Secondary sources", "secondary"),
              ("Not a rules source", "not-a-rules-source"), ("Unreliable sources", "unreliable")]
    known = {g for _, g in groups}
    for title, rel in groups:
        keys = [k for k, s in sources.items() if s.get("reliability") == rel]
        if not keys:
            continue
        out.append(f"## {title} {{#{rel}}}")
        if rel == "unreliable":
            out.append(md.admonition("danger", "Never cited for a rule",
                                     "These pages contradict the Finnish sources on most points. They are listed "
                                     "so that their claims can be recognised; each caveat names one contradiction."))
        for key in keys:
            out += entry(key, sources[key])
    other = [k for k, s in sources.items() if s.get("reliability") not in known]
    if other:
        out.append("## Other sources {#other}")
        for key in other:
            out += entry(key, sources[key])
    return "\n\n".join(out) + "\n"


def _no_design(text: str) -> str:
    """A schema description without its pointers into the design document (the book is the reader's reference:
    this page itself describes the protocol)."""
    return re.sub(r"\s*\(DESIGN(?:\.md)? (?:§|section )\d+(?:\.\d+)*\)", "", str(text))


CASE_FIELDS = [
    ("id", "Unique and stable; never reused (retired ids are listed in conformance/CHANGELOG.md)."),
    ("ruleset", "The ruleset id, e.g. `skruuvi-2016`."),
    ("description", "One line saying what the case shows."),
    ("rules", "The rule ids this case exercises: the rule book links each rule to its cases."),
    ("justification", "Why the expected result is right: `kind` (source-example, hand-derived, "
                      "two-implementations), `ref` for a source example, `note` for a derivation."),
    ("deal", "`form`, `dealer`, and either `hands` + `centre` or `deck` + `centre_positions`; optional `state`."),
    ("actions", "Chronological `<seat> <verb> [args]` strings; every entry names its actor."),
    ("expect", "Exactly one of `result` (contract, tricks, score), `error` (index, code) or `match`."),
    ("example", "Optional: `true` renders the case as a worked example in the rule book."),
]
VERBS = [
    ("bid", "`N bid 5H`", "a bid: level 1–7 and strain S C D H (trumps), G (grandi), M (misère)"),
    ("pass", "`E pass`", "decline, in whatever phase asks: a bid, a double, an optional exchange"),
    ("give", "`S give N 4C 7D 9H TS`", "pass cards of any kind: giver, recipient, the cards"),
    ("double", "`W double`", "double (1940s knock, 2016 kahdennus)"),
    ("redouble", "`N redouble`", "redouble (1940s counter-knock, 2016 kolmennus)"),
    ("play", "`E play AS`", "play a card to the current trick"),
    ("choose", "`N choose pakettiskruuvi`", "name one of the options a ruleset offers (1895: the taker's procedure)"),
]
STATUSES = [
    ("pass", "the response equals the expectation"), ("fail", "it differs (the report shows a diff)"),
    ("errored", "the engine answered `errored`"), ("skipped", "the engine answered `skipped`"),
    ("unsupported", "the engine does not declare the case's ruleset"), ("timeout", "no answer in time"),
    ("crashed", "the engine died; the runner restarts it and goes on"),
    ("xfail / xpass", "listed in the engine's known-failures file, and failing / now passing"),
]


def case_format_page(case_schema: Mapping[str, Any] | None = FROM_SPEC,
                     protocol_schema: Mapping[str, Any] | None = FROM_SPEC,
                     rulesets: Sequence[Ruleset] = ()) -> str:
    """The recorded-deal format and the SCP/1 protocol, from the design and the JSON Schemas if present."""
    case_schema = _spec_file(case_schema, "schema/case.schema.json")
    protocol_schema = _spec_file(protocol_schema, "schema/protocol.schema.json")
    here = md.CASE_FORMAT
    out = ["# Case format and SCP/1",
           "A conformance case is a recorded deal: the cards, every action in order, and what must come out. "
           "Cases are YAML restricted to the JSON-compatible subset (no anchors, aliases or tags), or one JSON "
           "object per line in `.jsonl` files.",
           "## Notation {#notation}",
           "- Seats `N E S W`, clockwise; partners N–S and E–W; sides `NS`, `EW`.\n"
           f"- Cards are rank then suit: ranks `2 3 4 5 6 7 8 9 T J Q K A`; suits `S` ♠ pata, `C` ♣ risti, "
           f"`D` {md.suit('D')} ruutu, `H` {md.suit('H')} hertta. Examples `AS`, `TD`, `2C`.\n"
           "- A bid is a level and a strain: `1S`, `5H`, `6M`, `7G`. The order of the strains is not fixed by "
           "the notation: each ruleset gives it per game form.",
           "## Fields {#fields}",
           md.table(["Field", "Meaning"], [[f"`{k}`", v] for k, v in CASE_FIELDS])]
    if case_schema is not None:
        defs = case_schema.get("$defs", {})
        deal = defs.get("deal", {})
        out += ["The deal, as the JSON Schema `spec/schema/case.schema.json` describes it:",
                md.table(["Field", "Required", "Description"],
                         deal_rows(deal.get("properties", {}), deal.get("required", []))),
                f"Schema: {md.cell(_no_design(case_schema.get('description', '')))}"]
    else:
        out.append(_missing("spec/schema/case.schema.json", "the field table above comes from the design."))
    out += shapes_section(rulesets)
    out += ["## Actions {#actions}",
            md.table(["Verb", "Example", "Meaning"], [[f"`{v}`", e, m] for v, e, m in VERBS]),
            "Turning up the centre cards, dealing them out in all-pass forms and moving to the next phase are "
            "automatic: they are not actions. A record that stops early is answered with "
            + md.link("`incomplete-record`", here, md.ERRORS, "incomplete-record") + " at index `len(actions)`; a "
            "malformed deal with " + md.link("`invalid-deal`", here, md.ERRORS, "invalid-deal") + " at index `null`.",
            "## Example {#example}",
            "```yaml\nid: 2016.score.made-5H-overtrick\nruleset: skruuvi-2016\n"
            "description: 5♥ made with one overtrick\nrules: [score.made, score.overtricks]\n"
            "justification: {kind: hand-derived, note: \"...\"}\n"
            "deal: {form: alkupeli, dealer: N, hands: {N: [AS, KS, ...], E: [...], S: [...], W: [...]},"
            " centre: [7C, 2D, QH, 5S]}\nactions: [N bid 1H, E pass, ...]\n"
            "expect:\n  result: {contract: {declarer: N, bid: 5H, doubling: 0}, tricks: {NS: 12, EW: 1},"
            " score: {NS: 27, EW: -27}}\n```",
            "## SCP/1: the runner protocol {#scp1}",
            "An implementation is a command. The runner starts it once per worker and speaks JSON Lines on its "
            "stdin and stdout (stderr is free for logs): one request line, one response line.",
            "```text\n-> {\"cmd\": \"start\", \"protocol\": 1}\n"
            "<- {\"protocol\": 1, \"implementation\": {\"name\": \"...\", \"version\": \"...\", "
            "\"rulesets\": [\"skruuvi-2016\"]}}\n"
            "-> {\"cmd\": \"run\", \"seq\": 7, \"case\": {<the case without expect and justification>}}\n"
            "<- {\"seq\": 7, \"result\": {...}} | {\"seq\": 7, \"error\": {\"index\": 17, \"code\": "
            "\"must-follow-suit\"}}\n   | {\"seq\": 7, \"skipped\": \"reason\"} | {\"seq\": 7, \"errored\": "
            "\"what went wrong\"}\n-> {\"cmd\": \"stop\"}\n```"]
    if protocol_schema is not None:
        defs = protocol_schema.get("$defs", {})
        rows = [[f"`{name}`", md.cell(_no_design(spec.get("description", "")))] for name, spec in defs.items()
                if isinstance(spec, Mapping) and spec.get("description")]
        out += [md.cell(_no_design(protocol_schema.get("description", ""))),
                md.table(["Message", "Description"], rows)]
    else:
        out.append(_missing("spec/schema/protocol.schema.json", "the messages above come from the design."))
    out += ["### Statuses {#statuses}", md.table(["Status", "Meaning"], [[f"`{s}`", m] for s, m in STATUSES]),
            "`skruuvi replay FILE...` prints, for each case, the response object the protocol would carry "
            "(without `seq`), one JSON object per line."]
    return "\n\n".join(out) + "\n"
