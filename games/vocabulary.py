"""A unit's vocabulary: reading a pasted or uploaded list, and checking each entry.

A line is a word, optionally followed by its translation after a semicolon,
a tab or " = " (``pomme;apple``). Each entry is checked against the game
language's whole dictionary (the list's own language, not the room's): the
teacher sees which are not in the dictionary, too short or too long for any
board, or repeated, and nothing is lost: such entries are reported, not
silently dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games.engine.folding import fold
from games.engine.lexicon import load_lexicon

SEPARATOR = re.compile(r"\s*(?:;|\t| = )\s*")
MAX_LINES = 500

PROBLEMS = {
    "not_a_word": _("letters only, please (no digits, spaces or hyphens)"),
    "not_in_dictionary": _("not in the dictionary"),
    "too_short": _("too short to play"),
    "too_long": _("too long for any board"),
    "duplicate": _("already in the list"),
}


@dataclass(frozen=True)
class Entry:
    """One line of the list and what the check found (``problem`` is None when playable)."""

    line: int
    display: str
    word: str
    translation: str
    problem: str | None = None

    @property
    def message(self) -> str:
        return str(PROBLEMS.get(self.problem, ""))


# A word must fit the largest board (6x6) and be long enough for the smallest (4x4);
# the deal plants the words that fit the round's board and says which did not.
MIN_LETTERS, MAX_CELLS = 3, 36


def check_entries(text: str, *, language: str) -> list[Entry]:
    """Every non-empty line of ``text`` as an Entry, in order, checked against the
    whole dictionary of ``language``."""
    lexicon = load_lexicon(language)
    seen: set[str] = set()
    entries = []
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines()[:MAX_LINES], start=1):
        line = raw.strip()
        if not line:
            continue
        display, translation = _split(line)
        word = fold(display, language) or ""
        problem = None
        if not word:
            problem = "not_a_word"
        elif len(word) < MIN_LETTERS:
            problem = "too_short"
        elif len(word.replace("qu", "q")) > MAX_CELLS:
            problem = "too_long"
        elif not lexicon.contains(word):
            problem = "not_in_dictionary"
        elif word in seen:
            problem = "duplicate"
        seen.add(word)
        entries.append(Entry(number, display[:60], word, translation[:120], problem))
    return entries


def _split(line: str) -> tuple[str, str]:
    """The word and its translation (empty when the line has none)."""
    parts = SEPARATOR.split(line, maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""
