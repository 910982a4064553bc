"""The cross-era page: curated deals replayed under every ruleset (:func:`skruuvi.history.compare.cross_era`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..history.compare import cross_era
from ..history.compare_report import difference_rows, era_rows
from ..history.crossera import CrossEra
from ..rules.errors import SkruuviError
from ..rules.ruleset import Ruleset
from . import md
from .cases import side_score
from .curated import Curated
from .same_cards import same_cards_section
from .values import Labels

HERE = md.CROSS_ERA


def rule_link(rs: Ruleset, rule_id: str) -> str:
    """A rule id linked to its anchor in that era's book (plain code when the era has no such rule)."""
    if rule_id in rs.rules:
        return md.link(f"`{rule_id}`", HERE, md.rules_page(rs.id), rule_id)
    return f"`{rule_id}`"


def _short(x: CrossEra, i: int) -> str:
    era = x.eras[i]
    if not era.playable:
        return "not playable"
    if era.rejection is not None:
        r = era.rejection
        return f"`{r.code}` at " + ("the deal" if r.index is None else f"action {r.index}")
    assert era.outcome is not None and era.outcome.result is not None
    score = era.outcome.result.get("score") or {}
    return ", ".join(f"{side} {side_score(value)}" for side, value in score.items())


def score_key(rulesets: Sequence[Ruleset]) -> str:
    """What a score in the tables means in each era: its columns (below and above the line, or one per deal)."""
    by_columns: dict[tuple[str, ...], list[str]] = {}
    for rs in sorted(rulesets, key=lambda r: r.era):
        by_columns.setdefault(tuple(rs.columns), []).append(rs.era)
    labels = Labels(rulesets)
    parts = []
    for columns, eras in by_columns.items():
        what = ("one score per deal" if columns == ("deal",)
                else "the side's points " + ", then ".join(labels.word(c) for c in columns)
                + " (written below / above in the deal tables)")
        parts.append(f"in {' and '.join(eras)}, {what}")
    return "How to read a score: " + "; ".join(parts) + ". Positive points are the side's own."


def _table(rows: list[list[str]]) -> str:
    return md.table([r or " " for r in rows[0]], rows[1:])


def deal_section(item: Curated, x: CrossEra, rulesets: Sequence[Ruleset]) -> str:
    record = item.record
    cid = str(record.get("id"))
    out = [f"## {record.get('description') or cid} {{#{md.slug(cid)}}}"]
    if item.why:
        out.append(item.why)
    home = next((rs for rs in rulesets if rs.id == record.get("ruleset")), None)
    if item.generated:
        gen = record.get("generated") or {}
        out.append(f"Generated under `{record.get('ruleset')}` by the seeded bots (`{gen.get('by')}`, seed "
                   f"{gen.get('seed')}); form `{(record.get('deal') or {}).get('form')}`.")
        actions = " · ".join(f"`{a}`" for a in record.get("actions") or [])
        out.append(md.admonition("abstract", "The record's actions", actions, collapsible=True))
    elif home is not None:
        out.append(f"Conformance case {md.link(f'`{cid}`', HERE, md.cases_path(home.id), cid)}, recorded under "
                   f"{md.link(home.title, HERE, md.rules_page(home.id))}.")
    out.append(_table(era_rows(x, rule_link)))
    if x.differences:
        out += ["Scoring rules whose points differ (with the tables, counts and multipliers each formula reads):",
                _table(difference_rows(x, rule_link))]
    return "\n\n".join(out)


def cross_era_page(rulesets: Sequence[Ruleset], curated: Sequence[Curated], problems: Sequence[str] = ()) -> str:
    """Every curated deal under every ruleset: results side by side, the rules behind each difference."""
    rulesets = sorted(rulesets, key=lambda r: (r.era, r.id), reverse=True)
    out = ["# Cross-era replay",
           "The same deal, with the same cards, bids and plays, as each era's rules would have it. Where an era "
           "scores it, the scores stand side by side with every scoring rule whose points differ; where a bid or a "
           "card is not allowed in an era, the rule that forbids it; where the era has no such kind of deal, the "
           "deal cannot be played there. "
           + md.link("The comparison of the rules", HERE, md.COMPARISON) + " tells the whole story of what changed.",
           md.admonition("info", "For implementers",
                         "The deals are listed in `spec/comparison.yaml`; `skruuvi replay --eras all CASE` prints "
                         "the same for any conformance case.", collapsible=True)]
    if problems:
        out.append(md.admonition("warning", "Curated deals that could not be used",
                                 "\n".join(f"- {md.cell(p)}" for p in problems)))
    sections, summary = [], []
    for item in curated:
        try:
            x = cross_era(item.record, rulesets)
        except SkruuviError as exc:
            out.append(md.admonition("warning", f"{item.record.get('id')}", md.cell(str(exc))))
            continue
        anchor = md.slug(str(item.record.get("id")))
        summary.append([md.link(str(item.record.get("description") or x.case_id), HERE, HERE, anchor),
                        *[_short(x, i) for i in range(len(x.eras))]])
        sections.append(deal_section(item, x, rulesets))
    if summary:
        out += [md.table(["Deal", *[f"{rs.era} (`{rs.id}`)" for rs in rulesets]], summary), score_key(rulesets)]
    else:
        out.append(md.admonition("note", "No curated deals", "`spec/comparison.yaml` names no usable deal."))
    out += same_cards_section(rulesets, HERE)
    return "\n\n".join(out + sections) + "\n"
