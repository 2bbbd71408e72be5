"""Vocabulary lists: each entry checked, planted on the board, scored with a bonus."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import selectors, services, vocabulary
from games.engine.scoring import score_word
from games.models import Round
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, HOST, make_room, start_round

pytestmark = pytest.mark.django_db

UNIT = (
    "\ufeffpomme;apple\r\nchat = cat\n\nmaison\tHOUSE\nPomme;apple again\nxqzw;nothing\n"
    + "a" * 37
    + "\nab\npo1re\n"
)


def test_each_entry_is_checked_and_nothing_is_silently_lost():
    entries = vocabulary.check_entries(UNIT, language="fr")
    found = {(entry.display, entry.translation, entry.problem) for entry in entries}
    assert found == {
        ("pomme", "apple", None),
        ("chat", "cat", None),
        ("maison", "HOUSE", None),
        ("Pomme", "apple again", "duplicate"),
        ("xqzw", "nothing", "not_in_dictionary"),
        ("a" * 37, "", "too_long"),  # longer than a 6x6 board has tiles
        ("ab", "", "too_short"),
        ("po1re", "", "not_a_word"),
    }
    assert [entry.line for entry in entries] == [1, 2, 4, 5, 6, 7, 8, 9]


def deal_with(room, vocabulary, count, bonus):
    services.round_finish(round=selectors.current_round(room))
    dealt = services.round_deal(
        room=room, vocabulary=vocabulary, plant_count=count, plant_bonus=bonus
    )
    return dealt, Round.objects.get(pk=dealt.round.pk)


def test_a_list_is_checked_in_its_own_language_whatever_the_room_played_last():
    room = make_room(mode="versus", language="de", level=1)  # the last round was German
    saved, entries = services.vocabulary_save(room=room, name="Unité 3", text=UNIT, language="fr")
    assert saved.language == "fr"
    assert sum(entry.problem is None for entry in entries) == 3


def test_a_list_in_another_language_than_the_round_is_refused_and_nothing_changes():
    room = make_room(mode="versus", language="de", level=1)
    saved, _ = services.vocabulary_save(room=room, name="Unité 3", text=UNIT, language="fr")
    current = selectors.current_round(room)
    services.round_finish(round=current)
    with pytest.raises(services.RoomSettingsError, match="French list"):
        services.round_deal(room=room, vocabulary=saved, plant_count=2, size=5)
    room.refresh_from_db()
    assert (room.vocabulary, room.size, room.rounds.count()) == (None, 4, 1)


def test_list_words_too_long_for_the_board_are_named_when_dealt():
    room = make_room(mode="versus", language="fr", level=1)
    saved, _ = services.vocabulary_save(
        room=room, name="Unité 4", text="bibliothèque\nchat", language="fr"
    )
    dealt, game_round = deal_with(room, saved, 2, 1)
    assert set(game_round.planted) == {"chat"}
    assert dealt.not_planted == ("bibliothèque",)  # 12 letters, 16 tiles: no room


def test_planted_words_are_on_the_board_and_score_a_bonus():
    room = make_room(mode="versus", language="fr", level=1)
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT, language="fr")
    _, game_round = deal_with(room, saved, 2, 5)
    assert len(game_round.planted) == 2
    assert set(game_round.planted) <= {"pomme", "chat", "maison"}
    assert set(game_round.planted) <= set(game_round.solution)
    start_round(game_round)
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
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT, language="fr")
    _, game_round = deal_with(room, saved, 3, 2)
    start_round(game_round)
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
    page = client.post(url, {"name": "Unit 3", "text": UNIT, "language": "fr"}).content.decode()
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
    saved, _ = services.vocabulary_save(room=room, name="Unit 3", text=UNIT, language="fr")
    _, game_round = deal_with(room, saved, 1, 5)
    start_round(game_round)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    word = next(iter(game_round.planted))
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=word)
    services.round_finish(round=game_round)
    page = client.get(
        reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    )
    assert page.context["my_points"] == score_word(word, 4) + 5
    assert dict(page.context["scoreboard"])["Ann"] == score_word(word, 4) + 5
