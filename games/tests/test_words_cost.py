"""What a submitted word costs the database, pinned so that it cannot grow back.

A socket holds its room's round, its player and its place in the round
(games.consumers), and passes them to ``word_submit``: a refused word then
costs no query at all, and a word that counts a fixed few, however many
words the round already holds. The cheap reads on that path (the clock read
afresh, the finder's finds) must read what the ORM would.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import selectors, services, verdicts
from games.models import Find, Round
from games.selectors.scores import claims, finder_claims
from games.services import broadcast
from games.tests.conftest import ANN, BEN, CHLOE, make_room, start_round

# Words of RICH_BOARD (PERS/LATG/SINE/TERS), all at the default level.
WORDS = ["art", "late", "rest", "sent", "tile", "list", "pets", "rats"]

# Every word that counts: the savepoint (the test runs in a transaction), the clock read
# afresh, the insert, the room's event number, the finder's finds, the release.
QUERIES_PER_WORD = 6


@pytest.fixture
def events(monkeypatch) -> list[dict]:
    sent: list[dict] = []
    monkeypatch.setattr(broadcast, "_send", lambda group, message: sent.append(message))
    monkeypatch.setattr(broadcast.transaction, "on_commit", lambda callback, **_: callback())
    return sent


def seated(mode: str, scoring: str = "standard"):
    """A running round of three, each player as their socket holds them."""
    room = make_room(mode=mode, scoring=scoring, level=3)
    game_round = start_round(selectors.current_round(room))
    seats = {}
    for browser, name in ((ANN, "Ann"), (BEN, "Ben"), (CHLOE, "Chloé")):
        player = services.player_join(room=room, browser=browser, nickname=name)
        seats[name] = (player, services.round_enter(round=game_round, player=player))
    return selectors.current_round(room), seats


def send(game_round, seat, word):
    player, member = seat
    return services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word=word, member=member
    )


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["versus", "teams"])
def test_a_word_that_counts_costs_the_same_few_queries_however_many_came_before(
    mode, django_assert_num_queries, events
):
    game_round, seats = seated(mode)
    send(game_round, seats["Ann"], WORDS[0])  # the round's words are read once per process
    for word in WORDS[1:]:
        with django_assert_num_queries(QUERIES_PER_WORD):
            assert send(game_round, seats["Ann"], word).accepted
    assert events[-1]["event"]["scores"][0]["words"] == len(WORDS)


@pytest.mark.django_db
def test_a_word_that_counts_in_classic_scoring_also_reads_who_else_found_it(
    django_assert_num_queries, events
):
    game_round, seats = seated("versus", "classic")
    send(game_round, seats["Ann"], WORDS[0])
    with django_assert_num_queries(QUERIES_PER_WORD + 1):
        assert send(game_round, seats["Ben"], WORDS[0]).accepted
    rows = {row["id"]: row for row in events[-1]["event"]["scores"]}
    ann, ben = seats["Ann"][0].pk, seats["Ben"][0].pk
    assert rows == {  # a word both found: nothing for either, and both hear it
        ann: {"id": ann, "points": 0, "words": 1},
        ben: {"id": ben, "points": 0, "words": 1},
    }


@pytest.mark.django_db
@pytest.mark.parametrize("word", ["zzzzz", "pe", "bcdfg"])
def test_a_refused_word_costs_no_query(word, django_assert_num_queries):
    game_round, seats = seated("versus")
    send(game_round, seats["Ann"], WORDS[0])
    with django_assert_num_queries(0):
        assert not send(game_round, seats["Ann"], word).accepted


@pytest.mark.django_db
def test_the_clock_read_afresh_is_the_rounds_own_and_the_rest_is_the_cached_copy():
    game_round, _seats = seated("versus")
    cached = Round.objects.defer("solution").get(pk=game_round.pk)
    later = timezone.now() + timedelta(minutes=3)
    Round.objects.filter(pk=game_round.pk).update(paused_at=later, ends_at=later)
    fresh = selectors.with_fresh_clock(cached)
    stored = Round.objects.get(pk=game_round.pk)
    for name in ("started_at", "ends_at", "paused_at", "finished_at"):
        assert getattr(fresh, name) == getattr(stored, name)
    assert fresh.paused_at == later and fresh.paused_at.tzinfo is not None
    assert cached.paused_at is None  # the socket's copy is left alone
    assert (fresh.pk, fresh.board, fresh.mode) == (cached.pk, cached.board, cached.mode)


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["versus", "teams"])
def test_a_finders_claims_are_what_the_orm_reads(mode):
    game_round, seats = seated(mode)
    for name, word in (("Ann", "art"), ("Ben", "late"), ("Ann", "rest"), ("Chloé", "art")):
        send(game_round, seats[name], word)
    Find.objects.create(  # refused, and kept for the teacher
        round=game_round, player=seats["Ann"][0], word="sinr", path=[], points=1, accepted=False
    )
    for _player, member in seats.values():
        team = member.team_id if mode == "teams" else None
        mine = Find.objects.filter(round=game_round)
        mine = mine.filter(team_id=team) if team else mine.filter(player_id=member.player_id)
        expected = claims(mine)
        assert finder_claims(game_round, player=member.player_id, team=team) == expected


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["versus", "teams"])
@pytest.mark.parametrize("scoring", ["standard", "classic"])
def test_every_scores_row_is_the_whole_rounds_line(mode, scoring, events):
    game_round, seats = seated(mode, scoring)
    plays = [("Ann", "art"), ("Ben", "art"), ("Chloé", "late"), ("Ann", "late"), ("Ben", "rest")]
    for name, word in plays:
        send(game_round, seats[name], word)
        board = selectors.scoreboard(game_round, verdicts.round_words(game_round))
        numbers = selectors.team_numbers(game_round)
        whole = {row["id"]: row for row in selectors.rows(game_round, board, numbers)}
        for row in events[-1]["event"]["scores"]:
            assert row == whole[row["id"]]


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["versus", "teams"])
def test_a_find_is_stored_as_the_orm_would_store_it(mode):
    game_round, seats = seated(mode)
    player, member = seats["Ann"]
    now = timezone.now()
    counted = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="late", now=now
    )
    kept = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="reslat", now=now
    )
    stored = {find.word: find for find in Find.objects.filter(round=game_round)}
    for result in (counted, kept):
        find = stored[result.word]
        assert (find.player_id, find.round_id, find.path) == (player.pk, game_round.pk, result.path)
        assert find.team_id == (member.team_id if mode == "teams" else None)
        assert (find.accepted, find.found_at) == (result.accepted, now)
    assert stored["late"].points == counted.points > 0
    assert not kept.accepted and kept.reason == "not_a_word"
