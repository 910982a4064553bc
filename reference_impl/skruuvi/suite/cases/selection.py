"""Which cases of a suite run: a :class:`Selection` keeps the cases of some rulesets, those whose ids match ``--run``
globs and none of the ``--skip`` globs, and one shard ``K/N`` of the rest, by a stable hash of the case id (the same
id falls in the same shard on every machine and in every run, whatever the other cases are)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any


def parse_shard(text: str) -> tuple[int, int]:
    """``"K/N"`` as ``(K, N)`` with ``1 <= K <= N``; :class:`ValueError` with the reason otherwise."""
    k_text, sep, n_text = text.strip().partition("/")
    try:
        k, n = int(k_text), int(n_text)
    except ValueError:
        raise ValueError(f"expected K/N (e.g. 2/4), got {text!r}") from None
    if not sep or n < 1 or not 1 <= k <= n:
        raise ValueError(f"expected K/N with 1 <= K <= N, got {text!r}")
    return k, n


def id_hash(case_id: str) -> int:
    """The first 8 bytes of the sha256 of the UTF-8 id, as an integer: what :func:`shard_of` splits by, and what
    :func:`fingerprint` sums."""
    return int.from_bytes(hashlib.sha256(case_id.encode("utf-8")).digest()[:8], "big")


def shard_of(case_id: str, shards: int) -> int:
    """The 1-based shard of ``case_id`` among ``shards``: sha256 of the UTF-8 id, as an integer, mod N."""
    return id_hash(case_id) % shards + 1


def fingerprint(hashes_sum: int) -> str:
    """A set of case ids in 16 hex digits: the sum of their :func:`id_hash` modulo 2**64 (the same whatever the order,
    so that the shards of a run, each summing its own cases, add up to the sum of the whole selection)."""
    return f"{hashes_sum % (1 << 64):016x}"


@dataclass(frozen=True)
class Selection:
    """Which cases run: rulesets (empty: all), ``--run``/``--skip`` globs on ids, one shard ``(K, N)``."""

    rulesets: frozenset[str] = frozenset()
    run: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    shard: tuple[int, int] = (1, 1)

    def accepts(self, case: Any) -> bool:
        """:meth:`accepts_id` of a :class:`~skruuvi.suite.cases.cases.Case`."""
        return self.accepts_id(case.id, case.ruleset)

    def accepts_id(self, case_id: str, ruleset: str) -> bool:
        """:meth:`accepts` for the case of this id and ruleset."""
        if not (self.rulesets or self.run or self.skip) and self.shard[1] == 1:
            return True  # nothing is filtered
        if self.rulesets and ruleset not in self.rulesets:
            return False
        if self.run and not any(fnmatchcase(case_id, glob) for glob in self.run):
            return False
        if any(fnmatchcase(case_id, glob) for glob in self.skip):
            return False
        k, n = self.shard
        return n == 1 or shard_of(case_id, n) == k

    def unsharded(self) -> Selection:
        """The same selection without its shard: the cases all N shards together run."""
        return Selection(self.rulesets, self.run, self.skip)

    def record(self) -> dict[str, Any]:
        """The selection as the report's header writes it (``--ruleset``, ``--run``, ``--skip``, ``--shard``)."""
        return {"rulesets": sorted(self.rulesets), "run": list(self.run), "skip": list(self.skip),
                "shard": list(self.shard)}

    def describe(self) -> str:
        """The selection in words, for "no cases ... found" messages; empty when nothing is filtered."""
        parts = []
        if self.rulesets:
            parts.append(f"of ruleset {', '.join(sorted(self.rulesets))}")
        if self.run:
            parts.append(f"matching {' or '.join(self.run)}")
        if self.skip:
            parts.append(f"not matching {' or '.join(self.skip)}")
        if self.shard[1] > 1:
            parts.append(f"in shard {self.shard[0]}/{self.shard[1]}")
        return " ".join(parts)


__all__ = ["Selection", "fingerprint", "id_hash", "parse_shard", "shard_of"]
