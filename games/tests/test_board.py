"""Boards: the text format, geometry, path checks and share codes."""

from __future__ import annotations

import pytest

from games.engine.board import Board, format_board, parse_board, path_problem
from games.engine.dice import SOURCE_NUMBERS, board_sources, make_board
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


# Codes handed out before the numbers were written down (seed 20261127, each source's
# first size): stored codes must keep naming the same board whatever sources are added.
PINNED_CODES = {
    "en-classic": ("4TJJ1R0D", "D/V/C/B/O/U/W/O/G/Y/Qu/D/E/L/T/T"),
    "en-new": ("4TJJ1R29", "I/W/F/D/G/U/Z/L/I/U/S/D/E/T/N/O"),
    "en-big": ("4TJJ1T43", "N/M/R/O/T/R/Y/N/T/A/N/S/D/T/E/R/E/V/E/E/I/C/K/T/E"),
    "en-deluxe": ("4TJJ1T6Z", "N/M/R/O/T/R/Y/N/T/A/N/S/D/T/E/R/E/V/E/E/I/C/K/T/E"),
    "en-superbig": (
        "4TJJ1W8S",
        "/A/W/H/F/I/W/K/U/O/R/V/M/S/S/R/A/N/Y/R/E/E/A/E/N/E/T/E/M/An/I/A/N/O/T/A",
    ),
    "fr-classic": ("4TJJ1RAS", "E/O/E/O/N/R/S/D/L/U/P/N/S/F/T/I"),
    "en-big-2012": ("4TJJ1TCK", "N/M/Y/O/T/W/Th/N/T/A/N/S/E/T/E/R/D/V/E/E/L/C/J/T/E"),
    "fr-big": ("4TJJ1TEF", "U/E/E/I/A/S/T/C/M/N/L/S/N/A/R/S/A/A/M/N/R/C/A/Qu/T"),
    "en-freq": ("4TJJ1RGC", "A/E/F/S/D/I/U/E/B/D/A/T/R/A/Y/O"),
    "fr-freq": ("4TJJ1RJ8", "A/E/E/S/D/I/U/E/A/D/A/T/R/A/Z/O"),
    "es-freq": ("4TJJ1RM4", "A/D/E/R/B/G/U/D/A/B/A/T/P/A/Z/O"),
    "de-freq": ("4TJJ1RP0", "A/E/E/S/E/H/U/E/C/E/A/T/R/A/Z/N"),
    "it-freq": ("4TJJ1RRW", "A/E/E/S/C/I/U/E/A/C/A/T/R/A/Z/O"),
    "pt-freq": ("4TJJ1RTR", "A/E/E/S/B/H/U/E/A/B/A/T/R/A/Z/O"),
    "uniform": ("4TJJ1RWM", "A/G/H/V/E/K/Y/G/C/E/A/X/T/B/Z/Qu"),
}


@pytest.mark.parametrize("name", sorted(PINNED_CODES))
def test_a_stored_share_code_names_the_same_board_as_before(name):
    code, cells = PINNED_CODES[name]
    board = board_from_code(code)
    assert (board.source, board.seed) == (name, 20261127)
    assert "/".join(board.cells) == cells
    assert board_code(make_board(name, board.rows, seed=20261127)) == code


def test_every_source_has_its_own_fixed_number():
    assert set(SOURCE_NUMBERS) == set(board_sources())  # a new source gets a number
    assert len(set(SOURCE_NUMBERS.values())) == len(SOURCE_NUMBERS)
    assert all(0 <= number < 32 for number in SOURCE_NUMBERS.values())  # five bits


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
