"""Rooms, players, teams, rounds and finds.

State lives here, not in a process: the round's deadline is a column, a
round is finished by setting ``finished_at`` once, and every find is unique
per round and player (or team), so nothing accepted is lost or counted twice.
Every change goes through ``games.services``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.labels import LANGUAGE_CHOICES, LEVEL_CHOICES

# Easy to read aloud and to type: no 0/O, 1/I/L, no vowels (no words by accident).
ROOM_CODE_ALPHABET = "23456789BCDFGHJKMNPQRSTVWXZ"
ROOM_CODE_LENGTH = 6
NICKNAME_MAX_LENGTH = 20


class Room(models.Model):
    """A place where rounds are played: a code to join, settings, players."""

    class Mode(models.TextChoices):
        SOLO = "solo", _("Solo")
        VERSUS = "versus", _("Head-to-head")
        TEAMS = "teams", _("Teams")

    class Scoring(models.TextChoices):
        STANDARD = "standard", _("Standard")
        CLASSIC = "classic", _("Classic (shared words score for nobody)")

    code = models.CharField(max_length=ROOM_CODE_LENGTH, unique=True)
    host_browser = models.CharField(
        max_length=32, help_text="The browser identity (from its session) of the host."
    )
    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES, default="en")
    level = models.PositiveSmallIntegerField(choices=LEVEL_CHOICES, default=LEVEL_CHOICES[-1][0])
    size = models.PositiveSmallIntegerField(choices=[(n, f"{n}×{n}") for n in (4, 5, 6)], default=4)
    dice = models.CharField(
        max_length=32,
        default="",
        blank=True,
        help_text="Dice set name; empty for letter frequencies.",
    )
    min_length = models.PositiveSmallIntegerField(default=3)
    duration_seconds = models.PositiveIntegerField(default=180)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.SOLO)
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.STANDARD)
    team_count = models.PositiveSmallIntegerField(default=2)
    locked = models.BooleanField(default=False, help_text="No new players may join.")
    top_only = models.BooleanField(
        default=False, help_text="The projector shows only the top five."
    )
    vocabulary = models.ForeignKey(
        "VocabularyList",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The list whose words the next rounds plant on the board.",
    )
    plant_count = models.PositiveSmallIntegerField(default=0)
    plant_bonus = models.PositiveSmallIntegerField(default=0)
    seq = models.PositiveBigIntegerField(
        default=0, help_text="Sequence number of the last event broadcast to the room."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.code

    @property
    def group_name(self) -> str:
        return room_group_name(self.code)


def room_group_name(code: str) -> str:
    """The channel-layer group of a room: one helper so every sender agrees."""
    return f"room.{code}"


class Team(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=30)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="team_number_unique_in_room")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A nickname in a room, tied to one browser's session (no account)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="players")
    browser = models.CharField(max_length=32, help_text="The browser identity from its session.")
    nickname = models.CharField(max_length=NICKNAME_MAX_LENGTH)
    nickname_key = models.CharField(
        max_length=NICKNAME_MAX_LENGTH * 3, help_text="Case-folded nickname, unique in the room."
    )
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    removed = models.BooleanField(
        default=False, help_text="Removed by the host: this browser cannot play in the room."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "browser"], name="one_player_per_browser"),
            models.UniqueConstraint(
                fields=["room", "nickname_key"], name="nickname_unique_in_room"
            ),
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return self.nickname


class Round(models.Model):
    """One board and one clock. ``solution`` never reaches a browser before the end."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    board = models.CharField(max_length=400, help_text="Rows joined by '/' (docs/engine.md).")
    seed = models.BigIntegerField()
    share_code = models.CharField(max_length=40, blank=True)
    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES)
    level = models.PositiveSmallIntegerField()
    min_length = models.PositiveSmallIntegerField()
    mode = models.CharField(max_length=8, choices=Room.Mode.choices)
    scoring = models.CharField(max_length=8, choices=Room.Scoring.choices)
    duration_seconds = models.PositiveIntegerField()
    solution = models.JSONField(help_text="Every word on the board: {word: [[row, col], ...]}.")
    word_count = models.PositiveIntegerField()
    planted = models.JSONField(
        default=dict,
        blank=True,
        help_text="Vocabulary words planted on the board: {word: {display, translation}}.",
    )
    bonus = models.PositiveSmallIntegerField(default=0, help_text="Extra points per planted word.")
    max_score = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(
        null=True, blank=True, help_text="Set while the clock is paused; ends_at moves on resume."
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="round_number_unique_in_room")
        ]
        indexes = [
            models.Index(
                fields=["ends_at"],
                condition=Q(finished_at__isnull=True),
                name="round_running_ends_at",
            )
        ]
        ordering = ["room", "number"]

    def __str__(self) -> str:
        return f"{self.room.code} round {self.number}"


class Find(models.Model):
    """A word accepted for a player (and their team, in team rounds)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="finds")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="finds")
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="finds"
    )
    word = models.CharField(max_length=40)
    path = models.JSONField()
    points = models.PositiveSmallIntegerField()
    found_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player", "word"],
                condition=Q(team__isnull=True),
                name="find_unique_per_player",
            ),
            models.UniqueConstraint(
                fields=["round", "team", "word"],
                condition=Q(team__isnull=False),
                name="find_unique_per_team",
            ),
        ]
        ordering = ["found_at", "pk"]

    def __str__(self) -> str:
        return self.word


class Participation(models.Model):
    """A player was in a round: their page was open while its clock ran.

    Leaderboards count a round for a student who took part in it, found
    words or not (a student with none shows 0, not nothing).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="participations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="participations")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="participation_once")
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.player} in {self.round}"


class VocabularyList(models.Model):
    """A unit's words, pasted by the teacher, optionally with translations."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="vocabulary_lists")
    name = models.CharField(max_length=80)
    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class VocabularyEntry(models.Model):
    vocabulary = models.ForeignKey(VocabularyList, on_delete=models.CASCADE, related_name="entries")
    word = models.CharField(max_length=40, help_text="Folded for play.")
    display = models.CharField(max_length=60, help_text="As the teacher wrote it.")
    translation = models.CharField(max_length=120, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["vocabulary", "word"], name="vocabulary_word_unique")
        ]
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.display


class RefusedWord(models.Model):
    """A word spelled on the board but not in the dictionary: a teacher may allow it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="refused_words")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="refused_words")
    word = models.CharField(max_length=40)
    path = models.JSONField()
    refused_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player", "word"], name="refused_word_once_per_player"
            )
        ]

    def __str__(self) -> str:
        return self.word


class WordRuling(models.Model):
    """A teacher's decision on a word for a room: allowed though not in the dictionary,
    or disallowed though it is. Applies to the round ruled on and every later one."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="rulings")
    word = models.CharField(max_length=40)
    allowed = models.BooleanField()
    ruled_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "word"], name="one_ruling_per_word")]

    def __str__(self) -> str:
        return f"{self.word}: {'allowed' if self.allowed else 'disallowed'}"
