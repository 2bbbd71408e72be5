"""Rooms, the settings of their next round, their teams and their players."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext

from games import clock, dealing, protocol, selectors, vocabulary
from games.labels import LANGUAGE_NAMES, TEAM_NAMES, team_name
from games.models import (
    Player,
    Room,
    Round,
    RoundPlayer,
    Scoring,
    Team,
    VocabularyEntry,
    VocabularyList,
)
from games.modes import Mode, rules
from games.nicknames import (
    NicknameError,
    NicknameRule,
    clean_nickname,
    nickname_for_room,
    nickname_key,
    nickname_taken,
)
from games.services.broadcast import broadcast, close_group
from games.services.codes import free_room_code
from games.services.errors import JoinRefused, RoomSettingsError, TeamFixed

MIN_DURATION, MAX_DURATION = 30, 600
MAX_PLANT, MAX_BONUS = 8, 20


@dataclass(frozen=True)
class RoomSettings:
    """What the next round of a room is dealt with (the room's own fields)."""

    language: str = "en"
    level: int = 4
    size: int = 4
    dice: str = ""
    min_length: int | None = None  # None: the rules' default for the size
    duration_seconds: int = 180
    mode: str = Mode.SOLO
    scoring: str = Scoring.STANDARD
    team_count: int = 2
    vocabulary: VocabularyList | None = None
    plant_count: int = 0
    plant_bonus: int = 0
    show_vocabulary: bool = False  # the planted words listed beside the board for pupils

    @classmethod
    def of(cls, room: Room) -> RoomSettings:
        return cls(**{f.name: getattr(room, f.name) for f in dataclasses.fields(cls)})

    def changed(self, **changes) -> RoomSettings:
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise TypeError(f"not a room setting: {sorted(unknown)}")
        settings = dataclasses.replace(self, **changes)
        # Another language: the last language's dice give way to the new one's default.
        other_dice = dealing.dice_language(settings.dice) not in (None, settings.language)
        if "language" in changes and "dice" not in changes and other_dice:
            settings = dataclasses.replace(settings, dice="")
        settings.check()
        return settings

    @property
    def word_min_length(self) -> int:
        return self.min_length or dealing.default_min_length(self.size)

    def check(self) -> None:
        """Raise RoomSettingsError, with a message for the host, unless these deal a round."""
        if not MIN_DURATION <= self.duration_seconds <= MAX_DURATION:
            raise RoomSettingsError(
                gettext("A round lasts between %(min)d seconds and %(max)d minutes.")
                % {"min": MIN_DURATION, "max": MAX_DURATION // 60}
            )
        if self.mode not in Mode.values or self.scoring not in Scoring.values:
            raise RoomSettingsError(gettext("Choose a mode and a way of scoring."))
        if rules(self.mode).teams and not 2 <= self.team_count <= len(TEAM_NAMES):
            raise RoomSettingsError(
                gettext("Choose between 2 and %(count)d teams.") % {"count": len(TEAM_NAMES)}
            )
        if self.min_length is not None and not 2 <= self.min_length <= 8:
            raise RoomSettingsError(gettext("Words are at least 2 and at most 8 letters long."))
        if not 0 <= self.plant_count <= MAX_PLANT or not 0 <= self.plant_bonus <= MAX_BONUS:
            raise RoomSettingsError(
                gettext("Plant up to %(count)d words, with up to %(bonus)d bonus points each.")
                % {"count": MAX_PLANT, "bonus": MAX_BONUS}
            )
        try:
            dealing.check_settings(
                language=self.language, level=self.level, size=self.size, dice=self.dice
            )
        except ValueError as exc:
            raise RoomSettingsError(str(exc)) from None
        listed = self.vocabulary
        if listed is not None and self.plant_count and listed.language != self.language:
            raise RoomSettingsError(
                gettext("“%(list)s” is a %(list_language)s list: the round is in %(language)s.")
                % {
                    "list": listed.name,
                    "list_language": LANGUAGE_NAMES[listed.language],
                    "language": LANGUAGE_NAMES[self.language],
                }
            )


@transaction.atomic
def room_create(
    *,
    host_browser: str,
    owner=None,
    roster: str = "",
    nicknames: str = NicknameRule.TYPED,
    interface_language: str = "",
    board: str | None = None,
    **settings,
) -> Room:
    """Open a room with its first round dealt (waiting in the lobby, or running for solo)."""
    from games.services.rounds import round_deal

    checked = RoomSettings().changed(**settings)
    room = Room(
        host_browser=host_browser,
        owner=owner,
        roster=roster,
        nicknames=nicknames,
        interface_language=interface_language,
    )
    _apply(room, checked)
    room.code = free_room_code()
    room.save()
    round_deal(room=room, board=board)
    return room


def _apply(room: Room, settings: RoomSettings) -> None:
    for field in dataclasses.fields(settings):
        setattr(room, field.name, getattr(settings, field.name))


def room_settings_save(room: Room, settings: RoomSettings) -> None:
    """Store the next round's settings (checked) and make sure its teams exist."""
    _apply(room, settings)
    room.save(update_fields=[f.name for f in dataclasses.fields(settings)])
    if rules(settings.mode).teams:
        for number in range(1, settings.team_count + 1):
            Team.objects.get_or_create(
                room=room, number=number, defaults={"name": team_name(number)}
            )


@transaction.atomic
def room_details_save(
    *,
    room: Room,
    roster: str,
    language: str,
    level: int,
    nicknames: str = NicknameRule.TYPED,
    interface_language: str = "",
) -> None:
    """A class's roster, how its students get their nickname, the language its pupils'
    pages speak, and the language and level of its next round (the class form)."""
    settings = RoomSettings.of(room).changed(language=language, level=level)
    room.roster, room.nicknames = roster, nicknames
    room.interface_language = interface_language
    room.save(update_fields=["roster", "nicknames", "interface_language"])
    room_settings_save(room, settings)


@transaction.atomic
def room_delete(*, room: Room) -> None:
    """Delete a room and everything played in it; its open pages are closed (4004)."""
    group = room.group_name
    room.delete()
    transaction.on_commit(lambda: close_group(group))


@transaction.atomic
def room_lock(*, room: Room, locked: bool) -> None:
    """Close the room to new players (or open it again)."""
    Room.objects.filter(pk=room.pk).update(locked=locked)
    room.locked = locked
    broadcast(room, protocol.room_changed(locked=locked, top_only=room.top_only))


@transaction.atomic
def room_show_top_only(*, room: Room, top_only: bool) -> None:
    """Show only the top five on the projector (each student still sees their own score)."""
    Room.objects.filter(pk=room.pk).update(top_only=top_only)
    room.top_only = top_only
    broadcast(room, protocol.room_changed(locked=room.locked, top_only=top_only))


# --- players ---------------------------------------------------------------------


@transaction.atomic
def player_join(*, room: Room, browser: str, nickname: object) -> Player:
    """Join ``room`` as ``nickname``; the same browser joining again is the same player.

    The room's rule decides the name (games.nicknames.nickname_for_room: a roster
    name in the roster's spelling, only roster names or only given names where the
    class says so). A player joins the round being dealt or played at once.
    Raises NicknameError when the nickname is unusable or taken, JoinRefused when
    the room is locked or this browser was removed (banned or waiting to be let back in).
    """
    existing = room.players.filter(browser=browser).first()
    if existing is not None:
        if existing.banned:
            raise JoinRefused(gettext("The host has removed you from this room."))
        if existing.removed:
            raise JoinRefused(
                gettext(
                    "The host has removed you from this room for now: they can let you back in."
                )
            )
        return existing
    if room.locked:
        raise JoinRefused(gettext("This room is locked: ask your teacher to open it."))
    name = nickname_for_room(nickname, rule=room.nicknames, roster=room.roster_names)
    if room.players.filter(nickname_key=nickname_key(name)).exists():
        raise NicknameError(nickname_taken())
    player = Player(room=room, browser=browser, nickname=name, nickname_key=nickname_key(name))
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
    current = selectors.current_round(room)
    if current is not None and current.finished_at is None:
        round_enter(round=current, player=player)
    return player


def round_enter(*, round: Round, player: Player) -> RoundPlayer:
    """``player`` is in ``round`` from now on (their play page opened on it, they joined,
    or they sent a word): once per round. In a team round they play for the team they
    played for last time, else for the smallest team. The room hears the new list."""
    member = (
        RoundPlayer.objects.select_related("team", "player")
        .filter(round=round, player=player)
        .first()
    )
    if member is not None:
        return member
    with transaction.atomic():
        member, created = RoundPlayer.objects.get_or_create(
            round=round, player=player, defaults={"team_id": _team_for(round, player)}
        )
        if created:
            broadcast(round.room, players_event(round))
    return member


def _team_for(game_round: Round, player: Player) -> int | None:
    if not game_round.team_count:
        return None
    last = (
        RoundPlayer.objects.filter(
            player=player, team__isnull=False, team__number__lte=game_round.team_count
        )
        .exclude(round=game_round)
        .order_by("-round__number")
        .values_list("team_id", flat=True)
        .first()
    )
    return last or _smallest_team(game_round)


def _smallest_team(game_round: Round) -> int:
    teams = Team.objects.filter(room_id=game_round.room_id, number__lte=game_round.team_count)
    sizes = dict(
        RoundPlayer.objects.filter(round=game_round, team__isnull=False)
        .values_list("team")
        .annotate(n=Count("pk"))
    )
    team = min(teams, key=lambda t: (sizes.get(t.pk, 0), t.number))
    return team.pk


def players_event(game_round: Round) -> dict:
    """The ``players`` event of a round: who is in it, who is away, and (for the host's
    pages only: games.consumers strips it for the others) whom the host removed."""
    return protocol.players(
        round=game_round.pk,
        players=selectors.players_in(game_round),
        removed=selectors.removed_players(game_round.room),
    )


def announce_players(room: Room) -> None:
    current = selectors.current_round(room)
    if current is not None:
        broadcast(room, players_event(current))


@transaction.atomic
def player_move(*, room: Room, player_id: int, team_number: int) -> None:
    """The host moves a player to another team in the current round.

    Until they have sent a word in it: then they have played for their team,
    and the move waits for the next round (raises TeamFixed).
    Raises Player.DoesNotExist / Team.DoesNotExist for a wrong id or number.
    """
    game_round = selectors.current_round(room)
    player = room.players.get(pk=player_id, removed=False)
    if game_round is None or not game_round.team_count or game_round.finished_at is not None:
        raise TeamFixed(gettext("Teams are chosen in a team round, before it ends."))
    team = room.teams.get(number=team_number, number__lte=game_round.team_count)
    if game_round.finds.filter(player=player).exists():
        raise TeamFixed(
            gettext("%(name)s has already played for their team this round.")
            % {"name": player.nickname}
        )
    updated = RoundPlayer.objects.filter(round=game_round, player=player).update(team=team)
    if not updated:
        RoundPlayer.objects.create(round=game_round, player=player, team=team)
    broadcast(room, players_event(game_round))


@transaction.atomic
def player_rename(*, room: Room, player_id: int, nickname: object) -> Player:
    """The host renames a player (an unkind nickname, say): every screen, every round."""
    player = room.players.get(pk=player_id)
    name = clean_nickname(nickname)
    if room.players.exclude(pk=player.pk).filter(nickname_key=nickname_key(name)).exists():
        raise NicknameError(nickname_taken())
    player.nickname, player.nickname_key = name, nickname_key(name)
    player.save(update_fields=["nickname", "nickname_key"])
    announce_players(room)
    return player


# --- vocabulary ------------------------------------------------------------------


@transaction.atomic
def vocabulary_save(
    *, room: Room, name: str, text: str, language: str
) -> tuple[VocabularyList, list]:
    """Keep the playable entries of a pasted list in ``language``; return it with every
    entry's check (a word is checked against that language and the largest board)."""
    entries = vocabulary.check_entries(text, language=language)
    saved = VocabularyList.objects.create(room=room, name=name[:80], language=language)
    VocabularyEntry.objects.bulk_create(
        VocabularyEntry(vocabulary=saved, word=e.word, display=e.display, translation=e.translation)
        for e in entries
        if e.problem is None
    )
    return saved, entries


def round_is_running(game_round: Round | None) -> bool:
    """Started, not over: a new round must wait for it."""
    return (
        game_round is not None
        and game_round.started_at is not None
        and clock.status(game_round) != clock.FINISHED
    )
