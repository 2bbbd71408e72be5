"""A student's results page: their own round first, then what they missed, then every word."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from accounts.models import Classroom
from games import selectors, services, verdicts
from games.engine.folding import fold
from games.models import Player
from games.presentation import results_context
from games.selectors.glosses import round_glosses
from games.sessions import BROWSER_KEY
from games.tests.conftest import HOST, make_room

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
    missed = [
        folded(w) for w in re.findall(r'class="word missed"[^>]*>([^<]+)</button>', missed_card)
    ]
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
    longest = max(len(w) for w in solution)
    one = sum(len(w) == longest for w in solution) == 1
    board = "Le plus long de la grille" if one else "Les plus longs de la grille"
    assert board in html


# A word of a list: <li><button ... class="word found|missed ..." data-path="..." [title]>
# shown [<small>(shared by)</small>]</button> [<span class="gloss">meaning</span>]</li>
WORD_ITEM = re.compile(
    r'<li><button type="button" class="word (?P<state>found|missed)[^"]*" '
    r'data-path="(?P<path>[^"]*)"(?: title="(?P<title>[^"]*)")?>(?P<shown>[^<]+)'
    r'(?: <small>[^<]*</small>)?</button>(?: <span class="gloss">(?P<gloss>[^<]*)</span>)?</li>'
)


def folded(shown: str, lang: str = "en") -> str:
    """The word a list item shows (its spellings, "pâtés / pates"), as solutions key it."""
    return fold(unescape(shown).split(" / ")[0], lang)


def word_items(html: str, start: str, end: str = "</section>") -> list[dict]:
    """The word items of the part of ``html`` from ``start`` to the next ``end``; "shown"
    is the word folded (the page shows its spellings)."""
    begin = html.index(start)
    part = html[begin : html.index(end, begin)]
    items = [match.groupdict() for match in WORD_ITEM.finditer(part)]
    return [{**item, "shown": folded(item["shown"])} for item in items]


def test_every_word_is_listed_once_with_its_path_and_meaning_and_each_missed_one_again(
    client, versus_round
):
    room, game_round, ann, ben = versus_round
    solution = verdicts.round_solution(game_round.pk)
    found = sorted(w for w in solution if len(w) == 4)[:3]
    play(game_round, ann, found)
    play(game_round, ben, found[:1])
    services.round_finish(round=game_round, now=game_round.ends_at)
    meanings = round_glosses(game_round, "en")
    html = results_html(as_browser(client, "ann-browser"), room, game_round)

    every = word_items(html, 'class="all-words"')
    assert sorted(item["shown"] for item in every) == sorted(solution)  # each word once
    for item in every:
        word = item["shown"]
        assert json.loads(item["path"]) == [list(cell) for cell in solution[word]]
        assert item["state"] == ("found" if word in found else "missed")
        assert unescape(item["gloss"]) == meanings[word] if item["gloss"] else not meanings[word]
    assert {item["title"] for item in every if item["shown"] == found[0]} == {"Ann, Ben"}
    assert sum(bool(item["gloss"]) for item in every) >= len(every) // 2

    missed = word_items(html, 'id="missed-title"')
    assert sorted(item["shown"] for item in missed) == sorted(set(solution) - set(found))
    assert {item["state"] for item in missed} == {"missed"}
    by_word = {item["shown"]: item for item in every}
    assert all(item["path"] == by_word[item["shown"]]["path"] for item in missed)
    assert all(item["gloss"] == by_word[item["shown"]]["gloss"] for item in missed)


def test_nicknames_and_a_teachers_meanings_are_shown_as_text_in_the_word_lists(client):
    room = make_room(mode="versus")
    game_round = services.round_start(round=selectors.current_round(room))
    word = sorted(w for w in verdicts.round_solution(game_round.pk) if len(w) == 5)[0]
    zoe = services.player_join(room=room, browser="zoe-browser", nickname="<i>Zoé</i>")
    play(game_round, zoe, [word])
    services.vocabulary_save(room=room, name="Unit", text=f"{word};<b>a & b</b>", language="en")
    services.round_finish(round=game_round, now=game_round.ends_at)
    html = results_html(as_browser(client, HOST), room, game_round)  # the host, watching
    item = next(i for i in word_items(html, 'class="all-words"') if i["shown"] == word)
    assert item["title"] == "&lt;i&gt;Zoé&lt;/i&gt;"
    assert item["gloss"] == "&lt;b&gt;a &amp; b&lt;/b&gt;"
    assert "<i>Zoé" not in html and "<b>a" not in html


def class_round(teacher, players: int):
    """A teacher's class whose pupils found every word of the round between them."""
    room = make_room(mode="versus", owner=teacher)
    Classroom.objects.create(name="9B", room=room)
    game_round = services.round_start(round=selectors.current_round(room))
    words = sorted(verdicts.round_solution(game_round.pk))
    for n in range(players):
        pupil = services.player_join(room=room, browser=f"pupil-{n}", nickname=f"Pupil {n}")
        play(game_round, pupil, words[n::players])
    services.round_finish(round=game_round, now=game_round.ends_at)
    return room, game_round, words


def test_the_teacher_may_disallow_each_word_the_class_found_once(client, django_user_model):
    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room, game_round, words = class_round(teacher, players=2)
    client.force_login(teacher)
    html = results_html(client, room, game_round)
    start = html.index('id="disallow-word"')
    options = re.findall(
        r'<option value="([^"]*)">([^<]*)</option>', html[start : html.index("</select>", start)]
    )
    # Each word once, shown with its spellings (pates: "pâtés / pates")
    assert [(value, folded(text)) for value, text in options] == [(word, word) for word in words]


@pytest.mark.parametrize("players", [2, 8])
def test_the_results_page_reads_as_many_queries_whatever_the_words_and_players(
    client, django_assert_max_num_queries, django_user_model, players
):
    teacher = django_user_model.objects.create_user("teacher", "t@school.example", "pw-12345678")
    room, game_round, _ = class_round(teacher, players)
    for browser in ("pupil-0", HOST, teacher):  # a pupil, the room's browser, the teacher
        if browser is teacher:
            client.force_login(teacher)
        else:
            as_browser(client, browser)
        # a pupil's 11, the teacher's 13 (rulings); 1 more without a language cookie:
        # the class's language (boggleweb/class_language.py)
        with django_assert_max_num_queries(14):
            assert "Pupil 1" in results_html(client, room, game_round)
