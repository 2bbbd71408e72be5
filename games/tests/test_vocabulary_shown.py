"""The vocabulary page in the language of the list being written, a saved list with its
language, and the unit's words shown to pupils beside the board when the round says so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Round
from games.tests.conftest import ANN, BEN, HOST, make_room, start_round
from games.tests.test_results_page import as_browser
from games.tests.test_vocabulary import UNIT

pytestmark = pytest.mark.django_db


def test_the_intro_names_the_language_of_the_list_not_the_rooms(client):
    room = make_room(mode="versus", language="es")  # the room last played Spanish
    url = reverse("games:vocabulary", kwargs={"code": room.code})
    host = as_browser(client, HOST)
    # A German list sent without words: the page comes back about German.
    page = host.post(url, {"name": "Einheit 2", "text": "", "language": "de"}).content.decode()
    intro = page[page.index('id="vocabulary-intro"') : page.index("</p>", page.index("intro"))]
    assert ">German</span>" in intro and "Spanish" not in intro
    page = host.get(url).content.decode()
    assert ">Spanish</span>" in page[page.index('id="vocabulary-intro"') :]


def test_a_saved_list_shows_its_language(client):
    room = make_room(mode="versus", language="en")
    services.vocabulary_save(room=room, name="Unité 3", text=UNIT, language="fr")
    page = as_browser(client, HOST).get(reverse("games:vocabulary", kwargs={"code": room.code}))
    assert "(French · 3 entries)" in page.content.decode()


def dealt_showing(room, show: bool):
    saved, _ = services.vocabulary_save(room=room, name="Unité 3", text=UNIT, language="fr")
    services.round_finish(round=room.rounds.get())
    dealt = services.round_deal(
        room=room, vocabulary=saved, plant_count=3, plant_bonus=2, show_vocabulary=show
    )
    return Round.objects.get(pk=dealt.round.pk)


def test_the_settings_form_deals_a_round_that_shows_its_words(client):
    room = make_room(mode="versus", language="fr", level=1)
    saved, _ = services.vocabulary_save(room=room, name="Unité 3", text=UNIT, language="fr")
    settings = {
        "language": "fr", "level": 1, "size": 4, "dice": "", "min_length": 0,
        "duration_seconds": 180, "mode": "versus", "scoring": "standard", "team_count": 2,
        "vocabulary": saved.pk, "plant_count": 2, "plant_bonus": 2, "show_vocabulary": "on",
    }  # fmt: skip
    as_browser(client, HOST).post(reverse("games:next_round", kwargs={"code": room.code}), settings)
    latest = room.rounds.order_by("-number").first()  # the lobby's round, dealt again
    assert latest.show_vocabulary and len(latest.planted) == 2
    room.refresh_from_db()
    assert room.show_vocabulary  # the next round too, until the teacher unticks it


def test_a_pupil_gets_the_unit_words_ticked_as_they_find_them(client):
    room = make_room(mode="versus", language="fr", level=1)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.player_join(room=room, browser=BEN, nickname="Ben")
    game_round = dealt_showing(room, show=True)
    start_round(game_round)
    word = sorted(game_round.planted)[0]
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=word)
    url = reverse("games:round_vocabulary", kwargs={"code": room.code})
    shown = as_browser(client, ANN).get(url).json()
    assert shown["shown"] and shown["bonus"] == 2 and len(shown["words"]) == 3
    ticked = {entry["display"] for entry in shown["words"] if entry["found"]}
    assert ticked == {game_round.planted[word]["display"]}
    assert any(entry["translation"] == "apple" for entry in shown["words"])
    ben = as_browser(client.__class__(), BEN).get(url).json()
    assert not any(entry["found"] for entry in ben["words"])  # Ann's find is not Ben's


def test_a_round_not_dealt_to_show_them_lists_no_words_and_strangers_get_nothing(client):
    room = make_room(mode="versus", language="fr", level=1)
    services.player_join(room=room, browser=ANN, nickname="Ann")
    dealt_showing(room, show=False)
    url = reverse("games:round_vocabulary", kwargs={"code": room.code})
    assert as_browser(client, ANN).get(url).json() == {
        "round": room.rounds.order_by("-number").first().pk,
        "shown": False,
        "words": [],
    }
    assert as_browser(client.__class__(), "someone-else").get(url).status_code == 404


def test_the_play_page_holds_the_panel_and_its_script(client):
    room = make_room(mode="versus", language="fr", level=1)
    services.player_join(room=room, browser=ANN, nickname="Ann")
    page = as_browser(client, ANN).get(reverse("games:room", kwargs={"code": room.code}))
    html = page.content.decode()
    assert 'id="vocabulary-shown"' in html and "js/vocabulary.js" in html
