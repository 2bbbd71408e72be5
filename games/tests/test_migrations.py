"""Rounds played before rounds owned their facts keep their results after the migration."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("games", "0006_participation"), ("accounts", "0001_classrooms_login_failures")]
BOARD = "PERS/LATG/SINE/TERS"


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def test_old_rounds_keep_their_results_teams_rulings_and_refusals():
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    Room, Team, Player = (old.get_model("games", m) for m in ("Room", "Team", "Player"))
    Round, Find = old.get_model("games", "Round"), old.get_model("games", "Find")
    Participation = old.get_model("games", "Participation")
    RefusedWord, WordRuling = (
        old.get_model("games", "RefusedWord"),
        old.get_model("games", "WordRuling"),
    )
    Classroom = old.get_model("accounts", "Classroom")
    now = timezone.now()

    teacher = User.objects.create(username="mme_dupont")
    room = Room.objects.create(
        code="BCD234", host_browser="t", language="en", level=4, size=4, mode="teams", team_count=2
    )
    Classroom.objects.create(
        teacher=teacher, name="5e B", language="en", level=4, roster="Ann\nBen", room=room
    )
    red = Team.objects.create(room=room, number=1, name="Red")
    blue = Team.objects.create(room=room, number=2, name="Blue")
    ann = Player.objects.create(
        room=room, browser="a", nickname="Ann", nickname_key="ann", team=red
    )
    ben = Player.objects.create(
        room=room, browser="b", nickname="Ben", nickname_key="ben", team=blue
    )
    chloe = Player.objects.create(
        room=room, browser="c", nickname="Chloe", nickname_key="chloe", team=red
    )

    def a_round(number, mode, scoring):
        return Round.objects.create(
            room=room, number=number, board=BOARD, seed=1, language="en", level=4, min_length=3,
            mode=mode, scoring=scoring, duration_seconds=180, word_count=3,
            solution={"pers": [[0, 0], [0, 1], [0, 2], [0, 3]], "alerts": [], "ails": []},
            max_score=5, started_at=now, ends_at=now, finished_at=now,
        )  # fmt: skip

    teams = a_round(1, "teams", "standard")
    Find.objects.create(round=teams, player=ann, team=red, word="alerts", path=[], points=3)
    Find.objects.create(round=teams, player=ben, team=blue, word="ails", path=[], points=1)
    Participation.objects.create(round=teams, player=chloe)  # took part, found nothing
    RefusedWord.objects.create(round=teams, player=ann, word="sinr", path=[[2, 0]])
    classic = a_round(2, "versus", "classic")
    Find.objects.create(round=classic, player=ann, word="pers", path=[], points=1)
    Find.objects.create(round=classic, player=ben, word="pers", path=[], points=1)
    Find.objects.create(round=classic, player=ben, word="alerts", path=[], points=3)
    WordRuling.objects.create(room=room, word="ails", allowed=False)

    new = migrate(latest())
    RoundPlayer = new.get_model("games", "RoundPlayer")

    def results(game_round):
        rows = RoundPlayer.objects.filter(round_id=game_round.pk)
        return {r.player.nickname: (r.points, r.words, r.team_id) for r in rows}

    assert results(teams) == {
        "Ann": (3, 1, red.pk),
        "Ben": (1, 1, blue.pk),
        "Chloe": (0, 0, red.pk),
    }
    assert results(classic) == {"Ann": (0, 1, None), "Ben": (3, 2, None)}  # pers shared
    new_round = new.get_model("games", "Round")
    assert (
        new_round.objects.get(pk=teams.pk).team_count,
        new_round.objects.get(pk=teams.pk).size,
    ) == (2, 4)
    refused = new.get_model("games", "Find").objects.get(word="sinr")
    assert (refused.accepted, refused.points, refused.team_id) == (False, 1, red.pk)
    ruling = new.get_model("games", "WordRuling").objects.get()
    assert (ruling.round_id, ruling.word, ruling.verdict) == (classic.pk, "ails", "disallow")
    new_room = new.get_model("games", "Room").objects.get(pk=room.pk)
    assert (new_room.owner_id, new_room.roster) == (teacher.pk, "Ann\nBen")
