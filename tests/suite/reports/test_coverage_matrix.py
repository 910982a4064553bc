"""The reference passes ``--require-coverage`` under the readings an engine can declare (issue 30).

Each run is ``skruuvi conformance --ruleset RULESET --require-coverage`` over the hand-written and the generated cases
against ``skruuvi serve`` under one single reading (with those it requires) or a variant: every rule a case can reach
under it is judged, and a rule none can reach is named as unreachable. The whole matrix (every era as it stands,
every executable alternative, every variant: about 45 runs) is ``bench/coverage_matrix.py``; CI runs this sample: the
four 1895 readings under which the reference's coverage fell short before the played-under records scored every
reachable rule (the slams; the redeal unreachable under the all-pass misère), a 2016 alternative that decides what is
legal, and the 1944 variant (declared by ``serve --variant``).
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from skruuvi.authoring.played_under import reading_sets
from skruuvi.rules.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = [("skruuvi-1895", "auction.end-eight-passes", 12), ("skruuvi-1895", "auction.all-pass", "passimisaari"),
          ("skruuvi-1895", "kitty.choice", "ostoskruuvi"), ("skruuvi-1895", "kitty.choice", "pakettiskruuvi"),
          ("skruuvi-2016", "bolsevikki.lead", "declarer-right"), ("skruuvi-1944", "variant", "older-table")]


def _serve(rid: str, rule: str, value: object) -> list[str]:
    """The serve arguments of the set of readings the generator plays ``rule=value`` under (or the variant)."""
    if rule == "variant":
        return ["--variant", f"{rid}:{value}"]
    found = [s for s in reading_sets(get_ruleset(rid)) if s.forms is None and s.readings.get(rule) == value
             and not s.slug.startswith("variant-")]
    assert found, (rid, rule, value)
    return [f"--reading={r}={json.dumps(v, ensure_ascii=False)}" for r, v in found[0].readings.items()]


@pytest.mark.parametrize(("rid", "rule", "value"), SAMPLE, ids=[f"{r}:{k}={v}" for r, k, v in SAMPLE])
def test_the_reference_judges_every_rule_it_can_reach_under_the_reading(rid: str, rule: str, value: object) -> None:
    impl = shlex.join([sys.executable, "-m", "skruuvi", "serve", *_serve(rid, rule, value)])
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", "--ruleset", rid, "--impl", impl,
                           "--require-coverage", "--quiet", "conformance/cases", "conformance/generated"],
                          capture_output=True, text=True, timeout=900, cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    summary = proc.stdout.splitlines()[-1]
    assert " 0 failed, 0 errored" in summary
    count = len(get_ruleset(rid).rules)
    if (rule, value) == ("auction.all-pass", "passimisaari"):
        assert f"{rid} {count - 1}/{count - 1} (1 unreachable under the readings judged: redeal.scores-nothing)" \
            in summary
    else:
        assert f"{rid} {count}/{count}" in summary and "unreachable" not in summary
