"""Shuffling and balancing a team round's teams: the host's two buttons on the projector."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from asgiref.sync import sync_to_async

from games import selectors, services
from games.models import RoundPlayer
from games.tests.conftest import HOST, communicator, drain_until, make_room, start_round

NAMES = ["Ann", "Ben", "Chloe", "Dev", "Eve", "Finn", "Gus"]


def team_room(players=5, team_count=2):
    room = make_room(mode="teams", team_count=team_count)
    joined = [
        services.player_join(room=room, browser=f"b-{name}", nickname=name)
        for name in NAMES[:players]
    ]
    return room, selectors.current_round(room), joined


def teams_of(game_round) -> dict[str, int]:
    return dict(
        RoundPlayer.objects.filter(round=game_round).values_list("player__nickname", "team__number")
    )


def sizes(game_round) -> list[int]:
    return sorted(Counter(teams_of(game_round).values()).values())


def put_everyone_in(room, players, team):
    for player in players:
        services.player_move(room=room, player_id=player.pk, team_number=team)


@pytest.mark.django_db
class TestBalance:
    def test_balancing_moves_the_fewest_players_latest_first(self):
        room, game_round, players = team_room(players=5)
        put_everyone_in(room, players, 1)
        assert services.teams_balance(room=room) == 2
        assert sizes(game_round) == [2, 3]
        teams = teams_of(game_round)
        assert (teams["Dev"], teams["Eve"]) == (2, 2)  # the latest to join went
        assert services.teams_balance(room=room) == 0  # balanced already: nobody moves

    def test_three_teams_end_within_one_of_each_other(self):
        room, game_round, players = team_room(players=7, team_count=3)
        put_everyone_in(room, players, 3)
        services.teams_balance(room=room)
        assert sizes(game_round) == [2, 2, 3]

    def test_a_player_who_has_played_for_their_team_is_not_moved(self):
        room, game_round, players = team_room(players=4)
        put_everyone_in(room, players, 1)
        start_round(game_round)
        game_round.refresh_from_db()
        words = sorted(w for w in room.rounds.get().solution if len(w) == 5)
        for player, word in zip(players, words, strict=False):  # all have played: none moves
            result = services.word_submit(
                round=game_round, player=player, round_id=game_round.pk, word=word
            )
            assert result.accepted
        assert services.teams_balance(room=room) == 0
        assert sizes(game_round) == [4]

    def test_outside_a_team_round_there_are_no_teams_to_balance(self):
        room = make_room(mode="versus")
        with pytest.raises(services.TeamFixed):
            services.teams_balance(room=room)

    def test_a_finished_round_keeps_its_teams(self):
        room, game_round, players = team_room(players=4)
        put_everyone_in(room, players, 1)
        start_round(game_round)
        services.round_finish(round=game_round)
        with pytest.raises(services.TeamFixed):
            services.teams_balance(room=room)
        assert sizes(game_round) == [4]


@pytest.mark.django_db
class TestShuffle:
    def test_shuffling_deals_everyone_evenly_and_at_random(self):
        room, game_round, _ = team_room(players=7, team_count=3)
        seen = set()
        for seed in range(6):
            services.teams_shuffle(room=room, rng=random.Random(seed))
            assert sizes(game_round) == [2, 2, 3]
            seen.add(tuple(sorted(teams_of(game_round).items())))
        assert len(seen) > 1  # not the same teams every time

    def test_shuffling_leaves_who_has_played_in_their_team(self):
        room, game_round, players = team_room(players=5)
        put_everyone_in(room, players, 1)
        start_round(game_round)
        game_round.refresh_from_db()
        word = sorted(w for w in room.rounds.get().solution if len(w) == 5)[0]
        services.word_submit(round=game_round, player=players[0], round_id=game_round.pk, word=word)
        for seed in range(5):
            services.teams_shuffle(room=room, rng=random.Random(seed))
            assert teams_of(game_round)["Ann"] == 1
            assert sizes(game_round) == [2, 3]

    def test_a_removed_player_is_not_dealt_into_a_team(self):
        room, game_round, players = team_room(players=3)
        services.player_remove(room=room, player_id=players[2].pk)
        services.teams_shuffle(room=room)
        shown = selectors.players_in(game_round)
        assert sorted(p["nickname"] for p in shown) == ["Ann", "Ben"]
        assert sorted(p["team"] for p in shown) == [1, 2]

    def test_one_shuffle_is_one_event_for_the_room(self):
        room, _, _ = team_room(players=6)
        room.refresh_from_db()
        before = room.seq
        services.teams_shuffle(room=room)
        room.refresh_from_db()
        assert room.seq == before + 1  # one players event, not one per player moved


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_host_shuffles_and_balances_from_the_socket_and_pages_hear_it():
    room, _, players = await sync_to_async(team_room)(players=4)
    await sync_to_async(put_everyone_in)(room, players, 2)
    host = communicator(room.code, HOST)
    ann = communicator(room.code, "b-Ann", play=True)
    for ws in (host, ann):
        assert (await ws.connect())[0]
        await drain_until(ws, "snapshot")
    await host.send_json_to({"type": "balance_teams"})
    event = await drain_until(ann, "players")
    assert sorted(Counter(p["team"] for p in event["players"]).values()) == [2, 2]
    await host.send_json_to({"type": "shuffle_teams"})
    event = await drain_until(ann, "players")
    assert sorted(Counter(p["team"] for p in event["players"]).values()) == [2, 2]
    await ann.send_json_to({"type": "shuffle_teams"})
    assert (await drain_until(ann, "error"))["code"] == "not_host"
    await host.disconnect()
    await ann.disconnect()
