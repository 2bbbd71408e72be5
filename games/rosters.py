"""A class's roster on the join page: the nicknames a student may pick from.

Rosters belong to teachers' classes (the accounts app); the join page only
needs the names, and which of them are already taken in the room.
"""

from __future__ import annotations

from games.models import Room
from games.nicknames import nickname_key


def available(room: Room) -> list[dict]:
    """Each roster name with whether a player in the room already has it."""
    classroom = getattr(room, "classroom", None)
    names = [line.strip() for line in (classroom.roster if classroom else "").splitlines()]
    taken = set(room.players.values_list("nickname_key", flat=True))
    return [{"name": name, "taken": nickname_key(name) in taken} for name in names if name]
