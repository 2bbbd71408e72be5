"""Moderation that can be undone, who is away, the next round's players, shared words.

Issue 19: "remove" is out of the round and the room for now, and the host lets the
pupil back in; a ban is its own choice, with an undo; bad host messages change
nothing and say why. A pupil whose pages closed is away, not removed. Players with
a page open are in the next round from its deal. In classic scoring a shared word
is at 0 on every page as soon as it is shared.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse
from django.utils import timezone

from games import protocol, selectors, services
from games.models import Player, Presence, Round, RoundPlayer
from games.tests.conftest import ANN, BEN, HOST, communicator, drain_until, make_room, start_round

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def room_with(players=(HOST, ANN), started=False, **settings):
    settings.setdefault("mode", "versus")
    room = make_room(**settings)
    for browser in players:
        services.player_join(room=room, browser=browser, nickname=browser.split("-")[0].title())
    game_round = selectors.current_round(room)
    if started:
        start_round(game_round)
    return room, Round.objects.get(pk=game_round.pk)


async def connected(room, browser, *, play=True):
    ws = communicator(room.code, browser, play=play)
    assert (await ws.connect())[0]
    return ws, await drain_until(ws, "snapshot")


@sync_to_async
def player(room, browser) -> Player:
    return Player.objects.get(room=room, browser=browser)


@sync_to_async
def in_round(game_round) -> set[int]:
    return set(RoundPlayer.objects.filter(round=game_round).values_list("player_id", flat=True))


@pytest.mark.asyncio
async def test_a_removed_pupil_waits_on_an_open_page_and_comes_back_when_let_back_in():
    room, game_round = await room_with()
    host, _ = await connected(room, HOST, play=False)
    ann, snapshot = await connected(room, ANN)
    ann_id = snapshot["you"]["id"]
    await host.send_json_to({"type": "remove", "player": ann_id})
    event = await drain_until(ann, "removed")
    assert (event["player"], event["banned"]) == (ann_id, False)
    listed = await drain_until(host, "players")
    assert ann_id not in {p["id"] for p in listed["players"]}
    assert listed["removed"] == [{"id": ann_id, "nickname": "Ann", "banned": False}]
    assert ann_id not in await in_round(game_round)  # out of this round
    # Her page stays open and, asked again, says she is removed: no board, no players.
    await ann.send_json_to({"type": "resync"})
    waiting = await drain_until(ann, "snapshot")
    assert waiting["you"] == {
        "id": ann_id,
        "nickname": "Ann",
        "team": None,
        "is_host": False,
        "removed": True,
    }
    assert waiting["players"] == [] and waiting["removed"] == []
    with pytest.raises(services.JoinRefused, match="let you back in"):
        await sync_to_async(services.player_join)(room=room, browser=ANN, nickname="Ann")
    # Let back in: her page hears it, resyncs, and is in the round again.
    await host.send_json_to({"type": "readmit", "player": ann_id})
    assert (await drain_until(ann, "readmitted"))["player"] == ann_id
    await ann.send_json_to({"type": "resync"})
    back = await drain_until(ann, "snapshot")
    assert back["you"]["removed"] is False and back["you"]["id"] == ann_id
    assert ann_id in await in_round(game_round)
    assert (await drain_until(host, "players"))["removed"] == []
    await host.disconnect()
    await ann.disconnect()


@pytest.mark.asyncio
async def test_a_ban_closes_the_page_and_its_undo_lets_the_pupil_back_in():
    room, _ = await room_with()
    host, _ = await connected(room, HOST, play=False)
    ann, snapshot = await connected(room, ANN)
    ann_id = snapshot["you"]["id"]
    await host.send_json_to({"type": "ban", "player": ann_id})
    assert (await drain_until(ann, "removed"))["banned"] is True
    closing = await ann.receive_output(timeout=3)
    assert closing == {"type": "websocket.close", "code": protocol.CLOSE_REMOVED}
    assert (await drain_until(host, "players"))["removed"][0]["banned"] is True
    with pytest.raises(services.JoinRefused, match="removed you"):
        await sync_to_async(services.player_join)(room=room, browser=ANN, nickname="Ann")
    # "Let back in" does not lift a ban by the way: the undo does.
    await host.send_json_to({"type": "readmit", "player": ann_id})
    assert (await drain_until(host, "error"))["code"] == "banned"
    await host.send_json_to({"type": "unban", "player": ann_id})
    assert (await drain_until(host, "readmitted"))["player"] == ann_id
    ann_now = await player(room, ANN)
    assert (ann_now.removed, ann_now.banned) == (False, False)
    await sync_to_async(services.player_join)(room=room, browser=ANN, nickname="Ann")
    await host.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("action", ["readmit", "unban"])
async def test_letting_back_in_a_player_of_another_room_is_an_error_that_changes_nothing(action):
    room, _ = await room_with()
    other, _ = await room_with(players=(BEN,), host="other-host")
    ben = await player(other, BEN)
    await sync_to_async(services.player_ban)(room=other, player_id=ben.pk)
    host, _ = await connected(room, HOST, play=False)
    await host.send_json_to({"type": action, "player": ben.pk})
    error = await drain_until(host, "error")
    assert error["code"] == "no_such_player" and error["message"]
    ben = await player(other, BEN)
    assert (ben.removed, ben.banned) == (True, True)
    await host.disconnect()


@pytest.mark.parametrize(("action", "code"), [("readmit", "not_removed"), ("unban", "not_banned")])
@pytest.mark.asyncio
async def test_undoing_what_was_never_done_is_an_error_that_changes_nothing(action, code):
    room, _ = await room_with()
    host, _ = await connected(room, HOST, play=False)
    ann = await player(room, ANN)
    before = await sync_to_async(room_seq)(room)
    await host.send_json_to({"type": action, "player": ann.pk})
    error = await drain_until(host, "error")
    assert error["code"] == code and "Ann" in error["message"]
    assert await sync_to_async(room_seq)(room) == before  # nothing broadcast
    ann = await player(room, ANN)
    assert (ann.removed, ann.banned) == (False, False)
    await host.disconnect()


def room_seq(room) -> int:
    room.refresh_from_db()
    return room.seq


@pytest.mark.asyncio
async def test_only_the_hosts_pages_hear_whom_the_host_removed():
    room, _ = await room_with(players=(HOST, ANN, BEN))
    host, _ = await connected(room, HOST, play=False)
    ben, _ = await connected(room, BEN)
    ann = await player(room, ANN)
    await host.send_json_to({"type": "remove", "player": ann.pk})
    assert (await drain_until(host, "players"))["removed"][0]["id"] == ann.pk
    assert (await drain_until(ben, "players"))["removed"] == []
    await host.disconnect()
    await ben.disconnect()


@pytest.mark.asyncio
async def test_a_pupil_whose_page_closed_is_away_not_removed_and_back_when_it_opens():
    room, _ = await room_with()
    host, _ = await connected(room, HOST, play=False)
    ann, snapshot = await connected(room, ANN)
    ann_id = snapshot["you"]["id"]
    await ann.disconnect()
    gone = await drain_until(host, "players")
    row = next(p for p in gone["players"] if p["id"] == ann_id)
    assert row["away_since"] is not None  # still in the round, shown as away
    ann, _ = await connected(room, ANN)
    back = await drain_until(host, "players")
    assert next(p for p in back["players"] if p["id"] == ann_id)["away_since"] is None
    await ann.disconnect()
    await host.disconnect()


def test_a_page_whose_process_died_goes_stale_and_shows_away(db):
    room = make_room(mode="versus")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.presence_enter(player=ann, channel="dead-process!1")
    game_round = selectors.current_round(room)
    assert selectors.players_in(game_round)[0]["away_since"] is None
    Presence.objects.update(seen_at=timezone.now() - selectors.PRESENCE_STALE * 2)
    assert selectors.players_in(game_round)[0]["away_since"] is not None


def test_the_next_round_holds_every_player_with_a_page_open_from_its_deal(db):
    room = make_room(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    cy = services.player_join(room=room, browser="cy-browser", nickname="Cy")
    first = selectors.current_round(room)
    services.presence_enter(player=ann, channel="ann!results")
    services.presence_enter(player=ben, channel="ben!play")
    services.presence_enter(player=cy, channel="cy!play")
    services.presence_leave(channel="cy!play", now=timezone.now() - timedelta(minutes=10))
    start_round(first)
    services.round_finish(round=first)
    ann_team = RoundPlayer.objects.get(round=first, player=ann).team_id
    dealt = services.round_deal(room=room).round
    carried = RoundPlayer.objects.filter(round=dealt)
    # Ann and Ben are in it before anyone starts it; Cy went home ten minutes ago.
    assert set(carried.values_list("player_id", flat=True)) == {ann.pk, ben.pk}
    assert carried.get(player=ann).team_id == ann_team


@pytest.mark.asyncio
async def test_a_word_shared_in_classic_scoring_is_at_zero_on_both_finders_pages():
    room, game_round = await room_with(
        players=(ANN, BEN), started=True, scoring="classic", host=HOST
    )
    ann, _ = await connected(room, ANN)
    ben, _ = await connected(room, BEN)
    word = sorted(w for w in game_round.solution if len(w) == 5)[0]
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    first = await drain_until(ann, "word_result")
    assert (first["accepted"], first["shared"], first["points"] > 0) == (True, False, True)
    await ben.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    second = await drain_until(ben, "word_result")
    assert (second["accepted"], second["shared"], second["points"]) == (True, True, 0)
    # Ann's page hears that her word is shared now, and why her score dropped.
    ann_id, ben_id = (await player(room, ANN)).pk, (await player(room, BEN)).pk
    while True:
        scores = await drain_until(ann, "scores")
        if "shared" in scores:
            break
    assert scores["shared"]["word"] == word
    assert set(scores["shared"]["players"]) == {ann_id, ben_id}
    assert {row["id"]: row["points"] for row in scores["scores"]} == {ann_id: 0, ben_id: 0}
    await ann.send_json_to({"type": "resync"})
    again = await drain_until(ann, "snapshot")
    assert [(f["word"], f["points"], f["shared"]) for f in again["finds"]] == [(word, 0, True)]
    await ann.disconnect()
    await ben.disconnect()


def test_a_removed_pupils_room_page_waits_and_a_banned_one_goes_to_the_join_page(db, client):
    room = make_room(mode="versus")
    client.post(reverse("games:join"), {"code": room.code, "nickname": "Ann"})
    ann = room.players.get()
    services.player_remove(room=room, player_id=ann.pk)
    waiting = client.get(reverse("games:room", kwargs={"code": room.code}))
    assert waiting.status_code == 200 and b'id="removed-card"' in waiting.content
    services.player_ban(room=room, player_id=ann.pk)
    refused = client.get(reverse("games:room", kwargs={"code": room.code}))
    assert refused.status_code == 302 and "/join/" in refused["Location"]
    again = client.post(reverse("games:join"), {"code": room.code, "nickname": "Ann"})
    assert "removed you from this room" in again.content.decode()
