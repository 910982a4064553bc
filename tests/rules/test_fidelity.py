"""Fidelity to the sources (issue 17): statuses, citations, the reconstruction notes and the cases they asked for.

- A rule marked ``stated`` must cite at least one real source: a key of spec/sources.yaml that is neither the
  project digest (RD) nor the project's own notes (RN), and whose reliability is primary or secondary.
- No rule cites the digest (RD) or one of its sections; the reasoning lives in spec/reconstruction.yaml (RN),
  which files every inferred or conflict rule of each ruleset under exactly one open question.
- The corrections the issue asked for stay made, and the alternative rounding of the 1944 result is executable.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from skruuvi.book import site
from skruuvi.book.reconstruction import open_rules, reconstruction_path
from skruuvi.cli.commands import main
from skruuvi.rules import schemas
from skruuvi.rules.paths import spec_dir
from skruuvi.rules.ruleset import load_ruleset
from skruuvi.rules.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((Path(spec_dir()) / "rulesets").glob("*.yaml"))
PROJECT_KEYS = {"RD", "RN"}


@pytest.fixture(scope="module")
def sources() -> dict[str, Any]:
    return load_yaml(Path(spec_dir()) / "sources.yaml")


@pytest.fixture(scope="module")
def notes() -> dict[str, Any]:
    return load_yaml(Path(spec_dir()) / "reconstruction.yaml")


def _entries(node: Any) -> list[dict[str, Any]]:
    """Every rule-like entry (id + status) anywhere in a ruleset document."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if "id" in node and "status" in node and "title" in node:
            found.append(node)
        for value in node.values():
            found += _entries(value)
    elif isinstance(node, list):
        for value in node:
            found += _entries(value)
    return found


@functools.cache  # each ruleset file is read once for the many checks of its rules (they only read the entries)
def _rules(path: Path) -> list[dict[str, Any]]:
    return [e for e in _entries(load_yaml(path)) if "source" in e]


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_every_stated_rule_cites_a_source_that_is_not_the_digest(path: Path, sources: dict[str, Any]) -> None:
    bad = []
    for rule in _rules(path):
        if rule["status"] != "stated":
            continue
        real = [k for k in rule["source"] if k not in PROJECT_KEYS
                and sources.get(k, {}).get("reliability") in ("primary", "secondary")]
        if not real:
            bad.append(f"{rule['id']}: {rule['source']}")
    assert not bad, f"stated rules without a real source: {bad}"


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_no_rule_cites_the_digest_or_its_sections(path: Path) -> None:
    doc = load_yaml(path)
    assert "RD" not in doc["sources"]
    for rule in _entries(doc):
        keys = list(rule.get("source") or []) + [k for a in rule.get("alternatives") or [] for k in a["source"]]
        assert "RD" not in keys, rule["id"]
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"RD §|digest §|§\s*\d", text), "a section of the digest is cited"
    assert "digest" not in text.lower()


def test_the_reconstruction_notes_match_their_schema(notes: dict[str, Any]) -> None:
    schemas.check(notes, "reconstruction", file="reconstruction.yaml")


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_every_open_rule_is_filed_once_under_its_era(path: Path, notes: dict[str, Any]) -> None:
    rs = load_ruleset(path)
    era = notes["eras"][rs.id]
    filed = [rid for q in era["questions"] for rid in q["rules"]]
    assert len(filed) == len(set(filed)), "a rule is filed under two questions"
    assert sorted(filed) == sorted(open_rules(rs))
    for q in era["questions"]:
        assert q["settled_by"], q["id"]


def test_inferred_rules_cite_the_notes_rather_than_the_digest(sources: dict[str, Any]) -> None:
    assert sources["RN"]["reliability"] == "not-a-rules-source"
    assert sources["RN"]["file"] == "spec/reconstruction.yaml"
    assert "No rule cites it" in " ".join(sources["RD"]["caveats"])


def test_every_source_has_a_title_and_an_address_or_says_it_has_none(sources: dict[str, Any]) -> None:
    for key, entry in sources.items():
        assert entry["title"].strip(), key
        if "url" not in entry:
            said = " ".join(entry.get("caveats") or []).lower()
            assert "no url" in said or "no public address" in said, key


def test_wikipedia_is_rated_secondary(sources: dict[str, Any]) -> None:
    assert sources["S002"]["reliability"] == "secondary"
    assert "secondary" in " ".join(sources["S002"]["caveats"]).lower()


def _rule(era: str, rid: str) -> dict[str, Any]:
    path = Path(spec_dir()) / "rulesets" / f"skruuvi-{era}.yaml"
    return next(r for r in _rules(path) if r["id"] == rid)


@pytest.mark.parametrize(("era", "rid", "status"), [
    ("1895", "play.trumps", "inferred"), ("1895", "score.honours", "inferred"), ("1895", "score.aces", "inferred"),
    ("1944", "score.sequences", "inferred"), ("1944", "score.overtrick-value", "inferred"),
    ("1944", "score.undertricks", "inferred"), ("1944", "score.contract-made", "inferred"),
    ("1944", "match.game-bonus", "inferred"), ("1944", "match.final-accounting", "stated"),
    ("1944", "play.trumps", "inferred"), ("1944", "score.honour-count", "inferred"),
    ("2016", "auction2.final-min-level", "inferred"), ("2016", "passimisaari.doubling-order", "inferred"),
    ("2016", "bolsevikki.value", "inferred"), ("2016", "bolsevikki.further-trick", "inferred"),
    ("2016", "bolsevikki.one-against-three", "inferred"),
    ("2016", "match.dealer-rotation", "inferred"), ("2016", "deal.shuffled-top-card", "conflict"),
])
def test_issue_17_statuses(era: str, rid: str, status: str) -> None:
    assert _rule(era, rid)["status"] == status


def test_issue_17_texts_and_citations() -> None:
    assert "whole number" not in _rule("1944", "match.final-accounting")["text"]
    assert "cancelled" in _rule("1944", "score.honour-count")["note"]
    for rid in ("bolsevikki.value", "bolsevikki.further-trick"):
        rule = _rule("2016", rid)
        assert rule["source"] == ["RN"] and "UNSOURCED" in rule["title"]
    assert _rule("2016", "score.misere-aces")["alternatives"][0]["source"] == ["RN"]
    assert "not what S001 says" in _rule("2016", "score.misere-aces")["alternatives"][0]["note"]
    assert "agrees with both" not in _rule("2016", "auction2.end-four-passes")["note"]
    shuffle = _rule("2016", "deal.shuffled-top-card")
    assert "param" not in shuffle and shuffle["enforced"] is False
    assert shuffle["source"] == ["S002", "PSK"] and shuffle["alternatives"][0]["source"] == ["PSK"]
    for rid in ("alkupeli.hand-size", "alkupeli.centre-cards"):
        assert "NF" in _rule("1895", rid)["source"]


@pytest.mark.parametrize(("era", "rid", "status"), [
    ("2016", "bolsevikki.several-callers", "stated"), ("2016", "bolsevikki.call-once", "stated"),
    ("2016", "bolsevikki.call-first", "conflict"), ("2016", "defenders-exchange.kind", "stated"),
    ("2016", "score.contract-points", "inferred"), ("2016", "deal.cut", "stated"),
    ("1895", "score.honour-unit", "inferred"), ("1895", "score.ace-unit", "inferred"),
    ("1895", "score.undertrick-unit", "inferred"), ("1895", "score.undertricks", "inferred"),
    ("1895", "score.undertricks-per-trick", "inferred"),
    ("1895", "score.aces", "inferred"), ("1895", "score.honours", "inferred"),
])
def test_issue_33_statuses(era: str, rid: str, status: str) -> None:
    assert _rule(era, rid)["status"] == status


def test_issue_33_the_bolsevikki_call_follows_cac() -> None:
    several = _rule("2016", "bolsevikki.several-callers")
    assert several["value"] == "first-chooses" and "CAC" in several["source"]
    assert "the last player to have bid Bolshevik on the hand must play" in several["note"]  # CAC's own words
    [kept] = several["alternatives"]  # today's behaviour before issue 33, with its reason
    assert kept["value"] == "rejected" and kept["source"] == ["RN"] and "No source describes this" in kept["note"]
    once = _rule("2016", "bolsevikki.call-once")
    assert once["value"] is True and "There is one round of bidding" in once["note"]
    assert "cannot be replayed" not in once["note"] and "contradicts CAC" not in once["note"]
    assert all(a["value"] != "several callers; the first caller decides, in turn; the last caller must play (CAC)"
               for a in once["alternatives"])
    text = (Path(spec_dir()) / "rulesets" / "skruuvi-2016.yaml").read_text(encoding="utf-8")
    assert "breaks off there" not in text


def test_issue_33_the_1895_readings_say_what_psw_says() -> None:
    for rid, quote in (("score.honour-unit", "Honours 10 × level of bid"), ("score.ace-unit", "Aces 10 × level of bid"),
                       ("score.undertrick-unit", "Undertricks 100 × level of bid")):
        rule = _rule("1895", rid)
        assert quote in rule["note"] and "RN" in rule["source"], rid
        assert "each" not in rule["title"].lower(), rid  # the per-unit reading is not written as PSW's
    [flat] = _rule("1895", "score.undertricks-per-trick")["alternatives"]  # the other reading, executable
    assert flat["value"] == 0 and flat["source"] == ["PSW"]
    assert "The side that gets the odd trick scores for two aces held." in _rule("1895", "score.aces")["note"]
    assert "does not say how a 2–2 split" not in _rule("1895", "score.aces")["note"]
    assert "not implemented" not in _rule("1895", "score.honours")["note"]
    notes = (Path(spec_dir()) / "reconstruction.yaml").read_text(encoding="utf-8")
    assert "not implemented" not in notes and "odd trick scores for two aces held" in notes


def test_issue_33_what_the_2016_book_rests_on(sources: dict[str, Any]) -> None:
    doc = load_yaml(Path(spec_dir()) / "rulesets" / "skruuvi-2016.yaml")
    assert len(doc["title"]) <= 40 and "S001" not in doc["title"]  # short; the provenance says the rest
    assert "vuoden 2016 sääntöjen mukaan" in doc["provenance"] and "names no book" in doc["provenance"]
    assert "Taskinen" in doc["provenance"] and "undated" in doc["provenance"]
    assert "KPO and CAC" not in doc["summary"]
    assert "Taskinen" in sources["KPO"]["covers"] and sources["CAC"]["year"] == "unknown"
    assert "2016 Handbook rules" not in sources["S001"]["covers"]
    assert "S001's score table" in _rule("2016", "score.contract-points")["note"]
    assert "saavat vaihtaa" in _rule("2016", "defenders-exchange.kind")["note"]
    assert "Hyvä tapa" in _rule("2016", "deal.cut")["note"]


def _cited(doc: dict[str, Any]) -> set[str]:
    """Every source key a rule of the ruleset cites: its own, its alternatives', and its variants'."""
    keys: set[str] = set()
    for rule in _entries(doc):
        keys.update(rule.get("source") or [])
        for alt in rule.get("alternatives") or []:
            keys.update(alt.get("source") or [])
    for variant in doc.get("variants") or []:
        keys.update(variant.get("source") or [])
    return keys


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_a_rulesets_sources_are_the_ones_its_rules_cite(path: Path, sources: dict[str, Any]) -> None:
    """Every source a rule cites is in the ruleset's list; every listed source is cited by a rule, or the ruleset's
    provenance names it and so says why it is listed."""
    doc = load_yaml(path)
    listed, cited = list(doc["sources"]), _cited(doc)
    assert len(listed) == len(set(listed)), "a source is listed twice"
    assert set(listed) <= set(sources), sorted(set(listed) - set(sources))
    assert not cited - set(listed), f"cited by rules but not in the ruleset's sources: {sorted(cited - set(listed))}"
    unexplained = [k for k in set(listed) - cited if not re.search(rf"\b{k}\b", doc.get("provenance") or "")]
    assert not unexplained, f"listed, cited by no rule, and not named in the provenance: {unexplained}"


@pytest.fixture(scope="module")
def book_pages() -> dict[str, str]:
    """The generated book, rendered once for the tests below that read it."""
    return site.build_pages(ROOT)


def test_the_book_has_a_reconstruction_page_per_era_linking_every_open_rule(book_pages: dict[str, str]) -> None:
    pages = book_pages
    for path in RULESETS:
        rs = load_ruleset(path)
        page = pages[reconstruction_path(rs.id)]
        assert "Not yet filed" not in page
        for rid in open_rules(rs):
            assert f"../rules/{rs.id}.md#{rid})" in page, rid
    nav = json.dumps(site.nav(site.load_rulesets(ROOT)))
    assert "Reconstruction notes" in nav


def test_the_kotka_source_example_is_a_worked_example(book_pages: dict[str, str]) -> None:
    case = load_yaml(ROOT / "conformance" / "cases" / "1944" / "kotka" / "source-example-6S-nine-tricks.yaml")
    assert case["example"] is True and case["justification"]["kind"] == "source-example"
    assert case["expect"]["result"]["score"]["NS"]["below"] == 54
    page = book_pages["examples/skruuvi-1944.md"]
    assert "1944.kotka.source-example-6S-nine-tricks" in page


def test_rounding_to_five_is_the_executable_alternative(capsys: pytest.CaptureFixture[str]) -> None:
    case = ROOT / "conformance" / "cases" / "1944" / "match" / "set-final-not-rounded-to-five.yaml"

    def book(*extra: str) -> int:  # ``skruuvi replay [--reading R] CASE``, run in this process
        assert main(["replay", *extra, str(case)]) == 0
        return json.loads(capsys.readouterr().out)["result"]["match"]["final"]["book"]

    assert book() == -38
    assert book("--reading", "match.final-rounding=5") == -40
