"""A round's scores, read through the one scoring function (``games.scoring``).

``scoreboard`` scores a whole round; ``lines_for`` scores only the finders a
new find changed, from their finds and the other finds of the same words,
which gives the same lines (see games.scoring) for a fraction of the rows.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Q

from games import scoring, verdicts
from games.models import Find, Round, RoundPlayer, Scoring, Team
from games.selectors.rooms import aware_datetime
from games.verdicts import RoundWords

CLAIM_FIELDS = ("player_id", "team_id", "word", "points", "found_at", "pk")


def claims(finds) -> list[scoring.Claim]:
    return [
        scoring.Claim(player, team, word, points, (found_at, pk))
        for player, team, word, points, found_at, pk in finds.values_list(*CLAIM_FIELDS)
    ]


def finder_claims(game_round: Round, *, player: int, team: int | None) -> list[scoring.Claim]:
    """The finds of one finder in a round (``team``'s in a team round, else ``player``'s)
    as ``claims`` reads them, in one small statement: the query behind the line of
    every word that counts, where the ORM's cost five times the CPU
    (docs/PERFORMANCE.md)."""
    sql, finder = (_TEAM_CLAIMS, team) if team is not None else (_PLAYER_CLAIMS, player)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_round.pk, finder])
        rows = cursor.fetchall()
    return [
        scoring.Claim(player, team, word, points, (aware_datetime(found_at), pk))
        for player, team, word, points, found_at, pk in rows
    ]


def _claims_sql(finder: str) -> str:
    def column(name: str) -> str:
        field = Find._meta.pk if name == "pk" else Find._meta.get_field(name)
        return connection.ops.quote_name(field.column)

    return "SELECT {} FROM {} WHERE {} = %s AND {} = %s".format(
        ", ".join(column(name) for name in CLAIM_FIELDS),
        connection.ops.quote_name(Find._meta.db_table),
        column("round"),
        column(finder),
    )


_PLAYER_CLAIMS, _TEAM_CLAIMS = _claims_sql("player"), _claims_sql("team")


def team_numbers(game_round: Round) -> dict[int, int]:
    """Team id -> number for the teams the round is played in."""
    if not game_round.team_count:
        return {}
    teams = Team.objects.filter(room_id=game_round.room_id, number__lte=game_round.team_count)
    return dict(teams.values_list("pk", "number"))


def scoreboard(game_round: Round, words: RoundWords | None = None) -> scoring.Scoreboard:
    """Every player's and team's line in the round, its players at 0 included."""
    words = words or verdicts.round_words(game_round)
    members = RoundPlayer.objects.filter(round=game_round).values_list("player_id", flat=True)
    return scoring.score(
        claims(Find.objects.filter(round=game_round)),
        counts=words.counts,
        teams=game_round.rules.teams,
        classic=game_round.scoring == Scoring.CLASSIC,
        players=list(members),
        team_ids=team_numbers(game_round),
    )


def lines_for(
    game_round: Round, words: RoundWords, *, player: int, team: int | None, word: str
) -> scoring.Scoreboard:
    """The lines a find of ``word`` by ``player`` (of ``team``) changed, and only those.

    Standard scoring changes the finder's line; classic scoring also changes
    the lines of everyone else who found the same word.
    """
    teams = game_round.rules.teams and team is not None
    if game_round.scoring == Scoring.CLASSIC:
        finds = Find.objects.filter(round=game_round)
        finders = list(finds.filter(word=word).values_list("player_id", "team_id"))
        players = {p for p, _ in finders} | {player}
        team_ids = {t for _, t in finders if t is not None} | ({team} if teams else set())
        theirs = Q(team_id__in=team_ids) if teams else Q(player_id__in=players)
        subset = claims(finds.filter(theirs | Q(word__in=finds.filter(theirs).values("word"))))
    else:
        players, team_ids = {player}, {team} if teams else set()
        subset = finder_claims(game_round, player=player, team=team if teams else None)
    board = scoring.score(
        subset,
        counts=words.counts,
        teams=game_round.rules.teams,
        classic=game_round.scoring == Scoring.CLASSIC,
    )
    board.players = {p: line for p, line in board.players.items() if p in players}
    board.teams = {t: line for t, line in board.teams.items() if t in team_ids}
    return board


def rows(game_round: Round, board: scoring.Scoreboard, numbers: dict[int, int]) -> list[dict]:
    """The scoreboard as the pages get it: players, or teams (by number) in team rounds,
    best first."""
    if game_round.rules.teams:
        lines = [(numbers[team], line) for team, line in board.teams.items() if team in numbers]
    else:
        lines = list(board.players.items())
    table = [{"id": key, "points": line.points, "words": line.words} for key, line in lines]
    return sorted(table, key=lambda row: (-row["points"], row["id"]))
