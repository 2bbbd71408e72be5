"""Small SVG charts drawn on the server: no script, no external service.

A chart has its axes, with the highest value and zero on the vertical one and each
round's date on the horizontal one, and every point's value written above it; its
accessible name lists the values too, for someone who cannot see it.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join

WIDTH, HEIGHT = 360, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 14, 20, 30  # room for the axes' labels
MOST_LABELS = 8  # more dates than this and only some are written


def _value(value: float) -> str:
    return number_format(value, decimal_pos=1 if value != int(value) else 0)


def line_chart(values: list[float], label: str, dates: list[str] | None = None) -> str:
    """A line of ``values`` (oldest first), each point marked and labelled, on two axes;
    ``dates``: what to write under each point (the round's date, say)."""
    if len(values) < 2:
        return ""  # one point is not a trend: the page says so instead
    dates = dates or [""] * len(values)
    top = max(values) or 1
    floor = HEIGHT - BOTTOM
    step = (WIDTH - LEFT - RIGHT) / (len(values) - 1)
    points = [
        (LEFT + index * step, floor - (value / top) * (floor - TOP))
        for index, value in enumerate(values)
    ]
    every = max(1, -(-len(values) // MOST_LABELS))  # ceil: at most MOST_LABELS dates
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="3.5"></circle><text x="{}" y="{}" class="value">{}</text>',
        (
            (f"{x:.1f}", f"{y:.1f}", f"{x:.1f}", f"{y - 7:.1f}", _value(v))
            for (x, y), v in zip(points, values, strict=True)
        ),
    )
    ticks = format_html_join(
        "",
        '<text x="{}" y="{}" class="date">{}</text>',
        (
            (f"{x:.1f}", floor + 18, date)
            for i, ((x, _), date) in enumerate(zip(points, dates, strict=True))
            if i % every == 0 or i == len(values) - 1
        ),
    )
    name = f"{label}: {'; '.join(_value(v) for v in values)}"
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="{name}">'
        '<line x1="{left}" y1="{top}" x2="{left}" y2="{floor}" class="axis"/>'
        '<line x1="{left}" y1="{floor}" x2="{right}" y2="{floor}" class="axis"/>'
        '<text x="{tx}" y="{ty}" class="scale">{high}</text>'
        '<text x="{tx}" y="{floor}" class="scale">0</text>'
        '<polyline points="{line}" class="line"/>{dots}{ticks}</svg>',
        w=WIDTH,
        h=HEIGHT,
        name=name,
        left=LEFT,
        top=TOP,
        floor=floor,
        right=WIDTH - RIGHT,
        tx=LEFT - 6,
        ty=TOP + 4,
        high=_value(top),
        line=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
        dots=dots,
        ticks=ticks,
    )
