"""The solver's hot loop: a depth-first search over cells and word-graph nodes.

Pure Python has to be frugal here: a 4x4 board costs ~290 calls, ~1,700
neighbour probes and ~500 steps onto a child, at a few nanoseconds per
bytecode. So this module trades elegance for speed, on purpose and only here
(docs/PERFORMANCE.md has the figures and what was tried):

- nodes are tuples (games/engine/dawg.py): ``node[k]`` is the child by the
  letter ``k`` or ``None``, so a probe is one tuple index, no hashing;
- each node's info int has a bit per child letter; each cell gets the bits of
  the letters around it. The search steps into a child only when the two
  share a bit (the child can go on from there), and records a word at FINAL;
- ``kof[j]`` is the letter index of cell ``j``. A cell in use (and a blank,
  and a two-letter cell, which has its own loop) is pointed at slot
  ``dawg.NONE_SLOT``, which is ``None`` in every node: the probe that finds
  no child also finds a used cell, with no second test;
- the search is **unrolled per board shape**: for each cell, a function
  with one block per neighbour, the neighbour's number written in as a
  constant, which calls the neighbour's function by name. That removes the
  loop over neighbours (its iterator, unpacking and counters: a third of a
  probe's bytecodes). The functions are generated from the templates below
  the first time a shape is solved (~15-35 ms) and kept per process;
- the path is one list indexed by depth, copied only when a new word is
  recorded (the first path found is kept); the word is built only when needed;
- a cell of two letters (``Qu``, ``Th``) is stepped through by its first
  letter, then the rest, in a loop of its own; boards without one use
  functions without that loop;
- words shorter than the minimum are dropped at the end, and only when the
  graph has such words (its root knows its shortest word).

``search_board_loops`` is the same search written as ordinary loops, kept
as the readable reference: the tests check that both agree.
"""

from __future__ import annotations

import threading

from games.engine.dawg import ENYE_BIT, ENYE_SLOT, FINAL, INFO, NONE_SLOT, Node, shortest_word

# The templates write these as literals (a constant loads faster than a name).
assert (FINAL, INFO, NONE_SLOT) == (134217728, 26, 27)


def search_board(
    letters: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...], root: Node, min_length: int
) -> dict[str, list[int]]:
    """Words of ``root`` spelled by paths of cells, with one path (cell numbers) each.

    ``letters[i]`` is cell ``i``'s lowercase letters, ``""`` for a blank;
    ``neighbours[i]`` the cells next to cell ``i``.
    """
    shape = _shape(neighbours)
    kof, around, digraphs = _board_tables(letters, neighbours, shape, len(root))
    found: dict[str, list[int]] = {}
    path = [0] * (len(letters) + 1)
    if digraphs is None:
        visits = shape.visits(digraphs=False)
        for i, k in enumerate(kof):
            node = root[k]  # None for a blank (NONE_SLOT)
            if node is not None:
                path[0] = i
                info = node[INFO]
                if info & FINAL and letters[i] not in found:
                    found[letters[i]] = [i]
                if info & around[i]:
                    kof[i] = NONE_SLOT
                    visits[i](node, letters[i], 1, kof, letters, path, found, around)
                    kof[i] = k
        return _long_enough(found, root, min_length)

    visits = shape.visits(digraphs=True)
    used = [False] * len(letters)  # two-letter cells only: the others use kof
    for i, chars in enumerate(letters):
        node = _walk(root, chars) if chars else None
        if node is not None:
            path[0] = i
            info = node[INFO]
            if info & FINAL and chars not in found:
                found[chars] = [i]
            if info & around[i]:
                k, kof[i], used[i] = kof[i], NONE_SLOT, True
                visits[i](node, chars, 1, kof, letters, path, found, around, digraphs, used)
                kof[i], used[i] = k, False
    return _long_enough(found, root, min_length)


def _walk(node: Node, chars: str) -> Node | None:
    for letter in chars:
        k = _LETTER_INDEX.get(letter, NONE_SLOT)
        node = node[k] if k < len(node) else None
        if node is None:
            return None
    return node


def _long_enough(found: dict[str, list[int]], root: Node, min_length: int) -> dict[str, list[int]]:
    if min_length > shortest_word(root):
        return {word: cells for word, cells in found.items() if len(word) >= min_length}
    return found


# A cell's letters -> its letter index in a node (NONE_SLOT: a blank, or two
# letters, which have a loop of their own), and the bit of its first letter.
# ñ has slot 28 and bit 26, in wide (Spanish) graphs only.
_LETTER_INDEX = {chr(97 + k): k for k in range(26)} | {"ñ": ENYE_SLOT}
_FIRST_BIT = {chr(97 + k): 1 << k for k in range(26)} | {"ñ": ENYE_BIT, "": 0}


def _board_tables(letters, neighbours, shape, width):
    """Per cell: ``kof`` (its letter index; ``NONE_SLOT`` for a blank or a
    two-letter cell), ``around`` (the bits of the first letters of its
    neighbours), and ``digraphs`` (its two-letter neighbours as
    ``(first letter index, cell, rest)``; ``None`` when the board has none).
    A letter the graph's nodes have no slot for (ñ in a narrow graph, any
    other character) is treated as a blank: no word uses it."""
    kof = [_LETTER_INDEX.get(chars, NONE_SLOT) for chars in letters]
    bits = list(map(_FIRST_BIT.get, letters))
    if width <= ENYE_SLOT and ENYE_SLOT in kof:
        kof = [NONE_SLOT if k == ENYE_SLOT else k for k in kof]
    digraphs = None
    if None in bits:  # a cell of two (or more) letters, or an unknown letter
        bits = [_FIRST_BIT.get(chars[:1], 0) for chars in letters]
        digraphs = [
            tuple(
                (_LETTER_INDEX.get(letters[j][0], NONE_SLOT), j, letters[j][1:])
                for j in near
                if len(letters[j]) > 1
            )
            for near in neighbours
        ]
    return kof, shape.around(bits), digraphs


# --- The unrolled search: one function per cell, generated per board shape. ---

_SIGNATURE = "node, word, depth, kof, letters, path, found, around"
_DIGRAPH_SIGNATURE = _SIGNATURE + ", digraphs, used"

# One neighbour ``{j}`` of the cell: step onto it if the node has a child by
# its letter (and it is not in use), record a word, go on if the child can.
_NEIGHBOUR = """\
    child = node[kof[{j}]]
    if child is not None:
        info = child[26]
        if info >= 134217728:
            w = word + letters[{j}]
            if w not in found:
                path[depth] = {j}
                found[w] = path[: depth + 1]
            if info & around[{j}]:
                path[depth] = {j}
                k = kof[{j}]
                kof[{j}] = 27
                visit_{j}(child, w, depth + 1, {args})
                kof[{j}] = k
        elif info & around[{j}]:
            path[depth] = {j}
            k = kof[{j}]
            kof[{j}] = 27
            visit_{j}(child, word + letters[{j}], depth + 1, {args})
            kof[{j}] = k
"""

# The two-letter neighbours of cell ``{i}`` (boards that have such cells).
_DIGRAPHS = """\
    for k, j, rest in digraphs[{i}]:
        child = node[k]
        if child is None or used[j]:
            continue
        for letter in rest:
            child = child[LETTER_INDEX.get(letter, 27)]
            if child is None:
                break
        else:
            info = child[26]
            w = word + letters[j]
            path[depth] = j
            if info >= 134217728 and w not in found:
                found[w] = path[: depth + 1]
            if info & around[j]:
                used[j] = True
                VISITS[j](child, w, depth + 1, {args})
                used[j] = False
"""


class _Shape:
    """What a board shape's searches share: its generated functions, made on first use."""

    def __init__(self, neighbours: tuple[tuple[int, ...], ...]) -> None:
        self.neighbours = neighbours
        # around(bits) -> per cell, the OR of its neighbours' bits (one expression per cell).
        cells = ", ".join("|".join(f"b[{int(j)}]" for j in near) or "0" for near in neighbours)
        self.around = eval(f"lambda b: [{cells}]")  # cell numbers (ints) only
        self._visits: dict[bool, tuple] = {}

    def visits(self, digraphs: bool) -> tuple:
        functions = self._visits.get(digraphs)
        if functions is None:
            with _SHAPES_LOCK:  # compile once, even when several rounds are dealt at once
                functions = self._visits.get(digraphs)
                if functions is None:
                    functions = generate_visits(self.neighbours, digraphs)
                    self._visits[digraphs] = functions
        return functions


# id(neighbours) -> its _Shape. Boards share one neighbour table per shape
# (board.neighbour_table), so this holds one entry per shape in use. An entry
# keeps its table alive, so the id cannot be another table's while cached;
# the identity check is for a table that is equal but not the shared one.
_SHAPES: dict[int, _Shape] = {}
_SHAPES_LOCK = threading.RLock()


def _shape(neighbours) -> _Shape:
    shape = _SHAPES.get(id(neighbours))
    if shape is None or shape.neighbours is not neighbours:
        with _SHAPES_LOCK:
            shape = _SHAPES.get(id(neighbours))
            if shape is None or shape.neighbours is not neighbours:
                if len(_SHAPES) >= 64:  # 8x8 sides at most: 64 shapes
                    _SHAPES.clear()
                shape = _SHAPES[id(neighbours)] = _Shape(neighbours)
    return shape


def generate_visits(neighbours: tuple[tuple[int, ...], ...], digraphs: bool) -> tuple:
    """Compile one visit function per cell for this neighbour table."""
    signature = _DIGRAPH_SIGNATURE if digraphs else _SIGNATURE
    args = signature.split(", ", 3)[3]  # everything after node, word, depth
    source = []
    for i, near in enumerate(neighbours):
        source.append(f"def visit_{i}({signature}):\n")
        source.extend(_NEIGHBOUR.format(j=int(j), args=args) for j in near)
        if digraphs:
            source.append(_DIGRAPHS.format(i=int(i), args=args))
        source.append("    return\n\n")
    namespace: dict = {"LETTER_INDEX": _LETTER_INDEX}
    code = compile("".join(source), f"<lettergrid search {len(neighbours)} cells>", "exec")
    exec(code, namespace)  # our own templates, filled in with cell numbers only
    visits = tuple(namespace[f"visit_{i}"] for i in range(len(neighbours)))
    namespace["VISITS"] = visits
    return visits


# --- The same search as plain loops: the readable reference. ---


def search_board_loops(
    letters: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...], root: Node, min_length: int
) -> dict[str, list[int]]:
    """:func:`search_board` without the unrolling (slower; same words, same paths)."""
    kof, around, digraphs = _board_tables(letters, neighbours, _shape(neighbours), len(root))
    found: dict[str, list[int]] = {}
    path = [0] * (len(letters) + 1)
    used = [False] * len(letters)

    def visit(node, i, word, depth):
        steps = [(kof[j], j, "") for j in neighbours[i]]
        if digraphs is not None:
            steps += digraphs[i]
        for k, j, rest in steps:
            child = node[k]
            if child is None or used[j]:
                continue
            for letter in rest:
                child = child[_LETTER_INDEX.get(letter, NONE_SLOT)]
                if child is None:
                    break
            else:
                info = child[INFO]
                word_here = word + letters[j]
                if info & FINAL and word_here not in found:
                    path[depth] = j
                    found[word_here] = path[: depth + 1]
                if info & around[j]:
                    path[depth] = j
                    used[j] = True
                    visit(child, j, word_here, depth + 1)
                    used[j] = False

    for i, chars in enumerate(letters):
        if not chars:
            continue
        node = _walk(root, chars)
        if node is not None:
            path[0] = i
            if node[INFO] & FINAL and chars not in found:
                found[chars] = [i]
            if node[INFO] & around[i]:
                used[i] = True
                visit(node, i, chars, 1)
                used[i] = False
    return _long_enough(found, root, min_length)
