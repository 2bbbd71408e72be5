"""Regressions of issue 8, each first seen in a lesson: one owner for every fact."""

from __future__ import annotations

import csv
import io

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from accounts import history
from games import protocol, selectors, services
from games.models import Room, Round, RoundPlayer, Team
from games.sessions import BROWSER_KEY
from games.tests.conftest import (
    ANN,
    BEN,
    CHLOE,
    HOST,
    RICH_BOARD,
    communicator,
    drain_until,
    make_room,
    start_round,
)


def played(room, words: dict, **settings) -> Round:
    """Deal (with ``settings``), start, let each browser's player send its words, end."""
    game_round = services.round_deal(room=room, board=RICH_BOARD, **settings).round
    start_round(game_round)
    for browser, sent in words.items():
        player = selectors.player_for(room, browser)
        for word in sent:
            services.word_submit(round=game_round, player=player, round_id=game_round.pk, word=word)
    services.round_finish(round=game_round)
    return Round.objects.get(pk=game_round.pk)


def join(room, *browsers):
    return [
        services.player_join(room=room, browser=b, nickname=b.split("-")[0].title())
        for b in browsers
    ]


@pytest.mark.django_db
def test_a_team_rounds_results_survive_a_head_to_head_round_after_it():
    room = make_room(mode="versus")
    join(room, ANN, BEN, CHLOE)
    teams = played(room, {ANN: ["alerts"], BEN: ["ails"]}, mode="teams", team_count=2)
    before = selectors.results(teams, None)["scoreboard"]
    csv_before = history.round_csv(teams)
    assert sum(points for _, points in before) == 4
    played(room, {ANN: ["ails"]}, mode="versus")
    played(room, {BEN: ["ails"]}, mode="solo")
    assert selectors.results(teams, None)["scoreboard"] == before
    assert history.round_csv(teams) == csv_before
    assert len(list(csv.reader(io.StringIO(csv_before)))) == 3  # a header and two words
    assert Team.objects.filter(room=room).count() == 2  # never deleted: the record keeps them
    lines = {line.nickname: line.points for line in history.students(room, "en")}
    assert lines["Ann"] == 3 + 1 and lines["Ben"] == 1 + 1


@pytest.mark.django_db
def test_a_refused_next_round_changes_nothing_at_all():
    room = make_room(mode="versus", size=4)
    game_round = selectors.current_round(room)
    start_round(game_round)
    seq = Room.objects.get(pk=room.pk).seq
    with pytest.raises(services.RoundRunning):
        services.round_deal(room=room, board=RICH_BOARD, mode="teams", team_count=3, size=6)
    room.refresh_from_db()
    assert (room.mode, room.size, room.team_count, room.seq) == ("versus", 4, 2, seq)
    assert not room.teams.exists()
    assert list(room.rounds.values_list("pk", flat=True)) == [game_round.pk]


@pytest.mark.django_db
def test_the_projector_form_refused_while_a_round_runs_saves_nothing(client):
    room = make_room(mode="versus", host=HOST)
    start_round(selectors.current_round(room))
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    form = {
        "language": "de",
        "level": 1,
        "size": 6,
        "dice": "",
        "min_length": 0,
        "duration_seconds": 120,
        "mode": "teams",
        "team_count": 3,
        "scoring": "classic",
    }
    page = client.post(reverse("games:next_round", kwargs={"code": room.code}), form, follow=True)
    assert "Finish the round being played first." in page.content.decode()
    room.refresh_from_db()
    assert (room.language, room.size, room.mode, room.scoring) == ("en", 4, "versus", "standard")


@pytest.mark.django_db
def test_a_past_rounds_results_say_what_it_was_played_with(client):
    room = make_room(mode="versus", host=HOST)
    first = played(room, {})
    services.round_deal(room=room, language="de", size=5, level=1)
    session = client.session
    session[BROWSER_KEY] = HOST
    session.save()
    url = reverse("games:results", kwargs={"code": room.code, "number": first.number})
    head = client.get(url).content.decode().split('class="results-head"')[1].split("</header>")[0]
    assert "English" in head and "4×4" in head
    assert "German" not in head and "5×5" not in head


@sync_to_async
def teams_round_dealt(room):
    return services.round_deal(room=room, board=RICH_BOARD, mode="teams", team_count=2).round


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_pages_open_when_the_room_switches_to_teams_play_for_their_teams():
    room = await sync_to_async(make_room)(mode="versus")
    await sync_to_async(join)(room, ANN, CHLOE, BEN)
    pages = {}
    for browser in (ANN, CHLOE, BEN):
        pages[browser] = communicator(room.code, browser, play=True)
        assert (await pages[browser].connect())[0]
        await drain_until(pages[browser], "snapshot")
    game_round = await teams_round_dealt(room)
    teams = {}
    for browser, ws in pages.items():
        await drain_until(ws, "new_round")
        await ws.send_json_to({"type": "resync"})  # as the page does on new_round
        snapshot = await drain_until(ws, "snapshot")
        teams[browser] = snapshot["you"]["team"]
        assert {t["name"] for t in snapshot["round"]["teams"]} == {"Red", "Blue"}
    assert sorted(teams.values()) in ([1, 1, 2], [1, 2, 2])  # everyone in a team, balanced
    finder, mate = (b for b in teams if list(teams.values()).count(teams[b]) == 2)
    (other,) = (b for b in teams if b not in (finder, mate))
    await sync_to_async(start_round)(game_round)  # the 3-2-1 is over
    await drain_until(pages[finder], "round_started")  # as a page, which waits to type
    await pages[finder].send_json_to({"type": "submit", "round": game_round.pk, "word": "alerts"})
    assert (await drain_until(pages[finder], "word_result"))["accepted"]
    shown = await drain_until(pages[mate], "scores")
    assert shown["find"]["word"] == "alerts"
    assert shown["scores"] == [{"id": teams[finder], "points": 3, "words": 1}]
    assert "find" not in await drain_until(pages[other], "scores")
    await pages[mate].send_json_to({"type": "submit", "round": game_round.pk, "word": "alerts"})
    assert (await drain_until(pages[mate], "word_result"))["reason"] == "team_already_found"
    members = await sync_to_async(
        lambda: dict(
            RoundPlayer.objects.filter(round=game_round).values_list(
                "player__browser", "team__number"
            )
        )
    )()
    assert members == teams
    for ws in pages.values():
        await ws.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_deleting_a_room_closes_its_open_pages():
    room = await sync_to_async(make_room)(mode="versus")
    await sync_to_async(join)(room, ANN)
    ws = communicator(room.code, ANN, play=True)
    assert (await ws.connect())[0]
    await drain_until(ws, "snapshot")
    await sync_to_async(services.room_delete)(room=room)
    while True:
        output = await ws.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            assert output["code"] == protocol.CLOSE_NOT_A_ROOM
            break
    await ws.disconnect()
