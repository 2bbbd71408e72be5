"""Wrong room codes are limited per browser and, generously, per address."""

from __future__ import annotations

import itertools

import pytest
from django.test import Client
from django.urls import reverse

from games import join_limits
from games.tests.conftest import make_room

pytestmark = pytest.mark.django_db
JOIN = reverse("games:join")
_addresses = (f"198.51.100.{n}" for n in itertools.count(1))


@pytest.fixture
def address():
    """A fresh address per test: counts live in a shared cache (Redis on CI)."""
    return next(_addresses)


def try_code(client, code, nickname="Ann"):
    return client.post(JOIN, {"code": code, "nickname": nickname})


def test_a_browser_that_tried_ten_wrong_codes_waits_even_for_the_right_one(address):
    room = make_room()
    pupil = Client(REMOTE_ADDR=address)
    for _ in range(join_limits.WRONG_CODES_PER_BROWSER):
        assert "No room has that code" in try_code(pupil, "ZZZZZZ").content.decode()
    refused = try_code(pupil, room.code)
    assert refused.status_code == 200
    assert "Too many wrong codes" in refused.content.decode()
    assert not room.players.exists()
    # The classmate at the next computer, behind the same school address, joins.
    assert try_code(Client(REMOTE_ADDR=address), room.code, "Ben").status_code == 302


def test_links_with_wrong_codes_count_too(address):
    pupil = Client(REMOTE_ADDR=address)
    for _ in range(join_limits.WRONG_CODES_PER_BROWSER):
        pupil.get(reverse("games:join_code", args=["ZZZZZZ"]))
    room = make_room()
    page = pupil.get(reverse("games:join_code", args=[room.code])).content.decode()
    assert "Too many wrong codes" in page


def test_one_address_may_try_many_codes_but_not_without_end(address, monkeypatch):
    monkeypatch.setattr(join_limits, "WRONG_CODES_PER_ADDRESS", 3)
    for _ in range(3):  # three browsers behind one address, one typo each
        try_code(Client(REMOTE_ADDR=address), "ZZZZZZ")
    room = make_room()
    fresh_browser = Client(REMOTE_ADDR=address)
    assert "Too many wrong codes" in try_code(fresh_browser, room.code).content.decode()
    assert try_code(Client(REMOTE_ADDR=next(_addresses)), room.code).status_code == 302


def test_the_address_limit_is_generous_enough_for_a_school():
    # A school of 30 classes of 30 behind one address, each pupil mistyping once.
    assert join_limits.WRONG_CODES_PER_ADDRESS >= 30 * 30
    assert join_limits.WRONG_CODES_PER_BROWSER >= 5
