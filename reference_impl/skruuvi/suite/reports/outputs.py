"""The report files of a conformance run, written so that nothing is lost or clobbered.

* An output may not be an input: ``--report`` naming a case file (or the known-failures file) would
  truncate it, and two outputs naming the same file would interleave; both are refused before the run.
* Each regular file is written to a temporary file beside it and renamed into place at the end, so that
  a run that cannot start (or is killed) never truncates an older report. A target that exists and is
  not a regular file (``/dev/stdout``, a FIFO, ``/dev/full``) is written in place, never replaced.
* A file that cannot be created is an :class:`OutputError` at once (the run does not start). A file that
  fails later (a full disk, ``/dev/full``) is marked failed and written no further, while the other outputs go on:
  :meth:`OutputFile.commit` then raises its :class:`OutputError`, one line naming the file, and the others are
  still put in place. A report writer that keeps its cases in a temporary file of its own (JUnit, markdown) is
  wrapped in a :class:`GuardedWriter`, so that a full temporary folder fails its output, not the run.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any


class OutputError(Exception):
    """A report file that cannot be written; the text names it and says why."""


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _same_place(a: Path, b: Path) -> bool:
    ida, idb = _identity(a), _identity(b)
    if ida is not None and idb is not None:
        return ida == idb
    return os.path.abspath(a) == os.path.abspath(b)


def check_targets(targets: dict[str, str], inputs: Iterable[str | Path]) -> str | None:
    """Why these outputs (``{option: path}``) cannot be written, or ``None``: an output that is an
    input file, or two outputs that are the same file (a character device such as /dev/null excepted)."""
    inputs = [Path(p) for p in inputs]
    named = list(targets.items())
    for i, (option, target) in enumerate(named):
        path = Path(target)
        with contextlib.suppress(OSError):
            if stat.S_ISCHR(path.stat().st_mode):
                continue  # /dev/null, /dev/stdout on a terminal: nothing to clobber
        for other_option, other in named[i + 1:]:
            if _same_place(path, Path(other)):
                return f"--{option} and --{other_option} name the same file {target}"
        for source in inputs:
            if _same_place(path, Path(source)):
                return f"--{option} {target} is an input of the run (it would be overwritten); choose another file"
    return None


def _is_file(word: str) -> bool:
    """Whether ``word`` names an existing regular file; False, never an error, for a word that cannot name one
    (longer than a file name may be, such as a long option value)."""
    try:
        return Path(word).is_file()
    except (OSError, ValueError):
        return False


def command_files(command: list[str]) -> list[Path]:
    """The files the engine's command names (its program, found on ``PATH`` too, and every word that is an
    existing file, such as a script): inputs of the run, which no report may overwrite."""
    named = [Path(word) for word in command if word and _is_file(word)]
    found = shutil.which(command[0]) if command else None
    if found is not None:
        named.append(Path(found))
    return named


class OutputFile:
    """One report file: opened as a temporary file beside the target, renamed into place by :meth:`commit`."""

    def __init__(self, option: str, target: str) -> None:
        self.option, self.target = option, target
        self._temp: str | None = None
        self.failure: str | None = None
        """Why this file could not be written, once a write has failed (nothing more is written then)."""
        path = Path(target)
        try:
            in_place = path.exists() and not path.is_file()
            if in_place:
                self.handle: IO[str] = open(path, "w", encoding="utf-8")  # noqa: SIM115
            else:
                fd, self._temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                                  dir=str(path.parent) if str(path.parent) else ".")
                self.handle = os.fdopen(fd, "w", encoding="utf-8")
        except OSError as exc:
            raise OutputError(self._why(exc)) from None

    def _why(self, exc: OSError) -> str:
        return f"cannot write {self.option} {self.target}: {exc.strerror or exc}"

    def fail(self, why: str) -> None:
        """Mark this file failed (the first reason is kept): it is written no further and not put in place."""
        if self.failure is None:
            self.failure = why

    def write(self, text: str) -> None:
        if self.failure is not None:
            return
        try:
            self.handle.write(text)
        except OSError as exc:
            self.fail(self._why(exc))

    def flush(self) -> None:
        if self.failure is not None:
            return
        try:
            self.handle.flush()
        except OSError as exc:
            self.fail(self._why(exc))

    def commit(self) -> None:
        """Close the file and put it in place of the target; :class:`OutputError` when it failed, now or before
        (the target is then left as it was)."""
        if self.failure is not None:
            self.abort()
            raise OutputError(self.failure)
        try:
            self.handle.close()
            if self._temp is not None:
                with contextlib.suppress(OSError):  # keep the old file's permissions for the new one
                    os.chmod(self._temp, 0o666 & ~_umask())
                os.replace(self._temp, self.target)
                self._temp = None
        except OSError as exc:
            self.abort()
            raise OutputError(self._why(exc)) from None

    def abort(self) -> None:
        """Drop the temporary file; the target is left as it was."""
        with contextlib.suppress(OSError):
            self.handle.close()
        if self._temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._temp)
            self._temp = None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class GuardedWriter:
    """A report writer (JUnit, markdown) whose every failure to write, into its file or into the temporary file it
    keeps the cases in, marks its output failed instead of stopping the run: the other outputs go on."""

    def __init__(self, writer: Any, output: OutputFile) -> None:
        self._writer, self._output = writer, output

    def _call(self, name: str, *args: Any, **kwargs: Any) -> None:
        if self._output.failure is not None:
            return
        try:
            getattr(self._writer, name)(*args, **kwargs)
        except OSError as exc:
            self._output.fail(f"cannot write --{self._output.option} {self._output.target}: "
                              f"{exc.strerror or exc} (in its temporary file)")

    def on_result(self, result: Any) -> None:
        self._call("on_result", result)

    def finish(self, *args: Any, **kwargs: Any) -> None:
        self._call("finish", *args, **kwargs)
