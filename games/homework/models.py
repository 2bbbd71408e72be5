"""Homework, its boards, the board of the day, attempts and score tallies: who owns which fact.

- A **board** played at home is a ``Round`` nobody plays, dealt in a room of
  its own that nobody joins: it owns what it was dealt with (language, level,
  size, dice, minimum length, time, planted words, its words) and the
  teacher's rulings on its words. ``HomeworkBoard`` places it in a homework;
  ``DailyBoard`` makes it the board of the day of a language and level.
- **Homework** belongs to a class (its room) and owns when it opens, when it is
  due, whether pupils see ranks, and the token of its link.
- An **attempt** is a pupil's solo round on a board: its own room, player (the
  nickname and the browser that plays it), round, finds and result, like any
  round. The attempt adds who the pupil is for ranking (their nickname in the
  class, or the browser of an anonymous player of the board of the day) and
  whether it counts (the first before the deadline), was late, or is practice.
- A **score tally** counts the counted attempts of a board by points: the
  histogram ranks and percentiles are read from (``games.homework.ranks``). It
  is derived from the attempts' results; ``Attempt.tallied_points`` says what
  each attempt put into it, so that a ruling moves an attempt exactly once.

Every change goes through ``games.homework.services``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.labels import LEVEL_CHOICES, language_choices

HOMEWORK_TITLE_MAX_LENGTH = 80


class Homework(models.Model):
    """One board or a short series, set by a class's teacher, open between two moments."""

    class_room = models.ForeignKey(
        "games.Room",
        on_delete=models.CASCADE,
        related_name="homework",
        help_text="The class's room: its owner is the teacher, its roster the pupils.",
    )
    title = models.CharField(max_length=HOMEWORK_TITLE_MAX_LENGTH)
    token = models.CharField(max_length=24, unique=True, help_text="The pupils' link: /h/<token>/")
    opens_at = models.DateTimeField(help_text="No board is shown to anyone before this.")
    due_at = models.DateTimeField(help_text="Attempts started after this are late.")
    show_ranks = models.BooleanField(
        default=True, help_text="Pupils see their place and percentile (once 5 have played)."
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-due_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(due_at__gt=models.F("opens_at")), name="homework_due_after_opening"
            )
        ]
        indexes = [models.Index(fields=["class_room", "due_at"], name="homework_class_due")]

    def __str__(self) -> str:
        return self.title


class HomeworkBoard(models.Model):
    """The ``position``-th board of a homework: a round dealt for it, never played."""

    homework = models.ForeignKey(Homework, on_delete=models.CASCADE, related_name="boards")
    position = models.PositiveSmallIntegerField()
    round = models.OneToOneField(
        "games.Round", on_delete=models.CASCADE, related_name="homework_board"
    )

    class Meta:
        ordering = ["homework", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["homework", "position"], name="homework_board_position_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.homework} board {self.position}"


class DailyBoard(models.Model):
    """The board of the day of a language and level: dealt from the date on first visit."""

    day = models.DateField()
    language = models.CharField(max_length=2, choices=language_choices)
    level = models.PositiveSmallIntegerField(choices=LEVEL_CHOICES)
    round = models.OneToOneField("games.Round", on_delete=models.CASCADE, related_name="daily")

    class Meta:
        ordering = ["-day", "language", "level"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "language", "level"], name="daily_board_once_a_day"
            )
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.language} level {self.level}"


class Attempt(models.Model):
    """A pupil's solo round on a board played at home."""

    class Kind(models.TextChoices):
        COUNTED = "counted", _("Counted")
        LATE = "late", _("Late")
        PRACTICE = "practice", _("Practice")

    board = models.ForeignKey(
        "games.Round",
        on_delete=models.CASCADE,
        related_name="attempts",
        help_text="The board's round (a homework board or a board of the day).",
    )
    round = models.OneToOneField(
        "games.Round", on_delete=models.CASCADE, related_name="attempt", help_text="Its own round."
    )
    player = models.ForeignKey(
        "games.Player",
        on_delete=models.CASCADE,
        related_name="attempts",
        help_text="The attempt's player: the nickname, and the browser that plays it.",
    )
    class_room = models.ForeignKey(
        "games.Room",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="The class the pupil came through (none: an anonymous board of the day).",
    )
    pupil = models.CharField(
        max_length=64,
        help_text="Who, for ranking: the nickname's key in the class, or 'device:' and the "
        "browser id of an anonymous player.",
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    created_at = models.DateTimeField(default=timezone.now)
    settled_at = models.DateTimeField(
        null=True, blank=True, help_text="When its result was last stored and tallied."
    )
    tallied_points = models.IntegerField(
        null=True, blank=True, help_text="The points this attempt put in the board's tally."
    )

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "class_room", "pupil"],
                condition=Q(class_room__isnull=False) & ~Q(kind="practice"),
                name="attempt_once_per_pupil",
            ),
            models.UniqueConstraint(
                fields=["board", "pupil"],
                condition=Q(class_room__isnull=True) & ~Q(kind="practice"),
                name="attempt_once_per_device",
            ),
        ]
        indexes = [
            models.Index(
                fields=["board"], condition=Q(settled_at__isnull=True), name="attempt_unsettled"
            ),
            models.Index(fields=["class_room", "pupil"], name="attempt_pupil"),
        ]

    def __str__(self) -> str:
        return f"{self.pupil} on {self.board_id} ({self.kind})"


class ScoreTally(models.Model):
    """How many counted attempts of a board scored ``points``: one row per score."""

    board = models.ForeignKey("games.Round", on_delete=models.CASCADE, related_name="tallies")
    points = models.IntegerField()
    players = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["board", "-points"]
        constraints = [
            models.UniqueConstraint(fields=["board", "points"], name="tally_once_per_score")
        ]

    def __str__(self) -> str:
        return f"{self.points}: {self.players}"
