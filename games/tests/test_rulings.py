"""Word rulings: a teacher allows a refused word or disallows an accepted one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import Room, Round
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, BEN, HOST, make_room

pytestmark = pytest.mark.django_db
# "pers" and "sers" are spelled on this board; say the dictionary lacks "rets".
BOARD = "PERS/LATG/SINE/TERS"


def started(room):
    game_round = selectors.current_round(room)
    services.round_start(round=game_round)
    return Round.objects.get(pk=game_round.pk)


def submit(game_round, player, word):
    return services.word_submit(round=game_round, player=player, round_id=game_round.pk, word=word)


def unknown_word_on(game_round) -> str:
    """A word of four letters spelled on the board but not in the round's dictionary."""
    from games.engine.board import parse_board
    from games.engine.solver import find_cell_path

    board = parse_board(game_round.board)
    for word in ("sinr", "ates", "gart", "ingt", "tegs", "lats"):
        if word not in game_round.solution and find_cell_path(board, word):
            return word
    raise AssertionError("no unknown word found on the test board")


def test_allowing_a_refused_word_scores_it_now_and_in_later_rounds():
    room = make_room(mode="versus", level=1)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = started(room)
    word = unknown_word_on(game_round)
    assert submit(game_round, ann, word).reason == "not_a_word"
    services.round_finish(round=game_round)
    assert services.word_rule(round=game_round, word=word, allowed=True) == 1
    assert [(f.word, f.points) for f in game_round.finds.all()] == [(word, 1)]
    assert word in game_round.solution
    assert {row["name"]: row["points"] for row in selectors.scores(game_round)} == {"Ann": 1}
    later = services.round_create(room=room, board=BOARD)
    assert word in later.solution


def test_disallowing_an_accepted_word_takes_its_points_away_everywhere():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    game_round = started(room)
    for player in (ann, ben):
        assert submit(game_round, player, "alerts").accepted
    assert submit(game_round, ann, "ails").accepted
    services.round_finish(round=game_round)
    assert services.word_rule(round=game_round, word="alerts", allowed=False) == 2
    assert {row["name"]: row["points"] for row in selectors.scores(game_round)} == {
        "Ann": 1,
        "Ben": 0,
    }
    assert "alerts" not in services.round_create(room=room, board=BOARD).solution


def test_only_the_class_teacher_rules_and_the_results_page_offers_it(client, django_user_model):
    from accounts.models import Classroom

    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", level=1)
    Classroom.objects.create(teacher=teacher, name="9B", language="en", level=1, room=room)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = started(room)
    word = unknown_word_on(game_round)
    submit(game_round, ann, word)
    services.round_finish(round=game_round)
    url = reverse("games:rule_word", kwargs={"code": room.code, "number": game_round.number})
    results = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    # The browser that opened the room is not enough: rulings are the teacher's.
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    assert "Word rulings" not in client.get(results).content.decode()
    assert client.post(url, {"word": word, "allowed": "1"}).status_code == 404
    client.force_login(teacher)
    page = client.get(results).content.decode()
    assert "Word rulings" in page
    # The teacher did not play: the page speaks of the class, and shows its one player's score.
    assert "Your words" not in page
    assert 'id="scoreboard"' in page and "Ann" in page
    page = client.post(url, {"word": word, "allowed": "1"}, follow=True).content.decode()
    assert f"{word.upper()} is allowed" in page
    assert "Words the class found" in page and "Your words" not in page
    assert game_round.finds.get().word == word


def test_a_solo_player_cannot_allow_their_own_words(client):
    client.post(reverse("games:solo"), {"language": "en", "level": 1})
    room = Room.objects.get()
    game_round = selectors.current_round(room)
    services.round_finish(round=game_round)
    results = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    assert "Word rulings" not in client.get(results).content.decode()
    url = reverse("games:rule_word", kwargs={"code": room.code, "number": game_round.number})
    assert client.post(url, {"word": "sne", "allowed": "1"}).status_code == 404
