"""What the classroom game never counts, and the nicknames it refuses.

``dictionaries/<lang>/blocked.txt`` lists the folded words of each game
language that a round never counts (the builder spells out every form of the
curated lemmas: games/engine/build/blocklists.py), each marked ``slur`` or
``vulgar``. The engine's solver and the command line are unaffected; the web
game filters with :func:`blocked_words`, and a teacher's ruling can still
allow a word for a class.

Nicknames are checked against the lists of all six languages at once, after
undoing the tricks that hide a word from a plain comparison (:func:`skeleton`):
NFKC (fullwidth ＴＥＡＣＨＥＲ is TEACHER), Cyrillic and Greek letters that look
Latin, digits and signs used as letters (f4ck, $hit), accents, and separators
(f.u.c.k). A nickname is refused when one of its words, or all its letters
run together, is a blocked word, or when its letters contain a slur or one of
a few unmistakable vulgar roots. Reserved names (Teacher, Admin, Host and
their translations) are refused so that nobody poses as the one running the room.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from games.engine.folding import fold
from games.engine.languages import LANGUAGES, check_language

DICTIONARIES_DIR = Path(__file__).resolve().parents[2] / "dictionaries"
BLOCKED_FILE = "blocked.txt"
SLUR = "slur"
VULGAR = "vulgar"

# Names of whoever runs a room, in the six game languages (folded, no accents).
RESERVED_NAMES = frozenset(
    (
        *("teacher", "teachers", "admin", "admins", "administrator", "host", "hosts", "moderator"),
        *("professeur", "professeure", "prof", "profs", "enseignant", "enseignante", "maitre"),
        *("maitresse", "hote", "hotesse", "administrateur", "administratrice", "animateur"),
        *("profesor", "profesora", "profe", "maestro", "maestra", "anfitrion", "anfitriona"),
        *("administrador", "administradora", "lehrer", "lehrerin", "lehrkraft", "gastgeber"),
        *("gastgeberin", "administratorin", "insegnante", "professore", "professoressa"),
        *("amministratore", "amministratrice", "conduttore", "conduttrice", "professora"),
        *("anfitria", "anfitriao", "mestre"),
    )
)
# Vulgar roots that no innocent name contains, matched anywhere in a nickname.
# (Not "cunt": Scunthorpe. Whole words are matched in any case.)
VULGAR_ROOTS = ("fuck", "nigg", "fotze", "merde", "putain", "cazzo", "caralho")
MIN_INNER_SLUR = 5  # shorter slurs are matched as whole words only (spic: spicy)

# Letters of other scripts that look Latin, and digits or signs used as letters.
_LOOKALIKES = str.maketrans(
    {
        **dict(zip("аеорсухіјѕԁɡӏ", "aeopcyxijsdgl", strict=True)),  # Cyrillic, lower
        **dict(zip("АВЕКМНОРСТУХІЈЅ", "abekmhopctyxijs", strict=True)),  # Cyrillic, upper
        **dict(zip("αβεικμνοπρτυχ", "abeikmnoprtux", strict=True)),  # Greek, lower
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhikmnoptyx", strict=True)),  # Greek, upper
        **dict(zip("0134578@$!|", "oieastbasil", strict=True)),
    }
)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


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


@functools.cache
def _all_blocked() -> tuple[frozenset[str], tuple[str, ...]]:
    """Every language's blocked words folded to a-z, and the slurs to look for inside."""
    words: set[str] = set()
    inner: set[str] = set(VULGAR_ROOTS)
    for lang in LANGUAGES:
        for word, kind in _read(lang, None).items():
            plain = fold(word) or word
            words.add(plain)
            if kind == SLUR and len(plain) >= MIN_INNER_SLUR:
                inner.add(plain)
    return frozenset(words), tuple(sorted(inner))


def skeleton(text: str) -> list[str]:
    """The words of a nickname as a filter compares them: NFKC, look-alikes to
    Latin, camelCase split, accents off, lower case; letters only."""
    normal = unicodedata.normalize("NFKC", text)
    parts = re.split(r"[^\w$@!|]+|_", _CAMEL.sub(" ", normal))
    words = []
    for part in parts:
        plain = fold("".join(ch for ch in part.translate(_LOOKALIKES) if ch.isalpha()))
        if plain:
            words.append(plain)
    return words


def nickname_problem(text: str) -> str | None:
    """``"reserved"``, ``"blocked"`` or ``None`` (the nickname may be used)."""
    words = skeleton(text)
    joined = "".join(words)
    if joined in RESERVED_NAMES or any(word in RESERVED_NAMES for word in words):
        return "reserved"
    blocked, inner = _all_blocked()
    if joined in blocked or any(word in blocked for word in words):
        return "blocked"
    if any(root in joined for root in inner):
        return "blocked"
    return None
