"""Short codes to share a board: ``board_code(board)`` and ``board_from_code(code)``.

A code is a number written in Crockford's base 32 (digits and capitals
without I, L, O, U, so 0/O and 1/I/L cannot be confused; reading folds
case and takes O as 0 and I/L as 1), followed by one check symbol (Luhn
mod 32) that catches any single mistyped symbol and most swapped pairs.

The number holds, from the lowest bits:

- 1 bit, the kind: 0 = a seeded roll, 1 = the cells spelled out;
- seeded: 5 bits of source number (``games.engine.dice``), 2 bits of size
  (4, 5, 6), then the seed: ``en-new`` 4x4 with a 32-bit seed is 8 symbols;
- spelled out (boards with planted words, or typed in): 3 bits rows-1,
  3 bits cols-1, then each cell as a digit of base ``len(FACES)``.
"""

from __future__ import annotations

from games.engine.board import BLANK, Board
from games.engine.dice import make_board, source_by_number, source_number

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {symbol: value for value, symbol in enumerate(ALPHABET)}
_VALUES.update({"O": 0, "I": 1, "L": 1})
_SIZES = (4, 5, 6)
SOURCE_BITS = 5
# Every face a spelled-out board may hold; append only (codes depend on the order).
FACES = (BLANK, *"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Qu", "An", "Er", "He", "In", "Th", "Ñ")


def board_code(board: Board) -> str:
    """The share code of a board: its roll when known, else its cells."""
    if (
        board.source is not None
        and board.seed is not None
        and board.seed >= 0
        and board.rows == board.cols
        and board.size in _SIZES
    ):
        number = source_number(board.source)
        if number < 1 << SOURCE_BITS:
            value = (board.seed << 2 | _SIZES.index(board.size)) << SOURCE_BITS | number
            return _encode(value << 1)
    return _encode(_cells_value(board) << 1 | 1)


def board_from_code(code: str) -> Board:
    """The board a share code names. ``ValueError`` says what is wrong with a bad code."""
    value = _decode(code)
    if value & 1:
        return _cells_board(value >> 1)
    value >>= 1
    number = value & ((1 << SOURCE_BITS) - 1)
    value >>= SOURCE_BITS
    size_index = value & 3
    if size_index >= len(_SIZES):
        raise ValueError(f"share code {code!r} names no board size")
    try:
        source = source_by_number(number)
    except ValueError:
        raise ValueError(f"share code {code!r} names an unknown dice set ({number})") from None
    return make_board(source, _SIZES[size_index], value >> 2)


def _cells_value(board: Board) -> int:
    value = 0
    for cell in reversed(board.cells):
        try:
            value = value * len(FACES) + FACES.index(cell)
        except ValueError:
            raise ValueError(f"the face {cell!r} cannot be put in a share code") from None
    return (value << 3 | board.cols - 1) << 3 | board.rows - 1


def _cells_board(value: int) -> Board:
    rows = (value & 7) + 1
    cols = (value >> 3 & 7) + 1
    value >>= 6
    cells = []
    for _ in range(rows * cols):
        value, digit = divmod(value, len(FACES))
        cells.append(FACES[digit])
    if value:
        raise ValueError("share code too long for its board")
    return Board(rows, cols, tuple(cells))


def _encode(value: int) -> str:
    digits = []
    while True:
        value, digit = divmod(value, 32)
        digits.append(ALPHABET[digit])
        if not value:
            break
    body = "".join(reversed(digits))
    return body + ALPHABET[_check_value(body)]


def _decode(code: str) -> int:
    if not isinstance(code, str):
        raise ValueError("a share code is text")
    text = code.strip().upper().replace("-", "")
    if len(text) < 2:
        raise ValueError(f"share code {code!r} is too short")
    bad = sorted({symbol for symbol in text if symbol not in _VALUES})
    if bad:
        raise ValueError(
            f"share code {code!r} has characters that are not in codes: {''.join(bad)}"
        )
    canonical = "".join(ALPHABET[_VALUES[symbol]] for symbol in text)
    body, check = canonical[:-1], canonical[-1]
    if ALPHABET[_check_value(body)] != check:
        raise ValueError(f"share code {code!r} is mistyped (its check symbol does not match)")
    value = 0
    for symbol in body:
        value = value * 32 + _VALUES[symbol]
    return value


def _check_value(body: str) -> int:
    """Luhn mod 32 over the symbols: the check digit that makes the sum 0."""
    total = 0
    factor = 2
    for symbol in reversed(body):
        addend = factor * _VALUES[symbol]
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return (32 - total % 32) % 32
