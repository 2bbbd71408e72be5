"""The end of an attempt: its final submission, the board's rulings, the board's tally.

- ``attempt_settle`` ends an attempt whose time is up (``round_finish``, as
  any round ends), gives it the board's rulings made since it started, and
  puts its points in the board's tally if it counts: the final submission,
  idempotent. ``board_settle_due`` settles those whose tab closed before the
  bell.
- ``board_word_rule``: a teacher's ruling on a board's word is a ruling on
  the board's round, given to every attempt on it (now if it has ended, else
  when it does): every result, tally and report follows, with undo.

The common submission (no ruling on the board, the round already ended by
the sweeper or the pupil's page) is three small statements, written in SQL
as the game's other hot paths are (``games.services.words._find_insert``):
through the ORM they cost several times the CPU (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import functools
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games import verdicts
from games.homework.models import Attempt
from games.homework.ranks import tally_move
from games.models import Round, RoundPlayer, WordRuling
from games.selectors import with_fresh_clock
from games.services import results_store, round_finish_if_due, ruling_path


def attempt_settle(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """The final submission of an attempt whose time is up: end its round (once, as any
    round ends), give it the board's rulings made since it started, and put its points
    in the board's tally if it counts. Settling again changes nothing unless a ruling
    did. An attempt still being played is returned as it is."""
    now = now or timezone.now()
    game_round = with_fresh_clock(attempt.round)  # the caller's copy may be old
    round_finish_if_due(round=game_round, now=now)
    if game_round.finished_at is None:
        return attempt
    if _board_has_rulings(attempt.board_id):
        with transaction.atomic():
            settled = _settle_with_rulings(attempt, game_round, now)
    elif attempt.settled_at is not None:
        settled = attempt  # nothing can have changed it
    else:
        with transaction.atomic():
            settled = _settle_once(attempt, game_round, now)
    settled.round = game_round
    return settled


def _settle_once(attempt: Attempt, game_round: Round, now: datetime) -> Attempt:
    """Tally the attempt if nobody has yet: whoever sets ``settled_at`` first tallies."""
    counted = attempt.kind == Attempt.Kind.COUNTED
    with connection.cursor() as cursor:
        cursor.execute(_sql("claim"), [now, counted, game_round.pk, attempt.pk])
        claimed = cursor.fetchone()
    if claimed is None:  # settled elsewhere a moment ago
        return Attempt.objects.get(pk=attempt.pk)
    tallied = claimed[0]
    tally_move(attempt.board_id, None, tallied)
    attempt.settled_at, attempt.tallied_points = now, tallied
    return attempt


def _board_has_rulings(board_id: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(_sql("ruled"), [board_id])
        return cursor.fetchone() is not None


@functools.cache
def _sql(which: str) -> str:
    quote = connection.ops.quote_name
    if which == "ruled":
        table, column = WordRuling._meta.db_table, WordRuling._meta.get_field("round").column
        return f"SELECT 1 FROM {quote(table)} WHERE {quote(column)} = %s LIMIT 1"
    # The attempt's stored points (it has one player), written once: RETURNING them
    # (PostgreSQL, SQLite from 3.35) only to the caller that set settled_at.
    attempts, players = quote(Attempt._meta.db_table), quote(RoundPlayer._meta.db_table)
    points = (
        f"(SELECT COALESCE(MAX({quote('points')}), 0) FROM {players} "
        f"WHERE {quote(RoundPlayer._meta.get_field('round').column)} = %s)"
    )
    return (
        f"UPDATE {attempts} SET {quote('settled_at')} = %s, "
        f"{quote('tallied_points')} = CASE WHEN %s THEN {points} ELSE NULL END "
        f"WHERE {quote('id')} = %s AND {quote('settled_at')} IS NULL "
        f"RETURNING {quote('tallied_points')}"
    )


def _points(attempt: Attempt, game_round: Round) -> int | None:
    """What the attempt puts in its board's tally: its stored points if it counts."""
    if attempt.kind != Attempt.Kind.COUNTED:
        return None
    points = RoundPlayer.objects.filter(round=game_round).values_list("points", flat=True)
    return points.first() or 0


def _settle_with_rulings(attempt: Attempt, game_round: Round, now: datetime) -> Attempt:
    """Under the attempt's lock: the board's rulings, the result they make, the tally
    moved from what the attempt put in to what it puts in now."""
    locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
    board_rulings = list(WordRuling.objects.filter(round_id=locked.board_id))
    changed = _rulings_sync(board_rulings, game_round)
    if changed:
        results_store(round=game_round)
    if changed or locked.settled_at is None:
        tallied = _points(locked, game_round)
        tally_move(locked.board_id, locked.tallied_points, tallied)
        locked.tallied_points, locked.settled_at = tallied, now
        locked.save(update_fields=["tallied_points", "settled_at"])
    return locked


def _rulings_sync(board_rulings: list[WordRuling], game_round: Round) -> bool:
    """Give ``game_round`` the board's standing rulings: a ruling record (allow,
    disallow, undo) for every word on which the two differ. True if any was made."""
    wanted = verdicts.effective_rulings(board_rulings)
    have = verdicts.effective_rulings(WordRuling.objects.filter(round=game_round))
    made = []
    for word in sorted(wanted.keys() | have.keys()):
        ruling, had = wanted.get(word), have.get(word)
        if (ruling and ruling.verdict) == (had and had.verdict):
            continue
        made.append(
            WordRuling(
                round=game_round,
                word=word,
                verdict=ruling.verdict if ruling else WordRuling.Verdict.UNDO,
                path=ruling.path if ruling else None,
                ruled_by_id=ruling.ruled_by_id if ruling else None,
            )
        )
    WordRuling.objects.bulk_create(made)
    return bool(made)


def board_settle_due(*, board: Round, now: datetime | None = None) -> int:
    """Settle every attempt on ``board`` whose time is up and which nobody settled (its
    tab closed before the bell, say); how many. Cheap when there is none (an index of
    the unsettled)."""
    now = now or timezone.now()
    due = Attempt.objects.filter(board=board, settled_at__isnull=True).filter(
        Q(round__finished_at__isnull=False)
        | Q(round__ends_at__lte=now, round__paused_at__isnull=True)
    )
    settled = 0
    for attempt in due.select_related("round", "round__room"):
        attempt_settle(attempt=attempt, now=now)
        settled += 1
    return settled


@transaction.atomic
def board_word_rule(*, board: Round, word: str, verdict: str, user=None) -> WordRuling:
    """A teacher allows a word of a board played at home, disallows one, or undoes their
    last ruling on it (the checks of ``services.word_rule``). Every attempt that has
    ended follows now (results, tally); one still being played follows at its end."""
    locked = Round.objects.select_for_update().get(pk=board.pk)
    path = ruling_path(round=locked, word=word, verdict=verdict)
    ruling = WordRuling.objects.create(
        round=locked, word=word, verdict=verdict, path=path, ruled_by=user
    )
    ended = Attempt.objects.filter(board=locked, round__finished_at__isnull=False)
    for attempt in ended.select_related("round", "round__room"):
        attempt_settle(attempt=attempt)
    return ruling
