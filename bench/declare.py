"""What an engine's declarations cost the runner: the plan of every case, in-process, without an engine.

    python bench/declare.py [PATH ...] [--json]

For the cases under PATH (default: conformance/cases and conformance/generated), the time the runner's
:class:`~skruuvi.suite.run.declare.Plan` takes to decide every case when the engine declares

1. nothing (the cases go out as they are: the plan only checks the ruleset);
2. every feature of its rulesets but ``case-readings``, as a list (each case's tags are derived: a walk of
   its actions; the cases that pin readings are unsupported). A list of every tag is not timed: it needs
   no derivation;
3. one reading per ruleset (each case of it gets the reference's answer under the reading, by a replay).

The cases are loaded once, before any timing. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.rules.ruleset import available_rulesets, get_ruleset  # noqa: E402
from skruuvi.suite.cases.cases import load_cases  # noqa: E402
from skruuvi.suite.features.features import feature_tags  # noqa: E402
from skruuvi.suite.run.declare import plan_for  # noqa: E402

#: One reading per ruleset that changes many answers (the scale of 1895's points, the honours of 1944 from
#: the tricks won, the reversed passimisääri returns of 2016).
READINGS = {"skruuvi-1895": {"score.scale": 10}, "skruuvi-1944": {"score.honours-from": "tricks-won"},
            "skruuvi-2016": {"passimisaari.return-order": "reverse"}}


def _time(header: dict[str, Any], cases: list[Any]) -> dict[str, Any]:
    plan = plan_for(header)
    began = time.perf_counter()
    unsupported = sum(1 for case in cases if isinstance(plan(case), str))
    seconds = time.perf_counter() - began
    return {"seconds": round(seconds, 3), "cases_per_second": round(len(cases) / seconds) if seconds else None,
            "unsupported": unsupported, "judged_under_readings": plan.judged, "same": plan.same}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "conformance" / "cases"),
                                                     str(ROOT / "conformance" / "generated")])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    args = parser.parse_args()
    cases = load_cases(args.paths)
    rulesets = available_rulesets()
    impl = {"name": "bench", "version": "0", "rulesets": rulesets}
    runs = {
        "nothing": {"protocol": 1, "implementation": impl},
        "features": {"protocol": 1, "implementation": {
            **impl, "features": {rid: [t for t in feature_tags(get_ruleset(rid)) if t != "case-readings"]
                                 for rid in rulesets}}},
        "readings": {"protocol": 1, "implementation": {**impl, "readings": READINGS}},
    }
    out = {"cases": len(cases), **{name: _time(header, cases) for name, header in runs.items()}}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['cases']} cases")
        for name in runs:
            print(f"  declaring {name:9s}: {out[name]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
