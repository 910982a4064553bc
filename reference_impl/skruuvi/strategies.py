"""Hypothesis strategies for implementers (``skruuvi.strategies``, a stable import): see
:mod:`skruuvi.authoring.strategies`."""

from .authoring.strategies import *  # noqa: F403
from .authoring.strategies import __all__  # noqa: F401
