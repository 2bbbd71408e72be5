"""A language's playable words at each difficulty level, ready for the solver.

``load_lexicon(lang)`` reads ``dictionaries/<lang>/words.dawg`` once per
process and builds the tuple nodes of all four levels (they share nodes).
Display forms ("ete" -> "été") are looked up in ``display.tsv`` (the rows of
``words.tsv`` whose display differs from the folded word), memory mapped on
the first :meth:`Lexicon.display_forms` call and binary searched:
play and solving never need them, and as Python strings they would cost
~100 MB for the six languages.

Run ``python -m games.engine.lexicon [LANG ...]`` to time a cold load and
print the resident memory (the numbers in docs/dictionaries.md).
"""

from __future__ import annotations

import functools
import mmap
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from games.engine import dawg
from games.engine.languages import ALL_LEVELS, LANGUAGES, LEVELS, check_language
from games.engine.wordlist import (
    CapitalisedPolicy,
    WordList,
    WordListReport,
    keep_capitalised,
    parse_lines,
    read_word_list,
    reject_capitalised,
)

DICTIONARIES_DIR = Path(__file__).resolve().parents[2] / "dictionaries"
GRAPH_FILE = "words.dawg"
WORDS_FILE = "words.tsv"
DISPLAY_FILE = "display.tsv"  # the words.tsv rows whose display differs: folded<TAB>forms
_LEVEL_NUMBERS = tuple(level.number for level in LEVELS)

FormsTable = Mapping[str, tuple[str, ...]]


class LexiconError(Exception):
    """A built dictionary that is missing or unreadable."""


class Lexicon:
    """The words of one language (or one custom list) by level.

    ``forms`` maps a folded word to its display forms when they differ from
    the word itself (a dict, or a :class:`DisplayTable` over words.tsv).
    """

    def __init__(
        self,
        lang: str,
        roots: Mapping[int, dawg.Node],
        forms: FormsTable | DisplayTable,
        report: WordListReport | None = None,
    ) -> None:
        self.lang = lang
        self._roots = dict(roots)
        self._forms = forms
        self.report = report  # custom lists: what was skipped and why

    def root(self, level: int = ALL_LEVELS) -> dawg.Node:
        """The root node of the words of ``level`` (1-4; levels are nested)."""
        try:
            return self._roots[level]
        except KeyError:
            raise ValueError(f"unknown level {level!r}; choose one of {_LEVEL_NUMBERS}") from None

    def contains(self, word: str, level: int = ALL_LEVELS) -> bool:
        """Whether the folded ``word`` is a word of ``level``."""
        return dawg.contains(self.root(level), word)

    def level_of(self, word: str) -> int | None:
        """The easiest level that holds the folded ``word``, or ``None``."""
        for level in _LEVEL_NUMBERS:
            if dawg.contains(self._roots[level], word):
                return level
        return None

    def words(self, level: int = ALL_LEVELS) -> Iterator[str]:
        """The folded words of ``level``, sorted."""
        return dawg.iter_words(self.root(level))

    def display_forms(self, word: str) -> tuple[str, ...]:
        """How to show a folded word: ``"ete"`` -> ``("été",)``, ``"haus"`` -> ``("Haus",)``.

        The word itself when it has no other form (or is not a word at all).
        """
        return self._forms.get(word, (word,))

    @classmethod
    def from_words(cls, words: Iterable[str | bytes], lang: str = "en") -> Lexicon:
        """A lexicon of a custom list, every level holding the whole list.

        Filtered and folded like the built dictionaries; German keeps
        capitalised entries (its nouns), other languages drop them as proper
        nouns. ``.report`` says what was skipped.
        """
        check_language(lang)
        return cls._from_word_list(lang, parse_lines(words, capitalised=_policy(lang), lang=lang))

    @classmethod
    def from_word_list(cls, path: str | Path, lang: str = "en") -> Lexicon:
        """Like :meth:`from_words`, from a file; raises ``WordListError`` if unreadable."""
        check_language(lang)
        return cls._from_word_list(lang, read_word_list(path, capitalised=_policy(lang), lang=lang))

    @classmethod
    def _from_word_list(cls, lang: str, word_list: WordList) -> Lexicon:
        root = dawg.build_nodes(word_list.words())
        forms = {word: shown for word, shown in word_list.forms.items() if shown != (word,)}
        return cls(lang, dict.fromkeys(_LEVEL_NUMBERS, root), forms, word_list.report)


def _policy(lang: str) -> CapitalisedPolicy:
    return keep_capitalised if lang == "de" else reject_capitalised


@functools.cache
def load_lexicon(lang: str) -> Lexicon:
    """The built dictionary of ``lang``, loaded once per process."""
    check_language(lang)
    folder = DICTIONARIES_DIR / lang
    try:
        graph = dawg.Graph.from_bytes((folder / GRAPH_FILE).read_bytes())
    except OSError as exc:
        raise LexiconError(f"no built dictionary for {lang!r} in {folder}: {exc}") from exc
    except dawg.GraphFormatError as exc:
        raise LexiconError(f"{folder / GRAPH_FILE}: {exc}") from exc
    roots = graph.to_nodes()
    if len(roots) != len(_LEVEL_NUMBERS):
        raise LexiconError(f"{folder / GRAPH_FILE} has {len(roots)} levels, expected 4")
    forms = DisplayTable(folder / DISPLAY_FILE)
    return Lexicon(lang, dict(zip(_LEVEL_NUMBERS, roots, strict=True)), forms)


class DisplayTable:
    """Display forms looked up by binary search in a memory-mapped ``display.tsv``.

    The file is sorted by folded word, so a lookup reads ~20 lines; the
    pages stay in the OS cache instead of ~100 MB of Python strings for six
    languages. The file is mapped on the first lookup.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: bytes | mmap.mmap | None = None

    def get(self, word: str, default: tuple[str, ...]) -> tuple[str, ...]:
        line = find_line(self._mapped(), word.encode("ascii", "replace"))
        if line is None:
            return default
        return tuple(line.decode("utf-8").split("\t")[1].split(","))

    def _mapped(self) -> bytes | mmap.mmap:
        if self._data is None:
            try:
                self._data = _map_file(self.path)
            except OSError as exc:
                raise LexiconError(f"cannot read {self.path}: {exc}") from exc
        return self._data


def _map_file(path: Path) -> bytes | mmap.mmap:
    with path.open("rb") as table:  # the mapping outlives the file object
        if os.fstat(table.fileno()).st_size == 0:
            return b""  # an empty file cannot be mapped
        mapped = mmap.mmap(table.fileno(), 0, access=mmap.ACCESS_READ)
    # A binary search jumps about: without this the kernel reads ahead and maps
    # pages around each probe, and the resident size grows by megabytes.
    if hasattr(mmap, "MADV_RANDOM"):
        mapped.madvise(mmap.MADV_RANDOM)
    return mapped


def find_line(data: bytes | mmap.mmap, key: bytes) -> bytes | None:
    """The line of sorted ``data`` whose first tab-separated field is ``key``."""
    low, high = 0, len(data)  # low is always the start of a line
    while low < high:
        middle = (low + high) // 2
        start = data.rfind(b"\n", 0, middle) + 1
        end = data.find(b"\n", start)
        end = len(data) if end == -1 else end
        tab = data.find(b"\t", start, end)
        line_key = data[start : end if tab == -1 else tab]
        if line_key < key:
            low = end + 1
        elif line_key > key:
            high = start
        else:
            return data[start:end]
    return None


def _resident_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _main(langs: list[str]) -> None:
    import time

    for lang in langs or list(LANGUAGES):
        start = time.perf_counter()
        load_lexicon(lang)
        elapsed = (time.perf_counter() - start) * 1000
        print(f"{lang}: loaded in {elapsed:.0f} ms, process RSS {_resident_mb():.0f} MB")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
