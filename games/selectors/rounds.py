"""What a page is shown of a round: the socket's snapshot and the results page's summary."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from django.utils import timezone

from games import clock, protocol, verdicts
from games.dealing import display
from games.labels import LANGUAGE_NAMES, LEVEL_NAMES, team_name
from games.models import Player, Room, Round, RoundPlayer, Scoring
from games.scoring import Scoreboard
from games.selectors.players import nicknames_in
from games.selectors.rooms import players_in, removed_players, round_teams
from games.selectors.scores import rows, scoreboard, team_numbers


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def round_info(game_round: Round, now: datetime | None = None) -> dict:
    """A round's facts for a page: all of them the round's own, none the room's."""
    status = clock.status(game_round, now)
    return {
        "id": game_round.pk,
        "number": game_round.number,
        "status": status,
        # Nobody sees the letters before the clock starts.
        "board": None if status == clock.LOBBY else game_round.board,
        "language": game_round.language,
        "language_name": str(LANGUAGE_NAMES[game_round.language]),
        "level": game_round.level,
        "level_name": str(LEVEL_NAMES[game_round.level]),
        "size": game_round.size,
        "min_length": game_round.min_length,
        "duration_seconds": game_round.duration_seconds,
        "mode": game_round.mode,
        "scoring": game_round.scoring,
        "teams": round_teams(game_round),
        "started_at": _iso(game_round.started_at),
        "ends_at": _iso(game_round.ends_at),
        "paused_at": _iso(game_round.paused_at),
        "finished_at": _iso(game_round.finished_at),
        "word_count": game_round.word_count,
        # How many of the unit's words were planted (not which: they are to be found).
        "planted": len(game_round.planted),
        "bonus": game_round.bonus,
    }


def my_finds(
    game_round: Round, words: verdicts.RoundWords, board: Scoreboard, member: RoundPlayer | None
) -> list[dict]:
    """The words a player sees as theirs: their own, or their whole team's, that count."""
    if member is None:
        return []
    teams = game_round.rules.teams and member.team_id is not None
    mine = [
        scored
        for scored in board.finds
        if scored.credited
        and (
            scored.claim.team == member.team_id
            if teams
            else scored.claim.player == member.player_id
        )
    ]
    finders = {scored.claim.player for scored in mine}
    names = dict(Player.objects.filter(pk__in=finders).values_list("pk", "nickname"))
    return [
        {
            "word": scored.claim.word,
            "display": display(game_round.language, scored.claim.word),
            "path": [list(cell) for cell in words.path(scored.claim.word) or ()],
            # What it scores now: nothing once shared (classic scoring).
            "points": scored.points,
            "shared": scored.shared,
            "by": names.get(scored.claim.player, ""),
        }
        for scored in mine
    ]


def snapshot(
    *,
    room: Room,
    round: Round,
    player: Player | None,
    member: RoundPlayer | None,
    host: bool = False,
    removed: Player | None = None,
    now: datetime | None = None,
) -> dict:
    """Everything a page needs to rebuild itself, sent on every (re)connect. ``removed``:
    the page's player, whom the host removed (their page waits to be let back in)."""
    now = now or timezone.now()
    words = verdicts.round_words(round)
    board = scoreboard(round, words)
    you = None
    if player is not None:
        you = {
            "id": player.pk,
            "nickname": player.nickname,
            "team": member.team.number if member is not None and member.team else None,
            "is_host": host,
            "removed": False,
        }
    elif removed is not None:
        you = {
            "id": removed.pk,
            "nickname": removed.nickname,
            "team": None,
            "is_host": False,
            "removed": True,
        }
    return protocol.snapshot(
        seq=room.seq,
        server_time=now.isoformat(),
        room={"code": room.code, "locked": room.locked, "top_only": room.top_only},
        round=round_info(round, now),
        you=you,
        finds=my_finds(round, words, board, member),
        scores=rows(round, board, team_numbers(round)),
        players=players_in(round, now),
        removed=removed_players(room) if host else [],
    )


def results(game_round: Round, member: RoundPlayer | None) -> dict:
    """The end of a round for one player (or a teacher watching, ``member`` None): every
    word by length, who found what, shared words, the scoreboard, what was missed."""
    words = verdicts.round_words(game_round)
    board = scoreboard(game_round, words)
    countable = words.countable()
    names, gone = nicknames_in(game_round)  # gone: removed before they found a word
    numbers = team_numbers(game_round)
    team_names = {
        pk: team_name(number) for pk, number in game_round.room.teams.values_list("pk", "number")
    }
    teams = game_round.rules.teams
    finders: dict[str, set[str]] = defaultdict(set)
    for scored in board.finds:
        if scored.credited:
            claim = scored.claim
            who = team_names.get(claim.team) if teams and claim.team else names.get(claim.player)
            finders[claim.word].add(who or "")
    mine = _mine(board, member, teams)
    line = None
    if member is not None:
        on_team = teams and member.team_id is not None
        line = board.teams.get(member.team_id) if on_team else board.players.get(member.player_id)
    if teams:
        table = [(team_names[t], board.teams[t].points) for t in numbers if t in board.teams]
    else:
        table = [
            (names.get(p, ""), line_.points) for p, line_ in board.players.items() if p not in gone
        ]
    return {
        "words": countable,
        "finders": {word: sorted(who) for word, who in finders.items()},
        "shared": board.shared_words if game_round.scoring == Scoring.CLASSIC else set(),
        "mine": mine,
        "my_points": line.points if line else 0,
        "my_longest": line.longest if line else "",
        "scoreboard": sorted(table, key=lambda item: (-item[1], item[0].casefold())),
        "board": board,
    }


def _mine(board: Scoreboard, member: RoundPlayer | None, teams: bool) -> set[str]:
    """The words a player found themselves (in team rounds: that their team found)."""
    if member is None:
        return set()
    if teams and member.team_id is not None:
        return {s.claim.word for s in board.finds if s.credited and s.claim.team == member.team_id}
    return {s.claim.word for s in board.finds if s.credited and s.claim.player == member.player_id}
