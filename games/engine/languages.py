"""The game languages and the difficulty levels every dictionary offers.

One place for the codes and names, so that the dictionaries, the board
generator, the command line and (later) the web forms agree.
"""

from __future__ import annotations

from dataclasses import dataclass

ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class GameLanguage:
    """What the code knows of a game language, in one record: the modules that need a
    piece read it from here (their tables are made from :data:`GAME_LANGUAGES`), so a
    new language is one more record. What cannot live here (its translated name, its
    build rules, its data files) is listed, piece by piece, by the completeness test
    (games/tests/test_game_language_registry.py), which fails until a new language
    has them all: README.md, "A new game language"."""

    code: str  # ISO 639-1
    name: str  # in English (games/labels.py names it in the page's language)
    alphabet: str  # the letters of its boards and folded words (folding.py)
    accents: str  # the letters it writes beyond its alphabet (build/display.py)
    dictionary_code: str  # ISO 639-3: the FreeDict and WikDict pairs' names (build/glosses.py)
    name_countries: tuple[str, ...]  # the countries of its first names (build/borrowed.py)
    # The share-code number of its letter-frequency board source (dice.SOURCE_NUMBERS):
    # fixed for ever, a new language takes the next free number.
    board_source: int
    # What whoever runs a room is called in it (folded, no accents), refused as a pupil's
    # nickname in any room (games/nicknames/screening.py): no pupil poses as the teacher.
    reserved_names: tuple[str, ...] = ()


GAME_LANGUAGES: tuple[GameLanguage, ...] = (
    GameLanguage(
        "en",
        "English",
        ASCII_LETTERS,
        "",
        "eng",
        (),
        8,
        reserved_names=(
            *("teacher", "teachers", "admin", "admins", "administrator", "host", "hosts"),
            "moderator",
        ),
    ),
    GameLanguage(
        "fr",
        "French",
        ASCII_LETTERS,
        "àâæçéèêëîïôœùûüÿ",
        "fra",
        ("FR", "BE", "CH"),
        9,
        reserved_names=(
            *("professeur", "professeure", "prof", "profs", "enseignant", "enseignante"),
            *("maitre", "maitresse", "hote", "hotesse", "administrateur", "administratrice"),
            "animateur",
        ),
    ),
    GameLanguage(
        "es",
        "Spanish",
        ASCII_LETTERS + "ñ",
        "áéíóúü",
        "spa",
        ("ES",),
        10,
        reserved_names=(
            *("profesor", "profesora", "profe", "maestro", "maestra", "anfitrion"),
            *("anfitriona", "administrador", "administradora"),
        ),
    ),
    GameLanguage(
        "de",
        "German",
        ASCII_LETTERS,
        "äöüß",
        "deu",
        ("DE", "AT", "CH"),
        11,
        reserved_names=(
            *("lehrer", "lehrerin", "lehrkraft", "gastgeber", "gastgeberin"),
            "administratorin",
        ),
    ),
    GameLanguage(
        "it",
        "Italian",
        ASCII_LETTERS,
        "àèéìíîòóùú",
        "ita",
        ("IT", "CH"),
        12,
        reserved_names=(
            *("insegnante", "professore", "professoressa", "amministratore"),
            *("amministratrice", "conduttore", "conduttrice"),
        ),
    ),
    GameLanguage(
        "pt",
        "Portuguese",
        ASCII_LETTERS,
        "áâãàçéêíóôõúü",
        "por",
        ("PT",),
        13,
        reserved_names=("professora", "anfitria", "anfitriao", "mestre"),
    ),
)
LANGUAGES: dict[str, str] = {language.code: language.name for language in GAME_LANGUAGES}


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
