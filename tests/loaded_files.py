"""Python files loaded as modules though they are no package's: the oracle (a second implementation that the
package must not import) and test modules whose helpers other tests and bench/ reuse. Each is loaded once per
process under its name, as an import would be."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
ORACLE = ROOT / "conformance" / "oracle" / "oracle.py"


def load_file(name: str, path: Path) -> ModuleType:
    """The module ``name`` executed from ``path``; the one already loaded under that name, if any."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def oracle() -> ModuleType:
    """The independent oracle, ``conformance/oracle/oracle.py``."""
    return load_file("skruuvi_oracle", ORACLE)
