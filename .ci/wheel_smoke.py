"""Smoke test of the distribution as users get it: build the wheel, install it in a fresh venv outside the
checkout, and run the commands there against the data the wheel ships.

    python3 .ci/wheel_smoke.py [--keep]

Steps (each must succeed; the first failure ends the run with exit code 1 and says which):
``skruuvi --version`` (reads the installed copy), ``skruuvi validate`` of the shipped spec/ and some cases,
``skruuvi conformance`` of the shipped hand-written cases (all pass), ``skruuvi replay`` of one shipped case
and of the shipped cases ``--run`` selects,
``import skruuvi.strategies`` (and one drawn record), the pytest plugin on the shipped 1944 below-the-line cases,
``skruuvi export`` and ``skruuvi conformance`` of the export. Needs PyPI (or pip's cache) for the build
backend and the dependencies. Run by .ci/run and by tests/test_wheel.py (marker ``wheel``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class SmokeFailure(Exception):
    """A step that did not do what it should."""


def run(argv: list[str], cwd: Path, env: dict[str, str], what: str) -> str:
    """Run ``argv``; its stdout, or :class:`SmokeFailure` with its output when it exits non-zero."""
    began = time.monotonic()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=600)
    print(f"  {what}: exit {proc.returncode} in {time.monotonic() - began:.1f} s", flush=True)
    if proc.returncode != 0:
        raise SmokeFailure(f"{what} failed (exit {proc.returncode}): {' '.join(argv)}\n"
                           f"{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return proc.stdout


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


def _pip_has_python_option() -> bool:
    """pip 22.3 and later can install into another interpreter's environment (``pip --python``)."""
    try:
        import pip
    except ImportError:
        return False
    parts = [int(p) for p in pip.__version__.split(".")[:2] if p.isdigit()]
    return tuple(parts) >= (22, 3)


def smoke(work: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("SKRUUVI_HOME", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    wheels = work / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)], work, env,
        "build the wheel")
    (wheel,) = wheels.glob("skruuvi_spec-*.whl")
    # without pip in the venv (ensurepip is the slow part) when this interpreter's pip can install into it
    outer_pip = _pip_has_python_option()
    run([sys.executable, "-m", "venv", *(["--without-pip"] if outer_pip else []), str(work / "venv")], work, env,
        "create a fresh venv")
    bindir = work / "venv" / ("Scripts" if os.name == "nt" else "bin")
    python, skruuvi = str(bindir / "python"), str(bindir / "skruuvi")
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    pip = [sys.executable, "-m", "pip", "--python", python] if outer_pip else [python, "-m", "pip"]
    # without byte-compiling every installed module (pytest and hypothesis are most of them): the modules the
    # steps import are compiled on first import, as from any source tree
    run([*pip, "install", "-q", "--no-compile", str(wheel), "pytest", "hypothesis"], work, env,
        "install the wheel, pytest and hypothesis")

    here = work / "elsewhere"  # outside the checkout, empty: no conftest, no spec/
    here.mkdir()
    version = run([skruuvi, "--version"], here, env, "skruuvi --version")
    expect("data: installed" in version and str(work) in version, f"--version does not read the wheel: {version}")
    module = run([python, "-c", "import skruuvi; print(skruuvi.__file__)"], here, env, "import skruuvi").strip()
    expect(Path(module).is_relative_to(work / "venv"), f"skruuvi is imported from {module}, not the fresh venv")
    data = Path(run([python, "-c", "from skruuvi.rules.paths import repo_root; print(repo_root())"], here, env,
                    "find the shipped data").strip())
    expect(data.name == "_data" and (data / "spec" / "rulesets").is_dir(), f"no shipped data at {data}")
    out = run([skruuvi, "validate", str(data / "spec"), str(data / "conformance" / "cases" / "2016" / "score")],
              here, env, "skruuvi validate (shipped spec and 2016 score cases)")
    expect(" 0 errors" in out, f"validate: {out[-500:]}")
    out = run([skruuvi, "conformance", "--quiet"], here, env, "skruuvi conformance (shipped cases)")
    expect(" 0 failed, 0 errored" in out and "passed" in out, f"conformance: {out[-500:]}")
    case = data / "conformance" / "cases" / "2016" / "score" / "made-5H-exact.yaml"
    out = run([skruuvi, "replay", str(case)], here, env, "skruuvi replay (one shipped case)")
    expect("result" in json.loads(out.splitlines()[0]), f"replay: {out[:500]}")
    out = run([skruuvi, "replay", "--run", "2016.score.made-5H-*"], here, env, "skruuvi replay --run (shipped cases)")
    expect(json.loads(out.splitlines()[0])["id"].startswith("2016.score.made-5H-"), f"replay --run: {out[:500]}")
    out = run([python, "-c", "import skruuvi.strategies as s; r = s.legal_records('skruuvi-2016').example(); "
                             "print(r['ruleset'])"], here, env, "import skruuvi.strategies (and draw a record)")
    expect(out.strip() == "skruuvi-2016", f"strategies: {out[:500]}")
    out = run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--skruuvi-impl", f"{python} -m skruuvi serve",
               "--skruuvi-cases", str(data / "conformance" / "cases" / "1944" / "below")], here, env,
              "pytest --skruuvi-impl (shipped 1944 below-the-line cases)")
    expect(" passed" in out and "failed" not in out, f"pytest plugin: {out[-500:]}")
    out = run([skruuvi, "export", "--no-generated", "suite"], here, env, "skruuvi export")
    out = run([skruuvi, "conformance", "--quiet", "suite"], here, env, "skruuvi conformance (the export)")
    expect(" 0 failed, 0 errored" in out, f"conformance of the export: {out[-500:]}")


def main(argv: list[str]) -> int:
    keep = "--keep" in argv
    work = Path(tempfile.mkdtemp(prefix="skruuvi-wheel-"))
    print(f"wheel smoke test in {work}", flush=True)
    began = time.monotonic()
    try:
        smoke(work)
    except (SmokeFailure, subprocess.TimeoutExpired, ValueError) as exc:
        print(f"wheel smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"wheel smoke test passed in {time.monotonic() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
