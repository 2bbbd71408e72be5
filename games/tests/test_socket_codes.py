"""The room socket and room codes: what a socket that has not joined sees, and what a
wrong code costs it (games.join_limits, docs/protocol.md)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games import join_limits, protocol, selectors, services
from games.models import Round
from games.tests.conftest import ANN, BEN, HOST, communicator, drain_until, make_room, start_round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
SCHOOL = "203.0.113.50"


@sync_to_async
def class_room():
    """A head-to-head room, Ann in it and its round running; the host has not joined."""
    room = make_room(mode="versus")
    services.player_join(room=room, browser=ANN, nickname="Ann")
    game_round = selectors.current_round(room)
    start_round(game_round)
    return room, Round.objects.get(pk=game_round.pk)  # with its words, for the tests


def socket(code: str, browser: str | None, address: str = SCHOOL, play: bool = False):
    ws = communicator(code, browser, play=play)
    ws.scope["client"] = (address, 50000)
    return ws


async def closed_with(ws) -> int | None:
    await ws.connect()
    output = await ws.receive_output(timeout=5)
    await ws.disconnect()
    return output.get("code") if output["type"] == "websocket.close" else None


async def test_a_socket_that_has_not_joined_sees_no_nickname_and_no_score():
    room, game_round = await class_room()
    outsider = socket(room.code, None)
    assert (await outsider.connect())[0]
    snapshot = await drain_until(outsider, "snapshot")
    assert snapshot["you"] is None
    assert (snapshot["players"], snapshot["scores"], snapshot["finds"]) == ([], [], [])
    assert snapshot["round"]["status"] == "running"  # the room's public state
    ann = socket(room.code, ANN, play=True)
    await ann.connect()
    assert [p["nickname"] for p in (await drain_until(ann, "snapshot"))["players"]] == ["Ann"]
    host = socket(room.code, HOST)
    await host.connect()
    assert (await drain_until(host, "snapshot"))["players"]  # the host sees who plays

    word = next(iter(game_round.solution))
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ann, "word_result"))["accepted"]
    seen = await drain_until(outsider, "scores")
    assert seen["scores"] == [] and "find" not in seen and seen["seq"] > snapshot["seq"]
    assert (await drain_until(host, "scores"))["scores"][0]["points"] > 0

    await sync_to_async(services.player_join)(room=room, browser=BEN, nickname="Ben")
    ben = socket(room.code, BEN, play=True)
    await ben.connect()  # Ben enters the round: a players event
    assert (await drain_until(outsider, "players"))["players"] == []
    names = {p["nickname"] for p in (await drain_until(host, "players"))["players"]}
    assert names == {"Ann", "Ben"}
    for ws in (outsider, ann, host, ben):
        await ws.disconnect()


async def test_wrong_codes_on_the_socket_count_with_the_pages():
    room, _ = await class_room()
    for n in range(join_limits.WRONG_CODES_PER_ADDRESS):
        assert await closed_with(socket(f"ZZZZ{n:02}", None)) == protocol.CLOSE_NOT_A_ROOM
    # Over the limit a real room is refused like a wrong one, to anyone not in it...
    assert await closed_with(socket(room.code, None)) == protocol.CLOSE_NOT_A_ROOM
    assert await closed_with(socket(room.code, None, address="192.0.2.1")) is None
    # ...and the pupil already in it, behind the same address, plays on.
    ann = socket(room.code, ANN, play=True)
    assert (await ann.connect())[0]
    assert (await drain_until(ann, "snapshot"))["you"]["nickname"] == "Ann"
    await ann.disconnect()


async def test_a_pupil_in_the_room_reconnects_by_the_code_the_teacher_replaced():
    room, _ = await class_room()
    old = room.code
    new = await sync_to_async(services.room_new_code)(room=room)
    ann = socket(old, ANN, play=True)
    assert (await ann.connect())[0]
    snapshot = await drain_until(ann, "snapshot")
    assert snapshot["room"]["code"] == new and snapshot["you"]["nickname"] == "Ann"
    await ann.disconnect()
    assert await closed_with(socket(old, None)) == protocol.CLOSE_NOT_A_ROOM
