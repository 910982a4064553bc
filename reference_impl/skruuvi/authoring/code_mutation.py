"""First-order code mutants of an engine's Python source (the suite's strength against engine bugs).

Where :mod:`skruuvi.authoring.mutate` perturbs a ruleset's values, this module perturbs an engine's code,
the way engine bugs arise. Each mutant changes exactly one place of the file:

* ``binop``: an arithmetic or bitwise operator swapped (``+``/``-``, ``*``/``//``, ``%``, ``&``/``|``, ...),
  also in augmented assignments;
* ``compare``: a comparison moved across its boundary or negated (``<`` -> ``<=``, ``==`` -> ``!=``,
  ``in`` -> ``not in``, ...);
* ``boolop``: ``and`` <-> ``or``; ``not``: a ``not`` dropped; ``bool``: ``True`` <-> ``False``;
* ``const``: an integer constant +1 and -1;
* ``negate``: the condition of an ``if``, ``while``, conditional expression or comprehension negated;
* ``remove``: one statement of a function body replaced by ``pass``;
* ``index``: a computed subscript or slice bound offset by +1 and -1.

Docstrings, annotations, f-strings and the statements of a module's top level are left alone (removing a
top-level definition only makes the file fail to import). A mutant is the original text with one node's
source span replaced (padded with blank lines when the span had several), so every other line keeps its number.

Each mutant has a stable :attr:`Mutant.key` (the enclosing function, the operator and the original source
text, with an occurrence number when the same text mutates alike twice in one function), by which a file
of equivalent mutants names it; the line number is for the reader only.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

_BINOPS: dict[type[ast.operator], tuple[type[ast.operator], ...]] = {
    ast.Add: (ast.Sub,), ast.Sub: (ast.Add,), ast.Mult: (ast.FloorDiv,), ast.FloorDiv: (ast.Mult,),
    ast.Div: (ast.Mult,), ast.Mod: (ast.FloorDiv,), ast.BitAnd: (ast.BitOr,), ast.BitOr: (ast.BitAnd,),
    ast.LShift: (ast.RShift,), ast.RShift: (ast.LShift,), ast.Pow: (ast.Mult,),
}
_CMPOPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE), ast.LtE: (ast.Lt, ast.Gt), ast.Gt: (ast.GtE, ast.LtE), ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}
_SYMBOLS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%", ast.BitAnd: "&",
    ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>", ast.Pow: "**", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
    ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
    ast.IsNot: "is not", ast.And: "and", ast.Or: "or",
}
#: A section banner of the source (``# ---------- title``): the rule area of the lines below it.
BANNER = re.compile(r"^#\s*-{10,}\s*(\S.*?)\s*-*\s*$")


@dataclass(frozen=True)
class Mutant:
    """One first-order mutant: where, what, and the mutated file's text."""

    number: int
    function: str
    """The enclosing function's qualified name (``Class.method``), or ``<module>``."""
    area: str
    """The rule area: the section banner above the line, else the top-level definition."""
    operator: str
    """What changed, e.g. ``compare < -> <=`` or ``remove statement``."""
    original: str
    """The original source text of the mutated node, whitespace-collapsed (a compound statement: its first line)."""
    occurrence: int
    line: int
    before: str
    after: str
    source: str

    @property
    def key(self) -> str:
        suffix = f" #{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.function} | {self.operator} | {self.original}{suffix}"


def _collapse(text: str) -> str:
    return " ".join(text.split())


class _Sites(ast.NodeVisitor):
    """Walk the tree, yielding ``(node, operator, replacement text)`` for every mutation site."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = line_starts(text)
        self.sites: list[tuple[ast.AST, str, str, str]] = []  # node, function, operator, replacement
        self.stack: list[str] = []

    # -- scopes, and what is never mutated

    def _scope(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        for deco in node.decorator_list:
            self.visit(deco)
        if not isinstance(node, ast.ClassDef):
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    self.visit(default)
        self.stack.append(node.name)
        self._body(node.body, removable=not isinstance(node, ast.ClassDef))
        self.stack.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scope

    def _body(self, body: list[ast.stmt], removable: bool) -> None:
        for n, stmt in enumerate(body):
            if n == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                continue  # a docstring
            if removable and self.stack and not isinstance(
                    stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Pass | ast.Global | ast.Nonlocal):
                self.add(stmt, "remove statement", "pass")
            self.visit(stmt)

    def visit_Module(self, node: ast.Module) -> None:
        for stmt in node.body:
            if isinstance(stmt, ast.If) and isinstance(stmt.test, ast.Compare) \
                    and isinstance(stmt.test.left, ast.Name) and stmt.test.left.id == "__name__":
                continue  # the script entry point
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue
            self.visit(stmt)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return None  # f-strings build messages; their inner spans do not splice safely

    # -- compound statements with bodies

    def _compound(self, node: ast.If | ast.While | ast.For | ast.With | ast.Try) -> None:
        for name, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._body(value, removable=True)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST):
                if name == "test" and isinstance(node, ast.If | ast.While):
                    self.add(value, "negate condition", f"not ({self.seg(value)})")
                self.visit(value)

    visit_If = visit_While = visit_For = visit_With = visit_Try = _compound

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        self._body(node.body, removable=True)

    def visit_match_case(self, node: ast.match_case) -> None:
        if node.guard is not None:
            self.visit(node.guard)
        self._body(node.body, removable=True)

    # -- expressions

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if _is_type(node):
            return  # a union of types (``int | float``), not arithmetic
        for new in _BINOPS.get(type(node.op), ()):
            self.add(node, f"binop {_SYMBOLS[type(node.op)]} -> {_SYMBOLS[new]}",
                     f"({self.seg(node.left)}) {_SYMBOLS[new]} ({self.seg(node.right)})")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        for new in _BINOPS.get(type(node.op), ()):
            self.add(node, f"binop {_SYMBOLS[type(node.op)]}= -> {_SYMBOLS[new]}=",
                     f"{self.seg(node.target)} {_SYMBOLS[new]}= {self.seg(node.value)}")
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        parts = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            for new in _CMPOPS.get(type(op), ()):
                ops = [_SYMBOLS[type(o)] for o in node.ops]
                ops[i] = _SYMBOLS[new]
                rest = "".join(f" {o} ({self.seg(p)})" for o, p in zip(ops, parts[1:], strict=True))
                text = f"({self.seg(parts[0])})" + rest
                label = f" (comparison {i + 1})" if len(node.ops) > 1 else ""
                self.add(node, f"compare {_SYMBOLS[type(op)]} -> {_SYMBOLS[new]}{label}", text)
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        new = " or " if isinstance(node.op, ast.And) else " and "
        self.add(node, f"boolop {_SYMBOLS[type(node.op)]} -> {new.strip()}",
                 new.join(f"({self.seg(v)})" for v in node.values))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.add(node, "remove not", f"({self.seg(node.operand)})")
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.add(node.test, "negate condition", f"not ({self.seg(node.test)})")
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for cond in node.ifs:
            self.add(cond, "negate condition", f"not ({self.seg(cond)})")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self.add(node, f"bool {value} -> {not value}", str(not value))
        elif isinstance(value, int):
            self.add(node, f"const {value} -> {value + 1}", str(value + 1))
            self.add(node, f"const {value} -> {value - 1}", f"({value - 1})")

    def visit_Subscript(self, node: ast.Subscript) -> None:
        index = node.slice
        if _is_type(node):
            return  # a generic type (``list[str]``)
        if isinstance(index, ast.Slice):
            for bound in (index.lower, index.upper):
                if bound is not None and not isinstance(bound, ast.Constant):
                    self._offsets(bound, "slice bound")
        elif not isinstance(index, ast.Constant | ast.Tuple):
            self._offsets(index, "index")
        self.generic_visit(node)

    def _offsets(self, node: ast.expr, what: str) -> None:
        self.add(node, f"{what} +1", f"({self.seg(node)}) + 1")
        self.add(node, f"{what} -1", f"({self.seg(node)}) - 1")

    # -- recording

    def seg(self, node: ast.AST) -> str:
        start, end = span(self.line_starts, self.text, node)
        return self.text[start:end]

    def add(self, node: ast.AST, operator: str, replacement: str) -> None:
        self.sites.append((node, ".".join(self.stack) or "<module>", operator, replacement))


#: Names that make a subscript or ``|`` a type expression rather than indexing or arithmetic.
_TYPE_NAMES = frozenset({"list", "dict", "tuple", "set", "frozenset", "type", "int", "str", "float", "bool",
                         "bytes", "object", "Any", "Callable", "Iterator", "Iterable", "Mapping", "Sequence",
                         "Optional", "Union", "ClassVar", "Literal"})


def _is_type(node: ast.AST) -> bool:
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id in _TYPE_NAMES
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return all(_is_type(side) for side in (node.left, node.right))
    if isinstance(node, ast.Name):
        return node.id in _TYPE_NAMES
    return isinstance(node, ast.Constant) and node.value is None


def _areas(lines: list[str], tree: ast.Module) -> list[str]:
    """The rule area of each line (index 0 is line 1): the last banner above it, else its top-level name."""
    banners = [(n, m.group(1)) for n, line in enumerate(lines, 1) if (m := BANNER.match(line))]
    area = [""] * (len(lines) + 2)
    if banners:
        current = "(top of file)"
        marks = dict(banners)
        for n in range(1, len(lines) + 1):
            current = marks.get(n, current)
            area[n] = current
        return area[1:]
    for stmt in tree.body:
        name = getattr(stmt, "name", "<module>")
        for n in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1):
            area[n] = name
    return [a or "<module>" for a in area[1:]]


def line_starts(text: str) -> list[int]:
    """The offset of each line's first character (index 0 is line 1)."""
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _offset(starts: list[int], text: str, lineno: int, col: int) -> int:
    # ast columns are UTF-8 byte offsets: convert within the line (ASCII lines need no work)
    start = starts[lineno - 1]
    line = text[start:starts[lineno] if lineno < len(starts) else len(text)]
    return start + (col if line.isascii() else len(line.encode("utf-8")[:col].decode("utf-8", errors="ignore")))


def span(starts: list[int], text: str, node: ast.AST) -> tuple[int, int]:
    """A node's ``[start, end)`` offsets in the text."""
    return (_offset(starts, text, node.lineno, node.col_offset),  # type: ignore[attr-defined]
            _offset(starts, text, node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]


def mutants(text: str, exclude: frozenset[str] = frozenset()) -> Iterator[Mutant]:
    """Every first-order mutant of a Python source, in source order; functions named in ``exclude`` (their
    qualified names, or any prefix of one: ``Server`` leaves out all its methods) are left alone."""
    tree = ast.parse(text)
    sites = _Sites(text)
    sites.visit(tree)
    lines = text.splitlines()
    areas = _areas(lines, tree)
    starts = sites.line_starts
    seen: Counter[tuple[str, str, str]] = Counter()
    number = 0
    ordered = sorted(sites.sites, key=lambda s: (s[0].lineno, s[0].col_offset))  # type: ignore[attr-defined]
    for node, function, operator, replacement in ordered:
        if any(function == name or function.startswith(name + ".") for name in exclude):
            continue
        lineno, end_lineno = node.lineno, node.end_lineno  # type: ignore[attr-defined]
        start, end = span(starts, text, node)
        segment = text[start:end]
        original = _collapse(segment.splitlines()[0] if isinstance(node, ast.stmt) and end_lineno > lineno
                             and isinstance(node, ast.If | ast.For | ast.While | ast.With | ast.Try)
                             else segment)
        seen[(function, operator, original)] += 1
        number += 1
        replacement += "\n" * (end_lineno - lineno)  # a multi-line span keeps its lines (blank ones)
        source = text[:start] + replacement + text[end:]
        first = starts[lineno - 1]
        before = text[first:].split("\n", 1)[0].strip() + (" ..." if end_lineno > lineno else "")
        after = source[first:start + len(replacement)].split("\n", 1)[0] + text[end:].split("\n", 1)[0]
        yield Mutant(
            number=number, function=function, area=areas[lineno - 1] if lineno <= len(areas) else "<module>",
            operator=operator, original=original, occurrence=seen[(function, operator, original)],
            line=lineno, before=before, after=after.strip(), source=source)
