"""Room codes: a fresh one for a new room, and a new one for a class when its
teacher wants one (a code that got out, say).

A code never opens a room other than the one it was made for: a new code is
never one a room has or had (``RetiredCode``). A replaced code keeps working
for whoever is already in the room (its players, its host, the class's
teacher: ``games.join_limits.room_for``), so a lesson in progress goes on;
to everyone else it says that the class has a new code.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from games.models import ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, RetiredCode, Room


def free_room_code() -> str:
    """A random code no room has or had (387 million codes: a clash is rare)."""
    while True:
        code = "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
        taken = Room.objects.filter(code=code).exists() or (
            RetiredCode.objects.filter(code=code).exists()
        )
        if not taken:
            return code


@transaction.atomic
def room_new_code(*, room: Room) -> str:
    """Give ``room`` a new code; the old one is kept as replaced. Open pages carry on:
    the room's channel group goes by its id, not its code."""
    old = Room.objects.select_for_update().values_list("code", flat=True).get(pk=room.pk)
    RetiredCode.objects.create(code=old, room=room)
    room.code = free_room_code()
    Room.objects.filter(pk=room.pk).update(code=room.code)
    return room.code
