"""The value a replay returns: a result or the first illegal action (python-chess style: an outcome is a value)."""

from __future__ import annotations

from typing import Any, NamedTuple


class ScoreItem(NamedTuple):
    """One scoring rule's contribution to one side, kept for explanations (cross-era replay, rule book).

    A named tuple: several are built for every deal scored, and a tuple is built in a fraction of the time
    of a frozen dataclass."""

    rule: str
    side: str
    points: int  # (at run time a float under a reading that shares a one-against-three score in thirds)
    column: str = "deal"


class Outcome(NamedTuple):
    """Either ``result`` (contract, tricks, score) or ``error_code`` with ``error_index``.

    ``to_response()`` is exactly the SCP/1 response body (DESIGN §6) without ``seq``. A named tuple, like
    :class:`ScoreItem`: one is built for every record replayed.
    """

    result: dict[str, Any] | None = None
    error_code: str | None = None
    error_index: int | None = None
    error_deal: int | None = None  # for match records: the 0-based deal the error is in
    message: str = ""
    breakdown: tuple[ScoreItem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.error_code is None

    def to_response(self) -> dict[str, Any]:
        if self.error_code is None:
            return {"result": self.result}
        if self.error_deal is not None:
            return {"error": {"deal": self.error_deal, "index": self.error_index, "code": self.error_code}}
        return {"error": {"index": self.error_index, "code": self.error_code}}


def result_outcome(result: dict[str, Any], breakdown: tuple[ScoreItem, ...]) -> Outcome:
    """``Outcome(result=result, breakdown=breakdown)``, built in C by ``tuple.__new__`` (one for every deal
    replayed: a named tuple's own ``__new__`` is a Python function, slower with keywords)."""
    return tuple.__new__(Outcome, (result, None, None, None, "", breakdown))
