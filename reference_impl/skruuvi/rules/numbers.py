"""The numbers a case file may write: every reader of JSON, in any language, must read the same number.

JSON has one kind of number, and readers differ on everything past that. JavaScript reads every number as a
double (no integer beyond 2^53 is exact, and ``24.0`` is the same value as ``24``); JSON Schema counts ``24.0``
as an integer; Python keeps them apart. A case whose verdict hung on how a number is spelled would test the
engine's JSON library, not the rules. So a case file (DESIGN.md §3):

* writes every number whose value is a whole number as an integer: ``24``, never ``24.0`` or ``2.4e1`` (a
  number with a true fraction, such as ``5.5``, is written as it is; every reader sees it is no integer);
* writes integers within ±(2^53 − 1), the integers every JSON reader holds exactly;
* in YAML, writes integers in decimal digits, as JSON does (:mod:`skruuvi.rules.yamlio` refuses the other
  forms YAML 1.1 reads as integers).

:func:`number_problem` says why a record breaks this; :func:`may_hold_a_bad_number` is the quick look at a JSON
line that decides whether its record needs the walk at all (almost no line does).
"""

from __future__ import annotations

import re
from typing import Any

#: The largest integer every JSON reader holds exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``).
MAX_EXACT_INTEGER = (1 << 53) - 1

#: A fraction of zeros only (``24.0``, ``24.00``, ``2.0e1``).
_ZERO_FRACTION = re.compile(r"\.0+(?![0-9])").search


def _table() -> bytes:
    table = bytearray(range(256))
    table[1] = table[2] = 0x20
    for digit in b"0123456789":
        table[digit] = 1
    table[ord("e")] = table[ord("E")] = 2
    return bytes(table)


#: Each digit as byte 1, ``e`` and ``E`` as byte 2 (those two bytes themselves as spaces): a digit followed by an
#: exponent mark, and 16 digits in a row, are then each a plain byte string to look for.
_DIGITS_AND_EXPONENTS = _table()
_EXPONENT = re.compile(b"\x01\x02").search
_SIXTEEN_DIGITS = b"\x01" * 16


def may_hold_a_bad_number(line: str) -> bool:
    """False when the JSON text ``line`` surely holds no number :func:`number_problem` refuses; true when it has a
    fraction of zeros only, a digit followed by an exponent mark, or 16 digits in a row (15 stay below 2^53; a true
    fraction such as ``5.5`` is allowed). A cheap look at the text, a few microseconds a generated line: a true
    answer only means that the record is walked."""
    if _ZERO_FRACTION(line) is not None:
        return True
    marked = line.encode("utf-8", "surrogatepass").translate(_DIGITS_AND_EXPONENTS)
    return _EXPONENT(marked) is not None or _SIXTEEN_DIGITS in marked


def _place(where: str) -> str:
    return f"{where}: " if where else ""


def number_problem(value: Any) -> str | None:
    """Why the record ``value`` holds a number a case file may not write (see the module), or ``None``."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend((sub, f"{where}.{key}" if where else str(key)) for key, sub in item.items())
        elif isinstance(item, list):
            stack.extend((sub, f"{where}[{i}]") for i, sub in enumerate(item))
        elif isinstance(item, bool):
            continue
        elif isinstance(item, float):
            if item.is_integer():
                return (f"{_place(where)}{item!r} is a whole number written with a fraction or an exponent; write "
                        f"it as the integer {int(item)} (case files write every whole number as an integer, so "
                        "that readers in every language read the same number)")
        elif isinstance(item, int) and not -MAX_EXACT_INTEGER <= item <= MAX_EXACT_INTEGER:
            shown = str(item) if item.bit_length() <= 200 else f"an integer of {item.bit_length()} bits"
            return (f"{_place(where)}{shown} is beyond ±(2^53 − 1), the integers every JSON reader holds exactly "
                    "(case files keep within them)")
    return None


def out_of_range(value: Any) -> str | None:
    """Why an engine's answer ``value`` holds a number no answer of the suite can hold (an integer beyond
    ±(2^53 − 1), where every score of every ruleset stays far within), or ``None``."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend((sub, f"{where}.{key}" if where else str(key)) for key, sub in item.items())
        elif isinstance(item, list):
            stack.extend((sub, f"{where}[{i}]") for i, sub in enumerate(item))
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_EXACT_INTEGER:
            digits = int((item.bit_length() - 1) * 0.30103) + 1  # (str() of an integer over 4,300 digits fails)
            return f"{_place(where)}an integer of about {digits} digits"
    return None


__all__ = ["MAX_EXACT_INTEGER", "may_hold_a_bad_number", "number_problem", "out_of_range"]
