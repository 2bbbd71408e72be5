"""Teachers' classes.

A teacher is Django's own user; students never have an account. A class owns
one room for its whole life: the room's code is the class's join code.
Failed logins are django-axes' records (settings: AXES_*).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.labels import LANGUAGE_CHOICES, LEVEL_CHOICES
from games.models import Room

CLASS_NAME_MAX_LENGTH = 80


class Classroom(models.Model):
    """A teacher's class: a name, default game settings, an optional roster and its room."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classrooms"
    )
    name = models.CharField(max_length=CLASS_NAME_MAX_LENGTH)
    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES, default="en")
    level = models.PositiveSmallIntegerField(choices=LEVEL_CHOICES, default=2)
    roster = models.TextField(
        blank=True, help_text="Optional nicknames students pick from, one per line."
    )
    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="classroom")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def code(self) -> str:
        return self.room.code

    @property
    def roster_names(self) -> list[str]:
        return [line for line in self.roster.splitlines() if line.strip()]
