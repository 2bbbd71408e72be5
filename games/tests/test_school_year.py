"""The school-year benchmark builds what the services would store, and its pages load."""

from __future__ import annotations

import pytest

from accounts import history
from games import selectors
from tools import school_year

pytestmark = pytest.mark.django_db


def test_a_small_year_adds_up_as_the_scoring_function_says_and_every_page_loads():
    (classroom,) = school_year.build(school_year.Year(classes=1, rounds=6, students=4, finds=5))
    room = classroom.room
    totals = {}
    for game_round in room.rounds.filter(finished_at__isnull=False):
        for player, line in selectors.scoreboard(game_round).players.items():
            totals[player] = totals.get(player, 0) + line.points
    names = dict(room.players.values_list("pk", "nickname"))
    board = {line.nickname: (line.rounds, line.points) for line in history.students(room, "en")}
    assert board == {names[p]: (6, points) for p, points in totals.items()}
    assert any(game_round.scoring == "classic" for game_round in room.rounds.all())
    figures = school_year.bench(classroom, repeat=1)
    assert set(figures) == set(school_year.pages(classroom))
    school_year.remove([classroom])
    assert not room.__class__.objects.filter(pk=room.pk).exists()
