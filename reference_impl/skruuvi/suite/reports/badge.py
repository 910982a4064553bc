"""A shields-style badge of one ruleset's pass rate (``skruuvi report --badge``): a self-contained SVG, such as an
engine's README shows, ``skruuvi-2016 · 98.7 %``.

The rate is the share of the ruleset's selected cases that passed: a case the engine did not declare
(``unsupported``), skipped, or failed in any way counts against it, so that a badge cannot be green on a few cases
(:func:`pass_rate`). The text is measured with a table of the widths of Verdana's glyphs at 11 px (the font shields
badges are drawn in), rounded up; an unknown glyph counts as wide.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

_NARROW = set("ijlt.,:;!|'() ")
_WIDE = set("mwMW%@")
_COLOURS = ((99.5, "#4c1"), (95.0, "#97ca00"), (90.0, "#a4a61d"), (75.0, "#dfb317"), (50.0, "#fe7d37"),
            (0.0, "#e05d44"))


def pass_rate(passed: int, selected: int) -> float | None:
    """Per cent of the selected cases that passed, or None when none was selected."""
    return 100.0 * passed / selected if selected else None


def rate_text(rate: float | None) -> str:
    """``98.7 %``; ``100 %`` only when every case passed (a rate that rounds to 100 shows ``99.9 %``)."""
    if rate is None:
        return "no cases"
    if rate >= 100.0:
        return "100 %"
    return f"{min(rate, 99.9):.1f} %"


def colour(rate: float | None) -> str:
    if rate is None:
        return "#9f9f9f"
    return next(c for limit, c in _COLOURS if rate >= limit)


def _width(text: str) -> int:
    return int(sum(3.5 if ch in _NARROW else 10.0 if ch in _WIDE else 7.0 for ch in text) + 0.999) + 10


def badge_svg(label: str, rate: float | None) -> str:
    """The badge: ``label`` on grey, the rate on a colour from red (below 50 %) to bright green (99.5 % and up)."""
    value = rate_text(rate)
    left, right = _width(label), _width(value)
    total = left + right
    title = f"{label}: {value}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" '
            f'aria-label={quoteattr(title)}>\n'
            f'  <title>{escape(title)}</title>\n'
            '  <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>'
            '<stop offset="1" stop-opacity=".1"/></linearGradient>\n'
            f'  <clipPath id="r"><rect width="{total}" height="20" rx="3" fill="#fff"/></clipPath>\n'
            f'  <g clip-path="url(#r)"><rect width="{left}" height="20" fill="#555"/>'
            f'<rect x="{left}" width="{right}" height="20" fill="{colour(rate)}"/>'
            f'<rect width="{total}" height="20" fill="url(#s)"/></g>\n'
            '  <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" '
            'font-size="11">\n'
            f'    <text x="{left / 2:.1f}" y="15" fill="#010101" fill-opacity=".3">{escape(label)}</text>'
            f'<text x="{left / 2:.1f}" y="14">{escape(label)}</text>\n'
            f'    <text x="{left + right / 2:.1f}" y="15" fill="#010101" fill-opacity=".3">{escape(value)}</text>'
            f'<text x="{left + right / 2:.1f}" y="14">{escape(value)}</text>\n'
            '  </g>\n</svg>\n')


__all__ = ["badge_svg", "colour", "pass_rate", "rate_text"]
