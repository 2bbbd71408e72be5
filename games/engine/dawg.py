"""The word graph: a minimized DAWG, stored flat, walked as tuple nodes.

Building (dictionary build time, and custom lists at run time) uses Daciuk's
incremental algorithm for sorted input: each finished node is looked up in a
register of the nodes already built, by its signature (word end? and its
labelled children), and replaced by the registered twin when there is one.
That shares suffixes as well as prefixes, so French needs ~60k nodes where a
trie needs a million. The register is shared by the levels of a dictionary:
the four level graphs reuse each other's nodes wherever their subtrees agree.

On disk (``*.dawg``) the graph is a few flat little-endian arrays in
children-before-parents order; :meth:`Graph.to_nodes` makes the nodes the
solver walks. No pickle: the format is fixed and documented in
``docs/dictionaries.md``.

The node protocol (see docs/engine-contract.md): a node is a tuple of 28, or
29 in a graph whose alphabet has the Spanish ``ñ``. ``node[k]`` is the child
for the letter ``chr(97 + k)`` (``"a"`` is 0) or ``None``; ``node[INFO]`` (26)
is an int: bit ``k`` set for each child letter (``ñ`` is bit 26), and
``FINAL`` when the letters from the root to here spell a word (a root's info
also holds the length of its shortest word: ``shortest_word``);
``node[NONE_SLOT]`` (27) is always ``None``; ``node[ENYE_SLOT]`` (28), in
wide graphs only, is the child by ``ñ``. A tuple is the fastest thing
CPython indexes: the solver probes ``node[k]`` for each neighbouring letter
(no hashing), points a cell in use at ``NONE_SLOT``, and tests the info
against the letters around a cell before it goes deeper
(games/engine/search.py). Nodes are shared; tuples cannot be mutated.

On disk a letter is one byte: ``a``-``z`` as ASCII, ``ñ`` as Latin-1 0xF1.
The same flat format also stores byte strings that are not game words
(games/engine/wordinfo.py: display forms and lemmas), read without nodes.
"""

from __future__ import annotations

import itertools
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

MAGIC = b"LGDAWG1\n"
# The format stores 32-bit unsigned integers; "I" is that on every platform we run.
assert array("I").itemsize == 4

Node = tuple  # (child or None) * 26, the info int, None[, child by ñ]
INFO = 26  # node[INFO]: child-letter bits | FINAL (| shortest word << SHORTEST_SHIFT at a root)
NONE_SLOT = 27  # node[NONE_SLOT] is None in every node
ENYE_SLOT = 28  # node[ENYE_SLOT]: the child by "ñ", in wide (Spanish) graphs only
ENYE = "ñ"
ENYE_BIT = 1 << 26
FINAL = 1 << 27
LETTER_BITS = FINAL - 1
SHORTEST_SHIFT = 28
NARROW, WIDE = 28, 29  # node lengths without and with the ñ slot
_NO_CHILDREN = (None,) * 26
# A letter's slot in a node, by character and by its byte on disk.
SLOTS: dict[str, int] = {chr(97 + k): k for k in range(26)} | {ENYE: ENYE_SLOT}
_BYTE_SLOTS: dict[int, int] = {ord(letter.encode("latin-1")): k for letter, k in SLOTS.items()}
_SLOT_BITS: dict[int, int] = {k: 1 << k for k in range(26)} | {ENYE_SLOT: ENYE_BIT}


class GraphFormatError(ValueError):
    """A graph file that is not in the format :func:`Graph.from_bytes` reads."""


class _BuildNode:
    __slots__ = ("edges", "final", "number")

    def __init__(self) -> None:
        self.edges: dict[str, _BuildNode] = {}
        self.final = False
        self.number = -1

    def signature(self) -> tuple:
        # Children are registered before their parent, so their numbers exist.
        return (self.final, tuple((letter, child.number) for letter, child in self.edges.items()))


class _Register:
    """The nodes built so far, by signature, numbered in registration order."""

    def __init__(self) -> None:
        self.by_signature: dict[tuple, _BuildNode] = {}
        self.nodes: list[_BuildNode] = []

    def canonical(self, node: _BuildNode) -> _BuildNode:
        signature = node.signature()
        twin = self.by_signature.get(signature)
        if twin is not None:
            return twin
        node.number = len(self.nodes)
        self.nodes.append(node)
        self.by_signature[signature] = node
        return node


_Path = list[tuple[_BuildNode, str, _BuildNode]]  # (parent, letter, child), unregistered


def _build_one(words: Iterable[str], register: _Register) -> _BuildNode:
    """Add sorted, distinct words to the register; return the canonical root."""
    root = _BuildNode()
    path: _Path = []  # the last word's edges, deepest last
    previous = ""
    for word in words:
        if word <= previous:
            raise ValueError(f"words must be sorted and distinct: {previous!r} then {word!r}")
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        _minimize(path, common, register)
        node = path[-1][2] if path else root
        for letter in word[common:]:
            child = _BuildNode()
            node.edges[letter] = child
            path.append((node, letter, child))
            node = child
        node.final = True
        previous = word
    _minimize(path, 0, register)
    return register.canonical(root)


def _minimize(path: _Path, keep: int, register: _Register) -> None:
    """Register the path's nodes below depth ``keep``, replacing each by its twin."""
    while len(path) > keep:
        parent, letter, child = path.pop()
        parent.edges[letter] = register.canonical(child)


@dataclass(frozen=True)
class Graph:
    """A DAWG with one root per level, as flat arrays (children before parents).

    Node ``i`` has edges ``first_edge[i]`` to ``first_edge[i + 1]``; edge ``e``
    goes by letter ``letters[e]`` to node ``children[e]``.
    """

    roots: tuple[int, ...]
    finals: bytes
    first_edge: array
    letters: bytes
    children: array

    @property
    def node_count(self) -> int:
        return len(self.finals)

    @property
    def edge_count(self) -> int:
        return len(self.letters)

    def to_bytes(self) -> bytes:
        header = array("I", [self.node_count, self.edge_count, len(self.roots)])
        parts = [header, array("I", self.roots), self.first_edge, self.children]
        if sys.byteorder == "big":
            parts = [array("I", part) for part in parts]
            for part in parts:
                part.byteswap()
        header_b, roots_b, first_b, children_b = (part.tobytes() for part in parts)
        return MAGIC + header_b + roots_b + first_b + self.finals + self.letters + children_b

    @classmethod
    def from_bytes(cls, data: bytes) -> Graph:
        if not data.startswith(MAGIC):
            raise GraphFormatError("not a Lettergrid word graph (bad magic)")
        view = memoryview(data)[len(MAGIC) :]
        try:
            nodes, edges, roots = _uints(view[:12])
            sizes = (4 * roots, 4 * (nodes + 1), nodes, edges, 4 * edges)
            offsets = [12]
            for size in sizes:
                offsets.append(offsets[-1] + size)
            if offsets[-1] != len(view):
                raise GraphFormatError("word graph has the wrong length")
            chunks = [view[a:b] for a, b in itertools.pairwise(offsets)]
            return cls(
                roots=tuple(_uints(chunks[0])),
                first_edge=_uints(chunks[1]),
                finals=bytes(chunks[2]),
                letters=bytes(chunks[3]),
                children=_uints(chunks[4]),
            )
        except ValueError as exc:  # short header: array.frombytes rejects it
            raise GraphFormatError(f"corrupt word graph: {exc}") from exc

    def to_nodes(self) -> tuple[Node, ...]:
        """Build the tuple nodes; return the root of each level.

        Nodes are built depth first from the last (largest) level's root,
        children in letter order, so the nodes of a subtree lie together in
        memory. Equal info ints are shared (one int object per distinct value).
        A graph with an ``ñ`` edge gets wide nodes (29 slots), every node alike.
        """
        letters, first, children, finals = self.letters, self.first_edge, self.children, self.finals
        unknown = set(letters) - set(_BYTE_SLOTS)
        if unknown:
            raise GraphFormatError(f"word graph has letters outside a-z and ñ: {sorted(unknown)}")
        wide = ENYE_BYTE in letters
        blank = [*_NO_CHILDREN, 0, None, None] if wide else [*_NO_CHILDREN, 0, None]
        slot_of = letters.translate(_SLOT_TABLE)  # each letter's slot, one byte each
        bit_of = _BITS_BY_SLOT
        nodes: list[Node | None] = [None] * len(finals)
        infos: dict[int, int] = {}

        # Recursion is as deep as the longest word (word lists cap lines at 64 characters).
        def build(i: int) -> Node:
            slots = blank.copy()
            info = FINAL if finals[i] else 0
            for e in range(first[i], first[i + 1]):
                k = slot_of[e]
                child = nodes[children[e]]
                slots[k] = build(children[e]) if child is None else child
                info |= bit_of[k]
            slots[INFO] = infos.setdefault(info, info)
            node = nodes[i] = tuple(slots)
            return node

        for root in reversed(self.roots):
            if nodes[root] is None:
                build(root)
        roots = tuple(_as_root(nodes[root]) for root in self.roots)
        # build() refers to itself through its closure: without this, the
        # cycle would keep the arrays and the node list (~10 MB for six
        # languages) alive until the next full garbage collection.
        build = None  # type: ignore[assignment]
        return roots


ENYE_BYTE = ENYE.encode("latin-1")[0]
_SLOT_TABLE = bytes(_BYTE_SLOTS.get(byte, 255) for byte in range(256))
_BITS_BY_SLOT = tuple(_SLOT_BITS.get(k, 0) for k in range(ENYE_SLOT + 1))


def _uints(chunk: memoryview) -> array:
    values = array("I")
    values.frombytes(chunk)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def build_graph(levels: Sequence[Iterable[str]]) -> Graph:
    """Build one minimized graph per word list (each sorted, distinct), sharing nodes.

    Every character must be one Latin-1 byte (game words: ``a``-``z`` and ``ñ``).
    """
    register = _Register()
    roots = tuple(_build_one(words, register).number for words in levels)
    finals = bytearray()
    first_edge = array("I", [0])
    letters = bytearray()
    children = array("I")
    for node in register.nodes:
        finals.append(node.final)
        for letter, child in node.edges.items():
            letters += letter.encode("latin-1")
            children.append(child.number)
        first_edge.append(len(children))
    return Graph(roots, bytes(finals), first_edge, bytes(letters), children)


def build_nodes(words: Iterable[str]) -> Node:
    """The root node of one minimized graph of sorted, distinct words."""
    return build_graph([words]).to_nodes()[0]


def make_node(children: dict[str, Node], final: bool, wide: bool | None = None) -> Node:
    """A node with these children (letter -> node), a word end if ``final``.

    ``wide`` (29 slots, for graphs with ``ñ``) defaults to whether a child is
    by ``ñ`` or is wide itself; a graph with ``ñ`` must be wide throughout,
    so pass ``wide=True`` for its leaves.
    """
    if wide is None:
        wide = ENYE in children or any(len(child) == WIDE for child in children.values())
    slots = [*_NO_CHILDREN, 0, None, None] if wide else [*_NO_CHILDREN, 0, None]
    info = FINAL if final else 0
    for letter, child in children.items():
        k = _index(letter)
        if k is None or k >= len(slots):
            raise ValueError(f"a node's letters are a to z (and ñ in a wide node), not {letter!r}")
        slots[k] = child
        info |= _SLOT_BITS[k]
    slots[INFO] = info
    return tuple(slots)


def _as_root(node: Node) -> Node:
    """A copy of ``node`` whose info also holds its shortest word's length.

    The solver reads it to skip the minimum-length filter when no word of
    the graph can be too short. A copy, so shared nodes stay as they are.
    """
    shortest = _shortest_word(node)
    return (*node[:INFO], node[INFO] | (shortest << SHORTEST_SHIFT), *node[NONE_SLOT:])


def _shortest_word(root: Node) -> int:
    """Letters of the shortest word under ``root`` (0 when there is none)."""
    level, depth, seen = [root], 0, set()
    while level:
        if any(node[INFO] & FINAL for node in level):
            return depth
        following = []
        for node in level:
            for child in _children(node):
                if child is not None and id(child) not in seen:
                    seen.add(id(child))
                    following.append(child)
        level, depth = following, depth + 1
    return 0


def shortest_word(root: Node) -> int:
    """The shortest word's length stored in a root by :meth:`Graph.to_nodes`, or 0 if unknown."""
    return root[INFO] >> SHORTEST_SHIFT


def _index(letter: str) -> int | None:
    return SLOTS.get(letter)


def _children(node: Node) -> tuple:
    """The child slots of a node (the letters a-z, and ñ when wide)."""
    return node[:INFO] + node[ENYE_SLOT:]


def child(node: Node, letter: str) -> Node | None:
    """The child of ``node`` by ``letter`` (``None`` for none, or a letter not in its alphabet)."""
    k = SLOTS.get(letter)
    return None if k is None or k >= len(node) else node[k]


def is_word_end(node: Node) -> bool:
    """Whether the letters from the root to ``node`` spell a word."""
    return bool(node[INFO] & FINAL)


def child_letters(node: Node) -> str:
    """The letters that lead on from ``node``, in order."""
    bits = node[INFO]
    return "".join(letter for letter, k in SLOTS.items() if bits & _SLOT_BITS[k])


def walk(node: Node, letters: str) -> Node | None:
    """The node reached by spelling ``letters`` from ``node``, or ``None``."""
    for letter in letters:
        node = child(node, letter)
        if node is None:
            return None
    return node


def contains(root: Node, word: str) -> bool:
    """Whether the graph under ``root`` spells ``word`` (already folded)."""
    node = walk(root, word)
    return node is not None and bool(node[INFO] & FINAL)


def iter_words(root: Node, prefix: str = "") -> Iterator[str]:
    """Every word under ``root``, in sorted order."""
    if root[INFO] & FINAL:
        yield prefix
    for letter, k in SLOTS.items():  # a-z then ñ: code-point order, as the lists are sorted
        child_node = root[k] if k < len(root) else None
        if child_node is not None:
            yield from iter_words(child_node, prefix + letter)


def count_nodes(*roots: Node) -> int:
    """Distinct nodes reachable from the roots (shared nodes count once)."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.extend(child_node for child_node in _children(node) if child_node is not None)
    return len(seen)


def count_words(root: Node) -> int:
    """How many words the graph under ``root`` spells (shared nodes counted once each time)."""
    counts: dict[int, int] = {}

    def count(node: Node) -> int:
        known = counts.get(id(node))
        if known is None:
            known = (1 if node[INFO] & FINAL else 0) + sum(
                count(child_node) for child_node in _children(node) if child_node is not None
            )
            counts[id(node)] = known
        return known

    return count(root)
