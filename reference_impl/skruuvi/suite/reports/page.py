"""The compliance page (``skruuvi report REPORT.jsonl... --html OUT.html``): one static HTML file, its style and its
small script inline, that needs no server and loads nothing from the network.

For one engine or several side by side it shows the engines (what each declared: rulesets, readings, features; the
suite version and date of its run), then per ruleset the pass rate of each engine, the failing cases that no reading
explains first, the rules and the features (from a report's coverage record; a report without one says so), and the
failures a declared or listed reading explains. Every failing rule is a row that opens on its failing cases; a
search box filters rules and cases by id, and a switch hides what passes. Every text an engine wrote is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ...rules.jsonsafe import dumps_safe
from .badge import colour, rate_text
from .compliance import (
    NO_ANSWER,
    Failure,
    coverage_rows,
    declared_features,
    declared_readings,
    explained_note,
    failures,
    failures_by_rule,
    has_coverage,
    ruleset_rate,
    rulesets_of,
    unlisted,
)
from .reading import Report

_STYLE = """
:root{--fg:#1b1f24;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d0d7de;--ok:#1a7f37;--bad:#cf222e;
--none:#9a6700;--link:#0550ae}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#30363d;
--ok:#3fb950;--bad:#f85149;--none:#d29922;--link:#4493f8}}
*{box-sizing:border-box}
body{margin:0;overflow-wrap:anywhere;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:var(--fg);background:var(--bg)}
main{max-width:1200px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.2em 0}h2{font-size:1.3rem;margin:1.6em 0 .4em;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem;margin:1.2em 0 .4em}
a{color:var(--link)}
code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;word-break:break-word;background:var(--panel);padding:8px;border-radius:6px;margin:.4em 0}
.muted,.note{color:var(--muted)}.note{font-size:.93rem}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.93rem}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--panel)}td.num{text-align:right;white-space:nowrap}
.rate{display:inline-block;min-width:4.5em;padding:0 6px;border-radius:4px;color:#fff;font-weight:600;
text-align:center}
.bar{display:block;height:6px;background:var(--line);border-radius:3px;margin-top:3px;min-width:80px}
.bar>span{display:block;height:6px;border-radius:3px}
.tools{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:12px 0;position:sticky;top:0;
background:var(--bg);padding:8px 0;z-index:1;border-bottom:1px solid var(--line)}
.tools input[type=search]{flex:1 1 220px;min-width:0;padding:6px 8px;font:inherit;border:1px solid var(--line);
border-radius:6px;background:var(--bg);color:var(--fg)}
details{border:1px solid var(--line);border-radius:6px;margin:4px 0;background:var(--bg)}
details>summary{cursor:pointer;padding:6px 8px;list-style:none;display:flex;gap:6px;align-items:baseline;
min-width:0;overflow-wrap:anywhere}
details>summary::-webkit-details-marker{display:none}
details>summary::before{content:"\\25B8";flex:none;color:var(--muted)}
details[open]>summary::before{content:"\\25BE"}
summary>.row{flex:1 1 auto;min-width:0}
details[open]>summary{border-bottom:1px solid var(--line);background:var(--panel)}
details>div{padding:6px 10px}
.row{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline}
.row>.key{flex:1 1 260px;min-width:0;overflow-wrap:anywhere;font-family:ui-monospace,Menlo,Consolas,monospace;
font-size:13px}
.cells{display:flex;flex-wrap:wrap;gap:4px 8px}
.cell{display:inline-block;min-width:8.5em;font-size:13px;white-space:nowrap}
.cell b{font-weight:600}.ok{color:var(--ok)}.bad{color:var(--bad)}.none{color:var(--none)}.absent{color:var(--muted)}
[id]{scroll-margin-top:120px}
.status{flex:none;white-space:nowrap;display:inline-block;font-size:12px;font-weight:600;padding:0 5px;
border-radius:4px;color:#fff;background:var(--bad)}
.legend .cell{min-width:0}
.engines{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
.engine{border:1px solid var(--line);border-radius:6px;padding:10px 12px;min-width:0;overflow-wrap:anywhere}
.engine h3{margin:0 0 .3em}.engine p{margin:.3em 0}
details.tags{border:none;margin:0}details.tags>summary{padding:0}details.tags>div{padding:4px 0}
details.group>summary{font-weight:600}
@media (max-width:640px){table.stack thead{display:none}
table.stack tr{display:block;border-bottom:1px solid var(--line);padding:6px 0}
table.stack td{display:block;border:none;padding:2px 4px;text-align:left}
table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600}}
[hidden]{display:none!important}
"""

_SCRIPT = """
(function(){
  var box=document.getElementById('filter'),only=document.getElementById('only-failing');
  function apply(){
    var q=box.value.trim().toLowerCase();
    document.querySelectorAll('[data-key]').forEach(function(el){
      var hit=!q||el.getAttribute('data-key').toLowerCase().indexOf(q)>=0||
        (el.tagName==='DETAILS'&&el.textContent.toLowerCase().indexOf(q)>=0);
      var hide=only.checked&&el.classList.contains('passing');
      el.hidden=!hit||hide;
    });
  }
  box.addEventListener('input',apply);only.addEventListener('change',apply);
  function reveal(){
    var el=location.hash&&document.getElementById(decodeURIComponent(location.hash.slice(1)));
    for(var p=el;p;p=p.parentElement){if(p.tagName==='DETAILS'){p.open=true;}}
    if(el){el.scrollIntoView();}
  }
  window.addEventListener('hashchange',reveal);reveal();
})();
"""


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def _anchor(*parts: str) -> str:
    return "-".join("".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in part) for part in parts)


def _rate_badge(rate: float | None) -> str:
    return (f'<span class="rate" style="background:{colour(rate)}">{_e(rate_text(rate))}</span>'
            f'<span class="bar"><span style="width:{0 if rate is None else rate:.1f}%;background:{colour(rate)}">'
            "</span></span>")


def _readings_text(readings: dict[str, Any]) -> str:
    if not readings:
        return '<span class="muted">the suite\'s defaults</span>'
    return "<br>".join(f"<code>{_e(rule)}</code> = <code>{_e(dumps_safe(value, ensure_ascii=False))}</code>"
                       for rule, value in readings.items())


def _engines_table(reports: Sequence[Report]) -> str:
    cards = []
    for i, report in enumerate(reports):
        header, impl = report.header, report.implementation
        declared = []
        for rid in sorted(map(str, impl.get("rulesets") or []), reverse=True):
            features = declared_features(report, str(rid))
            tags = ("every feature" if features is None else
                    f'<details class="tags"><summary>{len(features)} features</summary><div>'
                    + ", ".join(f"<code>{_e(t)}</code>" for t in features) + "</div></details>")
            declared.append(f"<li><b>{_e(rid)}</b>: readings {_readings_text(declared_readings(report, str(rid)))}; "
                            f"{tags}</li>")
        runner = header.get("runner") or {}
        cards.append(
            f'<div class="engine" id="engine-{i}"><h3>{i + 1}. {_e(report.name)}</h3>'
            f'<p><code class="muted">{_e(" ".join(header["impl"]))}</code></p>'
            f"<p>Suite {_e(report.suite_version or 'version not recorded')}, run {_e(header['started'])} "
            f"by {_e(runner.get('name', ''))} {_e(runner.get('version', ''))}</p>"
            f"<p>Declared:</p><ul>{''.join(declared) or '<li>nothing</li>'}</ul>"
            f'<p class="muted">Report <code>{_e(report.path)}</code>; {_e(explained_note(report))}</p></div>')
    return '<div class="engines">' + "".join(cards) + "</div>"


def _ruleset_table(reports: Sequence[Report], rid: str) -> str:
    rows = []
    for report in reports:
        run = report.rulesets.get(rid)
        if run is None:
            rows.append(f"<tr><td>{_e(report.name)}</td><td colspan=\"5\" class=\"muted\">no case of it run</td></tr>")
            continue
        c = run.counts
        xfail = f" ({c['xfail']} xfail)" if c["xfail"] else ""
        not_judged = ", ".join(f"{c[s]} {s}" for s in ("unsupported", "skipped", "errored", "timeout", "crashed")
                               if c[s]) or "none"
        rows.append(f"<tr><td><b>{_e(report.name)}</b></td>"
                    f"<td data-label=\"Passed\">{_rate_badge(ruleset_rate(run))}</td>"
                    f"<td class=\"num\" data-label=\"Passed of selected\">{c['pass']} of {run.selected}</td>"
                    f"<td class=\"num\" data-label=\"Failing\">{run.failed}{xfail}</td>"
                    f"<td data-label=\"Not judged\">{_e(not_judged)}</td><td data-label=\"Declared readings\">"
                    f"{_readings_text(declared_readings(report, rid))}</td></tr>")
    return ('<div class="scroll"><table class="stack"><thead><tr><th>Engine</th><th>Passed</th>'
            '<th class="num">Passed of selected</th><th class="num">Failing</th><th>Not judged</th>'
            '<th>Declared readings</th></tr></thead>'
            "<tbody>" + "".join(rows) + "</tbody></table></div>")


def _case(report_index: int, failure: Failure, rid: str, *, anchor: bool = True) -> str:
    record = failure.record or {}
    lines = [*failure.where, *record.get("diff", [])]
    detail = record.get("detail")
    body = [f"<p class=\"muted\">{_e(record.get('file', ''))}"
            f"{' (' + _e(record['location']) + ')' if record.get('location') else ''}</p>"]
    if failure.reading is not None:
        body.append(f"<p>Explained by the reading <b>{_e(failure.reading)}</b>.</p>")
    if record.get("judged_under"):
        body.append(f"<p>Expected under the declared readings {_readings_text(record['judged_under'])}</p>")
    if lines:
        body.append(f"<pre>{_e(chr(10).join(lines))}</pre>")
    if detail:
        body.append(f"<pre>{_e(detail)}</pre>")
    ident = f' id="{_anchor("case", str(report_index), rid, failure.id)}"' if anchor else ""
    return (f'<details class="case"{ident} data-key="{_e(failure.id)}"><summary><span class="status">'
            f"{_e(failure.status)}</span> <code>{_e(failure.id)}</code></summary><div>{''.join(body)}</div></details>")


def _unexplained(reports: Sequence[Report], rid: str) -> str:
    parts = []
    for i, report in enumerate(reports):
        found = [f for f in failures(report, rid) if f.reading is None]
        if not found:
            continue
        more = unlisted(report, rid)
        parts.append(f'<details class="group"{" open" if len(found) <= 5 else ""}><summary>{_e(report.name)}: '
                     f"{len(found)} unexplained{f' (and {more} more not kept)' if more else ''}</summary><div>"
                     + "".join(_case(i, f, rid) for f in found) + "</div></details>")
    if not parts:
        return '<p class="note">None: every failing case, if any, is explained by a reading.</p>'
    return ('<p class="note">Failing cases no reading explains (likely bugs), and cases that got no answer '
            f"({', '.join(sorted(NO_ANSWER))}). Open one to see where the engine and the reference part.</p>"
            + "".join(parts))


def _cell(figures: dict[str, int] | None) -> str:
    if figures is None:
        return '<span class="cell absent">no coverage</span>'
    judged, passed = figures["judged"], figures["passed"]
    if not judged and figures.get("unreachable"):
        return '<span class="cell absent">unreachable under its readings</span>'
    if not judged:
        return '<span class="cell none">not judged</span>'
    kind = "ok" if passed == judged else "bad"
    return f'<span class="cell {kind}"><b>{passed}/{judged}</b> {_e(rate_text(100.0 * passed / judged))}</span>'


def _filed(reports: Sequence[Report], filed: list[dict[str, list[Failure]]], rid: str, rule: str,
           figures: list[dict[str, int] | None] | None) -> str:
    """The body of a rule's row: each engine's failing cases filed under it (``filed``: each report's
    :func:`failures_by_rule`)."""
    body = []
    for i, report in enumerate(reports):
        cases = filed[i].get(rule, [])
        cell = figures[i] if figures is not None else None
        if cases:
            links = "".join(f'<li><a href="#{_anchor("case", str(i), rid, f.id)}"><code>{_e(f.id)}</code></a>'
                            f"{' (explained by ' + _e(f.reading) + ')' if f.reading else ''}</li>" for f in cases)
            body.append(f"<p><b>{_e(report.name)}</b>: {len(cases)} failing case{'s' if len(cases) > 1 else ''}"
                        f"</p><ul>{links}</ul>")
        elif cell is not None and cell["judged"] > cell["passed"]:
            body.append(f"<p><b>{_e(report.name)}</b>: {cell['judged'] - cell['passed']} failing; "
                        + ("its report files no failing case under this rule" if report.explain
                           else "run with --explain to see which") + "</p>")
        elif cell is not None:
            said = ("every judged case passed" if cell["judged"] else
                    "no case of its run could reach it" if cell.get("unreachable") else "no case judged")
            body.append(f"<p><b>{_e(report.name)}</b>: {said}</p>")
    return "".join(body) or '<p class="muted">No failing case is filed under it.</p>'


def _coverage_section(reports: Sequence[Report], rid: str, part: str, title: str) -> str:
    rows = coverage_rows(reports, rid, part)
    if not rows:
        return ""
    filed = [failures_by_rule(report, rid) for report in reports]
    out = [f"<h3>{title} ({len(rows)})</h3>",
           '<p class="note legend">Each row: cases judged and passed, per engine '
           + " · ".join(f"{i + 1}. {_e(r.name)}" for i, r in enumerate(reports))
           + ". Failing first, then not judged; open a row for its failing cases.</p>"]
    for key, cells in rows:
        failing = any(c is not None and c["judged"] > c["passed"] for c in cells)
        unjudged = any(c is not None and not c["judged"] and not c.get("unreachable") for c in cells)
        kind = "failing" if failing else "unjudged" if unjudged else "passing"
        body = _filed(reports, filed, rid, key, cells) if part == "rules" else (
            "<p>" + " · ".join(f"{_e(r.name)}: {_cell(c)}" for r, c in zip(reports, cells, strict=True)) + "</p>")
        out.append(f'<details class="{part[:-1]} {kind}" id="{_anchor(part[:-1], rid, key)}" data-key="{_e(key)}">'
                   f'<summary><span class="row"><span class="key">{_e(key)}</span><span class="cells">'
                   + "".join(_cell(c) for c in cells) + f"</span></span></summary><div>{body}</div></details>")
    return "".join(out)


def _rules(reports: Sequence[Report], rid: str) -> str:
    without = [r for r in reports if rid in r.rulesets and not has_coverage(r, rid)]
    note = ""
    if without:
        names = ", ".join(_e(r.name) for r in without)
        note = (f'<p class="note">The report{"s" if len(without) > 1 else ""} of {names} '
                f"carr{'y' if len(without) > 1 else 'ies'} no per-rule coverage: "
                "the figures above are per ruleset and per case.</p>")
    covered = _coverage_section(reports, rid, "rules", "Rules") + _coverage_section(reports, rid, "features",
                                                                                      "Features")
    if covered:
        return note + covered
    filed = [failures_by_rule(report, rid) for report in reports]
    rules = {rule: None for by_rule in filed for rule in by_rule}
    if not rules:
        return "<h3>Rules</h3>" + note + '<p class="note">No failing case is filed under a rule.</p>'
    out = ["<h3>Failing cases by rule</h3>", note,
           '<p class="note">Each failing case filed under the rules where the engine and the reference part '
           "(from --explain). Open a rule for its cases.</p>"]
    for rule in sorted(rules, key=lambda r: (r == "", r)):
        counts = [len(by_rule.get(rule, [])) for by_rule in filed]
        cells = "".join(f'<span class="cell {"bad" if n else "ok"}">{_e(r.name)}: <b>{n}</b></span>'
                        for r, n in zip(reports, counts, strict=True))
        label = rule or "(no rule named: the answers part before any rule decides)"
        out.append(f'<details class="rule failing" id="{_anchor("rule", rid, rule or "none")}" data-key="{_e(rule)}">'
                   f'<summary><span class="row"><span class="key">{_e(label)}</span><span class="cells">{cells}'
                   f"</span></span></summary><div>{_filed(reports, filed, rid, rule, None)}</div></details>")
    return "".join(out)


def _explained(reports: Sequence[Report], rid: str) -> str:
    parts = []
    for i, report in enumerate(reports):
        found = [f for f in failures(report, rid) if f.reading is not None]
        if found:
            parts.append(f'<details class="group"><summary>{_e(report.name)}: {len(found)} explained</summary><div>'
                         + "".join(_case(i, f, rid) for f in found) + "</div></details>")
    return ("<h3>Failures a reading explains</h3>" + "".join(parts)) if parts else ""


def _section(reports: Sequence[Report], rid: str) -> str:
    return (f'<section id="{_anchor("ruleset", rid)}"><h2>{_e(rid)}</h2>' + _ruleset_table(reports, rid)
            + "<h3>Unexplained failures</h3>" + _unexplained(reports, rid) + _rules(reports, rid)
            + _explained(reports, rid) + "</section>")


def page_html(reports: Sequence[Report]) -> str:
    """The whole page for these reports (one engine each), side by side in the order given."""
    rulesets = rulesets_of(reports)
    names = ", ".join(r.name for r in reports)
    nav = " · ".join(f'<a href="#{_anchor("ruleset", rid)}">{_e(rid)}</a>' for rid in rulesets)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,">'  # no favicon to fetch'
            f"<title>Skruuvi conformance: {_e(names)}</title><style>{_STYLE}</style></head><body><main>"
            f"<h1>Skruuvi conformance</h1><p>{len(reports)} engine{'s' if len(reports) != 1 else ''} side by side: "
            f"{_e(names)}. A pass rate is the share of a ruleset's selected cases that passed (a case not sent, "
            f"skipped or failed in any way counts against it).</p><p>{nav}</p>"
            '<div class="tools"><input type="search" id="filter" placeholder="Find a rule, feature or case id" '
            'aria-label="Find a rule, feature or case id"><label><input type="checkbox" id="only-failing"> '
            "hide what passes</label></div>"
            f"<h2>Engines</h2>{_engines_table(reports)}" + "".join(_section(reports, rid) for rid in rulesets)
            + f"</main><script>{_SCRIPT}</script></body></html>\n")


__all__ = ["page_html"]
