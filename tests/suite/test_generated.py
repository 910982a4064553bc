"""The generated suites (conformance/generated): reproducible, and answered alike by both implementations."""

from __future__ import annotations

import gzip
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi.authoring.generate import generate, to_json_lines
from skruuvi.rules.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "conformance" / "generated"
ORACLE = ROOT / "conformance" / "oracle" / "oracle.py"
FILES = {"skruuvi-2016": GENERATED / "2016" / "seed-3.jsonl.gz", "skruuvi-1944": GENERATED / "1944" / "seed-1.jsonl.gz",
         "skruuvi-1895": GENERATED / "1895" / "seed-5.jsonl.gz"}
SEEDS = {"skruuvi-2016": 3, "skruuvi-1944": 1, "skruuvi-1895": 5}
TOTAL = 13835 + 14680 + 13859
"""The records of the three files (``skruuvi generate`` prints each file's count)."""
PLAYED_UNDER = sorted(GENERATED.glob("*/readings-*.jsonl.gz"))
"""The records played under other readings (tests/authoring/test_played_under.py): both implementations list
``case-readings``, so they are sent these too."""


@pytest.mark.parametrize("ruleset_id", sorted(FILES))
def test_the_committed_file_is_what_the_generator_writes(ruleset_id: str) -> None:
    with gzip.open(FILES[ruleset_id], "rt", encoding="utf-8") as handle:
        head = list(itertools.islice(handle, 60))
    regenerated = list(itertools.islice(to_json_lines(generate(get_ruleset(ruleset_id), 10000, SEEDS[ruleset_id])),
                                        60))
    assert head == regenerated


def _kind(case_id: str) -> str:
    """The kind of a generated record, from its id (``gen.<era>.<seed>.<kind>-...``)."""
    name = case_id.split(".", 3)[3]
    if re.fullmatch(r"invalid-deal-\d+", name):  # one of the few corrupted deals among the corrupted actions
        return "invalid"
    for kind in ("legal", "state", "match"):
        if name.startswith(kind):
            return kind
    return "deal-check" if name.startswith(("deal-", "invalid-deal-")) else "invalid"


@pytest.mark.parametrize("ruleset_id", sorted(FILES))
def test_the_new_kinds_follow_the_committed_records_as_the_generator_writes_them(ruleset_id: str) -> None:
    """The records after the legal and corrupted deals (set positions, deal checks, matches) are exactly what
    generate_suite writes for those kinds alone: each kind draws from its own stream."""
    from skruuvi.authoring import KINDS
    from skruuvi.authoring.kinds import generate_suite

    with gzip.open(FILES[ruleset_id], "rt", encoding="utf-8") as handle:
        lines = [line for line in handle if _kind(json.loads(line)["id"]) not in ("legal", "invalid")]
    fresh = list(to_json_lines(generate_suite(get_ruleset(ruleset_id), 10000, SEEDS[ruleset_id], kinds=KINDS[2:])))
    assert lines == fresh


@pytest.mark.parametrize("ruleset_id", sorted(FILES))
def test_each_file_has_ten_thousand_deals_and_every_reachable_code(ruleset_id: str) -> None:
    results, codes, kinds = 0, {}, {}
    races = 0  # deals from a set position in which both sides pass the threshold
    with gzip.open(FILES[ruleset_id], "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            expect, kind = record["expect"], _kind(record["id"])
            kinds[kind] = kinds.get(kind, 0) + 1
            if kind == "legal":
                assert "result" in expect
                results += 1
            elif kind == "invalid":
                codes[expect["error"]["code"]] = codes.get(expect["error"]["code"], 0) + 1
            elif kind == "state" and "running" in record["deal"]["state"]:
                running = record["deal"]["state"]["running"]
                races += min(running.get("NS", 0), running.get("EW", 0)) >= 50
    assert results == 10000
    assert codes and min(codes.values()) >= 200, codes
    has_games = ruleset_id != "skruuvi-2016"
    assert kinds.get("state", 0) == (1000 if has_games else 0)
    assert has_games <= (races >= 50)
    assert kinds["deal-check"] >= 5 * 45 and kinds["match"] == 40 * 5
    if ruleset_id == "skruuvi-1944":
        assert "bid-not-allowed" not in codes  # every strain may be bid in 1944
    else:
        assert "bid-not-allowed" in codes  # 2016: only seven misère in a bolsevikki; 1895: no misère at all
    if ruleset_id == "skruuvi-1895":
        assert "choice-not-offered" in codes and "double-not-allowed" not in codes  # the taker's choice; no knocks


def test_generation_is_deterministic() -> None:
    ruleset = get_ruleset("skruuvi-1944")
    first = "".join(to_json_lines(generate(ruleset, 20, 7, per_code=2)))
    assert first == "".join(to_json_lines(generate(ruleset, 20, 7, per_code=2)))
    assert first != "".join(to_json_lines(generate(ruleset, 20, 8, per_code=2)))


@pytest.mark.parametrize("impl", ["reference", "oracle"])
def test_both_implementations_pass_the_generated_suites(impl: str) -> None:
    command = [sys.executable, "-m", "skruuvi", "conformance", str(GENERATED), "--quiet", "--jobs", "2"]
    if impl == "oracle":
        command += ["--impl", f"{sys.executable} {ORACLE}"]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    played = 0
    for path in PLAYED_UNDER:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            played += sum(1 for _ in handle)
    assert len(PLAYED_UNDER) == 3 and played
    assert f"{TOTAL + played} passed, 0 failed" in proc.stdout
