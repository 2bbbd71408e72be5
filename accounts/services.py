"""Every change teachers' pages make: classes, a student's record, and the privacy purge.

A class's room is made and changed by ``games.services`` (its owner, roster,
and the language and level of its next round). Deleting a class, a student's
record or old data deletes rooms, rounds and players, which is this app's
business (privacy), not the game's.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from accounts.models import Classroom
from games import services as game_services
from games.homework.services import play_at_home_purge, pupil_attempts_delete
from games.models import Player, Room, Round, RoundPlayer

# --- classes ------------------------------------------------------------------


@transaction.atomic
def classroom_create(
    *,
    teacher,
    host_browser: str,
    name: str,
    language: str,
    level: int,
    roster: list[str],
    nicknames: str = Room.Nicknames.TYPED,
    interface_language: str = "",
) -> Classroom:
    """A class and its room: the teacher owns it, its code is the join code."""
    room = game_services.room_create(
        host_browser=host_browser,
        owner=teacher,
        roster="\n".join(roster),
        nicknames=nicknames,
        interface_language=interface_language,
        language=language,
        level=level,
        mode=Room.Mode.VERSUS,
    )
    return Classroom.objects.create(name=name, room=room)


@transaction.atomic
def classroom_update(
    *,
    classroom: Classroom,
    name: str,
    language: str,
    level: int,
    roster: list[str],
    nicknames: str = Room.Nicknames.TYPED,
    interface_language: str = "",
) -> Classroom:
    """New name, roster, nickname rule and pupils' page language; the language and level
    of the room's next round (the round already dealt keeps its own)."""
    classroom.name = name
    classroom.save(update_fields=["name"])
    game_services.room_details_save(
        room=classroom.room,
        roster="\n".join(roster),
        language=language,
        level=level,
        nicknames=nicknames,
        interface_language=interface_language,
    )
    return classroom


def classroom_new_code(*, classroom: Classroom) -> str:
    """A new join code for the class (the old one got out, say): the old code and
    links now tell newcomers the class has a new one; whoever is already in the room
    plays on."""
    return game_services.room_new_code(room=classroom.room)


@transaction.atomic
def classroom_delete(*, classroom: Classroom) -> None:
    """The class, its room and everything played in it (its open pages close)."""
    game_services.room_delete(room=classroom.room)  # cascades to the class


# --- a student's record ----------------------------------------------------------


@transaction.atomic
def student_delete(*, classroom: Classroom, key: str) -> str | None:
    """Delete the student ``key`` (a nickname key) from the class: their nickname, their
    places in rounds and every word they sent, and their homework (every attempt of
    theirs at home, through games.homework). Their nickname's name, or None when the
    class has no such student.

    The finished rounds they played are added up again without them (under classic
    scoring a word they shared counts for the others now). A page of theirs still
    open is closed as the host's ban closes it; the same browser may join again
    later as a new player.
    """
    room = classroom.room
    player = room.players.filter(nickname_key=key).first()
    if player is None:
        return None
    rounds = list(
        Round.objects.filter(finished_at__isnull=False)
        .filter(Q(round_players__player=player) | Q(finds__player=player))
        .distinct()
    )
    game_services.player_ban(room=room, player_id=player.pk)  # their open pages close
    player.delete()
    pupil_attempts_delete(class_room=room, key=key)  # their homework goes too
    for game_round in rounds:
        game_services.results_store(round=game_round)
    return player.nickname


# --- privacy --------------------------------------------------------------------


def student_data_purge(
    *, days: int, now: datetime | None = None, dry_run: bool = False
) -> dict[str, int]:
    """Delete what students left more than ``days`` ago; how many of each thing went.

    - A room without a class, with no round dealt and nobody joining since the
      cutoff, goes entirely (teams, rounds, players, finds).
    - In every other room, rounds dealt before the cutoff go with their finds,
      and so do players who joined before it and have played no round since.
    - A room that is kept but left without a round (a class's, say) gets a
      fresh one, so its join code and its page keep working.

    With ``dry_run`` everything is counted, then rolled back.
    """
    cutoff = (now or timezone.now()) - timedelta(days=days)
    deleted: Counter[str] = Counter()
    with transaction.atomic():
        for result in play_at_home_purge(cutoff=cutoff):  # homework, boards of the day
            _count(deleted, result)
        recent_round = Round.objects.filter(room=OuterRef("pk"), created_at__gte=cutoff)
        recent_player = Player.objects.filter(room=OuterRef("pk"), joined_at__gte=cutoff)
        stale_rooms = Room.objects.filter(classroom__isnull=True, created_at__lt=cutoff).exclude(
            Exists(recent_round) | Exists(recent_player)
        )
        _count(deleted, stale_rooms.delete())
        _count(deleted, Round.objects.filter(created_at__lt=cutoff).delete())
        # Rounds left now are all recent: a player in one is still playing.
        idle_players = Player.objects.filter(joined_at__lt=cutoff).exclude(
            Exists(RoundPlayer.objects.filter(player=OuterRef("pk")))
        )
        _count(deleted, idle_players.delete())
        if dry_run:
            transaction.set_rollback(True)
        else:
            for room in Room.objects.filter(rounds__isnull=True):
                game_services.round_deal(room=room)
    # The usual five first, then whatever else went with a room (rulings, vocabulary).
    return {name: deleted[name] for name in _PURGE_NAMES.values()} | dict(sorted(deleted.items()))


_PURGE_NAMES = {
    "games.Room": "rooms",
    "games.Team": "teams",
    "games.Round": "rounds",
    "games.Player": "players",
    "games.Find": "finds",
}
_OTHER_NAMES = {
    "games.RoundPlayer": "round players",
    "games.WordRuling": "word rulings",
    "games.VocabularyList": "vocabulary lists",
    "games.VocabularyEntry": "vocabulary words",
    "games.Homework": "homework",
    "games.HomeworkBoard": "homework boards",
    "games.Attempt": "attempts",
    "games.DailyBoard": "boards of the day",
    "games.ScoreTally": "score tallies",
}


def _count(deleted: Counter[str], result: tuple[int, dict[str, int]]) -> None:
    for label, number in result[1].items():
        deleted[_PURGE_NAMES.get(label) or _OTHER_NAMES.get(label, label)] += number
