"""The host's moderation, every step of which can be undone.

- **remove**: out of the current round (unless they found a word in it: a record is
  a record) and out of the room for now. Their page stays open and says so; the host
  lets them back in (``player_readmit``) and their page comes back to the round.
- **ban**: removed, and their page closes (4010); the join page refuses them. The host
  undoes it (``player_unban``), which lets them back in.

Every page hears ``removed`` or ``readmitted`` and the round's new ``players``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from games import protocol, selectors
from games.models import Player, Room, RoundPlayer
from games.services.broadcast import broadcast
from games.services.errors import ModerationRefused
from games.services.rooms import announce_players


def _player(room: Room, player_id: int) -> Player:
    """The room's player (raises Player.DoesNotExist for another room's, or none)."""
    return Player.objects.select_for_update().get(room=room, pk=player_id)


@transaction.atomic
def player_remove(*, room: Room, player_id: int) -> None:
    """The host removes a player from the round and the room, for now (a second
    removal changes nothing). Raises Player.DoesNotExist for a wrong id."""
    player = _player(room, player_id)
    if player.removed:
        return
    player.removed = True
    player.save(update_fields=["removed"])
    _out_of_current_round(room, player)
    broadcast(room, protocol.removed(player=player.pk, banned=False))
    announce_players(room)


@transaction.atomic
def player_ban(*, room: Room, player_id: int) -> None:
    """The host bans a player (removed or not): their page closes and they cannot join
    again until the host undoes it. Raises Player.DoesNotExist for a wrong id."""
    player = _player(room, player_id)
    if player.banned:
        return
    player.removed = player.banned = True
    player.save(update_fields=["removed", "banned"])
    _out_of_current_round(room, player)
    broadcast(room, protocol.removed(player=player.pk, banned=True))
    announce_players(room)


@transaction.atomic
def player_readmit(*, room: Room, player_id: int) -> None:
    """The host lets a removed (not banned) player back in: their page enters the round.
    Raises ModerationRefused for a player who is not removed, or is banned."""
    player = _player(room, player_id)
    if player.banned:
        raise ModerationRefused(
            "banned",
            gettext("%(name)s is banned: undo the ban to let them back in.")
            % {"name": player.nickname},
        )
    if not player.removed:
        raise ModerationRefused(
            "not_removed",
            gettext("%(name)s was not removed: there is nothing to undo.")
            % {"name": player.nickname},
        )
    _back_in(room, player)


@transaction.atomic
def player_unban(*, room: Room, player_id: int) -> None:
    """The host undoes a ban: the player is back in the room. Raises ModerationRefused
    for a player who is not banned."""
    player = _player(room, player_id)
    if not player.banned:
        raise ModerationRefused(
            "not_banned",
            gettext("%(name)s is not banned: there is nothing to undo.")
            % {"name": player.nickname},
        )
    _back_in(room, player)


def _back_in(room: Room, player: Player) -> None:
    player.removed = player.banned = False
    player.save(update_fields=["removed", "banned"])
    broadcast(room, protocol.readmitted(player=player.pk))
    announce_players(room)


def _out_of_current_round(room: Room, player: Player) -> None:
    """Out of a round not yet over, unless they found a word in it."""
    current = selectors.current_round(room)
    if current is None or current.finished_at is not None:
        return
    if not current.finds.filter(player=player).exists():
        RoundPlayer.objects.filter(round=current, player=player).delete()
