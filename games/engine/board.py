"""A letter grid: its cells, its text format and the geometry of paths on it.

A board is ``rows`` x ``cols`` cells stored row by row. A cell is the face
that landed there: one capital letter (``"A"``; ``"Ñ"`` on Spanish boards), a
two-letter face written capital-then-lowercase (``"Qu"``, ``"Th"``), or ``""``
for a blank block face that no word may use.

Text format (the command line and the share code use it): rows joined by
``/``, each cell an uppercase letter followed by optional lowercase letters,
or ``.`` for a blank: ``EEAL/MARO/SAIS/IKTG``, ``QuAIT/...``.

Cells are numbered ``row * cols + col``; paths are lists of ``(row, col)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

BLANK = ""
BLANK_TEXT = "."
# Large enough for every size we deal; small enough that a typo like a
# 400-letter row is rejected instead of building a huge board.
MAX_SIDE = 8

# Ñ is a letter of its own on Spanish boards (games.engine.folding.ALPHABETS).
_CELL_RE = re.compile(r"[A-ZÑ][a-z]*|\.")
_FACE_RE = re.compile(r"[A-ZÑ][a-z]*")


@dataclass(frozen=True)
class Board:
    """An immutable grid of faces.

    ``source`` and ``seed`` record how the board was made (a dice set or
    letter generator and the seed it was rolled with) so that a share code
    can name the roll instead of spelling out every cell; they do not take
    part in equality: two boards with the same cells are the same board.
    """

    rows: int
    cols: int
    cells: tuple[str, ...]
    source: str | None = field(default=None, compare=False)
    seed: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise ValueError(
                f"a board is 1 to {MAX_SIDE} cells a side, not {self.rows}x{self.cols}"
            )
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(
                f"a {self.rows}x{self.cols} board needs {self.rows * self.cols} cells, "
                f"got {len(self.cells)}"
            )
        for cell in self.cells:
            if cell != BLANK and not _FACE_RE.fullmatch(cell):
                raise ValueError(
                    f"bad cell {cell!r}: a capital letter (A-Z or Ñ), optionally followed by "
                    "lowercase letters, or '' for a blank"
                )

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read the text format (``EEAL/MARO/SAIS/IKTG``); ``ValueError`` if malformed."""
        return parse_board(text)

    @property
    def size(self) -> int:
        """The side of a square board (the rules depend on it); the larger side otherwise."""
        return max(self.rows, self.cols)

    @property
    def letters(self) -> tuple[str, ...]:
        """Each cell's letters as a word spells them: ``"qu"``, ``"a"``, ``""`` for a blank."""
        return tuple(map(str.lower, self.cells))

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell index, the indexes of its (up to 8) neighbours."""
        return neighbour_table(self.rows, self.cols)

    def cell(self, row: int, col: int) -> str:
        """The face at ``(row, col)``."""
        return self.cells[row * self.cols + col]

    def index(self, row: int, col: int) -> int:
        """The cell number of ``(row, col)``."""
        return row * self.cols + col

    def position(self, index: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell number."""
        return divmod(index, self.cols)

    def spell(self, path: list[tuple[int, int]]) -> str:
        """The folded letters a path spells (no validity check; see ``path_problem``)."""
        return "".join(self.cells[r * self.cols + c].lower() for r, c in path)

    def __str__(self) -> str:
        return format_board(self)


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The 8-neighbourhood of every cell of a ``rows`` x ``cols`` grid (cached per shape)."""
    table = []
    for row in range(rows):
        for col in range(cols):
            table.append(
                tuple(
                    r * cols + c
                    for r in range(max(0, row - 1), min(rows, row + 2))
                    for c in range(max(0, col - 1), min(cols, col + 2))
                    if (r, c) != (row, col)
                )
            )
    return tuple(table)


def parse_board(text: str) -> Board:
    """Parse ``EEAL/MARO/SAIS/IKTG`` (``.`` = blank, ``Qu`` = one cell).

    Raises ``ValueError`` naming the problem: an empty board, a row that is
    not cells, or rows of different lengths.
    """
    text = text.strip()
    if not text:
        raise ValueError(
            "empty board: expected rows of letters joined by '/', e.g. EEAL/MARO/SAIS/IKTG"
        )
    grid = []
    for number, row in enumerate(text.split("/"), start=1):
        cells = _CELL_RE.findall(row)
        if not row or "".join(cells) != row:
            raise ValueError(
                f"bad board {text!r}: row {number} ({row!r}) must be cells, each an uppercase "
                "letter (A-Z or Ñ) with optional lowercase letters (Qu, Th) or '.' for a blank"
            )
        grid.append([BLANK if cell == BLANK_TEXT else cell for cell in cells])
    widths = {len(row) for row in grid}
    if len(widths) != 1:
        raise ValueError(
            f"bad board {text!r}: rows have different lengths {[len(r) for r in grid]}"
        )
    return Board(len(grid), widths.pop(), tuple(cell for row in grid for cell in row))


def format_board(board: Board) -> str:
    """The text format of a board: the inverse of ``parse_board``."""
    cols = board.cols
    return "/".join(
        "".join(cell or BLANK_TEXT for cell in board.cells[start : start + cols])
        for start in range(0, len(board.cells), cols)
    )


def path_problem(board: Board, path: list[tuple[int, int]]) -> str | None:
    """Why a path cannot be played, as a reason code, or ``None`` when it can.

    Codes: ``empty``, ``out_of_range``, ``blank_cell``, ``cell_reused``,
    ``not_adjacent``. Whether the letters make a word is not checked here.
    """
    if not path:
        return "empty"
    seen = set()
    previous = None
    for step in path:
        try:
            row, col = step
        except (TypeError, ValueError):
            return "out_of_range"
        if not (
            isinstance(row, int)
            and isinstance(col, int)
            and 0 <= row < board.rows
            and 0 <= col < board.cols
        ):
            return "out_of_range"
        if board.cells[row * board.cols + col] == BLANK:
            return "blank_cell"
        if (row, col) in seen:
            return "cell_reused"
        if previous is not None and max(abs(row - previous[0]), abs(col - previous[1])) != 1:
            return "not_adjacent"
        seen.add((row, col))
        previous = (row, col)
    return None
