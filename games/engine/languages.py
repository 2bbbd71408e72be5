"""The game languages and the difficulty levels every dictionary offers.

One place for the codes and names, so that the dictionaries, the board
generator, the command line and (later) the web forms agree.
"""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "French",
    "es": "Spanish",
    "de": "German",
    "it": "Italian",
    "pt": "Portuguese",
}


@dataclass(frozen=True)
class Level:
    """A difficulty level: the words whose frequency reaches ``min_zipf``.

    Levels are nested: every word of level ``n`` is also a word of every
    level above it. ``min_zipf`` is ``None`` for the whole list.
    """

    number: int
    slug: str
    name: str
    min_zipf: float | None


LEVELS: tuple[Level, ...] = (
    Level(1, "common", "Common words only", 4.0),
    Level(2, "everyday", "Everyday words", 3.0),
    Level(3, "advanced", "Advanced", 2.0),
    Level(4, "all", "The whole list", None),
)
ALL_LEVELS = LEVELS[-1].number


def level_from_name(value: str | int) -> Level:
    """Return the level named by its number (``"2"``/``2``) or slug (``"everyday"``).

    Raises ``ValueError`` with a message listing the valid choices.
    """
    text = str(value).strip().lower()
    for level in LEVELS:
        if text in (str(level.number), level.slug):
            return level
    choices = ", ".join(f"{lv.number} ({lv.slug})" for lv in LEVELS)
    raise ValueError(f"unknown level {value!r}; choose one of {choices}")


def check_language(code: str) -> str:
    """Return ``code`` if it is a game language, else raise ``ValueError``."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    return code
