"""The board of the day: one 4x4 board per game language and level, derived from the date.

No scheduler: the first visit of a day deals the board from a seed made of
the language, the level and the date (in the school's time zone), and keeps
it (``DailyBoard``); two processes dealing it at the same moment keep the
first. Everyone who opens the site that day plays that board: once for a rank
among everyone who played it, then as practice. A streak is the number of
days in a row someone played a board of the day: the browser keeps an
anonymous player's (static/js/daily.js), the class's a pupil's (derived from
their attempts here).
"""

from __future__ import annotations

import hashlib
from datetime import date, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import dealing
from games.engine.languages import LEVELS, check_language
from games.homework.models import Attempt, DailyBoard
from games.homework.services import board_deal

DAILY_SIZE = 4
DAILY_SECONDS = 120  # Wordament's two minutes: a board of the day fits a break
DAILY_LEVELS = tuple(level.number for level in LEVELS)


def today() -> date:
    """The school's date (TIME_ZONE): the board changes at its midnight."""
    return timezone.localdate()


def daily_seed(language: str, level: int, day: date) -> int:
    text = f"lettergrid-daily:{language}:{level}:{day.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % 2**62


def daily_board(*, language: str, level: int, day: date | None = None) -> DailyBoard:
    """The board of the day of ``language`` and ``level`` (dealt on first use).
    Raises ValueError for a language or level the game does not have."""
    day = day or today()
    check_language(language)
    if level not in DAILY_LEVELS:
        raise ValueError(f"no level {level}")
    found = DailyBoard.objects.filter(day=day, language=language, level=level)
    existing = found.select_related("round").first()
    if existing is not None:
        return existing
    dealt = dealing.deal(
        language=language,
        level=level,
        size=DAILY_SIZE,
        dice="",
        min_length=dealing.default_min_length(DAILY_SIZE),
        seed=daily_seed(language, level, day),
    )
    try:
        with transaction.atomic():
            board = board_deal(
                board=dealt.board,
                language=language,
                level=level,
                size=DAILY_SIZE,
                duration_seconds=DAILY_SECONDS,
            )
            return DailyBoard.objects.create(day=day, language=language, level=level, round=board)
    except IntegrityError:  # dealt by another process at the same moment: theirs stands
        return found.select_related("round").get()


def class_streak(class_room_id: int, pupil: str, day: date | None = None) -> int:
    """Days in a row ending today (or yesterday, when today's is not played yet) on
    which the pupil played a board of the day through their class."""
    day = day or today()
    played = set(
        Attempt.objects.filter(
            class_room_id=class_room_id, pupil=pupil, board__daily__isnull=False
        ).values_list("board__daily__day", flat=True)
    )
    return streak(played, day)


def streak(days: set[date], day: date) -> int:
    """The run of consecutive ``days`` ending at ``day``, or at the day before."""
    current = day if day in days else day - timedelta(days=1)
    count = 0
    while current in days:
        count += 1
        current -= timedelta(days=1)
    return count
