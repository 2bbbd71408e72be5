"""Words a socket answers at once: refused on the round and words it holds, no worker.

Most words a class sends are refused (not on the board, too short...). Once a
socket has sent a word through a worker thread it holds its round and the
round's words, and answers the next refusals (and the green/red of traced
tiles) itself: the same verdict, without the thread round trip. Whatever
makes the round it holds stale (a pause, the end, a new round, a ruling)
drops it, and the next word goes through a worker again.
"""

from __future__ import annotations

import pytest

from games.consumers import RoomConsumer
from games.tests.conftest import ANN, HOST, drain_until
from games.tests.test_consumers import connected, room_with, words_of_length

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def worker_calls(monkeypatch) -> list[object]:
    """The messages that went through a worker thread (RoomConsumer.handle)."""
    calls = []
    handle = RoomConsumer.handle

    def counted(self, message):
        calls.append(message)
        return handle(self, message)

    monkeypatch.setattr(RoomConsumer, "handle", counted)
    return calls


async def submit(ws, game_round, **fields) -> dict:
    await ws.send_json_to({"type": "submit", "round": game_round.pk, **fields})
    return await drain_until(ws, "word_result")


async def test_once_a_word_went_through_a_worker_refusals_are_answered_at_once(worker_calls):
    room, game_round = await room_with()
    ws, _ = await connected(room, HOST)
    first, second = words_of_length(game_round, 4)[:2]
    assert (await submit(ws, game_round, word=first))["accepted"]
    assert len(worker_calls) == 1
    refusals = [
        ({"word": "zzzz"}, "not_on_board"),
        ({"word": "pe"}, "too_short"),
        ({"path": [[0, 0], [3, 3]]}, "bad_path"),
        ({"word": first, "round": game_round.pk + 1}, "wrong_round"),
    ]
    for fields, reason in refusals:
        result = await submit(ws, game_round, **fields)
        assert (result["accepted"], result["reason"]) == (False, reason)
        assert result["message"]
    await ws.send_json_to({"type": "check_path", "round": game_round.pk, "path": [[0, 0]]})
    assert (await drain_until(ws, "path_status"))["ok"]
    assert len(worker_calls) == 1  # none of those needed a thread
    # A word that counts, one already found, and one kept for the teacher: recorded there.
    assert (await submit(ws, game_round, word=second))["accepted"]
    assert (await submit(ws, game_round, word=first))["reason"] == "already_found"
    assert (await submit(ws, game_round, word="reslat"))["reason"] == "not_a_word"
    assert len(worker_calls) == 4
    await ws.disconnect()


async def test_a_pause_drops_what_the_socket_holds_and_its_words_are_refused_as_paused(
    worker_calls,
):
    room, game_round = await room_with(players=(HOST, ANN), mode="versus")
    host, _ = await connected(room, HOST)
    ann, _ = await connected(room, ANN)
    word = words_of_length(game_round, 5)[0]
    assert (await submit(ann, game_round, word="zzzz"))["reason"] == "not_on_board"
    assert (await submit(ann, game_round, word="zzzzz"))["reason"] == "not_on_board"
    await host.send_json_to({"type": "pause"})
    assert (await drain_until(ann, "clock"))["status"] == "paused"
    assert (await submit(ann, game_round, word="zzzz"))["reason"] == "paused"
    assert (await submit(ann, game_round, word=word))["reason"] == "paused"
    await host.send_json_to({"type": "resume"})
    assert (await drain_until(ann, "clock"))["status"] == "running"
    assert (await submit(ann, game_round, word=word))["accepted"]
    await host.disconnect()
    await ann.disconnect()


async def test_a_new_round_is_judged_on_its_own_words(worker_calls):
    room, game_round = await room_with(players=(HOST,), mode="versus")
    ws, _ = await connected(room, HOST)
    assert (await submit(ws, game_round, word="zzzz"))["reason"] == "not_on_board"
    await ws.send_json_to({"type": "end"})
    await drain_until(ws, "round_ended")
    await ws.send_json_to({"type": "next_round"})
    new_round = await drain_until(ws, "new_round")
    result = await submit(ws, game_round, word="zzzz")  # the old round's id
    assert (result["accepted"], result["reason"]) == (False, "wrong_round")
    await ws.send_json_to({"type": "submit", "round": new_round["round"], "word": "zzzz"})
    assert (await drain_until(ws, "word_result"))["reason"] == "not_started"
    await ws.disconnect()
