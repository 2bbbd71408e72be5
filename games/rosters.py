"""A room's roster on the join page: the nicknames a student may pick from."""

from __future__ import annotations

from games.models import Room
from games.nicknames import nickname_key


def available(room: Room) -> list[dict]:
    """Each roster name with whether a player in the room already has it."""
    taken = set(room.players.values_list("nickname_key", flat=True))
    return [{"name": name, "taken": nickname_key(name) in taken} for name in room.roster_names]
