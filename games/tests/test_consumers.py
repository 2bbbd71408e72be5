"""The room socket, message by message, over a real channel layer and database."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from boggleweb import outages
from boggleweb.asgi import application
from games import protocol, selectors, services, sweeper
from games.models import Room, Round, RoundPlayer
from games.tests.conftest import (
    ANN,
    BEN,
    CHLOE,
    HOST,
    communicator,
    drain_until,
    make_room,
    start_round,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def room_with(players=(HOST,), started=True, **settings):
    room = make_room(**settings)
    for browser in players:
        services.player_join(room=room, browser=browser, nickname=browser.split("-")[0].title())
    game_round = selectors.current_round(room)
    if started:
        start_round(game_round)
    return room, Round.objects.get(pk=game_round.pk)  # with its words, for the tests


def words_of_length(game_round: Round, length: int) -> list[str]:
    return sorted(w for w in game_round.solution if len(w) == length)


async def connected(
    room: Room, browser: str | None, *, play: bool = False
) -> tuple[WebsocketCommunicator, dict]:
    ws = communicator(room.code, browser, play=play)
    connected, _ = await ws.connect()
    assert connected
    return ws, await drain_until(ws, "snapshot")


async def test_snapshot_rebuilds_the_page_without_revealing_the_solution():
    room, game_round = await room_with()
    ws, snapshot = await connected(room, HOST)
    assert snapshot["round"]["board"] == game_round.board
    assert snapshot["round"]["status"] == "running"
    assert snapshot["round"]["word_count"] == game_round.word_count > 0
    assert snapshot["you"]["nickname"] == "Hana" and snapshot["you"]["is_host"]
    assert "solution" not in str(snapshot) and words_of_length(game_round, 5)[0] not in str(
        snapshot
    )
    await ws.disconnect()


async def test_unknown_room_is_closed_with_its_code():
    ws = communicator("ZZZZZZ", HOST)
    await ws.connect()
    closing = await ws.receive_output()
    assert closing == {"type": "websocket.close", "code": protocol.CLOSE_NOT_A_ROOM}
    await ws.disconnect()


async def test_typed_word_is_accepted_once_and_scored():
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    word = words_of_length(game_round, 5)[0]
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word.upper()})
    result = await drain_until(ws, "word_result")
    assert result["accepted"] and result["points"] == 2 and result["word"] == word
    assert len(result["path"]) == 5
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    again = await drain_until(ws, "word_result")
    assert (again["accepted"], again["reason"]) == (False, "already_found")
    await ws.disconnect()


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("pe", "too_short"),
        ("zzzz", "not_on_board"),
        ("reslat", "not_a_word"),
        ("a1b", "not_a_word"),
    ],
)
async def test_refused_words_say_why(word, reason):
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    result = await drain_until(ws, "word_result")
    assert (result["accepted"], result["reason"]) == (False, reason)
    assert result["message"]
    await ws.disconnect()


async def test_tapped_path_is_accepted_and_a_broken_path_is_not():
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    word = words_of_length(game_round, 4)[0]
    path = game_round.solution[word]
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "path": path})
    result = await drain_until(ws, "word_result")
    assert result["accepted"] and result["word"] == word and result["path"] == path
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "path": [[0, 0], [3, 3]]})
    broken = await drain_until(ws, "word_result")
    assert (broken["accepted"], broken["reason"]) == (False, "bad_path")
    await ws.disconnect()


async def test_path_feedback_is_green_for_a_prefix_and_red_for_a_dead_end():
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    word = words_of_length(game_round, 5)[0]
    prefix = game_round.solution[word][:2]
    await ws.send_json_to({"type": "check_path", "round": game_round.pk, "path": prefix})
    status = await drain_until(ws, "path_status")
    assert status["ok"] and status["reason"] is None
    # S-T-T is impossible anyway (not adjacent twice): pick two cells that start nothing.
    await ws.send_json_to({"type": "check_path", "round": game_round.pk, "path": [[1, 3], [0, 3]]})
    dead = await drain_until(ws, "path_status")
    assert dead["letters"] == "gs" and not dead["ok"]
    await ws.disconnect()


async def test_word_after_the_bell_is_refused():
    room, game_round = await room_with()
    await sync_to_async(Round.objects.filter(pk=game_round.pk).update)(
        ends_at=timezone.now() - timedelta(seconds=2)
    )
    ws, snapshot = await connected(room, HOST)
    assert snapshot["round"]["status"] == "finished"
    await ws.send_json_to(
        {"type": "submit", "round": game_round.pk, "word": words_of_length(game_round, 4)[0]}
    )
    result = await drain_until(ws, "word_result")
    assert result["reason"] == "time_up"
    await ws.disconnect()


async def test_word_before_the_start_or_for_another_round_is_refused():
    room, game_round = await room_with(started=False, mode="versus")
    ws, _ = await connected(room, HOST)
    word = words_of_length(game_round, 4)[0]
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ws, "word_result"))["reason"] == "not_started"
    await ws.send_json_to({"type": "submit", "round": game_round.pk + 1000, "word": word})
    assert (await drain_until(ws, "word_result"))["reason"] == "wrong_round"
    await ws.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        "{not json",
        "[1, 2]",
        '{"type": "dance"}',
        '{"type": "submit", "round": "one", "word": "pers"}',
        '{"type": "submit", "round": 1, "word": 42}',
        '{"type": "submit", "round": 1, "word": "' + "a" * 1_000_000 + '"}',
        '{"type": "submit", "round": 1, "word": "pe\\u0000rs"}',
        '{"type": "submit", "round": 1, "path": [[0, "x"]]}',
        '{"type": "submit", "round": 1}',
        '{"type": ["submit"], "round": 1}',
        '{"type": {"kind": "submit"}}',
        '{"type": null}',
    ],
)
async def test_garbage_frames_get_an_error_and_the_socket_stays_usable(frame):
    room, _ = await room_with()
    ws, _ = await connected(room, HOST)
    await ws.send_to(text_data=frame)
    error = await drain_until(ws, "error")
    assert error["code"] and error["message"]
    await ws.send_json_to({"type": "resync"})
    assert (await drain_until(ws, "snapshot"))["room"]["code"] == room.code
    await ws.disconnect()


async def test_binary_frame_gets_an_error():
    room, _ = await room_with()
    ws, _ = await connected(room, HOST)
    await ws.send_to(bytes_data=b"\x00\xff")
    assert (await drain_until(ws, "error"))["code"] == "binary_frame"
    await ws.disconnect()


async def test_a_flood_of_messages_closes_the_socket_with_the_flood_code():
    room, _ = await room_with()
    ws, _ = await connected(room, HOST)
    for _ in range(200):
        await ws.send_to(text_data="{}")
    while True:
        output = await ws.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == protocol.CLOSE_FLOOD
            break
    await ws.disconnect()


async def test_a_browser_that_has_not_joined_cannot_play():
    room, game_round = await room_with()
    ws, snapshot = await connected(room, "stranger-browser")
    assert snapshot["you"] is None
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "pers"})
    assert (await drain_until(ws, "error"))["code"] == "not_joined"
    await ws.disconnect()


async def test_only_the_host_starts_the_round():
    room, game_round = await room_with(players=(HOST, ANN), started=False, mode="versus")
    ann, _ = await connected(room, ANN)
    host, _ = await connected(room, HOST)
    await ann.send_json_to({"type": "start"})
    assert (await drain_until(ann, "error"))["code"] == "not_host"
    await host.send_json_to({"type": "start"})
    started = await drain_until(ann, "round_started")
    assert started["round"] == game_round.pk and started["ends_at"] and started["seq"] > 0
    await ann.disconnect()
    await host.disconnect()


@sync_to_async
def in_round(game_round: Round) -> set[str]:
    return set(
        RoundPlayer.objects.filter(round=game_round).values_list("player__nickname", flat=True)
    )


async def test_whoever_opens_the_play_page_on_a_round_is_in_it():
    # The leaderboards count a round for these players, found words or not.
    room, game_round = await room_with(players=(), started=False, mode="versus", host="projector")
    players = await sync_to_async(
        lambda: [
            services.player_join(room=Room.objects.get(pk=room.pk), browser=b, nickname=n)
            for b, n in ((ANN, "Ann"), (BEN, "Ben"))
        ]
    )()
    assert await in_round(game_round) == {"Ann", "Ben"}  # they joined in the lobby
    await sync_to_async(RoundPlayer.objects.filter(round=game_round).delete)()
    ann, _ = await connected(room, ANN, play=True)
    ben, _ = await connected(room, BEN)  # still reading the last round's results page
    projector, _ = await connected(room, "projector")  # the host, not a player
    assert await in_round(game_round) == {"Ann"}
    await projector.send_json_to({"type": "start"})
    await drain_until(ben, "round_started")
    chloe_player = await sync_to_async(services.player_join)(
        room=room, browser=CHLOE, nickname="Chloe"
    )
    listed = await drain_until(projector, "players")  # a late joiner appears at once
    assert {p["nickname"] for p in listed["players"]} == {"Ann", "Chloe"}
    assert chloe_player.pk in {p["id"] for p in listed["players"]}
    assert players[1].pk not in {p["id"] for p in listed["players"]}  # Ben never opened it
    assert await in_round(game_round) == {"Ann", "Chloe"}
    for ws in (ann, ben, projector):
        await ws.disconnect()


async def test_head_to_head_players_see_each_others_points_not_words():
    room, game_round = await room_with(players=(ANN, BEN), mode="versus")
    ann, snapshot = await connected(room, ANN)
    ben, _ = await connected(room, BEN)
    word = words_of_length(game_round, 6)[0]
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    event = await drain_until(ben, "scores")
    assert event["scores"] == [{"id": snapshot["you"]["id"], "points": 3, "words": 1}]
    assert "find" not in event and word not in str(event)  # Ben's page shows points only
    await ben.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ben, "word_result"))["accepted"]  # head-to-head: both may score
    await ann.disconnect()
    await ben.disconnect()


async def test_teammates_share_finds_and_cannot_score_a_word_twice():
    room, game_round = await room_with(players=(ANN, BEN, CHLOE), mode="teams", team_count=2)
    teams = await sync_to_async(
        lambda: {m.player.browser: m.team.number for m in game_round.round_players.all()}
    )()
    assert teams[ANN] == teams[CHLOE] != teams[BEN]  # balanced: the third joins the first team
    ann, _ = await connected(room, ANN)
    ben, _ = await connected(room, BEN)
    chloe, _ = await connected(room, CHLOE)
    word = words_of_length(game_round, 5)[0]
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    shown = (await drain_until(chloe, "scores"))["find"]
    assert shown["word"] == word and shown["nickname"] == "Ann"
    other_team = await drain_until(ben, "scores")
    assert "find" not in other_team
    assert other_team["scores"] == [{"id": teams[ANN], "points": 2, "words": 1}]
    await chloe.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(chloe, "word_result"))["reason"] == "team_already_found"
    await chloe.send_json_to({"type": "resync"})
    snapshot = await drain_until(chloe, "snapshot")
    assert [f["word"] for f in snapshot["finds"]] == [word]
    await ann.disconnect()
    await chloe.disconnect()


async def test_reconnecting_keeps_finds_score_and_clock():
    room, game_round = await room_with()
    ws, first = await connected(room, HOST)
    word = words_of_length(game_round, 4)[0]
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    await drain_until(ws, "word_result")
    await ws.disconnect()
    ws, again = await connected(room, HOST)
    assert [f["word"] for f in again["finds"]] == [word]
    assert again["scores"][0]["points"] == 1
    assert again["round"]["ends_at"] == first["round"]["ends_at"]
    await ws.disconnect()


@pytest.fixture
def sweeping(settings):
    """The process's round sweeper, as a server runs it (tests turn it off otherwise)."""
    settings.ROUND_SWEEP_SECONDS = 5
    yield
    for task in sweeper._tasks.values():  # the sweeper lives as long as its process
        task.cancel()
    sweeper._tasks.clear()


async def test_the_round_ends_at_its_bell_and_every_page_hears_it(sweeping):
    room, game_round = await room_with()
    ends_at = timezone.now() + timedelta(seconds=0.8)
    await sync_to_async(Round.objects.filter(pk=game_round.pk).update)(ends_at=ends_at)
    ws, _ = await connected(room, HOST)
    ended = await drain_until(ws, "round_ended", timeout=5)
    assert ended["round"] == game_round.pk
    await sync_to_async(game_round.refresh_from_db)()
    # On time: the sweeper sleeps until the bell rather than polling every few seconds.
    assert ends_at <= game_round.finished_at < ends_at + timedelta(seconds=0.5)
    await ws.disconnect()


async def test_a_word_sent_just_before_the_bell_counts_though_the_round_has_ended():
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    word = words_of_length(game_round, 4)[0]
    bell = timezone.now() - timedelta(seconds=0.4)
    await sync_to_async(Round.objects.filter(pk=game_round.pk).update)(ends_at=bell)
    await sync_to_async(services.round_finish)(round=game_round, now=bell)
    await drain_until(ws, "round_ended")
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ws, "word_result"))["accepted"]  # within the second of grace
    member = await sync_to_async(RoundPlayer.objects.get)(round=game_round)
    assert (member.words, member.points) == (1, 1)  # the stored result follows

    late = bell - timedelta(seconds=1)
    await sync_to_async(Round.objects.filter(pk=game_round.pk).update)(
        ends_at=late, finished_at=late
    )
    await ws.send_json_to({"type": "resync"})
    await drain_until(ws, "snapshot")
    await ws.send_json_to(
        {"type": "submit", "round": game_round.pk, "word": words_of_length(game_round, 5)[0]}
    )
    assert (await drain_until(ws, "word_result"))["reason"] == "time_up"
    await ws.disconnect()


async def test_before_the_start_a_traced_path_tells_nothing_about_the_board():
    room, game_round = await room_with(players=(HOST, ANN), started=False, mode="versus")
    ann, _ = await connected(room, ANN, play=True)
    for cell in ([0, 0], [1, 1], [3, 3]):
        await ann.send_json_to({"type": "check_path", "round": game_round.pk, "path": [cell]})
        status = await drain_until(ann, "path_status")
        assert (status["ok"], status["reason"], status["letters"]) == (False, "not_started", "")
    await ann.disconnect()


async def test_sockets_from_foreign_origins_are_refused():
    room, _ = await room_with()
    ws = WebsocketCommunicator(
        application, f"/ws/rooms/{room.code}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await ws.connect()
    assert not connected
    await ws.disconnect()


async def test_a_round_ends_when_its_time_is_up_though_every_page_has_closed(settings):
    settings.ROUND_SWEEP_SECONDS = 0.2
    room, game_round = await room_with()
    await sync_to_async(Round.objects.filter(pk=game_round.pk).update)(
        ends_at=timezone.now() + timedelta(seconds=0.5)
    )
    ws, _ = await connected(room, HOST)
    await ws.disconnect()  # nobody watches any more
    await asyncio.sleep(1.5)
    await sync_to_async(game_round.refresh_from_db)()
    assert game_round.finished_at is not None
    for task in sweeper._tasks.values():  # the sweeper lives as long as its process
        task.cancel()
    sweeper._tasks.clear()


async def test_the_host_pauses_and_players_hear_it_and_cannot_score():
    room, game_round = await room_with(players=(HOST, ANN), mode="versus")
    host, _ = await connected(room, HOST)
    ann, _ = await connected(room, ANN)
    await ann.send_json_to({"type": "pause"})
    assert (await drain_until(ann, "error"))["code"] == "not_host"
    await host.send_json_to({"type": "pause"})
    clock = await drain_until(ann, "clock")
    assert clock["status"] == "paused"
    word = words_of_length(game_round, 5)[0]
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ann, "word_result"))["reason"] == "paused"
    await host.send_json_to({"type": "resume"})
    assert (await drain_until(ann, "clock"))["status"] == "running"
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ann, "word_result"))["accepted"]
    await host.send_json_to({"type": "extend", "seconds": 30})
    extended = await drain_until(ann, "clock")
    assert extended["ends_at"] > clock["ends_at"]
    await host.disconnect()
    await ann.disconnect()


async def test_a_banned_player_is_disconnected_with_the_removed_code():
    room, _ = await room_with(players=(HOST, ANN), mode="versus")
    host, _ = await connected(room, HOST)
    ann, snapshot = await connected(room, ANN)
    await host.send_json_to({"type": "ban", "player": snapshot["you"]["id"]})
    while True:
        output = await ann.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            assert output["code"] == protocol.CLOSE_REMOVED
            break
    await host.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "extend", "seconds": 100000},
        {"type": "lock", "on": "yes"},
        {"type": "rename", "player": "ann", "nickname": "x"},
        {"type": "move", "player": 1, "team": 0},
    ],
)
async def test_malformed_host_controls_are_refused(frame):
    room, _ = await room_with(players=(HOST,), mode="versus")
    host, _ = await connected(room, HOST)
    await host.send_json_to(frame)
    assert (await drain_until(host, "error"))["code"] == "bad_field"
    await host.disconnect()


async def test_finding_every_word_ends_a_solo_round_with_congratulations():
    room, game_round = await room_with(board="DOG./..../..../....")
    ws, _ = await connected(room, HOST)
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "dog"})
    first = await drain_until(ws, "word_result")
    assert (first["accepted"], first["all_found"]) == (True, False)
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "god"})
    last = await drain_until(ws, "word_result")
    assert (last["accepted"], last["all_found"]) == (True, True)
    assert (await drain_until(ws, "round_ended"))["round"] == game_round.pk
    await ws.disconnect()


async def test_in_head_to_head_finding_every_word_ends_only_your_own_round():
    room, game_round = await room_with(
        players=(ANN, BEN), mode="versus", board="ZOO./..../..../...."
    )
    ann, _ = await connected(room, ANN)
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": "zoo"})
    assert (await drain_until(ann, "word_result"))["all_found"]
    await sync_to_async(game_round.refresh_from_db)()
    assert game_round.finished_at is None  # Ben plays on
    await ann.disconnect()


async def test_nobody_sees_the_letters_before_the_start():
    room, game_round = await room_with(players=(HOST, ANN), started=False, mode="versus")
    ann, snapshot = await connected(room, ANN)
    assert snapshot["round"]["status"] == "lobby"
    assert snapshot["round"]["board"] is None
    host, _ = await connected(room, HOST)
    await host.send_json_to({"type": "start"})
    await drain_until(ann, "round_started")
    await ann.send_json_to({"type": "resync"})
    assert (await drain_until(ann, "snapshot"))["round"]["board"] == game_round.board
    await ann.disconnect()
    await host.disconnect()


async def test_an_unreachable_database_asks_the_page_to_retry_with_one_log_line(
    monkeypatch, caplog
):
    from django.db import OperationalError

    room, game_round = await room_with()

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(outages, "_last_logged", 0.0)
    ws, _ = await connected(room, HOST)
    monkeypatch.setattr(services, "word_submit", down)
    monkeypatch.setattr(selectors, "room_by_code", down)
    await ws.send_json_to({"type": "submit", "round": game_round.pk, "word": "pers"})
    closing = await ws.receive_output(timeout=5)
    assert closing == {"type": "websocket.close", "code": protocol.CLOSE_UNAVAILABLE}
    await ws.disconnect()
    again = communicator(room.code, HOST)
    await again.connect()
    assert (await again.receive_output(timeout=5))["code"] == protocol.CLOSE_UNAVAILABLE
    await again.disconnect()
    lines = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None  # one line, no traceback
