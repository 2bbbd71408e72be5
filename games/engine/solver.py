"""Every word on a board: the solver and the checks used during play.

``solve(board, root)`` walks the board and the word graph together (the
tuple nodes of docs/engine-contract.md): a depth-first search over cells that
only goes on while the letters so far are the start of some word. It keeps
one path per word.

``solve_by_words(board, words)`` is a second, independent strategy used to
cross-check the first: for each word of a list, is there a path that spells
it? (letter-count prefilter, then a search over the cells matching the word).

``check_word`` and ``check_path`` answer the questions of live play: is this
typed word on the board, and is this tapped path still going somewhere?

Paths are lists of ``(row, col)``; inside the search they are cell numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.engine import dawg
from games.engine.board import Board, path_problem
from games.engine.dawg import Node
from games.engine.folding import fold
from games.engine.scoring import default_min_length, score_word
from games.engine.search import search_board


@dataclass(frozen=True)
class Solution:
    """The words of a board, each with one path (as cell numbers), and their points."""

    board: Board
    min_length: int
    cell_paths: dict[str, list[int]] = field(repr=False)

    @property
    def words(self) -> list[str]:
        """The words, sorted."""
        return sorted(self.cell_paths)

    @property
    def paths(self) -> dict[str, list[tuple[int, int]]]:
        """Each word's path as ``(row, col)`` pairs, by word (sorted)."""
        cols = self.board.cols
        return {word: [divmod(cell, cols) for cell in self.cell_paths[word]] for word in self.words}

    @property
    def score(self) -> int:
        """The points of all the words, by the board size's scoring."""
        size = self.board.size
        return sum(score_word(word, size) for word in self.cell_paths)

    @property
    def longest(self) -> int:
        """The letters of the longest word (0 when there is none)."""
        return max(map(len, self.cell_paths), default=0)

    def __len__(self) -> int:
        return len(self.cell_paths)

    def __contains__(self, word: object) -> bool:
        return word in self.cell_paths


def solve(board: Board, root: Node, min_length: int | None = None) -> Solution:
    """Every word of the graph ``root`` that a path on ``board`` spells.

    ``min_length`` (letters, ``Qu`` counting two) defaults to the rules'
    minimum for the board size.
    """
    if min_length is None:
        min_length = default_min_length(board.size)
    found = search_board(board.letters, board.neighbours, root, min_length)
    return Solution(board, min_length, found)


def solve_by_words(board: Board, words: Iterable[str], min_length: int | None = None) -> Solution:
    """The words of a list (already folded) that the board holds: the slow, simple strategy."""
    if min_length is None:
        min_length = default_min_length(board.size)
    available = Counter("".join(board.letters))
    found = {}
    for word in words:
        if len(word) < min_length or word in found:
            continue
        # A word needing more of a letter than the board has cannot be there.
        if any(count > available[letter] for letter, count in Counter(word).items()):
            continue
        path = find_cell_path(board, word)
        if path is not None:
            found[word] = path
    return Solution(board, min_length, found)


def find_cell_path(board: Board, word: str) -> list[int] | None:
    """One path (cell numbers) spelling the folded ``word``, or ``None``."""
    letters = board.letters
    neighbours = board.neighbours

    def extend(cell: int, done: int, path: list[int]) -> list[int] | None:
        if done == len(word):
            return path
        for nxt in neighbours[cell]:
            chars = letters[nxt]
            if chars and nxt not in path and word.startswith(chars, done):
                found = extend(nxt, done + len(chars), [*path, nxt])
                if found:
                    return found
        return None

    for cell, chars in enumerate(letters):
        if chars and word.startswith(chars):
            found = extend(cell, len(chars), [cell])
            if found:
                return found
    return None


def fold_word(text: str, lang: str | None = None) -> str | None:
    """Fold a typed word for play (accents off, lowercase; Spanish keeps ñ).

    ``None`` if it is not made of the language's letters only.
    """
    return fold(text.strip(), lang)


def check_word(
    board: Board,
    word: str,
    root: Node | None = None,
    min_length: int | None = None,
    lang: str | None = None,
) -> list[tuple[int, int]] | None:
    """A path spelling the typed ``word`` on the board, or ``None``.

    The word is folded first (``"Été"`` plays as ``ete``; with ``lang="es"``
    ``ñ`` stays a letter). With ``root`` the word must also be a word of
    that graph; with ``min_length`` long enough.
    """
    folded = fold_word(word, lang)
    if not folded or (min_length is not None and len(folded) < min_length):
        return None
    if root is not None and not is_word(root, folded):
        return None
    path = find_cell_path(board, folded)
    return None if path is None else [board.position(cell) for cell in path]


@dataclass(frozen=True)
class PathCheck:
    """What a tapped path spells and whether it can go on.

    ``reason`` is ``None`` when the path is playable so far, else one of
    ``empty``, ``out_of_range``, ``blank_cell``, ``cell_reused``,
    ``not_adjacent`` (the path itself is wrong) or ``no_such_word`` (the
    letters start no word).
    """

    reason: str | None
    letters: str = ""
    is_prefix: bool = False
    is_word: bool = False

    @property
    def ok(self) -> bool:
        return self.reason is None


def check_path(board: Board, path: list[tuple[int, int]], root: Node) -> PathCheck:
    """Check a tapped path: geometry first, then whether its letters lead anywhere."""
    problem = path_problem(board, path)
    if problem is not None:
        return PathCheck(problem)
    letters = board.spell(path)
    node = dawg.walk(root, letters)
    if node is None:
        return PathCheck("no_such_word", letters)
    return PathCheck(None, letters, is_prefix=True, is_word=dawg.is_word_end(node))


def is_word(root: Node, word: str) -> bool:
    """Whether the graph holds ``word``."""
    return dawg.contains(root, word)
