"""How a nickname reads on a screen: the tricks that hide a word from a plain comparison undone.

A nickname is judged by what the class would read on the projector, so before
it is compared with anything it is read as a person reads it:

- NFKC: fullwidth ＦＵＣＫ, mathematical 𝐟𝐮𝐜𝐤 and circled ⓕⓤⓒⓚ letters are fuck;
- invisible characters (Unicode's Default_Ignorable_Code_Point, the braille
  blank) are dropped: f\u200bu\u200bck is fuck;
- a letter of another script that looks like a Latin one is that Latin letter:
  Unicode's confusables (UTS #39 skeletons from the consortium's confusables.txt,
  games/nicknames/unicode.py), so Armenian ս, Cyrillic һ and Greek υ make fսck,
  һitler and fυck. Letters UTS #39 leaves alone because they are styles rather
  than look-alikes (small capitals ʜɪᴛʟᴇʀ, squared 🅽🅰🆉🅸) are read by their
  Unicode name;
- accents and other marks are dropped (fück, zalgo f̸u̸c̸k̸), case is folded;
- camelCase splits words (FuckFace), and anything that is not a letter
  separates them (f.u.c.k is read word by word and run together).

Only characters outside ASCII go through the skeleton: the confusables that
UTS #39 lists inside ASCII (rn for m, cl for d, 0 for O, 1 for l) would make
Clara and Dara, or Amie and Arnie, one name. Digits and signs used as letters
are leetspeak, read by :func:`readings` (b1tch, $h1t), never by :func:`name_form`.

Two forms: :func:`name_form` is how two names are compared (Chloé is chloe,
Cyrillic Сhloé too); :func:`readings` is how a nickname is compared with words
(leetspeak read as letters too, and a small l among capitals read as I, since
HlTLER and HITLER look the same).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from games.nicknames.unicode import is_default_ignorable, skeleton

# Digits and signs standing for letters (1, ! and | for i, as in 5h1t).
LEET_DIGITS = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"}
)
LEET_SIGNS = str.maketrans({"@": "a", "$": "s", "!": "i", "|": "i", "€": "e"})
# What a character's Unicode name says it is a style of: "LATIN LETTER SMALL CAPITAL H",
# "NEGATIVE SQUARED LATIN CAPITAL LETTER N", "REGIONAL INDICATOR SYMBOL LETTER N".
_LATIN_NAME = re.compile(
    r"(?:.* )?(?:LATIN|INDICATOR SYMBOL)(?: CAPITAL| SMALL)? LETTER(?: SMALL CAPITAL)? ([A-Z])"
)
BRAILLE_BLANK = "\u2800"  # shows nothing, yet is neither a space nor default-ignorable


@functools.cache
def looks_like(ch: str) -> str:
    """The Latin letters a non-ASCII character reads as (itself when it reads as none)."""
    if ch == BRAILLE_BLANK or is_default_ignorable(ch):
        return ""
    shape = skeleton(ch)
    if shape == "l" and ch.isupper():
        return "I"  # a capital that looks like l is read as I (Greek Ι, Cyrillic І)
    if shape.isascii():
        return shape
    plain = "".join(c for c in shape if not _is_mark(c))  # a skeleton is already NFD
    if plain.isascii():
        return plain
    named = _LATIN_NAME.fullmatch(unicodedata.name(ch, ""))
    return named.group(1) if named else shape


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def _latin(text: str) -> str:
    return "".join(ch if ch.isascii() else looks_like(ch) for ch in text)


def _bare(text: str) -> str:
    """Case folded, marks dropped (accents, zalgo)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return unicodedata.normalize("NFC", "".join(ch for ch in decomposed if not _is_mark(ch)))


def name_form(text: str) -> str:
    """A name as two names are compared: without case, accents, invisible characters,
    look-alike letters of other scripts, or extra spaces (Chloé, CHLOE and Cyrillic
    Сhloe are one name; Ann 2 and Ann 3 are two)."""
    return " ".join(_bare(_latin(unicodedata.normalize("NFKC", text))).split())


@dataclass(frozen=True)
class Reading:
    """A nickname as its letters read: ``words`` in order, and ``numbers`` (runs of
    digits as typed, for codes such as 88)."""

    words: tuple[str, ...]
    numbers: tuple[str, ...]

    @property
    def joined(self) -> str:
        """Every letter run together: f.u.c.k, f u c k and f_u_c_k are fuck."""
        return "".join(self.words)


def _capitals(text: str) -> str:
    """A small l among capitals reads as I (HlTLER), and a capital after a small
    letter starts a word (FuckFace, MrTeacher)."""
    out: list[str] = []
    for index, ch in enumerate(text):
        before = out[-1] if out else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if ch == "l" and before.isupper() and after.isupper():
            ch = "I"
        elif ch.isupper() and before.islower():
            out.append(" ")
        out.append(ch)
    return "".join(out)


def readings(text: str) -> tuple[Reading, Reading]:
    """``text`` read as letters twice: digits as digits (Tom14 is tom), and as the
    letters leetspeak makes of them (b1tch, 5h1t, n4z1). See the module's docstring."""
    normal = unicodedata.normalize("NFKC", text)
    numbers = tuple(re.findall(r"[0-9]+", normal))
    signs = _capitals(normal).translate(LEET_SIGNS)  # $hit: a sign is a letter anywhere
    return (
        Reading(_words(signs), numbers),
        Reading(_words(signs.translate(LEET_DIGITS)), numbers),
    )


def _words(text: str) -> tuple[str, ...]:
    letters = _bare(_latin(text))
    return tuple(word for word in re.split(r"[^a-z]+", letters) if word)


def word_reading(word: str) -> str:
    """A listed word (a blocked word, a reserved name) as :func:`readings` reads letters."""
    return "".join(_words(word))
