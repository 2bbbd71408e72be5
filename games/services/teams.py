"""Teams of a team round, as a whole: shuffle them, or balance their sizes.

A player who has sent a word in the round has played for their team and
stays in it (as with ``player_move``); everyone else may be moved. Each
change is one transaction and one ``players`` event.
"""

from __future__ import annotations

import random
from collections import Counter

from django.db import transaction
from django.utils.translation import gettext

from games import selectors
from games.models import Room, Round, RoundPlayer, Team
from games.services.broadcast import broadcast
from games.services.errors import TeamFixed
from games.services.rooms import players_event


def _team_round(room: Room) -> tuple[Round, list[Team]]:
    """The room's current round, if teams may still change in it, and its teams."""
    Room.objects.select_for_update().filter(pk=room.pk).first()  # one change at a time
    game_round = selectors.current_round(room)
    if game_round is None or not game_round.team_count or game_round.finished_at is not None:
        raise TeamFixed(gettext("Teams are chosen in a team round, before it ends."))
    teams = list(Team.objects.filter(room=room, number__lte=game_round.team_count))
    return game_round, sorted(teams, key=lambda team: team.number)


def _members(game_round: Round) -> tuple[list[RoundPlayer], list[RoundPlayer]]:
    """The round's players still in the room: those who may move, those who may not."""
    members = list(
        RoundPlayer.objects.filter(round=game_round, player__removed=False).order_by(
            "joined_at", "pk"
        )
    )
    played = set(game_round.finds.values_list("player_id", flat=True))
    movable = [m for m in members if m.player_id not in played]
    fixed = [m for m in members if m.player_id in played]
    return movable, fixed


@transaction.atomic
def teams_shuffle(*, room: Room, rng: random.Random | None = None) -> None:
    """Deal the players who may move into the teams at random, as evenly as can be.

    Raises TeamFixed outside a team round (or once it has ended)."""
    rng = rng or random.SystemRandom()
    game_round, teams = _team_round(room)
    movable, fixed = _members(game_round)
    sizes = Counter({team.pk: 0 for team in teams})
    sizes.update(member.team_id for member in fixed if member.team_id in sizes)
    rng.shuffle(movable)
    for member in movable:
        smallest = min(sizes.values())
        member.team_id = rng.choice([team for team, size in sizes.items() if size == smallest])
        sizes[member.team_id] += 1
    RoundPlayer.objects.bulk_update(movable, ["team"])
    broadcast(room, players_event(game_round))


@transaction.atomic
def teams_balance(*, room: Room) -> int:
    """Move as few players as it takes for no team to have two more than another: the
    latest to join a big team go to the smallest. Returns how many moved.

    Raises TeamFixed outside a team round (or once it has ended)."""
    game_round, teams = _team_round(room)
    movable, fixed = _members(game_round)
    rosters: dict[int, list[RoundPlayer]] = {team.pk: [] for team in teams}
    for member in fixed + movable:
        if member.team_id not in rosters:  # no team yet, or one this round lacks
            member.team_id = min(rosters, key=lambda team: len(rosters[team]))
            member.moved = True
        rosters[member.team_id].append(member)
    free = {member.pk for member in movable}
    while True:
        smallest = min(rosters, key=lambda team: (len(rosters[team]), team))
        candidates = [
            team
            for team in rosters
            if len(rosters[team]) - len(rosters[smallest]) >= 2
            and any(m.pk in free for m in rosters[team])
        ]
        if not candidates:
            break
        biggest = max(candidates, key=lambda team: len(rosters[team]))
        member = next(m for m in reversed(rosters[biggest]) if m.pk in free)
        rosters[biggest].remove(member)
        member.team_id, member.moved = smallest, True
        rosters[smallest].append(member)
    moved = [m for m in fixed + movable if getattr(m, "moved", False)]
    RoundPlayer.objects.bulk_update(moved, ["team"])
    if moved:
        broadcast(room, players_event(game_round))
    return len(moved)
