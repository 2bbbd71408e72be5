"""Vocabulary lists: each entry checked, planted on the board, scored with a bonus."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import selectors, services, vocabulary
from games.engine.scoring import score_word
from games.models import Round
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, HOST, make_room

pytestmark = pytest.mark.django_db

UNIT = (
    "\ufeffpomme;apple\r\nchat = cat\n\nmaison\tHOUSE\nPomme;apple again\nxqzw;nothing\n"
    "anticonstitutionnellement\nab\npo1re\n"
)


def test_each_entry_is_checked_and_nothing_is_silently_lost():
    entries = vocabulary.check_entries(UNIT, language="fr", size=4)
    found = {(entry.display, entry.translation, entry.problem) for entry in entries}
    assert found == {
        ("pomme", "apple", None),
        ("chat", "cat", None),
        ("maison", "HOUSE", None),
        ("Pomme", "apple again", "duplicate"),
        ("xqzw", "nothing", "not_in_dictionary"),
        ("anticonstitutionnellement", "", "too_long"),
        ("ab", "", "too_short"),
        ("po1re", "", "not_a_word"),
    }
    assert [entry.line for entry in entries] == [1, 2, 4, 5, 6, 7, 8, 9]


def test_planted_words_are_on_the_board_and_score_a_bonus():
    room = make_room(mode="versus", language="fr", level=1)
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT)
    services.round_finish(round=selectors.current_round(room))
    services.room_configure(room=room, vocabulary=saved, plant_count=2, plant_bonus=5)
    game_round = services.round_next(room=room)
    game_round = Round.objects.get(pk=game_round.pk)
    assert len(game_round.planted) == 2
    assert set(game_round.planted) <= {"pomme", "chat", "maison"}
    assert set(game_round.planted) <= set(game_round.solution)
    services.round_start(round=game_round)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    word = sorted(game_round.planted)[0]
    result = services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=word)
    assert result.accepted
    assert result.points == score_word(word, 4) + 5


def test_results_show_planted_words_with_their_translation(client):
    room = make_room(mode="versus", language="fr", level=1, host=HOST)
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT)
    services.round_finish(round=selectors.current_round(room))
    services.room_configure(room=room, vocabulary=saved, plant_count=3, plant_bonus=2)
    game_round = services.round_next(room=room)
    services.round_start(round=game_round)
    services.round_finish(round=game_round)
    html = client.get(
        reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    ).content.decode()
    assert "= apple" in html
    assert "(+2 each)" in html


def test_the_host_pastes_a_list_and_sees_the_check(client):
    room = make_room(mode="versus", language="fr")
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    url = reverse("games:vocabulary", kwargs={"code": room.code})
    page = client.post(url, {"name": "Unit 3", "text": UNIT}).content.decode()
    assert "keeps 3 of 8 entries" in page
    assert "not in the dictionary" in page
    assert room.vocabulary_lists.get().entries.count() == 3
    stranger = client.__class__()
    assert stranger.get(url).status_code == 404


def test_the_results_count_the_bonus_in_your_points(client):
    room = make_room(mode="versus", language="fr", level=1, host=HOST)
    session = client.session
    session[BROWSER_KEY] = ANN
    session.save()
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT)
    services.round_finish(round=selectors.current_round(room))
    services.room_configure(room=room, vocabulary=saved, plant_count=1, plant_bonus=5)
    game_round = Round.objects.get(pk=services.round_next(room=room).pk)
    services.round_start(round=game_round)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    word = next(iter(game_round.planted))
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=word)
    services.round_finish(round=game_round)
    page = client.get(
        reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    )
    assert page.context["my_points"] == score_word(word, 4) + 5
    assert dict(page.context["scoreboard"])["Ann"] == score_word(word, 4) + 5
