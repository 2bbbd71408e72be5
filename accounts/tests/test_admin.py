"""Every model has an admin page that loads, with its list, search and filters."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from accounts.models import Classroom
from accounts.tests.conftest import make_classroom
from games import services as game_services
from games.homework.daily import daily_board
from games.homework.models import Attempt, DailyBoard, Homework, HomeworkBoard, ScoreTally
from games.homework.pupils import Pupil
from games.homework.services import attempt_start
from games.models import (
    Find,
    Player,
    Presence,
    RetiredCode,
    Room,
    Round,
    RoundPlayer,
    Team,
    VocabularyEntry,
    VocabularyList,
    WordRuling,
)
from games.tests.conftest import make_room
from games.tests.homework_helpers import finish, make_class_room, make_homework, start

pytestmark = pytest.mark.django_db
MODELS = [
    Room,
    RetiredCode,
    Team,
    Player,
    Presence,
    Round,
    Find,
    RoundPlayer,
    WordRuling,
    VocabularyList,
    VocabularyEntry,
    Classroom,
    Homework,
    HomeworkBoard,
    DailyBoard,
    Attempt,
    ScoreTally,
]


@pytest.fixture
def filled(teacher):
    """One row of every model, a team room included."""
    classroom = make_classroom(teacher, roster=["Ann"])
    game_services.room_new_code(room=classroom.room)
    room = make_room(mode="teams")
    player = game_services.player_join(room=room, browser="ann", nickname="Ann")
    game_round = room.rounds.get()
    team = game_round.round_players.get(player=player).team
    Find.objects.create(round=game_round, player=player, team=team, word="pers", path=[], points=1)
    unit = VocabularyList.objects.create(room=room, name="Unit 3: Annie's food", language="en")
    unit.entries.create(word="pear", display="pear", translation="poire")
    Find.objects.create(
        round=game_round, player=player, word="annz", path=[], points=1, accepted=False
    )
    WordRuling.objects.create(round=game_round, word="annz", verdict="allow")
    Presence.objects.create(player=player, channel="specific.ann!page")
    # Play at home: a homework played by Ann, a board of the day played by a device.
    homework = make_homework(make_class_room(teacher, browser="t2"), title="Annie's homework")
    finish(start(homework, "Ann"), "rest")
    board = daily_board(language="en", level=2)
    attempt_start(board=board.round, pupil=Pupil.device("ann-phone"), browser="ann-phone")
    return {model: model.objects.first() for model in MODELS}


def test_every_model_is_in_the_admin_and_in_these_tests():
    ours = [
        *apps.get_app_config("games").get_models(),
        *apps.get_app_config("accounts").get_models(),
    ]
    assert set(ours) == set(MODELS)
    assert all(admin.site.is_registered(model) for model in MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_admin_list_search_and_change_pages_load(admin_client, filled, model):
    opts = model._meta
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    listing = admin_client.get(changelist)
    assert listing.status_code == 200
    assert listing.context["cl"].result_count == model.objects.count() >= 1
    assert admin_client.get(changelist, {"q": "ann"}).status_code == 200
    change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[filled[model].pk])
    assert admin_client.get(change).status_code == 200
    add = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
    assert admin_client.get(add).status_code == 200


def test_a_rounds_solution_is_shown_but_not_editable(admin_client, filled):
    game_round = filled[Round]
    page = admin_client.get(reverse("admin:games_round_change", args=[game_round.pk]))
    html = page.content.decode()
    assert "solution" not in page.context["adminform"].form.fields
    assert "board" not in page.context["adminform"].form.fields
    some_word = next(iter(game_round.solution))
    assert some_word in html


def test_the_admin_is_for_staff_only(client, teacher_client):
    url = reverse("admin:accounts_classroom_changelist")
    assert client.get(url).status_code == 302
    assert teacher_client.get(url).status_code == 302
