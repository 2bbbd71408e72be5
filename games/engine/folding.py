"""Folding: the one way a typed or listed word becomes a playable key.

The dice carry no accents, so play ignores them: "été", "ete" and "ÉTÉ" all
fold to ``ete``. The dictionary builder and the game call the same
:func:`fold`, so what a pupil types always matches what the builder stored.
"""

from __future__ import annotations

import re
import unicodedata

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
_ASCII_WORD = re.compile(r"[a-z]+")


def fold(text: str) -> str | None:
    """Return ``text`` lowercased with its accents removed, or ``None``.

    ``None`` means the folded text is not made of ``a``-``z`` only: it held
    digits, apostrophes, hyphens, inner spaces or letters of other scripts,
    or it was empty. Surrounding whitespace is ignored (a pupil's stray
    space is not a different word). Length is not checked here: see
    :func:`fold_playable`.
    """
    decomposed = unicodedata.normalize("NFKD", text.strip().translate(_SPECIALS))
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return bare if _ASCII_WORD.fullmatch(bare) else None


def is_playable(folded: str) -> bool:
    """Whether an already folded word has a playable length (3 to 16 letters)."""
    return MIN_LETTERS <= len(folded) <= MAX_LETTERS


def fold_playable(text: str) -> str | None:
    """Fold ``text`` and return it only if it is a playable word."""
    folded = fold(text)
    return folded if folded is not None and is_playable(folded) else None
