"""Meanings on the results page, in flashcard downloads and on a student's page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.history import student_slug
from accounts.tests.conftest import make_classroom, make_teacher
from games import selectors, services
from games.engine.glosses import gloss_table
from games.models import Round
from games.selectors.flashcards import class_cards
from games.selectors.glosses import round_glosses
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, BEN, HOST, make_room, start_round

pytestmark = pytest.mark.django_db

# M A N G      manger, mange, chat, chant, ...
# T S R E
# O N I A
# C H A T
FRENCH_BOARD = "MANG/TSRE/ONIA/CHAT"


def french_round(room, *, finds: dict[str, list[str]] | None = None, level: int = 4) -> Round:
    services.round_finish(round=selectors.current_round(room))
    game_round = services.round_deal(
        room=room, board=FRENCH_BOARD, language="fr", level=level
    ).round
    start_round(game_round)
    for browser, words in (finds or {}).items():
        nickname = browser.split("-")[0].title()
        player = services.player_join(room=room, browser=browser, nickname=nickname)
        for word in words:
            result = services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word=word
            )
            assert result.accepted, word
    services.round_finish(round=game_round)
    return Round.objects.get(pk=game_round.pk)


def as_browser(client, browser: str, language: str = "en"):
    session = client.session
    session[BROWSER_KEY] = browser
    session.save()
    client.cookies["django_language"] = language
    return client


def test_every_word_of_the_results_has_its_meaning_in_the_pages_language(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, level=2)
    url = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    page = as_browser(client, HOST, "en").get(url)
    glosses = page.context["page"]["glosses"]
    assert set(glosses) == set(game_round.solution)
    assert "eat" in glosses["manger"] and "cat" in glosses["chat"]
    entries = [entry for group in page.context["groups"] for entry in group["words"]]
    assert all(entry["gloss"] == glosses[entry["word"]] for entry in entries)
    assert sum(entry["gloss"] is not None for entry in entries) >= 0.75 * len(entries)
    assert '"glosses"' in page.content.decode()  # in the page's embedded data


def test_a_french_interface_reads_a_french_definition_and_an_english_word_in_french():
    """A French-speaking pupil reads a French word's reviewed French definition, never an
    English translation of it (issue 14: a definition in their language or nothing)."""
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room)
    manger = round_glosses(game_round, "fr", ["manger"])["manger"]
    assert manger == gloss_table("fr", "fr").find("manger") and "aliments" in manger
    assert "eat" not in manger
    services.round_finish(round=selectors.current_round(room))
    english = services.round_deal(room=room, board="PERS/LATG/SINE/TERS", language="en").round
    services.round_finish(round=english)
    english.refresh_from_db()
    assert "chat" in round_glosses(english, "fr", ["cats"])["cats"]  # cats -> cat: chat
    assert round_glosses(english, "en", ["cats"])["cats"].startswith("cat: ")


def test_the_teachers_translation_wins_over_the_dictionary():
    room = make_room(mode="versus", host=HOST)
    services.vocabulary_save(room=room, name="Unit 3", text="chat;le chat (pet)", language="fr")
    game_round = french_round(room)
    glosses = round_glosses(game_round, "en", ["chat", "manger"])
    assert glosses["chat"] == "le chat (pet)"
    assert "eat" in glosses["manger"]


def parse_cards(response) -> list[tuple[str, str]]:
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"].endswith('.txt"')
    text = response.content.decode("utf-8")
    assert text.endswith("\n")
    return [tuple(line.split("\t")) for line in text.splitlines()]


def test_a_pupil_downloads_the_words_they_missed_or_all_of_them(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, finds={ANN: ["chat", "manger"]})
    url = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    missed = parse_cards(as_browser(client, ANN).get(url))
    everything = parse_cards(client.get(url + "?words=all"))
    terms = [term for term, _ in missed]
    assert "chat" not in terms and "manger" not in terms
    assert ("chat", "cat") in everything or any(t == "chat" for t, _ in everything)
    assert len(everything) > len(missed) > 0
    assert all(len(card) == 2 and card[1] for card in everything)  # a meaning on every card
    assert "\t" not in "".join(term for term, _ in everything)


def test_a_browser_that_did_not_play_gets_no_missed_words_but_may_take_them_all(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, finds={ANN: ["chat"]})
    url = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    stranger = as_browser(client, "someone-else")
    assert stranger.get(url).status_code == 404
    assert stranger.get(url + "?words=all").status_code == 200
    assert stranger.get(url + "?words=everything").status_code == 404


def test_the_class_download_holds_only_the_words_nobody_found_for_the_teacher_only(client):
    teacher = make_teacher("mme_dupont")
    classroom = make_classroom(teacher, language="fr")
    game_round = french_round(classroom.room, finds={ANN: ["chat"], BEN: ["chat", "manger"]})
    terms = [card.term for card in class_cards(game_round, language="en", limit=1000)]
    # A word someone found is not one the class missed, however few found it.
    assert terms and "chat" not in terms and "manger" not in terms
    url = reverse(
        "classes:round_flashcards", kwargs={"pk": classroom.pk, "number": game_round.number}
    )
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(make_teacher("mr_smith"))
    assert client.get(url).status_code == 404
    client.force_login(teacher)
    cards = parse_cards(client.get(url))
    assert len(cards) == 50 and "chat" not in [term for term, _ in cards]  # nobody's first
    leaderboard = client.get(reverse("classes:leaderboard", kwargs={"pk": classroom.pk}))
    assert url in leaderboard.content.decode()


def test_a_students_page_lists_their_latest_words_with_meanings(client):
    teacher = make_teacher("mme_dupont")
    classroom = make_classroom(teacher, language="fr")
    french_round(classroom.room, finds={ANN: ["chat", "manger"]})
    client.force_login(teacher)
    slug = student_slug(classroom.room.players.get(browser=ANN).nickname_key)
    page = client.get(reverse("classes:student", kwargs={"pk": classroom.pk, "slug": slug}))
    words = page.context["recent_words"]
    assert [w["word"] for w in words] == ["manger", "chat"]  # the latest first
    assert "eat" in words[0]["gloss"]
    assert 'id="recent-words"' in page.content.decode()


def test_a_pupils_results_page_links_to_their_flashcards(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, finds={ANN: ["chat"]})
    url = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    page = as_browser(client, ANN).get(url).content.decode()
    cards = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    assert f'href="{cards}?words=missed"' in page and f'href="{cards}?words=all"' in page
    assert client.get(cards + "?words=missed").status_code == 200


def test_the_rooms_host_takes_the_words_the_class_missed_most_from_the_results(client):
    room = make_room(mode="versus", host=HOST)
    game_round = french_round(room, finds={ANN: ["chat"], BEN: ["chat", "manger"]})
    results = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    cards = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    link = f'href="{cards}?words=class"'
    assert link in as_browser(client, HOST).get(results).content.decode()
    terms = [term for term, _ in parse_cards(client.get(cards + "?words=class"))]
    assert len(terms) == 50 and "chat" not in terms  # found by both: missed least
    # A pupil sees no such link and may not take the class's words.
    assert link not in as_browser(client, ANN).get(results).content.decode()
    assert client.get(cards + "?words=class").status_code == 404
