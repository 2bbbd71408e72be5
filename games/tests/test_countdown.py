"""The 3-2-1 between the host's Start and the letters: timed by the server's clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from games import clock, selectors, services
from games.models import Round
from games.tests.conftest import (
    ANN,
    HOST,
    communicator,
    drain_until,
    make_room,
    skip_countdown,
)

SECOND = timedelta(seconds=1)


def lobby_round(**settings):
    settings.setdefault("mode", "versus")
    room = make_room(**settings)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    return room, Round.objects.get(pk=selectors.current_round(room).pk), ann


def a_word(game_round: Round) -> str:
    return sorted(w for w in game_round.solution if len(w) == 5)[0]


@pytest.mark.django_db
class TestTheClock:
    def test_play_begins_a_countdown_after_the_press_and_lasts_the_whole_round(self):
        _, game_round, _ = lobby_round(duration_seconds=90)
        pressed = timezone.now()
        services.round_start(round=game_round, now=pressed)
        assert clock.COUNTDOWN_SECONDS == 3
        assert game_round.started_at == pressed + timedelta(seconds=3)
        assert game_round.ends_at == game_round.started_at + timedelta(seconds=90)

    def test_a_solo_round_starts_as_it_is_dealt(self):
        before = timezone.now()
        room = make_room(mode="solo")
        game_round = selectors.current_round(room)
        assert before <= game_round.started_at <= timezone.now()
        assert not clock.counting_down(game_round)

    def test_during_the_countdown_the_round_runs_but_takes_no_word(self):
        _, game_round, ann = lobby_round()
        pressed = timezone.now()
        services.round_start(round=game_round, now=pressed)
        during = pressed + SECOND
        assert clock.status(game_round, during) == clock.RUNNING
        assert clock.counting_down(game_round, during)
        assert clock.refusal(game_round, during) == "not_started"
        assert clock.seconds_left(game_round, during) == game_round.duration_seconds
        result = services.word_submit(
            round=game_round,
            player=ann,
            round_id=game_round.pk,
            word=a_word(game_round),
            now=during,
        )
        assert (result.accepted, result.reason) == (False, "not_started")
        after = game_round.started_at + SECOND
        assert not clock.counting_down(game_round, after)
        result = services.word_submit(
            round=game_round, player=ann, round_id=game_round.pk, word=a_word(game_round), now=after
        )
        assert result.accepted

    def test_the_snapshot_deals_the_letters_with_the_start_still_ahead(self):
        room, game_round, _ = lobby_round()
        pressed = timezone.now()
        services.round_start(round=game_round, now=pressed)
        snap = selectors.snapshot(
            room=room, round=game_round, player=None, member=None, now=pressed
        )
        assert snap["round"]["status"] == "running"
        assert snap["round"]["board"] == game_round.board
        assert snap["round"]["started_at"] == game_round.started_at.isoformat()
        assert snap["server_time"] < snap["round"]["started_at"]

    def test_the_hint_says_nothing_of_the_board_before_the_letters(self):
        _, game_round, _ = lobby_round()
        services.round_start(round=game_round)  # pressed now: the countdown runs
        status = services.path_feedback(round=game_round, round_id=game_round.pk, path=[(0, 0)])
        assert (status["reason"], status["letters"]) == ("not_started", "")

    def test_a_pause_during_the_countdown_holds_it(self):
        _, game_round, _ = lobby_round(duration_seconds=60)
        pressed = timezone.now() - timedelta(minutes=5)
        services.round_start(round=game_round, now=pressed)
        assert services.round_pause(round=game_round, now=pressed + SECOND)
        assert clock.counting_down(game_round, pressed + timedelta(minutes=1))  # held
        resumed = pressed + timedelta(seconds=61)
        assert services.round_resume(round=game_round, now=resumed)
        # Two seconds of countdown were left, and the whole minute of play.
        assert game_round.started_at == resumed + timedelta(seconds=2)
        assert game_round.ends_at == game_round.started_at + timedelta(seconds=60)
        assert clock.refusal(game_round, resumed + SECOND) == "not_started"
        assert clock.refusal(game_round, resumed + 3 * SECOND) is None

    def test_a_pause_after_the_countdown_leaves_the_start_alone(self):
        _, game_round, _ = lobby_round(duration_seconds=60)
        pressed = timezone.now() - timedelta(minutes=5)
        services.round_start(round=game_round, now=pressed)
        started = game_round.started_at
        services.round_pause(round=game_round, now=started + 10 * SECOND)
        services.round_resume(round=game_round, now=started + 40 * SECOND)
        assert game_round.started_at == started
        assert game_round.ends_at == started + timedelta(seconds=90)

    def test_the_sweeper_ends_the_round_a_countdown_after_its_length(self):
        _, game_round, _ = lobby_round(duration_seconds=30)
        pressed = timezone.now() - timedelta(seconds=32)
        services.round_start(round=game_round, now=pressed)
        # 32 s after the press, 29 s of play: not over.
        assert services.rounds_finish_due() == 0
        assert services.next_due() == game_round.ends_at
        assert services.rounds_finish_due(now=pressed + timedelta(seconds=33)) == 1

    def test_a_round_ended_during_the_countdown_takes_no_word(self):
        _, game_round, ann = lobby_round()
        pressed = timezone.now() - timedelta(seconds=2)
        services.round_start(round=game_round, now=pressed)
        services.round_finish(round=game_round, now=pressed + SECOND)
        assert clock.status(game_round) == clock.FINISHED
        result = services.word_submit(
            round=game_round, player=ann, round_id=game_round.pk, word=a_word(game_round)
        )
        assert result.reason == "time_up"

    def test_a_new_round_waits_for_a_round_in_its_countdown(self):
        room, game_round, _ = lobby_round()
        services.round_start(round=game_round)
        with pytest.raises(services.RoundRunning):
            services.round_deal(room=room)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_word_sent_during_the_countdown_is_refused_and_one_after_it_counts():
    room, game_round, _ = await sync_to_async(lobby_round)()
    host = communicator(room.code, HOST)
    ann = communicator(room.code, ANN, play=True)
    for ws in (host, ann):
        assert (await ws.connect())[0]
        await drain_until(ws, "snapshot")
    await host.send_json_to({"type": "start"})
    started = await drain_until(ann, "round_started")
    assert started["started_at"] > started["server_time"]  # the 3-2-1 ahead
    word = a_word(game_round)
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    refused = await drain_until(ann, "word_result")
    assert (refused["accepted"], refused["reason"]) == (False, "not_started")
    await sync_to_async(skip_countdown)(game_round)
    await ann.send_json_to({"type": "resync"})  # the socket reads the moved clock
    await drain_until(ann, "snapshot")
    await ann.send_json_to({"type": "submit", "round": game_round.pk, "word": word})
    assert (await drain_until(ann, "word_result"))["accepted"]
    await host.disconnect()
    await ann.disconnect()


def test_the_protocol_document_gives_the_clock_s_numbers():
    from games.tests.test_protocol import DOC

    assert f"play begins {clock.COUNTDOWN_SECONDS} seconds later" in DOC
    assert f"last {clock.WARN_SECONDS} seconds of play (amber)" in DOC
    assert f"last {clock.URGENT_SECONDS} (red)" in DOC
