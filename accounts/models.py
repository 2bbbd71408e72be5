"""Teachers' classes and the record of failed logins.

A teacher is Django's own user; students never have an account. A class is
a name for a room its teacher owns (``Room.owner``). Failed logins live in
the database so that every server process sees them.
"""

from __future__ import annotations

from django.db import models

from games.models import Room

CLASS_NAME_MAX_LENGTH = 80


class Classroom(models.Model):
    """A teacher's class: a name for a room they own.

    The room holds everything else: its owner (the teacher), its roster, and
    the language and level of its next round. A class owns one room for its
    whole life: the room's code is the class's join code.
    """

    name = models.CharField(max_length=CLASS_NAME_MAX_LENGTH)
    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="classroom")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def teacher(self):
        return self.room.owner

    @property
    def code(self) -> str:
        return self.room.code


class LoginFailure(models.Model):
    """One failed login: counted per user name and address to slow down guessing."""

    username = models.CharField(max_length=150, help_text="Case-folded, as typed.")
    ip = models.CharField(max_length=45, help_text="The client's address as the server saw it.")
    attempted_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["username", "ip", "attempted_at"], name="login_failure_lookup")
        ]
        ordering = ["-attempted_at"]

    def __str__(self) -> str:
        return f"{self.username} from {self.ip}"
