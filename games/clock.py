"""A round's clock: the one owner of "is time up?".

The sweeper, the services that take words, the reads that show a round and
the pages (through the ``status`` they are sent) all ask here. A round's
deadline is ``ends_at``; a pause moves it on; the host may end a round early
(``finished_at`` before ``ends_at``). A word that left the page before the end
may arrive a little after it: it is taken until ``GRACE`` after the end, even
when the round has already been marked finished.

When the host starts a round, play begins ``COUNTDOWN`` later: ``started_at``
is the end of the 3-2-1 the pages show, and ``ends_at`` is ``started_at`` plus
the round's length. The round is ``running`` from the press (every page has
the letters, face down until ``started_at``), but no word counts before
``started_at`` (``not_started``). A pause during the countdown holds it too.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

# A word that left the page before the bell may arrive a little after it.
GRACE = timedelta(seconds=1)

# The 3-2-1 between the host's press and the letters (docs/protocol.md).
COUNTDOWN_SECONDS = 3
COUNTDOWN = timedelta(seconds=COUNTDOWN_SECONDS)

# The clock warns in its last half-minute (amber), then its last ten seconds (red):
# the projector and the play page use the same thresholds.
WARN_SECONDS, URGENT_SECONDS = 30, 10

LOBBY, RUNNING, PAUSED, FINISHED = "lobby", "running", "paused", "finished"

# The round's fields this module reads: what starting, pausing, resuming, adding
# time and ending change (a socket's cached round reads them afresh, see
# games.selectors.rooms.with_fresh_clock).
FIELDS = ("started_at", "ends_at", "paused_at", "finished_at")


def status(round, now: datetime | None = None) -> str:
    """``lobby`` (dealt, not started), ``running``, ``paused`` or ``finished``.

    A round whose deadline has passed is finished even before the sweeper
    has written ``finished_at``: every screen agrees at the bell.
    """
    now = now or timezone.now()
    if round.finished_at is not None or is_due(round, now):
        return FINISHED
    if round.started_at is None:
        return LOBBY
    return PAUSED if round.paused_at is not None else RUNNING


def start_times(round, pressed: datetime, *, countdown: bool = True) -> tuple[datetime, datetime]:
    """``(started_at, ends_at)`` of a round the host starts at ``pressed``: play begins
    after the countdown (none for a round that starts as it is dealt, solo)."""
    started = pressed + (COUNTDOWN if countdown else timedelta(0))
    return started, started + timedelta(seconds=round.duration_seconds)


def counting_down(round, now: datetime | None = None) -> bool:
    """Started by the host, letters not yet up: the 3-2-1 (held while paused)."""
    now = now or timezone.now()
    if round.started_at is None or round.finished_at is not None:
        return False
    return (round.paused_at or now) < round.started_at


def is_due(round, now: datetime | None = None) -> bool:
    """Running, not paused, not yet marked finished, and past its deadline."""
    now = now or timezone.now()
    return (
        round.finished_at is None
        and round.paused_at is None
        and round.ends_at is not None
        and now >= round.ends_at
    )


def due_rounds(now: datetime) -> Q:
    """``is_due`` as a query, for the sweeper."""
    return Q(finished_at__isnull=True, paused_at__isnull=True, ends_at__lte=now)


def end_of_play(round) -> datetime | None:
    """When play stopped or stops: the bell, or the host's early end."""
    if round.finished_at is not None and (
        round.ends_at is None or round.finished_at < round.ends_at
    ):
        return round.finished_at
    return round.ends_at


def refusal(round, now: datetime | None = None) -> str | None:
    """Why a word sent now cannot count (``not_started``, ``paused``, ``time_up``), or None."""
    now = now or timezone.now()
    if round.started_at is None:
        return "not_started"
    if round.paused_at is not None:
        # Paused; a round ended while paused took no word after the pause.
        return "paused" if round.finished_at is None else "time_up"
    end = end_of_play(round)
    if end is not None and now > end + GRACE:
        return "time_up"
    if now < round.started_at:  # the countdown (ended during it: nothing was played)
        return "time_up" if round.finished_at is not None else "not_started"
    return None


def seconds_left(round, now: datetime | None = None) -> float:
    """Seconds of play until the bell (frozen while paused, the whole round during the
    countdown); 0 once over."""
    now = now or timezone.now()
    if round.ends_at is None:
        return float(round.duration_seconds)
    if round.finished_at is not None:
        return 0.0
    reference = max(round.paused_at or now, round.started_at)
    return max(0.0, (round.ends_at - reference).total_seconds())


def resumed(round, now: datetime) -> tuple[datetime, datetime]:
    """``(started_at, ends_at)`` once a paused round resumes at ``now``: the deadline
    moves on by the time spent paused, and so does a countdown that was under way."""
    held = now - round.paused_at
    started = round.started_at + held if round.paused_at < round.started_at else round.started_at
    return started, round.ends_at + held
