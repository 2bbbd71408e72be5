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
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import dealing, selectors, vocabulary
from games.models import (
    ROOM_CODE_ALPHABET,
    ROOM_CODE_LENGTH,
    Find,
    Player,
    RefusedWord,
    Room,
    Round,
    Team,
    VocabularyEntry,
    VocabularyList,
    WordRuling,
)
from games.nicknames import NicknameError, clean_nickname, nickname_key, nickname_taken

logger = logging.getLogger(__name__)

# A word that left the page before the bell may arrive a little after it.
NETWORK_GRACE = timedelta(seconds=1)
MIN_DURATION, MAX_DURATION = 30, 600
# Stored with each team in the language of the page that made it (the host's).
TEAM_NAMES = (_("Red"), _("Blue"), _("Green"), _("Gold"), _("Purple"), _("Orange"))


class RoomSettingsError(ValueError):
    """Room settings that cannot be played, with a message for the host."""


class JoinRefused(ValueError):
    """This browser may not join the room (locked, or removed by the host)."""


@dataclass(frozen=True)
class WordResult:
    """What became of a submitted word. ``reason`` is a code from REASONS when refused."""

    accepted: bool
    reason: str
    word: str
    path: list[list[int]] | None = None
    points: int = 0
    find: Find | None = None
    all_found: bool = False  # the player (or their team) has found every word


# Lazy: each player reads them in the language of their own connection.
REASONS = {
    "accepted": _("Accepted."),
    "too_short": _("Too short."),
    "not_a_word": _("Not in the dictionary."),
    "not_on_board": _("Not on the board."),
    "not_allowed": _("That word is not played here."),
    "bad_path": _("Those tiles do not make a path."),
    "already_found": _("You already found it."),
    "team_already_found": _("Your team already found it."),
    "time_up": _("Time is up."),
    "paused": _("The clock is paused."),
    "not_started": _("The round has not started yet."),
    "wrong_round": _("That word was for another round."),
}


# --- rooms and players ------------------------------------------------------


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
    room.min_length = settings.get("min_length") or dealing.default_min_length(room.size)
    if "vocabulary" in settings:
        room.vocabulary = settings["vocabulary"]
        room.plant_count = settings.get("plant_count", 0)
        room.plant_bonus = settings.get("plant_bonus", 0)
    room.save()
    _make_teams(room)
    return room


@transaction.atomic
def player_set_team(*, room: Room, player_id: int, team_number: int) -> None:
    """The host picks a player's team."""
    player = room.players.get(pk=player_id)
    player.team = room.teams.get(number=team_number)
    player.save(update_fields=["team"])
    _broadcast(room, {"type": "players", "players": selectors.players_payload(room)})


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
    _broadcast(room, {"type": "players", "players": selectors.players_payload(room)})
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
    _broadcast(room, {"type": "players", "players": selectors.players_payload(room)})
    return player


@transaction.atomic
def player_remove(*, room: Room, player_id: int) -> None:
    """The host removes a player: their page closes and their browser cannot rejoin."""
    updated = room.players.filter(pk=player_id, removed=False).update(removed=True)
    if updated:
        _broadcast(room, {"type": "removed", "player": player_id})
        _broadcast(room, {"type": "players", "players": selectors.players_payload(room)})


@transaction.atomic
def room_lock(*, room: Room, locked: bool) -> None:
    """Close the room to new players (or open it again)."""
    Room.objects.filter(pk=room.pk).update(locked=locked)
    room.locked = locked
    _broadcast(room, {"type": "room", "locked": locked, "top_only": room.top_only})


@transaction.atomic
def room_show_top_only(*, room: Room, top_only: bool) -> None:
    """Show only the top five on the projector (each student still sees their own score)."""
    Room.objects.filter(pk=room.pk).update(top_only=top_only)
    room.top_only = top_only
    _broadcast(room, {"type": "room", "locked": room.locked, "top_only": top_only})


def _smallest_team(room: Room) -> Team | None:
    if room.mode != Room.Mode.TEAMS:
        return None
    teams = list(room.teams.all())
    return min(
        teams,
        key=lambda team: (team.players.filter(removed=False).count(), team.number),
        default=None,
    )


# --- rounds -------------------------------------------------------------------


@transaction.atomic
def round_create(*, room: Room, board: str | None = None) -> Round:
    """Deal a new board with the room's settings (or ``board``); every word on it is found now."""
    number = (room.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    vocabulary = _vocabulary_to_plant(room) if board is None else {}
    deal = dealing.deal(
        language=room.language,
        level=room.level,
        size=room.size,
        dice=room.dice,
        min_length=room.min_length,
        seed=secrets.randbelow(2**62),
        board=board,
        plant=tuple(vocabulary),
    )
    solution = apply_rulings(room, deal.board, dict(deal.solution), room.min_length)
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
        solution=solution,
        word_count=len(solution),
        max_score=deal.max_score,
        planted={word: vocabulary[word] for word in deal.planted},
        bonus=room.plant_bonus if deal.planted else 0,
    )


def _vocabulary_to_plant(room: Room) -> dict[str, dict]:
    """Up to ``plant_count`` playable words of the room's list, picked at random."""
    if room.vocabulary_id is None or not room.plant_count:
        return {}
    entries = list(room.vocabulary.entries.all())
    picked = secrets.SystemRandom().sample(entries, k=min(room.plant_count, len(entries)))
    return {e.word: {"display": e.display, "translation": e.translation} for e in picked}


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


def _clock_event(game_round: Round, now: datetime) -> dict:
    status = "paused" if game_round.paused_at else "running"
    return {"type": "clock", "status": status, **clock_payload(game_round, now)}


@transaction.atomic
def round_pause(*, round: Round, now: datetime | None = None) -> bool:
    """Stop the clock for everyone; words sent while paused are refused."""
    now = now or timezone.now()
    paused = Round.objects.filter(
        pk=round.pk,
        started_at__isnull=False,
        finished_at__isnull=True,
        paused_at__isnull=True,
        ends_at__gt=now,
    ).update(paused_at=now)
    round.refresh_from_db()
    if paused:
        _broadcast(round.room, _clock_event(round, now))
    return bool(paused)


@transaction.atomic
def round_resume(*, round: Round, now: datetime | None = None) -> bool:
    """Restart a paused clock: the deadline moves on by the time spent paused."""
    now = now or timezone.now()
    locked = Round.objects.select_for_update().defer("solution").get(pk=round.pk)
    if locked.paused_at is None or locked.finished_at is not None:
        return False
    locked.ends_at += now - locked.paused_at
    locked.paused_at = None
    locked.save(update_fields=["ends_at", "paused_at"])
    round.refresh_from_db()
    _broadcast(round.room, _clock_event(round, now))
    return True


@transaction.atomic
def round_extend(*, round: Round, seconds: int = 30, now: datetime | None = None) -> bool:
    """Add time to a started round that has not ended."""
    now = now or timezone.now()
    extended = Round.objects.filter(
        pk=round.pk, started_at__isnull=False, finished_at__isnull=True
    ).update(ends_at=F("ends_at") + timedelta(seconds=seconds))
    round.refresh_from_db()
    if extended:
        _broadcast(round.room, _clock_event(round, now))
    return bool(extended)


def round_finish(*, round: Round, now: datetime | None = None, only_if_due: bool = False) -> bool:
    """End the round exactly once; True only for the caller that ended it.

    ``only_if_due`` ends it only if, in the database at this moment, its time
    is up and its clock is not paused (a pause or extension may have just
    happened in another worker).
    """
    now = now or timezone.now()
    rounds = Round.objects.filter(pk=round.pk, finished_at__isnull=True)
    if only_if_due:
        rounds = rounds.filter(paused_at__isnull=True, ends_at__lte=now)
    with transaction.atomic():
        ended = rounds.update(finished_at=now)
        if ended:
            _broadcast(round.room, {"type": "round_ended", "round": round.pk})
    round.refresh_from_db()
    return bool(ended)


def round_finish_if_due(*, round: Round, now: datetime | None = None) -> bool:
    """Finish a round whose time is up (called by timers and by any page that reads it)."""
    now = now or timezone.now()
    if round.finished_at is None and round.ends_at is not None and now >= round.ends_at:
        return round_finish(round=round, now=now, only_if_due=True)
    return False


def rounds_finish_due(*, now: datetime | None = None) -> int:
    """End every round whose time is up, even one no page watches; how many ended here."""
    now = now or timezone.now()
    due = Round.objects.filter(
        finished_at__isnull=True, paused_at__isnull=True, ends_at__lte=now
    ).select_related("room")
    return sum(
        round_finish(round=game_round, now=now, only_if_due=True)
        for game_round in due.defer("solution")
    )


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
    if round.paused_at is not None:
        return WordResult(False, "paused", word or "")
    solution = selectors.round_solution(round.pk)
    check = dealing.check(round=round, solution=solution, word=word, path=path)
    if not check.accepted:
        if check.reason == "not_a_word" and check.path:
            _remember_refusal(round=round, player=player, word=check.word, path=check.path)
        return WordResult(False, check.reason, check.word, check.path)
    return _record_find(round=round, player=player, word=check.word, path=check.path, now=now)


def _record_find(
    *, round: Round, player: Player, word: str, path: list[list[int]], now: datetime
) -> WordResult:
    team = player.team if round.mode == Room.Mode.TEAMS else None
    points = dealing.points(word, round.room.size) + (round.bonus if word in round.planted else 0)
    try:
        with transaction.atomic():
            # The caller's round may be a cached copy: the clock is read fresh.
            clock = Round.objects.values("finished_at", "paused_at", "ends_at").get(pk=round.pk)
            if clock["finished_at"] is not None or now > clock["ends_at"] + NETWORK_GRACE:
                return WordResult(False, "time_up", word, path)
            if clock["paused_at"] is not None:
                return WordResult(False, "paused", word, path)
            find = Find.objects.create(
                round=round, player=player, team=team, word=word, path=path, points=points
            )
            _broadcast(round.room, find_event(find, player))
    except IntegrityError:
        reason = "team_already_found" if team is not None else "already_found"
        if team is not None and round.finds.filter(team=team, word=word, player=player).exists():
            reason = "already_found"
        return WordResult(False, reason, word, path)
    mine = round.finds.filter(team=team) if team is not None else round.finds.filter(player=player)
    all_found = mine.count() >= round.word_count
    if all_found and round.mode == Room.Mode.SOLO:
        round_finish(round=round, now=now)  # nothing left to find: the round is over
    return WordResult(True, "accepted", word, path, points, find, all_found)


def _remember_refusal(*, round: Round, player: Player, word: str, path: list) -> None:
    """Keep a word spelled on the board but unknown to the dictionary, for the teacher."""
    try:
        with transaction.atomic():
            RefusedWord.objects.get_or_create(
                round=round, player=player, word=word, defaults={"path": path}
            )
    except IntegrityError:
        pass  # the same player sent it twice at the same moment


@transaction.atomic
def word_rule(*, round: Round, word: str, allowed: bool) -> int:
    """A teacher allows a refused word or disallows an accepted one, for this round and
    the room's later rounds; this round's scores are recomputed. Returns the finds changed."""
    game_round = Round.objects.select_for_update().get(pk=round.pk)
    WordRuling.objects.update_or_create(
        room_id=game_round.room_id, word=word, defaults={"allowed": allowed}
    )
    if allowed:
        changed = _allow(game_round, word)
    else:
        changed, _ = game_round.finds.filter(word=word).delete()
        game_round.solution.pop(word, None)
    game_round.word_count = len(game_round.solution)
    game_round.save(update_fields=["solution", "word_count"])
    selectors.round_solution.cache_clear()
    _broadcast(
        game_round.room,
        {"type": "ruling", "round": game_round.pk, "word": word, "allowed": allowed},
    )
    round.refresh_from_db()
    return changed


def _allow(game_round: Round, word: str) -> int:
    path = game_round.solution.get(word) or dealing.word_path(game_round.board, word)
    if path is None:
        raise RoomSettingsError(gettext("%(word)s is not on this board.") % {"word": word})
    game_round.solution[word] = path
    points = dealing.points(word, game_round.room.size)
    made = 0
    for refusal in game_round.refused_words.select_related("player__team"):
        if refusal.word != word:
            continue
        team = refusal.player.team if game_round.mode == Room.Mode.TEAMS else None
        try:
            with transaction.atomic():
                Find.objects.create(
                    round=game_round,
                    player=refusal.player,
                    team=team,
                    word=word,
                    path=refusal.path,
                    points=points,
                )
                made += 1
        except IntegrityError:
            pass  # a teammate's refusal of the same word already scored for the team
    game_round.refused_words.filter(word=word).delete()
    return made


def apply_rulings(room: Room, board: str, solution: dict, min_length: int) -> dict:
    """A new round's words after the room's rulings: allowed words on the board added,
    disallowed ones taken out."""
    for ruling in room.rulings.all():
        if not ruling.allowed:
            solution.pop(ruling.word, None)
        elif ruling.word not in solution and len(ruling.word) >= min_length:
            path = dealing.word_path(board, ruling.word)
            if path is not None:
                solution[ruling.word] = path
    return solution


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
        "display": dealing.display(find.round.language, find.word),
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
        "message": str(REASONS[result.reason]),
        "word": result.word,
        "display": dealing.display(game_round.language, result.word) if result.accepted else "",
        "path": result.path,
        "points": result.points,
        "all_found": result.all_found,
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
            raise RoomSettingsError(gettext("Finish the round being played first."))
        round_finish(round=current)
    game_round = round_create(room=room)
    _broadcast(room, {"type": "new_round", "round": game_round.pk})
    if room.mode == Room.Mode.SOLO:
        round_start(round=game_round)
    return game_round
