"""What a room's finished rounds add up to: leaderboards, a student's history, CSV rows.

Reads only. A "student" is a nickname in the room (case-folded), so the same
pupil on another computer with the same nickname counts as one. Scores of
different languages are never added together: every table is per language.
"""

from __future__ import annotations

import base64
import csv
import io
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from games import dealing
from games.models import Find, Participation, Player, Room, Round
from games.selectors import crossed_out


def student_slug(key: str) -> str:
    """A URL-safe name for a student key (nicknames may hold "/", "?" or "#")."""
    return base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")


def student_key(slug: str) -> str | None:
    """The key a slug names, or None for a slug that is not one."""
    try:
        return base64.urlsafe_b64decode(slug + "=" * (-len(slug) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None


@dataclass
class StudentLine:
    """One student's totals in one language."""

    nickname: str
    key: str
    rounds: int = 0
    points: int = 0
    words: int = 0
    longest: str = ""
    longest_display: str = ""  # as the language writes it: "âne" for "ane"
    per_round: list[tuple[datetime, int]] = field(default_factory=list)

    @property
    def slug(self) -> str:
        return student_slug(self.key)


@dataclass(frozen=True)
class RoundLine:
    round_id: int
    number: int
    played_at: datetime
    nickname: str
    points: int
    words: int


def finished_rounds(room: Room, language: str | None = None):
    rounds = room.rounds.filter(finished_at__isnull=False).defer("solution").order_by("started_at")
    return rounds.filter(language=language) if language else rounds


def round_points(game_round: Round, finds: list[Find]) -> dict[int, tuple[int, int]]:
    """Points and words per player id, under the round's scoring rule."""
    shared = crossed_out(game_round, finds)
    totals: dict[int, tuple[int, int]] = {}
    for find in finds:
        points = 0 if find.word in shared else find.points
        before_points, before_words = totals.get(find.player_id, (0, 0))
        totals[find.player_id] = (before_points + points, before_words + 1)
    return totals


def _finds_by_round(rounds) -> dict[int, list[Find]]:
    by_round: dict[int, list[Find]] = defaultdict(list)
    finds = Find.objects.filter(round__in=rounds).select_related("player").order_by("found_at")
    for find in finds:
        by_round[find.round_id].append(find)
    return by_round


def _players_by_round(rounds, by_round: dict[int, list[Find]]) -> dict[int, dict[int, Player]]:
    """Per round, everyone who took part in it: its participations and its finders
    (rounds played before participations were recorded have finders only)."""
    players: dict[int, dict[int, Player]] = defaultdict(dict)
    taking_part = Participation.objects.filter(round__in=rounds).select_related("player")
    for participation in taking_part:
        players[participation.round_id][participation.player_id] = participation.player
    for round_id, finds in by_round.items():
        for find in finds:
            players[round_id].setdefault(find.player_id, find.player)
    return players


def students(room: Room, language: str) -> list[StudentLine]:
    """Every student who took part in a round in ``language``, best total first.

    A round counts for each student who was in it, with 0 points when they
    found nothing.
    """
    rounds = list(finished_rounds(room, language))
    by_round = _finds_by_round(rounds)
    players_by_round = _players_by_round(rounds, by_round)
    lines: dict[str, StudentLine] = {}
    for game_round in rounds:
        finds = by_round.get(game_round.pk, [])
        totals = round_points(game_round, finds)
        for player_id, player in players_by_round.get(game_round.pk, {}).items():
            points, words = totals.get(player_id, (0, 0))
            key = player.nickname_key
            line = lines.setdefault(key, StudentLine(player.nickname, key))
            line.rounds += 1
            line.points += points
            line.words += words
            line.per_round.append((game_round.started_at, points))
        for find in finds:
            line = lines[find.player.nickname_key]
            if len(find.word) > len(line.longest):
                line.longest = find.word
    for line in lines.values():
        line.longest_display = dealing.display(language, line.longest) if line.longest else ""
    return sorted(lines.values(), key=lambda s: (-s.points, s.nickname.casefold()))


def best_rounds(room: Room, language: str, limit: int = 10) -> list[RoundLine]:
    """The best single-round scores in ``language``."""
    rounds = list(finished_rounds(room, language))
    by_round = _finds_by_round(rounds)
    lines = []
    for game_round in rounds:
        finds = by_round.get(game_round.pk, [])
        names = {f.player_id: f.player.nickname for f in finds}
        for player_id, (points, words) in round_points(game_round, finds).items():
            lines.append(
                RoundLine(
                    game_round.pk,
                    game_round.number,
                    game_round.started_at,
                    names[player_id],
                    points,
                    words,
                )
            )
    lines.sort(key=lambda line: (-line.points, line.played_at))
    return lines[:limit]


def trend(room: Room, language: str) -> list[tuple[datetime, float]]:
    """The class's average points per player who took part, round by round."""
    rounds = list(finished_rounds(room, language))
    by_round = _finds_by_round(rounds)
    players_by_round = _players_by_round(rounds, by_round)
    points = []
    for game_round in rounds:
        totals = round_points(game_round, by_round.get(game_round.pk, []))
        players = len(players_by_round.get(game_round.pk, {}))
        average = sum(p for p, _ in totals.values()) / players if players else 0.0
        points.append((game_round.started_at, round(average, 1)))
    return points


def languages_played(room: Room) -> list[str]:
    return sorted(set(finished_rounds(room).values_list("language", flat=True)))


# --- CSV --------------------------------------------------------------------------


def _cell(value):
    # Text starting with = + - @ would run as a formula in a spreadsheet.
    if isinstance(value, str) and value[:1] and value[0] in "=+-@\t\r":
        return "'" + value
    return value


def _csv(header: list[str], rows) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return buffer.getvalue()


def round_csv(game_round: Round) -> str:
    """Every find of a round: who, which word, points (under the round's rule), when."""
    finds = list(game_round.finds.select_related("player", "team").order_by("found_at"))
    shared = crossed_out(game_round, finds)
    rows = [
        (
            find.player.nickname,
            find.team.name if find.team else "",
            find.word,
            0 if find.word in shared else find.points,
            timezone.localtime(find.found_at).isoformat(),
        )
        for find in finds
    ]
    return _csv(["nickname", "team", "word", "points", "found_at"], rows)


def class_csv(room: Room) -> str:
    """Per language, every student's totals."""
    rows = []
    for language in languages_played(room):
        for line in students(room, language):
            rows.append(
                (language, line.nickname, line.rounds, line.points, line.words, line.longest)
            )
    return _csv(["language", "nickname", "rounds", "points", "words", "longest_word"], rows)


def student_csv(room: Room, key: str) -> str:
    """One student's rounds, in every language."""
    rounds = list(finished_rounds(room))
    by_round = _finds_by_round(rounds)
    rows = []
    for game_round in rounds:
        finds = by_round.get(game_round.pk, [])
        mine = [f for f in finds if f.player.nickname_key == key]
        if not mine:
            continue
        points, words = round_points(game_round, finds)[mine[0].player_id]
        longest = max((f.word for f in mine), key=len)
        rows.append(
            (
                timezone.localtime(game_round.started_at).isoformat(),
                game_round.language,
                game_round.number,
                points,
                words,
                longest,
            )
        )
    return _csv(["played_at", "language", "round", "points", "words", "longest_word"], rows)
