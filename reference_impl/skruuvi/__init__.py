"""skruuvi: the reference interpreter of the Skruuvi specification (rulesets as data)."""

__version__ = "0.1.0"
