"""The full-outcome dump: every answer the reference gives, in one file, to prove a refactor changes nothing.

    python bench/dump.py [--out FILE] [--bench-count 1000] [--cross-every 10]

For every hand-written case (``conformance/cases``), every generated case (``conformance/generated``), a
seeded set of bot records per ruleset (``--bench-count``, the bench's kind of record) and, for every
``--cross-every``-th case (chosen by a hash of its id, so that adding cases does not move the sample), its
replay under each of the other rulesets, one JSON line records the whole outcome: the result, the error's
code, index, deal and message, and every score item of the breakdown. An exception is recorded by its type and
message (a raising input must keep raising the same way). With ``--step-path`` every phase runs on its step
path: the digest must be the same as without it, which proves the batch paths of
:mod:`skruuvi.interpreter.fast` equal to the rules on every record.

The last line printed is the sha256 of the dump and the number of replays. Two trees give the same answers
exactly when they print the same digest. Nothing is asserted here; the fast-path test samples the same
comparison in CI.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.authoring.bots import random_record  # noqa: E402
from skruuvi.interpreter import engine  # noqa: E402
from skruuvi.interpreter.replay import replay  # noqa: E402
from skruuvi.rules.ruleset import available_rulesets, get_ruleset  # noqa: E402
from skruuvi.suite.cases.cases import iter_cases  # noqa: E402


def _outcome(case: dict[str, Any], ruleset: Any = None) -> dict[str, Any]:
    try:
        out = replay(case, ruleset)
    except Exception as exc:  # recorded, not hidden: a raise must stay the same raise
        return {"raised": type(exc).__name__, "message": str(exc)}
    return {
        "result": out.result,
        "code": out.error_code,
        "index": out.error_index,
        "deal": out.error_deal,
        "message": out.message,
        "breakdown": [list(item) for item in out.breakdown],
    }


def _records(bench_count: int) -> Iterator[tuple[str, dict[str, Any]]]:
    for case in iter_cases([ROOT / "conformance" / "cases", ROOT / "conformance" / "generated"]):
        yield case.id, case.record
    for ruleset_id in sorted(available_rulesets()):
        ruleset = get_ruleset(ruleset_id)
        rng = random.Random(f"dump-{ruleset_id}")
        for number in range(bench_count):
            yield f"bench.{ruleset_id}.{number}", random_record(ruleset, rng, case_id=f"bench-{number}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="also write the dump to this file")
    parser.add_argument("--bench-count", type=int, default=1000, help="bot records per ruleset (default 1000)")
    parser.add_argument("--cross-every", type=int, default=10, help="cross-era replay of about one case in n")
    parser.add_argument("--step-path", action="store_true",
                        help="replay every phase on its step path, without the batch paths (the same digest)")
    args = parser.parse_args(argv)
    with engine.step_path_only() if args.step_path else contextlib.nullcontext():
        return _dump(args)


def _dump(args: argparse.Namespace) -> int:
    rulesets = {rid: get_ruleset(rid) for rid in sorted(available_rulesets())}
    digest = hashlib.sha256()
    out = args.out.open("w", encoding="utf-8") if args.out else None
    count = 0
    for case_id, record in _records(args.bench_count):
        lines = [{"id": case_id, **_outcome(record)}]
        if zlib.crc32(case_id.encode()) % args.cross_every == 0 and isinstance(record.get("ruleset"), str):
            for rid, ruleset in rulesets.items():
                if rid != record["ruleset"]:
                    lines.append({"id": case_id, "under": rid, **_outcome(record, ruleset)})
        for line in lines:
            text = json.dumps(line, sort_keys=True, ensure_ascii=True) + "\n"
            digest.update(text.encode())
            if out is not None:
                out.write(text)
            count += 1
    if out is not None:
        out.close()
    print(f"{digest.hexdigest()}  {count} replays")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
