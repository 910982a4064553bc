"""The records played under other readings (conformance/generated/<era>/readings-<seed>.jsonl.gz, issue 30).

They are what ``skruuvi generate --readings`` writes; every set of readings has records; each record carries its
readings and the marker the runner sends it by, is legal under its readings and answered there as the reference
answers it, and the independent oracle gives the same answers.
"""

from __future__ import annotations

import gzip
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import loaded_files
from skruuvi.authoring.generate import to_json_lines
from skruuvi.authoring.played_under import MARKER, played_under, reading_sets, records_under
from skruuvi.interpreter import engine
from skruuvi.interpreter.replay import replay
from skruuvi.interpreter.settle import score
from skruuvi.rules.reach import reachable_scoring
from skruuvi.rules.readings import ruleset_under
from skruuvi.rules.ruleset import get_ruleset
from skruuvi.suite.cases.cases import PLAYED_UNDER
from skruuvi.suite.run.runner import compare

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "conformance" / "generated"
FILES = {"skruuvi-2016": (GENERATED / "2016" / "readings-3.jsonl.gz", 3),
         "skruuvi-1944": (GENERATED / "1944" / "readings-1.jsonl.gz", 1),
         "skruuvi-1895": (GENERATED / "1895" / "readings-5.jsonl.gz", 5)}


def _records(rid: str) -> list[dict[str, Any]]:
    with gzip.open(FILES[rid][0], "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]



def test_the_marker_is_the_one_the_runner_reads() -> None:
    assert MARKER == PLAYED_UNDER


def test_the_committed_1895_file_is_what_the_generator_writes() -> None:
    with gzip.open(FILES["skruuvi-1895"][0], "rt", encoding="utf-8") as handle:
        committed = handle.read()
    assert committed == "".join(to_json_lines(played_under(get_ruleset("skruuvi-1895"), FILES["skruuvi-1895"][1])))


@pytest.mark.parametrize("rid", ["skruuvi-1944", "skruuvi-2016"])
def test_the_committed_records_of_some_sets_are_what_the_generator_writes(rid: str) -> None:
    """Each set draws from its own stream, so a few sets (the first, a variant's, a combination's, the last)
    regenerate alone; the whole 2016 file takes the generator most of a minute."""
    ruleset = get_ruleset(rid)
    sets = reading_sets(ruleset)
    chosen = {sets[0].slug: sets[0], sets[-1].slug: sets[-1]}
    for readings in sets:
        if readings.slug.startswith(("variant-", "passimisaari.return-order")):
            chosen[readings.slug] = readings
    with gzip.open(FILES[rid][0], "rt", encoding="utf-8") as handle:
        lines = handle.readlines()
    for readings in chosen.values():
        fresh = list(to_json_lines(records_under(ruleset, readings, FILES[rid][1])))
        mine = [line for line in lines if f".under-{readings.slug}-" in json.loads(line)["id"]]
        assert mine == fresh, readings.slug


@pytest.mark.parametrize("rid", sorted(FILES))
def test_every_set_of_readings_has_records_that_carry_it(rid: str) -> None:
    records = _records(rid)
    by_slug = {s.slug: s for s in reading_sets(get_ruleset(rid))}
    found = {slug: 0 for slug in by_slug}
    for record in records:
        slug = next(s for s in by_slug if f".under-{s}-" in record["id"])
        found[slug] += 1
        assert record[MARKER] is True
        assert record["readings"] == json.loads(json.dumps(dict(by_slug[slug].readings))), record["id"]
        assert record["expect"] == (lambda r: {"match": r["result"]["match"]} if "match" in record and "result" in r
                                    else r)(replay(record).to_response()), record["id"]
        assert "result" in record["expect"] or "match" in record["expect"], f"{record['id']}: not played legally"
    assert all(found.values()), [slug for slug, n in found.items() if not n]
    assert len({r["id"] for r in records}) == len(records)


@pytest.mark.parametrize("rid", sorted(FILES))
def test_the_oracle_gives_the_same_answers_under_the_readings(rid: str) -> None:
    oracle = loaded_files.oracle()
    differ = []
    for record in _records(rid):
        public = {k: v for k, v in record.items() if k not in ("expect", "justification")}
        kind, body = next(iter(oracle.respond(public).items()))
        if compare(record["expect"], kind, body):
            differ.append(record["id"])
    assert not differ, differ[:10]


@pytest.mark.parametrize("rid", sorted(FILES))
def test_each_single_reading_and_variant_scores_every_scoring_rule_it_can_reach(rid: str) -> None:
    """Under a reading, the records played as the ruleset stands are judged as the errors it makes of them (every
    1895 record chooses a procedure, which kitty.choice=ostoskruuvi forbids): so each single reading's and each
    variant's own records score every rule of a scoring scheme the readings can reach (the slams under each 1895
    reading), read off the committed records replayed under the readings, not off the generator."""
    ruleset = get_ruleset(rid)
    records = _records(rid)
    gaps = {}
    for readings in reading_sets(ruleset):
        if readings.forms is not None:
            continue  # (a combination is made for the forms whose legality it decides)
        under = ruleset_under(rid, readings.readings)
        scored: set[str] = set()
        for record in records:
            if f".under-{readings.slug}-" not in record["id"] or "deal" not in record:
                continue
            state = engine.start(under, record["deal"])
            for action in record["actions"]:
                state = engine.apply(state, action)
            scored |= {item.rule for item in score(state)[2]}
        missing = sorted(reachable_scoring(under) - scored)
        if missing:
            gaps[readings.slug] = missing
    assert not gaps, gaps


def test_the_sizes_stay_small() -> None:
    """A few records per reading and form: the whole suite still runs in seconds."""
    counts = {rid: len(_records(rid)) for rid in FILES}
    assert sum(counts.values()) < 1000, counts
    assert all(itertools.starmap(lambda rid, n: n >= len(reading_sets(get_ruleset(rid))), counts.items()))


def test_the_export_carries_them_and_a_run_of_it_judges_them_under_the_declared_readings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the export as in the checkout: the records keep their readings and marker, and the reference declaring the
    readings of some of them (and, as it declares every feature, case-readings) passes them all."""
    import shutil
    import subprocess

    from skruuvi.rules import paths
    from skruuvi.suite.export import export_suite

    generated = tmp_path / "generated"
    for rid, (path, _) in FILES.items():
        (generated / get_ruleset(rid).era).mkdir(parents=True)
        shutil.copy(path, generated / get_ruleset(rid).era / path.name)
    monkeypatch.setattr(paths, "generated_dir", lambda: generated)
    manifest = export_suite(tmp_path / "export")
    exported = [json.loads(line) for line in (tmp_path / "export" / "generated" / "skruuvi-2016" / "readings-3.jsonl")
                .read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in exported] == [r["id"] for r in _records("skruuvi-2016")]
    assert all(r[PLAYED_UNDER] is True and r["readings"] for r in exported)
    assert any(f["path"] == "generated/skruuvi-1895/readings-5.jsonl" for f in manifest["files"])
    mine = {r["id"] for r in exported if r["readings"] == {"passimisaari.return-order": "reverse"}}
    assert mine
    serve = f"{sys.executable} -m skruuvi serve --reading passimisaari.return-order=reverse"
    done = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", str(tmp_path / "export"), "--ruleset",
                           "skruuvi-2016", "--run", "gen.2016.*", "--quiet", "--impl", serve, "--report",
                           str(tmp_path / "r.jsonl")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    statuses = {r["id"]: r["status"] for r in map(json.loads, (tmp_path / "r.jsonl").read_text().splitlines())
                if r["type"] == "case"}
    assert mine <= set(statuses) and len(statuses) == len(exported) and set(statuses.values()) == {"pass"}
