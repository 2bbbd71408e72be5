"""The end of a round on the projector: podium, longest word found, best word nobody found."""

from __future__ import annotations

import pytest

from games import selectors, services
from games.dealing import points
from games.models import Round
from games.tests.conftest import make_room, start_round

pytestmark = pytest.mark.django_db


def played(finds: dict[str, list[str]], **settings):
    """A finished round in which each nickname sent its words, in order."""
    settings.setdefault("mode", "versus")
    room = make_room(**settings)
    players = {
        name: services.player_join(room=room, browser=f"b-{name}", nickname=name) for name in finds
    }
    game_round = Round.objects.get(pk=selectors.current_round(room).pk)
    start_round(game_round)
    for name, words in finds.items():
        for word in words:
            services.word_submit(
                round=game_round, player=players[name], round_id=game_round.pk, word=word
            )
    services.round_finish(round=game_round)
    return room, game_round, players


def test_the_podium_is_the_top_three_by_points_with_shared_ranks():
    # RICH_BOARD: "alerts" (6 letters) scores 3, "late" 1, "art" 1.
    _, game_round, _ = played(
        {"Ann": ["alerts"], "Ben": ["late", "art"], "Chloe": ["late", "art"], "Dev": ["art"]}
    )
    podium = selectors.round_highlights(game_round).podium
    assert [(p.rank, p.name, p.points) for p in podium] == [
        (1, "Ann", 3),
        (2, "Ben", 2),
        (2, "Chloe", 2),
    ]


def test_a_team_round_puts_the_winning_team_first_with_its_players():
    room = make_room(mode="teams", team_count=2)
    ann = services.player_join(room=room, browser="b-ann", nickname="Ann")
    ben = services.player_join(room=room, browser="b-ben", nickname="Ben")
    game_round = Round.objects.get(pk=selectors.current_round(room).pk)
    services.player_move(room=room, player_id=ben.pk, team_number=2)
    services.player_move(room=room, player_id=ann.pk, team_number=2)
    services.round_enter(
        round=game_round, player=services.player_join(room=room, browser="b-chl", nickname="Chloe")
    )
    start_round(game_round)
    services.word_submit(round=game_round, player=ann, round_id=game_round.pk, word="alerts")
    services.round_finish(round=game_round)
    highlights = selectors.round_highlights(game_round)
    assert highlights.teams
    winner = highlights.podium[0]
    assert (winner.rank, winner.name, winner.points) == (1, "Blue", 3)
    assert set(winner.members) == {"Ann", "Ben"}
    assert highlights.podium[1].members == ("Chloe",)


def test_the_longest_word_found_and_everyone_who_found_it():
    _, game_round, _ = played({"Ann": ["late", "alerts"], "Ben": ["alerts"], "Chloe": ["art"]})
    longest = selectors.round_highlights(game_round).longest
    assert (longest.word, longest.points, longest.by) == ("alerts", 3, ("Ann", "Ben"))


def test_the_best_word_nobody_found_is_the_longest_then_the_highest_scoring():
    _, game_round, _ = played({"Ann": ["late"]})
    countable = selectors.results(game_round, None)["words"]
    length = max(map(len, countable))
    expected = sorted(
        (w for w in countable if len(w) == length),
        key=lambda w: (-points(w, game_round.size), w),
    )[0]
    best = selectors.round_highlights(game_round).best_missed
    assert (best.word, best.by) == (expected, ())
    assert best.points == points(expected, game_round.size)
    # Once someone finds it, it is no longer the best missed word.
    _, again, _ = played({"Ann": [expected]})
    assert selectors.round_highlights(again).best_missed.word != expected
    assert selectors.round_highlights(again).longest.word == expected


def test_a_round_nobody_played_has_an_empty_podium_and_no_longest_word():
    _, game_round, _ = played({})
    highlights = selectors.round_highlights(game_round)
    assert highlights.podium == () and highlights.longest is None
    assert highlights.best_missed is not None


def test_the_podium_lists_a_removed_player_as_the_results_do():
    # Issue 19: the podium hid a removed player whom the results still listed. Both show
    # one who found a word (a record is a record); neither shows one who found none.
    room, game_round, players = played({"Ann": ["alerts"], "Ben": ["late"], "Cy": []})
    services.player_remove(room=room, player_id=players["Ann"].pk)
    services.player_remove(room=room, player_id=players["Cy"].pk)
    highlights = selectors.round_highlights(game_round)
    results = selectors.results(game_round, None)
    assert [p.name for p in highlights.podium] == ["Ann", "Ben"]
    assert [name for name, _ in results["scoreboard"]] == ["Ann", "Ben"]


def test_a_disallowed_word_is_neither_the_longest_found_nor_missed():
    _, game_round, _ = played({"Ann": ["late", "alerts"]})
    services.word_rule(round=game_round, word="alerts", verdict="disallow")
    highlights = selectors.round_highlights(game_round)
    assert highlights.longest.word == "late"
    assert highlights.podium[0].points == 1
    assert highlights.best_missed.word != "alerts"


def test_the_best_word_nobody_found_comes_with_its_meaning_in_the_readers_language():
    from django.utils import translation

    from games.engine.glosses import gloss

    found: list[str] = []  # found one by one until the best missed word has a meaning
    for _ in range(10):
        _, game_round, _ = played({"Ann": found or ["late"]})
        with translation.override("fr"):  # an English word, read in a French interface
            best = selectors.round_highlights(game_round).best_missed
        meaning = gloss(best.word, "en", "fr")
        assert best.gloss == meaning
        if meaning:
            break
        found.append(best.word)
    assert best.gloss, f"no meaning for any of {found}"


def test_the_projector_shows_spellings_that_differ_only_in_case_once():
    """German Festes / festes: in the projector's capitals, one FESTES."""
    from games.selectors.highlights import Word

    assert Word("festes", "Festes / festes", 3).headline == "FESTES"
    assert Word("meme", "même / mémé", 2).headline == "MÊME / MÉMÉ"
