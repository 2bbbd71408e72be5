"""Spanish ñ is a letter of its own: folding, the word graph, boards, the solver, share codes."""

from __future__ import annotations

import random

import pytest

from games.engine import dawg
from games.engine.board import parse_board
from games.engine.dice import LetterWeights, draw_letters
from games.engine.folding import ALPHABETS, fold
from games.engine.lexicon import Lexicon
from games.engine.search import search_board, search_board_loops
from games.engine.sharecode import board_code, board_from_code
from games.engine.solver import check_path, check_word, solve


@pytest.mark.parametrize(
    ("text", "lang", "folded"),
    [
        ("año", "es", "año"),
        ("AÑO", "es", "año"),
        ("an\u0303o", "es", "año"),  # n + combining tilde, as some keyboards send it
        ("Ñandú", "es", "ñandu"),
        ("año", None, "ano"),
        ("año", "fr", "ano"),
        ("cañón", "pt", "canon"),
    ],
)
def test_only_spanish_keeps_enye(text, lang, folded):
    assert fold(text, lang) == folded


def test_spanish_alphabet_has_27_letters_and_the_others_26():
    assert ALPHABETS["es"].endswith("ñ") and len(ALPHABETS["es"]) == 27
    assert all(len(ALPHABETS[lang]) == 26 for lang in ("en", "fr", "de", "it", "pt"))


def test_a_graph_with_enye_has_wide_nodes_and_keeps_ano_and_año_apart():
    graph = dawg.build_graph([["ano", "año", "niño"]])
    root = dawg.Graph.from_bytes(graph.to_bytes()).to_nodes()[0]
    assert len(root) == dawg.WIDE
    assert dawg.contains(root, "año") and dawg.contains(root, "ano")
    assert not dawg.contains(root, "ana")
    assert list(dawg.iter_words(root)) == ["ano", "año", "niño"]
    assert dawg.child_letters(dawg.walk(root, "a")) == "nñ"


def test_a_graph_without_enye_keeps_narrow_nodes():
    root = dawg.build_graph([["cat", "dog"]]).to_nodes()[0]
    assert len(root) == dawg.NARROW
    assert dawg.child(root, "ñ") is None


def test_the_solver_tells_año_from_ano():
    spanish = Lexicon.from_words(["año", "ano", "daño"], "es")
    board = parse_board("AÑO/DNE/XXX")
    assert solve(board, spanish.root(), 3).words == ["ano", "año", "daño"]
    assert search_board_loops(board.letters, board.neighbours, spanish.root(), 3) == (
        search_board(board.letters, board.neighbours, spanish.root(), 3)
    )
    assert check_word(board, "año", spanish.root(), lang="es") == [(0, 0), (0, 1), (0, 2)]
    assert check_path(board, [(0, 0), (0, 1), (0, 2)], spanish.root()).is_word
    assert check_path(board, [(0, 0), (1, 1), (0, 2)], spanish.root()).letters == "ano"


def test_enye_on_a_board_is_a_blank_for_a_graph_without_it():
    english = Lexicon.from_words(["ant", "nod"], "en")
    board = parse_board("AÑT/NOD/XXX")
    assert solve(board, english.root(), 3).words == ["nod"]


def test_a_board_with_enye_round_trips_through_text_and_share_code():
    board = parse_board("AÑOS/NIÑO/QuEDA/LTRE")
    assert str(board) == "AÑOS/NIÑO/QuEDA/LTRE"
    assert board_from_code(board_code(board)) == board


def test_a_split_turns_some_drawn_n_into_enye_and_leaves_other_cells_alone():
    plain = LetterWeights(("A", "N"), (50.0, 100.0))
    split = plain._replace(splits=(("N", "Ñ", 0.5),))
    before = draw_letters(plain, 400, random.Random(5))
    after = draw_letters(split, 400, random.Random(5))
    assert 100 < after.count("Ñ") < 300
    assert all(a == b or (a == "Ñ" and b == "N") for a, b in zip(after, before, strict=True))


def test_spanish_frequency_boards_roll_enye_and_other_languages_never_do():
    from collections import Counter

    from games.engine.dice import make_board

    spanish, french = Counter(), Counter()
    for seed in range(200):
        spanish.update(make_board("es-freq", 5, seed=seed).cells)
        french.update(make_board("fr-freq", 5, seed=seed).cells)
    assert 0 < spanish["Ñ"] < spanish["N"] / 10
    assert french["Ñ"] == 0
