"""Word rulings: a teacher allows a refused word, disallows an accepted one, or undoes
either. Rulings are records: finds are never deleted, and every score follows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import selectors, services, verdicts
from games.models import Find, Room, Round, RoundPlayer, WordRuling
from games.sessions import BROWSER_KEY
from games.tests.conftest import ANN, BEN, HOST, make_room, start_round

pytestmark = pytest.mark.django_db
BOARD = "PERS/LATG/SINE/TERS"


def started(room):
    game_round = selectors.current_round(room)
    start_round(game_round)
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


def points(game_round) -> dict[str, int]:
    """Every surface at once: the live scoreboard, the stored results, the results page's."""
    board = selectors.scoreboard(game_round)
    live = {p.nickname: board.players[p.pk].points for p in game_round.room.players.all()}
    stored = dict(
        RoundPlayer.objects.filter(round=game_round).values_list("player__nickname", "points")
    )
    shown = dict(selectors.results(game_round, None)["scoreboard"])
    assert live == stored == shown
    return live


def rule(game_round, word, verdict):
    return services.word_rule(round=game_round, word=word, verdict=verdict)


def test_allowing_a_refused_word_scores_it_now_and_in_later_rounds():
    room = make_room(mode="versus", level=1)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = started(room)
    word = unknown_word_on(game_round)
    assert submit(game_round, ann, word).reason == "not_a_word"
    services.round_finish(round=game_round)
    assert points(game_round) == {"Ann": 0}
    rule(game_round, word, "allow")
    assert points(game_round) == {"Ann": 1}
    assert verdicts.round_words(game_round).counts(word)
    later = services.round_deal(room=room, board=BOARD).round
    assert verdicts.round_words(later).counts(word)  # the class keeps the teacher's word
    assert later.rulings.get(word=word).inherited


def test_a_disallow_keeps_the_finds_and_an_undo_gives_every_point_back():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    game_round = started(room)
    for player in (ann, ben):
        assert submit(game_round, player, "alerts").accepted
    assert submit(game_round, ann, "ails").accepted
    services.round_finish(round=game_round)
    before = points(game_round)
    assert before == {"Ann": 4, "Ben": 3}
    rule(game_round, "alerts", "disallow")
    assert points(game_round) == {"Ann": 1, "Ben": 0}
    assert Find.objects.filter(round=game_round, word="alerts").count() == 2  # marked, not gone
    assert not verdicts.round_words(services.round_deal(room=room, board=BOARD).round).counts(
        "alerts"
    )
    rule(game_round, "alerts", "undo")
    assert points(game_round) == before  # exactly as it was
    rule(game_round, "alerts", "allow")  # allowing an accepted word changes nothing
    assert points(game_round) == before
    assert list(game_round.rulings.values_list("verdict", flat=True)) == [
        "disallow",
        "undo",
        "allow",
    ]


def test_re_allowing_a_disallowed_word_gives_the_point_back():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = started(room)
    submit(game_round, ann, "ails")
    services.round_finish(round=game_round)
    rule(game_round, "ails", "disallow")
    assert points(game_round) == {"Ann": 0}
    rule(game_round, "ails", "allow")
    assert points(game_round) == {"Ann": 1}


def test_a_ruling_made_later_on_an_earlier_round_changes_only_that_round():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    first = started(room)
    submit(first, ann, "ails")
    services.round_finish(round=first)
    second = services.round_deal(room=room, board=BOARD).round
    start_round(second)
    submit(second, ann, "ails")
    services.round_finish(round=second)
    rule(first, "ails", "disallow")
    assert points(first) == {"Ann": 0}
    assert points(second) == {"Ann": 1}  # a finished round is a record


def test_rulings_wait_for_the_end_of_the_round_and_need_a_word_on_the_board():
    room = make_room(mode="versus")
    game_round = started(room)
    with pytest.raises(services.RulingRefused):
        rule(game_round, "ails", "disallow")
    services.round_finish(round=game_round)
    with pytest.raises(services.RulingRefused):
        rule(game_round, "zzzz", "allow")
    with pytest.raises(services.RulingRefused):
        rule(game_round, "ails", "undo")  # nothing to undo
    assert not WordRuling.objects.exists()


def test_only_the_class_teacher_rules_and_the_results_page_offers_it(client, django_user_model):
    from accounts.models import Classroom

    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", level=1, owner=teacher)
    Classroom.objects.create(name="9B", room=room)
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
    assert client.post(url, {"word": word, "verdict": "allow"}).status_code == 404
    client.force_login(teacher)
    page = client.get(results).content.decode()
    assert "Word rulings" in page and "Nothing to rule on" not in page  # Ann's word to allow
    # The teacher did not play: the page speaks of the class, and shows its one player's score.
    assert "Your words" not in page
    assert 'id="scoreboard"' in page and "Ann" in page
    page = client.post(url, {"word": word, "verdict": "allow"}, follow=True).content.decode()
    assert f"{word} is allowed" in page
    assert "Words the class found" in page and "Your words" not in page
    assert 'id="standing-rulings"' in page  # with a way to undo it
    assert game_round.rulings.get().ruled_by == teacher
    page = client.post(url, {"word": word, "verdict": "undo"}, follow=True).content.decode()
    assert "undone" in page and points(game_round) == {"Ann": 0}


def test_a_solo_player_cannot_allow_their_own_words(client):
    client.post(reverse("games:solo"), {"language": "en", "level": 1})
    room = Room.objects.get()
    game_round = selectors.current_round(room)
    services.round_finish(round=game_round)
    results = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    assert "Word rulings" not in client.get(results).content.decode()
    url = reverse("games:rule_word", kwargs={"code": room.code, "number": game_round.number})
    assert client.post(url, {"word": "sne", "verdict": "allow"}).status_code == 404


def test_a_round_with_nothing_to_rule_on_says_so(client, django_user_model):
    from accounts.models import Classroom

    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room = make_room(mode="versus", level=1, owner=teacher)
    Classroom.objects.create(name="9B", room=room)
    game_round = started(room)
    services.round_finish(round=game_round)
    client.force_login(teacher)
    results = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    page = client.get(results).content.decode()
    assert "Word rulings" in page and "Nothing to rule on" in page
