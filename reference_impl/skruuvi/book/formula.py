"""Scoring expressions as readable math: ``-(first_undertrick[kind][level] + (undertricks - 1) * x)``
becomes ``−(first undertrick(kind, level) + (undertricks − 1) × x)`` with table and fact names linked.

The expression is parsed with :mod:`ast` exactly like :mod:`skruuvi.rules.expr` does; nothing is evaluated.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

# Binding strength of each construct: a child binding less tightly than its parent gets parentheses.
_PREC_IF, _PREC_OR, _PREC_AND, _PREC_NOT, _PREC_CMP, _PREC_ADD, _PREC_MUL, _PREC_UNARY, _PREC_ATOM = range(9)
_BINOP = {ast.Add: (" + ", _PREC_ADD), ast.Sub: (" − ", _PREC_ADD), ast.Mult: (" × ", _PREC_MUL),
          ast.Mod: (" mod ", _PREC_MUL)}
_CMP = {ast.Eq: " = ", ast.NotEq: " ≠ ", ast.Lt: " &lt; ", ast.LtE: " ≤ ", ast.Gt: " &gt; ", ast.GtE: " ≥ ",
        ast.In: " is one of "}

NameRenderer = Callable[[str], str]


def plain_name(name: str) -> str:
    return name.replace("_", " ")


OPERATOR_WORDS = {"and": "and", "or": "or", "not": "not", "if": "if", "otherwise": "otherwise",
                  "one of": "is one of", "mod": "mod", "always": "always", "never": "never"}
"""The words of the expression language, in English; another language's card passes its own (``ops``)."""


def render(source: object, name: NameRenderer = plain_name, word: NameRenderer | None = None,
           ops: Mapping[str, str] | None = None) -> str:
    """Readable text of an expression; ``name`` renders identifiers (e.g. as links), ``word`` string constants
    (e.g. ``"misere"`` as *misère*; by default the constant in quotes); ``ops`` the words of the operators
    (:data:`OPERATOR_WORDS` by default)."""
    words = {**OPERATOR_WORDS, **(ops or {})}
    if isinstance(source, bool):
        return words["always"] if source else words["never"]
    if isinstance(source, int):
        return _number(source)
    tree = ast.parse(str(source).strip(), mode="eval")
    return _Renderer(name, word, words).text(tree.body)[0]


def _number(n: object) -> str:
    return f"−{-n}" if isinstance(n, int | float) and n < 0 else str(n)


def lookups(source: object) -> dict[str, list[str]]:
    """For each table indexed in the expression, the names of its keys: ``{'made_value': ['kind', 'level']}``."""
    if not isinstance(source, str):
        return {}
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source.strip(), mode="eval")):
        if isinstance(node, ast.Subscript):
            keys: list[str] = []
            base: ast.AST = node
            while isinstance(base, ast.Subscript):
                keys.insert(0, ast.unparse(base.slice))
                base = base.value
            if isinstance(base, ast.Name) and len(keys) > len(found.get(base.id, [])):
                found[base.id] = keys
    return found


class _Renderer:
    def __init__(self, name: NameRenderer, word: NameRenderer | None = None,
                 ops: Mapping[str, str] = OPERATOR_WORDS) -> None:
        self.name = name
        self.word = word
        self.ops = ops

    def wrap(self, node: ast.AST, at_least: int) -> str:
        text, prec = self.text(node)
        return f"({text})" if prec < at_least else text

    def text(self, node: ast.AST) -> tuple[str, int]:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                return (self.word(node.value) if self.word else f"“{node.value}”"), _PREC_ATOM
            return _number(node.value), _PREC_ATOM
        if isinstance(node, ast.Name):
            return self.name(node.id), _PREC_ATOM
        if isinstance(node, ast.Subscript):
            keys: list[str] = []
            base: ast.AST = node
            while isinstance(base, ast.Subscript):
                keys.insert(0, self.wrap(base.slice, _PREC_IF + 1))
                base = base.value
            return f"{self.wrap(base, _PREC_ATOM)}({', '.join(keys)})", _PREC_ATOM
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.FloorDiv):
                return f"⌊{self.text(node.left)[0]} ÷ {self.text(node.right)[0]}⌋", _PREC_ATOM
            op, prec = _BINOP[type(node.op)]
            if isinstance(node.op, ast.Mod):
                op = f" {self.ops['mod']} "
            return self.wrap(node.left, prec) + op + self.wrap(node.right, prec + 1), prec
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                return f"{self.ops['not']} " + self.wrap(node.operand, _PREC_NOT), _PREC_NOT
            sign = "−" if isinstance(node.op, ast.USub) else "+"
            return sign + self.wrap(node.operand, _PREC_UNARY), _PREC_UNARY
        if isinstance(node, ast.BoolOp):
            word, prec = ((f" {self.ops['and']} ", _PREC_AND) if isinstance(node.op, ast.And)
                          else (f" {self.ops['or']} ", _PREC_OR))
            return word.join(self.wrap(v, prec + 1) for v in node.values), prec
        if isinstance(node, ast.Compare):
            parts = [self.wrap(node.left, _PREC_ADD)]
            for comparison, right in zip(node.ops, node.comparators, strict=True):
                sign = f" {self.ops['one of']} " if isinstance(comparison, ast.In) else _CMP[type(comparison)]
                parts += [sign, self.wrap(right, _PREC_ADD)]
            return "".join(parts), _PREC_CMP
        if isinstance(node, ast.IfExp):
            return (f"{self.wrap(node.body, _PREC_OR)} {self.ops['if']} {self.wrap(node.test, _PREC_OR)}, "
                    f"{self.ops['otherwise']} {self.wrap(node.orelse, _PREC_IF)}"), _PREC_IF
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [self.text(a)[0] for a in node.args]
            if node.func.id == "abs" and len(args) == 1:
                return f"|{args[0]}|", _PREC_ATOM
            return f"{node.func.id}({', '.join(args)})", _PREC_ATOM
        if isinstance(node, ast.Tuple):
            return "(" + ", ".join(self.text(e)[0] for e in node.elts) + ")", _PREC_ATOM
        return ast.unparse(node), _PREC_ATOM  # not reachable for expressions the ruleset compiler accepted


def table_axes(expressions: Mapping[str, object]) -> dict[str, list[str]]:
    """Key names of every table across many expressions (longest chain wins)."""
    axes: dict[str, list[str]] = {}
    for source in expressions.values():
        for table, keys in lookups(source).items():
            if len(keys) > len(axes.get(table, [])):
                axes[table] = keys
    return axes
