"""The solver, the word-list cross-check, and the checks used in live play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import dawg, search
from games.engine.board import Board, parse_board
from games.engine.lexicon import load_lexicon
from games.engine.search import generate_visits, search_board, search_board_loops
from games.engine.solver import check_path, check_word, solve, solve_by_words
from games.tests.engine_helpers import (
    assert_valid_path,
    english_words,
    make_root,
    random_path_word,
)

WORDS = [
    "cat",
    "cats",
    "act",
    "acts",
    "scat",
    "tact",
    "at",
    "quit",
    "quits",
    "quiet",
    "the",
    "then",
    "thin",
    "tin",
    "tins",
    "ate",
    "eat",
    "eats",
    "tea",
    "teas",
    "seat",
    "east",
]
ROOT = make_root(WORDS)


def test_finds_the_words_with_a_valid_path_each():
    board = parse_board("CAT/XSX/XXX")
    solution = solve(board, ROOT, 3)
    assert solution.words == ["cat", "cats", "scat"]  # not "act": C and T are apart
    for word, path in solution.paths.items():
        assert_valid_path(board, path, word)


def test_word_with_several_paths_appears_once():
    board = parse_board("TAT/AXA/TAT")  # "tat" is not in the list; "at" by many paths
    solution = solve(board, make_root(["at", "tat"]), 2)
    assert solution.words == ["at", "tat"]


def test_cell_is_used_once_per_word():
    assert solve(parse_board("TAX/XXX/XXX"), make_root(["tat"]), 3).words == []


def test_blank_cell_is_never_used():
    board = parse_board("C.T/XAX/XXX")
    solution = solve(board, ROOT, 3)
    assert "cat" in solution
    assert all((0, 1) not in path for path in solution.paths.values())
    assert solve(parse_board("CA./XXX/XXX"), make_root(["ca"]), 2).words == ["ca"]


def test_qu_cell_spells_two_letters():
    board = parse_board("QuITS/XEXX/XXXX/XXXX")
    solution = solve(board, ROOT, 3)
    assert {"quit", "quits", "quiet"} <= set(solution.words)
    assert solution.paths["quit"] == [(0, 0), (0, 1), (0, 2)]


def test_two_letter_faces_are_walked_letter_by_letter():
    board = parse_board("ThENX/XIXX/XXXX/XXXX")
    solution = solve(board, ROOT, 3)
    assert {"the", "then", "thin"} <= set(solution.words)
    assert solution.paths["thin"] == [(0, 0), (1, 1), (0, 2)]


def test_min_length_defaults_by_size_and_counts_letters():
    board4 = parse_board("EATS/XXXX/XXXX/XXXX")
    assert "eat" in solve(board4, ROOT)
    board5 = parse_board("EATSX/XXXXX/XXXXX/XXXXX/XXXXX")
    assert "eat" not in solve(board5, ROOT)
    assert "eats" in solve(board5, ROOT)
    assert "eat" in solve(board5, ROOT, min_length=3)
    qu_board = parse_board("QuITX/XXXX/XXXX/XXXX")
    assert "quit" in solve(qu_board, ROOT, min_length=4)  # three cells, four letters


def test_minimum_length_holds_whatever_the_graph_notes_of_its_words():
    board = parse_board("CATS/XXXX/XXXX/XXXX")
    words = ["ca", "cat", "cats", "sat"]
    for root in (make_root(words), dawg.build_nodes(words)):
        assert solve(board, root, 2).words == ["ca", "cat", "cats"]
        assert solve(board, root, 4).words == ["cats"]
    # No word shorter than 3: nothing to filter, nothing lost.
    assert solve(board, dawg.build_nodes(["cat", "cats"]), 3).words == ["cat", "cats"]


def test_score_uses_the_board_size():
    board = parse_board("CAT/XSX/XXX")
    assert solve(board, ROOT, 3).score == 3  # cat cats scat: 1 each


def test_best_known_board_scores_3625_with_enable2k():
    """The published best 4x4 board for ENABLE2K scores 3625 with that list alone (the
    game's English list adds the spelling dictionaries' words to it: more)."""
    enable = Path(__file__).resolve().parents[2] / "dictionaries" / "sources" / "enable2k.txt"
    root = dawg.build_nodes(sorted(enable.read_text().split()))
    board = parse_board("PERS/LATG/SINE/TERS")
    solution = solve(board, root, 3)
    assert solution.score == 3625 and len(solution) == 1045
    assert solve(board, load_lexicon("en").root(4), 3).score > 3625


def test_both_strategies_agree_on_the_best_board():
    board = parse_board("PERS/LATG/SINE/TERS")
    by_graph = solve(board, load_lexicon("en").root(4), 3)
    by_list = solve_by_words(board, english_words(), 3)
    assert by_graph.words == by_list.words


PLAIN_FACES = [*"ABCDEFGHIJKLMNOPRSTUVWXYZ", *"EEEAAIIOSTRN", ""]
FACES = [*PLAIN_FACES, "Qu", "An", "Er", "He", "In", "Th"]
SHAPES = [(4, 4), (5, 5), (6, 6), (1, 1), (1, 6), (3, 5), (6, 2)]


@st.composite
def boards(draw):
    # Cells come from a drawn seed, not drawn one by one: Hypothesis would
    # otherwise favour boards of one repeated letter, where every path is a
    # prefix and the search (rightly) takes seconds. Half the boards have no
    # two-letter face (the search's other code path, and most real boards).
    rows, cols = draw(st.sampled_from(SHAPES))
    faces = FACES if draw(st.booleans()) else PLAIN_FACES
    rng = random.Random(draw(st.integers(0, 2**32)))
    return Board(rows, cols, tuple(rng.choices(faces, k=rows * cols)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), seed=st.integers(0, 2**32), min_length=st.integers(2, 4))
def test_graph_search_and_word_list_search_always_agree(board, seed, min_length):
    rng = random.Random(seed)
    # Words read off the board itself guarantee hits; English words add misses and near-misses.
    words = {random_path_word(board, rng, rng.randint(2, 9)) for _ in range(40)}
    words.update(rng.sample(english_words(), 1500))
    words.discard("")
    by_graph = solve(board, make_root(words), min_length)
    by_list = solve_by_words(board, words, min_length)
    assert by_graph.words == by_list.words
    # The same words as a minimized graph, whose root notes its shortest word
    # (the search skips its length filter when none can be too short).
    by_dawg = solve(board, dawg.build_nodes(sorted(words)), min_length)
    assert by_dawg.words == by_list.words
    for solution in (by_graph, by_list, by_dawg):
        for word, path in solution.paths.items():
            assert_valid_path(board, path, word)
            assert len(word) >= min_length


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), min_length=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_unrolled_search_matches_the_plain_loops_word_for_word_and_path_for_path(
    board, min_length, seed
):
    # search_board runs per-shape generated code; search_board_loops is the
    # readable reference. The same words, each with the same first path.
    rng = random.Random(seed)
    words = {random_path_word(board, rng, rng.randint(2, 9)) for _ in range(40)}
    words.update(rng.sample(english_words(), 3000))
    words.discard("")
    root = dawg.build_nodes(sorted(words))
    unrolled = search_board(board.letters, board.neighbours, root, min_length)
    assert unrolled == search_board_loops(board.letters, board.neighbours, root, min_length)


def test_unrolled_search_is_generated_once_per_shape_and_kind():
    board = parse_board("QuATS/XXXX/XXXX/XXXX")
    plain = parse_board("CATS/XXXX/XXXX/XXXX")
    first = generate_visits(board.neighbours, digraphs=True)
    assert len(first) == 16 and all(callable(visit) for visit in first)
    # Boards of one shape share one table of neighbours, so one set of functions.
    shape = search._shape(board.neighbours)
    assert search._shape(plain.neighbours) is shape
    assert shape.visits(digraphs=False) is shape.visits(digraphs=False)
    assert "quat" in solve(board, make_root(["quat", "quats"]), 3)
    assert solve(board, make_root(["quat", "quats"]), 3).words == ["quat", "quats"]


def test_check_word_returns_a_path_or_none():
    board = parse_board("CAT/XSX/XXX")
    assert check_word(board, "cats") == [(0, 0), (0, 1), (0, 2), (1, 1)]
    assert check_word(board, "dog") is None
    assert check_word(board, "tac") is not None  # on the board, not a word: no root given
    assert check_word(board, "tac", root=ROOT) is None
    assert check_word(board, "cat", min_length=4) is None


def test_check_word_accepts_accents_and_capitals():
    board = parse_board("ETE/XXX/XXX")
    assert check_word(board, "Été") == [(0, 0), (0, 1), (0, 2)]
    assert check_word(board, "l'été") is None


@pytest.mark.parametrize(
    ("path", "reason", "is_word"),
    [
        ([(0, 0), (0, 1)], None, False),
        ([(0, 0), (0, 1), (0, 2)], None, True),
        ([(0, 0), (1, 0)], "no_such_word", False),
        ([(0, 0), (0, 0)], "cell_reused", False),
        ([(0, 0), (2, 2)], "not_adjacent", False),
        ([(0, 0), (5, 0)], "out_of_range", False),
        ([(2, 0)], "blank_cell", False),
        ([], "empty", False),
    ],
)
def test_check_path_says_why_a_tapped_path_fails(path, reason, is_word):
    board = parse_board("CAT/XSX/.XX")
    result = check_path(board, path, ROOT)
    assert result.reason == reason
    assert result.ok is (reason is None)
    assert result.is_word is is_word
    assert result.is_prefix is (reason is None)
