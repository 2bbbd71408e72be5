"""Teachers' classes.

A teacher is Django's own user; students never have an account. A class is
a name for a room its teacher owns (``Room.owner``). Failed logins are
django-axes' records (settings: AXES_*).
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
