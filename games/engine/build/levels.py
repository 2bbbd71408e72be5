"""Difficulty levels and the order of display forms and lemmas, from word frequencies.

A folded word's Zipf frequency is the highest of its display forms'
(wordfreq, looked up in lower case so German nouns are found). Levels are in
games/engine/languages.py: 1 common (Zipf >= 4), 2 everyday (>= 3),
3 advanced (>= 2), 4 the whole list. A word reaches levels 1 and 2 only if
the language's desk dictionary has it (English: SCOWL's mid-size lists in
lower case; the other languages: their spelling dictionary, in lower case or,
German, as a noun): wordfreq counts strings, not senses, so names,
abbreviations and other languages' words ("can" in Spanish text) would
otherwise pass for everyday words. Nor may English text or a first name lend
a word its frequency (borrowed.py).

wordfreq is imported lazily: it is a build-time dependency only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from games.engine.build import borrowed
from games.engine.languages import LEVELS
from games.engine.wordinfo import Spelling

ZipfLookup = Callable[[str, str], float]
DESK_WORD_LEVEL = 3  # the easiest level for a word no desk dictionary has


def level_for_zipf(value: float) -> int:
    """The easiest level whose threshold ``value`` reaches (levels in languages.py)."""
    for level in LEVELS:
        if level.min_zipf is None or value >= level.min_zipf:
            return level.number
    raise AssertionError("the last level has no threshold")  # pragma: no cover


def wordfreq_zipf(word: str, lang: str) -> float:
    import wordfreq  # build-time only

    return wordfreq.zipf_frequency(word, lang)


class FastZipf:
    """``wordfreq.zipf_frequency`` asked only for words its list has (the rest are 0).

    Millions of inflected forms are rare; asking wordfreq about each costs
    minutes. wordfreq case-folds before looking up, so the test does too.
    """

    def __init__(self, lookup: ZipfLookup = wordfreq_zipf) -> None:
        self.lookup = lookup
        self._known: dict[str, frozenset[str]] = {}
        self._cache: dict[tuple[str, str], float] = {}

    def __call__(self, word: str, lang: str) -> float:
        key = (word, lang)
        value = self._cache.get(key)
        if value is None:
            known = self._known.get(lang)
            if known is None:
                known = self._known[lang] = _known_words(lang)
            value = self.lookup(word, lang) if word.casefold() in known else 0.0
            self._cache[key] = value
        return value


def _known_words(lang: str) -> frozenset[str]:
    import wordfreq

    return frozenset(wordfreq.get_frequency_dict(lang))


def rank_spellings(
    lang: str, folded: str, displays: dict[str, Iterable[str]], zipf: ZipfLookup
) -> list[Spelling]:
    """Display forms most frequent first, each with its lemmas most frequent first.

    Ties (wordfreq does not tell Zeit from zeit): German nouns first, then an
    accented spelling before the bare folded word, then code-point order.
    """

    def display_key(display: str) -> tuple:
        german_noun = lang == "de" and display[:1].isupper()
        return (-zipf(display.lower(), lang), not german_noun, display == folded, display)

    spellings = []
    for display in sorted(displays, key=display_key):
        lemmas = sorted(
            set(displays[display]),
            key=lambda lemma, shown=display: (-zipf(lemma.lower(), lang), lemma != shown, lemma),
        )
        spellings.append(Spelling(display, tuple(lemmas)))
    return spellings


def _lemma_zipf(shown: list[Spelling], display: str, lang: str, zipf: ZipfLookup) -> float | None:
    """The frequency of the dictionary form of ``display`` (its most frequent
    spelling), None when it is a dictionary form itself."""
    lemmas = next((s.lemmas for s in shown if s.display == display), ())
    if not lemmas or display in lemmas:
        return None
    return max(zipf(lemma.lower(), lang) for lemma in lemmas)


# A form of the family counts only if this much more frequent at home than in English.
HOME_MARGIN = 0.5


def assign_levels(
    spellings: dict[str, list[Spelling]],
    lang: str,
    zipf: ZipfLookup,
    in_desk_dictionary: Callable[[str], bool],
    names: borrowed.NameEvidence = borrowed.NO_NAMES,
) -> dict[str, tuple[int, float]]:
    """Each folded word's (level, Zipf): the most frequent of its display forms, no easier
    than the desk dictionary and borrowed frequencies (games/engine/build/borrowed.py)
    allow, given what the sources say about ``names``."""
    best = {
        word: max((zipf(s.display.lower(), lang), s.display) for s in shown)
        for word, shown in spellings.items()
    }
    families: dict[str, set[str]] = defaultdict(set)  # lemma -> its folded forms
    for word, shown in spellings.items():
        for spelling in shown:
            for lemma in spelling.lemmas:
                families[lemma].add(word)
    headwords = {  # words that are a dictionary form themselves
        word
        for word, shown in spellings.items()
        if any(s.display.lower() in {lemma.lower() for lemma in s.lemmas} for s in shown)
    }
    levels: dict[str, tuple[int, float]] = {}
    for word, shown in spellings.items():
        own, display = best[word]
        level = level_for_zipf(own)
        if not in_desk_dictionary(word):
            level = max(level, DESK_WORD_LEVEL)
        if level < DESK_WORD_LEVEL:
            # The other forms of its lemmas, except those that are headwords of their
            # own (data is a form of datar, whose dato is a frequent noun: dato's
            # frequency is its own, not datar's) and those nearly as frequent in English
            # as at home (times, of timar; mans, frequent in French for Le Mans).
            kin = {w for s in shown for lemma in s.lemmas for w in families[lemma]}
            family = max(
                (
                    best[w][0]
                    for w in kin - headwords - {word}
                    if zipf(best[w][1].lower(), "en") < best[w][0] - HOME_MARGIN
                ),
                default=0.0,
            )
            lemma = _lemma_zipf(shown, display, lang, zipf)
            limit = borrowed.level_limit(lang, word, display, own, family, zipf, lemma, names)
            level = max(level, limit or level)
        levels[word] = (level, own)
    return levels
