"""Ranks on a board played at home, cheap however many play it.

A board's counted attempts are tallied by points (``ScoreTally``: one row per
score that someone made, with how many made it). A rank and a percentile are
one aggregate over those rows, and a score goes in as one upsert of one row:
the cost follows the number of different scores (a few hundred at most on a
board), never the number of players (docs/PERFORMANCE.md: 100,000 attempts).

- **Rank**: 1 + the players with more points (equal points share a place).
- **Percentile**: the share of the *other* players with fewer points ("better
  than 80% of the players"), rounded down.
- Ranks are shown once ``RANKS_FROM`` players have a counted result: with
  fewer, a place says too much about the others.

The tally is derived from the attempts' stored results: ``tally_move`` is
called with the points an attempt put in before and puts in now, in the
transaction that records them on the attempt (``Attempt.tallied_points``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.db import connection
from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join

from games.homework.models import ScoreTally

RANKS_FROM = 5


@dataclass(frozen=True)
class Standing:
    """Where ``points`` stand among a board's counted attempts."""

    points: int
    players: int  # every counted attempt tallied, this one included
    above: int  # players with more points
    below: int  # players with fewer points

    @property
    def rank(self) -> int:
        return self.above + 1

    @property
    def percentile(self) -> int:
        """Better than this share (%) of the other players."""
        others = self.players - 1
        return (100 * self.below) // others if others > 0 else 0

    @property
    def shown(self) -> bool:
        return self.players >= RANKS_FROM


def tally_move(board_id: int, old: int | None, new: int | None) -> None:
    """An attempt's tallied points go from ``old`` to ``new`` (None: not tallied)."""
    if old == new:
        return
    with connection.cursor() as cursor:
        if old is not None:
            cursor.execute(_sql("take"), [board_id, old])
        if new is not None:
            cursor.execute(_sql("add"), [board_id, new])


@functools.cache
def _sql(which: str) -> str:
    quote = connection.ops.quote_name
    table = quote(ScoreTally._meta.db_table)
    board = quote(ScoreTally._meta.get_field("board").column)
    points, players = quote("points"), quote("players")
    if which == "standing":
        return (
            f"SELECT SUM({players}), "
            f"SUM(CASE WHEN {points} > %s THEN {players} ELSE 0 END), "
            f"SUM(CASE WHEN {points} < %s THEN {players} ELSE 0 END) "
            f"FROM {table} WHERE {board} = %s"
        )
    if which == "take":
        return (
            f"UPDATE {table} SET {players} = {players} - 1 "
            f"WHERE {board} = %s AND {points} = %s AND {players} > 0"
        )
    # One statement whoever else adds the same score at the same moment (PostgreSQL,
    # and SQLite from 3.24): the row is made once, then counted up under its lock.
    return (
        f"INSERT INTO {table} ({board}, {points}, {players}) VALUES (%s, %s, 1) "
        f"ON CONFLICT ({board}, {points}) DO UPDATE SET {players} = {table}.{players} + 1"
    )


def standing(board_id: int, points: int) -> Standing:
    """Rank and percentile of ``points`` on a board, from its tally: one statement (in
    SQL: through the ORM's aggregate it cost three times the CPU)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("standing"), [points, points, board_id])
        everyone, ahead, behind = cursor.fetchone()
    return Standing(points=points, players=everyone or 0, above=ahead or 0, below=behind or 0)


def distribution(board_id: int) -> list[tuple[int, int]]:
    """``(points, players)`` for every score made on a board, lowest first."""
    rows = ScoreTally.objects.filter(board_id=board_id, players__gt=0).order_by("points")
    return list(rows.values_list("points", "players"))


# --- the histogram ------------------------------------------------------------------

BUCKETS = 10  # tenths of the board's points: 0-9%, 10-19%, ... 90-100%
WIDTH, HEIGHT, BOTTOM, TOP = 300, 120, 22, 14


def histogram(distribution: list[tuple[int, int]], board_points: int) -> list[int]:
    """Players per tenth of the board's points (the last tenth includes 100%)."""
    counts = [0] * BUCKETS
    for points, players in distribution:
        counts[_bucket(points, board_points)] += players
    return counts


def _bucket(points: int, board_points: int) -> int:
    if board_points <= 0:
        return 0
    return max(0, min(BUCKETS - 1, (BUCKETS * points) // board_points))


def histogram_svg(
    distribution: list[tuple[int, int]], board_points: int, mine: int | None, label: str
) -> str:
    """A small bar chart of how a board's players scored, by tenth of its points, with the
    reader's own tenth marked; its accessible name lists every bar."""
    counts = histogram(distribution, board_points)
    tallest = max(counts) or 1
    step = WIDTH / BUCKETS
    floor = HEIGHT - BOTTOM
    mark = None if mine is None else _bucket(mine, board_points)

    def bar(index: int, count: int) -> tuple:
        height = (floor - TOP) * count / tallest
        css = "bar mine" if index == mark else "bar"
        return (
            css,
            f"{index * step + 2:.1f}",
            f"{floor - height:.1f}",
            f"{step - 4:.1f}",
            f"{height:.1f}",
        )

    bars = format_html_join(
        "",
        '<rect class="{}" x="{}" y="{}" width="{}" height="{}"></rect>',
        (bar(index, count) for index, count in enumerate(counts)),
    )
    ticks = format_html_join(
        "",
        '<text class="tick" x="{}" y="{}" text-anchor="{}">{}%</text>',
        (
            (f"{index * step:.1f}", HEIGHT - 6, anchor, index * 10)
            for index, anchor in ((0, "start"), (BUCKETS // 2, "middle"), (BUCKETS, "end"))
        ),
    )
    name = f"{label}: " + "; ".join(
        f"{index * 10}%: {number_format(count)}" for index, count in enumerate(counts)
    )
    return format_html(
        '<svg class="histogram" viewBox="0 0 {w} {h}" role="img" aria-label="{name}">'
        '<line class="axis" x1="0" y1="{floor}" x2="{w}" y2="{floor}"></line>{bars}{ticks}</svg>',
        w=WIDTH,
        h=HEIGHT,
        name=name,
        floor=floor,
        bars=bars,
        ticks=ticks,
    )
