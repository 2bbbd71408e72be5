"""The solver's hot loop: a depth-first search over cells and word-graph nodes.

Pure Python has to be frugal here (a 4x4 board visits ~500 nodes and makes
~2,000 neighbour probes), so this module trades elegance for speed, on
purpose and only here:

- neighbours are precomputed per board as ``(cell, bit, letter)`` tuples
  (blank cells left out), so the inner loop does no attribute lookups;
- the cells used so far are one int bitmask;
- the word is built by appending one letter per step and recorded only at
  a word end; the path lives in one list indexed by depth and is copied only
  when a new word is recorded (the first path found is kept);
- deep nodes have one or two keys: there the loop is driven by the node's
  letters instead of by the (up to 8) neighbours;
- a child that ends a word and has no letters after it is not visited.

Cells of two letters (``qu``, ``th``) need a letter-by-letter walk; they are
kept out of the fast tables and visited by ``visit_multi`` only from the
cells next to them.
"""

from __future__ import annotations


def search_board(
    letters: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...], root: dict, min_length: int
) -> dict[str, list[int]]:
    """Words of ``root`` spelled by paths of cells, with one path (cell numbers) each.

    ``letters[i]`` is cell ``i``'s lowercase letters, ``""`` for a blank.
    """
    found = {}
    adjacent, by_letter, multi = _neighbour_tables(letters, neighbours)
    path = [0] * (len(letters) + 1)

    def visit(node, i, used, word, depth):
        if len(node) <= 2:
            near = by_letter[i]
            for ch in node:
                if ch not in near:
                    continue
                child = node[ch]
                w = word + ch
                for j, bit in near[ch]:
                    if used & bit:
                        continue
                    path[depth] = j
                    if "" in child:
                        if w not in found and len(w) >= min_length:
                            found[w] = path[: depth + 1]
                        if len(child) == 1:
                            continue
                    visit(child, j, used | bit, w, depth + 1)
        else:
            for j, bit, ch in adjacent[i]:
                if used & bit or ch not in node:
                    continue
                child = node[ch]
                path[depth] = j
                w = word + ch
                if "" in child:
                    if w not in found and len(w) >= min_length:
                        found[w] = path[: depth + 1]
                    if len(child) == 1:
                        continue
                visit(child, j, used | bit, w, depth + 1)
        if multi[i]:
            visit_multi(node, i, used, word, depth)

    def visit_multi(node, i, used, word, depth):
        for j, bit, chars in multi[i]:
            child = None if used & bit else walk_letters(node, chars)
            if child is None:
                continue
            path[depth] = j
            w = word + chars
            if "" in child and w not in found and len(w) >= min_length:
                found[w] = path[: depth + 1]
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
    """Per cell, its playable neighbours three ways: ``(cell, bit, letter)`` for
    single-letter cells, letter -> ``((cell, bit), ...)`` for the same, and
    ``(cell, bit, letters)`` for two-letter cells. Blanks appear in none."""
    adjacent = []
    by_letter = []
    multi = []
    for around in neighbours:
        single = []
        table = {}
        double = []
        for j in around:
            chars = letters[j]
            if len(chars) == 1:
                single.append((j, 1 << j, chars))
                table[chars] = (*table.get(chars, ()), (j, 1 << j))
            elif chars:
                double.append((j, 1 << j, chars))
        adjacent.append(tuple(single))
        by_letter.append(table)
        multi.append(tuple(double))
    return adjacent, by_letter, multi


def walk_letters(node, chars):
    """The node after ``chars`` (one or more letters), or ``None``."""
    for ch in chars:
        node = node.get(ch)
        if node is None:
            return None
    return node
