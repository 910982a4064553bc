"""One build of the rule book per test run (``mkdocs build --strict`` into a tmp dir), shared by the build test,
the reader checks and the browser tests, and by every pytest-xdist worker of the run: the first worker to ask
builds it under a file lock into the run's shared tmp folder, keyed by a hash of the book's inputs; the others
wait for the lock and read the same site. The link check of that build is made once per run the same way.

The suite's cases as the book reads them (``load_cases``) are read once per run the same way (as JSON for the other
workers) and shared by the modules that render pages from the whole suite; the renderers only read them, which the
session's end checks."""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from skruuvi.book.site import load_cases
from skruuvi.rules.paths import repo_root

ROOT = repo_root()
INPUTS = ("mkdocs.yml", "docs", "spec", "conformance", "reference_impl/skruuvi", "DESIGN.md", "README.md")
"""What the build reads (the hook generates every page from spec/ and conformance/ with the package)."""


@dataclass(frozen=True)
class Build:
    site: Path
    stderr: str
    seconds: float


def _inputs_key() -> str:
    digest = hashlib.sha256()
    for name in INPUTS:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file()
                                                   and "__pycache__" not in p.parts)
        for path in files:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tmp folder every worker of this run shares (xdist gives each worker its own basetemp below it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def _build(site: Path) -> Build:
    started = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                          "-d", str(site)], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return Build(site, run.stderr, time.monotonic() - started)


@pytest.fixture(scope="session")
def built_book(tmp_path_factory: pytest.TempPathFactory) -> Build:
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]')")
    folder = _run_dir(tmp_path_factory) / f"book-{_inputs_key()}"
    folder.mkdir(parents=True, exist_ok=True)
    done = folder / "build.json"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():  # no worker has built it yet (or its build failed: build again, fail alike)
            build = _build(folder / "site")
            done.write_text(json.dumps({"stderr": build.stderr, "seconds": build.seconds}), encoding="utf-8")
            return build
    said = json.loads(done.read_text(encoding="utf-8"))
    return Build(folder / "site", said["stderr"], said["seconds"])


@pytest.fixture(scope="session")
def built_book_links(built_book: Build) -> list[str]:
    """``check_links`` (test_book.py) over the run's one build, made once per run under the build's folder."""
    from test_book import check_links

    folder = built_book.site.parent
    done = folder / "links.json"
    with open(folder / "links.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            done.write_text(json.dumps(check_links(built_book.site)), encoding="utf-8")
    return json.loads(done.read_text(encoding="utf-8"))


def _fingerprint(cases: tuple[list[dict[str, Any]], list[str]]) -> str:
    return hashlib.sha256(json.dumps(cases, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _cases_key() -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in (ROOT / "conformance" / "cases").rglob("*") if p.is_file()):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def suite_cases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[dict[str, Any]], list[str]]]:
    """``load_cases(ROOT)``: every case record of conformance/cases with its ``_file``, and the unreadable files.
    Read once per run: the first worker to ask reads them under a file lock and writes what it read as JSON into
    the run's tmp folder, keyed by a hash of the case files; the others read the same records back. The records
    are written only when they come back from JSON equal (else each worker reads the suite itself)."""
    folder = _run_dir(tmp_path_factory) / f"cases-{_cases_key()}"
    folder.mkdir(parents=True, exist_ok=True)
    done = folder / "cases.json"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if done.exists():  # written by this run's first worker, just below
            records, unreadable = json.loads(done.read_text(encoding="utf-8"))
            cases = (records, unreadable)
        else:
            cases = load_cases(ROOT)
            text = json.dumps(list(cases), ensure_ascii=False)
            if tuple(json.loads(text)) == tuple(cases):
                done.write_text(text, encoding="utf-8")
    before = _fingerprint(cases)
    yield cases
    assert _fingerprint(cases) == before, "a test or a renderer changed the shared cases (copy them first)"


# --- the browser tests' site, server and Chromium, one of each per worker for every browser test module -------------
# (test_book_browser.py, test_viewer_browser.py, test_refcard_browser.py: Playwright's sync API runs once per process)


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> Path:
    from test_book_browser import _require

    _require()
    return request.getfixturevalue("built_book").site  # the session's one build (built_book above)


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    import functools
    import threading
    from http.server import ThreadingHTTPServer

    from test_book_browser import _Quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name="book-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser(base_url: str) -> Iterator[Any]:
    """One Chromium per worker session: every test opens its own context or pages in it."""
    from playwright.sync_api import sync_playwright
    from test_book_browser import ARGS, CHROMIUM

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()

