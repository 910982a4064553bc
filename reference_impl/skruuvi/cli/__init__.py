"""The ``skruuvi`` command line: one module per group of commands (the top layer: it imports every other)."""

from .commands import main

__all__ = ["main"]
