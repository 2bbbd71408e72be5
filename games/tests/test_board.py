"""Boards: the text format, geometry, path checks and share codes."""

from __future__ import annotations

import pytest

from games.engine.board import Board, format_board, parse_board, path_problem
from games.engine.dice import board_sources, make_board
from games.engine.sharecode import board_code, board_from_code


def test_parse_and_format_round_trip():
    for text in ("EEAL/MARO/SAIS/IKTG", "QuAIT/R.Th./EEAL/MARO", "AB/CD/EF"):
        assert format_board(parse_board(text)) == text


def test_qu_and_two_letter_faces_are_one_cell():
    board = parse_board("QuAIT/RThSN/EEAL/MA.O")
    assert (board.rows, board.cols) == (4, 4)
    assert board.cell(0, 0) == "Qu"
    assert board.cell(1, 1) == "Th"
    assert board.letters[0] == "qu"


def test_dot_is_a_blank_cell():
    board = parse_board("A.B/CDE/FGH")
    assert board.cell(0, 1) == ""
    assert str(board) == "A.B/CDE/FGH"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty board"),
        ("EEAL/MAR/SAIS/IKTG", "different lengths"),
        ("eeal/maro", "row 1"),
        ("EEAL//SAIS", "row 2"),
        ("EE1L/MARO", "row 1"),
        ("EEAL/MA RO", "row 2"),
    ],
)
def test_malformed_board_raises_clear_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def test_board_rejects_wrong_cell_count_and_bad_faces():
    with pytest.raises(ValueError, match="needs 4 cells"):
        Board(2, 2, ("A", "B", "C"))
    with pytest.raises(ValueError, match="bad cell"):
        Board(1, 2, ("A", "qu"))


def test_neighbours_are_the_eight_around():
    board = parse_board("ABCD/EFGH/IJKL/MNOP")
    assert sorted(board.neighbours[0]) == [1, 4, 5]
    assert len(board.neighbours[5]) == 8
    assert sorted(board.neighbours[15]) == [10, 11, 14]


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ([], "empty"),
        ([(0, 0), (0, 4)], "out_of_range"),
        ([(0, 0), (-1, 0)], "out_of_range"),
        ([(0, 0), (0, 1)], "blank_cell"),
        ([(0, 0), (1, 0), (0, 0)], "cell_reused"),
        ([(0, 0), (2, 0)], "not_adjacent"),
        ([(0, 0), (1, 1), (2, 2)], None),
    ],
)
def test_path_problem_names_the_reason(path, reason):
    board = parse_board("A.CD/EFGH/IJKL/MNOP")
    assert path_problem(board, path) == reason


def test_spell_folds_the_cells():
    board = parse_board("QuI/TE")
    assert board.spell([(0, 0), (0, 1), (1, 1), (1, 0)]) == "quiet"


def test_share_code_rebuilds_every_source_roll():
    for name, source in board_sources().items():
        for size in source.sizes:
            board = make_board(name, size, seed=987654321)
            code = board_code(board)
            again = board_from_code(code)
            assert again == board
            assert (again.source, again.seed) == (name, 987654321)


def test_share_code_is_short_and_unambiguous():
    code = board_code(make_board("en-new", seed=4_000_000_000))
    assert len(code) <= 9
    assert not set(code) & set("ILOU")


def test_share_code_reads_lowercase_and_confusable_letters():
    code = board_code(make_board("en-new", seed=12))
    assert board_from_code(code.lower()) == board_from_code(code)
    assert board_from_code(code.replace("0", "O").replace("1", "I")) == board_from_code(code)


def test_share_code_spells_out_boards_without_a_seed():
    board = parse_board("QuAIT/RThSN/EEAL/MA.O")
    again = board_from_code(board_code(board))
    assert again == board
    assert again.seed is None


@pytest.mark.parametrize("code", ["", "X", "U23456", "XDWT58?F", 1234])
def test_bad_share_code_raises_value_error(code):
    with pytest.raises(ValueError, match="share code"):
        board_from_code(code)


def test_mistyped_share_code_is_caught_by_its_check_symbol():
    code = board_code(make_board("en-new", seed=77))
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for position in range(len(code)):
        for symbol in alphabet:
            if symbol != code[position]:
                typo = code[:position] + symbol + code[position + 1 :]
                with pytest.raises(ValueError, match="share code"):
                    board_from_code(typo)
