"""The scoring expression language: a tiny, safe subset of Python expressions.

A ruleset writes ``when:`` conditions and ``points:`` formulas such as
``-(first_undertrick[kind][level] + (undertricks - 1) * further_undertrick)``. They are parsed with
:mod:`ast` and every node is checked against a whitelist; the tree is then turned into nested
closures. Nothing is ever passed to ``eval``/``exec``.

Grammar (everything else is rejected with the offending construct named):
  literals (int, str, bool), names (facts of the deal or table names), ``a[b]`` lookups,
  ``+ - * // %``, unary ``- + not``, comparisons ``== != < <= > >= in``, ``and``/``or``,
  ``x if c else y``, and the functions ``min``, ``max``, ``abs``.
The kinds of value are checked when compiling (:class:`_Types`): arithmetic on numbers only, a division only by
a number written out that is not zero, ``min``/``max`` of two numbers or more, ``abs`` of one, and numbers
within ±(2^53 − 1). So an expression that compiles cannot fail when it is evaluated, but for a missing table
entry, which is a :class:`~skruuvi.rules.errors.RulesetError` then.

Facts (the documented vocabulary, see :data:`FACTS`) are supplied per evaluation; tables are bound
once when the ruleset is compiled. A ruleset may add *derived* facts (named expressions over the
facts, e.g. a side's honour count); each is available as ``name`` and, for the other side, ``opp_name``.

Whatever is known when compiling is folded: table entries, arithmetic and comparisons of constants, and
``and``/``or``/``if`` decided by a constant. A :class:`Formula` is also compiled again for facts known of a
deal (the scorer specialises each scheme to a contract's kind and level, see :mod:`skruuvi.interpreter.scoring`), which
are then folded like tables. An error that evaluating would raise (a missing table entry, a division by
zero) is never raised when compiling: the folded part is left to the evaluation. What is wrong with the
tables an expression reads is refused when compiling: each table is read with as many lookups as it has
levels (:func:`_check_table_uses`).

Over 400 lines: the grammar, its compiler (one method per node kind, folding as it goes) and the check of
how an expression reads its tables are one definition of the language, read together.
"""

from __future__ import annotations

import ast
import functools
import itertools
import operator
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .errors import RulesetError

#: The deal facts a scoring expression may use, with their meaning (rendered in the rule book).
FACTS: dict[str, str] = {
    "level": "level of the final contract (0 when there is none)",
    "kind": "'trump', 'grand', 'misere', or 'none' when no contract was played",
    "made": "true when the main pair made its contract",
    "overtricks": "tricks better than the contract (in misère: tricks fewer than allowed)",
    "undertricks": "tricks by which the contract failed",
    "doubling": "0 undoubled, 1 doubled, 2 redoubled",
    "multiplier": "the ruleset's multiplier for the doubling",
    "own_tricks": "tricks won by the side being scored",
    "opp_tricks": "tricks won by the other side",
    "own_ace_ordinals": "sum of the numbers (1-13) of the tricks won by this side, once per ace in the trick",
    "opp_ace_ordinals": "the same for the other side",
    "is_main": "true when the side being scored is the main pair",
    "own_aces": "aces the side holds when play begins (won in its tricks with honours_from: tricks-won)",
    "opp_aces": "aces the other side holds when play begins (won in its tricks with honours_from: tricks-won)",
    "own_trump_honours": "trump 10, J, Q, K and A the side holds when play begins (0 without trumps; won in its "
    "tricks with honours_from: tricks-won)",
    "own_three_ace_hands": "hands of the side holding exactly three aces when play begins",
    "own_four_ace_hands": "hands of the side holding all four aces when play begins",
    "own_sequence_cards": "cards from the third on of the side's runs from the ace down in one hand, outside trumps",
    "own_trump_sequence_cards": "the same for runs in the trump suit",
}

Env = Mapping[str, Any]
Compiled = Callable[[Env], Any]

_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_CMPOPS: dict[type, Callable[[Any, Any], bool]] = {  # each gives a bool for any values of the language
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
}
_FUNCS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}


def _numbers(*values: Any) -> bool:
    """Whether every value is a whole number (or a bool): arithmetic on them is folded when compiling, while
    arithmetic on strings (``'x' * 10 ** 9``) is left to the evaluation."""
    return all(isinstance(value, int) for value in values)


class _Compiler:
    def __init__(
        self,
        tables: Mapping[str, Any],
        source: str,
        file: str | None,
        path: str | None,
        extra: frozenset[str] = frozenset(),
        known: Mapping[str, Any] | None = None,
    ) -> None:
        self.tables = tables
        self.extra = extra
        self.known = known or {}  # facts whose values are known when compiling: folded like table entries
        self.source = source
        self.file = file
        self.path = path
        self.constants: dict[Compiled, Any] = {}  # the closures that return a value known when compiling
        self.booleans: set[Compiled] = set()  # the closures that always return a bool

    def _const(self, value: Any) -> Compiled:
        """A closure returning ``value``, remembered as a constant: its parents use the value itself."""

        def constant(env: Env) -> Any:
            return value

        self.constants[constant] = value
        return constant

    def _boolean(self, closure: Compiled) -> Compiled:
        """``closure``, remembered as always returning a bool: ``and`` / ``or`` need not convert its value."""
        self.booleans.add(closure)
        return closure

    def fail(self, why: str) -> RulesetError:
        return RulesetError(f"expression {self.source!r}: {why}", file=self.file, path=self.path)

    def compile(self, node: ast.AST) -> Compiled:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise self.fail(f"{type(node).__name__} is not allowed")
        result: Compiled = method(node)
        return result

    def _Constant(self, node: ast.Constant) -> Compiled:
        value = node.value
        if not isinstance(value, int | str) or value is None:
            raise self.fail(f"constant {value!r} is not allowed")
        return self._const(value)

    def _Name(self, node: ast.Name) -> Compiled:
        name = node.id
        if name in self.tables:
            return self._const(self.tables[name])
        if name in self.known:
            return self._const(self.known[name])
        if name in FACTS or name in self.extra:
            return operator.itemgetter(name)  # env[name], without a Python frame
        if name in ("true", "false"):
            return self._const(name == "true")
        raise self.fail(f"unknown name {name!r} (not a fact nor a table of this ruleset)")

    def _Subscript(self, node: ast.Subscript) -> Compiled:
        base = self.compile(node.value)
        key = self.compile(node.slice)
        text = ast.unparse(node)
        fail = self.fail
        constants = self.constants
        if base in constants and key in constants:  # a table entry named by constants: looked up once, here
            try:
                return self._const(constants[base][constants[key]])
            except (KeyError, IndexError, TypeError):
                pass  # no such entry: the error is the evaluation's, as below
        if base in constants:  # a table, the usual case
            table = constants[base]

            def table_lookup(env: Env) -> Any:
                k = key(env)
                try:
                    return table[k]
                except (KeyError, IndexError, TypeError):
                    raise fail(f"{text}: no entry for {k!r}") from None

            return table_lookup

        def lookup(env: Env) -> Any:
            container, k = base(env), key(env)
            try:
                return container[k]
            except (KeyError, IndexError, TypeError):
                raise fail(f"{text}: no entry for {k!r}") from None

        return lookup

    def _BinOp(self, node: ast.BinOp) -> Compiled:
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise self.fail(f"operator {type(node.op).__name__} is not allowed")
        a, b = self.compile(node.left), self.compile(node.right)
        constants = self.constants
        if a in constants and b in constants and _numbers(constants[a], constants[b]):
            try:
                return self._const(op(constants[a], constants[b]))
            except ArithmeticError:
                pass  # e.g. a division by zero: the error is the evaluation's, as below
        if b in constants:
            right = constants[b]
            return lambda env: op(a(env), right)
        if a in constants:
            left = constants[a]
            return lambda env: op(left, b(env))
        return lambda env: op(a(env), b(env))

    def _UnaryOp(self, node: ast.UnaryOp) -> Compiled:
        x = self.compile(node.operand)
        if isinstance(node.op, ast.USub):
            value = self.constants.get(x)
            if isinstance(value, int):  # a negative number (a bool negates to an int as well)
                return self._const(-value)
            return lambda env: -x(env)
        if isinstance(node.op, ast.UAdd):
            return x
        if isinstance(node.op, ast.Not):
            if x in self.constants:
                return self._const(not self.constants[x])
            return self._boolean(lambda env: not x(env))
        raise self.fail(f"operator {type(node.op).__name__} is not allowed")

    def _BoolOp(self, node: ast.BoolOp) -> Compiled:
        """``and`` / ``or`` as a bool. A constant operand that cannot decide the value is dropped; one that
        decides it ends the operands (the operands after it are never read), and decides the whole value
        when it comes first."""
        deciding = not isinstance(node.op, ast.And)  # the truth value that decides: False for and
        parts: list[Compiled] = []
        for part in [self.compile(v) for v in node.values]:  # every operand is checked, read or not
            if part not in self.constants:
                parts.append(part)
            elif bool(self.constants[part]) is deciding:
                if not parts:
                    return self._const(deciding)
                parts.append(part)
                break
        if not parts:
            return self._const(not deciding)
        if len(parts) == 1:
            only = parts[0]
            return only if only in self.booleans else self._boolean(lambda env: bool(only(env)))
        if len(parts) == 2:  # the usual case, without a generator: the same value as all() / any() below
            a, b = parts
            if a in self.booleans and b in self.booleans:  # a and b is a bool already
                if not deciding:
                    return self._boolean(lambda env: a(env) and b(env))
                return self._boolean(lambda env: a(env) or b(env))
            if not deciding:  # bool(a and b) is bool(a) and bool(b), b read only when a holds
                return self._boolean(lambda env: bool(a(env) and b(env)))
            return self._boolean(lambda env: bool(a(env) or b(env)))
        if not deciding:
            return self._boolean(lambda env: all(p(env) for p in parts))
        return self._boolean(lambda env: any(p(env) for p in parts))

    def _Compare(self, node: ast.Compare) -> Compiled:
        ops = []
        for op in node.ops:
            fn = _CMPOPS.get(type(op))
            if fn is None:
                raise self.fail(f"comparison {type(op).__name__} is not allowed")
            ops.append(fn)
        first = self.compile(node.left)
        rest = [self.compile(c) for c in node.comparators]
        constants = self.constants
        if len(ops) == 1:  # the usual case, without the loop below
            fn, second = ops[0], rest[0]
            if first in constants and second in constants:
                try:
                    return self._const(bool(fn(constants[first], constants[second])))
                except TypeError:
                    pass  # e.g. ``in`` a number: the error is the evaluation's, as below
            if second in constants:
                other = constants[second]
                return self._boolean(lambda env: fn(first(env), other))
            return self._boolean(lambda env: fn(first(env), second(env)))

        def compare(env: Env) -> bool:
            a = first(env)
            for fn, nxt in zip(ops, rest, strict=True):
                b = nxt(env)
                if not fn(a, b):
                    return False
                a = b
            return True

        return self._boolean(compare)

    def _IfExp(self, node: ast.IfExp) -> Compiled:
        test, body, orelse = self.compile(node.test), self.compile(node.body), self.compile(node.orelse)
        if test in self.constants:  # the branch is known: the other one is never read
            return body if self.constants[test] else orelse
        return lambda env: body(env) if test(env) else orelse(env)

    def _Call(self, node: ast.Call) -> Compiled:
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCS or node.keywords:
            what = "" if isinstance(node.func, ast.Name) else f" ({type(node.func).__name__} is not allowed)"
            raise self.fail(
                f"call {ast.unparse(node.func)!r} is not allowed{what}: only min(), max() and abs() may be called"
            )
        fn = _FUNCS[node.func.id]
        args = [self.compile(a) for a in node.args]
        if len(args) == 2:  # min(a, b), max(a, b): the usual case, without a generator
            first, second = args
            return lambda env: fn(first(env), second(env))
        return lambda env: fn(*(a(env) for a in args))

    def _Tuple(self, node: ast.Tuple) -> Compiled:
        items = [self.compile(e) for e in node.elts]
        return lambda env: tuple(i(env) for i in items)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> ast.Expression:
    """The syntax tree of an expression, parsed once per text (of the last few thousand): a formula is
    compiled again for each set of known facts it is specialised to. The tree is only read, never changed."""
    return ast.parse(text, mode="eval")


def expression_names(source: object) -> frozenset[str]:
    """The names an expression reads (facts, derived facts and tables alike); empty for a number or a
    boolean. Only meaningful for an expression that :func:`compile_expression` accepts."""
    if not isinstance(source, str):
        return frozenset()
    tree = _parsed(source.strip())
    return frozenset(node.id for node in ast.walk(tree) if isinstance(node, ast.Name))


def compile_expression(
    source: object,
    tables: Mapping[str, Any],
    *,
    file: str | None = None,
    path: str | None = None,
    extra: frozenset[str] = frozenset(),
    known: Mapping[str, Any] | None = None,
    number: bool = False,
    numbers: frozenset[str] = frozenset(),
) -> Compiled:
    """Compile ``source`` into a function of the facts; raise :class:`RulesetError` if not allowed.

    ``known`` gives facts whose values are known when compiling (e.g. the contract of the deal being
    scored); like table entries, they are folded into the function. ``number``: the expression stands where a
    number belongs (points, a derived fact, a bonus): one that gives text or a table is refused. ``extra`` names
    more values the expression may read, of any kind; ``numbers`` more that are numbers (derived facts)."""
    return function_of(_compile(source, tables, file, path, extra, known, number, numbers))


class Folded(NamedTuple):
    """The value of an expression, known when compiling: every name it reads is a table or a known fact."""

    value: Any


def function_of(compiled: Compiled | Folded) -> Compiled:
    """A compiled expression as a function of the facts (for a :class:`Folded` one, returning its value)."""
    if isinstance(compiled, Folded):
        value = compiled.value
        return lambda env: value
    return compiled


def _compile(
    source: object,
    tables: Mapping[str, Any],
    file: str | None,
    path: str | None,
    extra: frozenset[str],
    known: Mapping[str, Any] | None,
    number: bool = False,
    numbers: frozenset[str] = frozenset(),
) -> Compiled | Folded:
    """:func:`compile_expression`, with a value known when compiling given as :class:`Folded`."""
    if isinstance(source, int):  # a bool too
        return Folded(source)
    if not isinstance(source, str) or not source.strip():
        raise RulesetError("an expression must be a non-empty string or a number", file=file, path=path)
    if len(source) > 500:
        raise RulesetError("expression longer than 500 characters", file=file, path=path)
    try:
        tree = _parsed(source.strip())
    except SyntaxError as exc:
        raise RulesetError(f"expression {source!r} does not parse: {exc.msg}", file=file, path=path) from None
    compiler = _Compiler(tables, source, file, path, extra | numbers, known)
    compiled = compiler.compile(tree.body)  # (a construct the language lacks is named here, first)
    if known is None:  # compiled from the ruleset (a specialisation is the same text, checked then)
        _check_table_uses(tree, tables, compiler)  # (first: how a table is read is said in its own words)
        kind = _Types(tables, compiler, numbers).kind(tree.body)
        if number and kind in (_TEXT, _TABLE, _TUPLE):
            raise compiler.fail(f"gives {_Types.words(kind)}, where a number belongs")
    return Folded(compiler.constants[compiled]) if compiled in compiler.constants else compiled


#: The kind of value each fact holds: a number (a truth value counts as one, as in the arithmetic), or text.
FACT_KINDS: dict[str, str] = {name: "text" if name == "kind" else "number" for name in FACTS}
#: The largest number an expression may write (JavaScript's ``Number.MAX_SAFE_INTEGER``, as for case files).
MAX_LITERAL = (1 << 53) - 1
_ANY, _NUMBER, _TEXT, _TABLE, _TUPLE = "any", "number", "text", "table", "tuple"


class _Types:
    """The kinds of value an expression computes with, checked when it is compiled, so that nothing it can be
    given (a ruleset's value or a reading's, e.g. ``skruuvi replay --reading``) fails when it is evaluated: no
    arithmetic or ordering on text or tables, ``min``/``max`` of two numbers or more and ``abs`` of one, a division
    (``//``, ``%``) only by a number written out that is not zero, and numbers within ±(2^53 − 1). Every fact is a
    number but ``kind`` (text), and so is every name in ``numbers`` (a derived fact, a match's ``game_number``); a
    table entry, and another name of ``extra``, may be anything (its lookups are checked when evaluated)."""

    def __init__(self, tables: Mapping[str, Any], compiler: _Compiler, numbers: frozenset[str]) -> None:
        self.tables, self.compiler, self.numbers = tables, compiler, numbers

    @staticmethod
    def words(kind: str) -> str:
        return {_TEXT: "text", _TABLE: "a table", _TUPLE: "a tuple", _NUMBER: "a number"}.get(kind, "a value")

    def _table_of(self, node: ast.AST) -> str | None:
        """The table a name or a chain of lookups reads, if any."""
        while isinstance(node, ast.Subscript):
            node = node.value
        return node.id if isinstance(node, ast.Name) and node.id in self.tables else None

    def _fail(self, node: ast.AST, why: str) -> RulesetError:
        """The error for ``why`` at ``node``: a :class:`TableUseError` when a table is read the wrong way (a mapping
        where a number belongs, or the reverse), so that the ruleset names the table's rule."""
        reason = self.compiler.fail(why).reason
        table = self._table_of(node)
        if table is None:
            return RulesetError(reason, file=self.compiler.file, path=self.compiler.path)
        return TableUseError(table, reason, file=self.compiler.file, path=self.compiler.path)

    def _number(self, node: ast.AST, what: str) -> None:
        kind = self.kind(node)
        if kind not in (_NUMBER, _ANY):
            raise self._fail(node, f"{what} of {self.words(kind)} ({ast.unparse(node)}): only numbers compute")

    def kind(self, node: ast.AST) -> str:
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool):
                return _NUMBER
            if isinstance(value, int):
                if abs(value) > MAX_LITERAL:
                    raise self.compiler.fail(f"the number {value} is beyond ±(2^53 − 1)")
                return _NUMBER
            return _TEXT if isinstance(value, str) else _ANY
        if isinstance(node, ast.Name):
            if node.id in self.tables:
                return _TABLE if isinstance(self.tables[node.id], Mapping) else _ANY
            if node.id in ("true", "false") or node.id in self.numbers:
                return _NUMBER
            return FACT_KINDS.get(node.id, _ANY)
        if isinstance(node, ast.Subscript):
            base = self.kind(node.value)
            if base not in (_TABLE, _ANY):
                raise self._fail(node, f"{ast.unparse(node)} looks up in {self.words(base)}: only a table has "
                                       "entries")
            key = self.kind(node.slice)
            if key == _TABLE:
                raise self.compiler.fail(f"{ast.unparse(node)}: a table cannot name an entry")
            return _ANY
        if isinstance(node, ast.BinOp):
            self._number(node.left, "arithmetic")
            self._number(node.right, "arithmetic")
            if isinstance(node.op, ast.FloorDiv | ast.Mod) and not self._nonzero_literal(node.right):
                raise self.compiler.fail(f"{ast.unparse(node)} divides by {ast.unparse(node.right)}: divide only by a "
                                         "number written out that is not zero")
            return _NUMBER
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                self.kind(node.operand)
                return _NUMBER
            self._number(node.operand, "a sign")
            return _NUMBER
        if isinstance(node, ast.BoolOp):
            for operand in node.values:
                self.kind(operand)
            return _NUMBER
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.IfExp):
            self.kind(node.test)
            body, orelse = self.kind(node.body), self.kind(node.orelse)
            if _ANY not in (body, orelse) and body != orelse:
                raise self.compiler.fail(f"{ast.unparse(node)} gives {self.words(body)} or {self.words(orelse)}: "
                                         "both branches must give the same kind of value")
            return body if body == orelse else _ANY
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            wanted = (1, 1) if name == "abs" else (2, 64)
            if not wanted[0] <= len(node.args) <= wanted[1]:
                count = "one number" if name == "abs" else "two numbers or more"
                raise self.compiler.fail(f"{ast.unparse(node)}: {name}() takes {count}")
            for arg in node.args:
                self._number(arg, f"{name}()")
            return _NUMBER
        if isinstance(node, ast.Tuple):
            for element in node.elts:
                self.kind(element)
            return _TUPLE
        return _ANY  # not in the language: the compiler names it

    def _compare(self, node: ast.Compare) -> str:
        kinds = [self.kind(node.left), *(self.kind(c) for c in node.comparators)]
        for (a, b), op in zip(itertools.pairwise(kinds), node.ops, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                if b not in (_TABLE, _TUPLE, _ANY):
                    raise self.compiler.fail(f"{ast.unparse(node)} looks in {self.words(b)}: only in a table")
            elif isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) and (
                    a in (_TABLE, _TUPLE) or b in (_TABLE, _TUPLE) or (_ANY not in (a, b) and a != b)):
                    raise self.compiler.fail(f"{ast.unparse(node)} orders {self.words(a)} against "
                                             f"{self.words(b)}")
        return _NUMBER

    @staticmethod
    def _nonzero_literal(node: ast.AST) -> bool:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            node = node.operand
        return (isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool)
                and node.value != 0)


class TableUseError(RulesetError):
    """An expression reads a table with more or fewer lookups than the table has levels (:attr:`table`)."""

    def __init__(self, table: str, reason: str, *, file: str | None = None, path: str | None = None) -> None:
        self.table = table
        super().__init__(reason, file=file, path=path)

    def at(self, *, file: str | None = None, path: str | None = None) -> TableUseError:
        located = super().at(file=file, path=path)
        return TableUseError(self.table, located.reason, file=located.file, path=located.path)


def _leaf_depths(value: Any, depth: int = 0) -> set[int]:
    """The numbers of lookups after which a table's values are reached (``{0}`` for a number)."""
    if isinstance(value, Mapping) and value:
        return set().union(*(_leaf_depths(v, depth + 1) for v in value.values()))
    return {depth}


def _check_table_uses(tree: ast.Expression, tables: Mapping[str, Any], compiler: _Compiler) -> None:
    """Each table is used with as many lookups as it has levels: ``t[a][b]`` of a table of tables of numbers
    computes with a number, never with a mapping (a ruleset that writes ``{x: 1}`` where a table holds a
    number is refused here, not met by the arithmetic). The right operand of ``in`` (``k in t``) may be a
    table with levels still to look up."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Name) or node.id not in tables:
            continue
        use: ast.AST = node
        lookups = 0
        while isinstance(parent := parents.get(use), ast.Subscript) and parent.value is use:
            use, lookups = parent, lookups + 1
        parent = parents.get(use)
        container = isinstance(parent, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) and right is use for op, right in zip(parent.ops, parent.comparators,
                                                                                      strict=True))
        depths = _leaf_depths(tables[node.id])
        text = ast.unparse(use)
        if container and min(depths) <= lookups:
            raise TableUseError(node.id, compiler.fail(f"{text} looks in a number of table {node.id}").reason,
                                file=compiler.file, path=compiler.path)
        if not container and depths != {lookups}:
            levels = " or ".join(map(str, sorted(depths)))
            why = (f"{text} reads table {node.id} with {lookups} lookup(s), but its numbers are {levels} lookup(s) "
                   f"deep (a mapping where a number belongs, or a number where a mapping belongs)")
            raise TableUseError(node.id, compiler.fail(why).reason, file=compiler.file, path=compiler.path)


class Formula:
    """An expression as a ruleset writes it (a scoring rule's ``points`` or ``when``, a derived fact), with
    what compiling it needs: compiled for any deal (:attr:`compiled`), and again for the facts known of a
    deal (:meth:`specialised`), which folds whatever those facts decide."""

    def __init__(
        self,
        source: object,
        tables: Mapping[str, Any],
        *,
        file: str | None = None,
        path: str | None = None,
        extra: frozenset[str] = frozenset(),
        number: bool = False,
        numbers: frozenset[str] = frozenset(),
    ) -> None:
        self.compiled = compile_expression(source, tables, file=file, path=path, extra=extra, number=number,
                                           numbers=numbers)
        self.reads = expression_names(source)
        self._source = source
        self._context = (tables, file, path, extra | numbers)
        self._specialised: dict[tuple[tuple[str, Any], ...], Compiled | Folded] = {}

    def specialised(self, known: Mapping[str, Any]) -> Compiled | Folded:
        """The expression compiled with the facts ``known`` (name: value) folded in, or its value when they
        decide it. Compiled once per value of the known facts the expression reads."""
        key = tuple((name, known[name]) for name in sorted(self.reads.intersection(known)))
        found = self._specialised.get(key)
        if found is None:
            found = self._specialised[key] = _compile(self._source, *self._context, dict(key))
        return found
