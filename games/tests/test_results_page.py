"""A student's results page: their own round first, then what they missed, then every word."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games import selectors, services, verdicts
from games.models import Player
from games.presentation import results_context
from games.sessions import BROWSER_KEY
from games.tests.conftest import make_room

pytestmark = pytest.mark.django_db


def as_browser(client, browser: str):
    session = client.session
    session[BROWSER_KEY] = browser
    session.save()
    return client


def play(game_round, player, words):
    """Words sent well inside the round's clock (whatever countdown precedes it)."""
    moment = game_round.ends_at - timedelta(seconds=5)
    for word in words:
        result = services.word_submit(
            round=game_round, player=player, round_id=game_round.pk, word=word, now=moment
        )
        assert result.accepted, (word, result.reason)


@pytest.fixture
def versus_round(db):
    """Ann and Ben on the rich board; the round started and played."""
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser="ann-browser", nickname="Ann")
    ben = services.player_join(room=room, browser="ben-browser", nickname="Ben")
    game_round = services.round_start(round=selectors.current_round(room))
    return room, game_round, ann, ben


def results_html(client, room, game_round) -> str:
    url = reverse("games:results", kwargs={"code": room.code, "number": game_round.number})
    return client.get(url).content.decode()


def test_a_student_sees_their_points_place_every_longest_word_and_share_first(client, versus_round):
    room, game_round, ann, ben = versus_round
    solution = verdicts.round_solution(game_round.pk)
    fives = sorted(w for w in solution if len(w) == 5)[:2]
    three = sorted(w for w in solution if len(w) == 3)[0]
    play(game_round, ann, [*fives, three])  # 2 + 2 + 1 = 5 points
    play(game_round, ben, sorted(w for w in solution if len(w) == 7)[:2])  # 10 points
    services.round_finish(round=game_round, now=game_round.ends_at)
    html = results_html(as_browser(client, "ann-browser"), room, game_round)
    mine = html.index('id="my-result-title"')
    assert mine < html.index('id="board"'), "the player's own result comes before the board"
    assert re.search(r'id="my-points">5</strong> <span class="unit">points', html)
    assert 'id="my-rank">2 of 2<' in html
    longest = html[
        html.index('id="my-longest"') : html.index("</p>", html.index('id="my-longest"'))
    ]
    assert "Your longest words:" in longest
    assert all(f">{word}</button>" in longest for word in fives)  # both, not one of them
    share = 100 * 3 // len(solution)
    assert f'id="my-share">{share}%<' in html


def test_one_point_is_a_point_not_points(client, versus_round):
    room, game_round, ann, _ = versus_round
    solution = verdicts.round_solution(game_round.pk)
    play(game_round, ann, [sorted(w for w in solution if len(w) == 3)[0]])
    services.round_finish(round=game_round, now=game_round.ends_at)
    html = results_html(as_browser(client, "ann-browser"), room, game_round)
    assert re.search(r'id="my-points">1</strong> <span class="unit">point</span>', html)
    assert "Your longest word:" in html


def test_missed_words_come_shortest_first_and_every_word_is_folded_by_length(client, versus_round):
    room, game_round, ann, _ = versus_round
    solution = verdicts.round_solution(game_round.pk)
    found = sorted(w for w in solution if len(w) == 3)[0]
    play(game_round, ann, [found])
    services.round_finish(round=game_round, now=game_round.ends_at)
    html = results_html(as_browser(client, "ann-browser"), room, game_round)
    missed_card = html[
        html.index('id="missed-title"') : html.index("</section>", html.index('id="missed-title"'))
    ]
    missed = re.findall(r'class="word missed"[^>]*>([^<]+)</button>', missed_card)
    assert found not in missed
    assert len(missed) == len(solution) - 1
    lengths = [len(word) for word in missed]
    assert lengths == sorted(lengths) and lengths[0] == 3
    lengths_in_groups = {len(w) for w in solution}
    assert html.count('<details class="length-group">') == len(lengths_in_groups)
    assert html.index('id="missed-title"') < html.index('<details class="length-group">')


def test_a_word_item_shows_its_gloss_when_the_data_has_one(versus_round):
    _, game_round, ann, _ = versus_round
    services.round_finish(round=game_round, now=game_round.ends_at)
    member = selectors.round_player(game_round, Player.objects.get(pk=ann.pk))
    context = results_context(game_round, member, is_host=False)
    context["missed"][0]["gloss"] = "a meaning"
    assert '<span class="gloss">a meaning</span>' in render_to_string("games/results.html", context)


def test_in_french_the_results_speak_french_with_french_plurals(client, versus_round):
    room, game_round, ann, _ = versus_round
    solution = verdicts.round_solution(game_round.pk)
    fives = sorted(w for w in solution if len(w) == 5)[:2]
    play(game_round, ann, fives)  # 2 + 2 = 4 points
    services.round_finish(round=game_round, now=game_round.ends_at)
    client.cookies["django_language"] = "fr"
    try:
        html = results_html(as_browser(client, "ann-browser"), room, game_round)
    finally:
        translation.activate("en")  # the request left French active in this thread
    assert '<html lang="fr">' in html
    assert re.search(r'id="my-points">4</strong> <span class="unit">points</span>', html)
    assert "Tes mots les plus longs :" in html
    assert "Ta place" in html and 'id="my-rank">1 sur 2<' in html
    assert "Les plus courts d" in html
    assert "letters (" not in html and "Your round" not in html
