"""Leaderboards, a student's history and CSV exports, per language."""

from __future__ import annotations

import csv
import io

import pytest

from accounts import history
from accounts.charts import line_chart
from games import selectors, services
from games.models import Round
from games.tests.conftest import ANN, BEN, make_room, start_round

pytestmark = pytest.mark.django_db


def play(room, finds: dict[str, list[str]], language=None, board="PERS/LATG/SINE/TERS"):
    """A finished round in which each browser found the given words."""
    settings = {"language": language, "level": 4} if language else {}
    game_round = services.round_deal(room=room, board=board, **settings).round
    start_round(game_round)
    game_round = Round.objects.get(pk=game_round.pk)
    for browser, words in finds.items():
        player = selectors.player_for(room, browser)
        for word in words:
            result = services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word=word
            )
            assert result.accepted, (word, result.reason)
    services.round_finish(round=game_round)
    return game_round


@pytest.fixture
def room():
    room = make_room(mode="versus", scoring="classic")
    services.player_join(room=room, browser=ANN, nickname="Ann")
    services.player_join(room=room, browser=BEN, nickname="=cmd()")
    return room


def test_a_student_who_took_part_and_found_nothing_counts_with_zero(room):
    game_round = play(room, {ANN: ["alerts"]})
    ben = selectors.player_for(room, BEN)
    services.round_enter(round=game_round, player=ben)  # his play page was open
    services.round_enter(round=game_round, player=ben)  # once is once
    lines = {line.nickname: line for line in history.students(room, "en")}
    assert (lines["=cmd()"].rounds, lines["=cmd()"].points, lines["=cmd()"].words) == (1, 0, 0)
    assert lines["Ann"].rounds == 1
    # The class average is over everyone who took part: (3 + 0) / 2.
    assert history.trend(room, "en")[-1][1] == 1.5


def test_totals_are_per_language_and_follow_the_classic_rule(room):
    play(room, {ANN: ["alerts", "ails"], BEN: ["ails"]})  # pert is shared: nobody scores it
    play(room, {ANN: ["artiste"]})
    play(room, {BEN: ["ete"]}, language="fr", board="ETEA/SRUN/LOIE/TSAP")
    english = {line.nickname: line for line in history.students(room, "en")}
    assert (english["Ann"].rounds, english["Ann"].points, english["Ann"].words) == (2, 8, 3)
    assert english["Ann"].longest == "artiste"
    assert (english["=cmd()"].points, english["=cmd()"].words) == (0, 1)
    french = history.students(room, "fr")
    assert [(line.nickname, line.points) for line in french] == [("=cmd()", 1)]
    assert (french[0].longest, french[0].longest_display) == ("ete", "été")
    assert history.languages_played(room) == ["en", "fr"]


def test_best_rounds_and_the_trend(room):
    play(room, {ANN: ["alerts"], BEN: ["ails"]})
    play(room, {ANN: ["artiste", "alerts"]})
    best = history.best_rounds(room, "en")
    assert [(line.nickname, line.points) for line in best] == [
        ("Ann", 8),
        ("Ann", 3),
        ("=cmd()", 1),
    ]
    assert [average for _, average in history.trend(room, "en")] == [2.0, 8.0]


def test_csv_exports_defuse_spreadsheet_formulas(room):
    game_round = play(room, {ANN: ["alerts"], BEN: ["ails"]})
    rows = list(csv.reader(io.StringIO(history.round_csv(game_round))))
    assert rows[0] == ["nickname", "team", "word", "points", "found_at"]
    assert rows[1][:4] == ["Ann", "", "alerts", "3"]
    assert rows[2][0] == "'=cmd()"
    class_rows = list(csv.reader(io.StringIO(history.class_csv(room))))
    assert class_rows[1][:4] == ["en", "Ann", "1", "3"]
    student = list(csv.reader(io.StringIO(history.student_csv(room, "ann"))))
    assert [row[1:5] for row in student[1:]] == [["en", "1", "3", "1"]]


def test_the_chart_draws_one_point_per_round():
    svg = line_chart([3, 8, 5], "Points per round")
    assert svg.count("<circle") == 3
    assert 'aria-label="Points per round: 3; 8; 5"' in svg  # the values, said
    assert svg.count('class="value"') == 3 and 'class="axis"' in svg
    assert line_chart([], "nothing") == ""
    assert line_chart([7], "one round") == ""
