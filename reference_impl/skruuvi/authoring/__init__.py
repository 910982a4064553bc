"""Making cases and measuring the suite: the bots, the case generator, ruleset mutation testing and the
hypothesis strategies."""

KINDS = ("deals", "invalid", "states", "deal-checks", "matches")
"""Every kind of record ``skruuvi generate`` writes, in the order it writes them (:mod:`skruuvi.authoring.kinds`)."""
