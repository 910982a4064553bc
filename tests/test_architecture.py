"""The package's layers, read from its own imports: lower layers never import higher ones, siblings never
import each other, a mechanism never imports the speed paths, and no module-level import circle exists. Inside
``suite/`` its parts keep layers of their own, in the same way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "reference_impl" / "skruuvi"

LAYERS = {"rules": 0, "interpreter": 1, "suite": 2, "authoring": 2, "history": 2, "book": 3, "cli": 4}
"""Each subpackage's layer: a module may import its own subpackage, and any subpackage of a lower layer."""

ROOT_MODULES = {"skruuvi", "skruuvi.__main__", "skruuvi.strategies"}
"""The package itself (its ``__version__`` and the lazy ``skruuvi.replay``) and two entry shims."""

INNER_LAYERS = {
    "suite": {"cases": 0, "features": 1, "export": 1, "scp": 2, "run": 3, "reports": 4, "explanations": 4,
              "validate": 4, "pytest_plugin": 5, "corpus": 5},
}
"""The layers inside a subpackage: each part (a subpackage of it, or a module of its own) may import itself and
the parts of lower layers, never a sibling or a higher one. The subpackage's docstring lists the same order, a
line a part: ``* layer N, ``part/``: ...`` (``part/`` a folder, ``part`` a module)."""


def _module_name(path: Path) -> str:
    parts = ["skruuvi", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str) -> list[tuple[str, bool]]:
    """The package modules ``name`` imports, each with whether the import is at module level."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top_level = {id(node) for node in tree.body}
    for node in tree.body:  # imports under a module-level `if` (TYPE_CHECKING) count as module level
        if isinstance(node, ast.If):
            top_level.update(id(child) for child in node.body)
    found: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                targets.append(sub if sub in MODULES else module)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            if target in MODULES and target != name:
                found.append((target, id(node) in top_level))
    return found


def _subpackage(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else None


def test_every_module_belongs_to_a_layer() -> None:
    strays = [name for name in MODULES if name not in ROOT_MODULES and _subpackage(name) not in LAYERS]
    assert strays == []


def test_no_module_imports_a_higher_layer_or_a_sibling() -> None:
    wrong = []
    for name in MODULES:
        own = _subpackage(name)
        if own is None:
            continue
        for target, _ in _imports(name):
            other = _subpackage(target)
            if other is None:
                if target != "skruuvi":
                    wrong.append(f"{name} -> {target}")
            elif other != own and LAYERS[other] >= LAYERS[own]:
                wrong.append(f"{name} -> {target}")
    assert wrong == []


def _part(name: str, package: str) -> str | None:
    """The part of ``skruuvi.<package>`` that module ``name`` belongs to (None outside it, and for the package)."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == package else None


@pytest.mark.parametrize("package", sorted(INNER_LAYERS))
def test_every_module_of_a_layered_subpackage_belongs_to_a_part(package: str) -> None:
    strays = [name for name in MODULES if name.startswith(f"skruuvi.{package}.")
              and _part(name, package) not in INNER_LAYERS[package]]
    assert strays == []


@pytest.mark.parametrize("package", sorted(INNER_LAYERS))
def test_no_part_imports_a_higher_part_or_a_sibling(package: str) -> None:
    layers = INNER_LAYERS[package]
    wrong = []
    for name in MODULES:
        own = _part(name, package)
        if own is None:
            continue
        for target, _ in _imports(name):
            other = _part(target, package)
            if target == f"skruuvi.{package}" or (other is not None and other != own and layers[other] >= layers[own]):
                wrong.append(f"{name} -> {target}")
    assert wrong == []


@pytest.mark.parametrize("package", sorted(INNER_LAYERS))
def test_a_layered_subpackage_documents_its_order(package: str) -> None:
    doc = ast.get_docstring(ast.parse(MODULES[f"skruuvi.{package}"].read_text(encoding="utf-8"))) or ""
    listed = {m["part"]: (int(m["layer"]), bool(m["folder"]))
              for m in re.finditer(r"^\* layer (?P<layer>\d+), ``(?P<part>\w+)(?P<folder>/?)``", doc, re.M)}
    assert listed == {part: (layer, (PACKAGE / package / part).is_dir())
                      for part, layer in INNER_LAYERS[package].items()}


def test_the_rules_never_import_the_speed_paths() -> None:
    wrong = [
        f"{name} -> {target}"
        for name in MODULES
        if name.startswith("skruuvi.interpreter.mechanisms")
        for target, _ in _imports(name)
        if target.startswith("skruuvi.interpreter.fast")
    ]
    assert wrong == []


def test_no_import_circle() -> None:
    graph = {name: sorted({t for t, top in _imports(name) if top}) for name in MODULES}
    # a package's __init__ importing its own submodules is the package, not a circle
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in graph[node]:
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                circles.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in graph:
        if name not in state:
            visit(name)
    assert circles == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("skruuvi.interpreter.mechanisms.")))
def test_a_mechanism_holds_its_rule_only(name: str) -> None:
    """A mechanism module has the step path (enter, verify, apply, legal) and no batch path."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "apply_many" not in defined
    if name.endswith(".gifts"):
        return
    assigned = {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                if isinstance(t, ast.Name)}
    assert {"enter", "verify", "legal"} <= defined
    assert "apply" in defined | assigned


def test_no_module_is_over_400_lines_without_saying_why() -> None:
    long = []
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(text)) or ""
        if text.count("\n") > 400 and "over 400 lines" not in doc.lower():
            long.append(f"{name} ({text.count(chr(10))} lines)")
    assert long == []
