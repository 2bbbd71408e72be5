"""Reads about rooms: finding one, who runs it, its players and who is in a round."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from games import clock
from games.labels import team_name
from games.models import Player, Presence, RetiredCode, Room, Round, RoundPlayer

# A socket whose process has not refreshed it for this long is gone (games.presence
# refreshes every PRESENCE_TOUCH_SECONDS).
PRESENCE_STALE = timedelta(seconds=60)


def room_by_code(code: str) -> Room | None:
    return Room.objects.filter(code=code.strip().upper()).first()


def room_by_replaced_code(code: str) -> Room | None:
    """The room whose teacher replaced ``code`` with a new one."""
    retired = RetiredCode.objects.filter(code=code.strip().upper()).select_related("room").first()
    return retired.room if retired else None


def room_by_id(room_id: int) -> Room | None:
    return Room.objects.filter(pk=room_id).first()


def current_round(room: Room) -> Round | None:
    """The room's latest round, without its words (``verdicts.round_words`` has them)."""
    return room.rounds.defer("solution").order_by("-number").first()


def with_fresh_clock(game_round: Round) -> Round:
    """A copy of ``game_round`` (a socket's cached one, say) with its clock read afresh
    (``clock.FIELDS``: what a start, a pause, extra time or the end change; the rest
    of a round is fixed when it is dealt).

    One small statement on the hot path of every word that counts: reading the
    whole row through the ORM cost five times the CPU (docs/PERFORMANCE.md)."""
    with connection.cursor() as cursor:
        cursor.execute(_CLOCK, [game_round.pk])
        row = cursor.fetchone()
    if row is None:
        raise Round.DoesNotExist(f"round {game_round.pk} is gone")
    fresh = copy.copy(game_round)
    for name, value in zip(clock.FIELDS, row, strict=True):
        setattr(fresh, name, aware_datetime(value))
    return fresh


_CLOCK = "SELECT {} FROM {} WHERE {} = %s".format(
    ", ".join(connection.ops.quote_name(Round._meta.get_field(f).column) for f in clock.FIELDS),
    connection.ops.quote_name(Round._meta.db_table),
    connection.ops.quote_name(Round._meta.pk.column),
)


def aware_datetime(moment: datetime | None) -> datetime | None:
    """As the ORM reads a datetime: SQLite keeps them naive, in UTC."""
    if moment is None or timezone.is_aware(moment):
        return moment
    return moment.replace(tzinfo=UTC)


def is_host(room: Room, browser: str | None, user=None) -> bool:
    """The browser that runs the room, or its owner (the class's teacher) from any
    browser they log in on: logging out empties the session that held the browser id."""
    if browser is not None and browser == room.host_browser:
        return True
    return is_owner(room, user)


def is_in_room(room: Room, browser: str | None, user=None) -> bool:
    """A player of the room (not removed), its host, or its class's teacher."""
    return is_host(room, browser, user) or player_for(room, browser) is not None


def is_owner(room: Room, user) -> bool:
    return room.owner_id is not None and getattr(user, "pk", None) == room.owner_id


def can_rule(room: Room, user) -> bool:
    """Word rulings belong to the room's owner, logged in: not to a solo player ruling on
    their own words, nor to a pupil who opened a room for classmates."""
    return bool(getattr(user, "is_authenticated", False)) and is_owner(room, user)


def player_for(room: Room, browser: str | None) -> Player | None:
    if not browser:
        return None
    return room.players.filter(browser=browser, removed=False).first()


def round_player(game_round: Round, player: Player | None) -> RoundPlayer | None:
    """``player`` in ``game_round`` (with their team), if they are in it."""
    if player is None:
        return None
    return (
        RoundPlayer.objects.select_related("team").filter(round=game_round, player=player).first()
    )


def players_in(game_round: Round, now: datetime | None = None) -> list[dict]:
    """The round's players still in the room, with the team each plays for in it, and
    since when none of their pages is open (``away_since``: None while one is)."""
    # Values, not models: the whole room's list is read on every join and departure.
    rows = list(
        RoundPlayer.objects.filter(round=game_round, player__removed=False)
        .order_by("joined_at", "pk")
        .values_list("player_id", "player__nickname", "team__number", "player__left_at")
    )
    seen = last_seen([player_id for player_id, *_ in rows])
    fresh = (now or timezone.now()) - PRESENCE_STALE
    return [
        {
            "id": player_id,
            "nickname": nickname,
            "team": team,
            "away_since": _away_since(left_at, seen.get(player_id), fresh),
        }
        for player_id, nickname, team, left_at in rows
    ]


def _away_since(left_at: datetime | None, seen: datetime | None, fresh: datetime) -> str | None:
    """Since when none of the player's pages is open: None while one is, or before
    their first page opened (they just joined). A page whose process died stops
    being seen."""
    if seen is not None:
        return None if seen >= fresh else aware_datetime(seen).isoformat()
    return aware_datetime(left_at).isoformat() if left_at else None


def last_seen(player_ids) -> dict[int, datetime]:
    """When each of ``player_ids`` with a page open was last seen there."""
    rows = Presence.objects.filter(player_id__in=player_ids).values("player_id")
    return dict(rows.annotate(last=Max("seen_at")).values_list("player_id", "last"))


def present_players(player_ids, now: datetime | None = None) -> set[int]:
    """Which of ``player_ids`` have a page open (a fresh socket) now."""
    fresh = (now or timezone.now()) - PRESENCE_STALE
    live = Presence.objects.filter(player_id__in=player_ids, seen_at__gte=fresh)
    return set(live.values_list("player_id", flat=True))


def removed_players(room: Room) -> list[dict]:
    """The players the host removed from the room (banned or not): the host's list of
    whom to let back in."""
    rows = room.players.filter(removed=True).order_by("nickname_key")
    return [
        {"id": pk, "nickname": nickname, "banned": banned}
        for pk, nickname, banned in rows.values_list("pk", "nickname", "banned")
    ]


def removed_player_for(room: Room, browser: str | None) -> Player | None:
    """This browser's player if the host removed them without a ban: their page waits
    to be let back in."""
    if not browser:
        return None
    return room.players.filter(browser=browser, removed=True, banned=False).first()


def round_teams(game_round: Round) -> list[dict]:
    """The teams a team round is played in (none otherwise)."""
    if not game_round.team_count:
        return []
    teams = game_round.room.teams.filter(number__lte=game_round.team_count)
    return [{"number": team.number, "name": team_name(team.number)} for team in teams]
