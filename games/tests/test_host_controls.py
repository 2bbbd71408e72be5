"""The host's controls: pause, resume, add time, lock the room, rename and remove players."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import clock, selectors, services
from games.models import Round, RoundPlayer, Team
from games.nicknames import NicknameError
from games.tests.conftest import ANN, BEN, make_room

pytestmark = pytest.mark.django_db


def running_round(**settings):
    settings.setdefault("mode", "versus")
    room = make_room(**settings)
    game_round = selectors.current_round(room)
    services.round_start(round=game_round, now=timezone.now() - timedelta(seconds=60))
    return room, Round.objects.get(pk=game_round.pk)


def word(game_round, length=5):
    return sorted(w for w in game_round.solution if len(w) == length)[0]


def test_pause_stops_the_clock_and_refuses_words_until_resumed():
    room, game_round = running_round()
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    paused_at = timezone.now()
    assert services.round_pause(round=game_round, now=paused_at)
    remaining = game_round.ends_at - paused_at
    refused = services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, word=word(game_round)
    )
    assert (refused.accepted, refused.reason) == (False, "paused")
    # Long after the old deadline, a paused round is still not over.
    later = game_round.ends_at + timedelta(minutes=5)
    assert not services.round_finish_if_due(round=game_round, now=later)
    assert services.rounds_finish_due(now=later) == 0
    assert clock.status(game_round, later) == "paused"
    assert services.round_resume(round=game_round, now=later)
    assert game_round.ends_at - later == remaining  # the same time left as at the pause
    accepted = services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, word=word(game_round), now=later
    )
    assert accepted.accepted


def test_a_cached_copy_of_a_paused_round_still_cannot_score():
    room, game_round = running_round()
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    stale = Round.objects.defer("solution").get(pk=game_round.pk)  # a socket's cached copy
    services.round_pause(round=game_round)
    result = services.word_submit(round=stale, player=ann, round_id=stale.pk, word=word(stale))
    assert result.reason == "paused"


def test_pausing_twice_or_resuming_a_running_clock_changes_nothing():
    _, game_round = running_round()
    assert not services.round_resume(round=game_round)
    assert services.round_pause(round=game_round)
    assert not services.round_pause(round=game_round)


def test_adding_30_seconds_moves_the_deadline_and_a_due_check_respects_it():
    _, game_round = running_round()
    old_end = game_round.ends_at
    assert services.round_extend(round=game_round, seconds=30)
    assert game_round.ends_at == old_end + timedelta(seconds=30)
    # A worker that read the old deadline must not end the round early.
    stale = Round.objects.get(pk=game_round.pk)
    stale.ends_at = old_end
    assert not services.round_finish_if_due(round=stale, now=old_end + timedelta(seconds=1))


def test_a_finished_round_cannot_be_extended_or_paused():
    _, game_round = running_round()
    services.round_finish(round=game_round)
    assert not services.round_extend(round=game_round)
    assert not services.round_pause(round=game_round)


def test_a_locked_room_refuses_newcomers_but_keeps_its_players():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.room_lock(room=room, locked=True)
    with pytest.raises(services.JoinRefused, match="locked"):
        services.player_join(room=room, browser=BEN, nickname="Ben")
    assert services.player_join(room=room, browser=ANN, nickname="Ann").pk == ann.pk
    services.room_lock(room=room, locked=False)
    assert services.player_join(room=room, browser=BEN, nickname="Ben")


def test_a_removed_player_stays_removed_and_what_they_found_stays_in_the_round():
    room, game_round = running_round()
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, word=word(game_round)
    )
    services.player_remove(room=room, player_id=ann.pk)
    with pytest.raises(services.JoinRefused, match="removed"):
        services.player_join(room=room, browser=ANN, nickname="Ann again")
    assert selectors.player_for(room, ANN) is None
    assert [p["nickname"] for p in selectors.players_in(game_round)] == ["Ben"]
    # A record is a record: her word still counts in the round she played.
    board = selectors.scoreboard(game_round)
    assert (board.players[ann.pk].points, board.players[ben.pk].points) == (2, 0)


def test_the_host_renames_a_player_within_the_nickname_rules():
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.player_join(room=room, browser=BEN, nickname="Ben")
    assert services.player_rename(room=room, player_id=ann.pk, nickname=" Anna ").nickname == "Anna"
    with pytest.raises(NicknameError):
        services.player_rename(room=room, player_id=ann.pk, nickname="ben")
    with pytest.raises(NicknameError):
        services.player_rename(room=room, player_id=ann.pk, nickname="anna@school.fr")


@pytest.mark.parametrize(
    "nickname", ["ann@school.fr", "06 12 34 56 78", "+44 7700 900123", "www.ann.fr", "ann.com"]
)
def test_nicknames_that_look_like_contact_details_are_refused(nickname):
    room = make_room(mode="versus")
    with pytest.raises(NicknameError, match=r"email|phone|web"):
        services.player_join(room=room, browser=ANN, nickname=nickname)


def team_of(game_round, player) -> int:
    return RoundPlayer.objects.get(round=game_round, player=player).team.number


def test_teams_are_balanced_automatically_and_the_host_can_pick():
    room = make_room(mode="teams", team_count=2)
    game_round = selectors.current_round(room)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    assert {team_of(game_round, ann), team_of(game_round, ben)} == {1, 2}
    services.player_move(room=room, player_id=ben.pk, team_number=team_of(game_round, ann))
    assert team_of(game_round, ben) == team_of(game_round, ann)
    with pytest.raises(Team.DoesNotExist):
        services.player_move(room=room, player_id=ben.pk, team_number=9)


def test_a_player_who_has_played_for_their_team_stays_in_it_this_round():
    room, game_round = running_round(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.player_join(room=room, browser=BEN, nickname="Ben")
    services.player_move(room=room, player_id=ann.pk, team_number=2)  # nothing sent yet
    assert team_of(game_round, ann) == 2
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word="zzzz")
    services.word_submit(
        round=game_round, player=ann, round_id=game_round.pk, word=word(game_round)
    )
    with pytest.raises(services.TeamFixed):
        services.player_move(room=room, player_id=ann.pk, team_number=1)
    assert team_of(game_round, ann) == 2
    # The next round remembers the team she played for.
    services.round_finish(round=game_round)
    later = services.round_deal(room=room).round
    assert team_of(later, services.round_enter(round=later, player=ann).player) == 2
