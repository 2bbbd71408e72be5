"""Points for words and the shortest word a board size accepts.

A word's letters are its folded letters: ``Qu`` and the other two-letter
faces count two (SQUID has 5 letters and scores 2).

======== == == == == == ===
letters  3  4  5  6  7  8+
points   1  1  2  3  5  11
======== == == == == == ===

On 6x6 boards words of 9 letters and more earn 11 plus 2 for every letter
beyond 8 (9 -> 13, 10 -> 15): printed rules disagree (some say 2 points per
letter, which makes a 9-letter word jump from 11 to 18); this rule keeps
each extra letter worth the same 2 points and never drops below the 8+ score.
"""

from __future__ import annotations

from collections.abc import Iterable

# Points by number of letters; longer words use the last entry.
SCORES: dict[int, int] = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5, 8: 11}
LONG_WORD = 8
BONUS_PER_LETTER_6X6 = 2
MIN_LENGTHS: dict[int, int] = {4: 3, 5: 4, 6: 4}


def default_min_length(size: int) -> int:
    """The rules' shortest word: 3 letters on 4x4 (and smaller), 4 on 5x5 and larger."""
    return MIN_LENGTHS.get(size, 3 if size < 4 else 4)


def score_word(word: str, size: int = 4) -> int:
    """The points a folded word earns on a ``size`` x ``size`` board.

    Whether the word is long enough to play is the minimum length's business
    (``default_min_length``); words under 3 letters earn nothing.
    """
    letters = len(word)
    if letters < 3:
        return 0
    if letters <= LONG_WORD:
        return SCORES[letters]
    if size >= 6:
        return SCORES[LONG_WORD] + BONUS_PER_LETTER_6X6 * (letters - LONG_WORD)
    return SCORES[LONG_WORD]


def total_score(words: Iterable[str], size: int = 4) -> int:
    """The points of a set of distinct words."""
    return sum(score_word(word, size) for word in words)
