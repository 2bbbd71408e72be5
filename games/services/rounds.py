"""Rounds: dealing a board, the clock (start, pause, resume, extend, end), play again."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from games import dealing
from games.models import (
    Participation,
    Player,
    Room,
    Round,
)
from games.services.broadcast import broadcast
from games.services.errors import RoomSettingsError


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
def round_start(*, round: Round, now: datetime | None = None) -> Round:
    """Start the clock; starting a started round changes nothing."""
    now = now or timezone.now()
    updated = Round.objects.filter(pk=round.pk, started_at__isnull=True).update(
        started_at=now, ends_at=now + timedelta(seconds=round.duration_seconds)
    )
    round.refresh_from_db()
    if updated:
        broadcast(round.room, {"type": "round_started", **clock_payload(round, now)})
    return round


def participation_record(*, round_id: int, player: Player) -> None:
    """Note that ``player`` took part in the round ``round_id``; once per round."""
    Participation.objects.bulk_create(
        [Participation(round_id=round_id, player=player)], ignore_conflicts=True
    )


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
        broadcast(round.room, _clock_event(round, now))
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
    broadcast(round.room, _clock_event(round, now))
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
        broadcast(round.room, _clock_event(round, now))
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
            broadcast(round.room, {"type": "round_ended", "round": round.pk})
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
    broadcast(room, {"type": "new_round", "round": game_round.pk})
    if room.mode == Room.Mode.SOLO:
        round_start(round=game_round)
    return game_round


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
