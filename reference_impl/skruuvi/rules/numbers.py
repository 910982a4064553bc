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

:func:`number_problem` says why a record breaks this. An engine's answer is read the other way round:
:func:`whole_numbers` reads every number by its value (``25.0`` is ``25``, DESIGN.md §6).
"""

from __future__ import annotations

from typing import Any

#: The largest integer every JSON reader holds exactly (JavaScript's ``Number.MAX_SAFE_INTEGER``).
MAX_EXACT_INTEGER = (1 << 53) - 1


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


def whole_numbers(value: Any) -> Any:
    """``value`` with every float that holds a whole number made that integer (in place for its containers)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list):
                whole_numbers(item)
            elif type(item) is float and item.is_integer():
                value[key] = int(item)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, dict | list):
                whole_numbers(item)
            elif type(item) is float and item.is_integer():
                value[i] = int(item)
    return value


__all__ = ["MAX_EXACT_INTEGER", "number_problem", "out_of_range", "whole_numbers"]
