"""What a class's teacher reads of play at home: the homework report and what it adds up to.

- ``homework_report``: who played each board and who has not yet, each
  pupil's points, share of the board's points and words (on time or late),
  the words the class missed most with their meanings (a flashcard deck), and
  the teacher's rulings on each board's words.
- ``easy_words_missed``: each pupil's missed level 1-2 words across all the
  class's homework.
- ``share_by_homework``: the class's average share, homework by homework
  (the term's chart).
- ``daily_results``: the class's pupils on today's board of the day.

Figures are the attempts' stored results (``RoundPlayer``, written by the one
scoring function) over the board's points after its rulings; nothing is
scored again. Attempts whose time ran out while nobody watched are settled
first, so that the report and the pupils' pages agree.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db.models import Count
from django.utils import timezone

from games import clock, dealing, verdicts
from games.engine.lexicon import load_lexicon
from games.homework import ranks
from games.homework.models import Attempt, DailyBoard, Homework
from games.homework.selectors import (
    FINAL_KINDS,
    board_points,
    board_words,
    found_words,
    share,
)
from games.homework.services import board_settle_due
from games.models import Find, Player, Room, Round, RoundPlayer
from games.nicknames import nickname_key
from games.selectors.glosses import round_glosses

EASY_LEVELS = 2  # level 1-2 words: what every pupil of the class should know
MISSED_SHOWN = 30


@dataclass
class Line:
    """One pupil on one board: the report's row and the CSV's."""

    nickname: str
    key: str
    position: int
    status: str  # on_time, late, playing, not_played
    points: int | None = None
    share: float | None = None
    words: int | None = None
    played_at: datetime | None = None
    attempt: Attempt | None = None


@dataclass
class BoardReport:
    position: int
    board: Round
    points: int  # every point the board holds now
    players: int  # pupils with a finished counted or late attempt
    missed: list[dict] = field(default_factory=list)  # most missed first
    rulings: dict = field(default_factory=dict)


@dataclass
class Report:
    homework: Homework
    lines: list[Line]
    not_played: list[str]  # the class's names without any attempt yet
    boards: list[BoardReport]

    @property
    def played(self) -> int:
        return len({line.key for line in self.lines if line.status != "not_played"})


def class_names(class_room: Room) -> dict[str, str]:
    """The class as far as it is known: its roster, then the nicknames its lessons saw."""
    names = {nickname_key(name): name for name in class_room.roster_names}
    for nickname, key in Player.objects.filter(room=class_room, removed=False).values_list(
        "nickname", "nickname_key"
    ):
        names.setdefault(key, nickname)
    return names


def _finals(homework: Homework):
    return (
        Attempt.objects.filter(board__homework_board__homework=homework, kind__in=FINAL_KINDS)
        .select_related("round", "player")
        .order_by("created_at", "pk")
    )


def homework_report(
    homework: Homework, now: datetime | None = None, *, detail: bool = True
) -> Report:
    """The report; ``detail``: with each board's missed words and rulings."""
    now = now or timezone.now()
    placed = list(homework.boards.select_related("round").defer("round__solution"))
    for board in placed:
        board_settle_due(board=board.round, now=now)
    attempts = list(_finals(homework))
    results = dict(
        (round_id, (points, words))
        for round_id, points, words in RoundPlayer.objects.filter(
            round__attempt__in=[a.pk for a in attempts]
        ).values_list("round_id", "points", "words")
    )
    boards = [_board_report(board.position, board.round, attempts, detail) for board in placed]
    totals = {report.board.pk: report.points for report in boards}
    names = class_names(homework.class_room)
    by_pupil: dict[str, dict[int, Attempt]] = defaultdict(dict)
    for attempt in attempts:
        by_pupil[attempt.pupil][attempt.board_id] = attempt
        names.setdefault(attempt.pupil, attempt.player.nickname)
    lines = []
    for key, nickname in sorted(names.items(), key=lambda item: item[1].casefold()):
        if key not in by_pupil:
            continue
        for board in placed:
            attempt = by_pupil[key].get(board.round_id)
            lines.append(_line(nickname, key, board.position, attempt, results, totals, now))
    not_played = sorted(
        (name for key, name in names.items() if key not in by_pupil), key=str.casefold
    )
    return Report(homework, lines, not_played, boards)


def _line(nickname, key, position, attempt, results, totals, now) -> Line:
    if attempt is None:
        return Line(nickname, key, position, "not_played")
    if clock.status(attempt.round, now) != clock.FINISHED:
        return Line(nickname, key, position, "playing", attempt=attempt)
    points, words = results.get(attempt.round_id, (0, 0))
    return Line(
        nickname=nickname,
        key=key,
        position=position,
        status="late" if attempt.kind == Attempt.Kind.LATE else "on_time",
        points=points,
        share=share(points, totals[attempt.board_id]),
        words=words,
        played_at=attempt.round.started_at,
        attempt=attempt,
    )


def _board_report(
    position: int, board: Round, attempts: list[Attempt], detail: bool
) -> BoardReport:
    words = board_words(board)
    finished = [a for a in attempts if a.board_id == board.pk and a.round.finished_at]
    report = BoardReport(position, board, board_points(board, words), len(finished))
    if detail:
        report.missed = _missed(board, words, finished) if finished else []
        report.rulings = board_rulings(board, words)
    return report


def _missed(board: Round, words: verdicts.RoundWords, finished: list[Attempt]) -> list[dict]:
    """The board's words by how many pupils missed them (most first, then the shortest),
    with their meanings."""
    finders = dict(
        Find.objects.filter(round__attempt__in=[a.pk for a in finished])
        .values("word")
        .annotate(pupils=Count("round", distinct=True))
        .values_list("word", "pupils")
    )
    countable = words.countable()
    ranked = sorted(countable, key=lambda w: (finders.get(w, 0), len(w), w))
    glosses = round_glosses(board, None, ranked)
    return [
        {
            "word": word,
            "display": dealing.display(board.language, word),
            "gloss": glosses.get(word),
            "missed_by": len(finished) - finders.get(word, 0),
            "found_by": finders.get(word, 0),
        }
        for word in ranked
    ]


def missed_most(report: Report, limit: int = MISSED_SHOWN) -> list[dict]:
    """The words the class missed most across the homework's boards, each with a meaning
    (a word no source explains makes no flashcard)."""
    entries = [
        {**entry, "position": board.position}
        for board in report.boards
        for entry in board.missed
        if entry["gloss"] and entry["missed_by"]
    ]
    entries.sort(key=lambda e: (-e["missed_by"], len(e["word"]), e["word"]))
    return entries[:limit]


def board_rulings(board: Round, words: verdicts.RoundWords) -> dict:
    """For the teacher: words pupils spelled that the dictionary refused (to allow),
    words they found (to disallow), and the board's standing rulings (to undo)."""
    language = board.language
    refused: dict[str, set[str]] = defaultdict(set)
    found: set[str] = set()
    finds = Find.objects.filter(round__attempt__board=board).values_list("word", "player__nickname")
    for word, nickname in finds:
        if words.counts(word):
            found.add(word)
        elif word not in words.disallowed:
            refused[word].add(nickname)
    standing = verdicts.effective_rulings(board.rulings.order_by("ruled_at", "pk"))
    return {
        "refused": [
            (word, dealing.display(language, word), sorted(who))
            for word, who in sorted(refused.items())
        ],
        "counted": [(word, dealing.display(language, word)) for word in sorted(found)],
        "standing": [
            {"word": word, "display": dealing.display(language, word), "verdict": ruling.verdict}
            for word, ruling in sorted(standing.items())
        ],
    }


# --- across the class's homework ------------------------------------------------------


def easy_words_missed(class_room: Room, language: str | None = None) -> list[dict]:
    """Per pupil (nickname order), the level 1-2 words of every homework board they played
    (on time or late) that they did not find, each with its meaning, easiest first."""
    attempts = (
        Attempt.objects.filter(
            board__homework_board__homework__class_room=class_room,
            kind__in=FINAL_KINDS,
            round__finished_at__isnull=False,
        )
        .select_related("round", "player", "board")
        .order_by("created_at", "pk")
    )
    boards: dict[int, tuple[Round, list[str]]] = {}
    missed: dict[str, dict[tuple[str, str], Round]] = defaultdict(dict)
    nicknames: dict[str, str] = {}
    for attempt in attempts:
        board = attempt.board
        if board.pk not in boards:
            boards[board.pk] = (board, _easy_words(board))
        mine = found_words(attempt.round)
        nicknames.setdefault(attempt.pupil, attempt.player.nickname)
        for word in boards[board.pk][1]:
            if word not in mine:
                missed[attempt.pupil].setdefault((board.language, word), board)
    pupils = []
    for key, nickname in sorted(nicknames.items(), key=lambda item: item[1].casefold()):
        words = sorted(missed[key], key=lambda item: (len(item[1]), item[1]))
        pupils.append({"nickname": nickname, "key": key, "words": _glossed(words, missed[key])})
    return pupils


def _easy_words(board: Round) -> list[str]:
    lexicon = load_lexicon(board.language)
    return [
        word
        for word in board_words(board).countable()
        if (lexicon.level_of(word) or EASY_LEVELS + 1) <= EASY_LEVELS
    ]


def _glossed(words: list[tuple[str, str]], boards: dict[tuple[str, str], Round]) -> list[dict]:
    """``(language, word)`` pairs with their meanings, read per board."""
    wanted: dict[int, tuple[Round, list[str]]] = {}
    for key in words:
        wanted.setdefault(boards[key].pk, (boards[key], []))[1].append(key[1])
    glosses: dict[tuple[str, str], str | None] = {}
    for board, listed in wanted.values():
        found = round_glosses(board, None, listed)
        glosses.update({(board.language, word): meaning for word, meaning in found.items()})
    return [
        {
            "word": word,
            "display": dealing.display(language, word),
            "gloss": glosses.get((language, word)),
        }
        for language, word in words
    ]


def average_share(report: Report) -> float | None:
    """The class's average share of the boards' points: each pupil who played on time,
    their points over the points of the boards they played; None when nobody has."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    boards = {board.board.pk: board.points for board in report.boards}
    for line in report.lines:
        if line.status == "on_time":
            totals[line.key][0] += line.points
            totals[line.key][1] += boards[line.attempt.board_id]
    if not totals:
        return None
    shares = [share(points, total) for points, total in totals.values()]
    return round(sum(shares) / len(shares), 1)


def share_by_homework(class_room: Room) -> list[tuple[Homework, float]]:
    """The class's average share, homework by homework (due date order); homework nobody
    played on time is left out."""
    series = []
    for homework in class_room.homework.order_by("due_at", "pk"):
        average = average_share(homework_report(homework, detail=False))
        if average is not None:
            series.append((homework, average))
    return series


def daily_results(class_room: Room, *, language: str, level: int, day: date) -> dict | None:
    """The class's pupils on a day's board (nickname, points, share, rank among everyone
    who played it), or None when it was not dealt."""
    daily = DailyBoard.objects.filter(day=day, language=language, level=level).first()
    if daily is None:
        return None
    board = daily.round
    board_settle_due(board=board)
    total = board_points(board)
    counted = (
        Attempt.objects.filter(board=board, class_room=class_room, kind=Attempt.Kind.COUNTED)
        .exclude(tallied_points=None)
        .select_related("player")
    )
    rows = [
        {
            "nickname": attempt.player.nickname,
            "points": attempt.tallied_points,
            "share": share(attempt.tallied_points, total),
            "standing": ranks.standing(board.pk, attempt.tallied_points),
        }
        for attempt in counted
    ]
    rows.sort(key=lambda row: (-row["points"], row["nickname"].casefold()))
    everyone = sum(players for _, players in ranks.distribution(board.pk))
    return {"daily": daily, "rows": rows, "everyone": everyone, "board_points": total}
