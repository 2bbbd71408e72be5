"""The constrained board generator, and what frequency letters buy."""

from __future__ import annotations

import random
import statistics

import pytest

from games.engine.board import Board
from games.engine.dice import dice_sets, draw_letters, letter_weights, make_board
from games.engine.generator import GenerationError, generate_board, match_dice
from games.engine.lexicon import load_lexicon
from games.engine.sharecode import board_code, board_from_code
from games.engine.solver import solve
from games.tests.engine_helpers import assert_valid_path


@pytest.fixture(scope="module")
def english():
    return load_lexicon("en").root(4)


def test_board_has_at_least_the_words_asked_for(english):
    result = generate_board("en-new", english, seed=1, min_words=60)
    assert len(result.solution) >= 60
    assert solve(result.board, english).words == result.solution.words


def test_same_seed_gives_the_same_board(english):
    first = generate_board("en-new", english, seed=5, min_words=80)
    second = generate_board("en-new", english, seed=5, min_words=80)
    assert first.board == second.board


def test_unplanted_board_keeps_a_short_share_code(english):
    board = generate_board("en-new", english, seed=9, min_words=40).board
    assert len(board_code(board)) <= 9
    assert board_from_code(board_code(board)) == board


def test_longest_word_constraint(english):
    result = generate_board("en-big", english, seed=2, min_longest=8)
    assert result.solution.longest >= 8


def test_planted_words_are_on_the_board_and_found(english):
    words = ["quiet", "teacher", "class"]
    result = generate_board("en-superbig", english, seed=3, must_include=words)
    for word in words:
        assert word in result.solution
        assert_valid_path(result.board, result.solution.paths[word], word)


def test_planted_cells_are_real_faces_of_distinct_dice(english):
    dice = dice_sets()["en-new"].dice
    for seed in range(10):
        board = generate_board("en-new", english, seed=seed, must_include=["tone", "note"]).board
        assert match_dice(list(board.cells), dice, random.Random(0)) is not None


def test_planted_board_rebuilds_from_its_spelled_out_code(english):
    board = generate_board("en-new", english, seed=4, must_include=["quiet"]).board
    assert board_from_code(board_code(board)) == board


def test_frequency_letters_plant_accented_words_folded():
    french = load_lexicon("fr").root(4)
    result = generate_board("fr-freq", french, size=5, seed=1, must_include=["école"])
    assert "ecole" in result.solution


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"min_words": 2000}, "at least 2000 words"),
        ({"min_longest": 16}, "at least 16 letters"),
        ({"must_include": ["zzxq"]}, "not in the dictionary"),
        ({"must_include": ["qat"]}, "Qu"),
        ({"must_include": ["jazz"]}, "too few dice"),
        ({"must_include": ["at"]}, "shorter than 3"),
        ({"must_include": ["it's"]}, "board.s letters"),
    ],
)
def test_unmet_constraint_raises_an_error_naming_it(english, kwargs, message):
    with pytest.raises(GenerationError, match=message):
        generate_board("en-new", english, seed=1, time_budget=0.2, **kwargs)


def test_budget_bounds_the_time(english):
    with pytest.raises(GenerationError, match="boards tried"):
        generate_board("en-new", english, seed=1, min_words=2000, max_attempts=5)


def test_frequency_boards_hold_several_times_the_words_of_uniform_letters(english):
    def mean_words(lang_weights):
        return statistics.mean(
            len(solve(Board(4, 4, draw_letters(lang_weights, 16, random.Random(seed))), english))
            for seed in range(50)
        )

    frequency = mean_words(letter_weights("en"))
    uniform = mean_words(letter_weights(None))
    assert frequency > 2.5 * uniform


def test_dice_boards_are_as_rich_as_the_reference_says(english):
    counts = [len(solve(make_board("en-new", seed=seed), english)) for seed in range(100)]
    assert 80 <= statistics.mean(counts) <= 120  # reference: mean 99 over 10,000 rolls
