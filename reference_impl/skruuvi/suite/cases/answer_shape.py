"""The shape an SCP/1 answer's ``error`` must have (an object; its ``index`` a non-negative integer or null; its
``code`` a string), on its own so that both the protocol's answer check (:mod:`skruuvi.suite.scp.protocol`) and the
cases' fast-pass bytes (:mod:`skruuvi.suite.cases.case_text`) ask the one rule without importing each other."""

from __future__ import annotations

import json
from typing import Any


def error_body_problem(error: Any) -> str | None:
    """Why ``error`` is not an answer's ``error``, or ``None`` when it is one."""
    if not isinstance(error, dict):
        return "\"error\" must be an object {index, code}"
    index = error.get("index")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
        return f"error.index must be a non-negative integer or null, got {json.dumps(index)}"
    if not isinstance(error.get("code"), str):
        return "error.code must be a string"
    return None


def is_error_body(error: Any) -> bool:
    """``error`` is an answer's ``error`` as the protocol's answer check accepts it."""
    return error_body_problem(error) is None


__all__ = ["error_body_problem", "is_error_body"]
