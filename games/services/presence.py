"""Who has a page of the room open: a player with none is away (not removed).

A socket of a player's page is a ``Presence`` row from connect to disconnect; its
process refreshes it (games.presence), so a process that died leaves rows that go
stale (``selectors.rooms.PRESENCE_STALE``) rather than a player who seems there for
ever. A player who has not had a page open yet (they just joined) counts as there.
The room hears ``players`` when a player's last page closes and when one opens again;
the pages show "away" only after a few seconds (a reload is not an absence).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import selectors
from games.models import Player, Presence
from games.selectors.rooms import PRESENCE_STALE
from games.services.rooms import announce_players


@transaction.atomic
def presence_enter(*, player: Player, channel: str, now: datetime | None = None) -> None:
    """A page of ``player`` opened on ``channel``."""
    now = now or timezone.now()
    Presence.objects.filter(player=player, seen_at__lt=now - PRESENCE_STALE).delete()
    back = player.left_at is not None and not selectors.present_players([player.pk], now)
    # One statement (INSERT ... ON CONFLICT): a socket's channel is new when it opens, and
    # names another player only when its page joins as someone else.
    Presence.objects.bulk_create(
        [Presence(player=player, channel=channel, seen_at=now)],
        update_conflicts=True,
        unique_fields=["channel"],
        update_fields=["player", "seen_at"],
    )
    if back:  # a player who never left was never shown away: nothing to tell
        Player.objects.filter(pk=player.pk).update(left_at=None)
        player.left_at = None
        announce_players(player.room)


@transaction.atomic
def presence_leave(*, channel: str, now: datetime | None = None) -> None:
    """The page on ``channel`` closed."""
    now = now or timezone.now()
    row = Presence.objects.filter(channel=channel).select_related("player__room").first()
    if row is None:
        return
    row.delete()
    player = row.player
    if not selectors.present_players([player.pk], now):
        Player.objects.filter(pk=player.pk).update(left_at=now)
        announce_players(player.room)


def presence_touch(*, channels: list[str], now: datetime | None = None) -> int:
    """These sockets are still open (their process says so)."""
    if not channels:
        return 0
    return Presence.objects.filter(channel__in=channels).update(seen_at=now or timezone.now())
