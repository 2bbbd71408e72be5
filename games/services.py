"""Every change to game state: rooms, players, rounds and words.

Views and consumers call these functions and nothing else writes game
state. Each takes keyword arguments, runs in a transaction, and broadcasts
what the room must hear once the transaction has committed, numbered with
the room's sequence so that a page notices a missed event and resyncs.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games import dealing, selectors
from games.models import ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, Find, Player, Room, Round, Team
from games.nicknames import NicknameError, clean_nickname, nickname_key

logger = logging.getLogger(__name__)

# A word that left the page before the bell may arrive a little after it.
NETWORK_GRACE = timedelta(seconds=1)
MIN_DURATION, MAX_DURATION = 30, 600
TEAM_NAMES = ("Red", "Blue", "Green", "Gold", "Purple", "Orange")


class RoomSettingsError(ValueError):
    """Room settings that cannot be played, with a message for the host."""


@dataclass(frozen=True)
class WordResult:
    """What became of a submitted word. ``reason`` is a code from REASONS when refused."""

    accepted: bool
    reason: str
    word: str
    path: list[list[int]] | None = None
    points: int = 0
    find: Find | None = None


REASONS = {
    "accepted": "Accepted.",
    "too_short": "Too short.",
    "not_a_word": "Not in the dictionary.",
    "not_on_board": "Not on the board.",
    "bad_path": "Those tiles do not make a path.",
    "already_found": "You already found it.",
    "team_already_found": "Your team already found it.",
    "time_up": "Time is up.",
    "not_started": "The round has not started yet.",
    "wrong_round": "That word was for another round.",
}


# --- rooms and players ------------------------------------------------------


def _new_room_code() -> str:
    return "".join(secrets.choice(ROOM_CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


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
    if not MIN_DURATION <= duration_seconds <= MAX_DURATION:
        raise RoomSettingsError(
            f"A round lasts between {MIN_DURATION} seconds and {MAX_DURATION // 60} minutes."
        )
    if mode == Room.Mode.TEAMS and not 2 <= team_count <= len(TEAM_NAMES):
        raise RoomSettingsError(f"Choose between 2 and {len(TEAM_NAMES)} teams.")
    try:
        dealing.check_settings(language=language, level=level, size=size, dice=dice)
    except ValueError as exc:
        raise RoomSettingsError(str(exc)) from None
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
    for _ in range(20):
        room.code = _new_room_code()
        if not Room.objects.filter(code=room.code).exists():
            break
    room.save()
    for number in range(1, room.team_count + 1):
        Team.objects.create(room=room, number=number, name=TEAM_NAMES[number - 1])
    round_create(room=room, board=board)
    return room


@transaction.atomic
def player_join(*, room: Room, browser: str, nickname: object) -> Player:
    """Join ``room`` as ``nickname``; the same browser joining again is the same player.

    Raises NicknameError when the nickname is unusable or taken.
    """
    existing = room.players.filter(browser=browser).first()
    if existing is not None:
        return existing
    name = clean_nickname(nickname)
    if room.players.filter(nickname_key=nickname_key(name)).exists():
        raise NicknameError("Someone in this room already has that nickname: pick another.")
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
        raise NicknameError(
            "Someone in this room already has that nickname: pick another."
        ) from None
    _broadcast(room, {"type": "players", "players": selectors.players_payload(room)})
    return player


def _smallest_team(room: Room) -> Team | None:
    if room.mode != Room.Mode.TEAMS:
        return None
    teams = list(room.teams.all())
    return min(teams, key=lambda team: (team.players.count(), team.number), default=None)


# --- rounds -------------------------------------------------------------------


@transaction.atomic
def round_create(*, room: Room, board: str | None = None) -> Round:
    """Deal a new board with the room's settings (or ``board``); every word on it is found now."""
    number = (room.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    deal = dealing.deal(
        language=room.language,
        level=room.level,
        size=room.size,
        dice=room.dice,
        min_length=room.min_length,
        seed=secrets.randbelow(2**62),
        board=board,
    )
    return Round.objects.create(
        room=room,
        number=number,
        board=deal.board,
        seed=deal.seed,
        share_code=deal.share_code,
        language=room.language,
        level=room.level,
        min_length=room.min_length,
        mode=room.mode,
        scoring=room.scoring,
        duration_seconds=room.duration_seconds,
        solution=deal.solution,
        word_count=len(deal.solution),
        max_score=deal.max_score,
    )


@transaction.atomic
def round_start(*, round: Round, now: datetime | None = None) -> Round:
    """Start the clock; starting a started round changes nothing."""
    now = now or timezone.now()
    updated = Round.objects.filter(pk=round.pk, started_at__isnull=True).update(
        started_at=now, ends_at=now + timedelta(seconds=round.duration_seconds)
    )
    round.refresh_from_db()
    if updated:
        _broadcast(round.room, {"type": "round_started", **clock_payload(round, now)})
    return round


def clock_payload(round: Round, now: datetime) -> dict:
    return {
        "round": round.pk,
        "started_at": round.started_at.isoformat() if round.started_at else None,
        "ends_at": round.ends_at.isoformat() if round.ends_at else None,
        "server_time": now.isoformat(),
    }


def round_finish(*, round: Round, now: datetime | None = None) -> bool:
    """End the round exactly once; True only for the caller that ended it."""
    now = now or timezone.now()
    with transaction.atomic():
        ended = Round.objects.filter(pk=round.pk, finished_at__isnull=True).update(finished_at=now)
        if ended:
            _broadcast(round.room, {"type": "round_ended", "round": round.pk})
    round.refresh_from_db()
    return bool(ended)


def round_finish_if_due(*, round: Round, now: datetime | None = None) -> bool:
    """Finish a round whose time is up (called by timers and by any page that reads it)."""
    now = now or timezone.now()
    if round.finished_at is None and round.ends_at is not None and now >= round.ends_at:
        return round_finish(round=round, now=now)
    return False


def rounds_finish_due(*, now: datetime | None = None) -> int:
    """End every round whose time is up, even one no page watches; how many ended here."""
    now = now or timezone.now()
    due = Round.objects.filter(finished_at__isnull=True, ends_at__lte=now).select_related("room")
    return sum(round_finish(round=game_round, now=now) for game_round in due.defer("solution"))


# --- words --------------------------------------------------------------------


def word_submit(
    *,
    round: Round,
    player: Player,
    round_id: int,
    word: str | None = None,
    path: list[tuple[int, int]] | None = None,
    now: datetime | None = None,
) -> WordResult:
    """Check a typed word or a tapped path and record it when it scores."""
    now = now or timezone.now()
    if round_id != round.pk:
        return WordResult(False, "wrong_round", word or "")
    if round.started_at is None:
        return WordResult(False, "not_started", word or "")
    if round.finished_at is not None or now > round.ends_at + NETWORK_GRACE:
        return WordResult(False, "time_up", word or "")
    solution = selectors.round_solution(round.pk)
    check = dealing.check(round=round, solution=solution, word=word, path=path)
    if not check.accepted:
        return WordResult(False, check.reason, check.word, check.path)
    return _record_find(round=round, player=player, word=check.word, path=check.path)


def _record_find(*, round: Round, player: Player, word: str, path: list[list[int]]) -> WordResult:
    team = player.team if round.mode == Room.Mode.TEAMS else None
    points = dealing.points(word, round.room.size)
    try:
        with transaction.atomic():
            # The caller's round may be a cached copy: the bell is read fresh.
            if Round.objects.filter(pk=round.pk, finished_at__isnull=False).exists():
                return WordResult(False, "time_up", word, path)
            find = Find.objects.create(
                round=round, player=player, team=team, word=word, path=path, points=points
            )
            _broadcast(round.room, find_event(find, player))
    except IntegrityError:
        reason = "team_already_found" if team is not None else "already_found"
        if team is not None and round.finds.filter(team=team, word=word, player=player).exists():
            reason = "already_found"
        return WordResult(False, reason, word, path)
    return WordResult(True, "accepted", word, path, points, find)


def find_event(find: Find, player: Player) -> dict:
    """Broadcast to the room: teammates show the word, everyone updates scores."""
    return {
        "type": "find",
        "round": find.round_id,
        "player": player.pk,
        "nickname": player.nickname,
        "team": find.team_id,
        "team_name": find.team.name if find.team else None,
        "word": find.word,
        "path": find.path,
        "points": find.points,
    }


# --- broadcasting -------------------------------------------------------------


def _broadcast(room: Room, event: dict) -> None:
    """Number the event with the room's next sequence and send it after commit."""
    Room.objects.filter(pk=room.pk).update(seq=F("seq") + 1)
    event = {**event, "seq": Room.objects.values_list("seq", flat=True).get(pk=room.pk)}
    group = room.group_name
    transaction.on_commit(lambda: _send(group, event))


def _send(group: str, event: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, {"type": "room.event", "event": event})
    except Exception:  # a lost broadcast is recovered by the page's resync
        logger.exception("broadcast to %s failed", group)


def word_result_event(result: WordResult, game_round: Round) -> dict:
    """The reply to the player who sent the word (the room hears ``find`` instead)."""
    return {
        "type": "word_result",
        "round": game_round.pk,
        "accepted": result.accepted,
        "reason": result.reason,
        "message": REASONS[result.reason],
        "word": result.word,
        "path": result.path,
        "points": result.points,
    }


def path_feedback(*, round: Round, round_id: int, path: list[tuple[int, int]]) -> dict:
    """Green or red for the tiles dragged so far: still the start of some word?"""
    if round_id != round.pk:
        return {
            "type": "path_status",
            "round": round_id,
            "path": path,
            "ok": False,
            "reason": "wrong_round",
            "is_word": False,
        }
    status = dealing.path_status(round=round, path=path)
    return {"type": "path_status", "round": round.pk, "path": [list(c) for c in path], **status}


@transaction.atomic
def round_next(*, room: Room) -> Round:
    """Play again: end the current round if its time is up, deal a new one.

    A solo round starts at once; other rooms wait in the lobby for the host.
    Every page hears ``new_round`` and resyncs.
    """
    current = room.rounds.order_by("-number").first()
    if current is not None and current.finished_at is None:
        if current.started_at is not None and current.ends_at > timezone.now():
            raise RoomSettingsError("Finish the round being played first.")
        round_finish(round=current)
    game_round = round_create(room=room)
    _broadcast(room, {"type": "new_round", "round": game_round.pk})
    if room.mode == Room.Mode.SOLO:
        round_start(round=game_round)
    return game_round
