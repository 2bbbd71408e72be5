"""Reads of game state: what a page or a socket is shown. Nothing here writes."""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from datetime import datetime

from django.db.models import Count, Sum
from django.utils import timezone

from games import dealing
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES
from games.models import Find, Player, Room, Round


def room_by_code(code: str) -> Room | None:
    return Room.objects.filter(code=code.strip().upper()).first()


def current_round(room: Room) -> Round | None:
    """The room's latest round, without its words (``round_solution`` has them)."""
    return room.rounds.defer("solution").order_by("-number").first()


@functools.lru_cache(maxsize=512)
def round_solution(round_id: int) -> dict[str, tuple[tuple[int, int], ...]]:
    """Every word of a round with its path: read once per process.

    A round's words never change. Each socket holding its own parsed copy
    made 300 players carry ~300k objects that every full garbage collection
    walked (130-150 ms pauses under load); one shared copy of tuples does not.
    """
    stored = Round.objects.values_list("solution", flat=True).get(pk=round_id)
    return {word: tuple(tuple(cell) for cell in path) for word, path in stored.items()}


def is_host(room: Room, browser: str | None, user=None) -> bool:
    """The browser that opened the room, or the teacher whose class owns it (from any
    browser they log in on: logging out empties the session that held the browser id)."""
    if browser is not None and browser == room.host_browser:
        return True
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    classroom = getattr(room, "classroom", None)
    return classroom is not None and classroom.teacher_id == user.pk


def can_rule(room: Room, user) -> bool:
    """Word rulings belong to the teacher of a class, logged in: not to a solo player
    ruling on their own words, nor to a pupil who opened a room for classmates."""
    classroom = getattr(room, "classroom", None)
    return (
        classroom is not None
        and getattr(user, "is_authenticated", False)
        and classroom.teacher_id == user.pk
    )


def player_for(room: Room, browser: str | None) -> Player | None:
    if not browser:
        return None
    return room.players.select_related("team").filter(browser=browser, removed=False).first()


def players_payload(room: Room) -> list[dict]:
    return [
        {"id": p.pk, "nickname": p.nickname, "team": p.team.name if p.team else None}
        for p in room.players.filter(removed=False).select_related("team")
    ]


def round_status(round: Round, now: datetime | None = None) -> str:
    now = now or timezone.now()
    if round.finished_at is not None or (
        round.paused_at is None and round.ends_at is not None and now >= round.ends_at
    ):
        return "finished"
    if round.started_at is None:
        return "lobby"
    return "paused" if round.paused_at is not None else "running"


def scores(round: Round) -> list[dict]:
    """The live scoreboard: points and word counts per player (or per team), best first."""
    if round.mode == Room.Mode.TEAMS:
        rows = (
            round.finds.values("team__name")
            .annotate(points=Sum("points"), words=Count("pk"))
            .order_by("-points", "team__name")
        )
        board = {row["team__name"]: row for row in rows}
        return [
            {
                "name": team.name,
                "points": board.get(team.name, {}).get("points") or 0,
                "words": board.get(team.name, {}).get("words") or 0,
            }
            for team in round.room.teams.all()
        ]
    totals = {
        row["player"]: row
        for row in round.finds.values("player").annotate(points=Sum("points"), words=Count("pk"))
    }
    table = [
        {
            "name": player.nickname,
            "points": totals.get(player.pk, {}).get("points") or 0,
            "words": totals.get(player.pk, {}).get("words") or 0,
        }
        for player in round.room.players.filter(removed=False)
    ]
    return sorted(table, key=lambda row: (-row["points"], row["name"].casefold()))


def finds_for(round: Round, player: Player | None) -> list[Find]:
    """The finds a player sees as theirs: their own, or their whole team's."""
    if player is None:
        return []
    finds = round.finds.select_related("player")
    if round.mode == Room.Mode.TEAMS and player.team_id:
        return list(finds.filter(team_id=player.team_id))
    return list(finds.filter(player=player))


def snapshot(
    *,
    room: Room,
    round: Round,
    player: Player | None,
    now: datetime | None = None,
    host: bool = False,
):
    """Everything a page needs to rebuild itself, sent on every (re)connect."""
    now = now or timezone.now()
    status = round_status(round, now)
    mine = finds_for(round, player)
    return {
        "type": "snapshot",
        "seq": room.seq,
        "server_time": now.isoformat(),
        "room": {
            "code": room.code,
            "language": room.language,
            "language_name": str(LANGUAGE_NAMES[room.language]),
            "level": round.level,
            "level_name": str(LEVEL_NAMES[round.level]),
            "size": room.size,
            "min_length": round.min_length,
            "duration_seconds": round.duration_seconds,
            "mode": round.mode,
            "scoring": round.scoring,
            "locked": room.locked,
            "top_only": room.top_only,
        },
        "round": {
            "id": round.pk,
            "number": round.number,
            # Nobody sees the letters before the clock starts.
            "board": None if status == "lobby" else round.board,
            "status": status,
            "started_at": round.started_at.isoformat() if round.started_at else None,
            "ends_at": round.ends_at.isoformat() if round.ends_at else None,
            "paused_at": round.paused_at.isoformat() if round.paused_at else None,
            "finished_at": round.finished_at.isoformat() if round.finished_at else None,
            "word_count": round.word_count,
        },
        "you": None
        if player is None
        else {
            "id": player.pk,
            "nickname": player.nickname,
            "team": player.team.name if player.team else None,
            "is_host": host,
        },
        "finds": [
            {
                "word": f.word,
                "display": dealing.display(round.language, f.word),
                "path": f.path,
                "points": f.points,
                "by": f.player.nickname,
            }
            for f in mine
        ],
        "scores": scores(round),
        "players": players_payload(room),
    }


def crossed_out(round: Round, finds: list[Find]) -> set[str]:
    """The words that score nothing under the round's rule.

    Classic scoring crosses out a word found by more than one player (in team
    rounds, by more than one team); standard scoring crosses out nothing.
    """
    if round.scoring != Room.Scoring.CLASSIC:
        return set()
    finders: dict[str, set] = defaultdict(set)
    for find in finds:
        finder = ("team", find.team_id) if find.team_id else ("player", find.player_id)
        finders[find.word].add(finder)
    return {word for word, who in finders.items() if len(who) > 1}


def results(round: Round, player: Player | None) -> dict:
    """The end of a round: every word by length, who found what, what this player missed."""
    finds = list(round.finds.select_related("player", "team"))
    finders: dict[str, set[str]] = defaultdict(set)
    for find in finds:
        finders[find.word].add(find.team.name if find.team else find.player.nickname)
    shared = crossed_out(round, finds)
    my_finds = finds_for(round, player)
    mine = {f.word for f in my_finds}
    by_length: dict[int, list[str]] = defaultdict(list)
    for word in sorted(round.solution):
        by_length[len(word)].append(word)
    if round.mode == Room.Mode.TEAMS:
        table = Counter({team.name: 0 for team in round.room.teams.all()})
    else:
        table = Counter({p.nickname: 0 for p in round.room.players.all()})
    for find in finds:
        who = find.team.name if find.team else find.player.nickname
        table[who] += 0 if find.word in shared else find.points
    longest_possible = max(map(len, round.solution), default=0)
    return {
        "words_by_length": sorted(by_length.items(), reverse=True),
        "longest_possible": [w for w in round.solution if len(w) == longest_possible],
        "longest_found": max(mine, key=len, default=""),
        "mine": sorted(mine),
        # The points the finds were recorded with (bonuses included), under the round's rule.
        "my_points": sum(0 if f.word in shared else f.points for f in my_finds),
        "missed": sorted(set(round.solution) - mine),
        "share": (100 * len(mine) // len(round.solution)) if round.solution else 0,
        "shared_words": {w: sorted(finders[w]) for w in shared},
        "scoreboard": sorted(table.items(), key=lambda item: (-item[1], item[0].casefold())),
        "finders": {w: sorted(who) for w, who in finders.items()},
    }
