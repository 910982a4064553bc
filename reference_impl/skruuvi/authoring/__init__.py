"""Making cases and measuring the suite: the bots, the case generator, ruleset mutation testing and the
hypothesis strategies."""
