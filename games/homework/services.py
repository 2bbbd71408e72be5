"""Every change of play at home: homework and its boards, attempts, their results, rulings.

- ``homework_create`` checks the settings as a room's are checked and deals
  each board (``board_deal``: ``services.room_create`` in a room that nobody
  joins or runs, so its round waits in the lobby and nobody sees its letters).
- ``attempt_start`` gives a pupil a solo round of their own on a board (or
  their attempt still running on this browser: a closed tab resumes with its
  words and the time the server's clock has left). The first attempt started
  before the deadline counts, one started after it is late, later ones are
  practice. A counted attempt's clock stops at the deadline.
- ``attempt_settle``, ``board_settle_due`` and ``board_word_rule`` (an
  attempt's final submission, the board's rulings, the tally) live in
  ``games.homework.submissions`` and are called through here.
"""

from __future__ import annotations

import math
import secrets
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext

from games import clock, verdicts
from games.homework.models import Attempt, Homework, HomeworkBoard
from games.homework.pupils import Pupil
from games.homework.ranks import tally_move
from games.homework.submissions import attempt_settle, board_settle_due, board_word_rule
from games.models import (
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    Player,
    Room,
    Round,
    RoundPlayer,
    Scoring,
    WordRuling,
)
from games.modes import Mode
from games.nicknames import nickname_key
from games.services import (
    RoomSettingsError,
    room_create,
    round_start,
)
from games.services.rooms import RoomSettings

__all__ = [
    "MAX_BOARDS",
    "NOBODY",
    "AttemptRefused",
    "HomeworkRefused",
    "attempt_settle",
    "attempt_start",
    "board_deal",
    "board_settle_due",
    "board_word_rule",
    "homework_board",
    "homework_create",
    "play_at_home_purge",
    "pupil_attempts_delete",
    "running_elsewhere",
]

MAX_BOARDS = 5
# A room's host browser that no browser has (browser ids are 32 hex digits): nobody
# runs a board's room or an attempt's, so nobody can start, pause or extend them.
NOBODY = "nobody:"


class HomeworkRefused(ValueError):
    """Homework that cannot be set as asked: nothing was made."""


class AttemptRefused(ValueError):
    """An attempt this browser may not start or open now, with the reason for the pupil."""


def _nobody() -> str:
    return NOBODY + secrets.token_hex(8)


def _room_code() -> str:
    for _attempt in range(20):
        code = "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
        if not Room.objects.filter(code=code).exists():
            return code
    return code


# --- boards and homework ------------------------------------------------------------


def board_deal(*, board: str | None = None, **settings) -> Round:
    """A board to play at home: a round dealt (``settings`` as a room's, ``board`` a fixed
    one) in a locked room of its own that nobody runs; it waits in the lobby for ever."""
    room = room_create(host_browser=_nobody(), mode=Mode.VERSUS, board=board, **settings)
    Room.objects.filter(pk=room.pk).update(locked=True)
    return room.rounds.get()


@transaction.atomic
def homework_create(
    *,
    class_room: Room,
    title: str,
    opens_at: datetime,
    due_at: datetime,
    show_ranks: bool = True,
    boards: int = 1,
    board: str | None = None,
    now: datetime | None = None,
    **settings,
) -> Homework:
    """Set homework for a class: ``boards`` boards dealt with ``settings`` (a room's:
    language, level, size, dice, min_length, duration_seconds per board, vocabulary,
    plant_count, plant_bonus; ``board``: that board every time, as a round's shared
    board code). Raises HomeworkRefused with the teacher's message."""
    now = now or timezone.now()
    title = " ".join(str(title).split())
    if not title:
        raise HomeworkRefused(gettext("Give the homework a title."))
    if not 1 <= boards <= MAX_BOARDS:
        raise HomeworkRefused(
            gettext("Set between 1 and %(count)d boards.") % {"count": MAX_BOARDS}
        )
    if due_at <= opens_at:
        raise HomeworkRefused(gettext("The deadline must come after the opening."))
    if due_at <= now:
        raise HomeworkRefused(gettext("The deadline has already passed."))
    vocabulary = settings.get("vocabulary")
    if vocabulary is not None and vocabulary.room_id != class_room.pk:
        raise HomeworkRefused(gettext("Choose one of this class's vocabulary lists."))
    try:
        RoomSettings().changed(**settings)
    except RoomSettingsError as error:
        raise HomeworkRefused(str(error)) from None
    homework = Homework.objects.create(
        class_room=class_room,
        title=title[:80],
        token=secrets.token_urlsafe(12),
        opens_at=opens_at,
        due_at=due_at,
        show_ranks=show_ranks,
        created_at=now,
    )
    for position in range(1, boards + 1):
        HomeworkBoard.objects.create(
            homework=homework, position=position, round=board_deal(board=board, **settings)
        )
    return homework


# --- attempts -----------------------------------------------------------------------


def attempt_start(
    *,
    board: Round,
    pupil: Pupil,
    browser: str,
    opens_at: datetime | None = None,
    deadline: datetime | None = None,
    now: datetime | None = None,
) -> Attempt:
    """The attempt ``pupil`` plays on ``board`` from ``browser`` now: the one still
    running on this browser, or a new one (counted, late or practice). Raises
    AttemptRefused before ``opens_at``, or while the pupil's attempt runs elsewhere."""
    now = now or timezone.now()
    if opens_at is not None and now < opens_at:
        raise AttemptRefused(gettext("This homework is not open yet."))
    for _try in range(2):
        theirs = list(
            Attempt.objects.filter(board=board, pupil=pupil.key, class_room=pupil.class_room)
            .select_related("round", "player")
            .order_by("-created_at", "-pk")
        )
        for attempt in theirs:
            if clock.status(attempt.round, now) == clock.FINISHED:
                continue
            if attempt.player.browser == browser:
                return attempt  # a closed tab, a lost network: carry on
            raise AttemptRefused(running_elsewhere(attempt))
        if any(attempt.kind != Attempt.Kind.PRACTICE for attempt in theirs):
            kind = Attempt.Kind.PRACTICE
        elif deadline is not None and now >= deadline:
            kind = Attempt.Kind.LATE
        else:
            kind = Attempt.Kind.COUNTED
        seconds = board.duration_seconds
        if kind == Attempt.Kind.COUNTED and deadline is not None:
            seconds = min(seconds, math.ceil((deadline - now).total_seconds()))
        try:
            with transaction.atomic():
                return _attempt_create(board, pupil, browser, kind, seconds, now)
        except IntegrityError:
            continue  # the same pupil started it this very moment: look again
    raise AttemptRefused(gettext("This board was just started for you: open it again."))


def running_elsewhere(attempt: Attempt) -> str:
    ends = time_format(timezone.localtime(attempt.round.ends_at), "H:i")
    return gettext(
        "You started this board on another device: finish it there (it ends at %(time)s)."
    ) % {"time": ends}


def _attempt_create(
    board: Round, pupil: Pupil, browser: str, kind: str, seconds: int, now: datetime
) -> Attempt:
    """A solo round on ``board``'s letters and words, with the board's standing rulings,
    in a locked room of its own whose only player is this browser, started at once."""
    standing = verdicts.effective_rulings(WordRuling.objects.filter(round_id=board.pk))
    words = verdicts.round_words(board, rulings=standing.values())  # its words: read once
    room = Room.objects.create(
        code=_room_code(),
        host_browser=_nobody(),
        locked=True,
        mode=Mode.SOLO,
        language=board.language,
        level=board.level,
        size=board.size,
        dice=board.dice,
        min_length=board.min_length,
        duration_seconds=seconds,
    )
    player = Player.objects.create(
        room=room,
        browser=browser,
        nickname=pupil.nickname,
        nickname_key=nickname_key(pupil.nickname),
    )
    game_round = Round.objects.create(
        room=room,
        number=1,
        board=board.board,
        seed=board.seed,
        share_code=board.share_code,
        language=board.language,
        level=board.level,
        size=board.size,
        dice=board.dice,
        min_length=board.min_length,
        mode=Mode.SOLO,
        scoring=Scoring.STANDARD,
        team_count=0,
        duration_seconds=seconds,
        solution={word: [list(cell) for cell in path] for word, path in words.solution.items()},
        word_count=len(words.countable()),
        planted=board.planted,
        bonus=board.bonus,
        max_score=board.max_score,
    )
    WordRuling.objects.bulk_create(
        WordRuling(
            round=game_round,
            word=word,
            verdict=ruling.verdict,
            path=ruling.path,
            ruled_by_id=ruling.ruled_by_id,
            inherited=True,
        )
        for word, ruling in standing.items()
    )
    RoundPlayer.objects.create(round=game_round, player=player, joined_at=now)
    attempt = Attempt.objects.create(
        board=board,
        round=game_round,
        player=player,
        class_room=pupil.class_room,
        pupil=pupil.key,
        kind=kind,
        created_at=now,
    )
    round_start(round=game_round, now=now)
    return attempt


def homework_board(homework: Homework, position: int) -> HomeworkBoard | None:
    return homework.boards.select_related("round").filter(position=position).first()


# --- privacy ------------------------------------------------------------------------


@transaction.atomic
def pupil_attempts_delete(*, class_room: Room, key: str) -> int:
    """Delete every attempt of the pupil ``key`` of a class (homework, boards of the day
    through the class): their rooms, rounds and words, and their places in the tallies.
    How many attempts went. (A student's record deleted from the class: accounts.)"""
    attempts = list(Attempt.objects.select_for_update().filter(class_room=class_room, pupil=key))
    for attempt in attempts:
        tally_move(attempt.board_id, attempt.tallied_points, None)
    Room.objects.filter(rounds__attempt__in=attempts).delete()
    return len(attempts)


@transaction.atomic
def homework_delete(*, homework: Homework) -> None:
    """Delete homework a teacher set, with its boards and every attempt on them (rooms,
    players, rounds, finds, tallies): nothing of it is left in any report."""
    boards = list(
        Round.objects.filter(homework_board__homework=homework).values_list("pk", flat=True)
    )
    Room.objects.filter(rounds__attempt__board__in=boards).delete()
    Room.objects.filter(rounds__in=boards).delete()
    homework.delete()


def play_at_home_purge(*, cutoff: datetime) -> list[tuple[int, dict[str, int]]]:
    """Delete homework set before ``cutoff`` and boards of the day dealt before it, with
    every attempt on them (rooms, players, rounds, finds, tallies); the results of each
    ``delete()``, for the purge's counts (accounts.services.student_data_purge)."""
    old_boards = Round.objects.filter(
        Q(homework_board__homework__created_at__lt=cutoff)
        | Q(daily__isnull=False, created_at__lt=cutoff)
    )
    return [
        Room.objects.filter(rounds__attempt__board__in=old_boards).delete(),
        Room.objects.filter(rounds__in=old_boards).delete(),
        Homework.objects.filter(created_at__lt=cutoff).delete(),
    ]
