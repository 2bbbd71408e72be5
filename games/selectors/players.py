"""Which players a round's results and a class's records show.

A player the host removed before they found a word leaves no trace: not on the
results page's scoreboard, a class's leaderboards, a student page or a CSV
(the join-and-kick of a rude nickname is not "1 round, 0 points"). Their rows
stay in the database, as every record does, until the teacher deletes the
student (accounts.services.student_delete) or the privacy purge runs. A player
removed after finding a word stays on the record with what they found.
"""

from __future__ import annotations

from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q, QuerySet

from games.models import Find, Player, Round, RoundPlayer


def _found_a_word(player: str) -> Exists:
    return Exists(Find.objects.filter(player=OuterRef(player), accepted=True))


def left_no_trace() -> QuerySet[Player]:
    """Players removed by the host before they found a word."""
    return Player.objects.filter(removed=True).exclude(_found_a_word("pk"))


def on_record(results: QuerySet[RoundPlayer]) -> QuerySet[RoundPlayer]:
    """``results`` (rounds' players) without those who left no trace."""
    return results.exclude(Q(player__removed=True) & ~_found_a_word("player"))


def nicknames_in(game_round: Round) -> tuple[dict[int, str], set[int]]:
    """The nickname of each of the round's players, and the ids of those who left no
    trace, in one query."""
    gone = ExpressionWrapper(Q(removed=True) & ~_found_a_word("pk"), output_field=BooleanField())
    rows = (
        Player.objects.filter(round_players__round=game_round)
        .annotate(gone=gone)
        .values_list("pk", "nickname", "gone")
    )
    names, traceless = {}, set()
    for pk, nickname, left in rows:
        names[pk] = nickname
        if left:
            traceless.add(pk)
    return names, traceless
