"""Helpers shared by the engine tests: a tiny word graph and path checks.

``make_root`` builds the tuple nodes of docs/engine-contract.md as a plain
trie (no suffix sharing, no shortest-word note at the root), so solver tests
do not depend on the dictionary side's DAWG builder.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from functools import cache

from games.engine.board import Board
from games.engine.dawg import make_node


def make_root(words: Iterable[str]) -> tuple:
    """A trie of tuple nodes (``dawg.make_node``), built from nested dicts."""
    trie: dict = {}
    for word in words:
        node = trie
        for letter in word:
            node = node.setdefault(letter, {})
        node[""] = True

    def freeze(node: dict) -> tuple:
        children = {letter: freeze(child) for letter, child in node.items() if letter}
        return make_node(children, final="" in node)

    return freeze(trie)


def assert_valid_path(board: Board, path: list[tuple[int, int]], word: str) -> None:
    """The path is in range, never reuses or blanks a cell, steps to neighbours, spells word."""
    assert len(set(path)) == len(path), f"{word}: reuses a cell {path}"
    for row, col in path:
        assert 0 <= row < board.rows and 0 <= col < board.cols, f"{word}: off the board {path}"
        assert board.cell(row, col), f"{word}: uses a blank {path}"
    for (r1, c1), (r2, c2) in itertools.pairwise(path):
        assert max(abs(r1 - r2), abs(c1 - c2)) == 1, f"{word}: not adjacent {path}"
    assert board.spell(path) == word


def random_path_word(board: Board, rng: random.Random, cells: int) -> str:
    """The letters of a random self-avoiding walk of up to ``cells`` cells (blanks avoided)."""
    playable = [i for i, cell in enumerate(board.cells) if cell]
    if not playable:
        return ""
    path = [rng.choice(playable)]
    while len(path) < cells:
        options = [j for j in board.neighbours[path[-1]] if board.cells[j] and j not in path]
        if not options:
            break
        path.append(rng.choice(options))
    return "".join(board.letters[i] for i in path)


@cache
def english_words() -> tuple[str, ...]:
    """Every word of the built English dictionary (ENABLE2K), read once per test run."""
    from games.engine.lexicon import load_lexicon

    return tuple(load_lexicon("en").words(4))
