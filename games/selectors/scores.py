"""A round's scores, read through the one scoring function (``games.scoring``).

``scoreboard`` scores a whole round; ``lines_for`` scores only the finders a
new find changed, from their finds and the other finds of the same words,
which gives the same lines (see games.scoring) for a fraction of the rows.
"""

from __future__ import annotations

from django.db.models import Q

from games import scoring, verdicts
from games.models import Find, Round, RoundPlayer, Scoring, Team
from games.verdicts import RoundWords

CLAIM_FIELDS = ("player_id", "team_id", "word", "points", "found_at", "pk")


def claims(finds) -> list[scoring.Claim]:
    return [
        scoring.Claim(player, team, word, points, (found_at, pk))
        for player, team, word, points, found_at, pk in finds.values_list(*CLAIM_FIELDS)
    ]


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
    finds = Find.objects.filter(round=game_round)
    if game_round.scoring == Scoring.CLASSIC:
        finders = list(finds.filter(word=word).values_list("player_id", "team_id"))
        players = {p for p, _ in finders} | {player}
        team_ids = {t for _, t in finders if t is not None} | ({team} if teams else set())
        theirs = Q(team_id__in=team_ids) if teams else Q(player_id__in=players)
        subset = finds.filter(theirs | Q(word__in=finds.filter(theirs).values("word")))
    else:
        players, team_ids = {player}, {team} if teams else set()
        subset = finds.filter(team_id=team) if teams else finds.filter(player_id=player)
    board = scoring.score(
        claims(subset),
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
