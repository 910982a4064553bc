"""The rule book: markdown pages rendered from spec/ and conformance/ (used by docs/hooks/skruuvi_book.py).

Every renderer is a function of already-loaded data returning a markdown string; :mod:`.site` reads
the repository and renders all pages. Nothing generated is written into docs/.
"""

from .cases import cases_page, rule_cases_index
from .comparison import comparison_page
from .cross_era import cross_era_page
from .era import era_page
from .examples import examples_page
from .glossary import glossary_page
from .home import finnish_index_page, index_page
from .reference import case_format_page, errors_page, sources_page
from .site import build_pages, nav

__all__ = [
    "build_pages",
    "case_format_page",
    "cases_page",
    "comparison_page",
    "cross_era_page",
    "era_page",
    "errors_page",
    "examples_page",
    "finnish_index_page",
    "glossary_page",
    "index_page",
    "nav",
    "rule_cases_index",
    "sources_page",
]
