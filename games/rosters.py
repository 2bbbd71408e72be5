"""What the join page offers a room's students: its roster, or a nickname it gives."""

from __future__ import annotations

from games.models import Room
from games.nicknames import NicknameRule, nickname_key, offer_nickname


def available(room: Room) -> list[dict]:
    """Each roster name with whether a player in the room already has it."""
    taken = set(room.players.values_list("nickname_key", flat=True))
    return [{"name": name, "taken": nickname_key(name) in taken} for name in room.roster_names]


def join_choices(room: Room | None) -> dict:
    """The join page's part for ``room``: ``rule`` (typed, roster or generated), the
    ``roster`` to tap, and the ``offered`` nickname of a class that gives them."""
    if room is None:
        return {"rule": NicknameRule.TYPED, "roster": [], "offered": ""}
    offered = ""
    if room.nicknames == NicknameRule.GENERATED:
        taken = room.players.values_list("nickname_key", flat=True)
        offered = offer_nickname(room.language, taken=taken)
    return {"rule": room.nicknames, "roster": available(room), "offered": offered}
