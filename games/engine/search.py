"""The solver's hot loop: a depth-first search over cells and word-graph nodes.

Pure Python has to be frugal here (a 4x4 board visits ~500 nodes and makes
~2,000 neighbour probes), so this module trades elegance for speed, on
purpose and only here:

- neighbours are precomputed per board as ``(cell, bit, first letter, rest)``
  tuples (blank cells left out), so the inner loop does no attribute lookups;
  the per-shape part (which cells, their bits) is made once per board shape;
- a cell of two letters (``qu``, ``th``) sits in the same tables under its
  first letter, so the loop's ``letter in node`` test filters it like any
  other cell; only on a hit is the rest (``"u"``) walked. There is no second
  pass over such cells at every node;
- the letter test comes before the used-cell test: it fails more often;
- the cells used so far are one int bitmask;
- the word is built by appending one cell's letters per step and recorded
  only at a word end; the path lives in one list indexed by depth and is
  copied only when a new word is recorded (the first path found is kept);
- deep nodes have one or two keys: there the loop is driven by the node's
  letters (looked up in a per-cell letter -> neighbours table) instead of by
  the (up to 8) neighbours;
- a child that ends a word and has no letters after it is not visited.

Measured and not kept (no gain on CPython 3.11, whose calls are cheap):
choosing the loop by ``len(node)`` against the neighbour letters at every
node, intersecting key views in C, and inlining the visit of small children.
"""

from __future__ import annotations

from operator import itemgetter


def search_board(
    letters: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...], root: dict, min_length: int
) -> dict[str, list[int]]:
    """Words of ``root`` spelled by paths of cells, with one path (cell numbers) each.

    ``letters[i]`` is cell ``i``'s lowercase letters, ``""`` for a blank.
    """
    found = {}
    adjacent, by_letter = _neighbour_tables(letters, neighbours)
    path = [0] * (len(letters) + 1)

    def visit(node, i, used, word, depth):
        if len(node) <= 2:
            near = by_letter[i]
            for ch in node:
                if ch not in near:
                    continue
                child = node[ch]
                for j, bit, rest in near[ch]:
                    if used & bit:
                        continue
                    if rest:
                        sub = walk_letters(child, rest)
                        if sub is None:
                            continue
                        w = word + ch + rest
                    else:
                        sub = child
                        w = word + ch
                    path[depth] = j
                    if "" in sub:
                        if w not in found and len(w) >= min_length:
                            found[w] = path[: depth + 1]
                        if len(sub) == 1:
                            continue
                    visit(sub, j, used | bit, w, depth + 1)
        else:
            for j, bit, ch, rest in adjacent[i]:
                if ch not in node or used & bit:
                    continue
                child = node[ch]
                if rest:
                    child = walk_letters(child, rest)
                    if child is None:
                        continue
                    w = word + ch + rest
                else:
                    w = word + ch
                path[depth] = j
                if "" in child:
                    if w not in found and len(w) >= min_length:
                        found[w] = path[: depth + 1]
                    if len(child) == 1:
                        continue
                visit(child, j, used | bit, w, depth + 1)

    for i, chars in enumerate(letters):
        child = walk_letters(root, chars) if chars else None
        if child is not None:
            path[0] = i
            if "" in child and len(chars) >= min_length:
                found[chars] = [i]
            visit(child, i, 1 << i, chars, 1)
    return found


def _neighbour_tables(letters, neighbours):
    """Per cell, its playable neighbours two ways: ``(cell, bit, first, rest)``
    tuples, and first letter -> ``((cell, bit, rest), ...)``; ``rest`` is the
    cell's letters after the first (``"u"`` for ``qu``, ``""`` mostly).
    Blanks appear in neither. The cell numbers are picked by per-shape
    ``itemgetter``s, made once per neighbour table."""
    shape = _SHAPES.get(id(neighbours))
    if shape is None or shape[0] is not neighbours:
        shape = _shape(neighbours)
    _, getters, bits = shape
    cells = [
        (j, bits[j], chars[0], chars[1:]) if chars else None for j, chars in enumerate(letters)
    ]
    if "" in letters:
        adjacent = [tuple(cell for cell in get(cells) if cell) for get in getters]
    else:
        adjacent = [get(cells) for get in getters]
    by_letter = []
    for playable in adjacent:
        table = {}
        for j, bit, first, rest in playable:
            if first in table:
                table[first] += ((j, bit, rest),)
            else:
                table[first] = ((j, bit, rest),)
        by_letter.append(table)
    return adjacent, by_letter


# id(neighbours) -> (neighbours, per-cell getters of its neighbours, per-cell bits).
# Boards share one neighbour table per shape (board.neighbour_table), so this stays small.
_SHAPES: dict[int, tuple] = {}


def _shape(neighbours):
    getters = []
    for around in neighbours:
        if len(around) >= 2:
            getters.append(itemgetter(*around))
        else:  # itemgetter of one index returns the item, not a tuple
            getters.append(lambda cells, around=around: tuple(cells[j] for j in around))
    shape = (neighbours, tuple(getters), tuple(1 << j for j in range(len(neighbours))))
    if len(_SHAPES) >= 64:
        _SHAPES.clear()
    _SHAPES[id(neighbours)] = shape
    return shape


def walk_letters(node, chars):
    """The node after ``chars`` (one or more letters), or ``None``."""
    for ch in chars:
        node = node.get(ch)
        if node is None:
            return None
    return node
