"""The rules layer: what a ruleset is, read and checked, with no interpreter in it.

The card and action notation (``notation``), the error types and codes (``errors``), where the data lives
(``paths``), YAML/JSON reading (``yamlio``), JSON Schemas (``schemas``), rule entries (``ruledoc``), the
expression language of scoring formulas (``expr``), the phase vocabulary a ruleset's phases are written in
(``phases``), the ruleset loader and compiler (``ruleset``) and what a ruleset can reach at all (``reach``).
Nothing here imports a higher layer.
"""
