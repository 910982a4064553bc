"""The case that killed each mutant last time (conformance/mutation/kill-hints.json), tried first next time.

Most mutants are killed by one case far down the suite; asking that case first kills them at once. A hint only
reorders the cases (:func:`~skruuvi.authoring.mutate.run_mutation`'s ``first``): a mutant is still killed
exactly when some case's answer changes, and a survivor is still replayed against every case. A stale hint (a
case renamed, or no longer the killer) costs one replay. ``python -m skruuvi.authoring.kill_hints`` writes the
file anew from a run over every ruleset and the hand-written cases.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from ..rules.paths import conformance_dir, rulesets_dir
from ..rules.ruleset import available_rulesets
from ..rules.yamlio import find_case_files, iter_records, load_yaml


def hints_file() -> Path:
    return conformance_dir() / "mutation" / "kill-hints.json"


def load_hints(ruleset_id: str) -> dict[tuple[str, str], str]:
    """{(pointer, mutation): case id} of a ruleset; empty when the file is absent or not as written here (hints
    only speed the run up)."""
    try:
        stored = json.loads(hints_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = stored.get(ruleset_id) if isinstance(stored, dict) else None
    if not isinstance(entries, dict):
        return {}
    return {tuple(key.split(" ", 1)): case for key, case in entries.items()  # type: ignore[misc]
            if isinstance(key, str) and " " in key and isinstance(case, str)}


def dump_hints(by_ruleset: Mapping[str, Mapping[tuple[str, str], str]]) -> str:
    """The file's text: per ruleset, "pointer mutation": case id, one a line, sorted."""
    blocks = []
    for ruleset_id, hints in sorted(by_ruleset.items()):
        lines = [f" {json.dumps(f'{p} {m}', ensure_ascii=False)}: {json.dumps(c, ensure_ascii=False)}"
                 for (p, m), c in sorted(hints.items())]
        blocks.append(f"{json.dumps(ruleset_id)}: {{\n" + ",\n".join(lines) + "\n}")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def main() -> int:
    from .mutate import run_mutation

    cases = [case for f in find_case_files([conformance_dir() / "cases"]) for _, _, case in iter_records(f)]
    found = {}
    for ruleset_id in available_rulesets():
        doc = load_yaml(rulesets_dir() / f"{ruleset_id}.yaml")
        mine = [c for c in cases if isinstance(c, dict) and c.get("ruleset") == ruleset_id]
        report = run_mutation(doc, ruleset_id, mine, first=load_hints(ruleset_id))
        found[ruleset_id] = report.killed_by
        sys.stdout.write(f"{ruleset_id}: {len(report.killed_by)} killed mutants\n")
    hints_file().write_text(dump_hints(found), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
