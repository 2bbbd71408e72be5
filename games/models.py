"""Rooms, players, teams, rounds, finds and rulings: who owns which fact.

- A **room** holds what the *next* round is dealt with (its settings), its
  players, and who runs it. Changing them never touches a round dealt before.
- A **round** owns everything it was dealt with: language, level, size, dice,
  minimum length, duration, mode, scoring, team count, planted words and bonus,
  its board and the words on it. Once finished it is a record: only word
  rulings change what it adds up to.
- A **round player** is a player in one round, with the team they play for in
  it (one place per round) and, once the round has ended, their result as the
  one scoring function (``games.scoring``) computed it.
- A **find** is a word a player spelled on the board: accepted when sent, or
  refused as not in the dictionary (kept, so a teacher may allow it). Finds
  are never deleted by play or rulings; whether a find counts follows from
  the round's words and its rulings (``games.verdicts``).
- A **word ruling** is a record (who, when, allow/disallow/undo), never a
  deletion. A round's latest ruling on a word decides it.

Every change goes through ``games.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from boggleweb.interface_languages import django_languages
from games import modes
from games.labels import LEVEL_CHOICES, language_choices
from games.nicknames import NICKNAME_KEY_MAX_LENGTH, NICKNAME_MAX_LENGTH, NicknameRule

# Easy to read aloud and to type: no 0/O, 1/I/L, no vowels (no words by accident).
ROOM_CODE_ALPHABET = "23456789BCDFGHJKMNPQRSTVWXZ"
ROOM_CODE_LENGTH = 6
SIZE_CHOICES = [(n, f"{n}×{n}") for n in (4, 5, 6)]


class Scoring(models.TextChoices):
    STANDARD = "standard", _("Standard")
    CLASSIC = "classic", _("Classic (shared words score for nobody)")


class Room(models.Model):
    """A place where rounds are played: a code to join, the next round's settings, players."""

    # The game modes live in games.modes; these are their stored values.
    Mode = modes.Mode
    Nicknames = NicknameRule
    Scoring = Scoring

    code = models.CharField(max_length=ROOM_CODE_LENGTH, unique=True)
    host_browser = models.CharField(
        max_length=32, help_text="The browser identity (from its session) of the host."
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rooms",
        help_text="The teacher whose class this room is (none for a room opened without an "
        "account). The owner runs the room from any browser and rules on words.",
    )
    roster = models.TextField(
        blank=True, help_text="Optional nicknames students pick from when they join, one a line."
    )
    nicknames = models.CharField(
        max_length=10,
        choices=NicknameRule.choices,
        default=NicknameRule.TYPED,
        help_text="How students get their nickname: typed, picked from the roster, or given.",
    )
    interface_language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=django_languages(),
        help_text="The language of the pupils' pages, unless a pupil picks another with the "
        "language switch; empty: each browser's own.",
    )
    # --- the next round's settings --------------------------------------------------
    language = models.CharField(max_length=2, choices=language_choices, default="en")
    level = models.PositiveSmallIntegerField(choices=LEVEL_CHOICES, default=LEVEL_CHOICES[-1][0])
    size = models.PositiveSmallIntegerField(choices=SIZE_CHOICES, default=4)
    dice = models.CharField(
        max_length=32, default="", blank=True, help_text="Dice set name; empty for the default."
    )
    min_length = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Shortest word; empty for the rules' default for the size."
    )
    duration_seconds = models.PositiveIntegerField(default=180)
    mode = models.CharField(max_length=8, choices=modes.Mode.choices, default=modes.Mode.SOLO)
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.STANDARD)
    team_count = models.PositiveSmallIntegerField(default=2)
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
    show_vocabulary = models.BooleanField(
        default=False, help_text="Pupils see the planted words listed beside the board."
    )
    # --- the room itself -----------------------------------------------------------
    locked = models.BooleanField(default=False, help_text="No new players may join.")
    top_only = models.BooleanField(
        default=False, help_text="The projector shows only the top five."
    )
    seq = models.PositiveBigIntegerField(
        default=0, help_text="Sequence number of the last event broadcast to the room."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.code

    @property
    def group_name(self) -> str:
        return room_group_name(self.pk)

    @property
    def roster_names(self) -> list[str]:
        return [line.strip() for line in self.roster.splitlines() if line.strip()]


def room_group_name(room_id: int) -> str:
    """The channel-layer group of a room: one helper so every sender agrees. By the
    room's id, not its code, which the teacher may change while pages are open."""
    return f"room.{room_id}"


class RetiredCode(models.Model):
    """A code a room had before its teacher gave it a new one: an old link or the old
    code says the code has changed (to anyone not already in the room), and no new
    room is ever given it."""

    code = models.CharField(max_length=ROOM_CODE_LENGTH, unique=True)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="retired_codes")
    retired_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.code


class Team(models.Model):
    """A team of a room, by number. Never deleted while a round refers to it: a team
    round's results keep their teams whatever mode the room plays next."""

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
        max_length=NICKNAME_KEY_MAX_LENGTH,
        help_text="The nickname as names are compared (games.nicknames.nickname_key): "
        "without case, accents or look-alike letters; unique in the room.",
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    removed = models.BooleanField(
        default=False,
        help_text="Removed by the host: out of the room until the host lets them back in.",
    )
    banned = models.BooleanField(
        default=False,
        help_text="Banned by the host (removed too): only the host's undo lets them back in.",
    )
    left_at = models.DateTimeField(
        null=True, blank=True, help_text="When the last open page of this player closed."
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


class Presence(models.Model):
    """One open socket of a player's page (a channel name): a player with none that is
    fresh is away. Each server process refreshes ``seen_at`` for its own sockets
    (games.presence), so the rows of a process that died go stale rather than lie."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="presences")
    channel = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.player} on {self.channel}"


class Round(models.Model):
    """One board and one clock, and everything they were dealt with.

    ``solution`` (every word of the round's dictionary level on the board, plus
    planted words) never reaches a browser before the end and never changes:
    rulings are records of their own.
    """

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    board = models.CharField(max_length=400, help_text="Rows joined by '/' (docs/engine.md).")
    seed = models.BigIntegerField()
    share_code = models.CharField(max_length=40, blank=True)
    language = models.CharField(max_length=2, choices=language_choices)
    level = models.PositiveSmallIntegerField(choices=LEVEL_CHOICES)
    size = models.PositiveSmallIntegerField(choices=SIZE_CHOICES)
    dice = models.CharField(max_length=32, blank=True, help_text="Empty: the default source.")
    min_length = models.PositiveSmallIntegerField()
    mode = models.CharField(max_length=8, choices=modes.Mode.choices)
    scoring = models.CharField(max_length=8, choices=Scoring.choices)
    team_count = models.PositiveSmallIntegerField(default=0, help_text="0 unless a team round.")
    duration_seconds = models.PositiveIntegerField()
    solution = models.JSONField(help_text="Every word on the board: {word: [[row, col], ...]}.")
    word_count = models.PositiveIntegerField(help_text="Words that count, as dealt.")
    planted = models.JSONField(
        default=dict,
        blank=True,
        help_text="Vocabulary words planted on the board: {word: {display, translation}}.",
    )
    bonus = models.PositiveSmallIntegerField(default=0, help_text="Extra points per planted word.")
    show_vocabulary = models.BooleanField(
        default=False, help_text="Its planted words are listed beside the board for pupils."
    )
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
            ),
            models.Index(fields=["room", "language", "finished_at"], name="round_room_language"),
        ]
        ordering = ["room", "number"]

    def __str__(self) -> str:
        return f"{self.room.code} round {self.number}"

    @property
    def rules(self) -> modes.ModeRules:
        return modes.rules(self.mode)


class RoundPlayer(models.Model):
    """A player in a round: from when their play page opened on it (or they joined it).

    ``team`` is the team they play for in this round: the one place a round's
    teams are read from. ``points``, ``words`` and ``longest`` are their result,
    written by ``services.results_store`` when the round ends and after every
    ruling; leaderboards, history and CSV add these rows up.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="round_players")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="round_players")
    team = models.ForeignKey(
        Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="round_players"
    )
    joined_at = models.DateTimeField(default=timezone.now)
    points = models.IntegerField(default=0)
    words = models.PositiveIntegerField(default=0)
    longest = models.CharField(max_length=40, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="round_player_once")
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.player} in {self.round}"


class Find(models.Model):
    """A word a player spelled on the board in a round.

    ``accepted`` says what the player was told when they sent it: accepted
    (it counted then) or refused as not in the dictionary (kept so that a
    teacher may allow it). ``points`` is what the word is worth in this round
    (its length on this board, plus the planted bonus). Whether it counts now
    follows from the round's rulings; nothing deletes a find but the round.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="finds")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="finds")
    team = models.ForeignKey(
        Team,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="finds",
        help_text="The finder's team in this round (team rounds): one word per team.",
    )
    word = models.CharField(max_length=40)
    path = models.JSONField()
    points = models.PositiveSmallIntegerField()
    accepted = models.BooleanField(default=True)
    found_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player", "word"], name="find_once_per_player"
            ),
            models.UniqueConstraint(
                fields=["round", "team", "word"],
                condition=Q(team__isnull=False, accepted=True),
                name="find_once_per_team",
            ),
        ]
        indexes = [models.Index(fields=["round", "word"], name="find_round_word")]
        ordering = ["found_at", "pk"]

    def __str__(self) -> str:
        return self.word


class WordRuling(models.Model):
    """A teacher's decision on a word in a round: allow, disallow, or undo the last one.

    The latest ruling of a round on a word decides it (an ``undo`` gives the
    dictionary its say again). Rulings made before a round was dealt are
    copied into it at the deal (``inherited``), so a decision holds for the
    class's later rounds and each round stays its own record.
    """

    class Verdict(models.TextChoices):
        ALLOW = "allow", _("Allowed")
        DISALLOW = "disallow", _("Disallowed")
        UNDO = "undo", _("Undone")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="rulings")
    word = models.CharField(max_length=40)
    verdict = models.CharField(max_length=8, choices=Verdict.choices)
    path = models.JSONField(
        null=True, blank=True, help_text="Where an allowed word is spelled on the board."
    )
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    ruled_at = models.DateTimeField(default=timezone.now)
    inherited = models.BooleanField(
        default=False, help_text="Copied from an earlier round of the room when this one was dealt."
    )

    class Meta:
        indexes = [models.Index(fields=["round", "word"], name="ruling_round_word")]
        ordering = ["ruled_at", "pk"]

    def __str__(self) -> str:
        return f"{self.word}: {self.verdict}"


class VocabularyList(models.Model):
    """A unit's words in one language, pasted by the teacher, optionally with translations."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="vocabulary_lists")
    name = models.CharField(max_length=80)
    language = models.CharField(max_length=2, choices=language_choices)
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


# Play at home (games/homework/): imported here so that Django finds its tables.
from games.homework.models import (  # noqa: E402, F401
    Attempt,
    DailyBoard,
    Homework,
    HomeworkBoard,
    ScoreTally,
)
