"""Rooms, their settings and teams, and the players in them (joining, moderation)."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import dealing, selectors, vocabulary
from games.models import (
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    Player,
    Room,
    Team,
    VocabularyEntry,
    VocabularyList,
)
from games.nicknames import NicknameError, clean_nickname, nickname_key, nickname_taken
from games.services.broadcast import broadcast
from games.services.errors import JoinRefused, RoomSettingsError
from games.services.rounds import round_create

MIN_DURATION, MAX_DURATION = 30, 600


# Stored with each team in the language of the page that made it (the host's).
TEAM_NAMES = (_("Red"), _("Blue"), _("Green"), _("Gold"), _("Purple"), _("Orange"))


def _new_room_code() -> str:
    return "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def _check_room_settings(
    *,
    language: str,
    level: int,
    size: int,
    dice: str,
    duration_seconds: int,
    mode: str,
    team_count: int,
) -> None:
    if not MIN_DURATION <= duration_seconds <= MAX_DURATION:
        raise RoomSettingsError(
            gettext("A round lasts between %(min)d seconds and %(max)d minutes.")
            % {"min": MIN_DURATION, "max": MAX_DURATION // 60}
        )
    if mode == Room.Mode.TEAMS and not 2 <= team_count <= len(TEAM_NAMES):
        raise RoomSettingsError(
            gettext("Choose between 2 and %(count)d teams.") % {"count": len(TEAM_NAMES)}
        )
    try:
        dealing.check_settings(language=language, level=level, size=size, dice=dice)
    except ValueError as exc:
        raise RoomSettingsError(str(exc)) from None


@transaction.atomic
def room_create(
    *,
    host_browser: str,
    language: str = "en",
    level: int = 4,
    size: int = 4,
    dice: str = "",
    min_length: int | None = None,
    duration_seconds: int = 180,
    mode: str = Room.Mode.SOLO,
    scoring: str = Room.Scoring.STANDARD,
    team_count: int = 2,
    board: str | None = None,
) -> Room:
    """Open a room with its first round dealt and waiting in the lobby."""
    _check_room_settings(
        language=language,
        level=level,
        size=size,
        dice=dice,
        duration_seconds=duration_seconds,
        mode=mode,
        team_count=team_count,
    )
    room = Room(
        host_browser=host_browser,
        language=language,
        level=level,
        size=size,
        dice=dice,
        min_length=min_length or dealing.default_min_length(size),
        duration_seconds=duration_seconds,
        mode=mode,
        scoring=scoring,
        team_count=team_count if mode == Room.Mode.TEAMS else 0,
    )
    for _attempt in range(20):
        room.code = _new_room_code()
        if not Room.objects.filter(code=room.code).exists():
            break
    room.save()
    _make_teams(room)
    round_create(room=room, board=board)
    return room


def _make_teams(room: Room) -> None:
    """As many teams as the settings ask; players of removed teams are dealt again."""
    wanted = room.team_count if room.mode == Room.Mode.TEAMS else 0
    room.teams.filter(number__gt=wanted).delete()
    for number in range(1, wanted + 1):
        Team.objects.get_or_create(
            room=room, number=number, defaults={"name": str(TEAM_NAMES[number - 1])}
        )
    if wanted:
        for player in room.players.filter(team__isnull=True, removed=False):
            player.team = _smallest_team(room)
            player.save(update_fields=["team"])
    else:
        room.players.update(team=None)


@transaction.atomic
def room_configure(*, room: Room, **settings) -> Room:
    """Change the settings the next round is dealt with (the teacher's per-round choices)."""
    merged = {
        field: settings.get(field, getattr(room, field))
        for field in (
            "language",
            "level",
            "size",
            "dice",
            "duration_seconds",
            "mode",
            "scoring",
            "team_count",
        )
    }
    _check_room_settings(**{k: v for k, v in merged.items() if k != "scoring"})
    for field, value in merged.items():
        setattr(room, field, value)
    if "min_length" in settings or "size" in settings:
        room.min_length = settings.get("min_length") or dealing.default_min_length(room.size)
    if "vocabulary" in settings:
        room.vocabulary = settings["vocabulary"]
        room.plant_count = settings.get("plant_count", 0)
        room.plant_bonus = settings.get("plant_bonus", 0)
    room.save()
    _make_teams(room)
    return room


@transaction.atomic
def room_host_move(*, room: Room, host_browser: str) -> None:
    """Make another browser the room's host (its teacher moved to another computer)."""
    Room.objects.filter(pk=room.pk).update(host_browser=host_browser)
    room.host_browser = host_browser


@transaction.atomic
def player_set_team(*, room: Room, player_id: int, team_number: int) -> None:
    """The host picks a player's team."""
    player = room.players.get(pk=player_id)
    player.team = room.teams.get(number=team_number)
    player.save(update_fields=["team"])
    broadcast(room, {"type": "players", "players": selectors.players_payload(room)})


@transaction.atomic
def player_join(*, room: Room, browser: str, nickname: object) -> Player:
    """Join ``room`` as ``nickname``; the same browser joining again is the same player.

    Raises NicknameError when the nickname is unusable or taken.
    """
    existing = room.players.filter(browser=browser).first()
    if existing is not None:
        if existing.removed:
            raise JoinRefused(gettext("The host has removed you from this room."))
        return existing
    if room.locked:
        raise JoinRefused(gettext("This room is locked: ask your teacher to open it."))
    name = clean_nickname(nickname)
    if room.players.filter(nickname_key=nickname_key(name)).exists():
        raise NicknameError(nickname_taken())
    player = Player(room=room, browser=browser, nickname=name, nickname_key=nickname_key(name))
    player.team = _smallest_team(room)
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        # Two people took the name at the same moment, or the same browser
        # joined twice in parallel.
        existing = room.players.filter(browser=browser).first()
        if existing is not None:
            return existing
        raise NicknameError(nickname_taken()) from None
    broadcast(room, {"type": "players", "players": selectors.players_payload(room)})
    return player


@transaction.atomic
def player_rename(*, room: Room, player_id: int, nickname: object) -> Player:
    """The host renames a player (an unkind nickname, say)."""
    player = room.players.get(pk=player_id)
    name = clean_nickname(nickname)
    if room.players.exclude(pk=player.pk).filter(nickname_key=nickname_key(name)).exists():
        raise NicknameError(nickname_taken())
    player.nickname, player.nickname_key = name, nickname_key(name)
    player.save(update_fields=["nickname", "nickname_key"])
    broadcast(room, {"type": "players", "players": selectors.players_payload(room)})
    return player


@transaction.atomic
def player_remove(*, room: Room, player_id: int) -> None:
    """The host removes a player: their page closes and their browser cannot rejoin."""
    updated = room.players.filter(pk=player_id, removed=False).update(removed=True)
    if updated:
        broadcast(room, {"type": "removed", "player": player_id})
        broadcast(room, {"type": "players", "players": selectors.players_payload(room)})


@transaction.atomic
def room_lock(*, room: Room, locked: bool) -> None:
    """Close the room to new players (or open it again)."""
    Room.objects.filter(pk=room.pk).update(locked=locked)
    room.locked = locked
    broadcast(room, {"type": "room", "locked": locked, "top_only": room.top_only})


@transaction.atomic
def room_show_top_only(*, room: Room, top_only: bool) -> None:
    """Show only the top five on the projector (each student still sees their own score)."""
    Room.objects.filter(pk=room.pk).update(top_only=top_only)
    room.top_only = top_only
    broadcast(room, {"type": "room", "locked": room.locked, "top_only": top_only})


def _smallest_team(room: Room) -> Team | None:
    if room.mode != Room.Mode.TEAMS:
        return None
    teams = list(room.teams.all())
    return min(
        teams,
        key=lambda team: (team.players.filter(removed=False).count(), team.number),
        default=None,
    )


@transaction.atomic
def vocabulary_save(*, room: Room, name: str, text: str) -> tuple[VocabularyList, list]:
    """Keep the playable entries of a pasted list; return it with every entry's check."""
    entries = vocabulary.check_entries(text, language=room.language, size=room.size)
    saved = VocabularyList.objects.create(room=room, name=name[:80], language=room.language)
    VocabularyEntry.objects.bulk_create(
        VocabularyEntry(vocabulary=saved, word=e.word, display=e.display, translation=e.translation)
        for e in entries
        if e.problem is None
    )
    return saved, entries
