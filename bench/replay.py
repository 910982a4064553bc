"""Replay benchmark: in-process replay speed, json.loads as a yardstick, and SCP/1 throughput.

    python bench/replay.py [--count 3000] [--seed 2016] [--ruleset skruuvi-2016] [--repeat 7] [--json] [--phases]

1. A seeded random bot plays ``--count`` complete legal deals of ``--ruleset`` (plain :mod:`random`, no
   hypothesis); they are written once to a temporary JSON Lines file. skruuvi-2016 (the default) uses this
   file's bot (opening deals only, the figures of earlier rounds); any other ruleset the bots of
   :mod:`skruuvi.authoring.bots`, over all its dealt forms.
2. In-process: ``skruuvi.replay`` over all records, in deals per second. The first pass is timed on its
   own, with the scorer's caches (``Ruleset.specialised``, ``Ruleset.deal_plans``) and the parse caches emptied
   first: what a single pass over new records costs. The runs of step 3 are warm.
3. ``json.loads`` of the same lines, and the ratio replay time / json.loads time. Steps 2 and 3 alternate
   ``--repeat`` times (default 7) and each keeps its best run, so that a busy spell on the machine slows
   both sides of the ratio rather than one. Each replay run replays records parsed anew (untimed), and
   both run with the same records held and nothing else (see :func:`best_of_alternating`). The same
   ratio is also measured with each line parsed and replayed at once, as a stream reads them
   (:func:`best_of_interleaved`).
4. SCP/1: ``python -m skruuvi serve`` as a subprocess; after the start handshake every record is sent as
   ``{"cmd": "run", "seq": i, "case": ...}`` and every answer is read; deals per second, end to end.
5. With ``--phases``: where in-process replay spends its time, best of 3 each: ``engine.start`` (building
   the deal), the actions (``play_deal`` less the start) and the result (``result_of``: scoring).

Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.authoring import bots  # noqa: E402
from skruuvi.interpreter import engine  # noqa: E402
from skruuvi.interpreter.engine import play_deal  # noqa: E402
from skruuvi.interpreter.fast.exchanges import read_action  # noqa: E402
from skruuvi.interpreter.replay import replay  # noqa: E402
from skruuvi.interpreter.settle import result_of  # noqa: E402
from skruuvi.rules.expr import _parsed  # noqa: E402
from skruuvi.rules.notation import DECK, SEATS, Action, _parse_text, partner  # noqa: E402
from skruuvi.rules.ruleset import Ruleset, available_rulesets, get_ruleset  # noqa: E402

RULESET = "skruuvi-2016"
CARD_NAMES = [str(c) for c in DECK]


# ------------------------------------------------------------------------------------------------ bot


def _deal(rng: random.Random) -> dict[str, Any]:
    cards = list(CARD_NAMES)
    rng.shuffle(cards)
    dealer = rng.choice(SEATS)
    if rng.random() < 0.3:
        while True:
            positions = sorted(rng.sample(range(1, 51), 4))
            if positions[3] - positions[0] != 3:  # not four consecutive
                break
        return {"form": "alkupeli", "dealer": dealer, "deck": cards, "centre_positions": positions}
    return {"form": "alkupeli", "dealer": dealer,
            "hands": {s: cards[i * 12:(i + 1) * 12] for i, s in enumerate(SEATS)}, "centre": cards[48:]}


def _choose(rng: random.Random, state: Any, all_pass: bool) -> Action:
    phase = state.phase
    mech = phase.mechanism
    seat = state.to_act
    if mech == "kitty" and len(state.hands[seat]) == 16 and state.step.k == 0:
        hand = sorted(state.hands[seat], key=lambda c: c.code)  # 1820 choices: draw instead of listing
        return Action(seat, "give", target=partner(seat), cards=tuple(rng.sample(hand, 4)))
    legal = engine.legal_actions(state)
    if mech == "auction":
        passes = [a for a in legal if a.verb == "pass"]
        bids = [a for a in legal if a.verb == "bid"]
        order = state.form.params["strain_order"]
        bids.sort(key=lambda a: (a.bid.level, order.index(a.bid.strain)))
        if phase.params["bidders"] == "all":
            if state.highest is None:
                want = not all_pass and (rng.random() < 0.45 or state.step.passes == 3)
            else:
                want = rng.random() < 0.3 * 0.55 ** (state.step.bids - 1)
            if want and bids:
                return rng.choice(bids[:4]) if rng.random() < 0.9 else rng.choice(bids)
            return passes[0]
        if passes and (not bids or rng.random() < 0.6):
            return passes[0]
        low = [a for a in bids if a.bid.level <= max(5, state.highest.level)] or bids[:1]
        return rng.choice(low)
    if mech == "doubling":
        return legal[1] if rng.random() < 0.3 else legal[0]
    return rng.choice(legal)


def random_record(rng: random.Random, number: int, ruleset_id: str = RULESET) -> dict[str, Any]:
    """One complete legal record: this file's bot for skruuvi-2016, :mod:`skruuvi.authoring.bots` for the others."""
    ruleset = get_ruleset(ruleset_id)
    if ruleset_id != RULESET:
        return bots.random_record(ruleset, rng, case_id=f"bench.{number}")
    deal = _deal(rng)
    state = engine.start(ruleset, deal)
    all_pass = rng.random() < 0.12
    actions = []
    while not state.finished:
        action = _choose(rng, state, all_pass)
        state = engine.apply(state, action)
        actions.append(str(action))
    return {"id": f"bench.{number}", "ruleset": RULESET, "deal": deal, "actions": actions}


# ---------------------------------------------------------------------------------------------- timing


def best_of_alternating(n: int, lines: list[str]) -> tuple[float, float]:
    """The best of ``n`` timed runs of replay and of ``json.loads`` over ``lines``, run in turn.

    Each replay run replays records parsed anew just before it (untimed), as a stream of records gives
    them: replaying the same objects again would find their strings' hashes already computed. Each
    ``json.loads`` run parses while those records are still held, so that both sides run with the same
    objects alive: garbage collection costs more the more objects are alive, and ``json.loads``, which
    allocates little else than containers, pays it more than replay does (with 3,000 more records held,
    it ran about 25 % slower, and the ratio looked that much better)."""
    best_replay = best_json = float("inf")
    for _ in range(n):
        cases = [json.loads(line) for line in lines]
        t0 = time.perf_counter()
        outcomes = [replay(c) for c in cases]
        best_replay = min(best_replay, time.perf_counter() - t0)
        del outcomes
        t0 = time.perf_counter()
        parsed = [json.loads(line) for line in lines]
        best_json = min(best_json, time.perf_counter() - t0)
        del cases, parsed
    return best_replay, best_json


def best_of_interleaved(n: int, lines: list[str]) -> tuple[float, float]:
    """The best of ``n`` runs that read the lines as a stream does: each line parsed and its record replayed
    at once, ``json.loads`` and replay timed apart, summed over the lines (both kept to the end of the run).
    Here ``json.loads`` allocates in memory the previous replay has just freed, and replay reads a record
    that is still in the processor's cache."""
    best_replay = best_json = float("inf")
    clock = time.perf_counter
    for _ in range(n):
        t_replay = t_json = 0.0
        kept = []
        for line in lines:
            t0 = clock()
            case = json.loads(line)
            t1 = clock()
            kept.append(replay(case))
            t2 = clock()
            t_json += t1 - t0
            t_replay += t2 - t1
            kept.append(case)
        best_replay, best_json = min(best_replay, t_replay), min(best_json, t_json)
        del kept
    return best_replay, best_json


def best_of(n: int, fn: Any) -> float:
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bench_scp(lines: list[str]) -> dict[str, Any]:
    """Send every record to ``python -m skruuvi serve`` and read every answer."""
    if importlib.util.find_spec("skruuvi.suite.scp.protocol") is None:
        return {"skipped": "serve not available"}
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "reference_impl"), env.get("PYTHONPATH")]))
    proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        t_start = time.perf_counter()
        proc.stdin.write(json.dumps({"cmd": "start", "protocol": 1}) + "\n")
        proc.stdin.flush()
        header_line = proc.stdout.readline()
        startup = time.perf_counter() - t_start
        try:
            header = json.loads(header_line)
        except json.JSONDecodeError:
            return {"skipped": f"serve not available (start answered {header_line.strip()[:80]!r})"}
        if header.get("protocol") != 1:
            return {"skipped": f"serve not available (start answered {header_line.strip()[:80]!r})"}
        requests = [f'{{"cmd": "run", "seq": {i}, "case": {line}}}\n' for i, line in enumerate(lines)]

        def write_all() -> None:
            for request in requests:
                proc.stdin.write(request)  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]

        t0 = time.perf_counter()
        writer = threading.Thread(target=write_all, daemon=True)
        writer.start()
        results = errors = other = 0
        for i in range(len(requests)):
            line = proc.stdout.readline()
            if not line:  # the server died: count the rest as unanswered
                other += len(requests) - i
                break
            try:
                answer = json.loads(line)
            except json.JSONDecodeError:
                other += 1
                continue
            if answer.get("seq") != i:
                other += 1
            elif "result" in answer:
                results += 1
            elif "error" in answer:
                errors += 1
            else:
                other += 1
        elapsed = time.perf_counter() - t0
        writer.join()
        proc.stdin.write(json.dumps({"cmd": "stop"}) + "\n")
        proc.stdin.flush()
        proc.wait(timeout=10)
        return {"deals_per_second": len(lines) / elapsed, "seconds": elapsed, "startup_seconds": startup,
                "results": results, "errors": errors, "other": other,
                "implementation": header.get("implementation")}
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def bench_phases(cases: list[dict[str, Any]], ruleset: Ruleset) -> dict[str, float]:
    """Seconds (best of 3) spent starting the deals, applying their actions and scoring the results.

    Each pass drops what it computes (keeping thousands of states alive would make the garbage collector,
    not the interpreter, the thing measured).
    """

    def start_all() -> None:
        for case in cases:
            engine.start(ruleset, case["deal"])

    def play_all() -> None:
        for case in cases:
            play_deal(ruleset, case["deal"], case["actions"])

    finished = [play_deal(ruleset, c["deal"], c["actions"]) for c in cases]

    def score_all() -> None:
        for state in finished:
            result_of(state)  # type: ignore[arg-type]

    t_start, t_played, t_result = best_of(3, start_all), best_of(3, play_all), best_of(3, score_all)
    return {"start": t_start, "actions": max(t_played - t_start, 0.0), "result": t_result}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="number of random deals (default 3000)")
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--ruleset", default=RULESET, choices=available_rulesets(),
                        help=f"the ruleset of the deals (default {RULESET})")
    parser.add_argument("--repeat", type=int, default=7,
                        help="timed runs of replay and of json.loads, alternating; the best of each counts (default 7)")
    parser.add_argument("--json", action="store_true", help="print a machine-readable summary")
    parser.add_argument("--phases", action="store_true",
                        help="also break in-process replay down into start, actions and result")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    records = [random_record(rng, i, args.ruleset) for i in range(args.count)]
    generate = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records), encoding="utf-8")
        lines = path.read_text(encoding="utf-8").splitlines()
        size = path.stat().st_size
    del records  # from here on the process holds the lines and what each step parses (see best_of_alternating)

    cases = [json.loads(line) for line in lines]
    ruleset = get_ruleset(args.ruleset)
    ruleset.specialised.clear()  # the first pass starts with the scorer's caches and the parse caches empty
    ruleset.deal_plans.clear()
    _parse_text.cache_clear()
    read_action.cache_clear()  # the exchanges' own reading of actions, cached by text as the parser is
    _parsed.cache_clear()  # the scoring formulas' syntax trees, which specialising a scheme parses again
    t0 = time.perf_counter()
    outcomes = [replay(c) for c in cases]  # the first pass (one run), and a check that every record is legal
    t_first = time.perf_counter() - t0
    bad = sum(1 for o in outcomes if not o.ok)
    kinds = {"passimisaari": sum(1 for o in outcomes if o.ok and o.result["contract"] is None)}
    actions = sum(len(c["actions"]) for c in cases)
    del cases, outcomes

    t_replay, t_json = best_of_alternating(args.repeat, lines)
    i_replay, i_json = best_of_interleaved(args.repeat, lines)
    phases = bench_phases([json.loads(line) for line in lines], ruleset) if args.phases else None
    scp = bench_scp(lines)

    summary = {
        "ruleset": args.ruleset, "count": args.count, "seed": args.seed, "actions": actions, "jsonl_bytes": size,
        "generate_seconds": generate, "not_ok": bad, **kinds,
        "replay": {"seconds": t_replay, "deals_per_second": args.count / t_replay,
                   "actions_per_second": actions / t_replay},
        "json_loads": {"seconds": t_json, "deals_per_second": args.count / t_json},
        "replay_over_json_loads": t_replay / t_json, "repeat": args.repeat,
        "interleaved": {"replay_seconds": i_replay, "json_loads_seconds": i_json,
                        "replay_over_json_loads": i_replay / i_json},
        "first_pass": {"seconds": t_first, "deals_per_second": args.count / t_first,
                       "over_json_loads": t_first / t_json},
        "scp1": scp,
        **({"replay_phases": phases} if phases is not None else {}),
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"{args.count} random {args.ruleset} deals (seed {args.seed}), {actions} actions, {size / 1e6:.1f} MB JSONL; "
          f"generated in {generate:.2f} s; {kinds['passimisaari']} "
          f"{'passimisääri' if args.ruleset == RULESET else 'without a contract'}; {bad} not replayed OK")
    print(f"in-process replay : {args.count / t_replay:10.0f} deals/s  ({t_replay:.3f} s, best of {args.repeat}, "
          f"{actions / t_replay:.0f} actions/s)")
    print(f"json.loads        : {args.count / t_json:10.0f} deals/s  ({t_json:.3f} s, best of {args.repeat})")
    print(f"replay / json.loads: {t_replay / t_json:.1f}x")
    per_record = 1e6 / args.count
    print(f"interleaved       : replay {i_replay * per_record:.1f} us, json.loads {i_json * per_record:.1f} us "
          f"per record, parsed and replayed one by one as a stream: {i_replay / i_json:.1f}x")
    print(f"first pass        : {args.count / t_first:10.0f} deals/s  ({t_first:.3f} s, one run with the caches empty: "
          f"{t_first / t_json:.1f}x json.loads)")
    if phases is not None:
        print("replay phases     : " + ", ".join(
            f"{name} {seconds:.3f} s ({seconds / t_json:.1f}x json.loads)" for name, seconds in phases.items()))
    if "skipped" in scp:
        print(f"SCP/1 serve       : skipped: {scp['skipped'].removeprefix('skipped: ')}")
    else:
        print(f"SCP/1 serve       : {scp['deals_per_second']:10.0f} deals/s  ({scp['seconds']:.3f} s end to end, "
              f"start handshake {scp['startup_seconds'] * 1000:.0f} ms; {scp['results']} results, "
              f"{scp['errors']} errors, {scp['other']} other answers)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
