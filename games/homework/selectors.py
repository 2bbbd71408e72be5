"""What pupils read of play at home: a homework's boards for them, an attempt's result.

Every figure comes from the attempt's round as the one scoring function
stored it (``RoundPlayer``, written by ``services.results_store``), the
board's words after its rulings (``games.verdicts``), and the board's tally
(``games.homework.ranks``). A pupil sees their own attempts, and of the
others only a rank, a percentile, a histogram and the words the class found:
never a name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count
from django.utils import timezone

from games import clock, dealing, verdicts
from games.homework import ranks
from games.homework.models import Attempt, Homework
from games.homework.pupils import Pupil
from games.homework.services import NOBODY
from games.models import Find, Round, RoundPlayer
from games.selectors.glosses import round_glosses

FINAL_KINDS = (Attempt.Kind.COUNTED, Attempt.Kind.LATE)


def board_words(board: Round) -> verdicts.RoundWords:
    """A board's words after its rulings, read now (a board's round never ends, so the
    rulings are read here rather than from the running rounds' cache)."""
    return verdicts.round_words(board, rulings=list(board.rulings.order_by("ruled_at", "pk")))


def words_points(game_round: Round, words) -> int:
    """What ``words`` are worth on ``game_round``'s board (planted bonus included)."""
    return sum(
        dealing.points(word, game_round.size)
        + (game_round.bonus if word in game_round.planted else 0)
        for word in words
    )


def board_points(board: Round, words: verdicts.RoundWords | None = None) -> int:
    """Every point a board holds now: its words that count after the rulings, with the
    planted bonus. The share of them a pupil found compares across boards."""
    return words_points(board, (words or board_words(board)).countable())


def share(points: int, total: int) -> float:
    """Percent of ``total``, one decimal."""
    return round(100 * points / total, 1) if total else 0.0


@dataclass
class Result:
    """An attempt's result as its pupil is shown it."""

    attempt: Attempt
    points: int
    words: int
    board_points: int
    share: float
    standing: ranks.Standing | None  # None: no rank to show (yet, or not allowed)
    finished: bool

    @property
    def late(self) -> bool:
        return self.attempt.kind == Attempt.Kind.LATE

    @property
    def practice(self) -> bool:
        return self.attempt.kind == Attempt.Kind.PRACTICE


def attempt_result(attempt: Attempt, *, ranks_allowed: bool) -> Result:
    """Points, share of the board's points, and (a counted attempt, once enough have
    played, if allowed) rank and percentile among the board's counted attempts."""
    game_round = attempt.round
    line = RoundPlayer.objects.filter(round=game_round).values("points", "words").first() or {}
    points = line.get("points", 0)
    total = board_points(game_round, verdicts.round_words(game_round))
    standing = None
    if ranks_allowed and attempt.kind == Attempt.Kind.COUNTED and attempt.settled_at:
        found = ranks.standing(attempt.board_id, points)
        standing = found if found.shown else None
    return Result(
        attempt=attempt,
        points=points,
        words=line.get("words", 0),
        board_points=total,
        share=share(points, total),
        standing=standing,
        finished=game_round.finished_at is not None,
    )


def found_words(game_round: Round) -> set[str]:
    """The words that count that the attempt's player found."""
    words = verdicts.round_words(game_round)
    finds = Find.objects.filter(round=game_round).values_list("word", flat=True)
    return {word for word in finds if words.counts(word)}


def class_words_missed(attempt: Attempt, language: str | None = None) -> list[dict]:
    """The words classmates found on this board (in their counted or late attempts)
    that this pupil did not: the most found first, each with its meaning. Their next
    flashcard deck. No names."""
    board = attempt.board
    words = board_words(board)
    mine = found_words(attempt.round)
    others = (
        Find.objects.filter(round__attempt__board=board, round__attempt__kind__in=FINAL_KINDS)
        .exclude(round__attempt__class_room=attempt.class_room, round__attempt__pupil=attempt.pupil)
        .values("word")
        .annotate(pupils=Count("round", distinct=True))
    )
    counted = {row["word"]: row["pupils"] for row in others if words.counts(row["word"])}
    missed = sorted(set(counted) - mine, key=lambda w: (-counted[w], len(w), w))
    glosses = round_glosses(board, language, missed)
    return [
        {
            "word": word,
            "display": dealing.display(board.language, word),
            "gloss": glosses.get(word),
            "pupils": counted[word],
        }
        for word in missed
    ]


# --- a homework's boards for one pupil ----------------------------------------------


@dataclass
class BoardState:
    """One board of a homework as a pupil sees it on the homework's page."""

    position: int
    board: Round
    final: Attempt | None  # their counted (or late) attempt
    running: Attempt | None  # an attempt of theirs being played now
    elsewhere: bool  # ... on another browser
    practice: int  # how many practice attempts

    @property
    def can_start(self) -> bool:
        return self.running is None


def homework_states(
    homework: Homework, pupil: Pupil, browser: str, now: datetime | None = None
) -> list[BoardState]:
    now = now or timezone.now()
    attempts = Attempt.objects.filter(
        board__homework_board__homework=homework, class_room=pupil.class_room, pupil=pupil.key
    ).select_related("round", "player")
    by_board: dict[int, list[Attempt]] = {}
    for attempt in attempts.order_by("created_at", "pk"):
        by_board.setdefault(attempt.board_id, []).append(attempt)
    states = []
    for placed in homework.boards.select_related("round").defer("round__solution"):
        theirs = by_board.get(placed.round_id, [])
        running = next((a for a in theirs if clock.status(a.round, now) != clock.FINISHED), None)
        kinds = Counter(a.kind for a in theirs)
        states.append(
            BoardState(
                position=placed.position,
                board=placed.round,
                final=next((a for a in theirs if a.kind in FINAL_KINDS), None),
                running=running,
                elsewhere=running is not None and running.player.browser != browser,
                practice=kinds[Attempt.Kind.PRACTICE],
            )
        )
    return states


def homework_status(homework: Homework, now: datetime | None = None) -> str:
    """``waiting`` (not open yet), ``open``, or ``closed`` (past the deadline: late)."""
    now = now or timezone.now()
    if now < homework.opens_at:
        return "waiting"
    return "open" if now < homework.due_at else "closed"


def not_theirs(room, browser: str | None) -> bool:
    """An attempt's room, opened by another browser than the one that plays it: its
    socket, play page and results answer as if there were no such room. Free for a room
    someone runs (only rooms nobody runs hold attempts: services.NOBODY)."""
    if not room.host_browser.startswith(NOBODY):
        return False
    attempts = Attempt.objects.filter(round__room=room)
    return attempts.exclude(player__browser=browser or "").exists()
