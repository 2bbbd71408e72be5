"""Pupils told what changed on their results: the teacher's rulings on their words, their
own share of a team's words, one control per word on the teacher's ruling list, and a
class's missed words that nobody found."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import Classroom
from games import selectors, services, verdicts
from games.selectors.flashcards import class_cards
from games.tests.conftest import ANN, BEN, make_room, start_round
from games.tests.test_results_page import as_browser, play, results_html
from games.tests.test_rulings import unknown_word_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def teacher(django_user_model):
    return django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")


def class_room(teacher, **settings):
    room = make_room(owner=teacher, **settings)
    Classroom.objects.create(name="9B", room=room)
    return room


def finished(game_round):
    services.round_finish(round=game_round, now=game_round.ends_at)
    return game_round


def test_a_pupil_is_told_which_of_their_words_the_teacher_disallowed_or_allowed(client, teacher):
    room = class_room(teacher, mode="versus", level=1)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    game_round = start_round(selectors.current_round(room))
    counted = sorted(verdicts.round_solution(game_round.pk))[0]
    refused = unknown_word_on(game_round)
    play(game_round, ann, [counted])
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=refused)
    play(game_round, ben, [sorted(verdicts.round_solution(game_round.pk))[1]])
    finished(game_round)
    services.word_rule(round=game_round, word=counted, verdict="disallow")
    services.word_rule(round=game_round, word=refused, verdict="allow")

    page = results_html(as_browser(client, ANN), room, game_round)
    told = page[page.index('id="told"') : page.index("</ul>", page.index('id="told"'))]
    assert f"Your teacher disallowed {counted.upper()}: it no longer counts." in told
    assert f"Your teacher allowed {refused.upper()}: it counts now." in told
    # Ben sent neither word: nothing to tell him.
    assert 'id="told"' not in results_html(as_browser(client, BEN), room, game_round)


def test_the_teachers_ruling_list_has_one_control_per_word(client, teacher):
    room = class_room(teacher, mode="versus", level=1)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = start_round(selectors.current_round(room))
    words = sorted(verdicts.round_solution(game_round.pk))[:2]
    refused = unknown_word_on(game_round)
    play(game_round, ann, words)
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=refused)
    finished(game_round)
    services.word_rule(round=game_round, word=words[0], verdict="disallow")
    services.word_rule(round=game_round, word=refused, verdict="allow")
    client.force_login(teacher)
    page = results_html(client, room, game_round)
    start = page.index('id="rulings"')
    rulings = page[start : page.index("</section>", start)]
    control = r'name="word" value="([^"]*)"><input type="hidden" name="verdict"'
    controls = re.findall(control, rulings)
    options = re.findall(r'<option value="([^"]*)">', rulings)
    assert sorted(controls) == sorted([words[0], refused])  # each with its undo only
    assert options == [words[1]]  # the only word still to disallow
    assert "Spelled on the board but not in the dictionary" not in rulings
    services.word_rule(round=game_round, word=words[0], verdict="undo")
    page = results_html(client, room, game_round)
    assert re.findall(r'<option value="([^"]*)">', page) == words  # back on offer


def test_a_team_member_sees_their_own_finds_and_their_teams(client):
    room = make_room(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    for player in (ann, ben):
        services.player_move(room=room, player_id=player.pk, team_number=1)
    game_round = start_round(selectors.current_round(room))
    words = sorted(w for w in verdicts.round_solution(game_round.pk) if len(w) == 4)[:8]
    play(game_round, ann, words[:3])
    play(game_round, ben, words[3:8])
    finished(game_round)
    page = results_html(as_browser(client, ANN), room, game_round)
    assert "You found 3 words yourself (3 points)." in page
    assert re.search(r"Your team found 8 words of \d+", page)
    assert "You found 8 words" not in page
    assert "Your team&#x27;s points" in page or "Your team's points" in page


def test_the_class_missed_words_are_only_those_nobody_found(client, teacher):
    room = class_room(teacher, mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = start_round(selectors.current_round(room))
    solution = sorted(verdicts.round_solution(game_round.pk))
    # Ann finds all but three: the class missed exactly those three.
    missed = solution[:3]
    play(game_round, ann, solution[3:])
    finished(game_round)
    cards = class_cards(game_round, language="en", limit=1000)
    assert {card.term for card in cards} <= set(missed)
    url = reverse("games:flashcards", kwargs={"code": room.code, "number": game_round.number})
    client.force_login(teacher)
    text = client.get(url + "?words=class").content.decode()
    terms = {line.split("\t")[0] for line in text.splitlines()}
    assert terms <= set(missed)
