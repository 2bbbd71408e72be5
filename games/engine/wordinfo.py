"""Display forms and lemmas of every word, kept on disk and read on demand.

A folded word (``cote``) may be written several ways (côte, côté, coté, cote)
and each of those comes from one or more dictionary forms, its *lemmas*
(côté: côté; sommes: être, somme). Millions of inflected forms times a few
strings each would cost hundreds of megabytes as Python objects, and as a
text file ~50 MB per language. So ``forms.dawg`` stores them as byte strings
in a minimized word graph, in the same flat format as ``words.dawg``
(games/engine/dawg.py), and :class:`WordInfo` walks it in the memory-mapped
file without building nodes: a look-up reads a few hundred bytes.

Each (display form, lemma) pair of a word is one string::

    folded "|" display-rank display-edit "|" lemma-rank lemma-edit

``display-edit`` turns the folded word into the display form: an optional
``^`` (capitalise the first letter), the number of letters to drop from the
end, then the letters to add (``cote`` -> côté is ``2ôté``; ``zeit`` -> Zeit
is ``^0``). ``lemma-edit`` turns the display form into the lemma the same way
(côtés -> côté is ``1``; Häuser -> Haus is ``5aus``). Ranks are one
character, ``0`` first, so the strings of a word come out in the order the
builder chose (the most frequent spelling first). Edits relative to the end
make the strings of regular words end alike, which the graph shares: 2.7
million Italian forms take about a megabyte.

A word whose only display form is itself and whose lemma is itself has no
string at all.
"""

from __future__ import annotations

import functools
import mmap
import os
import struct
from dataclasses import dataclass
from pathlib import Path

from games.engine import dawg

SEPARATOR = "|"
MAX_RANK = 10  # ranks are one character, "0" to "9"


@dataclass(frozen=True)
class Spelling:
    """One way of writing a folded word, with the dictionary forms it comes from."""

    display: str
    lemmas: tuple[str, ...]


def edit(source: str, target: str) -> str:
    """The edit turning ``source`` into ``target``: letters to drop from the end, letters to add."""
    common = 0
    for a, b in zip(source, target, strict=False):
        if a != b:
            break
        common += 1
    return f"{len(source) - common}{target[common:]}"


def apply_edit(source: str, text: str) -> str:
    """The inverse of :func:`edit`."""
    digits = 0
    while digits < len(text) and text[digits].isdigit():
        digits += 1
    drop = int(text[:digits] or 0)
    return source[: len(source) - drop] + text[digits:]


def display_edit(folded: str, display: str) -> str:
    """``^`` when the display form is capitalised, then the edit of the lower-cased form."""
    capitalised = display[:1].isupper()
    lowered = display[:1].lower() + display[1:] if capitalised else display
    return ("^" if capitalised else "") + edit(folded, lowered)


def apply_display_edit(folded: str, text: str) -> str:
    if text.startswith("^"):
        shown = apply_edit(folded, text[1:])
        return shown[:1].upper() + shown[1:]
    return apply_edit(folded, text)


def encode(folded: str, spellings: list[Spelling]) -> list[str]:
    """The graph strings of one word (empty when it is spelled as itself, its own lemma).

    Returned as Latin-1 text of the UTF-8 bytes: one character per byte, the
    form :func:`games.engine.dawg.build_graph` takes.
    """
    if all(s.display == folded and s.lemmas in ((), (folded,)) for s in spellings):
        return []
    strings = []
    for rank, spelling in enumerate(spellings[:MAX_RANK]):
        head = f"{folded}{SEPARATOR}{rank}{display_edit(folded, spelling.display)}{SEPARATOR}"
        for lemma_rank, lemma in enumerate((spelling.lemmas or (spelling.display,))[:MAX_RANK]):
            text = f"{head}{lemma_rank}{edit(spelling.display, lemma)}"
            strings.append(text.encode("utf-8").decode("latin-1"))
    return strings


def decode(folded: str, tails: list[bytes]) -> tuple[Spelling, ...]:
    """Spellings from the sorted strings found after ``folded|`` in the graph."""
    spellings: dict[str, list[str]] = {}
    for tail in tails:
        head, _, lemma_part = tail.decode("utf-8").partition(SEPARATOR)
        display = apply_display_edit(folded, head[1:])
        spellings.setdefault(display, []).append(apply_edit(display, lemma_part[1:]))
    return tuple(Spelling(display, tuple(lemmas)) for display, lemmas in spellings.items())


class WordInfo:
    """``forms.dawg`` of one language, memory mapped on first use and walked in place."""

    # Words read lately, per language: a class opens one results page at the bell (a 6x6
    # board's 700-odd words, each shown with its display form and glossed by its lemma).
    CACHED = 4096

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: bytes | mmap.mmap | None = None
        self._layout: tuple[int, int, int, int, int] | None = None
        self.spellings = functools.lru_cache(maxsize=self.CACHED)(self._spellings)

    def _spellings(self, folded: str) -> tuple[Spelling, ...]:
        """How ``folded`` is written and its lemmas; ``(Spelling(folded, (folded,)),)`` if
        the file says nothing of it."""
        data, (root, first, finals, letters, children) = self._open()
        key = (folded + SEPARATOR).encode("utf-8")
        node = root
        for byte in key:
            node = self._child(data, node, byte, first, letters, children)
            if node is None:
                return (Spelling(folded, (folded,)),)
        tails: list[bytes] = []
        self._collect(data, node, b"", tails, first, finals, letters, children)
        return decode(folded, tails) or (Spelling(folded, (folded,)),)

    def _open(self):
        if self._data is None:
            try:
                self._data = _map_file(self.path)
            except OSError as exc:
                raise dawg.GraphFormatError(f"cannot read {self.path}: {exc}") from exc
            self._layout = _layout(self._data, self.path)
        return self._data, self._layout

    @staticmethod
    def _child(data, node, byte, first, letters, children):
        start, end = struct.unpack_from("<II", data, first + 4 * node)
        index = data.find(bytes((byte,)), letters + start, letters + end)
        if index == -1:
            return None
        return struct.unpack_from("<I", data, children + 4 * (index - letters))[0]

    def _collect(self, data, node, prefix, tails, first, finals, letters, children):
        if data[finals + node]:
            tails.append(prefix)
        start, end = struct.unpack_from("<II", data, first + 4 * node)
        for edge in range(start, end):
            child = struct.unpack_from("<I", data, children + 4 * edge)[0]
            byte = data[letters + edge : letters + edge + 1]
            self._collect(data, child, prefix + byte, tails, first, finals, letters, children)


def _layout(data, path: Path) -> tuple[int, int, int, int, int]:
    """Offsets of the root, first_edge, finals, letters and children in the file."""
    if len(data) == 0:
        empty = dawg.build_graph([[]]).to_bytes()
        raise dawg.GraphFormatError(f"{path} is empty (an empty graph is {len(empty)} bytes)")
    if data[: len(dawg.MAGIC)] != dawg.MAGIC:
        raise dawg.GraphFormatError(f"{path}: not a Lettergrid word graph (bad magic)")
    base = len(dawg.MAGIC)
    nodes, edges, roots = struct.unpack_from("<III", data, base)
    root = struct.unpack_from("<I", data, base + 12)[0]
    first = base + 12 + 4 * roots
    finals = first + 4 * (nodes + 1)
    letters = finals + nodes
    children = letters + edges
    if children + 4 * edges != len(data):
        raise dawg.GraphFormatError(f"{path}: word graph has the wrong length")
    return root, first, finals, letters, children


def _map_file(path: Path) -> bytes | mmap.mmap:
    with path.open("rb") as table:  # the mapping outlives the file object
        if os.fstat(table.fileno()).st_size == 0:
            return b""
        mapped = mmap.mmap(table.fileno(), 0, access=mmap.ACCESS_READ)
    # A look-up jumps about the file: without this the kernel reads ahead and
    # maps pages around each probe, and the resident size grows by megabytes.
    if hasattr(mmap, "MADV_RANDOM"):
        mapped.madvise(mmap.MADV_RANDOM)
    return mapped
