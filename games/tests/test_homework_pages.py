"""Pupils' pages of play at home: the homework's link, an attempt, its result, bad input."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import dealing
from games.homework.models import Attempt
from games.models import Find, Round
from games.sessions import BROWSER_KEY
from games.tests.homework_helpers import (
    finish,
    make_class_room,
    make_homework,
    make_teacher,
    play,
    start,
    time_up,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def class_room():
    return make_class_room(make_teacher())


@pytest.fixture
def homework(class_room):
    return make_homework(class_room, boards=2)


def device(name: str) -> Client:
    """A pupil's browser, with its browser id set (as a first visit would)."""
    client = Client()
    session = client.session
    session[BROWSER_KEY] = f"{name}-phone"
    session.save()
    return client


def as_pupil(client: Client, homework, nickname: str):
    url = reverse("homework:homework", args=[homework.token])
    return client.post(url, {"nickname": nickname}, follow=True)


def test_the_link_asks_who_you_are_then_welcomes_you_back(homework):
    ana = device("ana")
    page = ana.get(reverse("homework:homework", args=[homework.token]))
    text = page.content.decode()
    assert "Who are you?" in text and "Chloé" in text  # the roster's names
    page = as_pupil(ana, homework, "Ana")
    assert "You are playing as Ana." in page.content.decode()
    assert ana.get(page.request["PATH_INFO"]).content.decode().count("Board ") >= 2
    ana.post(reverse("homework:forget", args=[homework.token]))
    assert (
        "Who are you?"
        in ana.get(reverse("homework:homework", args=[homework.token])).content.decode()
    )


def test_a_nickname_the_class_rules_refuse_is_said_so_and_not_remembered(homework):
    client = device("x")
    page = as_pupil(client, homework, "mail@example.com")
    assert "No email addresses" in page.content.decode()
    assert "You are playing as" not in page.content.decode()


def test_play_opens_the_play_page_on_the_attempts_own_room(homework):
    ana = device("ana")
    as_pupil(ana, homework, "Ana")
    response = ana.post(reverse("homework:play", args=[homework.token, 1]))
    attempt = Attempt.objects.get()
    assert response.url == reverse("homework:attempt", args=[homework.token, attempt.pk])
    page = ana.get(response.url)
    text = page.content.decode()
    assert f"/ws/rooms/{attempt.round.room.code}/?play=1" in text
    assert "Unit 3: at home, board 1" in text and "js/homework.js" in text
    # Pressing Play again carries on with the same attempt.
    again = ana.post(reverse("homework:play", args=[homework.token, 1]))
    assert again.url == response.url and Attempt.objects.count() == 1


def test_the_result_page_agrees_with_the_scoring_function(homework):
    ana = device("ana")
    as_pupil(ana, homework, "Ana")
    ana.post(reverse("homework:play", args=[homework.token, 1]))
    attempt = Attempt.objects.get()
    play(attempt, "rest", "pets")
    time_up(attempt)
    page = ana.get(reverse("homework:result", args=[homework.token, attempt.pk]))
    text = page.content.decode()
    points = dealing.points("rest", 4) + dealing.points("pets", 4)
    assert f'id="result-points">{points}<' in text
    assert "Places show once 5 players" in text
    assert reverse("games:results", args=[attempt.round.room.code, 1]) in text


def test_the_class_words_a_pupil_missed_are_a_flashcard_deck(homework):
    ana = device("ana")
    as_pupil(ana, homework, "Ana")
    ana.post(reverse("homework:play", args=[homework.token, 1]))
    mine = Attempt.objects.get()
    finish(mine, "rest")
    finish(start(homework, "Ben"), "rest", "pets", "tale")
    cards = ana.get(reverse("homework:flashcards", args=[homework.token, mine.pk]))
    lines = cards.content.decode().splitlines()
    assert [line.split("\t")[0] for line in lines] == ["pets", "tale"]
    assert all(line.split("\t")[1] for line in lines)
    assert "Ben" not in cards.content.decode()


def test_another_device_sees_nothing_of_an_attempt_and_records_nothing(homework):
    attempt = start(homework, "Ana", browser="ana-phone")
    play(attempt, "rest")
    intruder = device("ben")
    for name in ("homework:attempt", "homework:result", "homework:flashcards"):
        response = intruder.get(reverse(name, args=[homework.token, attempt.pk]))
        assert response.status_code == 403
        text = response.content.decode()
        assert "another device" in text and "Ana" not in text and "rest" not in text
    room = attempt.round.room.code
    # the room's page leads another browser to the join page, as a code of no room does
    assert intruder.get(reverse("games:room", args=[room])).url == reverse(
        "games:join_code", args=[room]
    )
    assert intruder.get(reverse("games:results", args=[room, 1])).status_code == 404
    assert Find.objects.filter(round=attempt.round).count() == 1


def test_the_same_nickname_on_another_device_sees_no_result_but_may_practise(homework):
    finish(start(homework, "Ana", browser="ana-phone"), "rest", "pets")
    laptop = device("ana-laptop")
    page = as_pupil(laptop, homework, "Ana").content.decode()
    assert "You played this board on another device" in page
    assert "result-line" not in page and "points" not in page.split("homework-boards")[1]
    laptop.post(reverse("homework:play", args=[homework.token, 1]))
    assert Attempt.objects.latest("pk").kind == Attempt.Kind.PRACTICE


def test_a_forged_attempt_id_or_another_homeworks_attempt_is_not_found(homework, class_room):
    other = make_homework(class_room, title="Other")
    theirs = start(other, "Ana", browser="ana-phone")
    ana = device("ana")
    for attempt_id in (theirs.pk, theirs.pk + 1000):
        response = ana.get(reverse("homework:attempt", args=[homework.token, attempt_id]))
        assert response.status_code == 404
        assert "no such attempt" in response.content.decode().lower()
    assert Attempt.objects.count() == 1


def test_a_homework_link_of_another_class_knows_nobody_there(homework):
    other_class = make_class_room(make_teacher("mr_other"), roster=("Zed",))
    elsewhere = make_homework(other_class, title="Elsewhere")
    ana = device("ana")
    as_pupil(ana, homework, "Ana")
    page = ana.get(reverse("homework:homework", args=[elsewhere.token])).content.decode()
    assert "Who are you?" in page and "Ana" not in page  # a class's pupils are its own
    assert ana.get(reverse("homework:homework", args=["no-such-token"])).status_code == 404
    response = ana.post(reverse("homework:play", args=[elsewhere.token, 1]))
    assert not Attempt.objects.exists() and response.status_code == 302


def test_before_the_opening_the_page_shows_no_board(class_room):
    homework = make_homework(class_room, opens_in=3600, due_in=7200)
    ana = device("ana")
    as_pupil(ana, homework, "Ana")
    text = ana.get(reverse("homework:homework", args=[homework.token])).content.decode()
    assert "Opens on" in text and "homework-boards" not in text
    response = ana.post(reverse("homework:play", args=[homework.token, 1]), follow=True)
    assert "not open yet" in response.content.decode()
    assert not Round.objects.filter(started_at__isnull=False).exists()


def test_the_board_of_the_day_for_anyone_then_practice(client):
    client = device("anon")
    url = reverse("homework:daily", args=["en", 2])
    text = client.get(url).content.decode()
    assert "Play today&#x27;s board" in text or "Play today's board" in text
    response = client.post(reverse("homework:daily_play", args=["en", 2]))
    attempt = Attempt.objects.get()
    assert response.url == reverse("homework:daily_attempt", args=[attempt.pk])
    assert attempt.pupil.startswith("device:") and attempt.class_room is None
    page = client.get(response.url)
    assert page.status_code == 200 and "Board of the day, English" in page.content.decode()
    time_up(attempt)
    result = client.get(reverse("homework:daily_result", args=[attempt.pk]))
    assert result.status_code == 200
    again = client.post(reverse("homework:daily_play", args=["en", 2]))
    assert Attempt.objects.latest("pk").kind == Attempt.Kind.PRACTICE
    assert again.status_code == 302
    assert client.get(reverse("homework:daily", args=["xx", 2])).status_code == 404
    assert client.get(reverse("homework:daily", args=["en", 7])).status_code == 404


def test_the_board_of_the_day_through_a_class_plays_as_the_class_nickname(class_room):
    ana = device("ana")
    url = reverse("homework:daily", args=["en", 2]) + f"?class={class_room.code}"
    assert "Who are you?" in ana.get(url).content.decode()
    ana.post(url, {"nickname": "Ana", "class": class_room.code})
    assert "Playing as Ana" in ana.get(url).content.decode()
    ana.post(reverse("homework:daily_play", args=["en", 2]), {"class": class_room.code})
    attempt = Attempt.objects.get()
    assert (attempt.class_room, attempt.pupil) == (class_room, "ana")


def test_a_roster_class_takes_only_its_names_and_a_giving_class_offers_one(class_room):
    class_room.nicknames = "roster"
    class_room.save(update_fields=["nicknames"])
    homework = make_homework(class_room)
    client = device("x")
    url = reverse("homework:homework", args=[homework.token])
    page = client.get(url).content.decode()
    assert "Ask your teacher to add you" in page and 'name="nickname" type="text"' not in page
    assert "Tap your name in the list" in as_pupil(client, homework, "Zed").content.decode()
    assert "You are playing as Chloé." in as_pupil(client, homework, "chloe").content.decode()

    class_room.nicknames = "generated"
    class_room.save(update_fields=["nicknames"])
    other = device("y")
    page = other.get(url).content.decode()
    assert 'id="take-offered"' in page
    offered = page.split('name="nickname" value="')[1].split('"')[0]
    assert f"You are playing as {offered}." in as_pupil(other, homework, offered).content.decode()
    assert (
        "the game gives you a nickname" in as_pupil(device("z"), homework, "Bob").content.decode()
    )
