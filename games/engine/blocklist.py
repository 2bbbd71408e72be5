"""What the classroom game never counts.

``dictionaries/<lang>/blocked.txt`` lists the folded words of each game
language that a round never counts (the builder spells out every form of the
curated lemmas: games/engine/build/blocklists.py), each marked ``slur`` or
``vulgar``. The engine's solver and the command line are unaffected; the web
game filters with :func:`blocked_words`, and a teacher's ruling can still
allow a word for a class.

Nicknames are judged against the lists of all six languages at once by
games/nicknames/screening.py, which reads them through :func:`blocked_words`
and :func:`category`.
"""

from __future__ import annotations

import functools
from pathlib import Path

from games.engine.languages import check_language

DICTIONARIES_DIR = Path(__file__).resolve().parents[2] / "dictionaries"
BLOCKED_FILE = "blocked.txt"
SLUR = "slur"
VULGAR = "vulgar"


@functools.cache
def blocked_words(lang: str, folder: Path | None = None) -> frozenset[str]:
    """The folded words of ``lang`` that the classroom game never counts."""
    return frozenset(_read(lang, folder))


@functools.cache
def _read(lang: str, folder: Path | None) -> dict[str, str]:
    check_language(lang)
    path = (folder or DICTIONARIES_DIR / lang) / BLOCKED_FILE
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return {}
    words = {}
    for line in lines:
        word, _, category = line.partition("\t")
        if word:
            words[word] = category or VULGAR
    return words


def category(lang: str, word: str) -> str | None:
    """``"slur"``, ``"vulgar"`` or ``None`` for a folded word of ``lang``."""
    return _read(lang, None).get(word)
