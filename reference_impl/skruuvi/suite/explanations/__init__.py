"""``skruuvi conformance --explain``: the readings that explain a run's failures, and where the engine and the
reference part for a failure that no reading explains."""
