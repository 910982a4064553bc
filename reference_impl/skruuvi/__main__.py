"""``python -m skruuvi``: the same as the ``skruuvi`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
