"""Small SVG charts drawn on the server: no script, no external service."""

from __future__ import annotations

from django.utils.html import format_html, format_html_join

WIDTH, HEIGHT, PAD = 320, 120, 12


def line_chart(values: list[float], label: str) -> str:
    """A line of ``values`` (oldest first) with its points marked, as inline SVG markup."""
    if len(values) < 2:
        return ""  # one point is not a trend: the page says so instead
    top = max(values) or 1
    step = (WIDTH - 2 * PAD) / max(1, len(values) - 1)
    points = [
        (PAD + index * step, HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD))
        for index, value in enumerate(values)
    ]
    polyline = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="3"><title>{}</title></circle>',
        ((f"{x:.1f}", f"{y:.1f}", value) for (x, y), value in zip(points, values, strict=True)),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}">'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"/>'
        '<polyline points="{}" class="line"/>{}</svg>',
        WIDTH,
        HEIGHT,
        label,
        PAD,
        HEIGHT - PAD,
        WIDTH - PAD,
        HEIGHT - PAD,
        polyline,
        dots,
    )
