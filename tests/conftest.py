"""Shared by every test folder: the helpers beside this file (``cases_factory``, ``strategies``) import by
their plain names from any folder of the mirror layout."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
