"""The projector over HTTP: a presentation view for the host, and its end-of-round fragment."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import clock, selectors, services
from games.models import Round
from games.sessions import BROWSER_KEY
from games.tests.conftest import HOST, make_room, start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def host_client(client):
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    return client


def page_data(html: str) -> dict:
    return json.loads(
        html.split('id="page-data" type="application/json">')[1].split("</script>")[0]
    )


def test_the_projector_is_a_presentation_view_with_the_code_and_qr_code(host_client):
    room = make_room(mode="versus")
    html = host_client.get(reverse("games:projector", kwargs={"code": room.code})).content.decode()
    assert "site-header" not in html and "site-footer" not in html  # no site header
    assert f'<p class="projector-code" id="join-code">{room.code}</p>' in html
    assert 'class="qr-code" role="img"' in html
    assert html.count("<h1") == 1
    # The host's controls are in panels the teacher opens, not on the projected view.
    controls = html.split('<dialog id="controls-panel"')[1].split("</dialog>")[0]
    assert 'id="moderation"' in controls and 'id="shuffle-teams"' in controls
    settings = html.split('<dialog id="settings-panel"')[1].split("</dialog>")[0]
    assert 'id="next-form"' in settings
    assert 'id="next-same"' in html  # the next round, in one click, on the view itself


def test_the_projector_gets_the_clock_s_numbers_from_the_clock(host_client):
    room = make_room(mode="versus")
    html = host_client.get(reverse("games:projector", kwargs={"code": room.code})).content.decode()
    assert page_data(html)["clock"] == {
        "countdown": clock.COUNTDOWN_SECONDS,
        "warn": clock.WARN_SECONDS,
        "urgent": clock.URGENT_SECONDS,
    }


def finished_round(room) -> Round:
    ann = services.player_join(room=room, browser="b-ann", nickname="Ann")
    game_round = Round.objects.get(pk=selectors.current_round(room).pk)
    start_round(game_round)
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word="alerts")
    services.round_finish(round=game_round)
    return game_round


def test_the_podium_fragment_shows_the_end_of_a_round(host_client):
    room = make_room(mode="versus")
    game_round = finished_round(room)
    url = reverse("games:projector_podium", kwargs={"code": room.code, "number": game_round.number})
    html = host_client.get(url).content.decode()
    assert "Ann" in html and "3 points" in html
    assert "ALERTS" in html.split('id="longest-found"')[1]
    best = selectors.round_highlights(game_round).best_missed
    assert best.display.upper() in html.split('id="best-missed"')[1]


def test_the_podium_waits_for_the_end_and_belongs_to_the_host(host_client):
    room = make_room(mode="versus")
    game_round = selectors.current_round(room)
    url = reverse("games:projector_podium", kwargs={"code": room.code, "number": game_round.number})
    assert host_client.get(url).status_code == 404  # not over yet
    finished_round(room)
    assert host_client.get(url).status_code == 200
    assert Client().get(url).status_code == 404  # a student's browser is not the host


def test_a_teacher_who_owns_the_class_is_never_asked_to_take_the_room_over(
    client, django_user_model
):
    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", host="another-browser", owner=teacher)
    client.force_login(teacher)
    page = client.get(reverse("games:projector", kwargs={"code": room.code}))
    assert page.status_code == 200
    assert b'data-action="start"' in page.content


def test_the_play_page_gets_the_same_clock_numbers(client):
    room = make_room(mode="versus")
    services.player_join(room=room, browser=HOST, nickname="Hana")
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    html = client.get(reverse("games:room", kwargs={"code": room.code})).content.decode()
    assert page_data(html)["clock"] == {"countdown": 3, "warn": 30, "urgent": 10}


def test_the_lobby_shows_before_the_socket_has_connected(host_client):
    room = make_room(mode="versus")
    url = reverse("games:projector", kwargs={"code": room.code})
    assert 'data-initial="lobby"' in host_client.get(url).content.decode()
    start_round(selectors.current_round(room))
    assert 'data-initial="running"' in host_client.get(url).content.decode()
