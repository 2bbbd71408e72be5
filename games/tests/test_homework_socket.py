"""A homework attempt through the ordinary room socket: its own browser plays, no other."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games import protocol
from games.models import Find
from games.tests.conftest import communicator, drain_until
from games.tests.homework_helpers import (
    make_class_room,
    make_homework,
    make_teacher,
    start,
    time_up,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def an_attempt():
    homework = make_homework(make_class_room(make_teacher()))
    return start(homework, "Ana", browser="ana-phone")


async def test_the_pupils_page_plays_the_attempt_through_the_room_socket():
    attempt = await an_attempt()
    ws = communicator(attempt.round.room.code, "ana-phone", play=True)
    connected, _ = await ws.connect()
    assert connected
    snapshot = await drain_until(ws, "snapshot")
    assert snapshot["round"]["board"] == attempt.round.board
    assert snapshot["you"]["nickname"] == "Ana" and not snapshot["you"]["is_host"]
    await ws.send_json_to({"type": "submit", "round": attempt.round_id, "word": "rest"})
    reply = await drain_until(ws, "word_result")
    assert reply["accepted"] and reply["points"] == 1
    await ws.send_json_to({"type": "end"})  # no pupil runs their own clock
    refused = await drain_until(ws, "error")
    assert refused["code"] == "not_host"
    await ws.disconnect()


async def test_another_browser_is_told_there_is_no_such_room_and_sees_nothing():
    attempt = await an_attempt()
    for browser in ("ben-phone", None):
        ws = communicator(attempt.round.room.code, browser, play=True)
        await ws.connect()
        closed = await ws.receive_output(timeout=5)
        while closed["type"] != "websocket.close":
            assert closed["type"] != "websocket.send" or "snapshot" not in closed.get("text", "")
            closed = await ws.receive_output(timeout=5)
        assert closed["code"] == protocol.CLOSE_NOT_A_ROOM
        await ws.disconnect()


async def test_a_word_sent_after_the_time_is_up_is_refused_and_not_recorded():
    attempt = await an_attempt()
    code = attempt.round.room.code
    await sync_to_async(time_up)(attempt)
    ws = communicator(code, "ana-phone", play=True)
    await ws.connect()
    await drain_until(ws, "snapshot")
    await ws.send_json_to({"type": "submit", "round": attempt.round_id, "word": "rest"})
    reply = await drain_until(ws, "word_result")
    assert not reply["accepted"] and reply["reason"] == "time_up"
    assert not await sync_to_async(Find.objects.filter(round_id=attempt.round_id).exists)()
    await ws.disconnect()
