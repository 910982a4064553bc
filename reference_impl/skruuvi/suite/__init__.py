"""The conformance suite's machinery, in layers by concern. A module imports only its own part of ``suite/`` and
the parts of lower layers, never a part of its own layer or above (``tests/test_architecture.py`` holds this order
from the imports):

* layer 0, ``cases/``: what a case is, its checks, reading case files lazily, which cases run (``--run``,
  ``--skip``, ``--shard``), and the checking pass that keeps a run's cases in a spool;
* layer 1, ``features/``: the feature tags a case needs (kept between processes for ``serve``'s start), and a
  case's expectation under other readings (variants);
* layer 1, ``export``: the suite as plain files for engines in any language, and reading such an export back;
* layer 2, ``scp/``: SCP/1, its message shapes and the reference server, and ``serve``'s loop on its pipes;
* layer 3, ``run/``: the runner: engine processes driven and their answers judged, what an engine declares and the
  plan that makes of each case, the legal and perft cases, an engine's output read line by line;
* layer 4, ``reports/``: the terminal lines, the JSON Lines, JUnit and markdown reports, and their output files;
  reading reports back: the compliance page and the badges of ``skruuvi report``, and the shards of a run merged;
* layer 4, ``explanations/``: ``--explain``: the readings that explain a run's failures, and where the others part;
* layer 4, ``validate``: ``skruuvi validate`` of everything a suite is made of (validation sits here, above the
  interpreter, because checking a case's deal builds it);
* layer 5, ``pytest_plugin``: the pytest plugin (the ``pytest11`` entry point, public under this name).
"""
