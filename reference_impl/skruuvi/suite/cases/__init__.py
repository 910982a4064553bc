"""The cases of a suite: what a case is and its checks, case files read lazily, which cases run, and the checking
pass that keeps a run's cases in a temporary file (the lowest layer of :mod:`skruuvi.suite`)."""
