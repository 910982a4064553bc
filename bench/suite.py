"""Suite benchmark: the whole conformance suite through SCP/1 (1 and 2 workers), in-process, and 100k streamed.

    python bench/suite.py [--count 100000] [--skip-big] [--json]

1. ``skruuvi conformance --quiet`` as a subprocess on conformance/cases + conformance/generated, with
   ``--jobs 1`` and ``--jobs 2``: wall time, cases per second, the runner's peak RSS. (Every run checks its
   files anew: the runner remembers nothing of an earlier run.)
2. In-process: :func:`skruuvi.interpreter.replay.replay` over the same records (loaded once), and ``json.loads`` of
   the same records as compact JSON lines, for the replay / json.loads ratio. Each parsed record is dropped
   at once here, while ``bench/replay.py`` holds its 3,000 records while it times ``json.loads``
   (allocation and garbage collection make that yardstick slower per record, by a factor that depends on
   what else is held): the two ratios are not comparable; per record, the replay costs about the same in
   both. The suite also mixes in invalid and truncated records, which stop early.
3. Streaming: the generated files' records, mixed (:func:`mixed`: each stretch holds the same kinds of case),
   repeated with new ids into a temporary ``.jsonl.gz`` of 10,000 and of ``--count`` records, each run with
   ``--jobs 2``: wall time and the runner's peak RSS, which
   must be the same for both counts (the runner streams; it does not hold the suite).
4. ``skruuvi serve``: the time from starting the process to its answer to ``start`` (the first answer), and
   the whole process's CPU time to there, the median of 7 starts; and of one start without its feature-tag
   cache (removed first).

Peak RSS of the runner process: the kernel's high-water mark (``VmHWM`` in /proc/PID/status) sampled
until the process exits, else psutil's RSS sampled, else ``ru_maxrss`` of the child from ``wait4``
(which also covers the engines it waited for, and counts the pages of this process at the moment it
started the child: an upper bound). ``RUSAGE_CHILDREN`` of this process is not reported: a child started
while this process holds the suite in memory counts those pages as its own until it runs the command.
CPU per case: the runner's own user + system time (``/proc/PID/stat``, the last reading, at most 20 ms before it
exits: "runner us/case"), and that of the runner with the engines it waited for (``wait4``: "all us/case").
Wall time and cases/s depend on the machine's load; CPU per case much less. Numbers are printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "reference_impl"))

from skruuvi.interpreter.replay import replay  # noqa: E402
from skruuvi.suite.cases.cases import iter_cases  # noqa: E402

SUITE = [ROOT / "conformance" / "cases", ROOT / "conformance" / "generated"]


# ---------------------------------------------------------------------------------------------- memory


def _vm_hwm_kib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def _own_cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` itself (not its children), from /proc/PID/stat."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def _sampler(pid: int, peak: dict[str, Any], stop: threading.Event) -> None:
    """Keep the highest memory reading of process ``pid`` in ``peak``, and its own CPU time (the last reading,
    at most one tick before it exits), until ``stop``."""
    try:
        import psutil  # type: ignore[import-not-found]

        proc = psutil.Process(pid)
    except Exception:
        proc = None
    while not stop.is_set():
        hwm = _vm_hwm_kib(pid)
        if hwm is not None:
            peak["kib"], peak["how"] = max(peak.get("kib", 0), hwm), "VmHWM"
        elif proc is not None:
            with contextlib.suppress(Exception):
                peak["kib"], peak["how"] = max(peak.get("kib", 0), proc.memory_info().rss // 1024), "psutil rss"
        cpu = _own_cpu_seconds(pid)
        if cpu is not None:
            peak["cpu"] = cpu
        stop.wait(0.02)


def run_measured(argv: list[str]) -> dict[str, Any]:
    """Run ``argv``; wall time, exit code, last stdout line, peak RSS of that process (MiB)."""
    began = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    peak: dict[str, Any] = {}
    stop = threading.Event()
    sampler = threading.Thread(target=_sampler, args=(proc.pid, peak, stop), daemon=True)
    sampler.start()
    out_chunks: list[str] = []
    reader = threading.Thread(target=lambda: out_chunks.append(proc.stdout.read()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    err = proc.stderr.read()  # type: ignore[union-attr]
    reader.join()
    _, status, usage = os.wait4(proc.pid, 0)  # the child's own resource usage (with its waited children)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - began
    stop.set()
    sampler.join()
    out = "".join(out_chunks).strip().splitlines()
    maxrss_kib = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss // 1024
    return {"seconds": seconds, "exit_code": proc.returncode, "summary": out[-1] if out else err.strip()[-300:],
            "runner_peak_mib": round(peak["kib"] / 1024, 1) if peak else None,
            "peak_how": peak.get("how", "wait4 ru_maxrss"),
            "tree_max_rss_mib": round(maxrss_kib / 1024, 1), "runner_cpu_seconds": peak.get("cpu"),
            "tree_cpu_seconds": usage.ru_utime + usage.ru_stime}


def conformance(paths: list[Path | str], jobs: int) -> dict[str, Any]:
    """A run of ``paths`` with ``jobs`` engines."""
    argv = [sys.executable, "-m", "skruuvi", "conformance", *map(str, paths), "--jobs", str(jobs), "--quiet"]
    return run_measured(argv)


# ---------------------------------------------------------------------------------------------- steps


def in_process(records: list[dict[str, Any]]) -> dict[str, Any]:
    lines = [json.dumps(r, separators=(",", ":")) for r in records]
    began = time.perf_counter()
    for record in records:
        replay(record).to_response()
    t_replay = time.perf_counter() - began
    began = time.perf_counter()
    for line in lines:
        json.loads(line)
    t_json = time.perf_counter() - began
    return {"seconds": t_replay, "cases_per_second": len(records) / t_replay, "json_loads_seconds": t_json,
            "replay_over_json_loads": t_replay / t_json}


def _first_answer() -> tuple[float, float | None, bytes]:
    """One start of ``python -m skruuvi serve``: seconds to its start answer, its CPU seconds to there, the answer."""
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "skruuvi", "serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b'{"cmd":"start","protocol":1}\n')
    proc.stdin.flush()
    answered = proc.stdout.readline()
    wall = time.perf_counter() - began
    cpu = _own_cpu_seconds(proc.pid)  # the process is still running: its CPU up to the answer (one tick)
    proc.stdin.close()
    proc.wait()
    return wall, cpu, answered


def serve_first_answer(runs: int = 7) -> dict[str, Any]:
    """Median wall time from spawning ``python -m skruuvi serve`` to its start answer, and its CPU to there; and the
    same of one start without the feature-tag cache (:mod:`skruuvi.suite.features.feature_cache`: removed first, so that
    this start works the tags out and writes it anew; the median is of starts that read it)."""
    cold: dict[str, Any] = {}
    try:
        from skruuvi.suite.features.feature_cache import cache_file
    except ImportError:  # a tree without the cache
        pass
    else:
        cache_file().unlink(missing_ok=True)
        wall, cpu, answered = _first_answer()
        cold = {"cold_wall_ms": wall * 1000, "cold_cpu_ms": cpu * 1000 if cpu is not None else None}
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, answered = _first_answer()
        walls.append(wall)
        if not answered.startswith(b'{"protocol":1'):
            return {"error": answered[:200].decode("utf-8", "replace")}
        if cpu is not None:
            cpus.append(cpu)
    return {"wall_ms": statistics.median(walls) * 1000, "cpu_ms": statistics.median(cpus) * 1000 if cpus else None,
            "runs": runs, **cold}


def mixed(records: list[Any]) -> list[Any]:
    """``records`` in an order in which every stretch has about the same mix: record ``n * step mod N`` at
    ``n``, ``step`` near ``N / 1.618`` and prime to ``N`` (the generated files hold their match records
    together at their ends; taken in file order, the first 10,000 hold none, and a run of 10,000 would not be
    comparable with one of 100,000)."""
    total = len(records)
    step = max(1, round(total / 1.618))
    while math.gcd(step, total) != 1:
        step += 1
    return [records[n * step % total] for n in range(total)]


def write_big(path: Path, count: int) -> int:
    """``count`` records: the generated ones (:func:`mixed`) over and over, each copy with a new id."""
    generated = mixed([c.record for c in iter_cases([SUITE[1]])])
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as handle:
        for n, record in zip(range(count), itertools.cycle(generated), strict=False):
            handle.write(json.dumps({**record, "id": f"big.{n:06d}.{record['id']}"}, separators=(",", ":")) + "\n")
    return path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100_000, help="records of the streaming run (default 100000)")
    parser.add_argument("--skip-big", action="store_true", help="leave out the streaming run")
    parser.add_argument("--in-process-only", action="store_true",
                        help="only the in-process replay (no SCP/1 runs, no streaming run)")
    parser.add_argument("--json", action="store_true", help="print a machine-readable summary")
    args = parser.parse_args(argv)
    records = [c.record for c in iter_cases(SUITE)]
    summary: dict[str, Any] = {"cases": len(records), "cpus": os.cpu_count(), "python": sys.version.split()[0]}
    for jobs in () if args.in_process_only else (1, 2):
        run = conformance(SUITE, jobs)
        run["cases_per_second"] = len(records) / run["seconds"]
        summary[f"scp1_jobs{jobs}"] = run
    summary["in_process"] = in_process(records)
    del records
    if not args.skip_big and not args.in_process_only:
        with tempfile.TemporaryDirectory() as tmp:
            for count in sorted({10_000, args.count}):
                big = Path(tmp) / f"big-{count}.jsonl.gz"
                size = write_big(big, count)
                run = conformance([big], 2)
                run.update(cases=count, gz_bytes=size, cases_per_second=count / run["seconds"])
                summary[f"streaming_{count}_jobs2"] = run
                big.unlink()
    if not args.in_process_only:
        summary["serve_first_answer"] = serve_first_answer()

    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"suite: {summary['cases']} cases (conformance/cases + conformance/generated); {summary['cpus']} CPUs; "
          f"Python {summary['python']}")
    print(f"{'run':<36}{'cases':>8}{'seconds':>10}{'cases/s':>10}{'runner peak MiB':>17}{'runner us/case':>16}"
          f"{'all us/case':>13}  exit  summary")
    rows = [(f"SCP/1, {key[9]} worker{'s' if key[9] != '1' else ''}", run, summary["cases"])
            for key, run in summary.items() if key.startswith("scp1_jobs")]
    rows += [(f"SCP/1, 2 workers, {key.split('_')[1]} gz", run, run["cases"])
             for key, run in summary.items() if key.startswith("streaming_")]
    for label, run, cases in rows:
        runner_us = (run["runner_cpu_seconds"] or 0) / cases * 1e6
        print(f"{label:<36}{cases:>8}{run['seconds']:>10.2f}{run['cases_per_second']:>10.0f}"
              f"{run['runner_peak_mib'] or 0:>17.1f}{runner_us:>16.0f}{run['tree_cpu_seconds'] / cases * 1e6:>13.0f}"
              f"  {run['exit_code']:>4}  {run['summary']}")
    ip = summary["in_process"]
    print(f"{'in-process replay':<36}{summary['cases']:>8}{ip['seconds']:>10.2f}{ip['cases_per_second']:>10.0f}"
          f"{'':>46}  replay / json.loads = {ip['replay_over_json_loads']:.1f}x "
          f"(json.loads {ip['json_loads_seconds']:.3f} s)")
    if "scp1_jobs1" in summary:
        print(f"runner peak RSS measured as {summary['scp1_jobs1']['peak_how']}")
    first = summary.get("serve_first_answer")
    if first is not None:
        print(f"serve: first answer (start) after {first.get('wall_ms', 0):.0f} ms, whole-process CPU "
              f"{first.get('cpu_ms') or 0:.0f} ms (median of {first.get('runs', 0)})" if "error" not in first
              else f"serve: start failed: {first['error']}")
        if "cold_wall_ms" in first:
            print(f"serve: without its feature-tag cache (the first start after a change to a ruleset or to the "
                  f"code): {first['cold_wall_ms']:.0f} ms, CPU {first['cold_cpu_ms'] or 0:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
