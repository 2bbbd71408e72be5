"""Game rules as services: rooms, nicknames, rounds, words and results."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import selectors, services, verdicts
from games.models import Find, Room, RoundPlayer
from games.nicknames import NicknameError
from games.tests.conftest import ANN, BEN, CHLOE, HOST, make_room, start_round

pytestmark = pytest.mark.django_db


def started_room(**settings):
    room = make_room(**settings)
    game_round = selectors.current_round(room)
    start_round(game_round)
    game_round.refresh_from_db()
    return room, game_round


def some_word(game_round, length=5):
    return sorted(w for w in game_round.solution if len(w) == length)[0]


def test_a_round_stores_every_word_on_its_board_when_dealt():
    room = make_room()
    game_round = selectors.current_round(room)
    assert game_round.board == "PERS/LATG/SINE/TERS"
    assert game_round.word_count == len(game_round.solution) > 100
    assert all(len(path) >= 3 for path in game_round.solution.values())


def test_a_random_deal_has_a_share_code_and_enough_words():
    room = services.room_create(host_browser=HOST, language="fr", level=2)
    game_round = selectors.current_round(room)
    assert game_round.share_code
    assert game_round.word_count >= 15
    assert game_round.board.count("/") == 3


@pytest.mark.parametrize(
    ("room_settings", "message"),
    [
        ({"duration_seconds": 5}, "between"),
        ({"language": "xx"}, "unknown language"),
        ({"size": 7}, "4×4, 5×5 or 6×6"),
        ({"mode": "teams", "team_count": 9}, "teams"),
        ({"dice": "en-new", "size": 5}, "cannot make a 5×5"),
    ],
)
def test_unplayable_room_settings_are_refused_with_a_reason(room_settings, message):
    with pytest.raises(services.RoomSettingsError, match=message):
        services.room_create(host_browser=HOST, **room_settings)


def test_room_codes_avoid_ambiguous_characters():
    codes = {services.room_create(host_browser=HOST).code for _ in range(5)}
    for code in codes:
        assert len(code) == 6
        assert not set(code) & set("0O1IL")


def test_the_same_browser_joining_again_is_the_same_player():
    room = make_room()
    first = services.player_join(room=room, browser=ANN, nickname="Ann")
    again = services.player_join(room=room, browser=ANN, nickname="Someone else")
    assert again.pk == first.pk
    assert room.players.count() == 1


def test_nicknames_are_trimmed_and_unique_ignoring_case():
    room = make_room()
    player = services.player_join(room=room, browser=ANN, nickname="   Ann   Marie ")
    assert player.nickname == "Ann Marie"
    with pytest.raises(NicknameError, match="already has that nickname"):
        services.player_join(room=room, browser=BEN, nickname="ANN MARIE")


@pytest.mark.parametrize(
    "nickname", ["", "   ", "x" * 21, "Ann\u202eBen", "zero\u200bwidth", "bell\x07", None, 42]
)
def test_hostile_or_empty_nicknames_are_refused(nickname):
    room = make_room()
    with pytest.raises(NicknameError):
        services.player_join(room=room, browser=ANN, nickname=nickname)
    assert room.players.count() == 0


def test_markup_in_a_nickname_is_kept_as_text():
    room = make_room()
    player = services.player_join(room=room, browser=ANN, nickname="<script>x</script>")
    assert player.nickname == "<script>x</script>"  # escaped where shown, never stripped


def test_teams_are_balanced_as_players_join():
    room = make_room(mode="teams", team_count=3)
    for i in range(7):
        services.player_join(room=room, browser=f"b{i}", nickname=f"P{i}")
    members = RoundPlayer.objects.filter(round=selectors.current_round(room))
    counts = {}
    for number in members.values_list("team__number", flat=True):
        counts[number] = counts.get(number, 0) + 1
    assert sorted(counts.values()) == [2, 2, 3]


def test_starting_twice_keeps_the_first_clock():
    room = make_room()
    game_round = selectors.current_round(room)
    services.round_start(round=game_round, now=timezone.now() - timedelta(seconds=30))
    first_end = game_round.ends_at
    services.round_start(round=game_round)
    assert game_round.ends_at == first_end


def test_a_word_within_the_network_grace_counts_and_one_after_it_does_not():
    room, game_round = started_room()
    player = services.player_join(room=room, browser=ANN, nickname="Ann")
    word, late_word = some_word(game_round, 5), some_word(game_round, 6)
    in_grace = services.word_submit(
        round=game_round,
        player=player,
        round_id=game_round.pk,
        word=word,
        now=game_round.ends_at + timedelta(milliseconds=500),
    )
    too_late = services.word_submit(
        round=game_round,
        player=player,
        round_id=game_round.pk,
        word=late_word,
        now=game_round.ends_at + timedelta(seconds=2),
    )
    assert in_grace.accepted
    assert (too_late.accepted, too_late.reason) == (False, "time_up")
    assert Find.objects.filter(round=game_round).count() == 1


def test_accents_and_case_do_not_matter_when_typing():
    room = make_room(language="fr", board="ETEA/SRUN/LOIE/TSAP", level=4)
    game_round = selectors.current_round(room)
    start_round(game_round)
    game_round.refresh_from_db()
    player = services.player_join(room=room, browser=ANN, nickname="Ann")
    assert "ete" in game_round.solution
    result = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="ÉTÉ"
    )
    assert (result.accepted, result.word) == (True, "ete")


def test_a_round_ends_exactly_once():
    _room, game_round = started_room()
    results = [services.round_finish(round=game_round) for _ in range(3)]
    assert results == [True, False, False]


@pytest.mark.django_db(transaction=True)
def test_a_round_ends_once_even_when_workers_race():
    if connection.vendor != "postgresql":
        pytest.skip("a real race needs a database that runs writers in parallel")
    _room, game_round = started_room()
    barrier, outcomes = threading.Barrier(4), []

    def finish():
        barrier.wait()
        outcomes.append(services.round_finish(round=game_round))
        connection.close()

    threads = [threading.Thread(target=finish) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False, False, False, True]


def test_a_round_whose_time_is_up_is_finished_by_the_next_reader():
    _room, game_round = started_room()
    later = game_round.ends_at + timedelta(seconds=1)
    assert services.round_finish_if_due(round=game_round, now=later)
    assert game_round.finished_at == later


def test_classic_scoring_gives_shared_words_to_nobody():
    room, game_round = started_room(mode="versus", scoring="classic")
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    ben = services.player_join(room=room, browser=BEN, nickname="Ben")
    shared, own = some_word(game_round, 6), some_word(game_round, 7)
    for player in (ann, ben):
        services.word_submit(round=game_round, player=player, round_id=game_round.pk, word=shared)
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=own)
    services.round_finish(round=game_round)
    summary = selectors.results(game_round, selectors.round_player(game_round, ann))
    assert dict(summary["scoreboard"]) == {"Ann": 5, "Ben": 0}
    assert summary["shared"] == {shared}
    assert summary["finders"][shared] == ["Ann", "Ben"]
    stored = dict(RoundPlayer.objects.filter(round=game_round).values_list("player", "points"))
    assert stored == {ann.pk: 5, ben.pk: 0}  # what the leaderboards add up


def test_results_list_every_word_and_what_the_player_missed():
    room, game_round = started_room()
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    word = some_word(game_round, 8)
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word=word)
    services.round_finish(round=game_round)
    summary = selectors.results(game_round, selectors.round_player(game_round, ann))
    assert sorted(summary["words"]) == sorted(game_round.solution)
    assert summary["mine"] == {word}
    assert (summary["my_points"], summary["my_longest"]) == (11, word)


def test_team_results_and_scores_are_per_team():
    room, game_round = started_room(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser=ANN, nickname="Ann")
    services.player_join(room=room, browser=BEN, nickname="Ben")
    chloe = services.player_join(room=room, browser=CHLOE, nickname="Chloe")
    member = selectors.round_player(game_round, ann)
    assert member.team == selectors.round_player(game_round, chloe).team
    services.word_submit(
        round=game_round, player=chloe, round_id=game_round.pk, word=some_word(game_round, 5)
    )
    board = selectors.scoreboard(game_round)
    rows = selectors.rows(game_round, board, selectors.team_numbers(game_round))
    assert rows == [{"id": 1, "points": 2, "words": 1}, {"id": 2, "points": 0, "words": 0}]
    words = selectors.my_finds(game_round, verdicts.round_words(game_round), board, member)
    assert [(f["word"], f["by"]) for f in words] == [(some_word(game_round, 5), "Chloe")]


def test_play_again_deals_a_new_round_with_the_same_settings():
    room, game_round = started_room(mode="versus", language="en", level=3)
    with pytest.raises(services.RoundRunning, match="Finish the round"):
        services.round_deal(room=room)
    services.round_finish(round=game_round)
    new_round = services.round_deal(room=room).round
    assert new_round.number == 2
    assert (new_round.language, new_round.level, new_round.started_at) == ("en", 3, None)
    assert Room.objects.get(pk=room.pk).rounds.count() == 2


def test_accepted_words_come_back_as_the_language_writes_them():
    room = make_room(language="fr", board="ETEA/SRUN/LOIE/TSAP", level=4)
    game_round = selectors.current_round(room)
    start_round(game_round)
    player = services.player_join(room=room, browser=ANN, nickname="Ann")
    result = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="ete"
    )
    event = services.word_result_event(result, game_round)
    assert (event["word"], event["display"]) == ("ete", "été")
    again = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="été"
    )
    event = services.word_result_event(again, game_round)
    assert (event["accepted"], event["display"]) == (False, "été")  # "ÉTÉ: already found"


def test_vulgar_words_never_count_in_the_classroom_game():
    from games.dealing import blocked_words

    assert {"fuck", "clit"} <= blocked_words("en")
    # S-H-I-T spelled down the first column: in ENABLE2K, but not in a lesson.
    room = make_room(board="SABC/HDEF/IGJK/TLMN", level=4)
    game_round = selectors.current_round(room)
    assert "shit" not in game_round.solution
    start_round(game_round)
    player = services.player_join(room=room, browser=ANN, nickname="Ann")
    result = services.word_submit(
        round=game_round, player=player, round_id=game_round.pk, word="shit"
    )
    assert (result.accepted, result.reason) == (False, "not_allowed")
