"""The game pages over HTTP: solo in two clicks, opening and joining rooms, results."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import selectors, services, verdicts, views
from games.engine.board import parse_board, path_problem
from games.models import Room
from games.tests.conftest import make_room, start_round

pytestmark = pytest.mark.django_db


def test_solo_practice_is_two_clicks_from_the_landing_page(client):
    landing = client.get(reverse("games:landing"))
    assert b'action="/play/solo"' in landing.content
    response = client.post(reverse("games:solo"), {"language": "es", "level": 1})
    room = Room.objects.get()
    assert response.url == reverse("games:room", kwargs={"code": room.code})
    game_round = selectors.current_round(room)
    assert (room.mode, room.language, game_round.level) == ("solo", "es", 1)
    assert game_round.ends_at is not None  # the clock runs at once
    page = client.get(response.url)
    assert page.status_code == 200
    data = json.loads(
        page.content.decode()
        .split('id="page-data" type="application/json">')[1]
        .split("</script>")[0]
    )
    assert data["socket"] == f"/ws/rooms/{room.code}/?play=1"  # the page a player plays on


def test_the_play_page_never_carries_the_solution(client):
    client.post(reverse("games:solo"), {"language": "en", "level": 4})
    room = Room.objects.get()
    services.round_finish(round=selectors.current_round(room))
    dealt = services.round_deal(room=room, board="PERS/LATG/SINE/TERS").round  # 1,045 words
    html = client.get(reverse("games:room", kwargs={"code": room.code})).content.decode().lower()
    long_words = [w for w in verdicts.round_solution(dealt.pk) if len(w) >= 8]
    assert len(long_words) > 50
    assert not [word for word in long_words if word in html]


def test_opening_a_room_and_joining_it_by_code_in_lower_case(client):
    client.post(
        reverse("games:room_new"),
        {
            "nickname": "Hana",
            "language": "fr",
            "level": 2,
            "size": 5,
            "dice": "",
            "min_length": 0,
            "duration_seconds": 120,
            "mode": "versus",
            "team_count": 2,
            "scoring": "classic",
        },
    )
    room = Room.objects.get()
    assert (room.size, room.min_length, room.duration_seconds, room.scoring) == (
        5,
        None,  # the rules' default, whatever the size of the next round
        120,
        "classic",
    )
    assert selectors.current_round(room).min_length == 4
    pupil = Client()
    response = pupil.post(
        reverse("games:join"), {"code": f" {room.code.lower()} ", "nickname": "Zoé"}
    )
    assert response.status_code == 302
    assert room.players.filter(nickname="Zoé").exists()


def test_joining_with_a_wrong_code_or_a_taken_nickname_says_so(client):
    room = make_room(mode="versus")
    services.player_join(room=room, browser="someone", nickname="Ann")
    wrong = client.post(reverse("games:join"), {"code": "BBBBBB", "nickname": "Ben"})
    assert "No room has that code" in wrong.content.decode()
    taken = client.post(reverse("games:join"), {"code": room.code, "nickname": "ann"})
    assert "already has that nickname" in taken.content.decode()
    assert room.players.count() == 1


def test_a_join_link_fills_in_the_code_and_the_room_sends_strangers_to_it(client):
    room = make_room(mode="versus")
    response = client.get(reverse("games:room", kwargs={"code": room.code}))
    assert response.url == reverse("games:join_code", kwargs={"code": room.code})
    form = client.get(response.url).content.decode()
    assert f'value="{room.code}"' in form


@pytest.mark.parametrize("code", ["NOPE99", "ABC", "R XJ43N", "Z" * 300, "<script>"])
def test_a_join_link_with_an_unknown_code_says_so_and_keeps_the_form(client, code):
    make_room(mode="versus")
    response = client.get(reverse("games:join_code", kwargs={"code": code}))
    assert response.status_code == 200
    page = response.content.decode()
    assert "No room has that code" in page
    assert 'name="nickname"' in page
    assert "<script>" not in page.split("<main")[-1].split("</main>")[0]


def test_a_hostile_nickname_is_shown_as_text(client):
    room = make_room(mode="versus")
    client.post(reverse("games:join"), {"code": room.code, "nickname": "<img src=x>"})
    services.player_join(room=room, browser="other", nickname="Ben")
    game_round = selectors.current_round(room)
    start_round(game_round)
    services.round_finish(round=game_round)
    html = client.get(
        reverse("games:results", kwargs={"code": room.code, "number": 1})
    ).content.decode()
    assert "<img src=x>" not in html
    assert "&lt;img src=x&gt;" in html


def test_results_wait_for_the_end_of_the_round(client):
    client.post(reverse("games:solo"), {"language": "en", "level": 2})
    room = Room.objects.get()
    url = reverse("games:results", kwargs={"code": room.code, "number": 1})
    assert client.get(url).url == reverse("games:room", kwargs={"code": room.code})
    services.round_finish(round=selectors.current_round(room))
    page = client.get(url)
    assert page.status_code == 200
    assert (
        f"The board held {selectors.current_round(room).word_count} words" in page.content.decode()
    )


def test_results_show_accented_display_forms(client):
    client.post(reverse("games:solo"), {"language": "fr", "level": 4})
    room = Room.objects.get()
    services.round_finish(round=selectors.current_round(room))
    game_round = services.round_deal(room=room, board="ETEA/SRUN/LOIE/TSAP").round
    services.round_finish(round=game_round)
    html = client.get(
        reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    ).content.decode()
    assert "été" in html


def test_only_the_host_can_play_again(client):
    room = make_room(mode="versus", host="not-this-browser")
    services.round_finish(round=selectors.current_round(room))
    client.post(reverse("games:play_again", kwargs={"code": room.code}))
    assert room.rounds.count() == 1


def test_an_unknown_room_leads_to_the_join_page_which_says_so(client):
    answer = client.get(reverse("games:room", kwargs={"code": "ZZZZZZ"}), follow=True)
    assert answer.redirect_chain == [(reverse("games:join_code", args=["ZZZZZZ"]), 302)]
    assert "No room has that code" in answer.content.decode()


def test_the_play_page_weighs_under_100_kb_with_everything_it_loads(client):
    client.post(reverse("games:solo"), {"language": "en", "level": 2})
    room = Room.objects.get()
    html = client.get(reverse("games:room", kwargs={"code": room.code})).content.decode()
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert {"/static/css/site.css", "/static/js/play.js"} <= set(assets)
    weight = len(html.encode())
    pending, fetched = list(assets), set()
    while pending:  # the page's files and the modules its scripts import
        asset = pending.pop()
        if asset in fetched:
            continue
        fetched.add(asset)
        response = client.get(asset)
        assert response.status_code == 200
        body = b"".join(response.streaming_content)
        weight += len(body)
        folder = asset.rsplit("/", 1)[0]
        pending += [
            f"{folder}/{name}" for name in re.findall(r'from "\./([\w-]+\.js)"', body.decode())
        ]
    assert "/static/js/board.js" in fetched
    assert weight <= 100_000
    assert not re.search(r'(?:href|src)="(?:https?:)?//', html)  # nothing from elsewhere


def test_a_class_roster_is_offered_on_the_join_page_with_taken_names_greyed(
    client, django_user_model
):
    from accounts.models import Classroom

    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", owner=teacher, roster="Ann\nBen")
    Classroom.objects.create(name="5B", room=room)
    services.player_join(room=room, browser="someone", nickname="ann")
    page = client.get(reverse("games:join_code", kwargs={"code": room.code})).content.decode()
    assert re.search(r'value="Ann"[^>]*disabled', page)
    assert re.search(r'value="Ben"(?![^>]*disabled)', page)
    client.post(reverse("games:join"), {"code": room.code, "nickname": "Ben"})
    assert room.players.filter(nickname="Ben").exists()


def test_the_class_teacher_is_the_host_from_any_browser(client, django_user_model):
    from accounts.models import Classroom

    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", host="another-browser", owner=teacher)
    Classroom.objects.create(name="5B", room=room)
    projector = reverse("games:projector", kwargs={"code": room.code})
    assert client.get(projector).status_code == 404
    client.force_login(teacher)
    assert client.get(projector).status_code == 200


def test_the_landing_pages_example_traces_a_real_path():
    # "G, R, I, D: each letter touches the next" must be true of the drawing.
    board = parse_board("/".join(views.DEMO_ROWS))
    assert path_problem(board, list(views.DEMO_PATH)) is None
    assert board.spell(list(views.DEMO_PATH)) == "grid"
    page = Client().get(reverse("games:landing")).content.decode()
    assert page.count("tile-traced") == len(views.DEMO_PATH)


def test_favicon_ico_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response.url.endswith("/favicon.svg")
