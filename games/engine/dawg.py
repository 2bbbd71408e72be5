"""The word graph: a minimized DAWG, stored flat, walked as plain dicts.

Building (dictionary build time, and custom lists at run time) uses Daciuk's
incremental algorithm for sorted input: each finished node is looked up in a
register of the nodes already built, by its signature (word end? and its
labelled children), and replaced by the registered twin when there is one.
That shares suffixes as well as prefixes, so French needs ~60k nodes where a
trie needs a million. The register is shared by the levels of a dictionary:
the four level graphs reuse each other's nodes wherever their subtrees agree.

On disk (``*.dawg``) the graph is a few flat little-endian arrays in
children-before-parents order; :meth:`Graph.to_dicts` allocates the solver's
dict nodes in search order (depth first from the root) for memory locality.
No pickle: the format is fixed and documented in ``docs/dictionaries.md``.

The node protocol (see docs/engine-contract.md): a node is a ``dict``; keys
``"a"``..``"z"`` map to child nodes; key ``""`` (value ``True``) marks a word
end. Nodes are shared; never mutate one.
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
WORD_END = ""
Node = dict


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

    def to_dicts(self) -> tuple[Node, ...]:
        """Build the dict nodes; return the root of each level.

        The nodes are allocated in the order a search meets them: depth first
        from the last (largest) level's root, children in letter order, a
        shared node at its first visit. A search then reads memory that lies
        together; the file's bottom-up order scatters it (~5% slower solves).
        Each dict gets all its keys at once (``True`` until its children are
        built), so no dict grows after its allocation.
        """
        letters = self.letters.decode("ascii")
        first, children, finals = self.first_edge, self.children, self.finals
        nodes: list[Node | None] = [None] * len(finals)
        fromkeys = dict.fromkeys

        # Recursion is as deep as the longest word (word lists cap lines at 64 characters).
        def build(i: int) -> Node:
            a, b = first[i], first[i + 1]
            keys = letters[a:b]
            node = nodes[i] = fromkeys((*keys, WORD_END) if finals[i] else keys, True)
            for e in range(a, b):
                child = nodes[children[e]]
                node[letters[e]] = build(children[e]) if child is None else child
            return node

        for root in reversed(self.roots):
            if nodes[root] is None:
                build(root)
        return tuple(nodes[root] for root in self.roots)


def _uints(chunk: memoryview) -> array:
    values = array("I")
    values.frombytes(chunk)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def build_graph(levels: Sequence[Iterable[str]]) -> Graph:
    """Build one minimized graph per word list (each sorted, distinct), sharing nodes."""
    register = _Register()
    roots = tuple(_build_one(words, register).number for words in levels)
    finals = bytearray()
    first_edge = array("I", [0])
    letters = bytearray()
    children = array("I")
    for node in register.nodes:
        finals.append(node.final)
        for letter, child in node.edges.items():
            letters += letter.encode("ascii")
            children.append(child.number)
        first_edge.append(len(children))
    return Graph(roots, bytes(finals), first_edge, bytes(letters), children)


def build_dicts(words: Iterable[str]) -> Node:
    """The dict root of one minimized graph of sorted, distinct words."""
    return build_graph([words]).to_dicts()[0]


def contains(root: Node, word: str) -> bool:
    """Whether the graph under ``root`` spells ``word`` (already folded)."""
    node = root
    for letter in word:
        node = node.get(letter)
        if node is None:
            return False
    return WORD_END in node


def iter_words(root: Node, prefix: str = "") -> Iterator[str]:
    """Every word under ``root``, in sorted order."""
    if WORD_END in root:
        yield prefix
    for letter in sorted(key for key in root if key):
        yield from iter_words(root[letter], prefix + letter)


def count_nodes(*roots: Node) -> int:
    """Distinct dict nodes reachable from the roots (shared nodes count once)."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.extend(child for key, child in node.items() if key)
    return len(seen)
