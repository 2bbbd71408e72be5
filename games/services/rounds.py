"""Rounds: dealing (with the settings it takes, as one step), the clock, the end, results."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from games import clock, dealing, protocol, selectors, verdicts
from games.models import Room, Round, RoundPlayer, Team, WordRuling
from games.modes import rules
from games.services.broadcast import broadcast
from games.services.errors import RoundRunning
from games.services.rooms import RoomSettings, room_settings_save, round_enter, round_is_running


@dataclass(frozen=True)
class Dealt:
    """A new round and what became of the vocabulary asked for."""

    round: Round
    planted: tuple[str, ...] = ()
    not_planted: tuple[str, ...] = ()  # list words (as written) that would not fit this board


@transaction.atomic
def round_deal(*, room: Room, board: str | None = None, **changes) -> Dealt:
    """Change the next round's settings (``changes``) and deal it: one step that refuses
    as a whole. While a round is being played nothing changes (RoundRunning); bad
    settings change nothing (RoomSettingsError).

    A round waiting in the lobby is replaced: it was never played, and its
    players (and their teams, where the new round has them) move to the new one.
    A solo round starts at once; others wait in the lobby for the host. Every
    page hears ``new_round``.
    """
    room = Room.objects.select_for_update().get(pk=room.pk)
    settings = RoomSettings.of(room).changed(**changes)
    current = selectors.current_round(room)
    waiting: list[tuple[int, int | None]] = []
    if current is not None and current.finished_at is None:
        if round_is_running(current):
            raise RoundRunning(gettext("Finish the round being played first."))
        if current.started_at is None:
            waiting = list(current.round_players.values_list("player_id", "team__number"))
            current.delete()
        else:
            round_finish(round=current)  # its time is up: end it on the way
    if current is not None and current.finished_at is not None:
        waiting = _still_here(current)
    room_settings_save(room, settings)
    dealt = _round_create(room, settings, board)
    for player_id, team_number in waiting:
        _carry(dealt.round, player_id, team_number)
    broadcast(room, protocol.new_round(round=dealt.round.pk, number=dealt.round.number))
    if rules(settings.mode).starts_at_once:
        round_start(round=dealt.round)
    return dealt


def _round_create(room: Room, settings: RoomSettings, board: str | None) -> Dealt:
    number = (room.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    wanted = _vocabulary_to_plant(settings) if board is None else {}
    min_length = settings.word_min_length
    deal = dealing.deal(
        language=settings.language,
        level=settings.level,
        size=settings.size,
        dice=settings.dice,
        min_length=min_length,
        seed=secrets.randbelow(2**62),
        board=board,
        plant=tuple(wanted),
    )
    game_round = Round.objects.create(
        room=room,
        number=number,
        board=deal.board,
        seed=deal.seed,
        share_code=deal.share_code,
        language=settings.language,
        level=settings.level,
        size=settings.size,
        dice=settings.dice,
        min_length=min_length,
        mode=settings.mode,
        scoring=settings.scoring,
        team_count=settings.team_count if rules(settings.mode).teams else 0,
        duration_seconds=settings.duration_seconds,
        solution=deal.solution,
        word_count=0,
        max_score=deal.max_score,
        planted={word: wanted[word] for word in deal.planted},
        bonus=settings.plant_bonus if deal.planted else 0,
        show_vocabulary=settings.show_vocabulary and bool(deal.planted),
    )
    _inherit_rulings(room, game_round)
    game_round.word_count = len(verdicts.round_words(game_round).countable())
    game_round.save(update_fields=["word_count"])
    missing = tuple(wanted[w]["display"] for w in wanted if w not in deal.planted)
    return Dealt(game_round, deal.planted, missing)


def _vocabulary_to_plant(settings: RoomSettings) -> dict[str, dict]:
    """Up to ``plant_count`` words of the chosen list, picked at random."""
    if settings.vocabulary is None or not settings.plant_count:
        return {}
    entries = list(settings.vocabulary.entries.all())
    picked = secrets.SystemRandom().sample(entries, k=min(settings.plant_count, len(entries)))
    return {e.word: {"display": e.display, "translation": e.translation} for e in picked}


def _inherit_rulings(room: Room, game_round: Round) -> None:
    """The room's standing rulings, copied into the new round where its board has the word:
    a teacher's decision holds for the class's later rounds."""
    earlier = WordRuling.objects.filter(round__room=room).exclude(round=game_round)
    standing = verdicts.effective_rulings(earlier.order_by("ruled_at", "pk"))
    copies = []
    for word, ruling in standing.items():
        if ruling.verdict == WordRuling.Verdict.DISALLOW and word in game_round.solution:
            copies.append(WordRuling(round=game_round, word=word, verdict=ruling.verdict))
        elif ruling.verdict == WordRuling.Verdict.ALLOW and len(word) >= game_round.min_length:
            path = game_round.solution.get(word) or dealing.word_path(game_round.board, word)
            if path is not None:
                copies.append(
                    WordRuling(round=game_round, word=word, verdict=ruling.verdict, path=path)
                )
    for copy in copies:
        copy.inherited = True
        copy.ruled_by_id = None
    WordRuling.objects.bulk_create(copies)


def _still_here(game_round: Round) -> list[tuple[int, int | None]]:
    """The players of a round just played who go on to the next one with its deal: every
    one still in the room with a page of it open (play, results...), or gone from it for
    less than ``CARRY_AWAY`` (a phone asleep). Nobody waits for a button to be in it."""
    now = timezone.now()
    rows = list(
        game_round.round_players.filter(player__removed=False).values_list(
            "player_id", "team__number", "player__left_at"
        )
    )
    seen = selectors.last_seen([player for player, _, _ in rows])
    fresh = now - selectors.PRESENCE_STALE
    return [
        (player, team)
        for player, team, left_at in rows
        if (player in seen and seen[player] >= fresh)
        or (left_at is not None and left_at >= now - CARRY_AWAY)
    ]


CARRY_AWAY = timedelta(minutes=2)


def _carry(game_round: Round, player_id: int, team_number: int | None) -> None:
    """A player of a replaced lobby round goes on to the new one, in the same team if
    the new round has it."""
    team = None
    if game_round.team_count and team_number and team_number <= game_round.team_count:
        team = Team.objects.filter(room_id=game_round.room_id, number=team_number).first()
    if team is not None or not game_round.team_count:
        RoundPlayer.objects.create(round=game_round, player_id=player_id, team=team)
    else:
        round_enter(round=game_round, player=game_round.room.players.get(pk=player_id))


# --- the clock ----------------------------------------------------------------------


@transaction.atomic
def round_start(*, round: Round, now: datetime | None = None) -> Round:
    """Start the clock (``now``: the host's press); starting a started round changes
    nothing. Play begins after the countdown (``clock.COUNTDOWN``), except in a round
    that starts as it is dealt (solo): the player asked to play at once."""
    now = now or timezone.now()
    started_at, ends_at = clock.start_times(
        round, now, countdown=not rules(round.mode).starts_at_once
    )
    updated = Round.objects.filter(pk=round.pk, started_at__isnull=True).update(
        started_at=started_at, ends_at=ends_at
    )
    round.refresh_from_db()
    if updated:
        event = protocol.round_started(
            round=round.pk,
            started_at=round.started_at.isoformat(),
            ends_at=round.ends_at.isoformat(),
            server_time=now.isoformat(),
        )
        broadcast(round.room, event)
    return round


def _clock_event(game_round: Round, now: datetime) -> dict:
    return protocol.clock(
        round=game_round.pk,
        status=clock.status(game_round, now),
        started_at=_iso(game_round.started_at),
        ends_at=_iso(game_round.ends_at),
        paused_at=_iso(game_round.paused_at),
        server_time=now.isoformat(),
    )


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


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
    """Restart a paused clock: the deadline (and a countdown under way) moves on by the
    time spent paused."""
    now = now or timezone.now()
    locked = Round.objects.select_for_update().defer("solution").get(pk=round.pk)
    if locked.paused_at is None or locked.finished_at is not None:
        return False
    locked.started_at, locked.ends_at = clock.resumed(locked, now)
    locked.paused_at = None
    locked.save(update_fields=["started_at", "ends_at", "paused_at"])
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
    """End the round exactly once and store its results; True only for the caller that
    ended it.

    ``only_if_due`` ends it only if, in the database at this moment, its time
    is up and its clock is not paused (a pause or extension may have just
    happened in another process).
    """
    now = now or timezone.now()
    rounds = Round.objects.filter(pk=round.pk, finished_at__isnull=True)
    if only_if_due:
        rounds = rounds.filter(clock.due_rounds(now))
    with transaction.atomic():
        ended = rounds.update(finished_at=now)
        if ended:
            round.refresh_from_db()
            results_store(round=round)
            event = protocol.round_ended(round=round.pk, finished_at=now.isoformat())
            broadcast(round.room, event)
    if not ended:
        round.refresh_from_db()
    return bool(ended)


def round_finish_if_due(*, round: Round, now: datetime | None = None) -> bool:
    """Finish a round whose time is up (a page that reads it need not wait for the sweeper)."""
    now = now or timezone.now()
    if clock.is_due(round, now):
        return round_finish(round=round, now=now, only_if_due=True)
    return False


def rounds_finish_due(*, now: datetime | None = None) -> int:
    """End every round whose time is up, even one no page watches; how many ended here."""
    now = now or timezone.now()
    due = Round.objects.filter(clock.due_rounds(now)).select_related("room").defer("solution")
    return sum(round_finish(round=game_round, now=now, only_if_due=True) for game_round in due)


def next_due() -> datetime | None:
    """When the next running round is due (for the sweeper's sleep)."""
    running = Round.objects.filter(finished_at__isnull=True, paused_at__isnull=True)
    return (
        running.exclude(ends_at=None).order_by("ends_at").values_list("ends_at", flat=True).first()
    )


# --- results ------------------------------------------------------------------------


def results_store(*, round: Round) -> None:
    """Write every round player's result (the one scoring function's lines), so that
    leaderboards, history and CSV add up rows instead of scoring finds again.
    Called when the round ends, for a word that arrives in the grace after the bell,
    and after every ruling."""
    board = selectors.scoreboard(round)
    members = list(RoundPlayer.objects.filter(round=round))
    for member in members:
        line = board.players.get(member.player_id)
        member.points = line.points if line else 0
        member.words = line.words if line else 0
        member.longest = line.longest if line else ""
    RoundPlayer.objects.bulk_update(members, ["points", "words", "longest"])
