"""The end of a round on the projector: the podium, the longest word found, the best
word nobody found. Read through the one scoring function (``selectors.scoreboard``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games import verdicts
from games.dealing import display, points
from games.labels import team_name
from games.models import Player, Round, Team
from games.selectors.glosses import round_glosses
from games.selectors.players import nicknames_in
from games.selectors.scores import scoreboard


@dataclass(frozen=True)
class Place:
    """A step of the podium: a player, or a team with its players."""

    rank: int  # 1, 2 or 3; equal points share a rank
    name: str
    points: int
    words: int
    members: tuple[str, ...] = ()


@dataclass(frozen=True)
class Word:
    word: str
    display: str
    points: int
    by: tuple[str, ...] = field(default=())  # who found it (nobody, for a missed word)
    gloss: str | None = None  # its meaning in the reader's language (games/selectors/glosses.py)

    @property
    def headline(self) -> str:
        """The word in capitals, as the projector shows it: spellings that differ only
        in case are one there (German Festes / festes: FESTES)."""
        return " / ".join(dict.fromkeys(shown.upper() for shown in self.display.split(" / ")))


@dataclass(frozen=True)
class Highlights:
    podium: tuple[Place, ...]  # the top three (team rounds: the teams, the winner first)
    teams: bool
    longest: Word | None  # the longest word found, and who found it
    best_missed: Word | None  # the longest word nobody found (then the highest scoring)


def round_highlights(game_round: Round) -> Highlights:
    words = verdicts.round_words(game_round)
    board = scoreboard(game_round, words)
    teams = game_round.rules.teams
    names = dict(
        Player.objects.filter(round_players__round=game_round).values_list("pk", "nickname")
    )
    if teams:
        team_rows = Team.objects.filter(pk__in=board.teams).values_list("pk", "number")
        team_names = {pk: team_name(number) for pk, number in team_rows}
        lines = [(team_names.get(t, ""), line, t) for t, line in board.teams.items()]
    else:
        # As the results page lists them: a removed player who found a word stays.
        _, gone = nicknames_in(game_round)
        lines = [(names.get(p, ""), line, p) for p, line in board.players.items() if p not in gone]
    lines.sort(key=lambda item: (-item[1].points, item[0].casefold()))
    members: dict[int, list[str]] = {}
    if teams:
        for member in game_round.round_players.filter(player__removed=False).order_by("joined_at"):
            members.setdefault(member.team_id, []).append(names.get(member.player_id, ""))
    podium = []
    for index, (name, line, key) in enumerate(lines[:3]):
        rank = podium[-1].rank if podium and podium[-1].points == line.points else index + 1
        place = Place(rank, name, line.points, line.words, tuple(members.get(key, ())))
        podium.append(place)
    return Highlights(
        podium=tuple(podium),
        teams=teams,
        longest=_longest_found(game_round, board, names),
        best_missed=_best_missed(game_round, words, board),
    )


def _value(game_round: Round, word: str) -> int:
    """What a word is worth on this board (the planted bonus included)."""
    return points(word, game_round.size) + (game_round.bonus if word in game_round.planted else 0)


def _longest_found(game_round: Round, board, names: dict[int, str]) -> Word | None:
    finders: dict[str, list[str]] = {}
    for scored in board.finds:  # in the order they were found
        if scored.credited:
            who = finders.setdefault(scored.claim.word, [])
            name = names.get(scored.claim.player, "")
            if name not in who:
                who.append(name)
    if not finders:
        return None
    order = list(finders)
    word = max(order, key=lambda w: (len(w), _value(game_round, w), -order.index(w)))
    return Word(
        word, display(game_round.language, word), _value(game_round, word), tuple(finders[word])
    )


def _best_missed(game_round: Round, words, board) -> Word | None:
    found = {scored.claim.word for scored in board.finds if scored.credited}
    missed = [word for word in words.countable() if word not in found]
    if not missed:
        return None
    word = min(missed, key=lambda w: (-len(w), -_value(game_round, w), w))
    meaning = round_glosses(game_round, words=[word]).get(word)
    return Word(word, display(game_round.language, word), _value(game_round, word), gloss=meaning)
