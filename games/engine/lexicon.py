"""A language's playable words at each difficulty level, ready for the solver.

``load_lexicon(lang)`` reads ``dictionaries/<lang>/words.dawg`` once per
process and builds the tuple nodes of all four levels (they share nodes).
Display forms ("ete" -> "été") and lemmas ("sommes" -> être, somme) are
looked up in ``forms.dawg`` (games/engine/wordinfo.py), memory mapped on the
first look-up and walked in place: play and solving never need them, and as
Python strings they would cost hundreds of megabytes.

Run ``python -m games.engine.lexicon [LANG ...]`` to time a cold load and
print the resident memory (the numbers in docs/dictionaries.md).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from games.engine import dawg
from games.engine.languages import ALL_LEVELS, LANGUAGES, LEVELS, check_language
from games.engine.wordinfo import Spelling, WordInfo
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
FORMS_FILE = "forms.dawg"  # display forms and lemmas (games/engine/wordinfo.py)
WORDS_FILE = "words.tsv"  # levels 1-3 for people: folded, level, zipf, display forms, lemmas
BLOCKED_FILE = "blocked.txt"  # the classroom blocklist: folded<TAB>slur|vulgar
_LEVEL_NUMBERS = tuple(level.number for level in LEVELS)

FormsTable = Mapping[str, tuple[str, ...]]


class LexiconError(Exception):
    """A built dictionary that is missing or unreadable."""


class Lexicon:
    """The words of one language (or one custom list) by level.

    ``forms`` maps a folded word to its display forms when they differ from
    the word itself (a dict, for custom lists), or is the :class:`WordInfo`
    of a built dictionary (display forms and lemmas on disk).
    """

    def __init__(
        self,
        lang: str,
        roots: Mapping[int, dawg.Node],
        forms: FormsTable | WordInfo,
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
        """How to show a folded word, most frequent first: ``"ete"`` -> ``("été",)``,
        ``"haus"`` -> ``("Haus",)``, ``"cote"`` -> ``("côté", "côte", ...)``.

        The word itself when it has no other form (or is not a word at all).
        """
        return tuple(spelling.display for spelling in self.spellings(word))

    def lemmas(self, word: str) -> tuple[str, ...]:
        """The dictionary forms a folded word comes from, most frequent first
        (``"sommes"`` -> ``("être", "somme")``); the word itself when unknown."""
        found = dict.fromkeys(lemma for s in self.spellings(word) for lemma in s.lemmas)
        return tuple(found) or (word,)

    def spellings(self, word: str) -> tuple[Spelling, ...]:
        """Each display form of a folded word with its lemmas (read from disk)."""
        if isinstance(self._forms, WordInfo):
            return self._forms.spellings(word)
        shown = self._forms.get(word, (word,))
        return tuple(Spelling(display, (display,)) for display in shown)

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
    return read_lexicon(lang)


def read_lexicon(lang: str, folder: Path | None = None) -> Lexicon:
    """The built dictionary in ``folder`` (default ``dictionaries/<lang>``), not cached."""
    check_language(lang)
    folder = DICTIONARIES_DIR / lang if folder is None else folder
    try:
        graph = dawg.Graph.from_bytes((folder / GRAPH_FILE).read_bytes())
    except OSError as exc:
        raise LexiconError(f"no built dictionary for {lang!r} in {folder}: {exc}") from exc
    except dawg.GraphFormatError as exc:
        raise LexiconError(f"{folder / GRAPH_FILE}: {exc}") from exc
    roots = graph.to_nodes()
    if len(roots) != len(_LEVEL_NUMBERS):
        raise LexiconError(f"{folder / GRAPH_FILE} has {len(roots)} levels, expected 4")
    forms = WordInfo(folder / FORMS_FILE)
    return Lexicon(lang, dict(zip(_LEVEL_NUMBERS, roots, strict=True)), forms)


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
