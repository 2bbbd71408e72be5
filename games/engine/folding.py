"""Folding: the one way a typed or listed word becomes a playable key.

The dice carry no accents, so play ignores them: "été", "ete" and "ÉTÉ" all
fold to ``ete``. The dictionary builder and the game call the same
:func:`fold`, so what a pupil types always matches what the builder stored.

One letter is not an accent: Spanish ``ñ`` is a letter of its own (its own
tile in Spanish Scrabble, its own place in the alphabet; año is not ano).
``fold(text, "es")`` keeps it; every other language folds it to ``n``. The
alphabet of each language is :data:`ALPHABETS` (docs/dictionaries.md).
"""

from __future__ import annotations

import re
import unicodedata

from games.engine.languages import GAME_LANGUAGES

MIN_LETTERS = 3
MAX_LETTERS = 16

# Letters that NFKD does not decompose into a base letter plus a mark.
# Ligatures become two letters, as the French and Danish spell them out.
_SPECIALS = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "ss",
        "œ": "oe",
        "Œ": "oe",
        "æ": "ae",
        "Æ": "ae",
        "ø": "o",
        "Ø": "o",
        "đ": "d",
        "Đ": "d",
        "ł": "l",
        "Ł": "l",
        "\u0131": "i",  # dotless i (Turkish loanwords)
    }
)
# The letters of each game language's boards and folded words (its record's).
ALPHABETS: dict[str, str] = {language.code: language.alphabet for language in GAME_LANGUAGES}
_ASCII_WORD = re.compile(r"[a-z]+")
_SPANISH_WORD = re.compile(r"[a-zñ]+")
# ñ is kept out of NFKD's way under a private-use character, then put back.
_KEEP_ENYE = str.maketrans({"ñ": "\ue000", "Ñ": "\ue000"})
_PUT_BACK_ENYE = str.maketrans({"\ue000": "ñ"})


def fold(text: str, lang: str | None = None) -> str | None:
    """Return ``text`` lowercased with its accents removed, or ``None``.

    ``None`` means the folded text is not made of the language's letters
    only (``a``-``z``, and ``ñ`` for Spanish): it held digits, apostrophes,
    hyphens, inner spaces or letters of other scripts, or it was empty.
    Surrounding whitespace is ignored (a pupil's stray space is not a
    different word). Length is not checked here: see :func:`fold_playable`.
    Without ``lang``, ``ñ`` folds to ``n`` as in every language but Spanish.
    """
    text = text.strip().translate(_SPECIALS)
    spanish = lang == "es"
    if spanish:
        text = unicodedata.normalize("NFC", text).translate(_KEEP_ENYE)
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    if spanish:
        bare = bare.translate(_PUT_BACK_ENYE)
        return bare if _SPANISH_WORD.fullmatch(bare) else None
    return bare if _ASCII_WORD.fullmatch(bare) else None


def is_playable(folded: str) -> bool:
    """Whether an already folded word has a playable length (3 to 16 letters)."""
    return MIN_LETTERS <= len(folded) <= MAX_LETTERS


def fold_playable(text: str, lang: str | None = None) -> str | None:
    """Fold ``text`` and return it only if it is a playable word."""
    folded = fold(text, lang)
    return folded if folded is not None and is_playable(folded) else None
