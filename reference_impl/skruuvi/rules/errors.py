"""Errors of the interpreter.

Two families, kept apart as python-chess keeps a malformed move apart from an illegal one:

* :class:`InputError` and its subclasses: a file, a ruleset or a record is unusable. They carry the
  file, the path inside it and the reason, and print as one line ``file: path: reason``. The CLI turns
  them into exit code 1; nothing user-supplied ever reaches the user as a traceback.
* :class:`IllegalAction`: a well-formed record whose action breaks a rule of the game. It carries the
  stable error code of ``spec/errors.yaml`` (DESIGN §4), which is what conformance compares.
"""

from __future__ import annotations


class SkruuviError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(SkruuviError):
    """A file, or a value inside it, that cannot be used. Prints as ``file: path: reason``."""

    def __init__(self, reason: str, *, file: str | None = None, path: str | None = None) -> None:
        self.reason = reason
        self.file = file
        self.path = path
        super().__init__(self.__str__())

    def __str__(self) -> str:
        parts = [p for p in (self.file, self.path) if p]
        return ": ".join([*parts, self.reason])

    def at(self, *, file: str | None = None, path: str | None = None) -> InputError:
        """The same error located in ``file`` (and under ``path``), keeping what was already known."""
        new_path = self.path
        if path:
            new_path = f"{path}{self.path}" if self.path and self.path.startswith(("/", "[")) else (
                f"{path}/{self.path}" if self.path else path)
        return type(self)(self.reason, file=self.file or file, path=new_path)


class YamlError(InputError):
    """The file is not valid YAML, or uses a YAML feature the project forbids (anchors, tags)."""


class RulesetError(InputError):
    """A ruleset file breaks the ruleset schema or a semantic rule (missing table, unknown param)."""


class CaseFormatError(InputError):
    """A case or match record is not of the recorded-deal format (DESIGN §3)."""


class IllegalAction(SkruuviError):
    """An action of a record is rejected: ``code`` is the stable error code, ``index`` its position."""

    def __init__(self, code: str, message: str, index: int | None = None) -> None:
        self.code = code
        self.message = message
        self.index = index
        super().__init__(f"{code}: {message}" if index is None else f"action {index}: {code}: {message}")

    def at_index(self, index: int | None) -> IllegalAction:
        return IllegalAction(self.code, self.message, index)
