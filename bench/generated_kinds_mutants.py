"""What the generated kinds beyond the legal and corrupted deals add: hand-made mutants of the oracle's deal,
``deal.state``, game and match checks, run over two parts of the generated suites.

    python bench/generated_kinds_mutants.py [--sample 20] [--jobs 2]

The two parts: every ``--sample``-th record of the legal and corrupted deals (the records the generated files
held before the set positions, deal checks and matches were added), and every record of those new kinds.
Each mutant is one textual change of ``conformance/oracle/oracle.py`` (a bound moved by one, a condition
dropped or loosened, a check removed) in the code the new kinds are meant to reach; it runs as an SCP/1 engine
over each part, and is killed by a part if any case there fails or errors. The table prints each mutant
and which parts kill it. Nothing is asserted: a survivor is a gap to look at. It runs the suite part twice
per mutant (a few minutes in all).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT / "conformance" / "oracle" / "oracle.py"
GENERATED = ROOT / "conformance" / "generated"
NEW_KIND = re.compile(r"^gen\.\d+\.\d+\.(state-|deal-|match-|invalid-deal-(?!\d+$))")

MUTANTS: list[tuple[str, str, str]] = [  # (what it breaks, the text, its replacement)
    ("negative position", "pos[0] < 0", "pos[0] < -1"),
    ("position 52", "pos[-1] > 51", "pos[-1] > 52"),
    ("a bool as a position", "isinstance(p, int) and not isinstance(p, bool) for p in x",
     "isinstance(p, int) for p in x"),
    ("a float as a position", "isinstance(p, int) and not isinstance(p, bool) for p in x",
     "isinstance(p, (int, float)) and not isinstance(p, bool) for p in x"),
    ("a repeated position", "if len(set(pos)) != size or", "if"),
    ("hands with centre_positions", "        if \"centre_positions\" in deal:\n            raise",
     "        if False:\n            raise"),
    ("a deck with a centre", "        if \"centre\" in deal:\n            raise",
     "        if False:\n            raise"),
    ("an extra seat", "        if not isinstance(raw, dict) or set(raw) != set(SEATS):\n            raise",
     "        if not isinstance(raw, dict) or not set(SEATS) <= set(raw):\n            raise"),
    ("neither hands nor deck", "if has_hands == has_deck:", "if has_hands and has_deck:"),
    ("a card dealt twice", "if len(set(every)) != 52:", "if len(set(every)) < 51:"),
    ("positions in a kotka deck", "        if x is not None and x != []:", "        if False:"),
    ("the run limit", "return era.centre_consecutive_ok or pos[3] - pos[0] != 3",
     "return era.centre_consecutive_ok or pos[2] - pos[0] != 2"),
    ("forbidden positions", "if any(p in era.centre_forbidden for p in pos):", "if False:"),
    ("running at the threshold", "_nonneg_side_ints(state.get(\"running\"), limit)",
     "_nonneg_side_ints(state.get(\"running\"), limit + 1)"),
    ("running over the threshold", "_nonneg_side_ints(state.get(\"running\"), limit)",
     "_nonneg_side_ints(state.get(\"running\"), None)"),
    ("a negative count", "v < 0 or (limit", "v < -1 or (limit"),
    ("a bool count", "if not isinstance(v, int) or isinstance(v, bool) or", "if not isinstance(v, int) or"),
    ("a side left out", "v = x.get(s, 0)", "v = x.get(s, 1)"),
    ("running not a mapping",
     "    if not isinstance(x, dict):\n        raise RecordError(\"invalid-deal\")\n    out = {}",
     "    if not isinstance(x, dict):\n        x = {}\n    out = {}"),
    ("a dealer that is no seat", "if not isinstance(dealer, str) or dealer not in SEATS:",
     "if not isinstance(dealer, str):"),
    ("the race to 60", "    count = dict(running)                                   # both: who got there first,",
     "    return score.steps[0][0]  # the first trick's points decide\n    count = dict(running)  #"),
    ("both sides reach 60", "    if len(reached) < 2:\n", "    if len(reached) < 3:\n"),
    ("the game bonus by number", "below[won] += (games[won] + 1) * game.era.game_bonus",
     "below[won] += (games[won] + 2) * game.era.game_bonus"),
    ("the set's kotkat", "if kotkas == KOTKA_DEALS_1944:", "if kotkas == KOTKA_DEALS_1944 + 1:"),
    ("the rubber's end", "if after_games and extra == era.rubber_extra_deals:",
     "if after_games and extra == era.rubber_extra_deals + 1:"),
    ("the sitsi's length", "if k >= total_deals:", "if k > total_deals:"),
    ("seats changed within a block",
     "        elif given is not None and given != seats:        # later deals: omitted or the same\n            return",
     "        elif False:\n            return"),
    ("a block's first deal without seats",
     "new = _sitsi_seats(given, blocks[b]) if given is not None else None",
     "new = _sitsi_seats(given, blocks[b]) if given is not None else seats"),
]


def _split(out: Path, sample: int) -> dict[str, int]:
    """Write the two parts under out/<part>/conformance/generated/<era>/; their sizes."""
    sizes = {"before": 0, "new": 0}
    for path in sorted(GENERATED.glob("*/*.jsonl.gz")):
        parts: dict[str, list[str]] = {"before": [], "new": []}
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            old = 0
            for line in handle:
                if NEW_KIND.match(json.loads(line)["id"]):
                    parts["new"].append(line)
                else:
                    if old % sample == 0:
                        parts["before"].append(line)
                    old += 1
        for part, lines in parts.items():
            folder = out / part / "conformance" / "generated" / path.parent.name
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "part.jsonl").write_text("".join(lines), encoding="utf-8")
            sizes[part] += len(lines)
    return sizes


def _killed(engine: Path, suite: Path, jobs: int) -> bool:
    """Whether a case of ``suite`` fails or errors under the mutant (a mutant that does not even start is a
    mistake in its text, not a kill: :class:`RuntimeError`)."""
    proc = subprocess.run([sys.executable, "-m", "skruuvi", "conformance", str(suite), "--quiet", "--jobs", str(jobs),
                           "--impl", f"{sys.executable} {engine}"], capture_output=True, text=True, timeout=1200)
    summary = [line for line in proc.stdout.splitlines() if line.startswith("conformance:")]
    counts = re.search(r"(\d+) failed, (\d+) errored", summary[-1]) if summary else None
    if counts is None:
        raise RuntimeError(f"{engine.name} did not run: {(proc.stderr or proc.stdout).strip()[-300:]}")
    return int(counts[1]) + int(counts[2]) > 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=20, help="every Nth record of the earlier kinds (default 20)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    source = ORACLE.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        sizes = _split(work, args.sample)
        print(f"parts: earlier kinds 1/{args.sample} ({sizes['before']} records), new kinds ({sizes['new']} records)")
        kills = {"before": 0, "new": 0}
        for n, (what, text, replacement) in enumerate(MUTANTS):
            if source.count(text) != 1:
                print(f"{n:2}  {what}: the text is not in the oracle once (skipped)")
                continue
            engine = work / f"mutant-{n}.py"
            engine.write_text(source.replace(text, replacement), encoding="utf-8")
            row = {part: _killed(engine, work / part, args.jobs) for part in kills}
            for part, killed in row.items():
                kills[part] += killed
            marks = "  ".join(f"{part} {'killed' if row[part] else 'SURVIVED'}" for part in kills)
            print(f"{n:2}  {what:38} {marks}", flush=True)
        print(f"killed: earlier kinds {kills['before']}/{len(MUTANTS)}, new kinds {kills['new']}/{len(MUTANTS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
