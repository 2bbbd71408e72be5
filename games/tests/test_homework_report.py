"""The teacher's homework report: who played, shares and words, missed words, the term."""

from __future__ import annotations

import pytest

from games import dealing, selectors
from games.engine.lexicon import load_lexicon
from games.homework import report as homework_report
from games.homework import services as homework_services
from games.homework.selectors import board_points
from games.models import Player
from games.nicknames import nickname_key
from games.tests.homework_helpers import (
    finish,
    make_class_room,
    make_homework,
    make_teacher,
    past_due,
    play,
    start,
    time_up,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def teacher():
    return make_teacher()


@pytest.fixture
def class_room(teacher):
    return make_class_room(teacher)


def test_the_report_says_who_played_on_time_late_or_not_yet_with_the_scoring_functions_figures(
    class_room,
):
    homework = make_homework(class_room, boards=2)
    ana = finish(start(homework, "Ana"), "rest", "pets", "tale")
    finish(start(homework, "Ana", position=2), "rest")
    ben = finish(start(homework, "Ben"), "ears")
    start(homework, "Chloé")  # still playing
    past_due(homework)
    dev = finish(start(homework, "Dev"), "east", "eats")

    report = homework_report.homework_report(homework)
    lines = {(line.nickname, line.position): line for line in report.lines}
    total = board_points(homework.boards.get(position=1).round)
    for attempt, name in ((ana, "Ana"), (ben, "Ben"), (dev, "Dev")):
        line = lines[(name, 1)]
        scored = selectors.scoreboard(attempt.round).players[attempt.player_id]
        assert (line.points, line.words) == (scored.points, scored.words)
        assert line.share == round(100 * scored.points / total, 1)
    assert lines[("Ana", 1)].status == "on_time" and lines[("Dev", 1)].status == "late"
    assert lines[("Ben", 2)].status == "not_played"
    assert lines[("Chloé", 1)].status == "playing" and lines[("Chloé", 1)].points is None
    assert report.not_played == ["Emma", "Finn", "Gus"]  # the roster's others
    assert report.played == 4


def test_a_nickname_from_the_lessons_counts_as_the_class_too(class_room):
    Player.objects.create(
        room=class_room, browser="zoe-pc", nickname="Zoé", nickname_key=nickname_key("Zoé")
    )
    homework = make_homework(class_room)
    assert "Zoé" in homework_report.homework_report(homework).not_played


def test_the_words_the_class_missed_most_come_first_with_meanings(class_room):
    homework = make_homework(class_room)
    finish(start(homework, "Ana"), "rest", "pets")
    finish(start(homework, "Ben"), "rest")
    report = homework_report.homework_report(homework)
    [board] = report.boards
    by_word = {entry["word"]: entry for entry in board.missed}
    assert by_word["rest"]["missed_by"] == 0 and by_word["pets"]["missed_by"] == 1
    assert by_word["tale"]["missed_by"] == 2
    missed = homework_report.missed_most(report)
    assert missed and all(entry["gloss"] and entry["missed_by"] == 2 for entry in missed[:5])
    assert "rest" not in {entry["word"] for entry in missed}


def test_a_ruling_changes_the_report(class_room, teacher):
    homework = make_homework(class_room)
    finish(start(homework, "Ana"), "rest", "plat")
    board = homework.boards.get().round
    before = homework_report.homework_report(homework)
    assert [word for word, _shown, _who in before.boards[0].rulings["refused"]] == ["plat"]
    assert before.boards[0].rulings["counted"] == [("rest", "rest")]
    homework_services.board_word_rule(board=board, word="plat", verdict="allow", user=teacher)
    after = homework_report.homework_report(homework)
    line = after.lines[0]
    assert line.points == dealing.points("rest", 4) + dealing.points("plat", 4)
    assert after.boards[0].points == before.boards[0].points + dealing.points("plat", 4)
    assert after.boards[0].rulings["standing"][0]["verdict"] == "allow"


def test_each_pupils_missed_easy_words_gather_across_homework(class_room):
    first = make_homework(class_room, title="Week 1")
    second = make_homework(class_room, title="Week 2", board="GATE/SLIN/OERT/MAPS")
    finish(start(first, "Ana"), "rest")
    finish(start(second, "Ana"), "gate")
    start(second, "Ben")  # not finished: nothing yet
    [ana] = homework_report.easy_words_missed(class_room)
    words = {entry["word"] for entry in ana["words"]}
    assert "rest" not in words and "gate" not in words
    assert "pets" in words  # week 1
    lexicon = load_lexicon("en")
    assert all(lexicon.level_of(word) <= 2 for word in words)
    assert any(entry["gloss"] for entry in ana["words"])


def test_the_terms_chart_averages_each_pupils_share(class_room):
    first = make_homework(class_room, title="Week 1")
    second = make_homework(class_room, title="Week 2")
    make_homework(class_room, title="Nobody played")
    ana = finish(start(first, "Ana"), "rest", "pets")
    ben = finish(start(first, "Ben"), "rest")
    finish(start(second, "Ana"), "tale")
    total = board_points(first.boards.get().round)
    shares = {
        homework.title: value for homework, value in homework_report.share_by_homework(class_room)
    }
    points = [a.tallied_points for a in (ana, ben)]
    expected = round(sum(round(100 * p / total, 1) for p in points) / 2, 1)
    assert shares["Week 1"] == expected
    assert set(shares) == {"Week 1", "Week 2"}


def test_a_tab_closed_before_the_bell_still_reaches_the_report(class_room):
    homework = make_homework(class_room)
    attempt = start(homework, "Ana")
    play(attempt, "rest")
    time_up(attempt)  # nobody read the result
    [line] = homework_report.homework_report(homework).lines
    assert line.status == "on_time" and line.points == dealing.points("rest", 4)
