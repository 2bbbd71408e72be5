"""What a class's finished rounds add up to: leaderboards, a student's history, CSV rows.

Reads only, for the teachers' pages beside it. A player removed before they
found a word is on none of them (games.selectors.players). Every figure is a
sum of the results each finished round stored for its players (``RoundPlayer``: written
by the one scoring function when the round ended and after each ruling), so
a year of rounds costs a few grouped queries, not a year of finds scored
again. A "student" is a player of the class's room (a nickname, unique in the
room ignoring case). Scores of different languages are never added together:
every table is per language.
"""

from __future__ import annotations

import base64
import csv
import io
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Avg, Count, OuterRef, Subquery, Sum
from django.db.models.functions import Length
from django.utils import timezone
from django.utils.translation import pgettext, pgettext_lazy

from games import selectors
from games.dealing import display
from games.labels import team_name
from games.models import Find, Player, Room, Round, RoundPlayer
from games.selectors.players import on_record


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
    rounds = room.rounds.filter(finished_at__isnull=False)
    return rounds.filter(language=language) if language else rounds


def _results(room: Room, language: str | None = None):
    """Every stored result of the room's finished rounds (in ``language``), but those of
    players removed before they found a word (games.selectors.players)."""
    results = RoundPlayer.objects.filter(round__room=room, round__finished_at__isnull=False)
    results = on_record(results)
    return results.filter(round__language=language) if language else results


def languages_played(room: Room) -> list[str]:
    return sorted(set(finished_rounds(room).values_list("language", flat=True)))


def students(room: Room, language: str, key: str | None = None) -> list[StudentLine]:
    """Every student who was in a round in ``language`` (or the one with ``key``), best
    total first. A round counts for each student who was in it, 0 points or not."""
    results = _results(room, language)
    if key is not None:
        results = results.filter(player__nickname_key=key)
    longest = (
        _results(room, language)
        .filter(player=OuterRef("player"))
        .exclude(longest="")
        .order_by(Length("longest").desc(), "round__number")
        .values("longest")[:1]
    )
    totals = (
        results.values("player", "player__nickname", "player__nickname_key")
        .annotate(rounds=Count("pk"), points=Sum("points"), words=Sum("words"))
        .annotate(longest=Subquery(longest))
    )
    lines = [
        StudentLine(
            nickname=row["player__nickname"],
            key=row["player__nickname_key"],
            rounds=row["rounds"],
            points=row["points"] or 0,
            words=row["words"] or 0,
            longest=row["longest"] or "",
            longest_display=display(language, row["longest"]) if row["longest"] else "",
        )
        for row in totals
    ]
    return sorted(lines, key=lambda s: (-s.points, s.nickname.casefold()))


def student(room: Room, key: str) -> list[tuple[str, StudentLine]]:
    """One student's line in each language they played, with their points round by round."""
    found = []
    for language in languages_played(room):
        lines = students(room, language, key=key)
        if not lines:
            continue
        line = lines[0]
        rounds = (
            _results(room, language)
            .filter(player__nickname_key=key)
            .order_by("round__started_at", "round__number")
            .values_list("round__started_at", "points")
        )
        line.per_round = list(rounds)
        found.append((language, line))
    return found


def best_rounds(room: Room, language: str, limit: int = 10) -> list[RoundLine]:
    """The best single-round scores in ``language`` (0 points never make the list)."""
    best = (
        _results(room, language)
        .filter(points__gt=0)
        .order_by("-points", "round__started_at", "pk")
        .values_list(
            "round_id", "round__number", "round__started_at", "player__nickname", "points", "words"
        )[:limit]
    )
    return [RoundLine(*row) for row in best]


def trend(room: Room, language: str) -> list[tuple[datetime, float]]:
    """The class's average points per player who was in the round, round by round."""
    averages = (
        _results(room, language)
        .values("round_id", "round__started_at", "round__number")
        .annotate(average=Avg("points"))
        .order_by("round__started_at", "round__number")
    )
    return [(row["round__started_at"], round(row["average"], 1)) for row in averages]


# --- CSV --------------------------------------------------------------------------


def _cell(value):
    # Text starting with = + - @ would run as a formula in a spreadsheet.
    if isinstance(value, str) and value[:1] and value[0] in "=+-@\t\r":
        return "'" + value
    return value


# The columns' names, in the interface language of whoever downloads the file.
HEADERS = {
    "nickname": pgettext_lazy("CSV column", "nickname"),
    "team": pgettext_lazy("CSV column", "team"),
    "word": pgettext_lazy("CSV column", "word"),
    "points": pgettext_lazy("CSV column", "points"),
    "found_at": pgettext_lazy("CSV column", "found_at"),
    "language": pgettext_lazy("CSV column", "language"),
    "rounds": pgettext_lazy("CSV column", "rounds"),
    "words": pgettext_lazy("CSV column", "words"),
    "longest_word": pgettext_lazy("CSV column", "longest_word"),
    "played_at": pgettext_lazy("CSV column", "played_at"),
    "round": pgettext_lazy("CSV column", "round"),
}


def csv_separator() -> str:
    """The separator the interface language's spreadsheets expect: a French Excel reads
    ";" (its list separator), an English one ","; LibreOffice asks, proposing either."""
    separator = pgettext("CSV field separator: , or ;", ",")
    return separator if separator in {",", ";", "\t"} else ","


def csv_moment(moment: datetime | None) -> str:
    """A date and time as the school writes them, in its time zone, in a form Excel and
    LibreOffice read as a date (English: 2026-11-26 09:05; French: 26/11/2026 09:05)."""
    if moment is None:
        return ""
    return timezone.localtime(moment).strftime(
        pgettext("CSV date and time (strftime)", "%Y-%m-%d %H:%M")
    )


def _csv(header: list[str], rows) -> str:
    """The rows as CSV text (the view adds the byte-order mark Excel needs for UTF-8)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=csv_separator())
    writer.writerow([str(HEADERS[name]) for name in header])
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return buffer.getvalue()


def round_csv(game_round: Round) -> str:
    """Every word that counts in a round: who found it, points under the round's rule
    (and the teacher's rulings), when."""
    board = selectors.scoreboard(game_round)
    names = dict(Player.objects.filter(room=game_round.room).values_list("pk", "nickname"))
    teams = {pk: team_name(n) for pk, n in game_round.room.teams.values_list("pk", "number")}
    rows = [
        (
            names.get(scored.claim.player, ""),
            teams.get(scored.claim.team, "") if game_round.rules.teams else "",
            display(game_round.language, scored.claim.word),
            scored.points,
            csv_moment(scored.claim.order[0]),
        )
        for scored in board.finds
        if scored.credited
    ]
    return _csv(["nickname", "team", "word", "points", "found_at"], rows)


def class_csv(room: Room) -> str:
    """Per language, every student's totals."""
    rows = [
        (language, line.nickname, line.rounds, line.points, line.words, line.longest_display)
        for language in languages_played(room)
        for line in students(room, language)
    ]
    return _csv(["language", "nickname", "rounds", "points", "words", "longest_word"], rows)


def student_csv(room: Room, key: str) -> str:
    """One student's rounds, in every language."""
    results = (
        _results(room)
        .filter(player__nickname_key=key)
        .order_by("round__started_at", "round__number")
        .values_list(
            "round__started_at",
            "round__language",
            "round__number",
            "points",
            "words",
            "longest",
        )
    )
    rows = [
        (
            csv_moment(started),
            language,
            number,
            points,
            words,
            display(language, longest) if longest else "",
        )
        for started, language, number, points, words, longest in results
    ]
    return _csv(["played_at", "language", "round", "points", "words", "longest_word"], rows)


RECENT_WORDS = 20


def recent_words(room: Room, key: str, limit: int = RECENT_WORDS) -> list[dict]:
    """The words a student found most recently (each once, newest first), with the
    meaning a reader of the active language is shown: the teacher's translation first."""
    from games.selectors.glosses import (
        interface_language,
        shown_meaning,
        vocabulary_translations,
    )

    finds = (
        Find.objects.filter(
            round__room=room, round__finished_at__isnull=False, player__nickname_key=key
        )
        .filter(accepted=True)
        .order_by("-found_at", "-pk")
        .values_list("word", "round__language", "found_at")
    )
    interface = interface_language()
    teacher: dict[str, dict[str, str]] = {}
    seen: set[tuple[str, str]] = set()
    words = []
    for word, language, found_at in finds[: limit * 5]:
        if (word, language) in seen:
            continue
        seen.add((word, language))
        if language not in teacher:
            teacher[language] = vocabulary_translations(room.pk, language)
        words.append(
            {
                "word": word,
                "display": display(language, word),
                "language": language,
                "found_at": found_at,
                "gloss": teacher[language].get(word) or shown_meaning(word, language, interface),
            }
        )
        if len(words) == limit:
            break
    return words
