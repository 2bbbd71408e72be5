"""A class's language (games.models.Room.interface_language): its pupils' pages and
socket speak it, unless the pupil picked another with the switch; an unknown cookie
falls back to it, then to the browser's language (boggleweb/class_language.py)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from accounts import services as class_services
from games import selectors, services
from games.models import Round
from games.tests.conftest import HOST, drain_until, make_room, start_round
from games.tests.test_i18n import socket
from games.tests.test_i18n_languages import JOIN, NOT_ON_THE_BOARD, lang_of

pytestmark = pytest.mark.django_db


def room_page(client, room, **headers):
    return client.get(reverse("games:join_code", args=[room.code]), **headers)


def test_a_pupils_page_speaks_the_class_language_over_the_browsers(client):
    room = make_room(language="en", interface_language="es")
    response = room_page(client, room, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert lang_of(response) == "es"
    assert JOIN["es"] in response.content.decode()
    assert response["Content-Language"] == "es"


def test_the_pupils_own_choice_beats_the_class_language(client):
    room = make_room(language="en", interface_language="es")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert lang_of(room_page(client, room, HTTP_ACCEPT_LANGUAGE="de")) == "it"


@pytest.mark.parametrize("junk", ["klingon", "", "xx-YY"])
def test_an_unknown_cookie_falls_back_to_the_class_then_to_the_browser(client, junk):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = junk
    spanish = make_room(language="en", interface_language="es")
    assert lang_of(room_page(client, spanish, HTTP_ACCEPT_LANGUAGE="de")) == "es"
    unset = make_room(language="en")
    assert lang_of(room_page(client, unset, HTTP_ACCEPT_LANGUAGE="de")) == "de"


def test_pages_of_no_room_and_an_unknown_code_keep_the_browsers_language(client):
    make_room(language="en", interface_language="es")
    landing = client.get(reverse("games:landing"), HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert lang_of(landing) == "pt"
    unknown = client.get(reverse("games:join_code", args=["ZZZZZZ"]), HTTP_ACCEPT_LANGUAGE="pt")
    assert lang_of(unknown) == "pt"


def test_the_teacher_sets_the_class_language_once_in_the_class_form(client, django_user_model):
    teacher = django_user_model.objects.create_user("ms-garcia", password="x-long-pass-99")
    client.force_login(teacher)
    data = {"name": "3B", "language": "en", "level": 2, "nicknames": "typed"}
    response = client.post(reverse("classes:create"), data | {"interface_language": "es"})
    assert response.status_code == 302
    room = teacher.rooms.get()
    assert room.interface_language == "es"
    form = client.get(reverse("classes:edit", args=[room.classroom.pk])).content.decode()
    assert '<option value="es" selected>Español</option>' in form
    client.post(reverse("classes:edit", args=[room.classroom.pk]), data)  # "each browser's"
    room.refresh_from_db()
    assert room.interface_language == ""


def test_a_language_the_interface_does_not_speak_is_refused(client, django_user_model):
    teacher = django_user_model.objects.create_user("mr-b", password="x-long-pass-99")
    client.force_login(teacher)
    data = {"name": "3B", "language": "en", "level": 2, "interface_language": "tlh"}
    response = client.post(reverse("classes:create"), data)
    assert response.status_code == 200
    assert not teacher.rooms.exists()
    assert "interface_language" in response.context["form"].errors


@sync_to_async
def spanish_class_started():
    with translation.override("en"):
        room = class_services.classroom_create(
            teacher=None,
            host_browser=HOST,
            name="3B",
            language="en",
            level=4,
            roster=[],
            interface_language="es",
        ).room
        services.player_join(room=room, browser=HOST, nickname="Hana")
        game_round = start_round(selectors.current_round(room))
    return room, Round.objects.get(pk=game_round.pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(("cookie", "expected"), [(None, "es"), ("de", "de"), ("klingon", "es")])
async def test_the_socket_answers_in_the_class_language_unless_the_pupil_chose(cookie, expected):
    room, game_round = await spanish_class_started()
    headers = [(b"accept-language", b"it")]
    if cookie:
        headers.append((b"cookie", f"django_language={cookie}".encode()))
    ws = socket(room.code, HOST, headers)
    assert (await ws.connect())[0]
    await drain_until(ws, "snapshot")
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "zzzz"})
    assert (await drain_until(ws, "word_result"))["message"] == NOT_ON_THE_BOARD[expected]
    await ws.disconnect()


def test_a_cookie_naming_a_regional_variant_is_the_pupils_choice_over_the_class(client):
    room = make_room(language="en", interface_language="es")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-BR"
    assert lang_of(room_page(client, room, HTTP_ACCEPT_LANGUAGE="de")) == "pt"
