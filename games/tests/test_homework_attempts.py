"""Homework attempts: one truth with live rounds, who may play when, what counts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import clock, dealing, selectors
from games.homework import ranks
from games.homework import selectors as homework_selectors
from games.homework import services as homework_services
from games.homework.models import Attempt, ScoreTally
from games.models import Find, Round, RoundPlayer, WordRuling
from games.nicknames import NicknameError
from games.services import RulingRefused
from games.tests.homework_helpers import (
    RICH_BOARD,
    finish,
    make_class_room,
    make_homework,
    make_teacher,
    past_due,
    play,
    pupil,
    start,
    time_up,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def teacher():
    return make_teacher()


@pytest.fixture
def class_room(teacher):
    return make_class_room(teacher)


@pytest.fixture
def homework(class_room):
    return make_homework(class_room)


def test_a_homework_board_is_a_round_nobody_runs_and_nobody_sees_before_an_attempt(homework):
    board = homework.boards.get().round
    assert board.board == RICH_BOARD and board.level == 2
    assert clock.status(board) == clock.LOBBY
    assert selectors.round_info(board)["board"] is None  # the letters stay hidden
    assert board.room.locked and board.room.owner is None
    assert not selectors.is_host(board.room, "teacher-browser", homework.class_room.owner)


def test_an_attempt_is_a_solo_round_of_its_own_on_the_boards_letters_and_words(homework):
    attempt = start(homework, "Ana")
    board = homework.boards.get().round
    game_round = attempt.round
    assert game_round.pk != board.pk and game_round.room_id != board.room_id
    assert game_round.board == board.board and game_round.level == board.level
    assert Round.objects.get(pk=game_round.pk).solution == Round.objects.get(pk=board.pk).solution
    assert clock.status(game_round) == clock.RUNNING  # solo: the clock starts at once
    assert attempt.kind == Attempt.Kind.COUNTED and attempt.player.nickname == "Ana"
    [result] = play(attempt, "rest")
    assert result.accepted and result.points == dealing.points("rest", 4)
    assert Find.objects.filter(round=game_round, player=attempt.player, word="rest").exists()


def test_the_result_is_the_scoring_functions(homework):
    attempt = finish(start(homework, "Ana"), "rest", "pets", "tale", "zzzz", "rest")
    board = selectors.scoreboard(attempt.round)
    line = board.players[attempt.player_id]
    expected = sum(dealing.points(w, 4) for w in ("rest", "pets", "tale"))
    assert line.points == expected
    assert RoundPlayer.objects.get(round=attempt.round).points == expected
    result = homework_selectors.attempt_result(attempt, ranks_allowed=True)
    assert result.points == expected and result.words == 3
    total = homework_selectors.board_points(homework.boards.get().round)
    assert total == sum(
        dealing.points(w, 4) for w in Round.objects.get(pk=attempt.board_id).solution
    )
    assert result.share == round(100 * expected / total, 1)


def test_a_closed_tab_resumes_with_its_words_and_the_servers_clock(homework):
    attempt = start(homework, "Ana", browser="ana-phone")
    play(attempt, "rest", "pets")
    later = timezone.now() + timedelta(seconds=40)
    again = start(homework, "Ana", browser="ana-phone", now=later)
    assert again.pk == attempt.pk
    assert again.round.ends_at == attempt.round.ends_at  # the clock ran on meanwhile
    snapshot = selectors.snapshot(
        room=again.round.room,
        round=again.round,
        player=again.player,
        member=selectors.round_player(again.round, again.player),
    )
    assert {find["word"] for find in snapshot["finds"]} == {"rest", "pets"}


def test_another_device_cannot_take_over_a_running_attempt(homework):
    attempt = start(homework, "Ana", browser="ana-phone")
    with pytest.raises(homework_services.AttemptRefused, match="another device"):
        start(homework, "Ana", browser="ana-laptop")
    assert Attempt.objects.count() == 1
    assert Round.objects.filter(attempt__isnull=False).count() == 1
    # Once it has ended, the laptop may practise.
    finish(attempt, "rest")
    practice = start(homework, "Ana", browser="ana-laptop")
    assert practice.kind == Attempt.Kind.PRACTICE and practice.player.browser == "ana-laptop"


def test_the_first_attempt_counts_and_the_next_ones_are_practice(homework):
    first = finish(start(homework, "Ana"), "rest")
    second = finish(start(homework, "Ana"), "rest", "pets", "tale")
    assert first.kind == Attempt.Kind.COUNTED and second.kind == Attempt.Kind.PRACTICE
    assert first.tallied_points == dealing.points("rest", 4)
    assert second.tallied_points is None
    assert list(ScoreTally.objects.filter(players__gt=0).values_list("points", "players")) == [
        (dealing.points("rest", 4), 1)
    ]


def test_nicknames_follow_the_class_rules_and_ignore_case(homework, class_room):
    start(homework, "Ana", browser="ana-phone")
    with pytest.raises(homework_services.AttemptRefused):
        start(homework, "ANA", browser="other-phone")  # the same pupil's key
    with pytest.raises(NicknameError, match="email"):
        pupil(class_room, "ana@example.com")


def test_before_the_opening_nothing_is_dealt_to_anyone(class_room):
    homework = make_homework(class_room, opens_in=3600, due_in=7200)
    with pytest.raises(homework_services.AttemptRefused, match="not open yet"):
        start(homework, "Ana")
    assert not Attempt.objects.exists()
    assert not Round.objects.filter(started_at__isnull=False).exists()


def test_after_the_deadline_an_attempt_is_late_and_not_ranked(homework):
    past_due(homework)
    late = start(homework, "Ben")
    assert late.kind == Attempt.Kind.LATE
    play(late, "rest")
    time_up(late)
    late = homework_services.attempt_settle(attempt=late)
    assert late.tallied_points is None and late.settled_at is not None
    assert not ScoreTally.objects.filter(players__gt=0).exists()
    result = homework_selectors.attempt_result(late, ranks_allowed=True)
    assert result.late and result.standing is None and result.points > 0


def test_a_counted_attempts_clock_stops_at_the_deadline(class_room):
    homework = make_homework(class_room, due_in=60)
    attempt = start(homework, "Ana")
    assert attempt.kind == Attempt.Kind.COUNTED
    assert abs((attempt.round.ends_at - homework.due_at).total_seconds()) < 1


def test_words_after_the_time_is_up_are_refused_and_not_recorded(homework):
    attempt = start(homework, "Ana")
    time_up(attempt)
    [result] = play(attempt, "rest")
    assert not result.accepted and result.reason == "time_up"
    assert not Find.objects.filter(round=attempt.round).exists()


def test_settling_twice_tallies_once(homework):
    attempt = finish(start(homework, "Ana"), "rest", "pets")
    again = homework_services.attempt_settle(attempt=attempt)
    assert again.settled_at == attempt.settled_at
    assert ScoreTally.objects.get(points=attempt.tallied_points).players == 1


def test_an_attempt_abandoned_before_the_bell_is_settled_when_the_board_is_read(homework):
    attempt = start(homework, "Ana")
    play(attempt, "rest")
    time_up(attempt)
    assert Attempt.objects.get(pk=attempt.pk).settled_at is None
    assert homework_services.board_settle_due(board=attempt.board) == 1
    settled = Attempt.objects.get(pk=attempt.pk)
    assert settled.tallied_points == dealing.points("rest", 4)
    assert homework_services.board_settle_due(board=attempt.board) == 0


def test_ranks_appear_at_five_players_with_place_and_percentile(homework):
    words = ["rest", "pets", "tale", "ears", "east", "eats"]
    attempts = []
    for index, name in enumerate(["Ana", "Ben", "Chloé", "Dev"]):
        attempts.append(finish(start(homework, name), *words[: index + 1]))
    assert homework_selectors.attempt_result(attempts[-1], ranks_allowed=True).standing is None
    attempts.append(finish(start(homework, "Emma"), *words[:5]))
    best = homework_selectors.attempt_result(attempts[-1], ranks_allowed=True)
    assert best.standing.rank == 1 and best.standing.players == 5
    assert best.standing.percentile == 100  # better than every other player
    first = homework_selectors.attempt_result(attempts[0], ranks_allowed=True)
    assert first.standing.rank == 5 and first.standing.percentile == 0
    assert homework_selectors.attempt_result(attempts[0], ranks_allowed=False).standing is None


def test_equal_points_share_a_place(homework):
    board_id = homework.boards.get().round_id  # the tally alone
    for points in (10, 10, 8, 12):
        ranks.tally_move(board_id, None, points)
    standing = ranks.standing(board_id, 10)
    assert (standing.rank, standing.players, standing.below) == (2, 4, 1)
    assert standing.percentile == 33  # better than 1 of the 3 others


def test_a_ruling_on_a_board_changes_every_result_and_the_tally_with_undo(homework, teacher):
    ana = finish(start(homework, "Ana"), "rest", "pets")
    ben = finish(start(homework, "Ben"), "rest")
    board = homework.boards.get().round
    rest = dealing.points("rest", 4)
    homework_services.board_word_rule(board=board, word="rest", verdict="disallow", user=teacher)
    assert RoundPlayer.objects.get(round=ana.round).points == dealing.points("pets", 4)
    assert RoundPlayer.objects.get(round=ben.round).points == 0
    tally = dict(ScoreTally.objects.filter(players__gt=0).values_list("points", "players"))
    assert tally == {dealing.points("pets", 4): 1, 0: 1}
    # A pupil who starts now plays without it: the board's ruling is theirs from the start.
    chloe = start(homework, "Chloé")
    [refused] = play(chloe, "rest")
    assert refused.reason == "not_allowed"
    homework_services.board_word_rule(board=board, word="rest", verdict="undo", user=teacher)
    assert RoundPlayer.objects.get(round=ben.round).points == rest
    tally = dict(ScoreTally.objects.filter(players__gt=0).values_list("points", "players"))
    assert tally == {rest + dealing.points("pets", 4): 1, rest: 1}
    # Chloé's attempt was running: it follows the undo when it ends.
    play(chloe, "pets")
    time_up(chloe)
    chloe = homework_services.attempt_settle(attempt=chloe)
    assert WordRuling.objects.filter(round=chloe.round, word="rest").last().verdict == "undo"
    assert chloe.tallied_points == dealing.points("pets", 4)  # "rest" was refused as she sent it


def test_allowing_a_word_the_dictionary_refused_counts_it_for_those_who_sent_it(homework, teacher):
    board = homework.boards.get().round
    spelled = "plat"  # on the board, not a level-2 word
    assert spelled not in Round.objects.get(pk=board.pk).solution
    ana = finish(start(homework, "Ana"), spelled)
    assert RoundPlayer.objects.get(round=ana.round).points == 0
    homework_services.board_word_rule(board=board, word=spelled, verdict="allow", user=teacher)
    assert RoundPlayer.objects.get(round=ana.round).points == dealing.points(spelled, 4)
    with pytest.raises(RulingRefused):
        homework_services.board_word_rule(board=board, word="zzz", verdict="allow", user=teacher)


def test_the_words_the_class_found_that_a_pupil_missed_come_with_meanings(homework):
    ana = finish(start(homework, "Ana"), "rest")
    finish(start(homework, "Ben"), "rest", "pets", "tale")
    finish(start(homework, "Chloé"), "pets")
    missed = homework_selectors.class_words_missed(ana, "en")
    assert [entry["word"] for entry in missed] == ["pets", "tale"]  # most found first
    assert missed[0]["pupils"] == 2 and missed[0]["gloss"]
