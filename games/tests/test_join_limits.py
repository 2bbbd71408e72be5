"""Room codes nobody can guess: wrong codes are counted per browser and per address on
every path that tells whether a code exists; a right code costs nothing."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from games import join_limits, services
from games.models import RetiredCode
from games.services import codes
from games.tests.conftest import make_room

pytestmark = pytest.mark.django_db
JOIN = reverse("games:join")
_addresses = (f"198.51.100.{n}" for n in itertools.count(1))


@pytest.fixture
def address():
    return next(_addresses)


def try_code(client, code, nickname="Ann"):
    return client.post(JOIN, {"code": code, "nickname": nickname})


def refused(response) -> bool:
    return "Too many wrong codes" in _followed(response)


def _followed(response) -> str:
    """The page's text, or (for a redirect to the join page) the message it carries."""
    if response.status_code == 302:
        messages = [str(m) for m in response.wsgi_request._messages]
        return " ".join(messages) + " " + response.url
    return response.content.decode()


def test_a_browser_that_tried_ten_wrong_codes_waits_even_for_the_right_one(address):
    room = make_room()
    pupil = Client(REMOTE_ADDR=address)
    for _ in range(join_limits.WRONG_CODES_PER_BROWSER):
        assert "No room has that code" in try_code(pupil, "ZZZZZZ").content.decode()
    answer = try_code(pupil, room.code)
    assert answer.status_code == 200 and refused(answer)
    assert not room.players.exists()
    # The classmate at the next computer, behind the same school address, joins.
    assert try_code(Client(REMOTE_ADDR=address), room.code, "Ben").status_code == 302


def test_a_script_that_drops_its_cookie_is_refused_within_30_wrong_codes(address):
    room = make_room()
    answers = [try_code(Client(REMOTE_ADDR=address), f"ZZZZ{n:02}") for n in range(30)]
    first_refused = next(n for n, answer in enumerate(answers, 1) if refused(answer))
    assert first_refused <= 30
    assert first_refused == join_limits.WRONG_CODES_PER_ADDRESS + 1
    # From then on no code is looked up from that address, the right one included:
    # an answer would tell which codes are right.
    assert refused(try_code(Client(REMOTE_ADDR=address), room.code))
    assert not room.players.exists()
    # Another address is not held to this one's count.
    assert try_code(Client(REMOTE_ADDR=next(_addresses)), room.code).status_code == 302


def test_thirty_pupils_behind_one_address_all_join_though_some_mistype(address):
    room = make_room(mode="versus")
    pupils = [Client(REMOTE_ADDR=address) for _ in range(30)]
    for pupil in pupils[:15]:  # half the class mistypes once first
        assert "No room has that code" in try_code(pupil, "ZZZZZZ").content.decode()
    answers = [try_code(pupil, room.code, f"Pupil{n}") for n, pupil in enumerate(pupils)]
    assert [answer.status_code for answer in answers] == [302] * 30
    assert room.players.count() == 30


def test_every_path_that_tells_whether_a_code_exists_counts(address):
    """The join form, a link, a round's results and flashcards, a new round: one count."""
    paths = [
        lambda client, code: try_code(client, code),
        lambda client, code: client.get(reverse("games:join_code", args=[code])),
        lambda client, code: client.get(reverse("games:results", args=[code, 1])),
        lambda client, code: client.get(reverse("games:flashcards", args=[code, 1])),
        lambda client, code: client.post(reverse("games:play_again", args=[code])),
    ]
    for n in range(join_limits.WRONG_CODES_PER_ADDRESS):
        answer = paths[n % len(paths)](Client(REMOTE_ADDR=address), f"ZZZZ{n:02}")
        assert not refused(answer)
    room = make_room()
    services.round_finish(round=room.rounds.get())
    for path in paths:
        assert refused(path(Client(REMOTE_ADDR=address), room.code))


def test_the_room_page_tells_a_visitor_nothing_about_a_code(address):
    """/r/<code>/ sends anyone who is not in the room to the join page (which counts)."""
    room = make_room(mode="versus")
    visitor = Client(REMOTE_ADDR=address)
    real = visitor.get(reverse("games:room", args=[room.code]))
    wrong = visitor.get(reverse("games:room", args=["ZZZZZZ"]))
    assert (real.status_code, wrong.status_code) == (302, 302)
    assert real.url == reverse("games:join_code", args=[room.code])
    assert wrong.url == reverse("games:join_code", args=["ZZZZZZ"])


def test_pupils_in_the_room_play_on_when_their_address_is_over_the_limit(address):
    room = make_room(mode="versus")
    pupil = Client(REMOTE_ADDR=address)
    assert try_code(pupil, room.code).status_code == 302
    for n in range(join_limits.WRONG_CODES_PER_ADDRESS):
        try_code(Client(REMOTE_ADDR=address), f"ZZZZ{n:02}")
    assert refused(try_code(Client(REMOTE_ADDR=address), room.code))
    assert pupil.get(reverse("games:room", args=[room.code])).status_code == 200
    services.round_finish(round=room.rounds.get())
    results = pupil.get(reverse("games:results", args=[room.code, 1]))
    assert results.status_code == 200


def test_a_class_given_a_new_code_says_so_on_old_links(address):
    room = make_room(mode="versus")
    old = room.code
    in_room = Client(REMOTE_ADDR=address)
    assert try_code(in_room, old).status_code == 302
    new = services.room_new_code(room=room)
    assert new != old
    newcomer = Client(REMOTE_ADDR=address)
    link = newcomer.get(reverse("games:join_code", args=[old])).content.decode()
    assert "This class has a new code" in link
    assert "This class has a new code" in try_code(newcomer, old).content.decode()
    assert try_code(newcomer, new, "Ben").status_code == 302
    # The pupil already in the room plays on: the old address leads to the new one.
    page = in_room.get(reverse("games:room", args=[old]))
    assert page.url == reverse("games:room", args=[new])
    assert in_room.get(page.url).status_code == 200


def test_an_old_code_is_not_counted_as_a_guess(address):
    room = make_room(mode="versus")
    old = room.code
    services.room_new_code(room=room)
    for _ in range(join_limits.WRONG_CODES_PER_ADDRESS + 5):
        try_code(Client(REMOTE_ADDR=address), old)
    assert try_code(Client(REMOTE_ADDR=address), room.code).status_code == 302


def test_no_room_is_ever_given_a_code_another_room_has_or_had(monkeypatch):
    room = make_room()
    old = room.code
    services.room_new_code(room=room)
    room.refresh_from_db()
    draws = iter(old + room.code + "BCDFGH")  # the old code, the current one, then free
    monkeypatch.setattr(codes, "secrets", SimpleNamespace(choice=lambda alphabet: next(draws)))
    assert make_room().code == "BCDFGH"
    assert RetiredCode.objects.get().code == old
